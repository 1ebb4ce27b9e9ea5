/*
** pack.c -- SQL functions that build keys: ok_pack, ok_desc, ok_prefix,
** ok_concat, ok_prefix_end.
**
** Every key-building function returns a BLOB tagged with OK_SUBTYPE, and
** ok_pack/ok_desc inline such an argument's bytes instead of packing it as
** a BLOB value; that is how ok_pack(a, ok_desc(b)) composes (R4, R6).
*/
#include <string.h>

#include "common.h"

#define NOMEM ((sqlite3_uint64)-1)

static int is_fragment(sqlite3_value *v) {
  return sqlite3_value_type(v) == SQLITE_BLOB && sqlite3_value_subtype(v) == OK_SUBTYPE;
}

/* Bytes of v (TEXT or BLOB) with their tag; NULL only when out of memory. */
static const uint8_t *bytes_of(sqlite3_value *v, int *tag, size_t *n) {
  const uint8_t *p;
  if (sqlite3_value_type(v) == SQLITE_TEXT) {
    p = sqlite3_value_text(v);
    *tag = OK_TAG_TEXT;
  } else {
    p = sqlite3_value_blob(v);
    *tag = OK_TAG_BLOB;
  }
  *n = (size_t)sqlite3_value_bytes(v);
  return p || *n ? p : (const uint8_t *)"";
}

/* Upper bound of the bytes put() writes for v, or NOMEM. */
static sqlite3_uint64 bound(sqlite3_value *v) {
  int tag;
  size_t n;
  const uint8_t *p;
  switch (sqlite3_value_type(v)) {
    case SQLITE_NULL: return 1;
    case SQLITE_INTEGER:
    case SQLITE_FLOAT: return OK_NUM_MAX;
  }
  if (!(p = bytes_of(v, &tag, &n))) return NOMEM;
  if (is_fragment(v)) return n;
  return ok_enc_bytes(NULL, tag, p, n, 1, 0);
}

/* Writes v as one component (or inlines a fragment) and returns the count. */
static size_t put(uint8_t *out, sqlite3_value *v, int desc) {
  int tag;
  size_t n;
  const uint8_t *p;
  switch (sqlite3_value_type(v)) {
    case SQLITE_NULL: return ok_enc_null(out, desc);
    case SQLITE_INTEGER: return ok_enc_int(out, sqlite3_value_int64(v), desc);
    case SQLITE_FLOAT: return ok_enc_double(out, sqlite3_value_double(v), desc);
  }
  p = bytes_of(v, &tag, &n);
  if (!is_fragment(v)) return ok_enc_bytes(out, tag, p, n, 1, desc);
  memcpy(out, p, n);
  if (desc) ok_invert(out, n);
  return n;
}

/* Puts every argument into one BLOB fragment: the body of ok_pack and
** ok_desc (which has one argument and desc = 1). */
static void pack(sqlite3_context *ctx, int argc, sqlite3_value **argv, int desc) {
  uint8_t stack[256], *buf = stack;
  sqlite3_uint64 cap = 0, slack = (sqlite3_uint64)argc * OK_NUM_MAX;
  size_t n = 0;
  int i;
  for (i = 0; i < argc; i++) {
    sqlite3_uint64 b = bound(argv[i]);
    if (b == NOMEM) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    cap += b;
  }
  if (ok_sql_too_big(ctx, cap > slack ? cap - slack : 0)) return;
  if (cap > sizeof stack && !(buf = sqlite3_malloc64(cap))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (i = 0; i < argc; i++) n += put(buf + n, argv[i], desc);
  if (ok_sql_too_big(ctx, n)) {
    if (buf != stack) sqlite3_free(buf);
    return;
  }
  ok_sql_result_fragment(ctx, buf, n, buf != stack);
}

void ok_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  pack(ctx, argc, argv, 0);
}

void ok_desc_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  pack(ctx, argc, argv, 1);
}

void ok_prefix_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int t = sqlite3_value_type(argv[0]), tag;
  size_t len, n;
  const uint8_t *p;
  uint8_t *out;
  (void)argc;
  if (t == SQLITE_NULL) return; /* a NULL pattern matches nothing */
  if (is_fragment(argv[0])) {
    ok_sql_error(ctx, "argument is a key fragment; give the TEXT or BLOB value itself");
    return;
  }
  if (t != SQLITE_TEXT && t != SQLITE_BLOB) {
    ok_sql_error(ctx, "argument must be a TEXT or BLOB value");
    return;
  }
  if (!(p = bytes_of(argv[0], &tag, &len))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  n = ok_enc_bytes(NULL, tag, p, len, 0, 0);
  if (ok_sql_too_big(ctx, n)) return;
  if (!(out = sqlite3_malloc64(n))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_enc_bytes(out, tag, p, len, 0, 0);
  ok_sql_result_fragment(ctx, out, n, 1);
}

void ok_concat_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3_uint64 total = 0;
  uint8_t *out;
  size_t off = 0;
  int i;
  for (i = 0; i < argc; i++) {
    const uint8_t *p;
    size_t n, count, at;
    int rc;
    if (!ok_sql_key_arg(ctx, argv[i], &p, &n)) return;
    if ((rc = ok_count(p, n, &count, &at)) != OK_OK) {
      ok_sql_error(ctx, "argument %d is a malformed key at byte %lld: %s", i + 1,
                   (long long)at, ok_strerror(rc));
      return;
    }
    total += n;
  }
  if (ok_sql_too_big(ctx, total)) return;
  if (!(out = sqlite3_malloc64(total ? total : 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (i = 0; i < argc; i++) {
    size_t n = (size_t)sqlite3_value_bytes(argv[i]);
    if (n) memcpy(out + off, sqlite3_value_blob(argv[i]), n);
    off += n;
  }
  ok_sql_result_fragment(ctx, out, off, 1);
}

void ok_prefix_end_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  uint8_t stack[256], *out = stack;
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (n > sizeof stack && !(out = sqlite3_malloc64(n))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  n = ok_prefix_end(out, p, n);
  if (n) sqlite3_result_blob64(ctx, out, n, SQLITE_TRANSIENT);
  if (out != stack) sqlite3_free(out);
}
