/*
** okstore.c -- the store module's entry point: ok_lmdb, ok_leveldb and
** ok_rocksdb, each a virtual table over one engine (vtab.c),
** ok_rocksdb_families(path) and ok_lmdb_databases(path), a RocksDB's
** column families and an LMDB's named databases as JSON arrays, and
** ok_leveldb_versions(path), every version a LevelDB's files hold
** (versions.c).
**
** A loadable extension of its own, beside ok: it links LMDB's, LevelDB's
** and RocksDB's libraries, which ok.so does not need. `.load
** ./build/ok_store` in the sqlite3 shell (entry point sqlite3_okstore_init).
** docs/stores.md is its reference.
*/
#include <sqlite3ext.h>

#include "engine.h"
SQLITE_EXTENSION_INIT1

int store_register(sqlite3 *db, const store_engine *e);
int store_register_versions(sqlite3 *db);

/* names[0..n) as the result: a JSON array of strings. */
static void json_names(sqlite3_context *ctx, char **names, size_t n) {
  sqlite3_str *json = sqlite3_str_new(NULL);
  size_t i;
  sqlite3_str_appendchar(json, 1, '[');
  for (i = 0; i < n; i++) {
    const unsigned char *c;
    sqlite3_str_appendall(json, i ? ",\"" : "\"");
    for (c = (const unsigned char *)names[i]; *c; c++)
      if (*c == '"' || *c == '\\')
        sqlite3_str_appendf(json, "\\%c", *c);
      else if (*c < 0x20)
        sqlite3_str_appendf(json, "\\u%04x", *c);
      else
        sqlite3_str_appendchar(json, 1, (char)*c);
    sqlite3_str_appendchar(json, 1, '"');
  }
  sqlite3_str_appendchar(json, 1, ']');
  if (sqlite3_str_errcode(json)) {
    sqlite3_free(sqlite3_str_finish(json));
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, sqlite3_str_finish(json), -1, sqlite3_free);
}

static void error(sqlite3_context *ctx, const char *fn, const char *err) {
  char *msg = sqlite3_mprintf("%s: %s", fn, err);
  if (msg)
    sqlite3_result_error(ctx, msg, -1);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(msg);
}

/* ok_rocksdb_families(path): a RocksDB's column families. */
static void families(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *path = (const char *)sqlite3_value_text(argv[0]);
  char err[STORE_ERR_MAX], **names = NULL;
  size_t n = 0;
  (void)argc;
  if (sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
    error(ctx, "ok_rocksdb_families", "the store's path is TEXT");
    return;
  }
  if (store_rocksdb_families(path, &names, &n, err) != STORE_OK) {
    error(ctx, "ok_rocksdb_families", err);
    return;
  }
  json_names(ctx, names, n);
  store_rocksdb_families_free(names, n);
}

/* ok_lmdb_databases(path): an LMDB environment's named databases (the
** main database holds their names among its keys). */
static void databases(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *path = (const char *)sqlite3_value_text(argv[0]);
  char err[STORE_ERR_MAX], **names = NULL;
  size_t n = 0;
  store st;
  int rc;
  (void)argc;
  if (sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
    error(ctx, "ok_lmdb_databases", "the store's path is TEXT");
    return;
  }
  if ((rc = store_lmdb.open(path, NULL, 0, &st, err)) == STORE_OK) {
    rc = st.e->names(st.db, &names, &n, err);
    st.e->close(st.db);
  }
  if (rc == STORE_NOMEM)
    sqlite3_result_error_nomem(ctx);
  else if (rc != STORE_OK)
    error(ctx, "ok_lmdb_databases", err);
  else
    json_names(ctx, names, n);
  store_names_free(names, n);
}

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
    int sqlite3_okstore_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  static const store_engine *const engines[] = {&store_lmdb, &store_leveldb, &store_rocksdb};
  size_t i;
  int rc = SQLITE_OK;
  SQLITE_EXTENSION_INIT2(api);
  for (i = 0; rc == SQLITE_OK && i < sizeof engines / sizeof *engines; i++)
    if ((rc = store_register(db, engines[i])) != SQLITE_OK && err)
      *err = sqlite3_mprintf("ok_store: cannot register %s: %s", engines[i]->module,
                             sqlite3_errstr(rc));
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "ok_rocksdb_families", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY,
                                 NULL, families, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "ok_lmdb_databases", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, NULL,
                                 databases, NULL, NULL);
  if (rc == SQLITE_OK) rc = store_register_versions(db);
  return rc;
}
