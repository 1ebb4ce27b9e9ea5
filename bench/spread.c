/*
** spread.c -- does a salt prefix spread writes over a store's ranges?
**
** Usage: spread [writes]
**
** A store keeps its key space split into R ranges (R = 16 and 256), the
** split points taken as quantiles of the keys it already holds, as a
** balancer would. Then `writes` new keys arrive (default 200,000) and we
** count how many land in each range: max/mean load is 1.00 for a perfect
** spread and R when every write hits one range. Each workload is run with
** plain keys ok_pack(...) and salted keys (4-byte xxHash32 of the first
** component in front, as ok_salt(key, 1) makes them):
**
**   sequential ids   key (id); the store holds ids 1..N, new ids follow
**   timestamps       key (ts, event), ts in microseconds, the new ones later
**   Zipf ids         key (user, seq), user drawn with P(k) ~ 1/k^1.1 from
**                    100,000 users: a few users get most writes
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok.h"

#define KEY_MAX 32

typedef struct {
  uint8_t b[KEY_MAX];
  size_t n;
} key;

static uint64_t rng = 0x853C49E6748FEA9BULL;
static uint64_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static int cmp_key(const void *a, const void *b) {
  const key *x = a, *y = b;
  size_t m = x->n < y->n ? x->n : y->n;
  int c = memcmp(x->b, y->b, m);
  return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* Builds ok_pack(c1, c2) (c2 < 0: one component), salted over c1 if asked. */
static key make(int64_t c1, int64_t c2, int salted) {
  key k;
  size_t first;
  uint8_t body[KEY_MAX];
  first = ok_enc_int(body, c1, 0);
  k.n = first + (c2 >= 0 ? ok_enc_int(body + first, c2, 0) : 0);
  if (salted) {
    size_t err;
    ok_salt(&ok_format_native, k.b, body, k.n, 1, &err);
    memcpy(k.b + OK_SALT_LEN, body, k.n);
    k.n += OK_SALT_LEN;
  } else {
    memcpy(k.b, body, k.n);
  }
  return k;
}

/* Zipf(1.1) over 1..users by inverting the cumulative weights. */
static double *zipf_cdf;
static int64_t zipf(int users) {
  double u = (double)(rnd() >> 11) / 9007199254740992.0;
  int lo = 0, hi = users - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (zipf_cdf[mid] < u)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo + 1;
}

enum { SEQUENTIAL, TIMESTAMPS, ZIPF };
static const char *const names[] = {"sequential ids", "timestamps", "Zipf ids"};

/* Key number i of a workload; `later` picks the new writes over history. */
static key workload_key(int w, long i, long history, int later, int salted) {
  switch (w) {
    case SEQUENTIAL: return make(later ? history + i + 1 : i + 1, -1, salted);
    case TIMESTAMPS: {
      int64_t t0 = 1700000000000000LL + (later ? history : 0) * 1000;
      return make(t0 + i * 1000 + (int64_t)(rnd() % 1000), (int64_t)(rnd() % 1000000), salted);
    }
    default: return make(zipf(100000), (int64_t)i, salted);
  }
}

static double max_over_mean(int w, long history, long writes, int ranges, int salted) {
  key *old = malloc(sizeof(key) * (size_t)history), *split = malloc(sizeof(key) * (size_t)ranges);
  long *load = calloc((size_t)ranges, sizeof(long)), i, max = 0;
  int r;
  for (i = 0; i < history; i++) old[i] = workload_key(w, i, history, 0, salted);
  qsort(old, (size_t)history, sizeof(key), cmp_key);
  for (r = 1; r < ranges; r++) split[r] = old[history * r / ranges];
  for (i = 0; i < writes; i++) {
    key k = workload_key(w, i, history, 1, salted);
    int lo = 0, hi = ranges - 1; /* the last range whose split point <= k */
    while (lo < hi) {
      int mid = (lo + hi + 1) / 2;
      if (cmp_key(&split[mid], &k) <= 0)
        lo = mid;
      else
        hi = mid - 1;
    }
    load[lo]++;
  }
  for (r = 0; r < ranges; r++) max = load[r] > max ? load[r] : max;
  free(old);
  free(split);
  free(load);
  return (double)max / ((double)writes / ranges);
}

int main(int argc, char **argv) {
  long writes = argc > 1 ? atol(argv[1]) : 200000, history = writes / 2;
  static const int ranges[] = {16, 256};
  int w, r, i;
  double total = 0;
  zipf_cdf = malloc(sizeof(double) * 100000);
  for (i = 0; i < 100000; i++) {
    total += pow(i + 1, -1.1);
    zipf_cdf[i] = total;
  }
  for (i = 0; i < 100000; i++) zipf_cdf[i] /= total;
  printf("spread: %ld new writes into ranges split at quantiles of %ld earlier keys\n", writes,
         history);
  printf("max/mean writes per range (1.00 = even, R = all in one range)\n\n");
  printf("%-16s %6s %12s %12s\n", "workload", "ranges", "plain key", "salted key");
  for (w = SEQUENTIAL; w <= ZIPF; w++) {
    for (r = 0; r < 2; r++) {
      double plain = max_over_mean(w, history, writes, ranges[r], 0);
      double salted = max_over_mean(w, history, writes, ranges[r], 1);
      printf("%-16s %6d %12.2f %12.2f\n", names[w], ranges[r], plain, salted);
    }
  }
  free(zipf_cdf);
  return 0;
}
