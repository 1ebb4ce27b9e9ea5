-- Keys order TEXT by its UTF-8 bytes (code points), as SQLite's BINARY
-- collation does in a UTF-8 database. In a UTF-16 database SQLite compares
-- the UTF-16 bytes: little-endian puts 'ā' before 'a', big-endian puts
-- characters above U+FFFF (surrogates) before U+E000..U+FFFF. There
-- ORDER BY x and ORDER BY ok_pack(x) differ; the keys keep code point order.
.mode quote
.echo on
PRAGMA encoding = 'UTF-16le';
CREATE TABLE t(x TEXT);
INSERT INTO t VALUES ('a'), ('b'), ('é'), ('ā'), ('z'), (char(0x1F600)), (char(0xFF5E));
SELECT 'utf16le.order_by_x', group_concat(x, ' ') FROM (SELECT x FROM t ORDER BY x);
SELECT 'utf16le.order_by_key', group_concat(x, ' ') FROM (SELECT x FROM t ORDER BY ok_pack(x));
SELECT 'utf16le.same_bytes', hex(ok_pack('ā')), ok_unpack_col(ok_pack('ā'), 1) = 'ā';
-- TEXT arguments that SQLite converts from UTF-16 for the functions
CREATE TABLE u(nan, fmt, schema, hex, coll);
INSERT INTO u VALUES ('-Inf', 'FDB', 'long, utf8', '4DA8 7061626300', 'nocase');
SELECT 'utf16le.text_args', hex(ok_pack(nan)), ok_quote(ok_fdb_pack(1, 'a'), fmt), ok_quote(hex), hex(ok_collate('Ab', coll)), ok_quote(ok_orderly_pack(schema, 7, 'x'), 'orderly:' || schema), ok_lexi(nan), ok_fdb_double(nan) IS NOT NULL FROM u;
-- ok_quote's TEXT that needs hex is in the database's encoding, so that it reads back here
PRAGMA encoding;
SELECT 'utf16.quote', ok_quote(ok_pack(char(1) || 'A', char(0), char(0x1F600) || char(9))), ok_pack(CAST(X'01004100' AS TEXT), CAST(X'0000' AS TEXT), CAST(X'3DD800DE0900' AS TEXT)) = ok_pack(char(1) || 'A', char(0), char(0x1F600) || char(9));
SELECT ok_quote(x'70FF00');
SELECT 'utf16.json', ok_json(x'70FF00');
