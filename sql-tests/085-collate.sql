-- The ok_natural collation, and text packed under a collation with
-- ok_collate (BINARY, NOCASE, RTRIM, ok_natural).
.mode quote
.echo on
CREATE TABLE item(name TEXT);
INSERT INTO item VALUES ('item10'), ('item9'), ('item09'), ('item'), ('Item2'), ('item9a'),
  ('item100'), ('item0'), ('item00'), ('v1.10'), ('v1.9'), ('a-5'), ('a-10'), ('x123456789012345678901234567890'),
  ('x99999999999999999999999999999'), ('é1'), ('item9 ');
-- the collation wherever SQLite takes one
SELECT 'order_by', group_concat(name, ' | ') FROM (SELECT name FROM item ORDER BY name COLLATE ok_natural);
SELECT 'order_by_key', group_concat(name, ' | ') FROM (SELECT name FROM item ORDER BY ok_collate(name, 'ok_natural'));
SELECT 'compare', 'item9' < 'item10' COLLATE ok_natural, 'item9' < 'item10', 'a07' > 'a7' COLLATE ok_natural, 'a7' = 'a007' COLLATE ok_natural;
SELECT 'case_insensitive_name', 'X' = 'x' COLLATE OK_NATURAL, 'x' COLLATE Ok_Natural < 'y';
CREATE TABLE tag(t TEXT COLLATE ok_natural UNIQUE);
INSERT INTO tag VALUES ('t10'), ('t9'), ('t09');
INSERT INTO tag VALUES ('t10');
SELECT 'column_collation', group_concat(t, ' ') FROM (SELECT t FROM tag ORDER BY t);
CREATE INDEX item_nat ON item(name COLLATE ok_natural);
EXPLAIN QUERY PLAN SELECT name FROM item ORDER BY name COLLATE ok_natural;
SELECT 'group_by', count(*) FROM (SELECT name FROM item GROUP BY name COLLATE ok_natural);
SELECT 'distinct', count(*) FROM (SELECT DISTINCT name COLLATE ok_natural FROM item);
-- ok_collate: bytes, and what decoding gives back
SELECT 'natural.hex', ok_hex(ok_collate('item10', 'ok_natural'), ' ');
SELECT 'natural.back', ok_unpack_col(ok_collate('Item007x', 'ok_natural'), 1);
SELECT 'nocase.back', ok_unpack_col(ok_collate('Hello World', 'NOCASE'), 1);
SELECT 'nocase.nul', ok_hex(ok_collate('Ab' || char(0) || 'xyz', 'NOCASE')), hex(ok_unpack_col(ok_collate('Ab' || char(0) || 'xyz', 'NOCASE'), 1));
SELECT 'nocase.nul_rule', 'a' || char(0) || 'x' = 'a' || char(0) || 'y' COLLATE NOCASE, ok_collate('a' || char(0) || 'x', 'NOCASE') = ok_collate('a' || char(0) || 'y', 'NOCASE');
SELECT 'rtrim.back', quote(ok_unpack_col(ok_collate('abc   ', 'RTRIM'), 1)), ok_collate('abc   ', 'RTRIM') = ok_collate('abc', 'RTRIM');
SELECT 'binary.is_text', ok_collate('abc', 'BINARY') = ok_pack('abc'), ok_collate('abc', 'binary') = ok_pack('abc');
SELECT 'null.packs_null', ok_hex(ok_collate(NULL, 'NOCASE')), ok_hex(ok_desc(ok_collate(NULL, 'ok_natural')));
SELECT 'each', pos, type, kind, value, dir FROM ok_each(ok_pack(ok_collate('A1', 'NOCASE'), ok_desc(ok_collate('b2 ', 'RTRIM')), ok_collate('c03', 'ok_natural')));
SELECT 'quote', ok_quote(ok_pack(ok_collate('A1', 'NOCASE'), ok_desc(ok_collate('b2 ', 'RTRIM')), ok_collate('c03', 'ok_natural')));
SELECT 'json', ok_json(ok_pack(ok_collate('A1', 'NOCASE'), ok_desc(ok_collate('b2 ', 'RTRIM')), ok_collate('c03', 'ok_natural')));
-- keys agree with ORDER BY ... COLLATE, also descending and inside composite keys
CREATE TABLE person(last TEXT, first TEXT, n INTEGER);
INSERT INTO person VALUES ('smith', 'Ann', 1), ('Smith', 'bob', 2), ('SMITH', 'Carl', 3), ('jones', 'al', 4), ('Jones', 'Al', 5), (NULL, 'x', 6), ('Adams  ', 'z', 7), ('adams', 'y', 8);
SELECT 'nocase.sql', group_concat(n, ' ') FROM (SELECT n FROM person ORDER BY last COLLATE NOCASE, first DESC, n);
SELECT 'nocase.key', group_concat(n, ' ') FROM (SELECT n FROM person ORDER BY ok_pack(ok_collate(last, 'NOCASE'), ok_desc(first), n));
SELECT 'nocase.desc.sql', group_concat(n, ' ') FROM (SELECT n FROM person ORDER BY last COLLATE NOCASE DESC, n);
SELECT 'nocase.desc.key', group_concat(n, ' ') FROM (SELECT n FROM person ORDER BY ok_pack(ok_desc(ok_collate(last, 'NOCASE')), n));
SELECT 'rtrim.sql', group_concat(n, ' ') FROM (SELECT n FROM person ORDER BY last COLLATE RTRIM, n);
SELECT 'rtrim.key', group_concat(n, ' ') FROM (SELECT n FROM person ORDER BY ok_pack(ok_collate(last, 'RTRIM'), n));
-- LIKE 'sm%' (case-insensitive) as a range of NOCASE keys
CREATE INDEX person_nocase ON person(ok_collate(last, 'NOCASE'));
EXPLAIN QUERY PLAN SELECT n FROM person WHERE ok_collate(last, 'NOCASE') >= ok_prefix('sm', 'NOCASE') AND ok_collate(last, 'NOCASE') < ok_prefix_end(ok_prefix('sm', 'NOCASE'));
SELECT 'like.range', group_concat(n, ' ') FROM (SELECT n FROM person WHERE ok_collate(last, 'NOCASE') >= ok_prefix('SM', 'NOCASE') AND ok_collate(last, 'NOCASE') < ok_prefix_end(ok_prefix('SM', 'NOCASE')) ORDER BY n);
SELECT 'like.agrees', group_concat(n, ' ') FROM (SELECT n FROM person WHERE last LIKE 'SM%' ORDER BY n);
-- the population index of text keys, no zero-padding needed
CREATE TABLE city(name TEXT, pop INTEGER);
INSERT INTO city VALUES ('Chicago', 2746388), ('Boston', 675647), ('Houston', 2304580), ('Austin', 961855), ('Tiny', 9), ('Nowhere', 0);
SELECT 'padding.text_keys_break', group_concat(name, ' ') FROM (SELECT name FROM city ORDER BY 'population/' || pop);
SELECT 'padding.natural_keys', group_concat(name, ' ') FROM (SELECT name FROM city ORDER BY ok_collate('population/' || pop, 'ok_natural'));
SELECT 'padding.agrees_with_numbers', group_concat(name, ' ') FROM (SELECT name FROM city ORDER BY pop);
-- errors
SELECT ok_collate('a', 'klingon');
SELECT ok_collate('a', NULL);
SELECT ok_collate('a', 42);
SELECT ok_collate(42, 'NOCASE');
SELECT ok_collate(1.5, 'ok_natural');
SELECT ok_collate(x'00', 'NOCASE');
SELECT ok_collate('a');
SELECT ok_prefix('a1', 'ok_natural');
SELECT ok_prefix('a ', 'RTRIM');
SELECT ok_prefix(x'00', 'NOCASE');
SELECT ok_prefix('a', 'nope');
SELECT ok_unpack_col(x'71410000', 1);
SELECT ok_unpack_col(x'72612000', 1);
SELECT ok_unpack_col(x'7331313100', 1);
SELECT ok_unpack_col(x'733100', 1);
SELECT ok_unpack_col(x'7330303000', 1);
SELECT ok_prefix('a' || char(0) || 'x', 'NOCASE');
SELECT 'nocase.prefix_trailing_nul', ok_collate('a' || char(0) || 'xyz', 'NOCASE') >= ok_prefix('A' || char(0), 'NOCASE') AND ok_collate('a' || char(0) || 'xyz', 'NOCASE') < ok_prefix_end(ok_prefix('A' || char(0), 'NOCASE'));
-- a 17-byte key whose ok_natural text is 2^31-1 zeros: valid, but too big to show
SELECT 'natural.huge_zero_run', ok_valid(x'7330393231303231343734383336343700');
SELECT ok_json(x'7330393231303231343734383336343700');
SELECT ok_quote(x'7330393231303231343734383336343700');
SELECT ok_unpack_col(x'7330393231303231343734383336343700', 1);
