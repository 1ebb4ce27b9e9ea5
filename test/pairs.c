/*
** pairs.c -- ok's functions together in one statement, as users combine
** them: every pair side by side, and each reader around each function that
** makes a key, over keys of every format.
**
**   pairs EXTENSION [quick]
**
** (quick: the format per row only, not also each format as a constant.)
**
** SQLite keeps a function's state (auxdata) for the statement, and a slot
** of the whole statement is shared by every function in it: a function that
** keeps state where another can find it misreads the other's (3.3.4 crashed
** on ok_quote(ok_convert(k, 'bytewise', 'ok')) from the second row on). So
** each expression's answer, row by row, must be the answer it gives alone:
**
** - side by side, SELECT A, B over many rows, with the format a column
**   (a parameter that changes per row) and a constant (kept as auxdata);
**   a row where either fails alone fails with A's error, else B's;
** - nested, A(P) for each P that makes a key: the answer of A given P's
**   value as a parameter, or P's error.
**
** The keys: values that take every path (REALs that need ok_quote's
** read-back check, long text and blobs, NULs, the int64 limits), in each
** format, salted ones too. Run under ASan + UBSan by make test. Prints
** "N passed, M failed", one test a statement.
*/
#include <stdlib.h>
#include <string.h>

#include "load.h"

/* The values, as SQL. */
static const char *const values[] = {
    "NULL",
    "0",
    "42",
    "-1",
    "9223372036854775807",
    "-9223372036854775808",
    "9007199254740993",
    "1.5",
    "0.1",
    "-0.0",
    "1e-7",
    "5e-324",
    "2.2250738585072014e-308",
    "1e21",
    "1e20",
    "1.7976931348623157e308",
    "0.30000000000000004",
    "-123456.789e-300",
    "9e999",
    "-9e999",
    "''",
    "'abc'",
    "char(0) || 'a'",
    "'\xc3\xa9\xe2\x80\xb9'",
    "printf('%.5000c', 'x')",
    "x''",
    "x'00FF'",
    "CAST(printf('%.3000c', 'b') AS BLOB)",
};

/* Each format's keys of a value %V, and the format a reader is told. */
static const struct {
  const char *f, *key;
} keys[] = {
    {"ok", "ok_pack(%V, 'x')"},
    {"ok", "ok_pack(ok_desc(%V))"},
    {"salt+ok", "ok_salt(ok_pack(%V, 'x'), 1)"},
    {"fdb", "ok_fdb_pack(%V, 'x')"},
    {"salt+fdb", "ok_salt(ok_fdb_pack('x', %V), 1, 'fdb')"},
    {"hbase", "ok_hbase_pack(%V, 'x')"},
    {"crdb", "ok_crdb_pack(%V, 'x')"},
    {"tidb", "ok_tidb_pack(%V, 'x')"},
    {"tikv", "ok_tikv_pack(%V, 'x')"},
    {"bytewise", "ok_bytewise_pack(%V, 'x')"},
    {"charwise", "ok_charwise_pack('x', %V)"},
    {"orderedcode:int64, string", "ok_orderedcode_pack('int64, string', %V, 'x')"},
    {"orderedcode:float64, string", "ok_orderedcode_pack('float64, string', %V, 'x')"},
    {"orderedcode:string", "ok_orderedcode_pack('string', %V)"},
    {"orderly:long, utf8", "ok_orderly_pack('long, utf8', %V, 'x')"},
    {"orderly:double, utf8 desc", "ok_orderly_pack('double, utf8 desc', %V, 'x')"},
    {"keystring:-1", "ok_keystring_pack('-1', %V, 'x', ok_keystring_recordid(3))"},
    {"keystring:clustered", "ok_keystring_pack('clustered', %V, ok_keystring_clusterkey(%V))"},
    {"keystring:1, -1",
     "ok_keystring_pack('1, -1', ok_keystring_codewscope('f', "
     "ok_keystring_object('s', %V)), ok_keystring_decimal('-1.5E-310'))"},
};

/* The expressions, over the table's key %K, its format %F and its value v. */
static const char *const exprs[] = {
    "ok_quote(%K, %F)",
    "ok_json(%K, %F)",
    "ok_valid(%K, %F)",
    "ok_count(%K, %F)",
    "ok_unpack_col(%K, 1, %F)",
    "ok_unpack_col(%K, 2, %F)",
    "ok_hex(%K, ' ', %F)",
    "ok_convert(%K, %F, 'ok')",
    "ok_convert(%K, %F, 'bytewise')",
    "ok_convert(%K, %F, 'hbase')",
    "ok_convert(%K, %F, 'orderly:double, utf8 desc')",
    "ok_unsalt(%K, %F)",
    "ok_salt_check(%K, 1, %F)",
    "(SELECT group_concat(quote(value) || type, ',') FROM ok_each(%K, %F))",
    "ok_crdb_pretty(%K)",
    "ok_prefix_end(%K)",
    "ok_xxh64(%K)",
    "ok_formats(%K)",
    "ok_quote(%K)",
    "ok_pack(v, ok_desc(v))",
    "ok_fdb_pack(v)",
    "ok_bytewise_pack(v)",
    "ok_salt(ok_pack(v), 1)",
    "ok_quote(ok_hbase_pack(v))",
    "ok_mvcc_order(ok_mvcc_pack(%K, 'crdb', 5, 1), 'crdb')",
    "ok_mvcc_version(ok_mvcc_pack(%K, 'badger', 9), 'badger')",
    "ok_json(ok_keystring_pack('1, -1', v, ok_keystring_object('k', v)), 'keystring:1, -1')",
    "ok_keystring_ejson(ok_keystring_pack('-1 clustered', v, ok_keystring_clusterkey(v)), NULL, "
    "'-1 clustered')",
    "ok_keystring_ejson(ok_keystring_pack('', ok_keystring_array(v, 'x')), x'0103')",
};

/* The expressions that make a key, and the format to read it in. */
static const struct {
  const char *key, *f;
} makers[] = {
    {"ok_convert(%K, %F, 'ok')", "'ok'"},
    {"ok_convert(%K, %F, 'bytewise')", "'bytewise'"},
    {"ok_convert(%K, %F, 'hbase')", "'hbase'"},
    {"ok_hex(%K)", "%F"},
    {"ok_unsalt(%K, %F)", "replace(%F, 'salt+', '')"},
    {"ok_salt(ok_unsalt(%K, %F), 2, replace(%F, 'salt+', ''))",
     "'salt+' || replace(%F, 'salt+', '')"},
    {"ok_mvcc_key(ok_mvcc_pack(%K, 'badger', 1), 'badger')", "%F"},
    {"ok_mvcc_order(ok_mvcc_pack(%K, 'crdb', 5), 'crdb')", "'ok'"},
    {"ok_convert(%K, %F, 'keystring:-1, 1')", "'keystring:-1, 1'"},
};

static sqlite3 *db;
static int passed, failed;

/* s with each %K, %F and %V replaced (malloc'd). */
static char *subst(const char *s, const char *k, const char *f, const char *v) {
  size_t cap = strlen(s) + 1, n = 0;
  char *out = malloc(cap);
  char one[2] = {0, 0};
  for (; *s; s++) {
    const char *r = NULL;
    if (s[0] == '%' && s[1] == 'K') r = k;
    if (s[0] == '%' && s[1] == 'F') r = f;
    if (s[0] == '%' && s[1] == 'V') r = v;
    if (r) s++;
    if (!r) one[0] = *s, r = one;
    cap += strlen(r);
    out = realloc(out, cap);
    memcpy(out + n, r, strlen(r));
    n += strlen(r);
  }
  out[n] = 0;
  return out;
}

static sqlite3_stmt *prepare(const char *sql) {
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    fprintf(stderr, "pairs: %s\n  in: %s\n", sqlite3_errmsg(db), sql);
    exit(2);
  }
  return st;
}

/* A column's value as text that tells types apart (malloc'd). */
static char *shown(sqlite3_stmt *st, int i) {
  int t = sqlite3_column_type(st, i), n = sqlite3_column_bytes(st, i), k;
  const unsigned char *p = sqlite3_column_blob(st, i);
  char *s = malloc(2 * (size_t)n + 4);
  s[0] = "?IRTBN"[t], s[1] = ':';
  for (k = 0; k < n; k++) sprintf(s + 2 + 2 * k, "%02X", p[k]);
  s[2 + 2 * n] = 0;
  return s;
}

static char *error_of(void) {
  const char *m = sqlite3_errmsg(db);
  char *s = malloc(strlen(m) + 3);
  sprintf(s, "E:%s", m);
  return s;
}

#define MAXROWS 1024
static int rows;         /* ids 1..rows */
static char **alone[64]; /* alone[e][id]: expression e's answer at row id */
static const char *fmt_of[MAXROWS + 1];

/* A value from its shown text bound as parameter i. */
static void bind_shown(sqlite3_stmt *st, int i, const char *s) {
  size_t n = strlen(s + 2) / 2, k;
  unsigned char *b = malloc(n + 1);
  unsigned x;
  for (k = 0; k < n; k++) sscanf(s + 2 + 2 * k, "%2x", &x), b[k] = (unsigned char)x;
  if (s[0] == 'T')
    sqlite3_bind_text(st, i, (char *)b, (int)n, SQLITE_TRANSIENT);
  else if (s[0] == 'B')
    sqlite3_bind_blob(st, i, b, (int)n, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null(st, i);
  free(b);
}

/* The answer of `SELECT sql FROM keys WHERE id = ?1` at each row, one
** statement a row; with `given`, given[id] is bound as ?2. */
static char **answers(const char *sql, char **given) {
  char **a = calloc(MAXROWS + 1, sizeof *a), *text = malloc(strlen(sql) + 64);
  sqlite3_stmt *st;
  int id;
  sprintf(text, "SELECT %s FROM keys WHERE id = ?1", sql);
  st = prepare(text);
  for (id = 1; id <= rows; id++) {
    sqlite3_bind_int(st, 1, id);
    if (given) bind_shown(st, 2, given[id]);
    a[id] = sqlite3_step(st) == SQLITE_ROW ? shown(st, 0) : error_of();
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  free(text);
  return a;
}

static void check(int ok, const char *what, const char *sql, int id, const char *got,
                  const char *want) {
  if (ok) {
    passed++;
    return;
  }
  if (++failed <= 40)
    fprintf(stderr, "FAIL %s at row %d (%s)\n  %s\n  got  %.300s\n  want %.300s\n", what, id,
            id > 0 ? fmt_of[id] : "", sql, got, want);
}

/* SELECT cols (n of them, comma-separated) FROM keys WHERE where: at each
** row, want[0..n)[id], or the first of them that is an error. The rows
** where all answer run in one statement (a test); each other row in one
** of its own (a test each). A NULL want[c][id] skips the row. */
static void together(const char *what, const char *cols, int n, char **want[], const char *where) {
  char *in = malloc((size_t)rows * 12 + 16),
       *sql = malloc(strlen(cols) + strlen(where) + (size_t)rows * 12 + 100);
  size_t len = (size_t)sprintf(in, "0");
  int id, c, bad = 0;
  sqlite3_stmt *st;
  for (id = 1; id <= rows; id++) {
    int fails = 0, skip = 0;
    for (c = 0; c < n; c++) skip |= !want[c][id], fails |= want[c][id] && want[c][id][0] == 'E';
    if (!skip && !fails) len += (size_t)sprintf(in + len, ",%d", id);
  }
  sprintf(sql, "SELECT id, %s FROM keys WHERE %s AND id IN (%s) ORDER BY id", cols, where, in);
  st = prepare(sql);
  while (sqlite3_step(st) == SQLITE_ROW)
    for (c = 0; c < n && !bad; c++) {
      char *got = shown(st, c + 1);
      id = sqlite3_column_int(st, 0);
      if (strcmp(got, want[c][id]) != 0) bad = 1, check(0, what, sql, id, got, want[c][id]);
      free(got);
    }
  if (sqlite3_errcode(db) != SQLITE_DONE)
    check(0, what, sql, 0, sqlite3_errmsg(db), "all rows");
  else if (!bad)
    check(1, what, sql, 0, "", "");
  sqlite3_finalize(st);
  sprintf(sql, "SELECT %s FROM keys WHERE %s AND id = ?1", cols, where);
  st = prepare(sql);
  for (id = 1; id <= rows; id++) {
    const char *w = NULL;
    char *got;
    int skip = 0;
    for (c = 0; c < n; c++) skip |= !want[c][id];
    for (c = 0; c < n && !skip && !w; c++)
      if (want[c][id][0] == 'E') w = want[c][id];
    if (!w) continue;
    sqlite3_bind_int(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW) {
      got = shown(st, 0);
    } else if (sqlite3_errcode(db) == SQLITE_DONE) {
      sqlite3_reset(st);
      continue; /* not a row of `where` */
    } else {
      got = error_of();
    }
    check(strcmp(got, w) == 0, what, sql, id, got, w);
    free(got);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  free(in);
  free(sql);
}

int main(int argc, char **argv) {
  const int n_exprs = (int)(sizeof exprs / sizeof *exprs),
            n_keys = (int)(sizeof keys / sizeof *keys);
  char *sql, *a, *b;
  int e, g, v, k, id, m, quick = argc > 2 && strcmp(argv[2], "quick") == 0;
  if (argc < 2) {
    fprintf(stderr, "usage: pairs EXTENSION [quick]\n");
    return 2;
  }
  if (!(db = open_with_extension("pairs", argv[1]))) return 2;
  sqlite3_exec(db, "CREATE TABLE keys(id INTEGER PRIMARY KEY, k, f TEXT, v)", 0, 0, 0);
  for (k = 0; k < n_keys; k++)
    for (v = 0; v < (int)(sizeof values / sizeof *values) && rows < MAXROWS / 2; v++) {
      char *key = subst(keys[k].key, "", "", values[v]);
      sql = malloc(strlen(key) + strlen(values[v]) + 100);
      sprintf(sql, "INSERT INTO keys(k, f, v) VALUES (%s, '%s', %s)", key, keys[k].f, values[v]);
      if (sqlite3_exec(db, sql, 0, 0, 0) == SQLITE_OK) fmt_of[++rows] = keys[k].f;
      free(key), free(sql);
    }
  /* keys given as hex text, as pasted from a log */
  sqlite3_exec(db, "INSERT INTO keys(k, f, v) SELECT hex(k), f, v FROM keys WHERE id % 4 = 0", 0, 0,
               0);
  while (rows < (int)sqlite3_last_insert_rowid(db)) fmt_of[++rows] = "hex text";
  for (e = 0; e < n_exprs; e++) {
    sql = subst(exprs[e], "k", "f", "");
    alone[e] = answers(sql, NULL);
    free(sql);
  }
  /* side by side, the format a column (it changes per row), then each
  ** format as a constant */
  for (e = 0; e < n_exprs; e++)
    for (g = 0; g < n_exprs; g++)
      for (k = -1; k < (quick ? 0 : n_keys); k++) {
        char lit[80] = "f", where[100] = "1", *cols;
        char **want[2];
        if (k > 0 && strcmp(keys[k].f, keys[k - 1].f) == 0) continue;
        if (k >= 0) sprintf(lit, "'%s'", keys[k].f), sprintf(where, "f = %s", lit);
        a = subst(exprs[e], "k", lit, ""), b = subst(exprs[g], "k", lit, "");
        cols = malloc(strlen(a) + strlen(b) + 3);
        sprintf(cols, "%s, %s", a, b);
        want[0] = alone[e], want[1] = alone[g];
        together("side by side", cols, 2, want, where);
        free(a), free(b), free(cols);
      }
  /* nested: each expression of a key around each maker of one */
  for (m = 0; m < (int)(sizeof makers / sizeof *makers); m++) {
    char *maker = subst(makers[m].key, "k", "f", ""), *f = subst(makers[m].f, "", "f", "");
    char **made = answers(maker, NULL), **want[1];
    for (id = 1; id <= rows; id++) /* a number is no key: not bound */
      if (made[id][0] == 'I' || made[id][0] == 'R') made[id][0] = 'N';
    for (e = 0; e < n_exprs; e++) {
      /* a reader told no format reads the key's subtype, which a parameter
      ** has not: only the readers told one */
      if (!strstr(exprs[e], "%F")) continue;
      a = subst(exprs[e], "?2", f, "");
      want[0] = answers(a, made); /* the maker's answer given as a parameter */
      for (id = 1; id <= rows; id++)
        if (made[id][0] == 'E') free(want[0][id]), want[0][id] = subst(made[id], "", "", "");
      b = subst(exprs[e], maker, f, "");
      together("nested", b, 1, want, "1");
      free(a), free(b);
      for (id = 1; id <= rows; id++) free(want[0][id]);
      free(want[0]);
    }
    for (id = 1; id <= rows; id++) free(made[id]);
    free(made), free(maker), free(f);
  }
  for (e = 0; e < n_exprs; e++) {
    for (id = 1; id <= rows; id++) free(alone[e][id]);
    free(alone[e]);
  }
  sqlite3_close(db);
  printf("%d rows, %d expressions\n%d passed, %d failed\n", rows, n_exprs, passed, failed);
  return failed != 0;
}
