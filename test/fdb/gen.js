// gen.js N [SEED]: N random tuples packed by FoundationDB's Node tuple
// encoder (npm fdb-tuple), one per line: "<hex of its bytes>\t<items>".
// test/fdb_conformance.c rebuilds each tuple in SQL from the items and
// demands the same bytes from ok_fdb_pack, and decodes the encoder's bytes.
//
// Items, space-separated: n (null), i:<int64>, I:<integer beyond int64>,
// r:<double bits>, f:<float bits>, t:<UTF-8 hex>, b:<bytes hex>, B:<0|1>,
// u:<uuid hex>, v:<versionstamp hex>, and "(:<hex of the nested items
// packed as a tuple>" ... ")" for a nested tuple. Integers are BigInts and
// floats typed, so that nothing is left to JavaScript's number guessing.
'use strict';
const tuple = require('fdb-tuple');

const count = Number(process.argv[2] || 50000);
let seed = Number(process.argv[3] || 20261122) >>> 0;

function rnd() { // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n) => Math.floor(rnd() * n);
const pick = (a) => a[below(a.length)];
const bytes = (n) => Buffer.from(Array.from({ length: n }, () => pick([0, 0xff, 1, below(256)])));
const hex = (b) => b.toString('hex');

const I64_MIN = -(2n ** 63n), I64_MAX = 2n ** 63n - 1n;
const intEdges = [0n, 1n, -1n, I64_MAX, I64_MIN, I64_MAX - 1n, I64_MIN + 1n,
  2n ** 53n, 2n ** 53n + 1n, 2n ** 53n - 1n, -(2n ** 53n), -(2n ** 53n) - 1n, -(2n ** 53n) + 1n];
for (let k = 1n; k <= 8n; k++) {
  const p = 2n ** (8n * k);
  intEdges.push(p - 1n, -(p - 1n), p, -p, p + 1n, -(p + 1n));
}
for (let k = 9n; k <= 255n; k += k < 12n ? 1n : 61n) { // arbitrary-precision edges
  const p = 2n ** (8n * k);
  intEdges.push(p - 1n, -(p - 1n), p / 256n, -(p / 256n));
}
intEdges.push(2n ** (8n * 255n) - 1n, -(2n ** (8n * 255n) - 1n));

function randomInt() {
  if (rnd() < 0.3) return pick(intEdges);
  const len = rnd() < 0.85 ? below(9) : 9 + below(rnd() < 0.9 ? 24 : 247);
  let v = 0n;
  for (let i = 0; i < len; i++) v = v * 256n + BigInt(below(256));
  return rnd() < 0.5 ? -v : v;
}

const dbl = Buffer.alloc(8), flt = Buffer.alloc(4);
const doubleEdges = [0, -0, Infinity, -Infinity, NaN, 5e-324, -5e-324, 2.2250738585072009e-308,
  -2.2250738585072014e-308, 2.2250738585072014e-308, Number.MAX_VALUE, -Number.MAX_VALUE,
  2 ** 53, 2 ** 53 + 2, 2 ** 53 - 1, -(2 ** 53), 1, -1, 0.1, -1.5, 2 ** 63, -(2 ** 63), 1e300];
function randomDouble() {
  if (rnd() < 0.3) return pick(doubleEdges);
  dbl.writeUInt32BE(below(2 ** 32), 0);
  dbl.writeUInt32BE(below(2 ** 32), 4);
  const d = dbl.readDoubleBE(0);
  return Number.isNaN(d) ? randomDouble() : d;
}
const floatEdges = [0, -0, Infinity, -Infinity, NaN, 1.401298464324817e-45, -1.401298464324817e-45,
  1.1754943508222875e-38, 3.4028234663852886e38, -3.4028234663852886e38, 1.5, -42, 16777217];
function randomFloat() {
  if (rnd() < 0.3) return Math.fround(pick(floatEdges));
  flt.writeUInt32BE(below(2 ** 32), 0);
  const f = flt.readFloatBE(0);
  return Number.isNaN(f) ? randomFloat() : f;
}

function randomString() {
  const n = rnd() < 0.02 ? 500 + below(1000) : below(12);
  let s = '';
  for (let i = 0; i < n; i++) {
    const r = rnd();
    if (r < 0.5) s += String.fromCharCode(32 + below(95));
    else if (r < 0.6) s += '\0';
    else if (r < 0.75) s += String.fromCodePoint(0x80 + below(0x780));
    else if (r < 0.9) s += String.fromCodePoint(pick([0x800 + below(0xd800 - 0x800), 0xe000 + below(0x2000)]));
    else s += String.fromCodePoint(0x10000 + below(0x100000));
  }
  return s;
}

// One item: [value for the encoder, its token(s)].
function randomItem(depth) {
  const r = below(depth < 3 ? 12 : 11);
  switch (r) {
    case 0: return [null, 'n'];
    case 1: case 2: {
      const v = randomInt();
      return [v, (v >= I64_MIN && v <= I64_MAX ? 'i:' : 'I:') + v.toString()];
    }
    case 3: {
      const d = randomDouble();
      dbl.writeDoubleBE(d, 0);
      return [{ type: 'double', value: d }, 'r:' + hex(dbl)];
    }
    case 4: {
      const f = randomFloat();
      flt.writeFloatBE(f, 0);
      return [{ type: 'float', value: f }, 'f:' + hex(flt)];
    }
    case 5: case 6: {
      const s = randomString();
      return [s, 't:' + hex(Buffer.from(s, 'utf8'))];
    }
    case 7: {
      const b = bytes(rnd() < 0.02 ? 300 : below(12));
      return [b, 'b:' + hex(b)];
    }
    case 8: {
      const v = rnd() < 0.5;
      return [v, 'B:' + (v ? 1 : 0)];
    }
    case 9: {
      const b = bytes(16);
      return [{ type: 'uuid', value: b }, 'u:' + hex(b)];
    }
    case 10: {
      const b = rnd() < 0.2 ? Buffer.concat([Buffer.alloc(10, 0xff), bytes(2)]) : bytes(12);
      return [{ type: 'versionstamp', value: b }, 'v:' + hex(b)];
    }
    default: {
      const n = below(5), values = [], tokens = [];
      for (let i = 0; i < n; i++) {
        const [v, t] = rnd() < 0.25 ? [null, 'n'] : randomItem(depth + 1);
        values.push(v);
        tokens.push(t);
      }
      return [values, ['(:' + hex(tuple.pack(values)), ...tokens, ')'].join(' ')];
    }
  }
}

const out = [];
for (let c = 0; c < count; c++) {
  const n = 1 + below(6), values = [], tokens = [];
  for (let i = 0; i < n; i++) {
    const [v, t] = randomItem(0);
    values.push(v);
    tokens.push(t);
  }
  out.push(hex(tuple.pack(values)) + '\t' + tokens.join(' '));
  if (out.length === 1000) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
