/*
** ok.c -- the extension's entry point and its table of SQL functions.
**
** Load with `.load ./build/ok` in the sqlite3 shell (SQLite derives the
** entry point sqlite3_ok_init from the file name). docs/functions.md is the
** function reference; src/FORMAT.md the byte format.
*/
#define OK_EXT_MAIN
#include "common.h"
SQLITE_EXTENSION_INIT1

static void ok_version_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_text(ctx, OK_VERSION, -1, SQLITE_STATIC);
}

/* Pure functions: usable in indexes, generated columns, CHECK constraints
** and with trusted_schema=OFF. */
#define PURE (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)
/* Functions that read or set the fragment subtype. */
#define SUB (SQLITE_SUBTYPE | SQLITE_RESULT_SUBTYPE)

static const struct {
  const char *name;
  int nargs; /* -1: any number */
  int flags;
  void (*fn)(sqlite3_context *, int, sqlite3_value **);
} functions[] = {
    {"ok_pack", -1, PURE | SUB, ok_pack_fn},
    {"ok_desc", 1, PURE | SUB, ok_desc_fn},
    {"ok_prefix", 1, PURE | SUB, ok_prefix_fn},
    {"ok_concat", -1, PURE | SQLITE_RESULT_SUBTYPE, ok_concat_fn},
    {"ok_prefix_end", 1, PURE, ok_prefix_end_fn},
    {"ok_unpack_col", 2, PURE, ok_unpack_col_fn},
    {"ok_hex", 1, PURE, ok_hex_fn},
    {"ok_version", 0, PURE, ok_version_fn},
};

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
int sqlite3_ok_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  size_t i;
  int rc = SQLITE_OK;
  SQLITE_EXTENSION_INIT2(api);
  (void)err;
  for (i = 0; rc == SQLITE_OK && i < sizeof functions / sizeof functions[0]; i++) {
    rc = sqlite3_create_function_v2(db, functions[i].name, functions[i].nargs,
                                    functions[i].flags, (void *)functions[i].name,
                                    functions[i].fn, NULL, NULL, NULL);
  }
  return rc;
}
