-- CockroachDB keys: ok_crdb_pack and its constructors, descending items,
-- reading with the 'crdb' format, ok_crdb_pretty, every error.
-- test/crdb/vectors.tsv holds CockroachDB's own bytes and texts and
-- test/crdb/oracle.sql the order; this file pins what lies around them.
.mode quote
.echo on
-- SQL values: NULL, INT (varints), FLOAT, STRING and BYTES alike
SELECT 'map.null', hex(ok_crdb_pack(NULL)), hex(ok_crdb_pack(ok_crdb_desc(NULL))), hex(ok_crdb_pack());
SELECT 'map.int', hex(ok_crdb_pack(0)), hex(ok_crdb_pack(109)), hex(ok_crdb_pack(110)), hex(ok_crdb_pack(-1)), hex(ok_crdb_pack(-256));
SELECT 'map.int.limits', hex(ok_crdb_pack(9223372036854775807)), hex(ok_crdb_pack(-9223372036854775807 - 1));
SELECT 'map.float', hex(ok_crdb_pack(1.5)), hex(ok_crdb_pack(-1.5)), hex(ok_crdb_pack(0.0)), hex(ok_crdb_pack(-0.0)), hex(ok_crdb_pack(9e999));
SELECT 'map.float.nan', hex(ok_crdb_pack(ok_crdb_float('NaN'))), hex(ok_crdb_pack(ok_crdb_desc(ok_crdb_float('NaN')))), hex(ok_crdb_pack(ok_crdb_float(4.9e-324)));
SELECT 'map.bytes', hex(ok_crdb_pack('')), hex(ok_crdb_pack('abc')), hex(ok_crdb_pack(x'00FF')), ok_crdb_pack('abc') = ok_crdb_pack(x'616263');
SELECT 'map.bytes.desc', hex(ok_crdb_pack(ok_crdb_desc(''))), hex(ok_crdb_pack(ok_crdb_desc(x'00FF')));
-- a descending integer is ^v, a descending float -f: the key holds no mark
SELECT 'map.desc.numbers', hex(ok_crdb_pack(ok_crdb_desc(5))), ok_crdb_pack(ok_crdb_desc(5)) = ok_crdb_pack(-6), ok_crdb_pack(ok_crdb_desc(2.5)) = ok_crdb_pack(-2.5);
SELECT 'map.desc.several', hex(ok_crdb_desc(1, 'a', NULL));
SELECT 'map.desc.of_key', ok_crdb_desc(ok_crdb_pack(1));
-- the types SQL values do not name
SELECT 'map.decimal', hex(ok_crdb_pack(ok_crdb_decimal('1.5'))), hex(ok_crdb_pack(ok_crdb_decimal(100))), hex(ok_crdb_pack(ok_crdb_decimal(0.1))), hex(ok_crdb_pack(ok_crdb_decimal('-0')));
SELECT 'map.decimal.special', hex(ok_crdb_pack(ok_crdb_decimal('NaN'), ok_crdb_decimal('Infinity'), ok_crdb_decimal('-inf'))), hex(ok_crdb_pack(ok_crdb_desc(ok_crdb_decimal('NaN'))));
SELECT 'map.decimal.desc', hex(ok_crdb_pack(ok_crdb_desc(ok_crdb_decimal('1e-40')))), hex(ok_crdb_pack(ok_crdb_decimal('-1e-40')));
SELECT 'map.timestamp', hex(ok_crdb_timestamp(0)), hex(ok_crdb_timestamp(1700000000, 5)), ok_crdb_timestamp('2023-11-14 22:13:20.000000005') = ok_crdb_timestamp(1700000000, 5);
SELECT 'map.timestamp.text', ok_crdb_timestamp('2024-02-29T12:00:00+01:00') = ok_crdb_timestamp('2024-02-29 11:00:00Z'), ok_crdb_timestamp('1969-12-31') = ok_crdb_timestamp(-86400), ok_crdb_timestamp('-0001-01-01') = ok_crdb_timestamp(-62198755200);
SELECT 'map.interval', hex(ok_crdb_interval(0, 0, 0)), hex(ok_crdb_interval(1, 2, 3000)), hex(ok_crdb_pack(ok_crdb_desc(ok_crdb_interval(1, 2, 3000))));
SELECT 'map.uuid', hex(ok_crdb_uuid('123e4567-e89b-12d3-a456-426614174000')), ok_crdb_uuid('123E4567E89B12D3A456426614174000') = ok_crdb_uuid('123e4567-e89b-12d3-a456-426614174000');
SELECT 'map.tenant', hex(ok_crdb_pack(ok_crdb_tenant(5), 53, 1)), hex(ok_crdb_tenant(1000));
-- keys as CockroachDB prints them
SELECT 'pretty.table', ok_crdb_pretty(ok_crdb_pack(53, 1, 42, 'abc')), ok_crdb_pretty(ok_crdb_pack(53, 1, 42, 'abc'), 'values');
SELECT 'pretty.tenant', ok_crdb_pretty(ok_crdb_pack(ok_crdb_tenant(5), 53, 2, ok_crdb_desc('x'), NULL, ok_crdb_desc(NULL)));
SELECT 'pretty.values', ok_crdb_pretty(ok_crdb_pack('a', 1)), ok_crdb_pretty(x'');
SELECT 'pretty.types', ok_crdb_pretty(ok_crdb_pack(1, 2, 1.5e300, -0.0, ok_crdb_float('NaN'), ok_crdb_decimal('12.5'), ok_crdb_timestamp(1700000000, 120000000), ok_crdb_interval(14, -3, 1000), x'00FF7F0A', 'tab	"q"\ é'));
SELECT 'pretty.hex_log', ok_crdb_pretty('BD89B2126162630001'), ok_crdb_pretty('\xbd\x89');
SELECT 'pretty.float_forms', ok_crdb_pretty(ok_crdb_pack(100000.0, 1000000.0, 0.0001, 0.00001, 123456789.0), 'values');
-- reading with the format's name
SELECT 'read.unpack', ok_unpack_col(k, 1, 'crdb'), ok_unpack_col(k, 4, 'crdb'), ok_unpack_col(k, 5, 'crdb'), ok_unpack_col(k, 6, 'crdb'), typeof(ok_unpack_col(k, 7, 'crdb')) FROM (SELECT ok_crdb_pack(53, 1.5, ok_crdb_decimal('1E+2'), ok_crdb_timestamp(0, 1), ok_crdb_float('NaN'), x'FF', 'z') AS k);
SELECT 'read.desc', ok_unpack_col(ok_crdb_pack(ok_crdb_desc(5)), 1, 'crdb'), ok_unpack_col(ok_crdb_pack(ok_crdb_desc('abc')), 1, 'crdb'), ok_unpack_col(ok_crdb_pack(ok_crdb_desc(ok_crdb_timestamp(0))), 1, 'crdb');
SELECT 'read.quote', ok_quote(ok_crdb_pack(ok_crdb_tenant(2), 53, -7, 'ab', x'00', 2.5, ok_crdb_decimal('-1.25e-30'), ok_crdb_timestamp(86400, 5), ok_crdb_desc(ok_crdb_timestamp(86400, 5)), ok_crdb_interval(14, 3, 5), ok_crdb_desc(NULL, 'z', ok_crdb_float('NaN'))), 'crdb');
-- a descending interval whose varints read ascending make no interval: read as the descending one it is, and quoted so
SELECT 'read.desc_interval', ok_quote(ok_crdb_pack(ok_crdb_desc(ok_crdb_interval(-44405, 3, 4417036357742659206))), 'crdb'), ok_unpack_col(ok_crdb_pack(ok_crdb_desc(ok_crdb_interval(42000, 0, -9223372036854775808))), 1, 'crdb'), ok_json(x'16F77979F7AD7487FC', 'crdb');
SELECT 'read.json', ok_json(ok_crdb_pack(1, 'a', x'00', NULL, ok_crdb_decimal(7), ok_crdb_timestamp(0), ok_crdb_interval(0, 1, 0), ok_crdb_float('NaN')), 'crdb');
SELECT 'read.each', pos, kind, value, dir, hex FROM ok_each(ok_crdb_pack(53, ok_crdb_desc('k'), ok_crdb_decimal(1), ok_crdb_interval(1, 0, 0)), 'crdb');
SELECT 'read.count', ok_count(ok_crdb_pack(1, 2, 3), 'crdb'), ok_valid(x'12610001', 'crdb'), ok_valid(x'1261', 'crdb'), ok_hex(ok_crdb_pack(53, 1, 'a'), ' ', 'crdb');
SELECT 'read.formats', ok_formats(ok_crdb_pack(53, 1, 42, 'abc'));
SELECT 'read.raw', hex(ok_crdb_pack(ok_crdb_raw(ok_crdb_pack(1, 2)), 3)), ok_crdb_pack(ok_crdb_raw(x'01')) = x'01';
SELECT 'read.subtype', ok_unpack_col(ok_crdb_pack(1), 1);
-- malformed keys: the offending byte named
SELECT 'bad.truncated', ok_count(x'F7FF', 'crdb');
SELECT 'bad.bytes_unterminated', ok_count(x'126162', 'crdb');
SELECT 'bad.escape', ok_count(x'1261000201', 'crdb');
SELECT 'bad.marker', ok_count(x'8837', 'crdb');
SELECT 'bad.noncanonical_int', ok_count(x'F605', 'crdb');
SELECT 'bad.negative_marker_positive_value', ok_count(x'80000000000000000001', 'crdb');
SELECT 'bad.int_beyond_int64', ok_count(x'FD8000000000000000', 'crdb');
SELECT 'bad.float_zero_spelled_out', ok_count(x'050000000000000000', 'crdb');
SELECT 'bad.decimal_digit', ok_count(x'2AC900', 'crdb');
SELECT 'bad.decimal_unterminated', ok_count(x'2A02', 'crdb');
SELECT 'bad.time_nanos', ok_count(x'1488FC3B9ACA00', 'crdb');
SELECT 'bad.big_duration_marker', ok_count(x'15888888', 'crdb');
SELECT 'bad.pretty', ok_crdb_pretty(x'1261');
SELECT 'bad.pretty_form', ok_crdb_pretty(x'88', 'table');
-- values the constructors refuse
SELECT 'err.decimal', ok_crdb_decimal('1.2.3');
SELECT 'err.decimal_type', ok_crdb_decimal(x'01');
SELECT 'err.decimal_range', ok_crdb_decimal('1e9999999999');
SELECT 'err.decimal_huge_exponent', ok_crdb_decimal('1e9999999999999999999');
SELECT 'err.float', ok_crdb_float('pi');
SELECT 'err.timestamp', ok_crdb_timestamp('2023-02-29');
SELECT 'err.timestamp_syntax', ok_crdb_timestamp('yesterday');
SELECT 'err.timestamp_nanos', ok_crdb_timestamp(0, 1000000000);
SELECT 'err.timestamp_both', ok_crdb_timestamp('2023-01-01', 5);
SELECT 'err.timestamp_type', ok_crdb_timestamp(1.5);
SELECT 'err.timestamp_range', ok_crdb_timestamp(10000000000001);
SELECT 'err.timestamp_text_range', ok_crdb_timestamp('400001-01-01');
SELECT 'map.timestamp_limit', ok_crdb_pretty(ok_crdb_pack(ok_crdb_timestamp(-10000000000000)), 'values');
SELECT 'bad.time_range', ok_count(x'14FB09184E72A00188', 'crdb');
SELECT 'err.interval', ok_crdb_interval(9223372036854775807, 0, 0);
SELECT 'err.interval_type', ok_crdb_interval(1, 'a', 0);
SELECT 'err.uuid', ok_crdb_uuid('123');
SELECT 'err.tenant', ok_crdb_tenant(0);
SELECT 'err.desc_twice', ok_crdb_desc(ok_crdb_desc('a'));
SELECT 'err.key_in_builder', ok_crdb_pack(ok_crdb_pack(1));
SELECT 'err.other_format', ok_crdb_pack(ok_fdb_tuple(1));
SELECT 'null.constructors', ok_crdb_decimal(NULL) IS NULL, ok_crdb_timestamp(NULL) IS NULL, ok_crdb_uuid(NULL) IS NULL, ok_crdb_float(NULL) IS NULL, ok_crdb_pretty(NULL) IS NULL;
-- intervals as CockroachDB prints them: no '+' before a field after a negative one (Postgres
-- writes one), a '+' before the time when the months or the days are negative
SELECT 'interval.signs', ok_crdb_pretty(ok_crdb_pack(ok_crdb_interval(-1, 1, 0))), ok_crdb_pretty(ok_crdb_pack(ok_crdb_interval(-1, 1, 1000))), ok_crdb_pretty(ok_crdb_pack(ok_crdb_interval(14, -2, 3600000000000))), ok_crdb_pretty(ok_crdb_pack(ok_crdb_interval(-13, -1, -1000))), ok_crdb_pretty(ok_crdb_pack(ok_crdb_interval(1, -1, 0)));
-- CockroachDB's redaction markers print as '?'
SELECT 'pretty.markers', ok_crdb_pretty(ok_crdb_pack(53, 1, 'a' || char(0x2039) || 'b' || char(0x203A)));
-- a descending piece given again is an error
SELECT ok_crdb_desc(ok_crdb_desc(1));
SELECT ok_crdb_desc(2, ok_crdb_desc('a'));
SELECT 'desc.once', hex(ok_crdb_pack(ok_crdb_desc(1))), hex(ok_crdb_pack(ok_crdb_desc(ok_crdb_decimal('1.5'))));
-- the system's keyspace: meta keys print as CockroachDB prints them, /Local and /System are named
SELECT 'system.meta', ok_crdb_pretty(x'03bd89'), ok_crdb_pretty(x'02bd898a'), ok_crdb_pretty(x'03ffff'), ok_crdb_pretty(x'03'), ok_crdb_pretty(x'03fe8dbd89'), ok_crdb_pretty('\x03\xbd\x89');
SELECT ok_crdb_pretty(x'016b12');
SELECT ok_crdb_pretty(x'04');
SELECT ok_crdb_pretty(x'03bd8912');
SELECT ok_quote(x'03bd89', 'crdb');
SELECT ok_quote(x'0473', 'crdb');
SELECT 'system.values', ok_crdb_pretty(x'04', 'values'), ok_quote(x'04', 'crdb');
