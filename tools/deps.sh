#!/bin/sh
# Installs the Debian packages the build and the tests need, if any is
# missing. Idempotent and quick when everything is there.
set -e
need=""
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
command -v sqlite3 >/dev/null 2>&1 || need="$need sqlite3"
[ -f /usr/include/sqlite3.h ] || need="$need libsqlite3-dev"
[ -f /usr/include/xxhash.h ] || need="$need libxxhash-dev"
command -v stdbuf >/dev/null 2>&1 || need="$need coreutils"
[ -z "$need" ] && exit 0
echo "deps: installing$need"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq $need >/dev/null
