/*
** fdb.c -- unit tests of FoundationDB's tuple layer (src/fdb.c): FDB's
** number order, integers of any size, decimal text of big integers.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

/* FDB's order: every integer before every double (separate types); doubles
** numerically, -0.0 before 0.0. */
static int cmp_fdb_num(num a, num b) {
  if (a.is_int != b.is_int) return a.is_int ? -1 : 1;
  if (!a.is_int && a.d == 0 && b.d == 0) return (signbit(b.d) != 0) - (signbit(a.d) != 0);
  return cmp_num(a, b);
}

static size_t fdb_num(uint8_t *out, num x) {
  return x.is_int ? ok_fdb_enc_int(out, x.i) : ok_fdb_enc_double(out, x.d);
}

/* An integer of 0..40 magnitude bytes, no leading zero byte. */
static size_t random_mag(uint8_t *mag, int *neg) {
  size_t n = (size_t)(rnd() % 41), i;
  for (i = 0; i < n; i++) mag[i] = (uint8_t)rnd();
  if (n && !mag[0]) mag[0] = 1;
  *neg = (int)(rnd() & 1) && n > 0;
  return n;
}

static int cmp_mag(int na_neg, const uint8_t *a, size_t na, int nb_neg, const uint8_t *b,
                   size_t nb) {
  int c;
  if (na_neg != nb_neg) return na_neg ? -1 : 1;
  c = na != nb ? (na < nb ? -1 : 1) : sign(memcmp(a, b, na));
  return na_neg ? -c : c;
}

/* Byte strings with NULs (none, few, every other byte, at either end):
** each reads back as itself, into exactly its room (the sanitizer build
** sees a byte written past it). */
static void test_nuls(long rounds) {
  static uint8_t value[300], key[2 * 300 + 2];
  long r, bad = 0;
  for (r = 0; r < rounds; r++) {
    size_t n = (size_t)(rnd() % sizeof value), k, len, err;
    unsigned every = (unsigned[]){0, 2, 3, 9, 40}[rnd() % 5];
    uint8_t *back;
    ok_item it;
    for (k = 0; k < n; k++) value[k] = every && rnd() % every == 0 ? 0 : (uint8_t)(1 + rnd() % 255);
    if (n && rnd() % 4 == 0) value[rnd() % 2 ? 0 : n - 1] = 0;
    len = ok_fdb_enc_bytes(key, rnd() % 2 ? OK_FDB_BYTES : OK_FDB_STRING, value, n);
    if (ok_fdb_decode(key, len, &it, &err) != OK_OK || it.len != len || it.value_len != n) {
      bad++;
      continue;
    }
    back = malloc(n + 1);
    if (!back || ok_unescape(back, &it) != n || memcmp(back, value, n) != 0) bad++;
    free(back);
  }
  check(bad == 0, "fdb: byte strings with NULs, sparse to every other byte, read back", "");
}

void test_fdb(long rounds) {
  long r, bad_num = 0, bad_big = 0, bad_dec = 0, bad_trip = 0;
  char text[OK_DECIMAL_MAX + 1], why[64];
  uint8_t ka[OK_FDB_BIG_MAX + 2], kb[OK_FDB_BIG_MAX + 2], ma[OK_FDB_BIG_MAX], mb[OK_FDB_BIG_MAX],
      back[OK_FDB_BIG_MAX];
  size_t na, nb, la, lb, len, err;
  int nega, negb, neg;
  ok_item it;
  for (r = 0; r < rounds; r++) {
    num a = random_num(), b = random_num();
    na = fdb_num(ka, a);
    nb = fdb_num(kb, b);
    if (sign(cmp_bytes(ka, na, kb, nb)) != cmp_fdb_num(a, b)) bad_num++;
    if (ok_fdb_decode(ka, na, &it, &err) != OK_OK || it.len != na ||
        (a.is_int ? it.type != OK_INT || it.i != a.i
                  : it.type != OK_REAL || memcmp(&it.d, &a.d, sizeof a.d) != 0))
      bad_trip++;
    /* integers of any size: byte order is numeric order, and the decimal
    ** text reads back to the same magnitude */
    la = random_mag(ma, &nega);
    lb = random_mag(mb, &negb);
    if (ok_fdb_enc_bigint(ka, &na, nega, ma, la) != OK_OK ||
        ok_fdb_enc_bigint(kb, &nb, negb, mb, lb) != OK_OK)
      bad_big++;
    else if (sign(cmp_bytes(ka, na, kb, nb)) != cmp_mag(nega, ma, la, negb, mb, lb))
      bad_big++;
    len = ok_decimal_format(text, nega, ma, la, 0);
    if (ok_decimal_parse(back, sizeof back, &lb, &neg, text, len, &err) != OK_OK || lb != la ||
        neg != nega || memcmp(back, ma, la) != 0)
      bad_dec++;
  }
  check(bad_num == 0, "fdb: integers and doubles sort as FDB orders them", "violations");
  check(bad_trip == 0, "fdb: integers and doubles decode to themselves", "violations");
  check(bad_big == 0, "fdb: integers of up to 40 bytes sort numerically", "violations");
  check(bad_dec == 0, "fdb: decimal text of large integers reads back", "violations");
  test_nuls(rounds);
  /* decimal edges: the largest magnitude, one digit more, signs */
  memset(text, '9', 614);
  check(ok_decimal_parse(back, 255, &la, &nega, text, 614, &err) == OK_OK && la == 255,
        "decimal: 614 nines fit 255 bytes", "");
  len = ok_decimal_format(why, 0, (const uint8_t *)"\x01\x00\x00\x00\x00\x00\x00\x00\x00", 9, 0);
  check(len == 20 && memcmp(why, "18446744073709551616", 20) == 0, "decimal: 2^64 formats", why);
  {
    char back_text[OK_DECIMAL_MAX];
    len = ok_decimal_format(back_text, 1, back, la, 0);
    check(len == 615 && back_text[0] == '-' && memcmp(back_text + 1, text, 614) == 0,
          "decimal: 614 nines format back (nine digits a pass)", "");
  }
  text[614] = '9';
  r = ok_decimal_parse(back, 255, &la, &nega, text, 615, &err);
  sprintf(why, "status %ld at %d", r, (int)err);
  check(r == OK_E_RANGE && err == 614, "decimal: 615 nines are too many (OK_E_RANGE)", why);
  check(ok_decimal_parse(back, 255, &la, &nega, "-000", 4, &err) == OK_OK && la == 0 && nega == 0,
        "decimal: -000 is 0", "");
  /* 255 magnitude bytes are the most (after leading zeros), each in its bound */
  memset(ma, 0xFF, sizeof ma);
  mb[0] = 0;
  memset(mb + 1, 0xFF, sizeof mb - 1);
  check(ok_fdb_enc_bigint(ka, &na, 1, ma, 255) == OK_OK && na == 257 && ka[0] == OK_FDB_NEG_BIG &&
            ka[1] == 0x00 && ka[2] == 0x00,
        "fdb: -(2^2040 - 1) is 0B 00, then 255 00 bytes", "");
  check(ok_fdb_enc_bigint(NULL, &na, 0, mb, 255) == OK_OK && na == 256,
        "fdb: leading zero bytes are dropped", "");
  na = 7;
  check(ok_fdb_enc_bigint(ka, &na, 0, (const uint8_t *)"\x01", 0) == OK_OK && na == 1 &&
            ka[0] == OK_FDB_INT_ZERO,
        "fdb: no magnitude bytes is zero", "");
  {
    uint8_t big[OK_FDB_BIG_MAX + 1];
    memset(big, 1, sizeof big);
    na = 7;
    check(ok_fdb_enc_bigint(ka, &na, 0, big, sizeof big) == OK_E_RANGE && na == 7,
          "fdb: 256 magnitude bytes are OK_E_RANGE, nothing written", "");
  }
  len = ok_decimal_format(text, 1, (const uint8_t *)"\x00\x00", 2, 0);
  text[len] = 0;
  check(strcmp(text, "0") == 0, "decimal: a zero magnitude formats as 0", text);
}
