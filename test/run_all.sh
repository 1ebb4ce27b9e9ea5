#!/bin/sh
# Runs every test suite against each build directory given (default build)
# and ends with the total "N passed, M failed". Used by `make test` (build
# and build-asan) and `make test-asan`. OK_QUICK=1 (make check) runs only the
# suites that need nothing installed beyond the build's own needs.
cd "$(dirname "$0")/.." || exit 2
[ $# -gt 0 ] || set -- build
total_pass=0
total_fail=0
log=$(mktemp)
fdb_cases=$(mktemp)
java_out=$(mktemp -d)
trap 'rm -rf "$log" "$fdb_cases" "$java_out"' EXIT

# FoundationDB's own Node encoder packs the tuples both builds are checked
# against (seeded: the same cases every run).
quick=${OK_QUICK:-0}
fdb_node=1
if [ "$quick" = 1 ]; then
  : # none of the suites that use them
elif [ -d test/fdb/node_modules/fdb-tuple ] && command -v node >/dev/null 2>&1; then
  node test/fdb/gen.js "${FDB_TUPLES:-50000}" >"$fdb_cases" || echo "test/fdb/gen.js failed" >"$fdb_cases"
else
  fdb_node=0
fi

# A suite whose tool could not be installed says so and counts nothing, but
# under CI (CI=true) it fails: there the tools must be there.
skipped() {
  echo "skipped: $1"
  if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; else echo "0 passed, 0 failed"; fi
}
fdb_node_suite() {
  if [ "$fdb_node" -eq 1 ]; then
    "$B/fdb-conformance" "$B/ok" "$fdb_cases"
  else
    skipped "no Node.js with fdb-tuple (sh setup.sh --test installs them from the npm registry)"
  fi
}
# bytewise's and charwise's own code (test/bytewise), in Node with
# better-sqlite3 (test/node) loading the build's extension.
bytewise_node_suite() {
  if [ -d test/bytewise/node_modules/charwise ] && [ -d test/node/node_modules/better-sqlite3 ] &&
    command -v node >/dev/null 2>&1; then
    node test/bytewise/check.js "$B" "${BYTEWISE_VALUES:-20000}"
  else
    skipped "no Node.js with bytewise, charwise and better-sqlite3 (sh setup.sh --test installs them)"
  fi
}
# ordered-binary's own code (pinned in test/bytewise, as lmdb-js uses it).
orderedbinary_node_suite() {
  if [ -d test/bytewise/node_modules/ordered-binary ] && [ -d test/node/node_modules/better-sqlite3 ] &&
    command -v node >/dev/null 2>&1; then
    node test/orderedbinary/check.js "$B" "${ORDEREDBINARY_VALUES:-20000}"
  else
    skipped "no Node.js with ordered-binary and better-sqlite3 (sh setup.sh --test installs them)"
  fi
}
# mongodb-resumetoken-decoder (test/keystring), the npm reader of MongoDB's
# KeyString, on ok's keys and MongoDB's resume tokens.
keystring_node_suite() {
  if [ -d test/keystring/node_modules/mongodb-resumetoken-decoder ] &&
    [ -d test/node/node_modules/better-sqlite3 ] && command -v node >/dev/null 2>&1; then
    node test/keystring/check.js "$B" "${KEYSTRING_VALUES:-20000}"
  else
    skipped "no Node.js with mongodb-resumetoken-decoder and better-sqlite3 (sh setup.sh --test installs them)"
  fi
}
# KeyString's Decimal128s against a second writer of them over Python's
# decimal module (test/keystring/decimals.py).
keystring_decimals() {
  LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 /usr/bin/python3 test/keystring/decimals.py "$B" "${KEYSTRING_DECIMALS:-50000}"
}
# KeyStrings and TypeBits built from Extended JSON against a second writer of
# the TypeBits and ok_keystring_pack's keys (test/keystring/ejson.py).
keystring_ejson() {
  LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 /usr/bin/python3 test/keystring/ejson.py "$B" "${KEYSTRING_EJSON:-20000}"
}
# Java itself prints the Double.toString and BigDecimal decimals that ok's
# digits and HBase numerics are checked against: on a JDK before 19 (old:
# Debian's OpenJDK 17, installed by setup.sh --test, so required under CI)
# and on one from 19 on (new), where one is found.
for v in old new; do
  [ "$quick" = 1 ] && break
  sh test/java/java.sh $v DoubleStrings "${JAVA_DOUBLES:-1000000}" >"$java_out/doubles-$v"
  echo $? >"$java_out/doubles-$v.status"
  sh test/java/java.sh $v Decimals "${HBASE_DECIMALS:-100000}" >"$java_out/decimals-$v"
  echo $? >"$java_out/decimals-$v.status"
done

# java_suite old|new doubles|decimals: the check of that Java's output.
java_suite() {
  status=$(cat "$java_out/$2-$1.status")
  if [ "$status" -eq 3 ] && [ "$1" = new ]; then
    echo "skipped: no JDK 19 or later here (install one, or set JAVA_HOME)"
    echo "0 passed, 0 failed"
  elif [ "$status" -eq 3 ]; then
    skipped "no JDK before 19 (sh setup.sh --test installs Debian's OpenJDK 17)"
  elif [ "$status" -ne 0 ]; then
    echo "test/java/java.sh $1 failed ($status)"
    return 1
  elif [ "$2" = doubles ]; then
    "$B/java-double" <"$java_out/doubles-$1"
  else
    "$B/hbase-decimals" "$B/ok" "$java_out/decimals-$1"
  fi
}


# suite NAME COMMAND...: runs it, shows its output, adds its closing counts
# (a command that prints none counts as one test).
suite() {
  name=$1
  shift
  echo "== $name"
  "$@" >"$log" 2>&1
  status=$?
  cat "$log"
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
  if [ -n "$line" ]; then
    p=${line%% passed*}
    f=${line#*passed, }
    f=${f%% failed*}
  elif [ "$status" -eq 0 ]; then p=1 f=0
  else p=0 f=1
  fi
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + f))
}

# Keys in LMDB and RocksDB (Debian's tools, python3-lmdb on Debian's Python).
stores() {
  if command -v mdb_load >/dev/null && command -v ldb >/dev/null && /usr/bin/python3 -c 'import lmdb' 2>/dev/null; then
    /usr/bin/python3 test/stores.py "$B"
  else
    skipped "no lmdb-utils, rocksdb-tools or python3-lmdb (sh setup.sh --test installs them)"
  fi
}

# The store module (build/ok_store.so), test/stores/$1.py: reading stores
# their own tools wrote (check), writes against SQLite's own table
# (writes), a database file that reaches for the user's stores (schema);
# under a sanitizer build with ASan's runtime loaded into Python (leaks:
# Python's own would drown the module's, so they are not checked there).
store_module() {
  if [ ! -f "$B/ok_store.so" ]; then
    skipped "no $B/ok_store.so (sh setup.sh --test installs liblmdb-dev, libleveldb-dev, librocksdb-dev)"
  else
    LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 /usr/bin/python3 test/stores/$1.py "$B"
  fi
}

# The browsers themselves write IndexedDB keys that ok reads from their
# SQLite files: Firefox (Debian's firefox-esr, headless) and WebKit
# (WebKitGTK through PyGObject, under xvfb); and from its LevelDB, Chrome
# (Debian's chromium, headless; with the store module); under a sanitizer
# build with ASan's runtime in Python only.
browser_suite() {
  if { [ "$1" = firefox ] && command -v firefox-esr >/dev/null; } ||
    { [ "$1" = chrome ] && command -v chromium >/dev/null && [ -f "$B/ok_store.so" ]; } ||
    { [ "$1" = chromesql ] && command -v chromium >/dev/null; } ||
    { [ "$1" = webkit ] && command -v xvfb-run >/dev/null &&
      /usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1')" 2>/dev/null; }; then
    LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 /usr/bin/python3 test/indexeddb/check.py "$B" "$1" "${BROWSER_KEYS:-2000}"
  else
    skipped "no $1 to run (sh setup.sh --test installs firefox-esr, chromium, gir1.2-webkit2-4.1, python3-gi, xvfb)"
  fi
}

# An SQL script run in the sqlite3 shell with the extension loaded.
sql_script() {
  LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sqlite3 -batch -bail -init /dev/null -cmd ".load $B/ok" :memory: <"$1"
}

check_symbols() {
  syms=$(nm -D --defined-only "$B/ok.so" | awk '$2 == "T" {print $3}')
  [ "$syms" = sqlite3_ok_init ] || { echo "exported: $syms"; return 1; }
  echo "only sqlite3_ok_init is exported"
}

check_format_doc() {
  "$B/unit" --markdown >"$log.md" || return 1
  sed -n '/<!-- vectors:begin -->/,/<!-- vectors:end -->/p' src/FORMAT.md | sed '1d;$d' >"$log.doc"
  diff -u "$log.doc" "$log.md" && echo "src/FORMAT.md examples match the test vectors"
  status=$?
  rm -f "$log.md" "$log.doc"
  return $status
}

check_version() {
  v=$(LD_PRELOAD="${SHELL_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 sqlite3 -batch -init /dev/null -cmd ".load $B/ok" :memory: "SELECT ok_version()")
  [ "$v" = "$(cat VERSION)" ] && echo "ok_version() = VERSION = $v"
}

# x87 math (32-bit x86 without -mfpmath=sse) rounds doubles twice: the
# core must refuse to build with it, saying how to build instead.
x87_refused() {
  if out=$(i686-linux-gnu-gcc -std=c99 -mfpmath=387 -c src/double.c -o /dev/null 2>&1); then
    echo "src/double.c built with x87 math"
    return 1
  fi
  echo "$out" | grep -o 'ok needs.*-mfpmath=sse' | head -1
  echo "$out" | grep -q 'ok needs.*-mfpmath=sse' 
}

path=$PATH
for B in "$@"; do
  echo "=== suites on $B"
  # A build against another SQLite (make test's build-latest) runs with that
  # SQLite's shell first on the PATH, and also has it with ok linked in.
  PATH=$path
  if [ -f "$B/sqlite-dir" ]; then
    PATH=$(cat "$B/sqlite-dir"):$path
    echo "SQLite $(sqlite3 :memory: 'SELECT sqlite_version()') from $(cat "$B/sqlite-dir")"
  elif [ ! -x "$B/unit" ]; then
    suite "$B" skipped "$B was not built (for build-latest: the newest SQLite comes from the npm registry)"
    continue
  fi
  # A sanitizer build's extension needs the ASan runtime loaded first in
  # the (uninstrumented) sqlite3 shell.
  SHELL_PRELOAD=
  if ldd "$B/ok.so" 2>/dev/null | grep -q libasan; then
    SHELL_PRELOAD=$(${CC:-cc} -print-file-name=libasan.so)
  fi
  suite unit "$B/unit"
  suite format-doc check_format_doc
  suite symbols check_symbols
  suite version check_version
  suite sql env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh sql-tests/run.sh "$B"
  suite oracle "$B/oracle" "$B/ok" "${ORACLE_ROWS:-100000}"
  if [ -f "$B/ok_store.so" ]; then # with the store module, on stores of its own making
    scratch=$(mktemp -d)
    suite nomem "$B/nomem" "$B/ok" "$B/ok_store" "$scratch"
    rm -rf "$scratch"
  else
    suite nomem "$B/nomem" "$B/ok"
  fi
  suite hostile "$B/hostile" "$B/ok" check
  suite threads "$B/threads" "$B/ok" 8 20
  suite plan "$B/plan" "$B/ok"
  suite misread "$B/misread" "$B/ok"
  suite convert "$B/convert" "$B/ok" "${CONVERT_ROWS:-3000}"
  if [ "$quick" = 1 ]; then suite pairs "$B/pairs" "$B/ok" quick; else suite pairs "$B/pairs" "$B/ok"; fi
  suite builders "$B/builders" "$B/ok" "${BUILDER_LISTS:-3000}"
  suite fdb-python "$B/fdb-conformance" "$B/ok" test/fdb/python-7.4.6.tsv
  suite hbase-vectors "$B/hbase-vectors" "$B/ok" test/hbase/vectors-2.6.tsv test/hbase/vectors-2.6-jdk17.tsv
  suite orderly-vectors "$B/orderly-vectors" "$B/ok" test/orderly/vectors-edge.tsv test/orderly/vectors-random.tsv
  suite crdb-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" crdb test/crdb/vectors.tsv
  suite crdb-oracle sql_script test/crdb/oracle.sql
  suite tidb-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" tidb test/tidb/vectors.tsv
  suite tidb-oracle sql_script test/tidb/oracle.sql
  suite js-oracle sql_script test/bytewise/oracle.sql
  suite orderedcode-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" orderedcode test/orderedcode/vectors.tsv
  suite firefox-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" firefox test/firefox/vectors.tsv
  suite webkit-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" webkit test/webkit/vectors.tsv
  suite chrome-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" chrome test/chrome/vectors.tsv
  suite chromesql-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" chromesql test/chromesql/vectors.tsv
  suite mvcc-vectors env LD_PRELOAD="$SHELL_PRELOAD" ASAN_OPTIONS=detect_leaks=0 sh test/vectors.sh "$B" mvcc test/mvcc/vectors.tsv
  suite mvcc-oracle sql_script test/mvcc/oracle.sql
  suite fuzz-decode-replay "$B/fuzz-decode-replay" test/fuzz/corpus
  suite fuzz-sql-replay "$B/fuzz-sql-replay" test/fuzz/corpus
  suite fuzz-orderly-replay "$B/fuzz-orderly-replay" test/fuzz/corpus-orderly
  suite fuzz-roundtrip-replay "$B/fuzz-roundtrip-replay" test/fuzz/corpus-roundtrip
  suite fuzz-builders-replay "$B/fuzz-builders-replay" test/fuzz/corpus-builders
  suite fuzz-pending-replay "$B/fuzz-pending-replay" test/fuzz/corpus-pending
  suite keystring-decimals keystring_decimals
  suite keystring-ejson keystring_ejson
  [ "$quick" = 1 ] && continue # the rest need Java, Node, Python's packages or time
  suite fdb-conformance fdb_node_suite
  suite java-double-8-18 java_suite old doubles
  suite java-double-19 java_suite new doubles
  suite hbase-decimals-8-18 java_suite old decimals
  suite hbase-decimals-19 java_suite new decimals
  suite orderly-oracle "$B/orderly-oracle" "$B/ok" "${ORDERLY_SCHEMAS:-2000}"
  [ -z "$SHELL_PRELOAD" ] && suite bytewise-node bytewise_node_suite
  [ -z "$SHELL_PRELOAD" ] && suite orderedbinary-node orderedbinary_node_suite
  [ -z "$SHELL_PRELOAD" ] && suite keystring-node keystring_node_suite
  [ "$B" != build-latest ] && [ -x "$B/snappy-check" ] && suite snappy "$B/snappy-check"
  [ "$B" != build-latest ] && suite store-module store_module check
  [ "$B" != build-latest ] && suite store-writes store_module writes
  [ "$B" != build-latest ] && suite store-schema store_module schema
  [ "$B" != build-latest ] && suite indexeddb-firefox browser_suite firefox
  [ "$B" != build-latest ] && suite indexeddb-webkit browser_suite webkit
  [ "$B" != build-latest ] && suite indexeddb-chrome browser_suite chrome
  [ "$B" != build-latest ] && suite indexeddb-chromesql browser_suite chromesql
  [ -z "$SHELL_PRELOAD" ] && suite install sh test/install.sh "$B"
  [ -z "$SHELL_PRELOAD" ] && suite docs sh test/docs.sh "$B"
  [ -z "$SHELL_PRELOAD" ] && suite without-extension sh test/without.sh "$B"
  if [ "$B" = build ]; then # the packages build and carry build/ok.so
    suite python-package sh test/python.sh
    suite node-package sh test/node.sh
    suite dist sh test/dist.sh
    suite cluster sh cluster/test.sh "$B"
    suite stores stores
  fi
  if [ -x "$B/sqlite3-ok" ]; then
    suite sql-static env OK_SHELL="$B/sqlite3-ok" OK_STATIC=1 sh sql-tests/run.sh "$B"
  fi
done
PATH=$path
# Other CPUs (make test-cross): the unit tests (a tenth of their random
# cases: emulation is slow), the goldens and the stored vectors.
for cpu in i686 s390x; do
  [ "$quick" = 0 ] || break
  if [ ! -x build-$cpu/sqlite3-ok ]; then
    suite $cpu skipped "build-$cpu was not built (make test-cross: the cross compilers, qemu-user and the newest SQLite)"
    continue
  fi
  echo "=== suites on $cpu, under qemu-user"
  qemu=qemu-$cpu
  [ $cpu = i686 ] && qemu=qemu-i386
  printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "$PWD/build-$cpu/sqlite3-ok" >build-$cpu/sqlite3
  chmod +x build-$cpu/sqlite3
  suite $cpu-unit $qemu build-$cpu/unit 200000
  [ $cpu = i686 ] && suite i686-x87-refused x87_refused
  for s in sql crdb-vectors tidb-vectors orderedcode-vectors firefox-vectors webkit-vectors chrome-vectors chromesql-vectors mvcc-vectors; do
    case $s in
      sql) set -- sh sql-tests/run.sh build-$cpu ;;
      *) set -- sh test/vectors.sh build-$cpu ${s%-vectors} test/${s%-vectors}/vectors.tsv ;;
    esac
    suite $cpu-$s env OK_SHELL=build-$cpu/sqlite3 OK_STATIC=1 "$@"
  done
done
if [ "$quick" = 0 ] && [ -x build-tsan/threads ]; then # built by make test
  echo "=== threads under ThreadSanitizer"
  suite threads-tsan env TSAN_OPTIONS="halt_on_error=1 suppressions=test/tsan.supp" \
    build-tsan/threads build-tsan/ok 8 50
fi
echo "total: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
