/*
** nomem.c -- every SQL function of the extension with SQLite's allocator
** failing at the 1st, 2nd, ... allocation, until the statement runs through.
**
** Usage: nomem <extension> [<store module> <scratch folder>]
**
** With the store module, also its tables and functions over an LMDB, a
** LevelDB and a RocksDB it makes in the scratch folder (their libraries'
** own allocations are not SQLite's, and are not failed).
**
** For each statement below, a first run without failures gives its rows
** (or its own error). Then for n = 1, 2, ...: the n-th allocation from then
** on fails, and the statement must end with SQLITE_NOMEM (or its own error)
** or, once the n-th allocation is past its end, with exactly the rows of the
** first run: never a wrong result, and never its own error said otherwise
** (a failed allocation reported as another error). Under the sanitizer build a crash, a
** leak or a bad access fails it too. Prints "N passed, M failed", one test
** a statement.
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

static sqlite3_mem_methods real;
static long countdown = -1; /* allocations left before one fails; -1: none fail */
static int injected;

static int should_fail(void) {
  if (countdown < 0) return 0;
  if (countdown-- > 0) return 0;
  injected = 1;
  return 1;
}
static void *x_malloc(int n) { return should_fail() ? NULL : real.xMalloc(n); }
static void *x_realloc(void *p, int n) { return should_fail() ? NULL : real.xRealloc(p, n); }

/* The statement's rows as text (one line a row, columns by quote()), or
** its error code in *rc. Returns an sqlite3_malloc'd string, or NULL. */
static char *run(sqlite3 *db, const char *sql, int *rc) {
  sqlite3_stmt *st = NULL;
  sqlite3_str *out;
  char *text;
  long saved = countdown;
  countdown = -1; /* the output itself is not under test */
  out = sqlite3_str_new(db);
  countdown = saved;
  *rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  while (st && (*rc = sqlite3_step(st)) == SQLITE_ROW) {
    int i;
    saved = countdown;
    countdown = -1;
    for (i = 0; i < sqlite3_column_count(st); i++) {
      const unsigned char *v;
      int n;
      if (sqlite3_column_type(st, i) == SQLITE_BLOB) {
        const unsigned char *b = sqlite3_column_blob(st, i);
        int k;
        n = sqlite3_column_bytes(st, i);
        sqlite3_str_appendall(out, "x'");
        for (k = 0; k < n; k++) sqlite3_str_appendf(out, "%02X", b[k]);
        sqlite3_str_appendall(out, "'|");
        continue;
      }
      v = sqlite3_column_text(st, i);
      n = sqlite3_column_bytes(st, i);
      if (v) sqlite3_str_append(out, (const char *)v, n);
      sqlite3_str_appendchar(out, 1, '|');
    }
    sqlite3_str_appendchar(out, 1, '\n');
    countdown = saved;
  }
  if (*rc == SQLITE_DONE) *rc = SQLITE_OK;
  if (*rc != SQLITE_OK) *rc = sqlite3_extended_errcode(db) & 0xFF;
  saved = countdown;
  countdown = -1;
  if (*rc != SQLITE_OK) sqlite3_str_appendf(out, "error: %s\n", sqlite3_errmsg(db));
  sqlite3_finalize(st);
  text = sqlite3_str_finish(out);
  countdown = saved;
  return text;
}

/* Every function, every format, long and short arguments. */
static const char *const statements[] = {
    "SELECT ok_pack(1, 2.5, 'abc', x'00FF', NULL, ok_desc('z'), ok_collate('Item10', 'NOCASE'))",
    "SELECT ok_pack(x'', zeroblob(70000), printf('%.*c', 70000, 'x'))",
    "SELECT ok_concat(ok_pack(1), ok_pack(zeroblob(5000))), ok_prefix('Ch'), ok_prefix('ab', "
    "'NOCASE')",
    "SELECT ok_prefix_end(ok_pack('a')), ok_prefix_end(zeroblob(3000))",
    "SELECT ok_unpack_col(ok_pack(1, printf('%.*c', 70000, 'y'), 3), 2), "
    "ok_unpack_col(ok_pack(1, 2), -1)",
    "SELECT ok_hex(ok_pack(1, 'abc')), ok_hex(ok_pack(1, zeroblob(5000)), ' '), "
    "ok_hex(ok_fdb_pack(1, 'a'), '|', 'fdb')",
    "SELECT ok_count(ok_pack(1, 2, 3)), ok_valid(x'0102'), ok_formats(ok_pack(42, 'abc'))",
    "SELECT ok_unpack_col(ok_pack(1, 'a'), 2, 'ok'), ok_formats()",
    "SELECT ok_quote('4DA8 7061626300'), ok_count(x'4DA8'), ok_unhex('4d:a8'), ok_lexi(1.5), "
    "ok_unlexi('l800000000005F1F9'), ok_formats(x'FE0102757365727300152A', 'fdb', 'orderly:utf8')",
    "SELECT * FROM ok_each('4DA8 7061626300')",
    "SELECT ok_count(x'FF00')",
    "SELECT ok_quote(ok_pack(42, 'ab''c', NULL, x'00FF', -1.5e-300, 0.1, 1e300, 3.14159, "
    "ok_desc('z'), ok_collate('a', 'RTRIM')))",
    "SELECT ok_quote(ok_pack(zeroblob(70000))), ok_json(ok_pack(printf('%.*c', 70000, 'q')))",
    "SELECT ok_json(ok_pack(42, 'tëxt', NULL, x'00', 2.5e-310, ok_desc(7)))",
    "SELECT ok_quote(x, 'fdb'), ok_json(x, 'fdb') FROM (SELECT ok_fdb_pack(1, 'a', "
    "ok_fdb_tuple(NULL, 2.5), ok_fdb_uuid('123e4567-e89b-12d3-a456-426614174000'), "
    "ok_fdb_int('123456789012345678901234567890'), ok_fdb_float(0.5), ok_fdb_bool(1), "
    "ok_fdb_versionstamp(x'000102030405060708090A0B'), CAST(x'61FF' AS TEXT) IS NULL) AS x)",
    "SELECT ok_quote(x, 'hbase'), ok_json(x, 'hbase') FROM (SELECT ok_hbase_pack(1, 2.5, 'a', "
    "x'00', ok_hbase_int32(7), ok_hbase_float64(0.1), ok_hbase_numeric('1e-400'), "
    "ok_hbase_desc(ok_hbase_text('z')), ok_hbase_json('{}'), ok_hbase_bool(0), "
    "ok_hbase_blob_copy(x'01')) AS x)",
    "SELECT ok_quote(x, 'crdb'), ok_json(x, 'crdb'), ok_crdb_pretty(x), ok_crdb_pretty(x, "
    "'values') FROM (SELECT ok_crdb_pack(ok_crdb_tenant(2), 53, 1, -7, 'ab', x'00ff', 2.5, "
    "ok_crdb_decimal('-1.25e-30'), ok_crdb_timestamp('2024-02-29 12:00:00.5+01:00'), "
    "ok_crdb_interval(14, 3, 5), ok_crdb_uuid('123e4567-e89b-12d3-a456-426614174000'), "
    "ok_crdb_desc(NULL, 'z', ok_crdb_float('NaN'), ok_crdb_decimal(7)), "
    "ok_crdb_pack(printf('%.*c', 3000, 'c'))) AS x)",
    "SELECT ok_quote(x, 'tidb'), ok_json(x, 'tidb'), ok_quote(w, 'tikv'), ok_json(w, 'tikv'), "
    "hex(ok_tidb_pack(ok_tikv_raw(w))) FROM (SELECT x, ok_tikv_pack(ok_tidb_raw(x)) AS w FROM "
    "(SELECT ok_tidb_pack(ok_tidb_keyspace(1), ok_tidb_table(63), ok_tidb_index(2), 7, 'ab', "
    "x'00ff', 2.5, NULL, ok_tidb_uint('18446744073709551615'), ok_tidb_decimal('-1.25', 10, 3), "
    "ok_tidb_duration('-12:00:01.5'), ok_tidb_datetime('2024-02-29 12:00:00.5'), "
    "ok_tidb_max(), printf('%.*c', 3000, 't')) AS x))",
    "SELECT pos, kind, value, hex FROM ok_each(ok_tikv_pack(ok_tidb_table(1), ok_tidb_record()"
    ", 'k', ok_tidb_min_not_null()), 'tikv')",
    "SELECT ok_quote(x, 'bytewise'), ok_json(x, 'bytewise'), ok_unpack_col(x, 7, 'bytewise') "
    "FROM (SELECT ok_bytewise_pack(NULL, 1.5, -7, 'ab', x'00ff01', ok_bytewise_bool(1), "
    "ok_bytewise_date('2024-02-29T12:00:00.500Z'), ok_bytewise_array(1, ok_bytewise_array('z')), "
    "ok_bytewise_undefined(), printf('%.*c', 3000, 'b')) AS x)",
    "SELECT ok_quote(x, 'charwise'), ok_json(x, 'charwise'), ok_unpack_col(x, 4, 'charwise') "
    "FROM (SELECT ok_charwise_pack(NULL, 1.5, -7, 'a!b?', ok_charwise_bool(0), "
    "ok_charwise_array(1, ok_charwise_array('z')), ok_charwise_number('NaN'), "
    "ok_charwise_undefined(), printf('%.*c', 3000, 'c')) AS x)",
    "SELECT ok_quote(x, 'orderedbinary'), ok_json(x, 'orderedbinary'), "
    "ok_unpack_col(x, 6, 'orderedbinary') FROM (SELECT ok_orderedbinary_pack(NULL, 1.5, -7, "
    "char(1) || 'b', ok_orderedbinary_bool(1), ok_orderedbinary_symbol('s'), printf('%.*c', 3000, "
    "'o'), x'0102') AS x)",
    "SELECT ok_quote(x, 'firefox'), ok_json(x, 'firefox'), ok_unpack_col(x, 5, 'firefox') "
    "FROM (SELECT ok_firefox_pack(1.5, -7, 'a' || char(65535, 55296), x'00ff7f', "
    "ok_firefox_array(ok_firefox_date('2024-02-29T12:00:00.500Z'), ok_firefox_array()), "
    "printf('%.*c', 3000, 'f')) AS x)",
    "SELECT hex(ok_firefox_range_end('a', 1)), hex(ok_convert(ok_pack(1, 'a'), 'ok', 'firefox'))",
    "SELECT ok_quote(x, 'webkit'), ok_json(x, 'webkit'), ok_unpack_col(x, 5, 'webkit') "
    "FROM (SELECT ok_webkit_pack(-0.0, -7, 'a' || char(65535, 55296), x'00ff7f', "
    "ok_webkit_array(ok_webkit_date('2024-02-29T12:00:00.500Z'), ok_webkit_array()), "
    "printf('%.*c', 3000, 'w')) AS x)",
    "SELECT hex(ok_convert(ok_pack(1, 'a'), 'ok', 'webkit')), ok_webkit_pack(2) < "
    "ok_webkit_pack(10) "
    "COLLATE IDBKEY",
    "SELECT ok_quote(x, 'chrome'), ok_json(x, 'chrome'), ok_unpack_col(x, 5, 'chrome') "
    "FROM (SELECT ok_chrome_pack(-0.0, -7, 'a' || char(65535, 55296), x'00ff7f', "
    "ok_chrome_array(ok_chrome_date('2024-02-29T12:00:00.500Z'), ok_chrome_array()), "
    "printf('%.*c', 3000, 'c')) AS x)",
    "SELECT hex(ok_convert(ok_pack(1, 'a'), 'ok', 'chrome')), CAST(x'000101010303' AS TEXT) < "
    "CAST(x'000101010304' AS TEXT) COLLATE idb_cmp1, (SELECT group_concat(what) || value FROM "
    "ok_chrome_key(x'00010000320102', x'000002010069'))",
    "SELECT ok_quote(x, 'chromesql'), ok_json(x, 'chromesql'), ok_unpack_col(x, 5, 'chromesql') "
    "FROM (SELECT ok_chromesql_pack(-0.0, -7, 'a' || char(65535, 55296), x'00ff7f0102030405', "
    "ok_chromesql_array(ok_chromesql_date('2024-02-29T12:00:00.500Z'), ok_chromesql_array()), "
    "printf('%.*c', 3000, 's')) AS x)",
    "SELECT hex(ok_convert(ok_pack(1, 'a'), 'ok', 'chromesql'))",
    "SELECT ok_quote(x, 'keystring:{a: 1, b: -1}'), ok_json(x, 'keystring:1, -1'), "
    "ok_unpack_col(x, 4, 'keystring:1,-1') FROM (SELECT ok_keystring_pack('{a: 1, b: -1}', "
    "'a' || char(0), ok_keystring_object('x', ok_keystring_array(1.5, NULL), 'y', "
    "ok_keystring_oid('507f1f77bcf86cd799439011')), ok_keystring_date(-1), "
    "printf('%.*c', 3000, 'k'), ok_keystring_timestamp(1, 2), ok_keystring_bindata(x'01', 4), "
    "ok_keystring_decimal('19.99'), "
    "ok_keystring_regex('^a', 'i'), ok_keystring_code('f()'), ok_keystring_codewscope('g()', "
    "ok_keystring_object('s', ok_keystring_decimal('0.1234567890123456789'))), "
    "ok_keystring_dbpointer('d.c', "
    "x'000102030405060708090A0B'), ok_keystring_minkey(), ok_keystring_recordid(99)) AS x)",
    "SELECT hex(ok_keystring_from_ejson(j, '{a: -1} clustered')), hex(ok_keystring_typebits(j, "
    "'clustered')) "
    "FROM (SELECT '[{\"$numberDecimal\": \"1.50\"}, {\"a\": [' || substr(replace(printf('%.*c', "
    "300, 'x'), 'x', '1,'), 1, 599) || "
    "', {\"$binary\": {\"base64\": \"AAAA\", \"subType\": \"04\"}}]}, {\"recordid\": "
    "\"id\"}]' AS j)",
    "SELECT ok_keystring_ejson(ok_keystring_pack('', 1.5, 'x', ok_keystring_decimal('0.1'), "
    "ok_keystring_object('k', ok_keystring_bindata(zeroblob(300), 4))), 'gtkH'), "
    "ok_keystring_ejson(x'2904', x'838E1D78')",
    "SELECT ok_json(x, 'keystring:clustered'), ok_quote(x, 'keystring:1 clustered') FROM "
    "(SELECT ok_keystring_pack('clustered', 'a', ok_keystring_clusterkey(ok_keystring_object('k', "
    "printf('%.*c', 300, 'v')))) AS x)",
    "SELECT hex(ok_convert(ok_pack(1, 'a'), 'ok', 'keystring:-1')), "
    "(SELECT group_concat(kind) FROM ok_each('82612E8513000000012B022C0100296E5A1004A5093ABB38FE4B"
    "9EA67F01BB1A96D812463C5F6964003C5F5F5F78000004', 'keystring'))",
    "SELECT hex(ok_orderedbinary_pack(ok_orderedbinary_array(2))), "
    "hex(ok_convert(ok_pack(1, 'a'), 'ok', 'orderedbinary'))",
    "SELECT hex(ok_convert(ok_pack(1, 'a', x'00', 2.5, NULL), 'ok', 'bytewise')), "
    "hex(ok_convert(ok_fdb_pack(7, 'x'), 'fdb', 'orderly:long, utf8')), "
    "ok_convert(ok_crdb_pack(1, 'b'), 'crdb', 'charwise')",
    "SELECT ok_convert(ok_fdb_pack(2.0), 'fdb', 'ok')",
    "SELECT ok_convert(ok_pack(1, 9007199254740993), 'ok', 'bytewise')",
    "SELECT ok_convert(ok_pack(x'00'), 'ok', 'charwise')",
    "SELECT ok_convert(ok_pack('a', 'b'), 'ok', 'orderly:long, utf8')",
    "SELECT ok_convert(ok_tidb_pack(ok_tidb_table(1), 5), 'tidb', 'ok')",
    "SELECT ok_quote(x, 'orderedcode:string, int64 desc, uint64, float64, string_or_infinity, "
    "trailing'), ok_json(x, 'orderedcode:string, int64 desc, uint64, float64, "
    "string_or_infinity, trailing') FROM (SELECT ok_orderedcode_pack('string, int64 desc, uint64, "
    "float64, string_or_infinity, trailing', x'00ff', -7, '18446744073709551615', 2.5, NULL, "
    "printf('%.*c', 3000, 'o')) AS x)",
    "SELECT ok_quote(ok_salt(ok_pack(42, 'abc'), 1), 'salt+ok'), "
    "ok_json(ok_salt(ok_fdb_pack(1, 2), 2, 'fdb'), 'salt+fdb'), "
    "ok_unsalt(ok_salt(ok_pack(1), 1)), ok_salt_check(ok_salt(ok_pack(1), 1), 1)",
    "SELECT pos, type, kind, value, dir, offset, length, hex FROM "
    "ok_each(ok_salt(ok_pack(1, 'a', zeroblob(3000)), 2), 'salt+ok')",
    "SELECT pos, kind, value FROM ok_each(ok_fdb_pack(1, ok_fdb_tuple(2, 'x')), 'fdb')",
    "SELECT ok_fdb_pack_versionstamped(ok_fdb_prefix(x'FE01'), 'e', "
    "ok_fdb_versionstamp_incomplete()), ok_fdb_range_begin('a'), ok_fdb_range_end('a')",
    "SELECT ok_mvcc_order(ok_mvcc_pack(zeroblob(3000), 'crdb', 5, 1), 'crdb'), "
    "ok_mvcc_pack(zeroblob(3000), 'badger', 1), ok_mvcc_time(ok_mvcc_pack(x'61', 'crdb', 5), "
    "'crdb'), ok_mvcc_version(ok_mvcc_pack(x'0000000000000000F7', 'tikv', "
    "'18446744073709551615'), 'tikv'), ok_mvcc_key(ok_mvcc_pack(x'61', 'crdb'), 'crdb')",
    "SELECT ok_b64(ok_pack(1, 'abc')), ok_unb64(ok_b64(ok_pack(zeroblob(3000)))), "
    "ok_xxh32('abc'), ok_xxh64(zeroblob(100))",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40) "
    "SELECT group_concat(x, ',') FROM (SELECT 'item' || (i * 7 % 13) AS x FROM n "
    "ORDER BY x COLLATE ok_natural)",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30) "
    "SELECT ok_quote(ok_pack(i * 0.1234567891234567, i / 7.0)) FROM n",
    "SELECT ok_collate(printf('%.*c', 5000, 'A') || '12', 'ok_natural'), "
    "ok_collate('Hello', 'NOCASE')",
    "SELECT ok_unpack_col(x'0B', 1)", /* its own error */
    "SELECT ok_quote(ok_fdb_pack(printf('%.*c', 300, 'x') || char(0)), 'fdb'), "
    "ok_json(ok_hbase_pack(printf('%.*c', 300, 'y')), 'hbase')",
    "SELECT ok_quote(x, 'orderly:long, utf8 desc, struct(decimal, bytes) desc, double'), "
    "ok_json(x, 'orderly:long, utf8 desc, struct(decimal, bytes) desc, double') FROM (SELECT "
    "ok_orderly_pack('long, utf8 desc, struct(decimal, bytes) desc, double', 1, 'a', "
    "'1234567890123456789012345678901234567890123e-7', x'00ff', 'NaN') AS x)",
    "SELECT ok_orderly_pack('utf8, bytes', printf('%.*c', 5000, 'o'), zeroblob(3000)), "
    "ok_orderly_prefix('utf8, long', 'a'), ok_orderly_prefix_end('utf8, long', 'a')",
    "SELECT pos, kind, value, hex FROM ok_each(ok_orderly_pack('ulong, decimal', "
    "'18446744073709551615', printf('%.*c', 400, '7')), 'orderly:ulong, decimal')",
    "SELECT ok_hex(x, ' ', 'salt+orderly:long, utf8') FROM (SELECT ok_salt(ok_orderly_pack("
    "'long, utf8', 1, 'a'), 1, 'orderly:long, utf8') AS x)",
    "SELECT ok_version()",
    /* ok_json's results given to SQLite's JSON functions, as the goldens do */
    "SELECT json_extract(ok_json(ok_pack(1, 'b', x'00')), '$[1]'), "
    "json_array_length(ok_json(ok_fdb_pack(1, 'a', x'00'), 'fdb'))",
};

/* json_valid() of ok_json's results, as sql-tests/070 and 100 ask: only
** with SQLite 3.45 or later. Before (Debian 12's 3.40), json_valid answers
** 0, not SQLITE_NOMEM, when an allocation of its own parser fails: with
** ok_json's TEXT given as it was (the statements above check ok_json's
** side), a wrong result that is SQLite's. */
static const char *const json_valid_statements[] = {
    "SELECT json_valid(ok_json(ok_pack(42, 'tëxt', NULL, x'00', 2.5))), "
    "json_valid(ok_json(ok_fdb_pack(1, 'a', x'00'), 'fdb'))",
};

/* The same in a UTF-16 database, with TEXT arguments from a table: SQLite
** converts each to UTF-8 when a function asks for it, an allocation that
** can fail, and then gives the function NULL for the text. */
static const char utf16_setup[] =
    "PRAGMA encoding = 'UTF-16le';"
    "CREATE TABLE u(nan, inf, fmt, schema, hex, uuid, num, lexi, coll, b64, sep, big, ulong);"
    "INSERT INTO u VALUES ('NaN', '-Inf', 'fdb', 'long, utf8', '4DA8 7061626300', "
    "'123e4567-e89b-12d3-a456-426614174000', '1e-400', 'l800000000005F1F9', 'NOCASE', "
    "'J4mg', ' ', '123456789012345678901234567890', '18446744073709551615')";
static const char *const utf16_statements[] = {
    "SELECT ok_pack(nan, inf, hex, fmt), ok_fdb_pack(inf, schema), ok_fdb_float(nan), "
    "ok_fdb_double(inf), ok_hbase_pack(ok_hbase_float64(nan), ok_hbase_float32(inf), fmt), "
    "ok_hbase_numeric(num), ok_hbase_numeric(nan), ok_lexi(nan), ok_lexi(inf) FROM u",
    "SELECT ok_quote(ok_fdb_pack(1, 'a'), fmt), ok_hex(hex, sep), ok_hex(hex, sep, 'ok'), "
    "ok_count(hex), ok_valid(hex), ok_unhex(hex), ok_unlexi(lexi), ok_unb64(b64), "
    "ok_collate(hex, coll), ok_prefix(hex, coll), ok_fdb_uuid(uuid), ok_fdb_int(big) FROM u",
    "SELECT ok_orderly_pack(schema, 1, hex), ok_quote(ok_orderly_pack('long, utf8', 1, 'a'), "
    "'orderly:' || schema), ok_orderly_pack('ulong, decimal', ulong, num), "
    "ok_orderly_pack('double, float', nan, inf), ok_orderly_prefix(schema, 7) FROM u",
    "SELECT e.pos, e.value FROM u, ok_each(u.hex) AS e",
    "SELECT ok_quote(ok_pack(char(1) || coll, hex)), ok_quote(ok_fdb_pack(char(0) || coll), fmt) "
    "FROM u",
    "SELECT e.pos, e.value FROM u, ok_each(ok_fdb_pack(1, u.coll), u.fmt) AS e",
    "SELECT ok_formats(hex, fmt, 'orderly:' || schema), ok_salt(ok_fdb_pack(1), 1, fmt), "
    "ok_unpack_col(ok_hbase_pack(2, coll), 2, 'HBase'), ok_xxh32(hex), ok_xxh64(coll), "
    "ok_hbase_text(coll), ok_hbase_json(hex) FROM u",
    "SELECT group_concat(x, ',') FROM (SELECT hex AS x FROM u UNION ALL SELECT coll FROM u "
    "ORDER BY x COLLATE ok_natural)",
};

/* Each statement of list[0..n) in db, failing every allocation in turn:
** adds to *pass or *failed, and the allocations tried to *points. */
static void run_all(sqlite3 *db, const char *const *list, size_t count, const char *where,
                    long *pass, long *failed, long *points) {
  size_t i;
  for (i = 0; i < count; i++) {
    int rc0, rc, ok = 1;
    long n;
    char *want = run(db, list[i], &rc0), *got;
    if (rc0 == SQLITE_NOMEM || (rc0 != SQLITE_OK && list == utf16_statements)) {
      fprintf(stderr, "%s statement %zu fails without failing allocations (code %d: %s)\n", where,
              i + 1, rc0, sqlite3_errmsg(db));
      ok = 0;
    }
    for (n = 0; ok; n++) {
      countdown = n;
      injected = 0;
      got = run(db, list[i], &rc);
      countdown = -1;
      (*points)++;
      if (!injected) { /* ran through: the same rows, or its own error */
        ok = rc == rc0 && strcmp(got ? got : "", want ? want : "") == 0;
        if (!ok)
          fprintf(stderr,
                  "%s statement %zu: differs after %ld allocations (code %d, first %d)\n%s\n%s\n",
                  where, i + 1, n, rc, rc0, got ? got : "", want ? want : "");
        sqlite3_free(got);
        break;
      }
      if (rc != SQLITE_NOMEM && rc != rc0) {
        ok = 0;
        fprintf(stderr, "%s statement %zu: allocation %ld failing gave code %d, not SQLITE_NOMEM\n",
                where, i + 1, n + 1, rc);
      } else if (rc != SQLITE_NOMEM && strcmp(got ? got : "", want ? want : "") != 0) {
        ok = 0; /* other rows, or its own error said otherwise: a failed allocation misread */
        fprintf(stderr, "%s statement %zu: allocation %ld failing gave a wrong result\n%s\n", where,
                i + 1, n + 1, got ? got : "");
      }
      sqlite3_free(got);
    }
    sqlite3_free(want);
    if (ok)
      (*pass)++;
    else
      (*failed)++;
  }
}

/* The store module's statements over stores made in dir (with no
** allocation failing); 0 when they could not be made. */
static size_t store_statements(sqlite3 *db, const char *module, const char *dir, char **list) {
  static const char *const setup[] = {
      "CREATE VIRTUAL TABLE sl USING ok_lmdb('%s/lmdb', create)",
      "CREATE VIRTUAL TABLE sv USING ok_leveldb('%s/leveldb', create)",
      "CREATE VIRTUAL TABLE sr USING ok_rocksdb('%s/rocksdb', 'write', create)",
      "INSERT INTO sl VALUES (x'01', x'0A'), (x'02', x''), (x'0203', x'FF00')",
      "INSERT INTO sv SELECT * FROM sl",
      "INSERT INTO sr SELECT * FROM sl",
  };
  static const char *const tests[] = {
      "SELECT hex(key), hex(value) FROM ok_lmdb('%s/lmdb') WHERE key > x'01' ORDER BY key DESC",
      "SELECT hex(key), store FROM ok_leveldb('%s/leveldb') WHERE key IN (x'02', x'0203')",
      "SELECT hex(key), name FROM ok_rocksdb('%s/rocksdb', 'write') WHERE key >= x'02' LIMIT 1",
      "SELECT ok_rocksdb_families('%s/rocksdb')",
      "SELECT * FROM ok_lmdb('%s/nonexistent')",
      "SELECT * FROM ok_rocksdb('%s/rocksdb', 'nope')",
      "INSERT OR REPLACE INTO sv VALUES (x'05', x'06')",
      "UPDATE sl SET value = x'0B' WHERE key = x'01'",
      "DELETE FROM sr WHERE key = x'09'",
      "INSERT INTO sl VALUES (x'01', x'')",
      "SELECT hex(ok_convert(key, 'ok', 'fdb')) FROM sl WHERE key < x'02'",
  };
  size_t i, n = 0;
  char *err = NULL;
  if (sqlite3_load_extension(db, module, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "nomem: cannot load %s: %s\n", module, err);
    sqlite3_free(err);
    return 0;
  }
  for (i = 0; i < sizeof setup / sizeof *setup; i++) {
    char *sql = sqlite3_mprintf(setup[i], dir);
    int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK) {
      fprintf(stderr, "nomem: %s: %s\n", setup[i], sqlite3_errmsg(db));
      return 0;
    }
  }
  for (i = 0; i < sizeof tests / sizeof *tests; i++) list[n++] = sqlite3_mprintf(tests[i], dir);
  return n;
}

int main(int argc, char **argv) {
  sqlite3 *db;
  sqlite3_mem_methods mine;
  size_t i;
  long pass = 0, failed = 0, points = 0;
  if (argc < 2) {
    fprintf(stderr, "usage: nomem <extension>\n");
    return 2;
  }
  sqlite3_config(SQLITE_CONFIG_GETMALLOC, &real);
  mine = real;
  mine.xMalloc = x_malloc;
  mine.xRealloc = x_realloc;
  if (sqlite3_config(SQLITE_CONFIG_MALLOC, &mine) != SQLITE_OK) {
    fprintf(stderr, "nomem: cannot install the allocator\n");
    return 2;
  }
  if (!(db = open_with_extension("nomem", argv[1]))) return 2;
  { /* every format of ok_formats() is built and read by some statement */
    test_format f[TEST_FORMATS_MAX];
    int k, n = test_formats(db, f);
    if (n == 0) failed++;
    for (k = 0; k < n; k++) {
      char call[64], read[64];
      int built = 0, named = 0;
      snprintf(call, sizeof call, "%s(", f[k].pack);
      snprintf(read, sizeof read, "'%s%s", f[k].name, f[k].param ? ":" : "'");
      for (i = 0; i < sizeof statements / sizeof statements[0]; i++)
        built |= strstr(statements[i], call) != NULL, named |= strstr(statements[i], read) != NULL;
      if (built && named) {
        pass++;
      } else {
        failed++;
        printf("FAIL no statement %s format %s\n", built ? "reads with" : "builds keys of",
               f[k].name);
      }
    }
  }
  run_all(db, statements, sizeof statements / sizeof statements[0], "UTF-8", &pass, &failed,
          &points);
  if (sqlite3_libversion_number() >= 3045000)
    run_all(db, json_valid_statements, 1, "json_valid", &pass, &failed, &points);
  if (argc >= 4) {
    char *list[16] = {0};
    size_t n = store_statements(db, argv[2], argv[3], list), k;
    if (n == 0) failed++;
    run_all(db, (const char *const *)list, n, "the store module", &pass, &failed, &points);
    for (k = 0; k < n; k++) sqlite3_free(list[k]);
  }
  sqlite3_close(db);
  if (!(db = open_with_extension("nomem", argv[1]))) return 2;
  if (sqlite3_exec(db, utf16_setup, NULL, NULL, NULL) != SQLITE_OK) {
    fprintf(stderr, "nomem: UTF-16 database: %s\n", sqlite3_errmsg(db));
    failed++;
  } else {
    run_all(db, utf16_statements, sizeof utf16_statements / sizeof utf16_statements[0], "UTF-16",
            &pass, &failed, &points);
  }
  sqlite3_close(db);
  printf("%zu statements (%zu in a UTF-16 database), %ld failing allocations tried\n",
         sizeof statements / sizeof statements[0] +
             sizeof utf16_statements / sizeof utf16_statements[0],
         sizeof utf16_statements / sizeof utf16_statements[0], points);
  printf("%ld passed, %ld failed\n", pass, failed);
  return failed != 0;
}
