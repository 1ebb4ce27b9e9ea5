/*
** plan.c -- the same query gives the same answer on every plan.
**
**   plan EXTENSION
**
** SQLite keeps a value's subtype only sometimes: a VIRTUAL generated column
** computed from its row has it, the same column read from an index on it
** does not, a STORED column, a materialized CTE or view never has it. For
** every value an ok_ function makes (keys of each format, salted keys,
** pieces) and every function that takes one (builders, readers), this
** gives the value to the function from each of those places and demands
** the same rows from all that do not fail: a subtype may make a call fail,
** never change its answer.
**
** One exception is expected, and checked to be exactly that: a piece
** (ok_desc, ok_collate, ok_prefix, a format's constructors) kept in a
** VIRTUAL column or a view and given to a builder of its format is inlined
** where it kept its subtype and packed as a BLOB where it did not (nothing
** in the bytes tells a piece from a BLOB; docs/functions.md says to keep
** pieces inside the builder call). Such a pair counts as "piece" and passes
** only when the plans differ exactly as inlined against BLOB.
**
** Prints "N passed, M failed"; one test a (value, function, row).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

/* What goes into the column, over t(a INTEGER, b TEXT); `piece` when it is
** a piece, with the builder whose BLOB value it then becomes. */
typedef struct {
  const char *expr;
  int piece;
} value;

static const value values[] = {
    {"ok_pack(a, b)", 0},
    {"ok_concat(ok_pack(a), ok_pack(b))", 0},
    {"ok_fdb_pack(a, b)", 0},
    {"ok_hbase_pack(a, b)", 0},
    {"ok_crdb_pack(a, b)", 0},
    {"ok_tidb_pack(a, b)", 0},
    {"ok_tikv_pack(a, b)", 0},
    {"ok_bytewise_pack(a, b)", 0},
    {"ok_charwise_pack(a, b)", 0},
    {"ok_orderedbinary_pack(a, b)", 0},
    {"ok_firefox_pack(a, b)", 0},
    {"CAST(ok_webkit_pack(a, b) AS BLOB)", 0},
    {"ok_chrome_pack(a, b)", 0},
    {"ok_chromesql_pack(a, b)", 0},
    {"ok_keystring_pack('{a: 1, b: -1}', a, b)", 0},
    {"ok_orderly_pack('long, utf8', a, b)", 0},
    {"ok_orderedcode_pack('int64, string', a, b)", 0},
    {"ok_salt(ok_pack(a, b), 1)", 0},
    {"ok_salt(ok_fdb_pack(a, b), 1, 'fdb')", 0},
    {"ok_unsalt(ok_salt(ok_hbase_pack(a, b), 1, 'hbase'), 'hbase')", 0},
    {"ok_fdb_raw(ok_fdb_pack(a, b))", 1},
    {"ok_desc(a, b)", 1},
    {"ok_collate(b, 'NOCASE')", 1},
    {"ok_prefix(b)", 1},
    {"ok_fdb_int(a)", 1},
    {"ok_fdb_tuple(a, b)", 1},
    {"ok_hbase_int32(a)", 1},
    {"ok_hbase_desc(b)", 1},
    {"ok_crdb_desc(a, b)", 1},
    {"ok_tidb_uint(abs(a))", 1},
    {"ok_bytewise_array(a, b)", 1},
    {"ok_charwise_array(a, b)", 1},
    {"ok_orderedbinary_array(a, b)", 1},
    {"ok_orderedbinary_bool(a)", 1},
    {"ok_firefox_array(a, b)", 1},
    {"ok_firefox_date(abs(a))", 1},
    {"ok_webkit_array(a, b)", 1},
    {"ok_chrome_array(a, b)", 1},
    {"ok_chrome_date(abs(a))", 1},
    {"ok_chromesql_array(a, b)", 1},
    {"ok_keystring_array(a, b)", 1},
    {"ok_keystring_object('a', a, 'b', b)", 1},
};

/* The rows, one at a time (an error in one row would hide the others'
** answers): (1234, 'abc') and (7, ...) make HBase and FDB keys that also
** parse as native keys, so that a reader that took a subtype's format would
** answer differently without it. */
static const char *const rows[] = {
    "1234, 'abc'", "7, 'b'", "1, 'x'", "-7, 'Ab'", "42, ''", "300, 'a' || char(1) || 'b'",
};

/* What takes the value, {C}. */
static const char *const functions[] = {
    "hex({C})",
    "ok_pack({C}, 1)",
    "ok_desc({C})",
    "ok_concat({C}, ok_pack(1))",
    "ok_prefix({C})",
    "ok_fdb_pack({C})",
    "ok_fdb_tuple({C})",
    "ok_hbase_pack({C})",
    "ok_hbase_desc({C})",
    "ok_orderly_pack('bytes', {C})",
    "ok_fdb_range_begin({C})",
    "ok_fdb_raw({C})",
    "ok_hbase_raw({C})",
    "ok_crdb_pack({C})",
    "ok_crdb_desc({C})",
    "ok_crdb_pretty({C})",
    "ok_tidb_pack({C})",
    "ok_tikv_pack({C})",
    "ok_tikv_raw({C})",
    "ok_bytewise_pack({C})",
    "ok_charwise_pack({C})",
    "ok_orderedbinary_pack({C})",
    "ok_firefox_pack({C})",
    "ok_b64({C})",
    "ok_xxh32({C})",
    "ok_quote({C})",
    "ok_json({C})",
    "ok_hex({C}, ' ')",
    "ok_count({C})",
    "ok_valid({C})",
    "ok_unpack_col({C}, 1)",
    "ok_prefix_end({C})",
    "ok_formats({C})",
    "ok_salt({C}, 1)",
    "ok_unsalt({C})",
    "ok_salt_check({C}, 1)",
    "(SELECT group_concat(value, ',') FROM ok_each({C}))",
    "ok_quote({C}, 'ok')",
    "ok_quote({C}, 'fdb')",
    "ok_quote({C}, 'hbase')",
    "ok_quote({C}, 'crdb')",
    "ok_quote({C}, 'tidb')",
    "ok_json({C}, 'tikv')",
    "ok_quote({C}, 'bytewise')",
    "ok_json({C}, 'charwise')",
    "ok_valid({C}, 'charwise')",
    "ok_quote({C}, 'orderedbinary')",
    "ok_json({C}, 'firefox')",
    "ok_quote({C}, 'webkit')",
    "ok_json({C}, 'chrome')",
    "ok_quote({C}, 'chromesql')",
    "ok_json({C}, 'keystring:1, -1')",
    "ok_quote({C}, 'orderly:long, utf8')",
    "ok_json({C}, 'orderedcode:int64, string')",
    "ok_quote({C}, 'salt+ok')",
    "ok_quote({C}, 'salt+fdb')",
    "ok_json({C}, 'hbase')",
    "ok_count({C}, 'fdb')",
    "ok_unpack_col({C}, 2, 'hbase')",
    "(SELECT group_concat(value, ',') FROM ok_each({C}, 'fdb'))",
};

/* The places a value reaches a function from: {F} is the function of the
** value c, {E} the value's expression. */
static const char *const places[] = {
    /* computed in the call itself: the subtype is there */
    "SELECT id, {F} FROM t ORDER BY id",
    /* a subquery */
    "SELECT id, {F} FROM (SELECT id, {E} AS c FROM t) ORDER BY id",
    /* a VIRTUAL column, from the table and from an index on it */
    "SELECT id, {F} FROM (SELECT id, gv AS c FROM t NOT INDEXED WHERE gv IS NOT NULL) ORDER BY id",
    "SELECT id, {F} FROM (SELECT id, gv AS c FROM t INDEXED BY t_gv WHERE gv IS NOT NULL) ORDER BY "
    "id",
    /* a STORED column, from the table and from an index on it */
    "SELECT id, {F} FROM (SELECT id, gs AS c FROM t NOT INDEXED WHERE gs IS NOT NULL) ORDER BY id",
    "SELECT id, {F} FROM (SELECT id, gs AS c FROM t INDEXED BY t_gs WHERE gs IS NOT NULL) ORDER BY "
    "id",
    /* a view, CTEs (materialized and not), an index on the expression */
    "SELECT id, {F} FROM (SELECT id, k AS c FROM v) ORDER BY id",
    "WITH w AS MATERIALIZED (SELECT id, {E} AS c FROM t) SELECT id, {F} FROM w ORDER BY id",
    "WITH w AS NOT MATERIALIZED (SELECT id, {E} AS c FROM t) SELECT id, {F} FROM w ORDER BY id",
    "SELECT id, {F} FROM (SELECT id, {E} AS c FROM t INDEXED BY t_ge WHERE {E} IS NOT NULL) ORDER "
    "BY "
    "id",
};
#define PLACES (sizeof places / sizeof places[0])
#define FUNCTIONS (sizeof functions / sizeof functions[0])
#define VALUES (sizeof values / sizeof values[0])
#define VIRTUAL_ROW 2 /* the place that keeps a subtype besides the call itself */

static sqlite3 *db;

/* tpl with each {F} replaced by f, {E} by e, {C} by c; sqlite3_free it. */
static char *fill(const char *tpl, const char *f, const char *e, const char *c) {
  sqlite3_str *out = sqlite3_str_new(NULL);
  for (; *tpl; tpl++) {
    if (tpl[0] == '{' && strchr("FEC", tpl[1]) && tpl[1] && tpl[2] == '}') {
      sqlite3_str_appendall(out, tpl[1] == 'F' ? f : tpl[1] == 'E' ? e : c);
      tpl += 2;
    } else {
      sqlite3_str_appendchar(out, 1, *tpl);
    }
  }
  return sqlite3_str_finish(out);
}

static int exec(const char *sql) {
  char *err = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &err) == SQLITE_OK) return 1;
  fprintf(stderr, "plan: %s\n  in: %s\n", err, sql);
  sqlite3_free(err);
  return 0;
}

/* The rows of sql as text ("error: ..." when it fails); sqlite3_free it. */
static char *rows_of(const char *sql) {
  sqlite3_stmt *st;
  sqlite3_str *out = sqlite3_str_new(db);
  int rc, i;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    sqlite3_str_appendf(out, "error: %s", sqlite3_errmsg(db));
    return sqlite3_str_finish(out);
  }
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    for (i = 0; i < sqlite3_column_count(st); i++) {
      if (sqlite3_column_type(st, i) == SQLITE_BLOB) {
        const unsigned char *b = sqlite3_column_blob(st, i);
        int k, n = sqlite3_column_bytes(st, i);
        sqlite3_str_appendall(out, "x'");
        for (k = 0; k < n; k++) sqlite3_str_appendf(out, "%02X", b[k]);
        sqlite3_str_appendall(out, "'|");
      } else {
        sqlite3_str_appendf(out, "%s|", (const char *)sqlite3_column_text(st, i));
      }
    }
    sqlite3_str_appendchar(out, 1, '\n');
  }
  if (rc != SQLITE_DONE) {
    sqlite3_str_reset(out);
    sqlite3_str_appendf(out, "error: %s", sqlite3_errmsg(db));
  }
  sqlite3_finalize(st);
  sqlite3_str_appendall(out, ""); /* no rows: "", not NULL */
  return sqlite3_str_finish(out);
}

/* The plan each place takes must use the index it names (a plan that
** cannot is an error in prepare, which would pass unseen). */
static int uses_index(const char *sql, const char *index) {
  char *explain = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", sql), *plan = rows_of(explain);
  int found = plan && strstr(plan, index) != NULL;
  sqlite3_free(explain);
  sqlite3_free(plan);
  return found;
}

int main(int argc, char **argv) {
  size_t v, f, p, r;
  int passed = 0, failed = 0, pieces = 0, by_function[FUNCTIONS] = {0}, by_value[VALUES] = {0};
  if (argc < 2) {
    fprintf(stderr, "usage: plan <extension>\n");
    return 2;
  }
  if (!(db = open_with_extension("plan", argv[1]))) return 2;
  for (v = 0; v < sizeof values / sizeof values[0]; v++) {
    for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
      char *setup = fill(
          "DROP VIEW IF EXISTS v; DROP TABLE IF EXISTS t;"
          "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT,"
          " gv BLOB GENERATED ALWAYS AS ({E}) VIRTUAL, gs BLOB GENERATED ALWAYS AS ({E}) STORED);"
          "CREATE INDEX t_gv ON t(gv); CREATE INDEX t_gs ON t(gs); CREATE INDEX t_ge ON t({E});"
          "CREATE VIEW v AS SELECT id, {E} AS k FROM t;"
          "INSERT INTO t(a, b) VALUES ({C});",
          "", values[v].expr, rows[r]);
      int ok = exec(setup);
      sqlite3_free(setup);
      if (!ok) {
        failed++;
        continue;
      }
      for (f = 0; f < sizeof functions / sizeof functions[0]; f++) {
        char *got[PLACES];
        const char *fn = functions[f];
        const char *first = NULL;
        int same = 1, inlined = 0, blob = 0, answered = 0;
        for (p = 0; p < PLACES; p++) {
          char *with = fill(places[p], fn, values[v].expr, p == 0 ? values[v].expr : "c"),
               *sql = fill(with, "", "", p == 0 ? values[v].expr : "c");
          sqlite3_free(with);
          const char *by = strstr(sql, "INDEXED BY ");
          char index[8] = "";
          if (by) sscanf(by + 11, "%7s", index);
          if (by && !uses_index(sql, index)) {
            printf("FAIL %s / %s: the plan does not use %s\n", values[v].expr, fn, index);
            same = 0;
          }
          got[p] = rows_of(sql);
          sqlite3_free(sql);
          if (strncmp(got[p], "error: ", 7) == 0) continue;
          answered++;
          if (!first) first = got[p];
          if (strcmp(first, got[p]) != 0) same = 0;
        }
        /* a piece into a builder: inlined with the subtype (in the call, and
        ** from a VIRTUAL column read from its row), a BLOB value everywhere
        ** else (SQLite drops the subtype in subqueries, views, CTEs, stored
        ** columns and indexes) */
        if (!same && values[v].piece) {
          inlined = strcmp(got[0], got[VIRTUAL_ROW]) == 0 && strncmp(got[0], "error: ", 7) != 0;
          blob = strncmp(got[1], "error: ", 7) != 0 && strcmp(got[0], got[1]) != 0;
          for (p = 2; p < PLACES; p++)
            if (p != VIRTUAL_ROW && strcmp(got[p], got[1]) != 0) blob = 0;
        }
        if (same) { /* the same rows, or an error, everywhere */
          passed++;
          if (answered) by_function[f]++, by_value[v]++; /* some plan gave rows */
        } else if (inlined && blob) {
          passed++, pieces++;
        } else {
          failed++;
          printf("FAIL %s into %s, row (%s): the plans differ\n", values[v].expr, fn, rows[r]);
          for (p = 0; p < PLACES; p++) printf("  place %zu: %s\n", p + 1, got[p]);
        }
        for (p = 0; p < PLACES; p++) sqlite3_free(got[p]);
      }
    }
  }
  sqlite3_close(db);
  /* errors alike everywhere pass above: a value or a function that never
  ** answers anywhere would pass unseen */
  for (f = 0; f < FUNCTIONS; f++)
    if (!by_function[f]) failed++, printf("FAIL %s answers from no value\n", functions[f]);
  for (v = 0; v < VALUES; v++)
    if (!by_value[v]) failed++, printf("FAIL %s is answered by no function\n", values[v].expr);
  printf(
      "%zu values x %zu functions x %zu rows x %zu places; %d are a piece given to a builder "
      "from a column (inlined where SQLite kept its subtype, a BLOB where not)\n",
      sizeof values / sizeof values[0], sizeof functions / sizeof functions[0],
      sizeof rows / sizeof rows[0], PLACES, pieces);
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
