#!/bin/sh
# without.sh BUILD_DIR: what a database made with ok can still do in a
# sqlite3 that has not loaded it (docs/without-extension.md states each
# line). Two layouts of the same table: keys in an expression index, which
# needs ok for every write and for the checks that recompute the index; and
# keys stored in a plain column with a plain index, which needs ok only to
# make new keys. Ends with "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0
fail=0
with_ok() { sqlite3 -batch -init /dev/null -cmd ".load $B/ok" "$@"; }
without() { sqlite3 -batch -init /dev/null "$@"; }

with_ok "$dir/index.db" "CREATE TABLE t(a, b); CREATE INDEX t_key ON t(ok_pack(a, ok_desc(b)));
  INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z');" || exit 2
with_ok "$dir/stored.db" "CREATE TABLE t(a, b, k BLOB NOT NULL); CREATE INDEX t_key ON t(k);
  INSERT INTO t SELECT column1, column2, ok_pack(column1, ok_desc(column2))
  FROM (VALUES (1, 'x'), (2, 'y'), (3, 'z'));" || exit 2

# expect LAYOUT works SQL: the statement succeeds; expect LAYOUT MESSAGE
# SQL: it fails with exactly that message (the shell's prefix and the echoed
# statement aside), the one docs/without-extension.md gives
expect() {
  out=$(without "$dir/$1.db" "$3" 2>&1)
  status=$?
  msg=$(printf '%s\n' "$out" | sed -n '1s/^\(Error\|Parse error\|Runtime error\)[^:]*: \(in prepare, \|stepping, \)\{0,1\}//p')
  if [ "$2" = works ] && [ "$status" = 0 ]; then
    pass=$((pass + 1))
  elif [ "$2" != works ] && [ "$status" != 0 ] && [ "$msg" = "$2" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $1 [$2]: $3"; echo "  got ($status): $out"
  fi
}
unknown="unknown function: ok_pack()"
nosuch="no such function: ok_desc" # the first ok_ function SQLite looks up
for layout in index stored; do
  expect $layout works "SELECT a, b FROM t ORDER BY a"
  expect $layout works "PRAGMA quick_check"
  expect $layout works "SELECT count(*) FROM t WHERE a > 1"
done
# the expression index: every write, and whatever recomputes the index
for sql in "INSERT INTO t VALUES (4, 'w')" "UPDATE t SET b = 'q' WHERE a = 1" \
  "DELETE FROM t WHERE a = 2" "PRAGMA integrity_check" "REINDEX"; do
  expect index "$unknown" "$sql"
done
expect index "$nosuch" "VACUUM"
expect index "$nosuch" "SELECT a FROM t WHERE ok_pack(a, ok_desc(b)) >= x'00'"
# the stored keys: all of it, new keys given as literals (from ok elsewhere)
for sql in "PRAGMA integrity_check" "VACUUM" "REINDEX" "UPDATE t SET b = 'q' WHERE a = 1" \
  "DELETE FROM t WHERE a = 2" "INSERT INTO t VALUES (4, 'w', x'4C008F88FF')" \
  "SELECT a FROM t WHERE k >= x'4C' AND k < x'4D' ORDER BY k"; do
  expect stored works "$sql"
done
# ... and the range read gives the rows in key order, by the plain index
got=$(without "$dir/stored.db" "SELECT group_concat(a) FROM (SELECT a FROM t WHERE k >= x'4B' AND k < x'4E' ORDER BY k)")
if [ "$got" = "1,3,4" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL stored range: $got"; fi
plan=$(without "$dir/stored.db" "EXPLAIN QUERY PLAN SELECT a FROM t WHERE k >= x'4B' ORDER BY k")
case "$plan" in *"USING INDEX t_key"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); echo "FAIL stored plan: $plan" ;; esac
# the key of a new row, made with ok elsewhere, is the literal used above
k=$(with_ok :memory: "SELECT hex(ok_pack(4, ok_desc('w')))")
if [ "$k" = "4C008F88FF" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL literal key: $k"; fi
# VACUUM names the innermost ok_ function of the index it rebuilds
with_ok "$dir/plain.db" "CREATE TABLE t(a, b); CREATE INDEX t_key ON t(ok_pack(a, b));
  INSERT INTO t VALUES (1, 'x');" || exit 2
expect plain "no such function: ok_pack" "VACUUM"
# .dump restored without ok: the table with an ok generated column is lost
# (its CREATE TABLE fails, then its rows); restored with ok, all is there
with_ok "$dir/gen.db" "CREATE TABLE g(a, b, k AS (ok_pack(a, b)) STORED); CREATE TABLE p(x);
  INSERT INTO g(a, b) VALUES (1, 'x'), (2, 'y'); INSERT INTO p VALUES (7);" || exit 2
without "$dir/gen.db" .dump >"$dir/dump.sql"
without "$dir/lost.db" <"$dir/dump.sql" >/dev/null 2>&1
got=$(without "$dir/lost.db" "SELECT group_concat(name) FROM sqlite_schema")
if [ "$got" = "p" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL dump without ok: $got"; fi
with_ok "$dir/kept.db" <"$dir/dump.sql" >/dev/null 2>&1
got=$(with_ok "$dir/kept.db" "SELECT count(*), hex(max(k)) FROM g")
if [ "$got" = "2|4B80707900" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL dump with ok: $got"; fi
# .backup copies pages: no function is called, ok or not
without "$dir/gen.db" ".backup $dir/copy.db"
got=$(without "$dir/copy.db" "SELECT count(*) FROM g")
if [ "$got" = "2" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL backup without ok: $got"; fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
