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

/* Eight bytes at a time: text rarely holds a byte to escape, so whole words
** are copied (or inverted) until one does. */
void ok_copy_xor(uint8_t *out, const uint8_t *p, size_t n, uint8_t x) {
  size_t i = 0;
  uint64_t v, xx = x * OK_UNIT8;
  if (!x) {
    memcpy(out, p, n);
    return;
  }
  for (; i + 8 <= n; i += 8) memcpy(&v, p + i, 8), v ^= xx, memcpy(out + i, &v, 8);
  for (; i < n; i++) out[i] = (uint8_t)(p[i] ^ x);
}

void ok_invert(uint8_t *p, size_t n) { ok_copy_xor(p, p, n, 0xFF); }

/* Where long text holds no low byte for a while, the C library's memchr
** for each of the two, in windows of 64 bytes that double up to 4 KB while
** they find none (the second search stops at the first's find): the index
** of the first 0x00 or 0x01 of s[i..n), or of where fewer than 64 bytes
** are left. */
static size_t far_low(const uint8_t *s, size_t i, size_t n) {
  size_t w = 64;
  while (n - i >= 64) {
    const uint8_t *z, *o;
    if (w > n - i) w = n - i;
    z = memchr(s + i, 0x00, w);
    o = memchr(s + i, 0x01, z ? (size_t)(z - s) - i : w); /* up to the 00 */
    if (o || z) return (size_t)((o ? o : z) - s);
    i += w;
    if (w < 4096) w *= 2;
  }
  return i;
}

/* The index of the first byte of s[i..n) that is 0x00 or 0x01, or n:
** eight bytes at a time, and by far_low once 256 bytes held none. */
static inline size_t next_low(const uint8_t *s, size_t i, size_t n) {
  const size_t far = i + 256;
  uint64_t v;
  while (i + 8 <= n && (memcpy(&v, s + i, 8), !ok_byte_below(v, 2))) {
    if ((i += 8) == far && n - i >= 256) i = far_low(s, i, n);
  }
  while (i < n && s[i] > 1) i++;
  return i;
}

size_t ok_enc_bytes(uint8_t *out, int tag, const uint8_t *s, size_t n, int terminated, int desc) {
  size_t i = 0, o = 1, low = 0, j;
  if (!out) {
    for (; (i = next_low(s, i, n)) < n; i++) low++;
    return 1 + n + low + (terminated ? 1 : 0);
  }
  out[0] = (uint8_t)tag;
  if (ok_copy_short(out + 1, s, n, 2)) {
    o += n;
    i = n;
  }
  while (i < n) { /* runs between the bytes to escape, copied whole */
    j = next_low(s, i, n);
    memcpy(out + o, s + i, j - i);
    o += j - i;
    if (j == n) break;
    out[o++] = 0x01;
    out[o++] = (uint8_t)(s[j] + 1);
    i = j + 1;
  }
  if (terminated) out[o++] = 0x00;
  if (desc) ok_invert(out, o);
  return o;
}

/* The high bit of each byte of v that is 0x00 or 0x01, exactly (no carry
** crosses from a byte to the next, as ok_byte_below's may); and the index, from
** the top, of the first such byte of a big-endian word (8: none). */
static uint64_t lows(uint64_t v) {
  const uint64_t t = v & 0xFEFEFEFEFEFEFEFEULL, m = 0x7F7F7F7F7F7F7F7FULL;
  return ~(((t & m) + m) | t | m);
}
static size_t first(uint64_t lows) {
#if defined(__GNUC__)
  return (size_t)(__builtin_clzll(lows | 1) + (lows == 0)) / 8; /* no branch on lows == 0 */
#else
  return (64 - ok_bit_length(lows)) / 8;
#endif
}

/* The first byte of c[1..stop) that is 0x00 or 0x01 (XORed with x) when
** it is among the first 16, else stop or more: two words read, the second
** moved back to end at stop where it is near (overlapping the first), so
** that how long the body is costs no branch: text lengths vary row to
** row, and a byte loop's exit mispredicts. */
static inline size_t first_low(const uint8_t *c, size_t stop, uint8_t x) {
  size_t j, a;
  uint64_t m, n;
  if (stop >= 9) {
    j = stop >= 17 ? 9 : stop - 8;
    m = lows(ok_get_be(c + 1, 8, x)), n = lows(ok_get_be(c + j, 8, x));
    return (m ? 1 : j) + first(m ? m : n);
  }
  if (stop < 5) return stop;
  a = first(lows(ok_get_be(c + 1, 4, x) << 32 | ok_get_be(c + stop - 4, 4, x)));
  return a < 4 ? 1 + a : stop - 8 + a;
}

/* A short body, the usual one: its end within c[1..stop), and how many
** escapes it holds; 0 when it is longer or malformed, which memchr's two
** passes then find, and say where. One without escapes ends at the first
** low byte; else the body is read eight bytes at a time. */
OK_HOT_INLINE size_t short_body(const uint8_t *c, size_t stop, uint8_t x, size_t *escapes) {
  size_t i = first_low(c, stop, x), e = 0;
  uint64_t v, xx = x * OK_UNIT8;
  if (i < stop && c[i] == x) return *escapes = 0, i;
  for (i = 1;;) {
    while (i + 8 <= stop && (memcpy(&v, c + i, 8), !ok_byte_below(v ^ xx, 2))) i += 8;
    while (i < stop && (uint8_t)(c[i] ^ x) > 1) i++;
    if (i >= stop) return 0;
    if (c[i] == x) return *escapes = e, i;
    if (i + 1 >= stop) return 0;
    if ((uint8_t)(c[i + 1] ^ x) - 1u > 1u) return 0; /* 01 01 and 01 02 alone */
    e++, i += 2;
  }
}

int ok_dec_bytes(const uint8_t *c, size_t n, uint8_t x, ok_item *it, size_t *err_at) {
  const uint8_t *body = c + 1, *end, *p;
  size_t escapes = 0, at = short_body(c, n < 40 ? n : 40, x, &escapes);
  if (at) {
    end = c + at;
    goto found;
  }
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
found:
  it->body = body;
  it->body_len = (size_t)(end - body);
  it->value_len = it->body_len - escapes;
  it->direct = !x && !escapes;
  it->len = it->body_len + 2;
  return OK_OK;
}

size_t ok_bytes_len(const uint8_t *c, size_t n, uint8_t x) {
  size_t escapes, at = short_body(c, n < 40 ? n : 40, x, &escapes);
  return at ? at + 1 : 0;
}

size_t ok_bytes_value(uint8_t *out, const uint8_t *body, size_t n, uint8_t x) {
  size_t i = 0, o = 0;
  while (i < n) { /* runs between escapes, copied whole */
    const uint8_t *esc = memchr(body + i, 0x01 ^ x, n - i);
    size_t run = esc ? (size_t)(esc - body) - i : n - i;
    ok_copy_xor(out + o, body + i, run, x);
    o += run, i += run;
    if (esc) out[o++] = (uint8_t)((body[i + 1] ^ x) - 1), i += 2;
  }
  return o;
}
