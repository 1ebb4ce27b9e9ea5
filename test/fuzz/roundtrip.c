/*
** roundtrip.c -- fuzz target from values to keys and back, in every tagged
** format. The input is read as two rows of up to 4 values each (NULL,
** int64, double, text, blob; each position ascending or descending, the
** same in both rows). Each format encodes both rows, and then:
**   - each key decodes to its row's values, and re-encodes from what it
**     decoded to exactly its own bytes;
**   - memcmp of the two keys has the sign of the rows' comparison in the
**     format's order, keys being equal only for equal rows.
** The orders: native keys follow SQLite's ORDER BY (NULL < numbers by exact
** value < TEXT < BLOB; NaN is NULL). FoundationDB's tuples are ascending
** only and order by type code (NULL < bytes < string < integers <
** doubles, doubles by their IEEE total order; a NaN is left out, as it
** reads back as 'NaN', text that is not UTF-8 goes in as bytes). HBase
** OrderedBytes: NULL < numerics (by the decimal HBase writes: a double's
** shortest one; NaN last) < text < BlobVar; text holding a
** NUL goes in as a blob; BlobVar keeps order only between blobs of one
** length, so rows whose blobs differ in length are not compared.
** CockroachDB: by marker (NULL < NaN < floats < bytes and strings alike <
** integers; descending: floats < NaN < bytes < integers < NULL), within
** one by value (-0.0 is 0.0); a descending integer or float reads back as
** the ascending value of its bytes (^v, -f), so there a value read back
** is the same when it encodes to the same bytes. TiDB (and TiKV, the same
** keys in TiKV's groups): ascending only, by flag (NULL < bytes and strings
** alike < integers < floats, floats by their bits: -0.0 < 0.0; a NaN, which
** TiDB never writes, is left out); a value read back is the same when it
** encodes to the same bytes, as text and bytes are one. bytewise, charwise
** and ordered-binary: arrays of JavaScript values (NULL < numbers < text;
** ordered-binary's Buffers only as a key's end, so blobs go in as text).
** Firefox's IndexedDB keys: arrays of numbers < strings (by UTF-16 units)
** < binary, with no null (NULL goes in as 0). WebKit's: the same values,
** ordered by its collation (ok_webkit_compare), not by their bytes, which
** compares binary with the rest of the key: two binary values are not
** compared. Chrome's: the same values and order, compared by idb_cmp1
** (ok_chrome_compare) in a record's LevelDB key; Chrome's SQLite backing
** store's: the same, by their bytes (-0 written as 0). MongoDB's KeyString:
** ascending here (a descending field is its bytes complemented: the unit
** tests), NULL < numbers (NaN first, then by exact value) < text (bytes) <
** BinData (by length first), its end byte after the values.
** Any failure aborts.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OK_STATIC_LINKING_ONLY /* tests see the internals of this very version */
#include "ok.h"
#include "ok_bytewise.h"
#include "ok_chrome.h"
#include "ok_chromesql.h"
#include "ok_crdb.h"
#include "ok_fdb.h"
#include "ok_firefox.h"
#include "ok_hbase.h"
#include "ok_keystring.h"
#include "ok_orderedbinary.h"
#include "ok_orderly.h"
#include "ok_tidb.h"
#include "ok_webkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { V_NULL, V_INT, V_REAL, V_TEXT, V_BLOB };
typedef struct {
  int type, desc;
  int64_t i;
  double d;
  uint8_t s[16];
  size_t n;
} val;
typedef struct {
  val v[4];
  size_t n;
} row;

#define KEY_MAX (4 * 64 * 2) /* TiKV's groups: 9 bytes for 8 */

/* Aborts, saying which demand failed and in which format. */
static const char *format_name = "";
static void fail(const char *why) {
  fprintf(stderr, "roundtrip: %s: %s\n", format_name, why);
  abort();
}

/* Reads the next byte of the input, 0 past its end. */
static uint8_t next(const uint8_t **p, const uint8_t *end) { return *p < end ? *(*p)++ : 0; }

static void read_value(val *v, const uint8_t **p, const uint8_t *end) {
  static const double special[] = {0.0,
                                   -0.0,
                                   1.0,
                                   -1.5,
                                   0.1,
                                   1e300,
                                   -1e-300,
                                   4.9e-324,
                                   9007199254740993.0,
                                   9223372036854775808.0,
                                   -9223372036854775808.0,
                                   INFINITY,
                                   -INFINITY,
                                   NAN};
  uint64_t bits = 0;
  int k;
  uint8_t b = next(p, end);
  memset(v, 0, sizeof *v);
  v->type = b % 5;
  switch (v->type) {
    case V_INT:
      if (b & 0x80) {
        for (k = 0; k < 8; k++) bits = bits << 8 | next(p, end);
        v->i = (int64_t)bits;
      } else {
        v->i = (int8_t)next(p, end);
      }
      break;
    case V_REAL:
      if (b & 0x80) {
        union {
          uint64_t u;
          double d;
        } x;
        for (k = 0; k < 8; k++) bits = bits << 8 | next(p, end);
        x.u = bits;
        v->d = x.d;
      } else {
        v->d = special[next(p, end) % (sizeof special / sizeof special[0])];
      }
      break;
    case V_TEXT:
    case V_BLOB:
      v->n = next(p, end) % sizeof v->s;
      for (size_t j = 0; j < v->n; j++) v->s[j] = next(p, end);
      break;
  }
}

/* --- The orders ---------------------------------------------------------- */

static int sign(int x) { return (x > 0) - (x < 0); }

/* int64 against double, exactly (d not NaN). */
static int cmp_int_real(int64_t i, double d) {
  int64_t t;
  if (d >= 9223372036854775808.0) return -1;
  if (d < -9223372036854775808.0) return 1;
  t = (int64_t)d; /* d truncated, exactly */
  if (i != t) return i < t ? -1 : 1;
  return d > (double)t ? -1 : d < (double)t ? 1 : 0;
}

static int cmp_num(const val *a, const val *b) {
  if (a->type == V_INT && b->type == V_INT) return (a->i > b->i) - (a->i < b->i);
  if (a->type == V_INT) return cmp_int_real(a->i, b->d);
  if (b->type == V_INT) return -cmp_int_real(b->i, a->d);
  return (a->d > b->d) - (a->d < b->d);
}

static int cmp_bytes(const val *a, const val *b) {
  size_t m = a->n < b->n ? a->n : b->n;
  int c = m ? memcmp(a->s, b->s, m) : 0;
  return c ? sign(c) : (a->n > b->n) - (a->n < b->n);
}

/* Rank of a value's class in each format's order. */
static int native_rank(const val *v) {
  static const int r[] = {0, 1, 1, 2, 3};
  return r[v->type];
}

static int native_cmp(const val *a, const val *b) {
  int ra = native_rank(a), rb = native_rank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (ra == 1) return cmp_num(a, b);
  return ra == 0 ? 0 : cmp_bytes(a, b);
}

static uint64_t fdb_total(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u >> 63 ? ~u : u | (1ull << 63);
}

static int fdb_cmp(const val *a, const val *b) {
  static const int r[] = {0, 3, 4, 2, 1}; /* null, int, double, string, bytes */
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (a->type == V_INT) return (a->i > b->i) - (a->i < b->i);
  if (a->type == V_REAL)
    return (fdb_total(a->d) > fdb_total(b->d)) - (fdb_total(a->d) < fdb_total(b->d));
  return a->type == V_NULL ? 0 : cmp_bytes(a, b);
}

/* HBase numerics order by the decimal HBase writes: an int64's digits, a
** double's shortest decimal (which beyond 2^53 is not its exact value). */
static int hbase_class(const val *v) {
  if (v->type == V_INT) return 1;
  return isnan(v->d) ? 3 : v->d == INFINITY ? 2 : v->d == -INFINITY ? 0 : 1;
}

static int hbase_num_cmp(const val *a, const val *b) {
  ok_hbase_num x, y;
  int ca = hbase_class(a), cb = hbase_class(b), sx, sy, c;
  size_t m;
  if (ca != 1 || cb != 1) return (ca > cb) - (ca < cb);
  if (a->type == V_INT)
    ok_hbase_num_int(&x, a->i);
  else
    ok_hbase_num_double(&x, a->d, 17);
  if (b->type == V_INT)
    ok_hbase_num_int(&y, b->i);
  else
    ok_hbase_num_double(&y, b->d, 17);
  sx = x.n == 0 ? 0 : x.neg ? -1 : 1;
  sy = y.n == 0 ? 0 : y.neg ? -1 : 1;
  if (sx != sy || sx == 0) return (sx > sy) - (sx < sy);
  c = (x.exp > y.exp) - (x.exp < y.exp);
  m = x.n < y.n ? x.n : y.n;
  if (!c) c = sign(memcmp(x.digit, y.digit, m));
  if (!c) c = (x.n > y.n) - (x.n < y.n);
  return sx * c;
}

/* *incomparable set when BlobVar's order does not hold between a and b. */
static int hbase_cmp(const val *a, const val *b, int *incomparable) {
  static const int r[] = {0, 1, 1, 3, 4};
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (r[a->type] == 1) return hbase_num_cmp(a, b);
  if (a->type == V_BLOB && a->n != b->n) *incomparable = 1;
  return a->type == V_NULL ? 0 : cmp_bytes(a, b);
}

/* --- Formats: encode one value, turn a decoded item back into a value ------ */

typedef struct {
  const ok_format *f;
  void (*fit)(val *v); /* makes a value one the format holds */
  size_t (*enc)(uint8_t *out, const val *v);
  int (*cmp)(const val *a, const val *b, int *incomparable);
  int wrapped; /* the items' bytes in a whole: WRAP_* */
} fmt;
enum {
  WRAP_NONE,
  WRAP_TIKV,
  WRAP_BYTEWISE,
  WRAP_CHARWISE,
  WRAP_ORDEREDBINARY,
  WRAP_FIREFOX,
  WRAP_WEBKIT,
  WRAP_CHROME,
  WRAP_CHROMESQL,
  WRAP_KEYSTRING
};

static void native_fit(val *v) {
  if (v->type == V_REAL && isnan(v->d)) v->type = V_NULL;
}
static size_t native_enc(uint8_t *out, const val *v) {
  switch (v->type) {
    case V_NULL: return ok_enc_null(out, v->desc);
    case V_INT: return ok_enc_int(out, v->i, v->desc);
    case V_REAL: return ok_enc_double(out, v->d, v->desc);
    default:
      return ok_enc_bytes(out, v->type == V_TEXT ? OK_TAG_TEXT : OK_TAG_BLOB, v->s, v->n, 1,
                          v->desc);
  }
}
static int native_order(const val *a, const val *b, int *incomparable) {
  (void)incomparable;
  return native_cmp(a, b);
}

static void fdb_fit(val *v) {
  v->desc = 0;
  if (v->type == V_REAL && isnan(v->d)) v->d = 0.5;
  if (v->type == V_TEXT && ok_utf8_check(v->s, v->n) != v->n) v->type = V_BLOB;
}
static size_t fdb_enc(uint8_t *out, const val *v) {
  switch (v->type) {
    case V_NULL: return ok_fdb_enc_fixed(out, OK_FDB_NULL, NULL, 0);
    case V_INT: return ok_fdb_enc_int(out, v->i);
    case V_REAL: return ok_fdb_enc_double(out, v->d);
    default:
      return ok_fdb_enc_bytes(out, v->type == V_TEXT ? OK_FDB_STRING : OK_FDB_BYTES, v->s, v->n);
  }
}
static int fdb_order(const val *a, const val *b, int *incomparable) {
  (void)incomparable;
  return fdb_cmp(a, b);
}

static void hbase_fit(val *v) {
  if (v->type == V_TEXT && memchr(v->s, 0, v->n)) v->type = V_BLOB;
  if (v->type == V_REAL && v->d == 0) v->d = 0; /* -0.0 is the numeric zero */
}
static size_t hbase_enc(uint8_t *out, const val *v) {
  switch (v->type) {
    case V_NULL: return ok_hbase_enc_header(out, OK_HBASE_NULL, v->desc);
    case V_INT: return ok_hbase_enc_int_num(out, v->i, v->desc);
    case V_REAL:
      if (isnan(v->d)) return ok_hbase_enc_header(out, OK_HBASE_NAN, v->desc);
      if (isinf(v->d))
        return ok_hbase_enc_header(out, v->d > 0 ? OK_HBASE_POS_INF : OK_HBASE_NEG_INF, v->desc);
      return ok_hbase_enc_double_num(out, v->d, 17, v->desc);
    case V_TEXT: return ok_hbase_enc_text(out, OK_HBASE_TEXT, v->s, v->n, v->desc);
    default: return ok_hbase_enc_blob_var(out, v->s, v->n, v->desc);
  }
}

static void crdb_fit(val *v) { (void)v; }
static size_t crdb_enc(uint8_t *out, const val *v) {
  switch (v->type) {
    case V_NULL: return ok_crdb_enc_null(out, v->desc);
    case V_INT: return ok_crdb_enc_int(out, v->i, v->desc);
    case V_REAL: return ok_crdb_enc_float(out, v->d, v->desc);
    default: return ok_crdb_enc_bytes(out, v->s, v->n, v->desc);
  }
}
/* The rank of a value's marker; a descending row's ranks are negated
** here, as the caller negates the whole comparison. */
static int crdb_rank(const val *v) {
  static const int asc[] = {0, 5, 2, 4, 4}, desc[] = {6, 5, 2, 4, 4};
  if (v->type == V_REAL && isnan(v->d)) return v->desc ? 3 : 1;
  return v->desc ? desc[v->type] : asc[v->type];
}
static int crdb_order(const val *a, const val *b, int *incomparable) {
  int ra = crdb_rank(a), rb = crdb_rank(b), c;
  (void)incomparable;
  if (ra != rb) return c = ra < rb ? -1 : 1, a->desc ? -c : c;
  if (a->type == V_INT || a->type == V_REAL) return cmp_num(a, b);
  return a->type == V_NULL ? 0 : cmp_bytes(a, b);
}

static void tidb_fit(val *v) {
  v->desc = 0;
  if (v->type == V_REAL && isnan(v->d)) v->d = 0.5;
}
static size_t tidb_enc(uint8_t *out, const val *v) {
  switch (v->type) {
    case V_NULL: return ok_tidb_enc_null(out);
    case V_INT: return ok_tidb_enc_int(out, v->i);
    case V_REAL: return ok_tidb_enc_float(out, v->d);
    default: return ok_tidb_enc_bytes(out, OK_TIDB_BYTES, v->s, v->n);
  }
}
static int tidb_order(const val *a, const val *b, int *incomparable) {
  static const int r[] = {0, 3, 5, 1, 1}; /* the flags */
  (void)incomparable;
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (a->type == V_INT) return (a->i > b->i) - (a->i < b->i);
  if (a->type == V_REAL)
    return (fdb_total(a->d) > fdb_total(b->d)) - (fdb_total(a->d) < fdb_total(b->d));
  return a->type == V_NULL ? 0 : cmp_bytes(a, b);
}

/* bytewise and charwise: a row is an array of its values (one value
** alone would be the key's, a form the node suite checks). */
static void bytewise_fit(val *v) {
  v->desc = 0;
  if (v->type == V_REAL && isnan(v->d)) v->d = 0.5;
  if (v->type == V_INT) { /* a double's */
    double d = (double)v->i;
    if (!(d < 9223372036854775808.0 && (int64_t)d == v->i)) v->i >>= 11;
  }
  if (v->type == V_TEXT && ok_utf8_check(v->s, v->n) != v->n) v->type = V_BLOB;
}
static size_t bytewise_enc(uint8_t *out, const val *v) {
  switch (v->type) {
    case V_NULL: return out[0] = OK_BYTEWISE_NULL, 1;
    case V_INT: return ok_bytewise_enc_number(out, (double)v->i);
    case V_REAL: return ok_bytewise_enc_number(out, v->d);
    default:
      return ok_bytewise_enc_bytes(out, v->type == V_TEXT ? OK_BYTEWISE_STRING : OK_BYTEWISE_BUFFER,
                                   v->s, v->n, 1);
  }
}
static int bytewise_order(const val *a, const val *b, int *incomparable) {
  static const int r[] = {0, 1, 1, 3, 2}; /* Buffers before strings */
  (void)incomparable;
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (r[a->type] == 1) return cmp_num(a, b);
  return a->type == V_NULL ? 0 : cmp_bytes(a, b);
}

static void charwise_fit(val *v) {
  size_t len, k;
  bytewise_fit(v);
  if (v->type == V_BLOB) v->type = ok_utf8_check(v->s, v->n) == v->n ? V_TEXT : V_NULL;
  if (v->type == V_TEXT && ok_charwise_enc_string(NULL, &len, v->s, v->n, 1) != OK_OK)
    for (k = 0; k < v->n; k++)
      if (v->s[k] == 0 || v->s[k] == '?') v->s[k] = 'x'; /* what charwise writes two ways */
}
/* An element after its '"' (the array's 'K' takes the first one's place). */
static size_t charwise_enc(uint8_t *out, const val *v) {
  size_t len = 0;
  out[0] = '"';
  switch (v->type) {
    case V_NULL: out[1] = OK_CHARWISE_NULL; return 2;
    case V_INT: return 1 + ok_charwise_enc_number(out + 1, (double)v->i);
    case V_REAL: return 1 + ok_charwise_enc_number(out + 1, v->d);
    default: ok_charwise_enc_string(out + 1, &len, v->s, v->n, 1); return 1 + len;
  }
}
/* charwise orders strings in arrays by their escaped text and the '"' after
** them, not by their bytes ('a' after 'a '): no order among strings. */
static int charwise_order(const val *a, const val *b, int *incomparable) {
  static const int r[] = {0, 1, 1, 2, 2};
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (r[a->type] == 2) *incomparable = 1;
  return r[a->type] == 1 ? cmp_num(a, b) : 0;
}

/* ordered-binary: a row is an array of its values, each 9-byte numbers
** (one value alone with its number so is [v], a form the node suite checks
** beside v's own); a Buffer only ends a key and must start with 01, 03, 04
** or 05, so blobs go in as text (or NULL). An empty row is no key. */
static void orderedbinary_fit(val *v) {
  bytewise_fit(v);
  if (v->type == V_BLOB) v->type = ok_utf8_check(v->s, v->n) == v->n ? V_TEXT : V_NULL;
}
/* An element after its 00 (the first one's dropped by wrap). */
static size_t orderedbinary_enc(uint8_t *out, const val *v) {
  size_t len = 0;
  out[0] = 0x00;
  switch (v->type) {
    case V_NULL: out[1] = OK_ORDEREDBINARY_NULL; return 2;
    case V_INT: return 1 + ok_orderedbinary_enc_number(out + 1, (double)v->i, 1);
    case V_REAL: return 1 + ok_orderedbinary_enc_number(out + 1, v->d, 1);
    default: ok_orderedbinary_enc_string(out + 1, &len, v->s, v->n); return 1 + len;
  }
}
static int orderedbinary_order(const val *a, const val *b, int *incomparable) {
  static const int r[] = {0, 1, 1, 2, 2};
  (void)incomparable;
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (r[a->type] == 1) return cmp_num(a, b);
  return a->type == V_NULL ? 0 : cmp_bytes(a, b);
}

/* Firefox: a row is an array (50, the values, 00, folded and cut by wrap);
** no null; text that is not UTF-8 goes in as binary. */
static void firefox_fit(val *v) {
  if (v->type == V_NULL) v->type = V_INT, v->i = 0;
  bytewise_fit(v);
}
static size_t firefox_enc(uint8_t *out, const val *v) {
  size_t len = 0, err;
  switch (v->type) {
    case V_INT: return ok_firefox_enc_number(out, OK_FIREFOX_NUMBER, (double)v->i);
    case V_REAL: return ok_firefox_enc_number(out, OK_FIREFOX_NUMBER, v->d);
    default:
      ok_firefox_enc_string(out, &len, v->type == V_TEXT ? OK_FIREFOX_STRING : OK_FIREFOX_BINARY,
                            v->s, v->n, &err);
      return len;
  }
}
/* UTF-8 s[0..n) as UTF-16 units into u; their count. */
static size_t units_of(uint16_t *u, const uint8_t *s, size_t n) {
  size_t i = 0, k = 0, len;
  while (i < n) {
    unsigned c = ok_utf8_decode(s + i, &len);
    if (c >= 0x10000) u[k++] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10)), c = 0xDC00 + (c & 0x3FF);
    u[k++] = (uint16_t)c;
    i += len;
  }
  return k;
}
static int firefox_order(const val *a, const val *b, int *incomparable) {
  static const int r[] = {1, 1, 1, 2, 3};
  (void)incomparable;
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (r[a->type] == 1) return cmp_num(a, b);
  if (a->type == V_TEXT) {
    uint16_t x[32], y[32];
    size_t m = units_of(x, a->s, a->n), n = units_of(y, b->s, b->n), i;
    for (i = 0; i < m && i < n; i++)
      if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return m < n ? -1 : m > n;
  }
  return cmp_bytes(a, b);
}

static size_t webkit_enc(uint8_t *out, const val *v) {
  size_t len = 0, err;
  switch (v->type) {
    case V_INT: return ok_webkit_enc_number(out, OK_WEBKIT_NUMBER, (double)v->i);
    case V_REAL: return ok_webkit_enc_number(out, OK_WEBKIT_NUMBER, v->d);
    case V_TEXT: ok_webkit_enc_string(out, &len, v->s, v->n, &err); return len;
    default:
      len = ok_webkit_enc_head(out, OK_WEBKIT_BINARY, v->n);
      memcpy(out + len, v->s, v->n);
      return len + v->n;
  }
}
static int webkit_order(const val *a, const val *b, int *incomparable) {
  if (a->type == V_BLOB && b->type == V_BLOB) *incomparable = 1;
  return firefox_order(a, b, incomparable);
}

static size_t chrome_enc(uint8_t *out, const val *v) {
  size_t len = 0, err;
  switch (v->type) {
    case V_INT: return ok_chrome_enc_number(out, OK_CHROME_NUMBER, (double)v->i);
    case V_REAL: return ok_chrome_enc_number(out, OK_CHROME_NUMBER, v->d);
    case V_TEXT: ok_chrome_enc_string(out, &len, v->s, v->n, &err); return len;
    default:
      len = ok_chrome_enc_head(out, OK_CHROME_BINARY, v->n);
      memcpy(out + len, v->s, v->n);
      return len + v->n;
  }
}

/* Two Chrome keys as idb_cmp1 orders them: each a record's key (database
** 1, store 1) in Chrome's LevelDB. */
static int chrome_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  uint8_t x[KEY_MAX + 4] = {0, 1, 1, 1}, y[KEY_MAX + 4] = {0, 1, 1, 1};
  memcpy(x + 4, a, na), memcpy(y + 4, b, nb);
  return ok_chrome_compare(x, na + 4, y, nb + 4);
}

static size_t chromesql_enc(uint8_t *out, const val *v) {
  size_t len = 0, err;
  switch (v->type) {
    case V_INT: return ok_chromesql_enc_number(out, OK_CHROMESQL_NUMBER, (double)v->i);
    case V_REAL: return ok_chromesql_enc_number(out, OK_CHROMESQL_NUMBER, v->d);
    case V_TEXT: ok_chromesql_enc_string(out, &len, v->s, v->n, &err); return len;
    default: return ok_chromesql_enc_binary(out, v->s, v->n);
  }
}

static void keystring_fit(val *v) { v->desc = 0; }
static size_t keystring_enc(uint8_t *out, const val *v) {
  switch (v->type) {
    case V_NULL: out[0] = OK_KEYSTRING_NULL; return 1;
    case V_INT: return ok_keystring_enc_int(out, v->i);
    case V_REAL: return ok_keystring_enc_double(out, v->d);
    case V_TEXT: return ok_keystring_enc_string(out, OK_KEYSTRING_STRING, v->s, v->n);
    default: return ok_keystring_enc_bindata(out, v->s, v->n, 0);
  }
}
static int keystring_order(const val *a, const val *b, int *incomparable) {
  static const int r[] = {0, 1, 1, 2, 3};
  int na = a->type == V_REAL && isnan(a->d), nb = b->type == V_REAL && isnan(b->d);
  (void)incomparable;
  if (r[a->type] != r[b->type]) return r[a->type] < r[b->type] ? -1 : 1;
  if (r[a->type] == 1) return na || nb ? nb - na : cmp_num(a, b);
  if (a->type == V_BLOB && a->n != b->n) return a->n < b->n ? -1 : 1;
  return a->type == V_NULL ? 0 : cmp_bytes(a, b);
}

static const fmt formats[] = {
    {&ok_format_native, native_fit, native_enc, native_order, 0},
    {&ok_format_fdb, fdb_fit, fdb_enc, fdb_order, 0},
    {&ok_format_hbase, hbase_fit, hbase_enc, hbase_cmp, 0},
    {&ok_format_crdb, crdb_fit, crdb_enc, crdb_order, 0},
    {&ok_format_tidb, tidb_fit, tidb_enc, tidb_order, 0},
    {&ok_format_tikv, tidb_fit, tidb_enc, tidb_order, WRAP_TIKV},
    {&ok_format_bytewise, bytewise_fit, bytewise_enc, bytewise_order, WRAP_BYTEWISE},
    {&ok_format_charwise, charwise_fit, charwise_enc, charwise_order, WRAP_CHARWISE},
    {&ok_format_orderedbinary, orderedbinary_fit, orderedbinary_enc, orderedbinary_order,
     WRAP_ORDEREDBINARY},
    {&ok_format_firefox, firefox_fit, firefox_enc, firefox_order, WRAP_FIREFOX},
    {&ok_format_webkit, firefox_fit, webkit_enc, webkit_order, WRAP_WEBKIT},
    {&ok_format_chrome, firefox_fit, chrome_enc, firefox_order, WRAP_CHROME},
    {&ok_format_chromesql, firefox_fit, chromesql_enc, firefox_order, WRAP_CHROMESQL},
    {&ok_format_keystring, keystring_fit, keystring_enc, keystring_order, WRAP_KEYSTRING},
};

/* The value of a decoded item, in the model (HBase's and CockroachDB's NaN, which SQL reads
** as the TEXT 'NaN', is the double NaN). */
static void value_of(val *v, const ok_item *it) {
  uint8_t buf[KEY_MAX];
  memset(v, 0, sizeof *v);
  v->desc = it->desc;
  if ((it->format == &ok_format_hbase && it->tag == OK_HBASE_NAN) ||
      (it->format == &ok_format_crdb &&
       (it->tag == OK_CRDB_FLOAT_NAN || it->tag == OK_CRDB_FLOAT_NAN_DESC))) {
    v->type = V_REAL, v->d = NAN;
    return;
  }
  switch (it->type) {
    case OK_NULL: v->type = V_NULL; break;
    case OK_INT: v->type = V_INT, v->i = it->i; break;
    case OK_REAL: v->type = V_REAL, v->d = it->d; break;
    case OK_TEXT:
    case OK_BLOB:
      v->type = it->type == OK_TEXT ? V_TEXT : V_BLOB;
      if (it->value_len > sizeof v->s || ok_unescape(buf, it) != it->value_len)
        fail("a value of the wrong length");
      memcpy(v->s, buf, it->value_len);
      v->n = it->value_len;
      break;
  }
}

/* A value read back equals the one written: the same class, value and
** direction (and for FDB doubles the same bits: -0.0 apart from 0.0). */
static int same(const fmt *F, const val *a, const val *b) {
  int inc = 0;
  if (F->f == &ok_format_crdb || F->f == &ok_format_tidb || F->f == &ok_format_tikv ||
      F->wrapped >= WRAP_BYTEWISE) { /* KeyString's too: 2.0 reads back as 2 */
    /* crdb's descending numbers read back as other values, TiDB's bytes as
    ** text, bytewise's integral numbers as integers */
    uint8_t x[KEY_MAX], y[KEY_MAX];
    size_t n = F->enc(x, a);
    return n == F->enc(y, b) && memcmp(x, y, n) == 0;
  }
  if (a->desc != b->desc) return 0;
  if (F->f == &ok_format_fdb &&
      (a->type != b->type || (a->type == V_REAL && fdb_total(a->d) != fdb_total(b->d))))
    return 0;
  return F->cmp(a, b, &inc) == 0 && (a->type == V_TEXT) == (b->type == V_TEXT) &&
         (a->type == V_BLOB) == (b->type == V_BLOB);
}

/* TiKV's key of items raw[0..n), in place (raw is out). */
static size_t wrap(const fmt *F, uint8_t *out, size_t n, size_t count) {
  uint8_t raw[KEY_MAX];
  switch (F->wrapped) {
    case WRAP_TIKV: /* no items: TiKV's empty key, x'' */
      if (n == 0) return 0;
      memcpy(raw, out, n);
      return ok_tidb_enc_bytes(out, 0, raw, n);
    case WRAP_BYTEWISE:
      memmove(out + 1, out, n);
      out[0] = OK_BYTEWISE_ARRAY, out[n + 1] = 0x00;
      return n + 2;
    case WRAP_CHARWISE:
      if (n == 0) return out[0] = OK_CHARWISE_ARRAY, out[1] = '!', 2;
      out[0] = OK_CHARWISE_ARRAY, out[n] = '!';
      return n + 1;
    case WRAP_ORDEREDBINARY: /* the first element's 00 goes */
      if (n) memmove(out, out + 1, --n);
      return n;
    case WRAP_WEBKIT: /* 00, the array's head */
      memmove(out + 10, out, n);
      out[0] = OK_WEBKIT_VERSION;
      return 1 + ok_webkit_enc_head(out + 1, OK_WEBKIT_ARRAY, count) + n;
    case WRAP_CHROME: { /* the array's head */
      size_t head = ok_chrome_enc_head(NULL, OK_CHROME_ARRAY, count);
      memmove(out + head, out, n);
      return ok_chrome_enc_head(out, OK_CHROME_ARRAY, count) + n;
    }
    case WRAP_CHROMESQL: /* the array's type byte, its end */
      memmove(out + 1, out, n);
      out[0] = OK_CHROMESQL_ARRAY, out[n + 1] = OK_CHROMESQL_END;
      return n + 2;
    case WRAP_KEYSTRING: out[n] = OK_KEYSTRING_END; return n + 1;
    case WRAP_FIREFOX:
      memmove(out + 1, out, n);
      out[0] = OK_FIREFOX_ARRAY, out[n + 1] = OK_FIREFOX_END;
      return ok_firefox_fold(out, out, n + 2, 1);
  }
  return n;
}

static size_t encode(const fmt *F, uint8_t *out, const row *r) {
  size_t n = 0;
  for (size_t k = 0; k < r->n; k++) n += F->enc(out + n, &r->v[k]);
  return wrap(F, out, n, r->n);
}

static void check_roundtrip(const fmt *F, const uint8_t *key, size_t n, const row *r) {
  ok_walk w;
  ok_item it;
  val v;
  uint8_t again[KEY_MAX];
  size_t err, k = 0, m = 0;
  int rc;
  ok_walk_start(&w, F->f, key, n);
  while ((rc = ok_next(&w, &it, &err)) == OK_OK) {
    if (k >= r->n) fail("more components than values");
    value_of(&v, &it);
    if (!same(F, &v, &r->v[k])) fail("a component reads back as another value");
    m += F->enc(again + m, &v);
    k++;
  }
  if (rc != OK_FEWER || k != r->n) fail("the key does not decode to its row");
  m = wrap(F, again, m, k);
  if (m != n || memcmp(again, key, n) != 0) fail("the values read back encode to other bytes");
}

/* Every format of the core's table that reads keys as it is has a model
** above (a new one stops the target until it has); those read with a
** parameter (Orderly's schema) have a target of their own. */
static void check_coverage(void) {
  for (size_t i = 0; ok_formats[i]; i++) {
    size_t f = 0;
    if (ok_formats[i]->param_name) continue;
    while (f < sizeof formats / sizeof formats[0] && formats[f].f != ok_formats[i]) f++;
    if (f == sizeof formats / sizeof formats[0]) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *p = data, *end = data + size;
  uint8_t b = next(&p, end);
  row rows[2];
  static int covered;
  if (!covered) check_coverage(), covered = 1;
  uint8_t keys[2][KEY_MAX];
  size_t lens[2] = {0, 0};
  rows[0].n = b % 5;
  rows[1].n = (b >> 3) % 5;
  for (int r = 0; r < 2; r++)
    for (size_t k = 0; k < rows[r].n; k++) read_value(&rows[r].v[k], &p, end);
  for (size_t k = 0; k < 4; k++) { /* one direction per position, in both rows */
    int desc = (b >> 6 >> (k % 2)) & 1;
    rows[0].v[k].desc = rows[1].v[k].desc = desc ^ (int)(k / 2);
  }
  for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
    const fmt *F = &formats[f];
    format_name = F->f->name;
    row fitted[2] = {rows[0], rows[1]};
    int want = 0, incomparable = 0, got;
    size_t m;
    if (F->wrapped == WRAP_ORDEREDBINARY && (rows[0].n == 0 || rows[1].n == 0)) continue;
    for (int r = 0; r < 2; r++) {
      for (size_t k = 0; k < fitted[r].n; k++) F->fit(&fitted[r].v[k]);
      lens[r] = encode(F, keys[r], &fitted[r]);
      check_roundtrip(F, keys[r], lens[r], &fitted[r]);
    }
    for (size_t k = 0; !want && k < fitted[0].n && k < fitted[1].n; k++) {
      int c = F->cmp(&fitted[0].v[k], &fitted[1].v[k], &incomparable);
      want = fitted[0].v[k].desc ? -c : c;
    }
    if (!want) want = (fitted[0].n > fitted[1].n) - (fitted[0].n < fitted[1].n);
    m = lens[0] < lens[1] ? lens[0] : lens[1];
    got = m ? sign(memcmp(keys[0], keys[1], m)) : 0;
    if (!got) got = (lens[0] > lens[1]) - (lens[0] < lens[1]);
    if (F->wrapped == WRAP_WEBKIT) got = ok_webkit_compare(keys[0], lens[0], keys[1], lens[1]);
    if (F->wrapped == WRAP_CHROME) got = chrome_compare(keys[0], lens[0], keys[1], lens[1]);
    if (!incomparable && got != want) fail("the keys' order is not the rows' order");
  }
  return 0;
}
