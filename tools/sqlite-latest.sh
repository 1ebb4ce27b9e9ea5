#!/bin/sh
# tools/sqlite-latest.sh: the newest SQLite that the npm registry ships,
# built here, so that `make test` also runs every suite against it (besides
# Debian's 3.40). better-sqlite3 carries the newest amalgamation (sqlite3.c,
# sqlite3.h, sqlite3ext.h); the sqlite3 package carries SQLite's autoconf
# tarball, whose shell.c is the newest shell source on npm. Both are pinned.
#
# Writes deps/sqlite/: libsqlite3.so and the sqlite3 shell built with
# SQLITE_STRICT_SUBTYPE=1 (a function that sets a subtype without declaring
# SQLITE_RESULT_SUBTYPE fails), and the sources for the static shell that
# `make` links the extension into. Quick when deps/sqlite is there already.
set -e
cd "$(dirname "$0")/.."
BETTER=better-sqlite3@13.2.0 # SQLite 3.54.1
SHELLPKG=sqlite3@6.0.1       # shell.c of SQLite 3.52.0
AUTOCONF=sqlite-autoconf-3520000
out=deps/sqlite
[ -x $out/sqlite3 ] && [ -f $out/stamp ] && [ "$(cat $out/stamp)" = "$BETTER $SHELLPKG" ] && exit 0
command -v npm >/dev/null 2>&1 || { echo "sqlite-latest: no npm"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "deps: the newest SQLite on npm ($BETTER, shell from $SHELLPKG)"
(cd "$tmp" && npm pack --silent "$BETTER" "$SHELLPKG" >/dev/null) || {
  echo "sqlite-latest: npm pack failed (no registry?)"
  exit 1
}
rm -rf $out && mkdir -p $out
tar xzf "$tmp"/better-sqlite3-*.tgz -C "$tmp" package/deps/sqlite3
cp "$tmp"/package/deps/sqlite3/sqlite3.c "$tmp"/package/deps/sqlite3/sqlite3.h \
  "$tmp"/package/deps/sqlite3/sqlite3ext.h $out/
tar xzf "$tmp"/sqlite3-*.tgz -C "$tmp" package/deps/$AUTOCONF.tar.gz
tar xzf "$tmp"/package/deps/$AUTOCONF.tar.gz -C "$tmp" $AUTOCONF/shell.c
cp "$tmp"/$AUTOCONF/shell.c $out/
# the options of a typical distribution build, plus the strict subtypes
opts="-DSQLITE_STRICT_SUBTYPE=1 -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_THREADSAFE=1"
echo "$opts" >$out/options
cc -O1 -fPIC -shared $opts $out/sqlite3.c -o $out/libsqlite3.so -lpthread -lm
cc -O1 -I$out $out/shell.c -L$out -Wl,-rpath,"$(pwd)/$out" -lsqlite3 -o $out/sqlite3
echo "$BETTER $SHELLPKG" >$out/stamp
echo "deps: $($out/sqlite3 :memory: 'SELECT sqlite_version()') in $out"
