/*
** base64.c -- RFC 4648's base 64, '=' padded: bytes as MongoDB's Extended
** JSON writes BinData and its shell prints BinData(0, "..."), which is how
** KeyString's TypeBits are copied. (b64.c is ok's own, order-preserving
** base 64.)
*/
#include "ok.h"

static const char alphabet[65] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t ok_base64_encode(char *out, const uint8_t *p, size_t n) {
  size_t i, o = 0;
  for (i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                 (i + 2 < n ? p[i + 2] : 0);
    out[o++] = alphabet[v >> 18], out[o++] = alphabet[v >> 12 & 63];
    out[o++] = i + 1 < n ? alphabet[v >> 6 & 63] : '=';
    out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
  }
  return o;
}

static int value_of(char c) {
  return c >= 'A' && c <= 'Z'   ? c - 'A'
         : c >= 'a' && c <= 'z' ? c - 'a' + 26
         : c >= '0' && c <= '9' ? c - '0' + 52
         : c == '+'             ? 62
         : c == '/'             ? 63
                                : -1;
}

int ok_base64_decode(uint8_t *out, size_t *out_len, const char *s, size_t n, size_t *err_at) {
  size_t i, o = 0, k = 0, end = n;
  uint32_t v = 0;
  while (end > 0 && n - end < 2 && s[end - 1] == '=') end--; /* its padding: 2 at most */
  for (i = 0; i < end; i++) {
    int c = value_of(s[i]);
    if (c < 0) return *err_at = i, OK_E_SYNTAX;
    v = v << 6 | (uint32_t)c;
    if (++k == 4) {
      out[o++] = (uint8_t)(v >> 16), out[o++] = (uint8_t)(v >> 8), out[o++] = (uint8_t)v;
      k = 0, v = 0;
    }
  }
  /* the last group: 2 or 3 characters, padded to 4 or not, their spare bits 0 */
  if (k == 1 || (end < n && n - end != 4 - k)) return *err_at = end, OK_E_TRUNCATED;
  if ((k == 2 && (v & 15)) || (k == 3 && (v & 3))) return *err_at = end - 1, OK_E_NONCANONICAL;
  if (k == 2) out[o++] = (uint8_t)(v >> 4);
  if (k == 3) out[o++] = (uint8_t)(v >> 10), out[o++] = (uint8_t)(v >> 2);
  *out_len = o;
  return OK_OK;
}
