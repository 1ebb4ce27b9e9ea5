/*
** read.c -- SQL functions that read keys: ok_unpack_col, ok_hex.
*/
#include "common.h"

/* Sets the SQL result to the value of a decoded component. A text or blob
** that needs no unescaping is handed over as it lies in the key; SQLite
** copies it into its result register, whose buffer is reused row to row. */
static void result_item(sqlite3_context *ctx, const ok_item *it) {
  uint8_t stack[256], *buf = stack;
  switch (it->type) {
    case OK_NULL: sqlite3_result_null(ctx); return;
    case OK_INT: sqlite3_result_int64(ctx, it->i); return;
    case OK_REAL: sqlite3_result_double(ctx, it->d); return;
    case OK_TEXT:
    case OK_BLOB: break;
  }
  if (!it->desc && it->value_len == it->body_len) {
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

void ok_unpack_col_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, off = 0, count = 0, err, at;
  sqlite3_int64 i, want;
  ok_item it, found;
  int rc;
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return; /* NULL index: NULL */
  if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER) {
    ok_sql_error(ctx, "index must be an INTEGER");
    return;
  }
  i = sqlite3_value_int64(argv[1]);
  /* One pass decodes the whole key, so a damaged key never yields a value,
  ** and keeps the wanted component when it is counted from the front. */
  want = i > 0 ? i - 1 : -1;
  while (off < n) {
    if ((rc = ok_decode(p + off, n - off, &it, &err)) != OK_OK) {
      ok_sql_malformed(ctx, rc, off + err);
      return;
    }
    if ((sqlite3_int64)count == want) found = it;
    off += it.len;
    count++;
  }
  if (i < 0) i += (sqlite3_int64)count + 1;
  if (i < 1 || i > (sqlite3_int64)count) {
    ok_sql_error(ctx, "index %lld is out of range for a key of %lld components",
                 sqlite3_value_int64(argv[1]), (long long)count);
    return;
  }
  if (want < 0) ok_locate(p, n, (size_t)(i - 1), &found, &at, &err);
  result_item(ctx, &found);
}

void ok_hex_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char digits[] = "0123456789ABCDEF";
  const uint8_t *p;
  size_t n, i;
  char *out;
  (void)argc;
  char stack[512];
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (ok_sql_too_big(ctx, (sqlite3_uint64)n * 2)) return;
  out = n * 2 <= sizeof stack ? stack : sqlite3_malloc64(n * 2);
  if (!out) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (i = 0; i < n; i++) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 15];
  }
  sqlite3_result_text64(ctx, out, n * 2, SQLITE_TRANSIENT, SQLITE_UTF8);
  if (out != stack) sqlite3_free(out);
}
