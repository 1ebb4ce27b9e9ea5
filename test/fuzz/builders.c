/*
** builders.c -- fuzz target: test/builders.c's property (a key a builder
** makes is valid in its format and ok_quote's text rebuilds it byte for
** byte) on argument lists the input draws, one list a format.
*/
#define OK_BUILDERS_FUZZ
#include "../builders.c"

int sqlite3_ok_init(sqlite3 *db, char **err, const sqlite3_api_routines *api);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  size_t i;
  if (!db) { /* as an auto extension the entry point gets SQLite's API table */
    sqlite3_auto_extension((void (*)(void))sqlite3_ok_init);
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) abort();
  }
  rng_state = 0x9E3779B97F4A7C15ULL;
  for (i = 0; i < size; i++) rng_state = (rng_state ^ data[i]) * 0x100000001B3ULL;
  rng_state |= 1;
  for (i = 0; i < sizeof builders / sizeof *builders; i++) check(&builders[i]);
  if (failed) abort();
  return 0;
}
