-- Orderly row keys (issue 14): ok_orderly_pack with a schema, the readers
-- with 'orderly:<schema>', Orderly's quirks with their vectors (printed by
-- Orderly itself, test/orderly), what ok refuses, and range bounds.
.mode quote
.echo on
-- 1. one field: a key of its own, with its own termination
SELECT 'long', hex(ok_orderly_pack('long', 0)), hex(ok_orderly_pack('long', -65)), hex(ok_orderly_pack('LONG desc', 1)), hex(ok_orderly_pack('long must', NULL)), hex(ok_orderly_pack('long', NULL));
SELECT 'ulong', hex(ok_orderly_pack('ulong', 128)), hex(ok_orderly_pack('ulong', '18446744073709551615')), hex(ok_orderly_pack('uint', 4294967295));
SELECT 'fixed', hex(ok_orderly_pack('fixed_int', -1)), hex(ok_orderly_pack('fixed_ulong desc', 1)), hex(ok_orderly_pack('fixed_bytes(3)', x'000001'));
SELECT 'reserved', hex(ok_orderly_pack('int(reserved_bits=3, reserved_value=5)', 15)), hex(ok_orderly_pack('int(reserved_bits = 3, reserved_value = 5) desc', 0));
SELECT 'text', hex(ok_orderly_pack('utf8', '')), hex(ok_orderly_pack('utf8', 'a')), hex(ok_orderly_pack('utf8 must', 'a')), hex(ok_orderly_pack('utf8 desc', 'a')), hex(ok_orderly_pack('utf8', 'é'));
SELECT 'bytes', hex(ok_orderly_pack('bytes', x'')), hex(ok_orderly_pack('bytes', x'010203')), hex(ok_orderly_pack('bytes must', x'0000')), hex(ok_orderly_pack('bytes(prefix=2)', x'000000'));
SELECT 'decimal', hex(ok_orderly_pack('decimal', 0)), hex(ok_orderly_pack('decimal', '3.14159')), hex(ok_orderly_pack('decimal', 1200)), hex(ok_orderly_pack('decimal', '1E-2147483647')), hex(ok_orderly_pack('decimal desc', 1));
-- 2. Orderly's quirks, reproduced because they are its bytes
-- the 9-byte long header holds no value bits (always 04 or F8)
SELECT 'quirk.long9', hex(ok_orderly_pack('long', -9223372036854775808)), hex(ok_orderly_pack('long', 9223372036854775807));
-- decimals: 1.0 and 1 are one key; negatives without terminator sort by digits
SELECT 'quirk.decimal', hex(ok_orderly_pack('decimal', 1.0)), hex(ok_orderly_pack('decimal', '1.000')), hex(ok_orderly_pack('decimal', -1.2)), hex(ok_orderly_pack('decimal', -1.23)), hex(ok_orderly_pack('decimal must', -1.2));
SELECT 'quirk.neg_decimal_order', ok_orderly_pack('decimal', -1.23) < ok_orderly_pack('decimal', -1.2), ok_orderly_pack('decimal must', -1.23) < ok_orderly_pack('decimal must', -1.2);
-- floats as Java's Double.compare: -0.0 before +0.0, one canonical NaN above +Inf
SELECT 'quirk.float', hex(ok_orderly_pack('double', -0.0)), hex(ok_orderly_pack('double', 0.0)), hex(ok_orderly_pack('double', 'NaN')), hex(ok_orderly_pack('double', 9e999)), hex(ok_orderly_pack('float', -1)), hex(ok_orderly_pack('double must', NULL));
-- 3. structs: the last field, and fields followed only by NULLs, take the struct's termination
SELECT 'struct', hex(ok_orderly_pack('long, utf8', 1, 'a')), hex(ok_orderly_pack('long, utf8', 1, NULL)), hex(ok_orderly_pack('long, utf8', NULL, NULL)), hex(ok_orderly_pack('long, utf8', NULL, 'a')), hex(ok_orderly_pack('struct(long, utf8) must', 1, 'a'));
SELECT 'struct.desc', hex(ok_orderly_pack('struct(long, utf8) desc', 1, 'a')), hex(ok_orderly_pack('struct(utf8, int desc), utf8', 'a', 1, 'z')), hex(ok_orderly_pack('utf8 desc, decimal', 'a', NULL));
-- 4. the readers take 'orderly:<schema>'
SELECT 'read', ok_unpack_col(x'8163', 1, 'orderly:long, utf8'), ok_unpack_col(x'8163', -1, 'orderly:long, utf8'), ok_unpack_col(x'81', 2, 'orderly:long, utf8'), ok_count(x'', 'orderly:long, utf8'), ok_valid(x'816301', 'orderly:long, utf8'), ok_valid(x'8163FF', 'orderly:long, utf8');
SELECT 'read.types', ok_unpack_col(ok_orderly_pack('ulong', '18446744073709551615'), 1, 'orderly:ulong'), ok_unpack_col(ok_orderly_pack('double', 'NaN'), 1, 'orderly:double'), ok_json(ok_pack(ok_unpack_col(ok_orderly_pack('float', 0.1), 1, 'orderly:float'))), ok_unpack_col(ok_orderly_pack('decimal', '123456789012345678901234567890.5'), 1, 'orderly:decimal'), ok_json(ok_pack(ok_unpack_col(ok_orderly_pack('decimal', 0.1), 1, 'orderly:decimal'))), ok_unpack_col(ok_orderly_pack('decimal', 1200), 1, 'orderly:decimal');
SELECT 'hex', ok_hex(ok_orderly_pack('long, utf8 desc, double', 1, 'a', NULL), ' ', 'orderly:long, utf8 desc, double');
SELECT 'quote', ok_quote(ok_orderly_pack('long,utf8 DESC,decimal,bytes(prefix=1)', 1, 'a''b', -1.5, x'00ff'), 'orderly:long,utf8 DESC,decimal,bytes(prefix=1)');
SELECT 'json', ok_json(ok_orderly_pack('long, utf8, ulong, double', 1, 'a', '18446744073709551615', 'NaN'), 'orderly:long, utf8, ulong, double');
SELECT 'each', pos, type, kind, value, dir, offset, length, hex FROM ok_each(x'81', 'orderly:long, struct(utf8 desc, double)');
-- Orderly cannot read back its NULL byte array; ok can
SELECT 'null_bytes', hex(ok_orderly_pack('int, bytes, utf8', NULL, NULL, 'a')), ok_quote(ok_orderly_pack('int, bytes, utf8', NULL, NULL, 'a'), 'orderly:int, bytes, utf8');
-- salted Orderly keys
SELECT 'salt', ok_quote(ok_salt(ok_orderly_pack('long, utf8', 1, 'a'), 1, 'orderly:long, utf8'), 'salt+orderly:long, utf8');
-- 5. range scans over the first k fields: [ok_orderly_prefix, ok_orderly_prefix_end)
SELECT 'prefix', hex(ok_orderly_prefix('utf8, long', 'a')), hex(ok_orderly_prefix_end('utf8, long', 'a')), hex(ok_orderly_prefix('utf8 desc, long', 'a')), hex(ok_orderly_prefix_end('utf8 desc, long', 'a'));
CREATE TABLE t(a TEXT, b INTEGER, k BLOB);
INSERT INTO t(a, b) VALUES ('a', NULL), ('a', 5), ('a', -3), ('ab', 1), ('', 2), ('b', NULL), (NULL, 7);
UPDATE t SET k = ok_orderly_pack('utf8, long', a, b);
SELECT 'range', a, b FROM t WHERE k >= ok_orderly_prefix('utf8, long', 'a') AND k < ok_orderly_prefix_end('utf8, long', 'a') ORDER BY k;
SELECT 'order', a, b FROM t ORDER BY k;
-- 6. to HBase OrderedBytes and native keys, in one statement over a table of keys
SELECT 'to_hbase', a, b, hex(ok_hbase_pack(ok_unpack_col(k, 1, 'orderly:utf8, long'), ok_unpack_col(k, 2, 'orderly:utf8, long'))) FROM t ORDER BY k;
SELECT 'to_native', count(*) FROM t WHERE ok_pack(ok_unpack_col(k, 1, 'orderly:utf8, long'), ok_unpack_col(k, 2, 'orderly:utf8, long')) IS NOT ok_pack(a, b);
-- the new keys sort as the Orderly keys did: no neighbours out of order
SELECT 'to_hbase.order', count(*) FROM (SELECT h, lag(h) OVER (ORDER BY k) AS p FROM (SELECT k, ok_hbase_pack(ok_unpack_col(k, 1, 'orderly:utf8, long'), ok_unpack_col(k, 2, 'orderly:utf8, long')) AS h FROM t)) WHERE p >= h;
-- 7. errors name the function and the offence
SELECT ok_orderly_pack('lon', 1);
SELECT ok_orderly_pack('long desc desc', 1);
SELECT ok_orderly_pack('long, ', 1);
SELECT ok_orderly_pack('struct(long', 1);
SELECT ok_orderly_pack('fixed_bytes(0)', x'');
SELECT ok_orderly_pack('bytes(prefix)', x'');
SELECT ok_orderly_pack('long(reserved_bits=3, reserved_value=1)', 1);
SELECT ok_orderly_pack('long', 1, 2);
SELECT ok_orderly_pack('long, long', 1);
SELECT ok_orderly_pack(7, 1);
SELECT ok_orderly_pack('int', 2147483648);
SELECT ok_orderly_pack('uint', -1);
SELECT ok_orderly_pack('ulong', '18446744073709551616');
SELECT ok_orderly_pack('long', 'x');
SELECT ok_orderly_pack('long', 1.5);
SELECT ok_orderly_pack('fixed_long', NULL);
SELECT ok_orderly_pack('fixed_bytes(2)', x'00');
SELECT ok_orderly_pack('bytes(prefix=2)', NULL);
SELECT ok_orderly_pack('bytes(prefix=2)', x'00');
SELECT ok_orderly_pack('utf8', CAST(x'41FF' AS TEXT));
SELECT ok_orderly_pack('utf8', CAST(x'FE41' AS TEXT));
SELECT 'fe_inside', hex(ok_orderly_pack('utf8', CAST(x'41FE' AS TEXT)));
SELECT ok_orderly_pack('utf8', x'41');
SELECT ok_orderly_pack('decimal', 'one');
SELECT ok_orderly_pack('decimal', 9e999);
SELECT ok_orderly_pack('decimal', '1e3000000000');
SELECT ok_orderly_pack('utf8, utf8 should_not, long', 'a', 'b', 1);
SELECT 'should_not_ok', hex(ok_orderly_pack('utf8, utf8 should_not, long', 'a', '', 1));
SELECT ok_unpack_col(x'8163', 1);
SELECT ok_unpack_col(ok_orderly_pack('long', 1), 1);
SELECT ok_unpack_col(x'8163', 1, 'orderly');
SELECT ok_unpack_col(x'8163', 1, 'orderly:lung');
SELECT ok_count(x'816300', 'orderly:long, utf8');
SELECT ok_count(x'8163', 'orderly:long, fixed_int');
SELECT ok_count(x'03', 'orderly:long');
SELECT ok_count(x'E0', 'orderly:decimal');
SELECT ok_count(x'3332', 'orderly:bytes');
SELECT ok_formats(ok_orderly_pack('long', 1));
-- every character of a schema is accounted for: stray text is an error at its place
SELECT ok_orderly_pack('long; utf8', 1);
SELECT ok_orderly_pack('long.utf8', 1);
SELECT ok_orderly_pack('long|utf8', 1);
SELECT ok_orderly_pack('long)))', 1);
SELECT ok_orderly_pack('struct(long)) , utf8', 1);
SELECT ok_orderly_pack('long # comment', 1);
SELECT ok_quote(x'81', 'orderly:long;');
SELECT 'schema.spaces_are_fine', hex(ok_orderly_pack(' long , utf8 desc ', 1, 'a'));
