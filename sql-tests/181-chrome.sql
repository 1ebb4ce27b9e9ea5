-- Chrome's IndexedDB keys ('chrome'): built, read back, quoted and rebuilt;
-- the LevelDB keys around them (ok_chrome_key) of every kind with their
-- values; idb_cmp1 as an order an index lives on; errors named. Then the
-- keys of its SQLite backing store ('chromesql'), and ok_utf16le.
SELECT 'pack.number', hex(ok_chrome_pack(1)), hex(ok_chrome_pack(-0.0)), hex(ok_chrome_pack(1e300));
SELECT 'pack.string', hex(ok_chrome_pack('')), hex(ok_chrome_pack('aé😀')), hex(ok_chrome_pack(CAST(x'EDA080' AS TEXT)));
SELECT 'pack.binary', hex(ok_chrome_pack(x'')), hex(ok_chrome_pack(zeroblob(130)));
SELECT 'pack.date', hex(ok_chrome_pack(ok_chrome_date(0))), hex(ok_chrome_pack(ok_chrome_date('2024-02-29T12:00:00.500Z')));
SELECT 'pack.array', hex(ok_chrome_pack()), hex(ok_chrome_pack('a', 1)), hex(ok_chrome_pack(ok_chrome_array(1)));
SELECT 'pack.nested', hex(ok_chrome_pack(ok_chrome_array(ok_chrome_array(), x'00', 'b')));
SELECT 'read.quote', ok_quote(ok_chrome_pack(-0.0, 'x', x'01', ok_chrome_date(86400000), ok_chrome_array(2, ok_chrome_array())), 'chrome');
SELECT 'read.json', ok_json(ok_chrome_pack(1.5, 9007199254740992, -9007199254740992, ok_chrome_array('a')), 'chrome');
SELECT 'read.each', pos, type, kind, quote(value) FROM ok_each(ok_chrome_pack(7, 'z', x'FF', ok_chrome_date(0), ok_chrome_array(1)), 'chrome');
SELECT 'read.unpack', ok_unpack_col(ok_chrome_pack('a', 'b', 'c'), 2, 'chrome'), ok_count(ok_chrome_pack('a', 'b', 'c'), 'chrome'), ok_count(ok_chrome_pack('a'), 'chrome'), ok_count(ok_chrome_pack(), 'chrome');
SELECT 'read.sole', ok_quote(ok_chrome_pack(ok_chrome_array('a')), 'chrome'), ok_quote(ok_chrome_pack('a'), 'chrome');
-- ok_quote's text, which gives the key again (test/indexeddb/check.py and
-- test/builders.c run it)
CREATE TABLE q(k BLOB);
INSERT INTO q VALUES (ok_chrome_pack(1)), (ok_chrome_pack(-0.0, 'x')), (ok_chrome_pack(ok_chrome_array(ok_chrome_array()))), (ok_chrome_pack(ok_chrome_date(-8640000000000000), x'00', CAST(x'EDB080' AS TEXT)));
SELECT 'quote', ok_quote(k, 'chrome'), hex(k) FROM q;
SELECT 'convert', hex(ok_convert(ok_pack(1, 'a'), 'ok', 'chrome')), ok_quote(ok_convert(ok_chrome_pack(2, 'b'), 'chrome', 'webkit'), 'webkit'), hex(ok_convert(ok_chrome_pack(-0.0), 'chrome', 'webkit'));
-- errors
SELECT ok_chrome_pack(NULL);
SELECT ok_chrome_pack(9007199254740993);
SELECT ok_chrome_pack(CAST(x'FF' AS TEXT));
SELECT ok_chrome_date(0.5);
SELECT ok_quote(x'05', 'chrome');
SELECT ok_quote(x'00', 'chrome');
SELECT ok_quote(x'03000000000000F87F', 'chrome');
SELECT ok_quote(x'02000000000000E03F', 'chrome');
SELECT ok_quote(x'018000', 'chrome');
SELECT ok_quote(x'0102006100', 'chrome');
SELECT ok_quote(x'0401', 'chrome');
SELECT ok_quote(x'0301', 'chrome');
-- the LevelDB keys, each kind, with its value
SELECT 'key.global', kind, what, value FROM ok_chrome_key(x'0000000000', x'05');
SELECT 'key.global', kind, what, value FROM ok_chrome_key(x'0000000002', x'1500000010000000');
SELECT 'key.global', kind, what, origin, name, value FROM ok_chrome_key(x'00000000C9080068007400740070005F0061005F00300200640062', x'01');
SELECT 'key.global', kind, what, hex(value) FROM ok_chrome_key(x'000000003201', x'0102');
SELECT 'key.database', kind, what, database_id, value FROM ok_chrome_key(x'0001000001', x'00640062');
SELECT 'key.database', kind, what, database_id, value FROM ok_chrome_key(x'0001000004', x'8001');
SELECT 'key.store', kind, what, database_id, store_id, value FROM ok_chrome_key(x'00010000320300', x'0072006F00770073');
SELECT 'key.store', what, store_id, value FROM ok_chrome_key(x'00010000320301', x'0000010200690064');
SELECT 'key.store', what, store_id, value FROM ok_chrome_key(x'00010000320301', x'000000');
SELECT 'key.store', what, store_id, value FROM ok_chrome_key(x'00010000320302', x'01');
SELECT 'key.index', what, store_id, index_id, value FROM ok_chrome_key(x'0001000064031E02', x'00000202010061010062');
SELECT 'key.index', what, store_id, index_id, value FROM ok_chrome_key(x'0001000064031E03', x'00');
SELECT 'key.names', what, store_id, name, value FROM ok_chrome_key(x'00010000C80200610062', x'03');
SELECT 'key.names', what, store_id, name, value FROM ok_chrome_key(x'00010000C903010061', x'1E');
SELECT 'key.record', kind, what, database_id, store_id, index_id, ok_json(key, 'chrome'), version, hex(value) FROM ok_chrome_key(x'00010301' || ok_chrome_pack('k', 2), x'07FF0F');
SELECT 'key.exists', kind, database_id, store_id, ok_json(key, 'chrome'), version, quote(value) FROM ok_chrome_key(x'00010302' || ok_chrome_pack(5), x'0701');
SELECT 'key.index', kind, index_id, ok_json(key, 'chrome'), seq, ok_json(primary_key, 'chrome'), version, ok_json(value, 'chrome') FROM ok_chrome_key(x'0001031F' || ok_chrome_pack('t') || x'00' || ok_chrome_pack(5), x'07' || ok_chrome_pack(5));
SELECT 'key.ids', database_id, store_id, index_id FROM ok_chrome_key(x'2D0001000001000100' || ok_chrome_pack(1));
SELECT 'key.nothing', count(*) FROM ok_chrome_key(NULL);
SELECT 'key.no_value', what, version, value FROM ok_chrome_key(x'00010000320300');
-- errors
SELECT * FROM ok_chrome_key(x'000101');
SELECT * FROM ok_chrome_key(x'0001010107');
SELECT * FROM ok_chrome_key(x'0001010403000000000000F03F');
SELECT * FROM ok_chrome_key(x'0001000007');
SELECT * FROM ok_chrome_key(x'0001010103000000000000F03F00');
SELECT * FROM ok_chrome_key(x'E0FFFFFFFFFFFFFFFF000000');
SELECT * FROM ok_chrome_key(42);
SELECT * FROM ok_chrome_key(x'00010000320300', x'006100');
SELECT * FROM ok_chrome_key(x'00010000320302', x'0101');
SELECT * FROM ok_chrome_key(x'000101010100', x'80');
SELECT * FROM ok_chrome_key(x'00010000320301', x'000003');
-- idb_cmp1: an index on it, over keys of every kind, unreadable ones and -0
CREATE TABLE c(k TEXT COLLATE idb_cmp1 PRIMARY KEY) WITHOUT ROWID;
INSERT INTO c SELECT CAST(x'00010101' || ok_chrome_pack(value) AS TEXT) FROM generate_series(-50, 50);
INSERT INTO c SELECT CAST(x'00010101' || ok_chrome_pack(printf('s%d', value)) AS TEXT) FROM generate_series(1, 50);
INSERT INTO c SELECT CAST(x'0001011E' || ok_chrome_pack(value % 7) || x'00' || ok_chrome_pack(value) AS TEXT) FROM generate_series(1, 50);
INSERT INTO c VALUES (CAST(x'0000000000' AS TEXT)), (CAST(x'00010000320100' AS TEXT)), (CAST(x'0001010107' AS TEXT)), (CAST(x'FF' AS TEXT));
SELECT 'index.rows', count(*) FROM c;
INSERT INTO c VALUES (CAST(x'00010101' || ok_chrome_pack(-0.0) AS TEXT));
SELECT 'index.first', hex(k) FROM c ORDER BY k LIMIT 3;
SELECT 'index.last', hex(k) FROM c ORDER BY k DESC LIMIT 3;
SELECT 'index.found', count(*) FROM c WHERE k = CAST(x'00010101' || ok_chrome_pack(-0.0) AS TEXT);
SELECT 'index.range', count(*) FROM c WHERE k >= CAST(x'00010101' || ok_chrome_pack(-3) AS TEXT) AND k < CAST(x'00010101' || ok_chrome_pack(3) AS TEXT);
PRAGMA integrity_check;
-- Chrome's SQLite backing store's keys: bytes in IndexedDB's order
SELECT 'sql.number', hex(ok_chromesql_pack(-1)), hex(ok_chromesql_pack(-0.0)), hex(ok_chromesql_pack(0)), hex(ok_chromesql_pack(1)), hex(ok_chromesql_pack(9e999));
SELECT 'sql.string', hex(ok_chromesql_pack('')), hex(ok_chromesql_pack(char(0, 126, 127, 16383, 16384, 65535))), hex(ok_chromesql_pack('😀')), hex(ok_chromesql_pack(CAST(x'EDA080' AS TEXT)));
SELECT 'sql.binary', hex(ok_chromesql_pack(x'')), hex(ok_chromesql_pack(x'ab')), hex(ok_chromesql_pack(zeroblob(8))), hex(ok_chromesql_pack(zeroblob(9)));
SELECT 'sql.array', hex(ok_chromesql_pack()), hex(ok_chromesql_pack(1, 'a')), hex(ok_chromesql_pack(ok_chromesql_array(ok_chromesql_array()))), hex(ok_chromesql_pack(ok_chromesql_date(0)));
SELECT 'sql.read', ok_quote(ok_chromesql_pack(-0.0, 'x', x'0102030405060708090a', ok_chromesql_date(86400000), ok_chromesql_array(2, ok_chromesql_array())), 'chromesql');
SELECT 'sql.each', pos, kind, quote(value), offset, length FROM ok_each(ok_chromesql_pack(7, 'z', x'FF', ok_chromesql_array(1)), 'chromesql');
SELECT 'sql.sole', ok_quote(ok_chromesql_pack(ok_chromesql_array('a')), 'chromesql'), ok_count(ok_chromesql_pack(), 'chromesql');
SELECT 'sql.convert', hex(ok_convert(ok_chrome_pack(1, 'b'), 'chrome', 'chromesql')), ok_quote(ok_convert(ok_chromesql_pack(2, 'b'), 'chromesql', 'chrome'), 'chrome');
SELECT ok_convert(ok_chrome_pack(-0.0), 'chrome', 'chromesql');
SELECT 'sql.order', count(*) FROM generate_series(1, 200) a, generate_series(1, 200) b WHERE (ok_chromesql_pack(a.value * 7 % 13 - 6, printf('%x', a.value)) < ok_chromesql_pack(b.value * 7 % 13 - 6, printf('%x', b.value))) <> (a.value * 7 % 13 - 6 < b.value * 7 % 13 - 6 OR (a.value * 7 % 13 = b.value * 7 % 13 AND printf('%x', a.value) < printf('%x', b.value)));
SELECT ok_quote(x'108000000000000001', 'chromesql');
SELECT ok_quote(x'107FFFFFFFFFFFFFFF', 'chromesql');
SELECT ok_quote(x'3080010000', 'chromesql');
SELECT ok_quote(x'30FF003F00', 'chromesql');
SELECT ok_quote(x'30C000', 'chromesql');
SELECT ok_quote(x'4009AB0100000000000001', 'chromesql');
SELECT ok_quote(x'4009AB0000000000000009', 'chromesql');
SELECT ok_quote(x'50', 'chromesql');
SELECT 'sql.empty', ok_quote(x'5000', 'chromesql');
SELECT ok_quote(x'500000', 'chromesql');
SELECT 'utf16le', ok_utf16le(x'6B00650079007300'), ok_utf16le(x'3DD800DE'), quote(ok_utf16le(NULL));
SELECT ok_utf16le(x'610062');
SELECT ok_utf16le('ab');
