/*
** hex.c -- bytes as upper-case hex, the one writer every rendering uses.
*/
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

int ok_hex_decode(uint8_t *out, size_t *len, const char *s, size_t n, size_t *err_at) {
  size_t i = 0, end = n, o = 0;
  /* an SQL literal X'...' or a 0x in front */
  if (n >= 3 && (s[0] == 'X' || s[0] == 'x') && s[1] == '\'' && s[n - 1] == '\'')
    i = 2, end = n - 1;
  else if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    i = 2;
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
