/*
** builders.c -- every builder agrees with its readers: each argument list a
** builder accepts gives a key that ok_valid accepts in the builder's
** format, that ok_count counts as ok_json lists, and that ok_quote's text rebuilds byte for
** byte (so every component reads back as the value it was given: the text
** is made of the values the readers read).
**
**   builders EXTENSION [lists]
**
** Random argument lists (seeded: the same every run) of up to 6 arguments
** drawn from edge values (int64 limits, 2^53 neighbours, -0.0, infinities,
** subnormals, empty, NUL-laden and long text and blobs, invalid UTF-8) and
** from every constructor of each format, lists a builder refuses included
** (they are counted, not checked). ok_prefix() is left out: it makes a
** range's bound, which ends inside an item, not a key. Prints "N passed, M failed", one test a
** list the builder accepts. test/fuzz/builders.c draws the lists from the
** fuzzer's input instead.
*/
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "rng.h"

static const char *const values[] = {
    "NULL",
    "0",
    "1",
    "-1",
    "42",
    "9223372036854775807",
    "-9223372036854775808",
    "9007199254740992",
    "9007199254740993",
    "-9007199254740993",
    "1.5",
    "-0.0",
    "0.1",
    "2.0",
    "1e-300",
    "5e-324",
    "2.2250738585072014e-308",
    "1.7976931348623157e308",
    "9e999",
    "-9e999",
    "1e21",
    "0.30000000000000004",
    "''",
    "'abc'",
    "'a' || char(0) || 'b'",
    /* 4 to 16 bytes, which writers tell as two words: with bytes escaped,
    ** ending a body or making text ambiguous */
    "'wxyz' || char(0) || 'abc'",
    "'a!b\"c?@d'",
    "'ab?%' || char(1)",
    "char(0)",
    "char(1) || 'x'",
    "'é‹›'",
    "char(0x1F600)",
    "CAST(x'FF' AS TEXT)",
    "printf('%.3000c', 't')",
    "x''",
    "x'00'",
    "x'00FF01'",
    "zeroblob(300)",
    "'0'",
    "'-'",
    "' '",
};

/* Each format: its builder, the name its readers take, and the constructors
** of its pieces (each a whole argument). */
typedef struct {
  const char *format, *pack;
  const char *const *pieces;
} builder;

static const char *const native_pieces[] = {"ok_desc(%V)",
                                            "ok_desc(%V, %V)",
                                            "ok_collate('Item10', 'NOCASE')",
                                            "ok_collate(%V, 'RTRIM')",
                                            "ok_collate('b', 'ok_natural')",
                                            "ok_desc(ok_collate('Ab', 'NOCASE'))",
                                            NULL};
static const char *const fdb_pieces[] = {"ok_fdb_tuple()",
                                         "ok_fdb_tuple(%V)",
                                         "ok_fdb_tuple(%V, ok_fdb_tuple(%V))",
                                         "ok_fdb_uuid('123e4567-e89b-12d3-a456-426614174000')",
                                         "ok_fdb_int('123456789012345678901234567890')",
                                         "ok_fdb_int('-18446744073709551616')",
                                         "ok_fdb_float(0.5)",
                                         "ok_fdb_float('NaN')",
                                         "ok_fdb_double(-0.0)",
                                         "ok_fdb_double('-Inf')",
                                         "ok_fdb_bool(0)",
                                         "ok_fdb_bool(1)",
                                         "ok_fdb_versionstamp(x'000102030405060708090A0B')",
                                         "ok_fdb_versionstamp(x'00010203040506070809', 7)",
                                         "ok_fdb_raw(ok_fdb_pack(%V))",
                                         NULL};
static const char *const hbase_pieces[] = {"ok_hbase_int8(-128)",
                                           "ok_hbase_int16(300)",
                                           "ok_hbase_int32(-7)",
                                           "ok_hbase_int64(9223372036854775807)",
                                           "ok_hbase_float32(0.1)",
                                           "ok_hbase_float64(-0.0)",
                                           "ok_hbase_float64('NaN')",
                                           "ok_hbase_numeric('1e-400')",
                                           "ok_hbase_numeric('-12.5')",
                                           "ok_hbase_numeric(%V)",
                                           "ok_hbase_numeric('9.99e199999999')",
                                           "ok_hbase_text('z')",
                                           "ok_hbase_text(%V)",
                                           "ok_hbase_blob_var(x'0001')",
                                           "ok_hbase_blob_copy(x'00FF')",
                                           "ok_hbase_desc(%V)",
                                           "ok_hbase_desc(ok_hbase_int32(5))",
                                           "ok_hbase_json('{\"a\":1}')",
                                           "ok_hbase_bool(1)",
                                           "ok_hbase_raw(ok_hbase_pack(%V))",
                                           NULL};
static const char *const crdb_pieces[] = {"ok_crdb_tenant(5)",
                                          "ok_crdb_decimal('1.25')",
                                          "ok_crdb_decimal('NaN')",
                                          "ok_crdb_decimal('-1e-30')",
                                          "ok_crdb_decimal(%V)",
                                          "ok_crdb_float('NaN')",
                                          "ok_crdb_float(%V)",
                                          "ok_crdb_timestamp('2024-02-29 12:00:00.5+01:00')",
                                          "ok_crdb_timestamp(-1, 5)",
                                          "ok_crdb_interval(14, -3, 5)",
                                          "ok_crdb_interval(-1, 1, 1000)",
                                          "ok_crdb_uuid('123e4567-e89b-12d3-a456-426614174000')",
                                          "ok_crdb_desc(%V)",
                                          "ok_crdb_desc(%V, %V)",
                                          "ok_crdb_desc(ok_crdb_decimal('7'))",
                                          "ok_crdb_raw(ok_crdb_pack(%V))",
                                          NULL};
static const char *const tidb_pieces[] = {"ok_tidb_table(63)",
                                          "ok_tidb_table(-1)",
                                          "ok_tidb_keyspace(1)",
                                          "ok_tidb_index(2)",
                                          "ok_tidb_record(1)",
                                          "ok_tidb_record(-9223372036854775808)",
                                          "ok_tidb_record()",
                                          "ok_tidb_uint('18446744073709551615')",
                                          "ok_tidb_uint(%V)",
                                          "ok_tidb_decimal('1.5', 10, 2)",
                                          "ok_tidb_decimal(1, 1, 0)",
                                          "ok_tidb_decimal(%V, 65, 30)",
                                          "ok_tidb_duration('-838:59:59')",
                                          "ok_tidb_duration(%V)",
                                          "ok_tidb_datetime('2024-02-29 12:00:00.5')",
                                          "ok_tidb_max()",
                                          "ok_tidb_min_not_null()",
                                          "ok_tidb_raw(ok_tidb_pack(%V))",
                                          NULL};
static const char *const bytewise_pieces[] = {"ok_bytewise_array()",
                                              "ok_bytewise_array(%V)",
                                              "ok_bytewise_array(%V, ok_bytewise_array(%V))",
                                              "ok_bytewise_bool(1)",
                                              "ok_bytewise_date(0)",
                                              "ok_bytewise_date(-8640000000000000)",
                                              "ok_bytewise_undefined()",
                                              NULL};
static const char *const charwise_pieces[] = {"ok_charwise_array()",
                                              "ok_charwise_array(%V)",
                                              "ok_charwise_array(%V, ok_charwise_array(%V))",
                                              "ok_charwise_bool(0)",
                                              "ok_charwise_number('NaN')",
                                              "ok_charwise_number(%V)",
                                              "ok_charwise_undefined()",
                                              NULL};
static const char *const orderedbinary_pieces[] = {"ok_orderedbinary_array(%V)",
                                                   "ok_orderedbinary_array(%V, %V)",
                                                   "ok_orderedbinary_bool(1)",
                                                   "ok_orderedbinary_symbol('s')",
                                                   "ok_orderedbinary_symbol('')",
                                                   "x'0500FF'",
                                                   NULL};
static const char *const firefox_pieces[] = {
    "ok_firefox_array()",
    "ok_firefox_array(%V)",
    "ok_firefox_array(%V, ok_firefox_array(%V))",
    "ok_firefox_array(ok_firefox_array(ok_firefox_array(%V)))",
    "ok_firefox_date(0)",
    "ok_firefox_date(-8640000000000000)",
    "CAST(x'EDA080' AS TEXT)",
    NULL};
static const char *const webkit_pieces[] = {"ok_webkit_array()",
                                            "ok_webkit_array(%V)",
                                            "ok_webkit_array(%V, ok_webkit_array(%V))",
                                            "ok_webkit_date(0)",
                                            "ok_webkit_date(8640000000000000)",
                                            "-0.0",
                                            "CAST(x'EDB080' AS TEXT)",
                                            NULL};
static const char *const chrome_pieces[] = {"ok_chrome_array()",
                                            "ok_chrome_array(%V)",
                                            "ok_chrome_array(%V, ok_chrome_array(%V))",
                                            "ok_chrome_date(0)",
                                            "ok_chrome_date(-8640000000000000)",
                                            "-0.0",
                                            "CAST(x'EDB080' AS TEXT)",
                                            NULL};
static const char *const chromesql_pieces[] = {"ok_chromesql_array()",
                                               "ok_chromesql_array(%V)",
                                               "ok_chromesql_array(%V, ok_chromesql_array(%V))",
                                               "ok_chromesql_date(0)",
                                               "ok_chromesql_date(8640000000000000)",
                                               "CAST(x'EDB080' AS TEXT)",
                                               NULL};
static const char *const keystring_pieces[] = {
    "ok_keystring_array()",
    "ok_keystring_array(%V, ok_keystring_array(%V))",
    "ok_keystring_object('a', %V, 'b', %V)",
    "ok_keystring_object()",
    "ok_keystring_oid('507f1f77bcf86cd799439011')",
    "ok_keystring_date(-1)",
    "ok_keystring_timestamp(4294967295, 0)",
    "ok_keystring_bindata(x'00FF', 4)",
    "ok_keystring_bool(1)",
    "ok_keystring_minkey()",
    "ok_keystring_maxkey()",
    "ok_keystring_undefined()",
    "ok_keystring_nan()",
    "ok_keystring_recordid(1024)",
    "ok_keystring_exclusive_before()",
    "ok_keystring_exclusive_after()",
    "ok_keystring_clusterkey(%V)",
    "ok_keystring_decimal('19.99')",
    "ok_keystring_decimal('-1.5E-70')",
    "ok_keystring_decimal(%V)",
    "ok_keystring_regex('^a', 'i')",
    "ok_keystring_code(%V)",
    "ok_keystring_codewscope(%V, ok_keystring_object('x', %V))",
    "ok_keystring_decimal('0.1234567890123456789')",
    "ok_keystring_decimal('-1E+400')",
    "ok_keystring_dbpointer('db.c', x'000102030405060708090A0B')",
    NULL};
/* KeyString's builder takes the index's key pattern first */
static const char *const keystring_patterns[] = {"",
                                                 "-1",
                                                 "{a: 1, b: -1}",
                                                 "1, -1, -1, 1, -1, -1",
                                                 "clustered",
                                                 "{a: -1} clustered",
                                                 "v0",
                                                 "{a: -1, b: 1} v0"};
static const char *const none[] = {NULL};

static const builder builders[] = {
    {"ok", "ok_pack", native_pieces},
    {"fdb", "ok_fdb_pack", fdb_pieces},
    {"hbase", "ok_hbase_pack", hbase_pieces},
    {"crdb", "ok_crdb_pack", crdb_pieces},
    {"tidb", "ok_tidb_pack", tidb_pieces},
    {"tikv", "ok_tikv_pack", tidb_pieces},
    {"bytewise", "ok_bytewise_pack", bytewise_pieces},
    {"charwise", "ok_charwise_pack", charwise_pieces},
    {"orderedcode", "ok_orderedcode_pack", none},
    {"orderedbinary", "ok_orderedbinary_pack", orderedbinary_pieces},
    {"firefox", "ok_firefox_pack", firefox_pieces},
    {"webkit", "ok_webkit_pack", webkit_pieces},
    {"chrome", "ok_chrome_pack", chrome_pieces},
    {"chromesql", "ok_chromesql_pack", chromesql_pieces},
    {"keystring", "ok_keystring_pack", keystring_pieces},
    {"orderly", "ok_orderly_pack", none},
};

/* The typed formats: a field's type and a value of it, in pairs. */
static const char *const orderedcode_fields[][2] = {
    {"string", "'abc'"},
    {"string", "x'00FF'"},
    {"string", "''"},
    {"int64", "-9223372036854775808"},
    {"int64", "63"},
    {"int64 desc", "-65"},
    {"uint64", "0"},
    {"uint64", "'18446744073709551615'"},
    {"float64", "-0.0"},
    {"float64", "2.5"},
    {"float64 desc", "1e-300"},
    {"string desc", "'z'"},
    {"string_or_infinity", "'q'"},
    {"string_or_infinity", "NULL"},
};
static const char *const orderly_fields[][2] = {
    {"long", "-5"},    {"long", "NULL"},     {"int", "2147483647"}, {"ulong", "7"},
    {"double", "2.5"}, {"double", "'NaN'"},  {"float", "0.5"},      {"utf8", "'abc'"},
    {"utf8", "''"},    {"utf8 desc", "'z'"}, {"bytes", "x'00FF'"},  {"decimal", "'-1.25e-7'"},
    {"decimal", "12"}, {"long desc", "-1"},  {"fixed_int", "-3"},   {"ulong", "NULL"},
};

static sqlite3 *db;
static int passed, failed, refused;

static char *dup(const char *s) {
  char *d = malloc(strlen(s) + 1);
  return strcpy(d, s);
}

/* The one value (a BLOB or TEXT result) of sql, malloc'd with its length;
** NULL when it fails or is NULL. */
static unsigned char *one(const char *sql, int *len, char **err) {
  sqlite3_stmt *st;
  unsigned char *v = NULL;
  *len = 0;
  if (err) *err = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    if (err) *err = dup(sqlite3_errmsg(db));
    return NULL;
  }
  if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL) {
    *len = sqlite3_column_bytes(st, 0);
    v = malloc((size_t)*len + 1);
    if (*len) memcpy(v, sqlite3_column_blob(st, 0), (size_t)*len);
    v[*len] = 0;
  } else if (err && sqlite3_errcode(db) != SQLITE_DONE && sqlite3_errcode(db) != SQLITE_ROW) {
    *err = dup(sqlite3_errmsg(db));
  }
  sqlite3_finalize(st);
  return v;
}

/* s with each %V a random value (malloc'd). */
static char *fill(const char *s) {
  size_t cap = strlen(s) * 4 + 4000, n = 0;
  char *out = malloc(cap);
  for (; *s; s++) {
    if (s[0] == '%' && s[1] == 'V') {
      const char *v = values[below(sizeof values / sizeof *values)];
      n += (size_t)sprintf(out + n, "%s", v);
      s++;
    } else {
      out[n++] = *s;
    }
  }
  out[n] = 0;
  return out;
}

static void hex(char *out, const unsigned char *p, int n) {
  int i;
  for (i = 0; i < n && i < 80; i++) sprintf(out + 2 * i, "%02X", p[i]);
  out[2 * (i < 80 ? i : 80)] = 0;
}

static void fail(const char *what, const char *call, const unsigned char *key, int len,
                 const char *detail) {
  char h[200];
  if (++failed > 20) return;
  hex(h, key, len);
  fprintf(stderr, "FAIL %s\n  %s\n  key %s\n  %s\n", what, call, h, detail ? detail : "");
}

/* One argument list for builder b (its SQL inside the call's parentheses,
** malloc'd), and the format its readers take. */
static char *arguments(const builder *b, char *format, size_t room) {
  size_t cap = 40000, n = 0;
  char *out = malloc(cap), *a;
  unsigned k, count = below(7);
  snprintf(format, room, "%s", b->format);
  if (b->pieces == none) { /* a type list or schema first, then a value of each field */
    const char *(*fields)[2] = strcmp(b->format, "orderly") == 0
                                   ? (const char *(*)[2])orderly_fields
                                   : (const char *(*)[2])orderedcode_fields;
    unsigned nf = strcmp(b->format, "orderly") == 0
                      ? sizeof orderly_fields / sizeof *orderly_fields
                      : sizeof orderedcode_fields / sizeof *orderedcode_fields;
    unsigned pick[6];
    size_t fn;
    count = 1 + below(5);
    for (k = 0; k < count; k++) pick[k] = below(nf);
    fn = (size_t)snprintf(format, room, "%s:", b->format);
    n += (size_t)sprintf(out + n, "'");
    for (k = 0; k < count; k++) {
      n += (size_t)sprintf(out + n, "%s%s", k ? ", " : "", fields[pick[k]][0]);
      fn += (size_t)snprintf(format + fn, room - fn, "%s%s", k ? ", " : "", fields[pick[k]][0]);
    }
    n += (size_t)sprintf(out + n, "'");
    for (k = 0; k < count; k++) n += (size_t)sprintf(out + n, ", %s", fields[pick[k]][1]);
    return out;
  }
  if (b->pieces == keystring_pieces) {
    const char *p = keystring_patterns[below(8)];
    snprintf(format, room, "keystring:%s", p);
    n += (size_t)sprintf(out + n, "'%s'%s", p, count ? ", " : "");
  }
  for (k = 0; k < count; k++) {
    unsigned np = 0;
    while (b->pieces[np]) np++;
    a = fill(below(3) == 0 || np == 0 ? "%V" : b->pieces[below(np)]);
    if (b->pieces == keystring_pieces && strstr(format, "clustered") && strstr(a, "_recordid(")) {
      free(a); /* a clustered collection's index: its record ids are its cluster keys */
      a = fill("ok_keystring_clusterkey(%V)");
    } else if (b->pieces == keystring_pieces && !strstr(format, "clustered") &&
               strstr(a, "_clusterkey(")) {
      free(a);
      a = fill("ok_keystring_recordid(1024)");
    }
    if (n + strlen(a) + 4 >= cap) {
      free(a);
      break;
    }
    n += (size_t)sprintf(out + n, "%s%s", k ? ", " : "", a);
    free(a);
  }
  out[n] = 0;
  return out;
}

static void check(const builder *b) {
  char format[400], *args = arguments(b, format, sizeof format), *sql, *err, *quoted;
  unsigned char *key, *again;
  int len, qlen, alen;
  sql = malloc(strlen(args) + 1000);
  sprintf(sql, "SELECT %s(%s)", b->pack, args);
  key = one(sql, &len, &err);
  if (!key) { /* refused (or NULL: a builder's NULL argument lists give NULL keys nowhere) */
    if (!err) fail("no key and no error", sql, NULL, 0, NULL);
    refused++;
    free(err), free(args), free(sql);
    return;
  }
  {
    char *q = sqlite3_mprintf(
        "SELECT ok_valid(?1, '%q'), ok_count(?1, '%q') IS "
        "json_array_length(ok_json(?1, '%q')), ok_quote(?1, '%q')",
        format, format, format, format);
    sqlite3_stmt *st;
    int ok = 0;
    sqlite3_prepare_v2(db, q, -1, &st, NULL);
    sqlite3_bind_blob(st, 1, key, len, SQLITE_STATIC);
    quoted = NULL;
    if (sqlite3_step(st) == SQLITE_ROW) {
      ok = sqlite3_column_int(st, 0) == 1 && sqlite3_column_int(st, 1) == 1;
      if (sqlite3_column_text(st, 2)) quoted = dup((const char *)sqlite3_column_text(st, 2));
    }
    if (!ok || !quoted)
      fail("not valid in its format, miscounted, or no quote", sql, key, len, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    sqlite3_free(q);
  }
  if (quoted) {
    char *back = malloc(strlen(quoted) + 200);
    sprintf(back, "SELECT %s%s", b->pack, quoted);
    again = one(back, &alen, &err);
    qlen = again ? alen : -1;
    if (!again || qlen != len || memcmp(again, key, (size_t)len) != 0)
      fail("ok_quote's text does not rebuild the key", sql, key, len, err ? err : quoted);
    else
      passed++;
    free(again), free(back), free(err);
  }
  free(quoted), free(key), free(args), free(sql);
}

#ifndef OK_BUILDERS_FUZZ
int main(int argc, char **argv) {
  long lists = argc > 2 ? atol(argv[2]) : 3000, i;
  size_t f;
  if (argc < 2) {
    fprintf(stderr, "usage: builders EXTENSION [lists]\n");
    return 2;
  }
  if (!(db = open_with_extension("builders", argv[1]))) return 2;
  { /* a builder for every format of ok_formats() */
    test_format all[TEST_FORMATS_MAX];
    int k, n = test_formats(db, all);
    for (k = 0; k < n; k++) {
      for (f = 0; f < sizeof builders / sizeof *builders; f++)
        if (strcmp(builders[f].format, all[k].name) == 0) break;
      if (f == sizeof builders / sizeof *builders) {
        printf("FAIL no argument lists for format %s\n", all[k].name);
        failed++;
      }
    }
  }
  rng_state = 20261127;
  for (f = 0; f < sizeof builders / sizeof *builders; f++)
    for (i = 0; i < lists; i++) check(&builders[f]);
  sqlite3_close(db);
  printf("%ld lists a format, %d refused by their builder\n%d passed, %d failed\n", lists, refused,
         passed, failed);
  return failed != 0;
}
#endif
