/*
** decode.c -- fuzz target for every decoder entry point of the core.
**
** Any input: ok_count, ok_locate and ok_prefix_end must stay inside it, and
** every component ok_decode accepts must re-encode to exactly its own bytes
** (the format is canonical), else the target aborts. The same input is also
** read as an FDB tuple: each item ok_fdb_decode accepts must stay inside it,
** fill exactly its value length, and re-encode to its own bytes; and as an
** HBase OrderedBytes key, with the same demands; and as a CockroachDB key,
** whose items re-encode from their values (a decimal and an ascending time
** from their text), whose descending form reads back item for item, and
** whose pretty text fits the room it asks for; and as a TiDB key, whose
** items re-encode from their values, and a TiKV key, which unwraps to a
** TiDB key of as many items that wraps back to it; and as a bytewise and a
** charwise key, which their values (a Date from its text) write again; and
** as orderedcode keys under two type lists, whose items re-encode; and as
** a Firefox or a WebKit IndexedDB key, which its values write again (and
** WebKit's collation orders as equal to itself). In
** every format the walks over the whole key (count, locate, salt) must
** agree, and a key converts to every other format or is refused.
*/
#include <stdlib.h>
#include <string.h>

#define OK_STATIC_LINKING_ONLY /* tests see the internals of this very version */
#include "../item.h"
#include "ok.h"
#include "ok_bytewise.h"
#include "ok_chrome.h"
#include "ok_crdb.h"
#include "ok_fdb.h"
#include "ok_firefox.h"
#include "ok_hbase.h"
#include "ok_keystring.h"
#include "ok_orderedcode.h"
#include "ok_orderly.h"
#include "ok_tidb.h"
#include "ok_webkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t reencode(uint8_t *out, const ok_item *it, uint8_t *tmp, uint8_t *tmp2) {
  size_t n;
  switch (it->type) {
    case OK_NULL: return ok_enc_null(out, it->desc);
    case OK_INT: return ok_enc_int(out, it->i, it->desc);
    case OK_REAL: return ok_enc_double(out, it->d, it->desc);
    case OK_TEXT:
    case OK_BLOB: break;
  }
  if (ok_unescape(tmp, it) != it->value_len) abort();
  n = ok_collate_transform(tmp2, it->tag, tmp, it->value_len);
  return ok_enc_bytes(out, it->tag, tmp2, n, 1, it->desc);
}

/* The FDB item at src rebuilt from its SQL value, written to out unless
** NULL; items whose value is their payload (booleans, UUIDs, versionstamps,
** NaNs...) are copied. Returns the length, 0 when the value does not parse. */
static size_t fdb_reencode(uint8_t *out, const ok_item *it, const uint8_t *value,
                           const uint8_t *src) {
  uint8_t mag[OK_FDB_BIG_MAX];
  size_t n, err;
  int neg;
  switch (it->tag) {
    case OK_FDB_BYTES:
    case OK_FDB_STRING: return ok_fdb_enc_bytes(out, it->tag, value, it->value_len);
    case OK_FDB_NESTED:
      return ok_fdb_enc_nested(out, &n, value, it->value_len, &err) == OK_OK ? n : 0;
    case OK_FDB_LONG_DOUBLE: return ok_fdb_enc_ieee(out, it->tag, value, 10);
    case OK_FDB_FLOAT:
      if (it->type == OK_REAL) return ok_fdb_enc_float(out, (float)it->d);
      break;
    case OK_FDB_DOUBLE:
      if (it->type == OK_REAL) return ok_fdb_enc_double(out, it->d);
      break;
    default:
      if (it->tag < OK_FDB_NEG_BIG || it->tag > OK_FDB_POS_BIG) break;
      if (it->type == OK_INT) return ok_fdb_enc_int(out, it->i);
      if (ok_fdb_python_form(src, it->len)) break; /* read, never written */
      if (ok_decimal_parse(mag, sizeof mag, &n, &neg, (const char *)value, it->value_len, &err))
        return 0;
      return ok_fdb_enc_bigint(out, &n, neg, mag, n) == OK_OK ? n : 0;
  }
  if (out) memcpy(out, src, it->len);
  return it->len;
}

static void fdb_check(const uint8_t *data, size_t size) {
  size_t off = 0, err, count, at;
  ok_item it;
  while (off < size && ok_fdb_decode(data + off, size - off, &it, &err) == OK_OK) {
    uint8_t *value = NULL, *again;
    if (it.len == 0 || it.len > size - off) abort();
    if (it.type == OK_TEXT || it.type == OK_BLOB) {
      /* exactly value_len bytes, so that ASan sees any overrun */
      if (!(value = malloc(it.value_len + 1))) abort();
      if (ok_unescape(value, &it) != it.value_len) abort();
    }
    if (fdb_reencode(NULL, &it, value, data + off) != it.len || !(again = malloc(it.len))) abort();
    fdb_reencode(again, &it, value, data + off);
    if (memcmp(again, data + off, it.len) != 0) abort();
    free(again);
    free(value);
    off += it.len;
  }
  if (off == size) ok_fdb_incomplete(data, size, &count, &at);
}

/* The same for HBase OrderedBytes: every item stays inside the input, fills
** its value length, and numerics, fixed-width and byte items re-encode to
** their own bytes. */
/* A valid key made descending: as many items, each descending, with the
** same values, in at most one byte more per item. */
static void hbase_desc_check(const uint8_t *data, size_t size) {
  size_t len, at, off = 0, doff = 0, err;
  uint8_t *d;
  ok_item a, b;
  if (ok_hbase_desc(NULL, &len, data, size, &at) != OK_OK) return;
  if (!(d = malloc(len + 1)) || ok_hbase_desc(d, &len, data, size, &at) != OK_OK) abort();
  while (off < size) {
    if (ok_hbase_decode(data + off, size - off, &a, &err) != OK_OK ||
        ok_hbase_decode(d + doff, len - doff, &b, &err) != OK_OK || !b.desc || a.type != b.type ||
        a.tag != b.tag || a.value_len != b.value_len || b.len > a.len + 1 ||
        (a.type == OK_INT && a.i != b.i) || (a.type == OK_REAL && a.d != b.d))
      abort();
    off += a.len;
    doff += b.len;
  }
  if (doff != len) abort();
  free(d);
}

static void hbase_check(const uint8_t *data, size_t size) {
  size_t off = 0, err, n;
  ok_item it;
  while (off < size && ok_hbase_decode(data + off, size - off, &it, &err) == OK_OK) {
    uint8_t *value = NULL, *again;
    const uint8_t *p = data + off;
    ok_hbase_num x;
    if (it.len == 0 || it.len > size - off) abort();
    if (it.type == OK_TEXT || it.type == OK_BLOB) {
      if (!(value = malloc(it.value_len + 1))) abort();
      if (ok_unescape(value, &it) != it.value_len) abort();
    }
    if (!(again = malloc(2 * it.len + 2 * OK_HBASE_NUM_MAX))) abort();
    switch (it.tag) {
      case OK_HBASE_INT8:
      case OK_HBASE_INT16:
      case OK_HBASE_INT32:
      case OK_HBASE_INT64: n = ok_hbase_enc_int(again, it.tag, it.i, it.desc); break;
      case OK_HBASE_FLOAT32: n = ok_hbase_enc_float32(again, (float)it.d, it.desc); break;
      case OK_HBASE_FLOAT64: n = ok_hbase_enc_float64(again, it.d, it.desc); break;
      case OK_HBASE_TEXT:
      case OK_HBASE_JSON: n = ok_hbase_enc_text(again, it.tag, value, it.value_len, it.desc); break;
      case OK_HBASE_BLOB_VAR: n = ok_hbase_enc_blob_var(again, value, it.value_len, it.desc); break;
      case OK_HBASE_BLOB_COPY:
        n = ok_hbase_enc_blob_copy(again, value, it.value_len, it.desc);
        break;
      default:
        if (ok_hbase_odd_one(p, it.len) || (it.tag == OK_HBASE_NULL && it.len == 2)) {
          /* +-1 as HBase wrote it, and its descending null BlobCopy: read only */
          n = it.len;
          memcpy(again, p, n);
        } else if (it.tag < OK_HBASE_NEG_LARGE || it.tag > OK_HBASE_POS_LARGE ||
                   it.tag == OK_HBASE_ZERO || it.tag == OK_HBASE_POS_INF) {
          n = ok_hbase_enc_header(again, it.tag, it.desc);
        } else if (it.type == OK_INT) {
          ok_hbase_num_int(&x, it.i);
          n = ok_hbase_enc_num(again, &x, it.desc);
          /* the direct encoder writes the same */
          if (ok_hbase_enc_int_num(again + n, it.i, it.desc) != n || memcmp(again, again + n, n))
            abort();
        } else if (it.type == OK_REAL) {
          /* the decimal of Java 19+ or, failing that, of Java 8-18 */
          int java = OK_JAVA_19;
          ok_hbase_num_double(&x, it.d, java);
          n = ok_hbase_enc_num(again, &x, it.desc);
          if (n != it.len || memcmp(again, p, n) != 0) {
            ok_hbase_num_double(&x, it.d, java = OK_JAVA_8);
            n = ok_hbase_enc_num(again, &x, it.desc);
          }
          if (ok_hbase_enc_double_num(again + n, it.d, java, it.desc) != n ||
              memcmp(again, again + n, n))
            abort();
        } else if (ok_hbase_num_parse(&x, (const char *)value, it.value_len, &err) == OK_OK) {
          n = ok_hbase_enc_num(again, &x, it.desc);
        } else {
          abort(); /* a numeric's text always reads back */
        }
    }
    if (n != it.len || memcmp(again, p, n) != 0) abort();
    free(again);
    free(value);
    off += it.len;
  }
  if (off == size) hbase_desc_check(data, size);
}

/* The CockroachDB item at p, rebuilt from its value (v: its text or bytes)
** into out: its length. */
static size_t crdb_reencode(uint8_t *out, const ok_item *it, const uint8_t *v, const uint8_t *p) {
  size_t n = 0, err, nd;
  char *digit;
  int neg;
  int64_t exp, sec, nanos;
  ok_item x;
  switch (it->tag) {
    case OK_CRDB_INT_MIN: return ok_crdb_enc_int(out, it->i, 0);
    case OK_CRDB_FLOAT_NEG:
    case OK_CRDB_FLOAT_POS:
    case OK_CRDB_FLOAT_ZERO: return ok_crdb_enc_float(out, it->d, 0);
    case OK_CRDB_BYTES:
    case OK_CRDB_BYTES_DESC: return ok_crdb_enc_bytes(out, v, it->value_len, it->desc);
    case OK_CRDB_TIME: /* an ascending one (nanos >= 0) from its text */
      if (ok_crdb_decode(p + 1, it->len - 1, &x, &err) != OK_OK) abort();
      if (ok_crdb_decode(p + 1 + x.len, it->len - 1 - x.len, &x, &err) != OK_OK) abort();
      if (x.i < 0) break;
      if (ok_crdb_time_parse(&sec, &nanos, (const char *)v, it->value_len, &err) != OK_OK) abort();
      return ok_crdb_enc_time(out, sec, nanos, 0);
    case OK_CRDB_DURATION: break;
    default:
      if (it->tag <= OK_CRDB_DECIMAL_NEG_INF || it->tag >= OK_CRDB_DECIMAL_INF ||
          it->tag == OK_CRDB_DECIMAL_ZERO)
        break;
      if (!(digit = malloc(it->value_len + 1))) abort();
      if (ok_decimal_split(digit, &nd, &neg, &exp, (const char *)v, it->value_len, &err) != OK_OK ||
          ok_crdb_enc_decimal(out, &n, OK_CRDB_FINITE, neg, digit, nd, exp, 0) != OK_OK)
        abort();
      free(digit);
      return n;
  }
  memcpy(out, p, it->len); /* markers alone, durations, descending times */
  return it->len;
}

/* The typed decoders read an item of their type (and direction) as
** ok_crdb_decode reads it, and refuse every other item; one of their type
** that is damaged with its status and byte. */
static void crdb_typed_check(const uint8_t *p, size_t n) {
  ok_item it;
  size_t err = 0, e2 = 0, len = 0, vlen = 0;
  int64_t v = 0;
  double d = 0;
  int desc, rc, is, mine, g = ok_crdb_decode(p, n, &it, &err);
  uint8_t *out = malloc(n + 1), *back = malloc(n + 1);
  if (!out || !back) abort();
  for (desc = 0; desc < 2; desc++) {
    rc = ok_crdb_dec_int(p, n, desc, &v, &len, &e2);
    mine = n && p[0] >= OK_CRDB_INT_MIN && p[0] <= OK_CRDB_INT_MAX;
    is = g == OK_OK && mine;
    if (is ? rc != OK_OK || len != it.len || v != (desc ? ~it.i : it.i) : rc == OK_OK) abort();
    if (mine && g != OK_OK && (rc != g || e2 != err)) abort();
    rc = ok_crdb_dec_float(p, n, desc, &d, &len, &e2);
    mine = n &&
           (p[0] == OK_CRDB_FLOAT_ZERO || p[0] == OK_CRDB_FLOAT_NEG || p[0] == OK_CRDB_FLOAT_POS ||
            p[0] == (desc ? OK_CRDB_FLOAT_NAN_DESC : OK_CRDB_FLOAT_NAN));
    is = g == OK_OK && mine;
    if (is ? rc != OK_OK || len != it.len ||
                 (it.type == OK_REAL ? d != (desc && it.d != 0 ? -it.d : it.d) : d == d)
           : rc == OK_OK)
      abort();
    if (mine && g != OK_OK && (rc != g || e2 != err)) abort();
    rc = ok_crdb_dec_bytes(p, n, desc, out, &vlen, &len, &e2);
    mine = n && p[0] == (desc ? OK_CRDB_BYTES_DESC : OK_CRDB_BYTES);
    is = g == OK_OK && mine;
    if (is ? rc != OK_OK || len != it.len || vlen != it.value_len ||
                 ok_unescape(back, &it) != vlen || memcmp(out, back, vlen) != 0
           : rc == OK_OK)
      abort();
    if (mine && g != OK_OK && (rc != g || e2 != err)) abort();
  }
  free(out);
  free(back);
}

static void crdb_check(const uint8_t *data, size_t size) {
  size_t off = 0, err, len, k = 0;
  ok_item it, d;
  char *text;
  uint8_t *desc;
  crdb_typed_check(data, size);
  while (off < size && ok_crdb_decode(data + off, size - off, &it, &err) == OK_OK) {
    uint8_t *value = NULL, *again;
    if (it.len == 0 || it.len > size - off) abort();
    if (it.type == OK_TEXT || it.type == OK_BLOB) {
      if (!(value = malloc(it.value_len + 1))) abort();
      if (ok_unescape(value, &it) != it.value_len) abort();
    }
    if (!(again = malloc(2 * it.len + 32))) abort();
    if (crdb_reencode(again, &it, value, data + off) != it.len ||
        memcmp(again, data + off, it.len) != 0)
      abort();
    free(again);
    free(value);
    off += it.len;
    k++;
  }
  if (off != size) return;
  for (int table = 0; table < 2; table++) { /* the text fits the room asked */
    if (ok_crdb_pretty(NULL, &len, data, size, table, &err) != OK_OK) {
      /* as a key, the system's own (/Local, /Meta1...) need not print */
      if (table && ok_crdb_system_key(data, size)) continue;
      abort();
    }
    if (!(text = malloc(len + 1))) abort();
    if (ok_crdb_pretty(text, &len, data, size, table, &err) != OK_OK) abort();
    free(text);
  }
  if (ok_crdb_desc(NULL, &len, data, size, &err) != OK_OK) return; /* descending items */
  if (!(desc = malloc(len + 1)) || ok_crdb_desc(desc, &len, data, size, &err) != OK_OK) abort();
  for (off = 0; k > 0; k--, off += d.len) /* as many items, in exactly those bytes */
    if (ok_crdb_decode(desc + off, len - off, &d, &err) != OK_OK) abort();
  if (off != len) abort();
  free(desc);
}

/* The TiDB item at p (its bytes in a TiDB key), rebuilt from its value v. */
static size_t tidb_reencode(uint8_t *out, const ok_item *it, const uint8_t *v, const uint8_t *p) {
  size_t n = 0, err, nd;
  char *digit;
  int neg, precision, scale;
  int64_t exp;
  switch (it->tag) {
    case OK_TIDB_INT: return ok_tidb_enc_int(out, it->i);
    case OK_TIDB_DURATION: return ok_tidb_enc_duration(out, it->i);
    case OK_TIDB_FLOAT: return ok_tidb_enc_float(out, it->d);
    case OK_TIDB_BYTES: return ok_tidb_enc_bytes(out, OK_TIDB_BYTES, v, it->value_len);
    case OK_TIDB_UINT:
      if (it->type == OK_INT) return ok_tidb_enc_uint(out, (uint64_t)it->i);
      break;
    case OK_TIDB_DECIMAL:
      ok_tidb_decimal_type(it, &precision, &scale);
      if (!(digit = malloc(it->value_len + 1))) abort();
      if (ok_decimal_split(digit, &nd, &neg, &exp, (const char *)v, it->value_len, &err) != OK_OK ||
          ok_tidb_enc_decimal(out, &n, neg, digit, nd, exp, precision, scale) != OK_OK)
        abort();
      free(digit);
      return n;
  }
  memcpy(out, p, it->len); /* markers, bounds, the key's parts, a uint past int64 */
  return it->len;
}

static void tidb_check(const uint8_t *data, size_t size) {
  size_t off = 0, err, len, count, count2;
  ok_walk w, w2;
  ok_item it;
  uint8_t *raw, *again;
  int rc;
  while (off < size &&
         ok_locate(&ok_format_tidb, data + off, size - off, 0, &it, &len, &err) == OK_OK) {
    uint8_t *value = NULL;
    if (it.len == 0 || it.len > size - off) abort();
    if (it.type == OK_TEXT || it.type == OK_BLOB) {
      if (!(value = malloc(it.value_len + 1))) abort();
      if (ok_unescape(value, &it) != it.value_len) abort();
    }
    if (!(again = malloc(it.len + 64))) abort();
    if (tidb_reencode(again, &it, value, data + off) != it.len ||
        memcmp(again, data + off, it.len) != 0)
      abort();
    free(again);
    free(value);
    off += it.len;
  }
  /* a TiKV key: its items, with their values, are those of the key inside
  ** (x'' aside: no items, and no groups to wrap back to) */
  if (size == 0 || ok_count(&ok_format_tikv, data, size, &count, &err) != OK_OK) return;
  if (!(raw = malloc(size + 1)) || ok_tikv_unwrap(raw, &len, data, size, &err) != OK_OK) abort();
  if (ok_count(&ok_format_tidb, raw, len, &count2, &err) != OK_OK || count2 != count) abort();
  if (!(again = malloc(OK_TIDB_BYTES_BOUND(len))) ||
      ok_tidb_enc_bytes(again, 0, raw, len) != size || memcmp(again, data, size) != 0)
    abort();
  ok_walk_start(&w, &ok_format_tikv, data, size);
  ok_walk_start(&w2, &ok_format_tidb, raw, len);
  for (off = 0; (rc = ok_next(&w, &it, &err)) == OK_OK;) { /* the raw key's items alongside */
    ok_item r;
    uint8_t *a, *b;
    if (ok_next(&w2, &r, &err) != OK_OK || r.tag != it.tag || r.type != it.type ||
        r.value_len != it.value_len || (r.type == OK_INT && r.i != it.i))
      abort();
    if (r.type == OK_TEXT || r.type == OK_BLOB) {
      a = malloc(r.value_len + 1), b = malloc(r.value_len + 1);
      if (!a || !b || ok_unescape(a, &r) != ok_unescape(b, &it) || memcmp(a, b, r.value_len))
        abort();
      free(a), free(b);
    }
    off += r.len;
  }
  if (rc != OK_FEWER || off != len || ok_next(&w2, &it, &err) != OK_FEWER) abort();
  free(again);
  free(raw);
}

static int charwise_bool(const ok_format *f, int tag) {
  return f == &ok_format_charwise && (tag == OK_CHARWISE_FALSE || tag == OK_CHARWISE_TRUE);
}

/* A bytewise or charwise value rebuilt from its item (v: its text or
** bytes) into out: its length. `element`: in an array. */
static size_t js_reencode(const ok_format *f, uint8_t *out, const ok_item *it, const uint8_t *v,
                          int element) {
  size_t n = 0, err;
  int64_t ms;
  if (it->tag == OK_BYTEWISE_ARRAY || it->tag == OK_CHARWISE_ARRAY) { /* its key's bytes */
    memcpy(out, v, it->value_len);
    return it->value_len;
  }
  if (it->type == OK_NULL || (charwise_bool(f, it->tag))) { /* the type byte alone */
    out[0] = (uint8_t)it->tag;
    return 1;
  }
  if (f == &ok_format_bytewise) {
    switch (it->tag) {
      case OK_BYTEWISE_FALSE:
      case OK_BYTEWISE_TRUE: out[0] = (uint8_t)it->tag; return 1;
      case OK_BYTEWISE_DATE_NEG:
      case OK_BYTEWISE_DATE_POS:
        if (ok_js_date_parse(&ms, (const char *)v, it->value_len, &err) != OK_OK) abort();
        return ok_bytewise_enc_date(out, (double)ms);
      case OK_BYTEWISE_BUFFER:
      case OK_BYTEWISE_STRING:
        return ok_bytewise_enc_bytes(out, it->tag, v, it->value_len, element);
    }
    return ok_bytewise_enc_number(out, it->type == OK_INT ? (double)it->i : it->d);
  }
  if (it->tag == OK_CHARWISE_STRING) {
    if (ok_charwise_enc_string(out, &n, v, it->value_len, element) != OK_OK) abort();
    return n;
  }
  if (it->type == OK_TEXT) return memcpy(out, "DaN", 3), 3;
  return ok_charwise_enc_number(out, it->type == OK_INT ? (double)it->i : it->d);
}

/* A valid bytewise or charwise key is what its values write again. */
static void js_check(const ok_format *f, const uint8_t *data, size_t size) {
  int charwise = f == &ok_format_charwise;
  int array = size > 0 && data[0] == (charwise ? OK_CHARWISE_ARRAY : OK_BYTEWISE_ARRAY), rc;
  size_t o = 0, k = 0, err, cap = 2 * size + 64;
  uint8_t *out = malloc(cap);
  ok_walk w;
  ok_item it;
  if (!out) abort();
  if (array) out[o++] = data[0];
  ok_walk_start(&w, f, data, size);
  while ((rc = ok_next(&w, &it, &err)) == OK_OK) {
    uint8_t *v = malloc(it.value_len + 1), *one = malloc(2 * it.value_len + 64);
    size_t n;
    if (!v || !one) abort();
    if ((it.type == OK_TEXT || it.type == OK_BLOB) && ok_unescape(v, &it) != it.value_len) abort();
    if (array && charwise && k > 0) out[o++] = '"';
    n = js_reencode(f, one, &it, v, array);
    if (o + n + 2 > cap) abort(); /* longer than the key: not its bytes */
    memcpy(out + o, one, n);
    o += n, k++;
    free(v), free(one);
  }
  if (rc == OK_FEWER) {
    if (array) out[o++] = charwise ? '!' : 0x00;
    if (o != size || memcmp(out, data, size) != 0) abort();
  }
  free(out);
}

/* Firefox key data[0..size) written again from its values, unfolded (an
** array as 50, its values, 00; a nested array from its own key's values),
** into *out (malloc'ed): the length, or -1 when the key is not valid. */
static long firefox_rewrite(uint8_t **out, const uint8_t *data, size_t size) {
  size_t o = 0, err, cap = 9 * size + 64, n; /* a unit's byte may be 3 of UTF-8, 9 again */
  uint8_t *u = malloc(cap), *inner;
  int array = size > 0 && data[0] >= OK_FIREFOX_ARRAY, rc;
  long m;
  ok_walk w;
  ok_item it;
  if (!u) abort();
  if (array) u[o++] = OK_FIREFOX_ARRAY;
  ok_walk_start(&w, &ok_format_firefox, data, size);
  while ((rc = ok_next(&w, &it, &err)) == OK_OK) {
    uint8_t *v = malloc(it.value_len + 1);
    int64_t ms;
    if (!v || ((it.type == OK_TEXT || it.type == OK_BLOB) && ok_unescape(v, &it) != it.value_len))
      abort();
    if (o + (it.tag >= OK_FIREFOX_STRING ? OK_FIREFOX_BOUND(it.value_len) : 9) > cap) abort();
    switch (it.tag) {
      case OK_FIREFOX_NUMBER:
        o += ok_firefox_enc_number(u + o, it.tag, it.type == OK_INT ? (double)it.i : it.d);
        break;
      case OK_FIREFOX_DATE:
        if (ok_js_date_parse(&ms, (const char *)v, it.value_len, &err) != OK_OK) abort();
        o += ok_firefox_enc_number(u + o, it.tag, (double)ms);
        break;
      case OK_FIREFOX_STRING:
      case OK_FIREFOX_BINARY:
        if (ok_firefox_enc_string(u + o, &n, it.tag, v, it.value_len, &err) != OK_OK) abort();
        o += n;
        break;
      default: /* a nested array: its own key must be valid, and is its values */
        if ((m = firefox_rewrite(&inner, v, it.value_len)) < 0) abort();
        if (o + (size_t)m > cap) abort();
        memcpy(u + o, inner, (size_t)m);
        o += (size_t)m;
        free(inner);
    }
    free(v);
  }
  if (rc != OK_FEWER) return free(u), -1;
  if (array) u[o++] = OK_FIREFOX_END;
  *out = u;
  return (long)o;
}

/* A valid Firefox key is what its values write again, folded and cut. */
static void firefox_check(const uint8_t *data, size_t size) {
  uint8_t *u;
  long n = firefox_rewrite(&u, data, size);
  if (n < 0) return;
  n = (long)ok_firefox_fold(u, u, (size_t)n, 1);
  if ((size_t)n != size || memcmp(u, data, size) != 0) abort();
  free(u);
}

/* WebKit key data[0..size) written again from its values into *out
** (malloc'ed): the length, or -1 when the key is not valid. */
static long webkit_rewrite(uint8_t **out, const uint8_t *data, size_t size) {
  size_t o = 1, err, cap = 3 * size + 64, n, count = 0;
  uint8_t *u = malloc(cap), *inner;
  int array = size > 1 && data[1] == OK_WEBKIT_ARRAY, rc;
  long m;
  ok_walk w;
  ok_item it;
  if (!u) abort();
  u[0] = OK_WEBKIT_VERSION;
  if (array) o += 9; /* the head, once the count is known */
  ok_walk_start(&w, &ok_format_webkit, data, size);
  while ((rc = ok_next(&w, &it, &err)) == OK_OK) {
    uint8_t *v = malloc(it.value_len + 1);
    int64_t ms;
    if (!v || ((it.type == OK_TEXT || it.type == OK_BLOB) && ok_unescape(v, &it) != it.value_len))
      abort();
    if (o + 2 * it.value_len + 16 > cap) abort(); /* longer than the key: not its bytes */
    switch (it.tag) {
      case OK_WEBKIT_NUMBER:
        o += ok_webkit_enc_number(u + o, it.tag, it.type == OK_INT ? (double)it.i : it.d);
        break;
      case OK_WEBKIT_DATE:
        if (ok_js_date_parse(&ms, (const char *)v, it.value_len, &err) != OK_OK) abort();
        o += ok_webkit_enc_number(u + o, it.tag, (double)ms);
        break;
      case OK_WEBKIT_STRING:
        if (ok_webkit_enc_string(u + o, &n, v, it.value_len, &err) != OK_OK) abort();
        o += n;
        break;
      case OK_WEBKIT_BINARY:
        o += ok_webkit_enc_head(u + o, it.tag, it.value_len);
        memcpy(u + o, v, it.value_len);
        o += it.value_len;
        break;
      default: /* a nested array: its own key must be valid, and is its values */
        if ((m = webkit_rewrite(&inner, v, it.value_len)) < 1) abort();
        memcpy(u + o, inner + 1, (size_t)m - 1);
        o += (size_t)m - 1;
        free(inner);
    }
    free(v);
    count++;
  }
  if (rc != OK_FEWER) return free(u), -1;
  if (array) ok_webkit_enc_head(u + 1, OK_WEBKIT_ARRAY, count);
  *out = u;
  return (long)o;
}

/* A valid WebKit key is what its values write again, and equal to itself. */
static void webkit_check(const uint8_t *data, size_t size) {
  uint8_t *u;
  long n = webkit_rewrite(&u, data, size);
  if (n < 0) return;
  if ((size_t)n != size || memcmp(u, data, size) != 0) abort();
  if (ok_webkit_compare(data, size, u, size) != 0) abort();
  free(u);
}

/* Chrome's LevelDB keys: the input split in two where its last byte says,
** a key and a value (and two keys): a key read gives fields within it and
** a value read as its kind says, a key path's JSON the length it counted;
** idb_cmp1 says a key equals itself and answers each pair both ways alike. */
static void chrome_check(const uint8_t *data, size_t size) {
  size_t cut = size ? data[size - 1] % size : 0, err, len;
  const uint8_t *a = data, *b = data + cut;
  size_t na = cut, nb = size ? size - 1 - cut : 0;
  ok_chrome_key k;
  ok_chrome_value v;
  if (ok_chrome_compare(a, na, a, na) != 0 || ok_chrome_compare(b, nb, b, nb) != 0) abort();
  if (ok_chrome_compare(a, na, b, nb) != -ok_chrome_compare(b, nb, a, na)) abort();
  if (ok_chrome_key_read(a, na, &k, &err) != OK_OK) {
    if (err > na) abort();
    return;
  }
  if ((k.key && (k.key < a || k.key + k.key_len > a + na)) ||
      (k.primary && (k.primary < a || k.primary + k.primary_len > a + na)))
    abort();
  if (ok_chrome_value_read(&k, b, nb, &v, &err) != OK_OK) {
    if (err > nb) abort();
    return;
  }
  if (v.type == OK_CHROME_V_PATH) {
    uint8_t *json;
    len = ok_chrome_path_json(NULL, v.p, v.n);
    if (!(json = malloc(len ? len : 1)) || ok_chrome_path_json(json, v.p, v.n) != len) abort();
    free(json);
  }
  if (v.type == OK_CHROME_V_TEXT && v.n * 2 > nb) abort();
}

/* An orderedcode key under the type list `types`: each item is what its
** value writes (a prefix, the key's end, read as fewer items). */
static void oc_check(const char *types, const uint8_t *data, size_t size) {
  ok_orderedcode s;
  ok_walk w;
  ok_item it;
  size_t err;
  const char *why;
  uint8_t *v, *again;
  if (ok_orderedcode_parse(&s, types, strlen(types), &err, &why) != OK_OK) abort();
  ok_walk_start(&w, &s.format, data, size);
  while (ok_next(&w, &it, &err) == OK_OK) {
    size_t n = 0;
    uint64_t u = 0;
    if (!(v = malloc(it.value_len + 1)) || !(again = malloc(2 * it.value_len + 16))) abort();
    if ((it.type == OK_TEXT || it.type == OK_BLOB) && ok_unescape(v, &it) != it.value_len) abort();
    switch (it.tag) {
      case OK_OC_INT64: n = ok_oc_enc_int64(again, it.i, it.desc); break;
      case OK_OC_FLOAT64: n = ok_oc_enc_float64(again, it.d, it.desc); break;
      case OK_OC_UINT64:
        if (it.type == OK_INT) u = (uint64_t)it.i;
        for (size_t k = 0; it.type == OK_TEXT && k < it.value_len; k++) u = u * 10 + (v[k] - '0');
        n = ok_oc_enc_uint64(again, u, it.desc);
        break;
      case OK_OC_TRAILING: n = ok_oc_enc_trailing(again, v, it.value_len, it.desc); break;
      default:
        n = it.type == OK_NULL ? ok_oc_enc_infinity(again, it.desc)
                               : ok_oc_enc_string(again, v, it.value_len, it.desc);
    }
    if (n != it.len || memcmp(again, data + w.at, n) != 0) abort();
    free(v), free(again);
  }
}

/* A KeyString value's types from TypeBits, its values' too: an answer,
** never a read past either, an error within the TypeBits. */
static int typed(ok_keystring_bits *b, const ok_item *it, size_t tn) {
  ok_keystring_type t;
  size_t err = 0, off = 0;
  ok_item name, v;
  int rc = ok_keystring_bits_value(b, it, &t, &err);
  if (ok_keystring_is_recordid(it)) return rc; /* none, nor its values */
  if (rc != OK_OK) {
    if (err > tn) abort();
    return rc;
  }
  if (t.dec_len >= OK_KEYSTRING_DECIMAL128_TEXT_MAX || (t.dec_len && t.type != OK_BSON_DECIMAL128))
    abort();
  if (it->tag == OK_KEYSTRING_CODE_SCOPE) { /* its scope's values */
    ok_item code, scope;
    ok_keystring_parts(it, &code, &scope);
    return typed(b, &scope, tn);
  }
  if (it->tag == OK_KEYSTRING_OBJECT || it->tag == OK_KEYSTRING_ARRAY)
    while (ok_keystring_field(it, &off, &name, &v))
      if ((rc = typed(b, &v, tn)) != OK_OK) return rc;
  return OK_OK;
}

/* The input's first data[0] % 8 bytes after it as TypeBits, the rest a
** KeyString. */
static void typebits_check(const uint8_t *data, size_t size) {
  size_t tn = size ? data[0] % 8 : 0, err = 0;
  ok_keystring_bits b;
  ok_walk w;
  ok_item it;
  int rc;
  if (size < 1 + tn) return;
  if ((rc = ok_keystring_bits_open(&b, data + 1, tn, &err)) != OK_OK) {
    if (err > tn) abort();
    return;
  }
  ok_walk_start(&w, &ok_format_keystring, data + 1 + tn, size - 1 - tn);
  while ((rc = ok_next(&w, &it, &err)) == OK_OK && typed(&b, &it, tn) == OK_OK) {
  }
  if (rc == OK_FEWER && ok_keystring_bits_end(&b, &err) != OK_OK && err > tn) abort();
}

/* The input as Extended JSON under three patterns: refused within the
** text, or a key and TypeBits written as measured that read back whole
** (every value typed, no bit left). */
static void ejson_check(const uint8_t *data, size_t size) {
  static const char *const patterns[] = {"", "-1, 1", "1 v0", "clustered"};
  size_t k, tb_len, err;
  for (k = 0; k < 4; k++) {
    ok_keystring ks;
    ok_keystring_ejson_out o;
    ok_keystring_bits b;
    const char *why;
    uint8_t *mem, *tb;
    size_t key_len, nbits;
    ok_walk w;
    ok_item it;
    int rc;
    if (ok_keystring_parse(&ks, patterns[k], strlen(patterns[k]), &err, &why) != OK_OK) abort();
    memset(&o, 0, sizeof o);
    if (!(o.scratch = malloc(2 * size + 1))) abort();
    if (ok_keystring_from_ejson(&o, &ks, (const char *)data, size) != OK_OK) {
      if (o.err_at > size || !o.why) abort();
      free(o.scratch);
      continue;
    }
    if (o.written) abort(); /* no room given: counted */
    key_len = o.key_len, nbits = o.nbits;
    if (!(mem = calloc(1, key_len + 2 * ((nbits + 7) / 8) + 6))) abort();
    o.key = mem, o.bits = mem + key_len, tb = o.bits + (nbits + 7) / 8;
    o.key_cap = key_len, o.bits_cap = (nbits + 7) / 8;
    if (ok_keystring_from_ejson(&o, &ks, (const char *)data, size) != OK_OK || !o.written ||
        o.key_len != key_len || o.nbits != nbits)
      abort();
    tb_len = ok_keystring_bits_write(tb, o.bits, nbits);
    if (tb_len > (nbits + 7) / 8 + 5 || ok_keystring_bits_open(&b, tb, tb_len, &err) != OK_OK)
      abort();
    ok_walk_start(&w, &ks.format, mem, key_len);
    while ((rc = ok_next(&w, &it, &err)) == OK_OK)
      if (typed(&b, &it, tb_len) != OK_OK) abort();
    if (rc != OK_FEWER || ok_keystring_bits_end(&b, &err) != OK_OK) abort();
    free(mem), free(o.scratch);
  }
}

/* The walks every format shares: ok_count, ok_locate and ok_pick agree and
** stay inside the input; stepping over a component (ok_skip, the format's
** skip) says what decoding it says, at every byte of the input; and a salt
** ok_salt_find accepts is the one ok_salt makes. */
static void walk_check(const ok_format *f, const uint8_t *data, size_t size) {
  size_t count, err, at, i, k, n, perr, pat = 0;
  uint8_t salt[OK_SALT_LEN];
  ok_item it, p;
  ok_walk a, b;
  int rc = ok_count(f, data, size, &count, &err), ra, rb;
  if (rc != OK_OK && err > size) abort();
  for (i = 0; rc == OK_OK && i <= count; i++) {
    int lr = ok_locate(f, data, size, i, &it, &at, &err);
    if (i < count ? lr != OK_OK || at >= size || it.format != f : lr != OK_FEWER || at != count)
      abort();
  }
  for (i = 0; i <= (rc == OK_OK ? count : 0); i++) {
    int pr = ok_pick(f, data, size, i, &p, &pat, &n, &perr);
    if (rc != OK_OK ? pr != rc || perr != err
                    : n != count || (i < count ? pr != OK_OK || p.len == 0 : pr != OK_FEWER))
      abort();
    if (pr == OK_OK && (ok_locate(f, data, size, i, &it, &at, &err) != OK_OK || at != pat ||
                        it.len != p.len || it.type != p.type))
      abort();
  }
  ok_walk_start(&a, f, data, size);
  ok_walk_start(&b, f, data, size);
  do {
    ra = ok_next(&a, &it, &err);
    rb = ok_skip(&b, &perr);
    if (ra != rb || (ra == OK_OK ? a.off != b.off || a.at != b.at : perr != err)) abort();
  } while (ra == OK_OK);
  { /* ok_next_n, in batches of a size from the input: what ok_next gives */
    ok_item batch[4];
    size_t cap = 1 + size % 4, got, j;
    ok_walk_start(&a, f, data, size);
    ok_walk_start(&b, f, data, size);
    do {
      rb = ok_next_n(&b, batch, cap, &got, &perr);
      if ((rb == OK_OK) != (got == cap)) abort();
      for (j = 0; j < got; j++) /* the format's reader and its decoder: the same item */
        if (ok_next(&a, &it, &err) != OK_OK || !same_item(&it, batch + j)) abort();
      if (rb != OK_OK && (ok_next(&a, &it, &err) != rb || err != perr)) abort();
      if (a.off != b.off || a.at != b.at || a.index != b.index) abort();
    } while (rb == OK_OK);
  }
  for (i = 0; f->skip && i < size; i++) { /* any byte as a component's start */
    n = f->skip(f, 0, data + i, size - i);
    if (n && (f->decode(f, 0, data + i, size - i, &it, &err) != OK_OK || n != it.len)) abort();
  }
  if (ok_salt_find(f, data, size, &k, &err) == OK_OK &&
      (k == 0 || ok_salt(f, salt, data + OK_SALT_LEN, size - OK_SALT_LEN, k, &err) != OK_OK ||
       memcmp(salt, data, OK_SALT_LEN) != 0))
    abort();
}

/* The input as each MVCC store's key: a split stays inside it; joined
** again (for what the store writes) it splits into the same parts, and
** ok_mvcc_order writes what it sizes, within its bound. */
static void mvcc_check(const uint8_t *data, size_t size) {
  static const int stores[] = {OK_MVCC_CRDB, OK_MVCC_TIKV, OK_MVCC_BADGER};
  size_t i, err, len, n;
  ok_mvcc m, again;
  uint8_t *out;
  for (i = 0; i < 3; i++) {
    if (ok_mvcc_split(stores[i], data, size, &m, &err) != OK_OK) {
      if (err > size) abort();
      continue;
    }
    if (m.key_at + m.key_len > size || m.ver_at + m.ver_len > size) abort();
    if (!(out = malloc(OK_MVCC_BOUND(size) + OK_MVCC_ORDER_BOUND(size)))) abort();
    n = ok_mvcc_order(NULL, stores[i], data, &m);
    if (n > OK_MVCC_ORDER_BOUND(m.key_len) || ok_mvcc_order(out, stores[i], data, &m) != n ||
        ok_count(&ok_format_native, out, n, &len, &err) != OK_OK ||
        len != 1 + (m.kind != OK_MVCC_NONE))
      abort();
    if (m.kind != OK_MVCC_LOCK) {
      /* CockroachDB writes a timestamp of zeros as none */
      int kind = stores[i] == OK_MVCC_CRDB && !m.version && !m.logical ? OK_MVCC_NONE : m.kind;
      if (ok_mvcc_join(out, &len, stores[i], data + m.key_at, m.key_len, &m, &err) != OK_OK ||
          len > OK_MVCC_BOUND(m.key_len) ||
          ok_mvcc_split(stores[i], out, len, &again, &err) != OK_OK || again.kind != kind ||
          again.version != m.version || again.logical != m.logical || again.key_len != m.key_len ||
          memcmp(out + again.key_at, data + m.key_at, m.key_len))
        abort();
    }
    free(out);
  }
}

/* The input, where a format reads it, converted to every other format
** (ok_convert): into a buffer of a size from the input, then of the room
** it asks for (more each time, and not past 8 calls), nothing written
** past it; a key made is a valid key of as many components, and a refusal a
** failure status. */
static void convert_check(const uint8_t *data, size_t size) {
  size_t a, b, count, made_count, len, err, cap;
  if (size > 4096) return;
  for (a = 0; ok_formats[a]; a++) {
    if (!ok_formats[a]->put || ok_count(ok_formats[a], data, size, &count, &err) != OK_OK) continue;
    for (b = 0; ok_formats[b]; b++) {
      uint8_t *out = NULL;
      int rc, asked = 0;
      if (!ok_formats[b]->put || b == a) continue;
      for (cap = size ? data[0] % 64 : 0;; cap = len) {
        free(out);
        if (!(out = malloc(cap + 8))) abort();
        memset(out + cap, 0x5A, 8);
        rc = ok_convert(ok_formats[a], data, size, ok_formats[b], out, cap, &len, &err);
        if (memcmp(out + cap, "ZZZZZZZZ", 8) != 0) abort();
        if (rc != OK_E_ROOM) break;
        if (++asked > 8 || len <= cap) abort();
      }
      if (rc == OK_OK &&
          (ok_count(ok_formats[b], out, len, &made_count, &err) != OK_OK || made_count != count))
        abort();
      if (rc > 0) abort();
      free(out);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t off = 0, count = 0, err = 0, at = 0, i;
  uint8_t *tmp, *tmp2, *again = malloc(2 * size + 16);
  int rc;
  ok_item it;
  if (!again) abort();
  while (off < size && ok_decode(data + off, size - off, &it, &err) == OK_OK) {
    size_t vlen = it.type == OK_TEXT || it.type == OK_BLOB ? it.value_len : 0;
    if (it.len == 0 || it.len > size - off) abort();
    /* a decoded text can be far longer than the key (runs of zeros, NUL
    ** counts): re-encode the ones of a sane size */
    if (vlen > (1u << 20)) {
      off += it.len;
      count++;
      continue;
    }
    tmp = malloc(vlen + 1);
    tmp2 = malloc(3 * vlen + 64);
    if (!tmp || !tmp2) abort();
    if (reencode(again, &it, tmp, tmp2) != it.len || memcmp(again, data + off, it.len) != 0)
      abort();
    free(tmp);
    free(tmp2);
    off += it.len;
    count++;
  }
  rc = ok_count(&ok_format_native, data, size, &i, &err);
  if (rc == OK_OK ? (off != size || i != count) : (off == size || err > size)) abort();
  for (i = 0; i <= count; i++) {
    rc = ok_locate(&ok_format_native, data, size, i, &it, &at, &err);
    if (rc == OK_OK && at >= size) abort();
  }
  rc = ok_prefix_end(again, &i, data, size);
  if (rc == OK_OK ? i == 0 || i > size || again[i - 1] == 0 : i != 0) abort();
  free(again);
  fdb_check(data, size);
  hbase_check(data, size);
  crdb_check(data, size);
  tidb_check(data, size);
  js_check(&ok_format_bytewise, data, size);
  js_check(&ok_format_charwise, data, size);
  firefox_check(data, size);
  webkit_check(data, size);
  chrome_check(data, size);
  oc_check("string, int64 desc, uint64, float64, string_or_infinity desc, trailing", data, size);
  oc_check("float64 desc, infinity, uint64 desc, string desc, int64", data, size);
  { /* the walks of a format made from a parameter, its reader's batches among them */
    ok_orderedcode s;
    const char *why;
    ok_keystring ks;
    if (ok_orderedcode_parse(&s, "int64, float64 desc, string", 27, &err, &why) != OK_OK) abort();
    walk_check(&s.format, data, size);
    if (ok_keystring_parse(&ks, "{a: 1, b: -1} clustered", 23, &err, &why) != OK_OK) abort();
    walk_check(&ks.format, data, size);
    if (ok_keystring_parse(&ks, "-1, 1 v0", 8, &err, &why) != OK_OK) abort();
    walk_check(&ks.format, data, size);
  }
  typebits_check(data, size);
  ejson_check(data, size);
  for (i = 0; ok_formats[i]; i++) walk_check(ok_formats[i], data, size);
  convert_check(data, size);
  mvcc_check(data, size);
  return 0;
}
