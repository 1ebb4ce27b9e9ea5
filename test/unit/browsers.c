/*
** browsers.c -- unit tests of the browsers' IndexedDB keys (src/firefox.c,
** src/webkit.c, src/chrome.c) as three implementations of one order: random
** values (numbers, Dates, strings of any UTF-16 units, binary, arrays three
** deep) written in the three formats; Firefox's keys by their bytes, WebKit's
** under its collation and Chrome's under idb_cmp1 (as a record's LevelDB
** key) must order every pair alike (but where WebKit compares binary with
** the rest of the key: a binary inside an array), each key must equal
** itself, and the collations must be antisymmetric on every pair. And
** IDBKEY as the order an index needs, on any TEXT: over pools of valid,
** mutated and unreadable keys, NaN and arrays deeper than ok counts, every
** pair antisymmetric and every triple transitive.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../item.h"
#include "ok_chrome.h"
#include "ok_chromesql.h"
#include "ok_firefox.h"
#include "ok_orderedbinary.h"
#include "ok_webkit.h"
#include "test.h"

#define KEY_ROOM 2048

typedef struct {
  uint8_t ff[KEY_ROOM], wk[KEY_ROOM], cr[KEY_ROOM]; /* cr: a record's LevelDB key */
  size_t nf, nw, nc;
  int binary_inside; /* a binary value inside an array */
  int nested;        /* an array inside an array */
} pair;

/* Random WTF-8 text: ASCII, 2- and 3-byte characters, astral ones, and
** lone surrogates (never a high one just before a low one); a third of
** them 4 to 16 characters, mostly ASCII (the writers' short path). */
static size_t random_text(uint8_t *s) {
  int ascii = rnd() % 3 == 0, after_high = 0;
  size_t n = 0, count = (size_t)(ascii ? 4 + rnd() % 13 : rnd() % 5), i;
  for (i = 0; i < count; i++) {
    unsigned c;
    switch (ascii && rnd() % 8 ? 0 : rnd() % 6) {
      case 0: c = (unsigned)(rnd() % 0x80); break;
      case 1: c = 0x80 + (unsigned)(rnd() % 0x780); break;
      case 2: c = 0x800 + (unsigned)(rnd() % 0xD000); break;
      case 3: c = 0xE000 + (unsigned)(rnd() % 0x2000); break;
      case 4: c = 0x10000 + (unsigned)(rnd() % 0x100000); break;
      default: c = 0xD800 + (unsigned)(rnd() % 0x800); /* a lone surrogate */
    }
    if (after_high && c >= 0xDC00 && c <= 0xDFFF) c = 'x';
    after_high = c >= 0xD800 && c <= 0xDBFF;
    if (c < 0x80) {
      s[n++] = (uint8_t)c;
    } else if (c < 0x800) {
      s[n++] = (uint8_t)(0xC0 | c >> 6), s[n++] = (uint8_t)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      s[n++] = (uint8_t)(0xE0 | c >> 12), s[n++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
      s[n++] = (uint8_t)(0x80 | (c & 0x3F));
    } else {
      s[n++] = (uint8_t)(0xF0 | c >> 18), s[n++] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
      s[n++] = (uint8_t)(0x80 | (c >> 6 & 0x3F)), s[n++] = (uint8_t)(0x80 | (c & 0x3F));
    }
  }
  return n;
}

/* One random value appended to both keys (Firefox's unfolded). */
static void random_value(pair *p, int depth, int in_array) {
  uint8_t s[16 * 4] = {0};
  size_t n, len, err, i;
  int kind = (int)(rnd() % (depth < 3 ? 5 : 4));
  switch (kind) {
    case 0: {
      num x = random_num();
      double d = x.is_int ? (double)x.i : x.d;
      p->nf += ok_firefox_enc_number(p->ff + p->nf, OK_FIREFOX_NUMBER, d);
      p->nw += ok_webkit_enc_number(p->wk + p->nw, OK_WEBKIT_NUMBER, d);
      p->nc += ok_chrome_enc_number(p->cr + p->nc, OK_CHROME_NUMBER, d);
      return;
    }
    case 1: { /* whole ms within a Date's range, far from 2^53's unit steps */
      double ms = (double)((int64_t)(rnd() % 2000000000000000ULL) - 1000000000000000LL);
      p->nf += ok_firefox_enc_date(p->ff + p->nf, ms);
      p->nw += ok_webkit_enc_date(p->wk + p->nw, ms);
      p->nc += ok_chrome_enc_date(p->cr + p->nc, ms);
      return;
    }
    case 2:
      n = random_text(s);
      ok_firefox_enc_string(p->ff + p->nf, &len, OK_FIREFOX_STRING, s, n, &err);
      p->nf += len;
      ok_webkit_enc_string(p->wk + p->nw, &len, s, n, &err);
      p->nw += len;
      ok_chrome_enc_string(p->cr + p->nc, &len, s, n, &err);
      p->nc += len;
      return;
    case 3:
      n = (size_t)(rnd() % 3 ? rnd() % 4 : 4 + rnd() % 13);
      for (i = 0; i < n; i++)
        s[i] = (uint8_t)(rnd() % 3 ? rnd() % (n > 3 ? 0x80 : 0x100) : 0x7F + rnd() % 2);
      ok_firefox_enc_string(p->ff + p->nf, &len, OK_FIREFOX_BINARY, s, n, &err);
      p->nf += len;
      p->nw += ok_webkit_enc_head(p->wk + p->nw, OK_WEBKIT_BINARY, n);
      memcpy(p->wk + p->nw, s, n);
      p->nw += n;
      p->nc += ok_chrome_enc_head(p->cr + p->nc, OK_CHROME_BINARY, n);
      memcpy(p->cr + p->nc, s, n);
      p->nc += n;
      p->binary_inside |= in_array;
      return;
    default:
      n = (size_t)(rnd() % 4);
      p->nested |= depth > 0;
      p->ff[p->nf++] = OK_FIREFOX_ARRAY;
      p->nw += ok_webkit_enc_head(p->wk + p->nw, OK_WEBKIT_ARRAY, n);
      p->nc += ok_chrome_enc_head(p->cr + p->nc, OK_CHROME_ARRAY, n);
      for (i = 0; i < n; i++) random_value(p, depth + 1, 1);
      p->ff[p->nf++] = OK_FIREFOX_END;
  }
}

static long bad_fold; /* arrays of no array that ok_firefox_fold_flat folds otherwise */

static void random_pair(pair *p) {
  static uint8_t u[KEY_ROOM];
  size_t n;
  p->nf = 0, p->nw = 1, p->nc = 4, p->binary_inside = 0, p->nested = 0;
  p->wk[0] = OK_WEBKIT_VERSION;
  memcpy(p->cr, "\x00\x01\x01\x01", 4); /* database 1, store 1, a record */
  random_value(p, 0, 0);
  memcpy(u, p->ff, p->nf);
  n = p->nf;
  p->nf = ok_firefox_fold(p->ff, p->ff, p->nf, 1);
  if (u[0] == OK_FIREFOX_ARRAY && !p->nested &&
      ((n = ok_firefox_fold_flat(u + 1, n - 1)) != p->nf || memcmp(u + 1, p->ff, n) != 0))
    bad_fold++;
}

void test_browsers(long rounds) {
  static pair a, b;
  long r, same = 0, compared = 0, bad_order = 0, bad_self = 0, bad_swap = 0, bad_read = 0;
  long bad_chrome = 0;
  for (r = 0; r < rounds; r++) {
    int f, w;
    size_t count, err;
    random_pair(&a);
    random_pair(&b);
    if (ok_count(&ok_format_firefox, a.ff, a.nf, &count, &err) != OK_OK ||
        ok_count(&ok_format_webkit, a.wk, a.nw, &count, &err) != OK_OK ||
        ok_count(&ok_format_chrome, a.cr + 4, a.nc - 4, &count, &err) != OK_OK)
      bad_read++;
    f = sign(cmp_bytes(a.ff, a.nf, b.ff, b.nf));
    /* Chrome's compares binary by its own bytes: every pair */
    if (ok_chrome_compare(a.cr, a.nc, b.cr, b.nc) != f ||
        ok_chrome_compare(b.cr, b.nc, a.cr, a.nc) != -f)
      bad_chrome++;
    w = ok_webkit_compare(a.wk, a.nw, b.wk, b.nw);
    if (w != -ok_webkit_compare(b.wk, b.nw, a.wk, a.nw)) bad_swap++;
    if (ok_webkit_compare(a.wk, a.nw, a.wk, a.nw) != 0) bad_self++;
    if (a.binary_inside || b.binary_inside) continue;
    compared++;
    same += f == 0;
    if (f != w) {
      if (bad_order++ == 0) {
        char x[128], y[128];
        to_hex(x, a.ff, a.nf < 60 ? a.nf : 60);
        to_hex(y, b.ff, b.nf < 60 ? b.nf : 60);
        check(0, "browsers: Firefox's byte order is WebKit's IDBKEY order", x);
        check(0, "browsers: (the other key)", y);
      }
    }
  }
  check(bad_read == 0, "browsers: random keys read in both formats", "");
  check(bad_swap == 0, "browsers: IDBKEY is antisymmetric", "");
  check(bad_self == 0, "browsers: IDBKEY says a key equals itself", "");
  check(bad_order == 0 && compared > rounds / 2 && same > 0,
        "browsers: Firefox's byte order is WebKit's IDBKEY order, ties alike", "");
  check(bad_chrome == 0, "browsers: Firefox's byte order is Chrome's idb_cmp1, ties alike", "");
  check(bad_fold == 0, "browsers: Firefox's flat fold of an array of no array, the same key", "");
}

/* 1 when ok_next_n, in batches of every size from 1 to 6, gives key[0..n)
** (format f) as ok_next does one by one: the same items, the walk where
** ok_next leaves it after the same item, the same status at the same
** offset. WebKit's and Chrome's read a whole array from its start without
** the first element's scan of the key (ok_array_n), which ok_next keeps. */
static int same_batches(const ok_format *f, const uint8_t *key, size_t n) {
  enum { MAX = 64 };
  static ok_item one[MAX];
  ok_walk w, at[MAX + 1];
  ok_item batch[6];
  size_t k = 0, err = 0, got, cap, i, j, e;
  int rc = OK_OK, rb;
  ok_walk_start(&w, f, key, n);
  at[0] = w;
  while (k < MAX && (rc = ok_next(&w, one + k, &err)) == OK_OK) at[++k] = w;
  if (k == MAX) return 1; /* longer than this test holds: not compared */
  for (cap = 1; cap <= 6; cap++) {
    ok_walk_start(&w, f, key, n);
    for (i = 0;; i += got) {
      e = (size_t)-1;
      rb = ok_next_n(&w, batch, cap, &got, &e);
      if (i + got > k) return 0;
      for (j = 0; j < got; j++)
        if (!same_item(batch + j, one + i + j) || ok_js_sole(batch + j) != ok_js_sole(one + i + j))
          return 0;
      if (w.at != at[i + got].at || w.off != at[i + got].off || w.index != at[i + got].index)
        return 0;
      if (rb != OK_OK) { /* the key's end or its error, where ok_next met it */
        if (rb != rc || e != err || i + got != k) return 0;
        break;
      }
      if (got != cap) return 0;
    }
  }
  return 1;
}

/* WebKit's and Chrome's keys, random and damaged (a byte changed, the key
** cut short or a byte added), read in batches as one by one. */
void test_browser_batches(long rounds) {
  static pair p;
  long r, bad_webkit = 0, bad_chrome = 0, read_whole = 0, chrome_whole = 0;
  for (r = 0; r < rounds; r++) {
    size_t count, err, i, k = 1 + (size_t)(rnd() % 5);
    random_pair(&p);
    if (r % 4) { /* most keys an array of 1 to 5 values, which ok_array_n reads */
      p.nw = 1 + ok_webkit_enc_head(p.wk + 1, OK_WEBKIT_ARRAY, k);
      p.nc = 4 + ok_chrome_enc_head(p.cr + 4, OK_CHROME_ARRAY, k);
      p.nf = 0; /* Firefox's bytes not read here: room for these */
      for (i = 0; i < k; i++) random_value(&p, 2, 1); /* an array in them at most */
    }
    if (r % 2) p.nw = damage(p.wk, p.nw), p.nc = 4 + damage(p.cr + 4, p.nc - 4);
    bad_webkit += !same_batches(&ok_format_webkit, p.wk, p.nw);
    bad_chrome += !same_batches(&ok_format_chrome, p.cr + 4, p.nc - 4);
    read_whole += ok_count(&ok_format_webkit, p.wk, p.nw, &count, &err) == OK_OK && count > 1;
    chrome_whole +=
        ok_count(&ok_format_chrome, p.cr + 4, p.nc - 4, &count, &err) == OK_OK && count > 1;
  }
  check(bad_webkit == 0 && read_whole > rounds / 4,
        "browsers: WebKit's keys in batches as one by one, damaged ones too", "");
  check(bad_chrome == 0 && chrome_whole > rounds / 4,
        "browsers: Chrome's keys in batches as one by one, damaged ones too", "");
}

/* A pool's key: random, then maybe mutated (a byte changed, cut, added). */
static size_t pool_key(uint8_t *out) {
  static pair p;
  size_t n, i;
  switch (rnd() % 8) {
    case 0: /* a NaN among numbers */
      n = 1 + ok_webkit_enc_head(out + 1, OK_WEBKIT_ARRAY, 2);
      out[0] = OK_WEBKIT_VERSION;
      n += ok_webkit_enc_number(out + n, OK_WEBKIT_NUMBER, rnd() % 2 ? 1.0 : 0.0);
      n += ok_webkit_enc_number(out + n, OK_WEBKIT_NUMBER, rnd() % 2 ? -0.0 : 0.0);
      if (rnd() % 2) {
        uint64_t nan = 0x7FF8000000000000ULL | (rnd() % 4);
        for (i = 0; i < 8; i++) out[n - 8 + i] = (uint8_t)(nan >> (8 * i));
      }
      return n;
    case 1: { /* arrays one deeper than ok counts, different inside */
      size_t depth = OK_WEBKIT_DEPTH + 1 + rnd() % 2;
      out[0] = OK_WEBKIT_VERSION, n = 1;
      for (i = 0; i < depth; i++) n += ok_webkit_enc_head(out + n, OK_WEBKIT_ARRAY, 1);
      return n + ok_webkit_enc_number(out + n, OK_WEBKIT_NUMBER, (double)(rnd() % 3));
    }
    default:
      random_pair(&p);
      memcpy(out, p.wk, p.nw);
      return damage(out, p.nw);
  }
}

size_t damage(uint8_t *out, size_t n) {
  switch (rnd() % 6) {
    case 0: out[rnd() % n] = (uint8_t)rnd(); break;
    case 1: n = (size_t)(rnd() % n); break;
    case 2: out[n++] = (uint8_t)rnd(); break;
    default: break;
  }
  return n;
}

void order_faults(int (*cmp)(const uint8_t *, size_t, const uint8_t *, size_t), const uint8_t *keys,
                  size_t room, const size_t *n, int count, order_tally *t) {
  static signed char c[ORDER_POOL_MAX][ORDER_POOL_MAX];
  int i, j, k;
  for (i = 0; i < count; i++)
    for (j = 0; j < count; j++)
      c[i][j] = (signed char)cmp(keys + (size_t)i * room, n[i], keys + (size_t)j * room, n[j]);
  for (i = 0; i < count; i++) {
    t->self += c[i][i] != 0;
    for (j = 0; j < count; j++) {
      t->swap += c[i][j] != -c[j][i];
      t->ties +=
          i != j && c[i][j] == 0 &&
          (n[i] != n[j] || memcmp(keys + (size_t)i * room, keys + (size_t)j * room, n[i]) != 0);
      for (k = 0; k < count; k++) /* a <= b <= c: a <= c, and equal only if all are */
        if (c[i][j] <= 0 && c[j][k] <= 0 &&
            (c[i][k] > 0 || (c[i][k] == 0) != (c[i][j] == 0 && c[j][k] == 0)))
          t->trans++;
    }
  }
}

void test_idbkey_order(long pools) {
  enum { N = 90, ROOM = (OK_WEBKIT_DEPTH + 4) * 9 + 16 };
  static uint8_t key[N][ROOM];
  size_t n[N];
  order_tally t = {0, 0, 0, 0};
  long pool, unreadable = 0;
  int i;
  for (pool = 0; pool < pools; pool++) {
    for (i = 0; i < N; i++) n[i] = pool_key(key[i]);
    /* a key of one pool twice, for ties */
    memcpy(key[N - 1], key[0], n[0]), n[N - 1] = n[0];
    order_faults(ok_webkit_compare, &key[0][0], ROOM, n, N, &t);
    for (i = 0; i < N; i++) {
      size_t count, err;
      unreadable += ok_count(&ok_format_webkit, key[i], n[i], &count, &err) != OK_OK;
    }
  }
  check(t.self == 0, "IDBKEY: every key equals itself (NaN, arrays past ok's depth, unreadable)",
        "");
  check(t.swap == 0, "IDBKEY: antisymmetric on every pair of valid, mutated and unreadable keys",
        "");
  check(t.trans == 0, "IDBKEY: transitive on every triple", "");
  check(unreadable > 0, "IDBKEY: the pools held keys WebKit cannot read", "");
}

/* WebKit's Dates: every whole ms of a Date's range written as WebKit writes
** it (ms / 1000 * 1000, two roundings: near +-141,000 years the double lands
** half a ms away) reads back as that ms. */
void test_webkit_dates(long rounds) {
  long r, bad = 0;
  for (r = 0; r < rounds; r++) {
    uint8_t key[10]; /* the version byte, the Date */
    ok_item it;
    size_t err;
    int64_t ms = r % 2 ? (int64_t)(rnd() % 17280000000000001ULL) - 8640000000000000LL
                       : (int64_t)(4400000000000000LL + (int64_t)(rnd() % 60000000000000ULL)) *
                             (rnd() % 2 ? 1 : -1);
    key[0] = OK_WEBKIT_VERSION;
    ok_webkit_enc_date(key + 1, (double)ms);
    if (ok_webkit_decode(key + 1, 9, &it, &err) != OK_OK || (int64_t)it.own[0] != ms) bad++;
  }
  check(bad == 0, "webkit: every whole ms of a Date's range reads back as written", "");
}

/* One string s[0..n) written by format number f and read back (decode, then
** ok_unescape): 1 when it is TEXT, its whole key, and s again; 2 when
** ordered-binary refuses to write it (a long string holding U+0001-U+0004). */
static int text_back(int f, const uint8_t *s, size_t n) {
  uint8_t key[4 * 80 + 16], back[4 * 80];
  size_t len = 0, err;
  ok_item it;
  int rc = OK_E_SYNTAX;
  switch (f) {
    case 0:
      if (ok_chromesql_enc_string(key, &len, s, n, &err) == OK_OK)
        rc = ok_chromesql_decode(key, len, &it, &err);
      break;
    case 1:
      if (ok_chrome_enc_string(key, &len, s, n, &err) == OK_OK)
        rc = ok_chrome_decode(key, len, &it, &err);
      break;
    case 2:
      if (ok_webkit_enc_string(key, &len, s, n, &err) == OK_OK)
        rc = ok_webkit_decode(key, len, &it, &err);
      break;
    case 3:
      if (ok_firefox_enc_string(key, &len, OK_FIREFOX_STRING, s, n, &err) == OK_OK)
        rc = ok_firefox_decode(key, len, 0, &it, &err);
      break;
    default:
      if ((rc = ok_orderedbinary_enc_string(key, &len, s, n)) == OK_E_AMBIGUOUS) return 2;
      if (rc == OK_OK) rc = ok_orderedbinary_decode(key, len, 1, &it, &err);
  }
  return rc == OK_OK && it.type == OK_TEXT && it.len == len && it.value_len == n &&
         ok_unescape(back, &it) == n && memcmp(back, s, n) == 0;
}

/* Text of every length to 72 (past ordered-binary's 64), ASCII alone and
** with one other character at each place (a 2-, 3- or 4-byte one; 7F,
** which these formats write in more bytes than other ASCII; 01, which
** ordered-binary escapes): the readers' word-at-a-time paths (8 bytes, 4
** UTF-16 units, 8 to 16 bytes in two words) and the loops after them must
** give back every byte. */
void test_browser_text(void) {
  static const char *const names[] = {"chromesql", "chrome", "webkit", "firefox", "orderedbinary"};
  static const char *const other[] = {"\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80", "\x7F",
                                      "\x01"};
  uint8_t s[72 + 4];
  char what[80];
  int f;
  for (f = 0; f < 5; f++) {
    size_t n, at, o, k, bad = 0, tried = 0;
    for (n = 0; n <= 72; n++)
      for (o = 0; o <= 5; o++)
        for (at = 0; at < (o == 5 ? 1 : n + 1); at++) {
          size_t len = 0;
          for (k = 0; k < n; k++) {
            if (o < 5 && k == at) {
              memcpy(s + len, other[o], strlen(other[o]));
              len += strlen(other[o]);
            }
            s[len++] = (uint8_t)('a' + k % 26);
          }
          tried++;
          /* ordered-binary writes a string of 64 units or more as it is, so
          ** one holding 01 is refused: exactly those */
          bad += text_back(f, s, len) !=
                 (f == 4 && o == 4 && at < n && len >= OK_ORDEREDBINARY_SHORT ? 2 : 1);
        }
    snprintf(what, sizeof what, "%s: text of 0-72 characters reads back (%zu tried)", names[f],
             tried);
    check(bad == 0, what, "");
  }
}

/* Chrome's SQLite array keys: ok_locate checks the components up to the
** one it returns, ok_pick and ok_count the whole key, at the same offsets
** as a full walk. */
void test_chromesql_walks(void) {
  uint8_t key[64], back[8];
  /* [1, 'a'], then a byte after the array's 00 */
  size_t n = from_hex(key, "5010BFF000000000000030620000FF"), at, count, err = 0;
  ok_item it;
  check(ok_locate(&ok_format_chromesql, key, n, 0, &it, &at, &err) == OK_OK && it.i == 1 && at == 0,
        "chromesql: locate 0 of [1, 'a'] with a byte after its end", "");
  check(ok_pick(&ok_format_chromesql, key, n, 0, &it, &at, &count, &err) == OK_E_TRAILING &&
            err == 14,
        "chromesql: pick 0 refuses the byte after the array's end, at it", "");
  n = from_hex(key, "5010BFF000000000000030620010"); /* a number cut short after the string */
  check(ok_locate(&ok_format_chromesql, key, n, 1, &it, &at, &err) == OK_OK && at == 10 &&
            it.type == OK_TEXT && it.value_len == 1 && ok_unescape(back, &it) == 1 &&
            back[0] == 'a',
        "chromesql: locate 1 ('a') before a damaged third", "");
  check(ok_count(&ok_format_chromesql, key, n, &count, &err) == OK_E_TRUNCATED && err == n,
        "chromesql: count finds the third cut short, at the key's end", "");
  n = from_hex(key, "5010BFF0000000000000306200"); /* no 00 closes the array */
  check(ok_count(&ok_format_chromesql, key, n, &count, &err) == OK_E_TRUNCATED && err == n,
        "chromesql: an array without its end is cut short", "");
  n = from_hex(key, "5000");
  check(ok_count(&ok_format_chromesql, key, n, &count, &err) == OK_OK && count == 0,
        "chromesql: [] has no components", "");
}
