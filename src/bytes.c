/*
** bytes.c -- TEXT and BLOB bodies in the native format.
**
** The body is escaped so that it holds no 0x00 byte and a single 0x00 ends
** it: 0x00 -> 0x01 0x01 and 0x01 -> 0x01 0x02, every other byte as is. That
** is an order-preserving prefix code, so bodies compare like the raw bytes
** (shorter first on a common prefix), the end is found with memchr, and the
** component is prefix-free (R5) in either direction. Text costs 2 bytes over
** its length when it holds no 0x00 or 0x01 byte (R7).
*/
#include <string.h>

#include "internal.h"

void ok_invert(uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)~p[i];
}

size_t ok_enc_bytes(uint8_t *out, int tag, const uint8_t *s, size_t n, int terminated, int desc) {
  size_t i, o = 1;
  if (!out) {
    size_t low = 0;
    for (i = 0; i < n; i++) low += s[i] < 2;
    return 1 + n + low + (terminated ? 1 : 0);
  }
  out[0] = (uint8_t)tag;
  for (i = 0; i < n; i++) {
    uint8_t c = s[i];
    if (c > 1) {
      out[o++] = c;
    } else {
      out[o++] = 0x01;
      out[o++] = (uint8_t)(c + 1);
    }
  }
  if (terminated) out[o++] = 0x00;
  if (desc) ok_invert(out, o);
  return o;
}

int ok_dec_bytes(const uint8_t *c, size_t n, uint8_t x, ok_item *it, size_t *err_at) {
  const uint8_t *body = c + 1, *end, *p;
  size_t escapes = 0;
  end = memchr(body, x, n - 1); /* the terminator: 0x00, or 0xFF inverted */
  if (!end) {
    *err_at = n;
    return OK_E_TRUNCATED;
  }
  for (p = body; (p = memchr(p, 0x01 ^ x, (size_t)(end - p))) != NULL; p += 2) {
    uint8_t next = (uint8_t)(p + 1 < end ? p[1] ^ x : 0);
    if (next != 0x01 && next != 0x02) {
      *err_at = (size_t)(p - c);
      return OK_E_ESCAPE;
    }
    escapes++;
  }
  it->body = body;
  it->body_len = (size_t)(end - body);
  it->value_len = it->body_len - escapes;
  it->direct = !x && !escapes;
  it->len = it->body_len + 2;
  return OK_OK;
}

size_t ok_bytes_value(uint8_t *out, const uint8_t *body, size_t n, uint8_t x) {
  size_t i, o = 0;
  for (i = 0; i < n; i++) {
    uint8_t b = body[i] ^ x;
    if (b == 0x01) b = (uint8_t)((body[++i] ^ x) - 1);
    out[o++] = b;
  }
  return o;
}
