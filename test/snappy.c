/*
** snappy.c -- the store module's Snappy decompressor (store/snappy.c)
** against Google's own compressor (Debian's libsnappy): buffers of every
** kind (random bytes, runs, text-like repeats, lengths 0 to 200,000, across
** literal and copy lengths' limits) compressed by libsnappy come back byte
** for byte; and each compressed buffer damaged (a byte changed, cut short,
** a byte added) decompresses to an error or to some bytes, never outside
** its buffers (run under AddressSanitizer by make test). Ends "N passed, M
** failed".
*/
#include <snappy-c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../store/snappy.h"

static unsigned long long s = 88172645463325252ULL;
static unsigned rnd(void) {
  s ^= s << 13, s ^= s >> 7, s ^= s << 17;
  return (unsigned)(s >> 11);
}

int main(void) {
  static unsigned char in[200001], out[200001], packed[240000], damaged[240001];
  long pass = 0, fail = 0, round;
  for (round = 0; round < 3000; round++) {
    size_t n = round % 10 == 0 ? rnd() % 200001 : rnd() % (round % 3 ? 70 : 5000), i;
    size_t np = sizeof packed, len;
    int kind = (int)(rnd() % 4);
    for (i = 0; i < n; i++)
      in[i] = kind == 0   ? (unsigned char)rnd()                      /* random: literals */
              : kind == 1 ? (unsigned char)(i / (1 + rnd() % 90) % 3) /* runs: overlapping copies */
              : kind == 2 ? (unsigned char)("the key and its value "[rnd() % 22])
                          : (unsigned char)(i < 70 ? rnd() : in[i - 1 - rnd() % 70000 % i]);
    if (snappy_compress((const char *)in, n, (char *)packed, &np) != SNAPPY_OK) {
      fail++;
      continue;
    }
    if (snappy_length(packed, np, &len) > 0 && len == n && snappy_decompress(packed, np, out, len) == 0 &&
        (n == 0 || memcmp(in, out, n) == 0))
      pass++;
    else if (fail++ < 10)
      printf("FAIL round %ld: %zu bytes of kind %d do not come back\n", round, n, kind);
    { /* damaged: any answer, within the buffers */
      size_t m = np, at = np ? rnd() % np : 0;
      memcpy(damaged, packed, np);
      switch (rnd() % 3) {
        case 0: if (np) damaged[at] = (unsigned char)rnd(); break;
        case 1: m = at; break;
        default: damaged[m++] = (unsigned char)rnd();
      }
      if (snappy_length(damaged, m, &len) > 0 && len <= sizeof out) snappy_decompress(damaged, m, out, len);
      pass++;
    }
  }
  printf("%ld passed, %ld failed\n", pass, fail);
  return fail > 0;
}
