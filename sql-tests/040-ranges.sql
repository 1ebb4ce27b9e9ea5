-- Ranges: ok_prefix_end and ok_prefix (R4), and an index used for them.
.mode quote
.echo on
SELECT 'prefix_end.simple', ok_hex(ok_prefix_end(x'4DA8'));
SELECT 'prefix_end.trailing_ff', ok_hex(ok_prefix_end(x'12FFFF'));
SELECT 'prefix_end.all_ff_is_null', ok_prefix_end(x'FFFF');
SELECT 'prefix_end.empty_is_null', ok_prefix_end(x'');
SELECT 'prefix_end.null', ok_prefix_end(NULL);
SELECT 'prefix.text', ok_hex(ok_prefix('Ch'));
SELECT 'prefix.blob', ok_hex(ok_prefix(x'00'));
SELECT 'prefix.desc', ok_hex(ok_desc(ok_prefix('Ch')));
SELECT 'prefix.null', ok_prefix(NULL);
CREATE TABLE city(name TEXT, pop INTEGER, area REAL);
INSERT INTO city VALUES ('Chicago', 2746388, 606.1), ('Charlotte', 874579, 799.1),
  ('Boston', 675647, 232.1), ('Chandler', 275987, 168.0), ('Austin', 961855, 828.4),
  ('chula vista', 275487, 134.0), ('Ch', 1, 1.0), ('C', 2, 2.0), ('Ci', 3, 3.0),
  ('New York', 8804190, 778.2), ('Los Angeles', 3898747, 1302.0), ('Houston', 2304580, 1658.6);
CREATE INDEX city_by_pop ON city(ok_pack('population', pop, name));
CREATE INDEX city_by_name ON city(ok_pack(name));
-- population range over the index
EXPLAIN QUERY PLAN SELECT name FROM city
 WHERE ok_pack('population', pop, name) >= ok_pack('population', 1000000)
   AND ok_pack('population', pop, name) < ok_prefix_end(ok_pack('population'));
SELECT 'range.population', name, pop FROM city
 WHERE ok_pack('population', pop, name) >= ok_pack('population', 1000000)
   AND ok_pack('population', pop, name) < ok_prefix_end(ok_pack('population'))
 ORDER BY ok_pack('population', pop, name);
-- name GLOB 'Ch*' (case-sensitive) as a key range
EXPLAIN QUERY PLAN SELECT name FROM city
 WHERE ok_pack(name) >= ok_prefix('Ch') AND ok_pack(name) < ok_prefix_end(ok_prefix('Ch'));
SELECT 'range.prefix_Ch', group_concat(name, ', ') FROM (SELECT name FROM city
 WHERE ok_pack(name) >= ok_prefix('Ch') AND ok_pack(name) < ok_prefix_end(ok_prefix('Ch')) ORDER BY ok_pack(name));
SELECT 'range.glob_agrees', group_concat(name, ', ') FROM (SELECT name FROM city WHERE name GLOB 'Ch*' ORDER BY name);
-- a prefix inside a longer key, and descending
SELECT 'range.prefix_in_key', count(*) FROM city
 WHERE ok_pack('population', pop, name) >= ok_pack('population', 2746388, ok_prefix('Chi'))
   AND ok_pack('population', pop, name) < ok_prefix_end(ok_pack('population', 2746388, ok_prefix('Chi')));
SELECT 'range.desc_prefix', group_concat(name, ', ') FROM (SELECT name FROM city
 WHERE ok_desc(name) >= ok_desc(ok_prefix('Ch')) AND ok_desc(name) < ok_prefix_end(ok_desc(ok_prefix('Ch')))
 ORDER BY ok_desc(name));
-- a prefix with NUL and 0x01 bytes
SELECT 'range.prefix_escapes', ok_pack('a' || char(0, 1) || 'z') >= ok_prefix('a' || char(0, 1))
   AND ok_pack('a' || char(0, 1) || 'z') < ok_prefix_end(ok_prefix('a' || char(0, 1))),
   ok_pack('a' || char(0, 2)) < ok_prefix_end(ok_prefix('a' || char(0, 1)));
