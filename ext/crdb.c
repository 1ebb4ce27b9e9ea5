/*
** crdb.c -- CockroachDB's keys from SQL: ok_crdb_pack, ok_crdb_desc, the
** constructors of the types SQL values do not name, ok_crdb_pretty, and
** the 'crdb' format's kinds and renderings.
**
**   ok_crdb_pack(53, 1, 42, 'abc')           -- /Table/53/1/42/"abc"
**   ok_crdb_pack(ok_crdb_tenant(5), 53, 1, ok_crdb_desc(ok_crdb_decimal('1.5')))
**
** docs/crdb.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_crdb.h"
#include "../src/ok_fdb.h" /* ok_fdb_uuid_parse */
#include "format.h"

static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(crdb), 0);
}

/* A plain value as one item: NULL, INT, FLOAT, STRING (TEXT), BYTES (BLOB). */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return ok_sql_write(b, &ok_sql_crdb, v, t, i, ok_crdb_write, &ok_format_crdb, 0, 0);
}

/* A piece of ascending items: as it is, or each item descending. */
static int put_piece(ok_sql_builder *b, const uint8_t *p, size_t n, int i) {
  size_t len, at;
  int rc;
  if (!b->desc) {
    if (!ok_sql_buf_reserve(b->ctx, &b->buf, n, n)) return 0;
    memcpy(b->buf.p + b->buf.n, p, n);
    b->buf.n += n;
    return 1;
  }
  if ((rc = ok_crdb_desc(NULL, &len, p, n, &at)) == OK_E_DESC) {
    ok_sql_error(b->ctx, "argument %d: its item at byte %lld is descending already", i,
                 (long long)at + 1);
    return 0;
  }
  if (rc != OK_OK) { /* only an interval past CockroachDB's range, or foreign bytes */
    ok_sql_malformed(b->ctx, rc, at);
    return 0;
  }
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, len, len)) return 0;
  ok_crdb_desc(b->buf.p + b->buf.n, &len, p, n, &at);
  b->buf.n += len;
  return 1;
}

/* ok_crdb_pack(v, ...) (OK_SQL_ASC), a key, and ok_crdb_desc(v, ...)
** (OK_SQL_DESC), a piece: the values as CockroachDB writes them in a DESC
** index column. */
static void ok_crdb_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  int i;
  if (ok_sql_fn_arg(ctx) != OK_SQL_DESC) {
    ok_sql_pack(ctx, &ok_sql_crdb, argc, argv, 0);
    return;
  }
  for (i = 0; i < argc; i++)
    if (sqlite3_value_subtype(argv[i]) == OK_CRDB_DESC_SUBTYPE) {
      ok_sql_error(ctx, "argument %d is descending already (a piece of ok_crdb_desc)", i + 1);
      return;
    }
  ok_sql_builder_init(&b, ctx, 1);
  if (ok_sql_build(&b, &ok_sql_crdb, argc, argv, 0))
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_CRDB_DESC_SUBTYPE, 0);
  ok_sql_builder_free(&b);
}

/* ok_crdb_float(x): a FLOAT from a number, or 'NaN', 'Inf', '-Inf'. */
static void ok_crdb_float_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[9];
  double d;
  int t = sqlite3_value_type(argv[0]);
  (void)argc;
  if (t == SQLITE_NULL || !ok_sql_real_arg(ctx, argv[0], t, &d)) return;
  result_piece(ctx, out, ok_crdb_enc_float(out, d, 0));
}

/* ok_crdb_decimal(x): a DECIMAL from decimal TEXT of any precision, a
** number (a REAL as its shortest decimal), or 'NaN', 'Infinity'. */
static void ok_crdb_decimal_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int t = sqlite3_value_type(argv[0]), rc, neg = 0, form = OK_CRDB_FINITE;
  char num[OK_REPR_MAX], *digit = NULL;
  const char *s;
  size_t n, nd = 0, err, len;
  int64_t exp = 0;
  double d;
  ok_sql_buf b;
  (void)argc;
  if (t == SQLITE_NULL || !ok_sql_decimal_text(ctx, argv[0], num, &s, &n)) return;
  if (ok_special_real(s, n, &d)) {
    form = d != d ? OK_CRDB_NAN : OK_CRDB_INFINITE, neg = d < 0;
  } else {
    if (!(digit = sqlite3_malloc64(n + 1))) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    if (ok_decimal_split(digit, &nd, &neg, &exp, s, n, &err) != OK_OK) {
      ok_sql_error(ctx, OK_SQL_ECHO " is not a decimal number (character %lld)",
                   OK_SQL_ECHO_ARGS(s), (long long)ok_sql_char_at(s, err));
      sqlite3_free(digit);
      return;
    }
  }
  ok_sql_buf_init(&b);
  rc = ok_crdb_enc_decimal(NULL, &len, form, neg, digit, nd, exp, 0);
  if (rc != OK_OK)
    ok_sql_error(ctx, OK_SQL_ECHO " is beyond the exponents CockroachDB's decimals hold",
                 OK_SQL_ECHO_ARGS(s));
  else if (ok_sql_buf_reserve(ctx, &b, len, len) &&
           ok_crdb_enc_decimal(b.p, &len, form, neg, digit, nd, exp, 0) == OK_OK)
    result_piece(ctx, b.p, len);
  ok_sql_buf_free(&b);
  sqlite3_free(digit);
}

int ok_sql_time_arg(sqlite3_context *ctx, sqlite3_value *v, int64_t *sec, int64_t *nanos) {
  const char *s;
  size_t n, err;
  int rc;
  if (!ok_sql_text_arg(ctx, v, "the time", &s, &n)) return 0;
  if ((rc = ok_crdb_time_parse(sec, nanos, s, n, &err)) == OK_OK) return 1;
  ok_sql_error(ctx,
               OK_SQL_ECHO
               " is not a time 'YYYY-MM-DD[ HH:MM[:SS[.fffffffff]]][Z|+HH:MM]' "
               "(%s at character %lld)",
               OK_SQL_ECHO_ARGS(s), rc == OK_E_RANGE ? "out of range" : "syntax error",
               (long long)ok_sql_char_at(s, err));
  return 0;
}

/* ok_crdb_timestamp(text) or ok_crdb_timestamp(seconds [, nanos]): a
** TIMESTAMP (or TIMESTAMPTZ: the same bytes), from RFC 3339 / SQL text or
** seconds since 1970 UTC. */
static void ok_crdb_timestamp_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[2 * OK_CRDB_INT_LEN + 1];
  int64_t sec, nanos = 0;
  int t = sqlite3_value_type(argv[0]);
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_TEXT) {
    if (argc > 1) {
      ok_sql_error(ctx, "takes its nanoseconds in the text, not as argument 2");
      return;
    }
    if (!ok_sql_time_arg(ctx, argv[0], &sec, &nanos)) return;
  } else {
    if (!ok_sql_int_arg(ctx, argv[0], "the seconds", &sec)) return;
    if (argc > 1 && !ok_sql_int_arg(ctx, argv[1], "the nanoseconds", &nanos)) return;
    if (nanos < 0 || nanos > 999999999) {
      ok_sql_error(ctx, "the nanoseconds %lld are outside 0..999999999", (long long)nanos);
      return;
    }
    if (sec > OK_CRDB_TIME_LIMIT || sec < -OK_CRDB_TIME_LIMIT) {
      ok_sql_error(ctx,
                   "%lld seconds is past the times CockroachDB holds (%lld at most, past "
                   "year 300,000)",
                   (long long)sec, OK_CRDB_TIME_LIMIT);
      return;
    }
  }
  result_piece(ctx, out, ok_crdb_enc_time(out, sec, nanos, 0));
}

/* ok_crdb_interval(months, days, nanos): an INTERVAL. */
static void ok_crdb_interval_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_CRDB_MAX];
  int64_t v[3];
  size_t len;
  (void)argc;
  if (!ok_sql_int_arg(ctx, argv[0], "the months", &v[0]) ||
      !ok_sql_int_arg(ctx, argv[1], "the days", &v[1]) ||
      !ok_sql_int_arg(ctx, argv[2], "the nanoseconds", &v[2]))
    return;
  if (ok_crdb_enc_interval(out, &len, v[0], v[1], v[2], 0) != OK_OK)
    ok_sql_error(ctx, "the interval is beyond what CockroachDB encodes (about 292 years)");
  else
    result_piece(ctx, out, len);
}

/* ok_crdb_uuid(text): a UUID, as CockroachDB keys it: its 16 bytes. */
static void ok_crdb_uuid_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t u[16], out[OK_CRDB_BYTES_BOUND(16)];
  const char *s;
  size_t n;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      !ok_sql_text_arg(ctx, argv[0], "the UUID", &s, &n))
    return;
  if (ok_fdb_uuid_parse(u, s, n) != OK_OK)
    ok_sql_error(ctx, OK_SQL_ECHO " is not a UUID (8-4-4-4-12 hex digits)", OK_SQL_ECHO_ARGS(s));
  else
    result_piece(ctx, out, ok_crdb_enc_bytes(out, u, 16, 0));
}

/* ok_crdb_tenant(id): a tenant's prefix, 0xFE and the id. */
static void ok_crdb_tenant_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[1 + OK_CRDB_INT_LEN];
  int64_t id;
  (void)argc;
  if (!ok_sql_int_arg(ctx, argv[0], "the tenant id", &id)) return;
  if (id < 1) {
    ok_sql_error(ctx, "the tenant id %lld is not positive", (long long)id);
    return;
  }
  out[0] = OK_CRDB_NOT_NULL_DESC;
  result_piece(ctx, out, 1 + ok_crdb_enc_uvarint(out + 1, (uint64_t)id));
}

static void ok_crdb_raw_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_result_raw(ctx, argv, &ok_sql_crdb);
}

/* ok_crdb_pretty(key [, 'values']): the key as CockroachDB prints it. */
static void ok_crdb_pretty_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, len, err;
  int rc, table = 1;
  char *out;
  if (argc > 1) {
    const char *s;
    size_t k;
    if (!ok_sql_text_arg(ctx, argv[1], "the form", &s, &k)) return;
    table = k == 3 && sqlite3_strnicmp(s, "key", 3) == 0;
    if (!table && !(k == 6 && sqlite3_strnicmp(s, "values", 6) == 0)) {
      ok_sql_error(ctx, "the form must be 'key' (/Table/53/...) or 'values' (/53/...)");
      return;
    }
  }
  if (!ok_sql_key_arg(ctx, argv, 0, &p, &n)) return;
  if ((rc = ok_crdb_pretty(NULL, &len, p, n, table, &err)) != OK_OK) {
    const char *system = ok_crdb_system_key(p, n);
    if (table && system && err == 0)
      ok_sql_error(ctx,
                   "the key is CockroachDB's %s key (first byte 0x%02X): its layout is the "
                   "system's own, not a table's; ok prints table keys and /Meta1, /Meta2 keys",
                   system, p[0]);
    else
      ok_sql_malformed(ctx, rc, err);
    return;
  }
  if (ok_sql_too_big(ctx, len)) return;
  if (!(out = sqlite3_malloc64(len + 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_crdb_pretty(out, &len, p, n, table, &err);
  sqlite3_result_text64(ctx, out, len, sqlite3_free, SQLITE_UTF8);
}

/* --- The 'crdb' format for the reading functions ------------------------ */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_CRDB_NULL:
    case OK_CRDB_NULL_DESC: return "null";
    case OK_CRDB_NOT_NULL:
    case OK_CRDB_NOT_NULL_DESC: return "not-null";
    case OK_CRDB_INT_MIN: return "int";
    case OK_CRDB_BYTES:
    case OK_CRDB_BYTES_DESC: return "bytes";
    case OK_CRDB_TIME: return "timestamp";
    case OK_CRDB_DURATION: return "interval";
  }
  return it->tag <= OK_CRDB_FLOAT_NAN_DESC ? "float" : "decimal";
}

/* The integers that follow a time's or an interval's marker. */
static int render_value(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  int64_t v[3];
  int rc;
  switch (it->tag) {
    case OK_CRDB_NOT_NULL:
    case OK_CRDB_NOT_NULL_DESC: return ok_sql_put_raw(o, "ok_crdb_raw", "crdb", raw, it->len);
    case OK_CRDB_FLOAT_NAN:
    case OK_CRDB_FLOAT_NAN_DESC:
      ok_sql_puts(o, o->json ? "{\"float\":\"NaN\"}" : "ok_crdb_float('NaN')");
      return SQLITE_OK;
    case OK_CRDB_TIME:
      if (o->json) {
        ok_sql_open_call(o, "", "timestamp");
        rc = ok_sql_put_value(o, it);
        ok_sql_close_call(o);
        return rc;
      }
      ok_crdb_numbers(it, v);
      if (v[1] >= 0) {
        ok_sql_putf(o, "ok_crdb_timestamp(%lld, %lld)", (long long)v[0], (long long)v[1]);
      } else { /* written descending: ^sec, ^nanos */
        ok_sql_putf(o, "ok_crdb_desc(ok_crdb_timestamp(%lld, %lld))", (long long)~v[0],
                    (long long)~v[1]);
      }
      return SQLITE_OK;
    case OK_CRDB_DURATION:
      if (o->json) {
        ok_sql_open_call(o, "", "interval");
        rc = ok_sql_put_value(o, it);
        ok_sql_close_call(o);
        return rc;
      }
      ok_crdb_numbers(it, v); /* what ok_crdb_interval takes back */
      ok_sql_putf(o, "ok_crdb_interval(%lld, %lld, %lld)", (long long)v[0], (long long)v[1],
                  (long long)v[2]);
      return SQLITE_OK;
  }
  if (it->type == OK_TEXT && it->tag > OK_CRDB_TIME) { /* decimals */
    ok_sql_open_call(o, "ok_crdb_decimal", "decimal");
    rc = ok_sql_put_value(o, it);
    ok_sql_close_call(o);
    return rc;
  }
  return ok_sql_put_value(o, it);
}

static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  int rc;
  /* a time written descending has its own rendering; the other items that
  ** a key shows descending are NULL, NaN and bytes */
  if (!it->desc || it->tag == OK_CRDB_NOT_NULL_DESC) return render_value(o, it, raw);
  ok_sql_open_call(o, "ok_crdb_desc", "desc");
  rc = render_value(o, it, raw);
  ok_sql_close_call(o);
  return rc;
}

static const ok_sql_function functions[] = {
    {"ok_crdb_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_crdb_pack_fn, OK_SQL_ASC},
    {"ok_crdb_desc", 1, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_crdb_pack_fn,
     OK_SQL_DESC},
    {"ok_crdb_float", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_crdb_float_fn, 0},
    {"ok_crdb_decimal", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_crdb_decimal_fn, 0},
    {"ok_crdb_timestamp", 1, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_crdb_timestamp_fn, 0},
    {"ok_crdb_interval", 3, 3, OK_SQL_PURE | OK_SQL_MAKES, ok_crdb_interval_fn, 0},
    {"ok_crdb_uuid", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_crdb_uuid_fn, 0},
    {"ok_crdb_tenant", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_crdb_tenant_fn, 0},
    {"ok_crdb_raw", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_crdb_raw_fn, 0},
    {"ok_crdb_pretty", 1, 2, OK_SQL_PURE | OK_SQL_READS, ok_crdb_pretty_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

/* A key of CockroachDB's own keyspace, for a reader's error. */
static const char *foreign(const uint8_t *p, size_t n) {
  static const char *const what[] = {
      "it starts as CockroachDB's /Local keys do, which hold no table's values",
      "it starts as CockroachDB's /Meta1 keys do: ok_crdb_pretty prints it",
      "it starts as CockroachDB's /Meta2 keys do: ok_crdb_pretty prints it",
      "it starts as CockroachDB's /System keys do, which hold no table's values",
  };
  return ok_crdb_system_key(p, n) ? what[p[0] - 1] : NULL;
}

const ok_sql_format ok_sql_crdb = {
    .core = &ok_format_crdb,
    .subtype = OK_SUBTYPE(crdb),
    .label = "CockroachDB",
    .noun = "a CockroachDB key",
    .builders = "ok_crdb_*",
    .pack = "ok_crdb_pack",
    .rejoin = "ok_crdb_raw(key) gives its items as a piece",
    .put = put,
    .put_piece = put_piece,
    .kind = kind,
    .render = render,
    .functions = functions,
    .foreign = foreign,
};
