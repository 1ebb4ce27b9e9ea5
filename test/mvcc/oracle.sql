-- The MVCC order oracle (make test): random user keys and versions with
-- many ties, each row's key built by ok_mvcc_pack, and for every row the
-- dense rank by SQLite's ORDER BY of the parts, in the store's order (the
-- user key's bytes, then CockroachDB's keys without a timestamp first, then
-- the newest first), must equal its dense rank by ok_mvcc_order of the key:
-- the same order and the same ties. test/mvcc/vectors.tsv holds the stores'
-- own orders (negative wall times, versions past int64 too).
-- Prints "N passed, M failed": a pass is a row, and one for the count.
CREATE TEMP TABLE r(store TEXT, u BLOB, v INTEGER, l INTEGER);
WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 60000)
INSERT INTO r
SELECT store,
       CASE WHEN store = 'tikv' THEN ok_tikv_pack(b) ELSE b END,
       CASE abs(random()) % 5 WHEN 0 THEN CASE WHEN store = 'crdb' THEN NULL ELSE 0 END
         WHEN 1 THEN abs(random()) WHEN 2 THEN 9223372036854775807 - abs(random()) % 3
         ELSE 1700000000000000000 + abs(random()) % 4 END,
       CASE WHEN store = 'badger' THEN NULL WHEN abs(random()) % 3 = 0 THEN 0
         ELSE abs(random()) % 3 END
FROM (SELECT CASE k % 3 WHEN 0 THEN 'crdb' WHEN 1 THEN 'tikv' ELSE 'badger' END AS store,
             CASE abs(random()) % 4 WHEN 0 THEN x'61' WHEN 1 THEN x'6100'
               ELSE substr(x'00610162FF00', 1 + abs(random()) % 3, 1 + abs(random()) % 4) END AS b
      FROM n);
-- CockroachDB writes a timestamp of wall and logical 0 as none
UPDATE r SET v = NULL, l = NULL WHERE store = 'crdb' AND (v IS NULL OR (v = 0 AND l = 0));
ALTER TABLE r ADD COLUMN k BLOB;
UPDATE r SET k = CASE WHEN store = 'crdb' AND v IS NULL THEN ok_mvcc_pack(u, store)
                      WHEN store = 'badger' THEN ok_mvcc_pack(u, store, v)
                      ELSE ok_mvcc_pack(u, store, v, l) END
WHERE store <> 'tikv';
UPDATE r SET k = ok_mvcc_pack(u, store, v << 18 | l) WHERE store = 'tikv' AND v < 1 << 45;
UPDATE r SET k = ok_mvcc_pack(u, store, v), l = v & 262143 WHERE store = 'tikv' AND v >= 1 << 45;
UPDATE r SET v = v << 18 | l WHERE store = 'tikv' AND v < 1 << 45;
CREATE TEMP TABLE ranks AS
SELECT count(*) OVER () AS rows,
       dense_rank() OVER (PARTITION BY store ORDER BY u, v IS NOT NULL, v DESC, l DESC) AS by_value,
       dense_rank() OVER (PARTITION BY store ORDER BY ok_mvcc_order(k, store)) AS by_key
FROM r;
SELECT ((SELECT count(*) FROM ranks WHERE by_value = by_key) + (SELECT count(*) = 60000 FROM ranks))
       || ' passed, ' || ((SELECT count(*) FROM ranks WHERE by_value <> by_key) +
       (SELECT count(*) <> 60000 FROM ranks)) || ' failed';
