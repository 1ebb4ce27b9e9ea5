/*
** keystring_ejson.c -- a KeyString and its TypeBits built from MongoDB's
** Extended JSON (v2, canonical or relaxed, and the legacy forms MongoDB's
** tools still read): the inverse of reading a key with its TypeBits. The
** JSON holds what the key cannot (int32, int64, double or Decimal128 with
** its exponent; string or symbol; -0.0), so the TypeBits come from it.
**
** One walk over the JSON does both (key_string.cpp's _appendBsonValue and
** TypeBits::append*), writing them where the room given holds them and
** counting them past it, for a second walk with room enough.
*/
#include <math.h>

#include "internal.h"
#include "ok_bytewise.h" /* JavaScript Dates */
#include "ok_keystring.h"

typedef struct {
  ok_json j;
  ok_keystring_ejson_out *o;
  int v0, bits_off; /* bits_off: a clustered record id's value, which takes none */
  int over;         /* past the room given: counted from there, not written */
  size_t scratch;   /* the scratch bytes in use */
} walk;

/* A failure at character `at` of the JSON, in words. */
static int fail(walk *w, size_t at, const char *why) {
  w->o->err_at = at, w->o->why = why;
  return OK_E_SYNTAX;
}
static int syntax(walk *w) { return fail(w, w->j.i, "not JSON"); }

/* Where the key's next n bytes go: NULL when they are only counted
** (measuring, or past the room, after which nothing is written). */
static uint8_t *at(walk *w, size_t n) {
  if (!w->o->key || w->over) return NULL;
  if (w->o->key_len + n <= w->o->key_cap) return w->o->key + w->o->key_len;
  w->over = 1;
  return NULL;
}
static int written(const walk *w) { return w->o->key && !w->over; }

static void put(walk *w, const uint8_t *p, size_t n) {
  uint8_t *q = at(w, n);
  if (q) memcpy(q, p, n);
  w->o->key_len += n;
}
/* A string (or code) and BinData, their length found first. */
static void put_string(walk *w, int type, const char *s, size_t n) {
  uint8_t *q = at(w, ok_keystring_enc_string(NULL, type, (const uint8_t *)s, n));
  w->o->key_len += ok_keystring_enc_string(q, type, (const uint8_t *)s, n);
}
static void put_bindata(walk *w, const uint8_t *p, size_t n, uint8_t subtype) {
  uint8_t *q = at(w, ok_keystring_enc_bindata(NULL, p, n, subtype));
  w->o->key_len += ok_keystring_enc_bindata(q, p, n, subtype);
}

/* The next `count` TypeBits, the highest first, as TypeBits::appendBit. */
static void bits(walk *w, unsigned v, int count) {
  if (w->bits_off) return;
  while (count-- > 0) {
    if (w->o->bits && w->o->nbits / 8 >= w->o->bits_cap) w->over = 1;
    if (w->o->bits && !w->over && (v >> count & 1))
      w->o->bits[w->o->nbits / 8] |= (uint8_t)(1u << (w->o->nbits % 8));
    w->o->nbits++;
  }
}
enum { T_INT32, T_INT64, T_DOUBLE, T_DECIMAL }; /* TypeBits' two bits of a number */

/* A string's characters in scratch: *s, *n (the scratch is the JSON's
** length: no text unescapes longer). */
static int text(walk *w, const char **s, size_t *n) {
  const char *raw;
  size_t len;
  uint8_t *p = w->o->scratch + w->scratch;
  if (ok_json_peek(&w->j) != '"') return fail(w, w->j.i, "a string expected");
  if (ok_json_string(&w->j, &raw, &len) != OK_OK)
    return fail(w, w->j.i, "a bad string (a bad escape, a control character or bytes not UTF-8)");
  *n = ok_json_unescape(p, raw, len), *s = (const char *)p;
  w->scratch += *n;
  return OK_OK;
}
/* The same, without a NUL (BSON's names, patterns and namespaces end at one). */
static int cstring(walk *w, const char **s, size_t *n, const char *why) {
  size_t start = w->j.i;
  int rc = text(w, s, n);
  if (rc == OK_OK && memchr(*s, 0, *n)) return fail(w, start, why);
  return rc;
}

/* --- Numbers --------------------------------------------------------------- */

typedef struct {
  int neg, special; /* special: 'n' NaN, 'i' an infinity */
  char digits[35];  /* the significant digits, trailing zeros kept (nd <= 34) */
  size_t nd;
  int64_t e; /* the exponent of the last digit */
} number;

/* Decimal text s[0..n): an optional sign, digits with an optional point,
** an optional exponent; with `words`, NaN and Inf or Infinity (any case).
** More than 34 significant digits: trailing zeros dropped, or refused. */
static const char *parse_number(number *x, const char *s, size_t n, int words) {
  size_t i = 0, k;
  int dot = 0, seen = 0;
  int64_t exp = 0;
  x->neg = 0, x->special = 0, x->nd = 0, x->e = 0;
  if (i < n && (s[i] == '-' || s[i] == '+')) x->neg = s[i++] == '-';
  if (words) {
    static const char *const names[] = {"nan", "inf", "infinity"};
    for (k = 0; k < 3; k++)
      if (n - i == strlen(names[k])) {
        size_t c;
        for (c = 0; c < n - i && (s[i + c] | 0x20) == names[k][c]; c++) continue;
        if (c == n - i) return x->special = k ? 'i' : 'n', NULL;
      }
  }
  for (; i < n && ((s[i] >= '0' && s[i] <= '9') || (s[i] == '.' && !dot)); i++) {
    if (s[i] == '.') {
      dot = 1;
      continue;
    }
    seen = 1, x->e -= dot;
    if (x->nd == 0 && s[i] == '0') continue; /* leading zeros */
    if (x->nd == 34) {                       /* past 34: zeros only, each raising e */
      if (s[i] != '0') return "more significant digits than a Decimal128's 34";
      x->e++;
      continue;
    }
    x->digits[x->nd++] = s[i];
  }
  if (!seen) return "no digits";
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    int eneg = 0;
    if (++i < n && (s[i] == '-' || s[i] == '+')) eneg = s[i++] == '-';
    if (i == n) return "no digits in the exponent";
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
      if ((exp = exp * 10 + (s[i] - '0')) > 100000) return "an exponent past 100000";
    x->e += eneg ? -exp : exp;
  }
  if (i < n) return "not a number";
  x->digits[x->nd] = 0;
  return NULL;
}

/* The trailing zeros of x's digits: how many. */
static size_t zeros(const number *x) {
  size_t z = 0;
  while (z < x->nd && x->digits[x->nd - 1 - z] == '0') z++;
  return z;
}

/* x as the double nearest it; NULL, or why not. */
static const char *number_double(const number *x, double *d) {
  size_t z = zeros(x);
  if (x->special)
    *d = x->special == 'n' ? NAN : HUGE_VAL;
  else if (x->nd == z)
    *d = 0.0;
  else if (isinf(*d = ok_decimal_nearest(x->digits, x->nd - z, x->e + (int64_t)z)))
    return "past a double's range";
  if (x->neg) *d = -*d;
  return NULL;
}

static void put_double(walk *w, double d) {
  uint8_t b[OK_KEYSTRING_NUMBER_MAX];
  put(w, b, w->v0 ? ok_keystring_enc_double_v0(b, d) : ok_keystring_enc_double(b, d));
  if (d == 0 && signbit(d)) /* -0.0: 11, then 000 (version 1) */
    bits(w, w->v0 ? 3 : 0x18, w->v0 ? 2 : 5);
  else
    bits(w, T_DOUBLE, 2);
}

static void put_int(walk *w, int64_t v, int type) {
  uint8_t b[OK_KEYSTRING_NUMBER_MAX];
  put(w, b, w->v0 ? ok_keystring_enc_int_v0(b, v) : ok_keystring_enc_int(b, v));
  bits(w, (unsigned)type, 2);
}

/* A Decimal128 as key_string.cpp's _appendNumberDecimal writes it: its
** value in the key, its exponent's low 6 bits (a zero's sign and whole
** exponent) in the TypeBits. The exponent as Decimal128 holds it: past
** 6111 the coefficient padded with zeros, below -6176 its trailing zeros
** dropped; refused where neither makes it exact. */
static int put_decimal(walk *w, number *x, size_t where) {
  uint8_t b[OK_KEYSTRING_NUMBER_MAX];
  size_t len, z = zeros(x);
  if (w->v0) return fail(w, where, "a Decimal128, which KeyString version 0 does not hold");
  if (x->special) {
    put(w, b, ok_keystring_enc_double(b, x->special == 'n' ? NAN : x->neg ? -HUGE_VAL : HUGE_VAL));
    bits(w, T_DECIMAL, 2);
    return OK_OK;
  }
  if (z == x->nd) { /* zero: any exponent, clamped */
    int64_t e = x->e > 6111 ? 6111 : x->e < -6176 ? -6176 : x->e;
    uint32_t which = (uint32_t)(e + 6176) + (x->neg ? 12288u : 0u);
    put(w, b, ok_keystring_enc_int(b, 0));
    bits(w, 0x18 + 2 + (which >> 12), 5);
    bits(w, which & 0xFFF, 12);
    return OK_OK;
  }
  for (; x->e > 6111 && x->nd < 34; x->nd++) x->digits[x->nd] = '0', x->e--, z++;
  for (; x->e < -6176 && z > 0; z--) x->nd--, x->e++;
  if (x->e > 6111 || x->e < -6176)
    return fail(w, where, "a Decimal128 past its range (exponents -6176 to 6111, 34 digits)");
  if (ok_keystring_enc_decimal(b, &len, x->neg, x->digits, x->nd - z,
                               x->e + (int64_t)(x->nd - 1)) != OK_OK)
    return fail(w, where, "a Decimal128 past its range (exponents -6176 to 6111, 34 digits)");
  put(w, b, len);
  bits(w, T_DECIMAL, 2);
  bits(w, (unsigned)((x->e + 6176) & 63), 6);
  return OK_OK;
}

/* An integer's text (JSON's, or a string's: "-12"): *v within lo..hi. */
static int integer(const char *s, size_t n, int64_t lo, int64_t hi, int64_t *v) {
  size_t i = s[0] == '-';
  uint64_t m = 0, lim = s[0] == '-' ? 0 - (uint64_t)lo : (uint64_t)hi;
  if (i == n || (s[i] == '0' && n - i > 1)) return 0;
  for (; i < n; i++) {
    uint64_t d = (uint64_t)(s[i] - '0');
    if (s[i] < '0' || s[i] > '9' || m > lim / 10 || (m == lim / 10 && d > lim % 10)) return 0;
    m = m * 10 + d;
  }
  *v = s[0] == '-' ? (int64_t)(0 - m) : (int64_t)m;
  return 1;
}

/* A JSON number (relaxed Extended JSON): an integer int32 or int64 when
** it is one, any other a double. */
static int json_number(walk *w) {
  const char *s, *why;
  size_t n, start = w->j.i;
  int64_t v;
  number x;
  double d;
  if (ok_json_number(&w->j, &s, &n) != OK_OK) return syntax(w);
  if (!memchr(s, '.', n) && !memchr(s, 'e', n) && !memchr(s, 'E', n)) {
    if (integer(s, n, INT32_MIN, INT32_MAX, &v)) return put_int(w, v, T_INT32), OK_OK;
    if (integer(s, n, INT64_MIN, INT64_MAX, &v)) return put_int(w, v, T_INT64), OK_OK;
  }
  if ((why = parse_number(&x, s, n, 0)) || (why = number_double(&x, &d)))
    return fail(w, start, why);
  put_double(w, d);
  return OK_OK;
}

/* --- Values ---------------------------------------------------------------- */

static int value(walk *w, int depth);

/* An object's fields from after its '{' (or a scope's, after the code):
** each its generic type, its name, 00 and its value; then 00. */
static int fields(walk *w, int depth) {
  int first, more, rc;
  const char *name;
  size_t n;
  for (first = 1; (more = ok_json_more(&w->j, '}', first)) > 0; first = 0) {
    size_t type_at = w->o->key_len;
    uint8_t zero = 0;
    w->scratch = 0;
    if ((rc = cstring(w, &name, &n, "a field's name holds no NUL (BSON's names end at one)")))
      return rc;
    if (!ok_json_expect(&w->j, ':')) return fail(w, w->j.i, "':' expected");
    put(w, &zero, 1); /* its type, once its value is written */
    put(w, (const uint8_t *)name, n);
    put(w, &zero, 1);
    if ((rc = value(w, depth)) != OK_OK) return rc;
    if (written(w))
      w->o->key[type_at] = (uint8_t)ok_keystring_generic(w->o->key[type_at + 1 + n + 1]);
  }
  if (more < 0) return fail(w, w->j.i, "',' or '}' expected");
  put(w, (const uint8_t[]){0}, 1);
  return OK_OK;
}

/* An array's values from after its '[', then 00. */
static int elements(walk *w, int depth) {
  int first, more, rc;
  for (first = 1; (more = ok_json_more(&w->j, ']', first)) > 0; first = 0)
    if ((rc = value(w, depth)) != OK_OK) return rc;
  if (more < 0) return fail(w, w->j.i, "',' or ']' expected");
  put(w, (const uint8_t[]){0}, 1);
  return OK_OK;
}

/* The fields of an Extended JSON wrapper ({"$numberInt": "1"}, {"$code":
** ..., "$scope": ...}): their names and where their values start. */
#define WRAP_MAX 3
typedef struct {
  const char *name[WRAP_MAX];
  size_t len[WRAP_MAX], value[WRAP_MAX], count;
} wrap;

static const char *const wrappers[] = {"$numberInt",
                                       "$numberLong",
                                       "$numberDouble",
                                       "$numberDecimal",
                                       "$oid",
                                       "$symbol",
                                       "$date",
                                       "$timestamp",
                                       "$binary",
                                       "$uuid",
                                       "$regularExpression",
                                       "$regex",
                                       "$dbPointer",
                                       "$code",
                                       "$minKey",
                                       "$maxKey",
                                       "$undefined",
                                       NULL};

static int is(const char *s, size_t n, const char *name) {
  return strlen(name) == n && memcmp(s, name, n) == 0;
}

/* Reads the object at j.i (its '{' read) as a wrapper: 1 with *k (the
** field naming its type first) when its first fields are a wrapper's
** ("$numberInt"; "$type" and "$binary" in either order), 0 for a document
** (j.i back at its first field), or a status. */
static int read_wrap(walk *w, wrap *k) {
  size_t start = w->j.i, i, main = WRAP_MAX;
  int first, more, rc;
  k->count = 0;
  for (first = 1; (more = ok_json_more(&w->j, '}', first)) > 0; first = 0) {
    const char *raw;
    size_t len;
    if (ok_json_name(&w->j, &raw, &len) != OK_OK)
      return fail(w, w->j.i, "not JSON (a name, then ':')");
    for (i = 0; wrappers[i] && !is(raw, len, wrappers[i]); i++) continue;
    if (!wrappers[i] && !is(raw, len, "$type") && !is(raw, len, "$options") &&
        !is(raw, len, "$scope"))
      break; /* a document's field: its value not stepped over to be read again */
    if (k->count == WRAP_MAX) break;
    if (wrappers[i] && main == WRAP_MAX) main = k->count;
    ok_json_peek(&w->j); /* where the value starts: errors point there */
    k->name[k->count] = raw, k->len[k->count] = len, k->value[k->count++] = w->j.i;
    if ((rc = ok_json_skip(&w->j, OK_KEYSTRING_DEPTH_MAX)) != OK_OK)
      return rc == OK_E_RANGE ? fail(w, w->j.i, "nests deeper than MongoDB's 200 levels")
                              : syntax(w);
  }
  if (main == WRAP_MAX) return w->j.i = start, 0;
  if (more)
    return more < 0 ? fail(w, w->j.i, "',' or '}' expected")
                    : fail(w, start, "an Extended JSON value with a field too many");
  if (main) { /* {"$type": ..., "$binary": ...}: the type's first */
    const char *nm = k->name[0];
    size_t ln = k->len[0], v = k->value[0];
    k->name[0] = k->name[main], k->len[0] = k->len[main], k->value[0] = k->value[main];
    k->name[main] = nm, k->len[main] = ln, k->value[main] = v;
  }
  return 1;
}

/* The value of field `name` of the wrapper, j.i at it: 1, or 0. */
static int field(walk *w, const wrap *k, const char *name) {
  size_t i;
  for (i = 0; i < k->count; i++)
    if (is(k->name[i], k->len[i], name)) return w->j.i = k->value[i], 1;
  return 0;
}

/* A wrapper's string field (*s in scratch), or its words of refusal. */
static int string_field(walk *w, const wrap *k, const char *name, const char **s, size_t *n,
                        const char *why) {
  size_t where = w->j.i;
  if (!field(w, k, name)) return fail(w, where, why);
  if (ok_json_peek(&w->j) != '"') return fail(w, w->j.i, why);
  return text(w, s, n);
}

static int oid_of(walk *w, const wrap *k, uint8_t oid[12]) {
  const char *s;
  size_t n, len, e, where;
  int rc = string_field(w, k, "$oid", &s, &n, "{\"$oid\": ...} takes 24 hex digits");
  if (rc != OK_OK) return rc;
  where = k->value[0];
  if (n != 24 || ok_hex_decode(oid, &len, s, n, &e) != OK_OK)
    return fail(w, where, "{\"$oid\": ...} takes 24 hex digits");
  return OK_OK;
}

/* A JSON integer field of a wrapper within 0..max. */
static int uint_field(walk *w, const wrap *k, const char *name, int64_t max, int64_t *v,
                      const char *why) {
  const char *s;
  size_t n;
  if (!field(w, k, name) || ok_json_number(&w->j, &s, &n) != OK_OK || !integer(s, n, 0, max, v))
    return fail(w, w->j.i, why);
  return OK_OK;
}

/* An object at j.i opened and read as a wrapper of its own fields (the
** value of $timestamp, $binary, $regularExpression, $dbPointer). */
static int inner(walk *w, wrap *k, const char *why) {
  size_t start = w->j.i;
  int first, more;
  if (!ok_json_expect(&w->j, '{')) return fail(w, start, why);
  k->count = 0;
  for (first = 1; (more = ok_json_more(&w->j, '}', first)) > 0; first = 0) {
    const char *raw;
    size_t len;
    if (ok_json_name(&w->j, &raw, &len) != OK_OK) return syntax(w);
    if (k->count == WRAP_MAX) return fail(w, start, why);
    ok_json_peek(&w->j);
    k->name[k->count] = raw, k->len[k->count] = len, k->value[k->count++] = w->j.i;
    if (ok_json_skip(&w->j, 1) != OK_OK) return fail(w, w->j.i, why);
  }
  return more < 0 ? syntax(w) : OK_OK;
}

static int binary(walk *w, const wrap *k) {
  static const char why[] =
      "{\"$binary\": {\"base64\": ..., \"subType\": ...}} takes base 64 and 1 or 2 hex digits";
  wrap b;
  const char *s = NULL, *t = NULL;
  size_t n = 0, tn = 0, len, e, end;
  uint8_t sub[1];
  uint8_t *p;
  int rc;
  w->j.i = k->value[0];
  if (ok_json_peek(&w->j) == '"') { /* legacy: {"$binary": "...", "$type": "00"} */
    b = *k;
    rc = string_field(w, &b, "$binary", &s, &n, why);
    if (rc == OK_OK) rc = string_field(w, &b, "$type", &t, &tn, why);
  } else if (k->count != 1) {
    rc = fail(w, k->value[0], why);
  } else if ((rc = inner(w, &b, why)) == OK_OK && b.count == 2) {
    rc = string_field(w, &b, "base64", &s, &n, why);
    if (rc == OK_OK) rc = string_field(w, &b, "subType", &t, &tn, why);
  } else if (rc == OK_OK) {
    rc = fail(w, k->value[0], why);
  }
  end = w->j.i;
  if (rc != OK_OK) return rc;
  if (tn < 1 || tn > 2 ||
      ok_hex_decode(sub, &len, tn == 1 ? (char[]){'0', t[0]} : t, 2, &e) != OK_OK)
    return fail(w, k->value[0], why);
  p = (uint8_t *)w->o->scratch + w->scratch; /* the bytes after the text in scratch */
  if (ok_base64_decode(p, &len, s, n, &e) != OK_OK) return fail(w, k->value[0], why);
  if (len >= (size_t)1 << 31) return fail(w, k->value[0], "BinData past 2^31 bytes");
  put_bindata(w, p, len, sub[0]);
  w->j.i = end;
  return OK_OK;
}

static int date(walk *w, const wrap *k) {
  static const char why[] =
      "{\"$date\": ...} takes {\"$numberLong\": \"<ms>\"}, an ISO-8601 text in UTC or ms";
  const char *s;
  size_t n, e;
  int64_t ms;
  wrap d;
  char iso[OK_JS_DATE_TEXT_MAX + 5];
  uint8_t b[9];
  w->j.i = k->value[0];
  switch (ok_json_peek(&w->j)) {
    case '{':
      w->j.i++;
      if (read_wrap(w, &d) != 1 || d.count != 1 ||
          string_field(w, &d, "$numberLong", &s, &n, why) != OK_OK ||
          !integer(s, n, INT64_MIN, INT64_MAX, &ms))
        return fail(w, k->value[0], why);
      break;
    case '-':
      if (ok_json_number(&w->j, &s, &n) != OK_OK || !integer(s, n, INT64_MIN, INT64_MAX, &ms))
        return fail(w, k->value[0], why);
      break;
    case '"':
      if (text(w, &s, &n) != OK_OK) return syntax(w);
      if (n == 20 && s[19] == 'Z') { /* seconds alone: "...:00Z" */
        memcpy(iso, s, 19), memcpy(iso + 19, ".000Z", 5);
        s = iso, n = 24;
      }
      if (ok_js_date_parse(&ms, s, n, &e) != OK_OK) return fail(w, k->value[0], why);
      break;
    default: return fail(w, k->value[0], why);
  }
  if (ms < -OK_JS_DATE_MAX || ms > OK_JS_DATE_MAX)
    return fail(w, k->value[0], "a Date past JavaScript's (8.64e15 ms from 1970)");
  put(w, b, ok_keystring_enc_date(b, ms));
  return OK_OK;
}

static int regex(walk *w, const wrap *k) {
  static const char why[] =
      "{\"$regularExpression\": {\"pattern\": ..., \"options\": ...}} takes two strings";
  wrap r;
  const char *p, *f = "";
  size_t pn, fn = 0;
  int rc;
  if (is(k->name[0], k->len[0], "$regex")) { /* legacy: {"$regex": ..., "$options": ...} */
    r = *k;
    rc = string_field(w, &r, "$regex", &p, &pn, why);
    if (rc == OK_OK && r.count == 2) rc = string_field(w, &r, "$options", &f, &fn, why);
  } else {
    w->j.i = k->value[0];
    if ((rc = inner(w, &r, why)) == OK_OK && r.count != 2) rc = fail(w, k->value[0], why);
    if (rc == OK_OK) rc = string_field(w, &r, "pattern", &p, &pn, why);
    if (rc == OK_OK) rc = string_field(w, &r, "options", &f, &fn, why);
  }
  if (rc != OK_OK) return rc;
  if (memchr(p, 0, pn) || memchr(f, 0, fn))
    return fail(w, k->value[0], "a regular expression holds no NUL (BSON ends it at one)");
  w->o->key_len +=
      ok_keystring_enc_regex(at(w, pn + fn + 3), (const uint8_t *)p, pn, (const uint8_t *)f, fn);
  return OK_OK;
}

static int dbpointer(walk *w, const wrap *k) {
  static const char why[] =
      "{\"$dbPointer\": {\"$ref\": ..., \"$id\": {\"$oid\": ...}}} takes a namespace and an "
      "ObjectId";
  wrap d, id;
  const char *ns;
  size_t n;
  uint8_t oid[12];
  int rc;
  w->j.i = k->value[0];
  if ((rc = inner(w, &d, why)) == OK_OK && d.count != 2) rc = fail(w, k->value[0], why);
  if (rc == OK_OK) rc = string_field(w, &d, "$ref", &ns, &n, why);
  if (rc != OK_OK) return rc;
  if (memchr(ns, 0, n))
    return fail(w, k->value[0], "a namespace holds no NUL (BSON ends it at one)");
  if (!field(w, &d, "$id") || !ok_json_expect(&w->j, '{') || read_wrap(w, &id) != 1 ||
      id.count != 1 || oid_of(w, &id, oid) != OK_OK)
    return fail(w, k->value[0], why);
  w->o->key_len += ok_keystring_enc_dbpointer(at(w, n + 17), (const uint8_t *)ns, n, oid);
  return OK_OK;
}

/* Code, or code with its scope: the code as a string, the scope's fields
** after it (two levels, as BSON counts a scope). */
static int code(walk *w, const wrap *k, int depth) {
  static const char why[] = "{\"$code\": ...} takes a string, and {\"$scope\": ...} an object";
  const char *s;
  size_t n;
  int rc, scope = k->count == 2;
  if ((rc = string_field(w, k, "$code", &s, &n, why)) != OK_OK) return rc;
  put_string(w, scope ? OK_KEYSTRING_CODE_SCOPE : OK_KEYSTRING_CODE, s, n);
  if (!scope) return OK_OK;
  field(w, k, "$scope");
  if (!ok_json_expect(&w->j, '{')) return fail(w, w->j.i, why);
  if (depth + 2 > OK_KEYSTRING_DEPTH_MAX)
    return fail(w, w->j.i, "nests deeper than MongoDB's 200 levels");
  return fields(w, depth + 2);
}

/* A wrapper's value; j.i past the object once written. */
static int wrapped(walk *w, const wrap *k, int depth) {
  const char *name = k->name[0], *s, *why = NULL;
  size_t nl = k->len[0], end = w->j.i, where = k->value[0], n;
  uint8_t oid[12], b[OK_KEYSTRING_NUMBER_MAX];
  int64_t v, t;
  number x;
  double d;
  wrap in;
  int rc = OK_OK, legacy = k->count == 2 &&
                           ((is(name, nl, "$binary") && is(k->name[1], k->len[1], "$type")) ||
                            (is(name, nl, "$regex") && is(k->name[1], k->len[1], "$options")) ||
                            (is(name, nl, "$code") && is(k->name[1], k->len[1], "$scope")));
  if (k->count != 1 && !legacy)
    return fail(w, where, "an Extended JSON value with a field too many");
  if (is(name, nl, "$numberInt") || is(name, nl, "$numberLong")) {
    int i32 = nl == 10;
    rc = string_field(w, k, name[7] == 'I' ? "$numberInt" : "$numberLong", &s, &n,
                      i32 ? "{\"$numberInt\": ...} takes an int32's digits as a string"
                          : "{\"$numberLong\": ...} takes an int64's digits as a string");
    if (rc == OK_OK && !integer(s, n, i32 ? INT32_MIN : INT64_MIN, i32 ? INT32_MAX : INT64_MAX, &v))
      rc = fail(w, where,
                i32 ? "not an int32 (-2147483648 to 2147483647)"
                    : "not an int64 (-9223372036854775808 to 9223372036854775807)");
    if (rc == OK_OK) put_int(w, v, i32 ? T_INT32 : T_INT64);
  } else if (is(name, nl, "$numberDouble") || is(name, nl, "$numberDecimal")) {
    int dec = nl == 14;
    rc = string_field(w, k, dec ? "$numberDecimal" : "$numberDouble", &s, &n,
                      dec ? "{\"$numberDecimal\": ...} takes a decimal's text"
                          : "{\"$numberDouble\": ...} takes a double's text");
    if (rc == OK_OK && (why = parse_number(&x, s, n, 1))) rc = fail(w, where, why);
    if (rc == OK_OK && dec) rc = put_decimal(w, &x, where);
    if (rc == OK_OK && !dec) {
      if ((why = number_double(&x, &d))) return fail(w, where, why);
      put_double(w, d);
    }
  } else if (is(name, nl, "$oid")) {
    if ((rc = oid_of(w, k, oid)) == OK_OK) put(w, b, ok_keystring_enc_oid(b, oid));
  } else if (is(name, nl, "$symbol")) {
    rc = string_field(w, k, "$symbol", &s, &n, "{\"$symbol\": ...} takes a string");
    if (rc == OK_OK) {
      put_string(w, OK_KEYSTRING_STRING, s, n);
      bits(w, 1, 1);
    }
  } else if (is(name, nl, "$date")) {
    rc = date(w, k);
  } else if (is(name, nl, "$timestamp")) {
    why = "{\"$timestamp\": {\"t\": ..., \"i\": ...}} takes two integers of 32 bits";
    w->j.i = where;
    if ((rc = inner(w, &in, why)) == OK_OK && in.count != 2) rc = fail(w, where, why);
    if (rc == OK_OK) rc = uint_field(w, &in, "t", 0xFFFFFFFF, &t, why);
    if (rc == OK_OK) rc = uint_field(w, &in, "i", 0xFFFFFFFF, &v, why);
    if (rc == OK_OK) put(w, b, ok_keystring_enc_timestamp(b, (uint32_t)t, (uint32_t)v));
  } else if (is(name, nl, "$binary")) {
    rc = binary(w, k);
  } else if (is(name, nl, "$uuid")) {
    uint8_t u[16];
    why = "{\"$uuid\": ...} takes a UUID's text (8-4-4-4-12 hex digits)";
    rc = string_field(w, k, "$uuid", &s, &n, why);
    if (rc == OK_OK && ok_fdb_uuid_parse(u, s, n) != OK_OK) rc = fail(w, where, why);
    if (rc == OK_OK) put_bindata(w, u, 16, 4);
  } else if (is(name, nl, "$regularExpression") || is(name, nl, "$regex")) {
    rc = regex(w, k);
  } else if (is(name, nl, "$dbPointer")) {
    rc = dbpointer(w, k);
  } else if (is(name, nl, "$code")) {
    rc = code(w, k, depth);
  } else { /* $minKey: 1, $maxKey: 1, $undefined: true */
    int undef = is(name, nl, "$undefined");
    w->j.i = where;
    if (undef ? ok_json_word(&w->j, "true") != OK_OK
              : ok_json_number(&w->j, &s, &n) != OK_OK || n != 1 || s[0] != '1')
      return fail(w, where,
                  undef ? "{\"$undefined\": true} takes true"
                        : "{\"$minKey\": 1} and {\"$maxKey\": 1} take 1");
    b[0] = undef            ? OK_KEYSTRING_UNDEFINED
           : name[2] == 'i' ? OK_KEYSTRING_MINKEY
                            : OK_KEYSTRING_MAXKEY;
    put(w, b, 1);
  }
  if (rc == OK_OK) w->j.i = end;
  return rc;
}

static int value(walk *w, int depth) {
  const char *s;
  size_t n, start;
  uint8_t b[1];
  wrap k;
  int c = ok_json_peek(&w->j), rc;
  w->scratch = 0; /* a value's strings are written before the next is read */
  start = w->j.i;
  switch (c) {
    case '"':
      if ((rc = text(w, &s, &n)) != OK_OK) return rc;
      put_string(w, OK_KEYSTRING_STRING, s, n);
      bits(w, 0, 1);
      return OK_OK;
    case '-': return json_number(w);
    case 't':
    case 'f':
    case 'n':
      if (ok_json_word(&w->j, c == 't' ? "true" : c == 'f' ? "false" : "null") != OK_OK)
        return fail(w, start, "a JSON value expected");
      b[0] = c == 't' ? OK_KEYSTRING_TRUE : c == 'f' ? OK_KEYSTRING_FALSE : OK_KEYSTRING_NULL;
      put(w, b, 1);
      return OK_OK;
    case '[':
    case '{':
      w->j.i++;
      if (c == '{' && (rc = read_wrap(w, &k)) != 0) return rc == 1 ? wrapped(w, &k, depth) : rc;
      if (depth + 1 > OK_KEYSTRING_DEPTH_MAX)
        return fail(w, start, "nests deeper than MongoDB's 200 levels");
      b[0] = c == '[' ? OK_KEYSTRING_ARRAY : OK_KEYSTRING_OBJECT;
      put(w, b, 1);
      return c == '[' ? elements(w, depth + 1) : fields(w, depth + 1);
  }
  return fail(w, start, "a JSON value expected");
}

/* --- The key --------------------------------------------------------------- */

/* An element of the key's array that ends it, as ok_keystring_ejson shows
** one: {"recordid": ...} (an int64, or under "clustered" the cluster key's
** value) or {"discriminator": "exclusiveBefore"} (or "exclusiveAfter").
** 1 when written, 0 for a value, or a status. */
static int key_end(walk *w, const ok_keystring *ks) {
  size_t start = w->j.i, vat, end, m, lead;
  const char *raw, *s;
  int rid, rc;
  int64_t id;
  uint8_t b[OK_KEYSTRING_RECORD_MAX], *p;
  if (ok_json_peek(&w->j) != '{') return 0;
  w->j.i++;
  if (ok_json_peek(&w->j) != '"' || ok_json_name(&w->j, &raw, &m) != OK_OK ||
      !((rid = is(raw, m, "recordid")) || is(raw, m, "discriminator")))
    return w->j.i = start, 0;
  vat = w->j.i;
  if (ok_json_skip(&w->j, OK_KEYSTRING_DEPTH_MAX) != OK_OK || !ok_json_expect(&w->j, '}'))
    return w->j.i = start, 0;
  end = w->j.i, w->j.i = vat;
  if (!rid) {
    static const char why[] =
        "{\"discriminator\": ...} is \"exclusiveBefore\" or \"exclusiveAfter\"";
    size_t n;
    if (ok_json_peek(&w->j) != '"' || (rc = text(w, &s, &n)) != OK_OK) return fail(w, vat, why);
    if (!is(s, n, "exclusiveBefore") && !is(s, n, "exclusiveAfter")) return fail(w, vat, why);
    b[0] = s[9] == 'B' ? OK_KEYSTRING_LESS : OK_KEYSTRING_GREATER, b[1] = OK_KEYSTRING_END;
    put(w, b, 2);
  } else if (!ks->clustered) { /* an int64: {"$numberLong": "7"}, or 7 */
    static const char why[] = "{\"recordid\": ...} takes an integer from 0 to 2^63 - 1";
    wrap k;
    size_t n;
    if (ok_json_peek(&w->j) == '-') {
      if (ok_json_number(&w->j, &s, &n) != OK_OK || !integer(s, n, 0, INT64_MAX, &id))
        return fail(w, vat, why);
    } else if (!ok_json_expect(&w->j, '{') || read_wrap(w, &k) != 1 || k.count != 1 ||
               string_field(w, &k, "$numberLong", &s, &n, why) != OK_OK ||
               !integer(s, n, 0, INT64_MAX, &id)) {
      return fail(w, vat, why);
    }
    put(w, b, ok_keystring_enc_record(b, id));
  } else { /* the end byte, the value's KeyString (no TypeBits), its length */
    lead = w->o->key_len;
    put(w, (const uint8_t[]){OK_KEYSTRING_END}, 1);
    w->bits_off = 1;
    rc = value(w, 0);
    w->bits_off = 0;
    if (rc != OK_OK) return rc;
    m = w->o->key_len - lead - 1;
    if (m > OK_KEYSTRING_RECORD_STRING_MAX) return fail(w, vat, "a record id past MongoDB's 8 MiB");
    w->o->key_len = lead;
    p = at(w, ok_keystring_enc_record_string(NULL, NULL, m)); /* the value there, after 04 */
    w->o->key_len += ok_keystring_enc_record_string(p, p ? p + 1 : NULL, m);
  }
  w->j.i = end;
  return 1;
}

int ok_keystring_from_ejson(ok_keystring_ejson_out *o, const ok_keystring *ks, const char *json,
                            size_t n) {
  walk w;
  size_t i;
  int first, more, rc, last = 0;
  w.j.s = json, w.j.n = n, w.j.i = 0;
  w.o = o, w.v0 = ks->v0, w.bits_off = 0, w.over = 0, w.scratch = 0;
  o->key_len = 0, o->nbits = 0, o->written = 0, o->err_at = 0, o->why = NULL;
  if (!ok_json_expect(&w.j, '['))
    return fail(&w, w.j.i, "a key is a JSON array of its values ('[1, \"a\"]')");
  for (i = 0, first = 1; (more = ok_json_more(&w.j, ']', first)) > 0; first = 0, i++) {
    size_t start = o->key_len, where = w.j.i;
    if (last)
      return fail(&w, where, "a value after the record id or discriminator, which end the key");
    if ((rc = key_end(&w, ks)) == 1) {
      last = 1;
      continue;
    }
    if (rc == 0) rc = value(&w, 0);
    if (rc != OK_OK) return rc;
    if (written(&w) && i < 32 && (ks->desc >> i & 1)) ok_invert(o->key + start, o->key_len - start);
  }
  if (more < 0) return fail(&w, w.j.i, "',' or ']' expected");
  if (ok_json_peek(&w.j) || w.j.i < n) return fail(&w, w.j.i, "text after the key's array");
  if (!last) put(&w, (const uint8_t[]){OK_KEYSTRING_END}, 1);
  o->written = written(&w) && o->bits && (o->nbits + 7) / 8 <= o->bits_cap;
  return OK_OK;
}

/* --- TypeBits as MongoDB keeps them ---------------------------------------- */

size_t ok_keystring_bits_write(uint8_t *out, const uint8_t *bits, size_t nbits) {
  size_t size = (nbits + 7) / 8, k, head;
  for (k = 0; k < size && bits[k] == 0; k++) continue;
  if (k == size) return out[0] = 0x00, 1; /* all zeros */
  if (size == 1 && bits[0] < 0x80) return out[0] = bits[0], 1;
  head = size <= 127 ? 1 : 5;
  if (head == 1)
    out[0] = (uint8_t)(0x80 | size);
  else
    out[0] = 0x80, out[1] = (uint8_t)size, out[2] = (uint8_t)(size >> 8),
    out[3] = (uint8_t)(size >> 16), out[4] = (uint8_t)(size >> 24);
  memcpy(out + head, bits, size);
  return head + size;
}
