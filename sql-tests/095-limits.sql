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
