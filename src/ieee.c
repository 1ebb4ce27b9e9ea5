/*
** ieee.c -- IEEE floats in sortable bytes, as FoundationDB and HBase both
** write them: big-endian, the sign bit flipped, and every bit flipped for
** negatives, so that unsigned byte order is IEEE's total order.
*/
#include <string.h>

#include "internal.h"

void ok_ieee_sortable(uint8_t *out, const uint8_t *bits, size_t n) {
  size_t i;
  if (n == 8 || n == 4) {
    ok_put_be(out, ok_ieee_order(ok_get_be(bits, n, 0), n), n);
    return;
  }
  for (i = 0; i < n; i++) out[i] = (bits[0] & 0x80) ? (uint8_t)~bits[i] : bits[i];
  if (!(bits[0] & 0x80)) out[0] ^= 0x80;
}

void ok_ieee_unsortable(uint8_t *bits, const uint8_t *enc, size_t n) {
  size_t i;
  if (n == 8 || n == 4) {
    ok_put_be(bits, ok_ieee_unorder(ok_get_be(enc, n, 0), n), n);
    return;
  }
  for (i = 0; i < n; i++) bits[i] = (enc[0] & 0x80) ? enc[i] : (uint8_t)~enc[i];
  if (enc[0] & 0x80) bits[0] ^= 0x80;
}

void ok_ieee_bytes(uint8_t *bits, double d, size_t size) {
  ok_put_be(bits, ok_ieee_bits(d, size), size);
}

double ok_ieee_double(const uint8_t *bits, size_t size) {
  return ok_ieee_value(ok_get_be(bits, size, 0), size);
}
