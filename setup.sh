#!/bin/sh
# Installs the Debian packages that building and testing `ok` need, when
# any is missing: a C compiler, make, SQLite (shell and headers), xxHash.
# Idempotent and quick when everything is there. Runs apt-get as root, or
# through sudo.
set -e
need=""
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
[ -f /usr/include/stdio.h ] || need="$need libc6-dev"
command -v sqlite3 >/dev/null 2>&1 || need="$need sqlite3"
[ -f /usr/include/sqlite3.h ] || need="$need libsqlite3-dev"
[ -f /usr/include/xxhash.h ] || need="$need libxxhash-dev"
command -v stdbuf >/dev/null 2>&1 || need="$need coreutils"
command -v nm >/dev/null 2>&1 || need="$need binutils"
[ -z "$need" ] && exit 0
echo "deps: installing$need"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq $need >/dev/null
