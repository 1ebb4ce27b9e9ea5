-- Descending components (R6): inverted bytes, their own tags, NULLs last.
.mode quote
.echo on
SELECT 'desc.42', ok_hex(ok_desc(42)), ok_hex(ok_pack(42));
SELECT 'desc.null', ok_hex(ok_desc(NULL));
SELECT 'desc.text', ok_hex(ok_desc('ab'));
SELECT 'desc.blob_nul', ok_hex(ok_desc(x'00'));
SELECT 'desc.in_pack', ok_hex(ok_pack(1, ok_desc(2), 3));
-- a whole key is no value: ok_desc of one is an error (without its subtype,
-- from a column, it would be a descending BLOB); invert the values instead
SELECT 'desc.of_pack_is_each_desc', ok_desc(ok_pack(1, 'a', NULL));
SELECT 'desc.of_each', hex(ok_pack(ok_desc(1), ok_desc('a'), ok_desc(NULL)));
SELECT 'desc.twice_is_asc', ok_desc(ok_desc(7)) = ok_pack(7);
SELECT 'desc.order_reversed', ok_desc(1) > ok_desc(2), ok_desc('a') > ok_desc('b');
SELECT 'desc.prefix_reversed', ok_desc('a') > ok_desc('ab'), ok_desc(x'00') > ok_desc(x'0000');
SELECT 'desc.null_last', ok_desc(NULL) > ok_desc(-9e999) AND ok_desc(NULL) > ok_desc(x'FFFF');
SELECT 'desc.unpack', ok_unpack_col(ok_pack(1, ok_desc('xyz'), 3), 2), ok_unpack_col(ok_desc(-1.5), 1);
-- ORDER BY a, b DESC with NULLs, against SQLite's own order
CREATE TABLE ev(user, ts);
INSERT INTO ev VALUES (1, 10), (1, 30), (1, NULL), (2, 5), (1, 20), (2, 'late'), (2, x'00'), (NULL, 1);
SELECT 'desc.order_by', group_concat(quote(user) || ':' || quote(ts), ' ') FROM (SELECT * FROM ev ORDER BY user, ts DESC);
SELECT 'desc.order_by_key', group_concat(quote(user) || ':' || quote(ts), ' ') FROM (SELECT * FROM ev ORDER BY ok_pack(user, ok_desc(ts)));
-- a prefix ends a range's bound: nothing follows it
SELECT ok_pack(ok_prefix('ab'), 1);
SELECT ok_pack(ok_desc(ok_prefix('ab')), 2);
SELECT 'prefix.last', hex(ok_pack(1, ok_prefix('Ch'))), hex(ok_pack(ok_desc(ok_prefix('ab'))));
