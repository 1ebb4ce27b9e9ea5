/*
** bench.c -- `make bench`: speed and size of ok's keys next to SQLite's own
** nearest functions, measured side by side in one run.
**
** Usage: bench <extension> [rows]
**        bench <extension> rows --once <expr> [setup SQL]
**          fills the table, runs the setup, then SELECT count(<expr>) once,
**          and prints nothing: what bench/instructions.sh counts under
**          valgrind (instructions do not vary from run to run as time does)
**
** Table t(a INTEGER, b REAL, c TEXT) of `rows` rows (default 1,000,000):
** a = sequential ids, b = prices with two decimals (full-precision
** doubles), one in eight an integral REAL, c = lowercase words of 4..14
** letters. Each timing is the best of 7 runs of a `SELECT count(f(...))`
** over the table; the per-row cost of f is that minus the same scan with a
** bare column, `count(a)`. Sizes are averages over the rows. The FDB
** tuples are also packed by FoundationDB's Node encoder (bench/fdb_node.js),
** outside SQL, for keys per second next to ok_fdb_pack's.
*/
#define _POSIX_C_SOURCE 200809L /* clock_gettime, mkstemp, popen */
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static sqlite3 *db;
static long rows;

static void die(const char *what) {
  fprintf(stderr, "bench: %s: %s\n", what, sqlite3_errmsg(db));
  exit(1);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Best-of-7 seconds to run a query that returns one row. */
static double best(const char *sql) {
  sqlite3_stmt *st;
  double min = 1e9;
  int i;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) die(sql);
  for (i = 0; i < 7; i++) {
    double t0 = now(), t;
    if (sqlite3_step(st) != SQLITE_ROW) die(sql);
    t = now() - t0;
    sqlite3_reset(st);
    if (t < min) min = t;
  }
  sqlite3_finalize(st);
  return min;
}

static double scalar(const char *sql) {
  sqlite3_stmt *st;
  double v;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) die(sql);
  if (sqlite3_step(st) != SQLITE_ROW) die(sql);
  v = sqlite3_column_double(st, 0);
  sqlite3_finalize(st);
  return v;
}

static void fill(void) {
  sqlite3_stmt *st;
  long i;
  uint64_t r = 0x9E3779B97F4A7C15ULL;
  char word[16];
  if (sqlite3_exec(db, "CREATE TABLE t(a INTEGER, b REAL, c TEXT); BEGIN", 0, 0, 0)) die("create");
  if (sqlite3_prepare_v2(db, "INSERT INTO t VALUES (?, ?, ?)", -1, &st, NULL)) die("insert");
  for (i = 0; i < rows; i++) {
    int len, j;
    double price;
    r ^= r << 13, r ^= r >> 7, r ^= r << 17;
    price = (double)(r % 100000) / 100.0;
    if ((r >> 20) % 8 == 0) price = (double)((r >> 24) % 1000);
    len = 4 + (int)((r >> 32) % 11);
    for (j = 0; j < len; j++) word[j] = (char)('a' + (r >> (j * 4 + 8)) % 26);
    sqlite3_bind_int64(st, 1, i + 1);
    sqlite3_bind_double(st, 2, price);
    sqlite3_bind_text(st, 3, word, len, SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE) die("insert");
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  if (sqlite3_exec(db, "COMMIT", 0, 0, 0)) die("commit");
}

/* A Node peer (bench/fdb_node.js, bench/js_node.js) on the same rows: the
** n numbers it prints (nanoseconds per row and average key size, for each
** library it runs) into v; 0 when Node or the library is missing. */
static int node_peer(const char *script, double *v, int n) {
  char path[] = "/tmp/ok-bench-XXXXXX", cmd[160];
  sqlite3_stmt *st;
  FILE *f, *p;
  int fd = mkstemp(path), k = 0;
  if (fd < 0 || !(f = fdopen(fd, "w"))) return 0;
  if (sqlite3_prepare_v2(db, "SELECT a, b, c FROM t", -1, &st, NULL)) die("rows");
  while (sqlite3_step(st) == SQLITE_ROW) {
    fprintf(f, "%lld\t%.17g\t%s\n", sqlite3_column_int64(st, 0), sqlite3_column_double(st, 1),
            (const char *)sqlite3_column_text(st, 2));
  }
  sqlite3_finalize(st);
  fclose(f);
  snprintf(cmd, sizeof cmd, "node %s %s 2>/dev/null", script, path);
  if ((p = popen(cmd, "r")) != NULL) {
    while (k < n && fscanf(p, "%lf", &v[k]) == 1) k++;
    pclose(p);
  }
  remove(path);
  return k == n;
}

/* The same row as an Orderly key of the schema an HBase user would have. */
#define ORDERLY_SCHEMA "orderly:long, double, utf8"
#define ORDERLY_PACK "ok_orderly_pack('long, double, utf8', a, b, c)"
/* And as an orderedcode key of its Go types. */
#define OC_TYPES "orderedcode:int64, float64, string"
#define OC_PACK "ok_orderedcode_pack('int64, float64, string', a, b, c)"

/* The floor: a function that only copies its arguments into a BLOB (8
** bytes a number, the bytes of a TEXT or BLOB), as any key builder must
** at least. */
static void floor_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  unsigned char buf[512];
  size_t n = 0;
  int i;
  for (i = 0; i < argc; i++) {
    int t = sqlite3_value_type(argv[i]);
    if (t == SQLITE_INTEGER || t == SQLITE_FLOAT) {
      sqlite3_int64 v = sqlite3_value_int64(argv[i]);
      double d = sqlite3_value_double(argv[i]);
      if (n + 8 > sizeof buf) break;
      memcpy(buf + n, t == SQLITE_INTEGER ? (void *)&v : (void *)&d, 8);
      n += 8;
    } else if (t != SQLITE_NULL) {
      const void *p = sqlite3_value_blob(argv[i]);
      size_t len = (size_t)sqlite3_value_bytes(argv[i]);
      if (n + len > sizeof buf) break;
      if (len) memcpy(buf + n, p, len);
      n += len;
    }
  }
  sqlite3_result_blob(ctx, buf, (int)n, SQLITE_TRANSIENT);
}

static const char *table = "t";
static long table_rows;

static void line(const char *what, const char *ours, double a, const char *theirs, double b) {
  printf("%-28s %-26s %7.1f ns/row   %-26s %7.1f ns/row   ratio %.2f\n", what, ours, a, theirs, b,
         a / b);
}

/* Prints both per-row costs and their ratio; returns ours. The two run in
** turns, best of 7 each, so that a slower moment of the machine weighs on
** both alike. */
static double compare(const char *what, const char *ours, const char *theirs, double base) {
  const char *expr[2] = {ours, theirs};
  sqlite3_stmt *st[2];
  double min[2] = {1e9, 1e9};
  int r, k;
  for (k = 0; k < 2; k++) {
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT count(%s) FROM %s", expr[k], table);
    if (sqlite3_prepare_v2(db, sql, -1, &st[k], NULL) != SQLITE_OK) die(sql);
  }
  for (r = 0; r < 7; r++) {
    for (k = 0; k < 2; k++) {
      double t0 = now(), t;
      if (sqlite3_step(st[k]) != SQLITE_ROW) die(expr[k]);
      t = now() - t0;
      sqlite3_reset(st[k]);
      if (t < min[k]) min[k] = t;
    }
  }
  for (k = 0; k < 2; k++) {
    sqlite3_finalize(st[k]);
    min[k] = (min[k] - base) * 1e9 / (double)table_rows;
  }
  line(what, ours, min[0], theirs, min[1]);
  return min[0];
}

/* REALs alone, three kinds: any bits, prices (two decimals), random
** 17-digit decimals; what turns doubles into decimal text and back. */
static void doubles(void) {
  static const char *const kinds[] = {"any-bits doubles", "prices (2 decimals)",
                                      "17-digit randoms"};
  sqlite3_stmt *st;
  uint64_t r = 0x2545F4914F6CDD1DULL;
  long i, n = rows < 40000 ? rows : 40000;
  int kind;
  double base;
  printf("\ndoubles: %ld REALs of each kind, per-row cost over a bare scan\n", n);
  for (kind = 0; kind < 3; kind++) {
    if (sqlite3_exec(db, "DROP TABLE IF EXISTS d; CREATE TABLE d(x REAL, k, h); BEGIN", 0, 0, 0))
      die("d");
    if (sqlite3_prepare_v2(db, "INSERT INTO d(x) VALUES (?)", -1, &st, NULL)) die("d");
    for (i = 0; i < n; i++) {
      double x;
      char t[40];
      r ^= r << 13, r ^= r >> 7, r ^= r << 17;
      if (kind == 0) {
        memcpy(&x, &r, 8);
        if (x != x || x - x != 0) x = 1.0 / (double)(i + 1);
      } else if (kind == 1) {
        x = (double)(r % 10000000) / 100.0;
      } else {
        snprintf(t, sizeof t, "0.%017llue%d", (unsigned long long)(r % 100000000000000000ULL),
                 (int)(r >> 59) - 16);
        x = strtod(t, NULL);
      }
      sqlite3_bind_double(st, 1, x);
      if (sqlite3_step(st) != SQLITE_DONE) die("d");
      sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    if (sqlite3_exec(db, "UPDATE d SET k = ok_pack(x), h = ok_hbase_pack(x); COMMIT", 0, 0, 0))
      die("d keys");
    table = "d";
    table_rows = n;
    printf("%s\n", kinds[kind]);
    base = best("SELECT count(x) FROM d");
    compare("  build an HBase key", "ok_hbase_pack(x)", "ok_pack(x)", base);
    base = best("SELECT count(k) FROM d");
    compare("  read an HBase key", "ok_unpack_col(h, 1, 'hbase')", "ok_unpack_col(k, 1)", base);
    compare("  render as JSON", "ok_json(k)", "json_array(x)", base);
    compare("  render as SQL", "ok_quote(k)", "quote(x)", base);
  }
  table = "t";
  table_rows = rows;
}

int main(int argc, char **argv) {
  char *err = NULL;
  double base, ok_size, json_size, fdb_size, node_size = -1, js[6] = {-1, -1, -1, -1, -1, -1};
  rows = argc > 2 ? atol(argv[2]) : 1000000;
  if (argc < 2 || rows < 1) {
    fprintf(stderr, "usage: bench <extension> [rows]\n");
    return 2;
  }
  if (sqlite3_open(":memory:", &db)) return 1;
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, argv[1], NULL, &err)) {
    fprintf(stderr, "bench: %s\n", err);
    return 1;
  }
  if (sqlite3_create_function(db, "floor", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, floor_fn,
                              NULL, NULL))
    die("floor");
  table_rows = rows;
  fill();
  if (argc > 4 && strcmp(argv[3], "--once") == 0) {
    char sql[512];
    if (argc > 5 && sqlite3_exec(db, argv[5], 0, 0, 0)) die(argv[5]);
    snprintf(sql, sizeof sql, "SELECT count(%s) FROM t", argv[4]);
    scalar(sql);
    sqlite3_close(db);
    return 0;
  }
  printf("ok bench: %ld rows of (INTEGER id, REAL price, TEXT word), SQLite %s, best of 7\n\n",
         rows, sqlite3_libversion());

  printf("speed: per-row cost over a bare scan; ratio = ok / SQLite (lower is better)\n");
  base = best("SELECT count(a) FROM t");
  compare("build a key", "ok_pack(a, b, c)", "json_array(a, b, c)", base);
  compare("  against the floor", "ok_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  FDB against the floor", "ok_fdb_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  HBase against the floor", "ok_hbase_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  CockroachDB against the floor", "ok_crdb_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  TiDB against the floor", "ok_tidb_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  TiKV against the floor", "ok_tikv_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  Orderly against the floor", ORDERLY_PACK, "floor(a, b, c)", base);
  compare("  bytewise against the floor", "ok_bytewise_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  charwise against the floor", "ok_charwise_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  orderedcode against the floor", OC_PACK, "floor(a, b, c)", base);
  compare("  KeyString against the floor", "ok_keystring_pack('', a, b, c)", "floor(a, b, c)",
          base);
  compare("  ordered-binary, the floor", "ok_orderedbinary_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  Firefox against the floor", "ok_firefox_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  WebKit against the floor", "ok_webkit_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  Chrome against the floor", "ok_chrome_pack(a, b, c)", "floor(a, b, c)", base);
  compare("  Chrome SQL, the floor", "ok_chromesql_pack(a, b, c)", "floor(a, b, c)", base);
  compare("build a descending key", "ok_pack(a, ok_desc(b), c)", "json_array(a, -b, c)", base);
  if (sqlite3_exec(db,
                   "ALTER TABLE t ADD COLUMN k; ALTER TABLE t ADD COLUMN j;"
                   "UPDATE t SET k = ok_pack(a, b, c), j = json_array(a, b, c)",
                   0, 0, 0))
    die("keys");
  base = best("SELECT count(k) FROM t");
  compare("read the 3rd component", "ok_unpack_col(k, 3)", "json_extract(j, '$[2]')", base);
  /* the floor of a reader: eight bytes of the key, unchecked */
  compare("  against the floor", "ok_unpack_col(k, 3)", "substr(k, 5, 8)", base);
  compare("read the 1st component", "ok_unpack_col(k, 1)", "json_extract(j, '$[0]')", base);
  compare("render as hex", "ok_hex(k)", "hex(k)", base);
  /* MVCC keys: a version after the key, and a key to sort them by */
  compare("MVCC key of a key", "ok_mvcc_pack(k, 'crdb', a, 1)", "floor(k, a)", base);
  if (sqlite3_exec(db, "ALTER TABLE t ADD COLUMN m; UPDATE t SET m = ok_mvcc_pack(k, 'crdb', a, 1)",
                   0, 0, 0))
    die("mvcc");
  base = best("SELECT count(m) FROM t");
  /* floor(m) alone would be SQLite's math floor() */
  compare("  its order", "ok_mvcc_order(m, 'crdb')", "floor(m, 0)", base);
  compare("  its wall time", "ok_mvcc_version(m, 'crdb')", "substr(m, -13, 8)", base);

  /* collations: the same strings sorted under each; mostly comparisons */
  if (sqlite3_exec(db, "CREATE TABLE w AS SELECT c || (a * 7919 % 100000) || 'x' AS x FROM t", 0, 0,
                   0))
    die("w");
  {
    double nat = best("SELECT count(*) FROM (SELECT x FROM w ORDER BY x COLLATE ok_natural)");
    double noc = best("SELECT count(*) FROM (SELECT x FROM w ORDER BY x COLLATE NOCASE)");
    double bin = best("SELECT count(*) FROM (SELECT x FROM w ORDER BY x)");
    line("sort words with numbers", "COLLATE ok_natural", nat * 1e9 / (double)rows,
         "COLLATE NOCASE", noc * 1e9 / (double)rows);
    printf("%-28s %-26s %7.1f ns/row\n", "", "(BINARY, for scale)", bin * 1e9 / (double)rows);
  }
  compare("key under a collation", "ok_collate(c, 'ok_natural')", "lower(c)", base);

  base = best("SELECT count(a) FROM t");
  {
    double ours = compare("build an FDB tuple", "ok_fdb_pack(a, b, c)", "ok_pack(a, b, c)", base);
    double node[2];
    if (!node_peer("bench/fdb_node.js", node, 2)) {
      printf("%-28s Node.js or test/fdb/node_modules missing (sh setup.sh --test)\n", "");
    } else {
      node_size = node[1];
      line("  same tuples, Node encoder", "ok_fdb_pack(a, b, c)", ours, "fdb-tuple pack()",
           node[0]);
      printf("%-28s %-26s %7.2f M/s      %-26s %7.2f M/s\n", "  keys per second", "", 1e3 / ours,
             "", 1e3 / node[0]);
    }
  }
  {
    double bw =
        compare("build a bytewise key", "ok_bytewise_pack(a, b, c)", "ok_pack(a, b, c)", base);
    double cw =
        compare("build a charwise key", "ok_charwise_pack(a, b, c)", "ok_pack(a, b, c)", base);
    double obk = compare("build an ordered-binary key", "ok_orderedbinary_pack(a, b, c)",
                         "ok_pack(a, b, c)", base);
    if (!node_peer("bench/js_node.js", js, 6)) {
      printf("%-28s Node.js or test/bytewise/node_modules missing (sh setup.sh --test)\n", "");
    } else {
      line("  bytewise, its npm encoder", "ok_bytewise_pack(a, b, c)", bw, "bytewise.encode([...])",
           js[0]);
      line("  charwise, its npm encoder", "ok_charwise_pack(a, b, c)", cw, "charwise.encode([...])",
           js[2]);
      line("  ordered-binary, its npm", "ok_orderedbinary_pack(a, b, c)", obk, "writeKey([...])",
           js[4]);
    }
  }
  compare("build an orderedcode key", OC_PACK, "ok_pack(a, b, c)", base);
  compare("build a Firefox key", "ok_firefox_pack(a, b, c)", "ok_pack(a, b, c)", base);
  compare("build a WebKit key", "ok_webkit_pack(a, b, c)", "ok_pack(a, b, c)", base);

  compare("build an HBase key", "ok_hbase_pack(a, b, c)", "ok_pack(a, b, c)", base);
  compare("build an Orderly key", ORDERLY_PACK, "ok_pack(a, b, c)", base);
  if (sqlite3_exec(db, "ALTER TABLE t ADD COLUMN o; UPDATE t SET o = " ORDERLY_PACK, 0, 0, 0))
    die("orderly keys");
  base = best("SELECT count(o) FROM t");
  compare("read an Orderly 3rd field", "ok_unpack_col(o, 3, '" ORDERLY_SCHEMA "')",
          "ok_unpack_col(k, 3)", base);
  if (sqlite3_exec(
          db,
          "ALTER TABLE t ADD COLUMN cr; ALTER TABLE t ADD COLUMN ti; ALTER TABLE t ADD "
          "COLUMN tk; UPDATE t SET cr = ok_crdb_pack(a, b, c), ti = ok_tidb_pack(a, b, c), "
          "tk = ok_tikv_pack(a, b, c)",
          0, 0, 0))
    die("store keys");
  base = best("SELECT count(cr) FROM t");
  compare("read a CockroachDB 3rd item", "ok_unpack_col(cr, 3, 'crdb')", "ok_unpack_col(k, 3)",
          base);
  compare("  as CockroachDB prints it", "ok_crdb_pretty(cr)", "ok_quote(k)", base);
  compare("read a TiDB 3rd item", "ok_unpack_col(ti, 3, 'tidb')", "ok_unpack_col(k, 3)", base);
  compare("read a TiKV 3rd item", "ok_unpack_col(tk, 3, 'tikv')", "ok_unpack_col(k, 3)", base);
  if (sqlite3_exec(db,
                   "ALTER TABLE t ADD COLUMN bw; ALTER TABLE t ADD COLUMN cw; ALTER TABLE t ADD "
                   "COLUMN oc; UPDATE t SET bw = ok_bytewise_pack(a, b, c), cw = "
                   "ok_charwise_pack(a, b, c), oc = " OC_PACK,
                   0, 0, 0))
    die("library keys");
  compare("read a bytewise 3rd item", "ok_unpack_col(bw, 3, 'bytewise')", "ok_unpack_col(k, 3)",
          base);
  compare("read a charwise 3rd item", "ok_unpack_col(cw, 3, 'charwise')", "ok_unpack_col(k, 3)",
          base);
  compare("read an orderedcode 3rd item", "ok_unpack_col(oc, 3, '" OC_TYPES "')",
          "ok_unpack_col(k, 3)", base);
  if (sqlite3_exec(db,
                   "ALTER TABLE t ADD COLUMN ks; UPDATE t SET ks = ok_keystring_pack('', a, b, c)",
                   0, 0, 0))
    die("KeyString keys");
  compare("read a KeyString 3rd item", "ok_unpack_col(ks, 3, 'keystring')", "ok_unpack_col(k, 3)",
          base);
  /* the same values as Extended JSON, against SQLite's own parser of that text */
  compare("KeyString from Extended JSON", "ok_keystring_from_ejson(j)", "json_valid(j)", base);
  compare("  its TypeBits", "ok_keystring_typebits(j)", "json_valid(j)", base);
  compare("convert a key, ok to FDB", "ok_convert(k, 'ok', 'fdb')", "ok_fdb_pack(a, b, c)", base);
  compare("convert vs unpack + pack", "ok_convert(k, 'ok', 'fdb')",
          "ok_fdb_pack(ok_unpack_col(k, 1), ok_unpack_col(k, 2), ok_unpack_col(k, 3))", base);

  doubles();

  ok_size = scalar("SELECT avg(length(k)) FROM t");
  json_size = scalar("SELECT avg(length(j)) FROM t");
  fdb_size = scalar("SELECT avg(length(ok_fdb_pack(a, b, c))) FROM t");
  printf("\nsize: average bytes per key (lower is better)\n");
  printf("  ok_pack(a, b, c)        %6.2f\n", ok_size);
  printf("  ok_fdb_pack(a, b, c)    %6.2f   ok/FDB %.3f\n", fdb_size, ok_size / fdb_size);
  if (node_size >= 0) printf("  fdb-tuple pack() (Node) %6.2f\n", node_size);
  printf("  ok_hbase_pack(a, b, c)  %6.2f   ok/HBase %.3f\n",
         scalar("SELECT avg(length(ok_hbase_pack(a, b, c))) FROM t"),
         ok_size / scalar("SELECT avg(length(ok_hbase_pack(a, b, c))) FROM t"));
  printf("  ok_crdb_pack(a, b, c)   %6.2f   ok/CockroachDB %.3f\n",
         scalar("SELECT avg(length(cr)) FROM t"),
         ok_size / scalar("SELECT avg(length(cr)) FROM t"));
  printf("  ok_tidb_pack(a, b, c)   %6.2f   ok/TiDB %.3f\n",
         scalar("SELECT avg(length(ti)) FROM t"),
         ok_size / scalar("SELECT avg(length(ti)) FROM t"));
  printf("  ok_tikv_pack(a, b, c)   %6.2f   ok/TiKV %.3f\n",
         scalar("SELECT avg(length(tk)) FROM t"),
         ok_size / scalar("SELECT avg(length(tk)) FROM t"));
  printf("  Orderly (long, double, utf8) %6.2f   ok/Orderly %.3f\n",
         scalar("SELECT avg(length(o)) FROM t"), ok_size / scalar("SELECT avg(length(o)) FROM t"));
  printf("  ok_bytewise_pack(a, b, c) %6.2f   ok/bytewise %.3f\n",
         scalar("SELECT avg(length(bw)) FROM t"),
         ok_size / scalar("SELECT avg(length(bw)) FROM t"));
  if (js[1] >= 0) printf("  bytewise.encode (Node)  %6.2f\n", js[1]);
  printf("  ok_charwise_pack(a, b, c) %6.2f   ok/charwise %.3f\n",
         scalar("SELECT avg(length(CAST(cw AS BLOB))) FROM t"),
         ok_size / scalar("SELECT avg(length(CAST(cw AS BLOB))) FROM t"));
  if (js[3] >= 0) printf("  charwise.encode (Node)  %6.2f\n", js[3]);
  printf("  ok_orderedbinary_pack(a, b, c) %6.2f   ok/ordered-binary %.3f\n",
         scalar("SELECT avg(length(ok_orderedbinary_pack(a, b, c))) FROM t"),
         ok_size / scalar("SELECT avg(length(ok_orderedbinary_pack(a, b, c))) FROM t"));
  if (js[5] >= 0) printf("  writeKey (Node)         %6.2f\n", js[5]);
  printf("  orderedcode (int64, float64, string) %6.2f   ok/orderedcode %.3f\n",
         scalar("SELECT avg(length(oc)) FROM t"),
         ok_size / scalar("SELECT avg(length(oc)) FROM t"));
  printf("  json_array(a, b, c)     %6.2f   ok/JSON %.3f\n", json_size, ok_size / json_size);
  printf("  per column, ok: a %.2f, b %.2f, c %.2f; FDB: b 9.00\n",
         scalar("SELECT avg(length(ok_pack(a))) FROM t"),
         scalar("SELECT avg(length(ok_pack(b))) FROM t"),
         scalar("SELECT avg(length(ok_pack(c))) FROM t"));
  sqlite3_close(db);
  return 0;
}
