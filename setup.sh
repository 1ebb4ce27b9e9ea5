#!/bin/sh
# Installs the Debian packages that building and testing `ok` need, when
# any is missing: a C compiler, make, SQLite (shell and headers), xxHash.
# With --test also Node.js and npm, pkg-config (to check the installed
# core), OpenJDK 17 (Java's own digits of doubles), and FoundationDB's Node tuple encoder
# (test/fdb, pinned by its package-lock.json) for the conformance suite,
# bytewise and charwise (test/bytewise, pinned the same way) for theirs,
# mongodb-resumetoken-decoder (test/keystring, pinned) for KeyString's,
# better-sqlite3 (test/node), Python's venv and apsw for the packages' suites,
# LMDB's, LevelDB's and RocksDB's libraries for the store module, with
# lmdb-js and classic-level (test/stores) and lmdb-js's LMDB source
# (tools/lmdb-js.sh, into deps/) to read lmdb-js's stores,
# libdqlite, its shell, Go and go-dqlite's sources for the cluster suite,
# Firefox ESR, Chromium and WebKitGTK with PyGObject and xvfb (the browsers
# write the IndexedDB keys test/indexeddb reads),
# the cross compilers for i686 and s390x with qemu-user to run their builds,
# and the newest SQLite from npm (tools/sqlite-latest.sh, into deps/).
# With --fuzz also clang (libFuzzer), with --valgrind valgrind.
# Idempotent and quick when everything is there. Runs apt-get as root, or
# through sudo. On macOS it installs nothing: it says what Homebrew gives.
set -e
cd "$(dirname "$0")"
if [ "${OK_UNAME:-$(uname)}" = Darwin ]; then
  missing=""
  command -v cc >/dev/null 2>&1 || missing="$missing the Xcode command line tools (xcode-select --install)"
  command -v make >/dev/null 2>&1 || missing="$missing make"
  for h in sqlite:sqlite3.h xxhash:xxhash.h; do
    found=0
    for d in /opt/homebrew /usr/local /opt/homebrew/opt/sqlite /usr/local/opt/sqlite; do
      [ -f "$d/include/${h#*:}" ] && found=1
    done
    [ "$found" = 1 ] || missing="$missing ${h#*:} (brew install ${h%%:*})"
  done
  if [ -n "$missing" ]; then
    echo "deps: macOS: missing$missing; setup.sh installs nothing here (it uses apt-get on Debian)"
    exit 1
  fi
  echo "deps: macOS: the build's needs are there (make builds build/ok.dylib; the test suites are for Debian)"
  exit 0
fi
need=""
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
[ -f /usr/include/stdio.h ] || need="$need libc6-dev"
command -v sqlite3 >/dev/null 2>&1 || need="$need sqlite3"
[ -f /usr/include/sqlite3.h ] || need="$need libsqlite3-dev"
[ -f /usr/include/xxhash.h ] || need="$need libxxhash-dev"
command -v stdbuf >/dev/null 2>&1 || need="$need coreutils"
command -v nm >/dev/null 2>&1 || need="$need binutils"
if [ "$1" = --test ]; then
  command -v node >/dev/null 2>&1 || need="$need nodejs"
  command -v npm >/dev/null 2>&1 || need="$need npm"
  command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
  # the Python package's test: a virtualenv of Debian's Python
  /usr/bin/python3 -c 'import ensurepip' 2>/dev/null || need="$need python3-venv"
  command -v g++ >/dev/null 2>&1 || need="$need g++" # better-sqlite3 builds from source
  # real stores for test/stores.py: LMDB's and RocksDB's tools, LMDB for Python
  command -v mdb_load >/dev/null 2>&1 || need="$need lmdb-utils"
  command -v ldb >/dev/null 2>&1 || need="$need rocksdb-tools"
  /usr/bin/python3 -c 'import lmdb' 2>/dev/null || need="$need python3-lmdb"
  # the store module (store/): the three stores' libraries, and Snappy's
  [ -f /usr/include/lmdb.h ] || need="$need liblmdb-dev"
  [ -f /usr/include/leveldb/c.h ] || need="$need libleveldb-dev"
  [ -f /usr/include/snappy-c.h ] || need="$need libsnappy-dev" # test/snappy.c's compressor
  [ -f /usr/include/rocksdb/c.h ] || need="$need librocksdb-dev"
  # the Python package with apsw's connections too
  /usr/bin/python3 -c 'import apsw' 2>/dev/null || need="$need python3-apsw"
  # a dqlite cluster: the library, its shell, Go and go-dqlite's driver sources
  [ -f /usr/include/dqlite.h ] || need="$need libdqlite-dev"
  command -v dqlite >/dev/null 2>&1 || need="$need go-dqlite"
  command -v go >/dev/null 2>&1 || need="$need golang-go"
  [ -d /usr/share/gocode/src/github.com/canonical/go-dqlite/driver ] || need="$need golang-github-canonical-go-dqlite-dev"
  # other CPUs: 32-bit x86 and big-endian s390x, built static and emulated
  command -v i686-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-i686-linux-gnu"
  command -v s390x-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-s390x-linux-gnu"
  command -v qemu-s390x >/dev/null 2>&1 || need="$need qemu-user"
  # the browsers that write IndexedDB keys into SQLite and LevelDB (test/indexeddb)
  command -v firefox-esr >/dev/null 2>&1 || need="$need firefox-esr"
  command -v chromium >/dev/null 2>&1 || need="$need chromium"
  command -v xvfb-run >/dev/null 2>&1 || need="$need xvfb xauth"
  /usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1')" 2>/dev/null ||
    need="$need python3-gi gir1.2-webkit2-4.1"
  # Java 17's Double.toString and BigDecimal, which HBase clients on Java 8-18 write with
  ls /usr/lib/jvm/java-17-openjdk*/bin/javac >/dev/null 2>&1 || need="$need openjdk-17-jdk-headless"
fi
[ "$1" = --fuzz ] && { command -v clang >/dev/null 2>&1 || need="$need clang"; }
[ "$1" = --valgrind ] && { command -v valgrind >/dev/null 2>&1 || need="$need valgrind"; }
if [ -n "$need" ]; then
  echo "deps: installing$need"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq $need >/dev/null
fi
if [ "$1" = --test ] && [ ! -d test/fdb/node_modules/fdb-tuple ]; then
  echo "deps: npm ci in test/fdb"
  # without the npm registry the Node conformance suite reports itself
  # skipped (a failure under CI=true) and every other suite still runs
  (cd test/fdb && npm ci --silent --no-audit --no-fund) ||
    echo "deps: npm ci failed: the FDB Node conformance suite will be skipped"
fi
if [ "$1" = --test ] && [ ! -d test/bytewise/node_modules/ordered-binary ]; then
  echo "deps: npm ci in test/bytewise"
  (cd test/bytewise && npm ci --silent --no-audit --no-fund) ||
    echo "deps: npm ci failed: the bytewise/charwise Node suite will be skipped"
fi
if [ "$1" = --test ] && [ ! -d test/keystring/node_modules/mongodb-resumetoken-decoder ]; then
  echo "deps: npm ci in test/keystring"
  (cd test/keystring && npm ci --silent --no-audit --no-fund) ||
    echo "deps: npm ci failed: the KeyString Node suite will be skipped"
fi
if [ "$1" = --test ] && [ ! -d test/node/node_modules/better-sqlite3 ]; then
  echo "deps: npm ci in test/node (better-sqlite3, built from source: a minute or two)"
  # node-gyp finds Node's headers where the nodejs package puts them
  [ -f /usr/include/node/node.h ] && export npm_config_nodedir=/usr
  (cd test/node && npm ci --silent --no-audit --no-fund) ||
    echo "deps: npm ci failed: the Node package suite will be skipped"
fi
if [ "$1" = --test ] && [ ! -d test/stores/node_modules/classic-level ]; then
  echo "deps: npm ci in test/stores (lmdb-js and classic-level, the stores' own writers)"
  (cd test/stores && npm ci --silent --no-audit --no-fund) ||
    echo "deps: npm ci failed: the store module's lmdb-js and LevelDB cases will be skipped"
fi
if [ "$1" = --test ]; then
  # lmdb-js's LMDB, for the store module to read lmdb-js's stores
  sh tools/lmdb-js.sh || echo "deps: no lmdb-js LMDB: ok_store will not read lmdb-js's stores"
  # the newest SQLite, for make test's third pass (skipped without npm)
  sh tools/sqlite-latest.sh || echo "deps: no newest SQLite: its pass will be skipped"
fi
