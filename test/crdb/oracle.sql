-- The CockroachDB order oracle (make test): random rows with many ties,
-- each row's key built by ok_crdb_pack with some columns descending, and
-- for every row the dense rank by the values (SQLite's ORDER BY, which
-- orders these types as CockroachDB does: NULLs first ascending and last
-- descending, -0.0 equal to 0.0, bytes and strings bytewise) must equal its
-- dense rank by the key's bytes: the same order and the same ties.
-- NaN, which SQLite cannot hold, has its cases in sql-tests/150-crdb.sql.
-- Prints "N passed, M failed": a pass is a row, and one for the count.
CREATE TEMP TABLE r(i INTEGER, f REAL, b BLOB, t TEXT, d REAL, s INTEGER, ns INTEGER);
WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 60000)
INSERT INTO r
SELECT CASE abs(random()) % 6 WHEN 0 THEN NULL WHEN 1 THEN random() WHEN 2 THEN random() >> (abs(random()) % 64)
         WHEN 3 THEN 9223372036854775807 - abs(random()) % 3 WHEN 4 THEN -9223372036854775807 - 1 + abs(random()) % 3
         ELSE abs(random()) % 300 - 150 END,
       CASE abs(random()) % 6 WHEN 0 THEN NULL WHEN 1 THEN -0.0 WHEN 2 THEN 0.0
         WHEN 3 THEN (random() % 1000) / 8.0 WHEN 4 THEN random() * 1e290 ELSE random() / 1e300 END,
       CASE abs(random()) % 5 WHEN 0 THEN NULL WHEN 1 THEN x'' ELSE randomblob(abs(random()) % 3) END,
       CASE abs(random()) % 5 WHEN 0 THEN NULL
         ELSE char(abs(random()) % 3 * 100 + 32, abs(random()) % 2 * 900 + 48) END,
       CASE abs(random()) % 4 WHEN 0 THEN NULL WHEN 1 THEN (random() % 100) / 4.0
         WHEN 2 THEN random() / 7.0e10 ELSE random() * 1e-20 END,
       CASE abs(random()) % 4 WHEN 0 THEN NULL ELSE random() % 5 * 1000000000 END,
       abs(random()) % 3 * 333333333
FROM n;
ALTER TABLE r ADD COLUMN k BLOB;
UPDATE r SET k = ok_crdb_pack(i, ok_crdb_desc(f), b, ok_crdb_desc(t),
                              CASE WHEN d IS NOT NULL THEN ok_crdb_decimal(d) END,
                              ok_crdb_desc(CASE WHEN s IS NOT NULL THEN ok_crdb_timestamp(s, ns) END), t, i);
CREATE TEMP TABLE ranks AS
SELECT count(*) OVER () AS rows, dense_rank() OVER (ORDER BY i, f DESC, b, t DESC, d, s DESC, CASE WHEN s IS NOT NULL THEN ns END DESC, t, i) AS by_value,
       dense_rank() OVER (ORDER BY k) AS by_key
FROM r;
SELECT ((SELECT count(*) FROM ranks WHERE by_value = by_key) + (SELECT count(*) = 60000 FROM ranks))
       || ' passed, ' || ((SELECT count(*) FROM ranks WHERE by_value <> by_key) +
       (SELECT count(*) <> 60000 FROM ranks)) || ' failed';
