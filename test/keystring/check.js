// check.js BUILD_DIR [COUNT]: ok's 'keystring' format against the npm package
// mongodb-resumetoken-decoder (pinned here), the one runnable reader of
// MongoDB's KeyString outside a server build. On edge values and COUNT seeded
// random keys (the same every run), each built by ok_keystring_pack:
//   - the package's keystringToBson reads ok's key as the values it was
//     built from (numbers by value: KeyString keeps no int/double type);
//   - ok_json shows the same values, and ok_quote, run again, gives the key
//     back;
//   - under a random key pattern, the descending fields' bytes are those of
//     the ascending key complemented (the end byte not), and read the same;
//   - two keys compare (memcmp) as MongoDB orders their values: numbers
//     by value, strings by bytes, BinData by length first, the types in
//     BSON's order; numbers and Decimal128s exactly, by BigInt fractions;
//     the package reads a Decimal128 that no double is as the double
//     nearest below it, which it is written as (with more than 15 digits,
//     then a continuation, which the package skips from 1 up).
// The real resume tokens of test/keystring/tokens.tsv (MongoDB's own bytes)
// read as the package reads them, and build back byte for byte.
// The package reads a DBPointer's namespace as the numbers of its bytes, and
// a Date before 1970 as none: those are compared as it reads them.
// What the package cannot read (descending fields, record ids) is checked
// against the ascending key and by the golden file sql-tests/200-keystring.sql.
// better-sqlite3 comes from test/node (sh setup.sh --test installs both).
// Ends with "N passed, M failed".
'use strict';
const fs = require('fs');
const path = require('path');
const { keystringToBson } = require(path.join(__dirname, 'node_modules', 'mongodb-resumetoken-decoder'));
const { db, count, check, finish, generator } = require(path.join(__dirname, '..', 'bytewise', 'harness'));
const { rand, pick, anyDouble } = generator(0x6b73);

const edgeNumbers = [
  0, 1, -1, 0.5, -0.5, 0.1, 2, 10, 100, 123.456, -123.456, 1e21, 1e-7, 1e300, -1e300, 255, 256,
  2 ** 53, 2 ** 53 - 1, -(2 ** 53), 2 ** 52 + 0.5, 2 ** 63, -(2 ** 63), 2 ** 64, 5e-324, -5e-324,
  2 ** -255, 2 ** -256, -(2 ** -255), 1.5 * 2 ** -255, 2 ** -1074 * 3,
  2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, Infinity, -Infinity,
  1 / 3, -2 / 3, 4.35, 65536, 1048576, 2 ** 32, 2 ** 20 + 0.5, 3.0517578125e-5, 0.99999999999999989,
];
const edgeInts = [0n, 1n, -1n, 127n, 128n, -128n, 2n ** 31n - 1n, -(2n ** 31n), 2n ** 53n + 1n,
  2n ** 55n, 2n ** 56n - 1n, 2n ** 63n - 1n, -(2n ** 63n), -(2n ** 63n) + 1n];
function randomNumber() {
  switch (Math.floor(rand() * 6)) {
    case 0: return pick(edgeNumbers);
    case 1: return BigInt(Math.floor(rand() * 2000) - 1000);
    case 2: return (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
    case 3: return anyDouble(false); // any bits but NaN and -0
    case 4: return pick(edgeInts);
    default: { // any int64
      let v = 0n;
      for (let i = 0; i < 8; i++) v = (v << 8n) | BigInt(Math.floor(rand() * 256));
      return BigInt.asIntN(64, v >> BigInt(Math.floor(rand() * 64)));
    }
  }
}
const alphabet = ['a', 'b', 'z', 'A', '0', ' ', '\x00', '\x01', '\x04', '\x7f', 'é', '日', '😀', '\xff'];
function randomString() {
  let s = '';
  const n = Math.floor(rand() * 8);
  for (let i = 0; i < n; i++) s += pick(alphabet);
  return s;
}
function randomBytes() {
  const b = [];
  const n = rand() < 0.05 ? 255 + Math.floor(rand() * 3) : Math.floor(rand() * 5);
  for (let i = 0; i < n; i++) b.push(Math.floor(rand() * 256));
  return Buffer.from(b);
}
// A value: { sql, args, js (as the package reads it), json (as ok_json shows it), rank, order }
function hexOf(b) { return Buffer.from(b).toString('hex'); }
function number(v) {
  const isInt = typeof v === 'bigint';
  const n = isInt ? v : v;
  const asInt = isInt ? v : (Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v) : null);
  let json;
  if (asInt !== null) json = asInt.toString();
  else if (v === Infinity || v === -Infinity) json = JSON.stringify({ real: v > 0 ? 'Inf' : '-Inf' });
  else json = null; // checked by value below
  return { sql: '?', args: [n], kind: 'number', value: v, json, rank: 2 };
}
// Exact values as fractions of BigInts: an integer, a double (its bits), a
// decimal's digits and exponent; compared without rounding.
function ratOfDouble(d) {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(d);
  const u = b.readBigUInt64BE(), be = Number((u >> 52n) & 0x7ffn);
  let m = u & ((1n << 52n) - 1n);
  if (be) m |= 1n << 52n;
  const e = (be || 1) - 1075, n = (u >> 63n ? -m : m);
  return e >= 0 ? { n: n << BigInt(e), d: 1n } : { n, d: 1n << BigInt(-e) };
}
function ratOf(v) {
  if (typeof v === 'bigint') return { n: v, d: 1n };
  if (typeof v === 'number') return ratOfDouble(v);
  const m = BigInt(v.digits) * (v.neg ? -1n : 1n); // a decimal: digits x 10^e
  return v.e >= 0 ? { n: m * 10n ** BigInt(v.e), d: 1n } : { n: m, d: 10n ** BigInt(-v.e) };
}
function cmpExact(a, b) {
  if (a === Infinity || b === -Infinity) return a === b ? 0 : 1;
  if (a === -Infinity || b === Infinity) return a === b ? 0 : -1;
  const x = ratOf(a), y = ratOf(b), c = x.n * y.d - y.n * x.d;
  return c > 0n ? 1 : c < 0n ? -1 : 0;
}
function nextUp(d) { // the next double away from zero
  const b = Buffer.alloc(8);
  b.writeDoubleBE(Math.abs(d));
  b.writeBigUInt64BE(b.readBigUInt64BE() + 1n);
  return b.readDoubleBE() * (d < 0 ? -1 : 1);
}
// A Decimal128 of 1 to 34 digits: of up to 15 from about 1e-70 to 1e15; of
// more (written with a continuation after the double below it) from 1 to
// 1e15 and 1e19 to 1e299, where the package skips the continuation (below
// 1 it does not: it reads the next value from it); anywhere for order alone.
function randomDecimal(anywhere) {
  const nd = rand() < 0.5 ? 1 + Math.floor(rand() * 15) : 16 + Math.floor(rand() * 19);
  let digits = String(1 + Math.floor(rand() * 9));
  for (let i = 1; i < nd; i++) digits += Math.floor(rand() * 10);
  const top = anywhere ? Math.floor(rand() * 12320) - 6176 + nd - 1 : nd <= 15 ? Math.floor(rand() * 86) - 70
    : rand() < 0.7 ? Math.floor(rand() * 15) : 19 + Math.floor(rand() * 280);
  const e = Math.min(top - (nd - 1), 6111), neg = rand() < 0.5;
  const value = { digits, e, neg };
  return { sql: 'ok_keystring_decimal(?)', args: [`${neg ? '-' : ''}${digits}e${e}`], kind: 'decimal', value, rank: 2 };
}
function randomScalar() {
  const r = rand();
  if (r < 0.05) return randomDecimal();
  if (r < 0.35) return number(randomNumber());
  if (r < 0.6) { const s = randomString(); return { sql: '?', args: [s], kind: 'string', value: s, json: JSON.stringify(s), rank: 3 }; }
  if (r < 0.65) return { sql: 'NULL', args: [], kind: 'null', value: null, json: 'null', rank: 1 };
  if (r < 0.7) { const b = rand() < 0.5; return { sql: `ok_keystring_bool(${b ? 1 : 0})`, args: [], kind: 'bool', value: b, json: String(b), rank: 8 }; }
  if (r < 0.75) {
    const b = randomBytes();
    const sub = rand() < 0.5 ? 0 : 4;
    return { sql: sub ? `ok_keystring_bindata(?, ${sub})` : '?', args: [b], kind: 'bindata', value: b, sub,
      json: sub ? `{"blob":"${hexOf(b).toUpperCase()}","subtype":${sub}}` : `{"blob":"${hexOf(b).toUpperCase()}"}`, rank: 6 };
  }
  if (r < 0.8) { const o = hexOf(randomBytes12()); return { sql: `ok_keystring_oid('${o}')`, args: [], kind: 'oid', value: o, json: `{"$oid":"${o}"}`, rank: 7 }; }
  if (r < 0.85) {
    const ms = Math.floor((rand() - 0.5) * 2 ** Math.floor(rand() * 50));
    return { sql: `ok_keystring_date(${ms})`, args: [], kind: 'date', value: ms, json: JSON.stringify({ date: new Date(ms).toISOString() }), rank: 9 };
  }
  if (r < 0.9) {
    const t = Math.floor(rand() * 2 ** 32), i = Math.floor(rand() * 2 ** 32);
    return { sql: `ok_keystring_timestamp(${t}, ${i})`, args: [], kind: 'timestamp', value: { t, i }, json: `{"$timestamp":{"t":${t},"i":${i}}}`, rank: 10 };
  }
  if (r < 0.91) {
    const pattern = randomString().replace(/\x00/g, ''), flags = pick(['', 'i', 'ms', 'imsx']);
    return { sql: 'ok_keystring_regex(?, ?)', args: [pattern, flags], kind: 'regex', value: { pattern, flags },
      json: JSON.stringify({ $regularExpression: { pattern, options: flags } }), rank: 11 };
  }
  if (r < 0.92) { const s = randomString(); return { sql: 'ok_keystring_code(?)', args: [s], kind: 'code', value: s, json: JSON.stringify({ $code: s }), rank: 13 }; }
  if (r < 0.93) {
    const ns = randomString().replace(/\x00/g, ''), o = hexOf(randomBytes12());
    return { sql: `ok_keystring_dbpointer(?, '${o}')`, args: [ns], kind: 'dbpointer', value: { ns, o },
      json: JSON.stringify({ $dbPointer: { $ref: ns, $id: { $oid: o } } }), rank: 12 };
  }
  if (r < 0.95) return { sql: 'ok_keystring_minkey()', args: [], kind: 'minkey', json: '{"$minKey":1}', rank: 0 };
  if (r < 0.97) return { sql: 'ok_keystring_maxkey()', args: [], kind: 'maxkey', json: '{"$maxKey":1}', rank: 14 };
  return { sql: 'ok_keystring_undefined()', args: [], kind: 'undefined', json: '{"$undefined":true}', rank: 0.5 };
}
function randomBytes12() { const b = []; for (let i = 0; i < 12; i++) b.push(Math.floor(rand() * 256)); return b; }
function randomValue(depth) {
  const r = rand();
  if (depth < 3 && r < 0.1) {
    const items = [], n = Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) items.push(randomValue(depth + 1));
    return { sql: `ok_keystring_array(${items.map((x) => x.sql).join(', ')})`, args: items.flatMap((x) => x.args), kind: 'array', items, rank: 5 };
  }
  if (depth < 3 && r < 0.2) {
    const fields = [], n = Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) fields.push([pick(['a', '_id', 'x.y', 'é', 'b']), randomValue(depth + 1)]);
    return { sql: `ok_keystring_object(${fields.map(([k, x]) => `'${k}', ${x.sql}`).join(', ')})`,
      args: fields.flatMap(([, x]) => x.args), kind: 'object', fields, rank: 4 };
  }
  if (depth < 2 && r < 0.23) { // code with scope: the scope counts two levels
    const code = randomString(), fields = [], n = Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) fields.push([pick(['a', 'x', 'é']), randomValue(depth + 2)]);
    return { sql: `ok_keystring_codewscope(?, ok_keystring_object(${fields.map(([k, x]) => `'${k}', ${x.sql}`).join(', ')}))`,
      args: [code, ...fields.flatMap(([, x]) => x.args)], kind: 'codewscope', code, fields, rank: 13.5 };
  }
  return randomScalar();
}

// The package's value against the one built.
function sameValue(x, got) {
  switch (x.kind) {
    case 'number':
      if (typeof x.value === 'bigint') // exactly: a BigInt, or a Number whose value it is (-2^63)
        return typeof got === 'bigint' ? got === x.value : Number.isInteger(got) && BigInt(got) === x.value;
      return got === x.value || (typeof got === 'bigint' && Number(got) === x.value) || (x.value === 0 && got === 0);
    case 'decimal': { // a double equal to it, or the package's reading: the double nearest below
      if (typeof got === 'bigint') return cmpExact(got, x.value) === 0;
      if (typeof got !== 'number') return false;
      const c = cmpExact(got, x.value);
      return c === 0 || (x.value.neg ? c > 0 && cmpExact(nextUp(got), x.value) < 0 : c < 0 && cmpExact(nextUp(got), x.value) > 0);
    }
    case 'string': return got === x.value;
    case 'null': return got === null;
    case 'bool': return got === x.value;
    case 'bindata': return got && Buffer.from(got.buffer).equals(x.value) && got.sub_type === x.sub;
    case 'oid': return got && got.toHexString() === x.value;
    case 'date': // the package reads a Date before 1970 as past 2^63 ms: no Date
      return got instanceof Date && (got.getTime() === x.value || (x.value < 0 && isNaN(got.getTime())));
    case 'timestamp': return got && got.high === (x.value.t | 0) && got.low === (x.value.i | 0);
    case 'regex': return got && got._bsontype === 'BSONRegExp' && got.pattern === x.value.pattern && got.options === x.value.flags;
    case 'code': return got && got._bsontype === 'Code' && got.code === x.value;
    case 'dbpointer': // the package makes the namespace's text of its bytes' numbers ("100,98")
      return got && got._bsontype === 'DBRef' && got.collection === Array.from(Buffer.from(x.value.ns)).join(',') &&
        got.oid.toHexString() === x.value.o;
    case 'minkey': return got && got._bsontype === 'MinKey';
    case 'maxkey': return got && got._bsontype === 'MaxKey';
    case 'undefined': return got === undefined;
    case 'array': return Array.isArray(got) && got.length === x.items.length && x.items.every((y, i) => sameValue(y, got[i]));
    case 'codewscope':
      return got && got._bsontype === 'Code' && got.code === x.code && sameValue({ kind: 'object', fields: x.fields }, got.scope);
    case 'object': {
      // the package keeps the last of two fields of one name
      const last = new Map(x.fields);
      return got && typeof got === 'object' && Object.keys(got).length === last.size &&
        [...last].every(([k, y]) => sameValue(y, got[k]));
    }
  }
  return false;
}

const pack = (vals) => db.prepare(`SELECT ok_keystring_pack(''${vals.map((v) => ', ' + v.sql).join('')}) AS k`)
  .get(...vals.flatMap((v) => v.args)).k;
const stmtJson = db.prepare("SELECT ok_json(?, 'keystring') AS j");
const stmtQuote = db.prepare('SELECT ok_quote(?, ?) AS q');
const stmtEach = db.prepare('SELECT dir, offset, length FROM ok_each(?, ?)');
const stmtJsonAt = db.prepare('SELECT json_extract(?, ?) AS v').safeIntegers();

// Values one key at a time: read by the package, by ok_json, and again by ok_quote's SQL.
for (let n = 0; n < count; n++) {
  const vals = [];
  const k = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < k; i++) vals.push(randomValue(0));
  let key;
  try { key = pack(vals); } catch (e) { check(false, `pack ${vals.map((v) => v.sql)}: ${e.message}`); continue; }
  let got;
  try { got = keystringToBson('v1', hexOf(key)); } catch (e) { got = e.message; }
  check(Array.isArray(got) && got.length === vals.length && vals.every((v, i) => sameValue(v, got[i])),
    `the package reads ${hexOf(key)} as ${String(got)} (built from ${vals.map((v) => v.sql)})`);
  const j = stmtJson.get(key).j, json = JSON.parse(j);
  check(json.length === vals.length && vals.every((v, i) => {
    if (v.kind === 'number') { // exactly, as SQLite reads the JSON's number
      const got = stmtJsonAt.get(j, `$[${i}]`).v;
      return typeof v.value === 'bigint' || Number.isInteger(v.value) && Math.abs(v.value) < 2 ** 63
        ? BigInt(got) === BigInt(v.value) : v.json !== null ? JSON.stringify(json[i]) === v.json : Number(got) === v.value;
    }
    return v.json === undefined || JSON.stringify(json[i]) === v.json;
  }), `ok_json ${j} (built from ${vals.map((v) => v.sql)})`);
  // descending fields: the same key with those values' bytes complemented
  // (the end byte not), read back by the pattern
  const pattern = vals.map(() => (rand() < 0.5 ? '-1' : '1')).join(', ');
  const desc = db.prepare(`SELECT ok_keystring_pack(?${vals.map((v) => ', ' + v.sql).join('')}) AS k`)
    .get(pattern, ...vals.flatMap((v) => v.args)).k;
  const flipped = Buffer.from(desc);
  for (const row of stmtEach.all(desc, 'keystring:' + pattern)) {
    if (row.dir !== 'desc') continue;
    const end = row.offset + row.length - (row.offset + row.length === desc.length ? 1 : 0);
    for (let i = row.offset; i < end; i++) flipped[i] ^= 0xff;
  }
  check(Buffer.compare(flipped, key) === 0 &&
    stmtQuote.get(desc, 'keystring:' + pattern).q === stmtQuote.get(key, 'keystring').q.replace(/^\(''/, `('${pattern}'`),
  `pattern ${pattern}: ${hexOf(desc)} is not ${hexOf(key)} complemented where descending, or reads otherwise`);
  const q = stmtQuote.get(key, 'keystring').q;
  let again;
  try { again = db.prepare('SELECT ok_keystring_pack' + q + ' AS k').get().k; } catch (e) { again = Buffer.from(e.message); }
  check(Buffer.compare(again, key) === 0, `ok_quote ${q} reads back as ${hexOf(again)}, not ${hexOf(key)}`);
}

// Order: single values compared by their keys, against MongoDB's order of
// the values (BSON's type order; numbers by value, compared exactly by
// SQLite; strings by bytes; BinData by length, subtype, bytes).
function order(a, b) {
  if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
  switch (a.kind) {
    case 'number':
    case 'decimal': return cmpExact(a.value, b.value);
    case 'string': return Buffer.compare(Buffer.from(a.value), Buffer.from(b.value));
    case 'bindata':
      if (a.value.length !== b.value.length) return a.value.length < b.value.length ? -1 : 1;
      if (a.sub !== b.sub) return a.sub < b.sub ? -1 : 1;
      return Buffer.compare(a.value, b.value);
    case 'bool': return (a.value ? 1 : 0) - (b.value ? 1 : 0);
    case 'oid': return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    case 'date': return Math.sign(a.value - b.value);
    case 'timestamp': return Math.sign(a.value.t - b.value.t) || Math.sign(a.value.i - b.value.i);
    case 'regex': // the pattern's bytes, then the flags'
      return Buffer.compare(Buffer.concat([Buffer.from(a.value.pattern), Buffer.from([0]), Buffer.from(a.value.flags)]),
        Buffer.concat([Buffer.from(b.value.pattern), Buffer.from([0]), Buffer.from(b.value.flags)]));
    case 'code': return Buffer.compare(Buffer.from(a.value), Buffer.from(b.value));
    case 'dbpointer': { // the namespace's length, its bytes, the ObjectId
      const na = Buffer.from(a.value.ns), nb = Buffer.from(b.value.ns);
      if (na.length !== nb.length) return na.length < nb.length ? -1 : 1;
      return Buffer.compare(na, nb) || (a.value.o < b.value.o ? -1 : a.value.o > b.value.o ? 1 : 0);
    }
  }
  return 0;
}
for (let n = 0; n < count; n++) {
  let a = randomScalar(), b = randomScalar();
  if (rand() < 0.5) b = number(randomNumber()), a = number(randomNumber());
  if (rand() < 0.2) a = randomDecimal(true), b = rand() < 0.5 ? randomDecimal(true) : number(Number(a.args[0]) * (1 + (rand() - 0.5) * 1e-15));
  const ka = pack([a]), kb = pack([b]);
  const want = order(a, b);
  check(Math.sign(Buffer.compare(ka, kb)) === want,
    `${a.sql} ${a.args} vs ${b.sql} ${b.args}: keys ${hexOf(ka)} and ${hexOf(kb)} compare ${Buffer.compare(ka, kb)}, values ${want}`);
}

// KeyString version 0 (a 'v0' pattern: indexes of version 1): the package's
// 'v0' reader reads keys of random values, numbers most, nested too, as the
// values they were built from, and the pattern's ok_json reads them the same.
for (let n = 0; n < count / 4; n++) {
  const vals = [];
  const k = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < k; i++) {
    let v = rand() < 0.7 ? number(randomNumber()) : randomValue(1);
    while (v.kind === 'decimal' || JSON.stringify(v.sql).includes('decimal')) v = number(randomNumber());
    vals.push(v);
  }
  const key = db.prepare(`SELECT ok_keystring_pack('v0'${vals.map((v) => ', ' + v.sql).join('')}) AS k`)
    .get(...vals.flatMap((v) => v.args)).k;
  let got;
  try { got = keystringToBson('v0', hexOf(key)); } catch (e) { got = e.message; }
  check(Array.isArray(got) && got.length === vals.length && vals.every((v, i) => sameValue(v, got[i])),
    `the package's v0 reader reads ${hexOf(key)} as ${String(got)} (built from ${vals.map((v) => v.sql)})`);
  const q = db.prepare("SELECT ok_quote(?, 'keystring:v0') AS q").get(key).q;
  const again = db.prepare(`SELECT ok_keystring_pack${q} AS k`).get().k;
  check(q.startsWith("('v0'") && Buffer.compare(again, key) === 0,
    `ok_quote of a version 0 key ${hexOf(key)} gives ${q}, which builds ${hexOf(again)}`);
}

// MongoDB's own keys: resume tokens' _data as printed in public documents.
for (const line of fs.readFileSync(path.join(__dirname, 'tokens.tsv'), 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const [hex] = line.split('\t');
  const q = stmtQuote.get(hex, 'keystring').q;
  const key = db.prepare('SELECT ok_keystring_pack' + q + ' AS k').get().k;
  check(hexOf(key).toUpperCase() === hex.toUpperCase(), `token ${hex}: ok_quote ${q} builds ${hexOf(key)}`);
  const pkg = JSON.stringify(keystringToBson('v1', hex), (k, v) => (typeof v === 'bigint' ? v.toString() : v));
  const ours = JSON.stringify(keystringToBson('v1', hexOf(key)), (k, v) => (typeof v === 'bigint' ? v.toString() : v));
  check(pkg === ours, `token ${hex}: the package reads ok's bytes as ${ours}, MongoDB's as ${pkg}`);
}

finish();
