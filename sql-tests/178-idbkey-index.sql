-- IDBKEY is an order an index can live on: a TEXT WebKit cannot read, a NaN
-- and a key nested deeper than ok counts sort in one place, every key equals
-- itself, and an index over them stays whole (on 3.8.0 one such TEXT let a
-- UNIQUE column take a duplicate and integrity_check fail).
CREATE TABLE t(k TEXT COLLATE IDBKEY UNIQUE);
INSERT INTO t SELECT ok_webkit_pack(value) FROM generate_series(1, 4000);
INSERT INTO t VALUES (CAST(x'0099' AS TEXT)), (CAST(x'00' AS TEXT)), (CAST(x'0020' AS TEXT));
-- a NaN (WebKit writes none), in an array beside 1
INSERT INTO t VALUES (CAST(x'00A0020000000000000020000000000000F03F20000000000000F87F' AS TEXT));
-- 1,001 arrays deep around the number 1
INSERT INTO t SELECT CAST(x'00' || (SELECT ok_unhex(group_concat('A00100000000000000', '')) FROM generate_series(1, 1001)) || x'20000000000000F03F' AS TEXT);
SELECT 'rows', count(*) FROM t;
INSERT INTO t VALUES (ok_webkit_pack(1));
INSERT INTO t VALUES (CAST(x'0099' AS TEXT));
INSERT INTO t VALUES (CAST(x'00A0020000000000000020000000000000F03F20000000000000F87F' AS TEXT));
INSERT INTO t SELECT CAST(x'00' || (SELECT ok_unhex(group_concat('A00100000000000000', '')) FROM generate_series(1, 1001)) || x'20000000000000F03F' AS TEXT);
SELECT 'found', count(*) FROM t WHERE k = ok_webkit_pack(1);
SELECT 'found.unreadable', count(*) FROM t WHERE k = CAST(x'0099' AS TEXT);
SELECT 'found.deep', count(*) FROM t WHERE k = CAST(x'00' || (SELECT ok_unhex(group_concat('A00100000000000000', '')) FROM generate_series(1, 1001)) || x'20000000000000F03F' AS TEXT);
SELECT 'last', substr(hex(k), 1, 24) FROM t ORDER BY k DESC LIMIT 3;
SELECT 'first', ok_quote(CAST(k AS BLOB), 'webkit') FROM t ORDER BY k LIMIT 2;
PRAGMA integrity_check;
