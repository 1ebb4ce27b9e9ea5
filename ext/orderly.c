/*
** orderly.c -- Orderly row keys in SQL: ok_orderly_pack(schema, v...), the
** range bounds ok_orderly_prefix and ok_orderly_prefix_end, and how the
** readers show an Orderly field. The readers take 'orderly:<schema>'.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <math.h>
#include <stdio.h>
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

static const ok_sql_param schema = {"schema", sizeof(ok_orderly), parse_schema, schema_format,
                                    describe_schema};

/* The error "argument i (<name>): <a as text> <what>". */
static int bad_number(sqlite3_context *ctx, sqlite3_value *a, int i, const char *name,
                      const char *what) {
  const uint8_t *text;
  size_t n;
  if (ok_sql_bytes(ctx, a, &text, &n))
    ok_sql_error(ctx, "argument %d (%s): %s %s", i + 1, name, (const char *)text, what);
  return 0;
}

/* An integer argument of field f into v: INTEGER, a REAL that is an
** integer, or (unsigned types) decimal TEXT up to 2^64 - 1. */
static int integer_arg(sqlite3_context *ctx, const ok_orderly_field *f, sqlite3_value *a, int t,
                       int i, ok_orderly_value *v) {
  int is_unsigned = f->type == OK_OL_UINT || f->type == OK_OL_ULONG ||
                    f->type == OK_OL_FIXED_UINT || f->type == OK_OL_FIXED_ULONG;
  if (t == SQLITE_INTEGER) {
    v->i = sqlite3_value_int64(a);
    v->u = (uint64_t)v->i;
    if (!is_unsigned || v->i >= 0) return 1;
  } else if (t == SQLITE_FLOAT) {
    double d = sqlite3_value_double(a);
    if (d != floor(d))
      return bad_number(ctx, a, i, ok_orderly_type_name(f->type), "is not an integer");
    if (d >= (is_unsigned ? 0 : -9223372036854775808.0) &&
        d < (is_unsigned ? 18446744073709551616.0 : 9223372036854775808.0)) {
      v->u = is_unsigned ? (uint64_t)d : 0;
      v->i = is_unsigned ? 0 : (int64_t)d;
      return 1;
    }
  } else if (t == SQLITE_TEXT && is_unsigned) {
    const uint8_t *s;
    size_t n, k;
    int ok;
    if (!ok_sql_typed(ctx, a, t, &s, &n)) return 0;
    for (ok = n > 0 && n <= 20, k = 0, v->u = 0; ok && k < n; k++) {
      ok = s[k] >= '0' && s[k] <= '9' && v->u <= (UINT64_MAX - (uint64_t)(s[k] - '0')) / 10;
      v->u = v->u * 10 + (uint64_t)(s[k] - '0');
    }
    if (ok) return 1;
    ok_sql_error(ctx,
                 "argument %d (%s): " OK_SQL_ECHO " is no integer from 0 to 18446744073709551615",
                 i + 1, ok_orderly_type_name(f->type), OK_SQL_ECHO_ARGS((const char *)s));
    return 0;
  } else {
    ok_sql_error(ctx, "argument %d (%s) must be an INTEGER%s, not %s", i + 1,
                 ok_orderly_type_name(f->type), is_unsigned ? " or decimal TEXT" : "",
                 ok_sql_type_name(t));
    return 0;
  }
  return bad_number(ctx, a, i, ok_orderly_type_name(f->type), "is out of range");
}

/* A decimal argument into v: its digits go to *digits (room for
** the argument's text, or 24), which moves past them. A REAL is written as
** Java version `java` writes it. */
static int decimal_arg(sqlite3_context *ctx, sqlite3_value *a, int t, int i, int java,
                       ok_orderly_value *v, char **digits) {
  int point;
  size_t nd, err;
  v->p = (const uint8_t *)*digits;
  if (t == SQLITE_INTEGER || t == SQLITE_TEXT) {
    char num[24];
    const char *s = num;
    size_t n;
    if (t == SQLITE_INTEGER) {
      n = (size_t)sprintf(num, "%lld", sqlite3_value_int64(a));
    } else {
      if (!ok_sql_typed(ctx, a, t, (const uint8_t **)(void *)&s, &n)) return 0;
    }
    if (ok_decimal_split(*digits, &nd, &v->neg, &v->exp, s, n, &err) != OK_OK) {
      ok_sql_error(ctx, "argument %d (decimal): " OK_SQL_ECHO " is not a decimal number", i + 1,
                   OK_SQL_ECHO_ARGS(s));
      return 0;
    }
  } else if (t == SQLITE_FLOAT) {
    double d = sqlite3_value_double(a);
    if (d - d != 0) {
      ok_sql_error(ctx, "argument %d (decimal): %s has no decimal value", i + 1,
                   d != d  ? "NaN"
                   : d > 0 ? "Inf"
                           : "-Inf");
      return 0;
    }
    /* a double as Java's BigDecimal.valueOf(d): Double.toString's digits */
    v->neg = d < 0;
    nd = ok_double_digits(*digits, &point, d, java);
    v->exp = point - 1;
  } else {
    ok_sql_error(ctx, "argument %d (decimal) must be a number or decimal TEXT, not %s", i + 1,
                 ok_sql_type_name(t));
    return 0;
  }
  v->n = nd;
  *digits += nd;
  return 1;
}

/* The error for value v of argument a (number i, of field f) that
** ok_orderly_check refused with rc. */
static void bad_value(sqlite3_context *ctx, const ok_orderly_field *f, sqlite3_value *a, int i,
                      const ok_orderly_value *v, int rc) {
  switch (rc) {
    case OK_E_NULL:
      ok_sql_error(ctx, "argument %d is NULL, which %s has none of", i + 1,
                   f->type == OK_OL_BYTES ? "bytes with a prefix" : ok_orderly_type_name(f->type));
      return;
    case OK_E_RANGE:
      if (f->type != OK_OL_DECIMAL) {
        bad_number(ctx, a, i, ok_orderly_type_name(f->type), "is out of range");
        return;
      }
      ok_sql_error(ctx, "argument %d (decimal): its exponent is beyond a Java int, as Orderly's is",
                   i + 1);
      return;
    case OK_E_LENGTH:
      ok_sql_error(ctx, "argument %d (%s) takes %s %lu bytes, not %lld", i + 1,
                   ok_orderly_type_name(f->type), f->type == OK_OL_BYTES ? "at least" : "exactly",
                   (unsigned long)f->size, (long long)v->n);
      return;
    case OK_E_BYTE:
      ok_sql_error(ctx,
                   "argument %d (utf8): text holding byte 0xFF, or starting with 0xFE, "
                   "would read back as another value (Orderly adds 2 to each byte)",
                   i + 1);
      return;
  }
  ok_sql_error(ctx, "argument %d (%s): %s", i + 1, ok_orderly_type_name(f->type), ok_strerror(rc));
}

/* Argument a (number i, of leaf field i - 1 of s) as its value, read as
** the field's type takes it, then checked. */
static int value_arg(sqlite3_context *ctx, const ok_orderly *s, sqlite3_value *a, int i,
                     ok_orderly_value *v, char **digits) {
  const ok_orderly_field *f = &s->node[s->leaf[i - 1]];
  int t = sqlite3_value_type(a), rc;
  memset(v, 0, sizeof *v);
  if (t == SQLITE_NULL) {
    v->null = 1;
  } else {
    switch (f->type) {
      case OK_OL_FLOAT:
      case OK_OL_DOUBLE:
        if (!ok_sql_real_arg(ctx, a, t, &v->d)) return 0;
        break;
      case OK_OL_DECIMAL:
        if (!decimal_arg(ctx, a, t, i, f->java ? f->java : OK_JAVA_DEFAULT, v, digits)) return 0;
        break;
      case OK_OL_UTF8:
      case OK_OL_BYTES:
      case OK_OL_FIXED_BYTES:
        if (t != (f->type == OK_OL_UTF8 ? SQLITE_TEXT : SQLITE_BLOB)) {
          ok_sql_error(ctx, "argument %d (%s) must be %s, not %s", i + 1,
                       ok_orderly_type_name(f->type), f->type == OK_OL_UTF8 ? "TEXT" : "a BLOB",
                       ok_sql_type_name(t));
          return 0;
        }
        if (!ok_sql_typed(ctx, a, t, &v->p, &v->n)) return 0;
        break;
      default:
        if (!integer_arg(ctx, f, a, t, i, v)) return 0;
    }
  }
  if ((rc = ok_orderly_check(s, (size_t)(i - 1), v)) == OK_OK) return 1;
  bad_value(ctx, f, a, i, v, rc);
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
  size_t len, k = (size_t)argc - 1, field;
  int mode = ok_sql_fn_arg(ctx);
  if (!(s = ok_sql_param_arg(ctx, &schema, argv, 0))) return;
  if (mode == WHOLE ? k != s->format.fields : k > s->format.fields) {
    ok_sql_error(ctx, "%lld value%s given for a schema of %lld field%s", (long long)k, OK_SQL_S(k),
                 (long long)s->format.fields, OK_SQL_S(s->format.fields));
    goto done;
  }
  if (!(v = ok_sql_scratch(ctx, vstack, sizeof vstack, k * sizeof *v)) ||
      !values_of(ctx, s, argc, argv, v, dstack, sizeof dstack, &digits))
    goto done;
  len = ok_orderly_encode(kstack, sizeof kstack, s, v, k, mode == PREFIX_END);
  if (!(key = ok_sql_scratch(ctx, kstack, sizeof kstack, len))) goto done;
  if (key != kstack) ok_orderly_encode(key, len, s, v, k, mode == PREFIX_END);
  if (mode == WHOLE && ok_orderly_verify(s, v, key, len, &field) != OK_OK) {
    ok_sql_error(ctx,
                 "field %lld is should_not and would run into the next field's bytes: "
                 "Orderly would write a key that reads back as other values",
                 (long long)field + 1);
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
    .param = &schema,
    .functions = functions,
};
