/*
** load.h -- what the SQL-level test programs share: an in-memory database
** with the extension under test loaded.
*/
#ifndef OK_TEST_LOAD_H
#define OK_TEST_LOAD_H

#include <sqlite3.h>
#include <stdio.h>

/* The database, or NULL after saying why on stderr. */
static sqlite3 *open_with_extension(const char *program, const char *extension) {
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

#endif
