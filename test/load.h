/*
** load.h -- what the SQL-level test programs share: an in-memory database
** with the extension under test loaded.
*/
#ifndef OK_TEST_LOAD_H
#define OK_TEST_LOAD_H

#include <sqlite3.h>
#include <stdio.h>

/* The database, or NULL after saying why on stderr. */
static inline sqlite3 *open_with_extension(const char *program, const char *extension) {
  sqlite3 *db;
  char *err = NULL;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return NULL;
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, extension, NULL, &err) != SQLITE_OK) {
    fprintf(stderr, "%s: cannot load %s: %s\n", program, extension, err);
    sqlite3_free(err);
    sqlite3_close(db);
    return NULL;
  }
  return db;
}

/* The formats the extension has, as ok_formats() lists them: so that a test
** that covers each format by hand fails when one is added without its
** cases. */
#define TEST_FORMATS_MAX 16
typedef struct {
  char name[32]; /* 'ok', 'fdb'... */
  char pack[48]; /* its builder */
  int param;     /* 1: it reads keys only with a parameter ('orderly:<schema>') */
} test_format;

/* Fills f[0..) and returns their count (0 after saying why on stderr). */
static inline int test_formats(sqlite3 *db, test_format *f) {
  sqlite3_stmt *st;
  int n = 0;
  if (sqlite3_prepare_v2(
          db,
          "SELECT value ->> 'format', value ->> 'pack', value ->> 'param' IS NOT NULL"
          " FROM json_each(ok_formats())",
          -1, &st, NULL) != SQLITE_OK) {
    fprintf(stderr, "ok_formats(): %s\n", sqlite3_errmsg(db));
    return 0;
  }
  while (sqlite3_step(st) == SQLITE_ROW && n < TEST_FORMATS_MAX) {
    snprintf(f[n].name, sizeof f[n].name, "%s", (const char *)sqlite3_column_text(st, 0));
    snprintf(f[n].pack, sizeof f[n].pack, "%s", (const char *)sqlite3_column_text(st, 1));
    f[n].param = sqlite3_column_int(st, 2);
    n++;
  }
  sqlite3_finalize(st);
  return n;
}

#endif
