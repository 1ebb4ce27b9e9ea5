/*
** common.h -- what the SQL glue files share. Only ext/ includes SQLite.
*/
#ifndef OK_COMMON_H
#define OK_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../src/ok.h"
#include "sqlite3ext.h"

#ifndef OK_EXT_MAIN
SQLITE_EXTENSION_INIT3
#endif

/* Marks a BLOB made by an ok_ function as key bytes to be inlined by
** ok_pack and ok_desc rather than packed as a BLOB value. A subtype does not
** survive a table column: stored fragments are joined with ok_concat. */
#define OK_SUBTYPE 0x6B /* 'k' */

/* Newer SQLite wants these flags on functions that read or set subtypes;
** older versions ignore the bits. */
#ifndef SQLITE_SUBTYPE
#define SQLITE_SUBTYPE 0x000100000
#endif
#ifndef SQLITE_RESULT_SUBTYPE
#define SQLITE_RESULT_SUBTYPE 0x001000000
#endif

/* One SQL function: the user data of its registration. Every function is
** registered for any argument count and checked against min..max (max -1:
** no limit) here, so that a wrong count gets an error naming the function. */
typedef struct {
  const char *name;
  int min, max;
  int flags;
  void (*fn)(sqlite3_context *, int, sqlite3_value **);
} ok_sql_function;

/* Sets an error "<function name>: <message>". */
void ok_sql_error(sqlite3_context *ctx, const char *fmt, ...);

/* Reads argument `v` as a key. Returns 1 with the bytes in *p, *n; or 0
** after setting the result: NULL for a NULL key, an error otherwise. */
int ok_sql_key_arg(sqlite3_context *ctx, sqlite3_value *v, const uint8_t **p, size_t *n);

/* Reports a core decoding failure as "<name>: malformed key at byte N: ..". */
void ok_sql_malformed(sqlite3_context *ctx, int status, size_t at);

/* Returns a key fragment (BLOB with OK_SUBTYPE); frees p with sqlite3_free
** when `owned`, else copies it. */
void ok_sql_result_fragment(sqlite3_context *ctx, uint8_t *p, size_t n, int owned);

/* 1 when the result would pass SQLite's length limit (and sets TOOBIG). */
int ok_sql_too_big(sqlite3_context *ctx, sqlite3_uint64 n);

/* The SQL functions, one group per file. */
void ok_pack_fn(sqlite3_context *, int, sqlite3_value **);
void ok_desc_fn(sqlite3_context *, int, sqlite3_value **);
void ok_prefix_fn(sqlite3_context *, int, sqlite3_value **);
void ok_concat_fn(sqlite3_context *, int, sqlite3_value **);
void ok_prefix_end_fn(sqlite3_context *, int, sqlite3_value **);
void ok_unpack_col_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hex_fn(sqlite3_context *, int, sqlite3_value **);

#endif /* OK_COMMON_H */
