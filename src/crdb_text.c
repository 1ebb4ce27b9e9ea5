/*
** crdb_text.c -- CockroachDB's keys as CockroachDB prints them: its
** pretty printer's "/Table/53/1/42/\"abc\"", with Go's quoting of strings
** (strconv.Quote) and of floats (strconv.FormatFloat 'g', shortest).
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "ok_crdb.h"

typedef struct {
  char *out; /* NULL: only counts */
  size_t len;
} text;

static void put(text *t, const char *s, size_t n) {
  if (t->out) memcpy(t->out + t->len, s, n);
  t->len += n;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

static void putf_ll(text *t, const char *fmt, long long v) {
  char buf[32];
  put(t, buf, (size_t)snprintf(buf, sizeof buf, fmt, v));
}

/* Go's unicode.IsPrint for a valid code point, short of Unicode's tables:
** ASCII graphics and the space; above ASCII every code point but the C1
** controls, the other spaces, the format characters, private use and
** noncharacters (Go also escapes unassigned code points,
** which this shows as they are). docs/crdb.md says so. */
static int go_print(unsigned c) {
  static const unsigned no[][2] = {
      /* ranges Go's IsPrint refuses above ASCII */
      {0x80, 0xA0},       {0xAD, 0xAD},       {0x600, 0x605},     {0x61C, 0x61C},
      {0x6DD, 0x6DD},     {0x70F, 0x70F},     {0x8E2, 0x8E2},     {0x1680, 0x1680},
      {0x180E, 0x180E},   {0x2000, 0x200F},   {0x2028, 0x202F},   {0x205F, 0x206F},
      {0x3000, 0x3000},   {0xD800, 0xF8FF},   {0xFDD0, 0xFDEF},   {0xFEFF, 0xFEFF},
      {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F},
      {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE0001}, {0xE0020, 0xE007F},
      {0xF0000, 0x10FFFF}};
  size_t i;
  if (c < 0x80) return c >= 0x20 && c < 0x7F;
  if ((c & 0xFFFE) == 0xFFFE) return 0; /* noncharacters */
  for (i = 0; i < sizeof no / sizeof no[0]; i++)
    if (c >= no[i][0] && c <= no[i][1]) return 0;
  return 1;
}

/* s[0..n) in double quotes as Go's strconv.Quote writes it, and as
** CockroachDB prints it: '?' for its redaction markers U+2039 and U+203A
** (which its printer escapes so, the text being no more than a display). */
static void quote(text *t, const uint8_t *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  size_t i = 0;
  put(t, "\"", 1);
  while (i < n) {
    uint8_t b = s[i];
    size_t l = 1;
    unsigned c;
    char buf[12];
    if (b >= 0x80) { /* the length of a valid sequence here, else 0 */
      size_t want = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0;
      l = want && want <= n - i && ok_utf8_check(s + i, want) == want ? want : 0;
    }
    if (l == 0) { /* a byte of no valid sequence */
      buf[0] = '\\', buf[1] = 'x', buf[2] = hex[b >> 4], buf[3] = hex[b & 15];
      put(t, buf, 4);
      i++;
      continue;
    }
    c = ok_utf8_decode(s + i, &l);
    if (c == 0x2039 || c == 0x203A) {
      put(t, "?", 1);
    } else if (c == '"' || c == '\\') {
      buf[0] = '\\', buf[1] = (char)c;
      put(t, buf, 2);
    } else if (go_print(c)) {
      put(t, (const char *)s + i, l);
    } else if (c >= '\a' && c <= '\r') { /* \a \b \t \n \v \f \r: 7 to 13 */
      static const char esc[] = "abtnvfr";
      buf[0] = '\\', buf[1] = esc[c - 7];
      put(t, buf, 2);
    } else if (c < 0x20 || c == 0x7F) {
      buf[0] = '\\', buf[1] = 'x', buf[2] = hex[c >> 4], buf[3] = hex[c & 15];
      put(t, buf, 4);
    } else {
      put(t, buf, (size_t)snprintf(buf, sizeof buf, c < 0x10000 ? "\\u%04x" : "\\U%08x", c));
    }
    i += l;
  }
  put(t, "\"", 1);
}

/* d as Go's strconv.FormatFloat(d, 'g', -1, 64). */
static void go_float(text *t, double d) {
  char digits[24], buf[40];
  int point, exp, len = 0, k;
  size_t n;
  if (d != d) return puts_(t, "NaN");
  if (d - d != 0) return puts_(t, d > 0 ? "+Inf" : "-Inf");
  if (d == 0) return puts_(t, "0");
  n = ok_double_digits(digits, &point, d, 0);
  if (d < 0) buf[len++] = '-';
  exp = point - 1;
  if (exp < -4 || exp >= 6) { /* %e: d.ddde+XX */
    buf[len++] = digits[0];
    if (n > 1) {
      buf[len++] = '.';
      memcpy(buf + len, digits + 1, n - 1);
      len += (int)n - 1;
    }
    len += snprintf(buf + len, sizeof buf - (size_t)len, "e%c%02d", exp < 0 ? '-' : '+',
                    exp < 0 ? -exp : exp);
  } else if (point <= 0) { /* 0.000ddd */
    buf[len++] = '0', buf[len++] = '.';
    for (k = point; k < 0; k++) buf[len++] = '0';
    memcpy(buf + len, digits, n);
    len += (int)n;
  } else {
    for (k = 0; k < (int)n || k < point; k++) {
      if (k == point) buf[len++] = '.';
      buf[len++] = k < (int)n ? digits[k] : '0';
    }
  }
  put(t, buf, (size_t)len);
}

/* One item's text. */
static void item(text *t, const ok_item *it, uint8_t *scratch) {
  switch (it->tag) {
    case OK_CRDB_NULL:
    case OK_CRDB_NULL_DESC: return puts_(t, "NULL");
    case OK_CRDB_NOT_NULL: return puts_(t, "!NULL");
    case OK_CRDB_NOT_NULL_DESC:
      return puts_(t, "#"); /* an interleaved sentinel, without a direction */
    case OK_CRDB_INT_MIN: return putf_ll(t, "%lld", (long long)it->i);
    case OK_CRDB_FLOAT_ZERO:
    case OK_CRDB_FLOAT_NEG:
    case OK_CRDB_FLOAT_POS: return go_float(t, it->d);
    case OK_CRDB_FLOAT_NAN:
    case OK_CRDB_FLOAT_NAN_DESC: return puts_(t, "NaN");
    case OK_CRDB_BYTES:
    case OK_CRDB_BYTES_DESC:
      if (!t->out) { /* room: at most 4 characters a byte (\\xff), and the value's copy */
        t->len += 2 + 5 * it->value_len;
        return;
      }
      ok_unescape(scratch, it);
      return quote(t, scratch, it->value_len);
  }
  if (t->out)
    ok_unescape((uint8_t *)t->out + t->len, it); /* times, intervals, decimals: their text */
  t->len += it->value_len;
}

const char *ok_crdb_system_key(const uint8_t *key, size_t n) {
  static const char *const names[] = {"/Local", "/Meta1", "/Meta2", "/System"};
  return n > 0 && key[0] >= 0x01 && key[0] <= 0x04 ? names[key[0] - 1] : NULL;
}

int ok_crdb_pretty(char *out, size_t *len, const uint8_t *key, size_t n, int table,
                   size_t *err_at) {
  text t;
  ok_walk w;
  ok_item it;
  int rc;
  const char *system = table ? ok_crdb_system_key(key, n) : NULL;
  t.out = out, t.len = 0;
  if (system && (key[0] == 0x01 || key[0] == 0x04)) return *err_at = 0, OK_E_TAG;
  if (system) { /* a meta key: the name, then the key it bounds */
    size_t rest;
    puts_(&t, system);
    if (n == 3 && key[1] == 0xFF && key[2] == 0xFF) {
      puts_(&t, "/Max");
    } else if (n > 1) {
      if ((rc = ok_crdb_pretty(out ? out + t.len : NULL, &rest, key + 1, n - 1, 1, err_at)) !=
          OK_OK)
        return *err_at += 1, rc;
      t.len += rest;
    }
    *len = t.len;
    return OK_OK;
  }
  ok_walk_start(&w, &ok_format_crdb, key, n);
  if (table && n > 1 && key[0] == OK_CRDB_NOT_NULL_DESC && key[1] >= 0x88 &&
      key[1] <= OK_CRDB_INT_MAX) { /* a tenant's prefix: 0xFE, then its id */
    ok_next(&w, &it, err_at);
    if ((rc = ok_next(&w, &it, err_at)) != OK_OK) return rc;
    putf_ll(&t, "/Tenant/%lld", (long long)it.i);
  }
  table = table && w.off < n && key[w.off] >= 0x88 && key[w.off] <= OK_CRDB_INT_MAX;
  while ((rc = ok_next(&w, &it, err_at)) == OK_OK) {
    puts_(&t, table ? "/Table/" : "/");
    table = 0;
    item(&t, &it, out ? (uint8_t *)out + t.len + 4 * it.value_len + 2 : NULL);
  }
  if (rc != OK_FEWER) return rc;
  *len = t.len;
  return OK_OK;
}

/* Digits s[*i..) of exactly `width` characters (0: one or more) as a
** number in *v; 0 when there are none. */
static int digits(const char *s, size_t n, size_t *i, int width, int64_t *v) {
  size_t start = *i;
  *v = 0;
  while (*i < n && s[*i] >= '0' && s[*i] <= '9' && (!width || *i - start < (size_t)width) &&
         *v < 100000000000LL)
    *v = *v * 10 + (s[(*i)++] - '0');
  return *i > start && (!width || *i - start == (size_t)width);
}

int ok_crdb_time_parse(int64_t *sec, int64_t *nanos, const char *s, size_t n, size_t *err_at) {
  size_t i = 0, at;
  int64_t y, mo, d, h = 0, mi = 0, se = 0, ns = 0, zone = 0, v, era, yoe, doy, doe;
  int neg = 0, k;
  static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  while (i < n && s[i] == ' ') i++;
  if (i < n && s[i] == '-') neg = 1, i++;
  at = i;
  if (!digits(s, n, &i, 0, &y) || i - at < 4) goto syntax;
  if (i >= n || s[i++] != '-' || !digits(s, n, &i, 2, &mo) || i >= n || s[i++] != '-' ||
      !digits(s, n, &i, 2, &d))
    goto syntax;
  if (neg) y = -y;
  at = i;
  if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
      (mo == 2 && d == 29 && (y % 4 || (y % 100 == 0 && y % 400))))
    return *err_at = at - 2, OK_E_RANGE;
  if (i < n && (s[i] == ' ' || s[i] == 'T' || s[i] == 't') && i + 1 < n && s[i + 1] >= '0' &&
      s[i + 1] <= '9') {
    i++;
    if (!digits(s, n, &i, 2, &h) || i >= n || s[i++] != ':' || !digits(s, n, &i, 2, &mi))
      goto syntax;
    if (i < n && s[i] == ':' && !(i++, digits(s, n, &i, 2, &se))) goto syntax;
    if (i < n && s[i] == '.') {
      for (i++, k = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++, k++)
        if (k < 9)
          ns = ns * 10 + (s[i] - '0');
        else if (s[i] != '0')
          return *err_at = i, OK_E_RANGE; /* finer than a nanosecond */
      if (k == 0) goto syntax;
      for (; k < 9; k++) ns *= 10;
    }
    if (h > 23 || mi > 59 || se > 59) return *err_at = i - 1, OK_E_RANGE;
  }
  while (i < n && s[i] == ' ') i++;
  if (i < n && (s[i] == 'Z' || s[i] == 'z')) {
    i++;
  } else if (i < n && (s[i] == '+' || s[i] == '-')) {
    int minus = s[i++] == '-';
    int64_t zh, zm = 0;
    if (!digits(s, n, &i, 2, &zh)) goto syntax;
    if (i < n && s[i] == ':') i++;
    if (i < n && s[i] >= '0' && s[i] <= '9' && !digits(s, n, &i, 2, &zm)) goto syntax;
    if (zh > 15 || zm > 59) return *err_at = i - 1, OK_E_RANGE;
    zone = (zh * 3600 + zm * 60) * (minus ? -1 : 1);
  }
  while (i < n && s[i] == ' ') i++;
  if (i != n) goto syntax;
  if (y > 400000 || y < -400000) return *err_at = 0, OK_E_RANGE; /* past the limit, below */
  /* days since 1970 of a civil date (proleptic Gregorian) */
  y -= mo <= 2;
  era = (y >= 0 ? y : y - 399) / 400;
  yoe = y - era * 400;
  doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  v = era * 146097 + doe - 719468;
  *sec = v * 86400 + h * 3600 + mi * 60 + se - zone;
  *nanos = ns;
  if (*sec > OK_CRDB_TIME_LIMIT || *sec < -OK_CRDB_TIME_LIMIT) return *err_at = 0, OK_E_RANGE;
  return OK_OK;
syntax:
  *err_at = i < n ? i : n;
  return OK_E_SYNTAX;
}
