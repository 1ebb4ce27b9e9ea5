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

static const ok_sql_param types = {"types",      sizeof(ok_orderedcode), parse_types,
                                   types_format, describe_types,         0};

/* Argument v (number i) as the item of the list's type `index` into b. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, const ok_orderedcode *s, sqlite3_value *v,
                              size_t index, int i) {
  return ok_sql_write(b, &ok_sql_orderedcode, v, sqlite3_value_type(v), i, ok_orderedcode_write,
                      &s->format, index, 0);
}

/* Its writer's refusals, each of the list's type at w->index. */
static char *refusal(const ok_format *core, int rc, const ok_value *v, const ok_writer *w) {
  const ok_orderedcode *s = core->param;
  int type;
  if (!v || rc == OK_E_LENGTH)
    return sqlite3_mprintf(": %lld values given for a list of %lld type%s", (long long)w->count,
                           (long long)s->n, OK_SQL_S(s->n));
  type = s->type[w->index];
  const char *name = ok_orderedcode_type_name(type),
             *is = ok_sql_type_name(ok_sql_type_of(v->type));
  if (rc == OK_E_NULL)
    return sqlite3_mprintf(" (%s) is NULL: orderedcode has none but infinity", name);
  if (rc == OK_E_TYPE && type == OK_OC_INFINITY)
    return sqlite3_mprintf(" (infinity) must be NULL, not %s", is);
  if (rc == OK_E_TYPE && type == OK_OC_FLOAT64)
    return sqlite3_mprintf(" (float64) must be a number, not %s", is);
  if (rc == OK_E_TYPE && (type == OK_OC_INT64 || type == OK_OC_UINT64))
    return sqlite3_mprintf(" (%s) must be an INTEGER%s, not %s", name,
                           type == OK_OC_UINT64 ? " (past int64: decimal TEXT)" : "", is);
  if (rc == OK_E_TYPE) return sqlite3_mprintf(" (%s) must be TEXT or a BLOB, not %s", name, is);
  if (type == OK_OC_FLOAT64) return ok_sql_words_not_double(v->i);
  if (v->type == OK_TEXT)
    return sqlite3_mprintf(" (uint64): " OK_SQL_ECHO " is no integer from 0 to 2^64 - 1",
                           OK_SQL_ECHO_ARGS((const char *)v->p));
  if (v->type == OK_REAL)
    return sqlite3_mprintf(" (%s): %!.17g is no integer within int64", name, v->d);
  return sqlite3_mprintf(" (uint64): %lld is negative", (long long)v->i);
}

/* ok_orderedcode_pack(types, v1, ..., vk): the key of the first k items of
** the list (orderedcode's prefix property: fewer values make the prefix). */
static void ok_orderedcode_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const ok_orderedcode *s;
  ok_sql_builder b;
  size_t k = (size_t)argc - 1, i;
  if (!(s = ok_sql_param_arg(ctx, &types, argv, 0))) return;
  if (k > s->n) {
    ok_writer w;
    w.count = k;
    ok_sql_refused_key(ctx, &ok_sql_orderedcode, &s->format, OK_E_LENGTH, &w, 0);
    return;
  }
  ok_sql_builder_init(&b, ctx, 0);
  for (i = 0; i < k; i++)
    if (!put(&b, s, argv[i + 1], i, (int)i + 2)) break;
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
    .refusal = refusal,
    .param = &types,
    .functions = functions,
};
