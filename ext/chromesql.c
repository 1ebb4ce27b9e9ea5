/*
** chromesql.c -- the keys of Chrome's SQLite backing store of IndexedDB
** from SQL: ok_chromesql_pack, its constructors, and the 'chromesql'
** format's kinds and renderings.
**
**   ok_chromesql_pack('users', 42)    -- the key ['users', 42]
**   ok_chromesql_pack(42)             -- the key 42
**   ok_chromesql_pack(ok_chromesql_array(42))   -- the key [42]
**
** One argument is the key's one value, any other count an array of them.
** A key is a BLOB whose bytes sort as IndexedDB orders keys.
** docs/chrome.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_chromesql.h"
#include "format.h"

/* A plain value: a number (-0 as 0), a string, binary; IndexedDB has no
** null key. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_chromesql, v, t, i, ok_chromesql_write, &ok_format_chromesql, 0,
                      0);
}

/* ok_chromesql_pack(v): the value as the whole key; any other count: an
** array of them. */
static void ok_chromesql_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int ok;
  if (argc == 1) {
    ok_sql_builder_init(&b, ctx, 0);
    ok = ok_sql_build(&b, &ok_sql_chromesql, argc, argv, 0);
  } else {
    ok = ok_sql_build_array(ctx, &b, &ok_sql_chromesql, OK_CHROMESQL_ARRAY, OK_CHROMESQL_END, argc,
                            argv);
  }
  if (ok) ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(chromesql)), 0);
  ok_sql_builder_free(&b);
}

/* ok_chromesql_array(v, ...): an array, as one value. */
static void ok_chromesql_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  if (ok_sql_build_array(ctx, &b, &ok_sql_chromesql, OK_CHROMESQL_ARRAY, OK_CHROMESQL_END, argc,
                         argv))
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_SUBTYPE(chromesql), 0);
  ok_sql_builder_free(&b);
}

/* ok_chromesql_date(ms | 'YYYY-MM-DDTHH:MM:SS.sssZ'): a Date. */
static void ok_chromesql_date_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_js_date(ctx, argv[0], OK_SUBTYPE(chromesql), ok_chromesql_enc_date);
}

/* --- The 'chromesql' format for the reading functions --------------------- */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_CHROMESQL_DATE: return "date";
    case OK_CHROMESQL_STRING: return "string";
    case OK_CHROMESQL_BINARY: return "binary";
    case OK_CHROMESQL_ARRAY: return "array";
  }
  return "number";
}

/* An array is walked value by value, its nested arrays' ends counted, so
** depth costs no stack; the one element of an array key is wrapped so
** that it reads back as an array, not as the key's one value. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  const char *open = o->json ? "[" : "ok_chromesql_array(", *close = o->json ? "]" : ")";
  const char *sep = o->json ? "," : ", ";
  int first = 1, rc = SQLITE_OK, sole = ok_js_sole(it) && !o->json;
  size_t pos = 0, depth = 0, err;
  (void)raw;
  if (sole) ok_sql_puts(o, open);
  if (it->tag != OK_CHROMESQL_ARRAY)
    rc = ok_sql_put_js_value(o, it, it->tag == OK_CHROMESQL_DATE, "ok_chromesql_date");
  while (it->tag == OK_CHROMESQL_ARRAY && rc == SQLITE_OK) {
    ok_item in;
    uint8_t t = it->body[pos];
    if (t == OK_CHROMESQL_END) {
      ok_sql_puts(o, close);
      first = 0, pos++;
      if (--depth == 0) break;
      continue;
    }
    if (depth > 0 && !first) ok_sql_puts(o, sep);
    first = t == OK_CHROMESQL_ARRAY;
    if (first) {
      ok_sql_puts(o, open);
      if (++depth > OK_SQL_QUOTE_DEPTH && !o->json) rc = SQLITE_RANGE;
      pos++;
      continue;
    }
    ok_chromesql_decode(it->body + pos, it->body_len - pos, &in, &err); /* checked */
    rc = ok_sql_put_js_value(o, &in, in.tag == OK_CHROMESQL_DATE, "ok_chromesql_date");
    pos += in.len;
  }
  if (sole) ok_sql_puts(o, close);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_chromesql_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_chromesql_pack_fn,
     0},
    {"ok_chromesql_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_chromesql_array_fn,
     0},
    {"ok_chromesql_date", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_chromesql_date_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_chromesql = {
    .core = &ok_format_chromesql,
    .subtype = OK_SUBTYPE(chromesql),
    .label = "Chrome SQLite",
    .noun = "a key of Chrome's SQLite IndexedDB",
    .builders = "ok_chromesql_*",
    .pack = "ok_chromesql_pack",
    .rejoin = "ok_chromesql_array(...) nests an array",
    .put = put,
    .refusal = ok_sql_refusal_indexeddb,
    .kind = kind,
    .render = render,
    .functions = functions,
};
