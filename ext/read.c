/*
** read.c -- SQL functions that read keys: ok_unpack_col, ok_hex, ok_count,
** ok_valid.
*/
#include <string.h>

#include "common.h"

/* ok_unpack_col(key, i [, format]) */
void ok_unpack_col_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, off = 0, count = 0, err;
  sqlite3_int64 i, want;
  ok_item it, found;
  const ok_sql_format *f;
  int rc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (!(f = ok_sql_format_arg(ctx, argc, argv, 2))) return;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return; /* NULL index: NULL */
  if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER) {
    ok_sql_error(ctx, "index must be an INTEGER");
    return;
  }
  i = sqlite3_value_int64(argv[1]);
  /* Decode the whole key, so a damaged key never yields a value. One pass
  ** finds a component counted from the front; from the end takes two. */
  if (i < 0) {
    if ((rc = ok_sql_walk(f, p, n, NULL, 0, &count, &err)) != OK_OK) {
      ok_sql_malformed(ctx, rc, err);
      return;
    }
    i += (sqlite3_int64)count + 1;
  }
  want = i - 1;
  count = 0;
  memset(&found, 0, sizeof found);
  while (off < n) {
    if ((rc = f->decode(p + off, n - off, &it, &err)) != OK_OK) {
      ok_sql_malformed(ctx, rc, off + err);
      return;
    }
    if ((sqlite3_int64)count == want) found = it;
    off += it.len;
    count++;
  }
  if (i < 1 || i > (sqlite3_int64)count) {
    ok_sql_error(ctx, "index %lld is out of range for a key of %lld components",
                 sqlite3_value_int64(argv[1]), (long long)count);
    return;
  }
  ok_sql_result_item(ctx, &found);
}

/* ok_hex(key [, separator [, format]]): with a separator, the components'
** hex joined by it (the key must then be well-formed). */
void ok_hex_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const char digits[] = "0123456789ABCDEF";
  const uint8_t *p;
  const char *sep = NULL;
  size_t n, i, off = 0, len, seplen = 0, err;
  sqlite3_uint64 size;
  char *out, stack[512];
  const ok_sql_format *f = NULL;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (argc > 1) {
    if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    if (!(f = ok_sql_format_arg(ctx, argc, argv, 2))) return;
    sep = (const char *)sqlite3_value_text(argv[1]);
    seplen = (size_t)sqlite3_value_bytes(argv[1]);
    if (!sep) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
  }
  size = (sqlite3_uint64)n * (2 + seplen);
  if (ok_sql_too_big(ctx, size)) return;
  out = size <= sizeof stack ? stack : sqlite3_malloc64(size);
  if (!out) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (i = 0, len = 0; i < n; i++) {
    if (sep && i == off) { /* at the start of a component */
      ok_item it;
      int rc = f->decode(p + off, n - off, &it, &err);
      if (rc != OK_OK) {
        if (out != stack) sqlite3_free(out);
        ok_sql_malformed(ctx, rc, off + err);
        return;
      }
      if (off > 0) memcpy(out + len, sep, seplen), len += seplen;
      off += it.len;
    }
    out[len++] = digits[p[i] >> 4];
    out[len++] = digits[p[i] & 15];
  }
  sqlite3_result_text64(ctx, out, len, SQLITE_TRANSIENT, SQLITE_UTF8);
  if (out != stack) sqlite3_free(out);
}

/* ok_count(key [, format]): the number of components; errors on a
** malformed key. */
void ok_count_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, count, err;
  const ok_sql_format *f;
  int rc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (!(f = ok_sql_format_arg(ctx, argc, argv, 1))) return;
  if ((rc = ok_sql_walk(f, p, n, NULL, 0, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, err);
    return;
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)count);
}

/* ok_valid(key [, format]): 1 for a well-formed key, else 0; never an
** error for the key itself (NULL gives NULL). */
void ok_valid_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  size_t count, err;
  const ok_sql_format *f;
  int t = sqlite3_value_type(argv[0]);
  if (t == SQLITE_NULL) return;
  if (!(f = ok_sql_format_arg(ctx, argc, argv, 1))) return;
  if (t != SQLITE_BLOB) {
    sqlite3_result_int(ctx, 0);
    return;
  }
  sqlite3_result_int(
      ctx, ok_sql_walk(f, sqlite3_value_blob(argv[0]), (size_t)sqlite3_value_bytes(argv[0]), NULL,
                       0, &count, &err) == OK_OK);
}
