/*
** keystring.c -- MongoDB's KeyString from SQL: ok_keystring_pack(pattern,
** v...), the constructors for the BSON values SQL has no type for, and how
** the readers show them. The readers take 'keystring' (every field
** ascending) or 'keystring:<pattern>', the index's key pattern.
**
**   ok_keystring_pack('', 'abc', 42)            -- an index key of {a: 1, b: 1}
**   ok_keystring_pack('{a: 1, b: -1}', 'abc', 42)   -- b descending
**   ok_keystring_pack('', ok_keystring_oid('507f1f77bcf86cd799439011'),
**                     ok_keystring_recordid(7))  -- with its record id
**   ok_keystring_ejson(key, 'QA==')  -- its values' BSON types from TypeBits
**
** docs/keystring.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <math.h>
#include <string.h>

#include "../src/ok_bytewise.h" /* JavaScript Dates: MongoDB's as the shell shows them */
#include "../src/ok_keystring.h"
#include "format.h"

/* --- The key pattern ------------------------------------------------------- */

static int parse_pattern(void *state, const char *s, size_t n, char **msg) {
  const char *why = "more than 32 fields";
  size_t at;
  if (ok_keystring_parse(state, s, n, &at, &why) == OK_OK) return SQLITE_OK;
  *msg = sqlite3_mprintf("bad key pattern: %s at character %lld", why, (long long)at + 1);
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

static const ok_format *pattern_format(const void *state) {
  return &((const ok_keystring *)state)->format;
}

static void describe_pattern(ok_sql_out *o, const void *state) {
  char text[OK_KEYSTRING_TEXT_MAX];
  if (!state) return; /* 'keystring' alone */
  text[ok_keystring_text(text, state)] = 0;
  ok_sql_puts(o, text);
}

static const ok_sql_param pattern = {"pattern",      sizeof(ok_keystring), parse_pattern,
                                     pattern_format, describe_pattern,     1};

/* --- Building -------------------------------------------------------------- */

/* A builder's own record (ok_sql_builder.own): [0] the pattern's
** descending fields, [1] 1 for a key's values (ok_keystring_pack), 0 for
** an object's or array's, which the pattern does not reach, [2] 1 for
** keys of version 0 (pieces are made in version 1, and written again). */
enum { OWN_DESC, OWN_TOP, OWN_V0 };

/* Whether argument i (1-based; the pattern is the first) is descending. */
static int desc_of(const ok_sql_builder *b, int i) {
  return b->own[OWN_TOP] && i - 2 < 32 && (b->own[OWN_DESC] >> (i - 2) & 1);
}

OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  b->desc = desc_of(b, i);
  if (b->own[OWN_V0]) /* each with its constant format: the calls made direct */
    return ok_sql_write(b, &ok_sql_keystring, v, t, i, ok_keystring_write, &ok_keystring_v0.format,
                        0, 0);
  return ok_sql_write(b, &ok_sql_keystring, v, t, i, ok_keystring_write, &ok_format_keystring, 0,
                      0);
}

#define RECORD_ID "a record id (ok_keystring_recordid)"
#define BOUND "a query bound's discriminator (ok_keystring_exclusive_before or _after)"
static const char record_last[] = RECORD_ID ", which ends the key";
static const char bound_last[] = BOUND ", which ends the key";

/* One of its pieces: a value, complemented in a descending field; a
** record id or a discriminator, which only a key's end takes. */
static int put_piece(ok_sql_builder *b, const uint8_t *p, size_t n, int i) {
  int bound = p[0] == OK_KEYSTRING_LESS || p[0] == OK_KEYSTRING_GREATER;
  const char *last = p[0] == OK_KEYSTRING_END ? record_last : bound ? bound_last : NULL;
  if (last && !b->own[OWN_TOP]) {
    ok_sql_error(b->ctx, "argument %d is %s, which goes last in ok_keystring_pack", i,
                 bound ? BOUND : RECORD_ID);
    return 0;
  }
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, n, n)) return 0;
  memcpy(b->buf.p + b->buf.n, p, n);
  if (!last && b->own[OWN_TOP] && b->own[OWN_V0]) { /* its numbers in version 0 */
    size_t err;
    if (ok_keystring_to_v0(b->buf.p + b->buf.n, p, n, &n, &err) != OK_OK) {
      ok_sql_error(b->ctx,
                   "argument %d holds a Decimal128 that no double is, which KeyString "
                   "version 0 (a 'v0' pattern) does not hold",
                   i);
      return 0;
    }
  }
  if (last)
    b->last = last;
  else if (desc_of(b, i))
    ok_invert(b->buf.p + b->buf.n, n);
  b->buf.n += n;
  return 1;
}

/* The result piece of a constructor. */
static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(keystring), 0);
}

/* ok_keystring_pack(pattern, v, ...): the values, then the end byte (which
** a record id brings with it). */
static void ok_keystring_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const ok_keystring *ks;
  ok_sql_builder b;
  if (argc == 0) {
    ok_sql_error(ctx, "takes the index's key pattern first ('' when every field is ascending)");
    return;
  }
  if (!(ks = ok_sql_param_arg(ctx, &pattern, argv, 0))) return;
  ok_sql_builder_init(&b, ctx, 0);
  b.own[OWN_DESC] = ks->desc, b.own[OWN_TOP] = 1, b.own[OWN_V0] = (size_t)ks->v0;
  if (ok_sql_build(&b, &ok_sql_keystring, argc, argv, 1) &&
      (b.last || ok_sql_buf_reserve(ctx, &b.buf, 1, 1))) {
    if (!b.last) b.buf.p[b.buf.n++] = OK_KEYSTRING_END;
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(keystring)), 0);
  }
  ok_sql_builder_free(&b);
}

/* A container made: refused deeper than MongoDB reads. */
static void result_container(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_item it;
  size_t err;
  if (ok_keystring_decode(p, n, 0, &it, &err) == OK_E_RANGE)
    ok_sql_error(ctx, "nests deeper than MongoDB's %d levels", OK_KEYSTRING_DEPTH_MAX);
  else
    result_piece(ctx, p, n);
}

/* ok_keystring_array(v, ...) */
static void ok_keystring_array_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  b.own[OWN_TOP] = 0, b.own[OWN_V0] = 0; /* a piece: version 1 */
  if (ok_sql_build_array(ctx, &b, &ok_sql_keystring, OK_KEYSTRING_ARRAY, 0x00, argc, argv))
    result_container(ctx, b.buf.p, b.buf.n);
  ok_sql_builder_free(&b);
}

/* ok_keystring_object(name, v, ...): each field its generic type, its
** name, 00 and its value. */
static void ok_keystring_object_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b, v;
  int i, ok = 1;
  if (argc % 2) {
    ok_sql_error(ctx, "takes names and values in pairs, not %d arguments", argc);
    return;
  }
  ok_sql_builder_init(&b, ctx, 0);
  ok_sql_builder_init(&v, ctx, 0);
  v.own[OWN_TOP] = 0, v.own[OWN_V0] = 0; /* a piece: version 1 */
  ok = ok_sql_buf_reserve(ctx, &b.buf, 1, 1);
  if (ok) b.buf.p[b.buf.n++] = OK_KEYSTRING_OBJECT;
  for (i = 0; ok && i < argc; i += 2) {
    const char *name;
    size_t n;
    if (!ok_sql_text_arg(ctx, argv[i], "a field's name", &name, &n)) {
      ok = 0;
    } else if (memchr(name, 0, n)) {
      ok_sql_error(ctx, "argument %d: a field's name holds no NUL (BSON's names end at one)",
                   i + 1);
      ok = 0;
    } else {
      v.buf.n = 0;
      ok = ok_sql_build(&v, &ok_sql_keystring, i + 2, argv, i + 1) &&
           ok_sql_buf_reserve(ctx, &b.buf, n + 2 + v.buf.n, n + 2 + v.buf.n);
    }
    if (!ok) break;
    b.buf.p[b.buf.n++] = (uint8_t)ok_keystring_generic(v.buf.p[0]);
    memcpy(b.buf.p + b.buf.n, name, n);
    b.buf.p[b.buf.n + n] = 0x00;
    memcpy(b.buf.p + b.buf.n + n + 1, v.buf.p, v.buf.n);
    b.buf.n += n + 1 + v.buf.n;
  }
  if (ok && ok_sql_buf_reserve(ctx, &b.buf, 1, 1)) {
    b.buf.p[b.buf.n++] = 0x00;
    result_container(ctx, b.buf.p, b.buf.n);
  }
  ok_sql_builder_free(&v);
  ok_sql_builder_free(&b);
}

/* ok_keystring_exclusive_before(), _after(): a query bound's end, its
** discriminator (never inverted) and the end byte. */
static void ok_keystring_bound_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[2];
  (void)argc, (void)argv;
  out[0] = (uint8_t)ok_sql_fn_arg(ctx), out[1] = OK_KEYSTRING_END;
  result_piece(ctx, out, 2);
}

/* ok_keystring_minkey(), _maxkey(), _undefined(), _nan(): one byte each. */
static void ok_keystring_constant_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[1];
  (void)argc, (void)argv;
  out[0] = (uint8_t)ok_sql_fn_arg(ctx);
  result_piece(ctx, out, 1);
}

static void ok_keystring_bool_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_bool_piece(ctx, argv[0], OK_SUBTYPE(keystring), OK_KEYSTRING_FALSE, OK_KEYSTRING_TRUE);
}

/* An ObjectId argument: 24 hex digits, or the 12 bytes; 0 with the error set. */
static int oid_arg(sqlite3_context *ctx, sqlite3_value *v, uint8_t oid[12]) {
  const uint8_t *p;
  size_t n, len, err;
  int t = sqlite3_value_type(v);
  if (!ok_sql_bytes(ctx, v, &p, &n)) return 0;
  if (t == SQLITE_BLOB && n == 12) return memcpy(oid, p, 12), 1;
  if (t == SQLITE_TEXT && n == 24 && ok_hex_decode(oid, &len, (const char *)p, n, &err) == OK_OK &&
      len == 12)
    return 1;
  ok_sql_error(ctx, "takes an ObjectId: 24 hex digits, or 12 bytes as a BLOB");
  return 0;
}

/* ok_keystring_oid(id) */
static void ok_keystring_oid_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t oid[12], out[13];
  (void)argc;
  if (sqlite3_value_type(argv[0]) != SQLITE_NULL && oid_arg(ctx, argv[0], oid))
    result_piece(ctx, out, ok_keystring_enc_oid(out, oid));
}

/* A TEXT argument without NUL (a regular expression's part, a namespace:
** BSON ends them at one); 0 with the error set. */
static int cstring_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, const char **s,
                       size_t *n) {
  if (!ok_sql_text_arg(ctx, v, what, s, n)) return 0;
  if (!memchr(*s, 0, *n)) return 1;
  ok_sql_error(ctx, "%s holds no NUL (BSON ends it at one)", what);
  return 0;
}

/* ok_keystring_regex(pattern, flags) */
static void ok_keystring_regex_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *p, *f;
  size_t pn, fn;
  uint8_t *out;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      !cstring_arg(ctx, argv[0], "the pattern", &p, &pn) ||
      !cstring_arg(ctx, argv[1], "the flags", &f, &fn))
    return;
  if (!(out = sqlite3_malloc64(pn + fn + 3))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_sql_result_piece(ctx, out,
                      ok_keystring_enc_regex(out, (const uint8_t *)p, pn, (const uint8_t *)f, fn),
                      OK_SUBTYPE(keystring), 1);
}

/* ok_keystring_code(text): JavaScript code, written as a string is. */
static void ok_keystring_code_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *s;
  size_t n;
  uint8_t *out;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      !ok_sql_text_arg(ctx, argv[0], "the code", &s, &n))
    return;
  if (!(out = sqlite3_malloc64(OK_KEYSTRING_STRING_BOUND(n)))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_sql_result_piece(ctx, out,
                      ok_keystring_enc_string(out, OK_KEYSTRING_CODE, (const uint8_t *)s, n),
                      OK_SUBTYPE(keystring), 1);
}

/* ok_keystring_codewscope(code, scope): JavaScript code and its scope, an
** object (ok_keystring_object), written as MongoDB writes a CodeWScope. */
static void ok_keystring_codewscope_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *s;
  size_t n;
  ok_sql_builder v;
  uint8_t *out = NULL;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      !ok_sql_text_arg(ctx, argv[0], "the code", &s, &n))
    return;
  ok_sql_builder_init(&v, ctx, 0);
  v.own[OWN_TOP] = 0, v.own[OWN_V0] = 0; /* a piece: version 1 */
  if (!ok_sql_build(&v, &ok_sql_keystring, 2, argv, 1)) {
    /* the error set */
  } else if (v.buf.p[0] != OK_KEYSTRING_OBJECT) {
    ok_sql_error(ctx, "the scope is an object (ok_keystring_object(name, value, ...))");
  } else if (!(out = sqlite3_malloc64(OK_KEYSTRING_STRING_BOUND(n) + v.buf.n))) {
    sqlite3_result_error_nomem(ctx);
  } else { /* a scope counts two levels */
    result_container(ctx, out,
                     ok_keystring_enc_code_scope(out, (const uint8_t *)s, n, v.buf.p, v.buf.n));
  }
  sqlite3_free(out);
  ok_sql_builder_free(&v);
}

/* ok_keystring_dbpointer(namespace, id) */
static void ok_keystring_dbpointer_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *ns;
  size_t n;
  uint8_t oid[12], *out;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      !cstring_arg(ctx, argv[0], "the namespace", &ns, &n) || !oid_arg(ctx, argv[1], oid))
    return;
  if (!(out = sqlite3_malloc64(n + 17))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_sql_result_piece(ctx, out, ok_keystring_enc_dbpointer(out, (const uint8_t *)ns, n, oid),
                      OK_SUBTYPE(keystring), 1);
}

/* ok_keystring_decimal(x): a Decimal128, from its text or a number's. */
static void ok_keystring_decimal_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  char buf[OK_REPR_MAX], *digits;
  const char *s;
  size_t n, nd, len, err;
  int neg, rc;
  int64_t exp;
  uint8_t out[OK_KEYSTRING_NUMBER_MAX];
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || !ok_sql_decimal_text(ctx, argv[0], buf, &s, &n))
    return;
  if (!(digits = sqlite3_malloc64(n + 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  rc = ok_decimal_split(digits, &nd, &neg, &exp, s, n, &err);
  if (rc == OK_OK) rc = ok_keystring_enc_decimal(out, &len, neg, digits, nd, exp);
  sqlite3_free(digits);
  if (rc == OK_OK)
    result_piece(ctx, out, len);
  else if (rc == OK_E_SYNTAX)
    ok_sql_error(ctx, OK_SQL_ECHO " is no decimal (character %lld)", OK_SQL_ECHO_ARGS(s),
                 (long long)err + 1);
  else if (rc == OK_E_RANGE)
    ok_sql_error(ctx, OK_SQL_ECHO " is past a Decimal128 (34 digits, exponents -6176 to 6111)",
                 OK_SQL_ECHO_ARGS(s));
  else /* the continuation out of its 8 bytes: MongoDB's invariant, never met */
    ok_sql_error(ctx, OK_SQL_ECHO " cannot be written as MongoDB writes it", OK_SQL_ECHO_ARGS(s));
}

static size_t enc_date(uint8_t *out, double ms) { return ok_keystring_enc_date(out, (int64_t)ms); }

static void ok_keystring_date_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_js_date(ctx, argv[0], OK_SUBTYPE(keystring), enc_date);
}

/* An argument within 0..max; 0 with the error set. */
static int bounded_arg(sqlite3_context *ctx, sqlite3_value *v, const char *what, int64_t max,
                       int64_t *x) {
  if (!ok_sql_int_arg(ctx, v, what, x)) return 0;
  if (*x >= 0 && *x <= max) return 1;
  ok_sql_error(ctx, "%s %lld is outside 0..%lld", what, (long long)*x, (long long)max);
  return 0;
}

/* ok_keystring_timestamp(t, i): seconds and increment, each 32 bits. */
static void ok_keystring_timestamp_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[9];
  int64_t t, i;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (bounded_arg(ctx, argv[0], "the seconds", 0xFFFFFFFF, &t) &&
      bounded_arg(ctx, argv[1], "the increment", 0xFFFFFFFF, &i))
    result_piece(ctx, out, ok_keystring_enc_timestamp(out, (uint32_t)t, (uint32_t)i));
}

/* ok_keystring_bindata(bytes, subtype) */
static void ok_keystring_bindata_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  int64_t sub;
  uint8_t *out;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (!bounded_arg(ctx, argv[1], "the subtype", 255, &sub) || !ok_sql_bytes(ctx, argv[0], &p, &n))
    return;
  if (!(out = sqlite3_malloc64(OK_KEYSTRING_BINDATA_BOUND(n)))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_sql_result_piece(ctx, out, ok_keystring_enc_bindata(out, p, n, (uint8_t)sub),
                      OK_SUBTYPE(keystring), 1);
}

/* ok_keystring_recordid(n): the end byte and the record id after it. */
static void ok_keystring_recordid_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_KEYSTRING_RECORD_MAX];
  int64_t id;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  if (bounded_arg(ctx, argv[0], "the record id", INT64_MAX, &id))
    result_piece(ctx, out, ok_keystring_enc_record(out, id));
}

/* ok_keystring_clusterkey(v): the end byte and the record id of a
** clustered collection's document whose cluster key (_id) is v: v's
** KeyString, as MongoDB makes the id of it. */
static void ok_keystring_clusterkey_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder v;
  uint8_t *out;
  (void)argc;
  ok_sql_builder_init(&v, ctx, 0);
  v.own[OWN_TOP] = 0, v.own[OWN_V0] = 0; /* a piece: version 1 */
  if (!ok_sql_build(&v, &ok_sql_keystring, 1, argv, 0)) {
    /* the error set */
  } else if (v.buf.n > OK_KEYSTRING_RECORD_STRING_MAX) {
    ok_sql_error(ctx, "the value takes %lld bytes, more than a record id's %d (MongoDB's limit)",
                 (long long)v.buf.n, OK_KEYSTRING_RECORD_STRING_MAX);
  } else if (!(out = sqlite3_malloc64(v.buf.n + 5))) {
    sqlite3_result_error_nomem(ctx);
  } else {
    ok_sql_result_piece(ctx, out, ok_keystring_enc_record_string(out, v.buf.p, v.buf.n),
                        OK_SUBTYPE(keystring), 1);
  }
  ok_sql_builder_free(&v);
}

/* --- Reading --------------------------------------------------------------- */

static const char *kind(const ok_item *it) {
  if (ok_keystring_is_recordid(it)) return "recordid";
  if (it->tag == OK_KEYSTRING_LESS || it->tag == OK_KEYSTRING_GREATER) return "discriminator";
  if (ok_keystring_is_decimal(it)) return "decimal";
  switch (it->tag) {
    case OK_KEYSTRING_MINKEY: return "minkey";
    case OK_KEYSTRING_MAXKEY: return "maxkey";
    case OK_KEYSTRING_UNDEFINED: return "undefined";
    case OK_KEYSTRING_NULL: return "null";
    case OK_KEYSTRING_STRING: return "string";
    case OK_KEYSTRING_OBJECT: return "object";
    case OK_KEYSTRING_ARRAY: return "array";
    case OK_KEYSTRING_BINDATA: return "bindata";
    case OK_KEYSTRING_OID: return "objectid";
    case OK_KEYSTRING_FALSE:
    case OK_KEYSTRING_TRUE: return "bool";
    case OK_KEYSTRING_DATE: return "date";
    case OK_KEYSTRING_TIMESTAMP: return "timestamp";
    case OK_KEYSTRING_REGEX: return "regex";
    case OK_KEYSTRING_DBPOINTER: return "dbpointer";
    case OK_KEYSTRING_CODE: return "code";
    case OK_KEYSTRING_CODE_SCOPE: return "codewscope";
  }
  return "number";
}

static int render_value(ok_sql_out *o, const ok_item *it, size_t depth);

/* A field's name that is not UTF-8, in JSON: "text_hex:<its bytes>" (a
** JSON name is a string). SQLITE_DONE for a name that is UTF-8. */
static int name_as_hex(ok_sql_out *o, const ok_item *name) {
  int utf8 = ok_sql_item_is_utf8(name);
  uint8_t *raw;
  char *hex;
  if (utf8 == 1) return SQLITE_DONE;
  raw = utf8 < 0 ? NULL : sqlite3_malloc64(3 * name->value_len + 1);
  if (!raw) return SQLITE_NOMEM;
  hex = (char *)raw + name->value_len;
  ok_unescape(raw, name);
  hex[ok_hex_encode(hex, raw, name->value_len)] = 0;
  ok_sql_puts(o, "\"text_hex:");
  ok_sql_puts(o, hex);
  ok_sql_putc(o, '"');
  sqlite3_free(raw);
  return SQLITE_OK;
}

/* An object's or array's fields, one by one (the decoder bounds the depth,
** and ok_quote's renderings stop at OK_SQL_QUOTE_DEPTH). */
static int render_container(ok_sql_out *o, const ok_item *it, size_t depth) {
  int object = it->tag == OK_KEYSTRING_OBJECT, rc = SQLITE_OK, first = 1;
  size_t off = 0;
  ok_item name, v;
  if (depth > OK_SQL_QUOTE_DEPTH && !o->json) return SQLITE_RANGE;
  ok_sql_puts(o, o->json ? (object ? "{" : "[")
                         : (object ? "ok_keystring_object(" : "ok_keystring_array("));
  while (rc == SQLITE_OK && ok_keystring_field(it, &off, &name, &v)) {
    if (!first) ok_sql_puts(o, o->json ? "," : ", ");
    first = 0;
    if (object && o->json && (rc = name_as_hex(o, &name)) != SQLITE_DONE) {
      if (rc == SQLITE_OK) ok_sql_puts(o, ":");
    } else if (object) {
      rc = ok_sql_put_value(o, &name);
      ok_sql_puts(o, o->json ? ":" : ", ");
    }
    if (rc == SQLITE_OK) rc = render_value(o, &v, depth + 1);
  }
  ok_sql_puts(o, o->json ? (object ? "}" : "]") : ")");
  return rc;
}

static int render_value(ok_sql_out *o, const ok_item *it, size_t depth) {
  const char *json = NULL, *sql = NULL;
  char text[OK_KEYSTRING_DECIMAL_TEXT_MAX];
  size_t len = ok_keystring_decimal_text(text, it);
  int rc;
  if (len) { /* a Decimal128 that no double is */
    ok_sql_putf(o, o->json ? "{\"$numberDecimal\":\"%.*s\"}" : "ok_keystring_decimal('%.*s')",
                (int)len, text);
    return SQLITE_OK;
  }
  switch (it->tag) {
    case OK_KEYSTRING_OBJECT:
    case OK_KEYSTRING_ARRAY: return render_container(o, it, depth);
    case OK_KEYSTRING_LESS:
      json = "{\"discriminator\":\"exclusiveBefore\"}", sql = "ok_keystring_exclusive_before()";
      break;
    case OK_KEYSTRING_GREATER:
      json = "{\"discriminator\":\"exclusiveAfter\"}", sql = "ok_keystring_exclusive_after()";
      break;
    case OK_KEYSTRING_MINKEY: json = "{\"$minKey\":1}", sql = "ok_keystring_minkey()"; break;
    case OK_KEYSTRING_MAXKEY: json = "{\"$maxKey\":1}", sql = "ok_keystring_maxkey()"; break;
    case OK_KEYSTRING_UNDEFINED:
      json = "{\"$undefined\":true}", sql = "ok_keystring_undefined()";
      break;
    case OK_KEYSTRING_NAN: json = "{\"real\":\"NaN\"}", sql = "ok_keystring_nan()"; break;
    case OK_KEYSTRING_FALSE: json = "false", sql = "ok_keystring_bool(0)"; break;
    case OK_KEYSTRING_TRUE: json = "true", sql = "ok_keystring_bool(1)"; break;
    case OK_KEYSTRING_OID: {
      uint8_t hex[24];
      ok_unescape(hex, it);
      ok_sql_putf(o, o->json ? "{\"$oid\":\"%.24s\"}" : "ok_keystring_oid('%.24s')", hex);
      return SQLITE_OK;
    }
    case OK_KEYSTRING_DATE: return ok_sql_put_js_value(o, it, 1, "ok_keystring_date");
    case OK_KEYSTRING_CODE:
      ok_sql_open_call(o, "ok_keystring_code", "$code");
      rc = ok_sql_put_value(o, it);
      ok_sql_close_call(o);
      return rc;
    case OK_KEYSTRING_CODE_SCOPE: { /* the code, then the scope */
      ok_item a, b;
      ok_keystring_parts(it, &a, &b);
      ok_sql_puts(o, o->json ? "{\"$code\":" : "ok_keystring_codewscope(");
      rc = ok_sql_put_value(o, &a);
      ok_sql_puts(o, o->json ? ",\"$scope\":" : ", ");
      if (rc == SQLITE_OK) rc = render_container(o, &b, depth + 1);
      ok_sql_puts(o, o->json ? "}" : ")");
      return rc;
    }
    case OK_KEYSTRING_REGEX:
    case OK_KEYSTRING_DBPOINTER: { /* two parts */
      ok_item a, b;
      int regex = it->tag == OK_KEYSTRING_REGEX;
      ok_keystring_parts(it, &a, &b);
      ok_sql_puts(o, o->json ? (regex ? "{\"$regularExpression\":{\"pattern\":"
                                      : "{\"$dbPointer\":{\"$ref\":")
                             : (regex ? "ok_keystring_regex(" : "ok_keystring_dbpointer("));
      rc = ok_sql_put_value(o, &a);
      ok_sql_puts(o, o->json ? (regex ? ",\"options\":" : ",\"$id\":") : ", ");
      if (rc == SQLITE_OK && regex) rc = ok_sql_put_value(o, &b);
      if (rc == SQLITE_OK && !regex) { /* the ObjectId's digits */
        uint8_t hex[24];
        ok_unescape(hex, &b);
        ok_sql_putf(o, o->json ? "{\"$oid\":\"%.24s\"}" : "'%.24s'", hex);
      }
      ok_sql_puts(o, o->json ? "}}" : ")");
      return rc;
    }
    case OK_KEYSTRING_TIMESTAMP: {
      uint64_t v = (uint64_t)it->i;
      ok_sql_putf(
          o, o->json ? "{\"$timestamp\":{\"t\":%u,\"i\":%u}}" : "ok_keystring_timestamp(%u, %u)",
          (unsigned)(v >> 32), (unsigned)(v & 0xFFFFFFFF));
      return SQLITE_OK;
    }
    case OK_KEYSTRING_BINDATA:
      if (ok_keystring_bindata_subtype(it) != 0) { /* {"blob":"..","subtype":4} in JSON */
        uint8_t *p = sqlite3_malloc64(it->value_len + 1);
        if (!p) return SQLITE_NOMEM;
        ok_unescape(p, it);
        ok_sql_puts(o, o->json ? "{\"blob\":" : "ok_keystring_bindata(");
        rc = ok_sql_put_hex_literal(o, p, it->value_len);
        sqlite3_free(p);
        ok_sql_putf(o, o->json ? ",\"subtype\":%d}" : ", %d)", ok_keystring_bindata_subtype(it));
        return rc;
      }
      break;
  }
  if (json) {
    ok_sql_puts(o, o->json ? json : sql);
    return SQLITE_OK;
  }
  return ok_sql_put_value(o, it); /* numbers, strings, null, BinData of subtype 0 */
}

/* A descending field's value shows as it is, as an Orderly schema's field
** does: the pattern says which fields are (ok_each's dir too). */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  int rc;
  (void)raw;
  if (!ok_keystring_is_recordid(it)) return render_value(o, it, 1);
  if (it->tag == OK_KEYSTRING_END) {
    ok_sql_putf(o, o->json ? "{\"recordid\":%lld}" : "ok_keystring_recordid(%lld)",
                (long long)it->i);
    return SQLITE_OK;
  }
  ok_sql_open_call(o, "ok_keystring_clusterkey", "recordid"); /* a clustered collection's */
  rc = render_value(o, it, 2);
  ok_sql_close_call(o);
  return rc;
}

/* --- With TypeBits: MongoDB's canonical Extended JSON ---------------------- */

static int ejson_value(ok_sql_out *o, const ok_item *it, ok_keystring_bits *b, int *status,
                       size_t *err);

/* An object's or array's values, each typed from b in its turn. */
static int ejson_container(ok_sql_out *o, const ok_item *it, ok_keystring_bits *b, int *status,
                           size_t *err) {
  int object = it->tag == OK_KEYSTRING_OBJECT, rc = SQLITE_OK, first = 1;
  size_t off = 0;
  ok_item name, v;
  ok_sql_putc(o, object ? '{' : '[');
  while (rc == SQLITE_OK && ok_keystring_field(it, &off, &name, &v)) {
    if (!first) ok_sql_putc(o, ',');
    first = 0;
    if (object && (rc = name_as_hex(o, &name)) == SQLITE_DONE) rc = ok_sql_put_value(o, &name);
    if (object) ok_sql_putc(o, ':');
    if (rc == SQLITE_OK) rc = ejson_value(o, &v, b, status, err);
  }
  ok_sql_putc(o, object ? '}' : ']');
  return rc;
}

/* A value in canonical Extended JSON (v2), its type from the TypeBits (b
** NULL: from its value, a clustered record id's): SQLITE_ERROR with
** *status and *err (a byte of the TypeBits) when they do not fit it. */
static int ejson_value(ok_sql_out *o, const ok_item *it, ok_keystring_bits *b, int *status,
                       size_t *err) {
  ok_keystring_type t;
  char num[OK_REPR_MAX];
  ok_item a, c;
  uint8_t hex[24], *p;
  char *text;
  int rc;
  if (!b)
    ok_keystring_type_of(it, &t);
  else if ((*status = ok_keystring_bits_value(b, it, &t, err)) != OK_OK)
    return SQLITE_ERROR;
  switch (t.type) {
    case OK_BSON_INT32:
      ok_sql_putf(o, "{\"$numberInt\":\"%lld\"}", (long long)it->i);
      return SQLITE_OK;
    case OK_BSON_INT64:
      ok_sql_putf(o, "{\"$numberLong\":\"%lld\"}", (long long)it->i);
      return SQLITE_OK;
    case OK_BSON_DECIMAL128: /* b NULL: its text as ok_json writes it, from its bytes */
      if (!b) return render_value(o, it, 1);
      ok_sql_putf(o, "{\"$numberDecimal\":\"%.*s\"}", (int)t.dec_len, t.dec);
      return SQLITE_OK;
    case OK_BSON_DOUBLE: {
      double d = it->type == OK_INT ? (double)it->i : it->d;
      ok_double_repr(num, t.negative_zero ? -0.0 : d);
      ok_sql_putf(o, "{\"$numberDouble\":\"%s\"}",
                  d != d     ? "NaN"
                  : isinf(d) ? (d < 0 ? "-Infinity" : "Infinity")
                             : num);
      return SQLITE_OK;
    }
    case OK_BSON_SYMBOL:
      ok_sql_open_call(o, "", "$symbol");
      rc = ok_sql_put_value(o, it);
      ok_sql_close_call(o);
      return rc;
  }
  switch (it->tag) {
    case OK_KEYSTRING_OBJECT:
    case OK_KEYSTRING_ARRAY: return ejson_container(o, it, b, status, err);
    case OK_KEYSTRING_DATE:
      ok_sql_putf(o, "{\"$date\":{\"$numberLong\":\"%lld\"}}", (long long)ok_keystring_date_ms(it));
      return SQLITE_OK;
    case OK_KEYSTRING_BINDATA: /* its bytes, then their base 64 after them */
      if (!(p = sqlite3_malloc64(it->value_len + OK_BASE64_BOUND(it->value_len) + 1)))
        return SQLITE_NOMEM;
      ok_unescape(p, it);
      text = (char *)p + it->value_len;
      text[ok_base64_encode(text, p, it->value_len)] = 0;
      ok_sql_puts(o, "{\"$binary\":{\"base64\":\""); /* of any length: not through putf's buffer */
      ok_sql_puts(o, text);
      ok_sql_putf(o, "\",\"subType\":\"%02x\"}}", ok_keystring_bindata_subtype(it));
      sqlite3_free(p);
      return SQLITE_OK;
    case OK_KEYSTRING_CODE_SCOPE: /* the scope's values typed */
      ok_keystring_parts(it, &a, &c);
      ok_sql_puts(o, "{\"$code\":");
      rc = ok_sql_put_value(o, &a);
      ok_sql_puts(o, ",\"$scope\":");
      if (rc == SQLITE_OK) rc = ejson_container(o, &c, b, status, err);
      ok_sql_putc(o, '}');
      return rc;
    case OK_KEYSTRING_DBPOINTER: /* the ObjectId canonical too */
      ok_keystring_parts(it, &a, &c);
      ok_sql_puts(o, "{\"$dbPointer\":{\"$ref\":");
      rc = ok_sql_put_value(o, &a);
      ok_unescape(hex, &c);
      ok_sql_putf(o, ",\"$id\":{\"$oid\":\"%.24s\"}}}", hex);
      return rc;
  }
  return render_value(o, it, 1); /* as ok_json: Extended JSON's own names there */
}

/* What is wrong with TypeBits, in words. */
static const char *tb_words(int status) {
  switch (status) {
    case OK_E_TRUNCATED: return "they end before the key's values do";
    case OK_E_TRAILING: return "bytes after the bits of the key's values";
    case OK_E_TYPE: return "bits that no value of that kind has (not the key's TypeBits?)";
  }
  return "not as MongoDB writes them (bits set past the key's values, or a longer form)";
}

/* ok_keystring_ejson(key, typebits [, pattern]): the key's values with
** their BSON types, as MongoDB's canonical Extended JSON. */
static void ok_keystring_ejson_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const ok_format *f = &ok_format_keystring; /* every field ascending */
  const ok_keystring *ks;
  const uint8_t *key, *tb = NULL;
  uint8_t *decoded = NULL;
  size_t n, tn = 0, err = 0, tb_err = 0, count = 0;
  ok_keystring_bits b;
  ok_sql_out o;
  ok_walk w;
  ok_item it;
  int rc = SQLITE_OK, status, tb_status = OK_OK;
  if (argc > 2) {
    if (!(ks = ok_sql_param_arg(ctx, &pattern, argv, 2))) return;
    f = &ks->format;
  }
  if (!ok_sql_key_arg(ctx, argv, 0, &key, &n)) return;
  if (sqlite3_value_type(argv[1]) == SQLITE_TEXT) { /* base 64, as BinData shows */
    const uint8_t *s;
    if (!ok_sql_bytes(ctx, argv[1], &s, &tn)) return;
    if (!(decoded = sqlite3_malloc64(tn / 4 * 3 + 3))) return sqlite3_result_error_nomem(ctx);
    if (ok_base64_decode(decoded, &tn, (const char *)s, tn, &err) != OK_OK) {
      ok_sql_error(ctx, "the TypeBits are BLOB, or base 64 TEXT: not base 64 at character %lld",
                   (long long)err + 1);
      return sqlite3_free(decoded);
    }
    tb = decoded;
  } else if (sqlite3_value_type(argv[1]) == SQLITE_BLOB) {
    if (!ok_sql_bytes(ctx, argv[1], &tb, &tn)) return;
  } else if (sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    ok_sql_error(ctx, "the TypeBits are BLOB, base 64 TEXT or NULL (all zeros), not %s",
                 ok_sql_type_name(sqlite3_value_type(argv[1])));
    return;
  }
  if ((status = ok_keystring_bits_open(&b, tb, tn, &err)) != OK_OK) {
    ok_sql_error(ctx, "malformed TypeBits at byte %lld: %s", (long long)err + 1, tb_words(status));
    return sqlite3_free(decoded);
  }
  ok_sql_out_init(&o, sqlite3_context_db_handle(ctx), 1);
  ok_sql_putc(&o, '[');
  ok_walk_start(&w, f, key, n);
  while ((status = ok_next(&w, &it, &err)) == OK_OK) {
    if (count++) ok_sql_putc(&o, ',');
    if (it.tag == OK_KEYSTRING_END) { /* an int64 */
      ok_sql_putf(&o, "{\"recordid\":{\"$numberLong\":\"%lld\"}}", (long long)it.i);
    } else if (ok_keystring_is_recordid(&it)) { /* a clustered one: typed by its value */
      ok_sql_puts(&o, "{\"recordid\":");
      rc = ejson_value(&o, &it, NULL, &tb_status, &tb_err);
      ok_sql_putc(&o, '}');
    } else {
      rc = ejson_value(&o, &it, &b, &tb_status, &tb_err);
    }
    if (rc != SQLITE_OK) break;
  }
  ok_sql_putc(&o, ']');
  if (status == OK_FEWER && rc == SQLITE_OK && (tb_status = ok_keystring_bits_end(&b, &tb_err)))
    rc = SQLITE_ERROR;
  if (status < 0 || rc == SQLITE_ERROR) { /* the key malformed, or the TypeBits */
    if (o.p != o.stack) sqlite3_free(o.p);
    if (status < 0)
      ok_sql_malformed(ctx, status, err);
    else
      ok_sql_error(ctx, "TypeBits at byte %lld: %s", (long long)tb_err + 1, tb_words(tb_status));
  } else {
    if (o.rc == SQLITE_OK && rc != SQLITE_OK) o.rc = rc;
    ok_sql_out_result(ctx, &o);
    if (o.rc == SQLITE_OK) sqlite3_result_subtype(ctx, OK_SQL_JSON_SUBTYPE);
  }
  sqlite3_free(decoded);
}

/* ok_keystring_from_ejson(json [, pattern]) and ok_keystring_typebits(json
** [, pattern]): the key that Extended JSON's values make, and the TypeBits
** MongoDB keeps beside it: the inverse of ok_keystring_ejson. */
enum { AS_KEY, AS_TYPEBITS };
static void ok_keystring_from_ejson_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  static const ok_keystring ascending; /* every field ascending, version 1 */
  const ok_keystring *ks = &ascending;
  const char *json;
  size_t n, nb;
  ok_keystring_ejson_out o;
  uint8_t scratch[256], key[256], bits[64], *mem = NULL; /* a short key's room: one walk */
  if (argc > 1 && !(ks = ok_sql_param_arg(ctx, &pattern, argv, 1))) return;
  if (!ok_sql_text_arg(ctx, argv[0], "the Extended JSON", &json, &n)) return;
  memset(&o, 0, sizeof o), memset(bits, 0, sizeof bits);
  o.key = key, o.key_cap = sizeof key, o.bits = bits,
  o.bits_cap = (sizeof bits - 5) / 2; /* and the stored form after */
  o.scratch = 2 * n + 1 <= sizeof scratch ? scratch : sqlite3_malloc64(2 * n + 1);
  if (!o.scratch) return sqlite3_result_error_nomem(ctx);
  if (ok_keystring_from_ejson(&o, ks, json, n) != OK_OK) {
    ok_sql_error(ctx, "%s at character %lld", o.why, (long long)ok_sql_char_at(json, o.err_at));
  } else if (!o.written && !(mem = sqlite3_malloc64(o.key_len + 2 * ((o.nbits + 7) / 8) + 6))) {
    sqlite3_result_error_nomem(ctx);
  } else {
    if (!o.written) { /* again with room: the key, its bits (zeroed), their stored form */
      o.key = mem, o.key_cap = o.key_len, o.bits = mem + o.key_len, o.bits_cap = (o.nbits + 7) / 8;
      memset(o.bits, 0, o.bits_cap);
      ok_keystring_from_ejson(&o, ks, json, n);
    }
    nb = (o.nbits + 7) / 8;
    if (ok_sql_fn_arg(ctx) == AS_KEY)
      ok_sql_result_piece(ctx, o.key, o.key_len, OK_KEY_SUBTYPE(OK_SUBTYPE(keystring)), 0);
    else
      sqlite3_result_blob(ctx, o.bits + nb,
                          (int)ok_keystring_bits_write(o.bits + nb, o.bits, o.nbits),
                          SQLITE_TRANSIENT);
  }
  sqlite3_free(mem);
  if (o.scratch != scratch) sqlite3_free(o.scratch);
}

static const ok_sql_function functions[] = {
    {"ok_keystring_pack", 1, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_keystring_pack_fn,
     0},
    {"ok_keystring_array", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_keystring_array_fn,
     0},
    {"ok_keystring_object", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES,
     ok_keystring_object_fn, 0},
    {"ok_keystring_minkey", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_constant_fn,
     OK_KEYSTRING_MINKEY},
    {"ok_keystring_maxkey", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_constant_fn,
     OK_KEYSTRING_MAXKEY},
    {"ok_keystring_undefined", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_constant_fn,
     OK_KEYSTRING_UNDEFINED},
    {"ok_keystring_nan", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_constant_fn,
     OK_KEYSTRING_NAN},
    {"ok_keystring_bool", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_bool_fn, 0},
    {"ok_keystring_oid", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_oid_fn, 0},
    {"ok_keystring_date", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_date_fn, 0},
    {"ok_keystring_timestamp", 2, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_timestamp_fn, 0},
    {"ok_keystring_bindata", 2, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_bindata_fn, 0},
    {"ok_keystring_decimal", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_decimal_fn, 0},
    {"ok_keystring_regex", 2, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_regex_fn, 0},
    {"ok_keystring_code", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_code_fn, 0},
    {"ok_keystring_codewscope", 2, 2, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES,
     ok_keystring_codewscope_fn, 0},
    {"ok_keystring_dbpointer", 2, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_dbpointer_fn, 0},
    {"ok_keystring_recordid", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_recordid_fn, 0},
    {"ok_keystring_exclusive_before", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_bound_fn,
     OK_KEYSTRING_LESS},
    {"ok_keystring_exclusive_after", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_bound_fn,
     OK_KEYSTRING_GREATER},
    {"ok_keystring_clusterkey", 1, 1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES,
     ok_keystring_clusterkey_fn, 0},
    {"ok_keystring_ejson", 2, 3, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_keystring_ejson_fn,
     0},
    {"ok_keystring_from_ejson", 1, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_keystring_from_ejson_fn,
     AS_KEY},
    {"ok_keystring_typebits", 1, 2, OK_SQL_PURE, ok_keystring_from_ejson_fn, AS_TYPEBITS},
    {NULL, 0, 0, 0, NULL, 0},
};

const ok_sql_format ok_sql_keystring = {
    .core = &ok_format_keystring,
    .subtype = OK_SUBTYPE(keystring),
    .label = "KeyString",
    .noun = "a MongoDB KeyString",
    .builders = "ok_keystring_*",
    .pack = "ok_keystring_pack",
    .rejoin = "ok_keystring_array(...) or ok_keystring_object(...) nests values",
    .put = put,
    .put_piece = put_piece,
    .kind = kind,
    .render = render,
    .param = &pattern,
    .functions = functions,
};
