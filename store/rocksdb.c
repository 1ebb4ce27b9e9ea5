/*
** rocksdb.c -- RocksDB through its C library (Debian's librocksdb): a store
** and one of its column families. Read-only tables open the store with
** RocksDB's read-only mode, which neither locks nor changes it (another
** process, TiKV say, may keep writing; a query sees the store as it was
** opened). Writable ones open it read-write, all its families, as RocksDB
** requires; a batch of writes is one WriteBatch, written synchronously,
** under the store's lock with its checks (RocksDB lets one process write
** a store, and in it every writer goes through this handle).
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <rocksdb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "shared.h"

typedef struct rstore {
  rocksdb_t *db;
  rocksdb_options_t *options;
  rocksdb_column_family_handle_t **cf;
  char **names;
  size_t ncf;
  pthread_mutex_t write; /* a batch's checks and its write, one at a time */
} rstore;

typedef struct db {
  rstore *s;
  size_t cf; /* the family's index in s */
} db;

typedef struct iter {
  rocksdb_readoptions_t *ro;
  rocksdb_iterator_t *it;
} iter;

static int fail(char *err, const char *path, char *msg) {
  if (store_foreign_comparator(err, path, msg)) {
    rocksdb_free(msg);
    return STORE_ERR;
  }
  if (strstr(msg, "LOCK"))
    store_errf(err,
               "'%s' is locked by another process (its LOCK file): open it read-only, or stop that "
               "process (%s)",
               path, msg);
  else
    store_errf(err, "'%s': %s", path, msg);
  rocksdb_free(msg);
  return STORE_ERR;
}

static void store_destroy(void *p) {
  rstore *s = p;
  size_t i;
  for (i = 0; i < s->ncf; i++) {
    if (s->cf && s->cf[i]) rocksdb_column_family_handle_destroy(s->cf[i]);
    free(s->names[i]);
  }
  if (s->db) rocksdb_close(s->db);
  rocksdb_options_destroy(s->options);
  free(s->cf);
  free(s->names);
  pthread_mutex_destroy(&s->write);
  free(s);
}

/* The families on disk (or "default" for a new store), and name's when
** creating it. */
static int families(rstore *s, const char *path, const char *name, int flags, char *err) {
  char *msg = NULL, **list;
  size_t n = 0, i, extra;
  list = rocksdb_list_column_families(s->options, path, &n, &msg);
  if (msg) {
    /* RocksDB allocates the list even when it fails */
    if (list) rocksdb_list_column_families_destroy(list, n);
    if (!(flags & STORE_CREATE)) return fail(err, path, msg);
    rocksdb_free(msg), list = NULL, n = 0;
  }
  extra = (flags & STORE_CREATE) ? 2 : 0;
  if (!(s->names = calloc(n + extra, sizeof *s->names))) return STORE_NOMEM;
  for (i = 0; i < n; i++)
    if (!(s->names[s->ncf++] = strdup(list[i]))) return STORE_NOMEM;
  if (list) rocksdb_list_column_families_destroy(list, n);
  for (i = 0; extra && i < 2; i++) {
    const char *want = i ? name : "default";
    size_t j;
    if (!want) continue;
    for (j = 0; j < s->ncf && strcmp(s->names[j], want) != 0; j++) {
    }
    if (j == s->ncf && !(s->names[s->ncf++] = strdup(want))) return STORE_NOMEM;
  }
  return STORE_OK;
}

static int store_open(const char *path, const char *name, int flags, rstore **out, char *err) {
  rstore *s = calloc(1, sizeof *s);
  const rocksdb_options_t **cfo;
  char *msg = NULL;
  size_t i;
  int rc;
  if (!s || !(s->options = rocksdb_options_create())) {
    free(s);
    return STORE_NOMEM;
  }
  pthread_mutex_init(&s->write, NULL);
  rocksdb_options_set_create_if_missing(s->options, (flags & STORE_CREATE) != 0);
  rocksdb_options_set_create_missing_column_families(s->options, (flags & STORE_CREATE) != 0);
  if ((rc = families(s, path, name, flags, err)) != STORE_OK ||
      !(s->cf = calloc(s->ncf, sizeof *s->cf)) || !(cfo = malloc(s->ncf * sizeof *cfo))) {
    store_destroy(s);
    return rc != STORE_OK ? rc : STORE_NOMEM;
  }
  for (i = 0; i < s->ncf; i++) cfo[i] = s->options;
  if (flags & STORE_WRITE)
    s->db = rocksdb_open_column_families(s->options, path, (int)s->ncf,
                                         (const char *const *)s->names, cfo, s->cf, &msg);
  else
    s->db = rocksdb_open_for_read_only_column_families(
        s->options, path, (int)s->ncf, (const char *const *)s->names, cfo, s->cf, 0, &msg);
  free(cfo);
  if (!s->db) {
    memset(s->cf, 0, s->ncf * sizeof *s->cf);
    store_destroy(s);
    return fail(err, path, msg);
  }
  *out = s;
  return STORE_OK;
}

static int r_open(const char *path, const char *name, int flags, store *out, char *err) {
  char key[4200], current[4200];
  const char *want = name ? name : "default";
  int kind = store_path_kind(path), rc = STORE_OK;
  rstore *s = NULL;
  db *d;
  size_t i;
  snprintf(current, sizeof current, "%s/CURRENT", path);
  if (!(flags & STORE_CREATE) && (kind != 1 || store_path_kind(current) != 2)) {
    store_errf(err, "no RocksDB at '%s': %s", path,
               kind == 0   ? "no such folder"
               : kind == 2 ? "a file, not a folder"
                           : "the folder holds no CURRENT file");
    return STORE_ERR;
  }
  if (!(d = calloc(1, sizeof *d))) return STORE_NOMEM;
  store_lock();
  if (kind != 0) {
    rc = store_shared_key(key, sizeof key, (flags & STORE_WRITE) ? "rocksdb-rw" : "rocksdb", path,
                          err);
    if (rc == STORE_OK) s = store_shared_find(key);
  }
  if (rc == STORE_OK && !s && (rc = store_open(path, name, flags, &s, err)) == STORE_OK) {
    if (kind == 0) rc = store_shared_key(key, sizeof key, "rocksdb-rw", path, err);
    if (rc == STORE_OK) rc = store_shared_add(key, s, store_destroy);
    if (rc != STORE_OK) store_destroy(s), s = NULL;
  }
  if (s) {
    for (i = 0; i < s->ncf && strcmp(s->names[i], want) != 0; i++) {
    }
    if (i == s->ncf) {
      char list[STORE_ERR_MAX / 2];
      size_t j, at = 0;
      for (j = 0; j < s->ncf && at < sizeof list; j++)
        at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", j ? ", " : "", s->names[j]);
      store_errf(err, "no column family '%s' in '%s' (it has: %s)", want, path, list);
      store_shared_release_locked(s);
      rc = STORE_ERR;
    }
    d->cf = i;
  }
  store_unlock();
  if (rc != STORE_OK) {
    free(d);
    return rc;
  }
  d->s = s;
  out->e = &store_rocksdb, out->db = d;
  return STORE_OK;
}

static void r_close(void *p) {
  db *d = p;
  store_shared_release(d->s);
  free(d);
}

static int r_check_write(void *p, size_t n, char *err) {
  return (void)p, (void)n, (void)err, STORE_OK;
}

static int r_iter_open(void *p, const store_range *hint, void **out, char *err) {
  (void)hint; /* the store seeks */
  db *d = p;
  iter *it = calloc(1, sizeof *it);
  (void)err;
  if (!it || !(it->ro = rocksdb_readoptions_create())) {
    free(it);
    return STORE_NOMEM;
  }
  rocksdb_readoptions_set_fill_cache(it->ro, 0);
  /* a damaged block is an error, not keys read from garbage */
  rocksdb_readoptions_set_verify_checksums(it->ro, 1);
  it->it = rocksdb_create_iterator_cf(d->s->db, it->ro, d->s->cf[d->cf]);
  *out = it;
  return STORE_OK;
}

static void r_iter_close(void *p) {
  iter *it = p;
  rocksdb_iter_destroy(it->it);
  rocksdb_readoptions_destroy(it->ro);
  free(it);
}

static int status(iter *it, char *err) {
  char *msg = NULL;
  rocksdb_iter_get_error(it->it, &msg);
  if (!msg) return STORE_OK;
  store_errf(err, "cannot read: %s", msg);
  rocksdb_free(msg);
  return STORE_ERR;
}

static int r_seek(void *p, const unsigned char *k, size_t n, char *err) {
  iter *it = p;
  if (k)
    rocksdb_iter_seek(it->it, (const char *)k, n);
  else
    rocksdb_iter_seek_to_first(it->it);
  return status(it, err);
}

static int r_seek_last(void *p, const unsigned char *k, size_t n, char *err) {
  iter *it = p;
  if (k)
    rocksdb_iter_seek_for_prev(it->it, (const char *)k, n);
  else
    rocksdb_iter_seek_to_last(it->it);
  return status(it, err);
}

static int r_next(void *p, char *err) {
  rocksdb_iter_next(((iter *)p)->it);
  return status(p, err);
}

static int r_prev(void *p, char *err) {
  rocksdb_iter_prev(((iter *)p)->it);
  return status(p, err);
}

static int r_valid(void *p) { return rocksdb_iter_valid(((iter *)p)->it); }

static const unsigned char *r_key(void *p, size_t *n) {
  return (const unsigned char *)rocksdb_iter_key(((iter *)p)->it, n);
}

static const unsigned char *r_value(void *p, size_t *n) {
  return (const unsigned char *)rocksdb_iter_value(((iter *)p)->it, n);
}

/* A key's value now, for store_expected_all. */
typedef struct getter {
  db *d;
  rocksdb_readoptions_t *ro;
} getter;

static char *r_get(void *p, const store_op *op, size_t *n, char **msg) {
  getter *g = p;
  return rocksdb_get_cf(g->d->s->db, g->ro, g->d->s->cf[g->d->cf], (const char *)op->key, op->nkey,
                        n, msg);
}

static int r_apply(void *p, const store_op *ops, size_t n, size_t *conflict, char *err) {
  db *d = p;
  getter g;
  rocksdb_column_family_handle_t *cf = d->s->cf[d->cf];
  rocksdb_writebatch_t *b = rocksdb_writebatch_create();
  rocksdb_writeoptions_t *wo = rocksdb_writeoptions_create();
  char *msg = NULL;
  size_t i;
  int rc;
  if (!b || !wo) {
    if (b) rocksdb_writebatch_destroy(b);
    if (wo) rocksdb_writeoptions_destroy(wo);
    return STORE_NOMEM;
  }
  for (i = 0; i < n; i++)
    if (ops[i].value)
      rocksdb_writebatch_put_cf(b, cf, (const char *)ops[i].key, ops[i].nkey,
                                (const char *)ops[i].value, ops[i].nvalue);
    else
      rocksdb_writebatch_delete_cf(b, cf, (const char *)ops[i].key, ops[i].nkey);
  rocksdb_writeoptions_set_sync(wo, 1);
  pthread_mutex_lock(&d->s->write);
  g.d = d;
  if (!(g.ro = rocksdb_readoptions_create()))
    rc = STORE_NOMEM;
  else {
    rocksdb_readoptions_set_verify_checksums(g.ro, 1);
    rc = store_expected_all(ops, n, conflict, err, &g, r_get, rocksdb_free);
    rocksdb_readoptions_destroy(g.ro);
  }
  if (rc == STORE_OK) rocksdb_write(d->s->db, wo, b, &msg);
  pthread_mutex_unlock(&d->s->write);
  rocksdb_writebatch_destroy(b);
  rocksdb_writeoptions_destroy(wo);
  if (rc != STORE_OK || !msg) return rc;
  store_errf(err, "cannot write: %s: nothing was written", msg);
  rocksdb_free(msg);
  return STORE_ERR;
}

const store_engine store_rocksdb = {
    "ok_rocksdb", "column family", r_open,      r_close, r_check_write, r_iter_open,
    r_iter_close, r_seek,          r_seek_last, r_next,  r_prev,        r_valid,
    r_key,        r_value,         NULL,        r_apply,
};

int store_rocksdb_families(const char *path, char ***names, size_t *n, char *err) {
  rocksdb_options_t *o = rocksdb_options_create();
  char *msg = NULL, current[4200];
  int kind = store_path_kind(path);
  snprintf(current, sizeof current, "%s/CURRENT", path);
  if (kind != 1 || store_path_kind(current) != 2) {
    rocksdb_options_destroy(o);
    store_errf(err, "no RocksDB at '%s': %s", path,
               kind == 0   ? "no such folder"
               : kind == 2 ? "a file, not a folder"
                           : "the folder holds no CURRENT file");
    return STORE_ERR;
  }
  *names = rocksdb_list_column_families(o, path, n, &msg);
  rocksdb_options_destroy(o);
  if (!msg) return STORE_OK;
  if (*names) rocksdb_list_column_families_destroy(*names, *n);
  *names = NULL, *n = 0;
  return fail(err, path, msg);
}

void store_rocksdb_families_free(char **names, size_t n) {
  rocksdb_list_column_families_destroy(names, n);
}
