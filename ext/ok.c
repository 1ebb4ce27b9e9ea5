/*
** ok.c -- the extension's entry point: it registers every table of SQL
** functions (each format's, from its descriptor, and the readers'), ok_each
** and the ok_natural collation.
**
** Load with `.load ./build/ok` in the sqlite3 shell (SQLite derives the
** entry point sqlite3_ok_init from the file name). docs/functions.md is the
** function reference; src/FORMAT.md the byte format.
*/
#define OK_EXT_MAIN
#include "collate.h"
#include "format.h"
#include "functions.h"

static void ok_version_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_text(ctx, OK_VERSION, -1, SQLITE_STATIC);
}

static const ok_sql_function version[] = {
    {"ok_version", 0, 0, OK_SQL_PURE, ok_version_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

static const ok_sql_function *const tables[] = {
    version,
    ok_sql_read_functions,
    ok_sql_render_functions,
    ok_sql_convert_functions,
    ok_sql_salt_functions,
    ok_sql_mvcc_functions,
    ok_sql_string_functions,
    NULL,
};

/* The oldest SQLite ok is built and tested against (README). */
#define OK_SQLITE_MIN 3040000

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
    int sqlite3_ok_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  const ok_sql_function *const *t;
  const ok_sql_format *const *f;
  int rc = SQLITE_OK;
  SQLITE_EXTENSION_INIT2(api);
  if (sqlite3_libversion_number() < OK_SQLITE_MIN) {
    if (err)
      *err = sqlite3_mprintf("ok needs SQLite 3.40.0 or later, not %s", sqlite3_libversion());
    return SQLITE_ERROR;
  }
  for (t = tables; rc == SQLITE_OK && *t; t++) rc = ok_sql_register(db, *t, err);
  for (f = ok_sql_formats; rc == SQLITE_OK && *f; f++)
    rc = ok_sql_register(db, (*f)->functions, err);
  if (rc == SQLITE_OK && (rc = ok_sql_each_register(db)) != SQLITE_OK && err)
    *err = sqlite3_mprintf("ok: cannot register ok_each: %s", sqlite3_errstr(rc));
  if (rc == SQLITE_OK && (rc = ok_sql_chrome_key_register(db)) != SQLITE_OK && err)
    *err = sqlite3_mprintf("ok: cannot register ok_chrome_key: %s", sqlite3_errstr(rc));
  if (rc == SQLITE_OK && (rc = ok_sql_collation_register(db)) != SQLITE_OK && err)
    *err = sqlite3_mprintf("ok: cannot register the collation ok_natural: %s", sqlite3_errstr(rc));
  return rc;
}
