/*
** vtab.c -- a store as an SQL table: one virtual table module an engine
** (engine.h), which translates between SQL and the engine and knows no
** store of its own.
**
**   SELECT key, value FROM ok_leveldb('path');             -- read-only
**   SELECT ... FROM ok_lmdb('path', 'database');
**   CREATE VIRTUAL TABLE t USING ok_rocksdb('path', 'family', readwrite);
**
** Quoted arguments are data (the path, the optional name), bare words are
** options (readwrite, create). Key constraints become a seek and an end,
** ORDER BY key (either way) is the iterator's, and rows come one at a time
** as SQLite asks, so LIMIT stops the scan. Writes wait in the transaction
** (pending.h) and are applied at COMMIT as one batch.
*/
#include <sqlite3ext.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "pending.h"
SQLITE_EXTENSION_INIT3

enum { COL_KEY, COL_VALUE, COL_STORE, COL_NAME };

/* idxNum's bits: which key constraints xFilter gets, in this order after
** the store's path and name. */
enum {
  IDX_EQ = 1,
  IDX_LO = 2,
  IDX_LO_INCL = 4,
  IDX_HI = 8,
  IDX_HI_INCL = 16,
  IDX_DESC = 32,
  IDX_NAME = 64,
  IDX_ORDER = 128
};

#define MAX_SAVEPOINTS 64

typedef struct table {
  sqlite3_vtab base;
  const store_engine *e;
  sqlite3 *db;
  char *table_name; /* NULL for the table-valued function */
  int writable;
  store st; /* a created table's store */
  char *path, *name;
  pending w;   /* the transaction's writes */
  void *probe; /* an iterator for INSERT's conflict checks */
  size_t marks[MAX_SAVEPOINTS];
  int nmarks;
} table;

typedef struct cursor {
  sqlite3_vtab_cursor base;
  store st; /* held while the cursor reads it */
  void *it;
  int desc, eof;
  sqlite3_int64 row;
  /* the end: the key the scan stops after (or at, when exclusive) */
  unsigned char *end;
  int nend, end_incl, has_end;
  /* the transaction's writes in the range, merged with the store's keys */
  const store_op **w;
  size_t nw, wi;
  int from_w;        /* the row is w[wi] (else the iterator's) */
  char *path, *name; /* the function's arguments */
} cursor;

static char *dup_text(const char *s, int n) {
  char *d = sqlite3_malloc(n + 1);
  if (d) memcpy(d, s, (size_t)n), d[n] = 0;
  return d;
}

/* Sets the table's error message and returns rc (SQLITE_NOMEM when the
** message could not be made). */
static int vt_error(sqlite3_vtab *vt, int rc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sqlite3_free(vt->zErrMsg);
  vt->zErrMsg = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  return vt->zErrMsg ? rc : SQLITE_NOMEM;
}

static int store_error(sqlite3_vtab *vt, const store_engine *e, int rc, const char *err) {
  if (rc == STORE_NOMEM) return SQLITE_NOMEM;
  return vt_error(vt, SQLITE_ERROR, "%s: %s", e->module, err);
}

static const char *type_name(sqlite3_value *v) {
  static const char *const names[] = {"", "INTEGER", "REAL", "TEXT", "BLOB", "NULL"};
  return names[sqlite3_value_type(v)];
}

/* ---- connecting --------------------------------------------------------- */

/* One argument of CREATE VIRTUAL TABLE: a quoted string (*quoted = 1, the
** quotes taken off, doubled ones undone) or a bare word. */
static char *argument(const char *a, int *quoted) {
  size_t n = strlen(a), i, j;
  char *s;
  *quoted = n >= 2 && (a[0] == '\'' || a[0] == '"') && a[n - 1] == a[0];
  if (!*quoted) return dup_text(a, (int)n);
  if (!(s = sqlite3_malloc((int)n))) return NULL;
  for (i = 1, j = 0; i + 1 < n; i++) {
    s[j++] = a[i];
    if (a[i] == a[0] && a[i + 1] == a[0]) i++;
  }
  s[j] = 0;
  return s;
}

static int connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out,
                   char **err) {
  const store_engine *e = aux;
  char msg[STORE_ERR_MAX];
  table *t;
  int rc, i, flags = 0;
  /* the table-valued function is the table of the module's own name */
  int function = argc <= 3 && strcmp(argv[2], e->module) == 0;
  rc = sqlite3_declare_vtab(
      db, function ? "CREATE TABLE x(key BLOB PRIMARY KEY, value BLOB, store HIDDEN, name HIDDEN) "
                     "WITHOUT ROWID"
                   : "CREATE TABLE x(key BLOB PRIMARY KEY, value BLOB) WITHOUT ROWID");
  if (rc != SQLITE_OK) return rc;
  if (!(t = sqlite3_malloc(sizeof *t))) return SQLITE_NOMEM;
  memset(t, 0, sizeof *t);
  t->e = e;
  t->db = db;
  *out = &t->base;
  if (function) return SQLITE_OK;
  if (!(t->table_name = dup_text(argv[2], (int)strlen(argv[2])))) goto nomem;
  for (i = 3; i < argc; i++) {
    int quoted;
    char *a = argument(argv[i], &quoted);
    if (!a) goto nomem;
    if (quoted && !t->path)
      t->path = a;
    else if (quoted && !t->name && e->sub)
      t->name = a;
    else if (!quoted && strcmp(a, "readwrite") == 0)
      flags |= STORE_WRITE, sqlite3_free(a);
    else if (!quoted && strcmp(a, "create") == 0)
      flags |= STORE_WRITE | STORE_CREATE, sqlite3_free(a);
    else {
      *err = sqlite3_mprintf("%s: %s %s: the arguments are the path%s%s, then readwrite or create",
                             e->module, quoted ? "one argument too many:" : "unknown option",
                             argv[i], e->sub ? ", a " : "", e->sub ? e->sub : "");
      sqlite3_free(a);
      goto fail;
    }
  }
  if (!t->path) {
    *err = sqlite3_mprintf(
        "%s: the store's path is missing: CREATE VIRTUAL TABLE %s USING %s('path'%s%s)", e->module,
        argv[2], e->module, e->sub ? ", 'name'" : "", ", readwrite");
    goto fail;
  }
  t->writable = (flags & STORE_WRITE) != 0;
  if ((rc = e->open(t->path, t->name, flags, &t->st, msg)) != STORE_OK) {
    if (rc == STORE_NOMEM) goto nomem;
    *err = sqlite3_mprintf("%s: %s", e->module, msg);
    goto fail;
  }
  return SQLITE_OK;
nomem:
  rc = SQLITE_NOMEM;
  if (0)
  fail:
    rc = *err ? SQLITE_ERROR : SQLITE_NOMEM;
  sqlite3_free(t->path);
  sqlite3_free(t->name);
  sqlite3_free(t->table_name);
  sqlite3_free(t);
  *out = NULL;
  return rc;
}

static void close_probe(table *t) {
  if (t->probe) t->st.e->iter_close(t->probe), t->probe = NULL;
}

static int disconnect(sqlite3_vtab *vt) {
  table *t = (table *)vt;
  close_probe(t);
  pending_clear(&t->w);
  if (t->st.db) t->st.e->close(t->st.db);
  sqlite3_free(t->path);
  sqlite3_free(t->name);
  sqlite3_free(t->table_name);
  sqlite3_free(t);
  return SQLITE_OK;
}

/* ---- planning ----------------------------------------------------------- */

static int best_index(sqlite3_vtab *vt, sqlite3_index_info *info) {
  table *t = (table *)vt;
  int i, eq = -1, lo = -1, hi = -1, path = -1, name = -1, path_unusable = 0, n = 0, bits = 0;
  char *plan;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (c->iColumn == COL_STORE && c->op == SQLITE_INDEX_CONSTRAINT_EQ) {
      if (c->usable)
        path = i;
      else
        path_unusable = 1;
    } else if (c->iColumn == COL_NAME && c->op == SQLITE_INDEX_CONSTRAINT_EQ) {
      if (!c->usable) return SQLITE_CONSTRAINT;
      name = i;
    } else if (c->iColumn == COL_KEY && c->usable) {
      if (c->op == SQLITE_INDEX_CONSTRAINT_EQ && eq < 0)
        eq = i;
      else if ((c->op == SQLITE_INDEX_CONSTRAINT_GT || c->op == SQLITE_INDEX_CONSTRAINT_GE) &&
               lo < 0)
        lo = i;
      else if ((c->op == SQLITE_INDEX_CONSTRAINT_LT || c->op == SQLITE_INDEX_CONSTRAINT_LE) &&
               hi < 0)
        hi = i;
    }
  }
  if (!t->table_name && path < 0) {
    if (path_unusable) return SQLITE_CONSTRAINT;
    return vt_error(vt, SQLITE_ERROR,
                    "%s: the store's path is missing: SELECT key, value FROM %s('path'%s)",
                    t->e->module, t->e->module, t->e->sub ? "[, 'name']" : "");
  }
  if (path >= 0)
    info->aConstraintUsage[path].argvIndex = ++n, info->aConstraintUsage[path].omit = 1;
  if (name >= 0)
    info->aConstraintUsage[name].argvIndex = ++n, info->aConstraintUsage[name].omit = 1,
    bits |= IDX_NAME;
  /* Key constraints are checked again by SQLite (omit stays 0): a bound
  ** of another type than BLOB is SQL's to compare. */
  if (eq >= 0) {
    info->aConstraintUsage[eq].argvIndex = ++n;
    bits |= IDX_EQ;
    info->estimatedCost = 10;
    info->estimatedRows = 1;
  } else {
    if (lo >= 0) {
      info->aConstraintUsage[lo].argvIndex = ++n;
      bits |= IDX_LO | (info->aConstraint[lo].op == SQLITE_INDEX_CONSTRAINT_GE ? IDX_LO_INCL : 0);
    }
    if (hi >= 0) {
      info->aConstraintUsage[hi].argvIndex = ++n;
      bits |= IDX_HI | (info->aConstraint[hi].op == SQLITE_INDEX_CONSTRAINT_LE ? IDX_HI_INCL : 0);
    }
    info->estimatedCost = lo >= 0 && hi >= 0 ? 1e3 : lo >= 0 || hi >= 0 ? 1e5 : 1e6;
    info->estimatedRows = (sqlite3_int64)info->estimatedCost;
  }
  if (info->nOrderBy == 1 && info->aOrderBy[0].iColumn == COL_KEY) {
    info->orderByConsumed = 1;
    bits |= info->aOrderBy[0].desc ? IDX_ORDER | IDX_DESC : IDX_ORDER;
  }
  plan = sqlite3_mprintf(
      "%s%s%s%s", bits & IDX_EQ ? "key=?" : "",
      bits & IDX_LO ? (bits & IDX_LO_INCL ? "key>=?" : "key>?") : "",
      bits & IDX_HI ? (bits & IDX_LO ? (bits & IDX_HI_INCL ? " AND key<=?" : " AND key<?")
                                     : (bits & IDX_HI_INCL ? "key<=?" : "key<?"))
                    : "",
      info->orderByConsumed ? (bits & IDX_DESC ? " ORDER BY key DESC" : " ORDER BY key") : "");
  if (!plan) return SQLITE_NOMEM;
  info->idxStr = plan;
  info->needToFreeIdxStr = 1;
  info->idxNum = bits;
  return SQLITE_OK;
}

/* ---- reading ------------------------------------------------------------ */

static int open_cursor(sqlite3_vtab *vt, sqlite3_vtab_cursor **out) {
  cursor *c = sqlite3_malloc(sizeof *c);
  (void)vt;
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof *c);
  *out = &c->base;
  return SQLITE_OK;
}

static void reset(cursor *c) {
  if (c->it) c->st.e->iter_close(c->it), c->it = NULL;
  if (c->st.db) c->st.e->close(c->st.db), c->st.db = NULL;
  sqlite3_free(c->path), c->path = NULL;
  sqlite3_free(c->name), c->name = NULL;
  sqlite3_free(c->end), c->end = NULL;
  free(c->w), c->w = NULL;
  c->nw = c->wi = 0;
  c->has_end = 0;
}

static int close_cursor(sqlite3_vtab_cursor *cur) {
  cursor *c = (cursor *)cur;
  reset(c);
  sqlite3_free(c);
  return SQLITE_OK;
}

/* The row's key: the transaction's write or the store's. */
static const unsigned char *row_key(cursor *c, size_t *n) {
  if (c->from_w) return *n = c->w[c->wi]->nkey, c->w[c->wi]->key;
  return c->st.e->key(c->it, n);
}

/* Settles on the next row in the scan's direction: the nearer of the
** store's key and the transaction's next write, the write winning a tie
** (and a deleting write hiding the key); then checks the end. */
static int settle(cursor *c, int *err_rc, char *err) {
  const store_engine *e = c->st.e;
  for (;;) {
    int have_it = e->valid(c->it), have_w = c->wi < c->nw, cmp = 0;
    size_t nk = 0;
    const unsigned char *k = NULL;
    if (!have_it && !have_w) return c->eof = 1, SQLITE_OK;
    if (have_it && have_w) {
      k = e->key(c->it, &nk);
      cmp = store_key_cmp(c->w[c->wi]->key, c->w[c->wi]->nkey, k, nk);
      if (c->desc) cmp = -cmp;
    }
    c->from_w = have_w && (!have_it || cmp <= 0);
    if (c->from_w && cmp == 0 && have_it) {
      /* the write replaces the store's key: step the store past it */
      int rc = c->desc ? e->prev(c->it, err) : e->next(c->it, err);
      if (rc != STORE_OK) return *err_rc = rc, SQLITE_ERROR;
    }
    if (c->from_w && !c->w[c->wi]->value) {
      c->wi++;
      continue;
    }
    break;
  }
  if (c->has_end) {
    size_t n;
    const unsigned char *k = row_key(c, &n);
    int cmp = store_key_cmp(k, n, c->end, (size_t)c->nend);
    if (c->desc ? (cmp < 0 || (cmp == 0 && !c->end_incl)) : (cmp > 0 || (cmp == 0 && !c->end_incl)))
      c->eof = 1;
  }
  return SQLITE_OK;
}

static int step(cursor *c, char *err, int *err_rc) {
  const store_engine *e = c->st.e;
  if (c->from_w)
    c->wi++;
  else {
    int rc = c->desc ? e->prev(c->it, err) : e->next(c->it, err);
    if (rc != STORE_OK) return *err_rc = rc, SQLITE_ERROR;
  }
  return settle(c, err_rc, err);
}

static int next(sqlite3_vtab_cursor *cur) {
  cursor *c = (cursor *)cur;
  table *t = (table *)cur->pVtab;
  char err[STORE_ERR_MAX];
  int store_rc = STORE_OK;
  c->row++;
  if (step(c, err, &store_rc) != SQLITE_OK) return store_error(cur->pVtab, t->e, store_rc, err);
  return SQLITE_OK;
}

/* The store a query names (the function's arguments), opened or shared. */
static int query_store(table *t, cursor *c, sqlite3_value *path, sqlite3_value *name, char *err) {
  const char *p, *n;
  if (t->table_name)
    return t->e->open(t->path, t->name, t->writable ? STORE_WRITE : 0, &c->st, err);
  if (sqlite3_value_type(path) != SQLITE_TEXT ||
      (name && sqlite3_value_type(name) != SQLITE_TEXT)) {
    sqlite3_value *bad = sqlite3_value_type(path) != SQLITE_TEXT ? path : name;
    store_errf(err, "the %s is TEXT, not %s",
               bad == path ? "store's path"
               : t->e->sub ? t->e->sub
                           : "name",
               sqlite3_value_type(bad) == SQLITE_NULL ? "NULL" : type_name(bad));
    return STORE_ERR;
  }
  if (name && !t->e->sub) {
    store_errf(err, "one argument too many: a store has no named parts");
    return STORE_ERR;
  }
  /* Opened for the query only: a LevelDB stays locked while open, and a
  ** later writable table on the same store must not find it read-only.
  ** A table (CREATE VIRTUAL TABLE) keeps its store open instead. */
  p = (const char *)sqlite3_value_text(path);
  n = name ? (const char *)sqlite3_value_text(name) : NULL;
  if (!p || (name && !n)) return STORE_NOMEM;
  if (strlen(p) != (size_t)sqlite3_value_bytes(path) ||
      (n && strlen(n) != (size_t)sqlite3_value_bytes(name))) {
    store_errf(err, "the %s holds a NUL byte",
               strlen(p) != (size_t)sqlite3_value_bytes(path) ? "store's path" : t->e->sub);
    return STORE_ERR;
  }
  if (!(c->path = dup_text(p, (int)strlen(p))) || (n && !(c->name = dup_text(n, (int)strlen(n)))))
    return STORE_NOMEM;
  return t->e->open(p, n, 0, &c->st, err);
}

static int copy_end(cursor *c, sqlite3_value *v, int incl) {
  int n = sqlite3_value_bytes(v);
  if (!(c->end = sqlite3_malloc(n ? n : 1))) return SQLITE_NOMEM;
  if (n) memcpy(c->end, sqlite3_value_blob(v), (size_t)n);
  c->nend = n;
  c->end_incl = incl;
  c->has_end = 1;
  return SQLITE_OK;
}

static int filter(sqlite3_vtab_cursor *cur, int bits, const char *plan, int argc,
                  sqlite3_value **argv) {
  cursor *c = (cursor *)cur;
  table *t = (table *)cur->pVtab;
  const store_engine *e;
  sqlite3_value *lo = NULL, *hi = NULL;
  const unsigned char *start = NULL;
  char err[STORE_ERR_MAX];
  int i = 0, rc, store_rc = STORE_OK, start_incl = 1, start_n = 0;
  (void)plan;
  (void)argc;
  reset(c);
  c->eof = 0;
  c->row = 0;
  c->desc = (bits & IDX_DESC) != 0;
  if (!t->table_name) {
    rc = query_store(t, c, argv[0], (bits & IDX_NAME) ? argv[1] : NULL, err);
    i = (bits & IDX_NAME) ? 2 : 1;
  } else
    rc = query_store(t, c, NULL, NULL, err);
  if (rc != STORE_OK) return store_error(cur->pVtab, t->e, rc, err);
  e = c->st.e;
  if ((bits & (IDX_EQ | IDX_LO | IDX_HI | IDX_ORDER)) && !e->memcmp_order(c->st.db)) {
    return vt_error(cur->pVtab, SQLITE_ERROR,
                    "%s: the database orders its keys as integers or reversed, not as bytes: "
                    "read it whole, without key ranges or ORDER BY key",
                    e->module);
  }
  if (bits & IDX_EQ)
    lo = hi = argv[i++];
  else {
    if (bits & IDX_LO) lo = argv[i++];
    if (bits & IDX_HI) hi = argv[i++];
  }
  /* SQL compares a BLOB key with a bound of another type by type alone:
  ** every key is above a number or text, and nothing matches NULL */
  if (lo && sqlite3_value_type(lo) != SQLITE_BLOB) {
    if (sqlite3_value_type(lo) == SQLITE_NULL || (bits & IDX_EQ)) return c->eof = 1, SQLITE_OK;
    lo = NULL;
  }
  if (hi && sqlite3_value_type(hi) != SQLITE_BLOB) return c->eof = 1, SQLITE_OK;
  {
    sqlite3_value *from = c->desc ? hi : lo, *to = c->desc ? lo : hi;
    int from_incl =
        c->desc ? (bits & (IDX_HI_INCL | IDX_EQ)) != 0 : (bits & (IDX_LO_INCL | IDX_EQ)) != 0;
    int to_incl =
        c->desc ? (bits & (IDX_LO_INCL | IDX_EQ)) != 0 : (bits & (IDX_HI_INCL | IDX_EQ)) != 0;
    if (to && copy_end(c, to, to_incl) != SQLITE_OK) return SQLITE_NOMEM;
    if (from) {
      start = sqlite3_value_blob(from);
      start_n = sqlite3_value_bytes(from);
      if (!start) start = (const unsigned char *)"";
      start_incl = from_incl;
    }
  }
  if ((rc = e->iter_open(c->st.db, &c->it, err)) != STORE_OK)
    return store_error(cur->pVtab, t->e, rc, err);
  rc = c->desc ? e->seek_last(c->it, start, (size_t)start_n, err)
               : e->seek(c->it, start, (size_t)start_n, err);
  if (rc == STORE_OK && start && !start_incl && e->valid(c->it)) {
    size_t n;
    const unsigned char *k = e->key(c->it, &n);
    if (store_key_cmp(k, n, start, (size_t)start_n) == 0)
      rc = c->desc ? e->prev(c->it, err) : e->next(c->it, err);
  }
  if (rc != STORE_OK) return store_error(cur->pVtab, t->e, rc, err);
  /* the transaction's own writes from the start on, in scan order */
  if (t->w.n) {
    size_t a = 0, b;
    if (pending_sorted(&t->w, &c->w, &c->nw) != STORE_OK) return SQLITE_NOMEM;
    b = c->nw;
    if (start) {
      /* [a, b): the writes on the far side of start are cut off */
      size_t j;
      for (j = 0; j < c->nw; j++) {
        int cmp = store_key_cmp(c->w[j]->key, c->w[j]->nkey, start, (size_t)start_n);
        if (c->desc ? (cmp < 0 || (cmp == 0 && start_incl))
                    : (cmp < 0 || (cmp == 0 && !start_incl)))
          a = j + 1;
        if (c->desc && (cmp > 0 || (cmp == 0 && !start_incl)) && b == c->nw) b = j;
      }
      if (c->desc) a = 0;
    }
    if (c->desc) {
      /* walk them backwards: reverse [a, b) in place */
      size_t x = a, y = b;
      while (x + 1 < y) {
        const store_op *s = c->w[x];
        c->w[x++] = c->w[--y];
        c->w[y] = s;
      }
    }
    memmove(c->w, c->w + a, (b - a) * sizeof *c->w);
    c->nw = b - a;
  }
  if (settle(c, &store_rc, err) != SQLITE_OK) return store_error(cur->pVtab, t->e, store_rc, err);
  return SQLITE_OK;
}

static int eof(sqlite3_vtab_cursor *cur) { return ((cursor *)cur)->eof; }

static int column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col) {
  cursor *c = (cursor *)cur;
  size_t n;
  const unsigned char *p;
  if (col == COL_KEY)
    p = row_key(c, &n);
  else if (col == COL_VALUE)
    p = c->from_w ? (n = c->w[c->wi]->nvalue, c->w[c->wi]->value) : c->st.e->value(c->it, &n);
  else {
    const char *s = col == COL_STORE ? c->path : c->name;
    if (s) sqlite3_result_text(ctx, s, -1, SQLITE_TRANSIENT);
    return SQLITE_OK;
  }
  if (n > 0x7fffffff) {
    sqlite3_result_error_toobig(ctx);
    return SQLITE_TOOBIG;
  }
  sqlite3_result_blob(ctx, n ? (const void *)p : "", (int)n, SQLITE_TRANSIENT);
  return SQLITE_OK;
}

static int rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *id) {
  *id = ((cursor *)cur)->row;
  return SQLITE_OK;
}

/* ---- writing ------------------------------------------------------------ */

static int write_error(table *t, const char *fmt, const char *what) {
  return vt_error(&t->base, SQLITE_ERROR, fmt, t->e->module, what);
}

/* Whether key is in the store, the transaction's writes counted. */
static int exists(table *t, sqlite3_value *key, int *yes) {
  const unsigned char *k = sqlite3_value_blob(key);
  size_t n = (size_t)sqlite3_value_bytes(key), m;
  const store_op *w = pending_find(&t->w, k ? k : (const unsigned char *)"", n);
  char err[STORE_ERR_MAX];
  int rc;
  if (w) return *yes = w->value != NULL, SQLITE_OK;
  if (!t->probe && (rc = t->st.e->iter_open(t->st.db, &t->probe, err)) != STORE_OK)
    return store_error(&t->base, t->e, rc, err);
  if ((rc = t->st.e->seek(t->probe, k, n, err)) != STORE_OK)
    return store_error(&t->base, t->e, rc, err);
  *yes = t->st.e->valid(t->probe) && (k = t->st.e->key(t->probe, &m), m == n) &&
         store_key_cmp(k, m, sqlite3_value_blob(key), n) == 0;
  return SQLITE_OK;
}

static int put(table *t, sqlite3_value *key, sqlite3_value *value) {
  const unsigned char *k = sqlite3_value_blob(key), *v = value ? sqlite3_value_blob(value) : NULL;
  int rc = pending_write(&t->w, k ? k : (const unsigned char *)"", (size_t)sqlite3_value_bytes(key),
                         value ? (v ? v : (const unsigned char *)"") : NULL,
                         value ? (size_t)sqlite3_value_bytes(value) : 0);
  return rc == STORE_OK ? SQLITE_OK : SQLITE_NOMEM;
}

/* The first 32 bytes of a BLOB in hex, for messages. */
static const char *hex(sqlite3_value *v, char out[65]) {
  static const char digits[] = "0123456789ABCDEF";
  const unsigned char *p = sqlite3_value_blob(v);
  int n = sqlite3_value_bytes(v), i;
  for (i = 0; i < n && i < 32; i++)
    out[2 * i] = digits[p[i] >> 4], out[2 * i + 1] = digits[p[i] & 15];
  out[2 * i] = 0;
  return out;
}

static int update(sqlite3_vtab *vt, int argc, sqlite3_value **argv, sqlite3_int64 *rowid_out) {
  table *t = (table *)vt;
  sqlite3_value *old = sqlite3_value_type(argv[0]) == SQLITE_NULL ? NULL : argv[0];
  sqlite3_value *key = argc > 1 ? argv[2] : NULL, *value = argc > 1 ? argv[3] : NULL;
  char err[STORE_ERR_MAX];
  int rc, yes = 0;
  (void)rowid_out;
  if (!t->writable)
    return write_error(
        t,
        t->table_name
            ? "%s: %s is read-only: CREATE VIRTUAL TABLE ... USING it with readwrite to write"
            : "%s: %s('path') is read-only: CREATE VIRTUAL TABLE ... USING it with readwrite to "
              "write",
        t->table_name ? t->table_name : t->e->module);
  if (!key) { /* DELETE */
    if ((rc = t->st.e->check_write(t->st.db, (size_t)sqlite3_value_bytes(old), err)) != STORE_OK)
      return store_error(vt, t->e, rc, err);
    return put(t, old, NULL);
  }
  if (sqlite3_value_type(key) != SQLITE_BLOB)
    return write_error(t, "%s: a key is a BLOB, not %s (CAST(... AS BLOB) takes text's bytes)",
                       type_name(key));
  if (sqlite3_value_type(value) != SQLITE_BLOB)
    return write_error(t, "%s: a value is a BLOB, not %s (x'' is the empty value)",
                       type_name(value));
  if ((rc = t->st.e->check_write(t->st.db, (size_t)sqlite3_value_bytes(key), err)) != STORE_OK)
    return store_error(vt, t->e, rc, err);
  /* an UPDATE that keeps the key overwrites it; anything else adds a key
  ** that may be there already */
  if (old && sqlite3_value_bytes(old) == sqlite3_value_bytes(key) &&
      (sqlite3_value_bytes(key) == 0 || memcmp(sqlite3_value_blob(old), sqlite3_value_blob(key),
                                               (size_t)sqlite3_value_bytes(key)) == 0))
    return put(t, key, value);
  if ((rc = exists(t, key, &yes)) != SQLITE_OK) return rc;
  if (yes) {
    int policy = sqlite3_vtab_on_conflict(t->db);
    if (policy == SQLITE_IGNORE) return SQLITE_OK;
    if (policy != SQLITE_REPLACE) {
      int n = sqlite3_value_bytes(key);
      char buf[65];
      return vt_error(
          vt, SQLITE_CONSTRAINT,
          "%s: the key X'%.*s'%s is in the store already (INSERT OR REPLACE overwrites it)",
          t->e->module, 2 * (n < 32 ? n : 32), hex(key, buf), n > 32 ? "..." : "");
    }
  }
  if (old && (rc = put(t, old, NULL)) != SQLITE_OK) return rc;
  return put(t, key, value);
}

/* ---- transactions ------------------------------------------------------- */

static int begin(sqlite3_vtab *vt) {
  table *t = (table *)vt;
  pending_clear(&t->w);
  t->nmarks = 0;
  return SQLITE_OK;
}

static int end(table *t) {
  close_probe(t);
  pending_clear(&t->w);
  t->nmarks = 0;
  return SQLITE_OK;
}

/* The batch lands before SQLite commits, so that its failure (a full map,
** a disk error) fails the COMMIT and nothing is written. */
static int sync(sqlite3_vtab *vt) {
  table *t = (table *)vt;
  char err[STORE_ERR_MAX];
  int rc;
  if (!t->w.n) return SQLITE_OK;
  close_probe(t);
  if ((rc = t->st.e->apply(t->st.db, t->w.ops, t->w.n, err)) != STORE_OK)
    return store_error(vt, t->e, rc, err);
  pending_clear(&t->w);
  return SQLITE_OK;
}

static int commit(sqlite3_vtab *vt) { return end((table *)vt); }
static int rollback(sqlite3_vtab *vt) { return end((table *)vt); }

static int savepoint(sqlite3_vtab *vt, int n) {
  table *t = (table *)vt;
  if (n >= MAX_SAVEPOINTS) return write_error(t, "%s: more than %s nested savepoints", "64");
  while (t->nmarks <= n) t->marks[t->nmarks++] = t->w.n;
  t->marks[n] = t->w.n;
  return SQLITE_OK;
}

static int release(sqlite3_vtab *vt, int n) {
  table *t = (table *)vt;
  if (n < t->nmarks) t->nmarks = n;
  return SQLITE_OK;
}

static int rollback_to(sqlite3_vtab *vt, int n) {
  table *t = (table *)vt;
  if (n < t->nmarks) pending_truncate(&t->w, t->marks[n]);
  return SQLITE_OK;
}

static const sqlite3_module module = {
    .iVersion = 2,
    .xCreate = connect,
    .xConnect = connect,
    .xBestIndex = best_index,
    .xDisconnect = disconnect,
    .xDestroy = disconnect,
    .xOpen = open_cursor,
    .xClose = close_cursor,
    .xFilter = filter,
    .xNext = next,
    .xEof = eof,
    .xColumn = column,
    .xRowid = rowid,
    .xUpdate = update,
    .xBegin = begin,
    .xSync = sync,
    .xCommit = commit,
    .xRollback = rollback,
    .xSavepoint = savepoint,
    .xRelease = release,
    .xRollbackTo = rollback_to,
};

int store_register(sqlite3 *db, const store_engine *e) {
  return sqlite3_create_module_v2(db, e->module, &module, (void *)e, NULL);
}
