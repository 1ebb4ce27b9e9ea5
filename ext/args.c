/*
** args.c -- argument checks, results and error messages shared by the SQL
** functions. Every message starts with the function's name (its user data).
*/
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "common.h"

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

const char *ok_sql_type_name(int t) {
  switch (t) {
    case SQLITE_INTEGER: return "INTEGER";
    case SQLITE_FLOAT: return "REAL";
    case SQLITE_TEXT: return "TEXT";
    case SQLITE_BLOB: return "BLOB";
  }
  return "NULL";
}

int ok_sql_key_arg(sqlite3_context *ctx, sqlite3_value *v, const uint8_t **p, size_t *n) {
  int t = sqlite3_value_type(v);
  if (t == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return 0;
  }
  if (t != SQLITE_BLOB) {
    ok_sql_error(ctx, "key must be a BLOB, not %s", ok_sql_type_name(t));
    return 0;
  }
  *p = sqlite3_value_blob(v);
  *n = (size_t)sqlite3_value_bytes(v);
  if (!*p) {
    static const uint8_t empty[1] = {0};
    if (*n) {
      sqlite3_result_error_nomem(ctx);
      return 0;
    }
    *p = empty; /* SQLite gives NULL for x'': the core wants a pointer */
  }
  return 1;
}

void ok_sql_malformed(sqlite3_context *ctx, int status, size_t at) {
  ok_sql_error(ctx, "malformed key at byte %lld: %s", (long long)at, ok_strerror(status));
}

void ok_sql_result_fragment(sqlite3_context *ctx, uint8_t *p, size_t n, int owned) {
  sqlite3_result_blob64(ctx, p, n, owned ? sqlite3_free : SQLITE_TRANSIENT);
  sqlite3_result_subtype(ctx, OK_SUBTYPE);
}

int ok_sql_special_real(const char *s, double *d) {
  int neg = *s == '-';
  if (*s == '-' || *s == '+') s++;
  if (sqlite3_stricmp(s, "inf") == 0 || sqlite3_stricmp(s, "infinity") == 0) {
    *d = neg ? -HUGE_VAL : HUGE_VAL;
    return 1;
  }
  if (sqlite3_stricmp(s, "nan") == 0) {
    *d = neg ? -NAN : NAN;
    return 1;
  }
  return 0;
}

void ok_sql_buf_init(ok_sql_buf *b) {
  b->p = b->stack;
  b->n = 0;
  b->cap = sizeof b->stack;
}

int ok_sql_buf_reserve(sqlite3_context *ctx, ok_sql_buf *b, size_t more, size_t least) {
  uint8_t *q;
  size_t cap;
  if (b->n + more <= b->cap) return 1;
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

void ok_sql_buf_free(ok_sql_buf *b) {
  if (b->p != b->stack) sqlite3_free(b->p);
}

int ok_sql_too_big(sqlite3_context *ctx, sqlite3_uint64 n) {
  int limit = sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1);
  if (n <= (sqlite3_uint64)limit) return 0;
  sqlite3_result_error_toobig(ctx);
  return 1;
}

/* Sets the SQL result to the value of a decoded component. A text or blob
** that needs no unescaping is handed over as it lies in the key; SQLite
** copies it into its result register, whose buffer is reused row to row. */
void ok_sql_result_item(sqlite3_context *ctx, const ok_item *it) {
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
  } else if (it->value_len > sizeof stack) {
    if (ok_sql_too_big(ctx, it->value_len)) return;
    if (!(buf = sqlite3_malloc64(it->value_len))) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    ok_unescape(buf, it);
  } else {
    ok_unescape(buf, it);
  }
  if (it->type == OK_TEXT) {
    sqlite3_result_text64(ctx, (const char *)buf, it->value_len, SQLITE_TRANSIENT, SQLITE_UTF8);
  } else {
    sqlite3_result_blob64(ctx, buf, it->value_len, SQLITE_TRANSIENT);
  }
  if (buf != stack && buf != it->body) sqlite3_free(buf);
}
