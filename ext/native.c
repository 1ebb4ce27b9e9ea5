/*
** native.c -- the native format (src/FORMAT.md) in SQL: its descriptor, its
** builders ok_pack, ok_desc, ok_prefix, ok_collate, ok_concat and
** ok_prefix_end, and how its components show in ok_each, ok_quote, ok_json.
**
** Every key-building function returns a BLOB tagged with OK_SUBTYPE(native), and
** ok_pack/ok_desc inline such an argument's bytes instead of packing it as
** a BLOB value; that is how ok_pack(a, ok_desc(b)) composes (R4, R6).
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "collate.h"
#include "format.h"

/* A plain value as one component. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_native, v, t, i, ok_native_write, &ok_format_native, 0, 0);
}

/* ok_pack(v, ...) (OK_SQL_ASC), a key, and ok_desc(v, ...) (OK_SQL_DESC),
** a piece: every argument into one BLOB. */
static void ok_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_pack(ctx, &ok_sql_native, argc, argv, ok_sql_fn_arg(ctx) == OK_SQL_DESC);
}

/* ok_prefix(x [, collation]) */
static void ok_prefix_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int t = sqlite3_value_type(argv[0]), tag, frag;
  size_t len, n;
  const uint8_t *p;
  uint8_t *out, stack[256];
  if (t == SQLITE_NULL) return; /* a NULL pattern matches nothing */
  if ((frag = ok_sql_piece(ctx, argv[0], OK_SUBTYPE(native), 1)) != 0) {
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
    ok_sql_result_piece(ctx, out, n, OK_PREFIX_SUBTYPE, out != stack);
  }
}

static void ok_concat_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3_uint64 total = 0;
  uint8_t *out;
  size_t off = 0;
  int i;
  for (i = 0; i < argc; i++) {
    const uint8_t *p;
    size_t n, count, at;
    int rc;
    if ((sqlite3_value_subtype(argv[i]) != OK_KEY_SUBTYPE(OK_SUBTYPE(native)) &&
         ok_sql_piece(ctx, argv[i], OK_SUBTYPE(native), i + 1) < 0) ||
        !ok_sql_key_arg(ctx, argv, i, &p, &n))
      return;
    if ((rc = ok_count(&ok_format_native, p, n, &count, &at)) != OK_OK) {
      ok_sql_error(ctx, "argument %d is a malformed key at byte %lld: %s", i + 1, (long long)at + 1,
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
  for (i = 0; i < argc; i++) { /* a hex TEXT key's bytes are its auxdata now */
    const uint8_t *p;
    size_t n;
    if (!ok_sql_key_arg(ctx, argv, i, &p, &n)) {
      sqlite3_free(out);
      return;
    }
    if (n) memcpy(out + off, p, n);
    off += n;
  }
  ok_sql_result_piece(ctx, out, off, OK_KEY_SUBTYPE(OK_SUBTYPE(native)), 1);
}

static void ok_prefix_end_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  uint8_t stack[256], *out;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_TEXT) { /* a bound is compared with stored BLOBs */
    ok_sql_error(ctx,
                 "takes a key BLOB, not TEXT (for a key as hex: ok_prefix_end(ok_unhex(text)))");
    return;
  }
  if (!ok_sql_key_arg(ctx, argv, 0, &p, &n) || !(out = ok_sql_scratch(ctx, stack, sizeof stack, n)))
    return;
  if (ok_prefix_end(out, &n, p, n) == OK_OK) sqlite3_result_blob64(ctx, out, n, SQLITE_TRANSIENT);
  ok_sql_scratch_free(out, stack);
}

/* ok_collate(x, collation): x is TEXT (or NULL, which packs as NULL). */
static void ok_collate_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int t = sqlite3_value_type(argv[0]), tag;
  const uint8_t *s;
  uint8_t *out, stack[256];
  size_t n;
  (void)argc;
  if ((tag = ok_sql_collation_arg(ctx, argv[1])) < 0) return;
  if (t == SQLITE_NULL) {
    uint8_t null_key[1];
    ok_enc_null(null_key, 0);
    ok_sql_result_piece(ctx, null_key, 1, OK_SUBTYPE(native), 0);
    return;
  }
  if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "the value must be TEXT (or NULL)");
    return;
  }
  if (!ok_sql_bytes(ctx, argv[0], &s, &n)) return;
  if ((n = ok_sql_collated(ctx, tag, s, n, 1, stack, sizeof stack, &out)) > 0) {
    ok_sql_result_piece(ctx, out, n, OK_SUBTYPE(native), out != stack);
  }
}

static const char *kind(const ok_item *it) {
  switch (it->type) {
    case OK_NULL: return "null";
    case OK_INT:
    case OK_REAL: return "number";
    case OK_TEXT:
      switch (it->tag) {
        case OK_TAG_NOCASE: return "text NOCASE";
        case OK_TAG_RTRIM: return "text RTRIM";
        case OK_TAG_NATURAL: return "text ok_natural";
      }
      return "text";
    case OK_BLOB: return "blob";
  }
  return "?";
}

static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  int rc;
  const char *coll = NULL;
  (void)raw;
  if (it->type == OK_TEXT && it->tag != OK_TAG_TEXT) coll = ok_sql_collation_name(it->tag);
  if (it->desc) ok_sql_puts(o, o->json ? "{\"desc\":" : "ok_desc(");
  if (coll) {
    if (o->json)
      ok_sql_putf(o, "{\"collate\":\"%s\",\"text\":", coll);
    else
      ok_sql_puts(o, "ok_collate(");
  }
  rc = ok_sql_put_value(o, it);
  if (coll) {
    if (o->json)
      ok_sql_putc(o, '}');
    else
      ok_sql_putf(o, ", '%s')", coll);
  }
  if (it->desc) ok_sql_putc(o, o->json ? '}' : ')');
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_pack_fn, OK_SQL_ASC},
    {"ok_desc", 1, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_pack_fn, OK_SQL_DESC},
    {"ok_prefix", 1, 2, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_prefix_fn, 0},
    {"ok_collate", 2, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_collate_fn, 0},
    {"ok_concat", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_concat_fn, 0},
    {"ok_prefix_end", 1, 1, OK_SQL_PURE, ok_prefix_end_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_native = {
    .core = &ok_format_native,
    .subtype = OK_SUBTYPE(native),
    .label = "native",
    .noun = "a native key",
    .builders = "ok_pack, ok_desc...",
    .pack = "ok_pack",
    .rejoin = "ok_concat(key, ok_pack(...)) joins keys",
    .put = put,
    .kind = kind,
    .render = render,
    .functions = functions,
};
