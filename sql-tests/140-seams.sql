-- Where a key leaves the expression that made it: hex from logs, keys stored
-- without their format, subtypes that end at a CTE, lexi strings.
.mode quote
.echo on
-- 1. Keys as hex TEXT: every reader takes ok_hex's output, any case, with
-- separators, as an SQL literal or after 0x
SELECT 'hex.readers', ok_count('4DA8 7061626300'), ok_unpack_col('4da8|7061626300', 2),
  ok_quote('X''4DA87061626300'''), ok_json('0x4DA87061626300'), ok_hex('4D-A8-70-61-62-63-00', ' '),
  ok_valid('4DA8'), ok_valid('4DA'), ok_valid('not hex');
SELECT 'hex.each', pos, value, hex FROM ok_each('4DA8:7061626300');
SELECT 'hex.formats', ok_formats('1501026100');
SELECT 'hex.fdb', ok_quote('15 01 02 61 00', 'fdb');
SELECT 'hex.salt', ok_quote(ok_salt('4DA87061626300', 1), 'salt+ok'), ok_quote(ok_unsalt(ok_hex(ok_salt(ok_pack(42), 1))));
SELECT 'hex.empty', ok_count(''), ok_quote(''), ok_hex('', ' ');
SELECT 'hex.unhex', hex(ok_unhex('4d a8, 70.61/62_63|00')), ok_unhex(NULL), typeof(ok_unhex(''));
SELECT ok_count('4DG8');
SELECT ok_count('4D A8 7');
SELECT ok_count('4 DA8');
SELECT ok_count('ééé4DA8');
SELECT * FROM ok_each('4DA8 zz');
SELECT ok_count(42);
SELECT ok_unhex(x'4DA8');
-- a table of log lines, decoded
CREATE TABLE log(line TEXT);
INSERT INTO log VALUES ('put key=4DA8 7061626300 ok'), ('put key=4C60 707800 ok'), ('get key=05 ok');
SELECT 'log', substr(line, 1, 3), ok_quote(substr(line, 9, length(line) - 11)) FROM log ORDER BY rowid;
-- 2. A key read in a format it is not in says which formats do read it
SELECT ok_unpack_col(x'1501026100', 1);
SELECT ok_count(x'FF00');
SELECT ok_quote(x'05FFFF', 'hbase');
SELECT * FROM ok_each(x'AB');
-- 3. ok_formats with formats named: Orderly schemas, salted formats, and for a
-- format without a parameter, raw prefixes of 1 to 16 bytes
SELECT 'formats.named', ok_formats(ok_orderly_pack('long, utf8', 5, 'a'), 'orderly:long,utf8', 'orderly:utf8', 'salt+ok', 'hbase');
SELECT 'formats.prefix', ok_formats(ok_fdb_pack(ok_fdb_prefix(x'FE01'), 'users', 42), 'fdb');
SELECT 'formats.prefix_rows', value ->> 'prefix', value ->> 'components'
  FROM json_each(ok_formats(x'FE0102757365727300152A', 'fdb'));
SELECT 'formats.none', ok_formats(x'FF', 'fdb'), ok_formats(NULL, 'fdb');
SELECT ok_formats(x'15', 'nope');
SELECT ok_formats(x'15', 'orderly');
SELECT ok_formats(x'15', 42);
-- 4. A subtype lives only sometimes: through a CTE or a subquery a key is a
-- plain BLOB, which ok_pack packs as a BLOB value; so a key that still
-- carries it is refused, and ok_concat joins keys wherever they come from
WITH k AS (SELECT ok_pack('acme') AS p) SELECT 'cte', ok_hex(ok_pack(p, 42)) FROM k;
SELECT 'direct', ok_hex(ok_pack(ok_pack('acme'), 42));
SELECT 'concat', ok_hex(ok_concat((SELECT ok_pack('acme')), ok_pack(42)));
-- 5. Lexi strings: the seed's examples, the edges, their read-back
SELECT 'lexi.seed', 'population/' || ok_lexi(389625), ok_lexi(186.8);
SELECT 'lexi.int', ok_lexi(0), ok_lexi(-1), ok_lexi(1), ok_lexi(-9223372036854775808), ok_lexi(9223372036854775807);
SELECT 'lexi.real', ok_lexi(0.0), ok_lexi(-0.0), ok_lexi(1.0), ok_lexi(-1.0), ok_lexi(5e-324), ok_lexi(-5e-324);
SELECT 'lexi.special', ok_lexi(9e999), ok_lexi(-9e999), ok_lexi('NaN'), ok_lexi('Inf'), ok_lexi('-inf'), ok_lexi(NULL);
SELECT 'unlexi', ok_unlexi('l800000000005F1F9'), ok_unlexi('dC06759999999999A') = 186.8, ok_unlexi(ok_lexi(-9223372036854775808)),
  ok_unlexi(ok_lexi(5e-324)) = 5e-324, ok_unlexi(ok_lexi(9e999)) = 9e999, ok_unlexi(ok_lexi(-9e999)) = -9e999,
  ok_unlexi('dFFF8000000000000'), ok_unlexi('d0007FFFFFFFFFFFF'), typeof(ok_unlexi(ok_lexi(2.0))), ok_unlexi(NULL);
SELECT 'lexi.order', group_concat(column1, ' ') FROM (SELECT column1 FROM (VALUES (3), (-2), (10), (0), (-9223372036854775808)) ORDER BY ok_lexi(column1));
SELECT 'lexi.order_real', group_concat(column1, ' ') FROM (SELECT column1 FROM (VALUES ('c', 2.5), ('a', -1e300),
  ('b', -0.5), ('e', 9e999), ('d', 1e-300)) ORDER BY ok_lexi(column2));
SELECT ok_lexi('12');
SELECT ok_lexi(x'00');
SELECT ok_unlexi('l800000000005f1f9');
SELECT ok_unlexi('q800000000005F1F9');
SELECT ok_unlexi('x');
SELECT ok_unlexi(printf('%.1000c', 'l'));
SELECT ok_unlexi(17);
-- 6. Echoed input is cut short, counts are singular or plural
SELECT ok_fdb_int(printf('%.5000c', '7') || 'x');
SELECT ok_count(x'00', printf('%.5000c', 'q'));
SELECT ok_unpack_col(ok_pack(1), 2);
SELECT ok_unpack_col(ok_pack(1, 2), 3);
-- a long value past a first batch of components (ok_json reads eight at a time), then a bad
-- byte: the error names that byte, and a whole key renders every component in order
SELECT ok_json(ok_unhex(hex(ok_pack(1, 2, 3, 4, 5, 6, 7, 8, 9, zeroblob(5000), 10)) || 'FF'));
SELECT ok_quote(ok_unhex(hex(ok_fdb_pack(zeroblob(5000))) || 'FF'), 'fdb');
SELECT 'long.whole', length(ok_json(ok_pack(1, 2, 3, 4, 5, 6, 7, 8, 9, zeroblob(5000), 10))), substr(ok_json(ok_pack(1, 2, 3, 4, 5, 6, 7, 8, 9, zeroblob(5000), 10)), 1, 30), substr(ok_json(ok_pack(1, 2, 3, 4, 5, 6, 7, 8, 9, zeroblob(5000), 10)), -8);
-- 7. Format names: white space around them is no part of the name, as in a schema
SELECT 'format.spaces', ok_count(x'15', ' HBase '), ok_count(ok_orderly_pack('long', 1), 'orderly :long'),
  ok_count(ok_salt(x'4B004B804BC0', 1), ' salt+ok ');
-- ok_hex's separator is TEXT: ok_hex(k, 1) is no separator "1"
SELECT ok_hex(ok_pack(1), 1);
-- ok_concat of keys given as hex TEXT joins their bytes (2.0 copied the text itself)
SELECT 'concat.hex', hex(ok_concat('4DA8', '4DA8 4DA8')), hex(ok_concat(ok_pack(1), '0x4DA8', ok_pack(7)));
SELECT 'concat.hex_bad', ok_concat('4DA8', '4DA');
-- checks and bounds take no hex TEXT: a TEXT row in a key column is no key
SELECT 'text.valid', ok_valid('4DA8'), ok_valid(ok_unhex('4DA8')), ok_salt_check(ok_hex(ok_salt(ok_pack(1), 1)), 1), ok_salt_check(ok_salt(ok_pack(1), 1), 1);
SELECT ok_prefix_end('4DA8');
SELECT 'text.prefix_end', hex(ok_prefix_end(ok_unhex('4DA8')));
CREATE TABLE kc(k BLOB CHECK (ok_valid(k)));
INSERT INTO kc VALUES ('4DA8');
INSERT INTO kc VALUES (ok_pack(42));
SELECT 'text.check', count(*) FROM kc;
-- keys as the stores' shells print them: fdbcli, the HBase shell, Python's bytes
SELECT 'escaped.fdbcli', ok_quote('\x02users\x00\x15*', 'fdb');
SELECT 'escaped.hbase_shell', ok_quote('\x19\x19D4abc\x00', 'hbase');
SELECT 'escaped.python', ok_quote('b''\x15\x01\x02a\x00''', 'fdb'), hex(ok_unhex('b''row1'''));
SELECT 'escaped.spaces', ok_quote(' 0x4DA8 '), ok_count(' X''4DA8'' ');
SELECT ok_quote('\x02users\q', 'fdb');
SELECT ok_quote('\x0', 'fdb');
-- two functions in one statement keep no state where the other finds it
-- (3.3.4 crashed from the second row on: both kept theirs in the slot the
-- whole statement shares)
CREATE TABLE kv(k BLOB);
INSERT INTO kv VALUES (ok_bytewise_pack('a', 1e21)), (ok_bytewise_pack('b', 1e20)), (ok_bytewise_pack('c', 5e-324));
SELECT 'pair.quote_convert', ok_quote(ok_convert(k, 'bytewise', 'ok')) FROM kv;
SELECT 'pair.side_by_side', ok_quote(k, 'bytewise'), ok_convert(k, 'bytewise', 'fdb') IS NOT NULL, ok_quote(ok_convert(k, 'bytewise', 'fdb'), 'fdb') FROM kv;
-- keys as more tools print them: a bytea (Postgres, CockroachDB's SQL shell, SHOW RANGES),
-- tikv-ctl's and pd-ctl's octal escapes, Go's %q, Rust's escapes
SELECT 'printed.bytea', ok_crdb_pretty('\xbd89b2126162630001'), ok_quote('\xBD89B2126162630001', 'crdb'), hex(ok_unhex(' \x41 ')), hex(ok_unhex('\x4142')), hex(ok_unhex('\x414'));
SELECT 'printed.octal', ok_quote('t\200\000\000\000\000\000\000?_r\200\000\000\000\000\000\000\001', 'tidb'), hex(ok_unhex('\0\7\101\377'));
SELECT 'printed.go', ok_quote('"t\x80\x00\x00\x00\x00\x00\x00?_r\x80\x00\x00\x00\x00\x00\x00\x01"', 'tidb'), hex(ok_unhex('"a\u00e9\U0001F600\a\b\f\v"'));
SELECT 'printed.rust', hex(ok_unhex('b"\x00\t\\\u{e9}\u{1F600}"')), hex(ok_unhex('"plain"')), hex(ok_unhex('b''"q"''')) ;
SELECT ok_unhex('\400');
SELECT ok_unhex('\ud800');
SELECT ok_unhex('\u{110000}');
SELECT ok_unhex('\u{}');
SELECT ok_unhex('\u12');
SELECT ok_unhex('\U0001F6');
-- ok_quote nests arrays and tuples 24 deep, which every SQLite this runs on parses back; deeper is refused by name
SELECT 'nesting.24', ok_fdb_pack(ok_fdb_raw(ok_unhex(replace(printf('%.24c', '-'), '-', '05') || '1501' || replace(printf('%.24c', '-'), '-', '00')))) = ok_unhex(replace(printf('%.24c', '-'), '-', '05') || '1501' || replace(printf('%.24c', '-'), '-', '00')), length(ok_quote(ok_unhex(replace(printf('%.24c', '-'), '-', '05') || '1501' || replace(printf('%.24c', '-'), '-', '00')), 'fdb')), length(ok_quote(x'A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A070780000000000000000000000000000000000000000000000000042400000000000000000', 'bytewise'));
SELECT ok_quote(ok_unhex(replace(printf('%.25c', '-'), '-', '05') || '1501' || replace(printf('%.25c', '-'), '-', '00')), 'fdb');
SELECT ok_quote(x'A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A0A07078000000000000000000000000000000000000000000000000000042400000000000000000', 'bytewise');
SELECT ok_quote('K' || replace(printf('%.25c', '-'), '-', 'K') || 'Jx' || replace(printf('%.26c', '-'), '-', '!'), 'charwise');
SELECT 'nesting.json', length(ok_json(ok_unhex(replace(printf('%.300c', '-'), '-', '05') || '1501' || replace(printf('%.300c', '-'), '-', '00')), 'fdb'));
