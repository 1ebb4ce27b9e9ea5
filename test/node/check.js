// check.js VERSION: the sqlite-ok package (bindings/node, installed here
// from its npm pack tarball) as a better-sqlite3 user meets it. Ends with
// "N passed, M failed".
'use strict';
const Database = require('better-sqlite3');
const ok = require('sqlite-ok');

const version = process.argv[2];
let passed = 0;
let failed = 0;
function check(name, good) {
  if (good) passed++;
  else {
    failed++;
    console.log(`FAIL ${name}`);
  }
}
function throws(name, fn, start) {
  try {
    fn();
    check(name, false);
  } catch (e) {
    check(name, String(e.message).startsWith(start));
  }
}

check('version', ok.version === version);
check('path in node_modules', ok.getLoadablePath().includes('node_modules/sqlite-ok/lib/ok.'));
const pkg = require('sqlite-ok/package.json');
check('os and cpu', pkg.os.includes(process.platform) && pkg.cpu.includes(process.arch));
check('built for this platform', JSON.stringify(require('sqlite-ok/lib/platform.json')) ===
      JSON.stringify({ platform: process.platform, arch: process.arch }));
const db = new Database(':memory:');
ok.load(db);
check('load', db.prepare('SELECT ok_version() AS v').get().v === version);
check('key', db.prepare("SELECT hex(ok_pack(42, 'abc', NULL)) AS k").get().k === '4DA8706162630005');
// a Chrome profile's IndexedDB through the package's ok_files
const chrome = require('path').join(__dirname, '..', 'chrome', 'store');
const names = db.prepare("SELECT c.what, c.name, c.value FROM ok_leveldb(?) s, ok_chrome_key(s.key, s.value) c " +
                         "WHERE c.what IN ('database name', 'store name', 'index name') ORDER BY 1").all(chrome);
check("Chrome's IndexedDB through ok_files", JSON.stringify(names) === JSON.stringify([
  { what: 'database name', name: 'notes', value: 1 }, { what: 'index name', name: null, value: 'by_tag' },
  { what: 'store name', name: null, value: 'notes' }]));
check('ok_files in the package', ok.getLoadablePath('ok_files').includes('node_modules/sqlite-ok/lib/ok_files.'));
// keys sort as SQLite's ORDER BY sorts the values (integers past 2^53 as BigInt)
db.exec('CREATE TABLE t(a, b)');
const values = [null, -1, 0, 9007199254740993n, -0, 1.5, Infinity, '', 'a\0b', 'é', Buffer.alloc(0), Buffer.from([0, 255])];
let seed = 7;
const pick = () => values[(seed = (seed * 1103515245 + 12345) % 2147483648) % values.length];
const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
for (let i = 0; i < 500; i++) insert.run(pick(), pick());
const byValues = db.prepare('SELECT rowid AS r FROM t ORDER BY a, b, rowid').all().map((x) => x.r);
const byKeys = db.prepare('SELECT rowid AS r FROM t ORDER BY ok_pack(a, b), rowid').all().map((x) => x.r);
check('order', byValues.join() === byKeys.join());
// a key read back into JavaScript, and an error that names its function
const key = db.prepare("SELECT ok_pack('x', 2) AS k").get().k;
check('key as Buffer', Buffer.isBuffer(key) && key.toString('hex') === '7078004b80');
check('unpack', db.prepare('SELECT ok_unpack_col(?, 2) AS v').get(key).v === 2);
throws('error', () => db.prepare("SELECT ok_unpack_col(x'FF', 1)").get(), 'ok_unpack_col:');
throws('not a database', () => ok.load({}), 'sqlite-ok: load(db) takes');
// node:sqlite, where this Node has it (22.5 and later)
let sqlite = null;
try {
  sqlite = require('node:sqlite');
} catch {
  console.log('node:sqlite: not in this Node, passed over');
}
if (sqlite) {
  const nd = new sqlite.DatabaseSync(':memory:', { allowExtension: true });
  ok.load(nd);
  check('node:sqlite', nd.prepare('SELECT ok_version() AS v').get().v === version);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
