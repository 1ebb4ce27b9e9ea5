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
