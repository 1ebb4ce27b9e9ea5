/*
** leveldb.c -- make bench: a LevelDB read whole from its files (the store
** module's walk, store/ldbfiles.c) against LevelDB's own library opening
** the same store and iterating it, in one run; and the walk's memory.
**
**   leveldb FOLDER MB
**
** Makes FOLDER (when it holds no store yet) with LevelDB's library: MB
** megabytes of 16-byte keys with 100-byte values, written in batches of
** 1,000 in a random order, most of it compacted into sorted levels, the
** rest in level-0 tables and the log, as a store in use is. Then, five
** times each, the median: LevelDB (open, an iterator from the first key to
** the last reading every key and value, close; checksums verified, the
** block cache not filled) and ok's walk (open, the same, close), each
** counting every key and value's bytes, which must agree. The walk's peak
** memory is the resident set's growth over a walk in a process of its own
** (this program again, `leveldb --memory FOLDER`: Linux's VmHWM against
** VmRSS before).
*/
#define _POSIX_C_SOURCE 200809L
#include <leveldb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "engine.h"
#include "ldbfiles.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static long vm(const char *field) { /* kB */
  char line[256];
  long v = -1;
  FILE *f = fopen("/proc/self/status", "r");
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, field, strlen(field)) == 0) v = atol(line + strlen(field) + 1);
  if (f) fclose(f);
  return v;
}

static void make_store(const char *path, long mb) {
  leveldb_options_t *o = leveldb_options_create();
  leveldb_writeoptions_t *wo = leveldb_writeoptions_create();
  char *err = NULL, key[16], value[100];
  long n = mb * 1000000L / 116, i, j;
  leveldb_t *db;
  unsigned long long x = 88172645463325252ULL;
  leveldb_options_set_create_if_missing(o, 1);
  leveldb_options_set_compression(o, leveldb_snappy_compression);
  if (!(db = leveldb_open(o, path, &err))) {
    fprintf(stderr, "leveldb: %s\n", err);
    exit(1);
  }
  for (i = 0; i < n; i += 1000) {
    leveldb_writebatch_t *b = leveldb_writebatch_create();
    for (j = i; j < i + 1000 && j < n; j++) {
      unsigned long long k = (unsigned long long)j * 0x9E3779B97F4A7C15ULL; /* a random order */
      int c;
      for (c = 0; c < 8; c++) key[c] = (char)(k >> (56 - 8 * c)), key[8 + c] = (char)(j >> (8 * c));
      for (c = 0; c < 100; c++)
        x ^= x << 13, x ^= x >> 7, x ^= x << 17, value[c] = (char)('a' + x % 16);
      leveldb_writebatch_put(b, key, 16, value, 100);
    }
    leveldb_write(db, wo, b, &err);
    leveldb_writebatch_destroy(b);
    if (err) {
      fprintf(stderr, "leveldb: %s\n", err);
      exit(1);
    }
    if (i == n * 9 / 10 - n * 9 / 10 % 1000) leveldb_compact_range(db, NULL, 0, NULL, 0);
  }
  leveldb_close(db);
  leveldb_options_destroy(o);
  leveldb_writeoptions_destroy(wo);
}

static double by_leveldb(const char *path, size_t *count, size_t *bytes) {
  double t = now();
  char *err = NULL;
  leveldb_options_t *o = leveldb_options_create();
  leveldb_readoptions_t *ro = leveldb_readoptions_create();
  leveldb_t *db = leveldb_open(o, path, &err);
  leveldb_iterator_t *it;
  if (!db) {
    fprintf(stderr, "leveldb: %s\n", err);
    exit(1);
  }
  leveldb_readoptions_set_fill_cache(ro, 0);
  leveldb_readoptions_set_verify_checksums(ro, 1);
  it = leveldb_create_iterator(db, ro);
  *count = *bytes = 0;
  for (leveldb_iter_seek_to_first(it); leveldb_iter_valid(it); leveldb_iter_next(it)) {
    size_t k, v;
    leveldb_iter_key(it, &k), leveldb_iter_value(it, &v);
    ++*count, *bytes += k + v;
  }
  leveldb_iter_destroy(it);
  leveldb_close(db);
  leveldb_readoptions_destroy(ro);
  leveldb_options_destroy(o);
  return now() - t;
}

static double by_walk(const char *path, size_t *count, size_t *bytes) {
  double t = now();
  char err[STORE_ERR_MAX];
  ldb_walk *w;
  if (ldb_walk_open(path, NULL, &w, err) != STORE_OK || !w || ldb_walk_seek(w, NULL, 0, err)) {
    fprintf(stderr, "walk: %s\n", err);
    exit(1);
  }
  *count = *bytes = 0;
  while (ldb_walk_valid(w)) {
    size_t k, v;
    ldb_walk_key(w, &k), ldb_walk_value(w, &v);
    ++*count, *bytes += k + v;
    if (ldb_walk_next(w, err) != STORE_OK) {
      fprintf(stderr, "walk: %s\n", err);
      exit(1);
    }
  }
  ldb_walk_close(w);
  return now() - t;
}

static int by_time(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  char current[4200], cmd[4400];
  struct stat st;
  double a[5], b[5];
  size_t n1, b1, n2, b2;
  long before;
  int r;
  if (argc == 3 && strcmp(argv[1], "--memory") == 0) {
    before = vm("VmRSS:");
    by_walk(argv[2], &n2, &b2);
    printf("  the walk's memory: %ld kB more than the %ld kB resident before\n",
           vm("VmHWM:") - before, before);
    return 0;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: leveldb FOLDER MB\n");
    return 2;
  }
  snprintf(current, sizeof current, "%s/CURRENT", argv[1]);
  if (stat(current, &st) != 0) make_store(argv[1], atol(argv[2]));
  by_leveldb(argv[1], &n1, &b1); /* LevelDB's open moves the log into a table once */
  for (r = 0; r < 5; r++) a[r] = by_leveldb(argv[1], &n1, &b1), b[r] = by_walk(argv[1], &n2, &b2);
  if (n1 != n2 || b1 != b2) {
    fprintf(stderr, "leveldb: the walk read %zu entries, %zu bytes; LevelDB %zu, %zu\n", n2, b2, n1,
            b1);
    return 1;
  }
  qsort(a, 5, sizeof *a, by_time), qsort(b, 5, sizeof *b, by_time);
  printf(
      "LevelDB of %.0f MB (%zu entries, %zu bytes of keys and values), every entry, medians of 5\n",
      (double)b1 / 1e6, n1, b1);
  printf("  LevelDB's library (open, iterate, close)  %8.1f ms\n", a[2] * 1e3);
  printf("  ok's walk of its files                     %8.1f ms   ratio %.2f\n", b[2] * 1e3,
         b[2] / a[2]);
  fflush(stdout);
  snprintf(cmd, sizeof cmd, "'%s' --memory '%s'", argv[0], argv[1]);
  return system(cmd) == 0 ? 0 : 1;
}
