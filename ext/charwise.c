/*
** charwise.c -- charwise keys from SQL: ok_charwise_pack, its constructors,
** and the 'charwise' format's kinds and renderings. Its keys are TEXT, and
** its readers take a TEXT key as its characters (not as hex).
**
**   ok_charwise_pack('users', 42)   -- charwise.encode(['users', 42])
**   ok_charwise_pack('users')       -- charwise.encode('users')
**
** The arguments as ok_bytewise_pack takes them (ext/bytewise.c); charwise
** has no Buffer and no Date. docs/bytewise.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_bytewise.h"
#include "format.h"

static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(charwise), 0);
}

/* The '"' before an array's element but its first (the array's 'K' is at
** 0; a key's one value has nothing before it). */
static int separate(ok_sql_builder *b) {
  if (b->buf.n <= 1) return 1;
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, 1, 1)) return 0;
  b->buf.p[b->buf.n++] = '"';
  return 1;
}

/* Argument i as the key's one value (lone) or an array's element. */
OK_SQL_FLATTEN static int put_one(ok_sql_builder *b, sqlite3_value *v, int t, int i, int lone) {
  return ok_sql_write(b, &ok_sql_charwise, v, t, i, ok_charwise_write, &ok_format_charwise, 0,
                      lone);
}

/* A plain value as an array's element: null, a number, a string. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return separate(b) && put_one(b, v, t, i, 0);
}

/* Its writer refuses bytes, an integer no double holds, text not UTF-8 or
** written as another text. */
static char *refusal(const ok_format *core, int rc, const ok_value *v, const ok_writer *w) {
  (void)core;
  switch (rc) {
    case OK_E_TYPE: return sqlite3_mprintf(": charwise keys hold no bytes (BLOB); give TEXT");
    case OK_E_RANGE: return ok_sql_words_not_double(v->i);
    case OK_E_BYTE: return ok_sql_words_utf8(w->err_at);
  }
  return sqlite3_mprintf(
      ": charwise writes this string as it writes another one (%s), so it would not read back",
      w->lone ? "a NUL before a NUL or 0x01"
              : "a NUL before a NUL or 0x01; in an array, a '?' before '@', '?' or '%' without "
                "a '!' or '\"'");
}

/* One of its pieces (a value): after the separator. */
static int put_piece(ok_sql_builder *b, const uint8_t *p, size_t n, int i) {
  (void)i;
  if (!separate(b) || !ok_sql_buf_reserve(b->ctx, &b->buf, n, n)) return 0;
  memcpy(b->buf.p + b->buf.n, p, n);
  b->buf.n += n;
  return 1;
}

/* The arguments as an array into *b: 'K', the elements between '"', '!'. */
static int array(sqlite3_context *ctx, ok_sql_builder *b, int argc, sqlite3_value **argv) {
  ok_sql_builder_init(b, ctx, 0);
  if (!ok_sql_buf_reserve(ctx, &b->buf, 1, 1)) return 0;
  b->buf.p[b->buf.n++] = OK_CHARWISE_ARRAY;
  if (!ok_sql_build(b, &ok_sql_charwise, argc, argv, 0) || !ok_sql_buf_reserve(ctx, &b->buf, 1, 1))
    return 0;
  b->buf.p[b->buf.n++] = '!';
  return 1;
}

/* ok_charwise_pack(v): the value as the whole key (a string without the
** element's escapes); any other count: an array of them. TEXT. */
static void ok_charwise_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int ok;
  if (argc == 1 && sqlite3_value_type(argv[0]) == SQLITE_TEXT) {
    ok_sql_builder_init(&b, ctx, 0);
    ok = put_one(&b, argv[0], SQLITE_TEXT, 1, 1);
  } else if (argc == 1) {
    ok_sql_builder_init(&b, ctx, 0);
    ok = ok_sql_build(&b, &ok_sql_charwise, argc, argv, 0);
  } else {
    ok = array(ctx, &b, argc, argv);
  }
  if (ok) {
    sqlite3_result_text64(ctx, (const char *)b.buf.p, b.buf.n, SQLITE_TRANSIENT, SQLITE_UTF8);
    sqlite3_result_subtype(ctx, OK_KEY_SUBTYPE(OK_SUBTYPE(charwise)));
  }
  ok_sql_builder_free(&b);
}

static void ok_charwise_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  if (array(ctx, &b, argc, argv)) result_piece(ctx, b.buf.p, b.buf.n);
  ok_sql_builder_free(&b);
}

static void ok_charwise_bool_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_bool_piece(ctx, argv[0], OK_SUBTYPE(charwise), OK_CHARWISE_FALSE, OK_CHARWISE_TRUE);
}

static void ok_charwise_undefined_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[1] = {OK_CHARWISE_UNDEFINED};
  (void)argc, (void)argv;
  result_piece(ctx, out, 1);
}

/* ok_charwise_number(x): a number, or 'NaN', 'Inf', '-Inf' (charwise
** writes NaN, as "DaN"; SQL has no REAL NaN). */
static void ok_charwise_number_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_CHARWISE_NUM_MAX];
  double d;
  int t = sqlite3_value_type(argv[0]);
  (void)argc;
  if (t == SQLITE_NULL || !ok_sql_real_arg(ctx, argv[0], t, &d)) return;
  if (d != d)
    result_piece(ctx, (const uint8_t *)"DaN", 3);
  else
    result_piece(ctx, out, ok_charwise_enc_number(out, d));
}

/* --- The 'charwise' format for the reading functions -------------------- */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_CHARWISE_NULL: return "null";
    case OK_CHARWISE_UNDEFINED: return "undefined";
    case OK_CHARWISE_FALSE:
    case OK_CHARWISE_TRUE: return "boolean";
    case OK_CHARWISE_STRING: return "string";
    case OK_CHARWISE_ARRAY: return "array";
  }
  return "number";
}

static int render_item(ok_sql_out *o, const ok_item *it) {
  switch (it->tag) {
    case OK_CHARWISE_FALSE:
    case OK_CHARWISE_TRUE:
      if (o->json)
        ok_sql_puts(o, it->i ? "true" : "false");
      else
        ok_sql_putf(o, "ok_charwise_bool(%d)", (int)it->i);
      return SQLITE_OK;
    case OK_CHARWISE_UNDEFINED:
      ok_sql_puts(o, o->json ? "{\"undefined\":true}" : "ok_charwise_undefined()");
      return SQLITE_OK;
    case OK_CHARWISE_NEG:
      if (it->type != OK_TEXT) break;
      ok_sql_puts(o, o->json ? "{\"number\":\"NaN\"}" : "ok_charwise_number('NaN')");
      return SQLITE_OK;
  }
  return ok_sql_put_value(o, it);
}

/* An array token by token ('K', '"', '!', an element), so depth costs no
** stack; the one element of an array key is wrapped so that it reads back
** as an array. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  const char *open = o->json ? "[" : "ok_charwise_array(", *close = o->json ? "]" : ")";
  const uint8_t *p = it->body;
  size_t off, err, depth; /* the arrays open here, with the sole one's */
  int rc = SQLITE_OK, sole = ok_js_sole(it) && !o->json;
  (void)raw;
  depth = (size_t)sole;
  if (sole) ok_sql_puts(o, open);
  if (it->tag != OK_CHARWISE_ARRAY) rc = render_item(o, it);
  for (off = 0; it->tag == OK_CHARWISE_ARRAY && off < it->body_len && rc == SQLITE_OK;) {
    ok_item in;
    if (p[off] == OK_CHARWISE_ARRAY || p[off] == '!' || p[off] == '"') {
      ok_sql_puts(o, p[off] == '"' ? (o->json ? "," : ", ") : p[off] == '!' ? close : open);
      if (p[off] == OK_CHARWISE_ARRAY && ++depth > OK_SQL_QUOTE_DEPTH && !o->json)
        rc = SQLITE_RANGE;
      if (p[off] == '!') depth--;
      off++;
      continue;
    }
    ok_charwise_decode(p + off, it->body_len - off, 1, &in, &err); /* checked by the walk */
    rc = render_item(o, &in);
    off += in.len;
  }
  if (sole) ok_sql_puts(o, close);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_charwise_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_charwise_pack_fn, 0},
    {"ok_charwise_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_charwise_array_fn,
     0},
    {"ok_charwise_bool", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_charwise_bool_fn, 0},
    {"ok_charwise_number", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_charwise_number_fn, 0},
    {"ok_charwise_undefined", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_charwise_undefined_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_charwise = {
    .core = &ok_format_charwise,
    .subtype = OK_SUBTYPE(charwise),
    .label = "charwise",
    .noun = "a charwise key",
    .builders = "ok_charwise_*",
    .pack = "ok_charwise_pack",
    .rejoin = "ok_charwise_array(...) nests an array",
    .put = put,
    .refusal = refusal,
    .put_piece = put_piece,
    .kind = kind,
    .render = render,
    .functions = functions,
    .text = 1,
};
