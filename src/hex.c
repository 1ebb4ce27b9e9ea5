/*
** hex.c -- bytes as upper-case hex, the one writer every rendering uses.
*/
#include <string.h>

#include "internal.h"

size_t ok_hex_encode(char *out, const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789ABCDEF";
  size_t i;
  for (i = 0; i < n; i++) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 15];
  }
  return 2 * n;
}

/* What may stand between two bytes: white space and the separators people
** give ok_hex or find in logs. */
static int is_separator(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '|' || c == ':' || c == '-' ||
         c == ',' || c == '.' || c == '_' || c == '/';
}

int ok_hex_digit(int c) {
  return c >= '0' && c <= '9'   ? c - '0'
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                : -1;
}

static int bytea(const char *s, size_t i, size_t end);

/* s[0..n) without the white space around it: its start in *i, end in *end. */
static void trim(const char *s, size_t n, size_t *i, size_t *end) {
  for (*i = 0; *i < n && is_separator(s[*i]) && s[*i] <= ' '; (*i)++) {
  }
  for (*end = n; *end > *i && is_separator(s[*end - 1]) && s[*end - 1] <= ' '; (*end)--) {
  }
}

int ok_hex_decode(uint8_t *out, size_t *len, const char *s, size_t n, size_t *err_at) {
  size_t i, end, o = 0;
  trim(s, n, &i, &end);
  /* an SQL literal X'...' or a 0x in front */
  if (end - i >= 3 && (s[i] == 'X' || s[i] == 'x') && s[i + 1] == '\'' && s[end - 1] == '\'')
    i += 2, end--;
  else if (end - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
    i += 2;
  else if (bytea(s, i, end))
    i += 2;
  while (i < end) {
    int hi, lo;
    if (is_separator(s[i])) {
      i++;
      continue;
    }
    if ((hi = ok_hex_digit(s[i])) < 0) {
      *err_at = i, *len = o;
      return OK_E_SYNTAX;
    }
    if (i + 1 >= end || (lo = ok_hex_digit(s[i + 1])) < 0) { /* a lone digit */
      int lone = i + 1 >= end || is_separator(s[i + 1]);
      *err_at = lone ? i : i + 1, *len = o;
      return lone ? OK_E_TRUNCATED : OK_E_SYNTAX;
    }
    if (out) out[o] = (uint8_t)(hi << 4 | lo);
    o++;
    i += 2;
  }
  *len = o;
  return OK_OK;
}

/* 1 when s[i..end) is Python's b'...' or b"..." (Rust's b"..." too). */
static int python_bytes(const char *s, size_t i, size_t end) {
  return end - i >= 3 && s[i] == 'b' && (s[i + 1] == '\'' || s[i + 1] == '"') &&
         s[end - 1] == s[i + 1];
}

/* 1 when s[i..end) is Go's %q of a string: "...". */
static int go_quoted(const char *s, size_t i, size_t end) {
  return end - i >= 2 && s[i] == '"' && s[end - 1] == '"';
}

/* 1 when s[i..end) is \x and hex digits alone, an even count of them: a
** bytea as Postgres and CockroachDB print one (\xbd89), read as hex. */
static int bytea(const char *s, size_t i, size_t end) {
  size_t k;
  if (end - i < 4 || s[i] != '\\' || s[i + 1] != 'x' || (end - i) % 2) return 0;
  for (k = i + 2; k < end; k++)
    if (ok_hex_digit(s[k]) < 0) return 0;
  return 1;
}

int ok_escaped_is(const char *s, size_t n) {
  size_t i, end;
  trim(s, n, &i, &end);
  return (memchr(s + i, '\\', end - i) != NULL && !bytea(s, i, end)) || python_bytes(s, i, end) ||
         go_quoted(s, i, end);
}

/* The escape at s[i] (after its backslash), to end: its bytes at out
** (unless NULL), their count in *len, and the escape's length in *used;
** OK_OK, OK_E_ESCAPE or OK_E_TRUNCATED. */
static int escape(uint8_t *out, size_t *len, size_t *used, const char *s, size_t i, size_t end) {
  static const char simple[] = "\\\\''\"\"n\nr\rt\ta\ab\bf\fv\v";
  unsigned long v = 0;
  size_t k, digits, braced;
  const char *c = strchr(simple, s[i]);
  *len = 1;
  if (c && (c - simple) % 2 == 0 && s[i]) {
    if (out) out[0] = (uint8_t)c[1];
    *used = 1;
    return OK_OK;
  }
  if (s[i] >= '0' && s[i] <= '7') { /* octal: one to three digits, as C and protobuf write */
    for (k = i; k < end && k < i + 3 && s[k] >= '0' && s[k] <= '7'; k++)
      v = v * 8 + (unsigned long)(s[k] - '0');
    if (v > 0xFF) return OK_E_ESCAPE;
    if (out) out[0] = (uint8_t)v;
    *used = k - i;
    return OK_OK;
  }
  /* \xHH, \uHHHH, \UHHHHHHHH, \u{H...} (Rust): a byte, or a code point as UTF-8 */
  braced = s[i] == 'u' && i + 1 < end && s[i + 1] == '{';
  digits = s[i] == 'x' ? 2 : s[i] == 'u' ? 4 : s[i] == 'U' ? 8 : 0;
  if (!digits) return OK_E_ESCAPE;
  for (k = i + 1 + braced; k < end && (braced ? s[k] != '}' : k < i + 1 + digits); k++) {
    if (ok_hex_digit(s[k]) < 0 || (braced && k - i - 2 >= 6)) return OK_E_ESCAPE;
    v = v * 16 + (unsigned long)ok_hex_digit(s[k]);
  }
  if (braced ? k == end : k < i + 1 + digits) return OK_E_TRUNCATED;
  if (braced && k == i + 2) return OK_E_ESCAPE; /* \u{} */
  *used = k - i + braced;
  if (s[i] == 'x') {
    if (out) out[0] = (uint8_t)v;
    return OK_OK;
  }
  return (*len = ok_utf8_encode(out, v)) ? OK_OK : OK_E_ESCAPE;
}

int ok_escaped_decode(uint8_t *out, size_t *len, const char *s, size_t n, size_t *err_at) {
  size_t i, end, o = 0, k, used;
  int rc;
  trim(s, n, &i, &end);
  if (python_bytes(s, i, end))
    i += 2, end--;
  else if (go_quoted(s, i, end))
    i++, end--;
  while (i < end) {
    if (s[i] != '\\') {
      if (out) out[o] = (uint8_t)s[i];
      o++, i++;
      continue;
    }
    if (i + 1 == end) {
      *err_at = i, *len = o;
      return OK_E_TRUNCATED;
    }
    if ((rc = escape(out ? out + o : NULL, &k, &used, s, i + 1, end)) != OK_OK) {
      *err_at = i, *len = o;
      return rc;
    }
    o += k, i += 1 + used;
  }
  *len = o;
  return OK_OK;
}
