/*
** chrome_key.c -- ok_chrome_key(key [, value]): what a LevelDB key of
** Chrome's IndexedDB is (src/ok_chrome.h), as one row, with the value
** stored at it read as its kind says.
**
**   SELECT c.what, c.name, c.value
**   FROM ok_leveldb('.../https_example.org_0.indexeddb.leveldb') s,
**        ok_chrome_key(s.key, s.value) c;
**
** Columns: kind ('global', 'database', 'record', 'exists', 'blob',
** 'index'), what (in words: 'record', 'store name', 'database name'...),
** database_id, store_id, index_id (the ids the key is about: its prefix's,
** or those a metadata key names), origin and name (a database name key's,
** a name key's), key (an IndexedDB key, BLOB in the 'chrome' format: a
** record's, an index entry's), seq and primary_key (an index entry's),
** version (of a record, exists or index entry), value (the value given,
** read: a number, a name as TEXT, a key path as JSON, an index entry's
** primary key, a record's serialized bytes after its version). A NULL key
** gives no row; a key Chrome's coding does not read, or a value not what
** its key holds, is an error naming the byte (the first is byte 1, as the
** readers count).
*/
#include <stdarg.h>
#include <string.h>

#include "../src/ok_chrome.h"
#include "functions.h"

enum {
  C_KIND,
  C_WHAT,
  C_DATABASE,
  C_STORE,
  C_INDEX,
  C_ORIGIN,
  C_NAME,
  C_KEY,
  C_SEQ,
  C_PRIMARY,
  C_VERSION,
  C_VALUE,
  C_ARG_KEY,
  C_ARG_VALUE
};

typedef struct {
  sqlite3_vtab_cursor base;
  uint8_t *key, *value; /* copies of the arguments */
  size_t nkey, nvalue;
  int has_value, eof;
  ok_chrome_key k;
  ok_chrome_value v;
} cursor;

static int ck_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **vt,
                      char **err) {
  int rc;
  (void)aux, (void)argc, (void)argv, (void)err;
  rc = sqlite3_declare_vtab(db,
                            "CREATE TABLE x(kind TEXT, what TEXT, database_id INTEGER, store_id "
                            "INTEGER, index_id INTEGER, origin TEXT, name TEXT, key BLOB, seq "
                            "INTEGER, primary_key BLOB, version INTEGER, value, "
                            "leveldb_key HIDDEN, leveldb_value HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
  *vt = sqlite3_malloc(sizeof **vt);
  if (!*vt) return SQLITE_NOMEM;
  memset(*vt, 0, sizeof **vt);
  return SQLITE_OK;
}

static int ck_disconnect(sqlite3_vtab *vt) {
  sqlite3_free(vt);
  return SQLITE_OK;
}

/* The key (and the value, if given) are the function's arguments:
** equality constraints. idxNum 1: the value given. */
static int ck_best_index(sqlite3_vtab *vt, sqlite3_index_info *info) {
  int i, key = -1, value = -1;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (c->iColumn != C_ARG_KEY && c->iColumn != C_ARG_VALUE) continue;
    if (c->op != SQLITE_INDEX_CONSTRAINT_EQ || !c->usable) return SQLITE_CONSTRAINT;
    if (c->iColumn == C_ARG_KEY)
      key = i;
    else
      value = i;
  }
  if (key < 0) {
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("ok_chrome_key: takes a key argument");
    return SQLITE_ERROR;
  }
  info->aConstraintUsage[key].argvIndex = 1;
  info->aConstraintUsage[key].omit = 1;
  if (value >= 0) {
    info->aConstraintUsage[value].argvIndex = 2;
    info->aConstraintUsage[value].omit = 1;
  }
  info->idxNum = value >= 0;
  info->estimatedCost = 1;
  info->estimatedRows = 1;
  return SQLITE_OK;
}

static int ck_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out) {
  cursor *c = sqlite3_malloc(sizeof *c);
  (void)vt;
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof *c);
  *out = &c->base;
  return SQLITE_OK;
}

static void clear(cursor *c) {
  sqlite3_free(c->key);
  sqlite3_free(c->value);
  c->key = c->value = NULL;
  c->has_value = 0;
  c->eof = 1;
}

static int ck_close(sqlite3_vtab_cursor *cur) {
  clear((cursor *)cur);
  sqlite3_free(cur);
  return SQLITE_OK;
}

static int error(cursor *c, const char *fmt, ...) {
  sqlite3_vtab *vt = c->base.pVtab;
  va_list ap;
  char *m;
  va_start(ap, fmt);
  m = sqlite3_vmprintf(fmt, ap);
  va_end(ap);
  sqlite3_free(vt->zErrMsg);
  vt->zErrMsg = m ? sqlite3_mprintf("ok_chrome_key: %s", m) : NULL;
  sqlite3_free(m);
  return vt->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* A copy of argument v (a BLOB, or TEXT taken as its bytes) in *out. */
static int copy(cursor *c, sqlite3_value *v, const char *what, uint8_t **out, size_t *n) {
  int t = sqlite3_value_type(v);
  const uint8_t *p;
  if (t != SQLITE_BLOB && t != SQLITE_TEXT)
    return error(c, "%s must be a BLOB, not %s", what, ok_sql_type_name(t));
  if (ok_sql_value_bytes(v, &p, n) != SQLITE_OK || !(*out = sqlite3_malloc64(*n ? *n : 1)))
    return SQLITE_NOMEM;
  if (*n) memcpy(*out, p, *n);
  return SQLITE_OK;
}

static int ck_filter(sqlite3_vtab_cursor *cur, int idx, const char *idxStr, int argc,
                     sqlite3_value **argv) {
  cursor *c = (cursor *)cur;
  size_t err;
  int rc;
  (void)idxStr, (void)argc;
  clear(c);
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return SQLITE_OK; /* no row */
  if ((rc = copy(c, argv[0], "key", &c->key, &c->nkey)) != SQLITE_OK) return rc;
  if ((rc = ok_chrome_key_read(c->key, c->nkey, &c->k, &err)) != OK_OK)
    return error(c, "not a key of Chrome's IndexedDB, at byte %lld: %s", (long long)err + 1,
                 ok_strerror(rc));
  if (idx & 1 && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    if ((rc = copy(c, argv[1], "value", &c->value, &c->nvalue)) != SQLITE_OK) return rc;
    /* the key was read from the copy, which c->k points into */
    if ((rc = ok_chrome_value_read(&c->k, c->value, c->nvalue, &c->v, &err)) != OK_OK)
      return error(c, "the value of a %s key, at byte %lld: %s", ok_chrome_what(&c->k),
                   (long long)err + 1, ok_strerror(rc));
    c->has_value = 1;
  }
  c->eof = 0;
  return SQLITE_OK;
}

static int ck_next(sqlite3_vtab_cursor *cur) {
  ((cursor *)cur)->eof = 1;
  return SQLITE_OK;
}

static int ck_eof(sqlite3_vtab_cursor *cur) { return ((cursor *)cur)->eof; }

/* UTF-16 units p[0..2 count) as TEXT. */
static int result_units(sqlite3_context *ctx, const uint8_t *p, size_t count) {
  size_t n = ok_chrome_units_text(NULL, p, count);
  uint8_t *t = sqlite3_malloc64(n ? n : 1);
  if (!t) return SQLITE_NOMEM;
  ok_chrome_units_text(t, p, count);
  sqlite3_result_text64(ctx, (const char *)t, n, sqlite3_free, SQLITE_UTF8);
  return SQLITE_OK;
}

static void result_id(sqlite3_context *ctx, int64_t id) {
  if (id >= 0) sqlite3_result_int64(ctx, id);
}

static int result_value(sqlite3_context *ctx, const ok_chrome_value *v) {
  switch (v->type) {
    case OK_CHROME_V_INT: sqlite3_result_int64(ctx, v->i); break;
    case OK_CHROME_V_TEXT: return result_units(ctx, v->p, v->n);
    case OK_CHROME_V_BYTES:
    case OK_CHROME_V_KEY:
      sqlite3_result_blob64(ctx, v->n ? v->p : (const uint8_t *)"", v->n, SQLITE_TRANSIENT);
      break;
    case OK_CHROME_V_PATH: {
      size_t n = ok_chrome_path_json(NULL, v->p, v->n);
      uint8_t *t = sqlite3_malloc64(n);
      if (!t) return SQLITE_NOMEM;
      ok_chrome_path_json(t, v->p, v->n);
      sqlite3_result_text64(ctx, (const char *)t, n, sqlite3_free, SQLITE_UTF8);
      break;
    }
  }
  return SQLITE_OK;
}

static int ck_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col) {
  static const char *const kinds[] = {"",       "global", "database", "record",
                                      "exists", "blob",   "index"};
  cursor *c = (cursor *)cur;
  const ok_chrome_key *k = &c->k;
  int meta = k->kind == OK_CHROME_DATABASE;
  switch (col) {
    case C_KIND: sqlite3_result_text(ctx, kinds[k->kind], -1, SQLITE_STATIC); break;
    case C_WHAT: sqlite3_result_text(ctx, ok_chrome_what(k), -1, SQLITE_STATIC); break;
    case C_DATABASE: result_id(ctx, k->kind == OK_CHROME_GLOBAL ? k->id : k->database); break;
    case C_STORE: result_id(ctx, meta ? k->id : k->kind == OK_CHROME_GLOBAL ? -1 : k->store); break;
    case C_INDEX:
      result_id(ctx, meta ? k->sub : k->kind == OK_CHROME_GLOBAL || k->index < 30 ? -1 : k->index);
      break;
    case C_ORIGIN:
      if (k->origin) return result_units(ctx, k->origin, k->origin_units);
      break;
    case C_NAME:
      if (k->name) return result_units(ctx, k->name, k->name_units);
      break;
    case C_KEY:
      if (k->key) sqlite3_result_blob64(ctx, k->key, k->key_len, SQLITE_TRANSIENT);
      break;
    case C_SEQ: result_id(ctx, k->seq); break;
    case C_PRIMARY:
      if (k->primary) sqlite3_result_blob64(ctx, k->primary, k->primary_len, SQLITE_TRANSIENT);
      break;
    case C_VERSION:
      if (c->has_value) result_id(ctx, c->v.version);
      break;
    case C_VALUE:
      if (c->has_value) return result_value(ctx, &c->v);
      break;
    case C_ARG_KEY: sqlite3_result_blob64(ctx, c->key, c->nkey, SQLITE_TRANSIENT); break;
    default:
      if (c->value) sqlite3_result_blob64(ctx, c->value, c->nvalue, SQLITE_TRANSIENT);
  }
  return SQLITE_OK;
}

static int ck_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid) {
  (void)cur;
  *rowid = 1;
  return SQLITE_OK;
}

/* Eponymous only, read only. */
static const sqlite3_module chrome_key_module = {
    .xConnect = ck_connect,
    .xBestIndex = ck_best_index,
    .xDisconnect = ck_disconnect,
    .xOpen = ck_open,
    .xClose = ck_close,
    .xFilter = ck_filter,
    .xNext = ck_next,
    .xEof = ck_eof,
    .xColumn = ck_column,
    .xRowid = ck_rowid,
};

int ok_sql_chrome_key_register(sqlite3 *db) {
  return sqlite3_create_module(db, "ok_chrome_key", &chrome_key_module, NULL);
}
