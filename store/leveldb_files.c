/*
** leveldb_files.c -- LevelDB read-only, from its files (ldbfiles.c), read
** again for each query: LevelDB's own library has no read-only open (it
** locks the folder, moves its log into a table and writes a new manifest),
** and a folder a running program holds reads the same. The function form
** and tables without readwrite of the store module's ok_leveldb (whose
** writable tables are leveldb.c's), and the whole of ok_files' (okfiles.c),
** which links no store library.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "ldbfiles.h"

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

static int files_open(const char *path, const char *name, int flags, store *out, char *err);
static void files_close(void *p) { free(p); }
static int files_check_write(void *p, size_t n, char *err) {
  return (void)p, (void)n, (void)err, STORE_OK;
}

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

const store_engine store_leveldb_files = {
    "ok_leveldb",
    NULL,
    files_open,
    files_close,
    files_check_write,
    files_iter_open,
    files_iter_close,
    files_seek,
    files_seek_last,
    files_next,
    files_prev,
    files_valid,
    files_key,
    files_value,
    NULL,
    files_apply,
};

/* The checks a LevelDB's path passes, read-only or not; then, read-only,
** the store as its files hold it. A writable store is leveldb.c's, which
** calls this first; in ok_files, which has no library, it is refused. */
static int files_open(const char *path, const char *name, int flags, store *out, char *err) {
  char current[4200];
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
  if (flags & STORE_WRITE) {
#ifdef STORE_FILES_ONLY
    store_errf(err,
               "'%s': ok_files reads LevelDB from its files and writes none; writing takes the "
               "store module (ok_store), with LevelDB's library",
               path);
    return STORE_ERR;
#else
    return STORE_OK; /* leveldb.c opens it */
#endif
  }
  if (!(out->db = strdup(path))) return STORE_NOMEM;
  out->e = &store_leveldb_files;
  return STORE_OK;
}
