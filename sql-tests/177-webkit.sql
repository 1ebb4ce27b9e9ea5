-- WebKit's IndexedDB keys: ok_webkit_pack and its constructors (TEXT keys,
-- as WebKit stores them), reading with 'webkit', the collation IDBKEY, a
-- table as WebKit's file has it, every error. test/indexeddb/check.py runs
-- WebKitGTK itself against these functions; this file pins the edges.
.mode quote
.echo on
-- 00, then one value: numbers little-endian; one argument is the key's value, any other count an array
SELECT 'shape', typeof(ok_webkit_pack(1)), hex(ok_webkit_pack(1)), hex(ok_webkit_pack('a', 'b')), hex(ok_webkit_pack(ok_webkit_array(1))), hex(ok_webkit_pack());
SELECT 'shape.quote', ok_quote(ok_webkit_pack(42), 'webkit'), ok_quote(ok_webkit_pack(ok_webkit_array(42)), 'webkit'), ok_quote(ok_webkit_pack('a', 1), 'webkit'), ok_quote(ok_webkit_pack(), 'webkit');
SELECT 'nest', hex(ok_webkit_pack(ok_webkit_array(ok_webkit_array()))), ok_json(ok_webkit_pack(ok_webkit_array(ok_webkit_array(ok_webkit_array(1))), 'z'), 'webkit'), hex(ok_unpack_col(ok_webkit_pack(1, ok_webkit_array(2)), 2, 'webkit'));
-- numbers: -0 kept as WebKit keeps it, equal to 0 under IDBKEY
SELECT 'numbers', hex(ok_webkit_pack(0)), hex(ok_webkit_pack(-0.0)), ok_quote(ok_webkit_pack(-0.0), 'webkit'), ok_webkit_pack(-0.0) = ok_webkit_pack(0) COLLATE IDBKEY, ok_webkit_pack(-0.0) = ok_webkit_pack(0), hex(ok_webkit_pack(9e999)), ok_json(ok_webkit_pack(-9e999, 5e-324), 'webkit');
SELECT 'numbers.int64', ok_webkit_pack(9007199254740993);
-- Dates: WebKit keeps them in seconds: ms / 1000 * 1000, a unit in the last place off at times
SELECT 'dates', hex(ok_webkit_pack(ok_webkit_date(0))), hex(ok_webkit_pack(ok_webkit_date(34834104357287))), ok_quote(ok_webkit_pack(ok_webkit_date(34834104357287)), 'webkit'), ok_quote(ok_webkit_pack(ok_webkit_date('-271821-04-20T00:00:00.000Z')), 'webkit');
SELECT 'dates.exact', ok_quote(x'004000A7916A72AEBF42', 'webkit');
SELECT 'dates.fraction', ok_webkit_date(1.5);
-- strings: a count of UTF-16 units, then the units; lone surrogates as WTF-8
SELECT 'strings', hex(ok_webkit_pack('')), hex(ok_webkit_pack('é😀')), hex(ok_webkit_pack(CAST(x'EDA080' AS TEXT))), ok_quote(x'00600100000000D8', 'webkit'), ok_json(x'00600100000000D8', 'webkit');
SELECT 'strings.utf8', ok_webkit_pack(CAST(x'61FF' AS TEXT));
-- binary: a 64-bit count, then the bytes
SELECT 'binary', hex(ok_webkit_pack(x'')), hex(ok_webkit_pack(x'00FF')), ok_quote(ok_webkit_pack(x'00FF'), 'webkit');
SELECT 'each', pos, type, kind, value, offset, length FROM ok_each(ok_webkit_pack(-1.5, 'z', x'00', ok_webkit_date(1), ok_webkit_array(1)), 'webkit');
-- IDBKEY: numbers < Dates < strings < binary < arrays; strings by UTF-16 unit; a shorter array first
SELECT 'idbkey', ok_webkit_pack(9e999) < ok_webkit_pack(ok_webkit_date(-8.64e15)) COLLATE IDBKEY, ok_webkit_pack(ok_webkit_date(8.64e15)) < ok_webkit_pack('') COLLATE IDBKEY, ok_webkit_pack('😀') < ok_webkit_pack(char(65535)) COLLATE IDBKEY, ok_webkit_pack(char(65535)) < ok_webkit_pack(x'') COLLATE IDBKEY, ok_webkit_pack(x'FF') < ok_webkit_pack() COLLATE IDBKEY, ok_webkit_pack('a') < ok_webkit_pack('a', 1) COLLATE IDBKEY, ok_webkit_pack(2) < ok_webkit_pack(10) COLLATE IDBKEY, ok_webkit_pack(2) < ok_webkit_pack(10);
-- binary inside a longer key compares with the rest of the key, as WebKit reads it
SELECT 'idbkey.binary', ok_webkit_pack(x'01', 9) < ok_webkit_pack(x'0100', 1) COLLATE IDBKEY, ok_webkit_pack(ok_webkit_array(x'01', 9)) < ok_webkit_pack(ok_webkit_array(x'01', 10)) COLLATE IDBKEY;
-- what WebKit cannot read sorts after all it reads, and equals itself; so does a nesting deeper than 1000
SELECT 'idbkey.unreadable', x'FF' < ok_webkit_pack(1) COLLATE IDBKEY, ok_webkit_pack(1) < CAST(x'FF' AS TEXT) COLLATE IDBKEY, CAST(x'0020' AS TEXT) = CAST(x'0020' AS TEXT) COLLATE IDBKEY;
WITH k(d, key) AS (SELECT 1000, CAST(x'00' || ok_unhex(replace(hex(zeroblob(1000)), '00', 'A00100000000000000')) || x'200000000000000000' AS TEXT) UNION ALL SELECT 1001, CAST(x'00' || ok_unhex(replace(hex(zeroblob(1001)), '00', 'A00100000000000000')) || x'200000000000000000' AS TEXT))
SELECT 'idbkey.deep', d, key = key COLLATE IDBKEY, ok_count(key, 'webkit') FROM k;
-- as WebKit's file holds them: TEXT columns of the collation IDBKEY, an index on them
CREATE TABLE Records (objectStoreID INTEGER NOT NULL ON CONFLICT FAIL, key TEXT COLLATE IDBKEY NOT NULL ON CONFLICT FAIL, value NOT NULL ON CONFLICT FAIL, recordID INTEGER PRIMARY KEY);
CREATE UNIQUE INDEX RecordsIndex ON Records (objectStoreID, key);
INSERT INTO Records (objectStoreID, key, value) VALUES (1, ok_webkit_pack('b', 2), x''), (1, ok_webkit_pack('a', 10), x''), (1, ok_webkit_pack('a', 9), x''), (1, ok_webkit_pack(5), x''), (1, ok_webkit_pack(-0.0), x''), (1, ok_webkit_pack(ok_webkit_date(0)), x'');
SELECT 'file', ok_quote(key, 'webkit') FROM Records WHERE objectStoreID = 1 ORDER BY key;
SELECT 'file.find', recordID FROM Records WHERE objectStoreID = 1 AND key = ok_webkit_pack(0);
SELECT 'file.range', ok_quote(key, 'webkit') FROM Records WHERE key >= ok_webkit_pack('a') AND key < ok_webkit_pack('a', 10) ORDER BY key DESC;
PRAGMA integrity_check;
-- converted: array keys of other formats, and back
SELECT 'convert', hex(ok_convert(ok_pack('a', 1, x'00'), 'ok', 'webkit')), ok_quote(ok_convert(ok_webkit_pack('a', 1), 'webkit', 'firefox'), 'firefox'), ok_quote(ok_convert(ok_firefox_pack(7), 'firefox', 'webkit'), 'webkit');
SELECT 'convert.negzero', ok_convert(ok_webkit_pack(-0.0), 'webkit', 'firefox');
-- malformed keys: each error at its byte
SELECT 'bad.empty', ok_quote(x'', 'webkit');
SELECT 'bad.version', ok_quote(x'01200000000000000000', 'webkit');
SELECT 'bad.short', ok_quote(x'0020000000', 'webkit');
SELECT 'bad.nan', ok_quote(x'00200000000000F8FF7F', 'webkit');
SELECT 'bad.date', ok_quote(x'0040000000000000F83F', 'webkit');
SELECT 'bad.min', ok_quote(x'0000', 'webkit');
SELECT 'bad.max', ok_quote(x'00FF', 'webkit');
SELECT 'bad.tag', ok_quote(x'0021', 'webkit');
SELECT 'bad.string_count', ok_quote(x'0060020000006100', 'webkit');
SELECT 'bad.array_count', ok_quote(x'00A0020000000000000020000000000000F03F', 'webkit');
SELECT 'bad.after', ok_quote(x'0020000000000000F03F00', 'webkit');
SELECT 'valid', ok_valid(ok_webkit_pack(1), 'webkit'), ok_valid(x'0020000000000000F03F', 'webkit'), ok_valid(x'00A00000000000000000', 'webkit'), ok_count(x'00A00000000000000000', 'webkit');
-- errors of the builders
SELECT 'err.null', ok_webkit_pack(1, NULL);
SELECT 'err.key', ok_webkit_pack(ok_webkit_pack(1));
SELECT 'err.other_piece', ok_webkit_pack(ok_firefox_array(1));
SELECT 'err.date_type', ok_webkit_date(x'00');
