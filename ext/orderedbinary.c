/*
** orderedbinary.c -- ordered-binary keys (lmdb-js's) from SQL:
** ok_orderedbinary_pack, its constructors, and the 'orderedbinary'
** format's kinds and renderings.
**
**   ok_orderedbinary_pack('users', 42)   -- writeKey(['users', 42])
**   ok_orderedbinary_pack(42)            -- writeKey(42): 4 bytes
**   ok_orderedbinary_pack(ok_orderedbinary_array(42))   -- writeKey([42]): 9
**
** One argument is the key's one value, several an array of them. A BLOB is
** a Buffer, which ordered-binary writes as its bytes: only one that starts
** with 01, 03, 04 or 05, as the key's last value, reads back as a Buffer.
** docs/orderedbinary.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_orderedbinary.h"
#include "format.h"

/* ok_orderedbinary_array's piece: this byte (a value's first byte never),
** then the elements. */
#define ARRAY_MARK 0x1A

static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(orderedbinary), 0);
}

/* The 00 before an array's element but its first. */
static int separate(ok_sql_builder *b) {
  if (b->buf.n == 0) return 1;
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, 1, 1)) return 0;
  b->buf.p[b->buf.n++] = 0x00;
  return 1;
}

static const char buffer_last[] =
    "a Buffer (BLOB), whose bytes ordered-binary writes as they are, to the key's end";

/* A plain value: null, a number, a string, a Buffer; `alone` when it is
** the whole key (a number trimmed as ordered-binary trims it). */
OK_SQL_FLATTEN static int put_value(ok_sql_builder *b, sqlite3_value *v, int t, int i, int alone) {
  if (!alone && !separate(b)) return 0;
  if (!ok_sql_write(b, &ok_sql_orderedbinary, v, t, i, ok_orderedbinary_write,
                    &ok_format_orderedbinary, 0, alone))
    return 0;
  if (t == SQLITE_BLOB) b->last = buffer_last;
  return 1;
}

static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return put_value(b, v, t, i, 0);
}

/* Its writer refuses an integer no double holds, a Buffer that would not
** read back, text not WTF-8, and a long string that would not read back. */
static char *refusal(const ok_format *core, int rc, const ok_value *v, const ok_writer *w) {
  (void)core;
  if (!v)
    return sqlite3_mprintf(": ordered-binary writes an empty array as no bytes, which is no key");
  if (rc == OK_E_RANGE) return ok_sql_words_not_double(v->i);
  if (rc == OK_E_BYTE && v->type == OK_BLOB)
    return sqlite3_mprintf(
        ": ordered-binary writes a Buffer (BLOB) as its bytes, which read back "
        "as a Buffer only when they start with 01, 03, 04 or 05");
  if (rc == OK_E_BYTE) return ok_sql_words_wtf8(w->err_at);
  return sqlite3_mprintf(
      ": ordered-binary writes a string of %d or more UTF-16 units as it is, "
      "and one holding U+0000-U+0004 or a lone surrogate would not read back",
      OK_ORDEREDBINARY_SHORT);
}

/* One of its pieces: a boolean, a symbol (after the separator); an array
** only as the one argument (ordered-binary flattens an array in an array). */
static int put_piece(ok_sql_builder *b, const uint8_t *p, size_t n, int i) {
  if (p[0] == ARRAY_MARK) {
    ok_sql_error(b->ctx,
                 "argument %d: an array in an array: ordered-binary writes it as its elements, "
                 "so it would not read back (ok_orderedbinary_array goes alone into "
                 "ok_orderedbinary_pack)",
                 i);
    return 0;
  }
  if (!separate(b) || !ok_sql_buf_reserve(b->ctx, &b->buf, n, n)) return 0;
  memcpy(b->buf.p + b->buf.n, p, n);
  b->buf.n += n;
  return 1;
}

/* The arguments as elements into *b (initialised). */
static int elements(sqlite3_context *ctx, ok_sql_builder *b, int argc, sqlite3_value **argv) {
  if (argc == 0) {
    ok_writer w;
    w.count = 0;
    ok_sql_refused_key(ctx, &ok_sql_orderedbinary, &ok_format_orderedbinary, OK_E_LENGTH, &w, 0);
    return 0;
  }
  return ok_sql_build(b, &ok_sql_orderedbinary, argc, argv, 0);
}

/* ok_orderedbinary_pack(v): the value as the whole key; several: an array
** of them; ok_orderedbinary_array(...) alone: that array. */
static void ok_orderedbinary_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int t = argc == 1 ? sqlite3_value_type(argv[0]) : SQLITE_NULL, piece = 0, ok;
  if (argc == 1 && t == SQLITE_BLOB &&
      (piece = ok_sql_piece(ctx, argv[0], OK_SUBTYPE(orderedbinary), 1)) < 0)
    return;
  ok_sql_builder_init(&b, ctx, 0);
  if (piece && ((const uint8_t *)sqlite3_value_blob(argv[0]))[0] == ARRAY_MARK) {
    size_t n = (size_t)sqlite3_value_bytes(argv[0]) - 1;
    ok = ok_sql_buf_reserve(ctx, &b.buf, n, n);
    if (ok) memcpy(b.buf.p, (const uint8_t *)sqlite3_value_blob(argv[0]) + 1, n), b.buf.n = n;
  } else if (argc == 1 && !piece) {
    ok = put_value(&b, argv[0], t, 1, 1);
  } else {
    ok = elements(ctx, &b, argc, argv);
  }
  if (ok) ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(orderedbinary)), 0);
  ok_sql_builder_free(&b);
}

/* ok_orderedbinary_array(v, ...): an array, as the one argument of
** ok_orderedbinary_pack (for [v], whose number is 9 bytes, not v's 4-8). */
static void ok_orderedbinary_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  ok_sql_builder_init(&b, ctx, 0);
  if (elements(ctx, &b, argc, argv) && ok_sql_buf_reserve(ctx, &b.buf, 1, 1)) {
    memmove(b.buf.p + 1, b.buf.p, b.buf.n);
    b.buf.p[0] = ARRAY_MARK;
    result_piece(ctx, b.buf.p, b.buf.n + 1);
  }
  ok_sql_builder_free(&b);
}

static void ok_orderedbinary_bool_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_bool_piece(ctx, argv[0], OK_SUBTYPE(orderedbinary), OK_ORDEREDBINARY_FALSE,
                    OK_ORDEREDBINARY_TRUE);
}

/* ok_orderedbinary_symbol(description): Symbol.for(description). */
static void ok_orderedbinary_symbol_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  const uint8_t *p;
  size_t n, len;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      !ok_sql_text_arg(ctx, argv[0], "the description", (const char **)&p, &n))
    return;
  if ((len = ok_wtf8_check(p, n)) != n) { /* a JavaScript string's units: WTF-8 */
    ok_sql_wtf8_error(ctx, 1, len);
    return;
  }
  ok_sql_builder_init(&b, ctx, 0);
  if (ok_sql_buf_reserve(ctx, &b.buf, OK_ORDEREDBINARY_BOUND(n) + 1, n + 2)) {
    b.buf.p[0] = OK_ORDEREDBINARY_SYMBOL;
    if (ok_orderedbinary_enc_string(b.buf.p + 1, &len, p, n) != OK_OK)
      ok_sql_error(ctx,
                   "the description: a symbol's description of %d or more UTF-16 units "
                   "holding U+0000-U+0004 or a lone surrogate would not read back",
                   OK_ORDEREDBINARY_SHORT);
    else
      result_piece(ctx, b.buf.p, len + 1);
  }
  ok_sql_builder_free(&b);
}

/* --- The 'orderedbinary' format for the reading functions ----------------- */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_ORDEREDBINARY_NULL: return "null";
    case OK_ORDEREDBINARY_FALSE:
    case OK_ORDEREDBINARY_TRUE: return "boolean";
    case OK_ORDEREDBINARY_SYMBOL: return "symbol";
    case OK_ORDEREDBINARY_ESCAPE: return "string";
    case OK_ORDEREDBINARY_BUFFER: return "buffer";
  }
  return "number";
}

static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  int rc = SQLITE_OK, sole = ok_js_sole(it) && !o->json;
  (void)raw;
  if (sole) ok_sql_puts(o, "ok_orderedbinary_array(");
  switch (it->tag) {
    case OK_ORDEREDBINARY_FALSE:
    case OK_ORDEREDBINARY_TRUE:
      if (o->json)
        ok_sql_puts(o, it->i ? "true" : "false");
      else
        ok_sql_putf(o, "ok_orderedbinary_bool(%d)", (int)it->i);
      break;
    case OK_ORDEREDBINARY_SYMBOL:
      ok_sql_open_call(o, "ok_orderedbinary_symbol", "symbol");
      rc = ok_sql_put_value(o, it);
      ok_sql_close_call(o);
      break;
    default: rc = ok_sql_put_value(o, it);
  }
  if (sole) ok_sql_putc(o, ')');
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_orderedbinary_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES,
     ok_orderedbinary_pack_fn, 0},
    {"ok_orderedbinary_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES,
     ok_orderedbinary_array_fn, 0},
    {"ok_orderedbinary_bool", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_orderedbinary_bool_fn, 0},
    {"ok_orderedbinary_symbol", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_orderedbinary_symbol_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_orderedbinary = {
    .core = &ok_format_orderedbinary,
    .subtype = OK_SUBTYPE(orderedbinary),
    .label = "ordered-binary",
    .noun = "an ordered-binary key",
    .builders = "ok_orderedbinary_*",
    .pack = "ok_orderedbinary_pack",
    .rejoin = "ok_orderedbinary_array(...) goes alone into ok_orderedbinary_pack",
    .put = put,
    .refusal = refusal,
    .put_piece = put_piece,
    .kind = kind,
    .render = render,
    .functions = functions,
    .loose = 1,
};
