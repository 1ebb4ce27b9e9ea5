/*
** firefox.c -- Firefox's IndexedDB keys from SQL: ok_firefox_pack, its
** constructors and array ranges, and the 'firefox' format's kinds and
** renderings.
**
**   ok_firefox_pack('users', 42)    -- the key ['users', 42]
**   ok_firefox_pack(42)             -- the key 42
**   ok_firefox_pack(ok_firefox_array(42))   -- the key [42]
**
** One argument is the key's one value, any other count an array of them
** (as bytewise's builder). Numbers are numbers, TEXT strings (UTF-8, or
** WTF-8 for a lone surrogate), BLOBs binary keys; ok_firefox_date makes a
** Date. The pieces hold values unfolded (ok_firefox.h): ok_firefox_pack
** folds the arrays into the type bytes and cuts the zeros at the end.
** docs/firefox.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_firefox.h"
#include "format.h"

/* A plain value: a number, a string, binary; IndexedDB has no null key. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_firefox, v, t, i, ok_firefox_write, &ok_format_firefox, 0, 0);
}

/* ok_firefox_pack(v): the value as the whole key; any other count: an
** array of them. */
static void ok_firefox_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int ok;
  size_t at = 0, len;
  if (argc == 1) {
    ok_sql_builder_init(&b, ctx, 0);
    ok = ok_sql_build(&b, &ok_sql_firefox, argc, argv, 0);
  } else {
    ok = ok_sql_build_array(ctx, &b, &ok_sql_firefox, OK_FIREFOX_ARRAY, OK_FIREFOX_END, argc, argv);
    at = !b.pieces; /* SQL values alone: no array inside, the key past the 0x50 */
  }
  if (ok) {
    len = at ? ok_firefox_fold_flat(b.buf.p + 1, b.buf.n - 1)
             : ok_firefox_fold(b.buf.p, b.buf.p, b.buf.n, 1);
    ok_sql_result_piece(ctx, b.buf.p + at, len, OK_KEY_SUBTYPE(OK_SUBTYPE(firefox)), 0);
  }
  ok_sql_builder_free(&b);
}

/* ok_firefox_array(v, ...): an array, as one value. */
static void ok_firefox_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  if (ok_sql_build_array(ctx, &b, &ok_sql_firefox, OK_FIREFOX_ARRAY, OK_FIREFOX_END, argc, argv))
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_SUBTYPE(firefox), 0);
  ok_sql_builder_free(&b);
}

/* ok_firefox_range_begin and _end: the bounds of every array key that
** starts with these values (at least one): the array of them, and the end
** of the bytes every such array starts with. Plain BLOBs: a bound is no
** key. */
static void ok_firefox_range_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  size_t len;
  int end = ok_sql_fn_arg(ctx);
  if (argc == 0) {
    ok_sql_error(ctx, "takes the values the arrays start with: one at least");
    return;
  }
  if (ok_sql_build_array(ctx, &b, &ok_sql_firefox, OK_FIREFOX_ARRAY, end ? -1 : OK_FIREFOX_END,
                         argc, argv)) {
    len = ok_firefox_fold(b.buf.p, b.buf.p, b.buf.n, !end);
    if (end && ok_prefix_end(b.buf.p, &len, b.buf.p, len) != OK_OK)
      ok_sql_error(ctx, "no key follows every array that starts with these values");
    else
      sqlite3_result_blob64(ctx, b.buf.p, len, SQLITE_TRANSIENT);
  }
  ok_sql_builder_free(&b);
}

/* ok_firefox_date(ms | 'YYYY-MM-DDTHH:MM:SS.sssZ'): a Date. */
static void ok_firefox_date_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_js_date(ctx, argv[0], OK_SUBTYPE(firefox), ok_firefox_enc_date);
}

/* --- The 'firefox' format for the reading functions ----------------------- */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_FIREFOX_DATE: return "date";
    case OK_FIREFOX_STRING: return "string";
    case OK_FIREFOX_BINARY: return "binary";
    case OK_FIREFOX_ARRAY: return "array";
  }
  return "number";
}

/* An array is walked step by step (ok_firefox_step), so depth costs no
** stack; the one element of an array key is wrapped so that it reads back
** as an array, not as the key's one value. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  const char *open = o->json ? "[" : "ok_firefox_array(", *close = o->json ? "]" : ")";
  const char *sep = o->json ? "," : ", ";
  int first = 1, rc = SQLITE_OK, sole = ok_js_sole(it) && !o->json;
  size_t pos = 0, err, depth = (size_t)sole; /* the arrays open here, with the sole one's */
  unsigned in = (unsigned)it->own[0];
  (void)raw;
  if (sole) ok_sql_puts(o, open);
  if (it->tag != OK_FIREFOX_ARRAY)
    rc = ok_sql_put_js_value(o, it, it->tag == OK_FIREFOX_DATE, "ok_firefox_date");
  while (it->tag == OK_FIREFOX_ARRAY && rc == SQLITE_OK) {
    ok_item in_it;
    if (pos >= it->body_len) { /* the key ends: so do its arrays */
      for (; depth > (size_t)sole; depth--) ok_sql_puts(o, close);
      break;
    }
    ok_firefox_step(it->body, it->body_len, &pos, &in, &in_it, &err); /* checked */
    if (in_it.tag == OK_FIREFOX_END) {
      ok_sql_puts(o, close);
      first = 0;
      if (--depth == (size_t)sole) break;
      continue;
    }
    if (!first) ok_sql_puts(o, sep);
    first = in_it.tag == OK_FIREFOX_ARRAY;
    if (!first) {
      rc = ok_sql_put_js_value(o, &in_it, in_it.tag == OK_FIREFOX_DATE, "ok_firefox_date");
    } else {
      ok_sql_puts(o, open);
      if (++depth > OK_SQL_QUOTE_DEPTH && !o->json) rc = SQLITE_RANGE;
    }
  }
  if (sole) ok_sql_puts(o, close);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_firefox_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_firefox_pack_fn, 0},
    {"ok_firefox_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_firefox_array_fn, 0},
    {"ok_firefox_range_begin", 0, -1, OK_SQL_PURE | OK_SQL_READS, ok_firefox_range_fn, 0},
    {"ok_firefox_range_end", 0, -1, OK_SQL_PURE | OK_SQL_READS, ok_firefox_range_fn, 1},
    {"ok_firefox_date", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_firefox_date_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_firefox = {
    .core = &ok_format_firefox,
    .subtype = OK_SUBTYPE(firefox),
    .label = "Firefox",
    .noun = "a Firefox IndexedDB key",
    .builders = "ok_firefox_*",
    .pack = "ok_firefox_pack",
    .rejoin = "ok_firefox_array(...) nests an array",
    .put = put,
    .refusal = ok_sql_refusal_indexeddb,
    .kind = kind,
    .render = render,
    .functions = functions,
};
