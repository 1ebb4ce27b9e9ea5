/*
** pending.c -- libFuzzer target: the store module's transaction writes
** (store/pending.c) against a model that keeps every write in a list.
**
** The input is a program: writes and deletes of keys of 0-3 bytes taken
** from the input (so that the hash grows, and keys are prefixes of each
** other), savepoint marks, rollbacks to them and releases. After each step
** the latest write of every key (pending_find) and the sorted view
** (pending_sorted) must be the model's: the last write of each key in the
** list, sorted by memcmp with shorter first.
*/
#include "../../store/pending.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint8_t key[3], nkey, del, value;
} op;

static int key_cmp(const op *a, const op *b) {
  return store_key_cmp(a->key, a->nkey, b->key, b->nkey);
}

/* The model's latest write of key, or NULL. */
static const op *latest(const op *ops, size_t n, const uint8_t *key, size_t nkey) {
  while (n-- > 0)
    if (ops[n].nkey == nkey && memcmp(ops[n].key, key, nkey) == 0) return &ops[n];
  return NULL;
}

static int by_key(const void *a, const void *b) { return key_cmp(a, b); }

static void check(const pending *p, const op *ops, size_t n) {
  op *want = malloc((n + 1) * sizeof *want);
  size_t *got;
  size_t i, k = 0, ngot;
  if (!want) abort();
  if (p->n != n) abort();
  for (i = 0; i < n; i++) {
    const op *l = latest(ops, n, ops[i].key, ops[i].nkey);
    const store_op *w = pending_find(p, ops[i].key, ops[i].nkey);
    if (!w || (w->value == NULL) != l->del || w->expect != l->value % 3 || w->hash != l->value ||
        (!l->del && (w->nvalue != 1 || w->value[0] != l->value)))
      abort();
    if (l == &ops[i]) want[k++] = *l; /* each key once: at its latest write */
  }
  qsort(want, k, sizeof *want, by_key);
  if (pending_sorted(p, &got, &ngot) != STORE_OK || ngot != k) abort();
  for (i = 0; i < k; i++)
    if (store_key_cmp(p->ops[got[i]].key, p->ops[got[i]].nkey, want[i].key, want[i].nkey) != 0 ||
        (p->ops[got[i]].value == NULL) != want[i].del)
      abort();
  free(got);
  free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pending p;
  op *ops = malloc((size + 1) * sizeof *ops);
  size_t n = 0, marks[16], nmarks = 0, i = 0;
  if (!ops) abort();
  memset(&p, 0, sizeof p);
  while (i < size) {
    int what = data[i++] % 8;
    if (what <= 3) { /* a write (0-2) or a delete (3) */
      op o;
      size_t k;
      memset(&o, 0, sizeof o);
      o.nkey = i < size ? data[i++] % 4 : 0;
      for (k = 0; k < o.nkey; k++) o.key[k] = i < size ? data[i++] % 4 : 0;
      o.del = what == 3;
      o.value = i < size ? data[i++] : 0;
      /* what the write expects of the store travels with it */
      if (pending_write(&p, o.key, o.nkey, o.del ? NULL : &o.value, o.del ? 0 : 1, o.value % 3,
                        o.value) != STORE_OK)
        abort();
      ops[n++] = o;
    } else if (what == 4 && nmarks < 16) {
      marks[nmarks++] = n;
    } else if (what == 5 && nmarks > 0) { /* ROLLBACK TO a mark (kept) */
      nmarks = (i < size ? data[i++] : 0) % nmarks + 1;
      n = marks[nmarks - 1];
      pending_truncate(&p, n);
    } else if (what == 6 && nmarks > 0) { /* RELEASE */
      nmarks--;
    } else {
      check(&p, ops, n);
    }
  }
  check(&p, ops, n);
  pending_clear(&p);
  if (p.n || p.slots || p.ops) abort();
  free(ops);
  return 0;
}
