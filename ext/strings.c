/*
** strings.c -- keys and numbers as strings, and back: ok_b64 and ok_unb64
** (keys as order-preserving text for stores that take only text, src/b64.c),
** ok_unhex (hex from logs, src/hex.c), ok_lexi and ok_unlexi (numbers as
** the lexi strings the key design grew from, src/lexi.c), ok_utf16le (the
** names Chrome's SQLite files keep as UTF-16 BLOBs).
*/
#include "sql.h"

static void ok_b64_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, len;
  char *out, stack[512];
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv, 0, &p, &n)) return;
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
  int rc;
  (void)argc;
  if (!ok_sql_text_arg(ctx, argv[0], "the argument (made by ok_b64)", &s, &n)) return;
  if (!(out = ok_sql_scratch(ctx, stack, sizeof stack, n))) return;
  rc = ok_b64_decode(out, &len, s, n, &err);
  if (rc == OK_E_SYNTAX)
    ok_sql_error(ctx, "character %lld is not in the alphabet", (long long)err + 1);
  else if (rc == OK_E_TRUNCATED)
    ok_sql_error(ctx, "no key has a text of %lld character%s", (long long)n, OK_SQL_S(n));
  else if (rc != OK_OK)
    ok_sql_error(ctx, "the last character has nonzero padding bits");
  else
    sqlite3_result_blob64(ctx, out, len, SQLITE_TRANSIENT);
  ok_sql_scratch_free(out, stack);
}

/* ok_unhex(text): the BLOB of hex text in any of the forms the readers
** take (SQLite 3.41's unhex() takes no separators, 3.40 has none). */
static void ok_unhex_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  (void)argc;
  if (sqlite3_value_type(argv[0]) != SQLITE_TEXT && sqlite3_value_type(argv[0]) != SQLITE_NULL) {
    ok_sql_error(ctx, "takes hex TEXT, not %s", ok_sql_type_name(sqlite3_value_type(argv[0])));
    return;
  }
  if (ok_sql_key_arg(ctx, argv, 0, &p, &n)) sqlite3_result_blob64(ctx, p, n, SQLITE_TRANSIENT);
}

/* ok_lexi(x): an INTEGER or REAL (or 'NaN', 'Inf', '-Inf') as its lexi
** string. */
static void ok_lexi_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  char out[OK_LEXI_LEN];
  int t = sqlite3_value_type(argv[0]);
  const char *s;
  size_t n;
  double d;
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_INTEGER) {
    ok_lexi_int(out, sqlite3_value_int64(argv[0]));
  } else if (t == SQLITE_FLOAT) {
    ok_lexi_double(out, sqlite3_value_double(argv[0]));
  } else if (t == SQLITE_TEXT) {
    if (!ok_sql_text_arg(ctx, argv[0], "the number", &s, &n)) return;
    if (!ok_special_real(s, n, &d)) {
      ok_sql_error(ctx, "takes an INTEGER or a REAL (or 'NaN', 'Inf', '-Inf'), not other TEXT");
      return;
    }
    ok_lexi_double(out, d);
  } else {
    ok_sql_error(ctx, "takes an INTEGER or a REAL (or 'NaN', 'Inf', '-Inf'), not %s",
                 ok_sql_type_name(t));
    return;
  }
  sqlite3_result_text(ctx, out, OK_LEXI_LEN, SQLITE_TRANSIENT);
}

/* ok_unlexi(text): the INTEGER or REAL of a lexi string ('NaN' for a NaN,
** which SQL has no REAL for). */
static void ok_unlexi_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *s;
  size_t n, err;
  int64_t i;
  double d;
  ok_type type;
  int rc;
  (void)argc;
  if (!ok_sql_text_arg(ctx, argv[0], "the lexi string", &s, &n)) return;
  if ((rc = ok_lexi_decode(s, n, &type, &i, &d, &err)) != OK_OK) {
    size_t chars = ok_sql_chars(s, n);
    if (rc == OK_E_LENGTH)
      ok_sql_error(ctx, OK_SQL_ECHO " has %lld character%s, not 17", OK_SQL_ECHO_ARGS(s),
                   (long long)chars, OK_SQL_S(chars));
    else if (rc == OK_E_TAG)
      ok_sql_error(ctx, OK_SQL_ECHO " starts with neither 'l' (INTEGER) nor 'd' (REAL)",
                   OK_SQL_ECHO_ARGS(s));
    else
      ok_sql_error(ctx, "character %lld of " OK_SQL_ECHO " is no upper-case hex digit",
                   (long long)ok_sql_char_at(s, err), OK_SQL_ECHO_ARGS(s));
    return;
  }
  if (type == OK_INT)
    sqlite3_result_int64(ctx, i);
  else if (d != d)
    sqlite3_result_text(ctx, "NaN", 3, SQLITE_STATIC);
  else
    sqlite3_result_double(ctx, d);
}

/* ok_utf16le(x): a BLOB of UTF-16 units, little-endian, as TEXT (SQLite's
** own conversion). */
static void ok_utf16le_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  int t = sqlite3_value_type(argv[0]);
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t != SQLITE_BLOB) {
    ok_sql_error(ctx, "takes a BLOB of UTF-16 units, not %s", ok_sql_type_name(t));
    return;
  }
  if (ok_sql_value_bytes(argv[0], &p, &n) != SQLITE_OK) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (n % 2) {
    ok_sql_error(ctx, "a BLOB of UTF-16 units has an even length, not %lld", (long long)n);
    return;
  }
  sqlite3_result_text16le(ctx, n ? (const void *)p : "", (int)n, SQLITE_TRANSIENT);
}

const ok_sql_function ok_sql_string_functions[] = {
    {"ok_b64", 1, 1, OK_SQL_PURE, ok_b64_fn, 0},
    {"ok_unb64", 1, 1, OK_SQL_PURE, ok_unb64_fn, 0},
    {"ok_unhex", 1, 1, OK_SQL_PURE, ok_unhex_fn, 0},
    {"ok_lexi", 1, 1, OK_SQL_PURE, ok_lexi_fn, 0},
    {"ok_unlexi", 1, 1, OK_SQL_PURE, ok_unlexi_fn, 0},
    {"ok_utf16le", 1, 1, OK_SQL_PURE, ok_utf16le_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};
