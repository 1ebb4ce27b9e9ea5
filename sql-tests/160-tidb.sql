-- TiDB and TiKV keys: ok_tidb_pack, ok_tikv_pack and the constructors,
-- reading with the 'tidb' and 'tikv' formats (keys pasted from logs), every
-- error. test/tidb/vectors.tsv holds TiDB's own bytes and values and
-- test/tidb/oracle.sql the order; this file pins what lies around them.
.mode quote
.echo on
-- a key from a TiKV log: table 63's row 1, in TiKV's groups
SELECT 'log.record', ok_quote('7480000000000000FF3F5F728000000000FF0000010000000000FA', 'tikv'), ok_json('7480000000000000FF3F5F728000000000FF0000010000000000FA', 'tikv');
SELECT 'log.formats', ok_formats('7480000000000000FF3F5F728000000000FF0000010000000000FA');
SELECT 'log.each', pos, kind, value, offset, length, hex FROM ok_each('7480000000000000FF3F5F728000000000FF0000010000000000FA', 'tikv');
SELECT 'log.region_start', ok_quote('7480000000000000FF3F00000000000000F8', 'tikv'), ok_quote('7480000000000000FF3F5F698000000000FF0000020380000000FF0000002A00000000FB', 'tikv');
SELECT 'log.unwrap', hex(ok_tidb_pack(ok_tikv_raw('7480000000000000FF3F5F728000000000FF0000010000000000FA'))), hex(ok_tikv_pack(ok_tidb_raw('74800000000000003F5F728000000000000001')));
SELECT 'log.hex', ok_hex('7480000000000000FF3F5F728000000000FF0000010000000000FA', ' ', 'tikv');
-- building: datums
SELECT 'map.datums', hex(ok_tidb_pack(NULL)), hex(ok_tidb_pack(0)), hex(ok_tidb_pack(-1)), hex(ok_tidb_pack(1.5)), hex(ok_tidb_pack('')), hex(ok_tidb_pack('abcdefgh')), hex(ok_tidb_pack(x'00FF'));
SELECT 'map.float_zero', hex(ok_tidb_pack(0.0)), hex(ok_tidb_pack(-0.0)), ok_tidb_pack(-0.0) < ok_tidb_pack(0.0);
SELECT 'map.uint', hex(ok_tidb_uint(0)), hex(ok_tidb_uint('18446744073709551615')), ok_unpack_col(ok_tidb_pack(ok_tidb_uint('18446744073709551615')), 1, 'tidb');
SELECT 'map.decimal', hex(ok_tidb_decimal('1234567890.1234', 14, 4)), hex(ok_tidb_decimal('-1234567890.1234', 14, 4)), ok_unpack_col(ok_tidb_pack(ok_tidb_decimal(1.5, 10, 2)), 1, 'tidb');
SELECT 'map.decimal_round', ok_unpack_col(ok_tidb_pack(ok_tidb_decimal('1.005', 10, 2)), 1, 'tidb'), ok_unpack_col(ok_tidb_pack(ok_tidb_decimal('-1.005', 10, 2)), 1, 'tidb'), ok_unpack_col(ok_tidb_pack(ok_tidb_decimal('-0.001', 10, 2)), 1, 'tidb'), ok_unpack_col(ok_tidb_pack(ok_tidb_decimal('99.99', 4, 1)), 1, 'tidb');
SELECT 'map.duration', hex(ok_tidb_duration(0)), ok_tidb_duration('-12:00:01.5') = ok_tidb_duration(-43201500000000), ok_tidb_duration('838:59:59') = ok_tidb_duration(3020399000000000);
SELECT 'map.datetime', hex(ok_tidb_datetime('2024-02-29 12:30:45.123456')), hex(ok_tidb_datetime('0000-00-00 00:00:00')), ok_tidb_datetime('2024-01-02') = ok_tidb_datetime('2024-01-02 00:00:00.000000');
SELECT 'map.bounds', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_index(2), 5, ok_tidb_min_not_null())), hex(ok_tidb_pack(ok_tidb_max()));
SELECT 'map.parts', hex(ok_tidb_table(63)), hex(ok_tidb_record(1)), hex(ok_tidb_record()), hex(ok_tidb_index(2)), hex(ok_tidb_keyspace(258));
SELECT 'map.tikv', hex(ok_tikv_pack()), hex(ok_tikv_pack(1)), length(ok_tikv_pack(ok_tidb_table(1), ok_tidb_record(), 'abcdefghijklmnop'));
-- reading
SELECT 'read.common', ok_quote(ok_tidb_pack(ok_tidb_table(9), ok_tidb_record(), 'k', ok_tidb_decimal('-3.5', 5, 2)), 'tidb');
SELECT 'read.index', ok_json(ok_tikv_pack(ok_tidb_keyspace(1), ok_tidb_table(9), ok_tidb_index(3), NULL, 2.5, x'00', 'z', ok_tidb_uint(7), ok_tidb_duration(5), ok_tidb_max()), 'tikv');
SELECT 'read.each', pos, kind, value FROM ok_each(ok_tidb_pack(ok_tidb_table(9), ok_tidb_index(3), ok_tidb_min_not_null()), 'tidb');
SELECT 'read.empty', ok_count(x'', 'tikv'), ok_count(ok_tikv_pack(), 'tikv'), ok_quote(ok_tikv_pack(), 'tikv'), hex(ok_tikv_raw(x''));
-- TiKV's empty key is x'' (ok_tikv_pack() of no values); the encoded empty TiDB key is refused, not read as a second key quoted ()
SELECT 'read.empty_encoded', ok_valid(x'0000000000000000F7', 'tikv'), ok_quote(x'0000000000000000F7', 'tikv');
SELECT 'read.subtype', ok_unpack_col(ok_tidb_pack(1), 1);
SELECT 'read.subtype_other', ok_unpack_col(ok_tikv_pack(1), 1, 'tidb');
-- malformed keys: the offending byte named, in the key as given
SELECT 'bad.length', ok_count('7480000000000000FF3F', 'tikv');
SELECT 'bad.marker', ok_count('7480000000000000FE3F5F728000000000FF0000010000000000FA', 'tikv');
SELECT 'bad.padding', ok_count('7480000000000000FF3F0000000000000AF8', 'tikv');
SELECT 'bad.last_group', ok_count('7480000000000000FF', 'tikv');
SELECT 'bad.flag', ok_count(x'02', 'tidb');
SELECT 'bad.truncated_int', ok_count(x'038000', 'tidb');
SELECT 'bad.bytes_group', ok_count(x'0161620000000000F5', 'tidb');
SELECT 'bad.bytes_padding', ok_count(x'0161620000000001FA', 'tidb');
-- a bytes item's padding must be zeros, the first other byte named (in TiKV's groups too)
SELECT 'bytes.padded', quote(ok_unpack_col(x'016162000000000000F9', 1, 'tidb')), quote(ok_unpack_col(x'016162636465666768FF696A000000000000F9', 1, 'tidb')), quote(ok_unpack_col(x'010000000000000000F7', 1, 'tidb'));
SELECT 'bad.padding_last', ok_count(x'016162000000000001F9', 'tidb');
SELECT 'bad.padding_first', ok_count(x'016162000000000100F9', 'tidb');
SELECT 'bad.padding_whole_group', ok_count(x'010000000000000001F7', 'tidb');
SELECT 'bad.padding_second_group', ok_count(x'016162636465666768FF696A000000000100F9', 'tidb');
SELECT 'bad.padding_tikv', ok_count(x'0161620000000000FF01F9000000000000F9', 'tikv');
SELECT 'bad.decimal_type', ok_count(x'06420081', 'tidb');
SELECT 'bad.decimal_digit', ok_count(x'0601008A', 'tidb');
SELECT 'bad.decimal_negative_zero', ok_count(x'0601007F', 'tidb');
SELECT 'bad.float_nan', ok_count(x'05FFF8000000000000', 'tidb');
SELECT 'bad.part', ok_count(x'5F78', 'tidb');
-- values the constructors refuse
SELECT 'err.uint', ok_tidb_uint(-1);
SELECT 'err.uint_text', ok_tidb_uint('18446744073709551616');
SELECT 'err.decimal_fit', ok_tidb_decimal('123.4', 3, 1);
SELECT 'err.decimal_type', ok_tidb_decimal(1, 66, 0);
SELECT 'err.decimal_text', ok_tidb_decimal('1e', 10, 2);
SELECT 'err.decimal_inf', ok_tidb_decimal(9e999, 10, 2);
SELECT 'err.decimal_huge_exponent', ok_tidb_decimal('1e9999999999999999999', 10, 2);
SELECT 'map.decimal_tiny_exponent', ok_unpack_col(ok_tidb_pack(ok_tidb_decimal('-1e-9999999999999999999', 10, 2)), 1, 'tidb');
SELECT 'err.duration', ok_tidb_duration('839:00:00');
SELECT 'err.datetime', ok_tidb_datetime('2024-13-01');
SELECT 'err.datetime_micro', ok_tidb_datetime('2024-01-01 00:00:00.1234567');
SELECT 'err.keyspace', ok_tidb_keyspace(16777216);
SELECT 'err.table', ok_tidb_table('a');
SELECT 'err.key_in_builder', ok_tikv_pack(ok_tikv_pack(1));
SELECT 'err.raw', ok_tikv_raw(x'0102');
SELECT 'null.constructors', ok_tidb_uint(NULL) IS NULL, ok_tidb_decimal(NULL, 5, 2) IS NULL, ok_tidb_duration(NULL) IS NULL, ok_tidb_datetime(NULL) IS NULL, ok_tikv_raw(NULL) IS NULL;
-- clustered primary keys as TiDB writes a row: a handle shorter than 9 bytes padded with zeros
-- to 9 (kv.NewCommonHandle); TiDB writes a DECIMAL(1,0) key of 1 in table 1 as 7480000000000000015F72060100810000000000
SELECT 'handle.padded', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(), ok_tidb_decimal(1, 1, 0))), hex(ok_tikv_pack(ok_tidb_table(1), ok_tidb_record(), ok_tidb_decimal(1, 1, 0)));
SELECT 'handle.read', ok_quote('7480000000000000015F72060100810000000000', 'tidb'), ok_count('7480000000000000015F72060100810000000000', 'tidb'), ok_unpack_col('7480000000000000015F72060100810000000000', -1, 'tidb'), ok_hex('7480000000000000015F72060100810000000000', ' ', 'tidb');
SELECT 'handle.read_tikv', ok_quote('7480000000000000FF015F720601008100FF0000000000000000FB', 'tikv'), ok_hex('7480000000000000FF015F720601008100FF0000000000000000FB', ' ', 'tikv');
SELECT 'handle.two', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(), ok_tidb_decimal(1, 1, 0), ok_tidb_decimal(2, 1, 0))), ok_quote('7480000000000000015F72060100810601008200', 'tidb');
-- an 8-byte handle (a DECIMAL(10,0)) is padded to 9, so it never reads as an integer handle
SELECT 'handle.eight', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(), ok_tidb_decimal(7, 10, 0))), ok_quote(ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(), ok_tidb_decimal(7, 10, 0)), 'tidb');
-- behind a keyspace the padded row key is 24 bytes: in TiKV's groups 36, the fourth group padding alone
SELECT 'handle.keyspace', hex(ok_tikv_pack(ok_tidb_keyspace(1), ok_tidb_table(63), ok_tidb_record(), ok_tidb_decimal('1.5', 10, 2))), ok_quote(ok_tikv_pack(ok_tidb_keyspace(1), ok_tidb_table(63), ok_tidb_record(), ok_tidb_decimal('1.5', 10, 2)), 'tikv'), ok_count(ok_tidb_pack(ok_tidb_keyspace(1), ok_tidb_table(63), ok_tidb_record(), ok_tidb_decimal('1.5', 10, 2)), 'tidb');
SELECT 'handle.long', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(), 5)), hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_record()));
SELECT 'handle.range', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(), ok_tidb_decimal(1, 1, 0), ok_tidb_max())), ok_quote('7480000000000000015F7206010081', 'tidb');
SELECT 'handle.raw', hex(ok_tidb_pack(ok_tidb_raw('7480000000000000015F72060100810000000000')));
-- padding that is not TiDB's, and NULL in a handle, refused
SELECT ok_quote('7480000000000000015F72060100810000000001', 'tidb');
SELECT ok_quote('7480000000000000015F7206010081000000000000', 'tidb');
SELECT ok_quote('7480000000000000015F7206010081060100820000', 'tidb');
SELECT ok_quote('7480000000000000015F72000000000000000000', 'tidb');
SELECT ok_valid('7480000000000000015F72060100810000000001', 'tidb'), ok_valid('7480000000000000015F72060100810000000000', 'tidb');
-- the shapes TiDB writes, and no other
SELECT ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(1), 5);
SELECT ok_tidb_pack(ok_tidb_table(1), ok_tidb_record(-9223372036854775808), 5);
SELECT ok_tikv_pack(ok_tidb_table(1), ok_tidb_record(), 'a', NULL);
SELECT ok_tidb_pack(ok_tidb_table(1), ok_tidb_index(1), ok_tidb_min_not_null(), 1);
SELECT ok_tidb_pack(ok_tidb_min_not_null(), ok_tidb_min_not_null());
SELECT 'shape.index_null', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_index(2), NULL, ok_tidb_decimal(1, 1, 0))), hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_index(2), 'a', ok_tidb_min_not_null()));
-- a range's end after PrefixNext of the max bound: refused, named
SELECT ok_quote('7480000000000000015F698000000000000001FB', 'tidb');
SELECT ok_quote('7480000000000000FF015F698000000000FF000001FB00000000FB', 'tikv');
-- TIME within -838:59:59 and 838:59:59, built and read
SELECT 'duration.range', hex(ok_tidb_duration('838:59:59')), hex(ok_tidb_duration(-3020399000000000)), ok_unpack_col(ok_tidb_pack(ok_tidb_duration('-838:59:59')), 1, 'tidb');
SELECT ok_tidb_duration('838:59:59.5');
SELECT ok_tidb_duration(3020399000000001);
SELECT ok_tidb_duration(9223372036854775807);
SELECT ok_quote(x'07800ABB0971799601', 'tidb');
SELECT ok_quote(x'077FF544F68E8669FF', 'tidb');
SELECT ok_tidb_pack(ok_tidb_record(), 1);
SELECT ok_tidb_pack(ok_tidb_table(1), 5);
SELECT ok_tidb_pack(1, ok_tidb_table(1));
SELECT ok_tidb_pack(ok_tidb_table(1), ok_tidb_index(1), ok_tidb_record(1));
SELECT ok_tidb_pack(ok_tidb_keyspace(1), 5);
SELECT ok_tidb_pack(ok_tidb_table(1), ok_tidb_keyspace(1));
SELECT 'shape.ok', hex(ok_tidb_pack(ok_tidb_keyspace(1), ok_tidb_table(2), ok_tidb_index(3), 'a', ok_tidb_max())), hex(ok_tidb_pack(ok_tidb_keyspace(1))), hex(ok_tidb_pack(ok_tidb_table(2))), hex(ok_tidb_pack(1, 'a', ok_tidb_min_not_null()));
SELECT ok_tidb_pack(ok_tidb_raw('7480000000000000015F72060100810000000000'), 5);
SELECT ok_tidb_pack(1, ok_tidb_keyspace(1));
SELECT ok_tidb_pack(ok_tidb_keyspace(1), NULL);
SELECT ok_quote('7800000100', 'tidb');
SELECT ok_quote('0380000000000000017800000100', 'tidb');
SELECT ok_quote('03800000000000000174800000000000000100', 'tidb');
SELECT ok_tidb_pack(ok_tidb_table(1), x'00FF');
SELECT ok_tidb_pack(x'', ok_tidb_table(1));
SELECT 'shape.blobs', hex(ok_tidb_pack(ok_tidb_table(1), ok_tidb_index(2), x'00FF', x'')), hex(ok_tidb_pack(x'01', 'a'));
