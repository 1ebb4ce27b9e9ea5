#!/bin/sh
# docs.sh BUILD_DIR: every one-line example in README.md and docs/*.md of
# the form `SELECT ...;  -- result` is run in the sqlite3 shell with the
# extension loaded, and its output must be the result the comment states
# (quotes around it, and a ": explanation" after it, aside; an error as
# "error: <message>"). Examples over tables the reader would have (events,
# users...) fail with "no such table" or "no such column" and are passed
# over; a misspelt function fails. Examples whose result is stated on the lines after
# them run too, and so do scripts marked `<!-- run: sh -->` (below).
# Ends with "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}
pass=0
fail=0
skip=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
grep -HE '^SELECT .*; +-- ' README.md docs/*.md >"$tmp"
while IFS= read -r line; do
  file=${line%%:*}
  text=${line#*:}
  sql=${text%%;*}
  want=${text#*; }
  want=$(printf '%s' "$want" | sed -E 's/^ *-- //')
  got=$(sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory: "$sql;" 2>&1 |
    sed -f sql-tests/normalize.sed)
  case "$got" in *"no such table"* | *"no such column"*) skip=$((skip + 1)); continue ;; esac
  short=$(printf '%s' "$want" | sed -E "s/^'(.*)'$/\1/")
  first=${want%%: *}
  if [ "$got" = "$want" ] || [ "$got" = "$short" ] || [ "$got" = "$first" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $file: $sql"
    echo "  the docs say: $want"
    echo "  it gives:     $got"
  fi
done <"$tmp"

# Results stated on the lines after a statement (test/docs_cases.awk), run
# with the statements of its block that make tables; a ": remark" after a
# one-line result is aside.
cases=$(mktemp -d)
awk -v dir="$cases" -f test/docs_cases.awk README.md docs/*.md
for sql in "$cases"/*.sql; do
  [ -f "$sql" ] || continue
  c=${sql%.sql}
  got=$(sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory: <"$sql" 2>&1)
  want=$(cat "$c.want")
  case "$got" in *"no such table"* | *"no such column"*) skip=$((skip + 1)); continue ;; esac
  short=$want
  [ "$(printf '%s\n' "$want" | wc -l)" -eq 1 ] && short=${want%%: *} # a one-line result's remark
  if [ "$got" = "$want" ] || [ "$got" = "$short" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $(cat "$c.where")"
    echo "  the docs say: $want"
    echo "  it gives:     $got"
  fi
done
rm -rf "$cases"

# A ```sh block after a `<!-- run: sh` line runs in a scratch folder with
# OK naming the extension; its output must be the ```text block after it,
# and again when it runs a second time in the same folder (as a reader who
# tries it twice does).
for doc in README.md docs/*.md; do
  n=$(grep -c '^<!-- run: sh' "$doc")
  i=1
  while [ "$i" -le "$n" ]; do
    dir=$(mktemp -d)
    awk -v want="$i" '/^<!-- run: sh/ { k++; if (k == want) f = 1; next }
      f == 1 && /^```sh/ { f = 2; next } f == 2 && /^```/ { exit } f == 2' "$doc" >"$dir/run.sh"
    awk -v want="$i" '/^<!-- run: sh/ { k++; if (k == want) f = 1; next }
      f == 1 && /^```text/ { f = 2; next } f == 2 && /^```/ { exit } f == 2' "$doc" >"$dir/want"
    (cd "$dir" && OK=$OLDPWD/$B/ok sh -e run.sh >got 2>&1 && OK=$OLDPWD/$B/ok sh -e run.sh >again 2>&1)
    if diff -u "$dir/want" "$dir/got" >"$tmp.diff" && diff -u "$dir/want" "$dir/again" >"$tmp.diff"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $doc: script $i"
      cat "$tmp.diff"
    fi
    rm -rf "$dir" "$tmp.diff"
    i=$((i + 1))
  done
done
# Every SQL function the extension registers has an entry of its own: a
# "### " heading in docs/functions.md that names it with its arguments.
for f in $(sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory: \
  "SELECT DISTINCT name FROM pragma_function_list WHERE name GLOB 'ok_*' UNION SELECT 'ok_each'"); do
  if grep -q "^### .*$f(" docs/functions.md; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL docs/functions.md: no entry for $f"
  fi
done
echo "$skip examples over the reader's own tables passed over"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
