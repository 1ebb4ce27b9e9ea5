/*
** fdb.c -- FoundationDB tuples from SQL: ok_fdb_pack, the constructors for
** what SQL has no type for, and the 'fdb' format's kinds and renderings.
**
**   ok_fdb_pack(NULL, 42, 1.5, 'text', x'00', ok_fdb_tuple(1, NULL),
**               ok_fdb_bool(1), ok_fdb_uuid('...'), ok_fdb_int('100000000000000000000'))
**
** Every function returns a BLOB tagged OK_SUBTYPE(fdb), which ok_fdb_pack and
** ok_fdb_tuple inline as items (a plain BLOB argument is a byte string).
** docs/fdb.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <math.h>
#include <string.h>

#include "../src/ok_fdb.h"
#include "format.h"

static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(fdb), 0);
}

/* A plain value as one item. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_fdb, v, t, i, ok_fdb_write, &ok_format_fdb, 0, 0);
}

/* Its writer refuses TEXT that is not UTF-8. */
static char *refusal(const ok_format *core, int rc, const ok_value *v, const ok_writer *w) {
  (void)core, (void)rc, (void)v;
  return ok_sql_words_utf8(w->err_at);
}

/* The arguments packed into *b, an ok_fdb_prefix() first argument as its
** raw bytes (their count in *prefix, if asked; else it is refused). */
static int pack(sqlite3_context *ctx, ok_sql_builder *b, int argc, sqlite3_value **argv,
                size_t *prefix) {
  int first = 0;
  ok_sql_builder_init(b, ctx, 0);
  if (prefix) *prefix = 0;
  if (prefix && argc > 0 && sqlite3_value_type(argv[0]) == SQLITE_BLOB &&
      sqlite3_value_subtype(argv[0]) == OK_FDB_PREFIX_SUBTYPE) {
    const uint8_t *p;
    size_t n;
    if (!ok_sql_bytes(ctx, argv[0], &p, &n) || !ok_sql_buf_reserve(ctx, &b->buf, n, n)) return 0;
    memcpy(b->buf.p, p, n);
    b->buf.n = *prefix = n;
    first = 1;
  }
  return ok_sql_build(b, &ok_sql_fdb, argc, argv, first);
}

/* 1 when an argument holds ok_fdb_versionstamp_incomplete(), directly or
** nested. */
static int holds_incomplete(int argc, sqlite3_value **argv) {
  int i;
  for (i = 0; i < argc; i++)
    if (sqlite3_value_subtype(argv[i]) == OK_FDB_INCOMPLETE_SUBTYPE) return 1;
  return 0;
}

/* 1 when no argument holds an incomplete versionstamp, as every binding's
** pack() demands (the key would hold the placeholder, not the commit's
** version); else 0 with the error set. */
static int complete(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (!holds_incomplete(argc, argv)) return 1;
  ok_sql_error(ctx,
               "an incomplete versionstamp goes only into ok_fdb_pack_versionstamped, which gives "
               "the key FoundationDB fills in at commit");
  return 0;
}

/* ok_fdb_pack([prefix,] v, ...): a tuple, a piece to inline; behind a
** prefix a plain BLOB, as a tuple no longer. */
static void ok_fdb_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  size_t prefix;
  if (pack(ctx, &b, argc, argv, &prefix) && complete(ctx, argc, argv)) {
    if (prefix)
      sqlite3_result_blob64(ctx, b.buf.p, b.buf.n, SQLITE_TRANSIENT);
    else
      ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(fdb)), 0);
  }
  ok_sql_builder_free(&b);
}

/* ok_fdb_prefix(bytes): raw bytes to put in front of a tuple, as a
** subspace's or a directory's key is: the first argument of ok_fdb_pack,
** ok_fdb_pack_versionstamped and the ranges. */
static void ok_fdb_prefix_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
    ok_sql_error(ctx, "takes a BLOB, not %s", ok_sql_type_name(sqlite3_value_type(argv[0])));
    return;
  }
  if (!ok_sql_bytes(ctx, argv[0], &p, &n)) return;
  ok_sql_result_piece(ctx, p, n, OK_FDB_PREFIX_SUBTYPE, 0);
}

/* The bounds of every key that extends the tuple, as FoundationDB's
** tuple range() gives them: the tuple followed by 0x00, and by 0xFF. Plain
** BLOBs (no longer tuples), since SQL's || would make TEXT of them. */
static void range(sqlite3_context *ctx, int argc, sqlite3_value **argv, uint8_t last) {
  ok_sql_builder b;
  size_t prefix;
  if (pack(ctx, &b, argc, argv, &prefix) && complete(ctx, argc, argv) &&
      ok_sql_buf_reserve(ctx, &b.buf, 1, 1)) {
    b.buf.p[b.buf.n++] = last;
    sqlite3_result_blob64(ctx, b.buf.p, b.buf.n, SQLITE_TRANSIENT);
  }
  ok_sql_builder_free(&b);
}

/* ok_fdb_range_begin and ok_fdb_range_end: the byte after the tuple. */
enum { RANGE_BEGIN = 0x00, RANGE_END = 0xFF };
static void ok_fdb_range_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  range(ctx, argc, argv, (uint8_t)ok_sql_fn_arg(ctx));
}

/* The key with the 4-byte little-endian offset of its incomplete
** versionstamp appended, as SET_VERSIONSTAMPED_KEY takes it (API 520+). */
static void ok_fdb_pack_versionstamped_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  size_t count, at = 0, prefix;
  if (pack(ctx, &b, argc, argv, &prefix)) {
    ok_fdb_incomplete(b.buf.p + prefix, b.buf.n - prefix, &count, &at);
    at += prefix;
    if (count != 1) {
      ok_sql_error(ctx, "needs exactly one ok_fdb_versionstamp_incomplete() item, found %lld",
                   (long long)count);
    } else if (at > 0xFFFFFFFFu) {
      ok_sql_error(ctx, "the versionstamp is beyond the 4-byte offset's reach");
    } else if (ok_sql_buf_reserve(ctx, &b.buf, 4, 4)) {
      int k;
      for (k = 0; k < 4; k++) b.buf.p[b.buf.n++] = (uint8_t)(at >> (8 * k));
      sqlite3_result_blob64(ctx, b.buf.p, b.buf.n, SQLITE_TRANSIENT);
    }
  }
  ok_sql_builder_free(&b);
}

static void ok_fdb_tuple_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  size_t len, err;
  uint8_t *out;
  if (pack(ctx, &b, argc, argv, NULL)) {
    int rc = ok_fdb_enc_nested(NULL, &len, b.buf.p, b.buf.n, &err);
    if (rc != OK_OK) {
      ok_sql_error(ctx, "an argument is a malformed FDB piece at byte %lld: %s", (long long)err + 1,
                   ok_strerror(rc));
    } else if (!ok_sql_too_big(ctx, len)) {
      if ((out = sqlite3_malloc64(len)) == NULL) {
        sqlite3_result_error_nomem(ctx);
      } else {
        ok_fdb_enc_nested(out, &len, b.buf.p, b.buf.n, &err);
        sqlite3_result_blob64(ctx, out, len, sqlite3_free);
        sqlite3_result_subtype(
            ctx, holds_incomplete(argc, argv) ? OK_FDB_INCOMPLETE_SUBTYPE : OK_SUBTYPE(fdb));
      }
    }
  }
  ok_sql_builder_free(&b);
}

/* ok_fdb_int(x): an INTEGER, an integral REAL within int64, or decimal TEXT
** of any size up to 255 bytes of magnitude. */
static void ok_fdb_int_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[2 + OK_FDB_BIG_MAX], mag[OK_FDB_BIG_MAX];
  size_t len, err, n;
  int t = sqlite3_value_type(argv[0]), neg, rc;
  const char *s;
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_INTEGER) {
    result_piece(ctx, out, ok_fdb_enc_int(out, sqlite3_value_int64(argv[0])));
    return;
  }
  if (t == SQLITE_FLOAT) {
    double d = sqlite3_value_double(argv[0]);
    if (d != floor(d) || d < -9223372036854775808.0 || d >= 9223372036854775808.0) {
      ok_sql_error(ctx,
                   "REAL %!.17g is not an integer within int64; give large integers as "
                   "decimal TEXT",
                   d);
      return;
    }
    result_piece(ctx, out, ok_fdb_enc_int(out, (int64_t)d));
    return;
  }
  if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "takes an INTEGER or decimal TEXT, not %s", ok_sql_type_name(t));
    return;
  }
  if (!ok_sql_text_arg(ctx, argv[0], "the integer", &s, &n)) return;
  rc = ok_decimal_parse(mag, sizeof mag, &len, &neg, s, n, &err);
  if (rc == OK_E_RANGE) {
    ok_sql_error(ctx, OK_SQL_ECHO " needs more than 255 bytes", OK_SQL_ECHO_ARGS(s));
  } else if (rc != OK_OK) {
    ok_sql_error(ctx, OK_SQL_ECHO " is not a decimal integer (character %lld)", OK_SQL_ECHO_ARGS(s),
                 (long long)err + 1);
  } else if (ok_fdb_enc_bigint(out, &len, neg, mag, len) == OK_OK) { /* mag fits: it does */
    result_piece(ctx, out, len);
  }
}

/* ok_fdb_float(x) and ok_fdb_double(x) (arg: the type code): a number,
** 'NaN'/'Inf'/'-Inf', or the IEEE bits as a big-endian BLOB (4 or 8 bytes:
** any NaN payload). */
static void ok_fdb_ieee_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[9];
  sqlite3_value *v = argv[0];
  int t = sqlite3_value_type(v), code = ok_sql_fn_arg(ctx);
  size_t size = code == OK_FDB_FLOAT ? 4 : 8, n;
  const uint8_t *p;
  double d;
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_BLOB) {
    if ((size_t)sqlite3_value_bytes(v) != size) {
      ok_sql_error(ctx, "a BLOB must hold the %d bytes of the IEEE value, not %d", (int)size,
                   sqlite3_value_bytes(v));
      return;
    }
    if (!ok_sql_bytes(ctx, v, &p, &n)) return;
    result_piece(ctx, out, ok_fdb_enc_ieee(out, code, p, size));
    return;
  }
  if (!ok_sql_real_arg(ctx, v, t, &d)) return;
  result_piece(ctx, out, size == 8 ? ok_fdb_enc_double(out, d) : ok_fdb_enc_float(out, (float)d));
}

static void ok_fdb_bool_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[1];
  int b;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || !ok_sql_bool_arg(ctx, argv[0], &b)) return;
  result_piece(ctx, out, ok_fdb_enc_fixed(out, b ? OK_FDB_TRUE : OK_FDB_FALSE, NULL, 0));
}

/* ok_fdb_uuid(x): 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx' or 32 hex digits
** (any case), or the 16 bytes as a BLOB. */
static void ok_fdb_uuid_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t u[16], out[17];
  int t = sqlite3_value_type(argv[0]);
  const uint8_t *p;
  size_t n;
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_BLOB) {
    if (sqlite3_value_bytes(argv[0]) != 16) {
      ok_sql_error(ctx, "a BLOB must hold 16 bytes, not %d", sqlite3_value_bytes(argv[0]));
      return;
    }
    if (!ok_sql_bytes(ctx, argv[0], &p, &n)) return;
    memcpy(u, p, 16);
  } else if (t == SQLITE_TEXT) {
    const char *s;
    if (!ok_sql_text_arg(ctx, argv[0], "the UUID", &s, &n)) return;
    if (ok_fdb_uuid_parse(u, s, n) != OK_OK) {
      ok_sql_error(ctx, OK_SQL_ECHO " is not a UUID (8-4-4-4-12 hex digits)", OK_SQL_ECHO_ARGS(s));
      return;
    }
  } else {
    ok_sql_error(ctx, "takes TEXT or a 16-byte BLOB, not %s", ok_sql_type_name(t));
    return;
  }
  result_piece(ctx, out, ok_fdb_enc_fixed(out, OK_FDB_UUID, u, 16));
}

/* The user version argument (0..65535) into p[0..2), big-endian. */
static int user_version(sqlite3_context *ctx, int argc, sqlite3_value **argv, int i, uint8_t *p) {
  sqlite3_int64 v = 0;
  if (i < argc) {
    if (sqlite3_value_type(argv[i]) != SQLITE_INTEGER || (v = sqlite3_value_int64(argv[i])) < 0 ||
        v > 0xFFFF) {
      ok_sql_error(ctx, "the user version must be an INTEGER from 0 to 65535");
      return 0;
    }
  }
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
  return 1;
}

/* ok_fdb_versionstamp(x [, user_version]): 12 bytes, or the 10 bytes the
** database wrote plus a user version (default 0). */
static void ok_fdb_versionstamp_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t vs[12], out[13];
  int n = sqlite3_value_bytes(argv[0]);
  const uint8_t *p;
  size_t len;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (sqlite3_value_type(argv[0]) != SQLITE_BLOB || (n != 12 && n != 10) || (n == 12 && argc > 1)) {
    ok_sql_error(ctx, "takes a 12-byte BLOB, or a 10-byte BLOB and a user version");
    return;
  }
  if (!ok_sql_bytes(ctx, argv[0], &p, &len)) return;
  memcpy(vs, p, len);
  if (n == 10 && !user_version(ctx, argc, argv, 1, vs + 10)) return;
  result_piece(ctx, out, ok_fdb_enc_fixed(out, OK_FDB_VERSIONSTAMP, vs, 12));
}

/* ok_fdb_versionstamp_incomplete([user_version]): the placeholder the
** database fills in at commit (ten 0xFF bytes, then the user version). */
static void ok_fdb_versionstamp_incomplete_fn(sqlite3_context *ctx, int argc,
                                              sqlite3_value **argv) {
  uint8_t vs[12], out[13];
  memset(vs, 0xFF, 10);
  if (!user_version(ctx, argc, argv, 0, vs + 10)) return;
  ok_sql_result_piece(ctx, out, ok_fdb_enc_fixed(out, OK_FDB_VERSIONSTAMP, vs, 12),
                      OK_FDB_INCOMPLETE_SUBTYPE, 0);
}

/* ok_fdb_raw(blob): packed tuple bytes, checked, as a piece to inline. */
static void ok_fdb_raw_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_result_raw(ctx, argv, &ok_sql_fdb);
}

/* --- The 'fdb' format for the reading functions ------------------------- */

static int is_incomplete(const ok_item *it) {
  static const uint8_t unset[10] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  return it->tag == OK_FDB_VERSIONSTAMP && memcmp(it->body, unset, 10) == 0;
}

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_FDB_NULL: return "null";
    case OK_FDB_BYTES: return "bytes";
    case OK_FDB_STRING: return "string";
    case OK_FDB_NESTED: return "tuple";
    case OK_FDB_FLOAT: return "float";
    case OK_FDB_DOUBLE: return "double";
    case OK_FDB_LONG_DOUBLE: return "long double";
    case OK_FDB_OLD_TRUE: return "bool (deprecated 0x25)";
    case OK_FDB_FALSE:
    case OK_FDB_TRUE: return "bool";
    case OK_FDB_UUID: return "uuid";
    case OK_FDB_ID64: return "id64";
    case OK_FDB_VERSIONSTAMP80: return "versionstamp80";
    case OK_FDB_VERSIONSTAMP: return is_incomplete(it) ? "versionstamp incomplete" : "versionstamp";
    case OK_FDB_BYTES_LEN8:
    case OK_FDB_BYTES_LEN16: return "bytes length-prefixed";
    case OK_FDB_END: return "end of tuple";
  }
  if (it->type == OK_INT) return "integer";
  return (it->tag == OK_FDB_POS_BIG || it->tag == OK_FDB_NEG_BIG) && it->body_len == 8
             ? "bigint (Python form)"
             : "bigint";
}

/* One item that is not a nested tuple; raw: its bytes in the key. */
static int render_item(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  uint8_t bits[8];
  int rc = SQLITE_OK;
  switch (it->tag) {
    case OK_FDB_FALSE:
    case OK_FDB_TRUE:
      if (o->json)
        ok_sql_puts(o, it->i ? "true" : "false");
      else
        ok_sql_putf(o, "ok_fdb_bool(%d)", (int)it->i);
      return SQLITE_OK;
    case OK_FDB_FLOAT:
    case OK_FDB_DOUBLE:
      if (it->type == OK_TEXT) { /* NaN: its exact bits */
        ok_ieee_unsortable(bits, it->body, it->body_len);
        ok_sql_open_call(o, it->tag == OK_FDB_FLOAT ? "ok_fdb_float" : "ok_fdb_double",
                         it->tag == OK_FDB_FLOAT ? "float_bits" : "double_bits");
        ok_sql_put_hex_literal(o, bits, it->body_len);
        ok_sql_close_call(o);
        return SQLITE_OK;
      }
      if (it->tag == OK_FDB_DOUBLE) break; /* a plain REAL */
      ok_sql_open_call(o, "ok_fdb_float", "float");
      ok_sql_put_real(o, it->d);
      ok_sql_close_call(o);
      return SQLITE_OK;
    case OK_FDB_UUID:
      ok_sql_open_call(o, "ok_fdb_uuid", "uuid");
      rc = ok_sql_put_value(o, it);
      ok_sql_close_call(o);
      return rc;
    case OK_FDB_VERSIONSTAMP:
      if (is_incomplete(it) && o->json) { /* as every binding reads it: by its user version */
        ok_sql_putf(o, "{\"versionstamp_incomplete\":%d}", it->body[10] << 8 | it->body[11]);
        return SQLITE_OK;
      }
      if (is_incomplete(it)) { /* in a key: the bytes a binding packs from FF..FF, u */
        ok_sql_puts(o, "ok_fdb_versionstamp(X'FFFFFFFFFFFFFFFFFFFF', ");
        ok_sql_putf(o, "%d)", it->body[10] << 8 | it->body[11]);
        return SQLITE_OK;
      }
      ok_sql_open_call(o, "ok_fdb_versionstamp", "versionstamp");
      ok_sql_put_hex_literal(o, it->body, 12);
      ok_sql_close_call(o);
      return SQLITE_OK;
    case OK_FDB_STRING: /* ok_fdb_pack takes only UTF-8 as TEXT: others as raw bytes */
      if ((rc = ok_sql_item_is_utf8(it)) < 0) return SQLITE_NOMEM;
      if (rc) break;
      return ok_sql_put_raw(o, "ok_fdb_raw", "fdb", raw, it->len);
    case OK_FDB_LONG_DOUBLE:
    case OK_FDB_OLD_TRUE:
    case OK_FDB_ID64:
    case OK_FDB_VERSIONSTAMP80:
    case OK_FDB_BYTES_LEN8:
    case OK_FDB_BYTES_LEN16:
    case OK_FDB_END: return ok_sql_put_raw(o, "ok_fdb_raw", "fdb", raw, it->len);
  }
  if (!o->json && ok_fdb_python_form(raw, it->len)) /* ok_fdb_int would write the spec's form */
    return ok_sql_put_raw(o, "ok_fdb_raw", "fdb", raw, it->len);
  if (it->type == OK_TEXT && it->tag != OK_FDB_STRING) { /* beyond int64 */
    ok_sql_open_call(o, "ok_fdb_int", "int");
    rc = ok_sql_put_value(o, it);
    ok_sql_close_call(o);
    return rc;
  }
  return ok_sql_put_value(o, it);
}

/* A nested tuple is walked step by step, so depth costs no stack. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  const char *open = o->json ? "[" : "ok_fdb_tuple(", *close = o->json ? "]" : ")";
  const char *sep = o->json ? "," : ", ";
  size_t off = 1, depth = 1, err;
  int first = 1, rc = SQLITE_OK;
  if (it->tag != OK_FDB_NESTED) return render_item(o, it, raw);
  ok_sql_puts(o, open);
  while (depth > 0 && rc == SQLITE_OK) {
    ok_item in;
    int step = ok_fdb_step(raw + off, it->len - off, &in, &err);
    if (step == OK_FDB_CLOSE) {
      ok_sql_puts(o, close);
      depth--;
      first = 0;
    } else {
      if (!first) ok_sql_puts(o, sep);
      if (step == OK_FDB_OPEN) {
        ok_sql_puts(o, open);
        if (++depth > OK_SQL_QUOTE_DEPTH && !o->json) rc = SQLITE_RANGE;
      } else {
        rc = render_item(o, &in, raw + off);
      }
      first = step == OK_FDB_OPEN;
    }
    off += in.len;
  }
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_fdb_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_fdb_pack_fn, 0},
    {"ok_fdb_pack_versionstamped", 1, -1, OK_SQL_PURE | OK_SQL_READS, ok_fdb_pack_versionstamped_fn,
     0},
    {"ok_fdb_tuple", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_fdb_tuple_fn, 0},
    {"ok_fdb_range_begin", 0, -1, OK_SQL_PURE | OK_SQL_READS, ok_fdb_range_fn, RANGE_BEGIN},
    {"ok_fdb_range_end", 0, -1, OK_SQL_PURE | OK_SQL_READS, ok_fdb_range_fn, RANGE_END},
    {"ok_fdb_int", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_int_fn, 0},
    {"ok_fdb_float", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_ieee_fn, OK_FDB_FLOAT},
    {"ok_fdb_double", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_ieee_fn, OK_FDB_DOUBLE},
    {"ok_fdb_bool", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_bool_fn, 0},
    {"ok_fdb_uuid", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_uuid_fn, 0},
    {"ok_fdb_versionstamp", 1, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_versionstamp_fn, 0},
    {"ok_fdb_versionstamp_incomplete", 0, 1, OK_SQL_PURE | OK_SQL_MAKES,
     ok_fdb_versionstamp_incomplete_fn, 0},
    {"ok_fdb_raw", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_raw_fn, 0},
    {"ok_fdb_prefix", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_fdb_prefix_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_fdb = {
    .core = &ok_format_fdb,
    .subtype = OK_SUBTYPE(fdb),
    .label = "FDB",
    .noun = "an FDB tuple",
    .builders = "ok_fdb_*",
    .pack = "ok_fdb_pack",
    .rejoin = "ok_fdb_raw(key) gives its items as a piece, ok_fdb_tuple(...) nests a tuple",
    .put = put,
    .refusal = refusal,
    .kind = kind,
    .render = render,
    .functions = functions,
};
