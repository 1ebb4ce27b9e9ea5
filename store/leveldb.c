/*
** leveldb.c -- LevelDB, writable: tables with readwrite, through LevelDB's
** C library (Debian's libleveldb): a batch of writes is one WriteBatch,
** written synchronously, under the handle's lock with its checks: LevelDB
** lets one process open a store, and in it every writer goes through this
** handle. Read-only opens are leveldb_files.c's, from the store's files.
*/
#define _POSIX_C_SOURCE 200809L
#include <leveldb/c.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "shared.h"

typedef struct db {
  leveldb_t *db;
  leveldb_options_t *options;
  pthread_mutex_t write; /* a batch's checks and its write, one at a time */
} db;

typedef struct iter {
  leveldb_readoptions_t *ro;
  leveldb_iterator_t *it;
} iter;

/* LevelDB's message, with its lock and a store's own comparator said in
** words a user acts on. */
static int fail(char *err, const char *path, char *msg) {
  if (store_foreign_comparator(err, path, msg)) {
    leveldb_free(msg);
    return STORE_ERR;
  }
  if (strstr(msg, "LOCK") &&
      (strstr(msg, "lock") || strstr(msg, "Resource temporarily unavailable")))
    store_errf(err,
               "'%s' is locked by another process (its LOCK file): LevelDB lets one process open a "
               "store at a time (%s)",
               path, msg);
  else
    store_errf(err, "'%s': %s", path, msg);
  leveldb_free(msg);
  return STORE_ERR;
}

static void db_destroy(void *p) {
  db *d = p;
  leveldb_close(d->db);
  leveldb_options_destroy(d->options);
  pthread_mutex_destroy(&d->write);
  free(d);
}

/* ---- through LevelDB's library ------------------------------------------ */

static int v_open(const char *path, const char *name, int flags, store *out, char *err) {
  char key[4200];
  db *d;
  char *msg = NULL;
  int kind = store_path_kind(path), rc;
  /* the checks, and a read-only store read from its files */
  if ((rc = store_leveldb_files.open(path, name, flags, out, err)) != STORE_OK ||
      !(flags & STORE_WRITE))
    return rc;
  store_lock();
  if (kind != 0 && store_shared_key(key, sizeof key, "leveldb", path, err) != STORE_OK) {
    store_unlock();
    return STORE_ERR;
  }
  if (kind != 0 && (d = store_shared_find(key)) != NULL) {
    store_unlock();
    out->e = &store_leveldb, out->db = d;
    return STORE_OK;
  }
  if (!(d = calloc(1, sizeof *d)) || !(d->options = leveldb_options_create())) {
    free(d);
    store_unlock();
    return STORE_NOMEM;
  }
  pthread_mutex_init(&d->write, NULL);
  leveldb_options_set_create_if_missing(d->options, (flags & STORE_CREATE) != 0);
  if (!(d->db = leveldb_open(d->options, path, &msg))) {
    leveldb_options_destroy(d->options);
    pthread_mutex_destroy(&d->write);
    free(d);
    store_unlock();
    return fail(err, path, msg);
  }
  if ((kind == 0 && store_shared_key(key, sizeof key, "leveldb", path, err) != STORE_OK) ||
      store_shared_add(key, d, db_destroy) != STORE_OK) {
    db_destroy(d);
    store_unlock();
    return STORE_ERR;
  }
  store_unlock();
  out->e = &store_leveldb, out->db = d;
  return STORE_OK;
}

static void v_close(void *p) { store_shared_release(p); }
static int v_check_write(void *p, size_t n, char *err) {
  return (void)p, (void)n, (void)err, STORE_OK;
}

static int v_iter_open(void *p, const store_range *hint, void **out, char *err) {
  (void)hint; /* the store seeks */
  db *d = p;
  iter *it = calloc(1, sizeof *it);
  (void)err;
  if (!it || !(it->ro = leveldb_readoptions_create())) {
    free(it);
    return STORE_NOMEM;
  }
  /* a scan of a whole store should not push the hot blocks out */
  leveldb_readoptions_set_fill_cache(it->ro, 0);
  /* a damaged block is an error, not keys read from garbage */
  leveldb_readoptions_set_verify_checksums(it->ro, 1);
  it->it = leveldb_create_iterator(d->db, it->ro);
  *out = it;
  return STORE_OK;
}

static void v_iter_close(void *p) {
  iter *it = p;
  leveldb_iter_destroy(it->it);
  leveldb_readoptions_destroy(it->ro);
  free(it);
}

static int status(iter *it, char *err) {
  char *msg = NULL;
  leveldb_iter_get_error(it->it, &msg);
  if (!msg) return STORE_OK;
  store_errf(err, "cannot read: %s", msg);
  leveldb_free(msg);
  return STORE_ERR;
}

static int v_seek(void *p, const unsigned char *k, size_t n, char *err) {
  iter *it = p;
  if (k)
    leveldb_iter_seek(it->it, (const char *)k, n);
  else
    leveldb_iter_seek_to_first(it->it);
  return status(it, err);
}

static const unsigned char *v_key(void *p, size_t *n) {
  return (const unsigned char *)leveldb_iter_key(((iter *)p)->it, n);
}

static int v_seek_last(void *p, const unsigned char *k, size_t n, char *err) {
  iter *it = p;
  const unsigned char *at;
  size_t m;
  if (!k) {
    leveldb_iter_seek_to_last(it->it);
    return status(it, err);
  }
  leveldb_iter_seek(it->it, (const char *)k, n);
  if (!leveldb_iter_valid(it->it))
    leveldb_iter_seek_to_last(it->it);
  else if (at = v_key(it, &m), m != n || memcmp(at, k, n) != 0)
    leveldb_iter_prev(it->it);
  return status(it, err);
}

static int v_next(void *p, char *err) {
  leveldb_iter_next(((iter *)p)->it);
  return status(p, err);
}

static int v_prev(void *p, char *err) {
  leveldb_iter_prev(((iter *)p)->it);
  return status(p, err);
}

static int v_valid(void *p) { return leveldb_iter_valid(((iter *)p)->it); }

static const unsigned char *v_value(void *p, size_t *n) {
  return (const unsigned char *)leveldb_iter_value(((iter *)p)->it, n);
}

/* A key's value now, for store_expected_all. */
typedef struct getter {
  db *d;
  leveldb_readoptions_t *ro;
} getter;

static char *v_get(void *p, const store_op *op, size_t *n, char **msg) {
  getter *g = p;
  return leveldb_get(g->d->db, g->ro, (const char *)op->key, op->nkey, n, msg);
}

static int v_apply(void *p, const store_op *ops, size_t n, size_t *conflict, char *err) {
  db *d = p;
  getter g;
  leveldb_writebatch_t *b = leveldb_writebatch_create();
  leveldb_writeoptions_t *wo = leveldb_writeoptions_create();
  char *msg = NULL;
  size_t i;
  int rc;
  if (!b || !wo) {
    if (b) leveldb_writebatch_destroy(b);
    if (wo) leveldb_writeoptions_destroy(wo);
    return STORE_NOMEM;
  }
  for (i = 0; i < n; i++)
    if (ops[i].value)
      leveldb_writebatch_put(b, (const char *)ops[i].key, ops[i].nkey, (const char *)ops[i].value,
                             ops[i].nvalue);
    else
      leveldb_writebatch_delete(b, (const char *)ops[i].key, ops[i].nkey);
  leveldb_writeoptions_set_sync(wo, 1);
  pthread_mutex_lock(&d->write);
  g.d = d;
  if (!(g.ro = leveldb_readoptions_create()))
    rc = STORE_NOMEM;
  else {
    leveldb_readoptions_set_verify_checksums(g.ro, 1);
    rc = store_expected_all(ops, n, conflict, err, &g, v_get, leveldb_free);
    leveldb_readoptions_destroy(g.ro);
  }
  if (rc == STORE_OK) leveldb_write(d->db, wo, b, &msg);
  pthread_mutex_unlock(&d->write);
  leveldb_writebatch_destroy(b);
  leveldb_writeoptions_destroy(wo);
  if (rc != STORE_OK || !msg) return rc;
  store_errf(err, "cannot write: %s: nothing was written", msg);
  leveldb_free(msg);
  return STORE_ERR;
}

const store_engine store_leveldb = {
    "ok_leveldb", NULL,   v_open, v_close, v_check_write, v_iter_open, v_iter_close, v_seek,
    v_seek_last,  v_next, v_prev, v_valid, v_key,         v_value,     NULL,         v_apply,
};
