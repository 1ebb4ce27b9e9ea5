/*
** hostile.c -- every reading function on the worst keys of each format.
**
**   hostile EXTENSION check   (make test) each reader on each input of 1 MB
**                             gives its right result; a 100 MB key is read;
**                             results over SQLITE_LIMIT_LENGTH are
**                             SQLITE_TOOBIG naming the function
**   hostile EXTENSION bench   (make bench) cost per byte of each reader on
**                             each input at 1 MB and 16 MB, their ratio
**                             (1.0 when linear) and peak memory per byte
**
** The inputs: what makes a reader work hardest per byte in each format
** (one-byte components, escapes, FDB's 255-byte integers and deep nesting,
** HBase numerics with 5-byte exponents and 31 digits, long BlobVars...).
** Ends with "N passed, M failed" in check mode.
*/
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "load.h"

static sqlite3 *db;
static int passed, failed;

/* How an input grows to its size: an item repeated, one value of that
** size, or tuples or arrays nested that deep (sql: the bytes that open and
** close one, in hex; "OOOO/CCCC": the two bytes that open one repeated,
** then the two of the innermost once, as Chrome's arrays with counts). */
enum { REPEAT, ONE, NEST };
typedef struct {
  const char *name;
  const char *format;
  int mode;
  const char *sql; /* REPEAT: one item; ONE: the value, %ld its size in bytes; NEST: see above */
} input;

static const input inputs[] = {
    {"native NULLs", "ok", REPEAT, "SELECT ok_pack(NULL)"},
    {"native reals", "ok", REPEAT, "SELECT ok_pack(0.1)"},
    {"native text of NULs (escaped)", "ok", ONE, "SELECT ok_pack(CAST(zeroblob(%ld / 2) AS TEXT))"},
    {"FDB 255-byte integers", "fdb", REPEAT,
     "SELECT ok_fdb_pack(ok_fdb_int('-' || replace(printf('%%.614c', '9'), ' ', '9')))"},
    {"FDB nesting", "fdb", NEST, "0500"},
    {"FDB string of NULs (escaped)", "fdb", ONE,
     "SELECT ok_fdb_pack(CAST(zeroblob(%ld / 2) AS TEXT))"},
    {"HBase numerics, long exponents", "hbase", REPEAT,
     "SELECT ok_hbase_pack('-1.234567890123456789012345678901e-199999999')"},
    {"HBase BlobVar", "hbase", ONE, "SELECT ok_hbase_pack(zeroblob(%ld * 7 / 8))"},
    {"CockroachDB decimals, long exponents", "crdb", REPEAT,
     "SELECT ok_crdb_pack(ok_crdb_desc(ok_crdb_decimal('-1.2345678901234567e-1073741000')))"},
    {"CockroachDB timestamps", "crdb", REPEAT,
     "SELECT ok_crdb_pack(ok_crdb_timestamp(-62135596800, 123456789))"},
    {"CockroachDB bytes of NULs, descending", "crdb", ONE,
     "SELECT ok_crdb_pack(ok_crdb_desc(CAST(zeroblob(%ld / 2) AS TEXT)))"},
    {"TiDB decimals of 65 digits", "tidb", REPEAT,
     "SELECT ok_tidb_pack(ok_tidb_decimal('-99999999999999999999999999999999999.9999', 65, 30))"},
    {"TiDB bytes of NULs", "tidb", ONE, "SELECT ok_tidb_pack(zeroblob(%ld * 8 / 9))"},
    {"TiKV bytes of NULs, groups in groups", "tikv", ONE,
     "SELECT ok_tikv_pack(zeroblob(%ld * 64 / 81))"},
    {"bytewise nesting", "bytewise", NEST, "A000"},
    {"bytewise Buffer of 0xFF (escaped)", "bytewise", ONE,
     "SELECT ok_bytewise_pack(ok_bytewise_array(ok_unhex(replace(hex(zeroblob(%ld / 2)), '00', "
     "'FF'))))"},
    {"charwise nesting", "charwise", NEST, "4B21"},
    {"charwise strings of escapes", "charwise", ONE,
     "SELECT ok_charwise_pack(ok_charwise_array(replace(printf('%%.*c', %ld / 2, '!'), ' ', "
     "'!')))"},
    {"ordered-binary long string", "orderedbinary", ONE,
     "SELECT ok_orderedbinary_pack(printf('%%.*c', %ld, 'a'))"},
    {"ordered-binary Buffer", "orderedbinary", ONE,
     "SELECT ok_orderedbinary_pack(CAST(x'05' || zeroblob(%ld) AS BLOB))"},
    {"Firefox nesting (three arrays a byte, [] each)", "firefox", NEST, "F050"},
    {"Firefox numbers in an array", "firefox", ONE,
     "SELECT x'B0BFB999999999999A' || ok_unhex(replace(hex(zeroblob(%ld / 9)), '00', "
     "'10BFB999999999999A'))"},
    {"Firefox string of 3-byte units", "firefox", ONE,
     "SELECT ok_firefox_pack(replace(printf('%%.*c', %ld / 3, 'x'), 'x', char(65535)))"},
    {"Firefox binary of 0xFF (2 bytes each)", "firefox", ONE,
     "SELECT ok_firefox_pack(ok_unhex(replace(hex(zeroblob(%ld / 2)), '00', 'FF')))"},
    {"WebKit numbers in an array", "webkit", ONE,
     "WITH c(n) AS (SELECT %ld / 9) SELECT x'00A00100000000000000A0' || "
     "ok_unhex(printf('%%02X%%02X%%02X0000000000', n %% 256, n / 256 %% 256, n / 65536)) || "
     "ok_unhex(replace(hex(zeroblob(n)), '00', '209A9999999999B93F')) FROM c"},
    {"WebKit string of U+FFFF", "webkit", ONE,
     "SELECT ok_webkit_pack(replace(printf('%%.*c', %ld / 2, 'x'), 'x', char(65535)))"},
    {"WebKit binary", "webkit", ONE, "SELECT CAST(ok_webkit_pack(zeroblob(%ld)) AS BLOB)"},
    {"Chrome nesting ([x] each)", "chrome", NEST, "0401/0400"},
    {"Chrome numbers in an array", "chrome", ONE,
     "WITH c(n) AS (SELECT %ld / 9) SELECT x'040104' || ok_unhex(CASE WHEN n < 128 THEN "
     "printf('%%02X', n) WHEN n < 16384 THEN printf('%%02X%%02X', n %% 128 + 128, n / 128) "
     "WHEN n < 2097152 THEN printf('%%02X%%02X%%02X', n %% 128 + 128, n / 128 %% 128 + 128, "
     "n / 16384) ELSE printf('%%02X%%02X%%02X%%02X', n %% 128 + 128, n / 128 %% 128 + 128, "
     "n / 16384 %% 128 + 128, n / 2097152) END) || "
     "ok_unhex(replace(hex(zeroblob(n)), '00', '039A9999999999B93F')) FROM c"},
    {"Chrome string of U+FFFF", "chrome", ONE,
     "SELECT ok_chrome_pack(replace(printf('%%.*c', %ld / 2, 'x'), 'x', char(65535)))"},
    {"Chrome binary", "chrome", ONE, "SELECT ok_chrome_pack(zeroblob(%ld))"},
    {"Chrome SQLite nesting", "chromesql", NEST, "5000"},
    {"Chrome SQLite string of U+FFFF (3 bytes each)", "chromesql", ONE,
     "SELECT ok_chromesql_pack(replace(printf('%%.*c', %ld / 3, 'x'), 'x', char(65535)))"},
    {"Chrome SQLite binary", "chromesql", ONE, "SELECT ok_chromesql_pack(zeroblob(%ld * 8 / 9))"},
    {"orderedcode string of NULs (escaped), descending", "orderedcode:string desc", ONE,
     "SELECT ok_orderedcode_pack('string desc', zeroblob(%ld / 2))"},
    {"KeyString string of NULs (escaped), descending", "keystring:-1", ONE,
     "SELECT ok_keystring_pack('-1', CAST(zeroblob(%ld / 2) AS TEXT))"},
    {"KeyString BinData", "keystring", ONE,
     "SELECT ok_keystring_pack('', ok_keystring_bindata(zeroblob(%ld - 8), 4))"},
    {"Orderly bytes", "orderly:bytes", ONE, "SELECT ok_orderly_pack('bytes', zeroblob(%ld))"},
};

/* ?1 the key, ?2 its format, ?3 its number of components. */
static const char *const readers[] = {
    "ok_count(?1, ?2)",
    "ok_valid(?1, ?2)",
    "length(ok_unpack_col(?1, ?3, ?2))",
    "length(CAST(ok_json(?1, ?2) AS BLOB))", /* bytes: the length limit counts them */
    "length(CAST(ok_quote(?1, ?2) AS BLOB))",
    "length(ok_hex(?1, ' ', ?2))",
    "(SELECT count(*) FROM ok_each(?1, ?2))",
};
static const char *const reader_names[] = {"ok_count", "ok_valid", "ok_unpack_col (last)",
                                           "ok_json",  "ok_quote", "ok_hex (spaced)",
                                           "ok_each"};
#define N_READERS (sizeof readers / sizeof readers[0])

static void check(const char *what, int good) {
  if (good) {
    passed++;
  } else {
    failed++;
    printf("FAIL %s\n", what);
  }
}

/* The input of about `size` bytes, malloc'ed, its length in *n. */
static unsigned char *make(const input *in, long size, long *n) {
  unsigned char *key = NULL;
  sqlite3_stmt *st;
  char sql[800];
  *n = 0;
  if (in->mode == NEST && strchr(in->sql, '/')) { /* "OOOO/CCCC": OOOO... CCCC, size/2 bytes */
    unsigned open, close;
    size_t i, reps = (size_t)size / 2 / 2;
    key = malloc(2 * reps + 2);
    if (!key || sscanf(in->sql, "%4x/%4x", &open, &close) != 2) return free(key), NULL;
    for (i = 0; i <= reps; i++) {
      unsigned u = i < reps ? open : close;
      key[2 * i] = (unsigned char)(u >> 8), key[2 * i + 1] = (unsigned char)u;
    }
    *n = (long)(2 * reps + 2);
    return key;
  }
  if (in->mode == NEST) { /* depth size/2: 05 05 ... 00 00 */
    unsigned open, close;
    key = malloc((size_t)size);
    if (!key || sscanf(in->sql, "%2x%2x", &open, &close) != 2) return free(key), NULL;
    memset(key, (int)open, (size_t)size / 2);
    memset(key + size / 2, (int)close, (size_t)size / 2);
    *n = size / 2 * 2;
    return key;
  }
  snprintf(sql, sizeof sql, in->sql, size);
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK || sqlite3_step(st) != SQLITE_ROW) {
    printf("cannot make %s: %s\n", in->name, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return NULL;
  }
  {
    long len = sqlite3_column_bytes(st, 0);
    const unsigned char *item = sqlite3_column_blob(st, 0);
    long copies = in->mode == REPEAT ? (size + len - 1) / len : 1;
    key = malloc((size_t)(len * copies) + 1);
    for (long i = 0; key && i < copies; i++) memcpy(key + i * len, item, (size_t)len);
    *n = len * copies;
  }
  sqlite3_finalize(st);
  return key;
}

/* Runs SELECT expr over the key: its result as text in out (if given) and
** the SQLite result code. */
static int run_with(const char *expr, const unsigned char *key, long n, const input *in, long count,
                    const unsigned char *item, long item_n, char *out, size_t cap, double *secs) {
  sqlite3_stmt *st;
  char sql[200];
  struct timespec t0, t1;
  int rc;
  snprintf(sql, sizeof sql, "SELECT %s", expr);
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return SQLITE_ERROR;
  sqlite3_bind_blob(st, 1, key, (int)n, SQLITE_STATIC);
  sqlite3_bind_text(st, 2, in->format, -1, SQLITE_STATIC);
  sqlite3_bind_int64(st, 3, count);
  if (item) sqlite3_bind_blob(st, 4, item, (int)item_n, SQLITE_STATIC);
  clock_gettime(CLOCK_MONOTONIC, &t0);
  rc = sqlite3_step(st);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (secs) *secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  if (out)
    snprintf(out, cap, "%s",
             rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : sqlite3_errmsg(db));
  rc = rc == SQLITE_ROW ? SQLITE_OK : sqlite3_extended_errcode(db);
  sqlite3_finalize(st);
  return rc;
}

static int run(const char *expr, const unsigned char *key, long n, const input *in, long count,
               char *out, size_t cap, double *secs) {
  return run_with(expr, key, n, in, count, NULL, 0, out, cap, secs);
}

/* The length of the item a REPEAT input repeats. */
static long item_len(const input *in) {
  sqlite3_stmt *st;
  char sql[400];
  long n = 1;
  snprintf(sql, sizeof sql, in->sql, 0L); /* as make() formats it */
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    n = sqlite3_column_bytes(st, 0);
  sqlite3_finalize(st);
  return n;
}

static long count_of(const unsigned char *key, long n, const input *in) {
  char out[64];
  return run("ok_count(?1, ?2)", key, n, in, 0, out, sizeof out, NULL) == SQLITE_OK ? atol(out)
                                                                                    : -1;
}

/* Every format of ok_formats() has hostile inputs above: a new one fails
** here until it has. */
static void check_coverage(void) {
  test_format f[TEST_FORMATS_MAX];
  int k, n = test_formats(db, f);
  check("ok_formats() lists the formats", n > 0);
  for (k = 0; k < n; k++) {
    size_t i, len = strlen(f[k].name), has = 0;
    char what[100];
    for (i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
      has += strncmp(inputs[i].format, f[k].name, len) == 0 &&
             (inputs[i].format[len] == 0 || inputs[i].format[len] == ':');
    snprintf(what, sizeof what, "format %s has hostile inputs", f[k].name);
    check(what, has > 0);
  }
}

static void check_mode(void) {
  check_coverage();
  for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
    const input *in = &inputs[i];
    long n, count;
    unsigned char *key = make(in, 1L << 20, &n);
    char out[200], what[300];
    if (!key) {
      check(in->name, 0);
      continue;
    }
    count = count_of(key, n, in);
    snprintf(what, sizeof what, "%s: ok_count is %ld", in->name, count);
    check(what, in->mode == REPEAT ? count == n / item_len(in) : count == 1);
    long lengths[N_READERS], want[N_READERS];
    /* the exact results: counts and validity; a hex digit pair per byte and
    ** a separator between components; a repeated item's renderings are its
    ** own, joined (JSON "[a]" -> "[a,a]", SQL "(a)" -> "(a, a)") */
    want[0] = count, want[1] = 1, want[N_READERS - 1] = count;
    want[5] = 2 * n + count - 1;
    want[2] = want[3] = want[4] = -1;
    if (in->mode == REPEAT) {
      long item_n = item_len(in), j, q; /* the key starts with the item */
      j = atol((run_with("length(CAST(ok_json(?4, ?2) AS BLOB))", key, 0, in, 0, key, item_n, out,
                         sizeof out, NULL),
                out));
      q = atol((run_with("length(CAST(ok_quote(?4, ?2) AS BLOB))", key, 0, in, 0, key, item_n, out,
                         sizeof out, NULL),
                out));
      want[3] = 2 + count * (j - 2) + (count - 1);
      want[4] = 2 + count * (q - 2) + 2 * (count - 1);
      /* the last component is the item's value */
      snprintf(what, sizeof what, "%s: the last component is the item's", in->name);
      check(what, run_with("ok_unpack_col(?1, ?3, ?2) IS ok_unpack_col(?4, 1, ?2)", key, n, in,
                           count, key, item_n, out, sizeof out, NULL) == SQLITE_OK &&
                      strcmp(out, "1") == 0);
    }
    for (size_t r = 0; r < N_READERS; r++) {
      int rc = run(readers[r], key, n, in, count, out, sizeof out, NULL);
      lengths[r] = atol(out);
      snprintf(what, sizeof what, "%s: %s gives %.60s, not %ld", in->name, readers[r], out,
               want[r]);
      if (in->mode == NEST && strstr(readers[r], "ok_quote")) /* SQL reads back 24 deep */
        check(what, rc != SQLITE_OK && strstr(out, "more than 24 deep") != NULL);
      else
        check(what, rc == SQLITE_OK && (want[r] < 0 || lengths[r] == want[r]));
    }
    /* converted and back: the very key, or a refusal that ok_convert names;
    ** to FDB, FDB's to native keys, and a browser's to the other browser's
    ** (its one value alone stays alone: from FDB it would come back as the
    ** array of it) */
    {
      const char *to = strncmp(in->format, "fdb", 3) == 0     ? "ok"
                       : strcmp(in->format, "firefox") == 0   ? "webkit"
                       : strcmp(in->format, "webkit") == 0    ? "firefox"
                       : strcmp(in->format, "chrome") == 0    ? "webkit"
                       : strcmp(in->format, "chromesql") == 0 ? "chrome"
                                                              : "fdb";
      char expr[160];
      int rc;
      snprintf(expr, sizeof expr,
               "CAST(ok_convert(ok_convert(?1, ?2, '%s'), '%s', ?2) AS BLOB) = ?1", to, to);
      rc = run(expr, key, n, in, count, out, sizeof out, NULL);
      snprintf(what, sizeof what, "%s: ok_convert to '%s' and back gives %d: %.80s", in->name, to,
               rc, out);
      /* a refusal is only of a first component that is no SQL value (a
      ** bigint, a nested tuple or array, a decimal, a time...) */
      snprintf(expr, sizeof expr,
               ") is more than an SQL value, and ok_convert carries only those (NULL, numbers, "
               "text, bytes) into '%s' keys",
               to);
      check(what, rc == SQLITE_OK ? strcmp(out, "1") == 0
                                  : strncmp(out, "ok_convert: component 1 (", 25) == 0 &&
                                        strstr(out, expr) != NULL);
    }
    /* the length limit at the key's length: a rendering that is longer is
    ** SQLITE_TOOBIG, with a message that names the function */
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, (int)n);
    {
      static const char *const big[] = {"ok_json", "ok_quote", "ok_hex"};
      static const char *const call[] = {"ok_json(?1, ?2)", "ok_quote(?1, ?2)",
                                         "ok_hex(?1, ' ', ?2)"};
      for (int b = 0; b < 3; b++) {
        int rc = run(call[b], key, n, in, count, out, sizeof out, NULL);
        snprintf(what, sizeof what, "%s: %s (%ld bytes) under a limit of %ld gives %d: %.60s",
                 in->name, big[b], lengths[3 + b], n, rc, out);
        if (in->mode == NEST && b == 1)
          check(what, rc != SQLITE_OK && strstr(out, "more than 24 deep") != NULL);
        else if (lengths[3 + b] > n)
          check(what, rc == SQLITE_TOOBIG && strncmp(out, big[b], strlen(big[b])) == 0 &&
                          strstr(out, "SQLITE_LIMIT_LENGTH") != NULL);
        else
          check(what, rc == SQLITE_OK);
      }
    }
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000000);
    free(key);
  }
  { /* 100 MB: 100M NULLs counted, checked, and the last one read */
    const input *in = &inputs[0];
    long n, count;
    char out[64];
    unsigned char *key = make(in, 100L << 20, &n);
    count = key ? count_of(key, n, in) : -1;
    check("100 MB key: ok_count", count == n);
    check("100 MB key: ok_valid",
          key && run("ok_valid(?1, ?2)", key, n, in, 0, out, sizeof out, NULL) == SQLITE_OK &&
              strcmp(out, "1") == 0);
    check("100 MB key: the last component", key &&
                                                run("quote(ok_unpack_col(?1, ?3, ?2))", key, n, in,
                                                    count, out, sizeof out, NULL) == SQLITE_OK &&
                                                strcmp(out, "NULL") == 0);
    free(key);
  }
  printf("%d passed, %d failed\n", passed, failed);
}

/* Sizes of the bench: 1 MB fits the caches, 16 and 64 MB do not. The
** ratio of the costs per byte at 64 and at 1 MB is 1 for a linear reader
** that stays in the caches, a few for one that writes a result past them,
** and 64 for a quadratic one. */
static const long sizes[] = {1L << 20, 16L << 20, 64L << 20};

static void bench_mode(void) {
  printf(
      "Hostile keys: each reader's cost per byte of key at 1, 16 and 64 MB; the ratio of\n"
      "64 MB to 1 MB (1: linear in the caches; a few: linear, with results past the caches;\n"
      "64 would be quadratic); SQLite's peak memory per byte of key at 64 MB\n\n");
  printf("%-31s %-21s %8s %8s %8s %6s %6s\n", "input", "reader", "ns/B 1M", "16M", "64M", "64M/1M",
         "mem/B");
  for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
    const input *in = &inputs[i];
    unsigned char *key[3];
    long n[3], count[3];
    for (int z = 0; z < 3; z++) {
      key[z] = make(in, sizes[z], &n[z]);
      count[z] = key[z] ? count_of(key[z], n[z], in) : -1;
    }
    for (size_t r = 0; key[2] && r < N_READERS; r++) {
      double ns[3], t;
      sqlite3_int64 mem = 0;
      for (int z = 0; z < 3; z++) {
        ns[z] = 1e9;
        for (int rep = 0; rep < (z ? 1 : 3); rep++) {
          sqlite3_memory_highwater(1);
          run(readers[r], key[z], n[z], in, count[z], NULL, 0, &t);
          if (t * 1e9 / (double)n[z] < ns[z]) ns[z] = t * 1e9 / (double)n[z];
        }
        mem = sqlite3_memory_highwater(0);
      }
      printf("%-31.31s %-21s %8.2f %8.2f %8.2f %6.2f %6.2f\n", r ? "" : in->name, reader_names[r],
             ns[0], ns[1], ns[2], ns[2] / ns[0], (double)mem / (double)n[2]);
    }
    for (int z = 0; z < 3; z++) free(key[z]);
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: hostile EXTENSION check|bench\n");
    return 2;
  }
  db = open_with_extension("hostile", argv[1]);
  if (!db) return 1;
  if (strcmp(argv[2], "bench") == 0)
    bench_mode();
  else
    check_mode();
  sqlite3_close(db);
  return failed != 0;
}
