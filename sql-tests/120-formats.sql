-- Readers and formats: a key reads in the format its last argument names,
-- else as native; a key that still carries another format's subtype is
-- refused (from a column it would have none, and read as native); format names in any case; salted keys as a layer ('salt+NAME');
-- ok_formats tells which formats a key parses under.
.mode quote
.echo on
-- 1. a key of another format is never silently read as native: without its
-- format named it is an error, with it the answer is the same as from a column
SELECT 'subtype.unpack', ok_unpack_col(ok_fdb_pack(1), 1);
SELECT 'subtype.count', ok_count(ok_hbase_pack(1.5));
SELECT 'subtype.valid', ok_valid(ok_hbase_int8(1));
SELECT 'subtype.hex', ok_hex(ok_fdb_pack(1, 'a'), ' ');
SELECT 'subtype.quote', ok_quote(ok_fdb_pack(1, 'a'));
SELECT 'subtype.each', pos, kind, value FROM ok_each(ok_fdb_pack(1, 'a')) ORDER BY pos;
SELECT 'named.unpack', ok_unpack_col(ok_fdb_pack(1), 1, 'fdb'), ok_unpack_col(ok_hbase_pack(-7, 'x'), -1, 'hbase');
SELECT 'named.count', ok_count(ok_fdb_pack(1, 'a', NULL), 'fdb'), ok_count(ok_hbase_pack(1.5), 'hbase');
SELECT 'named.valid', ok_valid(ok_fdb_pack(1), 'fdb'), ok_valid(ok_hbase_int8(1), 'hbase');
SELECT 'named.hex', ok_hex(ok_fdb_pack(1, 'a'), ' ', 'fdb');
SELECT 'named.quote', ok_quote(ok_fdb_pack(1, 'a'), 'fdb'), ok_json(ok_hbase_pack(2, 'b'), 'hbase');
SELECT 'named.each', pos, kind, value FROM ok_each(ok_fdb_pack(1, 'a'), 'fdb') ORDER BY pos;
SELECT 'native.unnamed', ok_quote(ok_pack(1, 'a')), ok_quote(ok_desc(2)), ok_count(ok_collate('a', 'NOCASE'));
SELECT 'subtype.same_format', ok_unpack_col(ok_fdb_pack(1), 1, 'fdb');
SELECT ok_unpack_col(ok_fdb_pack(1), 1, 'hbase');
SELECT ok_count(ok_hbase_pack(1), 'ok');
SELECT * FROM ok_each(ok_fdb_pack(1), 'hbase');
-- a stored key has no subtype: it is read as the format argument says
CREATE TABLE t(k BLOB);
INSERT INTO t VALUES (ok_fdb_pack(1));
SELECT 'stored.native', ok_hex(k, ' '), ok_valid(k) FROM t;
SELECT 'stored.fdb', ok_unpack_col(k, 1, 'fdb') FROM t;
-- 2. ok_concat refuses foreign pieces, as ok_pack does
SELECT ok_concat(ok_fdb_pack(1));
SELECT ok_concat(ok_pack(1), ok_hbase_pack(2));
SELECT 'concat.native', hex(ok_concat(ok_pack(1), ok_desc(2)));
-- 3. format names in any case; one message for what is not a format
SELECT 'case', ok_count(ok_fdb_pack(1, 2), 'FDB'), ok_count(x'05', 'Ok'), ok_valid(x'05', 'HBase');
SELECT ok_count(x'05', NULL);
SELECT ok_count(x'05', 7);
SELECT ok_count(x'05', 'fdbx');
SELECT * FROM ok_each(x'05', NULL);
SELECT ok_salt(x'05', 1, 'nope');
-- ok_hex's separator comes before the format
SELECT ok_hex(ok_pack(1, 2), 'fdb');
SELECT 'hex.sep_then_format', ok_hex(ok_fdb_pack(1, 2), '|', 'fdb');
-- 4. salted keys: 'salt+NAME' reads the key after its salt, and shows the salt
SELECT 'salt.hex', ok_hex(ok_salt(ok_pack(42, 'abc'), 1), ' ', 'salt+ok');
SELECT 'salt.hex_fdb', ok_hex(ok_salt(ok_fdb_pack(42, 'abc'), 2, 'fdb'), ' ', 'SALT+FDB');
SELECT 'salt.quote', ok_quote(ok_salt(ok_pack(42, 'abc'), 1), 'salt+ok');
SELECT 'salt.quote_fdb', ok_quote(ok_salt(ok_fdb_pack(42, 'abc'), 2, 'fdb'), 'salt+fdb');
SELECT 'salt.json', ok_json(ok_salt(ok_hbase_pack(42, 'abc'), 2, 'hbase'), 'salt+hbase');
SELECT 'salt.reads_back', ok_salt(ok_pack(42, 'abc'), 1) = ok_salt(ok_pack(42, 'abc'), 1);
SELECT 'salt.each', pos, type, kind, value, dir, offset, length, hex
  FROM ok_each(ok_salt(ok_pack(42, 'abc'), 1), 'salt+ok') ORDER BY pos;
SELECT 'salt.unpack', ok_unpack_col(ok_salt(ok_pack(42, 'abc'), 1), 2, 'salt+ok');
SELECT 'salt.count', ok_count(ok_salt(ok_pack(42, 'abc'), 1), 'salt+ok');
SELECT 'salt.valid', ok_valid(ok_salt(ok_pack(1, 2), 2), 'salt+ok'), ok_valid(x'4B004B804BC0', 'salt+ok'),
  ok_valid(x'000000', 'salt+ok');
-- a key straight from a builder says whether it is salted: ok_salt's results read salted
-- without a format, and contradict a format that says otherwise
SELECT 'salt.tagged', ok_count(ok_salt(ok_pack(42, 'abc'), 1));
SELECT 'salt.named', ok_count(ok_salt(ok_pack(42, 'abc'), 1), 'salt+ok'), ok_quote(ok_salt(ok_fdb_pack(1, 'a'), 2, 'fdb'), 'salt+fdb');
SELECT ok_valid(ok_pack(1, 2, 3), 'salt+ok');
SELECT ok_count(ok_salt(ok_pack(42, 'abc'), 1), 'ok');
SELECT ok_salt(ok_salt(ok_pack(42, 'abc'), 1), 1);
SELECT ok_pack(ok_salt(ok_pack(1), 1));
SELECT 'salt.unsalted', ok_quote(ok_unsalt(ok_salt(ok_hbase_pack(7, 'x'), 1, 'hbase'), 'hbase'), 'hbase');
-- ok_unsalt checks that the salt is one ok_salt makes
SELECT ok_unsalt(ok_pack(1, 2, 3));
SELECT ok_count(x'0000000005', 'salt+ok');
SELECT ok_quote(x'00', 'salt+ok');
SELECT ok_hex(x'3F216A594DA870616263', ' ', 'salt+ok');
SELECT * FROM ok_each(x'0000000005', 'salt+ok');
SELECT ok_salt(ok_pack(1), 1, 'salt+ok');
-- 5. ok_formats: what a key from a log can be (parsing is no proof of format)
SELECT 'formats.native', ok_formats(ok_pack(42, 'abc'));
SELECT 'formats.salted', ok_formats(ok_salt(ok_pack(42, 'abc'), 1));
SELECT 'formats.fdb', ok_formats(x'1501026100');
SELECT 'formats.hbase', ok_formats(x'1919443461626300');
SELECT 'formats.none', ok_formats(x'FF'), ok_formats(x'FF00');
SELECT 'formats.empty', ok_formats(x'');
SELECT 'formats.null', ok_formats(NULL);
SELECT 'formats.as_table', json_extract(value, '$.format') FROM json_each(ok_formats(x'15')) ORDER BY key;
SELECT ok_formats('text');
-- every format ok has, with its builder and the parameter it reads keys with
SELECT 'formats.all', ok_formats();
SELECT 'formats.all_rows', value ->> 'format', value ->> 'pack', value ->> 'param' FROM json_each(ok_formats());
-- strict reading: a key that another format reads too is refused, not read
CREATE TABLE sk(name TEXT, k BLOB);
INSERT INTO sk VALUES ('hbase', ok_hbase_pack(1234, 'abc')), ('native', ok_pack(42, 'abc')), ('salted', ok_salt(ok_pack(1, 'a'), 1));
SELECT 'strict.native', ok_quote(k, 'strict+ok'), ok_valid(k, 'strict+ok') FROM sk WHERE name = 'native';
SELECT 'strict.valid', name, ok_valid(k), ok_valid(k, 'strict+ok'), ok_valid(k, 'Strict+HBase') FROM sk ORDER BY name;
SELECT ok_quote(k, 'strict+ok') FROM sk WHERE name = 'hbase';
SELECT ok_count(k, 'strict+ok') FROM sk WHERE name = 'salted';
SELECT 'strict.salted', ok_quote(k, 'strict+salt+ok'), ok_quote(k, 'salt+strict+ok') FROM sk WHERE name = 'salted';
SELECT * FROM ok_each((SELECT k FROM sk WHERE name = 'hbase'), 'strict+ok');
SELECT ok_salt(ok_pack(1), 1, 'strict+salt+ok');
-- a key no format reads whole: the candidates behind a raw prefix
SELECT 'formats.prefixed', ok_formats(x'FE0102757365727300152A');
SELECT 'formats.whole_only', ok_formats(x'1501026100');
