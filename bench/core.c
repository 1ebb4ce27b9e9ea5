/*
** core.c -- `make bench`, below SQL: the core alone (libokcore.a) against
** memcpy of the same bytes, side by side in one run.
**
**   core [tuples [format ...]]
**
** Formats named (ok, crdb...): section 1 for those alone, the rest left out.
** 1. The same tuples (an int64 id, a price REAL, a 'user_NNNNN' TEXT;
**    1,000,000 by default) in every format: encoding them, a memcpy of the
**    keys' bytes, and reading them back: finding the last component
**    (ok_locate), counting (ok_count), walking every component and reading
**    its value (ok_next, ok_unescape: a full decode, text copied out), and
**    the same with the key's items in one call (ok_next_n: read all). ns
**    a key and the ratios that count: encode / memcpy, locate / encode,
**    decode (read all) / encode.
** 2. Long components: TEXT and BLOB of 1 KB and 64 KB, encoded and read
**    back, ns a byte against memcpy's.
** 3. Converting: the native keys into every other format (ok_convert),
**    against reading them and encoding the other by hand.
** 4. Many components: keys of 1, 4, 16 and 64 integers, ns a component to
**    encode, to count and to locate the last.
** Each figure is the best of 5 passes.
*/
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#define OK_STATIC_LINKING_ONLY
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ok.h"
#include "ok_bytewise.h"
#include "ok_chrome.h"
#include "ok_chromesql.h"
#include "ok_crdb.h"
#include "ok_fdb.h"
#include "ok_firefox.h"
#include "ok_hbase.h"
#include "ok_orderedbinary.h"
#include "ok_orderedcode.h"
#include "ok_orderly.h"
#include "ok_tidb.h"
#include "ok_webkit.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile size_t sink; /* keeps the work from being optimised away */

typedef struct {
  int64_t id;
  double price;
  char name[16];
  size_t name_len;
} tuple;

static tuple *tuples;
static long n_tuples;
static char **only; /* the formats named on the command line, NULL after the last */
static ok_orderly *schema;
static ok_orderedcode types; /* int64, float64, string */

enum {
  NATIVE,
  FDB,
  HBASE,
  CRDB,
  TIDB,
  TIKV,
  BYTEWISE,
  CHARWISE,
  ORDEREDCODE,
  ORDEREDBINARY,
  FIREFOX,
  WEBKIT,
  CHROME,
  CHROMESQL,
  ORDERLY,
  FORMATS
};
static const char *const names[FORMATS] = {"ok",          "fdb",           "hbase",    "crdb",
                                           "tidb",        "tikv",          "bytewise", "charwise",
                                           "orderedcode", "orderedbinary", "firefox",  "webkit",
                                           "chrome",      "chromesql",     "orderly"};

/* The key of tuple t in format f at out; its length. */
static size_t encode(int f, uint8_t *out, const tuple *t) {
  size_t n = 0;
  switch (f) {
    case NATIVE:
      n += ok_enc_int(out + n, t->id, 0);
      n += ok_enc_double(out + n, t->price, 0);
      n += ok_enc_bytes(out + n, OK_TAG_TEXT, (const uint8_t *)t->name, t->name_len, 1, 0);
      return n;
    case FDB:
      n += ok_fdb_enc_int(out + n, t->id);
      n += ok_fdb_enc_double(out + n, t->price);
      n += ok_fdb_enc_bytes(out + n, OK_FDB_STRING, (const uint8_t *)t->name, t->name_len);
      return n;
    case HBASE:
      n += ok_hbase_enc_int_num(out + n, t->id, 0);
      n += ok_hbase_enc_double_num(out + n, t->price, 17, 0);
      n += ok_hbase_enc_text(out + n, OK_HBASE_TEXT, (const uint8_t *)t->name, t->name_len, 0);
      return n;
    case CRDB:
      n += ok_crdb_enc_int(out + n, t->id, 0);
      n += ok_crdb_enc_float(out + n, t->price, 0);
      n += ok_crdb_enc_bytes(out + n, (const uint8_t *)t->name, t->name_len, 0);
      return n;
    case TIDB:
    case TIKV: {
      uint8_t raw[64];
      n += ok_tidb_enc_int(raw + n, t->id);
      n += ok_tidb_enc_float(raw + n, t->price);
      n += ok_tidb_enc_bytes(raw + n, OK_TIDB_BYTES, (const uint8_t *)t->name, t->name_len);
      if (f == TIKV) return ok_tidb_enc_bytes(out, 0, raw, n);
      memcpy(out, raw, n);
      return n;
    }
    case BYTEWISE: /* the array [id, price, name] */
      out[n++] = OK_BYTEWISE_ARRAY;
      n += ok_bytewise_enc_number(out + n, (double)t->id);
      n += ok_bytewise_enc_number(out + n, t->price);
      n += ok_bytewise_enc_bytes(out + n, OK_BYTEWISE_STRING, (const uint8_t *)t->name, t->name_len,
                                 1);
      out[n++] = 0x00;
      return n;
    case CHARWISE: {
      size_t len;
      out[n++] = OK_CHARWISE_ARRAY;
      n += ok_charwise_enc_number(out + n, (double)t->id);
      out[n++] = '"';
      n += ok_charwise_enc_number(out + n, t->price);
      out[n++] = '"';
      ok_charwise_enc_string(out + n, &len, (const uint8_t *)t->name, t->name_len, 1);
      n += len;
      out[n++] = '!';
      return n;
    }
    case ORDEREDBINARY: {
      size_t len;
      n += ok_orderedbinary_enc_number(out + n, (double)t->id, 1);
      out[n++] = 0x00;
      n += ok_orderedbinary_enc_number(out + n, t->price, 1);
      out[n++] = 0x00;
      ok_orderedbinary_enc_string(out + n, &len, (const uint8_t *)t->name, t->name_len);
      return n + len;
    }
    case FIREFOX: { /* the array [id, price, name], folded and cut */
      size_t len, err;
      out[n++] = OK_FIREFOX_ARRAY;
      n += ok_firefox_enc_number(out + n, OK_FIREFOX_NUMBER, (double)t->id);
      n += ok_firefox_enc_number(out + n, OK_FIREFOX_NUMBER, t->price);
      ok_firefox_enc_string(out + n, &len, OK_FIREFOX_STRING, (const uint8_t *)t->name, t->name_len,
                            &err);
      n += len;
      out[n++] = OK_FIREFOX_END;
      return ok_firefox_fold(out, out, n, 1);
    }
    case WEBKIT: {
      size_t len, err;
      out[n++] = OK_WEBKIT_VERSION;
      n += ok_webkit_enc_head(out + n, OK_WEBKIT_ARRAY, 3);
      n += ok_webkit_enc_number(out + n, OK_WEBKIT_NUMBER, (double)t->id);
      n += ok_webkit_enc_number(out + n, OK_WEBKIT_NUMBER, t->price);
      ok_webkit_enc_string(out + n, &len, (const uint8_t *)t->name, t->name_len, &err);
      return n + len;
    }
    case CHROME: { /* the array [id, price, name] */
      size_t len, err;
      n += ok_chrome_enc_head(out + n, OK_CHROME_ARRAY, 3);
      n += ok_chrome_enc_number(out + n, OK_CHROME_NUMBER, (double)t->id);
      n += ok_chrome_enc_number(out + n, OK_CHROME_NUMBER, t->price);
      ok_chrome_enc_string(out + n, &len, (const uint8_t *)t->name, t->name_len, &err);
      return n + len;
    }
    case CHROMESQL: {
      size_t len, err;
      out[n++] = OK_CHROMESQL_ARRAY;
      n += ok_chromesql_enc_number(out + n, OK_CHROMESQL_NUMBER, (double)t->id);
      n += ok_chromesql_enc_number(out + n, OK_CHROMESQL_NUMBER, t->price);
      ok_chromesql_enc_string(out + n, &len, (const uint8_t *)t->name, t->name_len, &err);
      n += len;
      out[n++] = OK_CHROMESQL_END;
      return n;
    }
    case ORDEREDCODE:
      n += ok_oc_enc_int64(out + n, t->id, 0);
      n += ok_oc_enc_float64(out + n, t->price, 0);
      n += ok_oc_enc_string(out + n, (const uint8_t *)t->name, t->name_len, 0);
      return n;
    default: {
      ok_orderly_value v[3];
      memset(v, 0, sizeof v);
      v[0].i = t->id;
      v[1].d = t->price;
      v[2].p = (const uint8_t *)t->name;
      v[2].n = t->name_len;
      return ok_orderly_encode(out, 64, schema, v, 3, 0);
    }
  }
}

static const ok_format *format_of(int f) {
  return f == NATIVE          ? &ok_format_native
         : f == FDB           ? &ok_format_fdb
         : f == HBASE         ? &ok_format_hbase
         : f == CRDB          ? &ok_format_crdb
         : f == TIDB          ? &ok_format_tidb
         : f == TIKV          ? &ok_format_tikv
         : f == BYTEWISE      ? &ok_format_bytewise
         : f == CHARWISE      ? &ok_format_charwise
         : f == ORDEREDCODE   ? &types.format
         : f == ORDEREDBINARY ? &ok_format_orderedbinary
         : f == FIREFOX       ? &ok_format_firefox
         : f == WEBKIT        ? &ok_format_webkit
         : f == CHROME        ? &ok_format_chrome
         : f == CHROMESQL     ? &ok_format_chromesql
                              : ok_orderly_format(schema);
}

/* Best of 5: seconds for one pass of `what` over the keys of format f. */
enum { ENCODE, COPY, LOCATE, COUNT, WALK, BATCH, KINDS, TYPED = KINDS };
static double pass(int what, int f, uint8_t *keys, size_t *off, uint8_t *copy) {
  double best = 1e9;
  int r;
  for (r = 0; r < 5; r++) {
    double t0 = now();
    size_t total = 0, err, at, count;
    long i;
    ok_item it, batch[4];
    ok_walk w;
    uint8_t value[64];
    for (i = 0; i < n_tuples; i++) {
      const uint8_t *k = keys + off[i];
      size_t n = off[i + 1] - off[i];
      switch (what) {
        case ENCODE: total += encode(f, keys + off[i], &tuples[i]); break;
        case COPY: memcpy(copy + off[i], k, n), total += n; break;
        case LOCATE:
          if (ok_locate(format_of(f), k, n, 2, &it, &at, &err) != OK_OK) abort();
          total += at;
          break;
        case COUNT:
          if (ok_count(format_of(f), k, n, &count, &err) != OK_OK || count != 3) abort();
          total += count;
          break;
        case WALK:
          ok_walk_start(&w, format_of(f), k, n);
          while (ok_next(&w, &it, &err) == OK_OK)
            total += it.type == OK_TEXT ? ok_unescape(value, &it) : (size_t)it.i;
          break;
        case TYPED: { /* CockroachDB's typed decoders: an int, a float, bytes */
          size_t len, vlen, o;
          int64_t v;
          double d;
          if (ok_crdb_dec_int(k, n, 0, &v, &len, &err) != OK_OK) abort();
          o = len;
          if (ok_crdb_dec_float(k + o, n - o, 0, &d, &len, &err) != OK_OK) abort();
          o += len;
          if (ok_crdb_dec_bytes(k + o, n - o, 0, value, &vlen, &len, &err) != OK_OK || o + len != n)
            abort();
          total += (size_t)v + (size_t)d + vlen;
          break;
        }
        default: {
          size_t got, j;
          ok_walk_start(&w, format_of(f), k, n);
          if (ok_next_n(&w, batch, 4, &got, &err) != OK_FEWER) abort();
          for (j = 0; j < got; j++)
            total += batch[j].type == OK_TEXT ? ok_unescape(value, batch + j) : (size_t)batch[j].i;
        }
      }
    }
    sink += total;
    if (now() - t0 < best) best = now() - t0;
  }
  return best;
}

static void tuples_section(void) {
  uint8_t *keys = malloc((size_t)n_tuples * 96), *copy = malloc((size_t)n_tuples * 96);
  size_t *off = malloc(((size_t)n_tuples + 1) * sizeof *off);
  uint64_t state = 20261125;
  long i;
  int f, k;
  if (!keys || !copy || !off) abort();
  for (i = 0; i < n_tuples; i++) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    tuples[i].id = 1000000 + i * 7919;
    tuples[i].price = (double)((state >> 33) % 100000) / 100.0;
    tuples[i].name_len =
        (size_t)sprintf(tuples[i].name, "user_%05u", (unsigned)(state >> 45) % 100000);
  }
  printf("%ld tuples (int64 id, price REAL, 'user_NNNNN'), ns a key, best of 5:\n", n_tuples);
  printf(
      "| format | bytes | encode | memcpy | encode/memcpy | locate 3rd | count | walk+read | "
      "read all | locate/encode | decode/encode "
      "|\n|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (f = 0; f < FORMATS; f++) {
    double t[KINDS];
    char **o = only;
    while (*o && strcmp(*o, names[f]) != 0) o++;
    if (only[0] && !*o) continue;
    off[0] = 0;
    for (i = 0; i < n_tuples; i++) off[i + 1] = off[i] + encode(f, keys + off[i], &tuples[i]);
    for (k = 0; k < KINDS; k++) t[k] = pass(k, f, keys, off, copy) * 1e9 / (double)n_tuples;
    printf("| %s | %.1f | %.1f | %.2f | %.1fx | %.1f | %.1f | %.1f | %.1f | %.2fx | %.2fx |\n",
           names[f], (double)off[n_tuples] / (double)n_tuples, t[ENCODE], t[COPY],
           t[ENCODE] / t[COPY], t[LOCATE], t[COUNT], t[WALK], t[BATCH], t[LOCATE] / t[ENCODE],
           t[BATCH] / t[ENCODE]);
  }
  free(keys);
  free(copy);
  free(off);
}

/* Typed decoders, for a caller that knows the key's types (as CockroachDB's
** Go decoders read them): the tuples' CockroachDB keys, against read all. */
static void typed_section(void) {
  uint8_t *keys = malloc((size_t)n_tuples * 96);
  size_t *off = malloc(((size_t)n_tuples + 1) * sizeof *off);
  double enc, all, typed;
  long i;
  if (!keys || !off) abort();
  off[0] = 0;
  for (i = 0; i < n_tuples; i++) off[i + 1] = off[i] + encode(CRDB, keys + off[i], &tuples[i]);
  enc = pass(ENCODE, CRDB, keys, off, NULL), all = pass(BATCH, CRDB, keys, off, NULL);
  typed = pass(TYPED, CRDB, keys, off, NULL);
  printf("\nThe types known (typed decoders), ns a key, best of 5:\n");
  printf("| format | encode | read all | typed | typed/encode |\n|---|---|---|---|---|\n");
  printf("| crdb | %.1f | %.1f | %.1f | %.2fx |\n", enc * 1e9 / (double)n_tuples,
         all * 1e9 / (double)n_tuples, typed * 1e9 / (double)n_tuples, typed / enc);
  free(keys), free(off);
}

/* Long values: ns a byte to encode one component of n bytes and to read it
** back, in each format, against memcpy of n bytes. Text without a byte to
** escape, or (every > 0) with a 0x00 each `every` bytes, which HBase's
** text cannot hold. */
static void long_section(size_t every) {
  static const size_t sizes[] = {1024, 65536};
  uint8_t *src = malloc(65536), *key = malloc(2 * 65536 + 16), *back = malloc(65536);
  size_t s, i;
  int f, reps;
  if (!src || !key || !back) abort();
  for (i = 0; i < 65536; i++)
    src[i] = every && i % every == every - 1 ? 0 : (uint8_t)('a' + i % 26);
  if (every)
    printf("\nLong components with a 0x00 every %zu bytes, ns a byte, best of 5:\n", every);
  else
    printf("\nLong TEXT components (no bytes to escape), ns a byte, best of 5:\n");
  printf("| format | size | encode | read back | memcpy |\n|---|---|---|---|---|\n");
  for (s = 0; s < 2; s++) {
    size_t n = sizes[s];
    reps = (int)(64 * 1024 * 1024 / n);
    for (f = 0; f < (every ? 2 : 3); f++) {
      double enc = 1e9, dec = 1e9, cp = 1e9;
      int r, j;
      for (r = 0; r < 5; r++) {
        double t0 = now();
        size_t len = 0, err;
        ok_item it;
        for (j = 0; j < reps; j++)
          len = f == NATIVE ? ok_enc_bytes(key, OK_TAG_TEXT, src, n, 1, 0)
                : f == FDB  ? ok_fdb_enc_bytes(key, OK_FDB_STRING, src, n)
                            : ok_hbase_enc_text(key, OK_HBASE_TEXT, src, n, 0);
        if (now() - t0 < enc) enc = now() - t0;
        t0 = now();
        for (j = 0; j < reps; j++) {
          if (format_of(f)->decode(format_of(f), 0, key, len, &it, &err) != OK_OK) abort();
          sink += ok_unescape(back, &it);
        }
        if (now() - t0 < dec) dec = now() - t0;
        t0 = now();
        for (j = 0; j < reps; j++) memcpy(back, src, n), sink += back[j % n];
        if (now() - t0 < cp) cp = now() - t0;
      }
      printf("| %s | %zu | %.3f | %.3f | %.3f |\n", names[f], n, enc * 1e9 / reps / (double)n,
             dec * 1e9 / reps / (double)n, cp * 1e9 / reps / (double)n);
    }
  }
  free(src);
  free(key);
  free(back);
}

/* Converting: the tuples' native keys into each other format with
** ok_convert, ns a key, against reading the key (walk+read) and encoding
** the other from the values (encode): what the conversion does by hand. */
static void convert_section(void) {
  size_t cap = (size_t)n_tuples * 96;
  uint8_t *keys = malloc(cap), *other = malloc(cap), *copy = malloc(cap), out[512];
  size_t *off = malloc(((size_t)n_tuples + 1) * sizeof *off),
         *off2 = malloc(((size_t)n_tuples + 1) * sizeof *off2);
  double walk;
  long i;
  int f, r;
  if (!keys || !other || !copy || !off || !off2) abort();
  off[0] = 0;
  for (i = 0; i < n_tuples; i++) off[i + 1] = off[i] + encode(NATIVE, keys + off[i], &tuples[i]);
  walk = pass(WALK, NATIVE, keys, off, copy) * 1e9 / (double)n_tuples;
  printf(
      "\nConverting the native keys with ok_convert, ns a key, best of 5, against reading them "
      "(walk+read) and encoding the other:\n");
  printf("| to | convert | walk+read + encode | ratio |\n|---|---|---|---|\n");
  for (f = FDB; f < FORMATS; f++) {
    double best = 1e9, enc;
    if (f == ORDEREDCODE || f == ORDERLY)
      continue; /* a double field reads a whole price back as REAL */
    off2[0] = 0;
    for (i = 0; i < n_tuples; i++) off2[i + 1] = off2[i] + encode(f, other + off2[i], &tuples[i]);
    enc = pass(ENCODE, f, other, off2, copy);
    for (r = 0; r < 5; r++) {
      double t0 = now();
      size_t total = 0, len, err;
      for (i = 0; i < n_tuples; i++) {
        int rc = ok_convert(&ok_format_native, keys + off[i], off[i + 1] - off[i], format_of(f),
                            out, sizeof out, &len, &err);
        if (rc != OK_OK) {
          fprintf(stderr, "core: ok_convert to %s: %s\n", names[f], ok_strerror(rc));
          abort();
        }
        total += len;
      }
      sink += total;
      if (now() - t0 < best) best = now() - t0;
    }
    best = best * 1e9 / (double)n_tuples, enc = enc * 1e9 / (double)n_tuples;
    printf("| %s | %.1f | %.1f | %.2fx |\n", names[f], best, walk + enc, best / (walk + enc));
  }
  free(keys), free(other), free(copy), free(off), free(off2);
}

/* Many components: native keys of m integers. */
static void many_section(void) {
  static const int counts[] = {1, 4, 16, 64};
  uint8_t key[64 * OK_NUM_MAX];
  int c;
  printf("\nNative keys of m integers, ns a component, best of 5:\n");
  printf("| m | encode | count | locate last |\n|---|---|---|---|\n");
  for (c = 0; c < 4; c++) {
    int m = counts[c], reps = 4000000 / m, r, j, k;
    double enc = 1e9, cnt = 1e9, loc = 1e9;
    size_t n = 0, count, err, at;
    ok_item it;
    for (r = 0; r < 5; r++) {
      double t0 = now();
      for (j = 0; j < reps; j++) {
        for (n = 0, k = 0; k < m; k++) n += ok_enc_int(key + n, (int64_t)j * 1000 + k, 0);
        sink += n;
      }
      if (now() - t0 < enc) enc = now() - t0;
      t0 = now();
      for (j = 0; j < reps; j++) {
        if (ok_count(&ok_format_native, key, n, &count, &err) != OK_OK) abort();
        sink += count;
      }
      if (now() - t0 < cnt) cnt = now() - t0;
      t0 = now();
      for (j = 0; j < reps; j++) {
        if (ok_locate(&ok_format_native, key, n, (size_t)m - 1, &it, &at, &err) != OK_OK) abort();
        sink += at;
      }
      if (now() - t0 < loc) loc = now() - t0;
    }
    printf("| %d | %.2f | %.2f | %.2f |\n", m, enc * 1e9 / reps / m, cnt * 1e9 / reps / m,
           loc * 1e9 / reps / m);
  }
}

int main(int argc, char **argv) {
  size_t at;
  const char *why;
  n_tuples = argc > 1 ? atol(argv[1]) : 1000000;
  if (n_tuples < 1 || !(tuples = malloc((size_t)n_tuples * sizeof *tuples)) ||
      !(schema = malloc(ok_orderly_size())) ||
      ok_orderly_parse(schema, "long, double, utf8", 18, &at, &why) != OK_OK ||
      ok_orderedcode_parse(&types, "int64, float64, string", 22, &at, &why) != OK_OK) {
    fprintf(stderr, "usage: core [tuples > 0 [format ...]]\n");
    return 2;
  }
  only = argv + (argc > 1 ? 2 : 1);
  tuples_section();
  if (only[0]) return 0;
  typed_section();
  long_section(0);
  long_section(2);
  long_section(100);
  convert_section();
  many_section();
  return 0;
}
