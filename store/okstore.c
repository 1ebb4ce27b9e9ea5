/*
** okstore.c -- the store module's entry point: ok_lmdb, ok_leveldb and
** ok_rocksdb, each a virtual table over one engine (vtab.c).
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
  return rc;
}
