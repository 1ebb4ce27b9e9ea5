-- Looking inside keys: ok_each, ok_quote, ok_json, ok_count, ok_valid and
-- ok_hex with a separator.
.mode quote
.echo on
CREATE TABLE k(id INTEGER PRIMARY KEY, key BLOB);
INSERT INTO k VALUES
  (1, ok_pack(42, 'ab''c', NULL, x'00FF', -1.5e-300, ok_desc('z'))),
  (2, ok_pack(9e999, -9e999, 0.1, 2.0, -0.0, 9223372036854775807, -9223372036854775808)),
  (3, ok_pack('a' || char(0) || 'b', CAST(x'FF80' AS TEXT), 'tab' || char(9) || 'nl' || char(10), 'é', '')),
  (4, ok_pack(ok_desc(NULL), ok_desc(1.5), ok_desc(x''), 9223372036854775808.0, 4.9406564584124654e-324)),
  (5, ok_pack()),
  (6, NULL);
-- ok_each: one row per component
SELECT pos, type, kind, quote(value), dir, offset, length, hex FROM ok_each((SELECT key FROM k WHERE id = 1));
SELECT pos, type, quote(value), dir FROM ok_each((SELECT key FROM k WHERE id = 2));
SELECT pos, type, hex(value), length(value) FROM ok_each((SELECT key FROM k WHERE id = 3));
-- (REALs through ok_json: the shell's own REAL text differs between SQLite versions)
SELECT pos, type, ok_json(ok_pack(value)), dir, hex FROM ok_each((SELECT key FROM k WHERE id = 4));
SELECT 'each.empty_key', count(*) FROM ok_each(x'');
SELECT 'each.null_key', count(*) FROM ok_each(NULL);
SELECT 'each.hidden_columns', key = ok_pack(1, 2), format FROM ok_each(ok_pack(1, 2)) WHERE pos = 1;
-- in a join, with WHERE on its columns
SELECT 'each.join', k.id, e.pos, hex(e.value) FROM k, ok_each(k.key) AS e WHERE e.type = 'text' ORDER BY k.id, e.pos;
SELECT 'each.desc_count', k.id, count(*) FROM k, ok_each(k.key) AS e WHERE e.dir = 'desc' GROUP BY k.id ORDER BY k.id;
SELECT 'each.explicit_format', count(*) FROM ok_each(ok_pack(1, 2, 3), 'ok');
-- ok_quote reads back as SQL; ok_json for tools
SELECT 'quote', id, ok_quote(key) FROM k ORDER BY id;
SELECT 'json', id, ok_json(key) FROM k ORDER BY id;
SELECT 'json.is_json', json_valid(ok_json(key)) FROM k WHERE id = 1;
SELECT 'json.extract', json_extract(ok_json(key), '$[5].desc'), json_extract(ok_json(key), '$[3].blob') FROM k WHERE id = 1;
SELECT 'json.nested_as_json', json_array(ok_json(ok_pack(1, 'a')));
SELECT 'quote.reads_back', ok_pack(42, 'ab''c', NULL, X'00FF', -1.5e-300, ok_desc('z')) = key FROM k WHERE id = 1;
-- Reals that SQLite 3.40's own text reader gets one bit wrong are quoted as
-- an exact product (the large one used to loop forever); a SQLite that reads
-- decimals exactly gets the plain decimal.
SELECT 'quote.misread_large', ok_quote(x'077FA7E6985A60A8906C6F') IN
  ('((-5376416953515161.0 * 4611686018427387904 * 4611686018427387904))', '(-1.14343742906e+53)');
SELECT 'quote.misread_small', ok_quote(x'287C7C9C38B0A618CF') IN
  ('((-4609916285052723.0 / 9007199254740992))', '(-0.511803520126)');
SELECT 'quote.misread_reads_back',
  ok_pack((-5376416953515161.0 * 4611686018427387904 * 4611686018427387904)) = x'077FA7E6985A60A8906C6F',
  ok_pack((-4609916285052723.0 / 9007199254740992)) = x'287C7C9C38B0A618CF';
SELECT 'quote.reals_read_back', ok_pack(9e999, -9e999, 0.1, 2, 0, 9223372036854775807, -9223372036854775808) = key FROM k WHERE id = 2;
-- ok_count and ok_valid
SELECT 'count', id, ok_count(key) FROM k ORDER BY id;
SELECT 'valid', id, ok_valid(key) FROM k ORDER BY id;
SELECT 'valid.not_a_blob', ok_valid('text'), ok_valid(42);
-- ok_hex with a separator between components; the plain form sorts as keys do
SELECT 'hex.spaced', ok_hex(key, ' ') FROM k WHERE id = 1;
SELECT 'hex.custom_separator', ok_hex(ok_pack(1, 2, 3), ' | ');
SELECT 'hex.lower', lower(ok_hex(ok_pack('AB')));
SELECT 'hex.null_separator', ok_hex(ok_pack(1), NULL);
SELECT 'hex.empty_key_spaced', ok_hex(x'', ' ');
-- malformed keys: every reader says what and where; ok_valid says 0
CREATE TABLE bad(label TEXT, key BLOB);
INSERT INTO bad VALUES
  ('ends mid-number', x'4D'), ('ends mid-text', x'4B00706162'), ('ends in an escape', x'706101'),
  ('bad tag 0x00', x'4B0000'), ('bad tag 0x7F', x'7F'), ('bad tag 0xFF', x'FF'),
  ('escape then 0x03', x'7061010300'), ('escape before terminator', x'70610100'),
  ('overlong number', x'4B03030303030303030303030302'), ('fraction beyond a double', x'4B030303030303030302'),
  ('trailing zero group', x'4DA900'), ('escape tag inside window', x'6B801F00'),
  ('exponent too large', x'6B820000'), ('desc text unterminated', x'8F9E'),
  ('desc bad escape', x'8F9EFEFCFF'), ('valid then junk', x'4B0005FF');
SELECT label, ok_valid(key) FROM bad ORDER BY rowid;
SELECT ok_count(key) FROM bad WHERE label = 'ends mid-text';
SELECT ok_quote(key) FROM bad WHERE label = 'escape then 0x03';
SELECT ok_json(key) FROM bad WHERE label = 'overlong number';
SELECT ok_hex(key, ' ') FROM bad WHERE label = 'valid then junk';
SELECT * FROM ok_each((SELECT key FROM bad WHERE label = 'trailing zero group'));
SELECT * FROM ok_each((SELECT key FROM bad WHERE label = 'bad tag 0x00'));
SELECT 'hex.plain_any_bytes', ok_hex(key) FROM bad WHERE label = 'bad tag 0xFF';
-- argument errors
SELECT * FROM ok_each('text');
SELECT * FROM ok_each(42);
SELECT * FROM ok_each(ok_pack(1), 'nope');
SELECT ok_count(ok_pack(1), 'nope');
SELECT ok_quote(ok_pack(1), 42);
SELECT ok_unpack_col(ok_pack(1), 1, 'fdbx');
SELECT ok_valid(ok_pack(1), 'nope');
SELECT ok_json('x');
SELECT ok_count();
