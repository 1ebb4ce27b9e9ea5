/*
** order.c -- test/indexeddb/check.py's witness that ok's idb_cmp1 is
** Chrome's: LevelDB's own library opens a copy of a store Chrome wrote
** with ok_chrome_compare as the comparator named idb_cmp1 (LevelDB checks
** the name against the MANIFEST's), then
**   - walks it: every table Chrome sorted is merged by ok's comparator, so
**     a key Chrome put elsewhere than ok would comes out of order;
**   - finds each key walked with a Get (a binary search through the
**     tables' index blocks, in ok's order);
**   - compacts the whole store (LevelDB sorts and rewrites every entry by
**     ok's comparator) and walks it again: the same keys.
** Prints each key of the first walk in hex, a line each, then "N keys, M
** out of order, K not found, C after compaction"; exits 1 on any fault.
**
**   order COPY_OF_A_CHROME_STORE
*/
#include <leveldb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok_chrome.h"

static int cmp(void *s, const char *a, size_t na, const char *b, size_t nb) {
  (void)s;
  return ok_chrome_compare((const uint8_t *)a, na, (const uint8_t *)b, nb);
}
static void destroy(void *s) { (void)s; }
static const char *name(void *s) {
  (void)s;
  return OK_CHROME_COMPARATOR;
}

typedef struct {
  char **k;
  size_t *n, count, cap;
} keys;

static void walk(leveldb_t *db, leveldb_readoptions_t *ro, keys *out, size_t *disorder) {
  leveldb_iterator_t *it = leveldb_create_iterator(db, ro);
  for (leveldb_iter_seek_to_first(it); leveldb_iter_valid(it); leveldb_iter_next(it)) {
    size_t n;
    const char *k = leveldb_iter_key(it, &n);
    if (out->count == out->cap) {
      out->cap = 2 * out->cap + 1024;
      out->k = realloc(out->k, out->cap * sizeof *out->k);
      out->n = realloc(out->n, out->cap * sizeof *out->n);
      if (!out->k || !out->n) exit(2);
    }
    if (out->count && cmp(NULL, out->k[out->count - 1], out->n[out->count - 1], k, n) >= 0)
      ++*disorder;
    out->k[out->count] = malloc(n ? n : 1);
    if (!out->k[out->count]) exit(2);
    memcpy(out->k[out->count], k, n);
    out->n[out->count++] = n;
  }
  leveldb_iter_destroy(it);
}

int main(int argc, char **argv) {
  leveldb_options_t *o = leveldb_options_create();
  leveldb_readoptions_t *ro = leveldb_readoptions_create();
  leveldb_comparator_t *c = leveldb_comparator_create(NULL, destroy, cmp, name);
  leveldb_t *db;
  char *err = NULL;
  keys first = {0}, again = {0};
  size_t i, disorder = 0, missing = 0, later = 0, changed = 0;
  if (argc != 2) {
    fprintf(stderr, "usage: order COPY_OF_A_CHROME_STORE\n");
    return 2;
  }
  leveldb_options_set_comparator(o, c);
  leveldb_options_set_paranoid_checks(o, 1);
  leveldb_readoptions_set_verify_checksums(ro, 1);
  db = leveldb_open(o, argv[1], &err);
  if (err) {
    fprintf(stderr, "order: %s\n", err);
    return 1;
  }
  walk(db, ro, &first, &disorder);
  for (i = 0; i < first.count; i++) {
    size_t n;
    char *v = leveldb_get(db, ro, first.k[i], first.n[i], &n, &err);
    if (err || !v) missing++;
    leveldb_free(v);
    leveldb_free(err);
    err = NULL;
  }
  fprintf(stderr, "order: %zu keys walked, %zu out of order, %zu not found\n", first.count,
          disorder, missing);
  leveldb_compact_range(db, NULL, 0, NULL, 0);
  walk(db, ro, &again, &later);
  if (again.count != first.count) changed = 1;
  for (i = 0; !changed && i < first.count; i++)
    changed = first.n[i] != again.n[i] || memcmp(first.k[i], again.k[i], first.n[i]) != 0;
  for (i = 0; i < first.count; i++) {
    size_t j;
    for (j = 0; j < first.n[i]; j++) printf("%02X", (unsigned char)first.k[i][j]);
    printf("\n");
  }
  printf("%zu keys, %zu out of order, %zu not found, %s after compaction\n", first.count,
         disorder + later, missing, changed ? "changed" : "the same");
  leveldb_close(db);
  leveldb_comparator_destroy(c);
  return disorder + later + missing + changed ? 1 : 0;
}
