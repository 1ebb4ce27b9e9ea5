#!/bin/sh
# vectors.sh BUILD_DIR FORMAT FILE...: a format's stored vectors, printed by
# the reference implementation itself (each directory's README.md says how).
# Ends with "N passed, M failed".
#
#   crdb: id, an ok expression, the reference encoder's bytes in hex, and
#         the reference decoder's text of them. The expression must give
#         exactly those bytes; the bytes must be a valid key that
#         ok_crdb_pretty(key, 'values') prints as the reference did, and that
#         ok_crdb_raw takes back.
#   tidb: id, the arguments of ok_tidb_pack, TiDB's key in hex, the same key
#         as TiKV stores it, and what TiDB's decoders read from it, as SQL
#         conditions over K (the key) and F (its format). ok_tidb_pack and
#         ok_tikv_pack must give those keys, each must be valid in its format
#         ('tidb', 'tikv') and meet the conditions, and ok_tikv_raw must
#         unwrap the TiKV key to TiDB's.
#   orderedcode: id, the type list, the values (SQL, ';;' between), the
#         bytes orderedcode.Append wrote, and the values orderedcode.Parse
#         read from them (SQL). ok_orderedcode_pack must give those bytes,
#         they must be a valid key under the type list, and each component
#         must read back as Parse's value.
#   firefox, webkit, chrome, chromesql: id, an ok expression, the key the browser wrote (hex),
#         and ok_json of it. The expression must give exactly those bytes;
#         they must be a valid key whose ok_json is the one stored (the
#         values of the expression, as test/indexeddb/check.py checked them
#         against the browser's own).
#
# OK_SHELL and OK_STATIC=1: another shell, with ok linked in (sql-tests/run.sh).
B=$1
F=$2
shift 2
awk -F '\t' -v f="$F" '
  function key(hex, fmt, c) {
    c = $5
    gsub(/\(K, /, "(x\047" hex "\047, ", c)
    gsub(/, F\)/, ", \047" fmt "\047)", c)
    return c
  }
  /^#/ { next }
  f == "crdb" {
    gsub(/\047/, "\047\047", $4)
    printf "SELECT CASE WHEN hex(%s) IS \047%s\047 AND ok_valid(x\047%s\047, \047crdb\047) AND ok_crdb_pretty(x\047%s\047, \047values\047) IS \047%s\047 AND hex(ok_crdb_raw(x\047%s\047)) IS \047%s\047 THEN \047ok\047 ELSE \047FAIL %s: \047 || quote(hex(%s)) || \047 \047 || quote(ok_crdb_pretty(x\047%s\047, \047values\047)) END;\n", $2, $3, $3, $3, $4, $3, $3, $1, $2, $3
  }
  f == "tidb" {
    printf "SELECT CASE WHEN hex(ok_tidb_pack(%s)) IS \047%s\047 AND ok_valid(x\047%s\047, \047tidb\047) AND %s AND hex(ok_tidb_raw(x\047%s\047)) IS \047%s\047 THEN \047ok\047 ELSE \047FAIL %s tidb: \047 || quote(hex(ok_tidb_pack(%s))) || \047 \047 || quote(ok_json(x\047%s\047, \047tidb\047)) END;\n", $2, $3, $3, key($3, "tidb"), $3, $3, $1, $2, $3
    printf "SELECT CASE WHEN hex(ok_tikv_pack(%s)) IS \047%s\047 AND ok_valid(x\047%s\047, \047tikv\047) AND %s AND hex(ok_tidb_pack(ok_tikv_raw(x\047%s\047))) IS \047%s\047 THEN \047ok\047 ELSE \047FAIL %s tikv: \047 || quote(hex(ok_tikv_pack(%s))) || \047 \047 || quote(ok_json(x\047%s\047, \047tikv\047)) END;\n", $2, $4, $4, key($4, "tikv"), $4, $3, $1, $2, $4
  }
  f == "firefox" || f == "webkit" || f == "chrome" || f == "chromesql" {
    gsub(/\047/, "\047\047", $4)
    printf "SELECT CASE WHEN hex(%s) IS \047%s\047 AND ok_valid(x\047%s\047, \047%s\047) AND ok_json(x\047%s\047, \047%s\047) IS \047%s\047 THEN \047ok\047 ELSE \047FAIL %s: \047 || quote(hex(%s)) || \047 \047 || quote(ok_json(x\047%s\047, \047%s\047)) END;\n", $2, $3, $3, f, $3, f, $4, $1, $2, $3, f
  }
  f == "orderedcode" {
    n = split($3, a, ";;"); split($5, r, ";;"); args = ""; back = ""
    for (i = 1; i <= n; i++) {
      args = args ", " a[i]
      back = back sprintf(" AND ok_unpack_col(x\047%s\047, %d, \047orderedcode:%s\047) IS %s", $4, i, $2, r[i])
    }
    printf "SELECT CASE WHEN hex(ok_orderedcode_pack(\047%s\047%s)) IS \047%s\047 AND ok_valid(x\047%s\047, \047orderedcode:%s\047) AND ok_count(x\047%s\047, \047orderedcode:%s\047) = %d%s THEN \047ok\047 ELSE \047FAIL %s: \047 || hex(ok_orderedcode_pack(\047%s\047%s)) || \047 \047 || ok_json(x\047%s\047, \047orderedcode:%s\047) END;\n", $2, args, $4, $4, $2, $4, $2, n, back, $1, $2, args, $4, $2
  }' "$@" |
  if [ "${OK_STATIC:-}" = 1 ]; then "$OK_SHELL" -batch -init /dev/null :memory:; else
    sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory:; fi 2>&1 |
  awk '/^ok$/ { p++; next } { if (f < 20) print; f++ } END { printf "%d passed, %d failed\n", p, f; exit f > 0 }'
