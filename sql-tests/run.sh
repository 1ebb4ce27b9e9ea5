#!/bin/sh
# Golden SQL tests: runs each sql-tests/NNN-topic.sql in a fresh :memory:
# database through the sqlite3 shell with the extension loaded, and compares
# its normalised output (stdout and stderr merged) with NNN-topic.out.
#
#   sh sql-tests/run.sh [BUILD_DIR] [--accept]
#
# OK_SHELL names another shell (default sqlite3); with OK_STATIC=1 the shell
# has the extension linked in and nothing is loaded.
#
# A file fails on any diff, on a "Parse error" (a typo in the test) and on
# an exit status above 1 (a crash). Ends with "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}
accept=${2:-}
pass=0
fail=0
shell=${OK_SHELL:-sqlite3}
set -- -cmd ".load $B/ok"
[ "${OK_STATIC:-}" = 1 ] && set --
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for sql in sql-tests/[0-9]*.sql; do
  name=$(basename "$sql" .sql)
  out=sql-tests/$name.out
  stdbuf -oL -eL "$shell" -batch -init /dev/null "$@" :memory: \
    <"$sql" >"$tmp.raw" 2>&1
  status=$?
  sed -f sql-tests/normalize.sed "$tmp.raw" >"$tmp"
  rm -f "$tmp.raw"
  if [ "$accept" = --accept ]; then
    cp "$tmp" "$out"
  fi
  if [ "$status" -gt 1 ]; then
    echo "FAIL $name: sqlite3 exited with status $status"
    fail=$((fail + 1))
  elif grep -q "Parse error" "$tmp"; then
    echo "FAIL $name: parse error in the test file"
    grep -A3 "Parse error" "$tmp"
    fail=$((fail + 1))
  elif ! diff -u "$out" "$tmp" >"$tmp.diff" 2>&1; then
    echo "FAIL $name"
    cat "$tmp.diff"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
  rm -f "$tmp.diff"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
