-- HBase OrderedBytes: ok_hbase_pack and its constructors, descending items,
-- decoding with the 'hbase' format, Actionbase row keys, every error.
-- test/unit/hbase.c holds HBase's own TestOrderedBytes lengths and the order
-- properties; this file pins bytes and messages.
.mode quote
.echo on
-- SQL values: NULL, the variable-length numeric (INTEGER and REAL alike, so
-- that they interleave as in SQL), text, BlobVar
SELECT 'map.null', hex(ok_hbase_pack(NULL)), hex(ok_hbase_pack());
SELECT 'map.numeric', hex(ok_hbase_pack(0)), hex(ok_hbase_pack(1)), hex(ok_hbase_pack(-1)), hex(ok_hbase_pack(1234)), hex(ok_hbase_pack(12345));
SELECT 'map.numeric.same_for_real', ok_hbase_pack(2) = ok_hbase_pack(2.0), ok_hbase_pack(-0.0) = ok_hbase_pack(0);
SELECT 'map.numeric.small', hex(ok_hbase_pack(0.123)), hex(ok_hbase_pack(0.00123)), hex(ok_hbase_pack(-0.123));
SELECT 'map.numeric.large', hex(ok_hbase_pack(1e20)), hex(ok_hbase_pack(-1e20)), hex(ok_hbase_pack(1.7976931348623157e308));
SELECT 'map.numeric.int64', hex(ok_hbase_pack(9223372036854775807)), hex(ok_hbase_pack(-9223372036854775808));
SELECT 'map.numeric.shortest_decimal', hex(ok_hbase_pack(0.1)), hex(ok_hbase_pack(4.9406564584124654e-324));
SELECT 'map.numeric.inf', hex(ok_hbase_pack(9e999)), hex(ok_hbase_pack(-9e999));
SELECT 'map.text', hex(ok_hbase_pack('')), hex(ok_hbase_pack('abc')), hex(ok_hbase_pack('스'));
SELECT 'map.blob', hex(ok_hbase_pack(x'')), hex(ok_hbase_pack(x'00')), hex(ok_hbase_pack(x'FF')), hex(ok_hbase_pack(x'0102030405060708'));
-- SQL's order of types holds: NULL < numbers < TEXT < BLOB
SELECT 'order.types', ok_hbase_pack(NULL) < ok_hbase_pack(-9e999), ok_hbase_pack(9e999) < ok_hbase_pack(''), ok_hbase_pack('zzz') < ok_hbase_pack(x'');
SELECT 'order.int_real', ok_hbase_pack(2) < ok_hbase_pack(2.5), ok_hbase_pack(2.5) < ok_hbase_pack(3);
-- BlobVar keeps byte order only between blobs of one length: x'01' sorts
-- before x'00FF' (HBase's encoding, reproduced as it is)
SELECT 'order.blob_var_caveat', ok_hbase_pack(x'01') < ok_hbase_pack(x'00FF');
-- beyond 2^53 a REAL is the decimal Java 8-18 prints (2^62 as
-- 4611686018427387900; Java 19+ prints 4611686018427388000): 112-hbase-java
SELECT 'order.real_beyond_2^53', ok_hbase_pack(4611686018427387950) > ok_hbase_pack(4611686018427387904.0), ok_unpack_col(ok_hbase_pack(4611686018427387904.0), 1, 'hbase');
-- order oracle: 20,000 deterministic pseudo-random values (integers and
-- reals within 2^53, where HBase's decimals of doubles keep SQL's order;
-- texts; 8-byte blobs) rank the same under ORDER BY v, under their
-- ok_hbase_pack keys, and reversed under ok_hbase_desc, ties included
CREATE TABLE o AS WITH RECURSIVE g(i, x) AS (SELECT 0, 12345 UNION ALL
  SELECT i + 1, (x * 1103515245 + 12345) % 2147483648 FROM g WHERE i < 20000)
SELECT CASE x % 7
  WHEN 0 THEN NULL
  WHEN 1 THEN (x % 2001) - 1000
  WHEN 2 THEN (x - 1073741824) * ((x / 7) % 4194304)
  WHEN 3 THEN ((x % 4001) - 2000) / 16.0
  WHEN 4 THEN (x - 1073741824) * 1.0e-7 * ((x % 3) * 1e6 + 1)
  WHEN 5 THEN substr('abcXYZ é世', 1 + x % 9, x / 9 % 5)
  ELSE CAST(printf('%08x', x / 3) AS BLOB) END AS v FROM g;
SELECT 'oracle.rows', count(*), count(DISTINCT typeof(v)) FROM o;
SELECT 'oracle.asc_and_desc_mismatches', count(*) FROM (
  SELECT dense_rank() OVER (ORDER BY v) AS a, dense_rank() OVER (ORDER BY ok_hbase_pack(v)) AS b,
         dense_rank() OVER (ORDER BY ok_hbase_desc(v) DESC) AS c FROM o) WHERE a != b OR a != c;
-- constructors for every encoding
SELECT 'int8', hex(ok_hbase_int8(0)), hex(ok_hbase_int8(-128)), hex(ok_hbase_int8(127)), hex(ok_hbase_int8(-3));
SELECT 'int16', hex(ok_hbase_int16(-32768)), hex(ok_hbase_int16(32767)), hex(ok_hbase_int16(258));
SELECT 'int32', hex(ok_hbase_int32(1234)), hex(ok_hbase_int32(-2147483648)), hex(ok_hbase_int32(2147483647)), hex(ok_hbase_int32(5.0));
SELECT 'int64', hex(ok_hbase_int64(5)), hex(ok_hbase_int64(-4)), hex(ok_hbase_int64(9223372036854775807)), hex(ok_hbase_int64(-9223372036854775808));
SELECT 'float32', hex(ok_hbase_float32(0.2)), hex(ok_hbase_float32(-0.0)), hex(ok_hbase_float32('Inf')), hex(ok_hbase_float32('NaN'));
SELECT 'float64', hex(ok_hbase_float64(-3.1)), hex(ok_hbase_float64(0.0)), hex(ok_hbase_float64('-Inf')), hex(ok_hbase_float64('NaN'));
SELECT 'numeric', hex(ok_hbase_numeric(42)), hex(ok_hbase_numeric('42')), hex(ok_hbase_numeric('4.2e1')), hex(ok_hbase_numeric('NaN')), hex(ok_hbase_numeric('-Inf'));
SELECT 'numeric.precision', hex(ok_hbase_numeric('1.000000000000000000000000000001')), hex(ok_hbase_numeric('1.0000000000000000000000000000001'));
-- 31 digits, half up: 32 nines after the point round to 1, which HBase 2.5+ writes
-- with the header of numbers below 1 and an exponent varint of 2^64-1 (2.4 wrote 16FFC8);
-- ok writes the current form and reads both as 1
SELECT 'numeric.rounds_half_up', hex(ok_hbase_numeric('0.99999999999999999999999999999995')), hex(ok_hbase_numeric(1)),
  ok_hbase_numeric('0.99999999999999999999999999999994') = ok_hbase_numeric(1);
SELECT 'numeric.one_forms', ok_unpack_col(x'1600000000000000000002', 1, 'hbase'), ok_unpack_col(x'16FFC8', 1, 'hbase'),
  ok_unpack_col(x'14FFFFFFFFFFFFFFFFFFFD', 1, 'hbase'), ok_quote(x'16FFC8', 'hbase'), ok_json(x'1600000000000000000002', 'hbase');
SELECT 'numeric.one_forms_sort_as_hbase', x'1600000000000000000002' < ok_hbase_numeric('1e-100');
SELECT ok_valid(x'1600000000000000000003', 'hbase'), ok_valid(x'16FFC9', 'hbase');
SELECT 'numeric.big', hex(ok_hbase_numeric('922337203685477580700')), hex(ok_hbase_numeric('-1e-400')), hex(ok_hbase_numeric('9.99e701'));
SELECT 'text', hex(ok_hbase_text('abc')), hex(ok_hbase_text(''));
SELECT 'json', hex(ok_hbase_json('{"a":1}'));
SELECT 'blob_var', hex(ok_hbase_blob_var(x'FF01')), hex(ok_hbase_blob_var('A'));
SELECT 'blob_copy', hex(ok_hbase_blob_copy(x'00FF')), hex(ok_hbase_pack('k', ok_hbase_blob_copy(x'0102')));
SELECT 'bool', hex(ok_hbase_bool(0)), hex(ok_hbase_bool(1)), hex(ok_hbase_bool(-2));
SELECT 'raw', hex(ok_hbase_pack(1, ok_hbase_raw(x'2B800004D2')));
SELECT 'null_args_give_null', ok_hbase_int8(NULL), ok_hbase_int64(NULL), ok_hbase_float64(NULL), ok_hbase_numeric(NULL), ok_hbase_text(NULL), ok_hbase_blob_copy(NULL), ok_hbase_bool(NULL), ok_hbase_raw(NULL);
-- descending: the complement of the whole item, header included
SELECT 'desc', hex(ok_hbase_desc(1234)), hex(ok_hbase_desc(NULL)), hex(ok_hbase_desc('ab')), hex(ok_hbase_desc(ok_hbase_int32(1234)));
SELECT 'desc.blob_copy_gets_terminator', hex(ok_hbase_desc(ok_hbase_blob_copy(x'0102')));
SELECT 'desc.piece_of_items', hex(ok_hbase_desc(ok_hbase_raw(ok_hbase_pack(1, 'a'))));
SELECT 'desc.order', ok_hbase_pack(ok_hbase_desc(2)) < ok_hbase_pack(ok_hbase_desc(1)), ok_hbase_pack(ok_hbase_desc('b')) < ok_hbase_pack(ok_hbase_desc('a')), ok_hbase_pack(ok_hbase_desc('ab')) < ok_hbase_pack(ok_hbase_desc('a'));
-- Actionbase row keys (core/src/test/.../codec/*MapperTest.kt): a 4-byte
-- big-endian xxHash32 of the first three items (source, table code, type
-- code), table code = xxHash32('database.table')
-- (the hash read as a signed int32, as Java holds it)
CREATE TABLE t AS SELECT (ok_xxh32('foo.bars') + 2147483648) % 4294967296 - 2147483648 AS tc;
SELECT 'actionbase.table_code', tc, printf('%08X', tc & 4294967295) FROM t;
CREATE TABLE ab(label TEXT, expected TEXT, key BLOB);
INSERT INTO ab VALUES
 ('EdgeState int/int', '832A80A22B800004D22BB51F98D9297D2B800004D2',
  ok_salt(ok_hbase_pack(ok_hbase_int32(1234), ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-3), ok_hbase_int32(1234)), 3, 'hbase')),
 ('EdgeState int/string', '832A80A22B800004D22BB51F98D9297D34EC8AA4ED8380EBB285EC8AA400',
  ok_salt(ok_hbase_pack(ok_hbase_int32(1234), ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-3), '스타벅스'), 3, 'hbase')),
 ('EdgeState long/string', 'B20E00092C80000000000004D22BB51F98D9297D34EC8AA4ED8380EBB285EC8AA400',
  ok_salt(ok_hbase_pack(ok_hbase_int64(1234), ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-3), '스타벅스'), 3, 'hbase')),
 ('EdgeState float/double', '5358606B30BE4CCCCD2BB51F98D9297D313FF7333333333332',
  ok_salt(ok_hbase_pack(ok_hbase_float32(0.2), ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-3), ok_hbase_float64(-3.1)), 3, 'hbase')),
 ('EdgeCount int IN', 'DCD088962B800004D22BB51F98D9297E2983',
  ok_salt(ok_hbase_pack(ok_hbase_int32(1234), ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-2), ok_hbase_int8(3)), 3, 'hbase')),
 ('EdgeCount string OUT', 'FCF90C573431323334002BB51F98D9297E2982',
  ok_salt(ok_hbase_pack('1234', ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-2), ok_hbase_int8(2)), 3, 'hbase')),
 ('EdgeIndex IN, update_ts ASC', '39874F9F34EC8AA4ED8380EBB285EC8AA4002BB51F98D9297C29832B80000001347570646174655F7473002B800004D2',
  ok_salt(ok_hbase_pack('스타벅스', ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-4), ok_hbase_int8(3), ok_hbase_int32(1), 'update_ts', ok_hbase_int32(1234)), 3, 'hbase')),
 ('EdgeIndex OUT, created_at DESC', 'EBC54A132B800004D22BB51F98D9297C29822B80000001CB9C8D9A9E8B9A9BA09E8BFF2C800000000000162E',
  ok_salt(ok_hbase_pack(ok_hbase_int32(1234), ok_hbase_int32((SELECT tc FROM t)), ok_hbase_int8(-4), ok_hbase_int8(2), ok_hbase_int32(1), ok_hbase_desc('created_at'), ok_hbase_int64(5678)), 3, 'hbase'));
SELECT 'actionbase', label, hex(key) = expected FROM ab;
SELECT 'actionbase.decoded', label, ok_quote(ok_unsalt(key, 'hbase'), 'hbase'), ok_salt_check(key, 3, 'hbase') FROM ab WHERE label LIKE 'EdgeIndex%';
-- an Actionbase EdgeState value (true as int8 1, version, property hashes and values, timestamps)
SELECT 'actionbase.value', ok_json(x'29812C80000000000000012B33D93AE03476616C7565002C80000000000000012B9241DE312C800001983269544E2C800001983269544E2BBC6393822C800001983269544E2C800001983269544E', 'hbase');
-- decoding: ok_each, ok_unpack_col, ok_quote, ok_json with 'hbase'
CREATE TABLE k(id INTEGER PRIMARY KEY, key BLOB);
INSERT INTO k VALUES
  (1, ok_hbase_pack(NULL, 42, -1.5, 'tëxt', x'00FF', ok_hbase_desc(7))),
  (2, ok_hbase_pack(ok_hbase_int8(-3), ok_hbase_int16(300), ok_hbase_int32(-1), ok_hbase_int64(5), ok_hbase_float32(0.5), ok_hbase_float64('NaN'), ok_hbase_bool(1), ok_hbase_json('[1]'))),
  (3, ok_hbase_pack(ok_hbase_numeric('1e-400'), ok_hbase_numeric('12345678901234567890123'), ok_hbase_numeric('NaN'), 9e999, ok_hbase_desc(ok_hbase_blob_copy(x'01')), ok_hbase_blob_copy(x'0001')));
SELECT 'count', id, ok_count(key, 'hbase'), ok_valid(key, 'hbase') FROM k ORDER BY id;
SELECT 'each', id, pos, type, kind, quote(value), dir, offset, length, hex FROM k, ok_each(k.key, 'hbase') ORDER BY id, pos;
SELECT 'quote', id, ok_quote(key, 'hbase') FROM k ORDER BY id;
SELECT 'json', id, ok_json(key, 'hbase'), json_valid(ok_json(key, 'hbase')) FROM k ORDER BY id;
SELECT 'quote.reads_back', ok_hbase_pack(ok_hbase_numeric('1E-400'), ok_hbase_numeric('12345678901234567890123'), ok_hbase_numeric('NaN'), 9e999, ok_hbase_desc(ok_hbase_blob_copy(X'01')), ok_hbase_blob_copy(X'0001')) = key FROM k WHERE id = 3;
SELECT 'unpack', ok_unpack_col(key, 2, 'hbase'), ok_unpack_col(key, -1, 'hbase') FROM k WHERE id = 1;
SELECT 'hex.spaced', ok_hex(key, ' ', 'hbase') FROM k WHERE id = 1;
SELECT 'unpack.invalid_utf8_text', typeof(ok_unpack_col(x'3461FF00', 1, 'hbase')), ok_quote(x'3461FF00', 'hbase');
-- errors: constructors
SELECT ok_hbase_pack('a' || char(0) || 'b');
SELECT ok_hbase_pack(CAST(x'61FF' AS TEXT));
SELECT ok_hbase_pack(ok_pack(1));
SELECT ok_hbase_pack(ok_fdb_pack(1));
SELECT ok_pack(ok_hbase_int8(1));
SELECT ok_fdb_pack(ok_hbase_int8(1));
SELECT ok_hbase_pack(ok_hbase_blob_copy(x'01'), 1);
SELECT ok_hbase_pack(ok_hbase_raw(ok_hbase_pack('a', ok_hbase_blob_copy(x'01'))), NULL);
SELECT ok_hbase_int8(128);
SELECT ok_hbase_int8(-129);
SELECT ok_hbase_int16(32768);
SELECT ok_hbase_int32(2147483648);
SELECT ok_hbase_int32(1.5);
SELECT ok_hbase_int64('5');
SELECT ok_hbase_float32(1e39);
SELECT ok_hbase_float32('x');
SELECT ok_hbase_float64(x'00');
SELECT ok_hbase_numeric('1e702');
SELECT ok_hbase_numeric('12a');
SELECT ok_hbase_numeric('');
SELECT ok_hbase_numeric('1e');
SELECT ok_hbase_numeric(x'01');
SELECT ok_hbase_text(1);
SELECT ok_hbase_text('a' || char(0));
SELECT ok_hbase_json(CAST(x'FF' AS TEXT));
SELECT ok_hbase_blob_var(1);
SELECT ok_hbase_bool('yes');
SELECT ok_hbase_desc(ok_hbase_desc(1));
SELECT ok_hbase_desc(ok_hbase_blob_copy(x'0100'));
SELECT ok_hbase_raw(x'2B80');
SELECT ok_hbase_raw('x');
SELECT ok_hbase_int8();
-- errors: malformed OrderedBytes keys
SELECT ok_valid(x'', 'hbase'), ok_valid(x'2B8000', 'hbase'), ok_valid(x'3461', 'hbase'), ok_valid(x'18', 'hbase'), ok_valid(x'3780', 'hbase');
SELECT ok_count(x'2B8000', 'hbase');
SELECT ok_count(x'04', 'hbase');
SELECT ok_count(x'1803', 'hbase');
SELECT ok_count(x'1801', 'hbase');
SELECT ok_count(x'18CA', 'hbase');
SELECT ok_count(x'1800', 'hbase');
SELECT ok_count(x'2201', 'hbase');
SELECT ok_count(x'22F101', 'hbase');
SELECT ok_count(x'3781', 'hbase');
SELECT ok_count(x'3705', 'hbase');
SELECT ok_count(x'30FFC00001', 'hbase');
-- Java writes one NaN of each width: any other NaN's bits are refused, ascending or descending
SELECT ok_count(x'31FFF8000000000001', 'hbase');
SELECT ok_count(x'CE0007FFFFFFFFFFFE', 'hbase');
SELECT 'float.java_nan', quote(ok_unpack_col(x'31FFF8000000000000', 1, 'hbase')), quote(ok_unpack_col(x'CE0007FFFFFFFFFFFF', 1, 'hbase')), quote(ok_unpack_col(x'CF003FFFFF', 1, 'hbase'));
SELECT ok_count(x'C7FE', 'hbase');
SELECT ok_unpack_col(x'3461', 1, 'hbase');
SELECT ok_quote(x'05FF', 'hbase');
-- HBase 2.5 and later write magnitudes from 1e702 on (2.4 broke there); so does ok
SELECT 'numeric.huge', hex(ok_hbase_numeric('1e702')), hex(ok_hbase_numeric('1e2000')), hex(ok_hbase_numeric('-1e702'));
SELECT 'numeric.huge_reads', ok_unpack_col(ok_hbase_numeric('1e2000'), 1, 'hbase'), ok_quote(ok_hbase_numeric('-1e702'), 'hbase');
SELECT ok_hbase_numeric('1e200000000');
-- powers of two: the 17 digits Java 8-18 writes (2^-24 = 5.9604644775390625E-8)
SELECT 'double.power_of_two', hex(ok_hbase_pack(power(2, -24))), ok_unpack_col(ok_hbase_pack(power(2, -24)), 1, 'hbase') = power(2, -24);
-- float32 rounds as Java's (float) cast: Float.MAX_VALUE as Java prints it, and overflow
SELECT 'float32.round', hex(ok_hbase_float32(3.4028235e38)), hex(ok_hbase_float32(1e39));
-- numerics at the ends of the documented range (magnitudes from 1e-200000000 to below 1e200000000) build and read
SELECT 'numeric.range', ok_valid(ok_hbase_pack(ok_hbase_numeric('9.99e199999999')), 'hbase'), ok_quote(ok_hbase_pack(ok_hbase_numeric('1e199999998')), 'hbase'), ok_quote(ok_hbase_pack(ok_hbase_numeric('-1e-200000000')), 'hbase');
SELECT ok_hbase_numeric('1e200000000');
SELECT ok_quote(x'22FB05F5E10102', 'hbase');
