-- TEXT and BLOB: escaping, any bytes kept, BINARY order.
.mode quote
.echo on
SELECT 'text.empty', ok_hex(ok_pack(''));
SELECT 'text.abc', ok_hex(ok_pack('abc'));
SELECT 'text.size_is_len_plus_2', length(ok_pack('hello world'));
SELECT 'text.nul_inside', ok_hex(ok_pack('a' || char(0) || 'b'));
SELECT 'text.char1', ok_hex(ok_pack(char(1)));
SELECT 'text.utf8', ok_hex(ok_pack('é€'));
SELECT 'text.invalid_utf8_kept', ok_hex(ok_pack(CAST(x'FFFE80' AS TEXT)));
SELECT 'text.invalid_utf8_roundtrip', hex(ok_unpack_col(ok_pack(CAST(x'C3FF00' AS TEXT)), 1));
SELECT 'blob.empty', ok_hex(ok_pack(x''));
SELECT 'blob.00FF', ok_hex(ok_pack(x'00FF'));
SELECT 'blob.0001', ok_hex(ok_pack(x'0001'));
-- order: bytes, then shorter first; NUL and 0x01 inside keep their places
SELECT 'order.prefix_first', ok_pack('a') < ok_pack('a' || char(0));
SELECT 'order.nul_below_char1', ok_pack('a' || char(0)) < ok_pack('a' || char(1));
SELECT 'order.char1_below_char2', ok_pack('a' || char(1)) < ok_pack('a' || char(2));
SELECT 'order.nul_then_more_below_char1', ok_pack('a' || char(0) || 'z') < ok_pack('a' || char(1));
SELECT 'order.blob_prefix', ok_pack(x'00') < ok_pack(x'0000'), ok_pack(x'00') < ok_pack(x'01');
SELECT 'order.text_below_blob', ok_pack('zzz') < ok_pack(x'');
SELECT 'order.number_below_text', ok_pack(9e999) < ok_pack('');
SELECT 'order.text_vs_blob_in_sql', 'zzz' < x'';
-- a text that looks like a number is text
SELECT 'text.not_a_number', ok_pack('42') = ok_pack(42), ok_hex(ok_pack('42'));
SELECT 'huge.blob_of_nuls', length(ok_pack(zeroblob(1000000)));
SELECT 'huge.text', length(ok_pack(printf('%.*c', 100000, 'x'))), length(ok_unpack_col(ok_pack(printf('%.*c', 100000, 'x')), 1));
