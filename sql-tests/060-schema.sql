-- The functions are DETERMINISTIC and INNOCUOUS: expression indexes,
-- generated columns, CHECK constraints, also with trusted_schema=OFF.
.mode quote
.echo on
PRAGMA trusted_schema = OFF;
CREATE TABLE ev(user INTEGER, ts INTEGER,
  k BLOB GENERATED ALWAYS AS (ok_pack(user, ok_desc(ts))) STORED,
  v BLOB GENERATED ALWAYS AS (ok_pack(ts)) VIRTUAL,
  CHECK (ok_unpack_col(k, 1) IS user));
CREATE INDEX ev_k ON ev(k);
CREATE INDEX ev_expr ON ev(ok_pack(ts, user));
INSERT INTO ev(user, ts) VALUES (1, 100), (1, 300), (2, 50), (1, 200);
SELECT 'generated.newest_first', user, ts, ok_hex(k) FROM ev ORDER BY k;
SELECT 'generated.virtual', ok_hex(v) FROM ev WHERE ts = 50;
EXPLAIN QUERY PLAN SELECT ts FROM ev WHERE k >= ok_pack(1) AND k < ok_prefix_end(ok_pack(1));
EXPLAIN QUERY PLAN SELECT user FROM ev ORDER BY ok_pack(ts, user);
-- a CHECK that uses the functions still rejects what it should
CREATE TABLE keyed(k BLOB CHECK (ok_unpack_col(k, 1) > 0));
INSERT INTO keyed VALUES (ok_pack(5));
INSERT INTO keyed VALUES (ok_pack(-5));
SELECT 'check.rows', count(*) FROM keyed;
