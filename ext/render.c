/*
** render.c -- keys as readable text: ok_quote (SQL literals) and ok_json.
**
**   ok_quote(ok_pack(42, 'ab''c', NULL, x'00FF', ok_desc('z')))
**     -> (42, 'ab''c', NULL, X'00FF', ok_desc('z'))
**   ok_json(...) -> [42,"ab'c",null,{"blob":"00FF"},{"desc":"z"}]
**
** Everything reads back exactly: 'SELECT ok_pack' || ok_quote(k) is SQL that
** gives k again. REALs appear in their shortest exact decimal form (9e999
** and -9e999 for the infinities), or, in the rare case the SQLite at hand
** would misread that decimal, as an exact expression like
** (4903990853453352.0 / 4611686018427387904 / ...); TEXT that is not
** printable UTF-8 as CAST(X'..' AS TEXT). JSON shows the shortest decimal
** (any correctly rounding JSON parser reads it back) and {"text_hex": ".."}.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static int is_utf8(const uint8_t *p, size_t n) { return ok_utf8_check(p, n) == n; }

/* Escapers: the form of p[0..n) written to out (unless NULL), its length
** returned. Values are escaped into a buffer and appended at once, since
** SQLite's string builder grows one append at a time near its limit. */
typedef size_t (*escaper)(char *out, const uint8_t *p, size_t n);

static size_t esc_hex(char *out, const uint8_t *p, size_t n) {
  return out ? ok_hex_encode(out, p, n) : 2 * n;
}

/* 'text' with quotes doubled (printable UTF-8 only). */
static size_t esc_sql(char *out, const uint8_t *p, size_t n) {
  size_t i, o = 0;
  for (i = 0; i < n; i++) {
    if (p[i] == '\'' && out) out[o] = '\'';
    o += p[i] == '\'';
    if (out) out[o] = (char)p[i];
    o++;
  }
  return o;
}

/* A JSON string's inside (valid UTF-8 only). */
static size_t esc_json(char *out, const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789abcdef";
  size_t i, o = 0, k;
  char tmp[6] = {'\\', 'u', '0', '0', 0, 0};
  for (i = 0; i < n; i++, o += k) {
    uint8_t c = p[i];
    k = 2;
    if (c == '"' || c == '\\')
      tmp[1] = (char)c;
    else if (c == '\n' || c == '\t')
      tmp[1] = c == '\n' ? 'n' : 't';
    else if (c < 0x20 || c == 0x7F)
      tmp[1] = 'u', tmp[4] = digits[c >> 4], tmp[5] = digits[c & 15], k = 6;
    else
      k = 1;
    if (out && k == 1)
      out[o] = (char)c;
    else if (out)
      memcpy(out + o, tmp, k);
  }
  return o;
}

/* Appends f's form of p[0..n) between head and tail; SQLITE_TOOBIG when it
** would pass SQLite's length limit, which is checked before any work. */
static int append(ok_sql_out *o, const char *head, escaper f, const uint8_t *p, size_t n,
                  const char *tail) {
  size_t len = f(NULL, p, n);
  char stack[512], *buf = stack;
  if (len + strlen(head) + strlen(tail) + (size_t)sqlite3_str_length(o->s) >
      (size_t)sqlite3_limit(o->db, SQLITE_LIMIT_LENGTH, -1))
    return SQLITE_TOOBIG;
  if (len > sizeof stack && !(buf = sqlite3_malloc64(len))) return SQLITE_NOMEM;
  f(buf, p, len ? n : 0);
  sqlite3_str_appendall(o->s, head);
  sqlite3_str_append(o->s, buf, (int)len);
  sqlite3_str_appendall(o->s, tail);
  if (buf != stack) sqlite3_free(buf);
  return SQLITE_OK;
}

/* TEXT as SQL or JSON: readable when it can be, else its bytes in hex. */
static int append_text(ok_sql_out *o, const uint8_t *p, size_t n) {
  size_t i;
  int printable = is_utf8(p, n);
  if (o->json)
    return printable ? append(o, "\"", esc_json, p, n, "\"")
                     : append(o, "{\"text_hex\":\"", esc_hex, p, n, "\"}");
  for (i = 0; printable && i < n; i++) printable = p[i] >= 0x20 && p[i] != 0x7F;
  return printable ? append(o, "'", esc_sql, p, n, "'")
                   : append(o, "CAST(X'", esc_hex, p, n, "' AS TEXT)");
}

/* 1 when SQLite reads the decimal text t (as ok_double_repr writes it)
** exactly, whatever its version: as D * 10^x with D its significant digits,
** when x >= 0 and D * 10^x < 10^18 (SQLite turns it into an int64, and
** that into a double, one rounding), or when -4 <= x < 0 (SQLite divides
** D by 10^-x in long double: as D < 2^64 and 5^4 < 2^11, the quotient is
** never within 2^-64 of a midpoint between doubles unless on it, so the
** second rounding cannot err). Correctly rounding readers are exact anyway. */
static int sqlite_reads_exactly(const char *t) {
  int len = 0, whole = -1, first = -1, last = -1, x = 0;
  for (; *t && *t != 'e'; t++) {
    if (*t == '.') whole = len;
    if (*t < '0' || *t > '9') continue;
    if (*t != '0') last = len, first = first < 0 ? len : first;
    len++;
  }
  if (first < 0) return 1; /* zero */
  if (whole < 0) whole = len;
  if (*t == 'e') x = atoi(t + 1);
  x += whole - last - 1; /* the exponent of the last significant digit */
  return last - first < 17 && (x >= 0 ? last - first + 1 + x <= 18 : x >= -4);
}

/* SQLite's own reading of decimal text is not always correctly rounded
** (3.40 misreads about one double in 5,000, most near the subnormals), so
** an SQL rendering is checked against the SQLite at hand: *st is a lazily
** prepared "SELECT CAST(?1 AS REAL)". */
static int sqlite_reads_back(sqlite3 *db, sqlite3_stmt **st, const char *text, double d) {
  int ok;
  if (!*st && sqlite3_prepare_v2(db, "SELECT CAST(?1 AS REAL)", -1, st, NULL) != SQLITE_OK) {
    return 1; /* cannot tell: keep the decimal */
  }
  sqlite3_bind_text(*st, 1, text, -1, SQLITE_STATIC);
  ok = sqlite3_step(*st) == SQLITE_ROW && sqlite3_column_double(*st, 0) == d;
  sqlite3_reset(*st);
  return ok;
}

/* d as an expression SQLite evaluates exactly, without decimal fractions:
** its integer significand m (|m| < 2^53) divided or multiplied by 2^62 as
** often as needed (each step is exact, as the result is a double). */
static void append_exact_real(sqlite3_str *s, double d) {
  int e;
  double m = ldexp(frexp(d, &e), 53);
  e -= 53;
  while (m != 0 && fmod(m, 2) == 0) m /= 2, e++;
  sqlite3_str_appendf(s, "(%lld.0", (long long)m);
  for (; e < 0; e += e < -62 ? 62 : -e)
    sqlite3_str_appendf(s, " / %lld", 1LL << (e < -62 ? 62 : -e));
  for (; e > 0; e -= e > 62 ? 62 : e) sqlite3_str_appendf(s, " * %lld", 1LL << (e > 62 ? 62 : e));
  sqlite3_str_appendchar(s, 1, ')');
}

int ok_sql_put_hex_literal(ok_sql_out *o, const uint8_t *p, size_t n) {
  return append(o, o->json ? "\"" : "X'", esc_hex, p, n, o->json ? "\"" : "'");
}

void ok_sql_open_call(ok_sql_out *o, const char *fn, const char *key) {
  if (o->json)
    sqlite3_str_appendf(o->s, "{\"%s\":", key);
  else
    sqlite3_str_appendf(o->s, "%s(", fn);
}

void ok_sql_close_call(ok_sql_out *o) { sqlite3_str_appendchar(o->s, 1, o->json ? '}' : ')'); }

int ok_sql_put_raw(ok_sql_out *o, const char *fn, const char *key, const uint8_t *raw, size_t n) {
  int rc;
  ok_sql_open_call(o, fn, key);
  rc = ok_sql_put_hex_literal(o, raw, n);
  ok_sql_close_call(o);
  return rc;
}

void ok_sql_put_real(ok_sql_out *o, double d) {
  char num[OK_REPR_MAX];
  ok_double_repr(num, d);
  if (num[0] == 'I' || num[1] == 'I') {
    if (o->json)
      sqlite3_str_appendf(o->s, "{\"real\":\"%s\"}", num);
    else
      sqlite3_str_appendall(o->s, num[0] == '-' ? "-9e999" : "9e999");
  } else if (o->json || sqlite_reads_exactly(num) || sqlite_reads_back(o->db, &o->st, num, d)) {
    sqlite3_str_appendall(o->s, num);
  } else {
    append_exact_real(o->s, d);
  }
}

int ok_sql_put_value(ok_sql_out *o, const ok_item *it) {
  uint8_t stack[256], *buf = stack;
  int rc;
  switch (it->type) {
    case OK_NULL: sqlite3_str_appendall(o->s, o->json ? "null" : "NULL"); return SQLITE_OK;
    case OK_INT: sqlite3_str_appendf(o->s, "%lld", (long long)it->i); return SQLITE_OK;
    case OK_REAL: ok_sql_put_real(o, it->d); return SQLITE_OK;
    case OK_TEXT:
    case OK_BLOB: break;
  }
  /* a short key can hold a long value (ok_natural's zero runs): stop at
  ** SQLite's length limit before building it */
  if (it->value_len + (size_t)sqlite3_str_length(o->s) >
      (size_t)sqlite3_limit(o->db, SQLITE_LIMIT_LENGTH, -1))
    return SQLITE_TOOBIG;
  if (it->value_len > sizeof stack && !(buf = sqlite3_malloc64(it->value_len))) {
    return SQLITE_NOMEM;
  }
  ok_unescape(buf, it);
  if (it->type == OK_TEXT)
    rc = append_text(o, buf, it->value_len);
  else
    rc = append(o, o->json ? "{\"blob\":\"" : "X'", esc_hex, buf, it->value_len,
                o->json ? "\"}" : "'");
  if (buf != stack) sqlite3_free(buf);
  return rc;
}

int ok_sql_item_is_utf8(const ok_item *it) {
  uint8_t stack[256], *buf = stack;
  int ok;
  if (it->direct) return is_utf8(it->body, it->value_len);
  if (it->value_len > sizeof stack && !(buf = sqlite3_malloc64(it->value_len))) return -1;
  ok_unescape(buf, it);
  ok = is_utf8(buf, it->value_len);
  if (buf != stack) sqlite3_free(buf);
  return ok;
}

/* The native format: collated text and descending components wrapped in
** the calls that make them. */
const char *ok_sql_native_kind(const ok_item *it) {
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

int ok_sql_render_native(ok_sql_out *o, const ok_item *it, const uint8_t *raw) {
  int rc;
  const char *coll = NULL;
  (void)raw;
  if (it->type == OK_TEXT && it->tag != OK_TAG_TEXT) coll = ok_sql_collation_name(it->tag);
  if (it->desc) sqlite3_str_appendall(o->s, o->json ? "{\"desc\":" : "ok_desc(");
  if (coll) {
    if (o->json)
      sqlite3_str_appendf(o->s, "{\"collate\":\"%s\",\"text\":", coll);
    else
      sqlite3_str_appendall(o->s, "ok_collate(");
  }
  rc = ok_sql_put_value(o, it);
  if (coll) {
    if (o->json)
      sqlite3_str_appendchar(o->s, 1, '}');
    else
      sqlite3_str_appendf(o->s, ", '%s')", coll);
  }
  if (it->desc) sqlite3_str_appendchar(o->s, 1, o->json ? '}' : ')');
  return rc;
}

/* The components of key[0..n) in format f, between brackets; *at the
** offset of a malformed component. */
static int render_items(ok_sql_out *o, const ok_sql_format *f, const uint8_t *p, size_t n,
                        int *status, size_t *at) {
  size_t off = 0, err, count;
  int rc = SQLITE_OK;
  /* the whole key first: no rendering (megabytes, for a short key with
  ** long values) of a key that turns out malformed */
  if ((*status = ok_count(f->core, p, n, &count, at)) != OK_OK) return SQLITE_ERROR;
  sqlite3_str_appendchar(o->s, 1, o->json ? '[' : '(');
  while (off < n && rc == SQLITE_OK) {
    ok_item it;
    if ((*status = f->core->decode(p + off, n - off, &it, &err)) != OK_OK) {
      *at = off + err;
      return SQLITE_ERROR;
    }
    if (off > 0) sqlite3_str_appendall(o->s, o->json ? "," : ", ");
    rc = f->render(o, &it, p + off);
    off += it.len;
  }
  sqlite3_str_appendchar(o->s, 1, o->json ? ']' : ')');
  return rc;
}

/* ok_quote(key [, format]) and ok_json(key [, format]) (arg 1). A salted
** key shows as ok_salt(<builder>(...), k [, 'format']) in SQL and as
** {"salt": "..", "salt_over": k, "key": [...]} in JSON. */
void ok_render_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p, *key;
  size_t n, len, k = 0, at = 0;
  ok_sql_reader r;
  ok_sql_out o;
  char *out, salt[2 * OK_SALT_LEN];
  int rc, status = OK_OK, json = ok_sql_fn_arg(ctx);
  if (!ok_sql_key_in(ctx, argc, argv, 1, 1, &r, &p, &n)) return;
  key = p, len = n;
  if (r.salted && !ok_sql_unsalt(ctx, &r, p, n, &key, &len, &k)) return;
  o.db = sqlite3_context_db_handle(ctx);
  o.s = sqlite3_str_new(o.db);
  o.json = json;
  o.st = NULL;
  if (r.salted) {
    ok_hex_encode(salt, p, OK_SALT_LEN);
    if (json)
      sqlite3_str_appendf(o.s, "{\"salt\":\"%.8s\",\"salt_over\":%lld,\"key\":", salt,
                          (long long)k);
    else
      sqlite3_str_appendf(o.s, "ok_salt(%s", r.f->pack);
  }
  rc = render_items(&o, r.f, key, len, &status, &at);
  if (r.salted && json) sqlite3_str_appendchar(o.s, 1, '}');
  if (r.salted && !json) {
    sqlite3_str_appendf(o.s, ", %lld", (long long)k);
    if (r.f != ok_sql_formats) sqlite3_str_appendf(o.s, ", '%s'", r.f->core->name);
    sqlite3_str_appendchar(o.s, 1, ')');
  }
  sqlite3_finalize(o.st);
  if (rc == SQLITE_OK) rc = sqlite3_str_errcode(o.s);
  out = sqlite3_str_finish(o.s);
  if (rc == SQLITE_OK && out) {
    sqlite3_result_text(ctx, out, -1, sqlite3_free);
    if (json) sqlite3_result_subtype(ctx, 'J'); /* JSON to SQLite's json functions */
    return;
  }
  sqlite3_free(out);
  if (rc == SQLITE_ERROR)
    ok_sql_malformed(ctx, status, at + (size_t)(key - p));
  else if (rc == SQLITE_TOOBIG)
    sqlite3_result_error_toobig(ctx);
  else
    sqlite3_result_error_nomem(ctx);
}
