// write.js OUT N: stores written by their own writers, for check.py.
//   OUT/lmdbjs      lmdb-js (npm lmdb: LMDB data format 2), N records with
//                   ordered-binary keys in the main database, N/4 in 'sub'
//   OUT/leveldb     classic-level (LevelDB), N records with bytewise keys
//   OUT/written.json  what was written (keys and values in hex, and each
//                   key's value as JSON), and each store's keys in
//                   the order the writer's own reader returns them.
// write.js encrypted PATH, write.js read PATH: see below.
// write.js hold PATH: opens the LevelDB at PATH, prints "held", and keeps
// it open (locked) until stdin closes.
'use strict';
const path = require('path');
const fs = require('fs');
const { open } = require('lmdb');
const { ClassicLevel } = require('classic-level');
const { toBufferKey } = require('ordered-binary');
const bytewise = require(path.join(__dirname, '../bytewise/node_modules/bytewise'));

let seed = 20261127;
function rand() { // xorshift32: the same stores every run
  seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const hex = (b) => Buffer.from(b).toString('hex').toUpperCase();

function text() {
  const n = Math.floor(rand() * 6) + 1;
  let s = '';
  for (let i = 0; i < n; i++) s += pick(['a', 'b', 'z', 'é', '\u{1F600}', ' ', '~']);
  return s;
}
function number() {
  return pick([0, 1, -1, 2 ** 53, -(2 ** 53), 0.5, -1e300, 1e-300, Math.floor(rand() * 2e6) - 1e6, rand() * 100 - 50]);
}
// ordered-binary keys as lmdb-js apps use them: strings, numbers, arrays of both
function obKey() {
  const r = rand();
  if (r < 0.35) return text();
  if (r < 0.65) return number();
  const a = [];
  const n = Math.floor(rand() * 3) + 1;
  for (let i = 0; i < n; i++) a.push(rand() < 0.5 ? text() : number());
  return a;
}
function bwValue(depth) {
  const r = rand();
  if (r < 0.25) return text();
  if (r < 0.5) return number();
  if (r < 0.6) return pick([null, true, false]);
  if (r < 0.7) return Buffer.from([Math.floor(rand() * 256), 0, 255].slice(0, Math.floor(rand() * 3) + 1));
  if (depth > 1) return text();
  const a = [];
  const n = Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) a.push(bwValue(depth + 1));
  return a;
}
const json = (v) => JSON.stringify(v, (k, x) => (x && x.type === 'Buffer' ? { blob: hex(x.data) } : x));

async function write(out, n) {
  const written = { lmdbjs: [], lmdbjs_sub: [], leveldb: [] };
  const env = open({ path: path.join(out, 'lmdbjs'), encoding: 'binary' });
  const sub = env.openDB('sub', { encoding: 'binary' });
  const seen = new Set();
  for (let i = 0; i < n + n / 4; i++) {
    const k = obKey();
    const b = hex(toBufferKey(k));
    if (seen.has(b)) continue;
    seen.add(b);
    const v = Buffer.from(`v${i}`);
    const db = i < n ? env : sub;
    db.putSync(k, v);
    (i < n ? written.lmdbjs : written.lmdbjs_sub).push([b, hex(v), JSON.stringify(k)]);
  }
  await env.close();
  // the keys as stored, in lmdb-js's own order (its reader, raw keys)
  const raw = open({ path: path.join(out, 'lmdbjs'), keyEncoding: 'binary', encoding: 'binary' });
  written.lmdbjs_order = Array.from(raw.getKeys(), hex);
  written.lmdbjs_sub_order = Array.from(raw.openDB('sub', { keyEncoding: 'binary' }).getKeys(), hex);
  await raw.close();

  const lv = new ClassicLevel(path.join(out, 'leveldb'), { keyEncoding: 'view', valueEncoding: 'view' });
  await lv.open();
  const batch = lv.batch();
  const lseen = new Set();
  for (let i = 0; i < n; i++) {
    const v = bwValue(0);
    const k = bytewise.encode(v);
    if (lseen.has(hex(k))) continue;
    lseen.add(hex(k));
    batch.put(k, Buffer.from(`w${i}`));
    written.leveldb.push([hex(k), hex(Buffer.from(`w${i}`)), json(v)]);
  }
  await batch.write();
  written.leveldb_order = [];
  for await (const k of lv.keys()) written.leveldb_order.push(hex(k));
  await lv.close();
  fs.writeFileSync(path.join(out, 'written.json'), JSON.stringify(written));
}

async function hold(p) {
  const lv = new ClassicLevel(p, { keyEncoding: 'view', valueEncoding: 'view' });
  await lv.open();
  console.log('held');
  process.stdin.resume();
  process.stdin.on('end', async () => { await lv.close(); process.exit(0); });
}

// write.js busy PATH: lmdb-js writes to PATH without pause, one key a
// transaction, printing "writing" once started, until stdin closes.
async function busy(p) {
  const env = open({ path: p, encoding: 'binary' });
  let i = 0;
  let done = false;
  process.stdin.resume();
  process.stdin.on('end', () => { done = true; });
  console.log('writing');
  while (!done) {
    await env.put(['busy', i++], Buffer.from('x'));
    if (i % 64 === 0) await new Promise((r) => setImmediate(r));
  }
  await env.close();
  process.exit(0);
}

// write.js encrypted PATH: a store lmdb-js encrypts with a key, of two keys.
async function encrypted(p) {
  const env = open({ path: p, encryptionKey: 'a key of exactly thirty-two byte' });
  await env.put('a', 'b');
  await env.put('c', 'd');
  await env.close();
}

// write.js read PATH: every key of the store at PATH, as lmdb-js reads
// them (hex), a line each: what ok's writes left, read by the writer's own.
async function read(p) {
  const env = open({ path: p, encoding: 'binary', keyEncoding: 'binary' });
  for (const { key, value } of env.getRange()) console.log(hex(key) + ' ' + hex(value));
  await env.close();
}

if (process.argv[2] === 'hold') hold(process.argv[3]);
else if (process.argv[2] === 'busy') busy(process.argv[3]);
else if (process.argv[2] === 'encrypted') encrypted(process.argv[3]);
else if (process.argv[2] === 'read') read(process.argv[3]);
else write(process.argv[2], Number(process.argv[3] || 2000));
