/*
** words.c -- the core's word-at-a-time paths (eight bytes read or written
** at once, digits by pairs) against plain byte-by-byte references written
** here: decimal digits, UTF-8 checks, native text bodies and the errors of
** malformed ones, non-canonical number streams, Orderly's utf8 bytes, and
** the walks' skip of native components against their decoder.
** Each reference is the simplest reading of the format, so that a fast
** path that strays from it fails here at the exact value.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "ok_bytewise.h"
#include "ok_crdb.h"
#include "ok_fdb.h"
#include "ok_orderedcode.h"
#include "ok_tidb.h"
#include "test.h"

/* Bytes that the fast paths treat apart: escapes, terminators, UTF-8 lead
** and continuation bytes, the top of the byte range. */
static const uint8_t pool[] = {0x00, 0x01, 0x02, 0x03, 0x7F, 0x80, 0xA0, 0xBF, 0xC2, 0xDF, 0xE0,
                               0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF, 'a',  'z',  '!'};

/* Random bytes: letters mostly, one in four from the pool. */
static void random_bytes(uint8_t *p, size_t n) {
  size_t k;
  for (k = 0; k < n; k++) {
    uint64_t r = rnd();
    p[k] = (r & 3) ? (uint8_t)('a' + (r >> 8) % 26) : pool[(r >> 8) % sizeof pool];
  }
}

static void test_digits(long rounds) {
  uint64_t edges[200], u;
  size_t n = 0, k, bad = 0;
  long r;
  char want[24], got[24], why[80];
  edges[n++] = 0, edges[n++] = UINT64_MAX;
  for (u = 1, k = 0; k < 20; k++, u *= 10) edges[n++] = u - 1, edges[n++] = u, edges[n++] = u + 1;
  for (k = 1; k < 64; k++) edges[n++] = ((uint64_t)1 << k) - 1, edges[n++] = (uint64_t)1 << k;
  for (r = 0; r < rounds + (long)n; r++) {
    size_t len, w;
    u = r < (long)n ? edges[r] : rnd() >> (rnd() % 64); /* every bit length */
    w = (size_t)snprintf(want, sizeof want, "%llu", (unsigned long long)u);
    memset(got, '#', sizeof got);
    len = ok_u64_text(got, u);
    if (len != w || memcmp(got, want, w) != 0 || got[w] != '#' || ok_u64_digits(u) != w ||
        ok_u64_text(NULL, u) != w) {
      if (!bad++) snprintf(why, sizeof why, "%s: %d digits written", want, (int)len);
    }
    for (w = 0; w < 64 && u >> w; w++) continue;
    if (ok_bit_length(u) != w) bad++;
  }
  check(!bad, "words: ok_u64_text and ok_u64_digits against printf, ok_bit_length", why);
}

/* The longest valid UTF-8 prefix, a byte at a time. */
static size_t utf8_reference(const uint8_t *p, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned c = p[i], len, min, cp, k;
    if (c < 0x80) {
      i++;
      continue;
    }
    if (c >= 0xC2 && c <= 0xDF)
      len = 2, min = 0x80, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
      len = 3, min = 0x800, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
      len = 4, min = 0x10000, cp = c & 0x07;
    else
      break;
    if (len > n - i) break;
    for (k = 1; k < len && (p[i + k] & 0xC0) == 0x80; k++) cp = cp << 6 | (p[i + k] & 0x3Fu);
    if (k < len || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) break;
    i += len;
  }
  return i;
}

static void test_utf8_words(long rounds) {
  uint8_t s[48];
  size_t bad = 0, k;
  long r;
  char why[120] = "";
  for (r = 0; r < rounds; r++) {
    size_t n = (size_t)(rnd() % sizeof s), want, got;
    random_bytes(s, n);
    if (rnd() % 2) /* long ASCII runs, where the words are taken */
      for (k = 0; k < n; k++) s[k] = (uint8_t)('a' + s[k] % 26);
    if (n && rnd() % 2) s[rnd() % n] = pool[rnd() % sizeof pool];
    want = utf8_reference(s, n);
    got = ok_utf8_check(s, n);
    if (got != want && !bad++)
      snprintf(why, sizeof why, "%d bytes: prefix %d, the reference %d", (int)n, (int)got,
               (int)want);
  }
  check(!bad, "words: ok_utf8_check against a byte-by-byte reference (0-47 bytes)", why);
}

/* A native text body from c[0] (its tag) within n bytes, as the format
** says it: the first terminator ends it, and every 01 before it is
** followed by 01 or 02 (x: 0xFF when descending). */
static int body_reference(const uint8_t *c, size_t n, uint8_t x, size_t *len, size_t *at) {
  size_t end, j;
  for (end = 1; end < n && c[end] != x; end++) continue;
  if (end == n) return *at = n, OK_E_TRUNCATED;
  for (j = 1; j < end; j++) {
    if (c[j] != (0x01 ^ x)) continue;
    if (j + 1 >= end || ((c[j + 1] ^ x) != 0x01 && (c[j + 1] ^ x) != 0x02))
      return *at = j, OK_E_ESCAPE;
    j++;
  }
  *len = end + 1;
  return OK_OK;
}

/* ok_decode of a copy of key[0..n) on the heap, of that size: a read past
** its end is one that the sanitizer build reports. */
static int decode_exact(const uint8_t *key, size_t n, ok_item *it, size_t *at) {
  uint8_t *copy = malloc(n);
  int rc;
  if (!copy) return -1000;
  memcpy(copy, key, n);
  rc = ok_decode(copy, n, it, at);
  free(copy);
  return rc;
}

static void test_text_bodies(long rounds) {
  uint8_t value[96], key[2 * 96 + 16], back[96];
  size_t bad_good = 0, bad_broken = 0;
  long r;
  char why[120] = "";
  for (r = 0; r < rounds; r++) {
    size_t n = (size_t)(rnd() % 90), len, want_len = 0, at = 0, want_at = 0;
    int desc = (int)(rnd() % 2), rc, want;
    uint8_t x = desc ? 0xFF : 0x00;
    ok_item it;
    random_bytes(value, n);
    len = ok_enc_bytes(key, OK_TAG_TEXT, value, n, 1, desc);
    memset(key + len, 'q', 8); /* a next component's bytes, within the words read */
    rc = ok_decode(key, len + (rnd() % 2 ? 8 : 0), &it, &at);
    if (rc != OK_OK || it.len != len || it.value_len != n || ok_unescape(back, &it) != n ||
        memcmp(back, value, n) != 0)
      bad_good++;
    key[1 + rnd() % (len - 1)] = pool[rnd() % sizeof pool]; /* one byte of the body, changed */
    want = body_reference(key, len, x, &want_len, &want_at);
    rc = decode_exact(key, len, &it, &at);
    if (rc == OK_OK ? want != OK_OK || it.len != want_len : rc != want || at != want_at) {
      if (!bad_broken++)
        snprintf(why, sizeof why, "%d bytes: status %d at %d, the reference %d at %d", (int)len, rc,
                 (int)at, want, (int)want_at);
    }
  }
  check(!bad_good, "words: native text bodies of 0-89 bytes, either direction, read back", "");
  check(!bad_broken, "words: a changed body refused as a byte-by-byte reading refuses it", why);
}

/* A number whose stream of two groups or more ends in a zero group is
** refused at that byte, whether the stream is read a word at a time
** (bytes follow) or not. */
static void test_number_streams(long rounds) {
  uint8_t key[32];
  size_t bad = 0, tried = 0;
  long r;
  for (r = 0; r < rounds; r++) {
    num v = random_num();
    int desc = (int)(rnd() % 2), neg = v.is_int ? v.i < 0 : v.d < 0, tag;
    size_t len = v.is_int ? ok_enc_int(key, v.i, desc) : ok_enc_double(key, v.d, desc), at = 0;
    ok_item it;
    tag = key[0] ^ (desc ? 0xFF : 0x00);
    /* the tags that hold the exponent: the stream starts at byte 1 */
    if (len < 3 || !((tag >= 0x08 && tag <= 0x37) || (tag >= 0x3B && tag <= 0x6A))) continue;
    key[len - 1] = (uint8_t)(neg != desc ? 0xFF : 0x00); /* group 0, no `more`, as written */
    memset(key + len, 'q', 8);
    tried++;
    if (ok_decode(key, len, &it, &at) != OK_E_NONCANONICAL || at != len - 1) bad++;
    if (ok_decode(key, len + 8, &it, &at) != OK_E_NONCANONICAL || at != len - 1) bad++;
  }
  check(!bad && tried > (size_t)rounds / 4,
        "words: a number stream ending in a zero group refused at its byte", "");
}

/* Orderly's utf8: each byte plus 2, written and read back (taken off
** again) eight at a time, in both directions. */
static void test_orderly_utf8(long rounds) {
  ok_orderly *s[2] = {malloc(ok_orderly_size()), malloc(ok_orderly_size())};
  const char *why = "";
  uint8_t value[48], key[64], back[48];
  size_t at, err, bad = 0, bad_back = 0;
  long r;
  if (!s[0] || !s[1] || ok_orderly_parse(s[0], "utf8, long", 10, &at, &why) != OK_OK ||
      ok_orderly_parse(s[1], "utf8 desc, long", 15, &at, &why) != OK_OK) {
    check(0, "words: orderly schema", why);
    free(s[0]), free(s[1]);
    return;
  }
  for (r = 0; r < rounds; r++) {
    size_t n = (size_t)(rnd() % sizeof value), len, k;
    int d = (int)(rnd() % 2);
    uint8_t x = d ? 0xFF : 0x00;
    ok_orderly_value v[2];
    ok_item it;
    random_bytes(value, n);
    for (k = 0; k < n; k++)
      if (value[k] == 0xFF) value[k] = 0xFE; /* FE goes to 00 in a byte, with no carry */
    if (n && value[0] == 0xFE) value[0] = 'a';
    memset(v, 0, sizeof v);
    v[0].p = value, v[0].n = n, v[1].i = 7;
    len = ok_orderly_encode(key, sizeof key, s[d], v, 2, 0);
    for (k = 0; k < n && key[k] == (uint8_t)((value[k] + 2) ^ x); k++) continue;
    if (k < n || len != n + 2 || key[n] != (0x01 ^ x)) bad++;
    if (ok_locate(ok_orderly_format(s[d]), key, len, 0, &it, &at, &err) != OK_OK ||
        ok_unescape(back, &it) != n || memcmp(back, value, n) != 0)
      bad_back++;
  }
  check(!bad, "words: Orderly's utf8 bytes plus 2 each, to the byte, 0-47 bytes", "");
  check(!bad_back, "words: Orderly's utf8 read back, either direction, 0-47 bytes", "");
  free(s[0]), free(s[1]);
}

/* Native text of up to 10,000 bytes, few or many of them 0x00 and 0x01
** anywhere (by a window's edge too): escaped exactly as byte by byte. */
static void test_long_escapes(long rounds) {
  static uint8_t value[10000], key[20002], want[20002];
  static const size_t sizes[] = {63, 64, 65, 100, 4095, 4096, 4097, 4160, 8200, 10000};
  size_t bad = 0, i, k;
  long r;
  for (r = 0; r < rounds / 100 + 10; r++) {
    size_t n = sizes[(size_t)r % (sizeof sizes / sizeof sizes[0])], o = 1, len, every;
    every = (size_t[]){0, 3, 50, 1000, 5000}[rnd() % 5]; /* a low byte in `every`, or none */
    for (k = 0; k < n; k++) value[k] = (uint8_t)(2 + rnd() % 254);
    for (k = 0; every && k < n; k++)
      if (rnd() % every == 0) value[k] = (uint8_t)(rnd() % 2);
    if (r % 3 == 0) value[n - 1] = (uint8_t)(rnd() % 2), value[rnd() % n] = 0; /* at the ends */
    want[0] = OK_TAG_TEXT;
    for (i = 0; i < n; i++) {
      if (value[i] <= 1)
        want[o++] = 0x01, want[o++] = (uint8_t)(value[i] + 1);
      else
        want[o++] = value[i];
    }
    want[o++] = 0x00;
    len = ok_enc_bytes(key, OK_TAG_TEXT, value, n, 1, 0);
    if (len != o || ok_enc_bytes(NULL, OK_TAG_TEXT, value, n, 1, 0) != o || memcmp(key, want, o))
      bad++;
  }
  check(!bad, "words: long native text escaped as byte by byte, 63-10000 bytes", "");
}

/* Short text (0-24 bytes, the lengths the encoders copy as two words) in
** the formats that escape a byte: each byte of it in turn an escaped one
** (00, 01) or one beside them (02, 7F, 80, FE, FF), or none, against a byte
** loop; nothing written past the count returned. FDB's integers of every
** byte length likewise. */
static size_t short_reference(uint8_t *out, int format, const uint8_t *s, size_t n, int desc) {
  size_t o = 1, i;
  out[0] = format == 0 ? OK_TAG_TEXT : format == 1 ? OK_FDB_STRING : OK_CRDB_BYTES;
  for (i = 0; i < n; i++) {
    if (format == 0 && s[i] <= 1)
      out[o++] = 0x01, out[o++] = (uint8_t)(s[i] + 1);
    else if (format != 0 && s[i] == 0)
      out[o++] = 0x00, out[o++] = 0xFF;
    else
      out[o++] = s[i];
  }
  if (format == 2)
    out[o++] = 0x00, out[o++] = 0x01;
  else
    out[o++] = 0x00;
  for (i = format == 2 ? 1 : 0; desc && i < o; i++) out[i] = (uint8_t)~out[i];
  if (format == 2 && desc) out[0] = OK_CRDB_BYTES_DESC;
  return o;
}

/* ok_find_byte against memchr: every length to 40, the byte sought at
** each place or nowhere, its neighbours (0x01 after 0x00 borrows in the
** word test) and more of it after the first; in a buffer of exactly n
** bytes, so that the sanitizers see a read past it. */
static void test_find_byte(void) {
  static const uint8_t sought[] = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
  size_t n, at, s, bad = 0, tried = 0;
  char why[80] = "";
  for (n = 0; n <= 40; n++)
    for (at = 0; at <= n; at++) /* at == n: not there */
      for (s = 0; s < sizeof sought; s++) {
        uint8_t c = sought[s], *p = malloc(n ? n : 1);
        const uint8_t *got;
        size_t k;
        if (!p) abort();
        for (k = 0; k < n; k++) { /* c +- 1 around it, c again after it */
          uint64_t r = rnd() % 4;
          p[k] = (uint8_t)(r == 0 ? c + 1 : r == 1 ? c - 1 : r == 2 && k > at ? c : 'q');
          if (p[k] == c && k < at) p[k] = (uint8_t)(c ^ 0x40);
        }
        if (at < n) p[at] = c;
        got = ok_find_byte(p, c, n);
        tried++;
        if (got != memchr(p, c, n) && bad++ == 0)
          snprintf(why, sizeof why, "n %u, byte %02X at %u", (unsigned)n, c, (unsigned)at);
        free(p);
      }
  check(bad == 0 && tried == 6 * (41 * 42 / 2), /* lengths 0-40, n + 1 places each */
        "words: ok_find_byte as memchr", why);
}

/* ok_byte_below against the bytes one by one, for the k the writers and
** readers use and the ends of its range: a word of bytes at or above k
** with one byte (each value 0-255) at each place, and random words; set
** exactly when a byte is below k, its lowest flag the first such byte. */
static void test_byte_below(long rounds) {
  static const unsigned ks[] = {1, 2, 5, 0x1C, 0x7F, 0x80};
  size_t bad = 0, at, q, c;
  long r;
  char why[80] = "";
  for (q = 0; q < sizeof ks / sizeof ks[0]; q++)
    for (r = 0; r < rounds / 10 + 256 * 9; r++) {
      unsigned k = ks[q];
      uint8_t b[8];
      uint64_t v, got;
      size_t first = 8;
      for (at = 0; at < 8; at++) b[at] = (uint8_t)(k + rnd() % (256 - k));
      if (r < 256 * 9) { /* each byte value at each place (9: none) */
        if (r / 256 < 8) b[r / 256] = (uint8_t)r;
      } else {
        for (at = 0; at < 8; at++) b[at] = (uint8_t)rnd();
      }
      for (at = 0, v = 0; at < 8; at++) v |= (uint64_t)b[at] << (8 * at);
      for (c = 8; c-- > 0;)
        if (b[c] < k) first = c;
      got = ok_byte_below(v, k);
      if ((first == 8 ? got != 0 : !got || ok_low_bit(got) / 8 != first) && bad++ == 0)
        snprintf(why, sizeof why, "k %02X, word %016llX", k, (unsigned long long)v);
    }
  check(bad == 0, "words: ok_byte_below flags the first byte below k exactly", why);
}

/* ok_utf8_valid against ok_utf8_check: every length to 24, random bytes
** from the pool (lead and continuation bytes, the top of the range) at one
** place in ASCII or at every place, in a buffer of exactly n bytes. */
static void test_utf8_valid(long rounds) {
  size_t n, at, bad = 0;
  long r;
  char why[80] = "";
  for (r = 0; r < rounds / 100 + 1; r++)
    for (n = 0; n <= 24; n++)
      for (at = 0; at <= n; at++) { /* at == n: pool bytes anywhere */
        uint8_t *p = malloc(n ? n : 1);
        size_t k;
        if (!p) abort();
        if (at == n)
          random_bytes(p, n);
        else
          for (k = 0; k < n; k++)
            p[k] = k == at ? pool[rnd() % sizeof pool] : (uint8_t)('a' + k % 26);
        if (ok_utf8_valid(p, n) != (ok_utf8_check(p, n) == n) && bad++ == 0)
          snprintf(why, sizeof why, "n %u, odd byte at %u", (unsigned)n, (unsigned)at);
        free(p);
      }
  check(bad == 0, "words: ok_utf8_valid as ok_utf8_check", why);
}

static void test_short_escapes(void) {
  static const uint8_t odd[] = {0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF};
  uint8_t value[24], key[64], want[64];
  size_t bad = 0, tried = 0, n, at, k, b;
  char why[80] = "";
  int format, desc;
  for (n = 0; n <= 24; n++)
    for (at = 0; at <= n; at++) /* at == n: no odd byte */
      for (b = 0; b < (at < n ? sizeof odd : 1); b++)
        for (format = 0; format < 3; format++)
          for (desc = 0; desc < (format == 1 ? 1 : 2); desc++) {
            size_t o, len;
            for (k = 0; k < n; k++) value[k] = (uint8_t)('a' + (k * 7 + n) % 26);
            if (at < n) value[at] = odd[b];
            o = short_reference(want, format, value, n, desc);
            memset(key, 0xAA, sizeof key);
            len = format == 0   ? ok_enc_bytes(key, OK_TAG_TEXT, value, n, 1, desc)
                  : format == 1 ? ok_fdb_enc_bytes(key, OK_FDB_STRING, value, n)
                                : ok_crdb_enc_bytes(key, value, n, desc);
            tried++;
            if (len != o || memcmp(key, want, o) != 0 || key[o] != 0xAA) {
              if (!bad++)
                snprintf(why, sizeof why, "format %d, %d bytes, byte %02X at %d, desc %d", format,
                         (int)n, at < n ? odd[b] : 0, (int)at, desc);
            }
          }
  check(!bad && tried == 10625, "words: short text escaped as byte by byte, 0-24 bytes", why);
  for (bad = 0, k = 0; k < 64 * 3; k++) {
    int64_t v = (int64_t)(((uint64_t)1 << (k / 3)) - 1 + k % 3 - 1);
    size_t len, o, m, i;
    uint64_t mag;
    for (desc = 0; desc < 2; desc++, v = v == INT64_MIN ? v : -v) {
      mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
      for (m = 0; m < 8 && mag >> (8 * m); m++) continue;
      want[0] = (uint8_t)(v < 0 ? 0x14 - m : 0x14 + m);
      for (o = 1, i = m; i-- > 0;) want[o++] = (uint8_t)((v < 0 ? ~mag : mag) >> (8 * i));
      memset(key, 0xAA, sizeof key);
      len = ok_fdb_enc_int(key, v);
      if (len != o || memcmp(key, want, o) != 0 || key[o] != 0xAA) bad++;
    }
  }
  check(!bad, "words: FDB integers of 0-8 bytes, both signs, as byte by byte", "");
  /* TiDB's bytes: groups of 8, the last padded with zeros (made from words) */
  for (bad = 0, n = 0; n <= sizeof value; n++) {
    size_t o = 0, len, g;
    for (k = 0; k < n; k++) value[k] = (uint8_t)(0xFF - k);
    for (g = 0; g <= n; g += 8) {
      size_t take = n - g < 8 ? n - g : 8;
      for (k = 0; k < 8; k++) want[o++] = k < take ? (uint8_t)(0xFF - (g + k)) : 0;
      want[o++] = (uint8_t)(0xFF - (8 - take));
    }
    memset(key, 0xAA, sizeof key);
    len = ok_tidb_enc_bytes(key, 0, value, n);
    if (len != o || memcmp(key, want, o) != 0 || key[o] != 0xAA ||
        ok_tidb_enc_bytes(NULL, 0, value, n) != o)
      bad++;
  }
  check(!bad, "words: TiDB's byte groups of 0-24 bytes as byte by byte", "");
}

/* Component number *index of a key of format f (which has a skip) in
** key[0..len), made by `make` from a random value. */
typedef size_t (*maker)(uint8_t *key, size_t *index);

static size_t native_component(uint8_t *key, size_t *index) {
  int desc = (int)(rnd() % 2);
  uint8_t value[40];
  size_t n = (size_t)(rnd() % sizeof value);
  num v;
  *index = 0;
  if (rnd() % 2) {
    v = random_num();
    return v.is_int ? ok_enc_int(key, v.i, desc) : ok_enc_double(key, v.d, desc);
  }
  random_bytes(value, n);
  return ok_enc_bytes(key, rnd() % 4 ? OK_TAG_TEXT : OK_TAG_BLOB, value, n, 1, desc);
}

static size_t fdb_component(uint8_t *key, size_t *index) {
  uint8_t value[40];
  size_t n = (size_t)(rnd() % sizeof value);
  num v = random_num();
  *index = 0;
  switch (rnd() % 4) {
    case 0: return v.is_int ? ok_fdb_enc_int(key, v.i) : ok_fdb_enc_double(key, v.d);
    case 1: return ok_fdb_enc_float(key, (float)(v.is_int ? (double)v.i : v.d));
    case 2: return (key[0] = OK_FDB_NULL), 1;
  }
  random_bytes(value, n);
  return ok_fdb_enc_bytes(key, rnd() % 2 ? OK_FDB_STRING : OK_FDB_BYTES, value, n);
}

static size_t crdb_component(uint8_t *key, size_t *index) {
  int desc = (int)(rnd() % 2);
  uint8_t value[40];
  size_t n = (size_t)(rnd() % sizeof value);
  num v = random_num();
  *index = 0;
  switch (rnd() % 4) {
    case 0: return v.is_int ? ok_crdb_enc_int(key, v.i, desc) : ok_crdb_enc_float(key, v.d, desc);
    case 1: return ok_crdb_enc_null(key, desc);
  }
  random_bytes(value, n);
  return ok_crdb_enc_bytes(key, value, n, desc);
}

static size_t tidb_component(uint8_t *key, size_t *index) {
  uint8_t value[40];
  size_t n = (size_t)(rnd() % sizeof value);
  num v = random_num();
  *index = 0;
  switch (rnd() % 5) {
    case 0: return v.is_int ? ok_tidb_enc_int(key, v.i) : ok_tidb_enc_float(key, v.d);
    case 1: return ok_tidb_enc_uint(key, (uint64_t)v.i);
    case 2: return ok_tidb_enc_null(key);
  }
  random_bytes(value, n);
  return ok_tidb_enc_bytes(key, OK_TIDB_BYTES, value, n);
}

static size_t hbase_component(uint8_t *key, size_t *index) {
  int desc = (int)(rnd() % 2);
  uint8_t value[40];
  size_t n = (size_t)(rnd() % sizeof value), k;
  num v = random_num();
  *index = 0;
  switch (rnd() % 5) {
    case 0:
      return v.is_int ? ok_hbase_enc_int_num(key, v.i, desc)
                      : ok_hbase_enc_double_num(key, v.d, rnd() % 2 ? 17 : 21, desc);
    case 1: return ok_hbase_enc_int(key, OK_HBASE_INT32, (int32_t)v.i, desc);
    case 2: return ok_hbase_enc_header(key, rnd() % 2 ? OK_HBASE_NULL : OK_HBASE_TRUE, desc);
  }
  random_bytes(value, n);
  for (k = 0; k < n; k++)
    if (!value[k]) value[k] = 'n'; /* text holds no NUL */
  return ok_hbase_enc_text(key, OK_HBASE_TEXT, value, n, desc);
}

static ok_orderly *ol_schema; /* "long desc, double, utf8, uint, fixed_int desc" */

/* A key of the schema, from which field *index is cut out (the fields
** after it follow it). */
static size_t orderly_component(uint8_t *key, size_t *index) {
  uint8_t text[40], whole[96];
  size_t n = (size_t)(rnd() % sizeof text), len, at, err, k;
  ok_orderly_value v[5];
  ok_item it;
  num a = random_num();
  memset(v, 0, sizeof v);
  random_bytes(text, n);
  for (k = 0; k < n; k++)
    if (text[k] <= 1 || text[k] == 0xFF || (k == 0 && text[k] == 0xFE))
      text[k] = 'o'; /* what Orderly's utf8 holds */
  v[0].i = a.is_int ? a.i : (int64_t)rnd(), v[0].null = rnd() % 8 == 0;
  v[1].d = a.is_int ? (double)a.i : a.d, v[1].null = rnd() % 8 == 0;
  v[2].p = text, v[2].n = n, v[2].null = rnd() % 8 == 0;
  v[3].u = rnd() >> (32 + rnd() % 32), v[3].null = rnd() % 8 == 0; /* 32 bits */
  v[4].i = (int32_t)rnd();
  len = ok_orderly_encode(whole, sizeof whole, ol_schema, v, 5, 0);
  *index = (size_t)(rnd() % 5);
  if (ok_locate(ok_orderly_format(ol_schema), whole, len, *index, &it, &at, &err) != OK_OK) abort();
  memcpy(key, whole + at, len - at);
  return it.len;
}

/* The last item of a TiKV key of one to three TiDB items. */
static size_t tikv_component(uint8_t *key, size_t *index) {
  uint8_t raw[160], whole[200];
  size_t n = 0, len, at, err, k, items = 1 + (size_t)(rnd() % 3);
  ok_item it;
  for (k = 0; k < items; k++) n += tidb_component(raw + n, index);
  len = ok_tidb_enc_bytes(whole, 0, raw, n);
  *index = items - 1;
  if (ok_locate(&ok_format_tikv, whole, len, *index, &it, &at, &err) != OK_OK) abort();
  memcpy(key, whole + at, len - at);
  return it.len;
}

/* An element of an array: the first (with the A0 before it) or another,
** and the last (with the 00 after it) or not. */
static size_t bytewise_component(uint8_t *key, size_t *index) {
  uint8_t value[40];
  size_t n = (size_t)(rnd() % sizeof value), len = 0;
  num v = random_num();
  *index = rnd() % 2;
  if (*index == 0) key[len++] = OK_BYTEWISE_ARRAY;
  switch (rnd() % 3) {
    case 0: len += ok_bytewise_enc_number(key + len, v.is_int ? (double)v.i : v.d); break;
    case 1: key[len++] = OK_BYTEWISE_TRUE; break;
    default:
      random_bytes(value, n);
      len += ok_bytewise_enc_bytes(key + len, OK_BYTEWISE_STRING, value, n, 1);
  }
  if (rnd() % 2) key[len++] = 0x00;
  return len;
}

static ok_orderedcode oc_types; /* "string, int64 desc, float64" */

static size_t oc_component(uint8_t *key, size_t *index) {
  uint8_t value[40];
  size_t n = (size_t)(rnd() % sizeof value);
  num v = random_num();
  switch (*index = (size_t)(rnd() % 3)) {
    case 0: random_bytes(value, n); return ok_oc_enc_string(key, value, n, 0);
    case 1: return ok_oc_enc_int64(key, v.is_int ? v.i : (int64_t)(rnd() >> 1), 1);
  }
  return ok_oc_enc_float64(key, v.is_int ? (double)v.i : v.d, 0);
}

/* A format's skip (the walks' path past the components they do not read)
** steps over only what its decoder accepts, by the decoder's length, and
** most of what it writes: components as written, or changed in up to
** three bytes (from the pool: escapes, terminators, `more` bits), cut
** short, or followed by other bytes. */
static void test_skip(const ok_format *f, maker make, long rounds) {
  uint8_t key[224];
  size_t bad = 0, fast = 0;
  char why[120] = "", what[80];
  long r;
  for (r = 0; r < rounds; r++) {
    size_t index, len = make(key, &index), n, at = 0, skip;
    int rc, k;
    ok_item it;
    memset(&it, 0, sizeof it);
    random_bytes(key + len, 16); /* what follows: the next component's bytes */
    n = len; /* as written, half the time; else changed, cut short or followed */
    if (rnd() % 2) {
      for (k = (int)(rnd() % 4); k > 0; k--) key[rnd() % len] = pool[rnd() % sizeof pool];
      n = rnd() % 3 ? len + (size_t)(rnd() % 17) : (size_t)(rnd() % (len + 1));
    }
    rc = f->decode(f, index, key, n, &it, &at);
    skip = f->skip(f, index, key, n);
    if (skip && (rc != OK_OK || skip != it.len)) {
      if (!bad++)
        snprintf(why, sizeof why, "%d bytes from %02x: skip %d, decode %d (%d at %d)", (int)n,
                 key[0], (int)skip, rc, (int)it.len, (int)at);
    }
    fast += skip != 0;
  }
  snprintf(what, sizeof what, "words: %s skip steps over what decode accepts, by its length",
           f->name);
  snprintf(why + strlen(why), sizeof why - strlen(why), " (%d of %ld skipped)", (int)fast, rounds);
  check(!bad && fast > (size_t)rounds / 4, what, why);
}

void test_words(long rounds) {
  size_t at;
  const char *why = "";
  test_digits(rounds);
  test_utf8_words(rounds);
  test_text_bodies(rounds);
  test_number_streams(rounds);
  test_orderly_utf8(rounds);
  test_long_escapes(rounds);
  test_short_escapes();
  test_find_byte();
  test_byte_below(rounds);
  test_utf8_valid(rounds);
  test_skip(&ok_format_native, native_component, rounds * 10);
  test_skip(&ok_format_fdb, fdb_component, rounds * 10);
  test_skip(&ok_format_crdb, crdb_component, rounds * 10);
  test_skip(&ok_format_tidb, tidb_component, rounds * 10);
  test_skip(&ok_format_tikv, tikv_component, rounds * 10);
  test_skip(&ok_format_hbase, hbase_component, rounds * 10);
  test_skip(&ok_format_bytewise, bytewise_component, rounds * 10);
  if (!(ol_schema = malloc(ok_orderly_size())) ||
      ok_orderly_parse(ol_schema, "long desc, double, utf8, uint, fixed_int desc", 45, &at, &why) !=
          OK_OK)
    check(0, "words: orderly schema", why);
  else
    test_skip(ok_orderly_format(ol_schema), orderly_component, rounds * 10);
  free(ol_schema);
  if (ok_orderedcode_parse(&oc_types, "string, int64 desc, float64", 27, &at, &why) != OK_OK)
    check(0, "words: orderedcode types", why);
  else
    test_skip(&oc_types.format, oc_component, rounds * 10);
}
