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

/* Appends v (argument i) as one component, or a fragment's bytes as they
** are. */
static int put(sqlite3_context *ctx, ok_sql_buf *b, sqlite3_value *v, int i, int desc) {
  int tag, t = sqlite3_value_type(v), frag;
  size_t n;
  const uint8_t *p;
  if (t == SQLITE_NULL || t == SQLITE_INTEGER || t == SQLITE_FLOAT) {
    if (!ok_sql_buf_reserve(ctx, b, OK_NUM_MAX, 1)) return 0;
    if (t == SQLITE_INTEGER)
      b->n += ok_enc_int(b->p + b->n, sqlite3_value_int64(v), desc);
    else if (t == SQLITE_FLOAT)
      b->n += ok_enc_double(b->p + b->n, sqlite3_value_double(v), desc);
    else
      b->n += ok_enc_null(b->p + b->n, desc);
    return 1;
  }
  if (!ok_sql_bytes(ctx, v, &p, &n) || (frag = ok_sql_piece(ctx, v, OK_SUBTYPE, i)) < 0) return 0;
  tag = t == SQLITE_TEXT ? OK_TAG_TEXT : OK_TAG_BLOB;
  /* an escaped body is at most twice the value */
  if (!ok_sql_buf_reserve(ctx, b, frag ? n : 2 * n + 2, frag ? n : n + 2)) return 0;
  if (!frag) {
    b->n += ok_enc_bytes(b->p + b->n, tag, p, n, 1, desc);
    return 1;
  }
  memcpy(b->p + b->n, p, n);
  if (desc) ok_invert(b->p + b->n, n);
  b->n += n;
  return 1;
}

/* ok_pack(v, ...) and ok_desc(v) (arg 1): every argument into one BLOB
** fragment. */
void ok_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_buf b;
  int i, ok = 1, desc = ok_sql_fn_arg(ctx);
  ok_sql_buf_init(&b);
  for (i = 0; ok && i < argc; i++) ok = put(ctx, &b, argv[i], i + 1, desc);
  if (ok) ok_sql_result_piece(ctx, b.p, b.n, OK_SUBTYPE, 0);
  ok_sql_buf_free(&b);
}

/* ok_prefix(x [, collation]) */
void ok_prefix_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int t = sqlite3_value_type(argv[0]), tag, frag;
  size_t len, n;
  const uint8_t *p;
  uint8_t *out, stack[256];
  if (t == SQLITE_NULL) return; /* a NULL pattern matches nothing */
  if ((frag = ok_sql_piece(ctx, argv[0], OK_SUBTYPE, 1)) != 0) {
    if (frag > 0)
      ok_sql_error(ctx, "argument is a key fragment; give the TEXT or BLOB value itself");
    return;
  }
  if (t != SQLITE_TEXT && t != SQLITE_BLOB) {
    ok_sql_error(ctx, "argument must be a TEXT or BLOB value");
    return;
  }
  if (!ok_sql_bytes(ctx, argv[0], &p, &len)) return;
  tag = t == SQLITE_TEXT ? OK_TAG_TEXT : OK_TAG_BLOB;
  if (argc > 1) {
    if ((tag = ok_sql_collation_arg(ctx, argv[1])) < 0) return;
    if (t != SQLITE_TEXT) {
      ok_sql_error(ctx, "a collation applies to TEXT only");
      return;
    }
    if (tag == OK_TAG_RTRIM || tag == OK_TAG_NATURAL) {
      /* 'a1' starts 'a12', yet their natural keys part at the run; RTRIM
      ** keys drop the trailing spaces a prefix may end with */
      ok_sql_error(ctx, "%s keys have no prefix ranges; use BINARY or NOCASE",
                   ok_sql_collation_name(tag));
      return;
    }
    if (tag == OK_TAG_NOCASE && len > 1 && memchr(p, 0, len - 1)) {
      /* after a NUL, NOCASE keys keep only the length of the rest */
      ok_sql_error(ctx, "a NOCASE prefix can hold a NUL only as its last character");
      return;
    }
  }
  if ((n = ok_sql_collated(ctx, tag, p, len, 0, stack, sizeof stack, &out)) > 0) {
    ok_sql_result_piece(ctx, out, n, OK_SUBTYPE, out != stack);
  }
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
    if (ok_sql_piece(ctx, argv[i], OK_SUBTYPE, i + 1) < 0 || !ok_sql_key_arg(ctx, argv[i], &p, &n))
      return;
    if ((rc = ok_count(&ok_format_native, p, n, &count, &at)) != OK_OK) {
      ok_sql_error(ctx, "argument %d is a malformed key at byte %lld: %s", i + 1, (long long)at,
                   ok_strerror(rc));
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
  ok_sql_result_piece(ctx, out, off, OK_SUBTYPE, 1);
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
