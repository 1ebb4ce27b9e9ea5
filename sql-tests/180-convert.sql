-- ok_convert between formats: what converts, what is refused and why.
-- test/convert.c converts random rows between every pair and back; this
-- file pins the messages and the edges.
.mode quote
.echo on
SELECT 'plain', hex(ok_convert(ok_pack(NULL, -7, 2.5, 'a', x'00'), 'ok', 'fdb')), ok_quote(ok_convert(ok_pack(NULL, -7, 2.5, 'a', x'00'), 'ok', 'hbase'), 'hbase');
SELECT 'into_arrays', hex(ok_convert(ok_pack('a'), 'ok', 'bytewise')), ok_convert(ok_pack('a'), 'ok', 'charwise'), ok_convert(ok_pack(), 'ok', 'charwise');
SELECT 'from_top_value', hex(ok_convert(ok_bytewise_pack('a'), 'bytewise', 'ok'));
SELECT 'orderly', hex(ok_convert(ok_pack(7, 'x'), 'ok', 'orderly:long, utf8')), ok_quote(ok_convert(ok_orderly_pack('long desc, utf8', 7, 'x'), 'orderly:long desc, utf8', 'crdb'), 'crdb');
SELECT 'whole_double', hex(ok_convert(ok_pack(2.0), 'ok', 'fdb')), hex(ok_convert(ok_pack(2.5), 'ok', 'orderly:double'));
-- a value of another type in the target is refused even where its bytes convert back
SELECT ok_convert(ok_pack(2), 'ok', 'orderly:double');
SELECT ok_convert(ok_orderedcode_pack('float64', 2.0), 'orderedcode:float64', 'hbase');
SELECT 'types_kept', ok_quote(ok_convert(ok_orderedcode_pack('float64', 2.5), 'orderedcode:float64', 'hbase'), 'hbase'), hex(ok_convert(ok_orderedcode_pack('int64', 2), 'orderedcode:int64', 'hbase'));
SELECT 'stores', ok_quote(ok_convert(ok_crdb_pack(7, 'x', 1.5), 'crdb', 'tikv'), 'tikv'), hex(ok_convert(ok_tikv_pack(1, 'abc'), 'tikv', 'tidb'));
SELECT 'subtype', ok_convert(ok_pack(1), 'ok', 'fdb') = ok_fdb_pack(1), ok_unpack_col(ok_convert(ok_pack(1), 'ok', 'fdb'), 1, 'fdb');
SELECT 'null', ok_convert(NULL, 'ok', 'fdb');
-- refused: no counterpart
SELECT ok_convert(ok_pack(7, ok_desc('x')), 'ok', 'fdb');
SELECT ok_convert(ok_pack(ok_collate('x', 'NOCASE')), 'ok', 'fdb');
SELECT ok_convert(ok_fdb_pack(ok_fdb_versionstamp(x'000102030405060708090A0B')), 'fdb', 'bytewise');
SELECT ok_convert(ok_fdb_pack(ok_fdb_tuple(1)), 'fdb', 'ok');
SELECT ok_convert(ok_bytewise_pack(ok_bytewise_date(0), 1), 'bytewise', 'ok');
SELECT ok_convert(ok_crdb_pack(ok_crdb_decimal('1.5')), 'crdb', 'ok');
SELECT ok_convert(ok_tidb_pack(ok_tidb_table(1)), 'tidb', 'ok');
-- refused: the target's builder
SELECT ok_convert(ok_pack(1, 9007199254740993), 'ok', 'bytewise');
SELECT ok_convert(ok_pack(x'00'), 'ok', 'charwise');
SELECT ok_convert(ok_pack('a', 'b'), 'ok', 'orderly:long, utf8');
SELECT ok_convert(ok_pack(1, 'b', 3), 'ok', 'orderly:long, utf8');
SELECT ok_convert(ok_pack('a' || char(0)), 'ok', 'hbase');
-- refused: not without loss
SELECT ok_convert(ok_fdb_pack(2.0), 'fdb', 'ok');
SELECT ok_convert(ok_fdb_pack(-0.0), 'fdb', 'bytewise');
SELECT ok_convert(ok_pack(x'61'), 'ok', 'crdb');
SELECT ok_convert(ok_pack(CAST(x'FF' AS TEXT)), 'ok', 'tidb');
SELECT ok_convert(ok_orderly_pack('double', 2.0), 'orderly:double', 'ok');
-- arguments
SELECT ok_convert(x'05', 'ok', 'salt+ok');
SELECT ok_convert(x'05', 'ok', 'strict+fdb');
SELECT ok_convert(x'05', 'ok', 'nope');
SELECT ok_convert(x'05', 'nope', 'ok');
SELECT ok_convert(x'05', 'ok', 'orderly');
SELECT ok_convert(x'FF', 'ok', 'fdb');
SELECT ok_convert(ok_fdb_pack(1), 'ok', 'fdb');
SELECT ok_convert(7, 'ok', 'fdb');
SELECT ok_convert(ok_pack(1));
-- a lone bytewise or charwise value (bytewise.encode('users')) converts, and comes back alone
SELECT 'lone.bytewise', ok_quote(ok_convert(ok_bytewise_pack('users'), 'bytewise', 'ok')), ok_quote(ok_convert(ok_bytewise_pack(7), 'bytewise', 'fdb'), 'fdb'), ok_convert(ok_bytewise_pack('users'), 'bytewise', 'charwise'), hex(ok_convert(ok_charwise_pack('users'), 'charwise', 'bytewise'));
SELECT 'lone.array_of_one', ok_convert(ok_bytewise_pack(ok_bytewise_array('users')), 'bytewise', 'charwise'), hex(ok_convert(ok_pack('users'), 'ok', 'bytewise'));
-- Refusals worded by the target's writer, as its builder words them (4.0: no SQL statement runs)
SELECT ok_convert(ok_pack(1, 2, 3), 'ok', 'orderedcode:int64, int64');
SELECT ok_convert(x'', 'ok', 'orderedbinary');
SELECT ok_convert(ok_pack(NULL), 'ok', 'chrome');
SELECT ok_convert(ok_pack(CAST(x'61ff' AS TEXT)), 'ok', 'firefox');
SELECT ok_convert(ok_pack(CAST(x'61ff' AS TEXT)), 'ok', 'fdb');
SELECT ok_convert(ok_pack('abc'), 'ok', 'orderedcode:int64');
SELECT ok_convert(ok_pack('-5'), 'ok', 'orderedcode:uint64');
SELECT ok_convert(ok_pack(1.5), 'ok', 'orderedcode:int64');
SELECT ok_convert(ok_pack(-5), 'ok', 'orderedcode:uint64');
SELECT ok_convert(ok_pack(NULL), 'ok', 'orderedcode:string');
SELECT ok_convert(ok_pack(x'01'), 'ok', 'orderly:double');
SELECT ok_convert(ok_pack('x'), 'ok', 'orderly:double');
SELECT ok_convert(ok_pack('12x'), 'ok', 'orderly:ulong');
SELECT ok_convert(ok_pack(5000000000), 'ok', 'orderly:int');
SELECT ok_convert(ok_pack(x'02'), 'ok', 'orderedbinary');
SELECT ok_orderly_pack('double', x'01');
SELECT ok_orderly_pack('double', 'x');
