/*
** lmdb.c -- LMDB: an environment (a folder holding data.mdb, or a file),
** its main database or a named one. Readers take a read transaction each,
** which never blocks and is never blocked by a writer in another process
** (a running lmdb-js app, say); a batch of writes is one write transaction.
**
** Compiled twice: against Debian's liblmdb (LMDB 0.9, data format 1) as
** store_lmdb, and, where tools/lmdb-js.sh fetched it, with STORE_LMDB_JS
** against the LMDB lmdb-js 3 ships (0.9.90, data format 2) as
** store_lmdb_js, under names of its own (the Makefile renames them). The
** first opens a file of the second's format by handing it over.
*/
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <lmdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine.h"
#include "shared.h"

#ifdef STORE_LMDB_JS
#define ENGINE store_lmdb_js
#define SHARED_NAME "lmdb-js"
#define PAGE_HEADER 24 /* data format 2: a page header holds a txnid */
#else
#define ENGINE store_lmdb
#define SHARED_NAME "lmdb"
#define PAGE_HEADER 16
#endif

typedef struct env {
  MDB_env *env;
  int writable;
  int readers; /* read transactions open (under store_lock) */
} env;

typedef struct db {
  env *env;
  MDB_dbi dbi;
  unsigned flags;  /* the database's own: MDB_DUPSORT, MDB_INTEGERKEY, ... */
  size_t int_size; /* INTEGERKEY: the size its keys have (4 or 8), 0 before one */
} db;

typedef struct iter {
  db *db;
  MDB_txn *txn;
  MDB_cursor *cur;
  MDB_val k, v;
  int on; /* positioned on a key */
} iter;

/* LMDB's own words, and what they mean for a file a user points at. */
static int fail(char *err, const char *path, const char *what, int rc) {
  if (rc == MDB_INVALID)
    store_errf(err,
               "'%s' is no LMDB environment this LMDB (%s) reads: not LMDB, or a data format of "
               "another LMDB (lmdb-js 3 writes LMDB 0.9.90's, LMDB 1.0 its own)",
               path, MDB_VERSION_STRING);
  else if (rc == MDB_VERSION_MISMATCH)
    store_errf(err, "'%s' was written by an LMDB other than this one (%s)", path,
               MDB_VERSION_STRING);
  else
    store_errf(err, "%s '%s': %s", what, path, mdb_strerror(rc));
  return rc == ENOMEM ? STORE_NOMEM : STORE_ERR;
}

static void env_destroy(void *p) {
  env *e = p;
  mdb_env_close(e->env);
  free(e);
}

/* The environment's shared handle (with store_lock held). */
static int env_get(const char *path, int kind, int flags, env **out, char *err) {
  char key[4200];
  env *e;
  int rc;
  unsigned open_flags = MDB_NOTLS | (kind == 2 ? MDB_NOSUBDIR : 0);
  char lock[4224];
  if (store_shared_key(key, sizeof key, SHARED_NAME, path, err)) return STORE_ERR;
  /* Read-only, an environment without its lock file (a copy, read-only
  ** media) is read without one, rather than given one: no LMDB program has
  ** it open (each would have made the file), and reading creates nothing. */
  snprintf(lock, sizeof lock, kind == 2 ? "%s-lock" : "%s/lock.mdb", path);
  if (!(flags & STORE_WRITE) && store_path_kind(lock) == 0) open_flags |= MDB_NOLOCK;
  if ((e = store_shared_find(key)) != NULL) {
    if ((flags & STORE_WRITE) && !e->writable) {
      store_shared_release_locked(e);
      store_errf(err,
                 "'%s' is open read-only in this process: a writable table needs the queries "
                 "reading it closed first",
                 path);
      return STORE_ERR;
    }
    *out = e;
    return STORE_OK;
  }
  if (!(e = calloc(1, sizeof *e))) return STORE_NOMEM;
  if ((rc = mdb_env_create(&e->env)) != 0) {
    free(e);
    return fail(err, path, "cannot open", rc);
  }
  mdb_env_set_maxdbs(e->env, 1024);
  if (flags & STORE_WRITE) {
    /* Room to grow: address space only, the file grows as it is written. */
    mdb_env_set_mapsize(e->env, sizeof(void *) == 8 ? (size_t)1 << 36 : (size_t)1 << 30);
    e->writable = 1;
  } else
    open_flags |= MDB_RDONLY;
  if ((rc = mdb_env_open(e->env, path, open_flags, 0664)) != 0) {
    env_destroy(e);
    return fail(err, path, "cannot open", rc);
  }
  if ((rc = store_shared_add(key, e, env_destroy)) != STORE_OK) {
    env_destroy(e);
    return rc;
  }
  *out = e;
  return STORE_OK;
}

/* Commits txn. lmdb-js's LMDB answers MDB_EMPTY_TXN for a write
** transaction that changed nothing (a table opened, deletes of keys not
** there), which has committed all there was. */
static int commit(MDB_txn *txn) {
  int rc = mdb_txn_commit(txn);
#ifdef MDB_EMPTY_TXN
  if (rc == MDB_EMPTY_TXN) rc = 0;
#endif
  return rc;
}

/* A transaction on e (with store_lock held). When another process has grown
** the map, its new size is adopted first: that remaps the file, so only
** while no read of this process holds pointers into it. */
static int begin(env *e, unsigned flags, MDB_txn **txn) {
  int rc = mdb_txn_begin(e->env, NULL, flags, txn);
  if (rc == MDB_MAP_RESIZED && e->readers == 0 && mdb_env_set_mapsize(e->env, 0) == 0)
    rc = mdb_txn_begin(e->env, NULL, flags, txn);
  return rc;
}

#ifndef STORE_LMDB_JS
/* The data format of an environment's file: the version after the magic
** of its first meta page, whose header is 16 bytes in format 1 and 24 in
** format 2 (a transaction id added); 0 when neither. */
static unsigned data_version(const char *file) {
  unsigned char b[32];
  FILE *f = fopen(file, "rb");
  size_t n = f ? fread(b, 1, sizeof b, f) : 0;
  unsigned at;
  if (f) fclose(f);
  for (at = 16; at <= 24 && n == sizeof b; at += 8) {
    uint32_t magic = (uint32_t)b[at] | (uint32_t)b[at + 1] << 8 | (uint32_t)b[at + 2] << 16 |
                     (uint32_t)b[at + 3] << 24;
    if (magic == 0xBEEFC0DE) return b[at + 4] | (unsigned)b[at + 5] << 8;
  }
  return 0;
}
#endif

/* Whether a data file holds every page its newest meta page counts. LMDB
** maps the file and trusts it: a file cut short (an incomplete copy, the
** commonest damage) kills a reader with SIGBUS past its end. And whether it
** is encrypted. The metas are the first two pages, in the writer's own
** word size and byte order. */
static int check_size(const char *file, char *err) {
  enum { H = PAGE_HEADER, S = sizeof(size_t), META = H + 24 + 14 * sizeof(size_t) };
  unsigned char m[2][META];
  uint32_t psize = 0, magic;
  uint16_t flags = 0;
  size_t last = 0, txnid = 0, best = 0, i;
  struct stat st;
  int found = 0;
  FILE *f = fopen(file, "rb");
  if (!f) return STORE_OK; /* LMDB says why */
  if (fstat(fileno(f), &st) != 0 || fread(m[0], 1, META, f) != META) {
    fclose(f);
    return STORE_OK;
  }
  memcpy(&psize, m[0] + H + 8 + 2 * S, 4); /* the free list's md_pad */
  if (psize < 512 || psize > 65536 || (psize & (psize - 1)) || fseek(f, (long)psize, SEEK_SET) ||
      fread(m[1], 1, META, f) != META)
    memset(m[1], 0, META);
  fclose(f);
  for (i = 0; i < 2; i++) {
    memcpy(&magic, m[i] + H, 4);
    memcpy(&txnid, m[i] + H + 24 + 13 * S, S);
    if (magic != 0xBEEFC0DE || (found && txnid < best)) continue;
    memcpy(&last, m[i] + H + 24 + 12 * S, S);
    memcpy(&flags, m[i] + H + 8 + 2 * S + 4, 2); /* the free list's md_flags: the env's */
    best = txnid, found = 1;
  }
#ifdef MDB_ENCRYPT
  /* lmdb-js's LMDB answers ENOMEM for a store encrypted with a key */
  if (found && (flags & MDB_ENCRYPT)) {
    store_errf(err,
               "'%s' is encrypted (lmdb-js's encryptionKey): ok reads only stores that are not",
               file);
    return STORE_ERR;
  }
#endif
  if (!found || (unsigned long long)st.st_size >= ((unsigned long long)last + 1) * psize)
    return STORE_OK;
  store_errf(err,
             "'%s' is cut short (an incomplete copy?): %lld bytes, where its newest meta page "
             "counts %llu pages of %u bytes (%llu bytes); LMDB would crash reading past its end",
             file, (long long)st.st_size, (unsigned long long)last + 1, psize,
             ((unsigned long long)last + 1) * psize);
  return STORE_ERR;
}

/* An environment's data file named (<env>/data.mdb, with <env>/lock.mdb
** beside it): the environment, in folder, so that its readers use the
** environment's own lock table, where its writers see them. */
static int environment_of(const char *path, char *folder, size_t size) {
  const char *slash = strrchr(path, '/');
  char lock[4224];
  size_t n = slash ? (size_t)(slash - path) : 0;
  if (strcmp(slash ? slash + 1 : path, "data.mdb") != 0 || n + 1 > size) return 0;
  memcpy(folder, slash ? path : ".", slash ? n : 1);
  folder[slash ? n : 1] = 0;
  if (slash && n == 0) strcpy(folder, "/");
  snprintf(lock, sizeof lock, "%s/lock.mdb", folder);
  return store_path_kind(lock) == 2;
}

/* An INTEGERKEY database's key size: its first key's (all have one). */
static int int_size(MDB_txn *txn, db *d) {
  MDB_cursor *c;
  MDB_val k, v;
  int rc;
  if (!(d->flags & MDB_INTEGERKEY)) return 0;
  if ((rc = mdb_cursor_open(txn, d->dbi, &c)) != 0) return rc;
  rc = mdb_cursor_get(c, &k, &v, MDB_FIRST);
  mdb_cursor_close(c);
  if (rc == 0) d->int_size = k.mv_size;
  return rc == MDB_NOTFOUND ? 0 : rc;
}

static const store_engine by_bytes;

static int l_open(const char *path, const char *name, int flags, store *out, char *err) {
  int kind = store_path_kind(path), rc;
  env *e = NULL;
  db *d;
  MDB_txn *txn = NULL;
  char data[4224], folder[4200]; /* room for "/data.mdb" after a folder */
#ifndef STORE_LMDB_JS
  unsigned version;
#endif
  if (kind == 2 && environment_of(path, folder, sizeof folder)) path = folder, kind = 1;
  if (kind == 0 && (flags & STORE_CREATE)) {
    if (mkdir(path, 0775) != 0) {
      store_errf(err, "cannot make the folder '%s': %s", path, strerror(errno));
      return STORE_ERR;
    }
    kind = 1;
  } else if (kind == 0) {
    store_errf(err, "no LMDB environment at '%s': no such file or folder", path);
    return STORE_ERR;
  }
  snprintf(data, sizeof data, kind == 1 ? "%s/data.mdb" : "%s", path);
  if (kind == 1 && !(flags & STORE_CREATE) && store_path_kind(data) != 2) {
    store_errf(err, "no LMDB environment at '%s': the folder holds no data.mdb", path);
    return STORE_ERR;
  }
#ifndef STORE_LMDB_JS
  version = kind == 0 ? 0 : data_version(data);
  if (version > 2) {
    store_errf(err, "'%s' is in LMDB's data format %u, which no LMDB ok is built with reads", path,
               version);
    return STORE_ERR;
  }
  if (version == 2) {
#ifdef STORE_HAVE_LMDB_JS
    return store_lmdb_js.open(path, name, flags, out, err);
#else
    store_errf(
        err,
        "'%s' is in LMDB's data format 2, which lmdb-js 3 writes and this build does not read "
        "(tools/lmdb-js.sh fetches lmdb-js's LMDB; make builds ok_store with it)",
        path);
    return STORE_ERR;
#endif
  }
#endif
  if (store_path_kind(data) == 2 && check_size(data, err) != STORE_OK) return STORE_ERR;
  if (!(d = calloc(1, sizeof *d))) return STORE_NOMEM;
  store_lock();
  rc = env_get(path, kind, flags, &e, err);
  if (rc == STORE_OK) {
    unsigned txn_flags = (flags & STORE_WRITE) ? 0 : MDB_RDONLY;
    unsigned dbi_flags = (name && (flags & STORE_CREATE)) ? MDB_CREATE : 0;
    int r = begin(e, txn_flags, &txn);
    if (r == 0 && (r = mdb_dbi_open(txn, name, dbi_flags, &d->dbi)) == 0 &&
        (r = mdb_dbi_flags(txn, d->dbi, &d->flags)) == 0 && (r = int_size(txn, d)) == 0)
      r = commit(txn);
    else if (txn && r != MDB_BAD_TXN)
      mdb_txn_abort(txn);
    if (r == MDB_NOTFOUND)
      store_errf(err, "no database named '%s' in '%s'", name, path), rc = STORE_ERR;
    else if (r == MDB_INCOMPATIBLE)
      store_errf(err, "'%s' in '%s' is a key of the main database, not a database", name, path),
          rc = STORE_ERR;
    else if (r == MDB_DBS_FULL)
      store_errf(err, "'%s' has more named databases than ok opens (1024)", path), rc = STORE_ERR;
    else if (r != 0)
      rc = fail(err, path, "cannot open a database of", r);
    if (rc != STORE_OK) store_shared_release_locked(e);
  }
  store_unlock();
  if (rc != STORE_OK) {
    free(d);
    return rc;
  }
  d->env = e;
  /* a database ordered otherwise is read from a copy in SQL's order */
  out->e = (d->flags & (MDB_INTEGERKEY | MDB_REVERSEKEY)) ? &by_bytes : &ENGINE, out->db = d;
  return STORE_OK;
}

static void l_close(void *p) {
  db *d = p;
  store_shared_release(d->env);
  free(d);
}

static int l_check_write(void *p, size_t n, char *err) {
  db *d = p;
  size_t max = (size_t)mdb_env_get_maxkeysize(d->env->env);
  if (d->flags & MDB_DUPSORT) {
    store_errf(
        err,
        "the database keeps several values a key (MDB_DUPSORT): ok reads it but does not write it");
    return STORE_ERR;
  }
  if (n == 0 || n > max) {
    store_errf(err, "a key of %zu bytes: LMDB takes keys of 1 to %zu bytes", n, max);
    return STORE_ERR;
  }
  /* LMDB compares such keys as native integers of the size the first has,
  ** and one of another size makes the others unfindable */
  if ((d->flags & MDB_INTEGERKEY) &&
      (d->int_size ? n != d->int_size : n != sizeof(unsigned) && n != sizeof(size_t))) {
    if (d->int_size)
      store_errf(err,
                 "a key of %zu bytes: the database keeps its keys as integers (MDB_INTEGERKEY) "
                 "of %zu bytes",
                 n, d->int_size);
    else
      store_errf(err,
                 "a key of %zu bytes: the database keeps its keys as integers (MDB_INTEGERKEY) "
                 "of %zu or %zu bytes",
                 n, sizeof(unsigned), sizeof(size_t));
    return STORE_ERR;
  }
  if (d->flags & MDB_INTEGERKEY) d->int_size = n;
  return STORE_OK;
}

static int l_iter_open(void *p, const store_range *hint, void **out, char *err) {
  (void)hint; /* the store seeks */
  db *d = p;
  iter *it = calloc(1, sizeof *it);
  int rc;
  if (!it) return STORE_NOMEM;
  it->db = d;
  store_lock();
  if ((rc = begin(d->env, MDB_RDONLY, &it->txn)) == 0) d->env->readers++;
  store_unlock();
  if (rc == MDB_MAP_RESIZED) {
    free(it);
    store_errf(err,
               "another process grew the environment's map while this process reads it: "
               "run the query again once this process's other reads of it end");
    return STORE_ERR;
  }
  if (rc == 0 && (rc = mdb_cursor_open(it->txn, d->dbi, &it->cur)) != 0) {
    mdb_txn_abort(it->txn);
    store_lock();
    d->env->readers--;
    store_unlock();
  }
  if (rc != 0) {
    free(it);
    store_errf(err, "cannot read: %s", mdb_strerror(rc));
    return rc == ENOMEM ? STORE_NOMEM : STORE_ERR;
  }
  *out = it;
  return STORE_OK;
}

static void l_iter_close(void *p) {
  iter *it = p;
  mdb_cursor_close(it->cur);
  mdb_txn_abort(it->txn);
  store_lock();
  it->db->env->readers--;
  store_unlock();
  free(it);
}

/* A cursor operation; not found leaves the iterator off every key. */
static int move(iter *it, MDB_cursor_op op, char *err) {
  int rc = mdb_cursor_get(it->cur, &it->k, &it->v, op);
  it->on = rc == 0;
  if (rc == 0 || rc == MDB_NOTFOUND) return STORE_OK;
  store_errf(err, "cannot read: %s", mdb_strerror(rc));
  return STORE_ERR;
}

static int l_seek(void *p, const unsigned char *k, size_t n, char *err) {
  iter *it = p;
  if (!k) return move(it, MDB_FIRST, err);
  it->k.mv_data = (void *)k;
  it->k.mv_size = n;
  return move(it, MDB_SET_RANGE, err);
}

static int l_seek_last(void *p, const unsigned char *k, size_t n, char *err) {
  iter *it = p;
  int rc;
  if (!k) return move(it, MDB_LAST, err);
  it->k.mv_data = (void *)k;
  it->k.mv_size = n;
  if ((rc = move(it, MDB_SET_RANGE, err)) != STORE_OK) return rc;
  if (!it->on) return move(it, MDB_LAST, err);
  if (it->k.mv_size == n && memcmp(it->k.mv_data, k, n) == 0)
    return (it->db->flags & MDB_DUPSORT) ? move(it, MDB_LAST_DUP, err) : STORE_OK;
  return move(it, MDB_PREV, err);
}

static int l_next(void *p, char *err) { return move(p, MDB_NEXT, err); }
static int l_prev(void *p, char *err) { return move(p, MDB_PREV, err); }
static int l_valid(void *p) { return ((iter *)p)->on; }

static const unsigned char *l_key(void *p, size_t *n) {
  iter *it = p;
  *n = it->k.mv_size;
  return it->k.mv_data;
}

static const unsigned char *l_value(void *p, size_t *n) {
  iter *it = p;
  *n = it->v.mv_size;
  return it->v.mv_data;
}

static int l_apply(void *p, const store_op *ops, size_t n, size_t *conflict, char *err) {
  db *d = p;
  MDB_txn *txn = NULL;
  size_t i;
  int rc;
  store_lock();
  rc = begin(d->env, 0, &txn);
  store_unlock();
  /* the write transaction excludes every other writer, in any process:
  ** what it finds at a key stays until it commits */
  for (i = 0; rc == 0 && i < n; i++) {
    MDB_val k = {ops[i].nkey, (void *)ops[i].key}, v = {ops[i].nvalue, (void *)ops[i].value};
    if (ops[i].expect != STORE_ANY) {
      MDB_val now;
      int got = mdb_get(txn, d->dbi, &k, &now);
      if (got != 0 && got != MDB_NOTFOUND) {
        rc = got;
        break;
      }
      if (!store_expected(&ops[i], got ? NULL : now.mv_data, got ? 0 : now.mv_size)) {
        mdb_txn_abort(txn);
        *conflict = i;
        return STORE_CONFLICT;
      }
    }
    rc = ops[i].value ? mdb_put(txn, d->dbi, &k, &v, 0) : mdb_del(txn, d->dbi, &k, NULL);
    if (rc == MDB_NOTFOUND) rc = 0;
  }
  if (rc == 0)
    return (rc = commit(txn)) == 0 ? STORE_OK : fail(err, "the store", "cannot commit to", rc);
  if (txn) mdb_txn_abort(txn);
  if (rc == MDB_MAP_FULL)
    store_errf(err, "the environment's map is full (%zu bytes): nothing was written",
               (size_t)1 << 36);
  else
    store_errf(err, "cannot write: %s: nothing was written", mdb_strerror(rc));
  return STORE_ERR;
}

/* The environment's named databases: the main database's keys that open
** as one (LMDB keeps their names there, beside any other key), read in a
** read transaction, whose end closes the handles it opened. */
static int l_names(void *p, char ***out, size_t *n, char *err) {
  db *d = p;
  MDB_txn *txn = NULL;
  MDB_cursor *cur = NULL;
  MDB_val k, v;
  MDB_dbi main_dbi, dbi;
  size_t cap = 0;
  int rc;
  *out = NULL, *n = 0;
  store_lock();
  if ((rc = begin(d->env, MDB_RDONLY, &txn)) == 0) d->env->readers++;
  store_unlock();
  if (rc == 0 && (rc = mdb_dbi_open(txn, NULL, 0, &main_dbi)) == 0)
    rc = mdb_cursor_open(txn, main_dbi, &cur);
  for (rc = rc ? rc : mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0;
       rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
    char name[512];
    size_t len = k.mv_size;
    if (len && ((const char *)k.mv_data)[len - 1] == 0) len--; /* lmdb-js keeps the NUL */
    if (len == 0 || len >= sizeof name || memchr(k.mv_data, 0, len)) continue;
    memcpy(name, k.mv_data, len), name[len] = 0;
    if (mdb_dbi_open(txn, name, 0, &dbi) != 0) continue; /* another key */
    if (*n == cap) {
      char **more = realloc(*out, (cap = 2 * cap + 8) * sizeof *more);
      if (!more) break;
      *out = more;
    }
    if (!((*out)[*n] = strdup(name))) break;
    ++*n;
  }
  if (cur) mdb_cursor_close(cur);
  if (txn) {
    mdb_txn_abort(txn);
    store_lock();
    d->env->readers--;
    store_unlock();
  }
  if (rc == MDB_NOTFOUND) return STORE_OK;
  store_names_free(*out, *n), *out = NULL, *n = 0;
  if (rc == 0) return STORE_NOMEM;
  store_errf(err, "cannot read: %s", mdb_strerror(rc));
  return STORE_ERR;
}

static int l_copy_open(void *p, const store_range *hint, void **out, char *err) {
  (void)hint;
  return store_copy_open(&ENGINE, p, out, err);
}

/* LMDB for a database not in byte order, read through a sorted copy. */
static const store_engine by_bytes = {
    "ok_lmdb",        "database",       l_open,
    l_close,          l_check_write,    l_copy_open,
    store_rows_close, store_rows_seek,  store_rows_seek_last,
    store_rows_next,  store_rows_prev,  store_rows_valid,
    store_rows_key,   store_rows_value, l_names,
    l_apply,
};

const store_engine ENGINE = {
    "ok_lmdb",   "database", l_open, l_close, l_check_write, l_iter_open, l_iter_close, l_seek,
    l_seek_last, l_next,     l_prev, l_valid, l_key,         l_value,     l_names,      l_apply,
};
