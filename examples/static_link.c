/*
** static_link.c -- ok linked into a program together with SQLite itself
** (no loadable module): compile ext/ and src/ with -DSQLITE_CORE, and
** sqlite3.c with -DSQLITE_EXTRA_INIT=ok_static_init, so that every
** connection the program opens has ok's functions. `make` builds SQLite's
** own shell this way as $(B)/sqlite3-ok when SQLITE_DIR names an
** amalgamation (see tools/sqlite-latest.sh).
*/
#include <sqlite3.h>

int sqlite3_ok_init(sqlite3 *db, char **err, const sqlite3_api_routines *api);

/* Called once by sqlite3_initialize(). */
int ok_static_init(const char *unused) {
  (void)unused;
  return sqlite3_auto_extension((void (*)(void))sqlite3_ok_init);
}
