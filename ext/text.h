/*
** text.h -- text output for the renderings: SQL literals (ok_quote) and
** JSON (ok_json) of values, written into a buffer that grows from the
** stack. It knows items, not the formats they come from.
*/
#ifndef OK_TEXT_H
#define OK_TEXT_H

#include "sql.h"

/* Where ok_quote (SQL) and ok_json (json = 1) write a rendering: text that
** starts on the stack and grows on the heap. The first failure (TOOBIG past
** SQLite's length limit, NOMEM) stays in rc and later writes are dropped. */
typedef struct {
  char *p;
  size_t n, cap, limit;
  int rc;
  int json;
  sqlite3 *db;
  sqlite3_stmt *st; /* "SELECT CAST(?1 AS REAL)": asks SQLite to read a REAL back;
                    ** prepared on demand, kept for the calling statement */
  int enc;          /* the database's text encoding (SQLITE_UTF8...), asked on
                    ** demand: CAST(X'..' AS TEXT) reads the bytes in it; 0 unknown */
  char stack[256];
} ok_sql_out;

/* How deep ok_quote nests arrays and tuples (FDB's, bytewise's, charwise's):
** its text must read back, and SQLite 3.40's parser takes about 29 nested
** calls (newer ones more). A deeper key is refused with SQLITE_RANGE, which
** ok_sql_out_result names; ok_json shows any depth. */
#define OK_SQL_QUOTE_DEPTH 24

void ok_sql_out_init(ok_sql_out *o, sqlite3 *db, int json);
void ok_sql_puts(ok_sql_out *o, const char *s);
void ok_sql_putc(ok_sql_out *o, char c);
/* Formatted as sqlite3_mprintf does, for short pieces (up to 200 bytes). */
void ok_sql_putf(ok_sql_out *o, const char *fmt, ...);
/* Hands the text to ctx as the result, or sets the error of o->rc. */
void ok_sql_out_result(sqlite3_context *ctx, ok_sql_out *o);

/* A plain value: NULL, the integer, the REAL, the text or blob literal. */
int ok_sql_put_value(ok_sql_out *o, const ok_item *it);
void ok_sql_put_real(ok_sql_out *o, double d);
/* p[0..n) in upper-case hex as X'..' (SQL) or ".." (JSON). */
int ok_sql_put_hex_literal(ok_sql_out *o, const uint8_t *p, size_t n);
/* A call of fn around what follows, or in JSON {"key": ...}; then its end. */
void ok_sql_open_call(ok_sql_out *o, const char *fn, const char *key);
void ok_sql_close_call(ok_sql_out *o);
/* A value of a JavaScript key (bytewise's, the browsers'): a Date (`date`
** 1; its value the toISOString() text) in its format's constructor
** date_fn(...), {"date": ...} in JSON; anything else as its plain value. */
int ok_sql_put_js_value(ok_sql_out *o, const ok_item *it, int date, const char *date_fn);
/* An item as its own bytes: fn(X'..') in SQL, {"key": ".."} in JSON. */
int ok_sql_put_raw(ok_sql_out *o, const char *fn, const char *key, const uint8_t *raw, size_t n);
/* 1 when a TEXT item's value is valid UTF-8, 0 when not, -1 when there
** was no memory to check. */
int ok_sql_item_is_utf8(const ok_item *it);

#endif /* OK_TEXT_H */
