/*
** misread.c -- how often a key of one format reads, without an error, as
** a native key (a plausible wrong answer), and that 'strict+ok' never does.
**
**   misread EXTENSION [rows]
**
** Keys of every format from the same seeded rows of typical key values (an
** integer id, a name, a price, a time), two components each. For each
** format, the share of its keys that ok_valid(k) takes as native (what a
** reader not told the format reads without complaint), and the share that
** ok_valid(k, 'strict+ok') takes, which must be exactly the share that
** ok_formats(k) finds native and nothing else, and 0 for every format the
** extension knows without a parameter; and the share of native keys that
** strict reading refuses because another format reads them too. Prints the
** table docs/functions.md quotes; "N passed, M failed", one test a format.
*/
#include <stdio.h>
#include <stdlib.h>

#include "load.h"
#include "rng.h"

/* The keys, from t(a, b). Orderly's schema fits the rows it is made of. */
static const struct {
  const char *name;
  const char *key;
  int known; /* strict reading must refuse all of them */
} formats[] = {
    {"ok", "ok_pack(a, b)", 0},
    {"fdb", "ok_fdb_pack(a, b)", 1},
    {"hbase", "ok_hbase_pack(a, b)", 1},
    {"salt+ok", "ok_salt(ok_pack(a, b), 1)", 1},
    {"salt+fdb", "ok_salt(ok_fdb_pack(a, b), 1, 'fdb')", 1},
    {"salt+hbase", "ok_salt(ok_hbase_pack(a, b), 1, 'hbase')", 1},
    {"crdb", "ok_crdb_pack(a, b)", 1},
    {"salt+crdb", "ok_salt(ok_crdb_pack(a, b), 1, 'crdb')", 1},
    {"tidb", "ok_tidb_pack(a, b)", 1},
    {"tikv", "ok_tikv_pack(a, b)", 1},
    {"bytewise", "ok_bytewise_pack(CAST(a AS REAL), b)", 1},
    {"orderly:long, utf8", "ok_orderly_pack('long, utf8', CAST(a AS INTEGER), CAST(b AS TEXT))", 0},
};

static sqlite3 *db;

static double share(const char *sql) {
  sqlite3_stmt *st;
  double v = -1;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    fprintf(stderr, "misread: %s\n  in: %s\n", sqlite3_errmsg(db), sql);
    exit(2);
  }
  if (sqlite3_step(st) == SQLITE_ROW) v = sqlite3_column_double(st, 0);
  sqlite3_finalize(st);
  return v;
}

int main(int argc, char **argv) {
  sqlite3_stmt *ins;
  long rows = argc > 2 ? atol(argv[2]) : 20000, i;
  int passed = 0, failed = 0;
  size_t f;
  if (argc < 2 || rows < 1) {
    fprintf(stderr, "usage: misread <extension> [rows]\n");
    return 2;
  }
  if (!(db = open_with_extension("misread", argv[1]))) return 2;
  rng_state = 20261125;
  sqlite3_exec(db, "CREATE TABLE t(a, b); BEGIN", NULL, NULL, NULL);
  sqlite3_prepare_v2(db, "INSERT INTO t VALUES (?, ?)", -1, &ins, NULL);
  for (i = 0; i < rows; i++) {
    char name[32];
    switch (below(4)) { /* an id, a wide id, a price, a time */
      case 0: sqlite3_bind_int64(ins, 1, (sqlite3_int64)below(100000)); break;
      case 1: sqlite3_bind_int64(ins, 1, (sqlite3_int64)(rnd() >> 1)); break;
      case 2: sqlite3_bind_int64(ins, 1, (sqlite3_int64)below(2000000) - 1000000); break;
      default:
        sqlite3_bind_int64(ins, 1, 1700000000000LL + (sqlite3_int64)below(1000000000));
        break;
    }
    switch (below(3)) {
      case 0: sqlite3_bind_double(ins, 2, below(1000000) / 100.0); break;
      case 1: sqlite3_bind_int64(ins, 2, (sqlite3_int64)below(1000)); break;
      default:
        snprintf(name, sizeof name, "user_%u", below(1000000));
        sqlite3_bind_text(ins, 2, name, -1, SQLITE_TRANSIENT);
    }
    sqlite3_step(ins);
    sqlite3_reset(ins);
  }
  sqlite3_finalize(ins);
  sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
  printf("%ld rows (an id, a wide id, a signed number or a time; a price, a count or a name)\n",
         rows);
  printf("| keys of | read as native without an error | with 'strict+ok' |\n|---|---|---|\n");
  for (f = 0; f < sizeof formats / sizeof formats[0]; f++) {
    /* stored first, as keys are found: without the subtype that names them */
    char *make = sqlite3_mprintf("DROP TABLE IF EXISTS k; CREATE TABLE k AS SELECT %s AS k FROM t",
                                 formats[f].key);
    double p, s, alone;
    int ok;
    if (sqlite3_exec(db, make, NULL, NULL, NULL) != SQLITE_OK) {
      fprintf(stderr, "misread: %s\n  in: %s\n", sqlite3_errmsg(db), make);
      return 2;
    }
    sqlite3_free(make);
    p = share("SELECT avg(ok_valid(k)) FROM k");
    s = share("SELECT avg(ok_valid(k, 'strict+ok')) FROM k");
    /* strict reading takes exactly the keys that ok_formats finds native
    ** alone, and none of a format it knows without a parameter */
    alone = share(
        "SELECT avg(ok_formats(k) ->> '$[0].format' = 'ok' AND ok_formats(k) ->> "
        "'$[0].prefix' IS NULL AND json_array_length(ok_formats(k)) = 1) FROM k");
    ok = s == alone && (!formats[f].known || s == 0) && s <= p;
    printf("| %s | %.2f%% | %.2f%%%s |\n", formats[f].name, 100 * p, 100 * s,
           f == 0 ? " (the rest: native keys another format reads too)" : "");
    if (ok)
      passed++;
    else
      failed++, printf(
                    "FAIL strict reading takes %.2f%% of %s keys as native; %.2f%% are "
                    "native keys no other format reads\n",
                    100 * s, formats[f].name, 100 * alone);
  }
  sqlite3_close(db);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
