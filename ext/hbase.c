/*
** hbase.c -- HBase OrderedBytes from SQL: ok_hbase_pack, a constructor for
** every encoding, ok_hbase_desc, and the 'hbase' format's kinds and
** renderings.
**
**   ok_hbase_pack(NULL, 42, 1.5, 'text', x'00', ok_hbase_int32(7),
**                 ok_hbase_desc(ok_hbase_int64(ts)), ok_hbase_numeric('1e-40'))
**
** Every function returns a BLOB tagged OK_SUBTYPE(hbase), which ok_hbase_pack
** and ok_hbase_desc inline as items (a plain BLOB argument is a BlobVar).
** docs/hbase.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <math.h>
#include <string.h>

#include "../src/ok_hbase.h"
#include "format.h"

static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(hbase), 0);
}

/* TEXT for the text and JSON encodings: valid UTF-8 (what a Java String
** holds) without NUL (the terminator). */

/* Its writer refuses text with a NUL, or not UTF-8. */
static char *refusal(const ok_format *core, int rc, const ok_value *v, const ok_writer *w) {
  (void)core, (void)v;
  if (rc == OK_E_NUL)
    return sqlite3_mprintf(" holds a NUL (byte %lld), which HBase text cannot hold",
                           (long long)w->err_at + 1);
  return ok_sql_words_utf8(w->err_at);
}

/* A number as the variable-length numeric encoding, a REAL through the
** Double.toString of Java version `java`. */
static size_t put_number(uint8_t *out, sqlite3_value *v, int java, int desc) {
  if (sqlite3_value_type(v) == SQLITE_INTEGER)
    return ok_hbase_enc_int_num(out, sqlite3_value_int64(v), desc);
  return ok_hbase_enc_double_num(out, sqlite3_value_double(v), java, desc);
}

/* What an ascending BlobCopy at the end of a key refuses after it. */
static const char open_copy[] =
    "an ascending BlobCopy, which must be the last item (it takes the rest of the key); use "
    "ok_hbase_blob_var or ok_hbase_desc(ok_hbase_blob_copy(x)) before the end";

/* A plain value as one item. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_hbase, v, t, i, ok_hbase_write, &ok_format_hbase, 0, 0);
}

/* A piece of ascending items, as it is: one that ends with an ascending
** BlobCopy ends the key. */
static int put_piece(ok_sql_builder *b, const uint8_t *p, size_t n, int i) {
  (void)i;
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, n, n)) return 0;
  memcpy(b->buf.p + b->buf.n, p, n);
  b->buf.n += n;
  if (ok_hbase_ends_open(p, n)) b->last = open_copy;
  return 1;
}

static void ok_hbase_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_pack(ctx, &ok_sql_hbase, argc, argv, 0);
}

/* ok_hbase_desc(x): x (a value, or a piece of ascending items) with every
** item descending: complemented, header included; a BlobCopy gains the
** terminator it needs then (and may hold no NUL). */
static void ok_hbase_desc_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int rc, piece = ok_sql_piece(ctx, argv[0], OK_SUBTYPE(hbase), 1);
  size_t n, len, at;
  const uint8_t *p;
  (void)argc;
  if (piece < 0) return;
  ok_sql_builder_init(&b, ctx, 1);
  if (piece == 0) { /* a value: its default item, descending */
    if (put(&b, argv[0], sqlite3_value_type(argv[0]), 1)) result_piece(ctx, b.buf.p, b.buf.n);
    ok_sql_builder_free(&b);
    return;
  }
  if (!ok_sql_bytes(ctx, argv[0], &p, &n)) return;
  rc = ok_hbase_desc(NULL, &len, p, n, &at);
  if (rc == OK_E_DESC)
    ok_sql_error(ctx, "the item at byte %lld is descending already", (long long)at + 1);
  else if (rc == OK_E_NUL)
    ok_sql_error(ctx, "a descending BlobCopy cannot hold a NUL (its terminator)");
  else if (rc != OK_OK) /* only from a foreign value tagged as a piece */
    ok_sql_malformed(ctx, rc, at);
  else if (ok_sql_buf_reserve(ctx, &b.buf, len, len) &&
           ok_hbase_desc(b.buf.p, &len, p, n, &at) == OK_OK)
    result_piece(ctx, b.buf.p, len);
  ok_sql_builder_free(&b);
}

/* ok_hbase_int8(x) .. ok_hbase_int64(x) (arg: the header): an INTEGER (or
** integral REAL) in the width's range. */
static void ok_hbase_int_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[9];
  sqlite3_value *v = argv[0];
  int code = ok_sql_fn_arg(ctx), t = sqlite3_value_type(v);
  int bits = 8 << (code - OK_HBASE_INT8);
  int64_t lo = bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1)), hi = -(lo + 1);
  double d = sqlite3_value_double(v);
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_FLOAT &&
      (d != floor(d) || d < -9223372036854775808.0 || d >= 9223372036854775808.0)) {
    ok_sql_error(ctx, "REAL %!.17g is not an integer", d);
  } else if (t != SQLITE_INTEGER && t != SQLITE_FLOAT) {
    ok_sql_error(ctx, "takes an INTEGER, not %s", ok_sql_type_name(t));
  } else if (sqlite3_value_int64(v) < lo || sqlite3_value_int64(v) > hi) {
    ok_sql_error(ctx, "%lld is outside int%d's range %lld..%lld", sqlite3_value_int64(v), bits,
                 (long long)lo, (long long)hi);
  } else {
    result_piece(ctx, out, ok_hbase_enc_int(out, code, sqlite3_value_int64(v), 0));
  }
}

/* ok_hbase_float32(x) and ok_hbase_float64(x) (arg: the header). */
static void ok_hbase_float_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[9];
  int code = ok_sql_fn_arg(ctx);
  size_t n, size = code == OK_HBASE_FLOAT32 ? 4 : 8;
  double d;
  int t = sqlite3_value_type(argv[0]);
  (void)argc;
  if (t == SQLITE_NULL || !ok_sql_real_arg(ctx, argv[0], t, &d)) return;
  n = size == 4 ? ok_hbase_enc_float32(out, (float)d, 0) : ok_hbase_enc_float64(out, d, 0);
  result_piece(ctx, out, n);
}

/* ok_hbase_numeric(x [, java]): a number, or decimal TEXT of any precision
** (rounded to 31 significant digits, half up, as HBase rounds a BigDecimal),
** or 'NaN', 'Inf', '-Inf'. A REAL is written as the Java of feature version
** `java` writes it (default OK_JAVA_DEFAULT): Double.toString changed in 19. */
static void ok_hbase_numeric_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_HBASE_NUM_MAX];
  int t = sqlite3_value_type(argv[0]), rc, java = OK_JAVA_DEFAULT;
  const char *s;
  size_t err, n;
  double d;
  ok_hbase_num x;
  if (argc > 1 && !ok_sql_java_arg(ctx, argv[1], &java)) return;
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_INTEGER || t == SQLITE_FLOAT) {
    result_piece(ctx, out, put_number(out, argv[0], java, 0));
    return;
  }
  if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "takes a number or decimal TEXT, not %s", ok_sql_type_name(t));
    return;
  }
  if (!ok_sql_text_arg(ctx, argv[0], "the number", &s, &n)) return;
  if (ok_special_real(s, n, &d)) {
    result_piece(ctx, out,
                 ok_hbase_enc_header(out,
                                     d != d  ? OK_HBASE_NAN
                                     : d > 0 ? OK_HBASE_POS_INF
                                             : OK_HBASE_NEG_INF,
                                     0));
    return;
  }
  rc = ok_hbase_num_parse(&x, s, n, &err);
  if (rc == OK_E_RANGE)
    ok_sql_error(ctx,
                 OK_SQL_ECHO
                 " is beyond the numeric range ok writes (magnitudes from "
                 "1e-200000000 to below 1e200000000)",
                 OK_SQL_ECHO_ARGS(s));
  else if (rc != OK_OK)
    ok_sql_error(ctx, OK_SQL_ECHO " is not a decimal number (character %lld)", OK_SQL_ECHO_ARGS(s),
                 (long long)err + 1);
  else
    result_piece(ctx, out, ok_hbase_enc_num(out, &x, 0));
}

/* ok_hbase_text(x) and ok_hbase_json(x) (arg: the header): TEXT items
** (Actionbase's JSON has its own header). */
static void ok_hbase_text_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_buf b;
  size_t n;
  const uint8_t *p;
  ok_writer w;
  sqlite3_value *v = argv[0];
  int code = ok_sql_fn_arg(ctx), rc;
  (void)argc;
  if (sqlite3_value_type(v) == SQLITE_NULL) return;
  if (sqlite3_value_type(v) != SQLITE_TEXT) {
    ok_sql_error(ctx, "takes TEXT, not %s", ok_sql_type_name(sqlite3_value_type(v)));
    return;
  }
  if (!ok_sql_bytes(ctx, v, &p, &n)) return;
  ok_sql_buf_init(&b);
  if ((rc = ok_hbase_text_check(p, n, &w.err_at)) != OK_OK)
    ok_sql_refused(ctx, &ok_sql_hbase, &ok_format_hbase, rc, 1, NULL, &w);
  else if (ok_sql_buf_reserve(ctx, &b, n + 2, n + 2))
    result_piece(ctx, b.p, ok_hbase_enc_text(b.p, code, p, n, 0));
  ok_sql_buf_free(&b);
}

/* ok_hbase_blob_var(x) and ok_hbase_blob_copy(x) (arg: the header): the
** bytes of a BLOB (or of a TEXT). */
static void ok_hbase_blob_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_buf b;
  size_t n;
  const uint8_t *p;
  sqlite3_value *v = argv[0];
  int t = sqlite3_value_type(v), copy = ok_sql_fn_arg(ctx) == OK_HBASE_BLOB_COPY;
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t != SQLITE_BLOB && t != SQLITE_TEXT) {
    ok_sql_error(ctx, "takes a BLOB, not %s", ok_sql_type_name(t));
    return;
  }
  if (!ok_sql_bytes(ctx, v, &p, &n)) return;
  ok_sql_buf_init(&b);
  if (ok_sql_buf_reserve(ctx, &b, 2 + n + n / 7 + 1, 2 + n))
    result_piece(ctx, b.p,
                 copy ? ok_hbase_enc_blob_copy(b.p, p, n, 0) : ok_hbase_enc_blob_var(b.p, p, n, 0));
  ok_sql_buf_free(&b);
}

/* ok_hbase_bool(x): Actionbase's true (0x36) or false (0x35). */
static void ok_hbase_bool_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[1];
  int b;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || !ok_sql_bool_arg(ctx, argv[0], &b)) return;
  result_piece(ctx, out, ok_hbase_enc_header(out, b ? OK_HBASE_TRUE : OK_HBASE_FALSE, 0));
}

/* ok_hbase_raw(key): the items of an OrderedBytes key, checked. */
static void ok_hbase_raw_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_result_raw(ctx, argv, &ok_sql_hbase);
}

/* --- The 'hbase' format for the reading functions ----------------------- */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_HBASE_NULL: return it->len == 2 ? "blob-copy" : "null"; /* FA FF */
    case OK_HBASE_INT8: return "int8";
    case OK_HBASE_INT16: return "int16";
    case OK_HBASE_INT32: return "int32";
    case OK_HBASE_INT64: return "int64";
    case OK_HBASE_FLOAT32: return "float32";
    case OK_HBASE_FLOAT64: return "float64";
    case OK_HBASE_TEXT: return "text";
    case OK_HBASE_JSON: return "json";
    case OK_HBASE_FALSE:
    case OK_HBASE_TRUE: return "bool";
    case OK_HBASE_BLOB_VAR: return "blob-var";
    case OK_HBASE_BLOB_COPY: return "blob-copy";
  }
  return "numeric";
}

/* 1 when the item is a numeric that reads as a REAL but is not what
** ok_hbase_pack writes for it: the decimal Java 19+ prints for its double
** where Java 8-18 prints another. */
static int other_java(const ok_item *it, const uint8_t *raw) {
  uint8_t b[OK_HBASE_NUM_MAX];
  return it->type == OK_REAL && it->tag >= OK_HBASE_NEG_LARGE && it->tag <= OK_HBASE_POS_LARGE &&
         (ok_hbase_enc_double_num(b, it->d, OK_JAVA_DEFAULT, it->desc) != it->len ||
          memcmp(b, raw, it->len) != 0);
}

/* The item as if ascending (raw: its bytes in the key). */
static int render_value(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  static const char *const ints[] = {"int8", "int16", "int32", "int64"};
  int rc = SQLITE_OK;
  switch (it->tag) {
    case OK_HBASE_INT8:
    case OK_HBASE_INT16:
    case OK_HBASE_INT32:
    case OK_HBASE_INT64:
      if (o->json)
        ok_sql_putf(o, "{\"%s\":%lld}", ints[it->tag - OK_HBASE_INT8], (long long)it->i);
      else
        ok_sql_putf(o, "ok_hbase_%s(%lld)", ints[it->tag - OK_HBASE_INT8], (long long)it->i);
      return SQLITE_OK;
    case OK_HBASE_FLOAT32:
    case OK_HBASE_FLOAT64:
      ok_sql_open_call(o, it->tag == OK_HBASE_FLOAT32 ? "ok_hbase_float32" : "ok_hbase_float64",
                       it->tag == OK_HBASE_FLOAT32 ? "float32" : "float64");
      if (it->type == OK_REAL)
        ok_sql_put_real(o, it->d);
      else
        ok_sql_puts(o, o->json ? "\"NaN\"" : "'NaN'");
      ok_sql_close_call(o);
      return SQLITE_OK;
    case OK_HBASE_FALSE:
    case OK_HBASE_TRUE:
      if (o->json)
        ok_sql_puts(o, it->i ? "true" : "false");
      else
        ok_sql_putf(o, "ok_hbase_bool(%d)", (int)it->i);
      return SQLITE_OK;
    case OK_HBASE_JSON:
      ok_sql_open_call(o, "ok_hbase_json", "json");
      rc = ok_sql_put_value(o, it);
      ok_sql_close_call(o);
      return rc;
    case OK_HBASE_BLOB_COPY: /* X'..' in SQL, ".." in JSON */
      ok_sql_open_call(o, "ok_hbase_blob_copy", "blob_copy");
      if (o->json) {
        uint8_t *v = sqlite3_malloc64(it->value_len + 1);
        if (!v) return SQLITE_NOMEM;
        ok_unescape(v, it);
        rc = ok_sql_put_hex_literal(o, v, it->value_len);
        sqlite3_free(v);
      } else {
        rc = ok_sql_put_value(o, it);
      }
      ok_sql_close_call(o);
      return rc;
  }
  if (it->type == OK_TEXT && it->tag != OK_HBASE_TEXT) { /* a numeric beyond SQL's types, NaN */
    ok_sql_open_call(o, "ok_hbase_numeric", "numeric");
    rc = ok_sql_put_value(o, it);
    ok_sql_close_call(o);
    return rc;
  }
  if (!o->json && other_java(it, raw)) { /* the decimal of Java 19+, not OK_JAVA_DEFAULT's */
    ok_sql_puts(o, "ok_hbase_numeric(");
    ok_sql_put_real(o, it->d);
    ok_sql_putf(o, ", %d)", OK_SQL_JAVA_NEW);
    return SQLITE_OK;
  }
  return ok_sql_put_value(o, it);
}

static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  int rc;
  if (it->tag == OK_HBASE_TEXT || it->tag == OK_HBASE_JSON) {
    /* ok_hbase_pack takes only UTF-8 as text: others as the item's bytes */
    if ((rc = ok_sql_item_is_utf8(it)) < 0) return SQLITE_NOMEM;
    if (!rc) return ok_sql_put_raw(o, "ok_hbase_raw", "hbase", raw, it->len);
  }
  /* ok_hbase_pack(1) would write 1802; ok_hbase_desc(NULL) FA, not FA FF */
  if (!o->json && (ok_hbase_odd_one(raw, it->len) || (it->tag == OK_HBASE_NULL && it->len == 2)))
    return ok_sql_put_raw(o, "ok_hbase_raw", "hbase", raw, it->len);
  if (!it->desc) return render_value(o, it, raw);
  ok_sql_open_call(o, "ok_hbase_desc", "desc");
  rc = render_value(o, it, raw);
  ok_sql_close_call(o);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_hbase_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_hbase_pack_fn, 0},
    {"ok_hbase_desc", 1, 1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_hbase_desc_fn, 0},
    {"ok_hbase_int8", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_int_fn, OK_HBASE_INT8},
    {"ok_hbase_int16", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_int_fn, OK_HBASE_INT16},
    {"ok_hbase_int32", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_int_fn, OK_HBASE_INT32},
    {"ok_hbase_int64", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_int_fn, OK_HBASE_INT64},
    {"ok_hbase_float32", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_float_fn, OK_HBASE_FLOAT32},
    {"ok_hbase_float64", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_float_fn, OK_HBASE_FLOAT64},
    {"ok_hbase_numeric", 1, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_numeric_fn, 0},
    {"ok_hbase_text", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_text_fn, OK_HBASE_TEXT},
    {"ok_hbase_json", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_text_fn, OK_HBASE_JSON},
    {"ok_hbase_blob_var", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_blob_fn, OK_HBASE_BLOB_VAR},
    {"ok_hbase_blob_copy", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_blob_fn, OK_HBASE_BLOB_COPY},
    {"ok_hbase_bool", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_bool_fn, 0},
    {"ok_hbase_raw", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_hbase_raw_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_hbase = {
    .core = &ok_format_hbase,
    .subtype = OK_SUBTYPE(hbase),
    .label = "HBase",
    .noun = "an HBase key",
    .builders = "ok_hbase_*",
    .pack = "ok_hbase_pack",
    .rejoin = "ok_hbase_raw(key) gives its items as a piece",
    .put = put,
    .refusal = refusal,
    .put_piece = put_piece,
    .kind = kind,
    .render = render,
    .functions = functions,
};
