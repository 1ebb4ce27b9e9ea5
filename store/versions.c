/*
** versions.c -- ok_leveldb_versions('path'): every entry a LevelDB's files
** still hold (ldbfiles.h), not only the live ones: each version of a key,
** put or deleted, with its sequence number and the file it is in, as
** forensic work reads a store (deleted and overwritten records included).
**
**   SELECT key, value, seq, kind, file FROM ok_leveldb_versions('app/db');
**
** Rows by key, each key's versions newest first. A table-valued function
** only (no CREATE VIRTUAL TABLE), and, as every store function, only from
** SQL the user typed (SQLITE_VTAB_DIRECTONLY).
*/
#include <sqlite3ext.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "ldbfiles.h"
SQLITE_EXTENSION_INIT3

enum { COL_KEY, COL_VALUE, COL_SEQ, COL_KIND, COL_FILE, COL_PATH };

typedef struct cursor {
  sqlite3_vtab_cursor base;
  ldb_files f;
  size_t at;
  int loaded;
} cursor;

static int connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out,
                   char **err) {
  sqlite3_vtab *vt;
  int rc;
  (void)aux, (void)argc, (void)argv, (void)err;
  rc = sqlite3_declare_vtab(db,
                            "CREATE TABLE x(key BLOB, value BLOB, seq INTEGER, kind TEXT, "
                            "file TEXT, path HIDDEN)");
  if (rc == SQLITE_OK) rc = sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
  if (rc != SQLITE_OK) return rc;
  if (!(vt = sqlite3_malloc(sizeof *vt))) return SQLITE_NOMEM;
  memset(vt, 0, sizeof *vt);
  *out = vt;
  return SQLITE_OK;
}

static int disconnect(sqlite3_vtab *vt) {
  sqlite3_free(vt);
  return SQLITE_OK;
}

/* The path is the one constraint taken; without it, the last of plans,
** which filter() refuses with the reason. */
static int best_index(sqlite3_vtab *vt, sqlite3_index_info *info) {
  int i;
  (void)vt;
  for (i = 0; i < info->nConstraint; i++)
    if (info->aConstraint[i].iColumn == COL_PATH &&
        info->aConstraint[i].op == SQLITE_INDEX_CONSTRAINT_EQ) {
      if (!info->aConstraint[i].usable) return SQLITE_CONSTRAINT;
      info->aConstraintUsage[i].argvIndex = 1;
      info->aConstraintUsage[i].omit = 1;
      info->idxNum = 1;
      info->estimatedCost = 1e6;
      return SQLITE_OK;
    }
  info->estimatedCost = 1e300;
  return SQLITE_OK;
}

static int open_cursor(sqlite3_vtab *vt, sqlite3_vtab_cursor **out) {
  cursor *c = sqlite3_malloc(sizeof *c);
  (void)vt;
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof *c);
  *out = &c->base;
  return SQLITE_OK;
}

static int close_cursor(sqlite3_vtab_cursor *cur) {
  cursor *c = (cursor *)cur;
  if (c->loaded) ldb_files_free(&c->f);
  sqlite3_free(c);
  return SQLITE_OK;
}

static int fail(sqlite3_vtab_cursor *cur, const char *msg) {
  sqlite3_free(cur->pVtab->zErrMsg);
  cur->pVtab->zErrMsg = sqlite3_mprintf("ok_leveldb_versions: %s", msg);
  return cur->pVtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}

static int filter(sqlite3_vtab_cursor *cur, int plan, const char *unused, int argc,
                  sqlite3_value **argv) {
  cursor *c = (cursor *)cur;
  const char *path;
  char err[STORE_ERR_MAX];
  int rc;
  (void)unused, (void)argc;
  if (c->loaded) ldb_files_free(&c->f), c->loaded = 0;
  c->at = 0;
  if (!plan)
    return fail(cur, "the store's path is missing: SELECT * FROM ok_leveldb_versions('path')");
  if (sqlite3_value_type(argv[0]) != SQLITE_TEXT) return fail(cur, "the store's path is TEXT");
  if (!(path = (const char *)sqlite3_value_text(argv[0]))) return SQLITE_NOMEM;
  if (store_path_kind(path) != 1) {
    store_errf(err, "no LevelDB at '%s': %s", path,
               store_path_kind(path) ? "a file, not a folder" : "no such folder");
    return fail(cur, err);
  }
  if ((rc = ldb_files_read(path, NULL, &c->f, err)) != STORE_OK)
    return rc == STORE_NOMEM ? SQLITE_NOMEM : fail(cur, err);
  c->loaded = 1;
  /* how a crash leaves a log: the records before the cut are all there is */
  if (c->f.torn[0])
    sqlite3_log(SQLITE_WARNING,
                "ok_leveldb_versions: '%s': a log's last record is cut at %s: "
                "read up to it, as LevelDB does",
                path, c->f.torn);
  return SQLITE_OK;
}

static int next(sqlite3_vtab_cursor *cur) {
  ((cursor *)cur)->at++;
  return SQLITE_OK;
}

static int eof(sqlite3_vtab_cursor *cur) {
  cursor *c = (cursor *)cur;
  return !c->loaded || c->at >= c->f.n;
}

static int column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col) {
  cursor *c = (cursor *)cur;
  const ldb_entry *e = &c->f.e[c->at];
  switch (col) {
    case COL_KEY:
      sqlite3_result_blob(ctx, e->row.nkey ? (const void *)e->row.key : "", (int)e->row.nkey,
                          SQLITE_TRANSIENT);
      break;
    case COL_VALUE:
      if (e->put)
        sqlite3_result_blob(ctx, e->row.nvalue ? (const void *)(e->row.key + e->row.nkey) : "",
                            (int)e->row.nvalue, SQLITE_TRANSIENT);
      break;
    case COL_SEQ: sqlite3_result_int64(ctx, (sqlite3_int64)e->seq); break;
    case COL_KIND: sqlite3_result_text(ctx, e->put ? "put" : "delete", -1, SQLITE_STATIC); break;
    case COL_FILE: sqlite3_result_text(ctx, c->f.names[e->file], -1, SQLITE_TRANSIENT); break;
    default: break;
  }
  return SQLITE_OK;
}

static int rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *id) {
  *id = (sqlite3_int64)((cursor *)cur)->at;
  return SQLITE_OK;
}

static const sqlite3_module module = {
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
};

int store_register_versions(sqlite3 *db) {
  return sqlite3_create_module_v2(db, "ok_leveldb_versions", &module, NULL, NULL);
}
