/*
** internal.h -- declarations shared by the core's own files, not public.
*/
#ifndef OK_INTERNAL_H
#define OK_INTERNAL_H

#define OK_STATIC_LINKING_ONLY
#include <float.h>
#include <stddef.h>
#include <string.h>

#include "ok.h"
#include "ok_fdb.h"
#include "ok_hbase.h"
#include "ok_orderly.h"

/* Keys are exact only where each operation on doubles rounds once, to a
** double: Clinger's fast path, Java's exponent estimate and the digits'
** checks depend on it. x87 (32-bit x86 without SSE2 math) keeps doubles in
** 64-bit significands and rounds twice, which gives another double now and
** then: a wrong key. The Makefile builds 32-bit x86 with SSE2 math. */
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD < 0 || FLT_EVAL_METHOD > 1
#error "ok needs doubles rounded once (FLT_EVAL_METHOD 0 or 1): on 32-bit x86, -msse2 -mfpmath=sse"
#endif

/* A helper on a reader's hottest path that gcc would not inline into both
** of its callers: inlined all the same (its call and saved registers were
** a twentieth of a native locate). */
#if defined(__GNUC__)
#define OK_HOT_INLINE __attribute__((always_inline)) static inline
#else
#define OK_HOT_INLINE static inline
#endif

/* A format's decode hook (ok_format). */
typedef int ok_decode_fn(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                         ok_item *it, size_t *err_at);

/* Component number `index` of a walk, at key[off..n): decoded into *it by
** decode, or stepped over when `over` and the format can skip it; its
** length in *len. fields is f->fields, which a caller that loops keeps in a
** local: after a decoder's stores the compiler would load it again. */
OK_HOT_INLINE int ok_walk_step(const ok_format *f, ok_decode_fn *decode, size_t fields,
                               const uint8_t *key, size_t n, size_t off, size_t index, ok_item *it,
                               int over, size_t *len, size_t *err_at) {
  int rc;
  if (fields ? index == fields : off == n) {
    *err_at = off;
    if (n == 0 && index == 0 && !fields) /* the empty key: its format says */
      return decode(f, 0, key, 0, it, err_at);
    return off == n ? OK_FEWER : OK_E_TRAILING;
  }
  if (!over || !f->skip || (*len = f->skip(f, index, key + off, n - off)) == 0) {
    if ((rc = decode(f, index, key + off, n - off, it, err_at)) != OK_OK) {
      *err_at += off; /* OK_FEWER too: the rest holds no component (TiKV's padding) */
      return rc;
    }
    *len = it->len;
  }
  return OK_OK;
}

/* ok_next_n with decode for each component: the walk's state in locals (a
** decoder writes memory, which the compiler must assume may be the walk).
** fields is the descriptor's; a format whose keys run to their end passes
** the constant 0, and the count's test and the index leave the loop (its
** registers spilled less: CockroachDB's keys read a tenth faster). A
** format's `next` hook is this with its own decoder, which the compiler
** then inlines: OK_WALK_READER(name, decoder) defines it for a format whose
** keys run to their end, OK_WALK_READER_FIELDS for one whose descriptor may
** fix their count (a schema's). */
OK_HOT_INLINE int ok_walk_n(ok_walk *w, ok_decode_fn *decode, size_t fields, ok_item *items,
                            size_t cap, size_t *got, size_t *err_at) {
  const ok_format *const f = w->f;
  const uint8_t *const key = w->key;
  const size_t n = w->n, index = w->index;
  size_t off = w->off, len = 0, k;
  int rc = OK_OK;
  for (k = 0; k < cap && (rc = ok_walk_step(f, decode, fields, key, n, off, index + k, items + k, 0,
                                            &len, err_at)) == OK_OK;
       k++)
    off += len;
  if (k) {
    w->at = off - len; /* where the last item given starts */
    w->off = off;
    w->index = index + k;
  }
  *got = k;
  return rc;
}
#define OK_WALK_READER(name, decoder)                                                    \
  static int name(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at) { \
    return ok_walk_n(w, decoder, 0, items, cap, got, err_at);                            \
  }
#define OK_WALK_READER_FIELDS(name, decoder)                                             \
  static int name(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at) { \
    return ok_walk_n(w, decoder, w->f->fields, items, cap, got, err_at);                 \
  }

/* An item's shared fields reset for format f's decoder: as zeroing the
** whole item, but for the format's own room, which is left as it is (a
** tenth of a walk's time went into zeroing it). */
static inline void ok_item_reset(ok_item *it, const ok_format *f, int tag) {
  it->format = f;
  it->type = (ok_type)0;
  it->tag = tag;
  /* desc to direct, every byte 0 (a NULL body, a 0.0): a few wide stores,
  ** not one a field */
  memset(&it->desc, 0, offsetof(ok_item, direct) + sizeof it->direct - offsetof(ok_item, desc));
}

/* A JavaScript number d (bytewise, charwise) as an item's value: INTEGER
** when whole and within int64, else REAL (as native keys read 2.0). */
static inline void ok_js_number(ok_item *it, double d) {
  it->d = d;
  it->type = OK_REAL;
  if (d >= -9223372036854775808.0 && d < 9223372036854775808.0 && (double)(int64_t)d == d) {
    it->type = OK_INT;
    it->i = (int64_t)d;
  }
}

/* ok_js_sole's flag (ok_bytewise.h), kept in the last word of the item's
** own room by the bytewise and charwise decoders, whose own state is
** shorter. */
#define OK_JS_SOLE_WORD (OK_ITEM_OWN / 8 - 1)
static inline void ok_js_set_sole(ok_item *it, int sole) {
  it->own[OK_JS_SOLE_WORD] = (uint64_t)sole;
}

/* A decoder of one value of a key (WebKit's, Chrome's). */
typedef int ok_value_fn(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* ok_next_n's reader at the start of a key that is an array of `count`
** elements (1 to cap, within the key) after its `head` bytes, for formats
** whose first element's decoder checks the whole key (an element cannot
** see the array's count): the elements decoded by dec one after the other
** and the count checked against the key's end after them. The same checks
** in the same order as that first scan (the same first error, given with
** no element), without the scan's pass. */
OK_HOT_INLINE int ok_array_n(ok_walk *w, ok_value_fn *dec, size_t head, size_t count,
                             ok_item *items, size_t cap, size_t *got, size_t *err_at) {
  const uint8_t *const key = w->key;
  const size_t n = w->n;
  size_t off = head, k;
  int rc = OK_OK;
  for (k = 0; k < count; k++) {
    if ((rc = dec(key + off, n - off, items + k, err_at)) != OK_OK) {
      *err_at += off;
      break;
    }
    ok_js_set_sole(items + k, count == 1);
    off += items[k].len;
  }
  if (rc == OK_OK && off < n) *err_at = off, rc = OK_E_TRAILING;
  *got = 0;
  if (rc != OK_OK) return rc;
  items[0].len += head; /* the first element takes the array's head */
  w->at = n - items[count - 1].len;
  w->off = n;
  w->index = *got = count;
  if (count == cap) return OK_OK;
  *err_at = n; /* as the next step would say */
  return OK_FEWER;
}

/* WTF-8 (utf8.c): the code point of the sequence at s[0..n) (UTF-8, or a
** lone surrogate as its three bytes), its length in *k, 0 in *k when it is
** neither (a pair written as two surrogates included). And UTF-16 unit u
** appended at out[o] (out NULL: counted), *high the high surrogate before
** it (0 at first), which a low one joins into one character: the new o. */
unsigned ok_wtf8_next(const uint8_t *s, size_t n, size_t *k);
size_t ok_wtf8_unit(uint8_t *out, size_t o, unsigned *high, unsigned u);
/* The bytes ok_wtf8_unit adds for unit u (a low surrogate after a high one:
** 1, the pair's fourth byte), *high as there. */
static inline size_t ok_wtf8_unit_len(unsigned *high, unsigned u) {
  if (*high && u >= 0xDC00 && u <= 0xDFFF) return *high = 0, 1;
  *high = u >= 0xD800 && u <= 0xDBFF;
  return u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
}

/* The bit length of u: 0 for 0, 64 when its top bit is set. */
static inline unsigned ok_bit_length(uint64_t u) {
#if defined(__GNUC__)
  return u ? 64 - (unsigned)__builtin_clzll(u) : 0;
#else
  unsigned n = 0;
  for (; u >= 256; u >>= 8) n += 8;
  for (; u; u >>= 1) n++;
  return n;
#endif
}

/* The index of u's lowest set bit (u nonzero): of a word of byte flags
** read little-endian, 8 times the index of the first byte flagged. */
static inline unsigned ok_low_bit(uint64_t u) {
#if defined(__GNUC__)
  return (unsigned)__builtin_ctzll(u);
#else
  unsigned b = 0;
  for (; !(u & 1); u >>= 1) b++;
  return b;
#endif
}

/* 10^k, k 0..19: every power of ten a uint64_t holds. */
/* clang-format off */
static const uint64_t ok_tens[20] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
    1000000000000000000ULL, 10000000000000000000ULL};
/* clang-format on */

/* The count of u's decimal digits (1 for 0), from its bit length: no
** division, and no chain of them. */
static inline size_t ok_u64_digits(uint64_t u) {
  /* log10(2^bits) rounded down: the digits of 2^bits - 1, or one less */
  size_t t = ok_bit_length(u | 1) * 1233 >> 12;
  return t + ((u | 1) >= ok_tens[t]); /* 0 has a digit too */
}

/* The decimal digits of u at out unless NULL; returns their count. Two
** digits a division, from the right, and eight digits as four pairs
** that do not wait on each other. */
static inline size_t ok_u64_text(char *out, uint64_t u) {
  /* clang-format off */
  static const char two[] =
      "0001020304050607080910111213141516171819"
      "2021222324252627282930313233343536373839"
      "4041424344454647484950515253545556575859"
      "6061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  /* clang-format on */
  size_t n = ok_u64_digits(u);
  char *p;
  uint32_t r;
  if (!out) return n;
  p = out + n;
  for (; u >= 100000000; u /= 100000000) {
    uint32_t lo = (uint32_t)(u % 100000000), a = lo / 10000, b = lo % 10000;
    p -= 8;
    memcpy(p, two + 2 * (a / 100), 2), memcpy(p + 2, two + 2 * (a % 100), 2);
    memcpy(p + 4, two + 2 * (b / 100), 2), memcpy(p + 6, two + 2 * (b % 100), 2);
  }
  for (r = (uint32_t)u; r >= 100; r /= 100) p -= 2, memcpy(p, two + 2 * (r % 100), 2);
  if (r >= 10)
    memcpy(p - 2, two + 2 * r, 2);
  else
    p[-1] = (char)('0' + r);
  return n;
}

/* v as `size` big-endian bytes at out; and back from p, each byte XORed
** with x first (0xFF: complemented). Where the compiler says the machine
** is little-endian (it does not see that the byte loop is one), eight
** bytes are one word and 2 to 7 bytes two words of 2 or 4 that overlap
** (the bytes they share are the same): no loop over a length not known
** until run time. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define OK_LITTLE_ENDIAN 1
#define OK_BSWAP64(v) __builtin_bswap64(v)
#endif
static inline void ok_put_be(uint8_t *out, uint64_t v, size_t size) {
  size_t k;
#ifdef OK_BSWAP64
  if (size == 8) {
    v = OK_BSWAP64(v);
    memcpy(out, &v, 8);
    return;
  }
  if (size >= 4) {
    uint32_t last = __builtin_bswap32((uint32_t)v),
             first = __builtin_bswap32((uint32_t)(v >> (8 * (size - 4))));
    memcpy(out + size - 4, &last, 4);
    memcpy(out, &first, 4);
    return;
  }
  if (size >= 2) {
    uint16_t last = __builtin_bswap16((uint16_t)v),
             first = __builtin_bswap16((uint16_t)(v >> (8 * (size - 2))));
    memcpy(out + size - 2, &last, 2);
    memcpy(out, &first, 2);
    return;
  }
#endif
  for (k = 0; k < size; k++) out[k] = (uint8_t)(v >> (8 * (size - 1 - k)));
}
static inline uint64_t ok_get_be(const uint8_t *p, size_t size, uint8_t x) {
  uint64_t v = 0;
  size_t k;
#ifdef OK_BSWAP64
  if (size == 8) {
    memcpy(&v, p, 8);
    return OK_BSWAP64(v) ^ (x * 0x0101010101010101ULL);
  }
  if (size >= 4) {
    uint32_t first, last;
    memcpy(&first, p, 4);
    memcpy(&last, p + size - 4, 4);
    v = (uint64_t)__builtin_bswap32(first) << (8 * (size - 4)) | __builtin_bswap32(last);
    return v ^ (x * 0x01010101010101ULL >> (8 * (7 - size)));
  }
  if (size >= 2) {
    uint16_t first, last;
    memcpy(&first, p, 2);
    memcpy(&last, p + size - 2, 2);
    v = (uint64_t)__builtin_bswap16(first) << (8 * (size - 2)) | __builtin_bswap16(last);
    return v ^ (x * 0x010101U >> (8 * (3 - size)));
  }
#endif
  for (k = 0; k < size; k++) v = v << 8 | (uint8_t)(p[k] ^ x);
  return v;
}

/* Nonzero when a byte of v is below k (1 to 0x80): eight bytes tested at
** once, the flag of such a byte its top bit (a byte's borrow may flag the
** bytes above it too: exact as to whether there is one, and the lowest
** flag a true one). The escaping writers' test for the bytes they escape. */
static inline uint64_t ok_byte_below(uint64_t v, unsigned k) {
  return (v - k * 0x0101010101010101ULL) & ~v & 0x8080808080808080ULL;
}

/* Nonzero when a byte of v is 0x00 (the words a scan for a NUL, or an FF
** in ~v, steps over). */
static inline uint64_t ok_zero_byte(uint64_t v) { return ok_byte_below(v, 1); }

/* 1 when the eight bytes of w are ASCII (none from 0x80 up). */
static inline int ok_ascii_word(uint64_t w) { return !(w & 0x8080808080808080ULL); }

/* Firefox's IndexedDB keys and Chrome's SQLite ones write a character
** below 0x7F as its byte + 1: eight at once, as a word + or - this, no
** byte carrying into the next. ok_ascii8: the eight bytes of w are such
** characters (text to write). Read back, eight such units are a word that
** is ASCII (in a string's body no unit starts with 00; a scan for its end
** checks for that 00 too). */
#define OK_UNIT8 0x0101010101010101ULL
static inline int ok_ascii8(uint64_t w) {
  return ok_ascii_word(w) && !ok_zero_byte(w ^ 0x7F * OK_UNIT8);
}

/* The n bytes at p, 4 to 16 of them (most keys' text), as two words that
** may overlap (under 8, one word of the first four and the last four, in
** both): 1, else 0. A check of them then runs without a loop or a call for
** a length that varies row to row. */
static inline int ok_short_words(const uint8_t *p, size_t n, uint64_t *a, uint64_t *b) {
  uint32_t x, y;
  if (n >= 8 && n <= 16) {
    memcpy(a, p, 8), memcpy(b, p + n - 8, 8);
    return 1;
  }
  if (n < 4 || n > 16) return 0;
  memcpy(&x, p, 4), memcpy(&y, p + n - 4, 4);
  *a = *b = (uint64_t)x << 32 | y;
  return 1;
}
/* And those words written back at out: the n bytes again. */
static inline void ok_put_short_words(uint8_t *out, size_t n, uint64_t a, uint64_t b) {
  uint32_t x = (uint32_t)(a >> 32), y = (uint32_t)a;
  if (n >= 8)
    memcpy(out, &a, 8), memcpy(out + n - 8, &b, 8);
  else
    memcpy(out, &x, 4), memcpy(out + n - 4, &y, 4);
}

/* s[0..n) copied to out when n <= 16 and none of its bytes is below
** `below` (1: no 0x00; 2: no 0x00 or 0x01), as most keys' text is: 1, else
** 0 with nothing known. Two fixed-size words that overlap (three bytes
** under 4), so that no loop or call runs for a length that varies row to
** row; what the encoders of escaped text try before their general loop. */
static inline int ok_copy_short(uint8_t *out, const uint8_t *s, size_t n, unsigned below) {
  uint64_t a, b;
  if (ok_short_words(s, n, &a, &b)) {
    if (ok_byte_below(a, below) | ok_byte_below(b, below)) return 0;
    ok_put_short_words(out, n, a, b);
  } else if (n > 16) {
    return 0;
  } else if (n) {
    a = (uint64_t)s[0] | (uint64_t)s[n / 2] << 8 | (uint64_t)s[n - 1] << 16 | ~0xFFFFFFULL;
    if (ok_byte_below(a, below)) return 0;
    out[0] = s[0], out[n / 2] = s[n / 2], out[n - 1] = s[n - 1];
  }
  return 1;
}

/* Eight bytes from p, each XORed with x, as a little-endian word: the
** first byte lowest, so that the first byte with a property is found
** with a count of trailing zeros. */
static inline uint64_t ok_get_le(const uint8_t *p, uint8_t x) {
  uint64_t v = 0;
#ifdef OK_LITTLE_ENDIAN
  memcpy(&v, p, 8);
#else
  int k;
  for (k = 7; k >= 0; k--) v = v << 8 | p[k];
#endif
  return v ^ (x * 0x0101010101010101ULL);
}

/* And a word back to eight bytes at out, its lowest first. */
static inline void ok_put_le(uint8_t *out, uint64_t v) {
#ifdef OK_LITTLE_ENDIAN
  memcpy(out, &v, 8);
#else
  int k;
  for (k = 0; k < 8; k++) out[k] = (uint8_t)(v >> (8 * k));
#endif
}

/* A Firefox or Chrome's SQLite string's body p[0..n) (units written as
** ok_ascii8 says) of 8 to 16 one-byte units, most keys' text, written to
** out as its characters by two words that may overlap: 1; else 0, nothing
** written. */
static inline int ok_ascii8_short(uint8_t *out, const uint8_t *p, size_t n) {
  uint64_t a, b;
  if (n < 8 || n > 16 || !ok_ascii_word((a = ok_get_le(p, 0)) | (b = ok_get_le(p + n - 8, 0))))
    return 0;
  ok_put_le(out, a - OK_UNIT8), ok_put_le(out + n - 8, b - OK_UNIT8);
  return 1;
}

/* UTF-16 units, big-endian (`be`, Chrome's) or little (WebKit's): the bits
** of four of them read as ok_get_le's word that an ASCII unit (00 and a
** byte below 0x80) has clear. */
#define OK_UNITS_NOT_ASCII(be) ((be) ? 0x80FF80FF80FF80FFULL : 0xFF80FF80FF80FF80ULL)

/* How many of the units p[0..2 count) are ASCII from the first on: four at
** a time, then one by one. */
static inline size_t ok_ascii_units(const uint8_t *p, size_t count, int be) {
  const size_t c = be ? 1 : 0, z = 1 - c; /* where a unit's character and its 00 are */
  size_t i = 0;
  for (; i + 4 <= count; i += 4)
    if (ok_get_le(p + 2 * i, 0) & OK_UNITS_NOT_ASCII(be)) break;
  while (i < count && p[2 * i + c] < 0x80 && !p[2 * i + z]) i++;
  return i;
}

/* Such units, 4 or more and every one ASCII (most keys' text), written to
** out (unless NULL) as their characters four a word, the last word
** overlapping the one before: 1; else 0, out holding what was written up
** to the first unit that is not ASCII. */
static inline int ok_ascii_units_text(uint8_t *out, const uint8_t *p, size_t count, int be) {
  const uint64_t not_ascii = OK_UNITS_NOT_ASCII(be);
  size_t i = 0, at;
  if (count < 4) return 0;
  for (;; i += 4) {
    uint64_t w, c;
    at = i + 4 <= count ? i : count - 4;
    if ((w = ok_get_le(p + 2 * at, 0)) & not_ascii) return 0;
    c = be ? w >> 8 : w; /* characters in bytes 0, 2, 4, 6 */
    c = (c | c >> 8) & 0x0000FFFF0000FFFFULL;
    c |= c >> 16;
#ifdef OK_LITTLE_ENDIAN
    if (out) {
      uint32_t four = (uint32_t)c; /* one store, not four */
      memcpy(out + at, &four, 4);
    }
#else
    if (out) {
      out[at] = (uint8_t)c, out[at + 1] = (uint8_t)(c >> 8);
      out[at + 2] = (uint8_t)(c >> 16), out[at + 3] = (uint8_t)(c >> 24);
    }
#endif
    if (at + 4 >= count) return 1;
  }
}

/* 1 when p[0..n) is UTF-8: ASCII of 4 to 16 bytes (most keys' text) told
** inline (ok_short_words), the rest by ok_utf8_check (whose own first test
** is the same, after a call that costs more than it). */
static inline int ok_utf8_valid(const uint8_t *p, size_t n) {
  uint64_t a, b;
  if (ok_short_words(p, n, &a, &b) && ok_ascii_word(a | b)) return 1;
  return ok_utf8_check(p, n) == n;
}

/* memchr(p, c, n), up to 16 bytes looked at as two words that may overlap,
** inline: most bodies a walk reads end within them, where a call costs
** more than the scan. A word's lowest flagged byte is its first c (the
** flags' false positives lie above a true one). */
static inline const uint8_t *ok_find_byte(const uint8_t *p, uint8_t c, size_t n) {
  uint64_t hit;
  if (n < 8) return memchr(p, c, n);
  if ((hit = ok_zero_byte(ok_get_le(p, c))) != 0) return p + ok_low_bit(hit) / 8;
  if (n > 16) return memchr(p + 8, c, n - 8);
  hit = ok_zero_byte(ok_get_le(p + n - 8, c));
  return hit ? p + n - 8 + ok_low_bit(hit) / 8 : NULL;
}

/* The k (<= 8) bytes at p as ok_get_le's word, zeros above them: two reads
** of 4 or 2 bytes that overlap (the bytes they share are the same, and OR
** keeps them), so that no loop runs for a length known only at run time. */
static inline uint64_t ok_get_le_short(const uint8_t *p, size_t k) {
  uint64_t a, b;
  size_t j;
  if (k == 8) return ok_get_le(p, 0);
  if (k >= 4 || k >= 2) {
    size_t half = k >= 4 ? 4 : 2;
    for (a = b = 0, j = half; j-- > 0;) a = a << 8 | p[j], b = b << 8 | p[k - half + j];
    return a | b << (8 * (k - half));
  }
  return k ? p[0] : 0;
}

/* A double's bits (size 8), or those of the float it rounds to (size 4);
** and such bits in IEEE's total order as an unsigned number: the sign bit
** flipped, and every bit for negatives (what FoundationDB, HBase, TiDB and
** Orderly write, big-endian). */
static inline uint64_t ok_ieee_bits(double d, size_t size) {
  uint64_t u;
  if (size == 4) {
    float f = (float)d;
    uint32_t u32;
    memcpy(&u32, &f, 4);
    return u32;
  }
  memcpy(&u, &d, 8);
  return u;
}
static inline uint64_t ok_ieee_order(uint64_t bits, size_t size) {
  uint64_t sign = (uint64_t)1 << (8 * size - 1);
  return bits & sign ? ~bits & (sign | (sign - 1)) : bits | sign;
}
/* And back: ok_ieee_order's inverse, and the double of a double's bits
** (a float's, size 4). In registers: a word stored a byte at a time and
** loaded whole waits for the stores (a third of an FDB double's read). */
static inline uint64_t ok_ieee_unorder(uint64_t ord, size_t size) {
  uint64_t sign = (uint64_t)1 << (8 * size - 1);
  return ord & sign ? ord ^ sign : ~ord & (sign | (sign - 1));
}
static inline double ok_ieee_value(uint64_t bits, size_t size) {
  double d;
  if (size == 4) {
    uint32_t u32 = (uint32_t)bits;
    float f;
    memcpy(&f, &u32, 4);
    return f;
  }
  memcpy(&d, &bits, 8);
  return d;
}

/* Decoders of one component c[0..n) (n >= 1) whose ascending tag is t; x is
** 0xFF when the component is descending, else 0. They set it->len and the
** value fields, or return a negative status with *err_at relative to c. */
int ok_dec_number(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it, size_t *err_at);
int ok_dec_bytes(const uint8_t *c, size_t n, uint8_t x, ok_item *it, size_t *err_at);
/* For the walks' skip, the usual components accepted without their value
** (a number in its tag and 8 bytes, a short body): their length, or 0 when
** the decoder must say what they are. */
size_t ok_num_len(const uint8_t *c, size_t n, int t);
size_t ok_bytes_len(const uint8_t *c, size_t n, uint8_t x);

/* --- Writing keys from values (ok.h has the writer) --------------------- */

/* Orderly's values, kept until the key's end (aligned for them). */
#define OK_WRITER_ROOM (OK_ORDERLY_MAX * (sizeof(ok_orderly_value) + 24))

/* p[0..n) to out, each byte XORed with x (a descending body read back):
** eight bytes at a time. */
void ok_copy_xor(uint8_t *out, const uint8_t *p, size_t n, uint8_t x);

/* The value of an escaped native text/blob body[0..n) (each byte XORed
** with x first) at out; returns its length. */
size_t ok_bytes_value(uint8_t *out, const uint8_t *body, size_t n, uint8_t x);

/* SQLite4's varint, which OrderedBytes uses for numeric exponents: v at
** out, returning its length; and back from p (each byte XORed with x, n
** bytes available), returning its length or 0 when it is cut short. */
size_t ok_hbase_put_varint(uint8_t *out, uint64_t v);
size_t ok_hbase_get_varint(const uint8_t *p, size_t n, uint8_t x, uint64_t *v);

/* The decimal of ok_double_digits as f * 10^*e10, f without trailing
** zeros; 0 for zero, infinities and NaN. */
uint64_t ok_double_decimal(double d, int java, int *e10);
/* The same for Java 8 to 18 (src/double_java8.c). */
uint64_t ok_double_decimal_java8(double d, int *e10);

/* m * 10^e10 as a double, exact when both are doubles exactly (|e10| <=
** 22, m < 2^53), else within about an ulp: callers that need the exact
** double check its neighbours (src/double.c). */
double ok_double_near(uint64_t m, int e10);

/* The text of the decimal 0.d1..dn x 10^exp (with '-' when neg), as
** ok_hbase_num_format writes it, to out unless NULL; returns its length.
** The digits come from src: ASCII (bcd 0), or Orderly's BCD (bcd 1). */
size_t ok_decimal_text(char *out, int neg, long exp, size_t n, const uint8_t *src, int bcd,
                       uint8_t x);

/* The value in the SQL types of the decimal 0.digit[0..n) x 10^exp (ASCII
** digits, no leading or trailing zero; negative when neg), as HBase's
** numerics and Orderly's decimals read: INTEGER when integral and within
** int64 (its exact value, even when a double wrote it: CAST AS REAL gives
** that double back), REAL when it is the decimal Java 8-18 or 19+ writes for
** a double, else TEXT of its digits (it->value_len set, as ok_decimal_text
** writes them). src/decimal.c. */
#define OK_DECIMAL_VALUE_DIGITS 19 /* more is always TEXT: no int64, no double's */
void ok_decimal_value(ok_item *it, int neg, long exp, const char *digit, size_t n);
/* The same for n <= 19 digits given as the integer m, where the value is
** a number: 1; 0 where it is TEXT (its digits then go to the above). */
int ok_decimal_value_m(ok_item *it, int neg, long exp, size_t n, uint64_t m);

/* ok_collate_restore: a text back from the escaped body of a component
** under the collation of `tag` (x 0xFF when descending), written to out
** unless NULL: the text itself for ok_natural and RTRIM (trailing spaces
** gone), for NOCASE the folded text, whose bytes after a NUL come back as
** NULs. Each is equal under the collation to the text packed. Returns its
** length, or (size_t)-1 when the body is no transform's output (the
** native decoder's check; public callers get only checked items). */
size_t ok_collate_restore(uint8_t *out, int tag, const uint8_t *body, size_t n, uint8_t x);

/* RFC 3339 in UTC of sec seconds and nanos nanoseconds since 1970, the
** nanoseconds' trailing zeros dropped (Go's time.Unix(sec,
** nanos).UTC().Format(time.RFC3339Nano)), to out unless NULL; returns its
** length. nanos may be negative down to -10^9 (CockroachDB's descending
** times carry ^nanos). src/crdb.c. */
size_t ok_time_text(char *out, int64_t sec, int64_t nanos);

/* Fills s->full, the terminator flags of a key of s without NULLs. */
void ok_orderly_plan_full(ok_orderly *s);

/* The value of the hex digit c (either case), or -1. src/hex.c. */
int ok_hex_digit(int c);

/* --- JSON text read in place (src/json.c) --------------------------------
** A cursor over s[0..n), at s[i]; each call skips the spaces before what it
** reads and leaves i past it, or at the fault: OK_E_SYNTAX (OK_E_TRUNCATED
** for a string left open, OK_E_RANGE nested past a skip's depth). */
typedef struct {
  const char *s;
  size_t n, i;
} ok_json;
/* What the next value is: '"', '-' (a number), '{', '[', 't', 'f', 'n';
** 0 at the end or before a character no value starts with. */
int ok_json_peek(ok_json *j);
/* 1 when the next character is c (then read), else 0. */
int ok_json_expect(ok_json *j, char c);
/* A string: its text between the quotes at *raw (escapes valid, no control
** character, UTF-8). ok_json_unescape writes that text's characters, each
** as UTF-8 (a surrogate pair as one), to out unless NULL (at most n bytes):
** their length. */
int ok_json_string(ok_json *j, const char **raw, size_t *len);
size_t ok_json_unescape(uint8_t *out, const char *raw, size_t n);
/* A number as JSON's grammar has it: its text. */
int ok_json_number(ok_json *j, const char **text, size_t *len);
/* The word w ("true", "false", "null"). */
int ok_json_word(ok_json *j, const char *w);
/* In an object or an array, its '{' or '[' read: 1 when an element comes
** next (the comma before it read; first: none is), 0 at `close` (read),
** -1 for anything else. */
int ok_json_more(ok_json *j, char close, int first);
/* An object's name and the ':' after it. */
int ok_json_name(ok_json *j, const char **raw, size_t *len);
/* Any value, stepped over: objects and arrays to `depth` levels. */
int ok_json_skip(ok_json *j, int depth);

/* The double nearest digits[0..nd) x 10^e (ASCII digits): HUGE_VAL past
** the doubles. src/keystring.c. */
double ok_decimal_nearest(const char *digits, size_t nd, int64_t e);

#endif /* OK_INTERNAL_H */
