/*
** sql.c -- fuzz target for the SQL entry points that read keys.
**
** The input is taken as a key in every format of ok_formats(), salted and
** not (a format with a parameter under each of the parameters below), and given
** to ok_unpack_col, ok_each, ok_quote, ok_json, ok_count, ok_valid and
** ok_hex (with a separator), in-process with
** the extension linked in (as an auto extension). None may crash or read out of bounds
** (run it with the sanitizers), and they must agree: ok_valid is 1 exactly
** when ok_count succeeds, ok_each has ok_count rows, and for a valid key
** (of at most 100 components) converts to each other format and back, or is
** refused; and 'SELECT ok_pack' || ok_quote(key) gives the
** key back (ok_fdb_pack for the FDB format; a salted key's ok_quote is a
** whole expression; x'', which reads as no items, aside in the formats
** where another key does too: TiKV's padding, bytewise's empty array);
** ok_formats lists exactly the formats under which ok_valid is 1.
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../load.h"

int sqlite3_ok_init(sqlite3 *db, char **err, const sqlite3_api_routines *api);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static sqlite3 *db;
static int last_rc; /* the error code of the last run() */

/* Runs sql (each %s in it the format's name) with ?1 = the input; returns
** the first column of the first row as an int64 (or -1 on error), and its
** text in *text if asked. */
static long long run(const char *sql, const char *format, const unsigned char *data, size_t size,
                     char **text) {
  sqlite3_stmt *st;
  long long v = -1;
  char *q = sqlite3_mprintf(sql, format, format, format);
  if (!q || sqlite3_prepare_v2(db, q, -1, &st, NULL) != SQLITE_OK) abort();
  sqlite3_free(q);
  sqlite3_bind_blob(st, 1, data, (int)size, SQLITE_STATIC);
  if (sqlite3_step(st) == SQLITE_ROW) {
    v = sqlite3_column_int64(st, 0);
    if (text && sqlite3_column_text(st, 0)) {
      *text = sqlite3_mprintf("%s", sqlite3_column_text(st, 0));
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
    }
  }
  last_rc = sqlite3_finalize(st);
  return v;
}

static test_format formats[TEST_FORMATS_MAX];
static int n_formats;

/* A valid key of `format` converted to every other format (without a
** parameter): where ok_convert accepts, converting back gives the key; a
** bytewise, charwise, ordered-binary, Firefox or WebKit key of one value alone comes back
** from a format without arrays as the array of it (that second call cannot
** know). */
static void check_convert(const char *format, const unsigned char *data, size_t size) {
  const char *array =
      strcmp(format, "bytewise") == 0
          ? "ok_bytewise_pack(ok_bytewise_array(ok_unpack_col(?1, 1, 'bytewise')))"
      : strcmp(format, "charwise") == 0
          ? "CAST(ok_charwise_pack(ok_charwise_array(ok_unpack_col(?1, 1, 'charwise'))) AS BLOB)"
      : strcmp(format, "orderedbinary") == 0
          ? "ok_orderedbinary_pack(ok_orderedbinary_array(ok_unpack_col(?1, 1, 'orderedbinary')))"
      : strcmp(format, "firefox") == 0
          ? "ok_firefox_pack(ok_firefox_array(ok_unpack_col(?1, 1, 'firefox')))"
      : strcmp(format, "webkit") == 0
          ? "CAST(ok_webkit_pack(ok_webkit_array(ok_unpack_col(?1, 1, 'webkit'))) AS BLOB)"
      : strcmp(format, "chrome") == 0
          ? "ok_chrome_pack(ok_chrome_array(ok_unpack_col(?1, 1, 'chrome')))"
      : strcmp(format, "chromesql") == 0
          ? "ok_chromesql_pack(ok_chromesql_array(ok_unpack_col(?1, 1, 'chromesql')))"
          : "?1";
  for (int i = 0; i < n_formats; i++) {
    char *sql, *same = NULL;
    if (formats[i].param || strcmp(formats[i].name, format) == 0) continue;
    sql = sqlite3_mprintf(
        "SELECT CAST(ok_convert(ok_convert(?1, '%%s', '%s'), '%s', '%%s') AS BLOB) IN (?1, %s)",
        formats[i].name, formats[i].name, array);
    run(sql, format, data, size, &same);
    if (same && strcmp(same, "1") != 0) abort();
    sqlite3_free(same);
    sqlite3_free(sql);
  }
}

/* Every check on the input read in one format, whose keys `pack` makes;
** returns ok_valid. A salted format's ok_quote is a whole expression
** (ok_salt(pack(...), k)); an unsalted one the arguments of `pack`. */
static long long check_format(const char *format, const char *pack, const unsigned char *data,
                              size_t size) {
  long long count, valid, rows;
  int salted = strncmp(format, "salt+", 5) == 0;
  char *quoted = NULL, *q;
  count = run("SELECT ok_count(?1, '%s')", format, data, size, NULL);
  valid = run("SELECT ok_valid(?1, '%s')", format, data, size, NULL);
  rows = run("SELECT count(*) FROM ok_each(?1, '%s')", format, data, size, NULL);
  if ((valid == 1) != (count >= 0) || (count >= 0 && rows != count + salted)) abort();
  run("SELECT ok_unpack_col(?1, 1, '%s'), ok_unpack_col(?1, -1, '%s'), ok_unpack_col(?1, 2, '%s')",
      format, data, size, NULL);
  run("SELECT ok_json(?1, '%s'), ok_hex(?1, ' ', '%s'), ok_hex(?1, '', '%s')", format, data, size,
      NULL);
  run("SELECT * FROM ok_each(?1, '%s')", format, data, size, NULL);
  run("SELECT ok_quote(?1, '%s')", format, data, size, &quoted);
  /* a valid key renders, unless its text is past the length limit or it
  ** nests arrays deeper than SQL reads back (24), as the error says */
  if (valid == 1 && !quoted && last_rc != SQLITE_TOOBIG &&
      !strstr(sqlite3_errmsg(db), "more than 24 deep"))
    abort();
  /* TiKV's empty key is its padding alone, which ok_tikv_pack() makes; x''
  ** (a region's open start) reads as no items too. So does x'' in bytewise
  ** and charwise, whose empty array ok_*_pack() makes. */
  if (size == 0 && (strstr(format, "tikv") || strstr(format, "wise"))) count = -1;
  if (quoted && count >= 0 && count <= 100) { /* SQL functions take at most 127 arguments */
    sqlite3_stmt *st;
    q = sqlite3_mprintf("SELECT %s%s", salted ? "" : pack, quoted);
    if (sqlite3_prepare_v2(db, q, -1, &st, NULL) != SQLITE_OK) {
      /* SQLite cannot parse back a nested FDB tuple of more than 127 items,
      ** nor one nested some 40 deep */
      const char *why = sqlite3_errmsg(db);
      if (!strstr(why, "too many arguments") && !strstr(why, "parser stack overflow") &&
          !strstr(why, "too large"))
        abort();
    } else {
      if (sqlite3_step(st) != SQLITE_ROW || (size_t)sqlite3_column_bytes(st, 0) != size ||
          (size && memcmp(sqlite3_column_blob(st, 0), data, size) != 0)) {
        fprintf(stderr, "%s quote does not read back: %s\n", format, quoted);
        abort();
      }
      sqlite3_finalize(st);
    }
    sqlite3_free(q);
  }
  sqlite3_free(quoted);
  if (valid == 1 && !salted) check_convert(format, data, size);
  return valid;
}

/* The parameters each format that takes one is fuzzed under ('orderly:' and
** each schema); a format of ok_formats() with a parameter and none here
** stops the target. */
static const char *const params[][3] = {
    {"orderly", "long, utf8 desc, decimal, bytes, double",
     "struct(ulong, fixed_int desc, bytes(prefix=1) desc) desc must"},
    {"orderedcode", "string, int64 desc, uint64, float64, string_or_infinity desc, trailing",
     "infinity desc, float64 desc, string"},
    {"keystring", "-1, 1 v0", "{a: 1, b: -1, c: -1} clustered"},
};

/* The input as a key of a format with a parameter (an Orderly schema): the
** readers agree, and as Orderly reads keys with and without terminators
** alike, ok_quote gives the canonical key, which `pack` makes of it again,
** and that reads back as the same rendering. */
static void check_param(const char *format, const char *pack, const unsigned char *data,
                        size_t size) {
  long long count = run("SELECT ok_count(?1, '%s')", format, data, size, NULL);
  long long valid = run("SELECT ok_valid(?1, '%s')", format, data, size, NULL);
  long long rows = run("SELECT count(*) FROM ok_each(?1, '%s')", format, data, size, NULL);
  char *quoted = NULL, *again = NULL;
  if ((valid == 1) != (count >= 0) || (count >= 0 && rows != count)) abort();
  run("SELECT ok_unpack_col(?1, 1, '%s'), ok_unpack_col(?1, -1, '%s'), ok_json(?1, '%s')", format,
      data, size, NULL);
  run("SELECT ok_hex(?1, ' ', '%s')", format, data, size, NULL);
  run("SELECT ok_quote(?1, '%s')", format, data, size, &quoted);
  if (valid == 1 && !quoted && last_rc != SQLITE_TOOBIG) abort();
  if (quoted) {
    char *q = sqlite3_mprintf("SELECT ok_quote(%s%s, '%s')", pack, quoted, format);
    sqlite3_stmt *st;
    if (!q || sqlite3_prepare_v2(db, q, -1, &st, NULL) != SQLITE_OK) abort();
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
      again = sqlite3_mprintf("%s", sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    if (!again || strcmp(again, quoted) != 0) {
      fprintf(stderr, "%s quote does not read back: %s\n", format, quoted);
      abort();
    }
    sqlite3_free(q);
  }
  sqlite3_free(quoted);
  sqlite3_free(again);
}

/* The input as TEXT: hex keys read as their bytes do (ok_unhex's), what
** is no hex is refused by every reader alike, ok_valid takes no TEXT, and
** lexi strings read back. */
static void check_text(const unsigned char *data, size_t size) {
  char *a = NULL, *b = NULL;
  long long valid = run("SELECT ok_valid(CAST(?1 AS TEXT))", "", data, size, NULL);
  long long hex = run("SELECT ok_unhex(CAST(?1 AS TEXT)) IS NOT NULL", "", data, size, NULL);
  int quote_rc;
  run("SELECT ok_quote(CAST(?1 AS TEXT))", "", data, size, &a);
  quote_rc = last_rc;
  run("SELECT ok_quote(ok_unhex(CAST(?1 AS TEXT)))", "", data, size, &b);
  if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0)) abort();
  if (valid != 0) abort(); /* a check: TEXT is never a valid key, hex or not */
  if (hex == 1 && !a && quote_rc != SQLITE_TOOBIG &&
      run("SELECT ok_valid(ok_unhex(CAST(?1 AS TEXT)))", "", data, size, NULL) == 1)
    abort(); /* a valid key given as text reads (or is too big to show) */
  sqlite3_free(a);
  sqlite3_free(b);
  a = b = NULL;
  run("SELECT ok_formats(CAST(?1 AS TEXT), 'fdb', 'salt+hbase', 'orderly:utf8, long')", "", data,
      size, NULL);
  run("SELECT ok_lexi(ok_unlexi(CAST(?1 AS TEXT))) = CAST(?1 AS TEXT) OR "
      "ok_unlexi(CAST(?1 AS TEXT)) = 'NaN'",
      "", data, size, &a);
  if (a && strcmp(a, "1") != 0) abort();
  sqlite3_free(a);
}

/* The input as each MVCC store's key: read, or refused with an error,
** never a crash; a Badger key's parts build it again. */
static void check_mvcc(const unsigned char *data, size_t size) {
  static const char *const stores[] = {"crdb", "tikv", "badger"};
  size_t i;
  for (i = 0; i < 3; i++)
    run("SELECT ok_mvcc_time(?1, '%s'), ok_mvcc_logical(?1, '%s'), ok_mvcc_order(?1, '%s')",
        stores[i], data, size, NULL);
  if (run("SELECT ok_mvcc_pack(ok_mvcc_key(?1, '%s'), '%s', ok_mvcc_version(?1, '%s')) = ?1",
          "badger", data, size, NULL) == 0)
    abort();
}

/* The input as a KeyString with TypeBits (its first bytes, its last, none):
** typed Extended JSON or an error, never a crash; a key read with TypeBits
** reads without them too, and what it shows builds the key and the same
** Extended JSON again (but for text that is not UTF-8, which JSON cannot
** hold: ok's {"text_hex": ...}). The input as Extended JSON: a key or an
** error. */
static void check_typebits(const unsigned char *data, size_t size) {
  static const char again[] =
      "SELECT j IS NULL OR instr(j, 'text_hex') OR (ok_keystring_from_ejson(j, p) = ?1 AND "
      "ok_keystring_ejson(?1, ok_keystring_typebits(j, p), p) = j) FROM (SELECT "
      "ok_keystring_ejson(?1, %s, p) j, p FROM (SELECT %s p))";
  long long typed =
      run("SELECT ok_keystring_ejson(?1, substr(?1, -3)) IS NOT NULL", "", data, size, NULL);
  run("SELECT ok_keystring_ejson(?1, substr(?1, 1, 5), '{a: 1, b: -1} clustered')", "", data, size,
      NULL);
  if (typed == 1 && run("SELECT ok_json(?1, 'keystring') IS NOT NULL", "", data, size, NULL) != 1)
    abort();
  {
    char *q = sqlite3_mprintf(again, "substr(?1, -3)", "''");
    char *r = sqlite3_mprintf(again, "substr(?1, 1, 5)", "'{a: 1, b: -1} clustered'");
    if (!q || !r || run(q, "", data, size, NULL) == 0 || run(r, "", data, size, NULL) == 0) abort();
    sqlite3_free(q), sqlite3_free(r);
  }
  run("SELECT ok_keystring_from_ejson(CAST(?1 AS TEXT), '-1 v0'), "
      "ok_keystring_typebits(CAST(?1 AS TEXT), 'clustered')",
      "", data, size, NULL);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *listed = NULL, *want;
  int i, salted;
  size_t k, j;
  if (!db) { /* as an auto extension the entry point gets SQLite's API table */
    sqlite3_auto_extension((void (*)(void))sqlite3_ok_init);
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) abort();
    /* short keys can decode to long texts; keep each result within 16 MB */
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 24);
    if ((n_formats = test_formats(db, formats)) == 0) abort();
  }
  /* every format, plain then salted: ok_formats(key) lists exactly those
  ** ok_valid accepts, in that order; when none does, only entries behind a
  ** prefix, each of a format whose valid key the rest is */
  want = sqlite3_mprintf("");
  for (salted = 0; salted <= 1; salted++) {
    for (i = 0; i < n_formats; i++) {
      char *name;
      if (formats[i].param) continue;
      name = sqlite3_mprintf("%s%s", salted ? "salt+" : "", formats[i].name);
      /* ok_formats(key) does not try a loose format (ordered-binary's
      ** strings carry no type byte), which it only lists when named */
      if (check_format(name, formats[i].pack, data, size) == 1 &&
          strcmp(formats[i].name, "orderedbinary") != 0) {
        char *next = sqlite3_mprintf("%s%s", want, name);
        sqlite3_free(want);
        want = next;
      }
      sqlite3_free(name);
    }
  }
  run("SELECT group_concat(json_extract(value, '$.format'), '') FROM json_each(ok_formats(?1)) "
      "WHERE json_extract(value, '$.prefix') IS NULL",
      "", data, size, &listed);
  if (*want == 0 &&
      run("SELECT count(*) FROM json_each(ok_formats(?1)) WHERE NOT ok_valid(substr(?1, "
          "length(ok_unhex(value ->> 'prefix')) + 1), value ->> 'format')",
          "", data, size, NULL) != 0)
    abort();
  if (strcmp(listed ? listed : "", want ? want : "-") != 0) abort();
  sqlite3_free(listed);
  sqlite3_free(want);
  check_text(data, size);
  check_mvcc(data, size);
  check_typebits(data, size);
  for (i = 0; i < n_formats; i++) {
    if (!formats[i].param) continue;
    for (k = 0; k < sizeof params / sizeof params[0]; k++) {
      if (strcmp(params[k][0], formats[i].name) == 0) break;
    }
    if (k == sizeof params / sizeof params[0]) abort(); /* a format without parameters here */
    for (j = 1; j < 3; j++) {
      char *format = sqlite3_mprintf("%s:%s", formats[i].name, params[k][j]);
      check_param(format, formats[i].pack, data, size);
      sqlite3_free(format);
    }
  }
  return 0;
}
