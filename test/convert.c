/*
** convert.c -- ok_convert between every pair of formats, on the oracle's
** kind of rows: a key of each format from a row, converted to every other
** format; where ok_convert accepts, the key it makes converts back to the
** very key (a -> b -> a, byte for byte), and is the key b's builder makes
** of the values ok_unpack_col reads from the key given. Where it refuses, the message
** says why, one of the reasons below; a refusal for another reason, or as
** "no counterpart" (the rows hold only plain values), fails, and so does a
** pair that converts no row.
**
**   convert EXTENSION [rows]
**
** Prints the table of pairs (accepted / refused, and why) that docs/
** functions.md quotes; "N passed, M failed": a pass is a round trip, and
** one a pair of formats.
*/
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "rng.h"

/* Each format's name for ok_convert, its builder of four values, and its
** key of a row (?1 INTEGER, ?2 REAL, ?3 TEXT, ?4 BLOB, any of them NULL)
** with it. Orderly's schema fits. */
#define OC_TYPES "int64, float64, string_or_infinity, string_or_infinity"
#define OL_SCHEMA "long, double, utf8, bytes"
static const struct {
  const char *name;
  const char *pack;
  const char *build;
} formats[] = {
    {"ok", "ok_pack(?1, ?2, ?3, ?4)", NULL},
    {"fdb", "ok_fdb_pack(?1, ?2, ?3, ?4)", NULL},
    {"hbase", "ok_hbase_pack(?1, ?2, ?3, ?4)", NULL},
    {"crdb", "ok_crdb_pack(?1, ?2, ?3, ?4)", NULL},
    {"tidb", "ok_tidb_pack(?1, ?2, ?3, ?4)", NULL},
    {"tikv", "ok_tikv_pack(?1, ?2, ?3, ?4)", NULL},
    {"bytewise", "ok_bytewise_pack(?1, ?2, ?3, ?4)", NULL},
    /* no bytes: the text again */
    {"charwise", "ok_charwise_pack(?1, ?2, ?3, ?4)",
     "ok_charwise_pack(?1, ?2, ?3, iif(?4 IS NULL, NULL, ?3))"},
    /* Buffers apart (the last only, and of its first bytes): the text again */
    {"orderedbinary", "ok_orderedbinary_pack(?1, ?2, ?3, ?4)",
     "ok_orderedbinary_pack(?1, ?2, ?3, iif(?4 IS NULL, NULL, ?3))"},
    /* no NULL: the rows without; for an even INTEGER, the text again */
    {"firefox", "ok_firefox_pack(?1, ?2, ?3, ?4)",
     "ok_firefox_pack(?1, ?2, ?3, iif(?1 % 2 = 0, ?3, ?4))"},
    {"webkit", "ok_webkit_pack(?1, ?2, ?3, ?4)",
     "ok_webkit_pack(?1, ?2, ?3, iif(?1 % 2 = 0, ?3, ?4))"},
    {"chrome", "ok_chrome_pack(?1, ?2, ?3, ?4)",
     "ok_chrome_pack(?1, ?2, ?3, iif(?1 % 2 = 0, ?3, ?4))"},
    {"chromesql", "ok_chromesql_pack(?1, ?2, ?3, ?4)",
     "ok_chromesql_pack(?1, ?2, ?3, iif(?1 % 2 = 0, ?3, ?4))"},
    {"keystring", "ok_keystring_pack('', ?1, ?2, ?3, ?4)", NULL},
    {"keystring:1, -1, -1", "ok_keystring_pack('1, -1, -1', ?1, ?2, ?3, ?4)", NULL},
    {"orderedcode:" OC_TYPES, "ok_orderedcode_pack('" OC_TYPES "', ?1, ?2, ?3, ?4)", NULL},
    {"orderly:" OL_SCHEMA, "ok_orderly_pack('" OL_SCHEMA "', ?1, ?2, ?3, ?4)", NULL},
};
#define FORMATS (sizeof formats / sizeof formats[0])

/* Why a conversion is refused: the first of these its message holds. */
static const char *const reasons[] = {
    "is more than an SQL value",    /* a component that is not its SQL value */
    "without loss",                 /* the target reads it back as another value */
    "is no double exactly",         /* an int64 past 2^53 into bytewise, charwise */
    "hold no bytes",                /* a BLOB into charwise */
    "would not read back",          /* a string charwise writes as it writes another */
    "not valid UTF-8",              /* TEXT that is not UTF-8, where strings are */
    "must be",                      /* an Orderly field's type */
    "none but infinity",            /* a NULL, which orderedcode has no place for */
    "no null key",                  /* a NULL into the browsers' IndexedDB keys */
    "NUL",                          /* a NUL where the target's text holds none */
    "a Buffer (BLOB) as its bytes", /* a BLOB ordered-binary would read back otherwise */
};
#define REASONS (sizeof reasons / sizeof reasons[0])

typedef struct {
  long long i;
  double d;
  unsigned char s[8], b[8];
  int ns, nb, null[4];
} row;

static void random_row(row *r) {
  static const long long ints[] = {0,
                                   1,
                                   -1,
                                   42,
                                   9007199254740992LL,
                                   9007199254740993LL,
                                   -9007199254740993LL,
                                   9223372036854775807LL,
                                   -9223372036854775807LL - 1};
  static const double reals[] = {0.0,      -0.0,      2.0,        0.5,
                                 -1.5,     0.1,       1e300,      -1e-300,
                                 4.9e-324, 1.0 / 0.0, -1.0 / 0.0, 9007199254740992.0,
                                 123.456};
  int k;
  memset(r, 0, sizeof *r);
  for (k = 0; k < 4; k++) r->null[k] = below(6) == 0;
  r->i = below(3) == 0 ? ints[below(sizeof ints / sizeof ints[0])] : (long long)below(2000) - 1000;
  r->d = below(3) == 0 ? reals[below(sizeof reals / sizeof reals[0])]
                       : ((double)below(100000) - 50000) / 64.0;
  r->ns = (int)below(5);
  for (k = 0; k < r->ns; k++) r->s[k] = (unsigned char)"ab z!\"?\x01"[below(8)];
  if (below(20) == 0) r->s[0] = 0, r->ns = r->ns ? r->ns : 1; /* a NUL */
  r->nb = (int)below(5);
  for (k = 0; k < r->nb; k++) r->b[k] = (unsigned char)(below(3) ? 'a' + below(3) : below(256));
}

static void bind_row(sqlite3_stmt *st, const row *r) {
  if (r->null[0])
    sqlite3_bind_null(st, 1);
  else
    sqlite3_bind_int64(st, 1, r->i);
  if (r->null[1])
    sqlite3_bind_null(st, 2);
  else
    sqlite3_bind_double(st, 2, r->d);
  if (r->null[2])
    sqlite3_bind_null(st, 3);
  else
    sqlite3_bind_text(st, 3, (const char *)r->s, r->ns, SQLITE_TRANSIENT);
  if (r->null[3])
    sqlite3_bind_null(st, 4);
  else
    sqlite3_bind_blob(st, 4, r->b, r->nb, SQLITE_TRANSIENT);
}

/* A BLOB (or TEXT) result copied, its length in *n; NULL on an error, with
** the message in *err (sqlite3_free it). */
static unsigned char *result(sqlite3 *db, sqlite3_stmt *st, int *n, char **err) {
  unsigned char *out = NULL;
  *err = NULL;
  if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL) {
    *n = sqlite3_column_bytes(st, 0);
    out = malloc((size_t)*n + 1);
    if (out && *n > 0) memcpy(out, sqlite3_column_blob(st, 0), (size_t)*n);
  } else {
    *err = sqlite3_mprintf("%s", sqlite3_errmsg(db));
  }
  sqlite3_reset(st);
  return out;
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    fprintf(stderr, "convert: %s\n  in: %s\n", sqlite3_errmsg(db), sql);
    exit(2);
  }
  return st;
}

int main(int argc, char **argv) {
  sqlite3 *db;
  sqlite3_stmt *build[FORMATS], *pack[FORMATS], *unpack[FORMATS], *conv;
  long rows = argc > 2 ? atol(argv[2]) : 5000, r;
  long accepted[FORMATS][FORMATS] = {{0}}, refused[FORMATS][FORMATS][REASONS + 1] = {{{0}}};
  long built[FORMATS] = {0};
  int passed = 0, failed = 0;
  size_t a, b, k;
  if (argc < 2) {
    fprintf(stderr, "usage: convert EXTENSION [rows]\n");
    return 2;
  }
  if (!(db = open_with_extension("convert", argv[1]))) return 2;
  for (a = 0; a < FORMATS; a++) {
    char *sql = sqlite3_mprintf("SELECT %s", formats[a].build ? formats[a].build : formats[a].pack);
    build[a] = prepare(db, sql);
    sqlite3_free(sql);
    sql = sqlite3_mprintf("SELECT %s", formats[a].pack);
    pack[a] = prepare(db, sql);
    sqlite3_free(sql);
    sql = sqlite3_mprintf(
        "SELECT ok_unpack_col(?1, 1, '%s'), ok_unpack_col(?1, 2, '%s'), "
        "ok_unpack_col(?1, 3, '%s'), ok_unpack_col(?1, 4, '%s')",
        formats[a].name, formats[a].name, formats[a].name, formats[a].name);
    unpack[a] = prepare(db, sql);
    sqlite3_free(sql);
  }
  conv = prepare(db, "SELECT ok_convert(?1, ?2, ?3)");
  rng_state = 20261125;
  for (r = 0; r < rows; r++) {
    row w;
    random_row(&w);
    for (a = 0; a < FORMATS; a++) {
      unsigned char *key, *made, *back;
      int n, mn, bn;
      char *err;
      bind_row(build[a], &w);
      if (!(key = result(db, build[a], &n, &err))) { /* the row is no key of this format */
        sqlite3_free(err);
        continue;
      }
      built[a]++;
      for (b = 0; b < FORMATS; b++) {
        if (b == a) continue;
        sqlite3_bind_blob(conv, 1, key, n, SQLITE_STATIC);
        sqlite3_bind_text(conv, 2, formats[a].name, -1, SQLITE_STATIC);
        sqlite3_bind_text(conv, 3, formats[b].name, -1, SQLITE_STATIC);
        if (!(made = result(db, conv, &mn, &err))) {
          for (k = 0; k < REASONS && !strstr(err, reasons[k]); k++) continue;
          refused[a][b][k]++;
          if (k == REASONS && refused[a][b][k] == 1)
            printf("note: %s -> %s refused for another reason: %s\n", formats[a].name,
                   formats[b].name, err);
          sqlite3_free(err);
          continue;
        }
        accepted[a][b]++;
        /* the key b's builder makes of the key's values */
        sqlite3_bind_blob(unpack[a], 1, key, n, SQLITE_STATIC);
        if (sqlite3_step(unpack[a]) != SQLITE_ROW) {
          failed++;
          printf("FAIL %s: its key does not unpack: %s\n", formats[a].name, sqlite3_errmsg(db));
        } else {
          unsigned char *want;
          int wn;
          for (k = 0; k < 4; k++)
            sqlite3_bind_value(pack[b], (int)k + 1, sqlite3_column_value(unpack[a], (int)k));
          want = result(db, pack[b], &wn, &err);
          if (want && wn == mn && memcmp(want, made, (size_t)mn) == 0) {
            passed++;
          } else {
            failed++;
            if (failed <= 10)
              printf("FAIL %s -> %s: not the key %s makes of its values (%s)\n", formats[a].name,
                     formats[b].name, formats[b].pack, want ? "other bytes" : err);
          }
          sqlite3_free(err);
          free(want);
        }
        sqlite3_reset(unpack[a]);
        sqlite3_bind_blob(conv, 1, made, mn, SQLITE_STATIC);
        sqlite3_bind_text(conv, 2, formats[b].name, -1, SQLITE_STATIC);
        sqlite3_bind_text(conv, 3, formats[a].name, -1, SQLITE_STATIC);
        back = result(db, conv, &bn, &err);
        if (back && bn == n && memcmp(back, key, (size_t)n) == 0) {
          passed++;
        } else {
          failed++;
          if (failed <= 10)
            printf("FAIL %s -> %s -> %s: %s\n", formats[a].name, formats[b].name, formats[a].name,
                   back ? "other bytes" : err);
        }
        sqlite3_free(err);
        free(back);
        free(made);
      }
      free(key);
    }
  }
  printf(
      "%ld rows (an INTEGER, a REAL, a TEXT, a BLOB, each sometimes NULL); a key of each "
      "format from each row it holds, converted to each other format\n",
      rows);
  printf("| from \\ to |");
  for (b = 0; b < FORMATS; b++) printf(" %.8s |", formats[b].name);
  printf("\n|---|");
  for (b = 0; b < FORMATS; b++) printf("---|");
  printf("\n");
  for (a = 0; a < FORMATS; a++) {
    printf("| %.8s (%ld) |", formats[a].name, built[a]);
    for (b = 0; b < FORMATS; b++) {
      if (a == b) {
        printf(" |");
        continue;
      }
      printf(" %.0f%% |", built[a] ? 100.0 * (double)accepted[a][b] / (double)built[a] : 0.0);
    }
    printf("\n");
  }
  printf("refusals, by reason:");
  for (k = 0; k <= REASONS; k++) {
    long sum = 0;
    for (a = 0; a < FORMATS; a++)
      for (b = 0; b < FORMATS; b++) sum += refused[a][b][k];
    printf("%s %s %ld", k ? "," : "", k < REASONS ? reasons[k] : "other", sum);
  }
  printf("\n");
  /* every row is plain values, and every refusal has its reason: a refusal
  ** as "no counterpart" or for another reason is a bug; and every pair
  ** converts some rows */
  for (a = 0; a < FORMATS; a++) {
    for (b = 0; b < FORMATS; b++) {
      if (a == b) continue;
      if (refused[a][b][0] || refused[a][b][REASONS] || !accepted[a][b]) {
        failed++;
        printf(
            "FAIL %s -> %s: %ld accepted, %ld refused as no counterpart, %ld for another "
            "reason\n",
            formats[a].name, formats[b].name, accepted[a][b], refused[a][b][0],
            refused[a][b][REASONS]);
      } else {
        passed++;
      }
    }
  }
  for (a = 0; a < FORMATS; a++)
    sqlite3_finalize(build[a]), sqlite3_finalize(pack[a]), sqlite3_finalize(unpack[a]);
  sqlite3_finalize(conv);
  sqlite3_close(db);
  printf("%d passed, %d failed\n", passed, failed);
  return failed > 0;
}
