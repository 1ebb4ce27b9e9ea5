// schema.js OK STORE_MODULE DATABASE TRUSTED STATEMENTS_JSON: Node's side of
// test/stores/schema.py. better-sqlite3 (test/node, its own SQLite) opens
// the database, loads ok and the store module, sets PRAGMA trusted_schema, runs
// each statement and prints, as JSON, [true, rows] or [false, the error].
'use strict';
const path = require('path');
const Database = require(path.join(__dirname, '..', 'node', 'node_modules', 'better-sqlite3'));

const [ok, store, file, trusted, statements] = process.argv.slice(2);
const db = new Database(file);
db.loadExtension(ok);
db.loadExtension(store);
db.pragma(`trusted_schema = ${trusted === '1' ? 'ON' : 'OFF'}`);
const out = JSON.parse(statements).map((sql) => {
  try {
    const st = db.prepare(sql);
    return [true, st.reader ? st.raw().all().map((r) => r.map(String)) : (st.run(), [])];
  } catch (e) {
    return [false, e.message];
  }
});
console.log(JSON.stringify(out));
