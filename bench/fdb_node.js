// fdb_node.js ROWS.tsv: FoundationDB's Node tuple encoder (npm fdb-tuple,
// installed in test/fdb) on the rows bench.c wrote, one "<id>\t<price>\t<word>"
// per line: packs (id, price as a double, word) for every row, best of 5,
// and prints the nanoseconds per row. The rows are parsed before timing.
'use strict';
const fs = require('fs');
const path = require('path');
const tuple = require(path.join(__dirname, '..', 'test', 'fdb', 'node_modules', 'fdb-tuple'));

const rows = fs.readFileSync(process.argv[2], 'utf8').trimEnd().split('\n').map((line) => {
  const [a, b, c] = line.split('\t');
  return [Number(a), { type: 'double', value: Number(b) }, c];
});
let bytes = 0, best = Infinity;
for (let run = 0; run < 5; run++) {
  const t0 = process.hrtime.bigint();
  bytes = 0;
  for (const r of rows) bytes += tuple.pack(r).length;
  const t = Number(process.hrtime.bigint() - t0);
  if (t < best) best = t;
}
console.log((best / rows.length).toFixed(1), (bytes / rows.length).toFixed(2));
