/*
** engine.c -- what the engines share: error text, what a path holds, and
** the process's one handle a store. LMDB must not be opened twice in one
** process (closing either copy drops the other's file locks) and LevelDB
** refuses a second open of a folder it has locked, so every table and
** query that names the same store shares one handle, counted.
*/
#define _XOPEN_SOURCE 700
#include "engine.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "shared.h"
#define XXH_INLINE_ALL
#include <xxhash.h>

/* A message's bytes that are not valid UTF-8, or are control characters,
** as \xNN: a damaged store's file names reach messages (a CURRENT with a
** bit flipped), and SQLite's callers expect text. */
static void escape(char *err) {
  char out[STORE_ERR_MAX];
  const unsigned char *p = (const unsigned char *)err;
  size_t o = 0;
  while (*p && o + 5 < sizeof out) {
    size_t n = *p < 0x80             ? 1
               : (*p & 0xE0) == 0xC0 ? 2
               : (*p & 0xF0) == 0xE0 ? 3
               : (*p & 0xF8) == 0xF0 ? 4
                                     : 0;
    size_t i;
    for (i = 1; i < n; i++)
      if ((p[i] & 0xC0) != 0x80) n = 0;
    if (n == 2 && *p < 0xC2) n = 0; /* overlong */
    if (n == 1 && (*p < 0x20 || *p == 0x7F)) n = 0;
    if (n == 0) {
      snprintf(out + o, 5, "\\x%02X", *p++);
      o += 4;
    } else if (o + n < sizeof out) {
      memcpy(out + o, p, n), o += n, p += n;
    } else
      break;
  }
  out[o] = 0;
  memcpy(err, out, o + 1);
}

void store_errf(char *err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, STORE_ERR_MAX, fmt, ap);
  va_end(ap);
  escape(err);
}

void store_comparator_refused(char *err, const char *path, const char *name, size_t n) {
  if (n == 8 && memcmp(name, "idb_cmp1", 8) == 0)
    store_errf(err,
               "'%s' is Chrome's IndexedDB (ordered by idb_cmp1): ok reads it from its files, "
               "never writes it (open it without readwrite)",
               path);
  else
    store_errf(err,
               "'%s' is ordered by a comparator of its own, %.*s, not by bytes: ok reads stores "
               "in byte order, and Chrome's IndexedDB",
               path, (int)n, name);
}

int store_foreign_comparator(char *err, const char *path, const char *msg) {
  const char *other = strstr(msg, " does not match existing comparator");
  const char *start = strstr(msg, "Invalid argument: ");
  if (!other || !start || start + 18 > other) return 0;
  store_comparator_refused(err, path, start + 18, (size_t)(other - start - 18));
  return 1;
}

uint64_t store_hash(const unsigned char *v, size_t n) { return XXH3_64bits(v, n); }

int store_expected(const store_op *op, const unsigned char *v, size_t n) {
  if (op->expect == STORE_ANY) return 1;
  if (!v) return op->expect == STORE_ABSENT;
  return op->expect == STORE_HELD && store_hash(v, n) == op->hash;
}

int store_expected_all(const store_op *ops, size_t n, size_t *conflict, char *err, void *ctx,
                       char *(*get)(void *ctx, const store_op *op, size_t *nv, char **msg),
                       void (*release)(void *p)) {
  size_t i;
  for (i = 0; i < n; i++) {
    char *msg = NULL, *v;
    size_t nv = 0;
    int same;
    if (ops[i].expect == STORE_ANY) continue;
    v = get(ctx, &ops[i], &nv, &msg);
    if (msg) {
      store_errf(err, "cannot read: %s: nothing was written", msg);
      release(msg);
      return STORE_ERR;
    }
    same = store_expected(&ops[i], (const unsigned char *)v, nv);
    release(v);
    if (!same) return *conflict = i, STORE_CONFLICT;
  }
  return STORE_OK;
}

void store_names_free(char **names, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) free(names[i]);
  free(names);
}

int store_path_kind(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) return 0;
  return S_ISDIR(st.st_mode) ? 1 : 2;
}

typedef struct shared {
  struct shared *next;
  void *handle;
  void (*destroy)(void *);
  int refs;
  char key[];
} shared;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static shared *all;

void store_lock(void) { pthread_mutex_lock(&lock); }
void store_unlock(void) { pthread_mutex_unlock(&lock); }

void *store_shared_find(const char *key) {
  shared *s;
  for (s = all; s; s = s->next)
    if (strcmp(s->key, key) == 0) {
      s->refs++;
      return s->handle;
    }
  return NULL;
}

int store_shared_add(const char *key, void *handle, void (*destroy)(void *)) {
  size_t n = strlen(key) + 1;
  shared *s = malloc(sizeof *s + n);
  if (!s) return STORE_NOMEM;
  memcpy(s->key, key, n);
  s->handle = handle;
  s->destroy = destroy;
  s->refs = 1;
  s->next = all;
  all = s;
  return STORE_OK;
}

void store_shared_release_locked(void *handle) {
  shared **p, *s;
  for (p = &all; (s = *p) != NULL; p = &s->next)
    if (s->handle == handle) {
      if (--s->refs == 0) {
        *p = s->next;
        s->destroy(s->handle);
        free(s);
      }
      break;
    }
}

void store_shared_release(void *handle) {
  store_lock();
  store_shared_release_locked(handle);
  store_unlock();
}

int store_shared_key(char *key, size_t size, const char *engine, const char *path, char *err) {
  char real[PATH_MAX];
  if (!realpath(path, real)) {
    store_errf(err, "cannot resolve the path '%s'", path);
    return STORE_ERR;
  }
  if ((size_t)snprintf(key, size, "%s:%s", engine, real) >= size) {
    store_errf(err, "the path '%s' is too long", path);
    return STORE_ERR;
  }
  return STORE_OK;
}

/* ---- rows in memory ------------------------------------------------------ */

typedef struct rows_iter {
  const unsigned char *rows; /* n rows, stride bytes apart, each a store_row first */
  size_t n, stride, at;      /* at == n: off every row */
  void (*release)(void *);
  void *owner;
} rows_iter;

#define ROW(it, i) ((const store_row *)(const void *)((it)->rows + (i) * (it)->stride))

int store_rows_open(const void *rows, size_t n, size_t stride, void (*release)(void *), void *owner,
                    void **out) {
  rows_iter *it = calloc(1, sizeof *it);
  if (!it) return STORE_NOMEM;
  it->rows = rows, it->n = n, it->stride = stride, it->at = n;
  it->release = release, it->owner = owner;
  *out = it;
  return STORE_OK;
}

void store_rows_close(void *p) {
  rows_iter *it = p;
  if (it->release) it->release(it->owner);
  free(it);
}

/* The first row whose key is above k (or at or above, when at). */
static size_t bound(const rows_iter *it, const unsigned char *k, size_t n, int at) {
  size_t lo = 0, hi = it->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const store_row *r = ROW(it, mid);
    int cmp = memcmp(r->key, k, r->nkey < n ? r->nkey : n);
    if (!cmp) cmp = (r->nkey > n) - (r->nkey < n);
    if (cmp < 0 || (cmp == 0 && !at))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int store_rows_seek(void *p, const unsigned char *k, size_t n, char *err) {
  rows_iter *it = p;
  (void)err;
  it->at = k ? bound(it, k, n, 1) : 0;
  return STORE_OK;
}

int store_rows_seek_last(void *p, const unsigned char *k, size_t n, char *err) {
  rows_iter *it = p;
  size_t after = k ? bound(it, k, n, 0) : it->n;
  (void)err;
  it->at = after ? after - 1 : it->n;
  return STORE_OK;
}

int store_rows_next(void *p, char *err) {
  rows_iter *it = p;
  (void)err;
  if (it->at < it->n) it->at++;
  return STORE_OK;
}

int store_rows_prev(void *p, char *err) {
  rows_iter *it = p;
  (void)err;
  it->at = it->at == 0 ? it->n : it->at - 1;
  return STORE_OK;
}

int store_rows_valid(void *p) { return ((rows_iter *)p)->at < ((rows_iter *)p)->n; }

const unsigned char *store_rows_key(void *p, size_t *n) {
  const store_row *r = ROW((rows_iter *)p, ((rows_iter *)p)->at);
  *n = r->nkey;
  return r->key;
}

const unsigned char *store_rows_value(void *p, size_t *n) {
  const store_row *r = ROW((rows_iter *)p, ((rows_iter *)p)->at);
  *n = r->nvalue;
  return r->key + r->nkey;
}

/* ---- a sorted copy -------------------------------------------------------- */

typedef struct copy_row {
  store_row r;  /* its key and value one allocation */
  size_t order; /* a key's values as the store had them */
} copy_row;

typedef struct copy {
  copy_row *rows;
  size_t n;
} copy;

static int by_bytes(const void *a, const void *b) {
  const copy_row *x = a, *y = b;
  int c = memcmp(x->r.key, y->r.key, x->r.nkey < y->r.nkey ? x->r.nkey : y->r.nkey);
  if (c) return c;
  if (x->r.nkey != y->r.nkey) return x->r.nkey < y->r.nkey ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static void copy_free(void *p) {
  copy *c = p;
  size_t i;
  for (i = 0; i < c->n; i++) free((void *)c->rows[i].r.key);
  free(c->rows);
  free(c);
}

int store_copy_open(const store_engine *e, void *db, void **out, char *err) {
  copy *c = calloc(1, sizeof *c);
  void *it = NULL;
  size_t cap = 0;
  int rc;
  if (!c) return STORE_NOMEM;
  if ((rc = e->iter_open(db, NULL, &it, err)) != STORE_OK) {
    free(c);
    return rc;
  }
  for (rc = e->seek(it, NULL, 0, err); rc == STORE_OK && e->valid(it); rc = e->next(it, err)) {
    size_t nk, nv;
    const unsigned char *k = e->key(it, &nk), *v = e->value(it, &nv);
    unsigned char *mem;
    if (c->n == cap) {
      copy_row *more = realloc(c->rows, (cap ? 2 * cap : 256) * sizeof *more);
      if (!more) {
        rc = STORE_NOMEM;
        break;
      }
      c->rows = more, cap = cap ? 2 * cap : 256;
    }
    if (nk > UINT32_MAX || nv > UINT32_MAX) {
      store_errf(err, "a value of %zu bytes: past what ok holds in memory (4 GiB)", nv);
      rc = STORE_ERR;
      break;
    }
    if (!(mem = malloc(nk + nv + 1))) {
      rc = STORE_NOMEM;
      break;
    }
    memcpy(mem, k, nk);
    memcpy(mem + nk, v, nv);
    c->rows[c->n].r.key = mem, c->rows[c->n].r.nkey = (uint32_t)nk;
    c->rows[c->n].r.nvalue = (uint32_t)nv;
    c->rows[c->n].order = c->n, c->n++;
  }
  e->iter_close(it);
  if (rc == STORE_OK) {
    if (c->n) qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
    rc = store_rows_open(c->rows, c->n, sizeof *c->rows, copy_free, c, out);
  }
  if (rc != STORE_OK) copy_free(c);
  return rc;
}
