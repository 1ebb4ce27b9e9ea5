-- MongoDB's KeyString: ok_keystring_pack and its constructors, the readers
-- with and without a key pattern, every kind of value at its edges, and
-- every refusal. test/keystring/check.js holds the npm reader's view and
-- MongoDB's own resume tokens, test/unit/keystring.c the bytes of each
-- number's encoding; this file pins what SQL sees.
.mode quote
.echo on
-- numbers in one order whatever their type: 2 and 2.0 are one key
SELECT 'numbers', hex(ok_keystring_pack('', 0, 1, -1, 2.0, 5.5, -5.5, 0.5, 1e300, 9223372036854775807, -9223372036854775808, 9e999, -9e999, -0.0, 4.9406564584124654e-324));
SELECT 'numbers.read', ok_quote(ok_keystring_pack('', 0, 1, -1, 2.0, 5.5, -5.5, 0.5, 1e300, 9223372036854775807, -9223372036854775808, 9e999, -9e999, -0.0, 4.9406564584124654e-324), 'keystring');
SELECT 'numbers.types', group_concat(typeof(value) || ':' || kind, ' ') FROM ok_each(ok_keystring_pack('', 2, 2.5, 1e19, -9223372036854775808, ok_keystring_nan()), 'keystring');
WITH v(x) AS (VALUES (-9e999), (-1e300), (-9223372036854775808), (-9223372036854775807), (-2), (-1.5), (-1), (-0.5), (-1e-300), (0), (4.9e-324), (1e-77), (0.5), (1), (1.5), (2), (255), (256), (4503599627370495.5), (9007199254740993), (9223372036854775807), (9223372036854775808.0), (1e300), (9e999)) SELECT 'numbers.order', count(*), sum(a.x < b.x) = sum(ok_keystring_pack('', a.x) < ok_keystring_pack('', b.x)), sum(a.x = b.x) = sum(ok_keystring_pack('', a.x) = ok_keystring_pack('', b.x)) FROM v a, v b;
-- Decimal128: equal to a double, an integer, up to 15 digits (the double below, marked)
SELECT 'decimal', hex(ok_keystring_decimal('0.1')), hex(ok_keystring_decimal('1.5')), hex(ok_keystring_decimal('-19.99')), hex(ok_keystring_decimal(100)), hex(ok_keystring_decimal('1E20')), hex(ok_keystring_decimal('-0.00')), hex(ok_keystring_decimal('9223372036854775807')), hex(ok_keystring_decimal('1.5E-70'));
SELECT 'decimal.read', ok_quote(ok_keystring_pack('1, -1', ok_keystring_decimal('0.1'), ok_keystring_decimal('-19.99'), ok_keystring_decimal('1.5'), ok_keystring_decimal('1.23456789012345E-70'), ok_keystring_decimal('123456789012.345'), ok_keystring_decimal('0.000001')), 'keystring:1, -1'), ok_json(ok_keystring_pack('', ok_keystring_decimal('0.1')), 'keystring'), ok_unpack_col(ok_keystring_pack('', ok_keystring_decimal('0.1')), 1, 'keystring') = 0.1;
WITH v(name, k) AS (VALUES ('d0.1', ok_keystring_pack('', ok_keystring_decimal('0.1'))), ('0.1', ok_keystring_pack('', 0.1)), ('below', ok_keystring_pack('', 0.09999999999999999)), ('d0.10000000000000001', ok_keystring_pack('', ok_keystring_decimal('0.100000000000001'))), ('d-0.1', ok_keystring_pack('', ok_keystring_decimal('-0.1'))), ('-0.1', ok_keystring_pack('', -0.1))) SELECT 'decimal.order', group_concat(name, ' ') FROM (SELECT name FROM v ORDER BY k);
SELECT pos, type, kind, value IN (19.99, 2.5), dir, offset, length, hex FROM ok_each(ok_keystring_pack('', ok_keystring_decimal('19.99'), ok_keystring_decimal('2.50')), 'keystring');
SELECT ok_keystring_decimal('0.1234567890123456');
SELECT ok_keystring_decimal('1e-300');
SELECT ok_keystring_decimal('12345678901234567890');
SELECT ok_keystring_decimal('1e7000');
SELECT ok_keystring_decimal('1.2.3');
-- decimals with a continuation (16 to 34 digits; past 2^-255..2^53; beyond the doubles)
SELECT 'decimal.continued', ok_quote(ok_keystring_pack('1, -1', ok_keystring_decimal('0.1234567890123456789'), ok_keystring_decimal('-1E-400'), ok_keystring_decimal('9007199254740993.5'), ok_keystring_decimal('12345678901234567890.5'), ok_keystring_decimal('1.5E-310'), ok_keystring_decimal('9.999999999999999999999999999999999E+6144')), 'keystring:1, -1');
SELECT 'decimal.continued.json', ok_json(ok_keystring_pack('', ok_keystring_decimal('-0.1234567890123456789'), ok_keystring_decimal('1E+400'), ok_keystring_decimal('1E-6176'), 7), 'keystring'), ok_unpack_col(ok_keystring_pack('', ok_keystring_decimal('0.1234567890123456789')), 1, 'keystring') = 0.1234567890123456789, ok_unpack_col(ok_keystring_pack('', ok_keystring_decimal('-1E+400')), 1, 'keystring') = -9e999;
SELECT pos, type, kind, dir, offset, length, hex FROM ok_each(ok_keystring_pack('1, -1', ok_keystring_decimal('9007199254740992.5'), ok_keystring_decimal('36028797018963968.5'), 'x'), 'keystring:1, -1');
WITH v(name, k) AS (VALUES ('0.1', ok_keystring_pack('', 0.1)), ('d0.1000000000000000055511151231257827', ok_keystring_pack('', ok_keystring_decimal('0.1000000000000000055511151231257827'))), ('d0.1000000000000000055511151231257828', ok_keystring_pack('', ok_keystring_decimal('0.1000000000000000055511151231257828'))), ('d0.1', ok_keystring_pack('', ok_keystring_decimal('0.1'))), ('d0.09999999999999999999', ok_keystring_pack('', ok_keystring_decimal('0.09999999999999999999'))), ('below', ok_keystring_pack('', 0.09999999999999999)), ('dmax', ok_keystring_pack('', ok_keystring_decimal('1.797693134862315708145274237317044E+308'))), ('max', ok_keystring_pack('', 1.7976931348623157e308)), ('inf', ok_keystring_pack('', 9e999)), ('d1E+6144', ok_keystring_pack('', ok_keystring_decimal('1E+6144')))) SELECT 'decimal.continued.order', group_concat(name, ' ') FROM (SELECT name FROM v ORDER BY k);
SELECT 'decimal.continued.typebits', ok_keystring_ejson(ok_keystring_pack('', ok_keystring_decimal('0.1234567890123456789')), x'7F'), ok_keystring_ejson(ok_keystring_pack('', ok_keystring_decimal('1E+400')), x'0F');
SELECT ok_keystring_ejson(ok_keystring_pack('', ok_keystring_decimal('0.1234567890123456789')), x'01');
SELECT ok_json('2AFEFE6B74DD1BD97DFFFFFFFFFFFFFFFF04', 'keystring');
SELECT ok_json('2AFEFE6B74DD1BD97F00365C4DBC0428F004', 'keystring');
SELECT ok_json('33DFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF04', 'keystring');
SELECT ok_quote('2AFF8000000000000204', 'keystring');
SELECT ok_quote('2AFF8000000000000304', 'keystring');
-- strings: NUL as 00 FF; BinData by length first; the types in BSON's order
SELECT 'strings', hex(ok_keystring_pack('', '', 'a' || char(0) || 'b', char(0), 'é')), ok_quote(ok_keystring_pack('', 'a' || char(0) || 'b', ''), 'keystring');
SELECT 'bindata', hex(ok_keystring_pack('', x'', x'FF00', ok_keystring_bindata(x'0102', 4), ok_keystring_bindata(zeroblob(255), 0))) LIKE '5A0000' || '5A0200FF00' || '5A020401025AFF000000FF00%04';
WITH t(name, k) AS (VALUES ('maxkey', ok_keystring_pack('', ok_keystring_maxkey())), ('timestamp', ok_keystring_pack('', ok_keystring_timestamp(0, 0))), ('date', ok_keystring_pack('', ok_keystring_date(0))), ('true', ok_keystring_pack('', ok_keystring_bool(1))), ('false', ok_keystring_pack('', ok_keystring_bool(0))), ('oid', ok_keystring_pack('', ok_keystring_oid('000000000000000000000000'))), ('bindata', ok_keystring_pack('', x'')), ('array', ok_keystring_pack('', ok_keystring_array())), ('object', ok_keystring_pack('', ok_keystring_object())), ('string', ok_keystring_pack('', '')), ('number', ok_keystring_pack('', -9e999)), ('nan', ok_keystring_pack('', ok_keystring_nan())), ('null', ok_keystring_pack('', NULL)), ('undefined', ok_keystring_pack('', ok_keystring_undefined())), ('minkey', ok_keystring_pack('', ok_keystring_minkey()))) SELECT 'types.order', group_concat(name, ' ') FROM (SELECT name FROM t ORDER BY k);
-- the constructors
SELECT 'oid', hex(ok_keystring_oid('507F1F77BCF86CD799439011')), hex(ok_keystring_oid(x'507F1F77BCF86CD799439011')), ok_unpack_col(ok_keystring_pack('', ok_keystring_oid('507f1f77bcf86cd799439011')), 1, 'keystring');
SELECT 'date', hex(ok_keystring_date('2024-02-29T12:00:00.500Z')), hex(ok_keystring_date(-1)), ok_unpack_col(ok_keystring_pack('', ok_keystring_date(-8640000000000000)), 1, 'keystring'), ok_unpack_col(ok_keystring_pack('', ok_keystring_date(8640000000000000)), 1, 'keystring');
SELECT 'timestamp', hex(ok_keystring_timestamp(1630438675, 1)), ok_unpack_col(ok_keystring_pack('', ok_keystring_timestamp(2147483647, 4294967295)), 1, 'keystring'), ok_unpack_col(ok_keystring_pack('', ok_keystring_timestamp(4294967295, 4294967295)), 1, 'keystring');
SELECT 'constants', hex(ok_keystring_minkey()), hex(ok_keystring_maxkey()), hex(ok_keystring_undefined()), hex(ok_keystring_nan()), hex(ok_keystring_bool(1)), hex(ok_keystring_bool(0)), ok_keystring_bool(NULL), ok_keystring_oid(NULL), ok_keystring_date(NULL), ok_keystring_timestamp(NULL, 1), ok_keystring_bindata(NULL, 0), ok_keystring_recordid(NULL);
SELECT 'regex_code_dbpointer', hex(ok_keystring_regex('^a.*', 'i')), hex(ok_keystring_code('f()')), hex(ok_keystring_dbpointer('db.c', '507f1f77bcf86cd799439011')), ok_quote(ok_keystring_pack('-1, -1, -1', ok_keystring_regex('^a', ''), ok_keystring_code('x' || char(0)), ok_keystring_dbpointer('', x'000102030405060708090A0B')), 'keystring:-1, -1, -1');
SELECT 'regex_code_dbpointer.read', ok_json(ok_keystring_pack('', ok_keystring_regex('^a.*', 'i'), ok_keystring_code('f()'), ok_keystring_dbpointer('db.c', '507f1f77bcf86cd799439011')), 'keystring'), (SELECT group_concat(value || ':' || kind, ' ') FROM ok_each(ok_keystring_pack('', ok_keystring_regex('^a.*', 'i'), ok_keystring_code('f()'), ok_keystring_dbpointer('db.c', '507f1f77bcf86cd799439011')), 'keystring'));
-- code with scope: the code as a string, then its scope's fields (a scope counts two levels)
SELECT 'codewscope', hex(ok_keystring_codewscope('f(x)', ok_keystring_object('x', 1, 'y', 'a' || char(0)))), ok_quote(ok_keystring_pack('1, -1', ok_keystring_codewscope('f', ok_keystring_object()), ok_keystring_codewscope('g' || char(0), ok_keystring_object('s', ok_keystring_codewscope('h', ok_keystring_object('n', ok_keystring_decimal('0.1234567890123456789')))))), 'keystring:1, -1');
SELECT 'codewscope.read', ok_json(ok_keystring_pack('', ok_keystring_codewscope('f(x)', ok_keystring_object('x', 1, 'y', ok_keystring_array(1.5, 'z'))), 'a'), 'keystring'), ok_unpack_col(ok_keystring_pack('', ok_keystring_codewscope('f', ok_keystring_object('x', 1))), 1, 'keystring') = ok_keystring_codewscope('f', ok_keystring_object('x', 1)), ok_keystring_ejson(ok_keystring_pack('', ok_keystring_codewscope('f', ok_keystring_object('x', 1, 'y', 2.5))), x'04');
SELECT pos, type, kind, dir, offset, length, hex FROM ok_each(ok_keystring_pack('{a: -1}', ok_keystring_codewscope('f', ok_keystring_object('x', NULL)), 7), 'keystring:{a: -1}');
WITH v(name, k) AS (VALUES ('code', ok_keystring_pack('', ok_keystring_code('g'))), ('cws-f', ok_keystring_pack('', ok_keystring_codewscope('f', ok_keystring_object()))), ('maxkey', ok_keystring_pack('', ok_keystring_maxkey())), ('cws-f-a', ok_keystring_pack('', ok_keystring_codewscope('f', ok_keystring_object('a', 1)))), ('cws-g', ok_keystring_pack('', ok_keystring_codewscope('g', ok_keystring_object()))), ('cws-f0', ok_keystring_pack('', ok_keystring_codewscope('f' || char(0), ok_keystring_object())))) SELECT 'codewscope.order', group_concat(name, ' ') FROM (SELECT name FROM v ORDER BY k);
SELECT ok_keystring_codewscope('f', 1);
SELECT ok_keystring_codewscope(x'66', ok_keystring_object());
SELECT ok_keystring_codewscope(NULL, ok_keystring_object()) IS NULL;
SELECT ok_json('AA610004', 'keystring');
SELECT ok_json('AA61001478002B020004', 'keystring');
-- a query bound's discriminator (01 before, FE after the keys it starts; never inverted), then the end byte
SELECT 'bound', hex(ok_keystring_pack('{a: 1, b: -1}', 5, 'x', ok_keystring_exclusive_before())), hex(ok_keystring_pack('', 5, ok_keystring_exclusive_after())), ok_json(ok_keystring_pack('{a: 1, b: -1}', 5, 'x', ok_keystring_exclusive_before()), 'keystring:{a: 1, b: -1}'), ok_quote(ok_keystring_pack('-1', 5, ok_keystring_exclusive_after()), 'keystring:-1'), ok_keystring_ejson(ok_keystring_pack('', 5, ok_keystring_exclusive_after()), NULL);
SELECT pos, type, kind, quote(value), dir, offset, length, hex FROM ok_each(ok_keystring_pack('', 5, ok_keystring_exclusive_after()), 'keystring');
WITH v(name, k) AS (VALUES ('5-before', ok_keystring_pack('', 5, ok_keystring_exclusive_before())), ('5', ok_keystring_pack('', 5)), ('5-rid', ok_keystring_pack('', 5, ok_keystring_recordid(1))), ('5-a', ok_keystring_pack('', 5, 'a')), ('5-maxkey', ok_keystring_pack('', 5, ok_keystring_maxkey())), ('5-after', ok_keystring_pack('', 5, ok_keystring_exclusive_after())), ('6-before', ok_keystring_pack('', 6, ok_keystring_exclusive_before()))) SELECT 'bound.order', group_concat(name, ' ') FROM (SELECT name FROM v ORDER BY k);
SELECT ok_keystring_pack('', ok_keystring_exclusive_before(), 5);
SELECT ok_keystring_array(ok_keystring_exclusive_after());
SELECT ok_json('2B0A0105', 'keystring');
SELECT ok_json('2B0AFE040008', 'keystring');
SELECT hex(ok_convert(ok_keystring_pack('', 5, ok_keystring_exclusive_after()), 'keystring', 'ok'));
-- KeyString version 0 ('v0': indexes of version 1, before MongoDB 3.4): numbers below 1 and from 2^63 as the double's bits, fractions in their bits' bytes, no decimals
SELECT 'v0', hex(ok_keystring_pack('v0', 1.5, -1.5, 0.5, -0.5, 9.3e18, -9223372036854775808, 9e999, 5)), hex(ok_keystring_pack('{a: 1, b: -1} v0', 2.5, ok_keystring_array(0.25, ok_keystring_object('x', -3.75))));
SELECT 'v0.read', ok_json(ok_keystring_pack('v0', 1.5, -0.5, 1e300, -9223372036854775808, ok_keystring_array(2.5, ok_keystring_object('x', -3.25))), 'keystring:v0'), ok_quote(ok_keystring_pack('{a: 1, b: -1} v0', 1.5, ok_keystring_codewscope('f', ok_keystring_object('n', 0.25))), 'keystring:{a: 1, b: -1} v0'), ok_keystring_ejson(ok_keystring_pack('v0', 1.5, 7), x'01', 'v0');
WITH v(name, k) AS (VALUES ('-inf', ok_keystring_pack('v0', -9e999)), ('-1.5', ok_keystring_pack('v0', -1.5)), ('-0.5', ok_keystring_pack('v0', -0.5)), ('0', ok_keystring_pack('v0', 0)), ('1e-310', ok_keystring_pack('v0', 1e-310)), ('0.5', ok_keystring_pack('v0', 0.5)), ('1', ok_keystring_pack('v0', 1)), ('1.5', ok_keystring_pack('v0', 1.5)), ('2^52-0.5', ok_keystring_pack('v0', 4503599627370495.5)), ('2^63', ok_keystring_pack('v0', 9223372036854775808.0)), ('inf', ok_keystring_pack('v0', 9e999))) SELECT 'v0.order', group_concat(name, ' ') FROM (SELECT name FROM v ORDER BY k);
SELECT ok_keystring_pack('v0', ok_keystring_decimal('0.1'));
SELECT ok_keystring_pack('clustered v0', 1);
SELECT ok_keystring_ejson(ok_keystring_pack('v0', 1.5), x'03', 'v0');
SELECT ok_json('2B0380000000000000000004', 'keystring:v0');
SELECT 'containers', hex(ok_keystring_object('a', 1, 'b', ok_keystring_array(1, 'x'))), hex(ok_keystring_array()), hex(ok_keystring_object());
SELECT 'containers.read', ok_json(ok_keystring_pack('', ok_keystring_object('a', 1.5, 'b', ok_keystring_array(NULL, ok_keystring_object('c', x'00')), 'é', ok_keystring_maxkey())), 'keystring'), ok_quote(ok_keystring_pack('', ok_keystring_array(ok_keystring_array(), ok_keystring_object())), 'keystring');
SELECT 'containers.names', ok_json(ok_keystring_pack('', ok_keystring_object(CAST(x'FF61' AS TEXT), 1, 'a"' || char(10), 2)), 'keystring'), ok_quote(ok_keystring_pack('', ok_keystring_object(CAST(x'FF61' AS TEXT), 1)), 'keystring');
SELECT 'containers.value', hex(ok_unpack_col(ok_keystring_pack('', ok_keystring_object('a', 1)), 1, 'keystring')) = hex(ok_keystring_object('a', 1));
-- record ids: after the end byte, never complemented
SELECT 'recordid', hex(ok_keystring_pack('', 'a', ok_keystring_recordid(1))), hex(ok_keystring_pack('', 'a', ok_keystring_recordid(1024))), hex(ok_keystring_pack('', ok_keystring_recordid(9223372036854775807))), hex(ok_keystring_pack('-1', 'a', ok_keystring_recordid(0)));
SELECT 'recordid.read', ok_quote(ok_keystring_pack('{a: -1}', 'a', ok_keystring_recordid(123456789)), 'keystring:{a: -1}'), ok_unpack_col(ok_keystring_pack('', 'a', ok_keystring_recordid(42)), 2, 'keystring'), ok_count(ok_keystring_pack('', 'a', ok_keystring_recordid(42)), 'keystring');
-- a clustered collection's record ids: its cluster key's value as a KeyString, then that's length
SELECT 'clustered', hex(ok_keystring_clusterkey(ok_keystring_oid('507f1f77bcf86cd799439011'))), hex(ok_keystring_pack('{a: -1} clustered', 'a', ok_keystring_clusterkey(5))), hex(ok_keystring_clusterkey('x' || char(0))), hex(ok_keystring_clusterkey(NULL)), length(ok_keystring_clusterkey(zeroblob(124))), hex(substr(ok_keystring_clusterkey(zeroblob(124)), -2)), hex(substr(ok_keystring_clusterkey(zeroblob(16377)), -3));
SELECT 'clustered.read', ok_json(ok_keystring_pack('', 'a', ok_keystring_clusterkey(ok_keystring_oid('507f1f77bcf86cd799439011'))), 'keystring:clustered'), ok_quote(ok_keystring_pack('{a: -1} clustered', 'a', ok_keystring_clusterkey(ok_keystring_object('t', ok_keystring_date('2024-01-01T00:00:00.000Z'), 'n', 2.5))), 'keystring:{a: -1} clustered'), ok_unpack_col(ok_keystring_pack('', 1, ok_keystring_clusterkey('id-7')), 2, 'keystring:1 clustered'), ok_count(ok_keystring_pack('', ok_keystring_clusterkey(7)), 'keystring:clustered');
SELECT pos, type, kind, quote(value), dir, offset, length, hex FROM ok_each(ok_keystring_pack('{a: 1, b: -1} clustered', 'x', 5, ok_keystring_clusterkey(ok_keystring_decimal('0.1'))), 'keystring:{a: 1, b: -1} clustered');
WITH v(id) AS (VALUES (1), (2.5), ('a'), ('b'), (x'00'), (NULL)) SELECT 'clustered.order', group_concat(quote(id), ' ') FROM (SELECT id FROM v ORDER BY ok_keystring_pack('', 'same', ok_keystring_clusterkey(id)));
-- TypeBits: each value's BSON type, in MongoDB's canonical Extended JSON; real resume tokens with their _typeBits (documentKey {_id: 3.0}; numInitialChunks: NumberLong(0); key {a: 1.0})
SELECT 'typebits', ok_keystring_ejson('825F103644000000042B022C0100296E5A100452A662230D6B4C08B0AF844900F3A335461E5F6964002B060004', 'QA==');
SELECT 'typebits.long', ok_keystring_ejson('82687A6EC9000000232B042C0100296E5A100427FA47D5CB1849FCAA4446F4EF84EA28463C6F7065726174696F6E54797065003C7368617264436F6C6C656374696F6E00466F7065726174696F6E4465736372697074696F6E00464673686172644B657900463C5F6964003C68617368656400006E756E69717565006E1E6E756D496E697469616C4368756E6B7300296E70726573706C69744861736865645A6F6E6573006E000004', x'820002');
SELECT 'typebits.nested', ok_keystring_ejson('82687A09F4000000062B042C0100296E5A100435E288933C8245C6B0E9DE829C0E5056463C6F7065726174696F6E54797065003C637265617465496E646578657300466F7065726174696F6E4465736372697074696F6E004650696E64657865730050461E76002B04466B657900461E61002B02003C6E616D65003C615F310000461E76002B04466B657900461E62002B02003C6E616D65003C625F31000000000004', 'gwBCAA==');
SELECT 'typebits.none', ok_keystring_ejson('825F103644000000042B022C0100296E5A100452A662230D6B4C08B0AF844900F3A335461E5F6964002B060004', NULL), ok_keystring_ejson('825F103644000000042B022C0100296E5A100452A662230D6B4C08B0AF844900F3A335461E5F6964002B060004', x'');
SELECT 'typebits.values', ok_keystring_ejson(ok_keystring_pack('', 5.5, 'x', ok_keystring_decimal('0.1'), ok_keystring_date(-1), ok_keystring_bindata(x'01FF02', 4), ok_keystring_regex('^a', 'i'), ok_keystring_dbpointer('db.c', '507f1f77bcf86cd799439011'), ok_keystring_code('f()'), ok_keystring_oid('507f1f77bcf86cd799439011'), ok_keystring_timestamp(1, 2), ok_keystring_minkey(), NULL, 1 = 1, ok_keystring_recordid(3)), x'82D903');
SELECT 'typebits.zeros', ok_keystring_ejson(ok_keystring_pack('', 0, 0, 0.0), x'838E1D78'), ok_keystring_ejson(ok_keystring_pack('{a: -1} clustered', 0, 'y', ok_keystring_clusterkey(2.5)), x'01', '{a: -1} clustered');
-- From Extended JSON: the key and the TypeBits MongoDB keeps beside it; the real tokens' own TypeBits built again from what ok_keystring_ejson shows
WITH t(k, tb) AS (VALUES ('825F103644000000042B022C0100296E5A100452A662230D6B4C08B0AF844900F3A335461E5F6964002B060004', 'QA=='), ('82687A6EC9000000232B042C0100296E5A100427FA47D5CB1849FCAA4446F4EF84EA28463C6F7065726174696F6E54797065003C7368617264436F6C6C656374696F6E00466F7065726174696F6E4465736372697074696F6E00464673686172644B657900463C5F6964003C68617368656400006E756E69717565006E1E6E756D496E697469616C4368756E6B7300296E70726573706C69744861736865645A6F6E6573006E000004', x'820002'), ('82687A09F4000000062B042C0100296E5A100435E288933C8245C6B0E9DE829C0E5056463C6F7065726174696F6E54797065003C637265617465496E646578657300466F7065726174696F6E4465736372697074696F6E004650696E64657865730050461E76002B04466B657900461E61002B02003C6E616D65003C615F310000461E76002B04466B657900461E62002B02003C6E616D65003C625F31000000000004', 'gwBCAA==')) SELECT 'ejson.tokens', hex(ok_keystring_from_ejson(j)) = k, hex(ok_keystring_typebits(j)) FROM (SELECT k, ok_keystring_ejson(k, tb) j FROM t);
SELECT 'ejson', hex(ok_keystring_from_ejson('[1, {"$numberLong": "1"}, 1.0, {"$numberDecimal": "1.0"}, "a", {"$symbol": "a"}]')), hex(ok_keystring_typebits('[1, {"$numberLong": "1"}, 1.0, {"$numberDecimal": "1.0"}, "a", {"$symbol": "a"}]'));
SELECT 'ejson.zeros', hex(ok_keystring_typebits('[{"$numberDouble": "-0.0"}]')), hex(ok_keystring_typebits('[{"$numberDouble": "-0.0"}]', 'v0')), hex(ok_keystring_typebits('[{"$numberDecimal": "0"}, {"$numberDecimal": "-0E-6176"}, {"$numberDecimal": "0E+9999"}]')), hex(ok_keystring_typebits('[]')), hex(ok_keystring_typebits('[1, 2, "a"]')), hex(ok_keystring_from_ejson('[]'));
SELECT 'ejson.sizes', hex(ok_keystring_typebits('[{"$numberLong": "1"}]')), hex(ok_keystring_typebits('[1, 1, 1, {"$numberLong": "1"}]')), hex(ok_keystring_typebits('[1, 1, 1, 1, {"$numberLong": "1"}]')), length(ok_keystring_typebits('[' || substr(replace(hex(zeroblob(520)), '00', '{"$numberLong": "1"},'), 1, 520 * 21 - 1) || ']')), hex(substr(ok_keystring_typebits('[' || substr(replace(hex(zeroblob(520)), '00', '{"$numberLong": "1"},'), 1, 520 * 21 - 1) || ']'), 1, 6));
WITH z(n) AS (VALUES (1), (15), (16), (29), (30), (40)) SELECT 'ejson.zeros.room', n, hex(ok_keystring_typebits(j)), hex(ok_keystring_from_ejson(j)) FROM (SELECT n, '[' || substr(replace(printf('%.*c', n, 'x'), 'x', '{"$numberDecimal": "-0E+1"},'), 1, n * 28 - 1) || ']' j FROM z);
SELECT 'ejson.decimal', ok_keystring_ejson(ok_keystring_from_ejson(j), ok_keystring_typebits(j)) FROM (SELECT '[{"$numberDecimal": "1.50"}, {"$numberDecimal": "-19.990"}, {"$numberDecimal": "1E+6144"}, {"$numberDecimal": "1.0000000000000000000000000000000000"}, {"$numberDecimal": "0.1000000000000000000000000000000001"}, {"$numberDecimal": "1E-400"}, {"$numberDecimal": "NaN"}, {"$numberDecimal": "-inf"}, {"$numberDecimal": "-0.00"}]' j);
SELECT 'ejson.types', ok_keystring_ejson(ok_keystring_from_ejson(j, p), ok_keystring_typebits(j, p), p), hex(ok_keystring_from_ejson(j, p)) = hex(ok_keystring_pack(p, ok_keystring_object('a', ok_keystring_array(1, ok_keystring_oid('507f1f77bcf86cd799439011')), 'b', ok_keystring_date(-5)), ok_keystring_timestamp(1, 2), ok_keystring_bindata(x'0102', 4), ok_keystring_regex('a.b', 'i'), ok_keystring_dbpointer('db.c', '507f1f77bcf86cd799439011'), ok_keystring_code('f()'), ok_keystring_codewscope('g()', ok_keystring_object('x', 1)), ok_keystring_minkey(), ok_keystring_maxkey(), ok_keystring_undefined(), NULL, ok_keystring_bool(1), ok_keystring_bool(0), 'a' || char(0) || 'b', ok_keystring_recordid(42))) FROM (SELECT '[{"a": [1, {"$oid": "507f1f77bcf86cd799439011"}], "b": {"$date": {"$numberLong": "-5"}}}, {"$timestamp": {"t": 1, "i": 2}}, {"$binary": {"base64": "AQI=", "subType": "04"}}, {"$regularExpression": {"pattern": "a.b", "options": "i"}}, {"$dbPointer": {"$ref": "db.c", "$id": {"$oid": "507f1f77bcf86cd799439011"}}}, {"$code": "f()"}, {"$code": "g()", "$scope": {"x": {"$numberLong": "1"}}}, {"$minKey": 1}, {"$maxKey": 1}, {"$undefined": true}, null, true, false, "a\u0000b", {"recordid": {"$numberLong": "42"}}]' j, '{a: 1, b: -1, c: 1}' p);
SELECT 'ejson.relaxed', hex(ok_keystring_from_ejson('[{"$date": "1970-01-01T00:00:01Z"}, {"$date": "1970-01-01T00:00:01.500Z"}, {"$date": 7}, {"$binary": "AQI=", "$type": "4"}, {"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}, {"$regex": "x", "$options": "m"}, {"$type": "00", "$binary": ""}, 2147483648, 9223372036854775808, 1e2, -0]')), hex(ok_keystring_typebits('[2147483647, 2147483648, 9223372036854775808, 1e2, -0, -0.0]'));
SELECT 'ejson.documents', ok_json(ok_keystring_from_ejson('[{"$ref": "c", "$id": 1}, {"$foo": 1}, {}, {"a": {"$numberInt": "1"}, "": []}]'), 'keystring');
SELECT 'ejson.documents.partners', ok_json(ok_keystring_from_ejson('[{"$type": "string"}, {"$options": 1, "$x": 2}, {"$scope": {"x": 1}, "$code": "f()"}, {"$type": "04", "$binary": "AQI="}]'), 'keystring');
SELECT 'ejson.end', hex(ok_keystring_from_ejson('[1, {"recordid": 7}]')), hex(ok_keystring_from_ejson('[1, {"discriminator": "exclusiveBefore"}]', '-1')), hex(ok_keystring_from_ejson('["x", {"recordid": {"$oid": "507f1f77bcf86cd799439011"}}]', '{a: -1} clustered')) = hex(ok_keystring_pack('{a: -1} clustered', 'x', ok_keystring_clusterkey(ok_keystring_oid('507f1f77bcf86cd799439011')))), hex(ok_keystring_typebits('[1.5, {"recordid": 2.5}]', 'clustered'));
SELECT 'ejson.text', hex(ok_keystring_from_ejson(' [ "\ud83d\ude00\u00e9\n\/\"" , "é" ] ')), ok_keystring_from_ejson(NULL), hex(ok_keystring_typebits('[1]', 'v0')), ok_json(ok_keystring_from_ejson('[1.5, -0.5]', '{a: 1, b: -1} v0'), 'keystring:{a: 1, b: -1} v0');
SELECT 'ejson.v0', hex(ok_keystring_typebits(j, 'v0')), ok_keystring_ejson(ok_keystring_from_ejson(j, 'v0'), ok_keystring_typebits(j, 'v0'), 'v0') FROM (SELECT '[{"$numberDouble": "-0.0"}, {"$numberLong": "1"}, [{"$numberDouble": "-0.0"}, {"$symbol": "a"}, {"$numberDouble": "NaN"}, {"$numberLong": "-9223372036854775808"}]]' j);
SELECT ok_keystring_from_ejson('{"a": 1}');
SELECT ok_keystring_from_ejson('[1,');
SELECT ok_keystring_from_ejson('[1] x');
SELECT ok_keystring_from_ejson('[01]');
SELECT ok_keystring_from_ejson('[1 2]');
SELECT ok_keystring_from_ejson('[{"a" 1}]');
SELECT ok_keystring_from_ejson('[{"a": 1 "b": 2}]');
SELECT ok_keystring_from_ejson('["\ud800"]');
SELECT ok_keystring_from_ejson('["\x"]');
SELECT ok_keystring_from_ejson('["a' || char(9) || '"]');
SELECT ok_keystring_from_ejson(CAST(x'5B2280225D' AS TEXT));
SELECT ok_keystring_from_ejson('[tru]');
SELECT ok_keystring_from_ejson('[{"a\u0000": 1}]');
SELECT ok_keystring_from_ejson('[{"$numberInt": "2147483648"}]');
SELECT ok_keystring_from_ejson('[{"$numberInt": 1}]');
SELECT ok_keystring_from_ejson('[{"$numberLong": "9223372036854775808"}]');
SELECT ok_keystring_from_ejson('[{"$numberDouble": "1e400"}]');
SELECT ok_keystring_from_ejson('[{"$numberDouble": "1.x"}]');
SELECT ok_keystring_from_ejson('[1.00000000000000000000000000000000001]');
SELECT ok_keystring_from_ejson('[{"$numberDecimal": "1E+6145"}]');
SELECT ok_keystring_from_ejson('[{"$numberDecimal": "1.5E-6176"}]');
SELECT ok_keystring_from_ejson('[{"$numberDecimal": "1"}]', 'v0');
SELECT ok_keystring_from_ejson('[{"$numberInt": "1", "x": 2}]');
SELECT ok_keystring_from_ejson('[{"$oid": "507f"}]');
SELECT ok_keystring_from_ejson('[{"$date": "2020-01-01"}]');
SELECT ok_keystring_from_ejson('[{"$date": {"$numberLong": "8640000000000001"}}]');
SELECT ok_keystring_from_ejson('[{"$timestamp": {"t": 4294967296, "i": 0}}]');
SELECT ok_keystring_from_ejson('[{"$binary": {"base64": "AQ=", "subType": "00"}}]');
SELECT ok_keystring_from_ejson('[{"$regularExpression": {"pattern": "a\u0000", "options": ""}}]');
SELECT ok_keystring_from_ejson('[{"$code": 1}]');
SELECT ok_keystring_from_ejson('[{"$minKey": 2}]');
SELECT ok_keystring_from_ejson('[{"recordid": -1}]');
SELECT ok_keystring_from_ejson('[{"recordid": 9223372036854775808}]');
SELECT ok_keystring_from_ejson('[{"recordid": 1}, 2]');
SELECT ok_keystring_from_ejson('[{"discriminator": "before"}]');
SELECT 'ejson.depth', ok_count(ok_keystring_from_ejson('[' || replace(hex(zeroblob(200)), '00', '[') || replace(hex(zeroblob(200)), '00', ']') || ']'), 'keystring'), ok_count(ok_keystring_from_ejson('[' || replace(hex(zeroblob(198)), '00', '[') || '{"$code": "", "$scope": {}}' || replace(hex(zeroblob(198)), '00', ']') || ']'), 'keystring');
SELECT ok_keystring_from_ejson('[' || replace(hex(zeroblob(201)), '00', '[') || replace(hex(zeroblob(201)), '00', ']') || ']');
SELECT ok_keystring_from_ejson('[' || replace(hex(zeroblob(198)), '00', '[') || '[{"$code": "", "$scope": {}}]' || replace(hex(zeroblob(198)), '00', ']') || ']');
SELECT ok_keystring_typebits(1);
SELECT ok_keystring_typebits('[1]', '{a: 1');
-- key patterns: a descending field complemented, its name ignored
SELECT 'pattern', hex(ok_keystring_pack('{a: 1, b: -1}', 'x', 5)), hex(ok_keystring_pack('1, -1', 'x', 5)), hex(ok_keystring_pack('{"a": 1, "b.c": -1, c: "hashed"}', 1, 2, 3)), hex(ok_keystring_pack('{}', 1, 2));
SELECT 'pattern.read', ok_json(ok_keystring_pack('{a: 1, b: -1}', 'x', ok_keystring_object('y', 1)), 'keystring:{a: 1, b: -1}'), ok_quote(ok_keystring_pack('{a: 1, b: -1}', 'x', 5), 'keystring:{a: 1, b: -1}'), ok_unpack_col(ok_keystring_pack('1,-1', 'x', 5), 2, 'keystring:1,-1');
SELECT 'pattern.past_fields', hex(ok_keystring_pack('-1', 1, 2)), ok_quote(ok_keystring_pack('-1', 1, 2), 'keystring:-1');
WITH v(x) AS (VALUES ('a'), ('ab'), ('b'), (''), ('a' || char(0))) SELECT 'pattern.order', group_concat(x, ',') FROM (SELECT x FROM v ORDER BY ok_keystring_pack('-1', x));
SELECT * FROM ok_each(ok_keystring_pack('{a: 1, b: -1}', 'x', 5, ok_keystring_recordid(7)), 'keystring:{a: 1, b: -1}');
SELECT ok_formats(ok_keystring_pack('', 1, 'a'));
-- MongoDB's own: a resume token's _data, an index key with its record id
SELECT 'token', ok_json('82612E8513000000012B022C0100296E5A1004A5093ABB38FE4B9EA67F01BB1A96D812463C5F6964003C5F5F5F78000004', 'keystring');
SELECT 'token.v2', ok_json('8266A7F6000000008B2B042C0100296E5A1004778E391F64D84D65A154AA02089381C9463C6F7065726174696F6E54797065003C696E736572740046646F63756D656E744B65790046645F6964006466A7F5FE65E80FAD9C4773E7000004', 'keystring');
SELECT 'convert', hex(ok_convert(ok_pack(1, 'a', x'00', 2.5, NULL), 'ok', 'keystring')), hex(ok_convert(ok_keystring_pack('', 1, 'a', x'00', 2.5, NULL), 'keystring', 'ok')) = hex(ok_pack(1, 'a', x'00', 2.5, NULL)), hex(ok_convert(ok_pack(1, 'a'), 'ok', 'keystring:1,-1'));
-- refusals
SELECT ok_keystring_pack();
SELECT ok_keystring_pack(1, 2);
SELECT ok_keystring_pack('{a: 1', 2);
SELECT ok_keystring_pack('{a 1}', 2);
SELECT ok_keystring_pack('1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1', 2);
SELECT ok_keystring_pack('', ok_keystring_recordid(1), 'a');
SELECT ok_keystring_array(ok_keystring_recordid(1));
SELECT ok_keystring_pack('', ok_keystring_pack('', 1));
SELECT ok_keystring_pack('', ok_pack(1));
SELECT ok_keystring_object('a');
SELECT ok_keystring_object('a' || char(0) || 'b', 1);
SELECT ok_keystring_object(1, 1);
SELECT ok_keystring_oid('507f1f77bcf86cd79943901');
SELECT ok_keystring_oid('507f1f77bcf86cd79943901g');
SELECT ok_keystring_oid(x'00');
SELECT ok_keystring_date(8640000000000001);
SELECT ok_keystring_date('2024-02-30T00:00:00.000Z');
SELECT ok_keystring_timestamp(4294967296, 0);
SELECT ok_keystring_timestamp(0, -1);
SELECT ok_keystring_timestamp('a', 0);
SELECT ok_keystring_bindata(x'00', 256);
SELECT ok_keystring_regex('a' || char(0), 'i');
SELECT ok_keystring_regex('a', 1);
SELECT ok_keystring_dbpointer('db.c', 'xyz');
SELECT ok_keystring_code(x'00');
SELECT ok_quote('AA61000004', 'keystring');
SELECT ok_keystring_clusterkey(ok_keystring_recordid(1));
SELECT ok_keystring_clusterkey(zeroblob(8388609));
SELECT ok_keystring_clusterkey();
SELECT ok_quote('2B02042B0A03', 'keystring:clustered');
SELECT ok_quote('2B02042B0A0280', 'keystring:clustered');
SELECT ok_quote('2B02042B0A2903', 'keystring:clustered');
SELECT ok_quote('2B02040008', 'keystring:clustered');
SELECT ok_quote('2B02042B0A02', 'keystring');
SELECT ok_json(ok_keystring_pack('', 1), 'keystring:1 xclustered');
SELECT ok_keystring_ejson(ok_keystring_pack('', 5.5), x'01');
SELECT ok_keystring_ejson(ok_keystring_pack('', 1, 2, 3, 4, 5), x'01');
SELECT ok_keystring_ejson(ok_keystring_pack('', 1), x'05');
SELECT ok_keystring_ejson(ok_keystring_pack('', 1), x'0100');
SELECT ok_keystring_ejson(ok_keystring_pack('', 1), x'8101');
SELECT ok_keystring_ejson(ok_keystring_pack('', 1), 'QA=');
SELECT ok_keystring_ejson(ok_keystring_pack('', 1), 'Q*==');
SELECT ok_keystring_ejson(ok_keystring_pack('', 1), 7);
SELECT ok_keystring_ejson('2B02', NULL);
SELECT ok_keystring_ejson(ok_keystring_pack('', 1));
SELECT ok_keystring_recordid(-1);
SELECT ok_keystring_recordid(1.5);
SELECT ok_json(x'2B010000000000000204', 'keystring');
SELECT ok_quote('2B02', 'keystring');
SELECT ok_quote('2C000204', 'keystring');
SELECT ok_quote('2AFF8000000000000204', 'keystring');
SELECT ok_quote('8C610000', 'keystring');
SELECT ok_quote('78FFFFFFFFFFFFFFFF04', 'keystring');
SELECT ok_quote('2B0204000008', 'keystring');
SELECT ok_quote('2B02D4F504', 'keystring');
SELECT ok_quote('2B02D4F504', 'keystring:{a: 1, b: -1');
SELECT ok_quote(x'', 'keystring');
SELECT ok_json(ok_keystring_pack('', 1), 'keystring:1 1');
