/*
** sql.h -- the bottom layer of the SQL glue: SQLite's extension API,
** function tables, arguments, results, errors and a growing buffer. It
** knows nothing of key formats. Only ext/ includes SQLite.
*/
#ifndef OK_SQL_H
#define OK_SQL_H

#include <stddef.h>
#include <stdint.h>

#ifndef OK_STATIC_LINKING_ONLY
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#endif
#include "../src/ok.h"
#include "sqlite3ext.h"

/* The API table: defined by the entry point's file (ok.c), which says
** OK_EXT_MAIN first; every other file refers to it. */
#ifdef OK_EXT_MAIN
SQLITE_EXTENSION_INIT1
#else
SQLITE_EXTENSION_INIT3
#endif

/* Newer SQLite wants these flags on functions that read or set subtypes;
** older versions ignore the bits. */
#ifndef SQLITE_SUBTYPE
#define SQLITE_SUBTYPE 0x000100000
#endif
#ifndef SQLITE_RESULT_SUBTYPE
#define SQLITE_RESULT_SUBTYPE 0x001000000
#endif

/* The subtype SQLite's JSON functions give JSON text and take it by:
** ok_json's results carry it. */
#define OK_SQL_JSON_SUBTYPE 0x4A /* 'J' */

/* Pure functions: usable in indexes, generated columns, CHECK constraints
** and with trusted_schema=OFF. READS: reads its arguments' subtypes (pieces,
** and the format of the key a reader is given); MAKES: sets one. */
#define OK_SQL_PURE (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)
#define OK_SQL_READS SQLITE_SUBTYPE
#define OK_SQL_MAKES SQLITE_RESULT_SUBTYPE
/* ok's own, not SQLite's: the function may give a key as TEXT of any bytes
** (WebKit's), which SQLite would re-encode in a UTF-16 database. It is also
** registered for UTF-16, which SQLite calls there: a copy marked IN_UTF16,
** so that ok_sql_result_key_text refuses what would not survive. */
#define OK_SQL_KEY_TEXT 0x40000000
#define OK_SQL_IN_UTF16 0x20000000

/* One SQL function: the user data of its registration, one for each count
** from min to max (SQLite refuses other counts when it prepares the call),
** or for any count (max -1), checked against min when called. A table of
** them ends with a NULL name. */
typedef struct {
  const char *name;
  int min, max;
  int flags;
  void (*fn)(sqlite3_context *, int, sqlite3_value **);
  int arg; /* what tells apart functions that share fn: a named constant of
           ** fn's file (OK_SQL_DESC, AS_JSON, a type code such as OK_FDB_FLOAT) */
} ok_sql_function;

/* Registers a table of functions; SQLITE_OK, or the error with *err (if
** err) naming the function. */
int ok_sql_register(sqlite3 *db, const ok_sql_function *table, char **err);
/* A key that is TEXT of any bytes as the result: refused in a UTF-16
** database when SQLite's conversion would not give its bytes back. */
void ok_sql_result_key_text(sqlite3_context *ctx, const uint8_t *p, size_t n);

/* The `arg` of the function being called. */
int ok_sql_fn_arg(sqlite3_context *ctx);

/* Errors, one way. A function reports its own through its context:
** ok_sql_error sets "<function name>: <message>". A helper without a
** context (the readers', the parameters', ok_each's) returns an SQLite
** code: SQLITE_OK; SQLITE_ERROR with the message (without a function's
** name; sqlite3_malloc'd) in *msg; SQLITE_NOMEM (or SQLITE_TOOBIG) with
** *msg NULL. ok_sql_fail makes such a failure; ok_sql_report hands one to a
** function's context (each.c has the other adapter, to ok_each's table). */
void ok_sql_error(sqlite3_context *ctx, const char *fmt, ...);
int ok_sql_fail(char **msg, const char *fmt, ...);
/* 1 when rc is SQLITE_OK; else 0 with ctx's error set from rc and *msg
** (msg may be NULL for a helper that only runs out of memory), which it
** frees. */
int ok_sql_report(sqlite3_context *ctx, int rc, char **msg);

/* Reports a core decoding failure as "<name>: malformed key at byte N: ..". */
void ok_sql_malformed(sqlite3_context *ctx, int status, size_t at);

/* Input echoed in a message, quoted and cut to its first OK_SQL_EXCERPT
** characters (a 1 MB argument makes no 1 MB message):
** ok_sql_error(ctx, OK_SQL_ECHO " is not ...", OK_SQL_ECHO_ARGS(s)). */
#define OK_SQL_EXCERPT 40
#define OK_SQL_ECHO "'%!.*q%s'"
#define OK_SQL_ECHO_ARGS(s) OK_SQL_EXCERPT, (s), ok_sql_cut(s)
/* The number, from 1, of the UTF-8 character at byte offset `at` of s;
** and of the characters in s[0..n). Messages count characters from 1. */
size_t ok_sql_char_at(const char *s, size_t at);
#define ok_sql_chars(s, n) (ok_sql_char_at((s), (n)) - 1)
/* "s" after a count other than 1: "%lld component%s", n, OK_SQL_S(n). */
#define OK_SQL_S(n) ((n) == 1 ? "" : "s")
/* "..." when the text s has more than OK_SQL_EXCERPT characters, else "". */
const char *ok_sql_cut(const char *s);

/* "INTEGER", "REAL", "TEXT", "BLOB" or "NULL" for an SQLITE_* type. */
const char *ok_sql_type_name(int t);

/* Reads argument argv[i] as a key: a BLOB, or hex TEXT as ok_hex prints it
** (ok_hex_decode's forms: from logs), decoded once a statement when the
** argument is constant. Returns 1 with the bytes in *p, *n; or 0 after
** setting the result: NULL for a NULL key, an error otherwise. */
int ok_sql_key_arg(sqlite3_context *ctx, sqlite3_value **argv, int i, const uint8_t **p, size_t *n);
/* The bytes of value v as SQLite gives them for its type (TEXT as UTF-8,
** BLOB as they are; other types as their text), never a NULL pointer:
** SQLITE_OK; SQLITE_NOMEM when SQLite could not provide them (a text that
** needs converting from a UTF-16 database: it gives NULL then). The one
** way ext/ asks SQLite for a value's text or bytes; ok_sql_typed_bytes
** when the caller has its type t from sqlite3_value_type already (one call
** into SQLite less: a key's reader and builders ask for it per value). */
int ok_sql_typed_bytes(sqlite3_value *v, int t, const uint8_t **p, size_t *n);
static inline int ok_sql_value_bytes(sqlite3_value *v, const uint8_t **p, size_t *n) {
  return ok_sql_typed_bytes(v, sqlite3_value_type(v), p, n);
}
static inline int ok_sql_value_text(sqlite3_value *v, const char **s, size_t *n) {
  return ok_sql_value_bytes(v, (const uint8_t **)(void *)s, n);
}
/* ok_sql_value_bytes for a function: 1, or 0 with SQLITE_NOMEM set; and
** ok_sql_typed, the same of a value whose type t is known. */
static inline int ok_sql_bytes(sqlite3_context *ctx, sqlite3_value *v, const uint8_t **p,
                               size_t *n) {
  return ok_sql_report(ctx, ok_sql_value_bytes(v, p, n), NULL);
}
static inline int ok_sql_typed(sqlite3_context *ctx, sqlite3_value *v, int t, const uint8_t **p,
                               size_t *n) {
  return ok_sql_report(ctx, ok_sql_typed_bytes(v, t, p, n), NULL);
}
/* Argument v as TEXT in *s, *n: 1; or 0 after setting the result: NULL
** for NULL, "<what> must be TEXT, not <type>" for other types, out of
** memory. */
int ok_sql_text_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, const char **s,
                    size_t *n);
/* The bytes of hex TEXT s[0..n) in *out (sqlite3_malloc'd, at least one
** byte), their count in *len: SQLITE_OK; SQLITE_ERROR with *msg (without a
** function's name) for what is not hex; SQLITE_NOMEM. */
int ok_sql_hex(const char *s, size_t n, uint8_t **out, size_t *len, char **msg);
/* 1 when TEXT argument i is valid UTF-8 (the FDB and HBase formats hold
** nothing else as text), else 0 with the error set. */
int ok_sql_utf8_arg(sqlite3_context *ctx, const uint8_t *p, size_t n, int i);
/* The error for argument i, TEXT that a browser's key (Firefox's, WebKit's)
** cannot hold: neither UTF-8 nor WTF-8 from byte err (0-based) on. */
void ok_sql_wtf8_error(sqlite3_context *ctx, int i, size_t err);
/* The words of the errors that refusals share (a format's words for its
** writer's, ext/format.h): after "argument 2", text that is not UTF-8, or
** not WTF-8, from byte err (0-based) on; an INTEGER x that no double holds
** exactly, where the format's numbers are doubles. sqlite3_malloc'd, NULL
** out of memory. */
char *ok_sql_words_utf8(size_t err);
char *ok_sql_words_wtf8(size_t err);
char *ok_sql_words_not_double(int64_t x);
/* A number argument v of type t (sqlite3_value_type), or 'NaN', 'Inf',
** '-Inf', in *d; 0 with the error set. A float is then (float)*d, rounded
** to nearest as every FDB binding and Java's cast round: past FLT_MAX and
** half an ulp, an infinity. */
int ok_sql_real_arg(sqlite3_context *ctx, sqlite3_value *v, int t, double *d);
/* An INTEGER argument in *i, or 0 with the error "<what> must be an
** INTEGER, not <type>". */
int ok_sql_int_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, int64_t *i);
/* An unsigned 64-bit argument in *u: an INTEGER from 0, or decimal TEXT
** up to 18446744073709551615; 0 with the error set, naming `what` ("the
** version ..."; NULL: as a function's one argument, "-1 is negative"). */
int ok_sql_u64_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, uint64_t *u);
/* An unsigned 64-bit result: an INTEGER, past int64 decimal TEXT. */
void ok_sql_result_u64(sqlite3_context *ctx, uint64_t u);
/* A decimal argument as text in *s, *n: TEXT as it is, an INTEGER's digits,
** a REAL's shortest decimal (in buf, OK_REPR_MAX bytes); 0 with the error
** set for another type. */
int ok_sql_decimal_text(sqlite3_context *ctx, sqlite3_value *v, char *buf, const char **s,
                        size_t *n);
/* A number argument (argument i, 1-based) as the one double that is its
** value, as JavaScript holds numbers: a REAL, or an INTEGER that a double
** holds exactly (2^53 + 1 has none: refused, not rounded). 0 with the
** error set. */
int ok_sql_exact_double(sqlite3_context *ctx, sqlite3_value *v, int t, int i, double *d);
/* A boolean argument: any number, 0 false. 0 with the error set. */
int ok_sql_bool_arg(sqlite3_context *ctx, sqlite3_value *v, int *b);

/* The Java ok_quote names for a decimal only Java 19+ writes: an LTS. */
#define OK_SQL_JAVA_NEW 21
/* A Java feature version argument (8, 11, 17, 21...) in *java; 0 with the
** error set. */
int ok_sql_java_arg(sqlite3_context *ctx, sqlite3_value *v, int *java);

/* Sets the result to the value of a decoded component; a TOOBIG error
** names `name` (NULL: the function's own). */
void ok_sql_result_item(sqlite3_context *ctx, const ok_item *it, const char *name);

/* 1 when the result would pass SQLite's length limit (and sets TOOBIG). */
int ok_sql_too_big(sqlite3_context *ctx, sqlite3_uint64 n);
/* The error SQLITE_TOOBIG, with a message that names `name` (NULL: the
** function's own name, which only a function's context has: ok_each's
** columns give theirs). */
void ok_sql_error_toobig(sqlite3_context *ctx, const char *name);

/* Scratch memory of n bytes: `stack` (cap bytes) when it fits, else the
** heap; NULL with the error set (TOOBIG past the length limit, NOMEM).
** Release it with ok_sql_scratch_free(p, stack). Inline where the stack
** does (the usual case: a call less per value read or key built). */
void *ok_sql_scratch_heap(sqlite3_context *ctx, sqlite3_uint64 n);
static inline void *ok_sql_scratch(sqlite3_context *ctx, void *stack, size_t cap,
                                   sqlite3_uint64 n) {
  return n <= cap ? stack : ok_sql_scratch_heap(ctx, n);
}
static inline void ok_sql_scratch_free(void *p, const void *stack) {
  if (p != stack) sqlite3_free(p);
}

/* A growing output buffer that starts on the stack: where keys are built. */
typedef struct {
  uint8_t *p;
  size_t n, cap;
  uint8_t stack[512];
} ok_sql_buf;

static inline void ok_sql_buf_init(ok_sql_buf *b) {
  b->p = b->stack;
  b->n = 0;
  b->cap = sizeof b->stack;
}
/* Makes room for `more` bytes; 0 (with the error set) when the result would
** pass the length limit anyway (`least` more bytes) or memory runs out. */
int ok_sql_buf_grow(sqlite3_context *ctx, ok_sql_buf *b, size_t more, size_t least);
static inline int ok_sql_buf_reserve(sqlite3_context *ctx, ok_sql_buf *b, size_t more,
                                     size_t least) {
  return b->n + more <= b->cap || ok_sql_buf_grow(ctx, b, more, least);
}
static inline void ok_sql_buf_free(ok_sql_buf *b) {
  if (b->p != b->stack) sqlite3_free(b->p);
}

#endif /* OK_SQL_H */
