/*
** threads.c -- many connections in several threads using the extension at
** once, each result checked against the same statements run alone first.
**
** Usage: threads <extension> [threads] [rounds]
**
** Every thread opens its own connection (SQLite's rule: a connection is
** used by one thread at a time) and runs every statement `rounds` times.
** Run under ThreadSanitizer by `make test-tsan`. Prints "N passed, M
** failed", one test a thread.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

static const char *const statements[] = {
    "SELECT hex(ok_pack(1, 2.5, 'abc', x'00FF', NULL, ok_desc('z'), ok_collate('It10', 'NOCASE')))",
    "SELECT ok_quote(ok_pack(42, 0.1, 1e300, 3.14159, -2.5e-310, 'ab''c'))",
    "SELECT ok_json(ok_fdb_pack(1, 'a', ok_fdb_tuple(NULL, 2.5), ok_fdb_int('1' || "
    "printf('%.*c', 40, '0'))), 'fdb')",
    "SELECT ok_quote(ok_hbase_pack(1, 2.5, 'a', x'00', ok_hbase_numeric('1e-400')), 'hbase')",
    "SELECT group_concat(value, ',') FROM ok_each(ok_salt(ok_pack(1, 'a', 2), 2), 'salt+ok')",
    "SELECT ok_formats(x'1919443461626300'), ok_b64(ok_pack(7)), ok_xxh64('abc')",
    "SELECT ok_quote(ok_orderly_pack('long, utf8 desc, decimal', 7, 'b', -1.5), "
    "'orderly:long, utf8 desc, decimal')",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) "
    "SELECT group_concat(x, ',') FROM (SELECT 'item' || (i * 37 % 101) AS x FROM n "
    "ORDER BY x COLLATE ok_natural)",
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) "
    "SELECT sum(length(ok_quote(ok_pack(i / 7.0, i * 1e-300)))) FROM n",
};
#define NSTMT (sizeof statements / sizeof statements[0])

static const char *extension;
static char *expected[NSTMT];
static long rounds;

/* The first column of the first row as text (sqlite3_malloc'd), or NULL. */
static char *result(sqlite3 *db, const char *sql) {
  sqlite3_stmt *st;
  char *out = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return NULL;
  if (sqlite3_step(st) == SQLITE_ROW)
    out = sqlite3_mprintf("%s", (const char *)sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  return out;
}

static void *worker(void *arg) {
  sqlite3 *db = open_with_extension("threads", extension);
  long r, bad = db == NULL;
  size_t i;
  for (r = 0; db && r < rounds; r++) {
    for (i = 0; i < NSTMT; i++) {
      char *got = result(db, statements[i]);
      if (!got || strcmp(got, expected[i]) != 0) bad++;
      sqlite3_free(got);
    }
  }
  sqlite3_close(db);
  *(long *)arg = bad;
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[2]) : 8, i, pass = 0, failed = 0;
  pthread_t tid[64];
  long bad[64];
  sqlite3 *db;
  size_t k;
  if (argc < 2 || n < 1 || n > 64) {
    fprintf(stderr, "usage: threads <extension> [threads (1..64)] [rounds]\n");
    return 2;
  }
  extension = argv[1];
  rounds = argc > 3 ? atol(argv[3]) : 50;
  if (!sqlite3_threadsafe() || !(db = open_with_extension("threads", extension))) return 2;
  for (k = 0; k < NSTMT; k++) {
    if (!(expected[k] = result(db, statements[k]))) {
      fprintf(stderr, "threads: statement %zu failed alone: %s\n", k + 1, sqlite3_errmsg(db));
      return 2;
    }
  }
  sqlite3_close(db);
  for (i = 0; i < n; i++) pthread_create(&tid[i], NULL, worker, &bad[i]);
  for (i = 0; i < n; i++) {
    pthread_join(tid[i], NULL);
    if (bad[i] == 0)
      pass++;
    else
      failed++, fprintf(stderr, "thread %d: %ld wrong results\n", i, bad[i]);
  }
  printf("%d threads, %ld rounds of %zu statements each\n", n, rounds, NSTMT);
  printf("%d passed, %d failed\n", pass, failed);
  return failed != 0;
}
