-- MVCC keys: ok_mvcc_pack, ok_mvcc_key, ok_mvcc_version, ok_mvcc_logical,
-- ok_mvcc_time and ok_mvcc_order for CockroachDB, TiKV and Badger, their
-- edges and every error. test/mvcc/vectors.tsv holds the stores' own bytes
-- and orders and test/mvcc/oracle.sql SQLite's; this file pins the rest.
.mode quote
.echo on
-- CockroachDB: a table key with no version, a wall time, a logical time
SELECT 'crdb.pack', hex(ok_mvcc_pack(ok_crdb_pack(53, 1, 'a'), 'crdb')), hex(ok_mvcc_pack(ok_crdb_pack(53, 1, 'a'), 'crdb', 1700000000123456789)), hex(ok_mvcc_pack(ok_crdb_pack(53, 1, 'a'), 'crdb', 1700000000123456789, 2));
SELECT 'crdb.text_time', hex(ok_mvcc_pack(x'BD89', 'crdb', '2023-11-14T22:13:20.123456789Z')), hex(ok_mvcc_pack(x'BD89', 'crdb', '2023-11-14 22:13:20.123456789+00:00', 0)), hex(ok_mvcc_pack(x'BD89', 'crdb', '1970-01-01'));
SELECT 'crdb.zero_is_none', hex(ok_mvcc_pack(x'BD89', 'crdb', 0)), hex(ok_mvcc_pack(x'BD89', 'crdb', 0, 0)), hex(ok_mvcc_pack(x'BD89', 'crdb', 0, 1)), hex(ok_mvcc_pack(x'', 'crdb'));
SELECT 'crdb.limits', hex(ok_mvcc_pack(x'BD', 'crdb', 9223372036854775807, 2147483647)), hex(ok_mvcc_pack(x'BD', 'crdb', -9223372036854775808, -2147483648)), hex(ok_mvcc_pack(x'BD', 'crdb', -1, -1));
SELECT 'crdb.read', ok_quote(ok_mvcc_key('BD89126100010017979CFE3D85CD15000000020D', 'crdb'), 'crdb'), ok_mvcc_version('BD89126100010017979CFE3D85CD15000000020D', 'crdb'), ok_mvcc_logical('BD89126100010017979CFE3D85CD15000000020D', 'crdb'), ok_mvcc_time('BD89126100010017979CFE3D85CD15000000020D', 'crdb');
SELECT 'crdb.none', hex(ok_mvcc_key('BD8900', 'crdb')), ok_mvcc_version('BD8900', 'crdb'), ok_mvcc_logical('BD8900', 'crdb'), ok_mvcc_time('BD8900', 'crdb'), hex(ok_mvcc_key(x'00', 'crdb'));
SELECT 'crdb.limits_read', ok_mvcc_version(x'BD007FFFFFFFFFFFFFFF7FFFFFFF0D', 'crdb'), ok_mvcc_logical(x'BD007FFFFFFFFFFFFFFF7FFFFFFF0D', 'crdb'), ok_mvcc_time(x'BD007FFFFFFFFFFFFFFF7FFFFFFF0D', 'crdb'), ok_mvcc_version(x'BD008000000000000000800000000D', 'crdb'), ok_mvcc_logical(x'BD008000000000000000800000000D', 'crdb'), ok_mvcc_time(x'BD008000000000000000800000000D', 'crdb');
SELECT 'crdb.time_limits', ok_mvcc_version(ok_mvcc_pack(x'BD', 'crdb', '2262-04-11T23:47:16.854775807Z'), 'crdb'), ok_mvcc_version(ok_mvcc_pack(x'BD', 'crdb', '1677-09-21T00:12:43.145224192Z'), 'crdb'), ok_mvcc_time(ok_mvcc_pack(x'BD', 'crdb', '1677-09-21T00:12:43.145224192Z'), 'crdb');
SELECT ok_mvcc_pack(x'BD', 'crdb', '2262-04-11T23:47:16.854775808Z');
SELECT ok_mvcc_pack(x'BD', 'crdb', '1677-09-21T00:12:43.145224191Z');
SELECT 'tikv.time_limits', ok_mvcc_version(ok_mvcc_pack(x'0000000000000000F7', 'tikv', 70368744177663, 262143), 'tikv'), ok_mvcc_time(ok_mvcc_pack(x'0000000000000000F7', 'tikv', 70368744177663, 0), 'tikv'), ok_mvcc_version(ok_mvcc_pack(x'0000000000000000F7', 'tikv', '4199-11-24T01:22:57.663Z', 262143), 'tikv'), ok_mvcc_version(ok_mvcc_pack(x'0000000000000000F7', 'tikv', '1970-01-01T00:00:00Z', 0), 'tikv');
SELECT ok_mvcc_pack(x'0000000000000000F7', 'tikv', '4199-11-24T01:22:57.664Z');
SELECT ok_mvcc_pack(x'0000000000000000F7', 'tikv', -1, 0);
SELECT 'crdb.before_1970', ok_mvcc_time(x'BD00FFFFFFFFFFFFFFFF09', 'crdb'), ok_mvcc_time(x'BD00FFFFFFFFC465360009', 'crdb');
SELECT 'crdb.synthetic', ok_mvcc_version(x'BD00179796E7B2BF1A15000000020E0E', 'crdb'), ok_mvcc_logical(x'BD00179796E7B2BF1A15000000020E0E', 'crdb'), ok_mvcc_order(x'BD00179796E7B2BF1A15000000020E0E', 'crdb') = ok_mvcc_order(x'BD00179796E7B2BF1A1500000002010E', 'crdb'), ok_mvcc_order(x'BD00179796E7B2BF1A15000000020D', 'crdb') = ok_mvcc_order(x'BD00179796E7B2BF1A1500000002010E', 'crdb');
SELECT 'crdb.zero_logical', ok_mvcc_order(x'BD00179796E7B2BF1A15000000000D', 'crdb') = ok_mvcc_order(x'BD00179796E7B2BF1A1509', 'crdb'), ok_mvcc_logical(x'BD00179796E7B2BF1A15000000000D', 'crdb');
SELECT 'crdb.lock', hex(ok_mvcc_key(x'BD000300112233445566778899AABBCCDDEEFF12', 'crdb')), ok_mvcc_version(x'BD000300112233445566778899AABBCCDDEEFF12', 'crdb'), ok_mvcc_time(x'BD000300112233445566778899AABBCCDDEEFF12', 'crdb'), ok_quote(ok_mvcc_order(x'BD000300112233445566778899AABBCCDDEEFF12', 'crdb'));
-- the order: user keys as bytes ('a' before 'a' 00), none first, the newest first
WITH t(name, k) AS (VALUES ('a@5', ok_mvcc_pack(x'61', 'crdb', 5)), ('a', ok_mvcc_pack(x'61', 'crdb')), ('a@5.1', ok_mvcc_pack(x'61', 'crdb', 5, 1)), ('a00@9', ok_mvcc_pack(x'6100', 'crdb', 9)), ('a@6', ok_mvcc_pack(x'61', 'crdb', 6)), ('b', ok_mvcc_pack(x'62', 'crdb'))) SELECT 'crdb.order', group_concat(name, ' ') FROM (SELECT name FROM t ORDER BY ok_mvcc_order(k, 'crdb'));
WITH t(name, k) AS (VALUES ('a@5', ok_mvcc_pack(x'61', 'crdb', 5)), ('a', ok_mvcc_pack(x'61', 'crdb')), ('a@5.1', ok_mvcc_pack(x'61', 'crdb', 5, 1)), ('a00@9', ok_mvcc_pack(x'6100', 'crdb', 9)), ('a@6', ok_mvcc_pack(x'61', 'crdb', 6)), ('b', ok_mvcc_pack(x'62', 'crdb'))) SELECT 'crdb.bytes_order', group_concat(name, ' ') FROM (SELECT name FROM t ORDER BY k);
SELECT 'crdb.order_key', ok_quote(ok_mvcc_order(ok_mvcc_pack(x'61', 'crdb', 5, 1), 'crdb')), ok_quote(ok_mvcc_order(ok_mvcc_pack(x'61', 'crdb'), 'crdb')), hex(ok_mvcc_order(ok_mvcc_pack(x'61', 'crdb', 5), 'crdb'));
-- TiKV: table 63's row 1 at a TSO, with its 'z' as on disk and without
SELECT 'tikv.pack', hex(ok_mvcc_pack(ok_tikv_pack(ok_tidb_table(63), ok_tidb_record(1)), 'tikv', 445566778899001122)), hex(ok_mvcc_pack('7480000000000000FF3F5F728000000000FF0000010000000000FA', 'tikv', '2025-01-02T03:04:05.678Z', 7));
SELECT 'tikv.read', ok_quote(ok_mvcc_key('7A7480000000000000FF3F5F728000000000FF0000010000000000FAF9D10E6D2AFBFFF8', 'tikv'), 'tikv'), ok_mvcc_version('7A7480000000000000FF3F5F728000000000FF0000010000000000FAF9D10E6D2AFBFFF8', 'tikv'), ok_mvcc_logical('7A7480000000000000FF3F5F728000000000FF0000010000000000FAF9D10E6D2AFBFFF8', 'tikv'), ok_mvcc_time('7A7480000000000000FF3F5F728000000000FF0000010000000000FAF9D10E6D2AFBFFF8', 'tikv');
SELECT 'tikv.no_z', ok_mvcc_version('7480000000000000FF3F5F728000000000FF0000010000000000FAF9D10E6D2AFBFFF8', 'tikv'), hex(ok_mvcc_key('7480000000000000FF3F5F728000000000FF0000010000000000FAF9D10E6D2AFBFFF8', 'tikv'));
SELECT 'tikv.z_user_key', hex(ok_mvcc_key(x'7A00000000000000F8FFFFFFFFFFFFFFFF', 'tikv')), hex(ok_mvcc_key(x'7A7A00000000000000F8FFFFFFFFFFFFFFFF', 'tikv'));
SELECT 'tikv.ms_and_logical', hex(ok_mvcc_pack(x'0000000000000000F7', 'tikv', 1735787045678, 7)) = hex(ok_mvcc_pack(x'0000000000000000F7', 'tikv', '2025-01-02T03:04:05.678Z', 7)), ok_mvcc_version(ok_mvcc_pack(x'0000000000000000F7', 'tikv', '2025-01-02T03:04:05.678Z'), 'tikv') = 1735787045678 << 18;
SELECT 'tikv.u64', ok_mvcc_version(ok_mvcc_pack(x'0000000000000000F7', 'tikv', '18446744073709551615'), 'tikv'), ok_mvcc_logical(ok_mvcc_pack(x'0000000000000000F7', 'tikv', '18446744073709551615'), 'tikv'), ok_mvcc_time(ok_mvcc_pack(x'0000000000000000F7', 'tikv', '18446744073709551615'), 'tikv'), hex(ok_mvcc_pack(x'0000000000000000F7', 'tikv', 0));
SELECT 'tikv.order_is_bytes', ok_mvcc_pack(x'0000000000000000F7', 'tikv', 6) < ok_mvcc_pack(x'0000000000000000F7', 'tikv', 5), ok_mvcc_order(ok_mvcc_pack(x'0000000000000000F7', 'tikv', 6), 'tikv') < ok_mvcc_order(ok_mvcc_pack(x'0000000000000000F7', 'tikv', 5), 'tikv');
-- Badger
SELECT 'badger.pack', hex(ok_mvcc_pack(x'616263', 'badger', 1)), hex(ok_mvcc_pack('616263', 'badger', '18446744073709551615')), hex(ok_mvcc_pack(x'00', 'badger', 0));
SELECT 'badger.read', hex(ok_mvcc_key(x'616263FFFFFFFFFFFFFFFE', 'badger')), ok_mvcc_version(x'616263FFFFFFFFFFFFFFFE', 'badger'), ok_mvcc_version(x'6100000000000000007F', 'badger'), ok_mvcc_version(x'610000000000000000', 'badger');
WITH t(name, k) AS (VALUES ('a@1', ok_mvcc_pack(x'61', 'badger', 1)), ('a@2', ok_mvcc_pack(x'61', 'badger', 2)), ('ab@9', ok_mvcc_pack(x'6162', 'badger', 9)), ('a00@3', ok_mvcc_pack(x'6100', 'badger', 3))) SELECT 'badger.order', group_concat(name, ' ') FROM (SELECT name FROM t ORDER BY ok_mvcc_order(k, 'badger'));
WITH t(name, k) AS (VALUES ('a@1', ok_mvcc_pack(x'61', 'badger', 1)), ('a@2', ok_mvcc_pack(x'61', 'badger', 2)), ('ab@9', ok_mvcc_pack(x'6162', 'badger', 9)), ('a00@3', ok_mvcc_pack(x'6100', 'badger', 3))) SELECT 'badger.bytes_order', group_concat(name, ' ') FROM (SELECT name FROM t ORDER BY k);
-- together: an index on the store's order, a key's parts side by side
CREATE TABLE pebble(k BLOB PRIMARY KEY) WITHOUT ROWID;
INSERT INTO pebble VALUES (ok_mvcc_pack(ok_crdb_pack(53, 1, 'a'), 'crdb', 1700000000000000000)), (ok_mvcc_pack(ok_crdb_pack(53, 1, 'a'), 'crdb', 1700000001000000000, 1)), (ok_mvcc_pack(ok_crdb_pack(53, 1, 'a'), 'crdb')), (ok_mvcc_pack(ok_crdb_pack(53, 1, 'ab'), 'crdb', 5));
CREATE INDEX pebble_order ON pebble(ok_mvcc_order(k, 'crdb'));
SELECT 'together', ok_quote(ok_mvcc_key(k, 'crdb'), 'crdb'), ok_mvcc_time(k, 'crdb'), ok_mvcc_logical(k, 'crdb') FROM pebble ORDER BY ok_mvcc_order(k, 'crdb');
SELECT 'together.roundtrip', count(*) FROM pebble WHERE ok_mvcc_pack(ok_mvcc_key(k, 'crdb'), 'crdb', ok_mvcc_version(k, 'crdb'), ok_mvcc_logical(k, 'crdb')) = k OR ok_mvcc_version(k, 'crdb') IS NULL AND ok_mvcc_pack(ok_mvcc_key(k, 'crdb'), 'crdb') = k;
-- the store per row (no state kept from the row before)
WITH t(s, k) AS (VALUES ('crdb', ok_mvcc_pack(x'61', 'crdb', 5, 1)), ('badger', ok_mvcc_pack(x'61', 'badger', 6)), ('tikv', ok_mvcc_pack(x'0000000000000000F7', 'tikv', 7)), ('crdb', ok_mvcc_pack(x'62', 'crdb', 8))) SELECT 'per_row', s, ok_mvcc_version(k, s), hex(ok_mvcc_key(k, s)), hex(ok_mvcc_order(k, s)) FROM t;
-- big keys: a user key of 1 MB, its zeros escaped in ok_mvcc_order
SELECT 'big', length(ok_mvcc_order(ok_mvcc_pack(zeroblob(1000000), 'crdb', 1, 1), 'crdb')), length(ok_mvcc_key(ok_mvcc_pack(ok_tikv_pack(zeroblob(100000)), 'tikv', 1), 'tikv')), length(ok_mvcc_order(ok_mvcc_pack(zeroblob(1000000), 'badger', 1), 'badger'));
-- NULLs
SELECT 'null', ok_mvcc_key(NULL, 'crdb'), ok_mvcc_key(x'00', NULL), ok_mvcc_version(NULL, 'tikv'), ok_mvcc_pack(NULL, 'badger', 1), ok_mvcc_pack(x'61', 'badger', NULL), ok_mvcc_pack(x'61', 'crdb', 5, NULL), ok_mvcc_order(NULL, 'crdb');
-- errors
SELECT ok_mvcc_key(x'00', 'pebble');
SELECT ok_mvcc_key(x'00', 1);
SELECT ok_mvcc_key(x'', 'crdb');
SELECT 'crdb.short_user_key', hex(ok_mvcc_key(x'6100010203040506070809', 'crdb')), ok_mvcc_version(x'6100010203040506070809', 'crdb');
SELECT ok_mvcc_key(x'61000102030405060708', 'crdb');
SELECT ok_mvcc_key(x'6101010203040506070809', 'crdb');
SELECT ok_mvcc_key(x'0105', 'crdb');
SELECT ok_mvcc_key(x'0000000000000000F7', 'tikv');
SELECT ok_mvcc_key(x'00000000000000000000000000000000FF', 'tikv');
SELECT ok_mvcc_key(x'000000000000000000F60000000000000000', 'tikv');
SELECT ok_mvcc_key(x'0000000000000001F90000000000000000', 'tikv');
SELECT ok_mvcc_key(x'00000000000000FF', 'badger');
SELECT ok_mvcc_key('zz', 'crdb');
SELECT ok_mvcc_time(x'6100000000000000007F', 'badger');
SELECT ok_mvcc_logical(x'6100000000000000007F', 'badger');
SELECT ok_mvcc_pack(x'61', 'tikv');
SELECT ok_mvcc_pack(x'61', 'badger');
SELECT ok_mvcc_pack(x'61', 'tikv', 1);
SELECT ok_mvcc_pack(x'0000000000000000FF', 'tikv', 1);
SELECT ok_mvcc_pack(x'', 'badger', 1);
SELECT ok_mvcc_pack(x'61', 'badger', 1, 2);
SELECT ok_mvcc_pack(x'61', 'badger', -1);
SELECT ok_mvcc_pack(x'61', 'badger', '18446744073709551616');
SELECT ok_mvcc_pack(x'61', 'badger', 1.5);
SELECT ok_mvcc_pack(x'61', 'crdb', 1.5);
SELECT ok_mvcc_pack(x'61', 'crdb', 5, 2147483648);
SELECT ok_mvcc_pack(x'61', 'crdb', 5, '1');
SELECT ok_mvcc_pack(x'61', 'crdb', '2263-01-01');
SELECT ok_mvcc_pack(x'61', 'crdb', 'yesterday');
SELECT ok_mvcc_pack(x'0000000000000000F7', 'tikv', 5, 262144);
SELECT ok_mvcc_pack(x'0000000000000000F7', 'tikv', 70368744177664, 0);
SELECT ok_mvcc_pack(x'0000000000000000F7', 'tikv', '2025-01-02T03:04:05.6789Z');
SELECT ok_mvcc_pack(x'0000000000000000F7', 'tikv', '1969-12-31');
SELECT ok_mvcc_pack(x'0000000000000000F7', 'tikv', '5', 1);
