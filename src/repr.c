/*
** repr.c -- the shortest decimal text of a double that reads back exactly.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok.h"

size_t ok_double_repr(char *out, double d) {
  int prec;
  size_t n;
  if (d != d) {
    memcpy(out, "NaN", 4);
    return 3;
  }
  if (d != 0 && d == d * 2) { /* only the infinities double to themselves */
    memcpy(out, d < 0 ? "-Inf" : "Inf", d < 0 ? 5 : 4);
    return d < 0 ? 4 : 3;
  }
  /* %.17g always reads back; fewer digits often do and read better */
  for (prec = 1; prec < 17; prec++) {
    snprintf(out, OK_REPR_MAX, "%.*g", prec, d);
    if (strtod(out, NULL) == d) break;
  }
  if (prec == 17) snprintf(out, OK_REPR_MAX, "%.17g", d);
  /* %g writes 100 as 1e+02 when one digit suffices; below 1e17 the
  ** plain digits read better */
  {
    char *e = strchr(out, 'e');
    int x = e ? atoi(e + 1) : 0;
    if (e && x >= prec && x < 17) snprintf(out, OK_REPR_MAX, "%.*g", x + 1, d);
  }
  n = strlen(out);
  if (!strpbrk(out, ".en")) { /* keep it a REAL literal: 1e+20, not 100000000000000000000 */
    memcpy(out + n, ".0", 3);
    n += 2;
  }
  return n;
}
