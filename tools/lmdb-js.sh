#!/bin/sh
# tools/lmdb-js.sh: the LMDB that lmdb-js (npm lmdb) writes its stores
# with, for the store module. lmdb-js 3 writes LMDB 0.9.90's data format 2
# (LMDB's mdb.master3 branch), which Debian's liblmdb 0.9 cannot open; the
# npm package ships that LMDB's source (dependencies/lmdb), pinned here.
# Writes deps/lmdb-js/ (mdb.c, midl.c and their headers); `make` then
# builds them into ok_store under names of their own (Makefile), beside
# Debian's liblmdb. Quick when deps/lmdb-js is there already.
set -e
cd "$(dirname "$0")/.."
PKG=lmdb@3.5.6
out=deps/lmdb-js
[ -f $out/mdb.c ] && [ -f $out/stamp ] && [ "$(cat $out/stamp)" = "$PKG" ] && exit 0
command -v npm >/dev/null 2>&1 || { echo "lmdb-js: no npm"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "deps: lmdb-js's LMDB source ($PKG)"
(cd "$tmp" && npm pack --silent "$PKG" >/dev/null) || {
  echo "lmdb-js: npm pack failed (no registry?)"
  exit 1
}
src=package/dependencies/lmdb/libraries/liblmdb
tar xzf "$tmp"/lmdb-*.tgz -C "$tmp" $src
rm -rf $out && mkdir -p $out
for f in mdb.c midl.c midl.h lmdb.h LICENSE COPYRIGHT; do cp "$tmp/$src/$f" $out/; done
echo "$PKG" >$out/stamp
echo "deps: lmdb-js's LMDB in $out"
