-- Spreading keys (ok_salt, ok_unsalt, ok_salt_check), plain hashes
-- (ok_xxh32, ok_xxh64) and order-preserving text (ok_b64, ok_unb64).
.mode quote
.echo on
-- known xxHash answers (xxHash's own test values)
SELECT 'xxh32.empty', printf('%08X', ok_xxh32(''));
SELECT 'xxh32.abc', printf('%08X', ok_xxh32('abc')), printf('%08X', ok_xxh32(x'616263'));
SELECT 'xxh32.seed', printf('%08X', ok_xxh32('', 1)), printf('%08X', ok_xxh32('abc', 4294967295));
SELECT 'xxh64.empty', printf('%016X', ok_xxh64('')), ok_xxh64('');
SELECT 'xxh64.abc', printf('%016X', ok_xxh64('abc'));
SELECT 'xxh64.seed', printf('%016X', ok_xxh64('', 1)), printf('%016X', ok_xxh64('abc', -1));
SELECT 'xxh.null', ok_xxh32(NULL), ok_xxh64(NULL);
-- the salt is xxHash32 of the first n components' bytes, big-endian, in front
SELECT 'salt.bytes', ok_hex(ok_salt(ok_pack(42, 'abc'), 1)), printf('%08X', ok_xxh32(ok_pack(42)));
SELECT 'salt.two', ok_hex(ok_salt(ok_pack(42, 'abc'), 2)), printf('%08X', ok_xxh32(ok_pack(42, 'abc')));
SELECT 'salt.desc_component', ok_hex(ok_salt(ok_pack(ok_desc(7), 1), 1));
SELECT 'unsalt', ok_unsalt(ok_salt(ok_pack(42, 'abc'), 1)) = ok_pack(42, 'abc');
SELECT 'check.right', ok_salt_check(ok_salt(ok_pack(42, 'abc'), 1), 1);
SELECT 'check.wrong_n', ok_salt_check(ok_salt(ok_pack(42, 'abc'), 1), 2);
SELECT 'check.tampered', ok_salt_check(CAST(x'00000000' || ok_pack(42) AS BLOB), 1), ok_hex(CAST(x'00000000' || ok_pack(42) AS BLOB));
SELECT 'check.short', ok_salt_check(x'0102', 1), ok_salt_check(ok_pack(1), 5);
SELECT 'salt.null', ok_salt(NULL, 1), ok_salt(ok_pack(1), NULL), ok_unsalt(NULL), ok_salt_check(NULL, 1);
-- one entity's rows stay together and in order; entities scatter
CREATE TABLE ev(user INTEGER, ts INTEGER);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
INSERT INTO ev SELECT i % 7, 1000 + (i * 37) % 500 FROM n;
CREATE INDEX ev_salted ON ev(ok_salt(ok_pack(user, ts), 1));
SELECT 'salt.users_in_key_order', group_concat(user, ' ') FROM (SELECT DISTINCT user FROM (SELECT user FROM ev ORDER BY ok_salt(ok_pack(user, ts), 1)));
SELECT 'salt.each_user_contiguous', count(*) = (SELECT count(DISTINCT user) FROM ev) FROM (SELECT user, lag(user) OVER (ORDER BY ok_salt(ok_pack(user, ts), 1)) AS prev FROM ev) WHERE user IS NOT prev;
SELECT 'salt.ts_ordered_within_user', count(*) FROM (SELECT user, ts, lag(ts) OVER (PARTITION BY user ORDER BY ok_salt(ok_pack(user, ts), 1)) AS prev FROM ev) WHERE ts < prev;
-- one user's rows as a range over the salted index
EXPLAIN QUERY PLAN SELECT ts FROM ev WHERE ok_salt(ok_pack(user, ts), 1) >= ok_salt(ok_pack(3), 1) AND ok_salt(ok_pack(user, ts), 1) < ok_prefix_end(ok_salt(ok_pack(3), 1));
SELECT 'salt.range', count(*), min(ts), max(ts) FROM ev WHERE ok_salt(ok_pack(user, ts), 1) >= ok_salt(ok_pack(3), 1) AND ok_salt(ok_pack(user, ts), 1) < ok_prefix_end(ok_salt(ok_pack(3), 1));
SELECT 'salt.range_agrees', count(*), min(ts), max(ts) FROM ev WHERE user = 3;
-- ok_b64: 3 bytes -> 4 characters, 8 -> 11; text order = key order
SELECT 'b64.lengths', ok_b64(x''), ok_b64(x'00'), ok_b64(x'FF'), ok_b64(x'000000'), ok_b64(x'FFFFFF'), length(ok_b64(x'0102030405060708'));
SELECT 'b64.key', ok_b64(ok_pack(42, 'abc', NULL));
SELECT 'b64.roundtrip', ok_unb64(ok_b64(ok_pack(42, 'abc', NULL))) = ok_pack(42, 'abc', NULL), hex(ok_unb64(''));
SELECT 'b64.prefix_sorts_first', ok_b64(x'00') < ok_b64(x'0000'), ok_b64(x'01') < ok_b64(x'0100'), ok_b64(x'FF') < ok_b64(x'FF00');
CREATE TABLE city(name TEXT, pop INTEGER, lat REAL);
INSERT INTO city VALUES ('Ushuaia', 82615, -54.8019), ('Quito', 2011388, -0.2299), ('Singapore', 5917600, 1.3521),
  ('Reykjavik', 139875, 64.1466), ('Cape Town', 4618000, -33.9249), ('Oslo', 709037, 59.9139), ('Null Island', 0, 0.0);
SELECT 'b64.cities_by_lat', name, printf('%.4f', lat), ok_b64(ok_pack('lat', lat, name)) AS text_key FROM city ORDER BY ok_b64(ok_pack('lat', lat, name));
SELECT 'b64.same_order', count(*) FROM (SELECT row_number() OVER (ORDER BY lat, name) AS a, row_number() OVER (ORDER BY ok_b64(ok_pack('lat', lat, name))) AS b FROM city) WHERE a <> b;
SELECT 'b64.null', ok_b64(NULL), ok_unb64(NULL);
-- errors
SELECT ok_salt(ok_pack(1, 2), 3);
SELECT ok_salt(ok_pack(1, 2), 0);
SELECT ok_salt(ok_pack(1, 2), '1');
SELECT ok_salt(x'4DA9', 1);
SELECT ok_salt(x'4B0070', 1);
SELECT ok_salt(ok_pack(1), 1, 'nope');
SELECT ok_unsalt(x'010203');
SELECT ok_unsalt(x'0102030470');
SELECT ok_xxh32(42);
SELECT ok_xxh32('a', -1);
SELECT ok_xxh32('a', 4294967296);
SELECT ok_xxh64('a', 'seed');
SELECT ok_b64('text');
SELECT ok_unb64(x'00');
SELECT ok_unb64('abc!');
SELECT ok_unb64('abcde');
SELECT ok_unb64('-1');
