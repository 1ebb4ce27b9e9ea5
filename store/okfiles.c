/*
** okfiles.c -- ok_files, the store module's readers that need no store
** library: ok_leveldb read-only (LevelDB, and Chrome's IndexedDB, read
** from their files) and ok_leveldb_versions. It links nothing but the C
** library, so the Python and Node packages carry it beside ok. `.load
** ./build/ok_files` in the sqlite3 shell (entry point sqlite3_okfiles_init);
** the store module (ok_store) holds the same and more: load one of them.
*/
#include <sqlite3ext.h>

#include "engine.h"
SQLITE_EXTENSION_INIT1

int store_register(sqlite3 *db, const store_engine *e);
int store_register_versions(sqlite3 *db);

#ifdef _WIN32
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
    int sqlite3_okfiles_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  int rc;
  SQLITE_EXTENSION_INIT2(api);
  if ((rc = store_register(db, &store_leveldb_files)) != SQLITE_OK && err)
    *err = sqlite3_mprintf("ok_files: cannot register ok_leveldb: %s", sqlite3_errstr(rc));
  if (rc == SQLITE_OK) rc = store_register_versions(db);
  return rc;
}
