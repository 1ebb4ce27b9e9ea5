-- The bytewise, charwise, orderedcode, ordered-binary, Firefox and WebKit order oracle (make test): random
-- rows with many ties, each row's key in each format, and for every row the
-- dense rank by the values (SQLite's ORDER BY) must equal its dense rank by
-- the key's bytes: the same order and the same ties. The columns are those
-- whose order the formats share with SQLite (docs/bytewise.md,
-- docs/orderedcode.md, docs/orderedbinary.md): numbers (-0.0 equal to
-- 0.0), NULLs first, bytes by memcmp; charwise's text with letters only
-- (its escapes and the '"' after an element order other characters
-- otherwise); ordered-binary's text with its escaped characters too; Firefox's
-- and WebKit's IndexedDB keys without NULLs (they have none), numbers <
-- TEXT < BLOB as IndexedDB's numbers < strings < binary; WebKit's ordered
-- by its collation IDBKEY, with binary last (WebKit compares binary with
-- the rest of the key). Prints "N passed, M
-- failed": a pass is a row, and one for the count, per format.
CREATE TEMP TABLE r(i INTEGER, f REAL, b BLOB, t TEXT, u INTEGER);
WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 30000)
INSERT INTO r
SELECT CASE abs(random()) % 6 WHEN 0 THEN NULL WHEN 1 THEN random() >> 11 WHEN 2 THEN 9007199254740992 - abs(random()) % 3
         WHEN 3 THEN -9007199254740992 + abs(random()) % 3 ELSE abs(random()) % 300 - 150 END,
       CASE abs(random()) % 7 WHEN 0 THEN NULL WHEN 1 THEN -0.0 WHEN 2 THEN 0.0 WHEN 3 THEN (random() % 1000) / 8.0
         WHEN 4 THEN random() * 1e290 WHEN 5 THEN (abs(random()) % 3 - 1) * 9e999 ELSE random() / 1e300 END,
       CASE abs(random()) % 5 WHEN 0 THEN NULL WHEN 1 THEN x'' ELSE randomblob(abs(random()) % 3) END,
       CASE abs(random()) % 5 WHEN 0 THEN NULL WHEN 1 THEN ''
         ELSE substr('abz', abs(random()) % 3 + 1, abs(random()) % 3) || char(abs(random()) % 3 + 97) END,
       (random() & 9223372036854775807) >> abs(random() % 63)
FROM n;
ALTER TABLE r ADD COLUMN bw BLOB;
ALTER TABLE r ADD COLUMN cw TEXT;
ALTER TABLE r ADD COLUMN oc BLOB;
ALTER TABLE r ADD COLUMN ob BLOB;
ALTER TABLE r ADD COLUMN ff BLOB;
ALTER TABLE r ADD COLUMN wk TEXT;
ALTER TABLE r ADD COLUMN e TEXT;
UPDATE r SET e = CASE abs(random()) % 4 WHEN 0 THEN NULL WHEN 1 THEN t
  ELSE char(abs(random()) % 6, abs(random()) % 40, 97 + abs(random()) % 3) END;
UPDATE r SET bw = ok_bytewise_pack(i, f, b, t, i), cw = ok_charwise_pack(i, t, f, t),
             ob = ok_orderedbinary_pack(i, f, e, t, i),
             ff = ok_firefox_pack(coalesce(i, 0), coalesce(f, 0.0), coalesce(b, t, i, 0), coalesce(t, '')),
             wk = ok_webkit_pack(coalesce(i, 0), coalesce(f, 0.0), coalesce(t, ''), coalesce(b, t, i, 0)),
             oc = CASE WHEN i IS NOT NULL AND f IS NOT NULL AND b IS NOT NULL THEN
                  ok_orderedcode_pack('int64 desc, float64, string, string_or_infinity desc, uint64', i, f, b, t, u) END;
CREATE TEMP TABLE ranks AS
SELECT 'bytewise' AS fmt, count(*) OVER () AS n, dense_rank() OVER (ORDER BY i, f, b, t, i) AS by_value,
       dense_rank() OVER (ORDER BY bw) AS by_key FROM r
UNION ALL
SELECT 'charwise', count(*) OVER (), dense_rank() OVER (ORDER BY i, t, f, t), dense_rank() OVER (ORDER BY CAST(cw AS BLOB)) FROM r
UNION ALL
SELECT 'orderedcode', count(*) OVER (), dense_rank() OVER (ORDER BY i DESC, f, b, t IS NULL DESC, t DESC, u),
       dense_rank() OVER (ORDER BY oc) FROM r WHERE oc IS NOT NULL
UNION ALL
SELECT 'orderedbinary', count(*) OVER (), dense_rank() OVER (ORDER BY i, f, e, t, i), dense_rank() OVER (ORDER BY ob) FROM r
UNION ALL
SELECT 'firefox', count(*) OVER (),
       dense_rank() OVER (ORDER BY coalesce(i, 0), coalesce(f, 0.0), coalesce(b, t, i, 0), coalesce(t, '')),
       dense_rank() OVER (ORDER BY ff) FROM r
UNION ALL
SELECT 'webkit', count(*) OVER (),
       dense_rank() OVER (ORDER BY coalesce(i, 0), coalesce(f, 0.0), coalesce(t, ''), coalesce(b, t, i, 0)),
       dense_rank() OVER (ORDER BY wk COLLATE IDBKEY) FROM r;
SELECT ((SELECT count(*) FROM ranks WHERE by_value = by_key) +
        (SELECT count(DISTINCT fmt) = 6 AND min(n) > 1000 FROM ranks))
       || ' passed, ' || ((SELECT count(*) FROM ranks WHERE by_value <> by_key) +
       (SELECT count(DISTINCT fmt) <> 6 OR min(n) <= 1000 FROM ranks)) || ' failed';
SELECT fmt || ': ' || count(*) || ' rows out of order' FROM ranks WHERE by_value <> by_key GROUP BY fmt;
