-- Results over SQLite's length limit are SQLITE_TOOBIG errors.
.mode quote
.echo on
.limit length 1000
SELECT 'fits', length(ok_pack(zeroblob(499)));
SELECT length(ok_pack(zeroblob(500)));
SELECT length(ok_pack(printf('%.*c', 998, 'x'), 1));
SELECT length(ok_desc(printf('%.*c', 999, 'x')));
SELECT length(ok_prefix(zeroblob(600)));
SELECT length(ok_hex(zeroblob(501)));
SELECT length(ok_concat(zeroblob(0), ok_pack(zeroblob(400)), ok_pack(zeroblob(400))));
-- a short key whose value passes the limit: ok_natural keeps a run of
-- zeros as its count, so the key is small and its text long
.limit length 1000000
CREATE TEMP TABLE nat AS SELECT ok_pack(ok_collate(printf('%.*c', 2000, '0'), 'ok_natural')) AS k;
.limit length 1000
SELECT 'natural_key', length(k) FROM nat;
SELECT length(ok_unpack_col(k, 1)) FROM nat;
SELECT length(value) FROM nat, ok_each(nat.k);
SELECT length(ok_json(k)) FROM nat;
