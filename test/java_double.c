/*
** java_double.c -- ok's digits of doubles against Java's own Double.toString.
**
** Usage: java_double < lines
**
** The lines come from test/java/DoubleStrings.java: "# java V", then the
** bits of a double in hex, a tab and what Double.toString printed for it on
** Java V. Each must have the digits and exponent ok_double_digits gives in
** the mode of Java V (8-18, or 19 and later). Prints the first differences
** and "N passed, M failed".
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OK_STATIC_LINKING_ONLY /* tests see the internals of this very version */
#include "ok.h"
#include "ok_fdb.h"
#include "ok_hbase.h"
#include "ok_orderly.h"

/* Java's text ("-1.25E-7", "100.0", "0.001") as significant digits (no
** leading or trailing zero) and the point of 0.digits; 0 when malformed. */
static size_t java_digits(const char *s, char *digits, int *point) {
  size_t n = 0;
  int before = 0, seen_point = 0, exp = 0;
  if (*s == '-') s++;
  for (; *s && *s != 'E'; s++) {
    if (*s == '.') {
      seen_point = 1;
    } else if (*s < '0' || *s > '9') {
      return 0;
    } else if (n == 0 && *s == '0') { /* a leading zero moves the point only */
      if (seen_point) before--;
    } else {
      digits[n++] = *s;
      if (!seen_point) before++;
    }
    if (n > 30) return 0;
  }
  if (*s == 'E') exp = atoi(s + 1);
  while (n > 0 && digits[n - 1] == '0') n--;
  *point = before + exp;
  return n;
}

int main(void) {
  char line[256], want[32], got[32];
  long pass = 0, failed = 0, lines = 0;
  int java = 0;
  if (!fgets(line, sizeof line, stdin) || sscanf(line, "# java %d", &java) != 1) {
    fprintf(stderr, "java_double: the input does not start with '# java V'\n");
    return 2;
  }
  printf("Double.toString of Java %d (ok's mode: Java %s)\n", java, java < 19 ? "8-18" : "19+");
  while (fgets(line, sizeof line, stdin)) {
    char *tab = strchr(line, '\t');
    uint64_t bits;
    double d;
    int wp = 0, gp = 0;
    size_t wn, gn;
    lines++;
    if (!tab) {
      failed++;
      continue;
    }
    tab[strcspn(tab, "\n")] = 0;
    bits = strtoull(line, NULL, 16);
    memcpy(&d, &bits, sizeof d);
    wn = java_digits(tab + 1, want, &wp);
    gn = ok_double_digits(got, &gp, d, java);
    if (wn && wn == gn && wp == gp && memcmp(want, got, wn) == 0) {
      pass++;
    } else if (++failed <= 10) {
      printf("FAIL %016llX: Java %s, ok %.*se%d\n", (unsigned long long)bits, tab + 1, (int)gn, got,
             gp);
    }
  }
  if (lines < 1000) failed++, printf("FAIL only %ld doubles\n", lines);
  printf("%ld passed, %ld failed\n", pass, failed);
  return failed != 0;
}
