// js_node.js ROWS.tsv: the npm libraries bytewise, charwise and ordered-binary
// (installed in test/bytewise) on the rows bench.c wrote, one
// "<id>\t<price>\t<word>" per line: encodes the array [id, price, word] of
// every row with each (ordered-binary's writeKey as lmdb-js calls it, into a
// buffer of its own), best of 5, and prints for each its nanoseconds per row
// and its keys' average size.
// The rows are parsed before timing.
'use strict';
const fs = require('fs');
const path = require('path');
const lib = (name) => require(path.join(__dirname, '..', 'test', 'bytewise', 'node_modules', name));

const rows = fs.readFileSync(process.argv[2], 'utf8').trimEnd().split('\n').map((line) => {
  const [a, b, c] = line.split('\t');
  return [Number(a), Number(b), c];
});
const out = [];
const ob = lib('ordered-binary');
ob.enableNullTermination();
const target = Buffer.alloc(4096);
const orderedBinary = { encode: (r) => ({ length: ob.writeKey(r, target, 0) }) };
for (const codec of [lib('bytewise'), lib('charwise'), orderedBinary]) {
  let bytes = 0, best = Infinity;
  for (let run = 0; run < 5; run++) {
    const t0 = process.hrtime.bigint();
    bytes = 0;
    for (const r of rows) bytes += codec.encode(r).length;
    const t = Number(process.hrtime.bigint() - t0);
    if (t < best) best = t;
  }
  out.push((best / rows.length).toFixed(1), (bytes / rows.length).toFixed(2));
}
console.log(out.join(' '));
