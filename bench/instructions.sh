#!/bin/sh
# make bench-instructions: instructions a row of each builder and reader,
# counted by valgrind (callgrind) over 20,000 rows of make bench's table:
# the run of `count(f(...))` less that of `count(<column>)`. Unlike time,
# the count is the same from run to run, so a change shows to the percent.
# Usage: instructions.sh [build dir] [extension]
set -e
cd "$(dirname "$0")/.."
B=${1:-build}
EXT=${2:-$B/ok}
ROWS=20000
${CC:-cc} -std=c99 -O2 -Wall -Wextra -o "$B/bench" bench/bench.c -lsqlite3
KEYS="ALTER TABLE t ADD COLUMN k; UPDATE t SET k = ok_pack(a, b, c);
ALTER TABLE t ADD COLUMN f; UPDATE t SET f = ok_fdb_pack(a, b, c);
ALTER TABLE t ADD COLUMN h; UPDATE t SET h = ok_hbase_pack(a, b, c);
ALTER TABLE t ADD COLUMN cr; UPDATE t SET cr = ok_crdb_pack(a, b, c);
ALTER TABLE t ADD COLUMN ti; UPDATE t SET ti = ok_tidb_pack(a, b, c);
ALTER TABLE t ADD COLUMN tk; UPDATE t SET tk = ok_tikv_pack(a, b, c);
ALTER TABLE t ADD COLUMN o; UPDATE t SET o = ok_orderly_pack('long, double, utf8', a, b, c);
ALTER TABLE t ADD COLUMN bw; UPDATE t SET bw = ok_bytewise_pack(a, b, c);
ALTER TABLE t ADD COLUMN cw; UPDATE t SET cw = ok_charwise_pack(a, b, c);
ALTER TABLE t ADD COLUMN oc; UPDATE t SET oc = ok_orderedcode_pack('int64, float64, string', a, b, c)"

# instructions of one run: the expression over the table, after the setup
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$B/bench" "$EXT" $ROWS --once "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# per row: the expression's run less the bare column's
row() {
  echo $(( ($(count "$2" "$3") - $(count "$1" "$3")) / ROWS ))
}

floor=$(row a "floor(a, b, c)" "")
printf "instructions a row (valgrind), %d rows; the floor copies its arguments: %d\n" $ROWS "$floor"
printf "(a count, not a time: instructions differ in cost; make bench gives the ratios of time)\n"
printf "| builder | instructions | / floor |\n|---|---|---|\n"
for e in "ok_pack(a, b, c)" "ok_fdb_pack(a, b, c)" "ok_hbase_pack(a, b, c)" "ok_crdb_pack(a, b, c)" \
  "ok_tidb_pack(a, b, c)" "ok_tikv_pack(a, b, c)" "ok_orderly_pack('long, double, utf8', a, b, c)" \
  "ok_bytewise_pack(a, b, c)" "ok_charwise_pack(a, b, c)" \
  "ok_orderedcode_pack('int64, float64, string', a, b, c)" "ok_keystring_pack('', a, b, c)" \
  "ok_orderedbinary_pack(a, b, c)" "ok_firefox_pack(a, b, c)" "ok_webkit_pack(a, b, c)" \
  "ok_chrome_pack(a, b, c)" "ok_chromesql_pack(a, b, c)"; do
  n=$(row a "$e" "")
  printf "| %s | %d | %s |\n" "$e" "$n" "$(echo "$n $floor" | awk '{printf "%.2f", $1 / $2}')"
done
sub=$(row k "substr(k, 5, 8)" "$KEYS")
printf "\n| reader | instructions | / substr(k, 5, 8), %d |\n|---|---|---|\n" "$sub"
for r in "k|ok_unpack_col(k, 3)" "f|ok_unpack_col(f, 3, 'fdb')" "h|ok_unpack_col(h, 3, 'hbase')" \
  "cr|ok_unpack_col(cr, 3, 'crdb')" "ti|ok_unpack_col(ti, 3, 'tidb')" "tk|ok_unpack_col(tk, 3, 'tikv')" \
  "o|ok_unpack_col(o, 3, 'orderly:long, double, utf8')" "bw|ok_unpack_col(bw, 3, 'bytewise')" \
  "cw|ok_unpack_col(cw, 3, 'charwise')" "oc|ok_unpack_col(oc, 3, 'orderedcode:int64, float64, string')"; do
  n=$(row "${r%%|*}" "${r#*|}" "$KEYS")
  printf "| %s | %d | %s |\n" "${r#*|}" "$n" "$(echo "$n $sub" | awk '{printf "%.2f", $1 / $2}')"
done
