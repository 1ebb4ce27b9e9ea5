/*
** repr.c -- the shortest decimal text of a double that reads back exactly,
** in the form C's %g gives it: plain digits for decimal exponents -4..16
** ("0.0001", "1.5", "9007199254740993.0"), else "1.5e-07", "1e+300";
** and the names of the doubles SQL has no literal for, read back; and an
** integer's text.
*/
#define OK_STATIC_LINKING_ONLY
#include <math.h>
#include <string.h>

#include "internal.h"
#include "ok.h"

size_t ok_int_repr(char *out, int64_t v) {
  if (v >= 0) return ok_u64_text(out, (uint64_t)v);
  out[0] = '-';
  return 1 + ok_u64_text(out + 1, 0 - (uint64_t)v);
}

/* 1 when s[0..n) is `word` (lower case) in any case. */
static int is_word(const char *s, size_t n, const char *word) {
  size_t i;
  if (strlen(word) != n) return 0;
  for (i = 0; i < n; i++)
    if ((s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]) != word[i]) return 0;
  return 1;
}

int ok_special_real(const char *s, size_t n, double *d) {
  int neg = n > 0 && *s == '-';
  if (n > 0 && (*s == '-' || *s == '+')) s++, n--;
  if (is_word(s, n, "inf") || is_word(s, n, "infinity")) {
    *d = neg ? -HUGE_VAL : HUGE_VAL;
    return 1;
  }
  if (is_word(s, n, "nan")) {
    *d = neg ? -NAN : NAN;
    return 1;
  }
  return 0;
}

size_t ok_double_repr(char *out, double d) {
  char digits[20];
  int point, x, i;
  size_t n, o = 0;
  if (d != d) {
    memcpy(out, "NaN", 4);
    return 3;
  }
  if (d < 0 || (d == 0 && 1 / d < 0)) out[o++] = '-';
  if (d != 0 && d == d * 2) { /* only the infinities double to themselves */
    memcpy(out + o, "Inf", 4);
    return o + 3;
  }
  if ((n = ok_double_digits(digits, &point, d, 0)) == 0) {
    memcpy(out + o, "0.0", 4);
    return o + 3;
  }
  x = point - 1; /* the exponent of the first digit */
  if (x < -4 || x > 16) {
    out[o++] = digits[0];
    if (n > 1) {
      out[o++] = '.';
      memcpy(out + o, digits + 1, n - 1);
      o += n - 1;
    }
    out[o++] = 'e';
    out[o++] = x < 0 ? '-' : '+';
    if (x < 0) x = -x;
    if (x >= 100) out[o++] = (char)('0' + x / 100);
    out[o++] = (char)('0' + x / 10 % 10);
    out[o++] = (char)('0' + x % 10);
  } else if (x < 0) { /* 0.000ddd */
    out[o++] = '0';
    out[o++] = '.';
    for (i = 0; i < -x - 1; i++) out[o++] = '0';
    memcpy(out + o, digits, n);
    o += n;
  } else { /* ddd.ddd, or ddd00.0 */
    for (i = 0; i < (int)n || i <= x; i++) {
      if (i == x + 1) out[o++] = '.';
      out[o++] = i < (int)n ? digits[i] : '0';
    }
    if ((int)n <= x + 1) out[o++] = '.', out[o++] = '0';
  }
  out[o] = 0;
  return o;
}
