/*
** stores.c -- unit tests of the SQL stores' formats (src/crdb.c,
** src/crdb_text.c, src/tidb.c) where the stored vectors do not reach: the
** time parser, decimals at the edges of their exponents and of a column's
** type, rounding that carries, packed datetimes, TiKV's groups taken apart,
** and the order of random values in each format.
*/
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../item.h"
#include "ok_crdb.h"
#include "ok_tidb.h"
#include "test.h"

static void hex_is(const uint8_t *p, size_t n, const char *want, const char *what) {
  char got[256];
  to_hex(got, p, n);
  check(strcmp(got, want) == 0, what, got);
}

static void test_time_parse(void) {
  static const struct {
    const char *text;
    int64_t sec, nanos;
  } ok[] = {
      {"1970-01-01", 0, 0},
      {"1970-01-01 00:00:00Z", 0, 0},
      {"1969-12-31T23:59:59.999999999", -1, 999999999},
      {"2000-02-29 12:00", 951825600, 0},
      {"2024-02-29 12:00:00.5+01:00", 1709204400, 500000000},
      {"2024-02-29 12:00:00-0130", 1709213400, 0},
      {"0001-01-01", -62135596800, 0},
      {"-0001-01-01", -62198755200, 0},
      {"9999-12-31 23:59:59.000000001", 253402300799, 1},
      {"  2001-01-01 00:00:00.1  ", 978307200, 100000000},
  };
  static const struct {
    const char *text;
    int rc;
    size_t at;
  } bad[] = {
      {"1900-02-29", OK_E_RANGE, 8},        {"2023-13-01", OK_E_RANGE, 8},
      {"2023-01-01 24:00", OK_E_RANGE, 15}, {"2023-01-01 00:00:00.1234567891", OK_E_RANGE, 29},
      {"23-01-01", OK_E_SYNTAX, 2},         {"2023-01-01 00", OK_E_SYNTAX, 13},
      {"2023-01-01x", OK_E_SYNTAX, 10},     {"2023-01-01 00:00+16", OK_E_RANGE, 18},
  };
  size_t i, err;
  int64_t sec, nanos;
  for (i = 0; i < sizeof ok / sizeof ok[0]; i++)
    check(ok_crdb_time_parse(&sec, &nanos, ok[i].text, strlen(ok[i].text), &err) == OK_OK &&
              sec == ok[i].sec && nanos == ok[i].nanos,
          "crdb: time parsed", ok[i].text);
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    check(ok_crdb_time_parse(&sec, &nanos, bad[i].text, strlen(bad[i].text), &err) == bad[i].rc &&
              err == bad[i].at,
          "crdb: time refused at its character", bad[i].text);
}

static void test_crdb_decimal(void) {
  uint8_t out[64];
  size_t len, err;
  ok_item it;
  /* the last exponents in range: 100^(2^29) and 100^-(2^29) */
  check(ok_crdb_enc_decimal(out, &len, OK_CRDB_FINITE, 0, "1", 1, 2 * (1L << 29) - 2, 0) == OK_OK,
        "crdb: decimal at the largest exponent", "");
  check(ok_crdb_decode(out, len, &it, &err) == OK_OK && it.len == len, "crdb: and it reads", "");
  check(ok_crdb_enc_decimal(out, &len, OK_CRDB_FINITE, 0, "1", 1, 2 * (1L << 29), 0) == OK_E_RANGE,
        "crdb: decimal past the largest exponent", "");
  check(ok_crdb_enc_decimal(out, &len, OK_CRDB_FINITE, 1, "1", 1, -2 * (1L << 29) - 1, 1) == OK_OK,
        "crdb: decimal at the smallest exponent, descending", "");
  check(ok_crdb_decode(out, len, &it, &err) == OK_OK && it.len == len && it.type == OK_TEXT,
        "crdb: and it reads", "");
  /* 1234.5 as CockroachDB writes it: medium, exponent 2, centimal 12 34 50 */
  check(ok_crdb_enc_decimal(out, &len, OK_CRDB_FINITE, 0, "12345", 5, 3, 0) == OK_OK, "", "");
  hex_is(out, len, "2B19456400", "crdb: 1234.5");
}

/* Every interval the encoder takes reads back in either direction: the
** marker is the same both ways, so the decoder's check must hold for the
** complemented varints too (a descending one was refused once when its
** complemented months and days made no interval that fits). */
static void test_crdb_interval(void) {
  static const int64_t months[] = {0, 1, -1, 14, -21132, 42000, -42000, 1000000, -1000000};
  static const int64_t days[] = {0, 3, -4, 30, -30, 1000000, -1000000, 100000000};
  static const int64_t nanos[] = {0,
                                  1,
                                  -1,
                                  5000,
                                  86400000000000LL,
                                  -86400000000000LL,
                                  INT64_MAX / 3,
                                  INT64_MIN / 3,
                                  INT64_MAX,
                                  INT64_MIN};
  /* the interval of -44405 months, 3 days and 4417036357742659206 ns, and
  ** its descending form, whose varints read ascending make no interval */
  static const uint8_t asc[] = {0x16, 0x86, 0x86, 0x86, 0x86, 0x52, 0x8B, 0x8B};
  uint8_t out[64], text[2][96];
  int64_t v[3];
  ok_item back;
  size_t len, err, a, b, c, taken = 0, bad = 0;
  int desc;
  ok_item it;
  char why[96] = "";
  check(ok_crdb_decode(asc, sizeof asc, &it, &err) == OK_OK && it.len == sizeof asc,
        "crdb: an interval whose nanoseconds wrap reads", "");
  check(ok_crdb_desc(out, &len, asc, sizeof asc, &err) == OK_OK, "crdb: its descending form", "");
  hex_is(out, len, "16F77979F7AD7487FC", "crdb: its descending form's bytes");
  check(ok_crdb_decode(out, len, &back, &err) == OK_OK && back.len == len && back.desc &&
            ok_crdb_decode(asc, sizeof asc, &it, &err) == OK_OK && it.value_len < 96 &&
            back.value_len == it.value_len && ok_unescape(text[0], &it) == it.value_len &&
            ok_unescape(text[1], &back) == it.value_len &&
            memcmp(text[0], text[1], it.value_len) == 0,
        "crdb: and the descending form reads as that interval, descending", "");
  ok_crdb_numbers(&back, v);
  check(v[0] == -44405 && v[1] == 3 && v[2] == 4417036357742659206LL,
        "crdb: ok_crdb_numbers of it: its months, days and nanoseconds", "");
  len = ok_crdb_enc_int(out, 7, 0);
  check(ok_crdb_decode(out, len, &it, &err) == OK_OK && (ok_crdb_numbers(&it, v), 1) && !v[0] &&
            !v[1] && !v[2],
        "crdb: ok_crdb_numbers of an integer: zeros", "");
  for (a = 0; a < sizeof months / sizeof *months; a++)
    for (b = 0; b < sizeof days / sizeof *days; b++)
      for (c = 0; c < sizeof nanos / sizeof *nanos; c++)
        for (desc = 0; desc < 2; desc++) {
          if (ok_crdb_enc_interval(out, &len, months[a], days[b], nanos[c], desc) != OK_OK)
            continue;
          taken++;
          if (ok_crdb_decode(out, len, &it, &err) == OK_OK && it.len == len) continue;
          if (!bad++)
            snprintf(why, sizeof why, "%lld months, %lld days, %lld ns, %s", (long long)months[a],
                     (long long)days[b], (long long)nanos[c], desc ? "descending" : "ascending");
        }
  snprintf(why + strlen(why), sizeof why - strlen(why), " (%d taken)", (int)taken);
  check(!bad && taken == 880, "crdb: every interval written reads back, both ways", why);
}

static void test_tidb_decimal(void) {
  uint8_t out[OK_TIDB_DECIMAL_MAX];
  size_t len;
  /* 9.995 in DECIMAL(4, 2): rounds to 10.00 (a carry into a new digit) */
  check(ok_tidb_enc_decimal(out, &len, 0, "9995", 4, 0, 4, 2) == OK_OK, "tidb: 9.995 fits (4, 2)",
        "");
  hex_is(out, len, "0604028A00", "tidb: 9.995 is 10.00 in DECIMAL(4, 2)");
  /* 99.95 in DECIMAL(3, 1): 100.0 needs a 4th digit */
  check(ok_tidb_enc_decimal(out, &len, 0, "9995", 4, 1, 3, 1) == OK_E_RANGE,
        "tidb: 99.95 does not fit DECIMAL(3, 1)", "");
  /* -0.004 in DECIMAL(5, 2): rounds to zero, which has no sign */
  check(ok_tidb_enc_decimal(out, &len, 1, "4", 1, -3, 5, 2) == OK_OK, "", "");
  hex_is(out, len, "060502800000", "tidb: -0.004 is 0.00");
  check(ok_tidb_enc_decimal(out, &len, 0, "1", 1, 0, 66, 0) == OK_E_RANGE, "tidb: precision 66",
        "");
  check(ok_tidb_enc_decimal(out, &len, 0, "1", 1, 0, 5, 6) == OK_E_RANGE,
        "tidb: scale over precision", "");
}

static void test_tidb_parts(void) {
  uint64_t packed;
  uint8_t raw[64], key[80], back[80];
  size_t n, wn, len, err, count;
  check(ok_tidb_datetime_pack(&packed, 2024, 2, 29, 12, 30, 45, 123456) == OK_OK &&
            packed == 0x19B2BAC7AD01E240ULL,
        "tidb: a DATETIME packed", "");
  check(ok_tidb_datetime_pack(&packed, 10000, 1, 1, 0, 0, 0, 0) == OK_E_RANGE, "tidb: year 10000",
        "");
  /* every length around the groups: wraps, unwraps, and reads as one item */
  for (n = 0; n <= 18; n++) {
    size_t i;
    for (i = 0; i < n; i++) raw[i] = (uint8_t)(i * 37);
    wn = ok_tidb_enc_bytes(key, 0, raw, n);
    check(wn == (n / 8 + 1) * 9 && ok_tikv_unwrap(back, &len, key, wn, &err) == OK_OK && len == n &&
              memcmp(back, raw, n) == 0,
          "tikv: wraps and unwraps", "");
  }
  /* a marker inside, a byte of padding, and a length no whole number of groups */
  n = ok_tidb_enc_bytes(key, 0, (const uint8_t *)"0123456789", 10);
  key[8] = 0xFE;
  check(ok_tikv_unwrap(back, &len, key, n, &err) == OK_E_BYTE && err == 8, "tikv: marker", "");
  key[8] = 0xFF, key[16] = 1;
  check(ok_tikv_unwrap(back, &len, key, n, &err) == OK_E_NONCANONICAL && err == 16, "tikv: padding",
        "");
  check(ok_tikv_unwrap(back, &len, key, n - 1, &err) == OK_E_LENGTH, "tikv: length", "");
  /* the empty key: x'', no items; the encoded empty TiDB key (the padding
  ** alone), which TiDB never makes, refused: else two keys read alike */
  n = ok_tidb_enc_bytes(key, 0, raw, 0);
  check(ok_count(&ok_format_tikv, key, 0, &count, &err) == OK_OK && count == 0 &&
            ok_count(&ok_format_tikv, key, n, &count, &err) == OK_E_NONCANONICAL && err == 0,
        "tikv: the empty key, and the encoded empty TiDB key refused", "");
}

/* The items of key[0..n) by ok_next (one at a time), and the status and
** offset that end the walk. */
static size_t walk_one(const ok_format *f, const uint8_t *key, size_t n, ok_item *items, size_t cap,
                       int *rc, size_t *err) {
  ok_walk w;
  size_t k = 0;
  ok_walk_start(&w, f, key, n);
  while (k < cap && (*rc = ok_next(&w, items + k, err)) == OK_OK) k++;
  return k;
}

/* TiKV's batch reader (ok_next_n: the rest of a key out of its groups at
** once, read by TiDB's decoder) against its reader by the item, on random
** keys of TiKV's groups: datums of every kind, strings across groups and
** past the reader's room (32 groups), half the keys damaged; in batches of
** 1 to 5, after 0 to 2 single steps: the same items (values read out),
** the same status at the same offset, the walk at the same place. */
static void test_tikv_batches(long rounds) {
  static uint8_t raw[1024], key[1200], s[300]; /* raw: under 300 bytes, then a datum */
  ok_item one[80], batch[8];
  long r, bad = 0, batched = 0;
  for (r = 0; r < rounds; r++) {
    size_t rn = 0, n, count, err, got, at, i, cap, pre;
    int rc, rc_n;
    char what[64];
    while (rn < 300 && rnd() % 5) {
      size_t len;
      switch (rnd() % 7) {
        case 0: rn += ok_tidb_enc_null(raw + rn); break;
        case 1: rn += ok_tidb_enc_int(raw + rn, (int64_t)rnd() >> (rnd() % 64)); break;
        case 2: rn += ok_tidb_enc_uint(raw + rn, rnd()); break;
        case 3: rn += ok_tidb_enc_float(raw + rn, (double)(int64_t)rnd() / 1024.0); break;
        case 4:
          if (ok_tidb_enc_decimal(raw + rn, &len, (int)(rnd() & 1), "12345", 5,
                                  (int64_t)(rnd() % 8), 20, 6) == OK_OK)
            rn += len;
          break;
        default:
          len = (size_t)(rnd() % 3 ? rnd() % 30 : rnd() % 300);
          for (i = 0; i < len; i++) s[i] = (uint8_t)(rnd() % 4 ? 'a' + rnd() % 26 : rnd());
          rn += ok_tidb_enc_bytes(raw + rn, OK_TIDB_BYTES, s, len);
      }
    }
    n = ok_tidb_enc_bytes(key, 0, raw, rn);
    if (r % 2) n = damage(key, n);
    count = walk_one(&ok_format_tikv, key, n, one, 80, &rc, &err);
    for (cap = 1; cap <= 5; cap++) {
      ok_walk w;
      ok_walk_start(&w, &ok_format_tikv, key, n);
      pre = (size_t)(rnd() % 3);
      for (at = 0; at < pre && at < count; at++) ok_next(&w, batch, &got);
      do {
        size_t e = 0;
        rc_n = ok_next_n(&w, batch, cap, &got, &e);
        for (i = 0; i < got; i++) bad += at + i >= count || !same_item(batch + i, one + at + i);
        at += got;
        batched += cap > 1 && got > 1;
        if (rc_n != OK_OK) bad += at != count || rc_n != rc || e != err;
        bad += w.index != at || (at && w.at + one[at - 1].len != w.off);
      } while (rc_n == OK_OK && at < 80);
      if (bad) {
        snprintf(what, sizeof what, "key %ld, batches of %zu", r, cap);
        check(0, "tikv: ok_next_n as ok_next", what);
        return;
      }
    }
  }
  check(bad == 0 && batched > rounds, "tikv: ok_next_n as ok_next, in batches of 1 to 5", "");
}

/* The typed decoders: each value its encoder writes read back exactly,
** both directions; each damage refused at its byte; and where they read an
** item, the item ok_crdb_decode reads. */
static void test_crdb_typed(long rounds) {
  static const int64_t ints[] = {0,
                                 1,
                                 109,
                                 110,
                                 255,
                                 256,
                                 -1,
                                 -255,
                                 -256,
                                 INT64_MAX,
                                 INT64_MIN,
                                 (int64_t)1 << 53,
                                 ((int64_t)1 << 53) + 1,
                                 -((int64_t)1 << 53) - 1};
  static const double reals[] = {0.0,
                                 -0.0,
                                 1.5,
                                 -1.5,
                                 5e-324,
                                 -5e-324,
                                 2.2250738585072014e-308,
                                 DBL_MAX,
                                 -DBL_MAX,
                                 HUGE_VAL,
                                 -HUGE_VAL,
                                 9007199254740993.0};
  uint8_t key[64], out[64];
  size_t n, len = 0, vlen = 0, err = 0, i;
  long r, bad = 0;
  int desc, rc;
  int64_t v;
  double d;
  for (desc = 0; desc < 2; desc++) {
    for (i = 0; i < sizeof ints / sizeof *ints; i++) {
      n = ok_crdb_enc_int(key, ints[i], desc);
      key[n] = 0x12; /* what follows is not read */
      bad += ok_crdb_dec_int(key, n + 1, desc, &v, &len, &err) != OK_OK || v != ints[i] || len != n;
    }
    for (i = 0; i < sizeof reals / sizeof *reals; i++) {
      n = ok_crdb_enc_float(key, reals[i], desc);
      bad += ok_crdb_dec_float(key, n, desc, &d, &len, &err) != OK_OK || d != reals[i] ||
             len != n || (d == 0 && signbit(d)); /* both zeros are one key: 0.0 */
    }
    n = ok_crdb_enc_float(key, NAN, desc);
    bad += ok_crdb_dec_float(key, n, desc, &d, &len, &err) != OK_OK || d == d || len != 1;
    bad += ok_crdb_dec_float(key, n, !desc, &d, &len, &err) != OK_E_TAG || err != 0;
    n = ok_crdb_enc_bytes(key, (const uint8_t *)"a\0\xFF\0b", 5, desc);
    bad += ok_crdb_dec_bytes(key, n, desc, out, &vlen, &len, &err) != OK_OK || vlen != 5 ||
           memcmp(out, "a\0\xFF\0b", 5) != 0 || len != n;
    bad += ok_crdb_dec_bytes(key, n, desc, NULL, &vlen, &len, &err) != OK_OK || vlen != 5;
    bad += ok_crdb_dec_bytes(key, n, !desc, out, &vlen, &len, &err) != OK_E_TAG || err != 0;
    bad += ok_crdb_dec_int(key, n, desc, &v, &len, &err) != OK_E_TAG || err != 0;
  }
  check(!bad, "crdb typed: edge values read back, both directions", "");
  /* ids: ok_crdb_enc_uvarint's bytes are ok_crdb_enc_int's below 2^63, beyond it out of range */
  for (r = 0; r < 64; r++) {
    uint64_t id = r == 63 ? (uint64_t)INT64_MAX : rnd() >> (r + 1) | (uint64_t)1 << (62 - r);
    uint8_t k2[16];
    n = ok_crdb_enc_uvarint(key, id);
    bad += n != ok_crdb_enc_int(k2, (int64_t)id, 0) || memcmp(key, k2, n) != 0 ||
           ok_crdb_dec_int(key, n, 0, &v, &len, &err) != OK_OK || (uint64_t)v != id || len != n;
  }
  n = ok_crdb_enc_uvarint(key, (uint64_t)INT64_MAX + 1);
  bad += ok_crdb_dec_int(key, n, 0, &v, &len, &err) != OK_E_RANGE || err != 0;
  check(!bad, "crdb typed: ids (uvarints) read as integers below 2^63", "");
  /* damage: each at its byte */
  n = ok_crdb_enc_bytes(key, (const uint8_t *)"ab", 2, 0); /* 12 61 62 00 01 */
  check(ok_crdb_dec_bytes(key, n - 1, 0, out, &vlen, &len, &err) == OK_E_TRUNCATED && err == n - 1,
        "crdb typed: bytes without their end", "");
  key[4] = 0x02;
  check(ok_crdb_dec_bytes(key, n, 0, out, &vlen, &len, &err) == OK_E_ESCAPE && err == 4,
        "crdb typed: a bad escape, at its byte", "00 02 at 3");
  n = ok_crdb_enc_int(key, 300, 0); /* F7 01 2C */
  check(ok_crdb_dec_int(key, n - 1, 0, &v, &len, &err) == OK_E_TRUNCATED && err == n - 1,
        "crdb typed: a cut integer", "");
  key[0] = 0xF7, key[1] = 0x00, key[2] = 0x7F; /* 127 in two bytes */
  check(ok_crdb_dec_int(key, 3, 0, &v, &len, &err) == OK_E_NONCANONICAL && err == 0,
        "crdb typed: a noncanonical integer", "F7007F");
  n = ok_crdb_enc_float(key, 2.0, 0);
  key[1] = 0xC0; /* -2.0's bits under the positive marker */
  check(ok_crdb_dec_float(key, n, 0, &d, &len, &err) == OK_E_NONCANONICAL && err == 0,
        "crdb typed: a float's sign against its marker", "");
  check(ok_crdb_dec_int(key, 0, 0, &v, &len, &err) == OK_E_TRUNCATED && err == 0 &&
            ok_crdb_dec_float(key, 0, 0, &d, &len, &err) == OK_E_TRUNCATED &&
            ok_crdb_dec_bytes(key, 0, 0, out, &vlen, &len, &err) == OK_E_TRUNCATED,
        "crdb typed: no bytes", "");
  /* random values against the generic decoder */
  for (r = 0; r < rounds; r++) {
    num x = random_num();
    ok_item it;
    size_t e2;
    desc = (int)(rnd() & 1);
    n = x.is_int ? ok_crdb_enc_int(key, x.i, desc) : ok_crdb_enc_float(key, x.d, desc);
    if (rnd() % 4 == 0) key[rnd() % n] ^= (uint8_t)(1 + rnd() % 255); /* damaged, often */
    rc = x.is_int ? ok_crdb_dec_int(key, n, desc, &v, &len, &err)
                  : ok_crdb_dec_float(key, n, desc, &d, &len, &err);
    if (ok_crdb_decode(key, n, &it, &e2) != OK_OK) {
      bad += rc == OK_OK;
    } else if (rc == OK_OK) {
      bad += len != it.len ||
             (x.is_int             ? it.type != OK_INT || v != (desc ? ~it.i : it.i)
              : it.type == OK_TEXT ? d == d /* a NaN, read as 'NaN' */
                                   : it.type != OK_REAL || d != (desc ? -it.d : it.d));
    }
  }
  for (r = 0; r < rounds; r++) { /* bytes of 0x00, 0xFF, 0x01 and letters, damaged often */
    uint8_t s[8], back[sizeof out];
    size_t k, sn = rnd() % 8, e2;
    ok_item it;
    for (k = 0; k < sn; k++)
      s[k] = (uint8_t)"\0\xFF\x01" "ab"[rnd() % 5];
    desc = (int)(rnd() & 1);
    n = ok_crdb_enc_bytes(key, s, sn, desc);
    if (rnd() % 4 == 0) key[rnd() % n] ^= (uint8_t)(1 + rnd() % 255);
    rc = ok_crdb_dec_bytes(key, n, desc, out, &vlen, &len, &err);
    if (ok_crdb_decode(key, n, &it, &e2) != OK_OK || it.tag != (desc ? 0x13 : 0x12))
      bad += rc == OK_OK;
    else
      bad += rc != OK_OK || len != it.len || vlen != it.value_len ||
             ok_unescape(back, &it) != vlen || memcmp(out, back, vlen) != 0;
  }
  check(!bad, "crdb typed: random values agree with ok_crdb_decode", "");
}

/* Random values in each format: memcmp of the items has the sign of the
** values' order (ascending; CockroachDB's descending reversed). */
static void test_order(long rounds) {
  long r;
  int bad_crdb = 0, bad_desc = 0, bad_tidb = 0;
  for (r = 0; r < rounds; r++) {
    num a = random_num(), b = random_num();
    uint8_t ka[16], kb[16];
    size_t na, nb;
    int want = cmp_num(a, b), got;
    if (a.is_int != b.is_int) continue; /* one type a column */
    na = a.is_int ? ok_crdb_enc_int(ka, a.i, 0) : ok_crdb_enc_float(ka, a.d, 0);
    nb = b.is_int ? ok_crdb_enc_int(kb, b.i, 0) : ok_crdb_enc_float(kb, b.d, 0);
    got = sign(cmp_bytes(ka, na, kb, nb));
    bad_crdb += got != want;
    na = a.is_int ? ok_crdb_enc_int(ka, a.i, 1) : ok_crdb_enc_float(ka, a.d, 1);
    nb = b.is_int ? ok_crdb_enc_int(kb, b.i, 1) : ok_crdb_enc_float(kb, b.d, 1);
    bad_desc += sign(cmp_bytes(ka, na, kb, nb)) != -want;
    na = a.is_int ? ok_tidb_enc_int(ka, a.i) : ok_tidb_enc_float(ka, a.d);
    nb = b.is_int ? ok_tidb_enc_int(kb, b.i) : ok_tidb_enc_float(kb, b.d);
    got = sign(cmp_bytes(ka, na, kb, nb));
    /* TiDB keys -0.0 below 0.0 */
    bad_tidb += got != want && !(want == 0 && !a.is_int && a.d == 0);
  }
  check(!bad_crdb, "crdb: order of random numbers", "");
  check(!bad_desc, "crdb: descending order of random numbers", "");
  check(!bad_tidb, "tidb: order of random numbers", "");
}

void test_stores(long rounds) {
  test_time_parse();
  test_crdb_decimal();
  test_crdb_interval();
  test_tidb_decimal();
  test_tidb_parts();
  test_tikv_batches(rounds / 30);
  test_order(rounds);
  test_crdb_typed(rounds);
}
