-- orderedcode keys: ok_orderedcode_pack under a type list, reading with
-- 'orderedcode:<types>', every error. test/orderedcode/vectors.tsv holds
-- orderedcode's own bytes and values; this file pins what lies around them.
.mode quote
.echo on
SELECT 'types', hex(ok_orderedcode_pack('string, infinity, int64, uint64, float64, trailing', 'foo', NULL, 42, 7, 1.5, 'rest'));
SELECT 'decr', hex(ok_orderedcode_pack('string desc, int64 desc', 'foo', 42)), ok_orderedcode_pack('int64 desc', 1) > ok_orderedcode_pack('int64 desc', 2);
SELECT 'int64', hex(ok_orderedcode_pack('int64', -64)), hex(ok_orderedcode_pack('int64', -65)), hex(ok_orderedcode_pack('int64', 63)), hex(ok_orderedcode_pack('int64', 64)), hex(ok_orderedcode_pack('int64', 9223372036854775807)), hex(ok_orderedcode_pack('int64', -9223372036854775808));
SELECT 'uint64', hex(ok_orderedcode_pack('uint64', 0)), hex(ok_orderedcode_pack('uint64', 256)), hex(ok_orderedcode_pack('uint64', '18446744073709551615')), ok_unpack_col(ok_orderedcode_pack('uint64', '18446744073709551615'), 1, 'orderedcode:uint64');
SELECT 'float64', hex(ok_orderedcode_pack('float64', 0.0)), hex(ok_orderedcode_pack('float64', -0.0)), hex(ok_orderedcode_pack('float64', -1.5)), hex(ok_orderedcode_pack('float64', 9e999)), typeof(ok_unpack_col(ok_orderedcode_pack('float64', 2), 1, 'orderedcode:float64'));
SELECT 'strings', hex(ok_orderedcode_pack('string', x'00FF01')), ok_unpack_col(ok_orderedcode_pack('string', x'00FF'), 1, 'orderedcode:string'), ok_unpack_col(ok_orderedcode_pack('string', 'é'), 1, 'orderedcode:string');
SELECT 'or_infinity', hex(ok_orderedcode_pack('string_or_infinity', NULL)), hex(ok_orderedcode_pack('string_or_infinity', 'a')), ok_orderedcode_pack('string_or_infinity', NULL) > ok_orderedcode_pack('string_or_infinity', x'FFFF');
SELECT 'prefix', hex(ok_orderedcode_pack('string, int64', 'a')), ok_count(ok_orderedcode_pack('string, int64', 'a'), 'orderedcode:string, int64'), ok_count(x'', 'orderedcode:string');
SELECT 'trailing', ok_json(ok_orderedcode_pack('string, trailing', 'a', ''), 'orderedcode:string, trailing'), ok_count(x'610001', 'orderedcode:string, trailing');
SELECT 'quote', ok_quote(ok_orderedcode_pack('string desc, int64, uint64, float64, string_or_infinity, trailing desc', x'00', -7, '18446744073709551615', 2.5, NULL, 'end'), 'ORDEREDCODE: String desc,int64,uint64 , float64, string_or_infinity, trailing DESC');
SELECT 'each', pos, type, kind, value, dir, offset, length FROM ok_each(ok_orderedcode_pack('string, int64 desc, infinity', 'k', 5, NULL), 'orderedcode:string, int64 desc, infinity');
SELECT 'formats', ok_formats(x'610001', 'orderedcode:string', 'orderedcode:trailing', 'orderedcode:int64');
-- errors: building
SELECT ok_orderedcode_pack('strin', 1);
SELECT ok_orderedcode_pack('string,', 1);
SELECT ok_orderedcode_pack('string asc', 1);
SELECT ok_orderedcode_pack('trailing, string', 'a', 'b');
SELECT ok_orderedcode_pack(NULL, 1);
SELECT ok_orderedcode_pack('int64', 1, 2);
SELECT ok_orderedcode_pack('int64', NULL);
SELECT ok_orderedcode_pack('int64', 'x');
SELECT ok_orderedcode_pack('int64', 1.5);
SELECT ok_orderedcode_pack('uint64', -1);
SELECT ok_orderedcode_pack('uint64', '18446744073709551616');
SELECT ok_orderedcode_pack('float64', 9007199254740993);
SELECT ok_orderedcode_pack('float64', 'x');
SELECT ok_orderedcode_pack('string', 1);
SELECT ok_orderedcode_pack('infinity', 'x');
-- errors: reading
SELECT ok_count(x'61', 'orderedcode:string');
SELECT ok_count(x'610002', 'orderedcode:string');
SELECT ok_count(x'61FF01', 'orderedcode:string');
SELECT ok_count(x'FFFF', 'orderedcode:string');
SELECT ok_count(x'FFFE', 'orderedcode:infinity');
SELECT ok_count(x'C001', 'orderedcode:int64');
SELECT ok_count(x'C0', 'orderedcode:int64');
SELECT ok_count(x'0900', 'orderedcode:uint64');
SELECT ok_count(x'0100', 'orderedcode:uint64');
SELECT ok_count(x'FFF0000000000000', 'orderedcode:int64');
SELECT ok_count(x'FFC07FF8000000000000', 'orderedcode:float64');
SELECT ok_count(x'003F8000000000000001', 'orderedcode:float64');
SELECT ok_count(x'8081', 'orderedcode:int64');
SELECT ok_count(x'80', 'orderedcode');
SELECT ok_count(ok_orderedcode_pack('int64', 1));
SELECT ok_count(ok_orderedcode_pack('int64', 1), 'orderedcode:uint64');
