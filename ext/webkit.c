/*
** webkit.c -- WebKit's IndexedDB keys from SQL: ok_webkit_pack, its
** constructors, and the 'webkit' format's kinds and renderings. (The
** collation IDBKEY, which orders them, is registered in collate.c.)
**
**   ok_webkit_pack('users', 42)    -- the key ['users', 42]
**   ok_webkit_pack(42)             -- the key 42
**   ok_webkit_pack(ok_webkit_array(42))   -- the key [42]
**
** One argument is the key's one value, any other count an array of them.
** A key is TEXT, as WebKit stores it (in columns of the collation IDBKEY,
** so that comparing one with a column compares the keys' values); its
** bytes are no UTF-8. docs/webkit.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_webkit.h"
#include "format.h"

/* A plain value: a number (-0 kept, as WebKit keeps it), a string, binary;
** IndexedDB has no null key. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  if (t == SQLITE_TEXT && sqlite3_value_subtype(v) == OK_KEY_SUBTYPE(OK_SUBTYPE(webkit))) {
    ok_sql_error(b->ctx,
                 "argument %d is a whole key (ok_webkit_pack), which is no value of a key: %s", i,
                 ok_sql_webkit.rejoin);
    return 0;
  }
  return ok_sql_write(b, &ok_sql_webkit, v, t, i, ok_webkit_write, &ok_format_webkit, 0, 0);
}

/* The arguments as an array (its head, then the values) appended to *b. */
static int array(ok_sql_builder *b, int argc, sqlite3_value **argv) {
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, 9, 9)) return 0;
  b->buf.n += ok_webkit_enc_head(b->buf.p + b->buf.n, OK_WEBKIT_ARRAY, (uint64_t)argc);
  return ok_sql_build(b, &ok_sql_webkit, argc, argv, 0);
}

/* ok_webkit_pack(v): the value as the whole key; any other count: an array
** of them. TEXT, the version byte first. */
static void ok_webkit_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int ok;
  ok_sql_builder_init(&b, ctx, 0);
  ok = ok_sql_buf_reserve(ctx, &b.buf, 1, 1);
  if (ok) b.buf.p[b.buf.n++] = OK_WEBKIT_VERSION;
  ok = ok && (argc == 1 ? ok_sql_build(&b, &ok_sql_webkit, argc, argv, 0) : array(&b, argc, argv));
  if (ok && !ok_sql_too_big(ctx, b.buf.n)) {
    ok_sql_result_key_text(ctx, b.buf.p, b.buf.n);
    sqlite3_result_subtype(ctx, OK_KEY_SUBTYPE(OK_SUBTYPE(webkit)));
  }
  ok_sql_builder_free(&b);
}

/* ok_webkit_array(v, ...): an array, as one value. */
static void ok_webkit_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  ok_sql_builder_init(&b, ctx, 0);
  if (array(&b, argc, argv)) ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_SUBTYPE(webkit), 0);
  ok_sql_builder_free(&b);
}

/* ok_webkit_date(ms | 'YYYY-MM-DDTHH:MM:SS.sssZ'): a Date. */
static void ok_webkit_date_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_js_date(ctx, argv[0], OK_SUBTYPE(webkit), ok_webkit_enc_date);
}

/* --- The 'webkit' format for the reading functions ------------------------ */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_WEBKIT_DATE: return "date";
    case OK_WEBKIT_STRING: return "string";
    case OK_WEBKIT_BINARY: return "binary";
    case OK_WEBKIT_ARRAY: return "array";
  }
  return "number";
}

/* An array is walked value by value with the count of elements each open
** array has left (on the heap past 32 deep), so depth costs no C stack;
** the one element of an array key is wrapped so that it reads back as an
** array, not as the key's one value. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  const char *open = o->json ? "[" : "ok_webkit_array(", *close = o->json ? "]" : ")";
  const char *sep = o->json ? "," : ", ";
  int first = 1, rc = SQLITE_OK, sole = ok_js_sole(it) && !o->json;
  uint64_t local[32], *left = local;
  size_t pos = 0, depth = 0, cap = 32, err;
  (void)raw;
  if (sole) ok_sql_puts(o, open);
  if (it->tag != OK_WEBKIT_ARRAY)
    rc = ok_sql_put_js_value(o, it, it->tag == OK_WEBKIT_DATE, "ok_webkit_date");
  while (it->tag == OK_WEBKIT_ARRAY && rc == SQLITE_OK) {
    ok_item in;
    if (depth > 0 && left[depth - 1] == 0) {
      ok_sql_puts(o, close);
      first = 0;
      if (--depth == 0) break;
      continue;
    }
    if (depth > 0) left[depth - 1]--;
    if (!first) ok_sql_puts(o, sep);
    first = it->body[pos] == OK_WEBKIT_ARRAY;
    if (!first) {
      ok_webkit_decode(it->body + pos, it->body_len - pos, &in, &err); /* checked */
      rc = ok_sql_put_js_value(o, &in, in.tag == OK_WEBKIT_DATE, "ok_webkit_date");
      pos += in.len;
      continue;
    }
    if (depth == cap) { /* deeper: the counts move to the heap */
      uint64_t *more = sqlite3_malloc64(2 * cap * sizeof *more);
      if (!more) {
        rc = SQLITE_NOMEM;
        break;
      }
      memcpy(more, left, cap * sizeof *more);
      if (left != local) sqlite3_free(left);
      left = more, cap *= 2;
    }
    left[depth++] = ok_webkit_count(it->body + pos);
    ok_sql_puts(o, open);
    if (depth > OK_SQL_QUOTE_DEPTH && !o->json) rc = SQLITE_RANGE;
    pos += 9;
  }
  if (left != local) sqlite3_free(left);
  if (sole) ok_sql_puts(o, close);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_webkit_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES | OK_SQL_KEY_TEXT,
     ok_webkit_pack_fn, 0},
    {"ok_webkit_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES | OK_SQL_KEY_TEXT,
     ok_webkit_array_fn, 0},
    {"ok_webkit_date", 1, 1, OK_SQL_PURE | OK_SQL_MAKES | OK_SQL_KEY_TEXT, ok_webkit_date_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_webkit = {
    .core = &ok_format_webkit,
    .subtype = OK_SUBTYPE(webkit),
    .label = "WebKit",
    .noun = "a WebKit IndexedDB key",
    .builders = "ok_webkit_*",
    .pack = "ok_webkit_pack",
    .rejoin = "ok_webkit_array(...) nests an array",
    .put = put,
    .refusal = ok_sql_refusal_indexeddb,
    .kind = kind,
    .render = render,
    .functions = functions,
    .text = 1,
};
