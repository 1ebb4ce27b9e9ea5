-- Every error message: it starts with the function's name and says what
-- is wrong and where. NULL keys give NULL, never an error.
.mode quote
.echo on
SELECT ok_unpack_col('abc', 1);
SELECT ok_unpack_col(42, 1);
SELECT ok_unpack_col(1.5, 1);
SELECT ok_unpack_col(ok_pack(1), '1');
SELECT ok_unpack_col(ok_pack(1), 1.0);
SELECT ok_unpack_col(ok_pack(1, 2), 3);
SELECT ok_unpack_col(ok_pack(1, 2), -3);
SELECT ok_unpack_col(ok_pack(1, 2), 0);
SELECT ok_unpack_col(x'', 1);
-- malformed keys, with the byte offset
SELECT ok_unpack_col(x'00', 1);
SELECT ok_unpack_col(x'4DA8FF', 1);
SELECT ok_unpack_col(x'4DA87F', 1);
SELECT ok_unpack_col(x'4D', 1);
SELECT ok_unpack_col(x'4DA9', 1);
SELECT ok_unpack_col(x'4DA900', 1);
SELECT ok_unpack_col(x'6B801F00', 1);
SELECT ok_unpack_col(x'6B820000', 1);
SELECT ok_unpack_col(x'4B030303030303030302', 1);
SELECT ok_unpack_col(x'4DA8706162', 1);
SELECT ok_unpack_col(x'4DA87061010300', 1);
SELECT ok_unpack_col(x'4DA8706101', 1);
SELECT ok_unpack_col(x'8F9E', 1);
-- the damage is reported even when it lies after the wanted component
SELECT ok_unpack_col(x'4B0070', 1);
SELECT ok_hex('4DA8');
SELECT ok_hex(42);
SELECT ok_prefix_end('abc');
SELECT ok_prefix(42);
SELECT ok_prefix(1.5);
SELECT ok_prefix(ok_pack('a'));
SELECT ok_concat(ok_pack(1), 'abc');
SELECT ok_concat(ok_pack(1), x'70');
SELECT ok_concat(x'4DA8', x'4DA9');
-- wrong argument counts
SELECT ok_unpack_col(ok_pack(1));
SELECT ok_desc();
SELECT ok_hex();
SELECT ok_version(1);
-- a wrong count is refused when the statement is prepared, as for SQLite's
-- own functions: an index or a generated column over an empty table too
CREATE TABLE empty(x, y);
CREATE INDEX empty_bad ON empty(ok_unpack_col(x));
CREATE TABLE gen(x, k AS (ok_pack()) , j AS (ok_unpack_col(x)));
SELECT 'arity.nothing_made', count(*) FROM sqlite_schema WHERE name IN ('empty_bad', 'gen');
-- functions that take any count from one on are checked when called
SELECT ok_fdb_pack_versionstamped();
SELECT ok_orderly_pack();
SELECT ok_prefix_end(x'00', x'00');
-- NULL in: NULL out for key arguments, a NULL component for values
SELECT 'null.hex', ok_hex(NULL);
SELECT 'null.unpack', ok_unpack_col(NULL, 1);
SELECT 'null.prefix_end', ok_prefix_end(NULL);
SELECT 'null.pack', ok_hex(ok_pack(NULL));
-- ok_hex shows any bytes, valid key or not
SELECT 'hex.any_bytes', ok_hex(x'00FF7F'), ok_hex(x'');
