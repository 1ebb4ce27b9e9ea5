/*
** bytewise.c -- bytewise keys from SQL: ok_bytewise_pack, the constructors
** for JavaScript values SQL has no type for, the array ranges, and the
** 'bytewise' format's kinds and renderings.
**
**   ok_bytewise_pack('users', 42)       -- bytewise.encode(['users', 42])
**   ok_bytewise_pack('users')           -- bytewise.encode('users')
**   ok_bytewise_pack(ok_bytewise_array('users'))   -- encode(['users'])
**
** One argument is the key's one value, several an array of them (as
** bytewise.encode of a value or of an array): a key of an array of one is
** ok_bytewise_pack(ok_bytewise_array(v)). docs/bytewise.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <math.h>
#include <string.h>

#include "../src/ok_bytewise.h"
#include "format.h"

static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(bytewise), 0);
}

/* A plain value as an array's element: null, a number, a string, a Buffer. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_bytewise, v, t, i, ok_bytewise_write, &ok_format_bytewise, 0, 0);
}

/* Its writer refuses an integer no double holds, and TEXT not UTF-8. */
static char *refusal(const ok_format *core, int rc, const ok_value *v, const ok_writer *w) {
  (void)core;
  return rc == OK_E_RANGE ? ok_sql_words_not_double(v->i) : ok_sql_words_utf8(w->err_at);
}

/* ok_bytewise_pack(v): the value as the whole key, a string or Buffer as
** its bytes (no escapes, no end); any other count: an array of them. */
static void ok_bytewise_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int t = argc == 1 ? sqlite3_value_type(argv[0]) : SQLITE_NULL, ok;
  const uint8_t *p;
  size_t n;
  if (t == SQLITE_TEXT ||
      (t == SQLITE_BLOB && !ok_sql_piece(ctx, argv[0], OK_SUBTYPE(bytewise), 1))) {
    ok_sql_builder_init(&b, ctx, 0);
    ok = ok_sql_bytes(ctx, argv[0], &p, &n) &&
         (t == SQLITE_BLOB || ok_sql_utf8_arg(ctx, p, n, 1)) &&
         ok_sql_buf_reserve(ctx, &b.buf, n + 1, n + 1);
    if (ok)
      b.buf.n = ok_bytewise_enc_bytes(
          b.buf.p, t == SQLITE_TEXT ? OK_BYTEWISE_STRING : OK_BYTEWISE_BUFFER, p, n, 0);
  } else if (argc == 1) { /* any other value: its element's bytes */
    ok_sql_builder_init(&b, ctx, 0);
    ok = ok_sql_build(&b, &ok_sql_bytewise, argc, argv, 0);
  } else {
    ok = ok_sql_build_array(ctx, &b, &ok_sql_bytewise, OK_BYTEWISE_ARRAY, 0x00, argc, argv);
  }
  if (ok) ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(bytewise)), 0);
  ok_sql_builder_free(&b);
}

/* ok_bytewise_array(v, ...): an array, as one element. */
static void ok_bytewise_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  if (ok_sql_build_array(ctx, &b, &ok_sql_bytewise, OK_BYTEWISE_ARRAY, 0x00, argc, argv))
    result_piece(ctx, b.buf.p, b.buf.n);
  ok_sql_builder_free(&b);
}

/* ok_bytewise_range_begin and _end (arg: the byte after the elements): the
** bounds of every array key that starts with these elements, as
** bytewise's array bound lower(prefix) and upper(prefix) give them. Plain
** BLOBs: bounds are no keys. */
enum { RANGE_BEGIN = 0x100, RANGE_END = 0xFF };
static void ok_bytewise_range_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int last = ok_sql_fn_arg(ctx);
  if (ok_sql_build_array(ctx, &b, &ok_sql_bytewise, OK_BYTEWISE_ARRAY, -1, argc, argv) &&
      (last == RANGE_BEGIN || ok_sql_buf_reserve(ctx, &b.buf, 1, 1))) {
    if (last != RANGE_BEGIN) b.buf.p[b.buf.n++] = (uint8_t)last;
    sqlite3_result_blob64(ctx, b.buf.p, b.buf.n, SQLITE_TRANSIENT);
  }
  ok_sql_builder_free(&b);
}

static void ok_bytewise_bool_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_bool_piece(ctx, argv[0], OK_SUBTYPE(bytewise), OK_BYTEWISE_FALSE, OK_BYTEWISE_TRUE);
}

static void ok_bytewise_undefined_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[1] = {OK_BYTEWISE_UNDEFINED};
  (void)argc, (void)argv;
  result_piece(ctx, out, 1);
}

/* A Date argument: its milliseconds (a number), or its toISOString() text;
** 0 with the error set. */
static int date_arg(sqlite3_context *ctx, sqlite3_value *v, double *ms) {
  int t = sqlite3_value_type(v);
  if (t == SQLITE_TEXT) {
    const char *s;
    size_t n, err;
    int64_t x;
    int rc;
    if (!ok_sql_text_arg(ctx, v, "the date", &s, &n)) return 0;
    if ((rc = ok_js_date_parse(&x, s, n, &err)) == OK_OK) return *ms = (double)x, 1;
    if (rc == OK_E_RANGE)
      ok_sql_error(ctx, OK_SQL_ECHO " is past a JavaScript Date's range (+-8.64e15 ms)",
                   OK_SQL_ECHO_ARGS(s));
    else
      ok_sql_error(ctx,
                   OK_SQL_ECHO
                   " is not a date as toISOString() writes it "
                   "(YYYY-MM-DDTHH:MM:SS.sssZ; character %lld)",
                   OK_SQL_ECHO_ARGS(s), (long long)err + 1);
    return 0;
  }
  if (t != SQLITE_INTEGER && t != SQLITE_FLOAT) {
    ok_sql_error(ctx, "takes milliseconds since 1970 or ISO 8601 TEXT, not %s",
                 ok_sql_type_name(t));
    return 0;
  }
  if (!ok_sql_exact_double(ctx, v, t, 1, ms)) return 0;
  if (*ms != floor(*ms) || fabs(*ms) > OK_JS_DATE_MAX) {
    ok_sql_error(ctx, "%!.17g is no JavaScript Date: whole milliseconds within +-8.64e15", *ms);
    return 0;
  }
  if (*ms == 0) *ms = 0; /* -0.0 */
  return 1;
}

void ok_sql_js_date(sqlite3_context *ctx, sqlite3_value *v, int subtype,
                    size_t (*enc)(uint8_t *out, double ms)) {
  uint8_t out[9];
  double ms;
  if (sqlite3_value_type(v) != SQLITE_NULL && date_arg(ctx, v, &ms))
    ok_sql_result_piece(ctx, out, enc(out, ms), subtype, 0);
}

static void ok_bytewise_date_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_js_date(ctx, argv[0], OK_SUBTYPE(bytewise), ok_bytewise_enc_date);
}

/* --- The 'bytewise' format for the reading functions -------------------- */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_BYTEWISE_NULL: return "null";
    case OK_BYTEWISE_UNDEFINED: return "undefined";
    case OK_BYTEWISE_FALSE:
    case OK_BYTEWISE_TRUE: return "boolean";
    case OK_BYTEWISE_DATE_NEG:
    case OK_BYTEWISE_DATE_POS: return "date";
    case OK_BYTEWISE_BUFFER: return "buffer";
    case OK_BYTEWISE_STRING: return "string";
    case OK_BYTEWISE_ARRAY: return "array";
  }
  return "number";
}

/* One value that is not an array. */
static int render_item(ok_sql_out *o, const ok_item *it) {
  switch (it->tag) {
    case OK_BYTEWISE_FALSE:
    case OK_BYTEWISE_TRUE:
      if (o->json)
        ok_sql_puts(o, it->i ? "true" : "false");
      else
        ok_sql_putf(o, "ok_bytewise_bool(%d)", (int)it->i);
      return SQLITE_OK;
    case OK_BYTEWISE_UNDEFINED:
      ok_sql_puts(o, o->json ? "{\"undefined\":true}" : "ok_bytewise_undefined()");
      return SQLITE_OK;
  }
  return ok_sql_put_js_value(o, it,
                             it->tag == OK_BYTEWISE_DATE_NEG || it->tag == OK_BYTEWISE_DATE_POS,
                             "ok_bytewise_date");
}

/* An array is walked element by element, so depth costs no stack; the one
** element of an array key is wrapped so that it reads back as an array,
** not as the key's one value. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  const char *open = o->json ? "[" : "ok_bytewise_array(", *close = o->json ? "]" : ")";
  const char *sep = o->json ? "," : ", ";
  const uint8_t *p = it->body;
  size_t off, err, depth; /* the arrays open here, with the sole one's */
  int first = 1, rc = SQLITE_OK, sole = ok_js_sole(it) && !o->json;
  (void)raw;
  depth = (size_t)sole;
  if (sole) ok_sql_puts(o, open);
  if (it->tag != OK_BYTEWISE_ARRAY) rc = render_item(o, it);
  for (off = 0; it->tag == OK_BYTEWISE_ARRAY && off < it->body_len && rc == SQLITE_OK;) {
    ok_item in;
    if (p[off] == 0x00) {
      ok_sql_puts(o, close);
      off++, first = 0, depth--;
      continue;
    }
    if (!first) ok_sql_puts(o, sep);
    if (p[off] == OK_BYTEWISE_ARRAY) {
      ok_sql_puts(o, open);
      off++, first = 1;
      if (++depth > OK_SQL_QUOTE_DEPTH && !o->json) rc = SQLITE_RANGE;
      continue;
    }
    ok_bytewise_decode(p + off, it->body_len - off, 1, &in, &err); /* checked by the walk */
    rc = render_item(o, &in);
    off += in.len, first = 0;
  }
  if (sole) ok_sql_puts(o, close);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_bytewise_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_bytewise_pack_fn, 0},
    {"ok_bytewise_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_bytewise_array_fn,
     0},
    {"ok_bytewise_range_begin", 0, -1, OK_SQL_PURE | OK_SQL_READS, ok_bytewise_range_fn,
     RANGE_BEGIN},
    {"ok_bytewise_range_end", 0, -1, OK_SQL_PURE | OK_SQL_READS, ok_bytewise_range_fn, RANGE_END},
    {"ok_bytewise_bool", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_bytewise_bool_fn, 0},
    {"ok_bytewise_date", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_bytewise_date_fn, 0},
    {"ok_bytewise_undefined", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_bytewise_undefined_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_bytewise = {
    .core = &ok_format_bytewise,
    .subtype = OK_SUBTYPE(bytewise),
    .label = "bytewise",
    .noun = "a bytewise key",
    .builders = "ok_bytewise_*",
    .pack = "ok_bytewise_pack",
    .rejoin = "ok_bytewise_array(...) nests an array",
    .put = put,
    .refusal = refusal,
    .kind = kind,
    .render = render,
    .functions = functions,
};
