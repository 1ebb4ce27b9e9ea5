/*
** hbase_vectors.c -- the HBase format against the bytes HBase 2.6.7's own
** OrderedBytes.java printed (test/hbase/vectors-2.6*.tsv; test/hbase/README.md
** says how they were made and what the columns hold).
**
** Usage: hbase_vectors <extension> <vectors.tsv>...
**
** Each case's items become ok's constructors (ok_hbase_numeric with the
** Java version the file was printed on, ok_hbase_int32, ok_hbase_text...,
** in ok_hbase_desc when descending) packed by ok_hbase_pack, which must give
** HBase's bytes, or refuse where HBase threw. HBase's bytes must then read
** as HBase's decoders read them: ok_valid 1, ok_count HBase's item count,
** ok_json a JSON array of that many whose plain values are ok_unpack_col's,
** and ok_unpack_col of each item HBase's
** value (numerics: the same decimal; a REAL only as the double HBase
** decoded, and always a REAL or INTEGER where the decimal is one that Java
** writes for that double).
**
** Where ok decides otherwise, on purpose (docs/hbase.md, "BlobCopy"):
**   - a descending null BlobCopy (FA FF) is written with ok_hbase_raw;
**   - ok_hbase_pack refuses an ascending BlobCopy before another item;
**   - a descending BlobCopy before another item reads to its terminator,
**     as HBase's skip goes, not on as its decodeBlobCopy does (";used=").
** Prints the first failures and "N passed, M failed".
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

#define MAX_ITEMS 8
#define LINE_MAX 8192

static long passed, failed, json_items;
static sqlite3 *db;

static void fail(const char *what, const char *id, const char *detail) {
  if (failed < 20) fprintf(stderr, "FAIL %s %s: %s\n", id, what, detail);
  failed++;
}

static void check(int ok, const char *what, const char *id, const char *detail) {
  if (ok)
    passed++;
  else
    fail(what, id, detail);
}

static int hexval(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

static size_t unhex(unsigned char *out, const char *s, size_t n) {
  size_t i;
  for (i = 0; i + 1 < n; i += 2) out[i / 2] = (unsigned char)(hexval(s[i]) << 4 | hexval(s[i + 1]));
  return n / 2;
}

/* Splits s at each `sep` into at most max fields; returns their count. */
static int split(char *s, char sep, char **field, int max) {
  int n = 0;
  field[n++] = s;
  for (; *s && n < max; s++) {
    if (*s == sep) *s = 0, field[n++] = s + 1;
  }
  return n;
}

static double bits_double(const char *hex) {
  uint64_t u = strtoull(hex, NULL, 16);
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* The value of an item's parameter. */
typedef struct {
  int type; /* SQLITE_* */
  sqlite3_int64 i;
  double d;
  unsigned char bytes[LINE_MAX / 2];
  size_t n;
} arg;

/* Appends the constructor of item "KIND.ORDER:VALUE" to sql, its value in
** *a; returns 1 when it takes it as a parameter, 0 when it has none. */
static int item_sql(char *sql, const char *item, arg *a, int java) {
  const char *colon = strchr(item, ':'), *value = colon + 1;
  char kind[16], call[96];
  int desc = colon[-1] == 'D';
  size_t klen = (size_t)(colon - 2 - item);
  memcpy(kind, item, klen);
  kind[klen] = 0;
  a->type = SQLITE_NULL;
  if (strcmp(kind, "null") == 0) {
    strcpy(call, "?");
  } else if (strcmp(kind, "num-long") == 0) {
    a->type = SQLITE_INTEGER, a->i = strtoll(value, NULL, 10);
    strcpy(call, "ok_hbase_numeric(?)");
  } else if (strcmp(kind, "num-double") == 0) {
    a->type = SQLITE_FLOAT, a->d = bits_double(value);
    sprintf(call, "ok_hbase_numeric(?, %d)", java);
  } else if (strcmp(kind, "num-decimal") == 0) {
    a->type = SQLITE_TEXT, a->n = strlen(value), memcpy(a->bytes, value, a->n);
    strcpy(call, "ok_hbase_numeric(?)");
  } else if (strncmp(kind, "int", 3) == 0) {
    a->type = SQLITE_INTEGER, a->i = strtoll(value, NULL, 10);
    sprintf(call, "ok_hbase_%s(?)", kind);
  } else if (strcmp(kind, "float32") == 0 || strcmp(kind, "float64") == 0) {
    a->type = SQLITE_FLOAT, a->d = bits_double(value);
    sprintf(call, "ok_hbase_%s(?)", kind);
  } else if (strcmp(kind, "blobcopy") == 0 && strcmp(value, "NULL") == 0) {
    /* HBase's null BlobCopy: 05 ascending (a null), FA FF descending */
    if (desc) {
      strcat(sql, "ok_hbase_raw(x'FAFF')");
      return 0;
    }
    strcpy(call, "ok_hbase_blob_copy(?)");
  } else {
    a->n = unhex(a->bytes, value, strlen(value));
    a->type = strcmp(kind, "text") == 0 ? SQLITE_TEXT : SQLITE_BLOB;
    sprintf(call, "ok_hbase_%s(?)",
            a->type == SQLITE_TEXT         ? "text"
            : strcmp(kind, "blobvar") == 0 ? "blob_var"
                                           : "blob_copy");
  }
  if (a->type == SQLITE_FLOAT && a->d != a->d) /* SQL has no NaN REAL: ok takes 'NaN' */
    a->type = SQLITE_TEXT, a->n = 3, memcpy(a->bytes, "NaN", 3);
  if (desc)
    sprintf(sql + strlen(sql), "ok_hbase_desc(%s)", call);
  else
    strcat(sql, call);
  return 1;
}

static void bind(sqlite3_stmt *st, int p, const arg *a) {
  switch (a->type) {
    case SQLITE_INTEGER: sqlite3_bind_int64(st, p, a->i); break;
    case SQLITE_FLOAT: sqlite3_bind_double(st, p, a->d); break;
    case SQLITE_TEXT:
      sqlite3_bind_text(st, p, (const char *)a->bytes, (int)a->n, SQLITE_TRANSIENT);
      break;
    case SQLITE_BLOB: sqlite3_bind_blob(st, p, a->bytes, (int)a->n, SQLITE_TRANSIENT); break;
    default: sqlite3_bind_null(st, p);
  }
}

/* ok_hbase_pack of the items: HBase's bytes `hex`, or an error where HBase
** threw or ok refuses on purpose (`refuse`). */
static void check_encode(const char *id, char **items, int n, const char *hex, int refuse,
                         int java) {
  static char sql[LINE_MAX * 2];
  static arg args[MAX_ITEMS];
  sqlite3_stmt *st;
  int i, rc, p = 0, param[MAX_ITEMS];
  strcpy(sql, "SELECT hex(ok_hbase_pack(");
  for (i = 0; i < n; i++) {
    if (i) strcat(sql, ", ");
    param[i] = item_sql(sql, items[i], &args[i], java);
  }
  strcat(sql, "))");
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    fail("prepare", id, sqlite3_errmsg(db));
    return;
  }
  for (i = 0; i < n; i++)
    if (param[i]) bind(st, ++p, &args[i]);
  rc = sqlite3_step(st);
  if (hex[0] == '!' || refuse) {
    check(rc == SQLITE_ERROR, "refused", id, rc == SQLITE_ROW ? "written" : sqlite3_errmsg(db));
  } else if (rc != SQLITE_ROW) {
    fail("encode", id, sqlite3_errmsg(db));
  } else {
    const char *got = (const char *)sqlite3_column_text(st, 0);
    check(got && strcmp(got, hex) == 0, "encode", id, got ? got : "NULL");
  }
  sqlite3_finalize(st);
}

/* Item i (1-based) of key as ok reads it against HBase's decoded token. */
static void check_item(sqlite3_stmt *get, const char *id, const unsigned char *key, size_t n, int i,
                       char *token, const char *skip) {
  static sqlite3_stmt *numeric;
  const char *v = token + 2;
  char detail[256];
  int t;
  if (!numeric)
    sqlite3_prepare_v2(db, "SELECT hex(ok_hbase_numeric(?1)) = hex(ok_hbase_numeric(?2))", -1,
                       &numeric, NULL);
  sqlite3_bind_blob(get, 1, key, (int)n, SQLITE_STATIC);
  sqlite3_bind_int(get, 2, i);
  if (sqlite3_step(get) != SQLITE_ROW) {
    fail("ok_unpack_col", id, sqlite3_errmsg(db));
    sqlite3_reset(get);
    return;
  }
  t = sqlite3_column_type(get, 0);
  snprintf(detail, sizeof detail, "item %d, HBase %s, ok %s %s", i, token,
           t == SQLITE_INTEGER ? "INTEGER"
           : t == SQLITE_FLOAT ? "REAL"
           : t == SQLITE_TEXT  ? "TEXT"
           : t == SQLITE_BLOB  ? "BLOB"
                               : "NULL",
           t == SQLITE_BLOB ? "" : (const char *)sqlite3_column_text(get, 0));
  if (strcmp(token, "null") == 0) {
    check(t == SQLITE_NULL, "null", id, detail);
  } else if (token[0] == 'i') {
    check(t == SQLITE_INTEGER && sqlite3_column_int64(get, 0) == strtoll(v, NULL, 10), "int", id,
          detail);
  } else if (token[0] == 'f' || (token[0] == 'd' && token[1] == '=')) {
    /* float32 and float64: NaN reads as 'NaN', the others as the REAL */
    int size = token[0] == 'f' ? 4 : 8;
    uint64_t bits = strtoull(v, NULL, 16), got = 0;
    int nan = size == 4 ? (bits & 0x7F800000) == 0x7F800000 && (bits & 0x7FFFFF)
                        : (bits & 0x7FF0000000000000ull) == 0x7FF0000000000000ull &&
                              (bits & 0xFFFFFFFFFFFFFull);
    if (nan) {
      check(t == SQLITE_TEXT && strcmp((const char *)sqlite3_column_text(get, 0), "NaN") == 0,
            "float NaN", id, detail);
    } else {
      double d = sqlite3_column_double(get, 0);
      if (size == 4) {
        float f = (float)d;
        uint32_t u;
        memcpy(&u, &f, 4);
        got = u;
      } else {
        memcpy(&got, &d, 8);
      }
      check(t == SQLITE_FLOAT && got == bits, "float", id, detail);
    }
  } else if (token[1] == '=' && (token[0] == 's' || token[0] == 'b')) {
    unsigned char want[LINE_MAX / 2];
    char *semi = strchr(token, ';');
    size_t wn = unhex(want, v, semi ? (size_t)(semi - v) : strlen(v));
    if (semi) /* decodeBlobCopy read on past the terminator: ok stops there, as skip */
      wn = (size_t)atoi(skip) - 2;
    check(t == (token[0] == 's' ? SQLITE_TEXT : SQLITE_BLOB) &&
              (size_t)sqlite3_column_bytes(get, 0) == wn &&
              (wn == 0 || memcmp(sqlite3_column_blob(get, 0), want, wn) == 0),
          token[0] == 's' ? "text" : "blob", id, detail);
  } else if (strncmp(token, "bd=", 3) == 0) {
    char *part[4];
    int np = split(token, ';', part, 4), rt = np == 4 ? atoi(part[3] + 3) : -1;
    const char *bd = part[0] + 3;
    uint64_t bits = strtoull(part[1] + 2, NULL, 16), got;
    double d = sqlite3_column_double(get, 0);
    memcpy(&got, &d, 8);
    if (bd[0] == '!') { /* NaN, infinities */
      if ((bits & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
        check(t == SQLITE_TEXT && strcmp((const char *)sqlite3_column_text(get, 0), "NaN") == 0,
              "numeric NaN", id, detail);
      else
        check(t == SQLITE_FLOAT && got == bits, "numeric infinity", id, detail);
    } else if (t == SQLITE_FLOAT) { /* the double HBase decodes, of a decimal Java writes */
      check(got == bits && rt == 1, "numeric REAL", id, detail);
    } else if (t == SQLITE_INTEGER || t == SQLITE_TEXT) { /* the same decimal */
      sqlite3_bind_value(numeric, 1, sqlite3_column_value(get, 0));
      sqlite3_bind_text(numeric, 2, bd, -1, SQLITE_STATIC);
      check(sqlite3_step(numeric) == SQLITE_ROW && sqlite3_column_int(numeric, 0) == 1 &&
                !(t == SQLITE_TEXT && rt == 1),
            "numeric decimal", id, detail);
      sqlite3_reset(numeric);
    } else {
      fail("numeric", id, detail);
    }
  } else {
    fail("token", id, detail);
  }
  sqlite3_reset(get);
}

/* Item i of ok_json: a plain JSON value (null, a number, a string, a
** boolean) is the value ok_unpack_col reads; constructors show as objects. */
static void check_json(const char *id, const unsigned char *key, size_t n, int i) {
  static sqlite3_stmt *st;
  char detail[64];
  if (!st)
    sqlite3_prepare_v2(db,
                       "SELECT json_type(j, p) = 'object', json_extract(j, p) IS "
                       "ok_unpack_col(?1, ?2, 'hbase') FROM (SELECT ok_json(?1, 'hbase') AS j, "
                       "'$[' || (?2 - 1) || ']' AS p)",
                       -1, &st, NULL);
  sqlite3_bind_blob(st, 1, key, (int)n, SQLITE_STATIC);
  sqlite3_bind_int(st, 2, i);
  if (sqlite3_step(st) != SQLITE_ROW) {
    fail("ok_json item", id, sqlite3_errmsg(db));
  } else if (!sqlite3_column_int(st, 0)) {
    snprintf(detail, sizeof detail, "item %d differs from ok_unpack_col", i);
    check(sqlite3_column_int(st, 1) == 1, "ok_json item", id, detail);
    json_items++;
  }
  sqlite3_reset(st);
}

/* HBase's bytes as ok's readers read them. */
static void check_decode(const char *id, const char *hex, char *decoded, char *skips, int count) {
  static sqlite3_stmt *whole, *get;
  unsigned char key[LINE_MAX / 2];
  size_t n = unhex(key, hex, strlen(hex));
  char *token[MAX_ITEMS], *skip[MAX_ITEMS], detail[64];
  int nt = split(decoded, ' ', token, MAX_ITEMS), i;
  split(skips, ',', skip, MAX_ITEMS);
  if (!whole) {
    sqlite3_prepare_v2(db,
                       "SELECT ok_valid(?1, 'hbase'), ok_count(?1, 'hbase'),"
                       " json_valid(ok_json(?1, 'hbase')), json_array_length(ok_json(?1, 'hbase'))",
                       -1, &whole, NULL);
    sqlite3_prepare_v2(db, "SELECT ok_unpack_col(?1, ?2, 'hbase')", -1, &get, NULL);
  }
  sqlite3_bind_blob(whole, 1, key, (int)n, SQLITE_STATIC);
  if (sqlite3_step(whole) != SQLITE_ROW) {
    fail("read", id, sqlite3_errmsg(db));
  } else {
    snprintf(detail, sizeof detail, "valid %d, count %d, json %d of %d",
             sqlite3_column_int(whole, 0), sqlite3_column_int(whole, 1),
             sqlite3_column_int(whole, 2), sqlite3_column_int(whole, 3));
    check(sqlite3_column_int(whole, 0) == 1 && sqlite3_column_int(whole, 1) == count &&
              sqlite3_column_int(whole, 2) == 1 && sqlite3_column_int(whole, 3) == count,
          "ok_valid, ok_count, ok_json", id, detail);
  }
  sqlite3_reset(whole);
  /* past HBase's count (an ascending BlobCopy took the rest) nothing is read */
  for (i = 0; i < nt && i < count; i++) {
    check_item(get, id, key, n, i + 1, token[i], skip[i]);
    check_json(id, key, n, i + 1);
  }
}

static int run_file(const char *path) {
  FILE *in = fopen(path, "r");
  static char line[LINE_MAX];
  int java = 0, lines = 0;
  if (!in) {
    fprintf(stderr, "hbase_vectors: cannot open %s\n", path);
    return 0;
  }
  while (fgets(line, sizeof line, in)) {
    char *col[10], *items[MAX_ITEMS];
    int nc, ni, i, refuse = 0;
    line[strcspn(line, "\n")] = 0;
    if (line[0] == '#') { /* "# Java 25.0.3+9-LTS ..." names the Java that ran */
      if (strncmp(line, "# Java ", 7) == 0) java = atoi(line + 7);
      continue;
    }
    nc = split(line, '\t', col, 10);
    if (nc < 7 || java == 0) {
      fail("line", path, "not 7 columns, or no Java named before it");
      continue;
    }
    lines++;
    ni = split(col[2], ' ', items, MAX_ITEMS);
    /* ok refuses an ascending BlobCopy that is not the last item */
    for (i = 0; i + 1 < ni; i++) refuse |= strncmp(items[i], "blobcopy.A:", 11) == 0;
    check_encode(col[0], items, ni, col[3], refuse, java);
    if (col[3][0] != '!') check_decode(col[0], col[3], col[4], col[5], atoi(col[6]));
  }
  fclose(in);
  printf("%s: %d cases (Java %d)\n", path, lines, java);
  return lines;
}

int main(int argc, char **argv) {
  int i;
  if (argc < 3) {
    fprintf(stderr, "usage: hbase_vectors <extension> <vectors.tsv>...\n");
    return 2;
  }
  if (!(db = open_with_extension("hbase_vectors", argv[1]))) return 2;
  for (i = 2; i < argc; i++)
    if (run_file(argv[i]) < 1000) fail("file", argv[i], "fewer than 1000 cases");
  printf("%ld plain items of ok_json compared with ok_unpack_col\n", json_items);
  if (json_items < 5000) failed++; /* 5,476 in the two files */
  printf("%ld passed, %ld failed\n", passed, failed);
  return failed != 0;
}
