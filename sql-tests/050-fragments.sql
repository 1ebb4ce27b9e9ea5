-- Fragments: key pieces stored in a table are joined with ok_concat (R4).
.mode quote
.echo on
SELECT 'concat.equals_pack', ok_concat(ok_pack(1), ok_pack('a'), ok_desc(2)) = ok_pack(1, 'a', ok_desc(2));
SELECT 'concat.empty', ok_hex(ok_concat()), ok_hex(ok_concat(x''));
SELECT 'concat.null', ok_concat(ok_pack(1), NULL);
SELECT 'pack.no_args', ok_hex(ok_pack());
-- a key inside a builder is an error (3.0; 2.0 inlined it, a BLOB from a column)
SELECT 'pack.nested_is_an_error', ok_pack(ok_pack(1, 2), 3);
SELECT 'concat.joins_keys', ok_concat(ok_pack(1, 2), ok_pack(3)) = ok_pack(1, 2, 3);
CREATE TABLE frag(id INTEGER PRIMARY KEY, k BLOB);
INSERT INTO frag VALUES (1, ok_pack('tenant', 7));
-- from a column the fragment is a plain BLOB value again...
SELECT 'stored.packed_as_blob', ok_hex(ok_pack(k, 'x')) FROM frag;
-- ...so join stored fragments with ok_concat
SELECT 'stored.concat', ok_hex(ok_concat(k, ok_pack('x'))), ok_concat(k, ok_pack('x')) = ok_pack('tenant', 7, 'x') FROM frag;
SELECT 'stored.unpack', ok_unpack_col(ok_concat(k, ok_pack('x')), 2) FROM frag;
