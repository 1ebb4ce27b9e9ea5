/*
** sql.c -- the bottom layer of the SQL glue: registration, argument checks,
** results, error messages (each starts with the function's name, from its
** user data) and scratch memory.
*/
#include "sql.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

/* A function that takes any number of arguments from f->min on: the only
** count SQLite cannot check when it prepares the call. */
static void variadic(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const ok_sql_function *f = sqlite3_user_data(ctx);
  if (argc < f->min) {
    ok_sql_error(ctx, "takes at least %d argument%s, got %d", f->min, f->min == 1 ? "" : "s", argc);
    return;
  }
  f->fn(ctx, argc, argv);
}

/* Fixed counts are registered one row each (as SQLite's own functions), so
** that a wrong count fails when the statement is prepared, even in a CREATE
** INDEX over an empty table. */
/* f registered for n arguments (-1: any) in SQLite's text encoding enc. */
static int register_one(sqlite3 *db, const ok_sql_function *f, int n, int enc) {
  ok_sql_function *copy;
  int flags = (f->flags & ~(SQLITE_UTF8 | OK_SQL_KEY_TEXT | OK_SQL_IN_UTF16)) | enc;
  void (*fn)(sqlite3_context *, int, sqlite3_value **) = n < 0 ? variadic : f->fn;
  if (enc == SQLITE_UTF8)
    return sqlite3_create_function_v2(db, f->name, n, flags, (void *)f, fn, NULL, NULL, NULL);
  /* SQLite prefers the registration in the database's own encoding */
  if (!(copy = sqlite3_malloc(sizeof *copy))) return SQLITE_NOMEM;
  *copy = *f;
  copy->flags |= OK_SQL_IN_UTF16;
  return sqlite3_create_function_v2(db, f->name, n, flags, copy, fn, NULL, NULL, sqlite3_free);
}

/* Fixed counts are registered one row each (as SQLite's own functions), so
** that a wrong count fails when the statement is prepared, even in a CREATE
** INDEX over an empty table. */
int ok_sql_register(sqlite3 *db, const ok_sql_function *table, char **err) {
  static const int encodings[] = {SQLITE_UTF8, SQLITE_UTF16LE, SQLITE_UTF16BE};
  const ok_sql_function *f;
  int rc = SQLITE_OK, n, e;
  for (f = table; f->name; f++) {
    for (e = 0; rc == SQLITE_OK && e < ((f->flags & OK_SQL_KEY_TEXT) ? 3 : 1); e++)
      for (n = f->max < 0 ? -1 : f->min; rc == SQLITE_OK && n <= (f->max < 0 ? -1 : f->max); n++)
        rc = register_one(db, f, n, encodings[e]);
    if (rc != SQLITE_OK) {
      if (err) *err = sqlite3_mprintf("ok: cannot register %s: %s", f->name, sqlite3_errstr(rc));
      return rc;
    }
  }
  return SQLITE_OK;
}

/* Whether SQLite gives text back byte for byte through UTF-16: valid UTF-8
** without U+FFFE and U+FFFF, which its decoder replaces (as it does the
** surrogates and overlong forms ok_utf8_check refuses). */
static int survives_utf16(const uint8_t *p, size_t n) {
  size_t i;
  if (ok_utf8_check(p, n) != n) return 0;
  for (i = 0; i + 2 < n; i++)
    if (p[i] == 0xEF && p[i + 1] == 0xBF && (p[i + 2] == 0xBE || p[i + 2] == 0xBF)) return 0;
  return 1;
}

void ok_sql_result_key_text(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  if ((((const ok_sql_function *)sqlite3_user_data(ctx))->flags & OK_SQL_IN_UTF16) &&
      !survives_utf16(p, n)) {
    ok_sql_error(ctx,
                 "the key is TEXT of bytes that are not UTF-8 text, which this UTF-16 database "
                 "would re-encode into another key: make such keys in a UTF-8 database (as "
                 "WebKit's own are)");
    return;
  }
  sqlite3_result_text64(ctx, (const char *)p, n, SQLITE_TRANSIENT, SQLITE_UTF8);
}

int ok_sql_fn_arg(sqlite3_context *ctx) {
  return ((const ok_sql_function *)sqlite3_user_data(ctx))->arg;
}

void ok_sql_error(sqlite3_context *ctx, const char *fmt, ...) {
  va_list ap;
  char *msg, *full;
  va_start(ap, fmt);
  msg = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  full =
      msg ? sqlite3_mprintf("%s: %s", ((const ok_sql_function *)sqlite3_user_data(ctx))->name, msg)
          : NULL;
  if (full)
    sqlite3_result_error(ctx, full, -1);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(msg);
  sqlite3_free(full);
}

int ok_sql_fail(char **msg, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  *msg = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

int ok_sql_report(sqlite3_context *ctx, int rc, char **msg) {
  if (rc == SQLITE_OK) return 1;
  if (rc == SQLITE_ERROR && msg && *msg)
    ok_sql_error(ctx, "%s", *msg);
  else if (rc == SQLITE_TOOBIG)
    ok_sql_error_toobig(ctx, NULL);
  else
    sqlite3_result_error_nomem(ctx);
  if (msg) sqlite3_free(*msg), *msg = NULL;
  return 0;
}

int ok_sql_typed_bytes(sqlite3_value *v, int t, const uint8_t **p, size_t *n) {
  *p = t == SQLITE_BLOB ? sqlite3_value_blob(v) : sqlite3_value_text(v);
  *n = (size_t)sqlite3_value_bytes(v);
  if (*p) return SQLITE_OK;
  *p = (const uint8_t *)""; /* SQLite gives NULL for x'' and NULL: the core wants a pointer */
  /* any other NULL is a text SQLite could not make (a conversion, a number's text) */
  return t == SQLITE_NULL || (t == SQLITE_BLOB && !*n) ? SQLITE_OK : SQLITE_NOMEM;
}

const char *ok_sql_type_name(int t) {
  switch (t) {
    case SQLITE_INTEGER: return "INTEGER";
    case SQLITE_FLOAT: return "REAL";
    case SQLITE_TEXT: return "TEXT";
    case SQLITE_BLOB: return "BLOB";
  }
  return "NULL";
}

size_t ok_sql_char_at(const char *s, size_t at) {
  size_t k, c = 1;
  for (k = 0; k < at; k++) c += ((uint8_t)s[k] & 0xC0) != 0x80;
  return c;
}

const char *ok_sql_cut(const char *s) {
  size_t chars = 0;
  for (; s && *s; s++) {
    chars += ((uint8_t)*s & 0xC0) != 0x80;
    if (chars > OK_SQL_EXCERPT) return "...";
  }
  return "";
}

int ok_sql_text_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, const char **s,
                    size_t *n) {
  int t = sqlite3_value_type(v);
  if (t == SQLITE_NULL) return 0;
  if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "%s must be TEXT, not %s", what, ok_sql_type_name(t));
    return 0;
  }
  return ok_sql_bytes(ctx, v, (const uint8_t **)(void *)s, n);
}

int ok_sql_hex(const char *s, size_t n, uint8_t **out, size_t *len, char **msg) {
  size_t err, at;
  int rc;
  int escaped = ok_escaped_is(s, n);
  *msg = NULL;
  if (!(*out = sqlite3_malloc64(n + 1))) return SQLITE_NOMEM;
  rc = escaped ? ok_escaped_decode(*out, len, s, n, &err) : ok_hex_decode(*out, len, s, n, &err);
  if (rc == OK_OK) return SQLITE_OK;
  sqlite3_free(*out);
  *out = NULL;
  at = ok_sql_char_at(s, err);
  if (escaped)
    return ok_sql_fail(msg,
                       "key TEXT with escapes: the escape at character %lld is %s (\\xHH, \\NNN "
                       "octal, \\uHHHH, \\u{H..}, \\UHHHHHHHH, \\\\, \\', \\\", \\a, \\b, \\f, "
                       "\\n, \\r, \\t, \\v)",
                       (long long)at, rc == OK_E_TRUNCATED ? "cut short" : "none of");
  if (rc == OK_E_TRUNCATED)
    *msg = sqlite3_mprintf(
        "key TEXT is not hex: the digit at character %lld lacks its byte's second digit",
        (long long)at);
  else
    *msg = sqlite3_mprintf(
        "key TEXT is not hex: character %lld is neither a hex digit nor a "
        "separator (space | : - , . _ /)",
        (long long)at);
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* A hex TEXT key argument, as bytes kept in argument i's auxdata. */
typedef struct {
  size_t n;
  uint8_t *p;
} hex_key;

static void hex_key_free(void *k) {
  sqlite3_free(((hex_key *)k)->p);
  sqlite3_free(k);
}

static int key_of_hex(sqlite3_context *ctx, sqlite3_value *v, int i, const uint8_t **p, size_t *n) {
  hex_key *k = sqlite3_get_auxdata(ctx, i);
  const char *s;
  size_t len;
  char *msg = NULL;
  if (!k) {
    if (!ok_sql_bytes(ctx, v, (const uint8_t **)(void *)&s, &len)) return 0;
    if (!(k = sqlite3_malloc(sizeof *k))) return ok_sql_report(ctx, SQLITE_NOMEM, NULL);
    if (!ok_sql_report(ctx, ok_sql_hex(s, len, &k->p, &k->n, &msg), &msg)) {
      sqlite3_free(k);
      return 0;
    }
    /* kept for the statement when constant, else until the next call */
    sqlite3_set_auxdata(ctx, i, k, hex_key_free);
    if (sqlite3_get_auxdata(ctx, i) != k) { /* SQLite freed it: out of memory */
      sqlite3_result_error_nomem(ctx);
      return 0;
    }
  }
  *p = k->p;
  *n = k->n;
  return 1;
}

int ok_sql_key_arg(sqlite3_context *ctx, sqlite3_value **argv, int i, const uint8_t **p,
                   size_t *n) {
  sqlite3_value *v = argv[i];
  int t = sqlite3_value_type(v);
  if (t == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return 0;
  }
  if (t == SQLITE_TEXT) return key_of_hex(ctx, v, i, p, n);
  if (t != SQLITE_BLOB) {
    ok_sql_error(ctx, "key must be a BLOB or hex TEXT, not %s", ok_sql_type_name(t));
    return 0;
  }
  return ok_sql_bytes(ctx, v, p, n);
}

void ok_sql_malformed(sqlite3_context *ctx, int status, size_t at) {
  ok_sql_error(ctx, "malformed key at byte %lld: %s", (long long)at + 1, ok_strerror(status));
}

/* 1 when n bytes pass SQLite's length limit, with the error set (named
** `name`, or NULL: the function's own). */
static int too_big_as(sqlite3_context *ctx, sqlite3_uint64 n, const char *name) {
  int limit = sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  if (n <= (sqlite3_uint64)limit) return 0;
  ok_sql_error_toobig(ctx, name);
  return 1;
}

char *ok_sql_words_utf8(size_t err) {
  return sqlite3_mprintf(" is TEXT that is not valid UTF-8 (byte %lld); give bytes as a BLOB",
                         (long long)err + 1);
}

char *ok_sql_words_wtf8(size_t err) {
  return sqlite3_mprintf(
      ": TEXT that is neither UTF-8 nor WTF-8 (a lone surrogate as three bytes; "
      "a pair as its one 4-byte character), at byte %lld",
      (long long)err + 1);
}

char *ok_sql_words_not_double(int64_t x) {
  return sqlite3_mprintf(
      ": INTEGER %lld is no double exactly (the nearest is %!.17g); give it as "
      "TEXT, or as a REAL if the rounding is meant",
      (long long)x, (double)x);
}

/* The error "argument i<words>", freeing the words. */
static void argument_error(sqlite3_context *ctx, int i, char *words) {
  if (words)
    ok_sql_error(ctx, "argument %d%s", i, words);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(words);
}

int ok_sql_utf8_arg(sqlite3_context *ctx, const uint8_t *p, size_t n, int i) {
  size_t bad = ok_utf8_check(p, n);
  if (bad == n) return 1;
  argument_error(ctx, i, ok_sql_words_utf8(bad));
  return 0;
}

void ok_sql_wtf8_error(sqlite3_context *ctx, int i, size_t err) {
  argument_error(ctx, i, ok_sql_words_wtf8(err));
}

int ok_sql_real_arg(sqlite3_context *ctx, sqlite3_value *v, int t, double *d) {
  const char *s;
  size_t n;
  if (t == SQLITE_INTEGER || t == SQLITE_FLOAT) {
    *d = sqlite3_value_double(v);
  } else if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "takes a number, not %s", ok_sql_type_name(t));
    return 0;
  } else if (!ok_sql_text_arg(ctx, v, "the number", &s, &n)) {
    return 0;
  } else if (!ok_special_real(s, n, d)) {
    ok_sql_error(ctx, "TEXT must be 'NaN', 'Inf' or '-Inf', not " OK_SQL_ECHO, OK_SQL_ECHO_ARGS(s));
    return 0;
  }
  return 1;
}

int ok_sql_int_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, int64_t *i) {
  if (sqlite3_value_type(v) != SQLITE_INTEGER) {
    ok_sql_error(ctx, "%s must be an INTEGER, not %s", what,
                 ok_sql_type_name(sqlite3_value_type(v)));
    return 0;
  }
  *i = sqlite3_value_int64(v);
  return 1;
}

int ok_sql_u64_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, uint64_t *u) {
  int t = sqlite3_value_type(v), neg;
  uint8_t mag[8];
  size_t n, len, err, i;
  const char *s, *sp = what ? " " : "";
  if (!what) what = "";
  if (t == SQLITE_INTEGER && sqlite3_value_int64(v) >= 0) {
    *u = (uint64_t)sqlite3_value_int64(v);
    return 1;
  }
  if (t == SQLITE_INTEGER) {
    ok_sql_error(ctx, "%s%s%lld is negative", what, sp, sqlite3_value_int64(v));
    return 0;
  }
  if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "%s%s an INTEGER or decimal TEXT, not %s", what, *sp ? " must be" : "takes",
                 ok_sql_type_name(t));
    return 0;
  }
  if (!ok_sql_text_arg(ctx, v, *sp ? what : "the number", &s, &n)) return 0;
  if (ok_decimal_parse(mag, sizeof mag, &len, &neg, s, n, &err) != OK_OK || (neg && len)) {
    ok_sql_error(ctx, "%s%s" OK_SQL_ECHO " is not an unsigned 64-bit integer", what, sp,
                 OK_SQL_ECHO_ARGS(s));
    return 0;
  }
  for (*u = 0, i = 0; i < len; i++) *u = *u << 8 | mag[i];
  return 1;
}

void ok_sql_result_u64(sqlite3_context *ctx, uint64_t u) {
  char digits[21];
  if (u <= (uint64_t)INT64_MAX) {
    sqlite3_result_int64(ctx, (sqlite3_int64)u);
    return;
  }
  sqlite3_snprintf(sizeof digits, digits, "%llu", (unsigned long long)u);
  sqlite3_result_text(ctx, digits, -1, SQLITE_TRANSIENT);
}

int ok_sql_decimal_text(sqlite3_context *ctx, sqlite3_value *v, char *buf, const char **s,
                        size_t *n) {
  int t = sqlite3_value_type(v);
  if (t == SQLITE_TEXT) return ok_sql_text_arg(ctx, v, "the decimal", s, n);
  if (t == SQLITE_INTEGER)
    *n = strlen(sqlite3_snprintf(OK_REPR_MAX, buf, "%lld", sqlite3_value_int64(v)));
  else if (t == SQLITE_FLOAT)
    *n = ok_double_repr(buf, sqlite3_value_double(v));
  else {
    ok_sql_error(ctx, "takes a number or decimal TEXT, not %s", ok_sql_type_name(t));
    return 0;
  }
  *s = buf;
  return 1;
}

int ok_sql_bool_arg(sqlite3_context *ctx, sqlite3_value *v, int *b) {
  int t = sqlite3_value_type(v);
  if (t != SQLITE_INTEGER && t != SQLITE_FLOAT) {
    ok_sql_error(ctx, "takes a number (0 is false), not %s", ok_sql_type_name(t));
    return 0;
  }
  *b = sqlite3_value_double(v) != 0;
  return 1;
}

int ok_sql_java_arg(sqlite3_context *ctx, sqlite3_value *v, int *java) {
  sqlite3_int64 j = sqlite3_value_int64(v);
  if (sqlite3_value_type(v) != SQLITE_INTEGER) {
    ok_sql_error(ctx, "java must be a Java feature version (8, 11, 17, 21...), not %s",
                 ok_sql_type_name(sqlite3_value_type(v)));
    return 0;
  }
  if (j < 1 || j > 999) {
    ok_sql_error(ctx, "java must be a Java feature version (8, 11, 17, 21...), not %lld",
                 (long long)j);
    return 0;
  }
  *java = (int)j;
  return 1;
}

void *ok_sql_scratch_heap(sqlite3_context *ctx, sqlite3_uint64 n) {
  void *p;
  if (too_big_as(ctx, n, NULL)) return NULL;
  if (!(p = sqlite3_malloc64(n))) sqlite3_result_error_nomem(ctx);
  return p;
}

int ok_sql_buf_grow(sqlite3_context *ctx, ok_sql_buf *b, size_t more, size_t least) {
  uint8_t *q;
  size_t cap;
  if (ok_sql_too_big(ctx, (sqlite3_uint64)b->n + least)) return 0;
  cap = 2 * b->cap > b->n + more ? 2 * b->cap : b->n + more;
  q = sqlite3_malloc64(cap);
  if (!q) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  memcpy(q, b->p, b->n);
  if (b->p != b->stack) sqlite3_free(b->p);
  b->p = q;
  b->cap = cap;
  return 1;
}

int ok_sql_too_big(sqlite3_context *ctx, sqlite3_uint64 n) { return too_big_as(ctx, n, NULL); }

void ok_sql_error_toobig(sqlite3_context *ctx, const char *name) {
  int limit = sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  char *msg;
  if (!name) name = ((const ok_sql_function *)sqlite3_user_data(ctx))->name;
  msg = sqlite3_mprintf("%s: the result would be longer than SQLITE_LIMIT_LENGTH (%d bytes)", name,
                        limit);
  if (!msg) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_error(ctx, msg, -1);
  sqlite3_result_error_code(ctx, SQLITE_TOOBIG); /* keeps the message */
  sqlite3_free(msg);
}

/* Sets the SQL result to the value of a decoded component. A text or blob
** that needs no unescaping is handed over as it lies in the key; SQLite
** copies it into its result register, whose buffer is reused row to row. */
void ok_sql_result_item(sqlite3_context *ctx, const ok_item *it, const char *name) {
  uint8_t stack[256], *buf = stack;
  switch (it->type) {
    case OK_NULL: sqlite3_result_null(ctx); return;
    case OK_INT: sqlite3_result_int64(ctx, it->i); return;
    case OK_REAL: sqlite3_result_double(ctx, it->d); return;
    case OK_TEXT:
    case OK_BLOB: break;
  }
  if (it->direct) {
    buf = (uint8_t *)it->body;
  } else {
    if ((it->value_len > sizeof stack && too_big_as(ctx, it->value_len, name)) ||
        !(buf = ok_sql_scratch(ctx, stack, sizeof stack, it->value_len)))
      return;
    ok_unescape(buf, it);
  }
  if (it->type == OK_TEXT) {
    sqlite3_result_text64(ctx, (const char *)buf, it->value_len, SQLITE_TRANSIENT, SQLITE_UTF8);
  } else {
    sqlite3_result_blob64(ctx, buf, it->value_len, SQLITE_TRANSIENT);
  }
  if (buf != it->body) ok_sql_scratch_free(buf, stack);
}

int ok_sql_exact_double(sqlite3_context *ctx, sqlite3_value *v, int t, int i, double *d) {
  sqlite3_int64 x;
  if (t == SQLITE_FLOAT) {
    *d = sqlite3_value_double(v);
    return 1;
  }
  x = sqlite3_value_int64(v);
  *d = (double)x;
  if (ok_int_is_double(x)) return 1;
  argument_error(ctx, i, ok_sql_words_not_double(x));
  return 0;
}
