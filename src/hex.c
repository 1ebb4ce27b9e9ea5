/*
** hex.c -- bytes as upper-case hex, the one writer every rendering uses.
*/
#include <string.h>

#include "ok.h"

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

static int hex_value(char c) {
  return c >= '0' && c <= '9'   ? c - '0'
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                : -1;
}

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
  while (i < end) {
    int hi, lo;
    if (is_separator(s[i])) {
      i++;
      continue;
    }
    if ((hi = hex_value(s[i])) < 0) {
      *err_at = i, *len = o;
      return OK_E_SYNTAX;
    }
    if (i + 1 >= end || (lo = hex_value(s[i + 1])) < 0) { /* a lone digit */
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

/* 1 when s[i..end) is Python's b'...' or b"...". */
static int python_bytes(const char *s, size_t i, size_t end) {
  return end - i >= 3 && s[i] == 'b' && (s[i + 1] == '\'' || s[i + 1] == '"') &&
         s[end - 1] == s[i + 1];
}

int ok_escaped_is(const char *s, size_t n) {
  size_t i, end;
  trim(s, n, &i, &end);
  return memchr(s + i, '\\', end - i) != NULL || python_bytes(s, i, end);
}

int ok_escaped_decode(uint8_t *out, size_t *len, const char *s, size_t n, size_t *err_at) {
  size_t i, end, o = 0;
  trim(s, n, &i, &end);
  if (python_bytes(s, i, end)) i += 2, end--;
  for (; i < end; o++) {
    uint8_t c = (uint8_t)s[i++];
    if (c == '\\') {
      int hi, lo;
      if (i == end) {
        *err_at = i - 1, *len = o;
        return OK_E_TRUNCATED;
      }
      switch (s[i++]) {
        case '\\': c = '\\'; break;
        case '\'': c = '\''; break;
        case '"': c = '"'; break;
        case 'n': c = '\n'; break;
        case 'r': c = '\r'; break;
        case 't': c = '\t'; break;
        case 'x':
          if (i + 2 > end || (hi = hex_value(s[i])) < 0 || (lo = hex_value(s[i + 1])) < 0) {
            *err_at = i - 2, *len = o;
            return i + 2 > end ? OK_E_TRUNCATED : OK_E_ESCAPE;
          }
          c = (uint8_t)(hi << 4 | lo);
          i += 2;
          break;
        default: *err_at = i - 2, *len = o; return OK_E_ESCAPE;
      }
    }
    if (out) out[o] = c;
  }
  *len = o;
  return OK_OK;
}
