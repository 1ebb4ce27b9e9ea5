-- FoundationDB tuple layer: ok_fdb_pack and its constructors, decoding with
-- the 'fdb' format, malformed FDB keys. The conformance suite (test/fdb)
-- checks 50,000 random tuples against FoundationDB's own Node encoder; this
-- file pins the spec's examples, every constructor and every error.
.mode quote
.echo on
-- the test cases of design/tuple.md
SELECT 'spec.bytes', hex(ok_fdb_pack(x'666F6F00626172'));
SELECT 'spec.string', hex(ok_fdb_pack('F' || char(212) || 'O' || char(0) || 'bar'));
SELECT 'spec.nested', hex(ok_fdb_pack(ok_fdb_tuple(x'666F6F00626172', NULL, ok_fdb_tuple())));
SELECT 'spec.integer', hex(ok_fdb_pack(-5551212));
SELECT 'spec.float', hex(ok_fdb_pack(ok_fdb_float(-42)));
SELECT 'spec.empty_nested_vs_null', hex(ok_fdb_pack(ok_fdb_tuple())), hex(ok_fdb_pack(ok_fdb_tuple(NULL)));
-- SQL values map to their FDB types
SELECT 'map.null', hex(ok_fdb_pack(NULL)), hex(ok_fdb_pack());
SELECT 'map.text', hex(ok_fdb_pack('')), hex(ok_fdb_pack('hi', 'there'));
SELECT 'map.blob', hex(ok_fdb_pack(x'')), hex(ok_fdb_pack(x'00FF00'));
SELECT 'map.int.small', hex(ok_fdb_pack(0)), hex(ok_fdb_pack(1)), hex(ok_fdb_pack(-1)), hex(ok_fdb_pack(255)), hex(ok_fdb_pack(-255));
SELECT 'map.int.bytes', hex(ok_fdb_pack(256)), hex(ok_fdb_pack(-256)), hex(ok_fdb_pack(65535)), hex(ok_fdb_pack(65536));
SELECT 'map.int.limits', hex(ok_fdb_pack(9223372036854775807)), hex(ok_fdb_pack(-9223372036854775808));
SELECT 'map.int.2^53', hex(ok_fdb_pack(9007199254740993)), hex(ok_fdb_pack(-9007199254740993));
SELECT 'map.real', hex(ok_fdb_pack(1.5)), hex(ok_fdb_pack(-42.0)), hex(ok_fdb_pack(0.0)), hex(ok_fdb_pack(-0.0));
SELECT 'map.real.inf', hex(ok_fdb_pack(9e999)), hex(ok_fdb_pack(-9e999));
SELECT 'map.real.subnormal', hex(ok_fdb_pack(4.9406564584124654e-324)), hex(ok_fdb_pack(-4.9406564584124654e-324));
SELECT 'map.real.integral_stays_double', hex(ok_fdb_pack(2.0));
-- integers sort before doubles in FDB, unlike SQL: say 2.0 or 2
SELECT 'order.int_before_double', ok_fdb_pack(3) < ok_fdb_pack(2.5);
-- constructors
SELECT 'int', hex(ok_fdb_pack(ok_fdb_int(42))), hex(ok_fdb_pack(ok_fdb_int('-42'))), hex(ok_fdb_pack(ok_fdb_int(3.0)));
SELECT 'int.beyond_int64', hex(ok_fdb_pack(ok_fdb_int('9223372036854775808'))), hex(ok_fdb_pack(ok_fdb_int('-9223372036854775809')));
SELECT 'int.18446744073709551616', hex(ok_fdb_pack(ok_fdb_int('18446744073709551616'))), hex(ok_fdb_pack(ok_fdb_int('-18446744073709551616')));
SELECT 'int.text_forms', hex(ok_fdb_pack(ok_fdb_int('+7'))), hex(ok_fdb_pack(ok_fdb_int('-0'))), hex(ok_fdb_pack(ok_fdb_int('000123')));
SELECT 'int.largest', length(ok_fdb_pack(ok_fdb_int('1' || printf('%.614c', '0')))), length(ok_fdb_pack(ok_fdb_int('-1' || printf('%.614c', '0'))));
SELECT 'int.largest.exact', hex(substr(ok_fdb_pack(ok_fdb_int('1' || printf('%.614c', '0'))), 1, 4)), ok_unpack_col(ok_fdb_pack(ok_fdb_int('-1' || printf('%.614c', '0'))), 1, 'fdb') = '-1' || printf('%.614c', '0');
SELECT 'float', hex(ok_fdb_pack(ok_fdb_float(1.5))), hex(ok_fdb_pack(ok_fdb_float(-0.0))), hex(ok_fdb_pack(ok_fdb_float('Inf'))), hex(ok_fdb_pack(ok_fdb_float('-Inf')));
SELECT 'float.rounds', hex(ok_fdb_pack(ok_fdb_float(0.1))), hex(ok_fdb_pack(ok_fdb_float(16777217)));
SELECT 'float.nan_and_bits', hex(ok_fdb_pack(ok_fdb_float('NaN'))), hex(ok_fdb_pack(ok_fdb_float(x'7FC00001'))), hex(ok_fdb_pack(ok_fdb_float(x'80000000')));
SELECT 'double', hex(ok_fdb_pack(ok_fdb_double(2))), hex(ok_fdb_pack(ok_fdb_double('NaN'))), hex(ok_fdb_pack(ok_fdb_double(x'FFF8000000000000')));
SELECT 'bool', hex(ok_fdb_pack(ok_fdb_bool(0), ok_fdb_bool(1), ok_fdb_bool(-7), ok_fdb_bool(0.5)));
SELECT 'uuid', hex(ok_fdb_pack(ok_fdb_uuid('123E4567-e89b-12d3-a456-426614174000')));
SELECT 'uuid.forms', ok_fdb_uuid('123e4567e89b12d3a456426614174000') = ok_fdb_uuid(x'123E4567E89B12D3A456426614174000'), ok_fdb_uuid('123e4567e89b12d3a456426614174000') = ok_fdb_uuid('123e4567-e89b-12d3-a456-426614174000');
SELECT 'versionstamp', hex(ok_fdb_pack(ok_fdb_versionstamp(x'000102030405060708090A0B')));
SELECT 'versionstamp.user_version', hex(ok_fdb_pack(ok_fdb_versionstamp(x'00010203040506070809', 258)));
SELECT 'versionstamp.incomplete', hex(ok_fdb_versionstamp_incomplete()), hex(ok_fdb_versionstamp_incomplete(7));
-- as FDB's own pack(): a placeholder goes only into a versionstamped key
SELECT ok_fdb_pack(1, ok_fdb_versionstamp_incomplete());
SELECT ok_fdb_pack(ok_fdb_tuple('a', ok_fdb_versionstamp_incomplete()));
SELECT ok_fdb_range_end(ok_fdb_versionstamp_incomplete());
SELECT 'versionstamp.nested', hex(ok_fdb_pack_versionstamped(1, ok_fdb_tuple('a', ok_fdb_versionstamp_incomplete())));
SELECT 'raw', hex(ok_fdb_pack('a', ok_fdb_raw(x'3100000000000000FF')));
SELECT 'null_args_give_null', ok_fdb_int(NULL), ok_fdb_float(NULL), ok_fdb_double(NULL), ok_fdb_bool(NULL), ok_fdb_uuid(NULL), ok_fdb_versionstamp(NULL), ok_fdb_raw(NULL);
SELECT 'null_arg_packs_as_null', hex(ok_fdb_pack(ok_fdb_int(NULL)));
-- nested tuples: NULL inside is 0x00 0xFF, deeper nesting, a packed tuple as a piece
SELECT 'nested', hex(ok_fdb_pack(1, ok_fdb_tuple(NULL, 'a', ok_fdb_tuple(NULL)), NULL));
SELECT 'nested.deep', hex(ok_fdb_pack(ok_fdb_tuple(ok_fdb_tuple(ok_fdb_tuple(ok_fdb_tuple())))));
SELECT 'nested.from_pack', ok_fdb_pack(ok_fdb_tuple(ok_fdb_pack(1, NULL)));
SELECT 'nested.from_raw', ok_fdb_pack(ok_fdb_tuple(ok_fdb_raw(ok_fdb_pack(1, NULL)))) = ok_fdb_pack(ok_fdb_tuple(1, NULL));
SELECT 'nested.constructors_inside', hex(ok_fdb_pack(ok_fdb_tuple(ok_fdb_bool(1), ok_fdb_uuid(x'00000000000000000000000000000001'))));
-- pieces compose: packing a packed tuple splices its items
SELECT 'compose', ok_fdb_pack(ok_fdb_pack(1, 'a'), 2.5);
SELECT 'compose.raw', ok_fdb_pack(ok_fdb_raw(ok_fdb_pack(1, 'a')), 2.5) = ok_fdb_pack(1, 'a', 2.5);
-- FoundationDB's range of a tuple: every key that extends it (SQL's || would
-- turn the BLOBs into TEXT, which sorts before every BLOB)
SELECT 'range', hex(ok_fdb_range_begin('users', 42)), hex(ok_fdb_range_end('users', 42)), typeof(ok_fdb_range_end('users', 42));
CREATE TABLE kv(key BLOB PRIMARY KEY);
INSERT INTO kv VALUES (ok_fdb_pack('users', 41, 'z')), (ok_fdb_pack('users', 42)), (ok_fdb_pack('users', 42, NULL)),
  (ok_fdb_pack('users', 42, 'a')), (ok_fdb_pack('users', 42, ok_fdb_tuple(1))), (ok_fdb_pack('users', 43)), (ok_fdb_pack('users', 420));
SELECT 'range.scan', ok_quote(key, 'fdb') FROM kv WHERE key >= ok_fdb_range_begin('users', 42) AND key < ok_fdb_range_end('users', 42) ORDER BY key;
SELECT 'range.of_a_stored_key', ok_fdb_range_end(ok_fdb_raw(key)) = ok_fdb_range_end('users', 43) FROM kv WHERE key = ok_fdb_pack('users', 43);
SELECT 'range.empty_tuple', hex(ok_fdb_range_begin()), hex(ok_fdb_range_end());
-- versionstamped keys: the 4-byte little-endian offset of the stamp follows
SELECT 'versionstamped', hex(ok_fdb_pack_versionstamped('log', ok_fdb_versionstamp_incomplete(1)));
SELECT 'versionstamped.nested', hex(ok_fdb_pack_versionstamped(ok_fdb_tuple(1, ok_fdb_versionstamp_incomplete())));
-- decoding: ok_unpack_col, ok_each, ok_count, ok_valid, renderings
CREATE TABLE k(id INTEGER PRIMARY KEY, key BLOB);
INSERT INTO k VALUES
  (1, ok_fdb_pack(NULL, 42, -1.5, 'tëxt', x'00FF', ok_fdb_tuple(NULL, 1))),
  (2, ok_fdb_pack(ok_fdb_bool(1), ok_fdb_float(0.5), ok_fdb_uuid('123e4567-e89b-12d3-a456-426614174000'), ok_fdb_int('-18446744073709551616'))),
  (3, ok_unhex(ok_hex(ok_fdb_pack(ok_fdb_double('NaN'), ok_fdb_float('NaN'), ok_fdb_versionstamp(x'000102030405060708090A0B'))) || '33FFFFFFFFFFFFFFFFFFFF0003')),
  (4, x'3100000000000000FF320102030405060708090A22000102030405060708FF2534036162633500017800F0DEADBEEF'),
  (5, ok_fdb_pack(9e999, -0.0, 'a' || char(0) || 'b', ok_fdb_tuple()));
SELECT 'count', id, ok_count(key, 'fdb'), ok_valid(key, 'fdb') FROM k ORDER BY id;
SELECT 'each', id, pos, type, kind, quote(value), offset, length, hex FROM k, ok_each(k.key, 'fdb') ORDER BY id, pos;
SELECT 'unpack', typeof(ok_unpack_col(key, 5, 'fdb')), quote(ok_unpack_col(key, 5, 'fdb')), ok_unpack_col(key, 7, 'fdb') FROM k WHERE id = 1;
SELECT 'unpack.nested_is_a_tuple', hex(ok_unpack_col(key, 6, 'fdb')), ok_unpack_col(ok_unpack_col(key, 6, 'fdb'), 2, 'fdb') FROM k WHERE id = 1;
SELECT 'unpack.nul_in_string', typeof(ok_unpack_col(key, 3, 'fdb')), hex(ok_unpack_col(key, 3, 'fdb')), hex(ok_fdb_pack(ok_unpack_col(key, 2, 'fdb'))) AS negative_zero FROM k WHERE id = 5;
SELECT 'unpack.negative_index', ok_unpack_col(key, -1, 'fdb') FROM k WHERE id = 2;
SELECT 'quote', id, ok_quote(key, 'fdb') FROM k ORDER BY id;
SELECT 'json', id, ok_json(key, 'fdb') FROM k ORDER BY id;
SELECT 'json.valid', id, json_valid(ok_json(key, 'fdb')) FROM k ORDER BY id;
SELECT 'quote.reads_back', ok_fdb_pack(NULL, 42, -1.5, 'tëxt', x'00FF', ok_fdb_tuple(NULL, 1)) = key FROM k WHERE id = 1;
SELECT 'quote.invalid_utf8_string', ok_quote(x'0261FF00', 'fdb'), ok_json(x'0261FF00', 'fdb'), typeof(ok_unpack_col(x'0261FF00', 1, 'fdb'));
SELECT 'hex.spaced', ok_hex(key, ' ', 'fdb') FROM k WHERE id = 1;
-- salted FDB keys: the xxHash32 of the first n items' bytes in front
SELECT 'salt', hex(ok_salt(ok_fdb_pack('user', 7, 'x'), 2, 'fdb')), printf('%08X', ok_xxh32(ok_fdb_pack('user', 7)));
SELECT 'salt.back', ok_unsalt(ok_salt(ok_fdb_pack('user', 7, 'x'), 2, 'fdb'), 'fdb') = ok_fdb_pack('user', 7, 'x'),
  ok_salt_check(ok_salt(ok_fdb_pack('user', 7, 'x'), 2, 'fdb'), 2, 'fdb');
-- errors: constructors
SELECT ok_fdb_pack('a' || x'FF');
SELECT ok_fdb_pack(CAST(x'61C3' AS TEXT));
SELECT ok_fdb_pack(ok_pack(1));
SELECT ok_fdb_pack(ok_desc(1));
SELECT ok_pack(ok_fdb_int(1));
SELECT ok_pack(ok_fdb_tuple(1));
SELECT ok_fdb_int('12x');
SELECT ok_fdb_int('');
SELECT ok_fdb_int('-');
SELECT ok_fdb_int(1.5);
SELECT ok_fdb_int(1e300);
SELECT ok_fdb_int(x'01');
SELECT ok_fdb_int('1' || printf('%.615c', '0'));
SELECT ok_fdb_float(1e39);
SELECT ok_fdb_float(-1e39);
SELECT ok_fdb_float('nan ');
SELECT ok_fdb_float(x'000000');
SELECT ok_fdb_double(x'00');
SELECT ok_fdb_double('1.5');
SELECT ok_fdb_bool('yes');
SELECT ok_fdb_bool(x'01');
SELECT ok_fdb_uuid('123e4567-e89b-12d3-a456-42661417400');
SELECT ok_fdb_uuid('123e4567-e89b-12d3-a456_426614174000');
SELECT ok_fdb_uuid('g23e4567e89b12d3a456426614174000');
SELECT ok_fdb_uuid(x'00');
SELECT ok_fdb_uuid(5);
SELECT ok_fdb_versionstamp(x'0001');
SELECT ok_fdb_versionstamp(x'000102030405060708090A0B', 1);
SELECT ok_fdb_versionstamp(x'00010203040506070809', 65536);
SELECT ok_fdb_versionstamp(x'00010203040506070809', -1);
SELECT ok_fdb_versionstamp(x'00010203040506070809', 'a');
SELECT ok_fdb_versionstamp('abc');
SELECT ok_fdb_versionstamp_incomplete(70000);
SELECT ok_fdb_raw(x'');
SELECT ok_fdb_raw(x'02616263');
SELECT ok_fdb_raw('text');
SELECT ok_fdb_tuple(ok_fdb_raw(x'4101'));
SELECT ok_fdb_pack_versionstamped('a');
SELECT ok_fdb_pack_versionstamped(ok_fdb_versionstamp_incomplete(), ok_fdb_versionstamp_incomplete());
SELECT ok_fdb_pack_versionstamped(ok_fdb_versionstamp(x'FFFFFFFFFFFFFFFFFFFF', 0));
SELECT ok_fdb_int();
SELECT ok_fdb_uuid(1, 2);
SELECT ok_fdb_range_end(ok_pack(1));
-- errors: malformed FDB keys
SELECT ok_valid(x'', 'fdb'), ok_count(x'', 'fdb');
SELECT ok_valid(x'0261', 'fdb'), ok_valid(x'15', 'fdb'), ok_valid(x'21000000', 'fdb'), ok_valid(x'30', 'fdb'), ok_valid(x'0501', 'fdb');
SELECT ok_count(x'0261', 'fdb');
SELECT ok_count(x'1500', 'fdb');
SELECT ok_count(x'1D08', 'fdb');
SELECT ok_count(x'1D090001020304050607', 'fdb');
SELECT ok_count(x'0B', 'fdb');
SELECT ok_count(x'03', 'fdb');
SELECT ok_count(x'23', 'fdb');
SELECT ok_count(x'40', 'fdb');
SELECT ok_count(x'FF', 'fdb');
SELECT ok_count(x'05F0DEAD00', 'fdb');
SELECT ok_count(x'050505', 'fdb');
SELECT ok_count(x'3402AB', 'fdb');
SELECT ok_unpack_col(x'1501FF', 2, 'fdb');
SELECT * FROM ok_each(x'01', 'fdb');
SELECT ok_quote(x'150113', 'fdb');
SELECT ok_json(x'16', 'fdb');
SELECT ok_hex(x'1600', '', 'fdb');
-- Apple's Python binding writes +-(2^64-1) in the arbitrary-precision form
-- (1D 08 FF*8, 0B F7 00*8); the spec and the Java and Go bindings, and ok,
-- write 1C FF*8 and 0C 00*8. ok reads both, writes the spec's.
SELECT 'python.writes_spec_form', hex(ok_fdb_int('18446744073709551615')), hex(ok_fdb_int('-18446744073709551615'));
SELECT 'python.reads', ok_valid(x'1D08FFFFFFFFFFFFFFFF', 'fdb'), ok_unpack_col(x'1D08FFFFFFFFFFFFFFFF', 1, 'fdb'),
  ok_unpack_col(x'0BF70000000000000000', 1, 'fdb');
SELECT 'python.kind', kind FROM ok_each(x'1D08FFFFFFFFFFFFFFFF', 'fdb');
SELECT 'python.quote_keeps_bytes', ok_quote(x'0BF70000000000000000', 'fdb'), ok_json(x'0BF70000000000000000', 'fdb');
SELECT 'python.sorts_by_value', x'1CFFFFFFFFFFFFFFFF' < x'1D08FFFFFFFFFFFFFFFF' AND x'1D08FFFFFFFFFFFFFFFF' < ok_fdb_int('18446744073709551616');
-- no binding writes other short big forms: still malformed
SELECT ok_valid(x'1D08FFFFFFFFFFFFFFFE', 'fdb'), ok_valid(x'1D0105', 'fdb');
-- floats round to nearest as every binding's (float) cast does; past FLT_MAX
-- and half an ulp, an infinity
SELECT 'float.round', hex(ok_fdb_float(3.4028235e38)), hex(ok_fdb_float(3.4028235677973362e38)), hex(ok_fdb_float(3.4028235677973366e38)), hex(ok_fdb_float(-1e39));
-- subspaces and directories: a raw prefix in front of the tuple, as
-- subspace.pack(t), subspace.range(t) and pack_with_versionstamp(t, prefix=...)
SELECT 'prefix.pack', hex(ok_fdb_pack(ok_fdb_prefix(x'FE01'), 'users', 42));
SELECT 'prefix.range', hex(ok_fdb_range_begin(ok_fdb_prefix(x'FE01'), 'users')), hex(ok_fdb_range_end(ok_fdb_prefix(x'FE01'), 'users'));
SELECT 'prefix.versionstamped', hex(ok_fdb_pack_versionstamped(ok_fdb_prefix(x'FE01'), 'e', ok_fdb_versionstamp_incomplete()));
SELECT 'prefix.read_after_it', ok_unpack_col(substr(ok_fdb_pack(ok_fdb_prefix(x'FE01'), 'users', 42), 3), 2, 'fdb');
SELECT 'prefix.not_a_tuple', ok_valid(ok_fdb_pack(ok_fdb_prefix(x'FE01'), 1), 'fdb'), hex(ok_fdb_pack(ok_fdb_prefix(x'')));
SELECT 'prefix.null', ok_fdb_prefix(NULL);
SELECT ok_fdb_pack(1, ok_fdb_prefix(x'FE'));
SELECT ok_fdb_tuple(ok_fdb_prefix(x'FE'));
SELECT ok_pack(ok_fdb_prefix(x'FE'));
SELECT ok_fdb_prefix('FE');
