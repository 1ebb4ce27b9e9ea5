/*
** b64.c -- ok_b64(key) and ok_unb64(text): keys as order-preserving text
** for stores that take only text (src/b64.c has the encoding).
*/
#include "sql.h"

static void ok_b64_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, len;
  char *out, stack[512];
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  len = ok_b64_len(n);
  if (!(out = ok_sql_scratch(ctx, stack, sizeof stack, len))) return;
  ok_b64_encode(out, p, n);
  sqlite3_result_text64(ctx, out, len, SQLITE_TRANSIENT, SQLITE_UTF8);
  ok_sql_scratch_free(out, stack);
}

static void ok_unb64_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *s;
  size_t n, len, err;
  uint8_t *out, stack[512];
  int t = sqlite3_value_type(argv[0]), rc;
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "argument must be TEXT made by ok_b64");
    return;
  }
  s = (const char *)sqlite3_value_text(argv[0]);
  n = (size_t)sqlite3_value_bytes(argv[0]);
  if (!s) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (!(out = ok_sql_scratch(ctx, stack, sizeof stack, n))) return;
  rc = ok_b64_decode(out, &len, s, n, &err);
  if (rc == OK_E_SYNTAX)
    ok_sql_error(ctx, "character %lld is not in the alphabet", (long long)err);
  else if (rc == OK_E_TRUNCATED)
    ok_sql_error(ctx, "no key has a text of %lld characters", (long long)n);
  else if (rc != OK_OK)
    ok_sql_error(ctx, "the last character has nonzero padding bits");
  else
    sqlite3_result_blob64(ctx, out, len, SQLITE_TRANSIENT);
  ok_sql_scratch_free(out, stack);
}

const ok_sql_function ok_sql_b64_functions[] = {
    {"ok_b64", 1, 1, OK_SQL_PURE, ok_b64_fn, 0},
    {"ok_unb64", 1, 1, OK_SQL_PURE, ok_unb64_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};
