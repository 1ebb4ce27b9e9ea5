/*
** snappy.c -- Snappy's block format decompressed (snappy.h), after its
** description (format_description.txt in Google's snappy): the
** uncompressed length as a varint, then elements, each a tag byte whose
** low two bits say what it is:
**
**   00  a literal: its length - 1 in the tag's upper six bits (60-63: in
**       the 1-4 bytes after it, little-endian), then its bytes;
**   01  a copy of 4-11 bytes ((tag >> 2 & 7) + 4) from an offset of 11
**       bits (tag's upper three, then a byte);
**   10  a copy of 1-64 bytes ((tag >> 2) + 1) from a 2-byte offset;
**   11  the same from a 4-byte offset.
**
** A copy's offset counts back from the end of what is written; it may be
** shorter than the copy (the bytes repeat). Every length and offset is
** checked against the input and the output: damaged input is an error,
** never a read or write outside either.
*/
#include "snappy.h"

#include <string.h>

int snappy_length(const unsigned char *in, size_t n, size_t *len) {
  uint64_t v = 0;
  size_t i;
  for (i = 0; i < n && i < 5; i++) {
    v |= (uint64_t)(in[i] & 0x7F) << (7 * i);
    if (!(in[i] & 0x80)) {
      if (v > 0xFFFFFFFFu) return -1;
      return *len = (size_t)v, (int)i + 1;
    }
  }
  return -1;
}

static uint32_t le(const unsigned char *p, size_t bytes) {
  uint32_t v = 0;
  while (bytes-- > 0) v = v << 8 | p[bytes];
  return v;
}

int snappy_decompress(const unsigned char *in, size_t n, unsigned char *out, size_t len) {
  size_t want, i, o = 0;
  int k = snappy_length(in, n, &want);
  if (k < 0 || want != len) return -1;
  i = (size_t)k;
  while (i < n) {
    unsigned tag = in[i++];
    size_t count, offset;
    if ((tag & 3) == 0) { /* a literal */
      count = (tag >> 2) + 1;
      if (count > 60) {
        size_t bytes = count - 60;
        if (n - i < bytes) return -1;
        count = (size_t)le(in + i, bytes) + 1;
        i += bytes;
      }
      if (count > n - i || count > len - o) return -1;
      memcpy(out + o, in + i, count);
      i += count, o += count;
      continue;
    }
    if ((tag & 3) == 1) {
      if (n - i < 1) return -1;
      count = (tag >> 2 & 7) + 4;
      offset = (size_t)(tag >> 5) << 8 | in[i];
      i += 1;
    } else {
      size_t bytes = (tag & 3) == 2 ? 2 : 4;
      if (n - i < bytes) return -1;
      count = (tag >> 2) + 1;
      offset = le(in + i, bytes);
      i += bytes;
    }
    if (offset == 0 || offset > o || count > len - o) return -1;
    if (offset >= count) {
      memcpy(out + o, out + o - offset, count);
      o += count;
    } else { /* overlapping: the bytes repeat */
      while (count--) out[o] = out[o - offset], o++;
    }
  }
  return o == len ? 0 : -1;
}
