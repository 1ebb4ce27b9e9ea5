/*
** orderly.c -- Orderly's row keys (ndimiduk/orderly), byte for byte: each
** field type's encoder and decoder, and the struct rule that decides which
** fields carry a terminator. docs/orderly.md describes the bytes.
**
** Every descending field is the complement of its ascending bytes, with
** the same termination flag t (except the reserved bits of an integer
** header). t is Orderly's terminate(): MUST, or AUTO on a descending field;
** a struct hands MUST down to every field that a non-empty one follows.
** Decoders accept a field with or without its terminator, as Orderly's do,
** and read an unterminated one to the end of the key.
*/
#include <math.h>
#include <string.h>

#include "internal.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

static uint8_t low_mask(unsigned bits) { return (uint8_t)((1u << bits) - 1); }

/* --- variable-length integers ------------------------------------------------ */

/* The value bits of an L-byte header before reserved bits: signed 6, 5,
** then 2 (64-bit) or 3 (32-bit); unsigned 7, 6, then 3 or 4. */
static unsigned head_bits(int sign, int wide, size_t len) {
  if (len == 1) return sign ? 6 : 7;
  if (len == 2) return sign ? 5 : 6;
  return (sign ? 2u : 3u) + (wide ? 0u : 1u);
}

/* Encodes raw (an int64's bits, sign set: its two's complement) with R
** reserved bits holding V. Returns the length; writes the bytes only when
** they fit in room. */
static inline size_t enc_varint(uint8_t *out, size_t room, int sign, int wide, unsigned r,
                                unsigned v, uint64_t raw) {
  int neg = sign && (int64_t)raw < 0;
  unsigned n = ok_bit_length(neg ? ~raw : raw) + r, h1 = head_bits(sign, wide, 1),
           h3 = head_bits(sign, wide, 3), h;
  size_t len, max = wide ? 9 : 5;
  uint8_t form;
  /* the fewest bytes whose header and body hold the n bits (past 2 bytes,
  ** the header's value bits stay the same) */
  if (n <= h1)
    len = 1, h = h1;
  else if (n <= h1 + 7) /* the 2-byte header holds one value bit fewer */
    len = 2, h = h1 - 1;
  else
    len = 1 + (n - h3 + 7) / 8, h = h3;
  if (len > max) len = max;
  if (len > room) return len;
  /* the length's marks: signed 10, 110, 111 L; unsigned 0, 10, 11 L */
  if (sign)
    form = (uint8_t)(len == 1 ? 0x80 : len == 2 ? 0xC0 : 0xE0 | (len - 3) << h);
  else
    form = (uint8_t)(len == 1 ? 0x00 : len == 2 ? 0x80 : 0xC0 | (len - 3) << h);
  if (neg) form = (uint8_t)(~form & ~low_mask(h));
  form = (uint8_t)(form >> r);
  if (len < 9) form |= (uint8_t)((raw >> (8 * (len - 1))) & low_mask(h - r));
  if (!sign) form++; /* moves every value off 0x00, which is NULL */
  out[0] = (uint8_t)(v << (8 - r) | form);
  ok_put_be(out + 1, raw, len - 1);
  return len;
}

/* Decodes a variable-length integer at c[0..n), every bit XORed with x
** (the header's reserved bits apart): *null, or its bits in *raw (signed:
** sign-extended). Sets *len. */
static int dec_varint(const uint8_t *c, size_t n, int sign, int wide, unsigned r, uint8_t x,
                      int *null, uint64_t *raw, size_t *len, size_t *err_at) {
  uint8_t h = (uint8_t)((c[0] ^ x) & low_mask(8 - r)), q;
  unsigned bits;
  size_t max = wide ? 9 : 5;
  uint64_t v;
  int neg = 0;
  *null = h == 0;
  *len = 1;
  if (*null) return OK_OK;
  if (!sign) h--;
  q = (uint8_t)(h << r); /* the header as it would be without reserved bits */
  if (sign) {            /* 1 0.. / 1 10.. / 1 11 L..: length marks after the sign bit */
    neg = !(q & 0x80);
    if (neg) q = (uint8_t)~q;
    *len = !(q & 0x40)   ? 1u
           : !(q & 0x20) ? 2u
                         : 3u + (((unsigned)q >> head_bits(1, wide, 3)) & (wide ? 7u : 3u));
  } else { /* 0.. / 10.. / 11 L.. */
    *len = !(q & 0x80)   ? 1u
           : !(q & 0x40) ? 2u
                         : 3u + (((unsigned)q >> head_bits(0, wide, 3)) & (wide ? 7u : 3u));
  }
  if (*len > max) return fail(OK_E_TAG, 0, err_at);
  if (n < *len) return fail(OK_E_TRUNCATED, n, err_at);
  bits = head_bits(sign, wide, *len) - r;
  /* the header's bits above the bytes after it */
  v = ok_get_be(c + 1, *len - 1, x);
  if (*len < 9) v |= (uint64_t)(h & low_mask(bits)) << (8 * (*len - 1));
  bits += 8 * (unsigned)(*len - 1);
  if (neg && bits < 64) v |= ~(uint64_t)0 << bits;
  *raw = v;
  if (!sign && !wide && v > 0xFFFFFFFFu) return fail(OK_E_RANGE, 0, err_at);
  if (!sign && wide && 8 * (*len - 1) == 64 && (h & low_mask(head_bits(0, 1, 9) - r)))
    return fail(OK_E_RANGE, 0, err_at);
  if (sign && !wide && ((int64_t)v < INT32_MIN || (int64_t)v > INT32_MAX))
    return fail(OK_E_RANGE, 0, err_at);
  return OK_OK;
}

/* --- each field type ------------------------------------------------------------ */

/* Of the integer types, from the order of their enum (int, long, uint,
** ulong, then the same fixed): signed ones are the first two of each four,
** wide ones every second. */
static int is_signed(int type) { return !((type - OK_OL_INT) & 2); }
static int is_wide(int type) { return (type - OK_OL_INT) & 1; }

/* Float bits as Orderly sorts them: NaN made canonical (as Java's
** floatToIntBits), the sign bit flipped (all bits for negatives), plus one,
** so that all zeros is free for NULL. */
static uint64_t float_key(double d, int size) {
  uint64_t sign = (uint64_t)1 << (8 * size - 1);
  if (d != d) return size == 4 ? 0x7FC00000u + sign + 1 : 0x7FF8000000000000u + sign + 1;
  return ok_ieee_order(ok_ieee_bits(d, (size_t)size), (size_t)size) + 1;
}

/* The digit-to-nibble map of byte arrays: digits 0..9 of each byte's three. */
static const uint8_t nibble_of[10] = {3, 4, 5, 6, 7, 9, 0xA, 0xC, 0xE, 0xF};
static const int8_t digit_of[16] = {-1, -1, -1, 0, 1, 2, 3, 4, -1, 5, 6, -1, 7, -1, 8, 9};

/* Each byte of w plus 2 (down: minus 2), mod 256, on its own: no carry
** or borrow crosses into the next byte. */
static inline uint64_t shift2(uint64_t w, int down) {
  const uint64_t hi = 0x8080808080808080ULL, twos = 0x0202020202020202ULL;
  return down ? ((w | hi) - twos) ^ (~w & hi) : ((w & ~hi) + twos) ^ (w & hi);
}

/* out[k] = (p[k] ^ x) + 2, or - 2 when down (mod 256), for k < n: utf8's
** bytes written (up) and read (down). Eight bytes at a time, the last
** eight overlapping those before; four and four below eight. */
static inline void add2(uint8_t *out, const uint8_t *p, size_t n, uint8_t x, int down) {
  const uint64_t xx = x * 0x0101010101010101ULL;
  uint64_t w;
  uint32_t a, b;
  size_t k;
  if (n >= 8) {
    for (k = 0;; k += 8) {
      if (k + 8 > n) k = n - 8;
      memcpy(&w, p + k, 8);
      w = shift2(w ^ xx, down);
      memcpy(out + k, &w, 8);
      if (k + 8 == n) return;
    }
  }
  if (n >= 4) {
    memcpy(&a, p, 4), memcpy(&b, p + n - 4, 4);
    a = (uint32_t)shift2(a ^ (uint32_t)xx, down), b = (uint32_t)shift2(b ^ (uint32_t)xx, down);
    memcpy(out, &a, 4), memcpy(out + n - 4, &b, 4);
    return;
  }
  for (k = 0; k < n; k++) out[k] = (uint8_t)((p[k] ^ x) + (down ? -2 : 2));
}

/* Encodes v in the field f with terminate flag t (ascending; the caller
** complements a descending field). Returns the length; writes the bytes
** only when they fit in room. */
static size_t enc_field(uint8_t *out, size_t room, const ok_orderly_field *f,
                        const ok_orderly_value *v, int t) {
  size_t len, k, m, digits;
  switch (f->type) {
    case OK_OL_INT:
    case OK_OL_LONG:
    case OK_OL_UINT:
    case OK_OL_ULONG:
      if (v->null) {
        if (t && room) out[0] = (uint8_t)(f->rvalue << (8 - f->rbits));
        return t ? 1 : 0;
      }
      if (f->type == OK_OL_LONG) /* the usual one, its own copy: sign and width constant */
        return enc_varint(out, room, 1, 1, f->rbits, f->rvalue, (uint64_t)v->i);
      return enc_varint(out, room, is_signed(f->type), is_wide(f->type), f->rbits, f->rvalue,
                        is_signed(f->type) ? (uint64_t)v->i : v->u);
    case OK_OL_FIXED_INT:
    case OK_OL_FIXED_LONG:
    case OK_OL_FIXED_UINT:
    case OK_OL_FIXED_ULONG:
      len = is_wide(f->type) ? 8 : 4;
      if (len <= room) {
        ok_put_be(out, is_signed(f->type) ? (uint64_t)v->i : v->u, len);
        if (is_signed(f->type)) out[0] ^= 0x80;
      }
      return len;
    case OK_OL_FLOAT:
      if (v->null && !t) return 0;
      if (4 <= room) ok_put_be(out, v->null ? 0 : float_key(v->d, 4), 4);
      return 4;
    case OK_OL_DOUBLE: /* the usual one, its own copy: its size constant */
      if (v->null && !t) return 0;
      if (8 <= room) ok_put_be(out, v->null ? 0 : float_key(v->d, 8), 8);
      return 8;
    case OK_OL_DECIMAL:
      if (v->null) {
        if (t && room) out[0] = 0;
        return t ? 1 : 0;
      }
      if (v->n == 0) {
        if (room) out[0] = 0x80;
        return 1;
      }
      /* the exponent as an int with 2 reserved bits (the sign class), then
      ** the digits + 1 as nibbles; a negative complements all but the class */
      m = (v->n + 1) / 2 + (v->n % 2 == 0 && t);
      len = enc_varint(NULL, 0, 1, 0, 2, v->neg ? 1 : 3, (uint64_t)v->exp);
      if (len + m > room) return len + m;
      enc_varint(out, room, 1, 0, 2, v->neg ? 1 : 3, (uint64_t)v->exp);
      for (k = 0; k < m; k++) {
        unsigned hi = 2 * k < v->n ? (unsigned)(v->p[2 * k] - '0' + 1) : 0;
        unsigned lo = 2 * k + 1 < v->n ? (unsigned)(v->p[2 * k + 1] - '0' + 1) : 0;
        out[len + k] = (uint8_t)(hi << 4 | lo);
      }
      if (v->neg) {
        out[0] ^= 0x3F;
        ok_invert(out + 1, len + m - 1);
      }
      return len + m;
    case OK_OL_UTF8:
      if (v->null) {
        if (t && room) out[0] = 0;
        return t ? 1 : 0;
      }
      len = v->n + (t || v->n == 0);
      if (len <= room) {
        add2(out, v->p, v->n, 0, 0);
        if (len > v->n) out[v->n] = 1;
      }
      return len;
    case OK_OL_BYTES:
      if (v->null) {
        if (t && room) out[0] = 0;
        return t ? 1 : 0;
      }
      digits = 3 * (v->n - f->size);
      len = f->size + (digits ? (digits + 1) / 2 + (digits % 2 == 0 && t) : 1);
      if (len > room) return len;
      memcpy(out, v->p, f->size);
      if (digits == 0) {
        out[f->size] = 0x11;
        return len;
      }
      for (out += f->size, k = 0; k < digits; k++) {
        unsigned b = v->p[f->size + k / 3], d = k % 3 == 0   ? b / 100
                                                : k % 3 == 1 ? b / 10 % 10
                                                             : b % 10;
        if (k % 2 == 0) /* a terminator nibble unless a digit follows */
          out[k / 2] = (uint8_t)(nibble_of[d] << 4 | 1);
        else
          out[k / 2] = (uint8_t)((out[k / 2] & 0xF0) | nibble_of[d]);
      }
      if (digits % 2 == 0 && t) out[digits / 2] = 0x11;
      return len;
    case OK_OL_FIXED_BYTES:
      if (f->size && f->size <= room) memcpy(out, v->p, f->size);
      return f->size;
  }
  return 0;
}

/* ok_orderly_check of field f's value v. */
static int check_field(const ok_orderly_field *f, const ok_orderly_value *v) {
  size_t k;
  uint64_t a, b;
  if (v->null) {
    return f->type >= OK_OL_FIXED_INT && f->type <= OK_OL_FIXED_ULONG            ? OK_E_NULL
           : f->type == OK_OL_FIXED_BYTES || (f->type == OK_OL_BYTES && f->size) ? OK_E_NULL
                                                                                 : OK_OK;
  }
  switch (f->type) {
    case OK_OL_INT:
    case OK_OL_FIXED_INT: return v->i < INT32_MIN || v->i > INT32_MAX ? OK_E_RANGE : OK_OK;
    case OK_OL_UINT:
    case OK_OL_FIXED_UINT: return v->u > 0xFFFFFFFFu ? OK_E_RANGE : OK_OK;
    case OK_OL_DECIMAL:
      for (k = 0; k < v->n; k++) {
        if (v->p[k] < '0' || v->p[k] > '9') return OK_E_SYNTAX;
      }
      if (v->n && (v->p[0] == '0' || v->p[v->n - 1] == '0')) return OK_E_SYNTAX;
      return v->n && (v->exp < INT32_MIN || v->exp > INT32_MAX) ? OK_E_RANGE : OK_OK;
    case OK_OL_UTF8:
      if (v->n && v->p[0] == 0xFE) return OK_E_BYTE;
      if (ok_short_words(v->p, v->n, &a, &b)) /* most text, no call */
        return ok_zero_byte(~a) | ok_zero_byte(~b) ? OK_E_BYTE : OK_OK;
      return memchr(v->p, 0xFF, v->n) ? OK_E_BYTE : OK_OK;
    case OK_OL_BYTES: return v->n < f->size ? OK_E_LENGTH : OK_OK;
    case OK_OL_FIXED_BYTES: return v->n != f->size ? OK_E_LENGTH : OK_OK;
  }
  return OK_OK;
}

int ok_orderly_check(const ok_orderly *s, size_t i, const ok_orderly_value *v) {
  return check_field(&s->node[s->leaf[i]], v);
}

/* --- the struct rule ---------------------------------------------------------------- */

/* Which leaves terminate: Orderly's StructRowKey walks its fields from the
** last with T, its own termination: a field takes T (one declared
** SHOULD_NOT keeps it), and once a field is not empty T becomes MUST. */
typedef struct {
  const ok_orderly *s;
  const ok_orderly_value *v;   /* NULL: no value is NULL */
  size_t k;                    /* leaves given */
  int more;                    /* pretend leaf k is there and not empty */
  uint8_t own[OK_ORDERLY_MAX]; /* each leaf's flag */
} plan;

static int plan_list(plan *pl, size_t last, int term);

/* Plans node i under termination T; 1 when its bytes are not empty. */
static int plan_node(plan *pl, size_t i, int term) {
  const ok_orderly_field *f = &pl->s->node[i];
  int eff = f->term == OK_OL_SHOULD_NOT ? OK_OL_SHOULD_NOT : term;
  int t = eff == OK_OL_MUST || (eff == OK_OL_AUTO && f->desc);
  if (f->type == OK_OL_STRUCT) return plan_list(pl, f->last, eff);
  if (f->index >= pl->k) return pl->more && f->index == pl->k;
  pl->own[f->index] = (uint8_t)t;
  return !pl->v || !pl->v[f->index].null || t;
}

static int plan_list(plan *pl, size_t last, int term) {
  int any = 0;
  size_t i;
  for (i = last; i != OK_ORDERLY_NONE; i = pl->s->node[i].prev) {
    if (plan_node(pl, i, term)) term = OK_OL_MUST, any = 1;
  }
  return any;
}

/* The struct rule over the whole schema. */
static void plan_walk(plan *pl) {
  const ok_orderly *s = pl->s;
  int whole = pl->more && pl->k == s->format.fields;
  if (s->last == 0) /* one field (or struct): a key of its own, with its termination */
    plan_node(pl, 0, whole ? OK_OL_MUST : s->node[0].term);
  else /* several: a struct, ascending, AUTO */
    plan_list(pl, s->last, whole ? OK_OL_MUST : OK_OL_AUTO);
}

/* Each leaf's terminator flag for the first k values v: the schema's own
** for a whole key without NULLs (planned once, at parse), else planned in
** pl. */
static const uint8_t *terminators(plan *pl, const ok_orderly *s, const ok_orderly_value *v,
                                  size_t k, int more) {
  size_t i = 0;
  if (k == s->format.fields && !more) {
    while (i < k && !v[i].null) i++;
    if (i == k) return s->full;
  }
  pl->s = s;
  pl->v = v;
  pl->k = k;
  pl->more = more;
  memset(pl->own, 0, k);
  plan_walk(pl);
  return pl->own;
}

void ok_orderly_plan_full(ok_orderly *s) {
  plan pl;
  pl.s = s;
  pl.v = NULL; /* no NULLs */
  pl.k = s->format.fields;
  pl.more = 0;
  plan_walk(&pl);
  memcpy(s->full, pl.own, s->format.fields);
}

/* Writes fields 0..k-1 of values v with terminator flags t, as much as
** fits in cap; returns the length of them all. Each field's end goes to
** ends[i] unless ends is NULL. */
static size_t put_fields(uint8_t *out, size_t cap, const ok_orderly *s, const ok_orderly_value *v,
                         size_t k, const uint8_t *t, size_t *ends) {
  size_t i, o = 0, len;
  for (i = 0; i < k; i++, o += len) { /* once a field does not fit, o > cap: none is written */
    const ok_orderly_field *f = &s->node[s->leaf[i]];
    uint8_t *at = out && o < cap ? out + o : NULL;
    size_t room = at ? cap - o : 0;
    len = enc_field(at, room, f, &v[i], t[i]);
    if (ends) ends[i] = o + len;
    if (f->desc && len > 0 && len <= room) {
      if (f->rbits) { /* the reserved bits stay as they are */
        at[0] ^= low_mask(8 - f->rbits);
        ok_invert(at + 1, len - 1);
      } else {
        ok_invert(at, len);
      }
    }
  }
  return o;
}

size_t ok_orderly_encode(uint8_t *out, size_t cap, const ok_orderly *s, const ok_orderly_value *v,
                         size_t k, int more) {
  plan pl;
  return put_fields(out, cap, s, v, k, terminators(&pl, s, v, k, more), NULL);
}

/* A NULL must read back as NULL, wherever; any other value from exactly
** the bytes it was written to. */
int ok_orderly_verify(const ok_orderly *s, const ok_orderly_value *v, const uint8_t *key, size_t n,
                      size_t *field) {
  plan pl;
  ok_walk w;
  ok_item it;
  size_t err, ends[OK_ORDERLY_MAX];
  *field = 0;
  if (!s->should_not) return OK_OK;
  put_fields(NULL, 0, s, v, s->format.fields, terminators(&pl, s, v, s->format.fields, 0), ends);
  ok_walk_start(&w, &s->format, key, n);
  for (*field = 0; *field < s->format.fields; (*field)++) {
    size_t at = *field ? ends[*field - 1] : 0;
    if (ok_next(&w, &it, &err) != OK_OK ||
        (v[*field].null ? it.type != OK_NULL : w.at != at || it.len != ends[*field] - at))
      return OK_E_AMBIGUOUS;
  }
  return ok_next(&w, &it, &err) == OK_FEWER ? OK_OK : OK_E_AMBIGUOUS;
}

/* --- decoding ------------------------------------------------------------------------- */

/* Digits of a byte array at c[0..n) (XORed with x), three a byte: their
** count in *digits and the bytes read in *len (a terminator included). */
static int dec_byte_digits(const uint8_t *c, size_t n, uint8_t x, size_t *digits, size_t *len,
                           size_t *err_at) {
  size_t pos = 0, nd = 0;
  unsigned acc = 0;
  while (pos < n) {
    uint8_t b = (uint8_t)(c[pos] ^ x);
    int k;
    for (k = 0; k < 2; k++) {
      unsigned nib = k == 0 ? b >> 4 : b & 15u;
      if (nib == 1 && (k == 1 || b == 0x11)) { /* the terminator */
        if (nd % 3) return fail(OK_E_TRUNCATED, pos, err_at);
        *digits = nd;
        *len = pos + 1;
        return OK_OK;
      }
      if (digit_of[nib] < 0) return fail(OK_E_NONCANONICAL, pos, err_at);
      acc = acc * 10 + (unsigned)digit_of[nib];
      if (++nd % 3 == 0) {
        if (acc > 255) return fail(OK_E_RANGE, pos, err_at);
        acc = 0;
      }
    }
    pos++;
  }
  if (nd == 0 || nd % 3) return fail(OK_E_TRUNCATED, n, err_at);
  *digits = nd;
  *len = n;
  return OK_OK;
}

/* The BCD digits of a decimal at c[0..n) (XORed with x): count in
** *digits, bytes read in *len. */
static int dec_bcd(const uint8_t *c, size_t n, uint8_t x, size_t *digits, size_t *len,
                   size_t *err_at) {
  size_t pos = 0, nd = 0;
  unsigned last = 0;
  for (; pos < n; pos++) {
    uint8_t b = (uint8_t)(c[pos] ^ x);
    if (b == 0) { /* the terminator after an even count */
      pos++;
      break;
    }
    if ((b >> 4) == 0 || (b >> 4) > 10 || (b & 15) > 10)
      return fail(OK_E_NONCANONICAL, pos, err_at);
    if (nd == 0 && (b >> 4) == 1) return fail(OK_E_NONCANONICAL, pos, err_at); /* a leading 0 */
    nd++;
    last = b >> 4;
    if ((b & 15) == 0) { /* an odd count ends here */
      pos++;
      break;
    }
    nd++;
    last = b & 15;
  }
  if (nd == 0 || last == 1) return fail(OK_E_NONCANONICAL, pos, err_at); /* a trailing 0 */
  *digits = nd;
  *len = pos;
  return OK_OK;
}

static int dec_decimal(const uint8_t *c, size_t n, uint8_t x, ok_item *it, size_t *err_at) {
  ok_orderly_own own;
  uint8_t b0 = (uint8_t)(c[0] ^ x), y;
  uint64_t raw;
  size_t hlen, blen, nd, k;
  int null, rc, neg = b0 >> 6 == 1;
  it->len = 1;
  if (b0 == 0) return OK_OK; /* NULL */
  if (b0 >> 6 == 2) {
    if (b0 != 0x80) return fail(OK_E_NONCANONICAL, 0, err_at);
    it->type = OK_INT; /* zero */
    return OK_OK;
  }
  if (b0 >> 6 == 0) return fail(OK_E_TAG, 0, err_at);
  y = (uint8_t)(x ^ (neg ? 0xFF : 0));
  if ((rc = dec_varint(c, n, 1, 0, 2, y, &null, &raw, &hlen, err_at)) != OK_OK) return rc;
  if (null) return fail(OK_E_TAG, 0, err_at);
  if ((rc = dec_bcd(c + hlen, n - hlen, y, &nd, &blen, err_at)) != OK_OK) {
    *err_at += hlen;
    return rc;
  }
  it->len = hlen + blen;
  it->body = c + hlen;
  it->body_len = (nd + 1) / 2;
  own.dec.neg = neg;
  own.dec.exp = (long)raw + 1;
  own.dec.digits = nd;
  memcpy(it->own, &own, sizeof own);
  if (nd <= OK_DECIMAL_VALUE_DIGITS) { /* small enough to be an INTEGER or a REAL */
    char digit[OK_DECIMAL_VALUE_DIGITS];
    for (k = 0; k < nd; k++)
      digit[k] = (char)('0' - 1 + (((c[hlen + k / 2] ^ y) >> (k % 2 ? 0 : 4)) & 15));
    ok_decimal_value(it, neg, own.dec.exp, digit, nd);
    if (it->type != OK_TEXT) return OK_OK;
  }
  it->type = OK_TEXT;
  it->value_len = ok_decimal_text(NULL, neg, own.dec.exp, nd, it->body, 1, y);
  return OK_OK;
}

/* Field f's component (of a key of format fmt). */
static int decode_field(const ok_format *fmt, const ok_orderly_field *f, const uint8_t *c, size_t n,
                        ok_item *it, size_t *err_at) {
  uint8_t x = f->desc ? 0xFF : 0x00;
  size_t size =
      f->type == OK_OL_FLOAT || f->type == OK_OL_FIXED_INT || f->type == OK_OL_FIXED_UINT ? 4 : 8;
  const uint8_t *end;
  ok_orderly_own own;
  uint64_t u = 0;
  int null, rc;
  ok_item_reset(it, fmt, f->type);
  memset(&own, 0, sizeof own);
  it->desc = f->desc;
  it->type = OK_NULL;
  if (f->type == OK_OL_FIXED_BYTES || (f->type == OK_OL_BYTES && f->size)) size = f->size;
  if (n == 0 && !(f->type >= OK_OL_FIXED_INT && f->type <= OK_OL_FIXED_ULONG) &&
      f->type != OK_OL_FIXED_BYTES && !(f->type == OK_OL_BYTES && f->size)) {
    return OK_OK; /* a NULL left out (the types that have a NULL) */
  }
  switch (f->type) {
    case OK_OL_INT:
    case OK_OL_LONG:
    case OK_OL_UINT:
    case OK_OL_ULONG:
      rc = dec_varint(c, n, is_signed(f->type), is_wide(f->type), f->rbits, x, &null, &u, &it->len,
                      err_at);
      if (rc != OK_OK || null) return rc;
      break;
    case OK_OL_FIXED_INT:
    case OK_OL_FIXED_LONG:
    case OK_OL_FIXED_UINT:
    case OK_OL_FIXED_ULONG:
      if (n < size) return fail(OK_E_TRUNCATED, n, err_at);
      it->len = size;
      u = ok_get_be(c, size, x);
      if (is_signed(f->type)) { /* flip the sign bit back, and extend it */
        u ^= (uint64_t)1 << (8 * size - 1);
        if (size == 4) u = (uint64_t)(int64_t)(int32_t)(uint32_t)u;
      }
      break;
    case OK_OL_FLOAT:
    case OK_OL_DOUBLE: {
      if (n < size) return fail(OK_E_TRUNCATED, n, err_at);
      it->len = size;
      if ((u = ok_get_be(c, size, x)) == 0) return OK_OK; /* NULL */
      it->d = ok_ieee_value(ok_ieee_unorder(u - 1, size), size);
      it->type = it->d == it->d ? OK_REAL : OK_TEXT; /* NaN reads as 'NaN' */
      it->value_len = 3;
      return OK_OK;
    }
    case OK_OL_DECIMAL: return dec_decimal(c, n, x, it, err_at);
    case OK_OL_UTF8:
      it->len = 1;
      if ((c[0] ^ x) == 0) return OK_OK; /* NULL */
      it->type = OK_TEXT;
      if ((c[0] ^ x) == 1) return OK_OK; /* '' */
      end = memchr(c, 1 ^ x, n);
      it->body = c;
      it->body_len = it->value_len = end ? (size_t)(end - c) : n;
      it->len = it->body_len + (end != NULL);
      return OK_OK;
    case OK_OL_BYTES: {
      size_t digits;
      if (!f->size && (c[0] ^ x) == 0) { /* NULL, which Orderly writes but cannot read */
        it->len = 1;
        return OK_OK;
      }
      if (n < f->size + 1) return fail(OK_E_TRUNCATED, n, err_at);
      if ((c[f->size] ^ x) == 0x11) {
        digits = 0, it->len = f->size + 1;
      } else if ((rc = dec_byte_digits(c + f->size, n - f->size, x, &digits, &it->len, err_at)) !=
                 OK_OK) {
        *err_at += f->size;
        return rc;
      } else {
        it->len += f->size;
      }
      it->type = OK_BLOB;
      it->body = c;
      it->body_len = it->len;
      it->value_len = f->size + digits / 3;
      own.prefix = f->size;
      memcpy(it->own, &own, sizeof own);
      return OK_OK;
    }
    case OK_OL_FIXED_BYTES:
      if (n < size) return fail(OK_E_TRUNCATED, n, err_at);
      it->type = OK_BLOB;
      it->body = c;
      it->len = it->body_len = it->value_len = size;
      it->direct = !x;
      return OK_OK;
  }
  /* an integer: INTEGER when it fits, else (unsigned) TEXT */
  it->i = (int64_t)u;
  own.u = u;
  memcpy(it->own, &own, sizeof own);
  it->type = is_signed(f->type) || u <= INT64_MAX ? OK_INT : OK_TEXT;
  if (it->type == OK_TEXT) it->value_len = ok_u64_digits(u);
  return OK_OK;
}

static size_t value(uint8_t *out, const ok_item *it) {
  ok_orderly_own own = ok_orderly_own_of(it);
  uint8_t x = it->desc ? 0xFF : 0x00;
  size_t k, o;
  switch (it->tag) {
    case OK_OL_FLOAT:
    case OK_OL_DOUBLE: memcpy(out, "NaN", 3); return 3;
    case OK_OL_DECIMAL:
      return ok_decimal_text((char *)out, own.dec.neg, own.dec.exp, own.dec.digits, it->body, 1,
                             (uint8_t)(x ^ (own.dec.neg ? 0xFF : 0)));
    case OK_OL_UTF8: add2(out, it->body, it->value_len, x, 1); return it->value_len;
    case OK_OL_BYTES: {
      size_t raw = own.prefix;
      unsigned acc = 0, nd = 0;
      for (o = 0; o < raw; o++) out[o] = (uint8_t)(it->body[o] ^ x);
      for (k = 0; o < it->value_len; k++) {
        uint8_t b = (uint8_t)(it->body[raw + k / 2] ^ x);
        acc = acc * 10 + (unsigned)digit_of[k % 2 ? b & 15 : b >> 4];
        if (++nd == 3) out[o++] = (uint8_t)acc, acc = 0, nd = 0;
      }
      return o;
    }
    case OK_OL_FIXED_BYTES: ok_copy_xor(out, it->body, it->value_len, x); return it->value_len;
  }
  return ok_u64_text((char *)out, own.u); /* an unsigned integer beyond int64 */
}

/* Orderly's state fits the room every item has for its format's. */
typedef char own_fits[sizeof(ok_orderly_own) <= sizeof(((ok_item *)0)->own) ? 1 : -1];

/* ok_format_orderly alone, without a schema, reads nothing. */
static int decode(const ok_format *fmt, size_t index, const uint8_t *c, size_t n, ok_item *it,
                  size_t *err_at) {
  const ok_orderly *s = fmt->param;
  if (!s) return fail(OK_E_SYNTAX, 0, err_at);
  return decode_field(fmt, &s->node[s->leaf[index]], c, n, it, err_at);
}

/* ok_orderly_parse copies it into each schema, with the schema as param. */
/* Integers, floats, utf8 and fixed bytes, with no value made. */
static size_t skip(const ok_format *fmt, size_t index, const uint8_t *c, size_t n) {
  const ok_orderly *s = fmt->param;
  const ok_orderly_field *f;
  const uint8_t *end;
  uint8_t x;
  size_t len, err;
  uint64_t u;
  int null;
  if (!s || n == 0) return 0; /* an empty field: a NULL left out, or cut short */
  f = &s->node[s->leaf[index]];
  x = f->desc ? 0xFF : 0x00;
  switch (f->type) {
    case OK_OL_INT:
    case OK_OL_LONG:
    case OK_OL_UINT:
    case OK_OL_ULONG:
      return dec_varint(c, n, is_signed(f->type), is_wide(f->type), f->rbits, x, &null, &u, &len,
                        &err) == OK_OK
                 ? len
                 : 0;
    case OK_OL_FIXED_INT:
    case OK_OL_FIXED_UINT:
    case OK_OL_FLOAT: return n >= 4 ? 4 : 0;
    case OK_OL_FIXED_LONG:
    case OK_OL_FIXED_ULONG:
    case OK_OL_DOUBLE: return n >= 8 ? 8 : 0;
    case OK_OL_UTF8:
      if ((c[0] ^ x) <= 1) return 1; /* NULL, '' */
      return (end = memchr(c, 1 ^ x, n)) ? (size_t)(end - c) + 1 : n;
    case OK_OL_FIXED_BYTES: return n >= f->size ? f->size : 0;
  }
  return 0;
}

/* --- Writing values (ok_convert) ----------------------------------------- */

/* An integer value of field f into o as ok_orderly_pack takes it: an
** INTEGER, a whole REAL within the type, or (unsigned types) decimal TEXT
** up to 2^64 - 1. */
static int integer_value(const ok_orderly_field *f, ok_orderly_value *o, const ok_value *v) {
  int is_unsigned = f->type == OK_OL_UINT || f->type == OK_OL_ULONG ||
                    f->type == OK_OL_FIXED_UINT || f->type == OK_OL_FIXED_ULONG;
  size_t k;
  if (v->type == OK_INT) {
    o->i = v->i, o->u = (uint64_t)v->i;
    return !is_unsigned || v->i >= 0 ? OK_OK : OK_E_RANGE;
  }
  if (v->type == OK_REAL) {
    if (v->d != floor(v->d) || v->d < (is_unsigned ? 0 : -9223372036854775808.0) ||
        v->d >= (is_unsigned ? 18446744073709551616.0 : 9223372036854775808.0))
      return OK_E_RANGE;
    o->u = is_unsigned ? (uint64_t)v->d : 0;
    o->i = is_unsigned ? 0 : (int64_t)v->d;
    return OK_OK;
  }
  if (v->type != OK_TEXT || !is_unsigned) return OK_E_TYPE;
  if (v->n == 0 || v->n > 20) return OK_E_SYNTAX;
  for (k = 0, o->u = 0; k < v->n; k++) {
    unsigned digit = (unsigned)v->p[k] - '0';
    if (digit > 9 || o->u > (UINT64_MAX - digit) / 10) return OK_E_SYNTAX;
    o->u = o->u * 10 + digit;
  }
  return OK_OK;
}

/* A decimal value into o as ok_orderly_pack takes it: a number, or its
** decimal TEXT; a REAL through Double.toString of Java version `java`.
** Its digits go to `digits` (room for 24, or a TEXT's length). */
static int decimal_value(ok_orderly_value *o, const ok_value *v, char *digits, int java) {
  char num[24];
  const char *text = num;
  size_t n = 0, nd, err;
  int point;
  if (v->type == OK_REAL) {
    if (v->d - v->d != 0) return OK_E_RANGE; /* no decimal value */
    o->neg = v->d < 0;
    nd = ok_double_digits(digits, &point, v->d, java);
    o->exp = point - 1;
  } else if (v->type == OK_INT) {
    uint64_t u = v->i < 0 ? 0 - (uint64_t)v->i : (uint64_t)v->i;
    char rev[20];
    size_t k = 0;
    do rev[k++] = (char)('0' + u % 10);
    while (u /= 10);
    if (v->i < 0) num[n++] = '-';
    while (k > 0) num[n++] = rev[--k];
    if (ok_decimal_split(digits, &nd, &o->neg, &o->exp, text, n, &err) != OK_OK) return OK_E_SYNTAX;
  } else if (v->type == OK_TEXT) {
    if (ok_decimal_split(digits, &nd, &o->neg, &o->exp, (const char *)v->p, v->n, &err) != OK_OK)
      return OK_E_SYNTAX;
  } else {
    return OK_E_TYPE;
  }
  o->p = (const uint8_t *)digits, o->n = nd;
  return OK_OK;
}

int ok_orderly_value_of(const ok_orderly *s, size_t i, const ok_value *v, ok_orderly_value *o,
                        char *digits) {
  const ok_orderly_field *field = &s->node[s->leaf[i]];
  const int type = field->type; /* in a local: writing *o may write *s, for all C knows */
  int rc = OK_OK;
  memset(o, 0, sizeof *o);
  if (v->type == OK_NULL) {
    o->null = 1;
  } else {
    switch (type) {
      case OK_OL_FLOAT:
      case OK_OL_DOUBLE:
        if (v->type == OK_INT || v->type == OK_REAL)
          o->d = v->type == OK_INT ? (double)v->i : v->d;
        else if (v->type != OK_TEXT || !ok_special_real((const char *)v->p, v->n, &o->d))
          rc = OK_E_TYPE;
        break;
      case OK_OL_DECIMAL:
        rc = decimal_value(o, v, digits, field->java ? field->java : OK_JAVA_DEFAULT);
        break;
      case OK_OL_UTF8:
      case OK_OL_BYTES:
      case OK_OL_FIXED_BYTES:
        if (v->type != (type == OK_OL_UTF8 ? OK_TEXT : OK_BLOB)) return OK_E_TYPE;
        o->p = v->p, o->n = v->n;
        break;
      default: rc = integer_value(field, o, v);
    }
  }
  return rc == OK_OK ? check_field(field, o) : rc;
}

/* ok_convert's: each value kept (in the writer's room, with 24 bytes of
** digits a field; a decimal TEXT's digits over its own bytes, which
** ok_convert reads out again before it reads them) until the end, where
** the key is written whole and checked. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  const ok_orderly *s = f->param;
  ok_orderly_value *values = w->room;
  char *digits;
  size_t len, bad;
  if (!s) return OK_E_TYPE; /* ok_format_orderly itself: no schema */
  if (!v) {
    if (w->index != s->format.fields) return OK_E_LENGTH;
    len = ok_orderly_encode(w->out, w->cap, s, values, w->index, 0);
    if (len <= w->cap && ok_orderly_verify(s, values, w->out, len, &bad) != OK_OK)
      return w->index = bad, OK_E_AMBIGUOUS;
    w->n = len;
    return OK_OK;
  }
  if (w->index >= s->format.fields) return OK_E_LENGTH;
  digits = v->type == OK_TEXT ? (char *)(uintptr_t)v->p /* each digit where it was read or before */
                              : (char *)(values + OK_ORDERLY_MAX) + 24 * w->index;
  return ok_orderly_value_of(s, w->index, v, &values[w->index], digits);
}

OK_WALK_READER_FIELDS(next, decode)

const ok_format ok_format_orderly = {
    .name = "orderly",
    .decode = decode,
    .next = next,
    .value = value,
    .param_name = "schema",
    .skip = skip,
    .put = put_value,
};
