/*
** chrome.c -- Chromium's IndexedDB keys (ok_chrome.h): the IndexedDB key
** coding, the LevelDB keys around it, and their order, idb_cmp1.
**
** A key's length is found by counting the keys still to come (an array
** adds its count), so nesting costs no stack; comparing two keys keeps
** each open array's count of elements left, for both keys.
*/
#include <math.h>

#include "internal.h"
#include "ok_bytewise.h"
#include "ok_chrome.h"

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

static double le_double(const uint8_t *p) {
  double d;
#ifdef OK_LITTLE_ENDIAN
  memcpy(&d, p, 8);
#else
  uint64_t b = 0;
  int i;
  for (i = 7; i >= 0; i--) b = b << 8 | p[i];
  memcpy(&d, &b, 8);
#endif
  return d;
}

size_t ok_chrome_enc_number(uint8_t *out, int type, double d) {
  uint64_t b;
  int i;
  memcpy(&b, &d, 8);
  if (out)
    for (out[0] = (uint8_t)type, i = 1; i <= 8; i++, b >>= 8) out[i] = (uint8_t)b;
  return 9;
}

size_t ok_chrome_enc_date(uint8_t *out, double ms) {
  return ok_chrome_enc_number(out, OK_CHROME_DATE, ms);
}

static size_t put_varint(uint8_t *out, uint64_t v) {
  size_t n = 0;
  do {
    if (out) out[n] = (uint8_t)((v & 0x7F) | (v > 0x7F ? 0x80 : 0));
    n++;
    v >>= 7;
  } while (v);
  return n;
}

size_t ok_chrome_enc_head(uint8_t *out, int type, uint64_t count) {
  if (out) out[0] = (uint8_t)type;
  return 1 + put_varint(out ? out + 1 : NULL, count);
}

size_t ok_chrome_varint(const uint8_t *p, size_t n, uint64_t *v) {
  size_t i;
  uint64_t r = 0;
  for (i = 0; i < n && i < 9; i++) {
    r |= (uint64_t)(p[i] & 0x7F) << (7 * i);
    if (!(p[i] & 0x80)) return *v = r, i + 1;
  }
  return 0; /* cut short, or past 63 bits (Chrome's int64 lengths and ids) */
}

/* A varint as Chrome writes it: the fewest bytes (no 80 00 ending). */
static size_t varint_strict(const uint8_t *p, size_t n, uint64_t *v) {
  size_t k = ok_chrome_varint(p, n, v);
  return k > 1 && p[k - 1] == 0 ? 0 : k;
}

/* Four characters (the low four bytes of c, none from 0x80 up) as their
** big-endian units, in the word of eight bytes to write little-endian:
** four at a time, not a byte each. */
static uint64_t units_of_ascii(uint64_t c) {
  c = (c | c << 16) & 0x0000FFFF0000FFFFULL;
  c = (c | c << 8) & 0x00FF00FF00FF00FFULL;
  return c << 8;
}

int ok_chrome_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, size_t *err_at) {
  size_t i = 0, units = 0, o, k;
  /* the count first: its varint's length decides where the units go */
  while (i < n) {
    unsigned c = s[i];
    k = 1;
    if (n - i >= 8 && ok_ascii_word(ok_get_le(s + i, 0))) { /* eight ASCII */
      units += 8, i += 8;
      continue;
    }
    if (c >= 0x80 && (c = ok_wtf8_next(s + i, n - i, &k), k == 0))
      return fail(OK_E_BYTE, i, err_at);
    units += c >= 0x10000 ? 2 : 1;
    i += k;
  }
  o = ok_chrome_enc_head(out, OK_CHROME_STRING, units);
  for (i = 0; out && i < n; i += k) {
    unsigned c = s[i];
    uint64_t w;
    k = 1;
    if (n - i >= 4 && !((w = ok_get_le_short(s + i, 4)) & 0x80808080U)) { /* four ASCII */
      ok_put_le(out + o, units_of_ascii(w));
      o += 8, k = 4;
      continue;
    }
    if (c >= 0x80) c = ok_wtf8_next(s + i, n - i, &k);
    if (c >= 0x10000) { /* a surrogate pair */
      c -= 0x10000;
      out[o] = (uint8_t)((0xD800 + (c >> 10)) >> 8), out[o + 1] = (uint8_t)(0xD800 + (c >> 10));
      o += 2;
      c = 0xDC00 + (c & 0x3FF);
    }
    out[o] = (uint8_t)(c >> 8), out[o + 1] = (uint8_t)c;
    o += 2;
  }
  *len = out ? o : o + 2 * units;
  return OK_OK;
}

/* Why a varint at p[0..n) did not read: cut short, or not as Chrome
** writes one (more bytes than it needs, or past 63 bits). */
static int varint_fail(const uint8_t *p, size_t n, size_t at, size_t *err_at) {
  size_t i = 0;
  while (i < n && i < 9 && (p[i] & 0x80)) i++;
  return i == n ? fail(OK_E_TRUNCATED, at + 1 + n, err_at) : fail(OK_E_NONCANONICAL, at, err_at);
}

/* The whole ms of a Date Chrome stored (a JavaScript time value: integral,
** within +-8.64e15), else 0. */
static int date_ok(double d) { return fabs(d) <= OK_JS_DATE_MAX && d == trunc(d); }

/* The varint count after the type byte at key[0] (within n bytes), read
** as in scan(): its byte count, 0 when none reads. One byte, most counts,
** inline. */
OK_HOT_INLINE size_t head(const uint8_t *key, size_t n, int strict, uint64_t *count) {
  if (n > 1 && key[1] < 0x80) return *count = key[1], 1;
  return (strict ? varint_strict : ok_chrome_varint)(key + 1, n - 1, count);
}

/* The key at key[0..n) (n > 0) that is not an array: its bytes in *len, a
** string's or binary's body at *at (after its count); checked as scan()
** says. */
OK_HOT_INLINE int scalar(const uint8_t *key, size_t n, int strict, size_t *len, size_t *at,
                         size_t *err_at) {
  uint64_t count;
  size_t k;
  switch (key[0]) {
    case OK_CHROME_NUMBER:
    case OK_CHROME_DATE:
      if (n - 1 < 8) return fail(OK_E_TRUNCATED, n, err_at);
      if (strict) {
        double d = le_double(key + 1);
        if (d != d) return fail(OK_E_RANGE, 0, err_at);
        if (key[0] == OK_CHROME_DATE && !date_ok(d)) return fail(OK_E_RANGE, 0, err_at);
      }
      return *len = 9, OK_OK;
    case OK_CHROME_STRING:
    case OK_CHROME_BINARY:
      if ((k = head(key, n, strict, &count)) == 0) return varint_fail(key + 1, n - 1, 0, err_at);
      *at = 1 + k;
      if (count > (n - *at) / (key[0] == OK_CHROME_STRING ? 2 : 1))
        return fail(OK_E_TRUNCATED, n, err_at);
      return *len = *at + (size_t)count * (key[0] == OK_CHROME_STRING ? 2 : 1), OK_OK;
    case OK_CHROME_NULL:
    case OK_CHROME_MIN:
      if (strict) return fail(OK_E_TAG, 0, err_at);
      return *len = 1, OK_OK;
  }
  return fail(OK_E_TAG, 0, err_at);
}

/* The bytes of the key at key[0..n), its nested keys included, in *len:
** checked as ok reads a stored key (`strict`), or as Chrome's comparator
** reads one (0: any double, any varint Chrome decodes; Null and Min, which
** it orders, but stores never). */
static int scan(const uint8_t *key, size_t n, int strict, size_t *len, size_t *err_at) {
  size_t pos = 0, k = 0, at;
  uint64_t need = 1, count;
  int rc;
  while (need > 0) {
    if (pos >= n) return fail(OK_E_TRUNCATED, n, err_at);
    if (key[pos] == OK_CHROME_ARRAY) {
      if ((k = head(key + pos, n - pos, strict, &count)) == 0)
        return varint_fail(key + pos + 1, n - pos - 1, pos, err_at);
      pos += 1 + k;
      if (count > n - pos) return fail(OK_E_TRUNCATED, n, err_at); /* an element a byte at least */
      need += count;
    } else if ((rc = scalar(key + pos, n - pos, strict, &k, &at, err_at)) != OK_OK) {
      return *err_at += pos, rc;
    } else {
      pos += k;
    }
    need--;
  }
  *len = pos;
  return OK_OK;
}

size_t ok_chrome_units_text(uint8_t *out, const uint8_t *p, size_t count) {
  size_t i = 0, o = 0, a, j;
  unsigned high = 0;
  if (ok_ascii_units_text(out, p, count, 1)) return count;
  while (i < count) {
    if ((a = ok_ascii_units(p + 2 * i, count - i, 1)) > 0) {
      if (out)
        for (j = 0; j < a; j++) out[o + j] = p[2 * (i + j) + 1];
      i += a, o += a, high = 0;
      continue;
    }
    {
      unsigned u = (unsigned)p[2 * i] << 8 | p[2 * i + 1];
      o = out ? ok_wtf8_unit(out, o, &high, u) : o + ok_wtf8_unit_len(&high, u);
    }
    i++;
  }
  return o;
}

OK_HOT_INLINE int dec_value(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  size_t len, at = 0;
  int rc;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  ok_item_reset(it, &ok_format_chrome, key[0]);
  rc = key[0] == OK_CHROME_ARRAY ? scan(key, n, 1, &len, err_at)
                                 : scalar(key, n, 1, &len, &at, err_at);
  if (rc != OK_OK) return rc;
  it->len = len;
  switch (key[0]) {
    case OK_CHROME_NUMBER:
      it->d = le_double(key + 1);
      ok_js_number(it, it->d);
      if (it->d == 0 && signbit(it->d)) it->type = OK_REAL; /* -0, which Chrome keeps */
      return OK_OK;
    case OK_CHROME_DATE:
      it->own[0] = (uint64_t)(int64_t)le_double(key + 1); /* whole ms: checked */
      it->type = OK_TEXT;
      {
        char text[OK_JS_DATE_TEXT_MAX];
        it->value_len = ok_js_date_text(text, (int64_t)it->own[0]);
      }
      return OK_OK;
    case OK_CHROME_STRING:
      it->type = OK_TEXT;
      it->body = key + at;
      it->body_len = len - at;
      it->value_len = ok_chrome_units_text(NULL, it->body, it->body_len / 2);
      return OK_OK;
    case OK_CHROME_BINARY:
      it->type = OK_BLOB;
      it->body = key + at;
      it->body_len = it->value_len = len - at;
      it->direct = 1;
      return OK_OK;
  }
  it->type = OK_BLOB; /* an array: its bytes, a key of its own */
  it->body = key;
  it->body_len = it->value_len = len;
  it->direct = 1;
  return OK_OK;
}

int ok_chrome_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at) {
  return dec_value(key, n, it, err_at);
}

/* A key's component `index`: an array key's elements (the first with the
** array's head), or the one value. The whole key is checked at the first:
** its value must end where the key does, an array's count of elements
** with it (which the elements after the first cannot see). */
OK_HOT_INLINE int decode_any(const ok_format *f, size_t index, const uint8_t *key, size_t n,
                             ok_item *it, size_t *err_at) {
  size_t len, head_len = 0;
  uint64_t count;
  int rc;
  (void)f;
  if (n == 0) return fail(index == 0 ? OK_E_LENGTH : OK_FEWER, 0, err_at);
  if (index == 0) {
    if ((rc = scan(key, n, 1, &len, err_at)) != OK_OK) return rc;
    if (len < n) return fail(OK_E_TRAILING, len, err_at);
    if (key[0] == OK_CHROME_ARRAY) head_len = 1 + head(key, n, 1, &count);
    if (head_len && head_len == n) return fail(OK_FEWER, 0, err_at); /* [] */
  }
  if ((rc = dec_value(key + head_len, n - head_len, it, err_at)) != OK_OK)
    return *err_at += head_len, rc;
  it->len += head_len;
  ok_js_set_sole(it, index == 0 && head_len && it->len == n);
  return OK_OK;
}

/* The components after the first (which checks the whole key), stepped
** over by their length alone. */
static size_t skip_any(const ok_format *f, size_t index, const uint8_t *key, size_t n) {
  size_t len, err, at;
  (void)f;
  if (index == 0 || n == 0) return 0;
  return (key[0] == OK_CHROME_ARRAY ? scan(key, n, 1, &len, &err)
                                    : scalar(key, n, 1, &len, &at, &err)) == OK_OK
             ? len
             : 0;
}

static size_t chrome_value(uint8_t *out, const ok_item *it) {
  if (it->tag == OK_CHROME_DATE) return ok_js_date_text((char *)out, (int64_t)it->own[0]);
  return ok_chrome_units_text(out, it->body, it->body_len / 2); /* a string */
}

/* ok_chrome_write (ok_chrome.h): no NULL; numbers only those a double
** holds exactly (-0 kept); strings UTF-8 or WTF-8. */
int ok_chrome_write(const ok_format *f, ok_writer *w, const ok_value *v) {
  uint8_t *at;
  size_t len;
  double d;
  int rc;
  (void)f;
  switch (v->type) {
    case OK_NULL: return OK_E_NULL;
    case OK_INT:
    case OK_REAL:
      if ((rc = ok_value_js_number(v, &d)) == OK_OK)
        w->n += ok_chrome_enc_number(ok_writer_at(w, 9), OK_CHROME_NUMBER, d);
      return rc;
    case OK_BLOB:
      w->n += ok_chrome_enc_head(ok_writer_at(w, 11), OK_CHROME_BINARY, v->n);
      if ((at = ok_writer_at(w, v->n)) != NULL && v->n) memcpy(at, v->p, v->n);
      w->n += v->n;
      return OK_OK;
    default:
      rc = ok_chrome_enc_string(ok_writer_at(w, OK_CHROME_STRING_BOUND(v->n)), &len, v->p, v->n,
                                &w->err_at);
      if (rc == OK_OK) w->n += len;
      return rc;
  }
}

/* ok_convert's: the values in an array of their count, or one value
** alone. */
static int put_value(const ok_format *f, ok_writer *w, const ok_value *v) {
  if (!w->mark) {
    w->mark = 1;
    if (!w->lone) w->n += ok_chrome_enc_head(ok_writer_at(w, 11), OK_CHROME_ARRAY, w->count);
  }
  return v ? ok_chrome_write(f, w, v) : OK_OK;
}

/* ok_next_n's reader: an array key's elements from its start, with room
** for all, without the first's scan (ok_array_n); else decode_any for
** each. */
static int next(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at) {
  uint64_t count;
  size_t k;
  if (w->index == 0 && w->n > 1 && w->key[0] == OK_CHROME_ARRAY &&
      (k = head(w->key, w->n, 1, &count)) > 0 && count > 0 && count <= cap && count <= w->n - 1 - k)
    return ok_array_n(w, dec_value, 1 + k, (size_t)count, items, cap, got, err_at);
  return ok_walk_n(w, decode_any, 0, items, cap, got, err_at);
}

const ok_format ok_format_chrome = {
    .name = "chrome",
    .decode = decode_any,
    .next = next,
    .value = chrome_value,
    .skip = skip_any,
    .put = put_value,
    .arrays = 1,
};

/* --- The LevelDB keys ---------------------------------------------------------- */

/* The prefix at key[0..n): its ids, its length (0: cut short, or an id of
** eight bytes past int64, which Chrome's ids never are). */
static size_t prefix(const uint8_t *key, size_t n, int64_t ids[3]) {
  size_t len[3], at = 1;
  int i;
  if (n == 0) return 0;
  len[0] = (size_t)(key[0] >> 5) + 1, len[1] = (size_t)(key[0] >> 2 & 7) + 1;
  len[2] = (size_t)(key[0] & 3) + 1;
  if (1 + len[0] + len[1] + len[2] > n) return 0;
  for (i = 0; i < 3; i++) {
    uint64_t v = 0;
    size_t j;
    for (j = len[i]; j > 0; j--) v = v << 8 | key[at + j - 1];
    if (v > INT64_MAX) return 0;
    ids[i] = (int64_t)v;
    at += len[i];
  }
  return at;
}

/* A varint id (lenient, as Chrome reads it) at p[*at..n): 0 when none. */
static int take_id(const uint8_t *p, size_t n, size_t *at, int64_t *v) {
  uint64_t u;
  size_t k = ok_chrome_varint(p + *at, n - *at, &u);
  if (k == 0) return 0;
  *at += k, *v = (int64_t)u;
  return 1;
}

/* A StringWithLength at p[*at..n): its units. */
static int take_string(const uint8_t *p, size_t n, size_t *at, const uint8_t **s, size_t *units) {
  uint64_t c;
  size_t k = ok_chrome_varint(p + *at, n - *at, &c);
  if (k == 0 || c > (n - *at - k) / 2) return 0;
  *s = p + *at + k, *units = (size_t)c;
  *at += k + 2 * (size_t)c;
  return 1;
}

/* The key Chrome's comparator reads at p[*at..n) (any double, Null, Min). */
static int take_key(const uint8_t *p, size_t n, size_t *at, const uint8_t **key, size_t *len) {
  size_t err;
  if (*at >= n || scan(p + *at, n - *at, 0, len, &err) != OK_OK) return 0;
  *key = p + *at, *at += *len;
  return 1;
}

/* Reads key[0..n) as Chrome's comparator does: 1 when it can, *end where
** what it reads ends (the bytes after are Chrome's to ignore); 0 when it
** cannot, *end where it stopped. */
static int read_key(const uint8_t *key, size_t n, ok_chrome_key *k, size_t *end) {
  int64_t ids[3];
  size_t at = prefix(key, n, ids);
  int ok = 1;
  memset(k, 0, sizeof *k);
  k->type = k->meta = -1;
  k->id = k->sub = k->seq = -1;
  if (at == 0) return *end = 0, 0;
  k->database = ids[0], k->store = ids[1], k->index = ids[2];
  if (ids[0] == 0 || ids[1] == 0) { /* metadata: a type byte, then its fields */
    k->kind = ids[0] == 0 ? OK_CHROME_GLOBAL : OK_CHROME_DATABASE;
    if (at >= n) return *end = at, 0;
    k->type = key[at++];
    if (k->kind == OK_CHROME_GLOBAL) {
      if (k->type == OK_CHROME_SCOPES)
        k->rest = key + at, k->rest_len = n - at, at = n;
      else if (k->type == OK_CHROME_DATABASE_FREE)
        ok = take_id(key, n, &at, &k->id);
      else if (k->type == OK_CHROME_DATABASE_NAME)
        ok = take_string(key, n, &at, &k->origin, &k->origin_units) &&
             take_string(key, n, &at, &k->name, &k->name_units);
      else
        ok = k->type < OK_CHROME_SIMPLE_GLOBAL;
      return *end = at, ok;
    }
    switch (k->type) {
      case OK_CHROME_STORE_META:
        ok = take_id(key, n, &at, &k->id) && at < n;
        if (ok) k->meta = key[at++];
        break;
      case OK_CHROME_INDEX_META:
        ok = take_id(key, n, &at, &k->id) && take_id(key, n, &at, &k->sub) && at < n;
        if (ok) k->meta = key[at++];
        break;
      case OK_CHROME_STORE_FREE: ok = take_id(key, n, &at, &k->id); break;
      case OK_CHROME_INDEX_FREE:
        ok = take_id(key, n, &at, &k->id) && take_id(key, n, &at, &k->sub);
        break;
      case OK_CHROME_STORE_NAME: ok = take_string(key, n, &at, &k->name, &k->name_units); break;
      case OK_CHROME_INDEX_NAME:
        ok = take_id(key, n, &at, &k->id) && take_string(key, n, &at, &k->name, &k->name_units);
        break;
      default: ok = k->type < OK_CHROME_SIMPLE_DATABASE;
    }
    return *end = at, ok;
  }
  if (ids[2] >= 1 && ids[2] <= 3)
    k->kind = OK_CHROME_RECORD + (int)(ids[2] - 1);
  else if (ids[2] >= 30)
    k->kind = OK_CHROME_INDEX;
  else
    return *end = at, 0;
  if (at < n) { /* none: a bound Chrome seeks to, never stored */
    ok = take_key(key, n, &at, &k->key, &k->key_len);
    if (ok && k->kind == OK_CHROME_INDEX && at < n) { /* [sequence number [primary key]] */
      ok = take_id(key, n, &at, &k->seq);
      if (ok && at < n) ok = take_key(key, n, &at, &k->primary, &k->primary_len);
    }
  }
  return *end = at, ok;
}

/* Why read_key could not read key[0..n) (*k as it left it, end where it
** stopped): a status, *err_at the offset. */
static int unread(const uint8_t *key, size_t n, const ok_chrome_key *k, size_t end,
                  size_t *err_at) {
  size_t len, head = n ? 4 + (size_t)(key[0] >> 5) + (key[0] >> 2 & 7) + (key[0] & 3) : 1;
  if (head > n) return fail(OK_E_TRUNCATED, n, err_at); /* the prefix cut short */
  if (end == 0) return fail(OK_E_RANGE, 0, err_at);     /* an id past int64 */
  if (k->kind == 0) return fail(OK_E_TAG, head - 1 - (key[0] & 3), err_at); /* no such index id */
  if (k->kind == OK_CHROME_GLOBAL || k->kind == OK_CHROME_DATABASE) {
    int t = k->type, global = k->kind == OK_CHROME_GLOBAL;
    if (t >= 0 && !(global ? t < OK_CHROME_SIMPLE_GLOBAL || t == OK_CHROME_SCOPES ||
                                 t == OK_CHROME_DATABASE_FREE || t == OK_CHROME_DATABASE_NAME
                           : t < OK_CHROME_SIMPLE_DATABASE || t == OK_CHROME_STORE_META ||
                                 t == OK_CHROME_INDEX_META || t == OK_CHROME_STORE_FREE ||
                                 t == OK_CHROME_INDEX_FREE || t == OK_CHROME_STORE_NAME ||
                                 t == OK_CHROME_INDEX_NAME))
      return fail(OK_E_TAG, head, err_at);  /* a type of none */
    return fail(OK_E_TRUNCATED, n, err_at); /* its fields run past the key */
  }
  { /* a key, or a sequence number, that does not read: as ok reads a key there */
    size_t at = 0;
    int rc = scan(key + end, n - end, 1, &len, &at);
    return rc != OK_OK ? fail(rc, end + at, err_at) : fail(OK_E_TAG, end, err_at);
  }
}

int ok_chrome_key_read(const uint8_t *key, size_t n, ok_chrome_key *k, size_t *err_at) {
  size_t end = 0, len;
  int rc;
  if (!read_key(key, n, k, &end)) return unread(key, n, k, end, err_at);
  if (end < n) return fail(OK_E_TRAILING, end, err_at);
  /* the keys inside, as Chrome stores them */
  if (k->key && (rc = scan(k->key, k->key_len, 1, &len, err_at)) != OK_OK)
    return *err_at += (size_t)(k->key - key), rc;
  if (k->primary && (rc = scan(k->primary, k->primary_len, 1, &len, err_at)) != OK_OK)
    return *err_at += (size_t)(k->primary - key), rc;
  return OK_OK;
}

/* --- idb_cmp1 ---------------------------------------------------------------- */

static int cmp_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  int c = na && nb ? memcmp(a, b, na < nb ? na : nb) : 0;
  return c ? (c < 0 ? -1 : 1) : (na > nb) - (na < nb);
}

static int cmp_int(int64_t a, int64_t b) { return (a > b) - (a < b); }

/* A type byte's place in IndexedDB's order of types (Chrome's enum, read
** backwards): Min, numbers, Dates, strings, binary, arrays, then Null. */
static int rank(uint8_t t) {
  static const int8_t r[7] = {6, 3, 2, 1, 5, 0, 4};
  return r[t];
}

/* Two IndexedDB keys, each checked by scan(strict 0), as Chrome compares
** them. */
static int cmp_idb(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  uint64_t left_a[OK_CHROME_DEPTH], left_b[OK_CHROME_DEPTH];
  size_t pa = 0, pb = 0, depth = 0;
  for (;;) {
    uint8_t t;
    uint64_t ca = 0, cb = 0;
    size_t ka, kb;
    if (depth > 0) { /* the open arrays: a shorter one first */
      if (left_a[depth - 1] == 0 || left_b[depth - 1] == 0) {
        if (left_a[depth - 1] != left_b[depth - 1]) return left_a[depth - 1] == 0 ? -1 : 1;
        if (--depth == 0) return 0;
        continue;
      }
      left_a[depth - 1]--, left_b[depth - 1]--;
    }
    t = a[pa];
    if (t != b[pb]) return rank(t) < rank(b[pb]) ? -1 : 1;
    switch (t) {
      case OK_CHROME_NUMBER:
      case OK_CHROME_DATE: {
        double x = le_double(a + pa + 1), y = le_double(b + pb + 1);
        /* NaN, never stored, equal to itself and after every other number */
        if (x != y) return (x != x || y != y) ? (x != x) - (y != y) : (x > y ? 1 : -1);
        pa += 9, pb += 9;
        break;
      }
      case OK_CHROME_STRING:
      case OK_CHROME_BINARY: {
        int c;
        ka = 1 + ok_chrome_varint(a + pa + 1, na - pa - 1, &ca);
        kb = 1 + ok_chrome_varint(b + pb + 1, nb - pb - 1, &cb);
        if (t == OK_CHROME_STRING) ca *= 2, cb *= 2; /* big-endian units: by bytes */
        if ((c = cmp_bytes(a + pa + ka, (size_t)ca, b + pb + kb, (size_t)cb)) != 0) return c;
        pa += ka + (size_t)ca, pb += kb + (size_t)cb;
        break;
      }
      case OK_CHROME_ARRAY:
        /* Deeper than ok counts: the rest by bytes (what came before is
        ** equal, so the order stays total). */
        if (depth == OK_CHROME_DEPTH) return cmp_bytes(a + pa, na - pa, b + pb, nb - pb);
        ka = 1 + ok_chrome_varint(a + pa + 1, na - pa - 1, &left_a[depth]);
        kb = 1 + ok_chrome_varint(b + pb + 1, nb - pb - 1, &left_b[depth]);
        depth++;
        pa += ka, pb += kb;
        continue;
      default: pa++, pb++; /* Null, Min */
    }
    if (depth == 0) return 0;
  }
}

static int cmp_units(const uint8_t *a, size_t ua, const uint8_t *b, size_t ub) {
  return cmp_bytes(a, 2 * ua, b, 2 * ub);
}

/* Two keys read by read_key, with the same prefix, as Chrome orders them
** (0: Chrome's "equal"). */
static int cmp_read(const ok_chrome_key *x, const ok_chrome_key *y) {
  int c;
  if (x->kind == OK_CHROME_GLOBAL || x->kind == OK_CHROME_DATABASE) {
    if (x->type != y->type) return x->type < y->type ? -1 : 1;
    if (x->type == OK_CHROME_SCOPES && x->kind == OK_CHROME_GLOBAL)
      return cmp_bytes(x->rest, x->rest_len, y->rest, y->rest_len);
    if ((c = cmp_units(x->origin, x->origin_units, y->origin, y->origin_units)) != 0) return c;
    if ((c = cmp_int(x->id, y->id)) != 0 || (c = cmp_int(x->sub, y->sub)) != 0) return c;
    if (x->meta != y->meta) return x->meta < y->meta ? -1 : 1;
    return cmp_units(x->name, x->name_units, y->name, y->name_units);
  }
  /* records and entries: an empty suffix (a bound) first */
  if (!x->key || !y->key) return (x->key != NULL) - (y->key != NULL);
  if ((c = cmp_idb(x->key, x->key_len, y->key, y->key_len)) != 0 || x->kind != OK_CHROME_INDEX)
    return c;
  /* an index entry: then its primary key, its sequence number; a shorter
  ** entry (no sequence number, or no primary key) first */
  if (!x->primary || !y->primary) {
    int lx = x->primary ? 2 : x->seq >= 0, ly = y->primary ? 2 : y->seq >= 0;
    if (!x->primary && !y->primary) return 0; /* Chrome: by bytes left, none either side */
    return lx < ly ? -1 : lx > ly;
  }
  if ((c = cmp_idb(x->primary, x->primary_len, y->primary, y->primary_len)) != 0) return c;
  return cmp_int(x->seq, y->seq);
}

int ok_chrome_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  ok_chrome_key x, y;
  size_t ea, eb;
  int ra = read_key(a, na, &x, &ea), rb = read_key(b, nb, &y, &eb), c;
  /* Chrome answers "equal" for a key it cannot read: after every key it
  ** reads, by bytes among themselves */
  if (!ra || !rb) return ra != rb ? (ra ? -1 : 1) : cmp_bytes(a, na, b, nb);
  if ((c = cmp_int(x.database, y.database)) != 0 || (c = cmp_int(x.store, y.store)) != 0 ||
      (c = cmp_int(x.index, y.index)) != 0)
    return c;
  return cmp_read(&x, &y);
}

/* --- The values ------------------------------------------------------------- */

const char *ok_chrome_what(const ok_chrome_key *k) {
  static const char *const global[] = {
      "schema version",      "max database id", "data version",       "recovery blob journal",
      "active blob journal", "earliest sweep",  "earliest compaction"};
  static const char *const database[] = {"origin name",  "database name", "string version",
                                         "max store id", "version",       "blob number"};
  static const char *const store[] = {
      "store name",         "store key path",     "store auto increment", "store evictable",
      "store last version", "store max index id", "store has key path",   "store key generator"};
  static const char *const index[] = {"index name", "index unique", "index key path",
                                      "index multi entry"};
  switch (k->kind) {
    case OK_CHROME_RECORD: return "record";
    case OK_CHROME_EXISTS: return "exists";
    case OK_CHROME_BLOB: return "blob entry";
    case OK_CHROME_INDEX: return "index entry";
    case OK_CHROME_GLOBAL:
      if (k->type < OK_CHROME_SIMPLE_GLOBAL) return global[k->type];
      return k->type == OK_CHROME_SCOPES          ? "scopes"
             : k->type == OK_CHROME_DATABASE_FREE ? "database free list"
                                                  : "database name";
  }
  if (k->type < OK_CHROME_SIMPLE_DATABASE) return database[k->type];
  switch (k->type) {
    case OK_CHROME_STORE_META: return k->meta < 8 ? store[k->meta] : "store metadata";
    case OK_CHROME_INDEX_META: return k->meta < 4 ? index[k->meta] : "index metadata";
    case OK_CHROME_STORE_FREE: return "store free list";
    case OK_CHROME_INDEX_FREE: return "index free list";
    case OK_CHROME_STORE_NAME: return "store id";
  }
  return "index id"; /* OK_CHROME_INDEX_NAME */
}

/* Chrome's Int: little-endian, as many bytes as it has (up to 8). */
static int int_value(const uint8_t *v, size_t n, ok_chrome_value *out, size_t *err_at) {
  uint64_t x = 0;
  size_t i;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  if (n > 8) return fail(OK_E_TRAILING, 8, err_at);
  for (i = n; i > 0; i--) x = x << 8 | v[i - 1];
  out->type = OK_CHROME_V_INT, out->i = (int64_t)x;
  return OK_OK;
}

static int varint_value(const uint8_t *v, size_t n, ok_chrome_value *out, size_t *err_at) {
  uint64_t x;
  size_t k = ok_chrome_varint(v, n, &x);
  if (k == 0)
    return varint_fail(v, n, 0, err_at) == OK_E_TRUNCATED ? fail(OK_E_TRUNCATED, n, err_at)
                                                          : fail(OK_E_NONCANONICAL, 0, err_at);
  if (k < n) return fail(OK_E_TRAILING, k, err_at);
  out->type = OK_CHROME_V_INT, out->i = (int64_t)x;
  return OK_OK;
}

/* A String: UTF-16 units, its length the value's. */
static int text_value(const uint8_t *v, size_t n, ok_chrome_value *out, size_t *err_at) {
  if (n % 2) return fail(OK_E_TRUNCATED, n, err_at);
  out->type = OK_CHROME_V_TEXT, out->p = v, out->n = n / 2;
  return OK_OK;
}

/* A key path as Chrome writes it: typed (00 00, its type, then nothing, a
** StringWithLength, or a count and as many), or, before key paths had
** types, a String alone. */
static int path_value(const uint8_t *v, size_t n, ok_chrome_value *out, size_t *err_at) {
  size_t at = 3;
  int64_t count = 1;
  const uint8_t *s;
  size_t units;
  if (n < 3 || v[0] != 0 || v[1] != 0) {
    if (n % 2) return fail(OK_E_TRUNCATED, n, err_at);
  } else if (v[2] > 2) {
    return fail(OK_E_TAG, 2, err_at);
  } else if (v[2] == 2 && !take_id(v, n, &at, &count)) {
    return fail(OK_E_TRUNCATED, n, err_at);
  } else {
    if (v[2] == 0) count = 0;
    while (count-- > 0)
      if (!take_string(v, n, &at, &s, &units)) return fail(OK_E_TRUNCATED, n, err_at);
    if (at < n) return fail(OK_E_TRAILING, at, err_at);
  }
  out->type = OK_CHROME_V_PATH, out->p = v, out->n = n;
  return OK_OK;
}

/* A record's, exists entry's or index entry's version, then what follows
** (*at). */
static int version_value(const uint8_t *v, size_t n, ok_chrome_value *out, size_t *at,
                         size_t *err_at) {
  uint64_t x;
  size_t k = ok_chrome_varint(v, n, &x);
  if (k == 0) return fail(n < 10 ? OK_E_TRUNCATED : OK_E_RANGE, n < 10 ? n : 0, err_at);
  out->version = (int64_t)x, *at = k;
  return OK_OK;
}

int ok_chrome_value_read(const ok_chrome_key *k, const uint8_t *v, size_t n, ok_chrome_value *out,
                         size_t *err_at) {
  size_t at = 0, len;
  int rc;
  memset(out, 0, sizeof *out);
  out->version = -1;
  switch (k->kind) {
    case OK_CHROME_RECORD:
      if ((rc = version_value(v, n, out, &at, err_at)) != OK_OK) return rc;
      out->type = OK_CHROME_V_BYTES, out->p = v + at, out->n = n - at;
      return OK_OK;
    case OK_CHROME_EXISTS: /* the version as an Int, not a varint */
      if ((rc = int_value(v, n, out, err_at)) != OK_OK) return rc;
      out->version = out->i, out->type = OK_CHROME_V_NONE, out->i = 0;
      return OK_OK;
    case OK_CHROME_INDEX:
      if ((rc = version_value(v, n, out, &at, err_at)) != OK_OK) return rc;
      if ((rc = scan(v + at, n - at, 1, &len, err_at)) != OK_OK) return *err_at += at, rc;
      if (at + len < n) return fail(OK_E_TRAILING, at + len, err_at);
      out->type = OK_CHROME_V_KEY, out->p = v + at, out->n = len;
      return OK_OK;
    case OK_CHROME_BLOB: out->type = OK_CHROME_V_BYTES, out->p = v, out->n = n; return OK_OK;
    case OK_CHROME_GLOBAL:
      switch (k->type) {
        case 3:
        case 4:
        case OK_CHROME_SCOPES: out->type = OK_CHROME_V_BYTES, out->p = v, out->n = n; return OK_OK;
        case OK_CHROME_DATABASE_FREE: return n ? fail(OK_E_TRAILING, 0, err_at) : OK_OK;
      }
      return int_value(v, n, out, err_at); /* versions, ids, times; a database name's id */
  }
  switch (k->type) { /* a database's */
    case 0:
    case 1:
    case 2: return text_value(v, n, out, err_at);
    case 3: return int_value(v, n, out, err_at);
    case 4:
    case 5: return varint_value(v, n, out, err_at);
    case OK_CHROME_STORE_META:
      if (k->meta == 0) return text_value(v, n, out, err_at);
      if (k->meta == 1) return path_value(v, n, out, err_at);
      if (k->meta == 2 || k->meta == 3 || k->meta == 6) { /* Bool */
        if (n != 1) return fail(n ? OK_E_TRAILING : OK_E_TRUNCATED, n ? 1 : 0, err_at);
        return out->type = OK_CHROME_V_INT, out->i = v[0] != 0, OK_OK;
      }
      return int_value(v, n, out, err_at);
    case OK_CHROME_INDEX_META:
      if (k->meta == 0) return text_value(v, n, out, err_at);
      if (k->meta == 2) return path_value(v, n, out, err_at);
      if (n != 1) return fail(n ? OK_E_TRAILING : OK_E_TRUNCATED, n ? 1 : 0, err_at);
      return out->type = OK_CHROME_V_INT, out->i = v[0] != 0, OK_OK;
    case OK_CHROME_STORE_FREE:
    case OK_CHROME_INDEX_FREE: return n ? fail(OK_E_TRAILING, 0, err_at) : OK_OK;
  }
  return int_value(v, n, out, err_at); /* a store's or an index's id, by name */
}

/* A JSON string of UTF-16 units p[0..2 count) to out (unless NULL): its
** length. */
static size_t json_string(uint8_t *out, const uint8_t *p, size_t count) {
  static const char hex[] = "0123456789abcdef";
  size_t i, o = 0;
  unsigned high = 0;
  if (out) out[o] = '"';
  o++;
  for (i = 0; i < count; i++) {
    unsigned u = (unsigned)p[2 * i] << 8 | p[2 * i + 1];
    if (u < 0x20 || u == '"' || u == '\\') {
      if (out) {
        out[o] = '\\', out[o + 1] = 'u', out[o + 2] = '0', out[o + 3] = '0';
        out[o + 4] = (uint8_t)hex[u >> 4], out[o + 5] = (uint8_t)hex[u & 15];
      }
      o += 6, high = 0;
    } else {
      o = out ? ok_wtf8_unit(out, o, &high, u) : o + ok_wtf8_unit_len(&high, u);
    }
  }
  if (out) out[o] = '"';
  return o + 1;
}

static size_t null_json(uint8_t *out) {
  if (out) memcpy(out, "null", 4);
  return 4;
}

size_t ok_chrome_path_json(uint8_t *out, const uint8_t *p, size_t n) {
  size_t at = 3, o = 0;
  uint64_t count, c;
  size_t k;
  /* untyped (written before key paths had types): a string, its units the value */
  if (n < 3 || p[0] != 0 || p[1] != 0) return json_string(out, p, n / 2);
  if (p[2] == 0) return null_json(out);
  if (p[2] == 1) {
    k = ok_chrome_varint(p + 3, n - 3, &c);
    if (k == 0 || c > (n - 3 - k) / 2) return null_json(out);
    return json_string(out, p + 3 + k, (size_t)c);
  }
  if ((k = ok_chrome_varint(p + 3, n - 3, &count)) == 0) count = 0;
  at += k;
  if (out) out[o] = '[';
  o++;
  while (count-- > 0 && (k = ok_chrome_varint(p + at, n - at, &c)) != 0 && c <= (n - at - k) / 2) {
    if (o > 1) {
      if (out) out[o] = ',';
      o++;
    }
    o += json_string(out ? out + o : NULL, p + at + k, (size_t)c);
    at += k + 2 * (size_t)c;
  }
  if (out) out[o] = ']';
  return o + 1;
}
