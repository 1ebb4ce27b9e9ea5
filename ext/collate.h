/*
** collate.h -- the collations ok's keys mirror (NOCASE, RTRIM, ok_natural)
** as SQL names them, and collated text as key bytes.
*/
#ifndef OK_COLLATE_H
#define OK_COLLATE_H

#include "sql.h"

/* Collations by name (case-insensitive, as SQLite's): the tag, or -1. */
int ok_sql_collation_tag(const char *name);
/* The name of a collated-text tag (BINARY for plain TEXT), or NULL. */
const char *ok_sql_collation_name(int tag);
/* The collation named by argument v, or -1 after setting an error. */
int ok_sql_collation_arg(sqlite3_context *ctx, sqlite3_value *v);
/* Encodes text s[0..n) under the collation of tag as a (terminated, or
** prefix-bound) component into *out: `stack` when it fits in cap bytes,
** else a new sqlite3_malloc buffer. Returns its length, or 0 with *out NULL
** after setting an error. */
size_t ok_sql_collated(sqlite3_context *ctx, int tag, const uint8_t *s, size_t n, int terminated,
                       uint8_t *stack, size_t cap, uint8_t **out);

/* Registers the collations ok_natural, IDBKEY (WebKit's, src/ok_webkit.h)
** and idb_cmp1 (Chrome's, src/ok_chrome.h) with SQLite. */
int ok_sql_collation_register(sqlite3 *db);

#endif /* OK_COLLATE_H */
