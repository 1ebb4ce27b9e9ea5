-- The TiDB order oracle (make test): random rows with many ties, each
-- row's key built by ok_tidb_pack (a table's index key: its table, its
-- index, then the columns) and by ok_tikv_pack (the same as TiKV stores
-- it). For every row its dense rank by the values (SQLite's ORDER BY,
-- which orders these types as TiDB does: NULL first, integers, unsigned
-- integers, floats, binary strings, decimals of one type, datetimes,
-- durations) must equal its dense rank by each key's bytes: the same order
-- and the same ties. -0.0, which TiDB keys below 0.0 and SQLite holds
-- equal, has its case in sql-tests/160-tidb.sql.
-- Prints "N passed, M failed": a pass is a row in each form, and one for the count.
CREATE TEMP TABLE r(t INTEGER, i INTEGER, u INTEGER, f REAL, b BLOB, d INTEGER, dt TEXT, du INTEGER);
WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 40000)
INSERT INTO r
SELECT abs(random()) % 3 + 60,
       CASE abs(random()) % 6 WHEN 0 THEN NULL WHEN 1 THEN random() WHEN 2 THEN random() >> (abs(random()) % 64)
         WHEN 3 THEN 9223372036854775807 - abs(random()) % 3 WHEN 4 THEN -9223372036854775807 - 1 + abs(random()) % 3
         ELSE abs(random()) % 300 - 150 END,
       CASE abs(random()) % 4 WHEN 0 THEN NULL WHEN 1 THEN abs(random()) % 5 ELSE abs(random() >> (abs(random()) % 64)) END,
       CASE abs(random()) % 5 WHEN 0 THEN NULL WHEN 1 THEN 0.0
         WHEN 2 THEN (random() % 1000) / 8.0 WHEN 3 THEN random() * 1e290 ELSE random() / 1e300 END,
       CASE abs(random()) % 5 WHEN 0 THEN NULL WHEN 1 THEN x'' ELSE randomblob(abs(random()) % 11) END,
       CASE abs(random()) % 4 WHEN 0 THEN NULL WHEN 1 THEN abs(random()) % 7 - 3 ELSE random() % 100000000000000 END,
       CASE abs(random()) % 4 WHEN 0 THEN NULL
         ELSE printf('%04d-%02d-%02d %02d:%02d:%02d.%06d', abs(random()) % 3 + 1999, abs(random()) % 12 + 1,
                     abs(random()) % 28 + 1, abs(random()) % 24, abs(random()) % 60, abs(random()) % 60,
                     abs(random()) % 2 * 500000) END,
       CASE abs(random()) % 4 WHEN 0 THEN NULL ELSE (random() % 3020399) * 1000000000 END
FROM n;
ALTER TABLE r ADD COLUMN k BLOB;
ALTER TABLE r ADD COLUMN w BLOB;
UPDATE r SET k = ok_tidb_pack(ok_tidb_table(t), ok_tidb_index(1), i,
                              CASE WHEN u IS NOT NULL THEN ok_tidb_uint(u) END, f, b,
                              CASE WHEN d IS NOT NULL THEN
                                ok_tidb_decimal(printf('%s%d.%06d', CASE WHEN d < 0 THEN '-' ELSE '' END, abs(d) / 1000000, abs(d) % 1000000), 20, 6) END,
                              CASE WHEN dt IS NOT NULL THEN ok_tidb_datetime(dt) END,
                              CASE WHEN du IS NOT NULL THEN ok_tidb_duration(du) END);
UPDATE r SET w = ok_tikv_pack(ok_tidb_raw(k));
CREATE TEMP TABLE ranks AS
SELECT dense_rank() OVER (ORDER BY t, i, u, f, b, d, dt, du) AS by_value,
       dense_rank() OVER (ORDER BY k) AS by_key, dense_rank() OVER (ORDER BY w) AS by_tikv
FROM r;
SELECT ((SELECT count(*) FROM ranks WHERE by_value = by_key) + (SELECT count(*) FROM ranks WHERE by_value = by_tikv)
        + (SELECT count(*) = 40000 FROM ranks))
       || ' passed, ' || ((SELECT count(*) FROM ranks WHERE by_value <> by_key) +
       (SELECT count(*) FROM ranks WHERE by_value <> by_tikv) + (SELECT count(*) <> 40000 FROM ranks)) || ' failed';
