'use strict';
// harness.js: what the npm libraries' checks (test/bytewise/check.js,
// test/orderedbinary/check.js) share: the build's extension loaded into
// better-sqlite3 (test/node), a seeded generator, and the counts that end
// with "N passed, M failed".
const path = require('path');
const Database = require(require.resolve('better-sqlite3', {
  paths: [path.join(__dirname, '..', 'node')],
}));

// The build (argv[2]) and the count of random values (argv[3]).
const build = process.argv[2] || 'build';
const count = Number(process.argv[3] || 20000);
const db = new Database(':memory:');
db.loadExtension(path.resolve(build, 'ok'));

let passed = 0;
let failed = 0;
function check(ok, what) {
  if (ok) {
    passed++;
  } else {
    failed++;
    if (failed <= 20) console.log('FAIL ' + what);
  }
}
function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

// mulberry32 from `seed`: the same values every run.
function generator(seed) {
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // A double of any bits but NaN (0 for one), and but -0 unless keepNegZero.
  const anyDouble = (keepNegZero) => {
    const b = Buffer.alloc(8);
    for (let i = 0; i < 8; i++) b[i] = Math.floor(rand() * 256);
    const d = b.readDoubleBE(0);
    return Number.isNaN(d) || (!keepNegZero && Object.is(d, -0)) ? 0 : d;
  };
  return { rand, pick: (a) => a[Math.floor(rand() * a.length)], anyDouble };
}

module.exports = { db, count, check, finish, generator };
