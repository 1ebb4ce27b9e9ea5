/*
** orderly_oracle.c -- the order oracle for Orderly keys: random schemas of
** every field type, random rows, and the order of their values against the
** byte order of the keys ok_orderly_pack makes of them.
**
** Usage: orderly_oracle <extension> [schemas] [rows] [seed]
**
** The values' order is Orderly's (docs/orderly.md): NULL first; integers by
** value (unsigned ones as unsigned); floats as Java's Double.compare (-0.0
** before +0.0, NaN last); decimals by value (1.0 equals 1); text by code
** point (its UTF-8 bytes); byte arrays bytewise, shorter first; field by
** field, a descending field reversed. For every schema:
**   order   rows sorted by value have keys in ascending byte order, equal
**           keys exactly where the values are equal; the one exception is
**           Orderly's own (an unterminated negative decimal, docs/orderly.md),
**           which is counted and must be the only kind of disagreement;
**   back    (every 10th row) ok_quote, which reads each field, reads back
**           as the same key, and ok_count is the number of fields;
**   ranges  for a row and k, the keys within [ok_orderly_prefix(schema, its
**           first k values), ok_orderly_prefix_end(...)) are exactly those
**           of the rows whose first k values equal its own.
** Schemas use no should_not, which gives up order by Orderly's design.
** Prints one line per property, then "N passed, M failed".
*/
#include <math.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "rng.h"

enum { INT, LONG, UINT, ULONG, FINT, FLONG, FUINT, FULONG, FLOAT, DOUBLE, DECIMAL, UTF8, BYTES, FBYTES, TYPES };
static const char *const type_name[] = {"int", "long", "uint", "ulong", "fixed_int", "fixed_long",
                                        "fixed_uint", "fixed_ulong", "float", "double", "decimal",
                                        "utf8", "bytes", "fixed_bytes"};

#define MAX_LEAVES 12

typedef struct {
  int type, desc;
  unsigned size; /* fixed_bytes: N; bytes: prefix */
} leaf;

typedef struct {
  int null;
  int64_t i;
  uint64_t u;
  double d;
  int neg, nd;
  long exp;
  char digits[32];  /* decimal: significant digits */
  char text[96];    /* decimal: as bound */
  unsigned char b[24];
  int n;
} val;

typedef struct {
  val v[MAX_LEAVES];
  unsigned char key[512];
  int klen;
} row;

static leaf leaves[MAX_LEAVES];
static int nleaves;
static char schema[1024];
static int passed, failed;
static sqlite3 *db;

/* --- schemas ------------------------------------------------------------------ */

static int nullable(const leaf *l) {
  return !(l->type >= FINT && l->type <= FULONG) && l->type != FBYTES && !(l->type == BYTES && l->size);
}

/* Appends a random field (a struct at depth < 2 sometimes) under the
** effective order `flip`. */
static void gen_field(char **o, int depth, int flip) {
  int desc = below(3) == 0;
  if (depth < 2 && below(6) == 0 && nleaves + 3 <= MAX_LEAVES) {
    int k, n = 1 + (int)below(3);
    *o += sprintf(*o, "struct(");
    for (k = 0; k < n; k++) {
      if (k) *o += sprintf(*o, ", ");
      gen_field(o, depth + 1, flip ^ desc);
    }
    *o += sprintf(*o, ")%s%s", desc ? " desc" : "", below(8) == 0 ? " must" : "");
    return;
  }
  {
    leaf *l = &leaves[nleaves++];
    l->type = (int)below(TYPES);
    l->desc = flip ^ desc;
    l->size = l->type == FBYTES ? 1 + below(3) : l->type == BYTES && below(4) == 0 ? 1 + below(2) : 0;
    *o += sprintf(*o, "%s", type_name[l->type]);
    if (l->type == FBYTES) *o += sprintf(*o, "(%u)", l->size);
    if (l->type == BYTES && l->size) *o += sprintf(*o, "(prefix=%u)", l->size);
    *o += sprintf(*o, "%s%s", desc ? " desc" : "", below(8) == 0 ? " must" : "");
  }
}

static void gen_schema(void) {
  char *o = schema;
  int k, n = 1 + (int)below(4);
  nleaves = 0;
  for (k = 0; k < n && nleaves < MAX_LEAVES - 3; k++) {
    if (k) o += sprintf(o, ", ");
    gen_field(&o, 0, 0);
  }
}

/* --- values --------------------------------------------------------------------- */

static int64_t int_of_width(int bits) { /* a random value of about `bits` bits, either sign */
  uint64_t m = bits >= 64 ? rnd() : rnd() & ((1ULL << bits) - 1);
  return below(2) ? (int64_t)m : -(int64_t)m - 1;
}

static void gen_decimal(val *x) {
  int k, zeros = (int)below(3);
  char *o = x->text;
  x->neg = (int)below(2);
  x->nd = below(10) == 0 ? 0 : 1 + (int)below(below(4) ? 4 : 24);
  for (k = 0; k < x->nd; k++) x->digits[k] = (char)('0' + (k == 0 || k == x->nd - 1 ? 1 + below(9) : below(10)));
  x->digits[x->nd] = 0;
  x->exp = below(4) == 0 ? (long)below(2000) - 1000 : (long)below(20) - 10;
  if (below(3) == 0) { /* few digits and exponents: many ties and digit prefixes */
    static const char *const pool[] = {"1", "12", "123", "2", "1234"};
    strcpy(x->digits, pool[below(5)]);
    x->nd = (int)strlen(x->digits);
    x->exp = (long)below(2);
  }
  if (x->nd == 0) { /* zero, in one of its forms */
    x->neg = 0;
    strcpy(x->text, below(2) ? "0" : "0.000");
    return;
  }
  /* d.ddd[000]E+x: trailing zeros must not matter */
  o += sprintf(o, "%s%c.%s", x->neg ? "-" : "", x->digits[0], x->digits + 1);
  for (k = 0; k < zeros; k++) *o++ = '0';
  sprintf(o, "E%+ld", x->exp);
}

static void gen_value(const leaf *l, val *x) {
  static const unsigned char alphabet[] = {0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF, 'a'};
  static const struct {
    const char *s;
    size_t n;
  } texts[] = {{"", 0}, {"a", 1}, {"ab", 2}, {"a\0b", 3}, {"\x01", 1}, {"\xc3\xa9", 2},
               {"\xef\xbf\xbf", 3}, {"\xf0\x9f\x98\x80", 4}, {"~", 1}, {"b", 1}};
  int k;
  memset(x, 0, sizeof *x);
  if (nullable(l) && below(8) == 0) {
    x->null = 1;
    return;
  }
  switch (l->type) {
    case INT:
    case FINT: x->i = (int32_t)int_of_width(below(4) ? (int)below(16) : 31); break;
    case LONG:
    case FLONG:
      x->i = below(10) == 0 ? (below(2) ? INT64_MAX : INT64_MIN) : int_of_width(below(4) ? (int)below(20) : 63);
      break;
    case UINT:
    case FUINT: x->u = (uint32_t)rnd() >> below(32); break;
    case ULONG:
    case FULONG: x->u = below(10) == 0 ? UINT64_MAX : rnd() >> below(64); break;
    case FLOAT:
    case DOUBLE: {
      static const double edges[] = {0.0, -0.0, 1.0, -1.0, 1e-310, -1e-310, HUGE_VAL, -HUGE_VAL, 1.5, 2.0};
      uint64_t bits = rnd();
      if (below(3) == 0) {
        x->d = edges[below(10)];
      } else if (below(20) == 0) {
        x->d = NAN;
      } else {
        memcpy(&x->d, &bits, 8);
        if (x->d != x->d) x->d = 0.5;
      }
      if (l->type == FLOAT) x->d = (float)x->d;
      break;
    }
    case DECIMAL: gen_decimal(x); break;
    case UTF8:
      for (k = (int)below(3); k > 0; k--) {
        unsigned t = below(10);
        memcpy(x->b + x->n, texts[t].s, texts[t].n);
        x->n += (int)texts[t].n;
      }
      break;
    case BYTES:
    case FBYTES:
      x->n = l->type == FBYTES ? (int)l->size : (int)(l->size + below(5));
      for (k = 0; k < x->n; k++) x->b[k] = alphabet[below(8)];
      break;
  }
}

static void bind_value(sqlite3_stmt *st, int i, const leaf *l, const val *x) {
  char num[32];
  if (x->null) {
    sqlite3_bind_null(st, i);
    return;
  }
  switch (l->type) {
    case UINT:
    case ULONG:
    case FUINT:
    case FULONG:
      if (x->u <= INT64_MAX) sqlite3_bind_int64(st, i, (sqlite3_int64)x->u);
      else sprintf(num, "%llu", (unsigned long long)x->u), sqlite3_bind_text(st, i, num, -1, SQLITE_TRANSIENT);
      break;
    case FLOAT:
    case DOUBLE:
      if (x->d != x->d) sqlite3_bind_text(st, i, "NaN", -1, SQLITE_STATIC);
      else sqlite3_bind_double(st, i, x->d);
      break;
    case DECIMAL: sqlite3_bind_text(st, i, x->text, -1, SQLITE_STATIC); break;
    case UTF8: sqlite3_bind_text(st, i, (const char *)x->b, x->n, SQLITE_STATIC); break;
    case BYTES:
    case FBYTES: sqlite3_bind_blob(st, i, x->n ? x->b : (const unsigned char *)"", x->n, SQLITE_STATIC); break;
    default: sqlite3_bind_int64(st, i, x->i);
  }
}

/* --- Orderly's order, written from its definition ---------------------------------- */

static int cmp_bytes(const unsigned char *a, int na, const unsigned char *b, int nb) {
  int c = memcmp(a, b, (size_t)(na < nb ? na : nb));
  return c ? (c < 0 ? -1 : 1) : (na > nb) - (na < nb);
}

static int cmp_value(const leaf *l, const val *a, const val *b) {
  int c;
  if (a->null || b->null) return b->null - a->null;
  switch (l->type) {
    case UINT:
    case ULONG:
    case FUINT:
    case FULONG: return (a->u > b->u) - (a->u < b->u);
    case FLOAT:
    case DOUBLE:
      if (a->d != a->d || b->d != b->d) return (a->d != a->d) - (b->d != b->d);
      if (a->d != b->d) return a->d < b->d ? -1 : 1;
      return (signbit(b->d) != 0) - (signbit(a->d) != 0); /* -0.0 first */
    case DECIMAL: {
      int sa = a->nd == 0 ? 0 : a->neg ? -1 : 1, sb = b->nd == 0 ? 0 : b->neg ? -1 : 1;
      if (sa != sb || sa == 0) return (sa > sb) - (sa < sb);
      c = a->exp != b->exp ? (a->exp < b->exp ? -1 : 1)
                           : cmp_bytes((const unsigned char *)a->digits, a->nd, (const unsigned char *)b->digits, b->nd);
      return sa * c;
    }
    case UTF8:
    case BYTES:
    case FBYTES: return cmp_bytes(a->b, a->n, b->b, b->n);
    default: return (a->i > b->i) - (a->i < b->i);
  }
}

/* Rows by their first k fields; *field the first that differs. */
static int cmp_rows(const row *a, const row *b, int k, int *field) {
  int i;
  for (i = 0; i < k; i++) {
    int c = cmp_value(&leaves[i], &a->v[i], &b->v[i]);
    if (c) {
      *field = i;
      return leaves[i].desc ? -c : c;
    }
  }
  *field = k;
  return 0;
}

static int by_value(const void *a, const void *b) {
  int f;
  return cmp_rows(a, b, nleaves, &f);
}

static int cmp_keys(const row *a, const row *b) { return cmp_bytes(a->key, a->klen, b->key, b->klen); }

/* --- the checks --------------------------------------------------------------------- */

static sqlite3_stmt *pack_stmt(const char *fn, int n) {
  char sql[512];
  int o = sprintf(sql, "SELECT %s(?1", fn), k;
  sqlite3_stmt *st;
  for (k = 0; k < n; k++) o += sprintf(sql + o, ", ?%d", k + 2);
  sprintf(sql + o, ")");
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(db));
    exit(2);
  }
  return st;
}

/* The blob fn(schema, first k values of r) in out (room 512); its length, or -1 (NULL or error). */
static int call(const char *fn, const row *r, int k, unsigned char *out) {
  sqlite3_stmt *st = pack_stmt(fn, k);
  int i, n = -1;
  sqlite3_bind_text(st, 1, schema, -1, SQLITE_STATIC);
  for (i = 0; i < k; i++) bind_value(st, i + 2, &leaves[i], &r->v[i]);
  if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_BLOB) {
    n = sqlite3_column_bytes(st, 0);
    if (n > 512) n = 512;
    if (n > 0) memcpy(out, sqlite3_column_blob(st, 0), (size_t)n);
  } else if (sqlite3_errcode(db) != SQLITE_ROW && sqlite3_errcode(db) != SQLITE_DONE &&
             sqlite3_errcode(db) != SQLITE_OK) {
    fprintf(stderr, "%s('%s', ...): %s\n", fn, schema, sqlite3_errmsg(db));
  }
  sqlite3_finalize(st);
  return n;
}

/* 'SELECT ok_orderly_pack' || ok_quote(key) gives the key; ok_count and
** each field read back agree. */
static int reads_back(const row *r, const char *format) {
  sqlite3_stmt *st;
  int ok;
  sqlite3_prepare_v2(db, "SELECT 'SELECT ok_orderly_pack' || ok_quote(?1, ?2), ok_count(?1, ?2)",
                     -1, &st, NULL);
  sqlite3_bind_blob(st, 1, r->key, r->klen, SQLITE_STATIC);
  sqlite3_bind_text(st, 2, format, -1, SQLITE_STATIC);
  ok = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 1) == nleaves;
  if (ok) {
    sqlite3_stmt *back;
    ok = sqlite3_prepare_v2(db, (const char *)sqlite3_column_text(st, 0), -1, &back, NULL) == SQLITE_OK &&
         sqlite3_step(back) == SQLITE_ROW && sqlite3_column_bytes(back, 0) == r->klen &&
         (r->klen == 0 || memcmp(sqlite3_column_blob(back, 0), r->key, (size_t)r->klen) == 0);
    if (!ok) fprintf(stderr, "reads back: %s\n", sqlite3_column_text(st, 0));
    sqlite3_finalize(back);
  }
  sqlite3_finalize(st);
  return ok;
}

int main(int argc, char **argv) {
  int schemas = argc > 2 ? atoi(argv[2]) : 300, rows = argc > 3 ? atoi(argv[3]) : 200;
  int s, i, bad_order = 0, exceptions = 0, bad_back = 0, bad_range = 0, ranges = 0, total = 0;
  row *r;
  rng_state = argc > 4 ? strtoull(argv[4], NULL, 10) : 20261123;
  if (argc < 2) {
    fprintf(stderr, "usage: %s <extension> [schemas] [rows] [seed]\n", argv[0]);
    return 2;
  }
  if (!(db = open_with_extension(argv[0], argv[1]))) return 2;
  if (!(r = calloc((size_t)rows, sizeof *r))) return 2;
  for (s = 0; s < schemas; s++) {
    char format[1100];
    sqlite3_stmt *st;
    gen_schema();
    snprintf(format, sizeof format, "orderly:%s", schema);
    st = pack_stmt("ok_orderly_pack", nleaves);
    for (i = 0; i < rows; i++) {
      int k;
      for (k = 0; k < nleaves; k++) gen_value(&leaves[k], &r[i].v[k]);
      sqlite3_bind_text(st, 1, schema, -1, SQLITE_STATIC);
      for (k = 0; k < nleaves; k++) bind_value(st, k + 2, &leaves[k], &r[i].v[k]);
      if (sqlite3_step(st) != SQLITE_ROW) {
        fprintf(stderr, "ok_orderly_pack('%s', ...): %s\n", schema, sqlite3_errmsg(db));
        return 2;
      }
      r[i].klen = sqlite3_column_bytes(st, 0);
      if (r[i].klen > 0) memcpy(r[i].key, sqlite3_column_blob(st, 0), (size_t)r[i].klen);
      sqlite3_reset(st);
      if (i % 10 == 0 && !reads_back(&r[i], format)) bad_back++;
    }
    sqlite3_finalize(st);
    total += rows;
    qsort(r, (size_t)rows, sizeof *r, by_value);
    for (i = 1; i < rows; i++) { /* neighbours: key order agrees, ties only for equal values */
      int f, cv = cmp_rows(&r[i - 1], &r[i], nleaves, &f), ck = cmp_keys(&r[i - 1], &r[i]);
      if ((cv == 0) == (ck == 0) && ck <= 0) continue;
      if (cv < 0 && leaves[f].type == DECIMAL && !leaves[f].desc && r[i].v[f].neg &&
          r[i - 1].v[f].neg && r[i].klen < r[i - 1].klen &&
          memcmp(r[i].key, r[i - 1].key, (size_t)r[i].klen) == 0) {
        exceptions++; /* an unterminated negative decimal: Orderly's own order */
        continue;
      }
      if (bad_order++ < 5)
        fprintf(stderr, "order: schema '%s', rows %d and %d, field %d\n", schema, i - 1, i, f + 1);
    }
    for (i = 0; i < 3; i++) { /* prefix ranges */
      const row *p = &r[below((unsigned)rows)];
      int k = 1 + (int)below((unsigned)nleaves), j, f, lo_n, hi_n;
      unsigned char lo[512], hi[512];
      if (leaves[k - 1].type == DECIMAL && !leaves[k - 1].desc && p->v[k - 1].neg) continue;
      lo_n = call("ok_orderly_prefix", p, k, lo);
      hi_n = call("ok_orderly_prefix_end", p, k, hi);
      if (lo_n < 0) {
        bad_range++;
        continue;
      }
      for (j = 0; j < rows; j++) {
        row lo_row, hi_row;
        int in;
        if (lo_n > 0) memcpy(lo_row.key, lo, (size_t)lo_n);
        lo_row.klen = lo_n;
        in = cmp_keys(&lo_row, &r[j]) <= 0;
        if (hi_n >= 0) memcpy(hi_row.key, hi, (size_t)hi_n), hi_row.klen = hi_n, in = in && cmp_keys(&r[j], &hi_row) < 0;
        if (in != (cmp_rows(p, &r[j], k, &f) == 0) && bad_range++ < 5)
          fprintf(stderr, "range: schema '%s', k %d: row %d %s\n", schema, k, j, in ? "inside" : "outside");
      }
      ranges++;
    }
  }
  printf("order: %d rows in %d random schemas, sorted by value: key order agrees, ties exactly on equal values (%d violations; %d pairs of unterminated negative decimals, Orderly's own order)\n",
         total, schemas, bad_order, exceptions);
  bad_order ? failed++ : passed++;
  printf("back: ok_quote reads back as the key, ok_count right (%d of %d checked rows wrong)\n", bad_back, total / 10);
  bad_back ? failed++ : passed++;
  printf("ranges: %d prefix ranges hold exactly the rows with the same first fields (%d wrong)\n", ranges, bad_range);
  bad_range ? failed++ : passed++;
  printf("%d passed, %d failed\n", passed, failed);
  free(r);
  sqlite3_close(db);
  return failed != 0;
}
