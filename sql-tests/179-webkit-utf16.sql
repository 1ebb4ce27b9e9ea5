-- WebKit's keys are TEXT of raw bytes: a UTF-16 database would re-encode one
-- into another key (3.8.0: ok_json(ok_webkit_pack(1412753148402768)) read back
-- [1412753014185040]). Refused where the bytes would not come back; a key
-- whose bytes are UTF-8 text does come back, and is given.
PRAGMA encoding = 'UTF-16le';
SELECT 'number', ok_json(ok_webkit_pack(1412753148402768), 'webkit');
SELECT 'text', ok_json(ok_webkit_pack('abc'), 'webkit');
SELECT 'array', ok_json(ok_webkit_pack(1, 2), 'webkit');
SELECT 'date', ok_json(ok_webkit_pack(ok_webkit_date(0)), 'webkit');
SELECT 'convert', ok_json(ok_convert(ok_pack(1412753148402768), 'ok', 'webkit'), 'webkit');
SELECT 'convert.text', ok_json(ok_convert(ok_pack('abc'), 'ok', 'webkit'), 'webkit');
SELECT 'charwise', ok_json(ok_convert(ok_pack(1.5, 'x'), 'ok', 'charwise'), 'charwise');
CREATE TABLE t(k TEXT COLLATE IDBKEY);
INSERT INTO t VALUES (ok_webkit_pack('abc')), (ok_webkit_pack('ab'));
SELECT 'stored', ok_json(k, 'webkit') FROM t ORDER BY k;
