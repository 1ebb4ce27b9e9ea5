-- Firefox's IndexedDB keys: ok_firefox_pack and its constructors, reading
-- with 'firefox', keys as Firefox's own SQLite file holds them, every
-- error. test/indexeddb/firefox.py runs Firefox itself against these
-- functions; this file pins the edges.
.mode quote
.echo on
-- one value is the key's value, any other count an array; an array adds 0x50 to its first type byte
SELECT 'shape', hex(ok_firefox_pack('foo')), hex(ok_firefox_pack('a', 'b')), hex(ok_firefox_pack(1, 2)), hex(ok_firefox_pack(ok_firefox_array(1))), hex(ok_firefox_pack());
SELECT 'shape.quote', ok_quote(ok_firefox_pack(42), 'firefox'), ok_quote(ok_firefox_pack(ok_firefox_array(42)), 'firefox'), ok_quote(ok_firefox_pack('a', 1), 'firefox'), ok_quote(ok_firefox_pack(), 'firefox');
-- arrays in arrays: three 0x50s fold into one byte, the rest start again; the zeros at the end are cut
SELECT 'nest', hex(ok_firefox_pack(ok_firefox_array(ok_firefox_array()))), hex(ok_firefox_pack(ok_firefox_array(ok_firefox_array(ok_firefox_array())))), hex(ok_firefox_pack(ok_firefox_array(ok_firefox_array(ok_firefox_array('foo'))))), hex(ok_firefox_pack(ok_firefox_array(), 'foo'));
SELECT 'nest.quote', ok_quote(x'F0A0000000307B', 'firefox'), ok_json(x'F0A0000000307B', 'firefox'), ok_quote(x'F0F050', 'firefox');
SELECT 'nest.value', hex(ok_unpack_col(ok_firefox_pack(1, ok_firefox_array(2, ok_firefox_array(3))), 2, 'firefox')), hex(ok_firefox_pack(ok_firefox_array(2, ok_firefox_array(3)))), ok_unpack_col(ok_firefox_pack(ok_firefox_array(ok_firefox_array(7)), 'x'), 1, 'firefox') = ok_firefox_pack(ok_firefox_array(ok_firefox_array(7)));
-- numbers: the sign bit set when positive, all bits negated when negative; -0 is 0
SELECT 'numbers', hex(ok_firefox_pack(0)), hex(ok_firefox_pack(-0.0)), hex(ok_firefox_pack(-1)), hex(ok_firefox_pack(9e999)), hex(ok_firefox_pack(-9e999)), hex(ok_firefox_pack(5e-324)), hex(ok_firefox_pack(0.1));
SELECT 'numbers.read', ok_unpack_col(x'10BFF0', 1, 'firefox'), ok_quote(x'10400FFFFFFFFFFFFF', 'firefox'), typeof(ok_unpack_col(x'10C340', 1, 'firefox')), ok_quote(x'1080', 'firefox'), ok_json(x'10FFF0', 'firefox');
SELECT 'numbers.int64', ok_firefox_pack(9007199254740993);
-- Dates: their milliseconds, read as toISOString() writes them
SELECT 'dates', hex(ok_firefox_pack(ok_firefox_date(0))), hex(ok_firefox_pack(ok_firefox_date('2024-02-29T12:00:00.500Z'))), ok_quote(ok_firefox_pack(ok_firefox_date(8.64e15)), 'firefox'), ok_quote(ok_firefox_pack(ok_firefox_date(-8.64e15)), 'firefox');
SELECT 'dates.range', ok_firefox_date(8.64e15 + 1);
SELECT 'dates.fraction', ok_firefox_date(1.5);
SELECT 'dates.text', ok_firefox_date('2024-02-30');
-- strings: UTF-16 units of 1, 2 and 3 bytes; a pair for an astral character; lone surrogates as WTF-8
SELECT 'strings', hex(ok_firefox_pack('')), hex(ok_firefox_pack(char(0))), hex(ok_firefox_pack(char(126, 127))), hex(ok_firefox_pack(char(16510, 16511))), hex(ok_firefox_pack(char(65535))), hex(ok_firefox_pack('😀'));
SELECT 'strings.cut', hex(ok_firefox_pack(char(64512))), ok_quote(x'30FF', 'firefox'), hex(ok_firefox_pack(char(127))), ok_quote(x'3080', 'firefox');
SELECT 'strings.lone', hex(ok_firefox_pack(CAST(x'EDA080' AS TEXT))), ok_quote(x'30F6', 'firefox'), ok_json(x'30F6', 'firefox'), hex(ok_unpack_col(x'30F6', 1, 'firefox')), hex(ok_firefox_pack(CAST(x'EDB080EDA080' AS TEXT)));
SELECT 'strings.pair_apart', ok_firefox_pack(CAST(x'EDA0BDEDB880' AS TEXT));
SELECT 'strings.utf8', ok_firefox_pack(CAST(x'61FF' AS TEXT));
-- binary: each byte 1 or 2 bytes
SELECT 'binary', hex(ok_firefox_pack(x'')), hex(ok_firefox_pack(x'00')), hex(ok_firefox_pack(x'7E7F80FF')), ok_quote(ok_firefox_pack(x'7F'), 'firefox'), ok_json(ok_firefox_pack(x'0102'), 'firefox');
-- order: numbers < Dates < strings < binary < arrays; a shorter array first
SELECT 'order', ok_firefox_pack(9e999) < ok_firefox_pack(ok_firefox_date(-8.64e15)), ok_firefox_pack(ok_firefox_date(8.64e15)) < ok_firefox_pack(''), ok_firefox_pack(char(65535)) < ok_firefox_pack(x''), ok_firefox_pack(x'FF') < ok_firefox_pack(), ok_firefox_pack('a') < ok_firefox_pack('a', 1), ok_firefox_pack(ok_firefox_array()) < ok_firefox_pack(ok_firefox_array(ok_firefox_array()));
SELECT 'order.units', ok_firefox_pack('😀') < ok_firefox_pack(char(65535)), ok_firefox_pack(char(127)) < ok_firefox_pack(char(128)), ok_firefox_pack(-1) < ok_firefox_pack(-0.5);
SELECT 'each', pos, type, kind, value, offset, length, hex FROM ok_each(ok_firefox_pack(-1.5, 'z', x'00', ok_firefox_date(1), ok_firefox_array(1)), 'firefox');
-- ranges over array keys that start with some values
SELECT 'range', hex(ok_firefox_range_begin('users')), hex(ok_firefox_range_end('users')), hex(ok_firefox_range_end('users', 1)), ok_firefox_pack('users', 7) BETWEEN ok_firefox_range_begin('users') AND ok_firefox_range_end('users'), ok_firefox_pack('users') >= ok_firefox_range_begin('users'), ok_firefox_pack('usersx') < ok_firefox_range_end('users');
SELECT 'range.none', ok_firefox_range_end();
-- as Firefox's file holds them: object_data, an index's value and object_data_key
CREATE TABLE object_data(object_store_id INTEGER NOT NULL, key BLOB NOT NULL, data BLOB, PRIMARY KEY (object_store_id, key)) WITHOUT ROWID;
INSERT INTO object_data VALUES (1, ok_firefox_pack('b', 2), NULL), (1, ok_firefox_pack('a', 10), NULL), (1, ok_firefox_pack('a', 9), NULL), (1, ok_firefox_pack(5), NULL), (1, ok_firefox_pack(ok_firefox_date(0)), NULL);
SELECT 'file', ok_quote(key, 'firefox') FROM object_data WHERE object_store_id = 1 ORDER BY key;
SELECT 'file.range', ok_quote(key, 'firefox') FROM object_data WHERE key >= ok_firefox_range_begin('a') AND key < ok_firefox_range_end('a') ORDER BY key DESC;
-- converted: array keys of other formats, and back
SELECT 'convert', hex(ok_convert(ok_pack('a', 1, 2.5, x'00'), 'ok', 'firefox')), ok_quote(ok_convert(ok_firefox_pack('a', 1), 'firefox', 'bytewise'), 'bytewise'), ok_quote(ok_convert(ok_bytewise_pack(7), 'bytewise', 'firefox'), 'firefox');
SELECT 'convert.null', ok_convert(ok_pack(NULL), 'ok', 'firefox');
SELECT 'convert.date', ok_convert(ok_firefox_pack(ok_firefox_date(0)), 'firefox', 'ok');
-- malformed keys: each error at its byte
SELECT 'bad.empty', ok_quote(x'', 'firefox');
SELECT 'bad.zero_end', ok_quote(x'303100', 'firefox');
SELECT 'bad.no_number', ok_quote(x'10', 'firefox');
SELECT 'bad.nan', ok_quote(x'10FFF8', 'firefox');
SELECT 'bad.tag', ok_quote(x'15', 'firefox');
SELECT 'bad.unit', ok_quote(x'30C0', 'firefox');
SELECT 'bad.unit_bits', ok_quote(x'30FFFF01', 'firefox');
SELECT 'bad.binary', ok_quote(x'4081', 'firefox');
SELECT 'bad.fold', ok_quote(x'F5', 'firefox');
SELECT 'bad.after', ok_quote(x'303100310032', 'firefox');
SELECT 'bad.date', ok_quote(x'20BFF8', 'firefox');
SELECT 'bad.array_end', ok_quote(x'60BFF000000000000000', 'firefox');
SELECT 'valid', ok_valid(x'10BFF0', 'firefox'), ok_valid(x'10BFF000', 'firefox'), ok_valid(x'50', 'firefox'), ok_valid(x'5000', 'firefox'), ok_count(x'50', 'firefox'), ok_count(x'F0', 'firefox');
-- errors of the builders
SELECT 'err.null', ok_firefox_pack(1, NULL);
SELECT 'err.key', ok_firefox_pack(ok_firefox_pack(1));
SELECT 'err.other_piece', ok_firefox_pack(ok_bytewise_array(1));
SELECT 'err.date_type', ok_firefox_date(x'00');
SELECT 'err.date_null', ok_firefox_date(NULL) IS NULL;
