-- ok_unpack_col: components back, 1-based or negative from the end (R3).
.mode quote
.echo on
SELECT 'unpack.each', ok_unpack_col(ok_pack(42, 'abc', NULL), 1), ok_unpack_col(ok_pack(42, 'abc', NULL), 2), ok_unpack_col(ok_pack(42, 'abc', NULL), 3);
SELECT 'unpack.negative', ok_unpack_col(ok_pack(42, 'abc', NULL), -1), ok_unpack_col(ok_pack(42, 'abc', NULL), -3);
SELECT 'unpack.types', typeof(ok_unpack_col(ok_pack(1), 1)), typeof(ok_unpack_col(ok_pack(1.5), 1)), typeof(ok_unpack_col(ok_pack('t'), 1)), typeof(ok_unpack_col(ok_pack(x'00'), 1)), typeof(ok_unpack_col(ok_pack(NULL), 1));
SELECT 'unpack.integral_real_is_integer', ok_unpack_col(ok_pack(2.0), 1), typeof(ok_unpack_col(ok_pack(2.0), 1));
SELECT 'unpack.2^63_stays_real', typeof(ok_unpack_col(ok_pack(9223372036854775808.0), 1));
SELECT 'unpack.int_limits', ok_unpack_col(ok_pack(9223372036854775807), 1), ok_unpack_col(ok_pack(-9223372036854775808), 1);
SELECT 'unpack.reals_exact', ok_unpack_col(ok_pack(0.1), 1) = 0.1, ok_unpack_col(ok_pack(4.9406564584124654e-324), 1) = 4.9406564584124654e-324,
       ok_unpack_col(ok_pack(1.7976931348623157e308), 1) = 1.7976931348623157e308, ok_unpack_col(ok_pack(-1e-300), 1) = -1e-300,
       ok_unpack_col(ok_pack(9007199254740993), 1) = 9007199254740993, ok_unpack_col(ok_pack(9007199254740993), 1) = 9007199254740992.0;
SELECT 'unpack.infinities', ok_unpack_col(ok_pack(9e999), 1), ok_unpack_col(ok_pack(-9e999), 1);
SELECT 'unpack.neg_zero_is_zero', ok_unpack_col(ok_pack(-0.0), 1), typeof(ok_unpack_col(ok_pack(-0.0), 1));
SELECT 'unpack.text_with_nul', hex(ok_unpack_col(ok_pack('a' || char(0) || char(1) || 'b'), 1)), length(CAST(ok_unpack_col(ok_pack('a' || char(0) || 'b'), 1) AS BLOB));
SELECT 'unpack.blob', hex(ok_unpack_col(ok_pack(x'0001FF00'), 1));
SELECT 'unpack.empty_text_and_blob', quote(ok_unpack_col(ok_pack('', x''), 1)), quote(ok_unpack_col(ok_pack('', x''), 2));
SELECT 'unpack.null_key', ok_unpack_col(NULL, 1) IS NULL;
SELECT 'unpack.null_index', ok_unpack_col(ok_pack(1), NULL) IS NULL;
