// sqlite-ok: ok, order-preserving keys, for Node.js.
//
//   const Database = require('better-sqlite3');
//   const ok = require('sqlite-ok');
//   const db = new Database(':memory:');
//   ok.load(db);
//   db.prepare("SELECT hex(ok_pack(42, 'abc')) AS k").get(); // { k: '4DA87061626300' }
//   // load() loads ok_files too: LevelDB read from its files, Chrome's IndexedDB among them
//   db.prepare('SELECT c.what, c.name FROM ok_leveldb(?) s, ok_chrome_key(s.key, s.value) c').all(folder);
'use strict';
const fs = require('fs');
const path = require('path');

const suffix = process.platform === 'darwin' ? 'dylib' : 'so';

/** The path of the extension this package carries (name: 'ok', or
 * 'ok_files': ok_leveldb read-only and ok_leveldb_versions). */
function getLoadablePath(name = 'ok') {
  const file = path.join(__dirname, 'lib', `${name}.${suffix}`);
  if (!fs.existsSync(file)) {
    throw new Error(`sqlite-ok: ${file} is missing (the package is made by npm pack, which builds it)`);
  }
  const built = JSON.parse(fs.readFileSync(path.join(__dirname, 'lib', 'platform.json'), 'utf8'));
  if (built.platform !== process.platform || built.arch !== process.arch) {
    throw new Error(`sqlite-ok: this package holds ok built for ${built.platform}-${built.arch}, ` +
                    `not ${process.platform}-${process.arch}: npm pack it on this platform`);
  }
  return file;
}

/** Loads ok into a better-sqlite3 Database, or a node:sqlite DatabaseSync
 * opened with { allowExtension: true }. */
function load(db) {
  if (!db || typeof db.loadExtension !== 'function') {
    throw new TypeError('sqlite-ok: load(db) takes a better-sqlite3 Database or a node:sqlite DatabaseSync');
  }
  db.loadExtension(getLoadablePath());
  db.loadExtension(getLoadablePath('ok_files'));
}

module.exports = { load, getLoadablePath, version: require('./package.json').version };
