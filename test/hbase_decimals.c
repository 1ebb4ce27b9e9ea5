/*
** hbase_decimals.c -- ok's HBase numerics against Java's own BigDecimal.
**
** Usage: hbase_decimals <extension> <decimals.tsv>
**
** The file (written by test/java/Decimals.java on Java V) pairs random
** doubles and decimal texts with the decimal Java makes of them on the way
** into HBase's numeric encoding. Each line must give the same item both
** ways: ok_hbase_numeric(double, V) = ok_hbase_numeric(java decimal), as
** ok_hbase_pack(double) for V before 19 (its default) and
** ok_hbase_pack(ok_hbase_numeric(double, V)) after; and
** ok_hbase_numeric(text) = ok_hbase_numeric(java decimal). Prints the first
** differences and "N passed, M failed".
*/
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

int main(int argc, char **argv) {
  sqlite3 *db;
  sqlite3_stmt *st;
  char line[512];
  long pass = 0, failed = 0;
  int java = 0;
  FILE *in;
  if (argc < 3 || !(in = fopen(argv[2], "r"))) {
    fprintf(stderr, "usage: hbase_decimals <extension> <decimals.tsv>\n");
    return 2;
  }
  if (!(db = open_with_extension("hbase_decimals", argv[1]))) return 2;
  sqlite3_prepare_v2(
      db,
      "SELECT hex(CASE WHEN NOT ?3 THEN ok_hbase_numeric(?1)"
      " WHEN ?4 < 19 THEN ok_hbase_pack(?1) ELSE ok_hbase_pack(ok_hbase_numeric(?1, ?4)) END),"
      " hex(ok_hbase_numeric(?2)), hex(ok_hbase_numeric(?1, ?4)) = hex(ok_hbase_numeric(?2))",
      -1, &st, NULL);
  if (!fgets(line, sizeof line, in) || sscanf(line, "# java %d", &java) != 1) {
    fprintf(stderr, "hbase_decimals: %s does not start with '# java V'\n", argv[2]);
    return 2;
  }
  sqlite3_bind_int(st, 4, java);
  while (fgets(line, sizeof line, in)) {
    char *a = strchr(line, '\t'), *b = a ? strchr(a + 1, '\t') : NULL;
    int is_double = line[0] == 'D', same;
    if (!b) {
      failed++;
      continue;
    }
    *a++ = 0;
    *b++ = 0;
    b[strcspn(b, "\n")] = 0;
    if (is_double) {
      uint64_t u = strtoull(a, NULL, 16);
      double d;
      memcpy(&d, &u, 8);
      sqlite3_bind_double(st, 1, d);
    } else {
      sqlite3_bind_text(st, 1, a, -1, SQLITE_TRANSIENT);
    }
    sqlite3_bind_text(st, 2, b, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 3, is_double);
    same = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0) &&
           strcmp((const char *)sqlite3_column_text(st, 0),
                  (const char *)sqlite3_column_text(st, 1)) == 0 &&
           sqlite3_column_int(st, 2) == 1;
    if (same) {
      pass++;
    } else if (failed++ < 10) {
      fprintf(stderr, "%s %s: Java %s; ok %s, Java's %s\n", line, a, b, sqlite3_column_text(st, 0),
              sqlite3_column_text(st, 1));
    }
    sqlite3_reset(st);
  }
  fclose(in);
  if (pass + failed == 0) failed++, fprintf(stderr, "no cases in %s\n", argv[2]);
  sqlite3_finalize(st);
  sqlite3_close(db);
  printf("HBase numerics = Java %d's BigDecimal, on %ld doubles and decimal texts\n", java,
         pass + failed);
  printf("%ld passed, %ld failed\n", pass, failed);
  return failed != 0;
}
