-- ordered-binary keys (lmdb-js's): ok_orderedbinary_pack and its
-- constructors, reading with 'orderedbinary', what ordered-binary writes
-- that ok refuses, every error. test/orderedbinary/check.js runs the
-- library's own code against these functions; this file pins the edges.
.mode quote
.echo on
-- one value is the key's value; several an array; an array of one, 9 bytes
SELECT 'shape', hex(ok_orderedbinary_pack('users')), hex(ok_orderedbinary_pack('users', 42)), hex(ok_orderedbinary_pack(42)), hex(ok_orderedbinary_pack(ok_orderedbinary_array(42)));
SELECT 'shape.quote', ok_quote(ok_orderedbinary_pack(42), 'orderedbinary'), ok_quote(ok_orderedbinary_pack(ok_orderedbinary_array(42)), 'orderedbinary'), ok_quote(ok_orderedbinary_pack('a', 1), 'orderedbinary');
-- numbers alone take 4, 6, 8 or 9 bytes, as their low bits need
SELECT 'numbers.alone', hex(ok_orderedbinary_pack(1)), hex(ok_orderedbinary_pack(1.5)), hex(ok_orderedbinary_pack(65537)), hex(ok_orderedbinary_pack(4294967297)), hex(ok_orderedbinary_pack(0.1)), hex(ok_orderedbinary_pack(-1));
SELECT 'numbers.edges', hex(ok_orderedbinary_pack(0)), hex(ok_orderedbinary_pack(-0.0)), hex(ok_orderedbinary_pack(9e999)), hex(ok_orderedbinary_pack(-9e999)), hex(ok_orderedbinary_pack(5e-324)), hex(ok_orderedbinary_pack(9007199254740992));
SELECT 'numbers.read', ok_unpack_col(x'13FF0000', 1, 'orderedbinary'), ok_unpack_col(x'13FF8000', 1, 'orderedbinary'), typeof(ok_unpack_col(x'17FF0000', 1, 'orderedbinary')), ok_unpack_col(x'0BFEBFFFFFFFFFFFF0', 1, 'orderedbinary');
SELECT 'numbers.int64', ok_orderedbinary_pack(9007199254740993);
-- strings: 1B before an empty one or one that starts below U+001C; U+0000-U+0004 escaped in short ones
SELECT 'strings', hex(ok_orderedbinary_pack('')), hex(ok_orderedbinary_pack(char(0))), hex(ok_orderedbinary_pack(char(4, 5))), hex(ok_orderedbinary_pack(char(27))), hex(ok_orderedbinary_pack(char(28))), hex(ok_orderedbinary_pack('é😀'));
SELECT 'strings.long', length(ok_orderedbinary_pack(printf('%.62c', 'a') || char(0))), length(ok_orderedbinary_pack(printf('%.64c', 'a')));
SELECT 'strings.long_nul', ok_orderedbinary_pack(printf('%.64c', 'a') || char(0));
SELECT 'strings.utf8', ok_orderedbinary_pack(CAST(x'FF' AS TEXT));
-- null, booleans, symbols, Buffers
SELECT 'types', hex(ok_orderedbinary_pack(NULL)), hex(ok_orderedbinary_pack(NULL, ok_orderedbinary_bool(0), ok_orderedbinary_bool(1), ok_orderedbinary_symbol('s'), ok_orderedbinary_symbol(''))), hex(ok_orderedbinary_pack(x'0100FF')), hex(ok_orderedbinary_pack('a', x'0500'));
SELECT 'types.json', ok_json(ok_orderedbinary_pack(NULL, ok_orderedbinary_bool(0), ok_orderedbinary_symbol('s'), 2.5, 'x', x'0300'), 'orderedbinary');
SELECT 'types.quote', ok_quote(ok_orderedbinary_pack(NULL, ok_orderedbinary_bool(1), ok_orderedbinary_symbol('s'), char(1), x'0400'), 'orderedbinary');
SELECT 'each', pos, type, kind, value, offset, length, hex FROM ok_each(ok_orderedbinary_pack(NULL, ok_orderedbinary_bool(1), -1.5, 'z', ok_orderedbinary_symbol('q'), x'01'), 'orderedbinary');
-- order: NULL < numbers < text, as SQLite; the array's 00 before a longer string
SELECT 'order', ok_orderedbinary_pack(NULL) < ok_orderedbinary_pack(-9e999), ok_orderedbinary_pack(9e999) < ok_orderedbinary_pack(''), ok_orderedbinary_pack('a', 1) < ok_orderedbinary_pack('a' || char(0)), ok_orderedbinary_pack('a' || char(0)) < ok_orderedbinary_pack('a' || char(5)), ok_orderedbinary_pack(1) < ok_orderedbinary_pack(1, NULL);
-- refused to write
SELECT 'refuse.buffer', ok_orderedbinary_pack(x'02');
SELECT 'refuse.buffer_empty', ok_orderedbinary_pack(x'');
SELECT 'refuse.buffer_not_last', ok_orderedbinary_pack(x'01', 'a');
SELECT 'refuse.empty', ok_orderedbinary_pack();
SELECT 'refuse.nested', ok_orderedbinary_pack(1, ok_orderedbinary_array(2));
SELECT 'refuse.other_piece', ok_orderedbinary_pack(ok_bytewise_bool(1));
SELECT 'bool.truthy', hex(ok_orderedbinary_bool(2)), hex(ok_orderedbinary_bool(0));
SELECT 'refuse.symbol', ok_orderedbinary_symbol(printf('%.64c', 'a') || char(1));
-- refused to read: what ordered-binary writes and does not read back, and what it never writes
SELECT 'read.negzero', ok_json(x'18000000', 'orderedbinary');
SELECT 'read.nan', ok_json(x'17FF8000', 'orderedbinary');
SELECT 'read.bigint', ok_json(x'143E00000000000001', 'orderedbinary');
SELECT 'read.trimmed_wrong', ok_json(x'13FF000000', 'orderedbinary');
SELECT 'read.trimmed_noncanonical', ok_json(x'13FF00000000', 'orderedbinary');
SELECT 'read.trailing_sep', ok_json(x'6100', 'orderedbinary');
SELECT 'read.no_sep', ok_json(x'610162', 'orderedbinary');
SELECT 'read.escape', ok_json(x'610441', 'orderedbinary');
SELECT 'read.prefix', ok_json(x'1B61', 'orderedbinary');
SELECT 'read.utf8', ok_json(x'61FF', 'orderedbinary');
SELECT 'read.empty', ok_json(x'', 'orderedbinary');
SELECT 'read.neg_short', ok_json(x'0BFEBFFF', 'orderedbinary');
-- between formats
SELECT 'convert', hex(ok_convert(ok_pack(1, 'a', NULL), 'ok', 'orderedbinary')), ok_quote(ok_convert(ok_orderedbinary_pack(2.5, 'b'), 'orderedbinary', 'fdb'), 'fdb');
SELECT 'convert.bool', ok_convert(ok_orderedbinary_pack(ok_orderedbinary_bool(1)), 'orderedbinary', 'ok');
-- a loose format: ok_formats(key) tries it only when named
SELECT 'formats', ok_formats(x'616263'), ok_formats(x'616263', 'orderedbinary');
-- a lone surrogate, as lmdb-js writes one (WTF-8), read and written; a pair as two halves is refused
SELECT 'lone', ok_json(x'eda080', 'orderedbinary'), ok_quote(x'6100eda08062', 'orderedbinary'), hex(ok_orderedbinary_pack(CAST(x'eda080' AS TEXT), 1));
SELECT 'lone.pair_halves', ok_orderedbinary_pack(CAST(x'eda080edb080' AS TEXT));
SELECT 'lone.long', ok_orderedbinary_pack(CAST(x'eda080' || zeroblob(0) AS TEXT) || printf('%.70c', 'x'));
-- a long string (64 UTF-16 units or more) is written through Node's UTF-8:
-- a lone surrogate in one is no key ordered-binary writes (the fuzzer's find)
SELECT ok_quote(x'6A6A393939393939393939393939393939393939393939393939393939393939393939393939393939393939393939393939393939393939393939393939393912EDBE9264', 'orderedbinary');
SELECT 'lone.short', ok_quote(ok_orderedbinary_pack(CAST(x'61EDBE92' AS TEXT)), 'orderedbinary');
