/*
** pending.h -- a transaction's writes to a store, held until COMMIT applies
** them as one batch: in order, with the latest write of each key found by
** a hash (reads and INSERT's conflict check see the transaction's own
** writes), and marks to roll back to (SQL savepoints, a failed statement).
*/
#ifndef OK_STORE_PENDING_H
#define OK_STORE_PENDING_H

#include "engine.h"

typedef struct pending {
  store_op *ops; /* every write, in order (each owns one allocation) */
  size_t *prev;  /* ops[i]'s key's write before it, or NONE */
  size_t n, cap;
  size_t *slots; /* hash of keys: an index into ops, EMPTY or GONE */
  size_t nslots; /* a power of two, or 0 */
  size_t nlive;  /* slots holding an index */
  size_t gen;    /* counts the times writes were dropped: an index into
                    ops names the same write while gen stays */
} pending;

/* value NULL deletes; expect and hash as in store_op. */
int pending_write(pending *p, const unsigned char *key, size_t nkey, const unsigned char *value,
                  size_t nvalue, int expect, uint64_t hash);
/* The latest write of key, or NULL. */
const store_op *pending_find(const pending *p, const unsigned char *key, size_t nkey);
/* Drops the writes from index mark on (the latest of each key restored). */
void pending_truncate(pending *p, size_t mark);
void pending_clear(pending *p);
/* The latest write of each key, sorted by key: their indexes into ops (a
** new array, free()d by the caller; *n = 0 with NULL when there is none). */
int pending_sorted(const pending *p, size_t **out, size_t *n);
int store_key_cmp(const unsigned char *a, size_t na, const unsigned char *b, size_t nb);

#endif
