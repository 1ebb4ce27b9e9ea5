/*
** leveldb.c -- LevelDB. Read-only (the function, tables without readwrite)
** from its files (ldbfiles.c), read again for each query: LevelDB's own
** library has no read-only open (it locks the folder, moves its log into a
** table and writes a new manifest), and a folder a running program holds
** reads the same. Writable tables through LevelDB's C library (Debian's
** libleveldb): a batch of writes is one WriteBatch, written synchronously,
** under the handle's lock with its checks: LevelDB lets one process open a
** store, and in it every writer goes through this handle.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <leveldb/c.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "ldbfiles.h"
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

/* A RocksDB's folder, which ok_rocksdb reads; and what LevelDB's library
** would refuse only after writing into the folder (a LOG, a new manifest):
** a store ordered by a comparator of its own, a damaged manifest (the
** files reader finds these itself, each query). */
static int preflight(const char *path, int library, char *err) {
  DIR *d = opendir(path);
  struct dirent *e;
  while (d && (e = readdir(d)) != NULL)
    if (strcmp(e->d_name, "IDENTITY") == 0 || strncmp(e->d_name, "OPTIONS-", 8) == 0) {
      store_errf(err, "'%s' is a RocksDB (it holds %s), not a LevelDB: read it with ok_rocksdb",
                 path, e->d_name[0] == 'I' ? "IDENTITY" : "an OPTIONS file");
      closedir(d);
      return STORE_ERR;
    }
  if (d) closedir(d);
  return library ? ldb_files_check(path, err) : STORE_OK;
}

static void db_destroy(void *p) {
  db *d = p;
  leveldb_close(d->db);
  leveldb_options_destroy(d->options);
  pthread_mutex_destroy(&d->write);
  free(d);
}

/* ---- read-only: the files --------------------------------------------- */

static const store_engine by_files;

static int files_open(const char *path, store *out) {
  char *p = strdup(path);
  if (!p) return STORE_NOMEM;
  out->e = &by_files, out->db = p;
  return STORE_OK;
}

static void files_close(void *p) { free(p); }

static void files_free(void *p) {
  ldb_files_free(p);
  free(p);
}

/* A query's reading of the store: decided at its first step, inside the
** query's start. Forward (a seek), a walk of the files as it goes, memory
** bounded by a block a level and the logs; backward (a seek from the end),
** and for a store of Chrome's order, the keys of the query's range read
** into memory and sorted by bytes. */
typedef struct fiter {
  char *path;
  store_range hint;
  unsigned char *bounds; /* the hint's bytes, copied */
  ldb_walk *w;
  void *rows;
} fiter;

static int files_iter_open(void *p, const store_range *hint, void **out, char *err) {
  fiter *it = calloc(1, sizeof *it);
  size_t nlo = hint && hint->lo ? hint->nlo : 0, nhi = hint && hint->hi ? hint->nhi : 0;
  (void)err;
  if (!it || !(it->path = strdup(p)) || !(it->bounds = malloc(nlo + nhi + 1))) {
    if (it) free(it->path);
    free(it);
    return STORE_NOMEM;
  }
  if (hint) {
    it->hint = *hint;
    if (hint->lo) it->hint.lo = memcpy(it->bounds, hint->lo, nlo);
    if (hint->hi) it->hint.hi = memcpy(it->bounds + nlo, hint->hi, nhi);
  }
  *out = it;
  return STORE_OK;
}

/* The store's keys of the hint's range, in memory. */
static int files_rows(fiter *it, char *err) {
  ldb_files *f;
  int rc;
  if (it->rows) return STORE_OK;
  if (!(f = malloc(sizeof *f))) return STORE_NOMEM;
  if ((rc = ldb_files_read(it->path, &it->hint, f, err)) != STORE_OK) return free(f), rc;
  ldb_files_live(f);
  if ((rc = store_rows_open(f->e, f->n, sizeof *f->e, files_free, f, &it->rows)) != STORE_OK)
    files_free(f);
  return rc;
}

static void files_iter_close(void *p) {
  fiter *it = p;
  ldb_walk_close(it->w);
  if (it->rows) store_rows_close(it->rows);
  free(it->bounds);
  free(it->path);
  free(it);
}

static int files_seek(void *p, const unsigned char *k, size_t n, char *err) {
  fiter *it = p;
  int rc;
  if (!it->w && !it->rows) {
    if ((rc = ldb_walk_open(it->path, &it->hint, &it->w, err)) != STORE_OK) return rc;
    if (!it->w && (rc = files_rows(it, err)) != STORE_OK) return rc; /* Chrome's order */
  }
  return it->w ? ldb_walk_seek(it->w, k, n, err) : store_rows_seek(it->rows, k, n, err);
}

static int files_seek_last(void *p, const unsigned char *k, size_t n, char *err) {
  fiter *it = p;
  int rc;
  ldb_walk_close(it->w);
  it->w = NULL;
  if ((rc = files_rows(it, err)) != STORE_OK) return rc;
  return store_rows_seek_last(it->rows, k, n, err);
}

static int files_next(void *p, char *err) {
  fiter *it = p;
  return it->w ? ldb_walk_next(it->w, err) : store_rows_next(it->rows, err);
}

/* Backward: from a seek from the end only (the table module's scans go one
** way). */
static int files_prev(void *p, char *err) {
  fiter *it = p;
  if (it->w) {
    store_errf(err, "a LevelDB's walk goes forward only");
    return STORE_ERR;
  }
  return store_rows_prev(it->rows, err);
}

static int files_valid(void *p) {
  fiter *it = p;
  return it->w ? ldb_walk_valid(it->w) : it->rows && store_rows_valid(it->rows);
}

static const unsigned char *files_key(void *p, size_t *n) {
  fiter *it = p;
  return it->w ? ldb_walk_key(it->w, n) : store_rows_key(it->rows, n);
}

static const unsigned char *files_value(void *p, size_t *n) {
  fiter *it = p;
  return it->w ? ldb_walk_value(it->w, n) : store_rows_value(it->rows, n);
}

static int files_apply(void *p, const store_op *ops, size_t n, size_t *conflict, char *err) {
  (void)p, (void)ops, (void)n, (void)conflict;
  store_errf(err, "the store is open read-only");
  return STORE_ERR;
}

/* ---- through LevelDB's library ------------------------------------------ */

static int v_open(const char *path, const char *name, int flags, store *out, char *err) {
  char key[4200], current[4200];
  db *d;
  char *msg = NULL;
  int kind = store_path_kind(path);
  if (name) {
    store_errf(err, "LevelDB has no named databases ('%s')", name);
    return STORE_ERR;
  }
  snprintf(current, sizeof current, "%s/CURRENT", path);
  if (!(flags & STORE_CREATE) && (kind != 1 || store_path_kind(current) != 2)) {
    store_errf(err, "no LevelDB at '%s': %s", path,
               kind == 0   ? "no such folder"
               : kind == 2 ? "a file, not a folder"
                           : "the folder holds no CURRENT file");
    return STORE_ERR;
  }
  if (kind != 0 && preflight(path, (flags & STORE_WRITE) != 0, err) != STORE_OK) return STORE_ERR;
  if (!(flags & STORE_WRITE)) return files_open(path, out);
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

static const store_engine by_files = {
    "ok_leveldb",     NULL,          v_open,
    files_close,      v_check_write, files_iter_open,
    files_iter_close, files_seek,    files_seek_last,
    files_next,       files_prev,    files_valid,
    files_key,        files_value,   NULL,
    files_apply,
};

const store_engine store_leveldb = {
    "ok_leveldb", NULL,   v_open, v_close, v_check_write, v_iter_open, v_iter_close, v_seek,
    v_seek_last,  v_next, v_prev, v_valid, v_key,         v_value,     NULL,         v_apply,
};
