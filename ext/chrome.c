/*
** chrome.c -- Chromium's IndexedDB keys from SQL: ok_chrome_pack, its
** constructors, and the 'chrome' format's kinds and renderings. (The
** collation idb_cmp1, which orders the LevelDB keys around them, is
** registered in collate.c; ok_chrome_key, which reads those, in
** chrome_key.c.)
**
**   ok_chrome_pack('users', 42)    -- the key ['users', 42]
**   ok_chrome_pack(42)             -- the key 42
**   ok_chrome_pack(ok_chrome_array(42))   -- the key [42]
**
** One argument is the key's one value, any other count an array of them.
** A key is a BLOB. docs/chrome.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_chrome.h"
#include "format.h"

/* A plain value: a number (-0 kept, as Chrome keeps it), a string, binary;
** IndexedDB has no null key. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_chrome, v, t, i, ok_chrome_write, &ok_format_chrome, 0, 0);
}

/* The arguments as an array (its head, then the values) appended to *b. */
static int array(ok_sql_builder *b, int argc, sqlite3_value **argv) {
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, 11, 11)) return 0;
  b->buf.n += ok_chrome_enc_head(b->buf.p + b->buf.n, OK_CHROME_ARRAY, (uint64_t)argc);
  return ok_sql_build(b, &ok_sql_chrome, argc, argv, 0);
}

/* ok_chrome_pack(v): the value as the whole key; any other count: an array
** of them. */
static void ok_chrome_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  ok_sql_builder_init(&b, ctx, 0);
  if (argc == 1 ? ok_sql_build(&b, &ok_sql_chrome, argc, argv, 0) : array(&b, argc, argv))
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(chrome)), 0);
  ok_sql_builder_free(&b);
}

/* ok_chrome_array(v, ...): an array, as one value. */
static void ok_chrome_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  ok_sql_builder_init(&b, ctx, 0);
  if (array(&b, argc, argv)) ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_SUBTYPE(chrome), 0);
  ok_sql_builder_free(&b);
}

/* ok_chrome_date(ms | 'YYYY-MM-DDTHH:MM:SS.sssZ'): a Date. */
static void ok_chrome_date_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_js_date(ctx, argv[0], OK_SUBTYPE(chrome), ok_chrome_enc_date);
}

/* --- The 'chrome' format for the reading functions ------------------------ */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_CHROME_DATE: return "date";
    case OK_CHROME_STRING: return "string";
    case OK_CHROME_BINARY: return "binary";
    case OK_CHROME_ARRAY: return "array";
  }
  return "number";
}

/* An array is walked value by value with the count of elements each open
** array has left (on the heap past 32 deep), so depth costs no C stack;
** the one element of an array key is wrapped so that it reads back as an
** array, not as the key's one value. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  const char *open = o->json ? "[" : "ok_chrome_array(", *close = o->json ? "]" : ")";
  const char *sep = o->json ? "," : ", ";
  int first = 1, rc = SQLITE_OK, sole = ok_js_sole(it) && !o->json;
  uint64_t local[32], *left = local, count = 0;
  size_t pos = 0, depth = 0, cap = 32, err;
  (void)raw;
  if (sole) ok_sql_puts(o, open);
  if (it->tag != OK_CHROME_ARRAY)
    rc = ok_sql_put_js_value(o, it, it->tag == OK_CHROME_DATE, "ok_chrome_date");
  while (it->tag == OK_CHROME_ARRAY && rc == SQLITE_OK) {
    ok_item in;
    if (depth > 0 && left[depth - 1] == 0) {
      ok_sql_puts(o, close);
      first = 0;
      if (--depth == 0) break;
      continue;
    }
    if (depth > 0) left[depth - 1]--;
    if (!first) ok_sql_puts(o, sep);
    first = it->body[pos] == OK_CHROME_ARRAY;
    if (!first) {
      ok_chrome_decode(it->body + pos, it->body_len - pos, &in, &err); /* checked */
      rc = ok_sql_put_js_value(o, &in, in.tag == OK_CHROME_DATE, "ok_chrome_date");
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
    pos += 1 + ok_chrome_varint(it->body + pos + 1, it->body_len - pos - 1, &count);
    left[depth++] = count;
    ok_sql_puts(o, open);
    if (depth > OK_SQL_QUOTE_DEPTH && !o->json) rc = SQLITE_RANGE;
  }
  if (left != local) sqlite3_free(left);
  if (sole) ok_sql_puts(o, close);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_chrome_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_chrome_pack_fn, 0},
    {"ok_chrome_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_chrome_array_fn, 0},
    {"ok_chrome_date", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_chrome_date_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_chrome = {
    .core = &ok_format_chrome,
    .subtype = OK_SUBTYPE(chrome),
    .label = "Chrome",
    .noun = "a Chrome IndexedDB key",
    .builders = "ok_chrome_*",
    .pack = "ok_chrome_pack",
    .rejoin = "ok_chrome_array(...) nests an array",
    .put = put,
    .refusal = ok_sql_refusal_indexeddb,
    .kind = kind,
    .render = render,
    .functions = functions,
};
