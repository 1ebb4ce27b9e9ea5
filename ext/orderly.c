/*
** orderly.c -- Orderly row keys in SQL: ok_orderly_pack(schema, v...), the
** range bounds ok_orderly_prefix and ok_orderly_prefix_end, and how the
** readers show an Orderly field. The readers take 'orderly:<schema>'.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <math.h>
#include <string.h>

#include "../src/ok_orderly.h"
#include "format.h"

/* The format's parameter: a schema, parsed into an ok_orderly on the heap
** (about 6 KB, so never on a reader's stack) that refers to itself. */
static int parse_schema(void *state, const char *s, size_t n, char **msg) {
  const char *why;
  size_t at, len;
  if (ok_orderly_parse(state, s, n, &at, &why) == OK_OK) return SQLITE_OK;
  len = n - at < 24 ? n - at : 24;
  if (at == n)
    *msg = sqlite3_mprintf("bad Orderly schema: %s at its end", why);
  else
    *msg = sqlite3_mprintf("bad Orderly schema: %s at character %lld ('%.*s')", why,
                           (long long)at + 1, (int)len, s + at);
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

static const ok_format *schema_format(const void *state) {
  return &((const ok_orderly *)state)->format;
}

/* The schema in its canonical form, for ok_quote's renderings. */
static void describe_schema(ok_sql_out *o, const void *state) {
  size_t n = ok_orderly_text(NULL, state);
  char *text = sqlite3_malloc64(n + 1);
  if (!text) {
    if (o->rc == SQLITE_OK) o->rc = SQLITE_NOMEM;
    return;
  }
  ok_orderly_text(text, state);
  text[n] = 0;
  ok_sql_puts(o, text);
  sqlite3_free(text);
}

static const ok_sql_param schema = {"schema",      sizeof(ok_orderly), parse_schema,
                                    schema_format, describe_schema,    0};

/* The words for the refusal rc of value v for leaf field i of s
** (ok_orderly_value_of's; o: what it read of v), after "argument 2":
** sqlite3_malloc'd, NULL out of memory. A number shows as SQL shows it. */
static char *words(const ok_orderly *s, size_t i, int rc, const ok_value *v,
                   const ok_orderly_value *o) {
  const ok_orderly_field *f = &s->node[s->leaf[i]];
  const char *name = ok_orderly_type_name(f->type), *is = ok_sql_type_name(ok_sql_type_of(v->type));
  int is_unsigned = f->type == OK_OL_UINT || f->type == OK_OL_ULONG ||
                    f->type == OK_OL_FIXED_UINT || f->type == OK_OL_FIXED_ULONG;
  char num[OK_REPR_MAX];
  if (v->type == OK_INT) sqlite3_snprintf(sizeof num, num, "%lld", (long long)v->i);
  if (v->type == OK_REAL) num[ok_double_repr(num, v->d)] = 0;
  switch (rc) {
    case OK_E_NULL:
      return sqlite3_mprintf(" is NULL, which %s has none of",
                             f->type == OK_OL_BYTES ? "bytes with a prefix" : name);
    case OK_E_TYPE:
      if (f->type == OK_OL_FLOAT || f->type == OK_OL_DOUBLE)
        return v->type == OK_TEXT ? sqlite3_mprintf(
                                        " (%s) must be a number, or 'NaN', 'Inf' or "
                                        "'-Inf', not " OK_SQL_ECHO,
                                        name, OK_SQL_ECHO_ARGS((const char *)v->p))
                                  : sqlite3_mprintf(" (%s) must be a number, not %s", name, is);
      if (f->type == OK_OL_DECIMAL)
        return sqlite3_mprintf(" (decimal) must be a number or decimal TEXT, not %s", is);
      if (f->type == OK_OL_UTF8 || f->type == OK_OL_BYTES || f->type == OK_OL_FIXED_BYTES)
        return sqlite3_mprintf(" (%s) must be %s, not %s", name,
                               f->type == OK_OL_UTF8 ? "TEXT" : "a BLOB", is);
      return sqlite3_mprintf(" (%s) must be an INTEGER%s, not %s", name,
                             is_unsigned ? " or decimal TEXT" : "", is);
    case OK_E_SYNTAX:
      if (f->type == OK_OL_DECIMAL)
        return sqlite3_mprintf(" (decimal): " OK_SQL_ECHO " is not a decimal number",
                               OK_SQL_ECHO_ARGS((const char *)v->p));
      return sqlite3_mprintf(" (%s): " OK_SQL_ECHO " is no integer from 0 to 18446744073709551615",
                             name, OK_SQL_ECHO_ARGS((const char *)v->p));
    case OK_E_RANGE:
      if (f->type == OK_OL_DECIMAL && v->type == OK_REAL)
        return sqlite3_mprintf(" (decimal): %s has no decimal value", v->d != v->d ? "NaN"
                                                                      : v->d > 0   ? "Inf"
                                                                                   : "-Inf");
      if (f->type == OK_OL_DECIMAL)
        return sqlite3_mprintf(" (decimal): its exponent is beyond a Java int, as Orderly's is");
      return sqlite3_mprintf(
          " (%s): %s is %s", name, v->type == OK_TEXT ? (const char *)v->p : num,
          v->type == OK_REAL && v->d != floor(v->d) ? "not an integer" : "out of range");
    case OK_E_LENGTH:
      return sqlite3_mprintf(" (%s) takes %s %lu bytes, not %lld", name,
                             f->type == OK_OL_BYTES ? "at least" : "exactly",
                             (unsigned long)f->size, (long long)o->n);
    case OK_E_BYTE:
      return sqlite3_mprintf(
          " (utf8): text holding byte 0xFF, or starting with 0xFE, would read "
          "back as another value (Orderly adds 2 to each byte)");
  }
  return sqlite3_mprintf(" (%s): %s", name, ok_strerror(rc));
}

/* Its writer's refusals (ok_convert's, as ok_orderly_pack words them). */
static char *refusal(const ok_format *core, int rc, const ok_value *v, const ok_writer *w) {
  const ok_orderly *s = core->param;
  ok_orderly_value o;
  if (!v && rc == OK_E_AMBIGUOUS)
    return sqlite3_mprintf(
        ": field %lld is should_not and would run into the next field's "
        "bytes: Orderly would write a key that reads back as other values",
        (long long)w->index + 1);
  if (!v)
    return sqlite3_mprintf(": %lld value%s given for a schema of %lld field%s", (long long)w->count,
                           OK_SQL_S(w->count), (long long)s->format.fields,
                           OK_SQL_S(s->format.fields));
  o.n = v->n; /* the length a byte array's words say */
  return words(s, w->index, rc, v, &o);
}

/* Argument a (number i + 1, of leaf field i - 1 of s) as its value, its
** digits (a decimal's) at *digits, which moves past them. */
static int value_arg(sqlite3_context *ctx, const ok_orderly *s, sqlite3_value *a, int i,
                     ok_orderly_value *v, char **digits) {
  ok_value x;
  char *w;
  int rc;
  if (!ok_sql_value_of(ctx, a, sqlite3_value_type(a), &x)) return 0;
  if ((rc = ok_orderly_value_of(s, (size_t)(i - 1), &x, v, *digits)) == OK_OK) {
    if (s->decimals && s->node[s->leaf[i - 1]].type == OK_OL_DECIMAL) *digits += v->n;
    return 1;
  }
  if ((w = words(s, (size_t)(i - 1), rc, &x, v)) != NULL)
    ok_sql_error(ctx, "argument %d%s", i + 1, w);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(w);
  return 0;
}

/* The values of arguments 1..argc-1 for the first argc-1 leaf fields of s
** into v (room for them), their decimal digits in *digits (scratch the
** caller frees with ok_sql_scratch_free). 0 after an error. */
static int values_of(sqlite3_context *ctx, const ok_orderly *s, int argc, sqlite3_value **argv,
                     ok_orderly_value *v, char *stack, size_t cap, char **digits) {
  sqlite3_uint64 need = 0;
  char *at;
  int i;
  if (s->decimals) {
    for (i = 1; i < argc; i++) {
      if (s->node[s->leaf[i - 1]].type == OK_OL_DECIMAL)
        need += (size_t)sqlite3_value_bytes(argv[i]) + 24;
    }
  }
  if (!(*digits = ok_sql_scratch(ctx, stack, cap, need))) return 0;
  for (at = *digits, i = 1; i < argc; i++) {
    if (!value_arg(ctx, s, argv[i], i, &v[i - 1], &at)) return 0;
  }
  return 1;
}

/* ok_orderly_pack(schema, v1, ..., vn) (WHOLE); ok_orderly_prefix(schema,
** v1, ..., vk) (PREFIX) and ok_orderly_prefix_end (PREFIX_END) for the
** first k. */
enum { WHOLE, PREFIX, PREFIX_END };
static void ok_orderly_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const ok_orderly *s;
  ok_orderly_value vstack[16], *v = NULL;
  char dstack[256], *digits = NULL;
  uint8_t kstack[256], *key = NULL;
  size_t len, k = (size_t)argc - 1;
  ok_writer w; /* what a refusal's words read: the count of values, the field */
  int mode = ok_sql_fn_arg(ctx);
  if (!(s = ok_sql_param_arg(ctx, &schema, argv, 0))) return;
  if (mode == WHOLE ? k != s->format.fields : k > s->format.fields) {
    w.count = k;
    ok_sql_refused_key(ctx, &ok_sql_orderly, &s->format, OK_E_LENGTH, &w, 0);
    goto done;
  }
  if (!(v = ok_sql_scratch(ctx, vstack, sizeof vstack, k * sizeof *v)) ||
      !values_of(ctx, s, argc, argv, v, dstack, sizeof dstack, &digits))
    goto done;
  len = ok_orderly_encode(kstack, sizeof kstack, s, v, k, mode == PREFIX_END);
  if (!(key = ok_sql_scratch(ctx, kstack, sizeof kstack, len))) goto done;
  if (key != kstack) ok_orderly_encode(key, len, s, v, k, mode == PREFIX_END);
  if (mode == WHOLE && s->should_not && ok_orderly_verify(s, v, key, len, &w.index) != OK_OK) {
    ok_sql_refused_key(ctx, &ok_sql_orderly, &s->format, OK_E_AMBIGUOUS, &w, 0);
    goto done;
  }
  if (mode == PREFIX_END) { /* a bound, not a key: no subtype; NULL when no key is above them all */
    if (ok_prefix_end(key, &len, key, len) == OK_OK)
      sqlite3_result_blob64(ctx, key, len, SQLITE_TRANSIENT);
  } else {
    ok_sql_result_piece(ctx, key, len, OK_KEY_SUBTYPE(OK_SUBTYPE(orderly)), 0);
  }
done:
  ok_sql_scratch_free(v, vstack);
  ok_sql_scratch_free(digits, dstack);
  ok_sql_scratch_free(key, kstack);
}

static const char *kind(const ok_item *it) { return ok_orderly_type_name(it->tag); }

/* Every Orderly value reads back through ok_orderly_pack as it is: NaN as
** 'NaN', unsigned integers past int64 as decimal TEXT, and so a decimal
** that reads as a REAL whose digits Java 8-18 and 19+ print differently
** (which a REAL would be written with depends on the schema's java). */
static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  char a[24], b[24];
  int pa, pb;
  size_t na, nb;
  (void)raw;
  if (it->tag == OK_OL_DECIMAL && it->type == OK_REAL && !o->json) {
    na = ok_double_digits(a, &pa, it->d, OK_JAVA_8);
    nb = ok_double_digits(b, &pb, it->d, OK_JAVA_19);
    if (na != nb || pa != pb || memcmp(a, b, na) != 0) {
      uint8_t text[48]; /* the key's own decimal: 19 digits at most, a sign, '.', exponent */
      ok_sql_putf(o, "'%.*s'", (int)ok_unescape(text, it), (const char *)text);
      return SQLITE_OK;
    }
  }
  return ok_sql_put_value(o, it);
}

static const ok_sql_function functions[] = {
    {"ok_orderly_pack", 1, -1, OK_SQL_PURE | OK_SQL_MAKES, ok_orderly_pack_fn, WHOLE},
    {"ok_orderly_prefix", 1, -1, OK_SQL_PURE | OK_SQL_MAKES, ok_orderly_pack_fn, PREFIX},
    {"ok_orderly_prefix_end", 1, -1, OK_SQL_PURE, ok_orderly_pack_fn, PREFIX_END},
    {NULL, 0, 0, 0, NULL, 0},
};

/* Keys are built from a schema (ok_orderly_pack), not by ok_sql_build. */
const ok_sql_format ok_sql_orderly = {
    .core = &ok_format_orderly,
    .subtype = OK_SUBTYPE(orderly),
    .label = "Orderly",
    .noun = "an Orderly key",
    .builders = "ok_orderly_pack",
    .pack = "ok_orderly_pack",
    .rejoin = "an Orderly key is made whole, by ok_orderly_pack",
    .kind = kind,
    .render = render,
    .refusal = refusal,
    .param = &schema,
    .functions = functions,
};
