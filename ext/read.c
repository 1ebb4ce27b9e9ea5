/*
** read.c -- SQL functions that read keys: ok_unpack_col, ok_hex.
*/
#include "common.h"

/* Sets the SQL result to the value of a decoded component. */
static void result_item(sqlite3_context *ctx, const ok_item *it) {
  uint8_t *buf;
  switch (it->type) {
    case OK_NULL: sqlite3_result_null(ctx); return;
    case OK_INT: sqlite3_result_int64(ctx, it->i); return;
    case OK_REAL: sqlite3_result_double(ctx, it->d); return;
    case OK_TEXT:
    case OK_BLOB: break;
  }
  if (ok_sql_too_big(ctx, it->value_len)) return;
  if (!(buf = sqlite3_malloc64(it->value_len ? it->value_len : 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_unescape(buf, it);
  if (it->type == OK_TEXT) sqlite3_result_text64(ctx, (char *)buf, it->value_len, sqlite3_free, SQLITE_UTF8);
  else sqlite3_result_blob64(ctx, buf, it->value_len, sqlite3_free);
}

void ok_unpack_col_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, count, at, err;
  sqlite3_int64 i;
  ok_item it;
  int rc;
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return; /* NULL index: NULL */
  if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER) {
    ok_sql_error(ctx, "index must be an INTEGER");
    return;
  }
  /* Check the whole key, so a damaged key never yields a value. */
  if ((rc = ok_count(p, n, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, err);
    return;
  }
  i = sqlite3_value_int64(argv[1]);
  if (i < 0) i += (sqlite3_int64)count + 1;
  if (i < 1 || i > (sqlite3_int64)count) {
    ok_sql_error(ctx, "index %lld is out of range for a key of %lld components",
                 sqlite3_value_int64(argv[1]), (long long)count);
    return;
  }
  ok_locate(p, n, (size_t)(i - 1), &it, &at, &err);
  result_item(ctx, &it);
}

void ok_hex_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char digits[] = "0123456789ABCDEF";
  const uint8_t *p;
  size_t n, i;
  char *out;
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (ok_sql_too_big(ctx, (sqlite3_uint64)n * 2)) return;
  if (!(out = sqlite3_malloc64(n * 2 + 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (i = 0; i < n; i++) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 15];
  }
  sqlite3_result_text64(ctx, out, n * 2, sqlite3_free, SQLITE_UTF8);
}
