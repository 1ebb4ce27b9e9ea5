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
/* Functions that read their arguments' subtypes (pieces, and the format of
** the key a reader is given), and that set one on their result. */
#define READS SQLITE_SUBTYPE
#define MAKES SQLITE_RESULT_SUBTYPE

/* name, min and max argument count (max -1: any from min on), flags,
** function, its arg. */
static const ok_sql_function functions[] = {
    {"ok_pack", 0, -1, PURE | READS | MAKES, ok_pack_fn, 0},
    {"ok_desc", 1, 1, PURE | READS | MAKES, ok_pack_fn, 1},
    {"ok_prefix", 1, 2, PURE | READS | MAKES, ok_prefix_fn, 0},
    {"ok_collate", 2, 2, PURE | MAKES, ok_collate_fn, 0},
    {"ok_concat", 0, -1, PURE | READS | MAKES, ok_concat_fn, 0},
    {"ok_prefix_end", 1, 1, PURE, ok_prefix_end_fn, 0},
    {"ok_unpack_col", 2, 3, PURE | READS, ok_unpack_col_fn, 0},
    {"ok_hex", 1, 3, PURE | READS, ok_hex_fn, 0},
    {"ok_count", 1, 2, PURE | READS, ok_count_fn, 0},
    {"ok_valid", 1, 2, PURE | READS, ok_valid_fn, 0},
    {"ok_formats", 1, 1, PURE | MAKES, ok_formats_fn, 0},
    {"ok_quote", 1, 2, PURE | READS, ok_render_fn, 0},
    {"ok_json", 1, 2, PURE | READS | MAKES, ok_render_fn, 1},
    {"ok_salt", 2, 3, PURE | READS, ok_salt_fn, 0},
    {"ok_unsalt", 1, 2, PURE | READS, ok_unsalt_fn, 0},
    {"ok_salt_check", 2, 3, PURE | READS, ok_salt_check_fn, 0},
    {"ok_xxh32", 1, 2, PURE, ok_xxh_fn, 32},
    {"ok_xxh64", 1, 2, PURE, ok_xxh_fn, 64},
    {"ok_b64", 1, 1, PURE, ok_b64_fn, 0},
    {"ok_unb64", 1, 1, PURE, ok_unb64_fn, 0},
    {"ok_fdb_pack", 0, -1, PURE | READS | MAKES, ok_fdb_pack_fn, 0},
    {"ok_fdb_pack_versionstamped", 1, -1, PURE | READS, ok_fdb_pack_versionstamped_fn, 0},
    {"ok_fdb_tuple", 0, -1, PURE | READS | MAKES, ok_fdb_tuple_fn, 0},
    {"ok_fdb_range_begin", 0, -1, PURE | READS, ok_fdb_range_fn, 0x00},
    {"ok_fdb_range_end", 0, -1, PURE | READS, ok_fdb_range_fn, 0xFF},
    {"ok_fdb_int", 1, 1, PURE | MAKES, ok_fdb_int_fn, 0},
    {"ok_fdb_float", 1, 1, PURE | MAKES, ok_fdb_ieee_fn, OK_FDB_FLOAT},
    {"ok_fdb_double", 1, 1, PURE | MAKES, ok_fdb_ieee_fn, OK_FDB_DOUBLE},
    {"ok_fdb_bool", 1, 1, PURE | MAKES, ok_fdb_bool_fn, 0},
    {"ok_fdb_uuid", 1, 1, PURE | MAKES, ok_fdb_uuid_fn, 0},
    {"ok_fdb_versionstamp", 1, 2, PURE | MAKES, ok_fdb_versionstamp_fn, 0},
    {"ok_fdb_versionstamp_incomplete", 0, 1, PURE | MAKES, ok_fdb_versionstamp_incomplete_fn, 0},
    {"ok_fdb_raw", 1, 1, PURE | MAKES, ok_fdb_raw_fn, 0},
    {"ok_fdb_prefix", 1, 1, PURE | MAKES, ok_fdb_prefix_fn, 0},
    {"ok_hbase_pack", 0, -1, PURE | READS | MAKES, ok_hbase_pack_fn, 0},
    {"ok_orderly_pack", 1, -1, PURE | MAKES, ok_orderly_pack_fn, 0},
    {"ok_orderly_prefix", 1, -1, PURE | MAKES, ok_orderly_pack_fn, 1},
    {"ok_orderly_prefix_end", 1, -1, PURE, ok_orderly_pack_fn, 2},
    {"ok_hbase_desc", 1, 1, PURE | READS | MAKES, ok_hbase_desc_fn, 0},
    {"ok_hbase_int8", 1, 1, PURE | MAKES, ok_hbase_int_fn, OK_HBASE_INT8},
    {"ok_hbase_int16", 1, 1, PURE | MAKES, ok_hbase_int_fn, OK_HBASE_INT16},
    {"ok_hbase_int32", 1, 1, PURE | MAKES, ok_hbase_int_fn, OK_HBASE_INT32},
    {"ok_hbase_int64", 1, 1, PURE | MAKES, ok_hbase_int_fn, OK_HBASE_INT64},
    {"ok_hbase_float32", 1, 1, PURE | MAKES, ok_hbase_float_fn, OK_HBASE_FLOAT32},
    {"ok_hbase_float64", 1, 1, PURE | MAKES, ok_hbase_float_fn, OK_HBASE_FLOAT64},
    {"ok_hbase_numeric", 1, 2, PURE | MAKES, ok_hbase_numeric_fn, 0},
    {"ok_hbase_text", 1, 1, PURE | MAKES, ok_hbase_text_fn, OK_HBASE_TEXT},
    {"ok_hbase_json", 1, 1, PURE | MAKES, ok_hbase_text_fn, OK_HBASE_JSON},
    {"ok_hbase_blob_var", 1, 1, PURE | MAKES, ok_hbase_blob_fn, OK_HBASE_BLOB_VAR},
    {"ok_hbase_blob_copy", 1, 1, PURE | MAKES, ok_hbase_blob_fn, OK_HBASE_BLOB_COPY},
    {"ok_hbase_bool", 1, 1, PURE | MAKES, ok_hbase_bool_fn, 0},
    {"ok_hbase_raw", 1, 1, PURE | MAKES, ok_hbase_raw_fn, 0},
    {"ok_version", 0, 0, PURE, ok_version_fn, 0},
};

/* A function that takes any number of arguments from f->min on: the only
** count SQLite cannot check when it prepares the call. */
static void variadic(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const ok_sql_function *f = sqlite3_user_data(ctx);
  if (argc < f->min) {
    ok_sql_error(ctx, "takes at least %d argument%s, got %d", f->min, f->min == 1 ? "" : "s",
                 argc);
    return;
  }
  f->fn(ctx, argc, argv);
}

/* The oldest SQLite ok is built and tested against (README). */
#define OK_SQLITE_MIN 3040000

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
    int sqlite3_ok_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  size_t i;
  int rc = SQLITE_OK, n = 0;
  SQLITE_EXTENSION_INIT2(api);
  if (sqlite3_libversion_number() < OK_SQLITE_MIN) {
    if (err) *err = sqlite3_mprintf("ok needs SQLite 3.40.0 or later, not %s", sqlite3_libversion());
    return SQLITE_ERROR;
  }
  /* Fixed counts are registered one row each (as SQLite's own functions),
  ** so that a wrong count fails when the statement is prepared, even in a
  ** CREATE INDEX over an empty table. */
  for (i = 0; rc == SQLITE_OK && i < sizeof functions / sizeof functions[0]; i++) {
    const ok_sql_function *f = &functions[i];
    if (f->max < 0) {
      rc = sqlite3_create_function_v2(db, f->name, -1, f->flags, (void *)f, variadic, NULL, NULL,
                                      NULL);
    } else {
      for (n = f->min; rc == SQLITE_OK && n <= f->max; n++)
        rc = sqlite3_create_function_v2(db, f->name, n, f->flags, (void *)f, f->fn, NULL, NULL,
                                        NULL);
    }
    if (rc != SQLITE_OK && err)
      *err = sqlite3_mprintf("ok: cannot register %s: %s", f->name, sqlite3_errstr(rc));
  }
  if (rc == SQLITE_OK && (rc = ok_each_register(db)) != SQLITE_OK && err)
    *err = sqlite3_mprintf("ok: cannot register ok_each: %s", sqlite3_errstr(rc));
  if (rc == SQLITE_OK && (rc = ok_collation_register(db)) != SQLITE_OK && err)
    *err = sqlite3_mprintf("ok: cannot register its collations: %s", sqlite3_errstr(rc));
  return rc;
}
