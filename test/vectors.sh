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
#   mvcc: the store, the kind of version, the user key (hex), the version
#         and the logical time (empty for none), the store's key (hex) and
#         its rank in the store's own order (equal for keys it holds equal).
#         Keys the store's encoder wrote (kinds ts, tso, none) ok_mvcc_pack
#         must give; each must split into that user key, version and logical
#         time (TiKV's also without its 'z'); and ok_mvcc_order must sort
#         them by rank, ties as ties.
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
  BEGIN { if (f == "mvcc") print "CREATE TEMP TABLE mv(store TEXT, k BLOB, rank INTEGER);" }
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
  f == "mvcc" {
    q = $1 == "crdb" ? $4 : "\047" $4 "\047"
    if ($2 == "none") build = sprintf("hex(ok_mvcc_pack(x\047%s\047, \047crdb\047))", $3)
    else if ($1 == "crdb") build = sprintf("hex(ok_mvcc_pack(x\047%s\047, \047crdb\047, %s, %s))", $3, $4, $5)
    else build = sprintf("hex(ok_mvcc_pack(x\047%s\047, \047%s\047, %s))", $3, $1, q)
    if ($2 != "ts" && $2 != "tso" && $2 != "none") build = "\047" toupper($6) "\047"
    ver = $4 == "" ? "NULL" : "\047" $4 "\047"
    lg = $5 == "" ? "NULL" : $5
    split_ok = sprintf("hex(ok_mvcc_key(K, \047%s\047)) IS \047%s\047 AND CAST(ok_mvcc_version(K, \047%s\047) AS TEXT) IS %s", $1, toupper($3), $1, ver)
    if ($1 != "badger") split_ok = split_ok sprintf(" AND ok_mvcc_logical(K, \047%s\047) IS %s", $1, lg)
    both = split_ok
    gsub(/K/, "x\047" $6 "\047", both)
    if ($1 == "tikv") { bare = split_ok; gsub(/K/, "x\047" substr($6, 3) "\047", bare); both = both " AND " bare }
    printf "INSERT INTO mv VALUES (\047%s\047, x\047%s\047, %d);\n", $1, $6, $7
    printf "SELECT CASE WHEN %s IS \047%s\047 AND %s THEN \047ok\047 ELSE \047FAIL %s %s: \047 || quote(%s) END;\n", build, toupper($6), both, $1, $6, build
  }
  f == "orderedcode" {
    n = split($3, a, ";;"); split($5, r, ";;"); args = ""; back = ""
    for (i = 1; i <= n; i++) {
      args = args ", " a[i]
      back = back sprintf(" AND ok_unpack_col(x\047%s\047, %d, \047orderedcode:%s\047) IS %s", $4, i, $2, r[i])
    }
    printf "SELECT CASE WHEN hex(ok_orderedcode_pack(\047%s\047%s)) IS \047%s\047 AND ok_valid(x\047%s\047, \047orderedcode:%s\047) AND ok_count(x\047%s\047, \047orderedcode:%s\047) = %d%s THEN \047ok\047 ELSE \047FAIL %s: \047 || hex(ok_orderedcode_pack(\047%s\047%s)) || \047 \047 || ok_json(x\047%s\047, \047orderedcode:%s\047) END;\n", $2, args, $4, $4, $2, $4, $2, n, back, $1, $2, args, $4, $2
  }
  END {
    if (f == "mvcc") # each key after the one before it in ok_mvcc_order: ranked after it, or tied with it
      print "SELECT CASE WHEN count(*) = 0 THEN \047ok\047 ELSE \047FAIL order: \047 || group_concat(hex(k), \047 \047) END FROM (SELECT k, rank, o, lag(rank) OVER w AS pr, lag(o) OVER w AS po FROM (SELECT k, store, rank, ok_mvcc_order(k, store) AS o FROM mv) WINDOW w AS (PARTITION BY store ORDER BY o, rank)) WHERE pr IS NOT NULL AND NOT ((po = o AND pr = rank) OR (po < o AND pr < rank));"
  }' "$@" |
  if [ "${OK_STATIC:-}" = 1 ]; then "$OK_SHELL" -batch -init /dev/null :memory:; else
    sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory:; fi 2>&1 |
  awk '/^ok$/ { p++; next } { if (f < 20) print; f++ } END { printf "%d passed, %d failed\n", p, f; exit f > 0 }'
