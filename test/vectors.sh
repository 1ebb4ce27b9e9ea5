#!/bin/sh
# vectors.sh BUILD_DIR FORMAT FILE...: a format's stored vectors, printed by
# the reference implementation itself (each directory's README.md says
# how). Each line is: id, an ok expression, the reference encoder's bytes
# in hex, and the reference decoder's text of those bytes. The expression
# must give exactly those bytes; the bytes must be a valid key of FORMAT
# that ok_<FORMAT>_pretty(key, 'values') prints as the reference did, and
# that ok_<FORMAT>_raw takes back. Ends with "N passed, M failed".
B=$1
F=$2
shift 2
awk -F '\t' -v f="$F" '
  /^#/ { next }
  {
    gsub(/\047/, "\047\047", $4)
    printf "SELECT CASE WHEN hex(%s) IS \047%s\047 AND ok_valid(x\047%s\047, \047%s\047) AND ok_%s_pretty(x\047%s\047, \047values\047) IS \047%s\047 AND hex(ok_%s_raw(x\047%s\047)) IS \047%s\047 THEN \047ok\047 ELSE \047FAIL %s: \047 || quote(hex(%s)) || \047 \047 || quote(ok_%s_pretty(x\047%s\047, \047values\047)) END;\n", $2, $3, $3, f, f, $3, $4, f, $3, $3, $1, $2, f, $3
  }' "$@" |
  sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory: 2>&1 |
  awk '/^ok$/ { p++; next } { if (f < 20) print; f++ } END { printf "%d passed, %d failed\n", p, f; exit f > 0 }'
