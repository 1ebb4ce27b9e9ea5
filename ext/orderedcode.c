/*
** orderedcode.c -- Go's orderedcode keys in SQL: ok_orderedcode_pack(types,
** v...), and how the readers show an item. The readers take
** 'orderedcode:<types>', the list of the items' types the bytes do not
** carry ('string, int64 desc, trailing'). docs/orderedcode.md is the
** reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <math.h>
#include <string.h>

#include "../src/ok_orderedcode.h"
#include "format.h"

/* The format's parameter: a type list, parsed into an ok_orderedcode on the
** heap that refers to itself. */
static int parse_types(void *state, const char *s, size_t n, char **msg) {
  const char *why;
  size_t at, len;
  if (ok_orderedcode_parse(state, s, n, &at, &why) == OK_OK) return SQLITE_OK;
  len = n - at < 24 ? n - at : 24;
  if (at == n)
    *msg = sqlite3_mprintf("bad orderedcode type list: %s at its end", why);
  else
    *msg = sqlite3_mprintf("bad orderedcode type list: %s at character %lld ('%.*s')", why,
                           (long long)at + 1, (int)len, s + at);
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

static const ok_format *types_format(const void *state) {
  return &((const ok_orderedcode *)state)->format;
}

static void describe_types(ok_sql_out *o, const void *state) {
  char text[OK_OC_FIELDS_MAX * 26]; /* "string_or_infinity desc, " at most, each */
  size_t n = ok_orderedcode_text(text, state);
  text[n] = 0;
  ok_sql_puts(o, text);
}

static const ok_sql_param types = {"types", sizeof(ok_orderedcode), parse_types, types_format,
                                   describe_types};

/* Argument v (number i) as an item of type t into b. */
static int put(ok_sql_builder *b, sqlite3_value *v, int type, int desc, int i) {
  int t = sqlite3_value_type(v);
  const char *name = ok_orderedcode_type_name(type);
  uint8_t *out;
  const uint8_t *p;
  size_t n;
  double d;
  if (t == SQLITE_NULL && type != OK_OC_INFINITY && type != OK_OC_STRING_OR_INFINITY) {
    ok_sql_error(b->ctx, "argument %d (%s) is NULL: orderedcode has none but infinity", i, name);
    return 0;
  }
  if (type == OK_OC_INFINITY || (type == OK_OC_STRING_OR_INFINITY && t == SQLITE_NULL)) {
    if (t != SQLITE_NULL) {
      ok_sql_error(b->ctx, "argument %d (infinity) must be NULL, not %s", i, ok_sql_type_name(t));
      return 0;
    }
    if (!ok_sql_buf_reserve(b->ctx, &b->buf, 2, 2)) return 0;
    b->buf.n += ok_oc_enc_infinity(b->buf.p + b->buf.n, desc);
    return 1;
  }
  if (type == OK_OC_STRING || type == OK_OC_STRING_OR_INFINITY || type == OK_OC_TRAILING) {
    if (t != SQLITE_TEXT && t != SQLITE_BLOB) {
      ok_sql_error(b->ctx, "argument %d (%s) must be TEXT or a BLOB, not %s", i, name,
                   ok_sql_type_name(t));
      return 0;
    }
    if (!ok_sql_typed(b->ctx, v, t, &p, &n) ||
        !ok_sql_buf_reserve(b->ctx, &b->buf, OK_OC_BYTES_BOUND(n), n + 2))
      return 0;
    out = b->buf.p + b->buf.n;
    b->buf.n += type == OK_OC_TRAILING ? ok_oc_enc_trailing(out, p, n, desc)
                                       : ok_oc_enc_string(out, p, n, desc);
    return 1;
  }
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, OK_OC_NUM_MAX, 1)) return 0;
  out = b->buf.p + b->buf.n;
  if (type == OK_OC_FLOAT64) {
    if (t != SQLITE_INTEGER && t != SQLITE_FLOAT) {
      ok_sql_error(b->ctx, "argument %d (float64) must be a number, not %s", i,
                   ok_sql_type_name(t));
      return 0;
    }
    if (!ok_sql_exact_double(b->ctx, v, t, i, &d)) return 0;
    b->buf.n += ok_oc_enc_float64(out, d, desc);
    return 1;
  }
  if (type == OK_OC_UINT64 && t == SQLITE_TEXT) { /* past int64: its digits */
    const char *s;
    uint8_t mag[8];
    size_t len, err, k;
    int neg;
    uint64_t u = 0;
    if (!ok_sql_text_arg(b->ctx, v, "the uint64", &s, &n)) return 0;
    if (ok_decimal_parse(mag, sizeof mag, &len, &neg, s, n, &err) != OK_OK || neg) {
      ok_sql_error(b->ctx, "argument %d (uint64): " OK_SQL_ECHO " is no integer from 0 to 2^64 - 1",
                   i, OK_SQL_ECHO_ARGS(s));
      return 0;
    }
    for (k = 0; k < len; k++) u = u << 8 | mag[k];
    b->buf.n += ok_oc_enc_uint64(out, u, desc);
    return 1;
  }
  if (t == SQLITE_FLOAT) {
    d = sqlite3_value_double(v);
    if (d != floor(d) || d < (type == OK_OC_UINT64 ? 0.0 : -9223372036854775808.0) ||
        d >= 9223372036854775808.0) {
      ok_sql_error(b->ctx, "argument %d (%s): %!.17g is no integer within int64", i, name, d);
      return 0;
    }
  } else if (t != SQLITE_INTEGER) {
    ok_sql_error(b->ctx, "argument %d (%s) must be an INTEGER%s, not %s", i, name,
                 type == OK_OC_UINT64 ? " (past int64: decimal TEXT)" : "", ok_sql_type_name(t));
    return 0;
  }
  {
    sqlite3_int64 x = t == SQLITE_FLOAT ? (sqlite3_int64)d : sqlite3_value_int64(v);
    if (type == OK_OC_UINT64 && x < 0) {
      ok_sql_error(b->ctx, "argument %d (uint64): %lld is negative", i, x);
      return 0;
    }
    b->buf.n += type == OK_OC_UINT64 ? ok_oc_enc_uint64(out, (uint64_t)x, desc)
                                     : ok_oc_enc_int64(out, x, desc);
  }
  return 1;
}

/* ok_orderedcode_pack(types, v1, ..., vk): the key of the first k items of
** the list (orderedcode's prefix property: fewer values make the prefix). */
static void ok_orderedcode_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const ok_orderedcode *s;
  ok_sql_builder b;
  size_t k = (size_t)argc - 1, i;
  if (!(s = ok_sql_param_arg(ctx, &types, argv, 0))) return;
  if (k > s->n) {
    ok_sql_error(ctx, "%lld values given for a list of %lld type%s", (long long)k, (long long)s->n,
                 OK_SQL_S(s->n));
    return;
  }
  ok_sql_builder_init(&b, ctx, 0);
  for (i = 0; i < k; i++)
    if (!put(&b, argv[i + 1], s->type[i], s->desc[i], (int)i + 2)) break;
  if (i == k)
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(orderedcode)), 0);
  ok_sql_builder_free(&b);
}

static const char *kind(const ok_item *it) { return ok_orderedcode_type_name(it->tag); }

/* Every item reads back through ok_orderedcode_pack as its SQL value. */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  (void)raw;
  return ok_sql_put_value(o, it);
}

static const ok_sql_function functions[] = {
    {"ok_orderedcode_pack", 1, -1, OK_SQL_PURE | OK_SQL_MAKES, ok_orderedcode_pack_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

/* Keys are built from a type list (ok_orderedcode_pack), not by ok_sql_build. */
const ok_sql_format ok_sql_orderedcode = {
    .core = &ok_format_orderedcode,
    .subtype = OK_SUBTYPE(orderedcode),
    .label = "orderedcode",
    .noun = "an orderedcode key",
    .builders = "ok_orderedcode_pack",
    .pack = "ok_orderedcode_pack",
    .rejoin = "an orderedcode key is made whole, by ok_orderedcode_pack",
    .kind = kind,
    .render = render,
    .param = &types,
    .functions = functions,
};
