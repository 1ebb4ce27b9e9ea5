/*
** pending.c -- a transaction's writes (pending.h). Keys hash with xxHash
** (header-only, as in ok itself) into an open-addressed table of indexes
** into the writes; rolling back pops writes from the end, putting each
** key's slot back to its write before (or GONE), so marks cost nothing.
*/
#include "pending.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#define EMPTY SIZE_MAX
#define GONE (SIZE_MAX - 1)
#define NONE SIZE_MAX

int store_key_cmp(const unsigned char *a, size_t na, const unsigned char *b, size_t nb) {
  int c = memcmp(a, b, na < nb ? na : nb);
  return c ? c : (na > nb) - (na < nb);
}

static int same(const store_op *op, const unsigned char *key, size_t nkey) {
  return op->nkey == nkey && memcmp(op->key, key, nkey) == 0;
}

/* The slot of key: the one holding its latest write, else the empty one
** that ends its probe (or the first GONE on the way, when insert). */
static size_t *slot(const pending *p, const unsigned char *key, size_t nkey, int insert) {
  size_t mask = p->nslots - 1, i = (size_t)XXH3_64bits(key, nkey) & mask;
  size_t *gone = NULL;
  for (;; i = (i + 1) & mask) {
    size_t s = p->slots[i];
    if (s == EMPTY) return (insert && gone) ? gone : &p->slots[i];
    if (s == GONE) {
      if (!gone) gone = &p->slots[i];
    } else if (same(&p->ops[s], key, nkey))
      return &p->slots[i];
  }
}

static int grow_slots(pending *p) {
  size_t n = p->nslots ? p->nslots * 2 : 64, i, *old = p->slots, nold = p->nslots;
  size_t *slots = malloc(n * sizeof *slots);
  if (!slots) return STORE_NOMEM;
  for (i = 0; i < n; i++) slots[i] = EMPTY;
  p->slots = slots;
  p->nslots = n;
  p->nlive = 0;
  for (i = 0; i < nold; i++)
    if (old[i] != EMPTY && old[i] != GONE) {
      *slot(p, p->ops[old[i]].key, p->ops[old[i]].nkey, 1) = old[i];
      p->nlive++;
    }
  free(old);
  return STORE_OK;
}

int pending_write(pending *p, const unsigned char *key, size_t nkey, const unsigned char *value,
                  size_t nvalue, int expect, uint64_t hash) {
  store_op *op;
  size_t *s;
  unsigned char *mem;
  if (p->n == p->cap) {
    size_t cap = p->cap ? p->cap * 2 : 64;
    store_op *ops = realloc(p->ops, cap * sizeof *ops);
    size_t *prev;
    if (!ops) return STORE_NOMEM;
    p->ops = ops;
    if (!(prev = realloc(p->prev, cap * sizeof *prev))) return STORE_NOMEM;
    p->prev = prev;
    p->cap = cap;
  }
  /* at most half full, GONE slots counted, so that probes end */
  if ((p->nlive + 1) * 2 > p->nslots && grow_slots(p) != STORE_OK) return STORE_NOMEM;
  if (!(mem = malloc(nkey + nvalue + 1))) return STORE_NOMEM;
  memcpy(mem, key, nkey);
  if (value) memcpy(mem + nkey, value, nvalue);
  op = &p->ops[p->n];
  op->key = mem;
  op->nkey = nkey;
  op->value = value ? mem + nkey : NULL;
  op->nvalue = value ? nvalue : 0;
  op->expect = expect;
  op->hash = hash;
  s = slot(p, key, nkey, 1);
  if (*s == EMPTY) p->nlive++;
  p->prev[p->n] = (*s == EMPTY || *s == GONE) ? NONE : *s;
  *s = p->n++;
  return STORE_OK;
}

const store_op *pending_find(const pending *p, const unsigned char *key, size_t nkey) {
  size_t s;
  if (!p->n) return NULL;
  s = *slot(p, key, nkey, 0);
  return (s == EMPTY || s == GONE) ? NULL : &p->ops[s];
}

void pending_truncate(pending *p, size_t mark) {
  if (p->n > mark) p->gen++;
  while (p->n > mark) {
    store_op *op = &p->ops[--p->n];
    *slot(p, op->key, op->nkey, 0) = p->prev[p->n] == NONE ? GONE : p->prev[p->n];
    free((void *)op->key);
  }
}

void pending_clear(pending *p) {
  size_t gen;
  pending_truncate(p, 0);
  gen = p->gen;
  free(p->ops);
  free(p->prev);
  free(p->slots);
  memset(p, 0, sizeof *p);
  p->gen = gen;
}

static int by_key(const void *a, const void *b) {
  const store_op *x = *(const store_op *const *)a, *y = *(const store_op *const *)b;
  return store_key_cmp(x->key, x->nkey, y->key, y->nkey);
}

int pending_sorted(const pending *p, size_t **out, size_t *n) {
  const store_op **v;
  size_t *at, i, k = 0;
  *out = NULL;
  *n = 0;
  if (!p->n) return STORE_OK;
  if (!(v = malloc(p->n * sizeof *v)) || !(at = malloc(p->n * sizeof *at))) {
    free(v);
    return STORE_NOMEM;
  }
  for (i = 0; i < p->nslots; i++)
    if (p->slots[i] != EMPTY && p->slots[i] != GONE) v[k++] = &p->ops[p->slots[i]];
  qsort(v, k, sizeof *v, by_key);
  for (i = 0; i < k; i++) at[i] = (size_t)(v[i] - p->ops);
  free(v);
  *out = at;
  *n = k;
  return STORE_OK;
}
