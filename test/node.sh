#!/bin/sh
# node.sh: the Node package (bindings/node) as a user gets it: npm pack
# (which builds and strips the extension into the package), npm install of
# that tarball beside better-sqlite3 (test/node, pinned by its lock file,
# installed by sh setup.sh --test), then test/node/check.js.
cd "$(dirname "$0")/.." || exit 2
if [ ! -d test/node/node_modules/better-sqlite3 ] || ! command -v node >/dev/null 2>&1; then
  echo "skipped: no Node.js with better-sqlite3 (sh setup.sh --test installs it from the npm registry)"
  if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; else echo "0 passed, 0 failed"; fi
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $1"; echo "0 passed, 1 failed"; exit 1; }
(cd bindings/node && npm pack --silent --pack-destination "$tmp" >/dev/null 2>&1) || fail "npm pack in bindings/node"
(cd test/node && npm install --silent --no-save --offline --no-audit --no-fund "$tmp"/sqlite-ok-*.tgz >/dev/null 2>&1) ||
  fail "npm install of the packed sqlite-ok"
cd test/node && node check.js "$(cat ../../VERSION)"
