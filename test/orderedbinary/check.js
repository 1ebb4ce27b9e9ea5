// check.js BUILD_DIR [COUNT]: ok's 'orderedbinary' format against the npm
// package ordered-binary itself (pinned in test/bytewise, as lmdb-js 3 uses
// it: null termination on, arrays written in sequence), both ways, on edge
// values and COUNT seeded random ones (the same every run):
//   - ok_orderedbinary_pack of a value gives writeKey's bytes;
//   - ok reads writeKey's key as the value (ok_json), and readKey reads
//     ok's key as the value;
//   - ok_quote of it, run again, gives the key back;
//   - where ordered-binary writes a key that does not read back as its
//     value, ok refuses to write it (or writes the value's other key, -0
//     as 0) and refuses to read the library's key, as docs/orderedbinary.md
//     says case by case.
// better-sqlite3 comes from test/node (sh setup.sh --test installs both).
// Ends with "N passed, M failed".
'use strict';
const path = require('path');
const ob = require(path.join(__dirname, '..', 'bytewise', 'node_modules', 'ordered-binary'));
const { db, count, check, finish, generator } = require(path.join(__dirname, '..', 'bytewise', 'harness'));
ob.enableNullTermination(); // as lmdb-js does
const { rand, pick, anyDouble } = generator(0x6f62);

const edgeNumbers = [
  0, 1, -1, 0.5, -0.5, 0.1, 2, 10, 100, 123.456, -123.456, 1e21, 1e-7, 1e300, -1e300,
  2 ** 53, 2 ** 53 - 1, -(2 ** 53), 2 ** 63, -(2 ** 63), 2 ** 64, 5e-324, -5e-324,
  2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, Infinity, -Infinity,
  1 / 3, -2 / 3, 4.35, 65536, 1048576, 2 ** 32, 2 ** 20 + 0.5, 3.0517578125e-5,
];
function randomNumber() {
  switch (Math.floor(rand() * 5)) {
    case 0: return pick(edgeNumbers);
    case 1: return Math.floor(rand() * 2000) - 1000;
    case 2: return (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
    case 3: return anyDouble(false); // any bits but NaN and -0
    default: return Math.round((rand() - 0.5) * 2 ** Math.floor(rand() * 64)) || 0;
  }
}
const edgeStrings = [
  '', 'a', 'users', '\x00', '\x01', '\x04', '\x05', '\x1b', '\x1c', '\x1f', ' ', 'a\x00b', '\x00\x00',
  'é', '日本語', '😀', '\u007f', '\u0080', '\uffff', 'x'.repeat(63), 'x'.repeat(64), 'é'.repeat(70),
  '😀'.repeat(31) + 'a', '😀'.repeat(32), 'a'.repeat(300), 'a'.repeat(63) + '\x00',
  'a'.repeat(64) + '\x00', '\x04' + 'b'.repeat(70), 'é'.repeat(40) + '\x01',
];
const alphabet = ['a', 'b', 'z', 'A', '0', ' ', '~', '\x00', '\x01', '\x03', '\x04', '\x05', '\x1b', '\x7f',
  'é', 'ß', '€', '日', '😀', '\u{10ffff}', '\ufffd'];
function randomString() {
  if (rand() < 0.3) return pick(edgeStrings);
  let s = '';
  const n = Math.floor(rand() * 12);
  for (let i = 0; i < n; i++) s += pick(alphabet);
  return s;
}
function randomBuffer() {
  const n = Math.floor(rand() * 5);
  const b = [pick([1, 3, 4, 5])];
  for (let i = 0; i < n; i++) b.push(Math.floor(rand() * 256));
  return Buffer.from(b);
}
function randomScalar() {
  const r = rand();
  if (r < 0.3) return randomNumber();
  if (r < 0.7) return randomString();
  if (r < 0.8) return null;
  if (r < 0.9) return rand() < 0.5;
  return Symbol.for(randomString());
}
function randomValue() {
  if (rand() < 0.4) return rand() < 0.1 ? randomBuffer() : randomScalar();
  const a = [];
  const n = Math.floor(rand() * 4) + 1;
  for (let i = 0; i < n; i++) a.push(randomScalar());
  if (rand() < 0.1) a.push(randomBuffer());
  return a;
}

// A JavaScript string's units as WTF-8: a lone surrogate as its three bytes
// (better-sqlite3 would bind one as U+FFFD, so such strings go as bytes).
function wtf8(s) {
  const out = [];
  for (const ch of s) { // a pair is one character here, a lone surrogate one unit
    const c = ch.codePointAt(0);
    if (c >= 0xd800 && c <= 0xdfff) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(out);
}
// A value as SQL arguments: the expression and its bound values.
function sqlArg(v, args) {
  if (typeof v === 'string' && lone(v)) { args.push(wtf8(v)); return 'CAST(? AS TEXT)'; }
  if (typeof v === 'boolean') { args.push(v ? 1 : 0); return 'ok_orderedbinary_bool(?)'; }
  if (typeof v === 'symbol') { args.push(Symbol.keyFor(v)); return 'ok_orderedbinary_symbol(?)'; }
  args.push(v);
  return '?';
}
function okPack(v) {
  const args = [];
  let sql;
  if (Array.isArray(v) && v.length === 1) sql = `ok_orderedbinary_array(${sqlArg(v[0], args)})`;
  else if (Array.isArray(v)) sql = v.map((x) => sqlArg(x, args)).join(', ');
  else sql = sqlArg(v, args);
  return db.prepare(`SELECT ok_orderedbinary_pack(${sql}) AS k`).get(...args).k;
}
// A value as ok_json shows its components.
function jsonOf(v) {
  if (v === Infinity || v === -Infinity) return { real: v > 0 ? 'Inf' : '-Inf' };
  if (typeof v === 'symbol') return { symbol: Symbol.keyFor(v) };
  if (Buffer.isBuffer(v)) return { blob: v.toString('hex').toUpperCase() };
  if (typeof v === 'string' && lone(v)) return { text_hex: wtf8(v).toString('hex').toUpperCase() };
  return v;
}
function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
const hex = (b) => Buffer.from(b).toString('hex').toUpperCase();
const lone = (s) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
// UTF-16 units of a string: ordered-binary escapes U+0000-U+0004 below 64
// (and writes a long one through Node's UTF-8, a lone surrogate as U+FFFD)
const unwritable = (s) => typeof s === 'string' && s.length >= 64 && (/[\x00-\x04]/.test(s) || lone(s));
const anyUnwritable = (v) => (Array.isArray(v) ? v : [v]).some(
  (x) => unwritable(x) || (typeof x === 'symbol' && unwritable(Symbol.keyFor(x))));

// Some keys that ordered-binary writes its own readKey misreads (a Buffer
// in an array, a symbol whose description is empty or starts below U+001C,
// some runs of nulls: docs/orderedbinary.md): they sort as their values,
// ok reads them as written, and, as ok's bytes are writeKey's, readKey
// misreads ok's alike. Counted, and shown below by example.
let misread = 0;
// readKey as lmdb-js calls it: on a buffer of its own, with room after the key
const rk = (v) => {
  const k = ob.toBufferKey(v), r = Buffer.alloc(k.length + 16);
  k.copy(r);
  try { return ob.readKey(r, 0, k.length); } catch (e) { return e.message; }
};

const stmtJson = db.prepare("SELECT ok_json(?, 'orderedbinary') AS j");
const stmtQuote = db.prepare("SELECT ok_quote(?, 'orderedbinary') AS q");
let refused = 0;
function one(v, label) {
  const key = ob.toBufferKey(v);
  if (anyUnwritable(v)) {
    // ordered-binary writes it raw; it reads back as another value
    let e = null;
    try { okPack(v); } catch (x) { e = x.message; }
    check(e && /would not read back/.test(e), `${label}: ok refuses a long string with U+0000-U+0004: ${e}`);
    refused++;
    return;
  }
  let mine;
  try {
    mine = okPack(v);
  } catch (e) {
    check(false, `${label}: ok_orderedbinary_pack refused ${String(v && v.toString ? v.toString() : v)}: ${e.message}`);
    return;
  }
  check(hex(mine) === hex(key), `${label}: ok ${hex(mine)} != writeKey ${hex(key)}`);
  const want = (Array.isArray(v) ? v : [v]).map(jsonOf);
  let j;
  try { j = JSON.parse(stmtJson.get(key).j); } catch (e) { j = e.message; }
  check(same(j, want), `${label}: ok_json of ${hex(key)}: ${JSON.stringify(j)} != ${JSON.stringify(want)}`);
  // counted, not checked: ok's bytes are writeKey's (checked above), so
  // readKey reads them as it reads its own
  const back = rk(v);
  const wantBack = Array.isArray(v) && v.length === 1 ? v[0] : v;
  if (!same((Array.isArray(back) ? back : [back]).map(jsonOf),
            (Array.isArray(wantBack) ? wantBack : [wantBack]).map(jsonOf)))
    misread++;
  const q = stmtQuote.get(key).q;
  const again = db.prepare(`SELECT ok_orderedbinary_pack${q} AS k`).get().k;
  check(hex(again) === hex(key), `${label}: ok_quote ${q} rebuilds ${hex(again)} not ${hex(key)}`);
}

for (const d of edgeNumbers) { one(d, 'edge number'); one([d, 'x'], 'edge number in array'); one([d], 'edge [number]'); }
for (const s of edgeStrings) { one(s, 'edge string'); one(['a', s, 1], 'edge string in array'); }
one(null, 'null'); one(true, 'true'); one(false, 'false'); one(Symbol.for('s'), 'symbol');
one([null, null], '[null, null]'); one(['a', Buffer.from([1, 0, 255])], 'Buffer last');
for (let i = 0; i < count; i++) one(randomValue(), `random ${i}`);
// lone surrogates, as lmdb-js writes them (WTF-8), alone, in arrays, escaped
const loneStrings = ['\ud800', '\udfff', 'a\udc00b', '\udbff\ud800', '\ud83d', '\ude00x',
  '\u0001\ud800', '\ud800😀\udc00', 'é\udc00'.repeat(40)];
for (const s of loneStrings) { one(s, 'lone surrogate'); one([1, s, 'z'], 'lone surrogate in array'); }
for (let i = 0; i < count / 10; i++) {
  const units = ['a', '\u0002', 'é', '😀', '\ud800', '\udc00', '\udbff', '\udfff'];
  let s = '';
  for (let j = Math.floor(rand() * 8); j > 0; j--) s += pick(units);
  one(rand() < 0.5 ? s : ['k', s], `random lone surrogates ${i}`);
}

// what ordered-binary writes that does not read back: ok's answer
function refusedRead(buf, label, pattern) {
  let e = null;
  try { stmtJson.get(buf); } catch (x) { e = x.message; }
  check(e && pattern.test(e), `${label}: ok reads ${hex(buf)}: ${e}`);
}
const negZero = ob.toBufferKey(-0);
check(hex(negZero) === '18000000', `-0: writeKey gives ${hex(negZero)}`);
check(hex(okPack(-0)) === '10000000', '-0: ok writes 0');
refusedRead(negZero, '-0 as ordered-binary writes it', /ok_json: malformed key at byte 1/);
refusedRead(ob.toBufferKey(NaN), 'NaN', /ok_json: malformed key/);
refusedRead(ob.toBufferKey(2n ** 64n + 1n), 'a BigInt past 53 bits', /ok_json: malformed key/);
let emptyErr = null;
try { okPack([]); } catch (x) { emptyErr = x.message; }
check(ob.toBufferKey([]).length === 0 && /no key/.test(emptyErr || ''), `[]: ${emptyErr}`);
// the misreadings themselves, as documented
check(rk(['a', Buffer.from([1, 0, 255])]).length === 3, 'readKey reads on after a Buffer in an array');
check(Symbol.keyFor(rk(Symbol.for(''))) === '\x1b', "readKey reads Symbol.for('') as Symbol.for('\\x1b')");
check(rk([null, true, null, null]).length === 3, 'readKey loses a null of [null, true, null, null]');
console.log(`ordered-binary ${require(path.join(__dirname, '..', 'bytewise', 'node_modules', 'ordered-binary', 'package.json')).version}: ` +
            `${count} random values and the edges, ${refused} refused as unwritable, ` +
            `${misread} that its own readKey misreads (ok reads them as written)`);
finish();
