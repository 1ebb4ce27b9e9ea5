-- Numbers: the bytes of each, and the properties of R1/R2/R7 on edge values.
.mode quote
.echo on
SELECT 'int.zero', ok_hex(ok_pack(0));
SELECT 'int.one', ok_hex(ok_pack(1));
SELECT 'int.minus_one', ok_hex(ok_pack(-1));
SELECT 'int.42', ok_hex(ok_pack(42));
SELECT 'int.127_two_bytes', ok_hex(ok_pack(127)), length(ok_pack(127));
SELECT 'int.128', ok_hex(ok_pack(128));
SELECT 'int.255', ok_hex(ok_pack(255));
SELECT 'int.max', ok_hex(ok_pack(9223372036854775807));
SELECT 'int.min', ok_hex(ok_pack(-9223372036854775808));
SELECT 'int.min_plus_one', ok_hex(ok_pack(-9223372036854775807));
SELECT 'int.2^53', ok_hex(ok_pack(9007199254740992));
SELECT 'int.2^53+1', ok_hex(ok_pack(9007199254740993));
SELECT 'real.1.5', ok_hex(ok_pack(1.5));
SELECT 'real.0.25', ok_hex(ok_pack(0.25));
SELECT 'real.100.0_same_as_100', ok_pack(100.0) = ok_pack(100), ok_hex(ok_pack(100.0));
SELECT 'real.0.1', ok_hex(ok_pack(0.1));
SELECT 'real.neg_zero_is_zero', ok_hex(ok_pack(-0.0)), ok_pack(-0.0) = ok_pack(0);
SELECT 'real.+inf', ok_hex(ok_pack(9e999));
SELECT 'real.-inf', ok_hex(ok_pack(-9e999));
SELECT 'real.subnormal_min', ok_hex(ok_pack(4.9406564584124654e-324));
SELECT 'real.subnormal_max', ok_hex(ok_pack(2.2250738585072009e-308));
SELECT 'real.max', ok_hex(ok_pack(1.7976931348623157e308));
SELECT 'real.1e-300', ok_hex(ok_pack(1e-300));
SELECT 'real.2^63', ok_hex(ok_pack(9223372036854775808.0));
SELECT 'real.-2^63_same_as_int_min', ok_pack(-9223372036854775808.0) = ok_pack(-9223372036854775808);
SELECT 'real.2^64', ok_hex(ok_pack(18446744073709551616.0));
-- R1: exact comparison of INTEGER and REAL, as SQLite does it.
SELECT 'order.2^53+1_above_2^53.0', 9007199254740993 > 9007199254740992.0,
       ok_pack(9007199254740993) > ok_pack(9007199254740992.0);
SELECT 'order.int_max_below_2^63.0', 9223372036854775807 < 9223372036854775808.0,
       ok_pack(9223372036854775807) < ok_pack(9223372036854775808.0);
SELECT 'order.5_5.5_6', ok_pack(5) < ok_pack(5.5) AND ok_pack(5.5) < ok_pack(6);
SELECT 'order.-inf_below_int_min', ok_pack(-9e999) < ok_pack(-9223372036854775808);
SELECT 'order.+inf_above_real_max', ok_pack(9e999) > ok_pack(1.7976931348623157e308);
SELECT 'order.subnormal_above_zero', ok_pack(4.9406564584124654e-324) > ok_pack(0);
SELECT 'order.-subnormal_below_zero', ok_pack(-4.9406564584124654e-324) < ok_pack(-0.0);
SELECT 'order.null_below_-inf', ok_pack(NULL) < ok_pack(-9e999);
-- R2: equal values, equal bytes; unequal values, different bytes.
SELECT 'equal.2_and_2.0', ok_pack(2) = ok_pack(2.0);
SELECT 'equal.2^53_int_and_real', ok_pack(9007199254740992) = ok_pack(9007199254740992.0);
SELECT 'unequal.2^53+1_and_its_nearest_double', ok_pack(9007199254740993) = ok_pack(CAST(9007199254740993 AS REAL));
-- Sizes (R7): small integers take 2 bytes; short reals few; any double at most 9 in the window.
SELECT 'size.ints', length(ok_pack(0)), length(ok_pack(127)), length(ok_pack(-127)),
       length(ok_pack(16383)), length(ok_pack(1000000)), length(ok_pack(9223372036854775807));
SELECT 'size.reals', length(ok_pack(1.5)), length(ok_pack(0.25)), length(ok_pack(19.99)),
       length(ok_pack(3.141592653589793)), length(ok_pack(1e-300));
