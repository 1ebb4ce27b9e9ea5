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
** (pending.h) and are applied at COMMIT as one batch, with the check that
** no other writer changed a key the transaction wrote since it looked.
**
** The tables and functions run only from SQL the user typed, never from a
** view, trigger or other schema object (SQLITE_VTAB_DIRECTONLY): a
** database file is not a way to read or write the user's stores. A table
** a schema declares opens its store only where the schema is trusted
** (PRAGMA trusted_schema), and never creates one.
*/
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <sqlite3ext.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"
#include "pending.h"
#include "shared.h"
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
  IDX_ORDER = 128,
  IDX_NO_PATH = 256 /* the function without its path: an error */
};

#define MAX_SAVEPOINTS 64

/* A connection's transaction on one store: the writes of every table of
** the connection over that store (two tables over one store are two names
** for one set of keys), applied as one batch. */
typedef struct txn {
  struct txn *next;
  sqlite3 *db;
  int refs;
  pending w;
  void *probe;           /* an iterator over the store, for looking up keys */
  const store *probe_st; /* the table's store it iterates */
  size_t scanned;        /* w.n when a scan of the store last began */
  char id[];             /* module, real path and name */
} txn;

static txn *all_txns; /* under store_lock() */

typedef struct table {
  sqlite3_vtab base;
  const store_engine *e;
  sqlite3 *db;
  char *table_name; /* NULL for the table-valued function */
  int writable, flags;
  store st; /* a table's store, once opened */
  char *path, *name;
  txn *x; /* a table's transaction */
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
  /* the transaction's writes in the range (indexes into its ops), merged
  ** with the store's keys; valid while the writes are gen's */
  size_t *w;
  size_t nw, wi, gen;
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

/* ---- a connection's transactions on its stores ------------------------ */

/* The connection's transaction on the store id names, shared by its tables
** (counted), or NULL when out of memory. */
static txn *txn_get(sqlite3 *db, const char *id) {
  txn *x;
  size_t n = strlen(id) + 1;
  store_lock();
  for (x = all_txns; x && (x->db != db || strcmp(x->id, id) != 0); x = x->next) {
  }
  if (x)
    x->refs++;
  else if ((x = calloc(1, sizeof *x + n)) != NULL) {
    x->db = db;
    x->refs = 1;
    memcpy(x->id, id, n);
    x->next = all_txns;
    all_txns = x;
  }
  store_unlock();
  return x;
}

static void close_probe(txn *x) {
  if (x->probe) x->probe_st->e->iter_close(x->probe), x->probe = NULL;
}

static void txn_release(txn *x) {
  txn **p;
  close_probe(x); /* it may iterate the leaving table's store */
  store_lock();
  if (--x->refs == 0) {
    for (p = &all_txns; *p != x; p = &(*p)->next) {
    }
    *p = x->next;
    pending_clear(&x->w);
    free(x);
  }
  store_unlock();
}

/* The store's identity: the module, its real path and the name. */
static char *store_id(const table *t) {
  char real[PATH_MAX];
  if (!realpath(t->path, real)) return NULL;
  return sqlite3_mprintf("%s\n%s\n%s", t->e->module, real, t->name ? t->name : "");
}

/* ---- connecting --------------------------------------------------------- */

/* Whether a table the database's schema declares may open its store: only
** where the connection trusts the schema (PRAGMA trusted_schema; the temp
** schema is the connection's own). */
static int schema_trusted(sqlite3 *db, const char *schema) {
  int trusted = 1;
  if (strcmp(schema, "temp") == 0) return 1;
  if (sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, -1, &trusted) != SQLITE_OK) return 0;
  return trusted;
}

/* Opens the table's store and joins the connection's transaction on it;
** else an error in *err. */
static int open_store(table *t, char **err) {
  char msg[STORE_ERR_MAX], *id;
  int rc = t->e->open(t->path, t->name, t->flags, &t->st, msg);
  if (rc != STORE_OK) {
    /* a relative path is the current folder's, which differs between runs */
    char cwd[PATH_MAX];
    int relative = t->path[0] != '/' && getcwd(cwd, sizeof cwd);
    if (rc == STORE_NOMEM) return SQLITE_NOMEM;
    *err =
        sqlite3_mprintf(relative ? "%s: %s (the path is relative: resolved as '%s/%s')" : "%s: %s",
                        t->e->module, msg, relative ? cwd : "", t->path);
    return *err ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  id = store_id(t);
  t->x = id ? txn_get(t->db, id) : NULL;
  sqlite3_free(id);
  if (!t->x) {
    t->st.e->close(t->st.db);
    t->st.db = NULL;
    return SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

/* The table's store, opened at its first use. */
static int ready(table *t) {
  if (t->x) return SQLITE_OK;
  sqlite3_free(t->base.zErrMsg);
  t->base.zErrMsg = NULL;
  return open_store(t, &t->base.zErrMsg);
}

/* Whether the connection is running CREATE VIRTUAL TABLE. SQLite calls
** one function for a new table and for one its schema holds (xCreate and
** xConnect must be the same for the table-valued function); what tells
** them apart is the statement being run: the new table's is CREATE. */
static int creating(sqlite3 *db) {
  sqlite3_stmt *s;
  for (s = sqlite3_next_stmt(db, NULL); s; s = sqlite3_next_stmt(db, s)) {
    const char *q = sqlite3_sql(s);
    int words = 0;
    if (!q || !sqlite3_stmt_busy(s)) continue;
    /* its first two words, past spaces and comments */
    while (*q && words < 2) {
      if (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\f')
        q++;
      else if (q[0] == '-' && q[1] == '-')
        while (*q && *q != '\n') q++;
      else if (q[0] == '/' && q[1] == '*') {
        const char *e = strstr(q + 2, "*/");
        q = e ? e + 2 : q + strlen(q);
      } else {
        if (sqlite3_strnicmp(q, words ? "VIRTUAL" : "CREATE", words ? 7 : 6) != 0) break;
        q += words++ ? 7 : 6;
      }
    }
    if (words == 2) return 1;
  }
  return 0;
}

static int connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out,
                   char **err) {
  const store_engine *e = aux;
  table *t;
  int rc, i, flags = 0, is_new;
  /* the table-valued function is the table of the module's own name */
  int function = argc <= 3 && strcmp(argv[2], e->module) == 0;
  rc = sqlite3_declare_vtab(
      db, function ? "CREATE TABLE x(key BLOB PRIMARY KEY, value BLOB, store HIDDEN, name HIDDEN) "
                     "WITHOUT ROWID"
                   : "CREATE TABLE x(key BLOB PRIMARY KEY, value BLOB) WITHOUT ROWID");
  if (rc != SQLITE_OK) return rc;
  /* never from a view, a trigger or another schema object */
  if ((rc = sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY)) != SQLITE_OK) return rc;
  /* update() refuses a row before it writes anything, so that SQLite may
  ** apply the statement's OR FAIL / OR ROLLBACK as to its own tables */
  if ((rc = sqlite3_vtab_config(db, SQLITE_VTAB_CONSTRAINT_SUPPORT, 1)) != SQLITE_OK) return rc;
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
  if (!(is_new = creating(db))) {
    if (!schema_trusted(db, argv[1])) {
      *err = sqlite3_mprintf(
          "%s: %s.%s is declared in the database's schema, which this connection does not trust "
          "(PRAGMA trusted_schema is OFF): it opens no store; PRAGMA trusted_schema = ON trusts "
          "the file's tables",
          e->module, argv[1], argv[2]);
      goto fail;
    }
    flags &= ~STORE_CREATE; /* create acts once, at CREATE VIRTUAL TABLE */
  }
  t->writable = (flags & STORE_WRITE) != 0;
  t->flags = flags;
  /* A new table opens (or makes) its store now, so that a wrong path fails
  ** the CREATE; one from the schema when a statement first uses it, which
  ** no view or trigger can. */
  if (is_new && (rc = open_store(t, err)) != SQLITE_OK) goto fail;
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

static int disconnect(sqlite3_vtab *vt) {
  table *t = (table *)vt;
  if (t->x) txn_release(t->x);
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
    /* A plan SQLite tries without the path: a part of an OR, whose terms
    ** it plans one at a time, or a query that gives none. The last of
    ** plans, and an error only if SQLite is left with it (filter()). */
    info->estimatedCost = 1e300;
    info->idxNum = IDX_NO_PATH;
    return SQLITE_OK;
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

/* Why a scan stops when the writes it merges are gone. */
#define GONE                                                                                    \
  "the transaction's writes this query read were rolled back or committed while it read them: " \
  "run it again"

/* The transaction's write the scan is at, or NULL when the writes it
** merges are gone (a ROLLBACK TO, a COMMIT by another statement of the
** connection while this one reads). */
static const store_op *write_at(cursor *c) {
  const pending *w = &((table *)c->base.pVtab)->x->w;
  return c->gen == w->gen && c->w[c->wi] < w->n ? &w->ops[c->w[c->wi]] : NULL;
}

/* The row's key: the transaction's write or the store's. */
static const unsigned char *row_key(cursor *c, size_t *n) {
  if (c->from_w) {
    const store_op *op = write_at(c);
    return *n = op->nkey, op->key;
  }
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
    const store_op *op = have_w ? write_at(c) : NULL;
    if (!have_it && !have_w) return c->eof = 1, SQLITE_OK;
    if (have_w && !op) {
      store_errf(err, "%s", GONE);
      return *err_rc = STORE_ERR, SQLITE_ERROR;
    }
    if (have_it && have_w) {
      k = e->key(c->it, &nk);
      cmp = store_key_cmp(op->key, op->nkey, k, nk);
      if (c->desc) cmp = -cmp;
    }
    c->from_w = have_w && (!have_it || cmp <= 0);
    if (c->from_w && cmp == 0 && have_it) {
      /* the write replaces the store's key: step the store past it */
      int rc = c->desc ? e->prev(c->it, err) : e->next(c->it, err);
      if (rc != STORE_OK) return *err_rc = rc, SQLITE_ERROR;
    }
    if (c->from_w && !op->value) {
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
  store_range hint;
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
  if (bits & IDX_NO_PATH)
    return vt_error(cur->pVtab, SQLITE_ERROR,
                    "%s: the store's path is missing: SELECT key, value FROM %s('path'%s)",
                    t->e->module, t->e->module, t->e->sub ? "[, 'name']" : "");
  if (!t->table_name) {
    rc = query_store(t, c, argv[0], (bits & IDX_NAME) ? argv[1] : NULL, err);
    i = (bits & IDX_NAME) ? 2 : 1;
  } else if ((rc = ready(t)) != SQLITE_OK)
    return rc;
  else
    rc = query_store(t, c, NULL, NULL, err);
  if (rc != STORE_OK) return store_error(cur->pVtab, t->e, rc, err);
  e = c->st.e;
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
  /* the keys the scan will read: from start on, to the end */
  hint.lo = c->desc ? c->end : start, hint.nlo = (size_t)(c->desc ? c->nend : start_n);
  hint.hi = c->desc ? start : c->end, hint.nhi = (size_t)(c->desc ? start_n : c->nend);
  if ((rc = e->iter_open(c->st.db, &hint, &c->it, err)) != STORE_OK)
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
  if (t->x) t->x->scanned = t->x->w.n;
  if (t->x && t->x->w.n) {
    const store_op *ops = t->x->w.ops;
    size_t a = 0, b;
    if (pending_sorted(&t->x->w, &c->w, &c->nw) != STORE_OK) return SQLITE_NOMEM;
    c->gen = t->x->w.gen;
    b = c->nw;
    if (start) {
      /* [a, b): the writes on the far side of start are cut off */
      size_t j;
      for (j = 0; j < c->nw; j++) {
        int cmp = store_key_cmp(ops[c->w[j]].key, ops[c->w[j]].nkey, start, (size_t)start_n);
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
        size_t s = c->w[x];
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
  const store_op *op = c->from_w ? write_at(c) : NULL;
  if (c->from_w && !op) { /* rolled back or committed since the row was reached */
    char *msg = sqlite3_mprintf("%s: %s", ((table *)cur->pVtab)->e->module, GONE);
    sqlite3_result_error(ctx, msg ? msg : "out of memory", -1);
    sqlite3_free(msg);
    return SQLITE_ERROR;
  }
  if (col == COL_KEY)
    p = op ? (n = op->nkey, op->key) : c->st.e->key(c->it, &n);
  else if (col == COL_VALUE)
    p = op ? (n = op->nvalue, op->value) : c->st.e->value(c->it, &n);
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

/* What the transaction knows of a key, and what its write expects of the
** store: for a key the transaction wrote, its latest write (*at its index
** in the writes); else the store through the probe, whose state the key's
** first write records (*expect, *hash), so that COMMIT finds whether
** another writer changed it since. */
typedef struct seen {
  int present, expect;
  uint64_t hash;
  size_t at; /* the latest write's index, or SIZE_MAX */
} seen;

static int look(table *t, sqlite3_value *key, seen *out) {
  txn *x = t->x;
  const unsigned char *k = sqlite3_value_blob(key), *at;
  size_t n = (size_t)sqlite3_value_bytes(key), m;
  const store_op *w = pending_find(&x->w, k ? k : (const unsigned char *)"", n);
  char err[STORE_ERR_MAX];
  int rc;
  memset(out, 0, sizeof *out);
  out->at = SIZE_MAX;
  if (w) {
    out->present = w->value != NULL;
    out->at = (size_t)(w - x->w.ops);
    return SQLITE_OK;
  }
  if (!x->probe) {
    if ((rc = t->st.e->iter_open(t->st.db, NULL, &x->probe, err)) != STORE_OK)
      return store_error(&t->base, t->e, rc, err);
    x->probe_st = &t->st;
  }
  if ((rc = x->probe_st->e->seek(x->probe, k, n, err)) != STORE_OK)
    return store_error(&t->base, t->e, rc, err);
  out->present = x->probe_st->e->valid(x->probe) &&
                 (at = x->probe_st->e->key(x->probe, &m), m == n) &&
                 (n == 0 || memcmp(at, k, n) == 0);
  out->expect = out->present ? STORE_HELD : STORE_ABSENT;
  if (out->present) {
    const unsigned char *v = x->probe_st->e->value(x->probe, &m);
    out->hash = store_hash(v, m);
  }
  return SQLITE_OK;
}

/* Writes key (value NULL: deletes it), with what the store held there. */
static int put(table *t, sqlite3_value *key, sqlite3_value *value, const seen *was) {
  const unsigned char *k = sqlite3_value_blob(key), *v = value ? sqlite3_value_blob(value) : NULL;
  int rc =
      pending_write(&t->x->w, k ? k : (const unsigned char *)"", (size_t)sqlite3_value_bytes(key),
                    value ? (v ? v : (const unsigned char *)"") : NULL,
                    value ? (size_t)sqlite3_value_bytes(value) : 0, was->expect, was->hash);
  return rc == STORE_OK ? SQLITE_OK : SQLITE_NOMEM;
}

/* The first 32 bytes of a key in hex, for messages. */
static const char *hex(const unsigned char *p, size_t n, char out[68]) {
  static const char digits[] = "0123456789ABCDEF";
  size_t i;
  for (i = 0; i < n && i < 32; i++)
    out[2 * i] = digits[p[i] >> 4], out[2 * i + 1] = digits[p[i] & 15];
  strcpy(out + 2 * i, n > 32 ? "..." : "");
  return out;
}

static int update(sqlite3_vtab *vt, int argc, sqlite3_value **argv, sqlite3_int64 *rowid_out) {
  table *t = (table *)vt;
  sqlite3_value *old = sqlite3_value_type(argv[0]) == SQLITE_NULL ? NULL : argv[0];
  sqlite3_value *key = argc > 1 ? argv[2] : NULL, *value = argc > 1 ? argv[3] : NULL;
  char err[STORE_ERR_MAX], buf[68];
  seen was_old, was;
  int rc;
  (void)rowid_out;
  if (!t->writable)
    return write_error(
        t,
        t->table_name
            ? "%s: %s is read-only: CREATE VIRTUAL TABLE ... USING it with readwrite to write"
            : "%s: %s('path') is read-only: CREATE VIRTUAL TABLE ... USING it with readwrite to "
              "write",
        t->table_name ? t->table_name : t->e->module);
  if ((rc = ready(t)) != SQLITE_OK) return rc;
  if (old) {
    if ((rc = look(t, old, &was_old)) != SQLITE_OK) return rc;
    /* The statement read this row before its first write (SQLite reads
    ** every row an UPDATE changes first); a write of the key since is
    ** this statement's OR REPLACE, which put another row there. SQLite's
    ** own table would update that row instead, from values this table
    ** is not given. */
    if (was_old.at != SIZE_MAX && was_old.at >= t->x->scanned)
      return vt_error(vt, SQLITE_CONSTRAINT,
                      "%s: the statement replaced the row at key X'%s', which it then updates: "
                      "SQLite would update the row that replaced it, which this table cannot; "
                      "nothing was written (update the keys in an order where none lands on "
                      "another, or in two statements)",
                      t->e->module,
                      hex(sqlite3_value_blob(old), (size_t)sqlite3_value_bytes(old), buf));
  }
  if (!key) { /* DELETE */
    if ((rc = t->st.e->check_write(t->st.db, (size_t)sqlite3_value_bytes(old), err)) != STORE_OK)
      return store_error(vt, t->e, rc, err);
    return put(t, old, NULL, &was_old);
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
    return put(t, key, value, &was_old);
  if ((rc = look(t, key, &was)) != SQLITE_OK) return rc;
  if (was.present) {
    int policy = sqlite3_vtab_on_conflict(t->db);
    if (policy == SQLITE_IGNORE) return SQLITE_OK;
    if (policy != SQLITE_REPLACE)
      return vt_error(vt, SQLITE_CONSTRAINT,
                      "%s: the key X'%s' is in the store already (INSERT OR REPLACE overwrites it)",
                      t->e->module,
                      hex(sqlite3_value_blob(key), (size_t)sqlite3_value_bytes(key), buf));
  }
  if (old && (rc = put(t, old, NULL, &was_old)) != SQLITE_OK) return rc;
  return put(t, key, value, &was);
}

/* ---- transactions ------------------------------------------------------- */

/* The writes wait in the connection's transaction on the store (begun by
** whichever of its tables writes first, ended by all). */
static int begin(sqlite3_vtab *vt) {
  ((table *)vt)->nmarks = 0;
  return SQLITE_OK;
}

static int end(table *t) {
  if (t->x) close_probe(t->x), pending_clear(&t->x->w);
  t->nmarks = 0;
  return SQLITE_OK;
}

/* The batch lands before SQLite commits, so that its failure (a full map,
** a disk error, another writer's change to a key it writes) fails the
** COMMIT and nothing is written. The first of the store's tables to sync
** applies it. */
static int apply_batch(sqlite3_vtab *vt) {
  table *t = (table *)vt;
  pending *w = t->x ? &t->x->w : NULL;
  char err[STORE_ERR_MAX], buf[68];
  size_t at = 0;
  int rc;
  if (!w || !w->n) return SQLITE_OK;
  close_probe(t->x);
  rc = t->st.e->apply(t->st.db, w->ops, w->n, &at, err);
  if (rc == STORE_CONFLICT)
    return vt_error(vt, SQLITE_BUSY,
                    "%s: another writer changed the key X'%s' after this transaction read it: "
                    "nothing was written (ROLLBACK, then run the transaction again)",
                    t->e->module, hex(w->ops[at].key, w->ops[at].nkey, buf));
  if (rc != STORE_OK) return store_error(vt, t->e, rc, err);
  pending_clear(w);
  return SQLITE_OK;
}

static int commit(sqlite3_vtab *vt) { return end((table *)vt); }
static int rollback(sqlite3_vtab *vt) { return end((table *)vt); }

/* Savepoints are marks in the writes, each table's own (a table that joins
** the transaction late marks where it joined; rolling back to the earliest
** of the marks is what counts). */
static int savepoint(sqlite3_vtab *vt, int n) {
  table *t = (table *)vt;
  size_t at = t->x ? t->x->w.n : 0;
  if (n >= MAX_SAVEPOINTS) return write_error(t, "%s: more than %s nested savepoints", "64");
  while (t->nmarks <= n) t->marks[t->nmarks++] = at;
  t->marks[n] = at;
  return SQLITE_OK;
}

static int release(sqlite3_vtab *vt, int n) {
  table *t = (table *)vt;
  if (n < t->nmarks) t->nmarks = n < 0 ? 0 : n;
  return SQLITE_OK;
}

/* n is -1 for the SAVEPOINT that began the transaction: all its writes. */
static int rollback_to(sqlite3_vtab *vt, int n) {
  table *t = (table *)vt;
  if (!t->x) return SQLITE_OK;
  if (n < 0)
    pending_truncate(&t->x->w, 0);
  else if (n < t->nmarks)
    pending_truncate(&t->x->w, t->marks[n]);
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
    .xSync = apply_batch,
    .xCommit = commit,
    .xRollback = rollback,
    .xSavepoint = savepoint,
    .xRelease = release,
    .xRollbackTo = rollback_to,
};

int store_register(sqlite3 *db, const store_engine *e) {
  return sqlite3_create_module_v2(db, e->module, &module, (void *)e, NULL);
}
