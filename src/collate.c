/*
** collate.c -- TEXT under a collation, as key bytes that memcmp in the
** collation's order (src/FORMAT.md, "Collated TEXT").
**
**   NOCASE      ASCII A-Z folded to a-z, as SQLite's NOCASE compares; and
**               as it does, after the first NUL only the length counts
**               (SQLite compares the rest no further: 'a\0x' = 'a\0y'), so
**               the bytes after a NUL become their count, as an integer;
**   RTRIM       trailing spaces (0x20) dropped, as SQLite's RTRIM compares;
**   ok_natural  maximal runs of ASCII digits compare by numeric value, of
**               any length; among runs of equal value the one with fewer
**               leading zeros sorts first ('7' < '07' < '8'); every other
**               byte compares as in BINARY, a digit run standing where the
**               digits '0'..'9' stand. No two different texts are equal.
**
** The transformed bytes then go through the usual TEXT escaping. For
** ok_natural a digit run becomes NUM(value) NUM(zeros), where NUM of a
** decimal digit string g without leading zeros (length D, "" for zero) is
**   D <= 8:  byte '0' + D, then g
**   D >= 9:  byte '9', byte '0' + (digits of D), D in decimal, then g
** so NUM compares by numeric value, and every run token starts with a byte
** in '0'..'9', where the digits themselves would have stood.
*/
#include <string.h>

#include "internal.h"

static int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

/* Writes NUM of g[0..d) (no leading zeros) to out unless NULL; returns the
** byte count. */
static size_t put_num(uint8_t *out, const uint8_t *g, size_t d) {
  size_t n = 0;
  if (d <= 8) {
    if (out) out[0] = (uint8_t)('0' + d);
    n = 1;
  } else {
    char len[24];
    size_t k = 0, i, v = d;
    while (v) len[k++] = (char)('0' + v % 10), v /= 10;
    if (out) {
      out[0] = '9';
      out[1] = (uint8_t)('0' + k);
      for (i = 0; i < k; i++) out[2 + i] = (uint8_t)len[k - 1 - i];
    }
    n = 2 + k;
  }
  if (out) memcpy(out + n, g, d);
  return n + d;
}

/* NUM of a count, written in decimal. */
static size_t put_count(uint8_t *out, size_t z) {
  uint8_t dec[24], rev[24];
  size_t k = 0, i;
  while (z) rev[k++] = (uint8_t)('0' + z % 10), z /= 10;
  for (i = 0; i < k; i++) dec[i] = rev[k - 1 - i];
  return put_num(out, dec, k);
}

size_t ok_collate_transform(uint8_t *out, int tag, const uint8_t *s, size_t n) {
  size_t i, o = 0;
  if (tag == OK_TAG_RTRIM) {
    while (n > 0 && s[n - 1] == ' ') n--;
  }
  if (tag == OK_TAG_NOCASE) {
    uint8_t num[OK_NUM_MAX];
    for (i = 0; i < n && (i == 0 || s[i - 1] != 0); i++) {
      uint8_t c = s[i];
      if (out) out[i] = (uint8_t)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    if (i == n) return n;
    o = ok_enc_int(num, (int64_t)(n - i), 0); /* i is just past the NUL */
    if (out) memcpy(out + i, num, o);
    return i + o;
  }
  if (tag != OK_TAG_NATURAL) {
    if (out) memcpy(out, s, n);
    return n;
  }
  for (i = 0; i < n;) {
    size_t start = i, zeros;
    if (!is_digit(s[i])) {
      if (out) out[o] = s[i];
      o++, i++;
      continue;
    }
    while (i < n && s[i] == '0') i++;
    zeros = i - start;
    start = i;
    while (i < n && is_digit(s[i])) i++;
    o += put_num(out ? out + o : NULL, s + start, i - start);
    o += put_count(out ? out + o : NULL, zeros);
  }
  return o;
}

/* Length of a digit run at s[i..n), split into leading zeros and the rest. */
static size_t run(const uint8_t *s, size_t i, size_t n, size_t *zeros) {
  size_t start = i;
  while (i < n && s[i] == '0') i++;
  *zeros = i - start;
  while (i < n && is_digit(s[i])) i++;
  return i - start;
}

int ok_natural_cmp(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  size_t i = 0, j = 0;
  while (i < na && j < nb) {
    int da = is_digit(a[i]), db = is_digit(b[j]);
    if (!da || !db) {
      /* a run stands where the digits stand, so against another byte
      ** any digit decides the same way */
      int ka = da ? '0' : a[i], kb = db ? '0' : b[j];
      if (ka != kb) return ka < kb ? -1 : 1;
      i++, j++;
    } else {
      size_t za, zb, la = run(a, i, na, &za), lb = run(b, j, nb, &zb);
      size_t sa = la - za, sb = lb - zb; /* significant digits */
      int c;
      if (sa != sb) return sa < sb ? -1 : 1;
      if ((c = memcmp(a + i + za, b + j + zb, sa)) != 0) return c < 0 ? -1 : 1;
      if (za != zb) return za < zb ? -1 : 1;
      i += la, j += lb;
    }
  }
  return (i < na) - (j < nb);
}

/* --- Decoding ------------------------------------------------------------- */

/* Reads the unescaped bytes of a text body one at a time. */
typedef struct {
  const uint8_t *p;
  size_t n, i;
  uint8_t x;
} reader;

static int next(reader *r, uint8_t *c) {
  uint8_t b;
  if (r->i >= r->n) return 0;
  b = r->p[r->i++] ^ r->x;
  if (b == 0x01) b = (uint8_t)((r->p[r->i++] ^ r->x) - 1);
  *c = b;
  return 1;
}

/* Parses NUM at r: the digit string in g (unless NULL) and its length in *d,
** at most max. Returns 0 for a malformed or non-canonical NUM; first is its
** class byte. */
static int get_num(reader *r, uint8_t first, uint8_t *g, size_t *d, size_t max) {
  size_t k, i;
  uint8_t c;
  if (first < '9') {
    *d = (size_t)(first - '0');
  } else {
    if (!next(r, &c) || c < '1' || c > '0' + 20) return 0;
    k = (size_t)(c - '0');
    *d = 0;
    for (i = 0; i < k; i++) {
      if (!next(r, &c) || !is_digit(c) || (i == 0 && c == '0')) return 0;
      if (*d > ((size_t)-1 - 9) / 10) return 0;
      *d = *d * 10 + (size_t)(c - '0');
    }
    if (*d < 9) return 0;
  }
  if (*d > max) return 0;
  for (i = 0; i < *d; i++) {
    if (!next(r, &c) || !is_digit(c) || (i == 0 && c == '0')) return 0;
    if (g) g[i] = c;
  }
  return 1;
}

/* NOCASE: the folded text up to the first NUL, then as many NULs as the
** count after it says (equal under NOCASE to the text packed). */
static size_t nocase_restore(uint8_t *out, reader *r) {
  size_t o = 0, m = 0, err;
  uint8_t c, num[OK_NUM_MAX + 1];
  ok_item it;
  while (next(r, &c)) {
    if (c >= 'A' && c <= 'Z') return (size_t)-1;
    if (out) out[o] = c;
    o++;
    if (c == 0) break;
  }
  if (r->i == r->n) return o;
  while (m <= OK_NUM_MAX && next(r, &num[m])) m++;
  /* the count: a positive native integer (its tag tells the length) */
  if (m == 0 || num[0] <= OK_TAG_ZERO || num[0] >= OK_TAG_POS_INF ||
      ok_dec_number(num, m, num[0], 0, &it, &err) != OK_OK || it.len != m || it.type != OK_INT ||
      it.i > 2147483647) {
    return (size_t)-1;
  }
  if (out) memset(out + o, 0, (size_t)it.i);
  return o + (size_t)it.i;
}

size_t ok_collate_restore(uint8_t *out, int tag, const uint8_t *body, size_t n, uint8_t x) {
  reader r;
  size_t o = 0;
  int after_run = 0;
  uint8_t c;
  r.p = body, r.n = n, r.i = 0, r.x = x;
  if (tag == OK_TAG_NOCASE) return nocase_restore(out, &r);
  if (tag != OK_TAG_NATURAL) { /* BINARY and RTRIM: the text as it is */
    while (next(&r, &c)) {
      if (out) out[o] = c;
      o++;
    }
    if (tag == OK_TAG_RTRIM && o > 0 && (body[n - 1] ^ x) == ' ') return (size_t)-1;
    return o;
  }
  while (next(&r, &c)) {
    size_t d, z, zd, i;
    uint8_t zg[24];
    if (!is_digit(c)) {
      if (out) out[o] = c;
      o++;
      after_run = 0;
      continue;
    }
    if (after_run) return (size_t)-1; /* runs are maximal: never two in a row */
    if (!get_num(&r, c, out ? out + o : NULL, &d, n)) return (size_t)-1;
    if (!next(&r, &c) || !is_digit(c) || !get_num(&r, c, zg, &zd, 10)) return (size_t)-1;
    for (z = 0, i = 0; i < zd; i++) z = z * 10 + (size_t)(zg[i] - '0');
    /* no empty run, and no more zeros than any SQLite text can hold */
    if ((d == 0 && z == 0) || z > 2147483647u) return (size_t)-1;
    if (out) { /* the zeros go first: shift the digits up */
      memmove(out + o + z, out + o, d);
      memset(out + o, '0', z);
    }
    o += z + d;
    after_run = 1;
  }
  return o;
}
