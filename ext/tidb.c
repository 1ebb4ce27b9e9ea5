/*
** tidb.c -- TiDB's keys from SQL, in the two formats of src/tidb.c:
** ok_tidb_pack (the key as TiDB makes it) and ok_tikv_pack (the same key as
** TiKV stores it), the constructors of the datums and key parts SQL values
** do not name, and the formats' kinds and renderings.
**
**   ok_tidb_pack(ok_tidb_table(63), ok_tidb_index(1), 'abc', ok_tidb_decimal('1.5', 10, 2))
**   ok_tikv_pack(ok_tidb_table(63), ok_tidb_record(1))  -- 7480000000000000FF3F5F72...
**
** Both take the same pieces (OK_SUBTYPE(tidb)); docs/tidb.md is the reference.
*/
#define OK_STATIC_LINKING_ONLY /* the extension is built with this very core */
#include <string.h>

#include "../src/ok_tidb.h"
#include "format.h"

static void result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n) {
  ok_sql_result_piece(ctx, p, n, OK_SUBTYPE(tidb), 0);
}

/* Where a key being built is: the kind of its last item, in the shapes'
** table the reader asks too (ok_tidb.h: OK_TIDB_AT_START... for nothing yet),
** a common handle's as long as its datums go on (none NULL); or PADDED, a
** row key whose handle TiDB padded (a piece of one), which ends it. */
#define PADDED 16
/* Where a key being built is, in its builder's own room. */
typedef struct {
  size_t state;
  size_t items;   /* in the key so far: the next one's index */
  size_t handle;  /* where a common handle's datums start */
  size_t bounded; /* the handle holds a bound: a range key's, not padded */
} shape;
typedef char shape_fits[sizeof(shape) <= sizeof(((ok_sql_builder *)0)->own) ? 1 : -1];

/* What may follow the places that end a key or need a part, for the
** error. */
static const char *after(size_t s) {
  switch (s) {
    case OK_TIDB_AT_KEYSPACE: return "a keyspace (ok_tidb_keyspace(id)), which a table follows";
    case OK_TIDB_AT_TABLE:
      return "a table (ok_tidb_table(id)), which ok_tidb_record(...) or ok_tidb_index(id) follows";
    case OK_TIDB_AT_RECORD:
      return "an integer handle (ok_tidb_record(h)), which ends a row key (a clustered primary "
             "key's values follow ok_tidb_record())";
    case OK_TIDB_AT_BOUND: return "ok_tidb_min_not_null(), the bound that ends a range key";
  }
  return "a row key whose clustered primary key is padded to 9 bytes, which ends it";
}

/* The place after an item with tag t at place s, or -1: not a shape TiDB
** writes. */
static int next_state(size_t s, int t) {
  int kind = ok_tidb_kind(t);
  if (s == PADDED || !ok_tidb_may_follow((int)s, kind)) return -1;
  return s == OK_TIDB_AT_COMMON && kind == OK_TIDB_AT_DATUM ? OK_TIDB_AT_COMMON : kind;
}

/* One item of argument i, with tag `tag`, its datums (if it opens a
** handle) from b's byte `at`: 0 after setting the error for a shape TiDB
** never writes. */
static int step(ok_sql_builder *b, shape *s, int tag, size_t at, int i) {
  static const char *const part[] = {"ok_tidb_keyspace", "ok_tidb_table", "ok_tidb_record",
                                     "ok_tidb_index"};
  int next = next_state(s->state, tag);
  if (s->state == OK_TIDB_AT_COMMON && tag == OK_TIDB_NIL) {
    ok_sql_error(b->ctx,
                 "argument %d: a clustered primary key (after ok_tidb_record()) holds no NULL: "
                 "TiDB reads a 00 there as its padding",
                 i);
    return 0;
  }
  if (next < 0) {
    int k = tag == OK_TIDB_KEYSPACE                          ? 0
            : tag == OK_TIDB_TABLE                           ? 1
            : tag == OK_TIDB_RECORD || tag == OK_TIDB_COMMON ? 2
                                                             : 3;
    if (s->state != PADDED && ok_tidb_may_follow((int)s->state, OK_TIDB_AT_DATUM))
      ok_sql_error(b->ctx, "argument %d: %s(...) goes %s", i, part[k],
                   k > 1    ? "right after ok_tidb_table(id)"
                   : k == 1 ? "at a key's start or after ok_tidb_keyspace(id)"
                            : "at a key's start");
    else
      ok_sql_error(b->ctx, "argument %d follows %s", i, after(s->state));
    return 0;
  }
  if (next == OK_TIDB_AT_COMMON && s->state != OK_TIDB_AT_COMMON) s->handle = at;
  if (s->state == OK_TIDB_AT_COMMON && (tag == OK_TIDB_MAX || tag == OK_TIDB_MIN_NOT_NULL))
    s->bounded = 1;
  s->state = (size_t)next;
  s->items++;
  return 1;
}

/* A value's datum, argument i, after the items before (NULL told apart:
** a clustered primary key holds none). */
static inline int value_follows(ok_sql_builder *b, int null, int i) {
  shape *s = (shape *)(void *)b->own;
  if (s->state == OK_TIDB_AT_DATUM || s->state == OK_TIDB_AT_START) /* the usual case */
    return s->state = null ? OK_TIDB_AT_NIL : OK_TIDB_AT_DATUM, s->items++, 1;
  return step(b, s, null ? OK_TIDB_NIL : OK_TIDB_INT, 0, i);
}

/* A piece's items, argument i, b's bytes from `from` on, after the items
** before. */
static int piece_follows(ok_sql_builder *b, size_t from, int i) {
  shape *s = (shape *)(void *)b->own;
  const ok_format *f;
  ok_item it;
  size_t err, at = from;
  /* the piece's items, each read where it stands in the key (the reader
  ** takes a key's parts only where TiDB puts them); a whole row key with a
  ** padded handle (ok_tidb_raw of one) reads to its padding */
  f = ok_tidb_row_format(&ok_format_tidb, b->buf.p + from, b->buf.n - from);
  while (at < b->buf.n) {
    const uint8_t *p = b->buf.p + at;
    if (f->decode(f, s->items, p, b->buf.n - at, &it, &err) != OK_OK) {
      /* a part out of its place: said as the shapes say it */
      int tag =
          p[0] == '_' && b->buf.n - at > 1 ? (p[1] == 'i' ? OK_TIDB_INDEX : OK_TIDB_COMMON) : p[0];
      if (step(b, s, tag, at, i)) ok_sql_error(b->ctx, "argument %d is out of TiDB's shapes", i);
      return 0;
    }
    if (!step(b, s, it.tag, at + it.len, i)) return 0;
    at += it.len;
  }
  if (f != &ok_format_tidb) s->state = PADDED;
  return 1;
}

/* A plain value as one datum, in the key's shape. */
OK_SQL_FLATTEN static int put(ok_sql_builder *b, sqlite3_value *v, int t, int i) {
  return value_follows(b, t == SQLITE_NULL, i) &&
         ok_sql_write(b, &ok_sql_tidb, v, t, i, ok_tidb_write, &ok_format_tidb, 0, 0);
}

/* A piece of TiDB items, as it is, in the key's shape. */
static int put_piece(ok_sql_builder *b, const uint8_t *p, size_t n, int i) {
  size_t from = b->buf.n;
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, n, n)) return 0;
  memcpy(b->buf.p + from, p, n);
  b->buf.n += n;
  return piece_follows(b, from, i);
}

/* argv as a TiDB key into b, in a shape TiDB writes (put, put_piece), a row
** key's common handle shorter than 9 bytes padded with zeros to 9, as
** TiDB's kv.NewCommonHandle pads it when it adds a row (a range key's, with
** a bound, is not). 0 after setting an error. */
static int build(ok_sql_builder *b, int argc, sqlite3_value **argv) {
  shape *s = (shape *)(void *)b->own;
  size_t pad;
  memset(b->own, 0, sizeof b->own); /* no items */
  s->state = OK_TIDB_AT_START;
  if (!ok_sql_build(b, &ok_sql_tidb, argc, argv, 0)) return 0;
  if (s->state != OK_TIDB_AT_COMMON || s->bounded || b->buf.n == s->handle ||
      b->buf.n - s->handle >= 9)
    return 1;
  pad = 9 - (b->buf.n - s->handle);
  if (!ok_sql_buf_reserve(b->ctx, &b->buf, pad, pad)) return 0;
  memset(b->buf.p + b->buf.n, 0, pad);
  b->buf.n += pad;
  return 1;
}

static void ok_tidb_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  ok_sql_builder_init(&b, ctx, 0);
  if (build(&b, argc, argv))
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n, OK_KEY_SUBTYPE(OK_SUBTYPE(tidb)), 0);
  ok_sql_builder_free(&b);
}

/* ok_tikv_pack(v, ...): the TiDB key of the values, as TiKV stores it;
** of no values, TiKV's empty key x'' (a region's open boundary). */
static void ok_tikv_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_builder b;
  ok_sql_buf w;
  size_t len;
  ok_sql_builder_init(&b, ctx, 0);
  ok_sql_buf_init(&w);
  if (build(&b, argc, argv)) {
    len = b.buf.n ? ok_tidb_enc_bytes(NULL, 0, b.buf.p, b.buf.n) : 0;
    if (ok_sql_buf_reserve(ctx, &w, len + 1, len + 1)) {
      if (len) ok_tidb_enc_bytes(w.p, 0, b.buf.p, b.buf.n);
      ok_sql_result_piece(ctx, w.p, len, OK_KEY_SUBTYPE(OK_SUBTYPE(tikv)), 0);
    }
  }
  ok_sql_buf_free(&w);
  ok_sql_builder_free(&b);
}

/* ok_tidb_uint(x): a BIGINT UNSIGNED (also an ENUM's or SET's value, a
** BIT's): an INTEGER from 0, or decimal TEXT up to 18446744073709551615. */
static void ok_tidb_uint_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_TIDB_FIXED_LEN];
  uint64_t u;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || !ok_sql_u64_arg(ctx, argv[0], NULL, &u)) return;
  result_piece(ctx, out, ok_tidb_enc_uint(out, u));
}

/* ok_tidb_decimal(x, precision, scale): a DECIMAL(precision, scale), the
** value rounded to its scale as TiDB casts it. */
static void ok_tidb_decimal_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_TIDB_DECIMAL_MAX];
  char num[OK_REPR_MAX], *digit;
  const char *s;
  size_t n, nd, err, len;
  int64_t exp, p, sc;
  int neg, t = sqlite3_value_type(argv[0]), rc;
  (void)argc;
  if (!ok_sql_int_arg(ctx, argv[1], "the precision", &p) ||
      !ok_sql_int_arg(ctx, argv[2], "the scale", &sc))
    return;
  if (p < 1 || p > OK_TIDB_DECIMAL_DIGITS || sc < 0 || sc > OK_TIDB_DECIMAL_SCALE || sc > p) {
    ok_sql_error(ctx,
                 "DECIMAL(%lld, %lld) is no TiDB decimal type (precision 1..65, scale 0..30 and "
                 "at most the precision)",
                 (long long)p, (long long)sc);
    return;
  }
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_FLOAT && sqlite3_value_double(argv[0]) - sqlite3_value_double(argv[0]) != 0) {
    ok_sql_error(ctx, "a DECIMAL holds no infinity");
    return;
  }
  if (!ok_sql_decimal_text(ctx, argv[0], num, &s, &n)) return;
  if (!(digit = sqlite3_malloc64(n + 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (ok_decimal_split(digit, &nd, &neg, &exp, s, n, &err) != OK_OK)
    ok_sql_error(ctx, OK_SQL_ECHO " is not a decimal number (character %lld)", OK_SQL_ECHO_ARGS(s),
                 (long long)ok_sql_char_at(s, err));
  else if ((rc = ok_tidb_enc_decimal(out, &len, neg, digit, nd, exp, (int)p, (int)sc)) != OK_OK)
    ok_sql_error(ctx, OK_SQL_ECHO " does not fit DECIMAL(%lld, %lld)", OK_SQL_ECHO_ARGS(s),
                 (long long)p, (long long)sc);
  else
    result_piece(ctx, out, len);
  sqlite3_free(digit);
}

/* Digits s[*i..) as a number, at most `max` of them (0: any); 0 when none. */
static int digits(const char *s, size_t n, size_t *i, int max, int64_t *v) {
  size_t start = *i;
  for (*v = 0; *i < n && s[*i] >= '0' && s[*i] <= '9' && (!max || *i - start < (size_t)max) &&
               *v < 100000000000LL;
       (*i)++)
    *v = *v * 10 + (s[*i] - '0');
  return *i > start;
}

/* Up to 6 digits of a fraction after s[*i] == '.', as microseconds. */
static int micros(const char *s, size_t n, size_t *i, int64_t *us) {
  size_t start;
  *us = 0;
  if (*i >= n || s[*i] != '.') return 1;
  start = ++*i;
  if (!digits(s, n, i, 6, us)) return 0;
  for (size_t k = *i - start; k < 6; k++) *us *= 10;
  return *i == n || s[*i] < '0' || s[*i] > '9'; /* finer than a microsecond: refused */
}

/* ok_tidb_duration(x): a TIME, from INTEGER nanoseconds or TEXT
** '[-]HH:MM:SS[.ffffff]', within -838:59:59 to 838:59:59 (MySQL's TIME). */
static void ok_tidb_duration_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_TIDB_FIXED_LEN];
  int t = sqlite3_value_type(argv[0]);
  int64_t ns, h, m, sec, us;
  const char *s;
  size_t n, i = 0;
  (void)argc;
  if (t == SQLITE_NULL) return;
  if (t == SQLITE_INTEGER) {
    ns = sqlite3_value_int64(argv[0]);
  } else if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "takes INTEGER nanoseconds or TEXT 'HH:MM:SS', not %s", ok_sql_type_name(t));
    return;
  } else {
    int neg;
    if (!ok_sql_text_arg(ctx, argv[0], "the time", &s, &n)) return;
    neg = n > 0 && s[0] == '-';
    i = (size_t)neg;
    if (!digits(s, n, &i, 3, &h) || i >= n || s[i++] != ':' || !digits(s, n, &i, 2, &m) || i >= n ||
        s[i++] != ':' || !digits(s, n, &i, 2, &sec) || !micros(s, n, &i, &us) || i != n ||
        h > 838 || m > 59 || sec > 59) {
      ok_sql_error(ctx, OK_SQL_ECHO " is not a TIME '[-]HH:MM:SS[.ffffff]' up to 838:59:59",
                   OK_SQL_ECHO_ARGS(s));
      return;
    }
    ns = ((h * 3600 + m * 60 + sec) * 1000000 + us) * 1000;
    if (neg) ns = -ns;
  }
  if (ns > OK_TIDB_DURATION_MAX || ns < -OK_TIDB_DURATION_MAX) {
    ok_sql_error(ctx, "a TIME is within -838:59:59 and 838:59:59 (%lld nanoseconds)",
                 (long long)OK_TIDB_DURATION_MAX);
    return;
  }
  result_piece(ctx, out, ok_tidb_enc_duration(out, ns));
}

/* ok_tidb_datetime(text): a DATETIME, DATE or TIMESTAMP (UTC), packed as
** TiDB keys it: 'YYYY-MM-DD[ HH:MM:SS[.ffffff]]', '0000-00-00' too. */
static void ok_tidb_datetime_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[OK_TIDB_FIXED_LEN];
  int64_t y, mo, d, h = 0, mi = 0, sec = 0, us = 0;
  uint64_t packed;
  const char *s;
  size_t n, i = 0;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      !ok_sql_text_arg(ctx, argv[0], "the time", &s, &n))
    return;
  if (!digits(s, n, &i, 4, &y) || i != 4 || i >= n || s[i++] != '-' || !digits(s, n, &i, 2, &mo) ||
      i >= n || s[i++] != '-' || !digits(s, n, &i, 2, &d))
    goto bad;
  if (i < n && (s[i] == ' ' || s[i] == 'T')) {
    i++;
    if (!digits(s, n, &i, 2, &h) || i >= n || s[i++] != ':' || !digits(s, n, &i, 2, &mi) ||
        i >= n || s[i++] != ':' || !digits(s, n, &i, 2, &sec) || !micros(s, n, &i, &us))
      goto bad;
  }
  if (i != n || ok_tidb_datetime_pack(&packed, (int)y, (int)mo, (int)d, (int)h, (int)mi, (int)sec,
                                      (int)us) != OK_OK)
    goto bad;
  result_piece(ctx, out, ok_tidb_enc_uint(out, packed));
  return;
bad:
  ok_sql_error(ctx, OK_SQL_ECHO " is not a DATETIME 'YYYY-MM-DD[ HH:MM:SS[.ffffff]]'",
               OK_SQL_ECHO_ARGS(s));
}

/* ok_tidb_max(), ok_tidb_min_not_null() (arg: the byte): the bounds TiDB
** puts in range keys. */
static void ok_tidb_bound_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[1];
  (void)argc, (void)argv;
  out[0] = (uint8_t)ok_sql_fn_arg(ctx);
  result_piece(ctx, out, 1);
}

/* ok_tidb_table(id), ok_tidb_index(id), ok_tidb_record([handle])
** (arg: the tag): a table's key's parts: 't', "_i", "_r" and an id. */
static void ok_tidb_part_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[10];
  int tag = ok_sql_fn_arg(ctx);
  size_t at = tag == OK_TIDB_TABLE ? 1 : 2;
  int64_t id;
  out[0] = tag == OK_TIDB_TABLE ? 't' : '_';
  out[1] = (uint8_t)tag;
  if (argc == 0) { /* "_r" alone: a common handle's datums follow */
    result_piece(ctx, out, 2);
    return;
  }
  if (!ok_sql_int_arg(ctx, argv[0],
                      tag == OK_TIDB_TABLE ? "the table id"
                      : tag == 'i'         ? "the index id"
                                           : "the handle",
                      &id))
    return;
  ok_tidb_enc_int(out + at - 1, id);
  out[at - 1] = tag == OK_TIDB_TABLE ? 't' : (uint8_t)tag; /* over the int's flag */
  result_piece(ctx, out, at + 8);
}

/* ok_tidb_keyspace(id): API v2's prefix, 'x' and a 3-byte keyspace id. */
static void ok_tidb_keyspace_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  uint8_t out[4];
  int64_t id;
  (void)argc;
  if (!ok_sql_int_arg(ctx, argv[0], "the keyspace id", &id)) return;
  if (id < 0 || id > 0xFFFFFF) {
    ok_sql_error(ctx, "the keyspace id %lld is outside 0..16777215", (long long)id);
    return;
  }
  out[0] = 'x', out[1] = (uint8_t)(id >> 16), out[2] = (uint8_t)(id >> 8), out[3] = (uint8_t)id;
  result_piece(ctx, out, 4);
}

static void ok_tidb_raw_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ok_sql_result_raw(ctx, argv, &ok_sql_tidb);
}

/* ok_tikv_raw(key): a TiKV key's items, unwrapped, as a TiDB piece. */
static void ok_tikv_raw_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, len, err, count;
  uint8_t *out;
  int rc;
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv, 0, &p, &n)) return;
  if ((rc = ok_count(&ok_format_tikv, p, n, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, err);
    return;
  }
  if (!(out = sqlite3_malloc64(n + 1))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  ok_tikv_unwrap(out, &len, p, n, &err);
  ok_sql_result_piece(ctx, out, len, OK_SUBTYPE(tidb), 1);
}

/* --- The 'tidb' and 'tikv' formats for the reading functions -------------- */

static const char *kind(const ok_item *it) {
  switch (it->tag) {
    case OK_TIDB_NIL: return "null";
    case OK_TIDB_BYTES: return "bytes";
    case OK_TIDB_INT: return "int";
    case OK_TIDB_UINT: return "uint";
    case OK_TIDB_FLOAT: return "float";
    case OK_TIDB_DECIMAL: return "decimal";
    case OK_TIDB_DURATION: return "duration";
    case OK_TIDB_MAX: return "max";
    case OK_TIDB_MIN_NOT_NULL: return "min-not-null";
    case OK_TIDB_TABLE: return "table";
    case OK_TIDB_RECORD: return "record";
    case OK_TIDB_COMMON: return "common-handle";
    case OK_TIDB_INDEX: return "index";
  }
  return "keyspace";
}

static int render(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  static const struct {
    int tag;
    const char *fn, *key;
  } calls[] = {
      {OK_TIDB_UINT, "ok_tidb_uint", "uint"},    {OK_TIDB_DURATION, "ok_tidb_duration", "duration"},
      {OK_TIDB_TABLE, "ok_tidb_table", "table"}, {OK_TIDB_RECORD, "ok_tidb_record", "record"},
      {OK_TIDB_INDEX, "ok_tidb_index", "index"}, {OK_TIDB_KEYSPACE, "ok_tidb_keyspace", "keyspace"},
  };
  size_t i;
  int rc;
  (void)raw; /* a TiKV key's item may have markers inside: read through the item */
  switch (it->tag) {
    case OK_TIDB_MAX:
      ok_sql_puts(o, o->json ? "{\"max\":null}" : "ok_tidb_max()");
      return SQLITE_OK;
    case OK_TIDB_MIN_NOT_NULL:
      ok_sql_puts(o, o->json ? "{\"min_not_null\":null}" : "ok_tidb_min_not_null()");
      return SQLITE_OK;
    case OK_TIDB_COMMON:
      ok_sql_puts(o, o->json ? "{\"record\":null}" : "ok_tidb_record()");
      return SQLITE_OK;
    case OK_TIDB_DECIMAL: {
      int precision, scale;
      ok_tidb_decimal_type(it, &precision, &scale);
      ok_sql_open_call(o, "ok_tidb_decimal", "decimal");
      rc = ok_sql_put_value(o, it);
      if (!o->json) ok_sql_putf(o, ", %d, %d", precision, scale);
      ok_sql_close_call(o);
      return rc;
    }
  }
  for (i = 0; i < sizeof calls / sizeof calls[0]; i++) {
    if (calls[i].tag != it->tag) continue;
    ok_sql_open_call(o, calls[i].fn, calls[i].key);
    rc = ok_sql_put_value(o, it); /* a uint past int64: its digits as TEXT */
    ok_sql_close_call(o);
    return rc;
  }
  return ok_sql_put_value(o, it);
}

static const ok_sql_function tidb_functions[] = {
    {"ok_tidb_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_tidb_pack_fn, 0},
    {"ok_tidb_uint", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_uint_fn, 0},
    {"ok_tidb_decimal", 3, 3, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_decimal_fn, 0},
    {"ok_tidb_duration", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_duration_fn, 0},
    {"ok_tidb_datetime", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_datetime_fn, 0},
    {"ok_tidb_max", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_bound_fn, OK_TIDB_MAX},
    {"ok_tidb_min_not_null", 0, 0, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_bound_fn, OK_TIDB_BYTES},
    {"ok_tidb_table", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_part_fn, OK_TIDB_TABLE},
    {"ok_tidb_index", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_part_fn, OK_TIDB_INDEX},
    {"ok_tidb_record", 0, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_part_fn, OK_TIDB_RECORD},
    {"ok_tidb_keyspace", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_keyspace_fn, 0},
    {"ok_tidb_raw", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tidb_raw_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

static const ok_sql_function tikv_functions[] = {
    {"ok_tikv_pack", 0, -1, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_tikv_pack_fn, 0},
    {"ok_tikv_raw", 1, 1, OK_SQL_PURE | OK_SQL_MAKES, ok_tikv_raw_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};

/* A range's end that TiDB made with PrefixNext from one that ends in the
** max bound (0xFA): its last byte 0xFB, which TiDB's DecodeRange reads as
** the max bound and its key encoder never writes. */
static const char *after_max(const uint8_t *p, size_t n, size_t pad) {
  return n > pad && p[n - 1 - pad] == 0xFB
             ? "it ends in 0xFB, the max bound (0xFA) after PrefixNext, a range's exclusive "
               "end: without that last byte it is the key whose range it ends"
             : NULL;
}
static const char *foreign_tidb(const uint8_t *p, size_t n) { return after_max(p, n, 0); }
static const char *foreign_tikv(const uint8_t *p, size_t n) {
  static const uint8_t empty[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0xF7};
  if (n == 9 && memcmp(p, empty, 9) == 0)
    return "it is the encoded empty TiDB key, which TiDB never makes; TiKV's empty key (a "
           "region's open boundary) is x'', ok_tikv_pack() of no values";
  /* the last data byte: before the marker and the last group's padding */
  return n % 9 == 0 && n > 0 && p[n - 1] >= 0xF7 ? after_max(p, n - 1, 0xFF - (size_t)p[n - 1])
                                                 : NULL;
}

const ok_sql_format ok_sql_tidb = {
    .core = &ok_format_tidb,
    .subtype = OK_SUBTYPE(tidb),
    .label = "TiDB",
    .noun = "a TiDB key",
    .builders = "ok_tidb_*",
    .pack = "ok_tidb_pack",
    .rejoin = "ok_tidb_raw(key) gives its items as a piece",
    .put = put,
    .put_piece = put_piece,
    .kind = kind,
    .render = render,
    .functions = tidb_functions,
    .foreign = foreign_tidb,
};

/* TiKV's keys hold TiDB's: its builder takes TiDB's pieces, and makes none. */
const ok_sql_format ok_sql_tikv = {
    .core = &ok_format_tikv,
    .subtype = OK_SUBTYPE(tikv),
    .label = "TiKV",
    .noun = "a TiKV key",
    .builders = "ok_tidb_* in ok_tikv_pack",
    .pack = "ok_tikv_pack",
    .rejoin = "ok_tikv_raw(key) gives its items as a TiDB piece",
    .kind = kind,
    .render = render,
    .functions = tikv_functions,
    .foreign = foreign_tikv,
};
