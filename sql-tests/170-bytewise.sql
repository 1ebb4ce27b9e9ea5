-- bytewise and charwise keys: ok_bytewise_pack, ok_charwise_pack and their
-- constructors, reading with the 'bytewise' and 'charwise' formats, every
-- error. test/bytewise/check.js runs the libraries' own code against these
-- functions; this file pins what lies around them.
.mode quote
.echo on
-- one value is the key's value; several an array of them; an array of one, wrapped
SELECT 'shape.bytewise', hex(ok_bytewise_pack('users')), hex(ok_bytewise_pack('users', 42)), hex(ok_bytewise_pack(ok_bytewise_array('users'))), hex(ok_bytewise_pack());
SELECT 'shape.charwise', ok_charwise_pack('users'), ok_charwise_pack('users', 42), ok_charwise_pack(ok_charwise_array('users')), ok_charwise_pack(), typeof(ok_charwise_pack(1));
SELECT 'shape.quote', ok_quote(ok_bytewise_pack('users'), 'bytewise'), ok_quote(ok_bytewise_pack(ok_bytewise_array('users')), 'bytewise'), ok_quote(ok_bytewise_pack(), 'bytewise'), ok_quote(ok_charwise_pack(ok_charwise_array(ok_charwise_array(1))), 'charwise');
-- bytewise's types
SELECT 'bw.types', hex(ok_bytewise_pack(NULL, ok_bytewise_bool(0), ok_bytewise_bool(1), ok_bytewise_undefined()));
SELECT 'bw.numbers', hex(ok_bytewise_pack(0)), hex(ok_bytewise_pack(-0.0)), hex(ok_bytewise_pack(1)), hex(ok_bytewise_pack(-1)), hex(ok_bytewise_pack(9e999)), hex(ok_bytewise_pack(-9e999)), hex(ok_bytewise_pack(5e-324));
SELECT 'bw.int_limits', hex(ok_bytewise_pack(9007199254740992)), hex(ok_bytewise_pack(-9223372036854775808)), ok_unpack_col(ok_bytewise_pack(-9223372036854775808), 1, 'bytewise'), typeof(ok_unpack_col(ok_bytewise_pack(9.2233720368547758e18), 1, 'bytewise')), ok_unpack_col(ok_bytewise_pack(9.2233720368547758e18), 1, 'bytewise') = 9223372036854775808.0;
SELECT 'bw.bytes', hex(ok_bytewise_pack(x'00FFFE01')), hex(ok_bytewise_pack(x'00FFFE01', 'a' || char(0) || char(1))), hex(ok_bytewise_pack(x'')), hex(ok_bytewise_pack(''));
SELECT 'bw.dates', hex(ok_bytewise_date(0)), hex(ok_bytewise_date(-1)), ok_unpack_col(ok_bytewise_pack(ok_bytewise_date(8.64e15)), 1, 'bytewise'), ok_unpack_col(ok_bytewise_pack(ok_bytewise_date(-8.64e15)), 1, 'bytewise'), ok_bytewise_date('1969-12-31T23:59:59.999Z') = ok_bytewise_date(-1);
SELECT 'bw.nested', hex(ok_bytewise_pack(ok_bytewise_array(), ok_bytewise_array(1, ok_bytewise_array('x')))), ok_json(ok_bytewise_pack(ok_bytewise_array(), ok_bytewise_array(1, ok_bytewise_array('x'))), 'bytewise');
SELECT 'bw.ranges', hex(ok_bytewise_range_begin('users')), hex(ok_bytewise_range_end('users')), ok_bytewise_pack('users', 1) BETWEEN ok_bytewise_range_begin('users') AND ok_bytewise_range_end('users'), ok_bytewise_pack('usersx') BETWEEN ok_bytewise_range_begin('users') AND ok_bytewise_range_end('users');
-- bytewise reading
SELECT 'bw.each', pos, type, kind, value, offset, length, hex FROM ok_each(ok_bytewise_pack(NULL, ok_bytewise_bool(1), -1.5, 'z', x'01', ok_bytewise_date(0), ok_bytewise_array(2), ok_bytewise_undefined()), 'bytewise');
SELECT 'bw.quote', ok_quote(ok_bytewise_pack(NULL, ok_bytewise_bool(1), -1.5, 9e999, 'it''s', x'00', ok_bytewise_date(86400000), ok_bytewise_array(ok_bytewise_array()), ok_bytewise_undefined()), 'bytewise');
SELECT 'bw.json', ok_json(ok_bytewise_pack(NULL, ok_bytewise_bool(0), 2.5, 'z', x'00', ok_bytewise_date(0), ok_bytewise_undefined()), 'bytewise');
SELECT 'bw.hex', ok_hex(ok_bytewise_pack(1, 'a'), ' ', 'bytewise'), ok_count(ok_bytewise_pack(1, 'a'), 'bytewise'), ok_unpack_col(ok_bytewise_pack(1, 'a'), -1, 'bytewise');
-- charwise's types
SELECT 'cw.types', ok_charwise_pack(NULL, ok_charwise_bool(0), ok_charwise_bool(1), ok_charwise_undefined());
SELECT 'cw.numbers', ok_charwise_pack(0), ok_charwise_pack(1), ok_charwise_pack(-1), ok_charwise_pack(1.5), ok_charwise_pack(9e999), ok_charwise_pack(-9e999), ok_charwise_pack(5e-324), ok_charwise_pack(-1.7976931348623157e308);
SELECT 'cw.nan', ok_charwise_number('NaN'), ok_charwise_pack(ok_charwise_number('NaN')), ok_unpack_col('DaN', 1, 'charwise'), ok_quote('DaN', 'charwise');
SELECT 'cw.strings', hex(ok_charwise_pack('a' || char(0) || 'b')), hex(ok_charwise_pack(char(1))), ok_charwise_pack('a!b"c?'), ok_charwise_pack(1, 'a!b"c?'), ok_charwise_pack(1, 'a?b');
SELECT 'cw.read', ok_quote(ok_charwise_pack('a!b"c?', -2.5, NULL, ok_charwise_array()), 'charwise'), ok_json('KJa"FE500M1.00000000000000000000!', 'charwise'), ok_unpack_col(ok_charwise_pack(1, 'a!b"c?'), 2, 'charwise');
SELECT 'cw.each', pos, kind, value, offset, length FROM ok_each('KJa"FE500M1.00000000000000000000"KL!!', 'charwise');
SELECT 'cw.valid', ok_valid(ok_charwise_pack(1), 'charwise'), ok_valid('Ja', 'charwise'), ok_valid('Q', 'charwise'), ok_valid('Ja'), ok_count(CAST('KJa!' AS BLOB), 'charwise'), ok_formats('KJa!', 'charwise');
-- errors: building
SELECT ok_bytewise_pack(9007199254740993);
SELECT ok_bytewise_pack(CAST(x'FF' AS TEXT));
SELECT ok_bytewise_date(1.5);
SELECT ok_bytewise_date(8.64e15 + 1);
SELECT ok_bytewise_date('2024-02-30T00:00:00.000Z');
SELECT ok_bytewise_date('2024-02-29 00:00:00');
SELECT ok_bytewise_date('-000000-01-01T00:00:00.000Z');
SELECT ok_bytewise_date(x'00');
SELECT ok_bytewise_pack(ok_fdb_pack(1));
SELECT ok_bytewise_pack(ok_charwise_array(1));
SELECT ok_charwise_pack(x'00');
SELECT ok_charwise_pack(1, 'a?@');
SELECT ok_charwise_pack(char(0, 0));
SELECT ok_charwise_pack(-9223372036854775807);
-- errors: reading
SELECT ok_count(x'', 'bytewise'), ok_count('', 'charwise');
SELECT ok_count(x'A0', 'bytewise');
SELECT ok_count(x'A04200', 'bytewise');
SELECT ok_count(x'A010', 'bytewise');
SELECT ok_count(x'A0100000', 'bytewise');
SELECT ok_count(x'42BFF0000000000000', 'bytewise');
SELECT ok_count(x'410000000000000000', 'bytewise');
SELECT ok_count(x'4200000000000000', 'bytewise');
SELECT ok_count(x'527FF0000000000000', 'bytewise');
SELECT ok_count(x'A060FF00', 'bytewise');
SELECT ok_count(x'A0600100', 'bytewise');
SELECT ok_count(x'70FF', 'bytewise');
SELECT ok_count(x'A000', 'bytewise'), ok_count(x'A0A00000', 'bytewise');
SELECT ok_count(x'00', 'bytewise');
SELECT ok_count(x'1010', 'bytewise');
SELECT ok_count('KJa', 'charwise');
SELECT ok_count('KJa!!', 'charwise');
SELECT ok_count('KJa"', 'charwise');
SELECT ok_count('KJ?@!', 'charwise');
SELECT ok_count('KJ?x?%!', 'charwise');
SELECT ok_count('FE500M1.5', 'charwise');
SELECT ok_count('FE500M1.50000000000000000000', 'charwise');
SELECT ok_count('FE500M1.500000000000000000000', 'charwise'), ok_count('FE500M1.500000000000000000000', 'charwise');
SELECT ok_count('J' || char(0), 'charwise');
SELECT ok_count('AA', 'charwise');
SELECT ok_count(x'4A80', 'charwise');
SELECT ok_count(ok_charwise_pack(1));
SELECT ok_count(7, 'charwise');
