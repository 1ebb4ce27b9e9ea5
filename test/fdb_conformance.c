/*
** fdb_conformance.c -- ok_fdb_pack against FoundationDB's own encoders.
**
** Usage: fdb_conformance <extension> <cases.tsv>
**
** Each line of the file (written by test/fdb/gen.js with the Node encoder,
** or test/fdb/python-7.4.6.tsv, printed by Apple's Python binding) holds
** the bytes an encoder made for a tuple and the tuple's items, and where ok
** rightly writes other bytes (the spec's form of +-(2^64-1)), a third
** column "ok:<hex>". Lines starting with '#' are comments. For every line:
**   encode  ok_fdb_pack of the same items, rebuilt in SQL with bound values
**           and the ok_fdb_* constructors, gives exactly those bytes (or the
**           third column's);
**   decode  ok_unpack_col(bytes, i, 'fdb') gives each item's SQL value, of
**           the right type, and ok_count/ok_valid agree;
**   quote   'SELECT ok_fdb_pack' || ok_quote(bytes, 'fdb') gives the bytes
**           back, and ok_json(bytes, 'fdb') is valid JSON.
** Prints the first failures and "N passed, M failed" (one test per line and
** direction).
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

/* One item of a line: its kind letter and its text after the colon. */
typedef struct {
  char kind;
  const char *arg;
  size_t arg_len;
  int depth;
} token;

static int hexval(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

static size_t unhex(unsigned char *out, const char *s, size_t n) {
  size_t i;
  for (i = 0; i + 1 < n; i += 2) out[i / 2] = (unsigned char)(hexval(s[i]) << 4 | hexval(s[i + 1]));
  return n / 2;
}

static size_t tokenize(char *s, token *t, size_t max) {
  size_t n = 0;
  int depth = 0;
  char *p = strtok(s, " ");
  for (; p && n < max; p = strtok(NULL, " ")) {
    if (p[0] == ')') {
      depth--;
      t[n].kind = ')';
    } else {
      t[n].kind = p[0];
    }
    t[n].arg = p[1] == ':' ? p + 2 : p + 1;
    t[n].arg_len = strlen(t[n].arg);
    t[n].depth = depth;
    if (p[0] == '(') depth++;
    n++;
  }
  return n;
}

/* The IEEE value of big-endian bits in hex: a double (size 8), a float (4). */
static double bits_real(const char *hex, int size) {
  unsigned char b[8];
  uint64_t u = 0;
  uint32_t u32;
  double d;
  float f;
  int i;
  unhex(b, hex, 2 * (size_t)size);
  for (i = 0; i < size; i++) u = u << 8 | b[i];
  if (size == 8) {
    memcpy(&d, &u, 8);
    return d;
  }
  u32 = (uint32_t)u;
  memcpy(&f, &u32, 4);
  return f;
}

/* The SQL expression of token t (one '?' per bound value) appended to sql;
** the binding is done in the same order by bind_token. `variant` picks
** between equivalent forms (text or blob UUID, bound REAL or bits). */
static void expr_of(char *sql, const token *t, int variant) {
  const char *e = "?";
  switch (t->kind) {
    case 'I': e = "ok_fdb_int(?)"; break;
    case 'i': e = variant % 5 == 0 ? "ok_fdb_int(?)" : "?"; break;
    case 'r':
      e = variant % 7 == 0 || bits_real(t->arg, 8) != bits_real(t->arg, 8) ? "ok_fdb_double(?)"
                                                                           : "?";
      break;
    case 'f':
    case 'F': e = "ok_fdb_float(?)"; break;
    case 'B': e = "ok_fdb_bool(?)"; break;
    case 'u': e = "ok_fdb_uuid(?)"; break;
    case 'v': e = "ok_fdb_versionstamp(?)"; break;
    case '(': e = "ok_fdb_tuple("; break;
    case ')': e = ")"; break;
    case 'n': e = "NULL"; break;
  }
  strcat(sql, e);
}

static void bind_token(sqlite3_stmt *st, int *k, const token *t, int variant, unsigned char *buf) {
  size_t n;
  switch (t->kind) {
    case 'i':
      if (variant % 5 == 0)
        sqlite3_bind_text(st, ++*k, t->arg, (int)t->arg_len, SQLITE_TRANSIENT);
      else
        sqlite3_bind_int64(st, ++*k, strtoll(t->arg, NULL, 10));
      break;
    case 'I': sqlite3_bind_text(st, ++*k, t->arg, (int)t->arg_len, SQLITE_TRANSIENT); break;
    case 'r': {
      double d = bits_real(t->arg, 8);
      if (variant % 7 == 0 || d != d) { /* the bits themselves */
        n = unhex(buf, t->arg, 16);
        sqlite3_bind_blob(st, ++*k, buf, (int)n, SQLITE_TRANSIENT);
      } else {
        sqlite3_bind_double(st, ++*k, d);
      }
      break;
    }
    case 'f': {
      double f = bits_real(t->arg, 4);
      if (variant % 3 == 0 || f != f) {
        n = unhex(buf, t->arg, 8);
        sqlite3_bind_blob(st, ++*k, buf, (int)n, SQLITE_TRANSIENT);
      } else {
        sqlite3_bind_double(st, ++*k, f);
      }
      break;
    }
    case 't':
      n = unhex(buf, t->arg, t->arg_len);
      sqlite3_bind_text(st, ++*k, (char *)buf, (int)n, SQLITE_TRANSIENT);
      break;
    case 'b':
    case 'v':
      n = unhex(buf, t->arg, t->arg_len);
      sqlite3_bind_blob(st, ++*k, n ? buf : (unsigned char *)"", (int)n, SQLITE_TRANSIENT);
      break;
    case 'B': sqlite3_bind_int(st, ++*k, t->arg[0] == '1'); break;
    case 'F': sqlite3_bind_double(st, ++*k, bits_real(t->arg, 8)); break; /* rounded by ok */
    case 'u':
      if (variant % 2) {
        char text[37];
        size_t i, o = 0;
        for (i = 0; i < 32; i++) {
          if (i == 8 || i == 12 || i == 16 || i == 20) text[o++] = '-';
          text[o++] =
              variant % 4 == 1 ? (char)(t->arg[i] >= 'a' ? t->arg[i] - 32 : t->arg[i]) : t->arg[i];
        }
        sqlite3_bind_text(st, ++*k, text, 36, SQLITE_TRANSIENT);
      } else {
        n = unhex(buf, t->arg, 32);
        sqlite3_bind_blob(st, ++*k, buf, (int)n, SQLITE_TRANSIENT);
      }
      break;
  }
}

/* 1 when column 0 of st is the value of top-level token t. */
static int value_matches(sqlite3_stmt *st, const token *t, unsigned char *buf) {
  int type = sqlite3_column_type(st, 0);
  size_t n;
  const unsigned char *p;
  switch (t->kind) {
    case 'n': return type == SQLITE_NULL;
    case 'i':
      return type == SQLITE_INTEGER && sqlite3_column_int64(st, 0) == strtoll(t->arg, NULL, 10);
    case 'B': return type == SQLITE_INTEGER && sqlite3_column_int64(st, 0) == (t->arg[0] == '1');
    case 'r':
    case 'f': {
      double want = bits_real(t->arg, t->kind == 'r' ? 8 : 4), got;
      if (want != want) {
        return type == SQLITE_TEXT && strcmp((const char *)sqlite3_column_text(st, 0), "NaN") == 0;
      }
      got = sqlite3_column_double(st, 0);
      return type == SQLITE_FLOAT && memcmp(&got, &want, 8) == 0;
    }
    case 'F': { /* the float the binding made of a double: round to nearest */
      double want = (double)(float)bits_real(t->arg, 8), got = sqlite3_column_double(st, 0);
      return type == SQLITE_FLOAT && memcmp(&got, &want, 8) == 0;
    }
    case 'I':
      return type == SQLITE_TEXT && (size_t)sqlite3_column_bytes(st, 0) == t->arg_len &&
             memcmp(sqlite3_column_text(st, 0), t->arg, t->arg_len) == 0;
    case 'u': {
      char text[37];
      size_t i, o = 0;
      if (type != SQLITE_TEXT || sqlite3_column_bytes(st, 0) != 36) return 0;
      for (i = 0; i < 32; i++) {
        if (i == 8 || i == 12 || i == 16 || i == 20) text[o++] = '-';
        text[o++] = t->arg[i];
      }
      return memcmp(sqlite3_column_text(st, 0), text, 36) == 0;
    }
  }
  /* t, b, v, and ( whose expected value is the nested items as a tuple */
  n = unhex(buf, t->arg, t->arg_len);
  if (type != (t->kind == 't' ? SQLITE_TEXT : SQLITE_BLOB)) return 0;
  p = t->kind == 't' ? sqlite3_column_text(st, 0) : sqlite3_column_blob(st, 0);
  return (size_t)sqlite3_column_bytes(st, 0) == n && (n == 0 || memcmp(p, buf, n) == 0);
}

static int failures_shown;

static void fail(long line, const char *what, const char *detail) {
  if (failures_shown++ < 10) fprintf(stderr, "line %ld: %s: %s\n", line, what, detail);
}

int main(int argc, char **argv) {
  sqlite3 *db;
  sqlite3_stmt *col, *info;
  FILE *in;
  static char line[1 << 22];
  static char sql[1 << 16];
  static unsigned char want[1 << 21], ours[1 << 21], buf[1 << 21];
  static token toks[4096];
  long lineno = 0, pass = 0, failed = 0;
  if (argc < 3 || !(in = fopen(argv[2], "r"))) {
    fprintf(stderr, "usage: fdb_conformance <extension> <cases.tsv>\n");
    return 2;
  }
  if (!(db = open_with_extension("fdb_conformance", argv[1]))) return 2;
  sqlite3_prepare_v2(db, "SELECT ok_unpack_col(?1, ?2, 'fdb')", -1, &col, NULL);
  sqlite3_prepare_v2(db,
                     "SELECT ok_valid(?1, 'fdb'), ok_count(?1, 'fdb'), "
                     "'SELECT ok_fdb_pack' || ok_quote(?1, 'fdb'), json_valid(ok_json(?1, 'fdb'))",
                     -1, &info, NULL);
  while (fgets(line, sizeof line, in)) {
    char *tab = strchr(line, '\t'), *third;
    size_t nwant, nours, ntok, i, top = 0;
    sqlite3_stmt *st = NULL;
    int k = 0, ok, variant = (int)lineno;
    if (line[0] == '#') continue;
    lineno++;
    if (!tab) { /* gen.js failed: count it, so that the suite cannot pass empty */
      failed++;
      fail(lineno, "not a test case", line);
      continue;
    }
    *tab = 0;
    line[strcspn(line, "\n")] = 0;
    tab[1 + strcspn(tab + 1, "\n")] = 0;
    nwant = unhex(want, line, strlen(line));
    if ((third = strstr(tab + 1, "\tok:")) != NULL) { /* where ok writes other bytes */
      *third = 0;
      nours = unhex(ours, third + 4, strlen(third + 4));
    } else {
      memcpy(ours, want, nwant);
      nours = nwant;
    }
    ntok = tokenize(tab + 1, toks, sizeof toks / sizeof toks[0]);

    /* encode */
    strcpy(sql, "SELECT ok_fdb_pack(");
    for (i = 0; i < ntok; i++) {
      if (i > 0 && toks[i].kind != ')' && toks[i - 1].kind != '(') strcat(sql, ", ");
      expr_of(sql, &toks[i], variant);
    }
    strcat(sql, ")");
    ok = sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK;
    for (i = 0; ok && i < ntok; i++) bind_token(st, &k, &toks[i], variant, buf);
    if (!ok || sqlite3_step(st) != SQLITE_ROW) {
      ok = 0;
      fail(lineno, "encode failed", sqlite3_errmsg(db));
    } else if ((size_t)sqlite3_column_bytes(st, 0) != nours ||
               (nours && memcmp(sqlite3_column_blob(st, 0), ours, nours) != 0)) {
      ok = 0;
      fail(lineno, "encode differs", sql);
    }
    if (ok)
      pass++;
    else
      failed++;
    sqlite3_finalize(st);

    /* decode: every top-level item, then the whole-key functions */
    ok = 1;
    for (i = 0; ok && i < ntok; i++) {
      if (toks[i].depth != 0 || toks[i].kind == ')') continue;
      top++;
      sqlite3_bind_blob(col, 1, want, (int)nwant, SQLITE_STATIC);
      sqlite3_bind_int64(col, 2, (sqlite3_int64)top);
      ok = sqlite3_step(col) == SQLITE_ROW && value_matches(col, &toks[i], buf);
      if (!ok) fail(lineno, "decoded value differs", sqlite3_errmsg(db));
      sqlite3_reset(col);
    }
    sqlite3_bind_blob(info, 1, want, (int)nwant, SQLITE_STATIC);
    if (ok && sqlite3_step(info) == SQLITE_ROW) {
      ok = sqlite3_column_int(info, 0) == 1 &&
           sqlite3_column_int64(info, 1) == (sqlite3_int64)top && sqlite3_column_int(info, 3) == 1;
      if (!ok) fail(lineno, "ok_valid, ok_count or ok_json wrong", "");
      strncpy(sql, (const char *)sqlite3_column_text(info, 2), sizeof sql - 1);
      sql[sizeof sql - 1] = 0;
    } else if (ok) {
      ok = 0;
      fail(lineno, "whole-key functions failed", sqlite3_errmsg(db));
    }
    sqlite3_reset(info);
    if (ok) { /* ok_quote reads back */
      st = NULL;
      ok = sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
           sqlite3_step(st) == SQLITE_ROW && (size_t)sqlite3_column_bytes(st, 0) == nwant &&
           (nwant == 0 || memcmp(sqlite3_column_blob(st, 0), want, nwant) == 0);
      if (!ok) fail(lineno, "ok_quote does not read back", sql);
      sqlite3_finalize(st);
    }
    if (ok)
      pass++;
    else
      failed++;
  }
  fclose(in);
  if (lineno == 0) failed++, fail(0, "no test cases", argv[2]);
  sqlite3_finalize(col);
  sqlite3_finalize(info);
  sqlite3_close(db);
  printf("ok_fdb_pack = %s, decoded and quoted back, on %ld tuples\n", argv[2], lineno);
  printf("%ld passed, %ld failed\n", pass, failed);
  return failed != 0;
}
