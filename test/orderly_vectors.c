/*
** orderly_vectors.c -- the Orderly format against the bytes Orderly itself
** printed (test/orderly/vectors-*.tsv; their first lines and
** test/orderly/README.md say what the columns hold).
**
** Usage: orderly_vectors <extension> <vectors.tsv>...
**
** Each CASE line becomes a schema (the class and settings in the words of
** ok_orderly_pack) and its input values, bound as SQL values. Where the
** check column is "ok":
**   encode  ok_orderly_pack gives exactly the bytes Orderly wrote;
**   decode  ok_unpack_col of each field gives the value Orderly decoded,
**           ok_count is the number of fields and ok_valid is 1;
**   quote   'SELECT ok_orderly_pack' || ok_quote(bytes, format) gives the
**           bytes back.
** Where Orderly fails (its check names a problem), ok must do better or
** refuse: ok_orderly_pack either refuses the values with an error, or
** writes Orderly's bytes and reads them back as the values given.
** Cases of a reused StructRowKey (settings "reused-key-step") show state
** kept between Orderly's calls, which ok has none of: ok must write what a
** fresh key writes. Java strings with unpaired surrogates have no UTF-8:
** they are counted as skipped.
** Prints the first failures and "N passed, M failed".
*/
#include <math.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

#define MAX_FIELDS 64

/* One leaf value of a case. */
typedef struct {
  char kind;  /* 'N' NULL, 'i' signed, 'u' unsigned, 'f' float, 'd' double, 'm' decimal, 's' text, 'b' blob */
  char *text; /* the value's text after its prefix */
  unsigned char bytes[4096];
  size_t n; /* text/blob bytes; for f/d: the IEEE bits in `bits` */
  uint64_t bits;
} value;

static int passed, failed, skipped, refused, better;
static sqlite3 *db;

static void fail(const char *what, const char *line) {
  if (failed < 20) fprintf(stderr, "FAIL %s: %s\n", what, line);
  failed++;
}

static int hexval(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

static size_t unhex(unsigned char *out, const char *s, size_t n) {
  size_t i;
  for (i = 0; i + 1 < n; i += 2) out[i / 2] = (unsigned char)(hexval(s[i]) << 4 | hexval(s[i + 1]));
  return n / 2;
}

/* UTF-8 of code point c at out; its length. */
static size_t utf8(unsigned char *out, unsigned long c) {
  if (c < 0x80) return out[0] = (unsigned char)c, 1;
  if (c < 0x800) return out[0] = (unsigned char)(0xC0 | c >> 6), out[1] = (unsigned char)(0x80 | (c & 63)), 2;
  if (c < 0x10000) {
    out[0] = (unsigned char)(0xE0 | c >> 12);
    out[1] = (unsigned char)(0x80 | (c >> 6 & 63));
    out[2] = (unsigned char)(0x80 | (c & 63));
    return 3;
  }
  out[0] = (unsigned char)(0xF0 | c >> 18);
  out[1] = (unsigned char)(0x80 | (c >> 12 & 63));
  out[2] = (unsigned char)(0x80 | (c >> 6 & 63));
  out[3] = (unsigned char)(0x80 | (c & 63));
  return 4;
}

/* A Java string literal's inside at *p (after the opening quote) as UTF-8
** into v; moves *p past the closing quote. 0 for an unpaired surrogate. */
static int java_string(char **p, value *v) {
  char *s = *p;
  int ok = 1;
  v->n = 0;
  while (*s && *s != '"') {
    unsigned long c;
    if (s[0] == '\\' && s[1] == 'u') {
      c = strtoul((char[]){s[2], s[3], s[4], s[5], 0}, NULL, 16);
      s += 6;
      if (c >= 0xD800 && c < 0xDC00 && s[0] == '\\' && s[1] == 'u') {
        unsigned long lo = strtoul((char[]){s[2], s[3], s[4], s[5], 0}, NULL, 16);
        if (lo >= 0xDC00 && lo < 0xE000) {
          c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
          s += 6;
        }
      }
      if (c >= 0xD800 && c < 0xE000) ok = 0;
    } else if (s[0] == '\\') {
      c = (unsigned char)s[1];
      s += 2;
    } else {
      c = (unsigned char)*s++;
    }
    v->n += utf8(v->bytes + v->n, c);
  }
  *p = *s ? s + 1 : s;
  return ok;
}

/* The values of an input column ("i:1", "[NULL;str:\"a\";[d:../1]]")
** flattened into v; returns their count, or -1 for a string with no UTF-8
** (an unpaired surrogate). */
static int values(char *s, value *v, int max) {
  int n = 0, ok = 1;
  while (*s) {
    value *x;
    char *colon, *end, c;
    if (*s == '[' || *s == ']' || *s == ';') {
      s++;
      continue;
    }
    if (n == max) return -1;
    x = &v[n++];
    memset(x, 0, sizeof *x);
    if (strncmp(s, "NULL", 4) == 0) {
      x->kind = 'N';
      s += 4;
      continue;
    }
    if (strncmp(s, "str:\"", 5) == 0) {
      s += 5;
      x->kind = 's';
      ok &= java_string(&s, x);
      continue;
    }
    colon = strchr(s, ':');
    if (!colon) return -1;
    end = colon + strcspn(colon, ";]");
    c = *end;
    *end = 0;
    x->text = colon + 1;
    x->kind = strncmp(s, "dec:", 4) == 0 ? 'm' : strncmp(s, "utf8:", 5) == 0 ? 's'
              : strncmp(s, "bytes:", 6) == 0 ? 'b' : s[0];
    if (x->kind == 's' || x->kind == 'b') x->n = unhex(x->bytes, x->text, strlen(x->text));
    if (x->kind == 'f' || x->kind == 'd') x->bits = strtoull(x->text, NULL, 16);
    s = c ? end + 1 : end;
  }
  return ok ? n : -1;
}

/* A decimal's canonical text "-DIGITS e EXP" (no leading or trailing
** zeros; "0" for zero), for comparing decimals written differently. */
static void canon(const char *s, char *out) {
  char digits[512];
  size_t nd = 0, zeros = 0;
  long point = 0, e = 0;
  int neg = *s == '-', seen = 0;
  if (*s == '-' || *s == '+') s++;
  for (; *s && *s != 'e' && *s != 'E'; s++) {
    if (*s == '.') {
      seen = 1;
      continue;
    }
    if (nd == 0 && *s == '0') {
      point -= seen;
      continue;
    }
    if (*s == '0') zeros++;
    else {
      for (; zeros; zeros--) digits[nd++] = '0';
      digits[nd++] = *s;
    }
    if (!seen) point++;
  }
  if (*s) e = strtol(s + 1, NULL, 10);
  digits[nd] = 0;
  if (nd == 0) strcpy(out, "0");
  else sprintf(out, "%s%se%ld", neg ? "-" : "", digits, e + point);
}

/* Binds value x to parameter i. */
static void bind(sqlite3_stmt *st, int i, const value *x) {
  float f;
  double d;
  uint32_t b32 = (uint32_t)x->bits;
  switch (x->kind) {
    case 'N': sqlite3_bind_null(st, i); break;
    case 'i': sqlite3_bind_int64(st, i, strtoll(x->text, NULL, 10)); break;
    case 'u':
      if (strtoull(x->text, NULL, 10) <= INT64_MAX)
        sqlite3_bind_int64(st, i, (sqlite3_int64)strtoull(x->text, NULL, 10));
      else
        sqlite3_bind_text(st, i, x->text, -1, SQLITE_TRANSIENT);
      break;
    case 'f':
      memcpy(&f, &b32, 4);
      if (f != f) sqlite3_bind_text(st, i, "NaN", -1, SQLITE_STATIC);
      else sqlite3_bind_double(st, i, f);
      break;
    case 'd':
      memcpy(&d, &x->bits, 8);
      if (d != d) sqlite3_bind_text(st, i, "NaN", -1, SQLITE_STATIC);
      else sqlite3_bind_double(st, i, d);
      break;
    case 'm': sqlite3_bind_text(st, i, x->text, -1, SQLITE_TRANSIENT); break;
    case 's': sqlite3_bind_text(st, i, (const char *)x->bytes, (int)x->n, SQLITE_TRANSIENT); break;
    case 'b': sqlite3_bind_blob(st, i, x->n ? x->bytes : (const unsigned char *)"", (int)x->n, SQLITE_TRANSIENT); break;
  }
}

/* 1 when column 0 of st is the value x. */
static int same(sqlite3_stmt *st, const value *x) {
  int t = sqlite3_column_type(st, 0);
  const char *txt = (const char *)sqlite3_column_text(st, 0);
  char a[600], b[600];
  float f;
  double d;
  uint32_t b32 = (uint32_t)x->bits;
  switch (x->kind) {
    case 'N': return t == SQLITE_NULL;
    case 'i': return t == SQLITE_INTEGER && sqlite3_column_int64(st, 0) == strtoll(x->text, NULL, 10);
    case 'u': return t == SQLITE_INTEGER ? (uint64_t)sqlite3_column_int64(st, 0) == strtoull(x->text, NULL, 10)
                                        : t == SQLITE_TEXT && strcmp(txt, x->text) == 0;
    case 'f':
      memcpy(&f, &b32, 4);
      if (f != f) return t == SQLITE_TEXT && strcmp(txt, "NaN") == 0;
      return t == SQLITE_FLOAT && (float)sqlite3_column_double(st, 0) == f &&
             signbit((float)sqlite3_column_double(st, 0)) == signbit(f);
    case 'd':
      memcpy(&d, &x->bits, 8);
      if (d != d) return t == SQLITE_TEXT && strcmp(txt, "NaN") == 0;
      return t == SQLITE_FLOAT && sqlite3_column_double(st, 0) == d &&
             signbit(sqlite3_column_double(st, 0)) == signbit(d);
    case 'm':
      /* a REAL is the double nearest the decimal; that its digits are exactly
      ** Orderly's, the quote read-back shows (it packs the REAL again) */
      if (t == SQLITE_FLOAT) return sqlite3_column_double(st, 0) == strtod(x->text, NULL);
      if (t != SQLITE_INTEGER && t != SQLITE_TEXT) return 0;
      canon(txt, a);
      canon(x->text, b);
      return strcmp(a, b) == 0;
    case 's':
      return t == SQLITE_TEXT && (size_t)sqlite3_column_bytes(st, 0) == x->n && memcmp(txt, x->bytes, x->n) == 0;
    case 'b':
      return t == SQLITE_BLOB && (size_t)sqlite3_column_bytes(st, 0) == x->n &&
             (x->n == 0 || memcmp(sqlite3_column_blob(st, 0), x->bytes, x->n) == 0);
  }
  return 0;
}

static const struct {
  const char *cls, *type;
} names[] = {
    {"IntegerRowKey", "int"},
    {"LongRowKey", "long"},
    {"UnsignedIntegerRowKey", "uint"},
    {"UnsignedLongRowKey", "ulong"},
    {"FixedIntegerRowKey", "fixed_int"},
    {"FixedLongRowKey", "fixed_long"},
    {"FixedUnsignedIntegerRowKey", "fixed_uint"},
    {"FixedUnsignedLongRowKey", "fixed_ulong"},
    {"FloatRowKey", "float"},
    {"DoubleRowKey", "double"},
    {"BigDecimalRowKey", "decimal"},
    {"StringRowKey", "utf8"},
    {"UTF8RowKey", "utf8"},
    {"VariableLengthByteArrayRowKey", "bytes"},
    {"FixedByteArrayRowKey", "fixed_bytes"},
};

/* The value of "name=" in a comma-separated settings or marker text, or NULL. */
static const char *setting(const char *s, const char *name) {
  const char *p = strstr(s, name);
  return p ? p + strlen(name) : NULL;
}

/* A type with its arguments: "bytes(prefix=2)", "int(reserved_bits=3, reserved_value=5)". */
static char *type_of(char *out, const char *cls, size_t len, const char *params) {
  size_t k;
  const char *p;
  for (k = 0; k < sizeof names / sizeof names[0]; k++) {
    if (strlen(names[k].cls) == len && strncmp(cls, names[k].cls, len) == 0) break;
  }
  if (k == sizeof names / sizeof names[0]) return NULL;
  out += sprintf(out, "%s", names[k].type);
  if (k == 14 && (p = setting(params, "len="))) out += sprintf(out, "(%d)", atoi(p));
  if (k == 13 && (p = setting(params, "prefix=")) && atoi(p) > 0) out += sprintf(out, "(prefix=%d)", atoi(p));
  if ((p = setting(params, "reservedBits=")) != NULL)
    out += sprintf(out, "(reserved_bits=%d, reserved_value=%d)", atoi(p), atoi(setting(params, "reservedValue=")));
  return out;
}

/* The fields of Struct{...} at *c (after the brace) into out, in their
** declared orders: effective XOR flip. Moves *c past the closing brace. */
static char *struct_fields(char *out, const char **c, int flip) {
  int first = 1;
  while (**c && **c != '}') {
    const char *name = *c, *colon;
    char marks[128];
    size_t len;
    if (**c == ',') {
      (*c)++;
      continue;
    }
    if (!first) out += sprintf(out, ", ");
    first = 0;
    if (strncmp(*c, "Struct{", 7) == 0) {
      *c += 7;
      out += sprintf(out, "struct(");
      out = struct_fields(out, c, flip);
      out += sprintf(out, ")");
      continue;
    }
    colon = strchr(name, ':');
    len = (size_t)(colon - name);
    *c = colon + 1 + strcspn(colon + 1, ",}");
    snprintf(marks, sizeof marks, "%.*s", (int)(*c - colon), colon);
    if (!(out = type_of(out, name, len, marks))) return NULL;
    if ((strstr(marks, ":DESC") != NULL) ^ flip) out += sprintf(out, " desc");
    if (strstr(marks, "field-SHOULD_NOT")) out += sprintf(out, " should_not");
  }
  if (**c == '}') (*c)++;
  return out;
}

/* The schema of a case's class and settings. */
static int schema_of(char *out, const char *cls, const char *settings) {
  int desc = strstr(settings, "order=DESC") != NULL;
  const char *term = strstr(settings, "term=MUST") ? " must" : strstr(settings, "term=SHOULD_NOT") ? " should_not" : "";
  if (strncmp(cls, "Struct{", 7) == 0) {
    const char *c = cls + 7;
    if (!desc && !*term) return struct_fields(out, &c, 0) != NULL; /* the implicit struct */
    out += sprintf(out, "struct(");
    if (!(out = struct_fields(out, &c, desc))) return 0;
    sprintf(out, ")%s%s", desc ? " desc" : "", term);
    return 1;
  }
  if (!(out = type_of(out, cls, strlen(cls), settings))) return 0;
  sprintf(out, "%s%s", desc ? " desc" : "", term);
  return 1;
}

static sqlite3_stmt *prepare(const char *sql) {
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    fprintf(stderr, "prepare %s: %s\n", sql, sqlite3_errmsg(db));
    exit(2);
  }
  return st;
}

/* Reads key[0..n) back under format: every field equal to want[0..fields),
** the count and validity right, and (quote) ok_quote reads back as it. */
static int reads_back(const unsigned char *key, int n, const char *format, const value *want,
                      int fields, int quote) {
  static sqlite3_stmt *col, *cnt, *q;
  int i, ok = 1;
  if (!col) {
    col = prepare("SELECT ok_unpack_col(?1, ?2, ?3)");
    cnt = prepare("SELECT ok_count(?1, ?2), ok_valid(?1, ?2)");
    q = prepare("SELECT ok_quote(?1, ?2)");
  }
  for (i = 0; i < fields && ok; i++) {
    sqlite3_bind_blob(col, 1, n ? key : (const unsigned char *)"", n, SQLITE_STATIC);
    sqlite3_bind_int(col, 2, i + 1);
    sqlite3_bind_text(col, 3, format, -1, SQLITE_STATIC);
    ok = sqlite3_step(col) == SQLITE_ROW && same(col, &want[i]);
    sqlite3_reset(col);
  }
  sqlite3_bind_blob(cnt, 1, n ? key : (const unsigned char *)"", n, SQLITE_STATIC);
  sqlite3_bind_text(cnt, 2, format, -1, SQLITE_STATIC);
  ok = ok && sqlite3_step(cnt) == SQLITE_ROW && sqlite3_column_int(cnt, 0) == fields &&
       sqlite3_column_int(cnt, 1) == 1;
  sqlite3_reset(cnt);
  if (ok && quote) {
    sqlite3_stmt *back = NULL;
    char *sql;
    sqlite3_bind_blob(q, 1, n ? key : (const unsigned char *)"", n, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, format, -1, SQLITE_STATIC);
    ok = sqlite3_step(q) == SQLITE_ROW;
    sql = ok ? sqlite3_mprintf("SELECT ok_orderly_pack%s", sqlite3_column_text(q, 0)) : NULL;
    sqlite3_reset(q);
    ok = sql && sqlite3_prepare_v2(db, sql, -1, &back, NULL) == SQLITE_OK &&
         sqlite3_step(back) == SQLITE_ROW && sqlite3_column_bytes(back, 0) == n &&
         (n == 0 || memcmp(sqlite3_column_blob(back, 0), key, (size_t)n) == 0);
    if (!ok && failed < 20) fprintf(stderr, "quote: %s\n", sql ? sql : "?");
    sqlite3_finalize(back);
    sqlite3_free(sql);
  }
  return ok;
}

static value in[MAX_FIELDS], out[MAX_FIELDS];

static void run_case(char *line) {
  char *col[8] = {0}, *p = line, schema[4096], format[4200], copy[1 << 16], why[8192];
  static sqlite3_stmt *pack[MAX_FIELDS + 1];
  unsigned char want[4096];
  const unsigned char *key;
  int k, n, nout, nkey, orderly_ok, rc;
  size_t nwant;
  snprintf(copy, sizeof copy, "%s", line);
  for (k = 0; k < 8 && p; k++) {
    col[k] = p;
    p = strchr(p, '\t');
    if (p) *p++ = 0;
  }
  orderly_ok = col[6] && strcmp(col[6], "ok") == 0;
  /* a reused StructRowKey: ok writes what a fresh one writes */
  if ((p = strstr(col[6], "differs-from-fresh-key:")) != NULL) {
    col[4] = p + strlen("differs-from-fresh-key:");
    col[4][strcspn(col[4], ",")] = 0;
  }
  if ((n = values(col[3], in, MAX_FIELDS)) < 0 ||
      (nout = orderly_ok ? values(col[5], out, MAX_FIELDS) : 0) < 0) {
    if (orderly_ok) fail("cannot read the case", copy);
    skipped++;
    return;
  }
  if (!schema_of(schema, col[1], col[2])) {
    fail("no schema for the class", copy);
    return;
  }
  snprintf(format, sizeof format, "orderly:%s", schema);
  if (!pack[n]) {
    char sql[1024];
    int o = sprintf(sql, "SELECT ok_orderly_pack(?1");
    for (k = 0; k < n; k++) o += sprintf(sql + o, ", ?%d", k + 2);
    sprintf(sql + o, ")");
    pack[n] = prepare(sql);
  }
  sqlite3_bind_text(pack[n], 1, schema, -1, SQLITE_STATIC);
  for (k = 0; k < n; k++) bind(pack[n], k + 2, &in[k]);
  rc = sqlite3_step(pack[n]);
  if (rc != SQLITE_ROW) {
    if (orderly_ok) {
      snprintf(why, sizeof why, "ok_orderly_pack('%s', ...) refused: %s", schema, sqlite3_errmsg(db));
      fail(why, copy);
    } else {
      refused++;
      passed++;
    }
    sqlite3_reset(pack[n]);
    return;
  }
  key = sqlite3_column_blob(pack[n], 0);
  nkey = sqlite3_column_bytes(pack[n], 0);
  nwant = strcmp(col[4], "-") == 0 ? (size_t)-1 : unhex(want, col[4], strlen(col[4]));
  if (nwant != (size_t)nkey || (nkey && memcmp(key, want, (size_t)nkey) != 0)) {
    snprintf(why, sizeof why, "ok_orderly_pack('%s', ...) gives other bytes", schema);
    fail(why, copy);
  } else if (orderly_ok ? !reads_back(key, nkey, format, out, nout, 1)
                        : !reads_back(key, nkey, format, in, n, 1)) {
    snprintf(why, sizeof why, "'%s' reads back wrong", format);
    fail(why, copy);
  } else {
    passed++;
    better += !orderly_ok;
  }
  sqlite3_reset(pack[n]);
}

int main(int argc, char **argv) {
  static char line[1 << 16];
  int i;
  if (argc < 3) {
    fprintf(stderr, "usage: %s <extension> <vectors.tsv>...\n", argv[0]);
    return 2;
  }
  if (!(db = open_with_extension(argv[0], argv[1]))) return 2;
  for (i = 2; i < argc; i++) {
    FILE *f = fopen(argv[i], "r");
    if (!f) {
      fprintf(stderr, "cannot read %s\n", argv[i]);
      return 2;
    }
    while (fgets(line, sizeof line, f)) {
      line[strcspn(line, "\n")] = 0;
      if (strncmp(line, "CASE\t", 5) == 0) run_case(line);
    }
    fclose(f);
  }
  printf("Orderly's cases where Orderly fails: %d refused by ok, %d read back right; %d skipped\n",
         refused, better, skipped);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
