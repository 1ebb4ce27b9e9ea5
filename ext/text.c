/*
** text.c -- text output for the renderings: a buffer that grows from the
** stack, and values as SQL literals or JSON.
**
** REALs appear in their shortest exact decimal form (9e999 and -9e999 for
** the infinities), or, in the rare case the SQLite at hand would misread
** that decimal, as an exact expression like
** (4903990853453352.0 / 4611686018427387904 / ...); TEXT that is not
** printable UTF-8 as CAST(X'..' AS TEXT). JSON shows the shortest decimal
** (any correctly rounding JSON parser reads it back) and {"text_hex": ".."}.
*/
#include "text.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int is_utf8(const uint8_t *p, size_t n) { return ok_utf8_check(p, n) == n; }

void ok_sql_out_init(ok_sql_out *o, sqlite3 *db, int json) {
  o->p = o->stack;
  o->n = 0;
  o->cap = sizeof o->stack;
  o->limit = (size_t)sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  o->rc = SQLITE_OK;
  o->json = json;
  o->db = db;
  o->st = NULL;
  o->enc = 0;
}

/* Room for n more bytes at o->p + o->n (the caller adds n to o->n), or
** NULL with o->rc set. */
static char *room(ok_sql_out *o, size_t n) {
  if (o->rc != SQLITE_OK) return NULL;
  if (n > o->limit || o->n > o->limit - n) {
    o->rc = SQLITE_TOOBIG;
    return NULL;
  }
  if (o->n + n > o->cap) {
    size_t cap = 2 * o->cap > o->n + n ? 2 * o->cap : o->n + n;
    char *q = o->p == o->stack ? sqlite3_malloc64(cap) : sqlite3_realloc64(o->p, cap);
    if (!q) {
      o->rc = SQLITE_NOMEM;
      return NULL;
    }
    if (o->p == o->stack) memcpy(q, o->stack, o->n);
    o->p = q;
    o->cap = cap;
  }
  return o->p + o->n;
}

static void put(ok_sql_out *o, const char *p, size_t n) {
  char *at = room(o, n);
  if (at) memcpy(at, p, n), o->n += n;
}

void ok_sql_puts(ok_sql_out *o, const char *s) { put(o, s, strlen(s)); }

void ok_sql_putc(ok_sql_out *o, char c) { put(o, &c, 1); }

void ok_sql_putf(ok_sql_out *o, const char *fmt, ...) {
  char buf[200];
  va_list ap;
  va_start(ap, fmt);
  sqlite3_vsnprintf((int)sizeof buf, buf, fmt, ap);
  va_end(ap);
  ok_sql_puts(o, buf);
}

void ok_sql_out_result(sqlite3_context *ctx, ok_sql_out *o) {
  if (o->rc == SQLITE_OK && o->p != o->stack) {
    sqlite3_result_text64(ctx, o->p, o->n, sqlite3_free, SQLITE_UTF8); /* SQLite owns it */
    return;
  }
  if (o->rc == SQLITE_OK)
    sqlite3_result_text64(ctx, o->p, o->n, SQLITE_TRANSIENT, SQLITE_UTF8);
  else if (o->rc == SQLITE_TOOBIG)
    ok_sql_error_toobig(ctx, NULL);
  else if (o->rc == SQLITE_RANGE)
    ok_sql_error(ctx,
                 "the key nests arrays or tuples more than %d deep, past what SQLite's parser "
                 "reads back as calls (ok_json shows it)",
                 OK_SQL_QUOTE_DEPTH);
  else if (o->rc == SQLITE_MISMATCH)
    ok_sql_error(ctx,
                 "the key holds TEXT that is not valid UTF-8, which a UTF-16 database cannot "
                 "hold: no SQL here makes it (ok_json and ok_hex show its bytes)");
  else
    sqlite3_result_error_nomem(ctx);
  if (o->p != o->stack) sqlite3_free(o->p);
}

/* Escapers: the form of p[0..n) written to out (unless NULL), its length
** returned: sized first, so that the length limit is checked before any
** work, then written straight into the output. */
typedef size_t (*escaper)(char *out, const uint8_t *p, size_t n);

static size_t esc_hex(char *out, const uint8_t *p, size_t n) {
  return out ? ok_hex_encode(out, p, n) : 2 * n;
}

/* 'text' with quotes doubled (printable UTF-8 only): the runs to each
** quote copied whole, not a byte at a time. */
static size_t esc_sql(char *out, const uint8_t *p, size_t n) {
  const uint8_t *end = p + n, *q;
  size_t o = 0, k;
  while ((q = memchr(p, '\'', (size_t)(end - p))) != NULL) {
    k = (size_t)(q - p) + 1; /* the run and its quote, which is doubled */
    if (out) memcpy(out + o, p, k), out[o + k] = '\'';
    o += k + 1, p = q + 1;
  }
  if (out) memcpy(out + o, p, (size_t)(end - p));
  return o + (size_t)(end - p);
}

/* The bytes a JSON string escapes: the controls, '"', '\\' and 7F (UTF-8's
** others are written as they are). */
#define ESC4(c) [c] = 1, [c + 1] = 1, [c + 2] = 1, [c + 3] = 1
static const unsigned char json_escaped[256] = {
    ESC4(0x00), ESC4(0x04), ESC4(0x08), ESC4(0x0C), ESC4(0x10), ESC4(0x14),
    ESC4(0x18), ESC4(0x1C), ['"'] = 1,  ['\\'] = 1, [0x7F] = 1};

/* A JSON string's inside (valid UTF-8 only). */
static size_t esc_json(char *out, const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789abcdef";
  size_t i = 0, o, k;
  char tmp[6] = {'\\', 'u', '0', '0', 0, 0};
  /* the run that needs no escape, most text's whole: copied at once */
  while (i < n && !json_escaped[p[i]]) i++;
  if (out) memcpy(out, p, i);
  for (o = i; i < n; i++, o += k) {
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
  char *at;
  ok_sql_puts(o, head);
  if ((at = room(o, len)) != NULL) f(at, p, len ? n : 0), o->n += len;
  ok_sql_puts(o, tail);
  return o->rc;
}

/* Valid UTF-8 p[0..n) as the hex of its UTF-16 code units, little-endian
** (esc_hex16le) or big-endian (esc_hex16be). */
static size_t hex16(char *out, const uint8_t *p, size_t n, int le) {
  static const char digits[] = "0123456789ABCDEF";
  size_t i = 0, o = 0;
  while (i < n) {
    size_t l;
    unsigned c = ok_utf8_decode(p + i, &l), units[2], k, u;
    i += l;
    k = 1, units[0] = c;
    if (c >= 0x10000)
      k = 2, units[0] = 0xD800 | (c - 0x10000) >> 10, units[1] = 0xDC00 | (c & 0x3FF);
    for (u = 0; u < k; u++, o += 4) {
      unsigned a = le ? units[u] & 0xFF : units[u] >> 8, b = le ? units[u] >> 8 : units[u] & 0xFF;
      if (!out) continue;
      out[o] = digits[a >> 4], out[o + 1] = digits[a & 15];
      out[o + 2] = digits[b >> 4], out[o + 3] = digits[b & 15];
    }
  }
  return o;
}
static size_t esc_hex16le(char *out, const uint8_t *p, size_t n) { return hex16(out, p, n, 1); }
static size_t esc_hex16be(char *out, const uint8_t *p, size_t n) { return hex16(out, p, n, 0); }

/* The database's text encoding, asked once a rendering; 0 with o->rc set
** when SQLite cannot say (out of memory). */
static int db_encoding(ok_sql_out *o) {
  sqlite3_stmt *st = NULL;
  const char *e = NULL;
  if (o->enc) return o->enc;
  if (sqlite3_prepare_v2(o->db, "PRAGMA encoding", -1, &st, NULL) == SQLITE_OK &&
      sqlite3_step(st) == SQLITE_ROW)
    e = (const char *)sqlite3_column_text(st, 0);
  o->enc = !e                           ? 0
           : strcmp(e, "UTF-16le") == 0 ? SQLITE_UTF16LE
           : strcmp(e, "UTF-16be") == 0 ? SQLITE_UTF16BE
                                        : SQLITE_UTF8;
  sqlite3_finalize(st);
  if (!o->enc && o->rc == SQLITE_OK) o->rc = SQLITE_NOMEM;
  return o->enc;
}

/* TEXT as SQL or JSON: readable when it can be, else its bytes in hex: in
** the database's encoding, which CAST(X'..' AS TEXT) reads them in. */
static int append_text(ok_sql_out *o, const uint8_t *p, size_t n) {
  size_t i;
  int utf8 = is_utf8(p, n), printable = utf8, enc;
  if (o->json)
    return printable ? append(o, "\"", esc_json, p, n, "\"")
                     : append(o, "{\"text_hex\":\"", esc_hex, p, n, "\"}");
  for (i = 0; printable && i < n; i++) printable = p[i] >= 0x20 && p[i] != 0x7F;
  if (printable) return append(o, "'", esc_sql, p, n, "'");
  if (!(enc = db_encoding(o))) return o->rc;
  if (enc == SQLITE_UTF8) return append(o, "CAST(X'", esc_hex, p, n, "' AS TEXT)");
  if (!utf8) return o->rc = o->rc == SQLITE_OK ? SQLITE_MISMATCH : o->rc;
  return append(o, "CAST(X'", enc == SQLITE_UTF16LE ? esc_hex16le : esc_hex16be, p, n,
                "' AS TEXT)");
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

/* 1 when the SQLite at hand reads every decimal of at most 19 significant
** digits correctly rounded: from 3.54 on, its sqlite3AtoF hands the digits,
** as one 64-bit integer, and the power of ten to an exact conversion (Russ
** Cox's; before, it used long double or double-double arithmetic, which can
** round twice). 3.54 is the first version checked here (test/oracle.c's
** random doubles against the newest SQLite in make test); earlier releases
** that may share the algorithm keep the check below. */
static int sqlite_rounds_correctly(void) { return sqlite3_libversion_number() >= 3054000; }

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
static void append_exact_real(ok_sql_out *o, double d) {
  int e;
  double m = ldexp(frexp(d, &e), 53);
  e -= 53;
  while (m != 0 && fmod(m, 2) == 0) m /= 2, e++;
  ok_sql_putf(o, "(%lld.0", (long long)m);
  for (; e < 0; e += e < -62 ? 62 : -e) ok_sql_putf(o, " / %lld", 1LL << (e < -62 ? 62 : -e));
  for (; e > 0; e -= e > 62 ? 62 : e) ok_sql_putf(o, " * %lld", 1LL << (e > 62 ? 62 : e));
  ok_sql_putc(o, ')');
}

int ok_sql_put_hex_literal(ok_sql_out *o, const uint8_t *p, size_t n) {
  return append(o, o->json ? "\"" : "X'", esc_hex, p, n, o->json ? "\"" : "'");
}

void ok_sql_open_call(ok_sql_out *o, const char *fn, const char *key) {
  if (o->json)
    ok_sql_putf(o, "{\"%s\":", key);
  else
    ok_sql_putf(o, "%s(", fn);
}

void ok_sql_close_call(ok_sql_out *o) { ok_sql_putc(o, o->json ? '}' : ')'); }

int ok_sql_put_js_value(ok_sql_out *o, const ok_item *it, int date, const char *date_fn) {
  int rc;
  if (!date) return ok_sql_put_value(o, it);
  ok_sql_open_call(o, date_fn, "date");
  rc = ok_sql_put_value(o, it);
  ok_sql_close_call(o);
  return rc;
}

int ok_sql_put_raw(ok_sql_out *o, const char *fn, const char *key, const uint8_t *raw, size_t n) {
  int rc;
  ok_sql_open_call(o, fn, key);
  rc = ok_sql_put_hex_literal(o, raw, n);
  ok_sql_close_call(o);
  return rc;
}

void ok_sql_put_real(ok_sql_out *o, double d) {
  char num[OK_REPR_MAX];
  int len = (int)ok_double_repr(num, d);
  if (num[0] == 'I' || num[1] == 'I') {
    if (o->json)
      ok_sql_putf(o, "{\"real\":\"%s\"}", num);
    else
      ok_sql_puts(o, num[0] == '-' ? "-9e999" : "9e999");
  } else if (o->json || sqlite_reads_exactly(num) || sqlite_rounds_correctly() ||
             sqlite_reads_back(o->db, &o->st, num, d)) {
    put(o, num, (size_t)len);
  } else {
    append_exact_real(o, d);
  }
}

int ok_sql_put_value(ok_sql_out *o, const ok_item *it) {
  uint8_t stack[256], *buf = stack;
  char num[OK_INT_REPR_MAX]; /* an INTEGER's digits: no printf for the commonest value */
  int rc;
  switch (it->type) {
    case OK_NULL: ok_sql_puts(o, o->json ? "null" : "NULL"); return SQLITE_OK;
    case OK_INT: put(o, num, ok_int_repr(num, it->i)); return SQLITE_OK;
    case OK_REAL: ok_sql_put_real(o, it->d); return SQLITE_OK;
    case OK_TEXT:
    case OK_BLOB: break;
  }
  /* a short key can hold a long value (ok_natural's zero runs): stop at
  ** SQLite's length limit before building it */
  if (it->value_len > o->limit || o->n > o->limit - it->value_len) return o->rc = SQLITE_TOOBIG;
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
