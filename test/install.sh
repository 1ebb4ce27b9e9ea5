#!/bin/sh
# install.sh BUILD_DIR: `make install` into a scratch DESTDIR, then what the
# docs/install.md promises of it: the one-line load from the sqlite3 shell and from
# Python's sqlite3, a stripped module, and the core from C with only
# `pkg-config --cflags --libs ok`. Ends with "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
pass=0
fail=0
check() { # check NAME COMMAND...: the command must succeed
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $1"; fi
}
make -s B="$B" install DESTDIR="$root" PREFIX=/usr/local >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
lib=$root/usr/local/lib
mod=$lib/ok/ok
want=$(cat VERSION)

shell_load() { [ "$(sqlite3 -batch -init /dev/null -cmd ".load $mod" :memory: 'SELECT ok_version()')" = "$want" ]; }
stripped() { ! nm "$mod.so" >/dev/null 2>&1 || [ -z "$(nm "$mod.so" 2>/dev/null)" ]; }
python_load() {
  "$py" - "$mod" "$want" <<'PY'
import sqlite3, sys
c = sqlite3.connect(":memory:")
c.enable_load_extension(True)
c.load_extension(sys.argv[1])
sys.exit(c.execute("SELECT ok_version()").fetchone()[0] != sys.argv[2])
PY
}
c_core() {
  flags=$(PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --cflags --libs ok) &&
    ${CC:-cc} examples/keys.c $flags -o "$root/keys" &&
    [ "$("$root/keys")" = "4DA8706162630005: 3 components: 42 'abc' NULL" ]
}
# a migration's filter from C (examples/convert.c): keys converted, and a
# descending component and a damaged key refused, each at its byte
c_convert() {
  flags=$(PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --cflags --libs ok) &&
    ${CC:-cc} examples/convert.c $flags -o "$root/convert" &&
    printf '4DA8706162630005\nB39F\n39\n7061\n' | "$root/convert" ok fdb >"$root/convert.out"
  [ $? -eq 1 ] && printf '152A026162630000\nerror at byte 0: reads back as other values\n14\nerror at byte 2: truncated component\n' |
    cmp -s - "$root/convert.out"
}
# the installed header from C++ (extern "C"), its version against the library's
cxx_header() {
  command -v c++ >/dev/null 2>&1 || { echo "(no C++ compiler: header not checked from C++)"; return 0; }
  flags=$(PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --cflags --libs ok) &&
    printf '#include <ok.h>\n#include <ok_orderly.h>\nint main() { return ok_version_number() == OK_VERSION_NUMBER && ok_orderly_size() > 0 ? 0 : 1; }\n' >"$root/v.cpp" &&
    c++ -Wall -Werror "$root/v.cpp" $flags -o "$root/v" && "$root/v"
}
# the public structs' layout from C and C++, as installed and with one more
# format in the registry: the same as test/abi.txt (a format never widens them)
abi() {
  flags=$(PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --cflags ok) &&
    ${CC:-cc} -Wall -Werror $flags test/abi.c -o "$root/abi" && "$root/abi" | cmp -s - test/abi.txt || return 1
  if command -v c++ >/dev/null 2>&1; then
    c++ -Wall -Werror -x c++ $flags test/abi.c -o "$root/abi" && "$root/abi" | cmp -s - test/abi.txt || return 1
  fi
  mkdir -p "$root/more" && cp "$root"/usr/local/include/ok/*.h "$root/more/" &&
    sed -i "s/  X(native, 'k')/  X(example, 'e') X(native, 'k')/" "$root/more/ok_formats.h" &&
    grep -q "X(example" "$root/more/ok_formats.h" &&
    ${CC:-cc} -Wall -Werror -I"$root/more" test/abi.c -o "$root/abi" && "$root/abi" | cmp -s - test/abi.txt
}
check abi
# setup.sh on macOS says what Homebrew gives and never runs apt-get
mac_setup() {
  mkdir -p "$root/fakebin" && printf '#!/bin/sh\necho apt-get ran >>"%s/apt.log"\n' "$root" >"$root/fakebin/apt-get" &&
    chmod +x "$root/fakebin/apt-get" &&
    out=$(PATH="$root/fakebin:$PATH" OK_UNAME=Darwin sh setup.sh --test 2>&1)
  [ ! -f "$root/apt.log" ] && case "$out" in "deps: macOS: "*) true ;; *) false ;; esac
}
check mac_setup
check shell_load
check stripped
check cxx_header
py=
for p in python3 /usr/bin/python3; do # some builds (pyenv, python.org) leave extensions out
  if command -v "$p" >/dev/null 2>&1 &&
    "$p" -c 'import sqlite3; sqlite3.connect(":memory:").enable_load_extension' 2>/dev/null; then
    py=$p
    break
  fi
done
if [ -n "$py" ]; then
  check python_load
else
  echo "skipped: python_load (no python3 with enable_load_extension here)"
fi
check c_core
check c_convert
# the store module beside ok where it was built, found through pkg-config
store_load() {
  [ -f "$B/ok_store.so" ] || { echo "(no $B/ok_store.so: the store module not checked)"; return 0; }
  dir=$(PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --variable=extensiondir ok) &&
    case "$(sqlite3 -batch -init /dev/null -cmd ".load $dir/ok_store" :memory: "SELECT ok_rocksdb_families('/nonexistent')" 2>&1)" in
      # (the shells of SQLite's versions word the prefix differently)
      "Error: "*"ok_rocksdb_families: no RocksDB at '/nonexistent': no such folder") ;;
      *) false ;;
    esac &&
    [ -z "$(nm "$dir/ok_store.so" 2>/dev/null)" ]
}
check store_load
# ok_files, built everywhere, beside ok
files_load() {
  dir=$(PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --variable=extensiondir ok) &&
    case "$(sqlite3 -batch -init /dev/null -cmd ".load $dir/ok_files" :memory: "SELECT * FROM ok_leveldb('/nonexistent')" 2>&1)" in
      "Error: "*"ok_leveldb: no LevelDB at '/nonexistent': no such folder") ;;
      *) false ;;
    esac &&
    [ -z "$(nm "$dir/ok_files.so" 2>/dev/null)" ]
}
check files_load
# nothing but ok's own names straight in lib/ and include/
only_own() { [ "$(cd "$root/usr/local" && find lib include -maxdepth 1 -mindepth 1 | sort | tr '\n' ' ')" = "include/ok lib/libokcore.a lib/ok lib/pkgconfig " ]; }
check only_own
echo "installed $mod.so ($(wc -c <"$mod.so") bytes), include/ok/*.h, libokcore.a, ok.pc"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
