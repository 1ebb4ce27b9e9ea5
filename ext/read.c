/*
** read.c -- SQL functions that read keys: ok_unpack_col, ok_hex, ok_count,
** ok_valid, ok_formats. Each takes the format as its last, optional
** argument; a salted format ('salt+ok') reads the key after its salt.
*/
#include <string.h>

#include "reader.h"

/* The error of a key r cannot read (status rc at byte err of key). */
static void malformed(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *key, size_t len,
                      int rc, size_t err) {
  char *msg;
  ok_sql_report(ctx, ok_sql_malformed_key(r, key, len, rc, err, &msg), &msg);
}

/* Component i (1-based; from the end when negative) of key[0..n). The whole
** key is checked, so a damaged key never yields a value; a component
** counted from the end takes two passes. */
static void unpack(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *p, size_t n,
                   sqlite3_value *index) {
  size_t count = 0, at, err;
  sqlite3_int64 i;
  ok_item it;
  int rc, t = sqlite3_value_type(index);
  if (t == SQLITE_NULL) return; /* NULL index: NULL */
  if (t != SQLITE_INTEGER) {
    ok_sql_error(ctx, "index must be an INTEGER");
    return;
  }
  i = sqlite3_value_int64(index);
  if (i < 0) {
    if ((rc = ok_count(r->core, p, n, &count, &err)) != OK_OK) {
      malformed(ctx, r, p, n, rc, err);
      return;
    }
    i += (sqlite3_int64)count + 1;
  }
  rc = ok_pick(r->core, p, n, i >= 1 ? (size_t)(i - 1) : (size_t)-1, &it, &at, &count, &err);
  if (rc != OK_OK && rc != OK_FEWER) {
    malformed(ctx, r, p, n, rc, err);
    return;
  }
  if (rc == OK_FEWER) {
    ok_sql_error(ctx, "index %lld is out of range for a key of %lld component%s",
                 sqlite3_value_int64(index), (long long)count, OK_SQL_S(count));
    return;
  }
  ok_sql_result_item(ctx, &it, NULL);
}

/* ok_unpack_col(key, i [, format]) */
static void ok_unpack_col_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  ok_sql_reader r;
  if (!ok_sql_key_in(ctx, argc, argv, 2, OK_SQL_UNSALT, &r, &p, &n)) return;
  unpack(ctx, &r, p, n, argv[1]);
  ok_sql_reader_end(ctx, &r, 2);
}

/* The hex of key[0..len) and of the r->base bytes of salt before it, with
** sep between the components when sep is not NULL. */
static void hex(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *key, size_t len,
                const char *sep, size_t seplen) {
  size_t n = r->base + len, o, err,
         parts = sep ? n + r->core->fields : 0; /* the salt, components, empty ones */
  char *out, stack[512];
  ok_walk w;
  int rc;
  if (!(out = ok_sql_scratch(ctx, stack, sizeof stack, 2 * n + seplen * parts))) return;
  o = ok_hex_encode(out, key - r->base, r->base); /* the salt */
  if (!sep) o += ok_hex_encode(out + o, key, len);
  if (sep) { /* component by component */
    ok_walk_start(&w, r->core, key, len);
    while ((rc = ok_skip(&w, &err)) == OK_OK) { /* checked, not read */
      if (o > 0) memcpy(out + o, sep, seplen), o += seplen;
      o += ok_hex_encode(out + o, key + w.at, w.off - w.at);
    }
    if (rc != OK_FEWER) {
      ok_sql_scratch_free(out, stack);
      malformed(ctx, r, key, len, rc, err);
      return;
    }
  }
  sqlite3_result_text64(ctx, out, o, SQLITE_TRANSIENT, SQLITE_UTF8);
  ok_sql_scratch_free(out, stack);
}

/* ok_hex(key [, separator [, format]]): with a separator, the components'
** hex joined by it (the key must then be well-formed); a salted key shows
** its salt as a part of its own. */
static void ok_hex_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *key;
  const char *sep;
  size_t len, seplen;
  ok_sql_reader r;
  int flags;
  if (argc == 1) { /* plain hex of any BLOB */
    memset(&r, 0, sizeof r);
    if (ok_sql_key_arg(ctx, argv, 0, &key, &len)) hex(ctx, &r, key, len, NULL, 0);
    return;
  }
  /* TEXT only: ok_hex(k, 1) means no separator "1" */
  if (!ok_sql_text_arg(ctx, argv[1], "the separator", &sep, &seplen)) return;
  if (argc == 2 && ok_sql_format_parse(sep, seplen, &flags)) {
    ok_sql_error(ctx, "'%q' names a format; the separator comes first: ok_hex(key, ' ', '%q')", sep,
                 sep); /* a format's name: short */
    return;
  }
  if (!ok_sql_key_in(ctx, argc, argv, 2, OK_SQL_UNSALT, &r, &key, &len)) return;
  hex(ctx, &r, key, len, sep, seplen);
  ok_sql_reader_end(ctx, &r, 2);
}

/* ok_count(key [, format]): the number of components (after the salt);
** errors on a malformed key. */
static void ok_count_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, count, err;
  ok_sql_reader r;
  int rc;
  if (!ok_sql_key_in(ctx, argc, argv, 1, OK_SQL_UNSALT, &r, &p, &n)) return;
  if ((rc = ok_count(r.core, p, n, &count, &err)) != OK_OK)
    malformed(ctx, &r, p, n, rc, err);
  else
    sqlite3_result_int64(ctx, (sqlite3_int64)count);
  ok_sql_reader_end(ctx, &r, 1);
}

/* 1 when argv[1..argc) are all names of formats whose keys are TEXT
** (charwise): a TEXT key is then read as its characters, not as hex. */
static int names_text_format(int argc, sqlite3_value **argv) {
  const ok_sql_format *f;
  const char *s;
  size_t n;
  int flags, i;
  for (i = 1; i < argc; i++)
    if (sqlite3_value_type(argv[i]) != SQLITE_TEXT ||
        ok_sql_value_text(argv[i], &s, &n) != SQLITE_OK ||
        !(f = ok_sql_format_parse(s, n, &flags)) || !f->text)
      return 0;
  return argc > 1;
}

/* ok_valid(key [, format]): 1 for a well-formed key (salted: with a salt
** that is the hash of its leading components), else 0; never an error for
** the key itself (NULL gives NULL). */
static void ok_valid_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, count, k;
  ok_sql_reader r;
  int t = sqlite3_value_type(argv[0]), valid, rc = SQLITE_OK;
  char *msg = NULL;
  if (t != SQLITE_NULL && t != SQLITE_BLOB &&
      !(t == SQLITE_TEXT && names_text_format(argc, argv))) {
    /* hex TEXT too: no key, in a CHECK or a range; but a charwise key is TEXT */
    sqlite3_result_int(ctx, 0);
    return;
  }
  if (!ok_sql_key_in(ctx, argc, argv, 1, OK_SQL_WITH_SALT, &r, &p, &n)) return;
  valid = ok_sql_parses(&r, p, n, &count, &k);
  if (valid && (rc = ok_sql_strict(&r, p, n, &msg)) != SQLITE_OK) { /* another format reads it */
    sqlite3_free(msg);
    valid = 0;
  }
  if (rc == SQLITE_NOMEM)
    ok_sql_report(ctx, rc, NULL);
  else
    sqlite3_result_int(ctx, valid);
  ok_sql_reader_end(ctx, &r, 1);
}

/* ok_formats(): every format, in the order of the table, each {"format":
** name, "pack": its builder}, with "param": its name where it takes one. */
static void every_format(ok_sql_out *o) {
  const ok_sql_format *const *f;
  for (f = ok_sql_formats; *f; f++) {
    ok_sql_putf(o, "%s{\"format\":\"%s\",\"pack\":\"%s\"", f == ok_sql_formats ? "" : ",",
                (*f)->core->name, (*f)->pack);
    if ((*f)->param) ok_sql_putf(o, ",\"param\":\"%s\"", (*f)->param->name);
    ok_sql_putc(o, '}');
  }
}

/* One entry of ok_formats(key): {"format": "salt+fdb", "components": 2}
** (with "salt_over": k, "prefix": "FE01"). */
static void put_entry(ok_sql_out *o, const ok_sql_reader *r, const uint8_t *prefix, size_t plen,
                      size_t count, size_t k) {
  ok_sql_putf(o, "%s{\"format\":\"%s%s", o->n > 1 ? "," : "", r->salted ? "salt+" : "",
              r->f->core->name);
  if (r->state) ok_sql_putc(o, ':'), r->f->param->describe(o, r->state); /* its parameter */
  ok_sql_putc(o, '"');
  if (plen) { /* at most 16 bytes */
    char hex[OK_HEX_BOUND(16)];
    ok_sql_putf(o, ",\"prefix\":\"%.*s\"", (int)ok_hex_encode(hex, prefix, plen), hex);
  }
  ok_sql_putf(o, ",\"components\":%lld", (long long)count);
  if (r->salted) ok_sql_putf(o, ",\"salt_over\":%lld", (long long)k);
  ok_sql_putc(o, '}');
}

/* The entries of r's format (without a parameter, unsalted, not loose:
** behind a prefix nearly any text is an ordered-binary key) behind raw
** prefixes of 1 to 16 bytes of p[0..n), each that leaves a component. */
static void prefixed(ok_sql_out *o, const ok_sql_reader *r, const uint8_t *p, size_t n) {
  size_t count, k, plen;
  if (r->f->param || r->salted || r->f->loose) return;
  for (plen = 1; plen <= 16 && plen < n; plen++) {
    if (ok_sql_parses(r, p + plen, n - plen, &count, &k) && count > 0)
      put_entry(o, r, p, plen, count, k);
  }
}

/* The formats named in argv[1..argc) that the key parses in; a format
** without a parameter that the whole key does not parse in is tried after
** raw prefixes (a subspace's, a directory's). 0 after setting an error. */
static int named_formats(sqlite3_context *ctx, ok_sql_out *o, int argc, sqlite3_value **argv,
                         const uint8_t *p, size_t n) {
  size_t count, k;
  ok_sql_reader r;
  char *msg;
  int i, rc;
  for (i = 1; i < argc; i++) {
    if ((rc = ok_sql_reader_named(argv[i], &r, &msg)) != SQLITE_OK) {
      char *why = msg;
      if (rc == SQLITE_ERROR) rc = ok_sql_fail(&msg, "argument %d: %s", i + 1, why);
      sqlite3_free(why);
      return ok_sql_report(ctx, rc, &msg);
    }
    if (ok_sql_parses(&r, p, n, &count, &k))
      put_entry(o, &r, NULL, 0, count, k);
    else
      prefixed(o, &r, p, n);
    ok_sql_reader_free(&r);
  }
  return 1;
}

/* ok_formats(): every format. ok_formats(key): a JSON array of the formats
** of the table the key parses in, unsalted first; a format that reads keys
** only with a parameter (Orderly's schema), or a loose one (ordered-binary,
** whose strings are any UTF-8), is not tried. ok_formats(key,
** format, ...): those formats, as named_formats tries them. */
static void ok_formats_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, count, k;
  const ok_sql_format *const *f;
  ok_sql_reader r;
  ok_sql_out o;
  int whole;
  if (argc >= 1 && sqlite3_value_type(argv[0]) == SQLITE_TEXT && names_text_format(argc, argv)) {
    if (!ok_sql_bytes(ctx, argv[0], &p, &n)) return;
  } else if (argc >= 1 && !ok_sql_key_arg(ctx, argv, 0, &p, &n)) {
    return;
  }
  ok_sql_out_init(&o, sqlite3_context_db_handle(ctx), 1);
  ok_sql_putc(&o, '[');
  if (argc == 0) every_format(&o);
  memset(&r, 0, sizeof r);
  for (r.salted = 0; r.salted <= 1 && argc == 1; r.salted++) {
    for (f = ok_sql_formats; *f; f++) {
      r.f = *f, r.core = (*f)->core;
      if (!(*f)->param && !(*f)->loose && ok_sql_parses(&r, p, n, &count, &k))
        put_entry(&o, &r, NULL, 0, count, k);
    }
  }
  /* a key no format reads whole: what it may be behind a prefix (a
  ** subspace's, a directory's) */
  whole = o.n > 1;
  for (f = ok_sql_formats; *f && argc == 1 && !whole; f++) {
    r.f = *f, r.core = (*f)->core, r.salted = 0;
    prefixed(&o, &r, p, n);
  }
  if (argc > 1 && !named_formats(ctx, &o, argc, argv, p, n)) {
    if (o.p != o.stack) sqlite3_free(o.p);
    return;
  }
  ok_sql_putc(&o, ']');
  ok_sql_out_result(ctx, &o);
  if (o.rc == SQLITE_OK) sqlite3_result_subtype(ctx, OK_SQL_JSON_SUBTYPE);
}

const ok_sql_function ok_sql_read_functions[] = {
    {"ok_unpack_col", 2, 3, OK_SQL_PURE | OK_SQL_READS, ok_unpack_col_fn, 0},
    {"ok_hex", 1, 3, OK_SQL_PURE | OK_SQL_READS, ok_hex_fn, 0},
    {"ok_count", 1, 2, OK_SQL_PURE | OK_SQL_READS, ok_count_fn, 0},
    {"ok_valid", 1, 2, OK_SQL_PURE | OK_SQL_READS, ok_valid_fn, 0},
    {"ok_formats", 0, -1, OK_SQL_PURE | OK_SQL_MAKES, ok_formats_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};
