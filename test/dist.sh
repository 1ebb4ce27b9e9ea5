#!/bin/sh
# dist.sh: make dist as a release is made: the source of HEAD, the wheel, the
# npm package, each in SHA256SUMS, which checks; the wheel tagged as
# test/python.sh expects, the source holding this VERSION. Ends with
# "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pass=0
fail=0
check() { # check NAME COMMAND...: the command must succeed
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; fi
}
v=$(cat VERSION)
if ! command -v npm >/dev/null 2>&1; then
  echo "skipped: no npm (sh setup.sh --test installs it)"
  if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; else echo "0 passed, 0 failed"; fi
  exit 0
fi
make -s dist DIST="$out" >/dev/null 2>&1 || { echo "FAIL make dist"; echo "0 passed, 1 failed"; exit 1; }
sums() { (cd "$out" && sha256sum -c --quiet SHA256SUMS) && [ "$(wc -l <"$out/SHA256SUMS")" = 3 ]; }
source_has_version() { [ "$(tar -xzOf "$out/ok-$v.tar.gz" "ok-$v/VERSION")" = "$v" ]; }
wheel_tagged() { ls "$out" | grep -q "^sqlite_ok-$v-py3-none-manylinux_2_[0-9]*_$(uname -m)\.whl\$"; }
npm_package() { tar -tzf "$out/sqlite-ok-$v.tgz" | grep -q "^package/lib/platform.json\$"; }
check sums
check source_has_version
check wheel_tagged
check npm_package
echo "$(cd "$out" && ls | tr '\n' ' ')"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
