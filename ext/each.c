/*
** each.c -- ok_each(key [, format]): a table-valued function with one row
** per component of a key, in the manner of json_each.
**
**   SELECT pos, type, value, dir, offset, length, hex FROM ok_each(k);
**   SELECT t.id, e.value FROM t, ok_each(t.k) AS e WHERE e.pos = 2;
**
** Columns: pos (1-based), type (SQL type of the value), kind (the format's
** own name for the component), value, dir ('asc' or 'desc'), offset and
** length (bytes in the key), hex (the component's bytes). A salted key
** ('salt+NAME') starts with a row for its salt: pos 0, kind 'salt', its 4
** bytes as value, dir NULL. A NULL key gives no rows; a malformed key is an
** error naming the byte offset.
*/
#include <string.h>

#include "reader.h"

enum { C_POS, C_TYPE, C_KIND, C_VALUE, C_DIR, C_OFFSET, C_LENGTH, C_HEX, C_KEY, C_FORMAT };

typedef struct {
  sqlite3_vtab_cursor base;
  uint8_t *key; /* a copy of the key */
  size_t n, off;
  sqlite3_int64 pos; /* 0: the salt of a salted key */
  int eof;
  ok_sql_reader r; /* the format (and its parameter's state) */
  ok_walk w;       /* through the key after the salt */
  ok_item it;
} cursor;

static int each_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                        sqlite3_vtab **vt, char **err) {
  int rc;
  (void)aux, (void)argc, (void)argv, (void)err;
  rc =
      sqlite3_declare_vtab(db,
                           "CREATE TABLE x(pos INTEGER, type TEXT, kind TEXT, value, dir TEXT,"
                           " offset INTEGER, length INTEGER, hex TEXT, key HIDDEN, format HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
  *vt = sqlite3_malloc(sizeof **vt);
  if (!*vt) return SQLITE_NOMEM;
  memset(*vt, 0, sizeof **vt);
  return SQLITE_OK;
}

static int each_disconnect(sqlite3_vtab *vt) {
  sqlite3_free(vt);
  return SQLITE_OK;
}

/* The key (and the format, if given) must be equality constraints: they
** are the function's arguments. idxNum bit 1: format given. */
static int each_best_index(sqlite3_vtab *vt, sqlite3_index_info *info) {
  int i, key = -1, format = -1;
  (void)vt;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (c->iColumn != C_KEY && c->iColumn != C_FORMAT) continue;
    if (c->op != SQLITE_INDEX_CONSTRAINT_EQ || !c->usable) return SQLITE_CONSTRAINT;
    if (c->iColumn == C_KEY)
      key = i;
    else
      format = i;
  }
  if (key < 0) {
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("ok_each: takes a key argument");
    return SQLITE_ERROR;
  }
  info->aConstraintUsage[key].argvIndex = 1;
  info->aConstraintUsage[key].omit = 1;
  if (format >= 0) {
    info->aConstraintUsage[format].argvIndex = 2;
    info->aConstraintUsage[format].omit = 1;
  }
  info->idxNum = format >= 0;
  info->estimatedCost = 10;
  info->estimatedRows = 10;
  return SQLITE_OK;
}

static int each_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out) {
  cursor *c = sqlite3_malloc(sizeof *c);
  (void)vt;
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof *c);
  *out = &c->base;
  return SQLITE_OK;
}

static int each_close(sqlite3_vtab_cursor *cur) {
  cursor *c = (cursor *)cur;
  sqlite3_free(c->key);
  ok_sql_reader_free(&c->r);
  sqlite3_free(c);
  return SQLITE_OK;
}

/* The adapter of the one error model (sql.h) to ok_each's table: a
** helper's failure rc with *msg as the table's error "ok_each: <msg>". */
static int fail(cursor *c, int rc, char **msg) {
  sqlite3_vtab *vt = c->base.pVtab;
  if (rc == SQLITE_ERROR) {
    sqlite3_free(vt->zErrMsg);
    vt->zErrMsg = sqlite3_mprintf("ok_each: %s", *msg);
    if (!vt->zErrMsg) rc = SQLITE_NOMEM;
  }
  sqlite3_free(*msg);
  *msg = NULL;
  return rc;
}

/* Decodes the next component (the key was checked whole before). */
static void decode_next(cursor *c) {
  size_t err;
  c->eof = ok_next(&c->w, &c->it, &err) != OK_OK;
  c->off = OK_SALT_LEN * (size_t)c->r.salted + c->w.at;
}

static int each_filter(sqlite3_vtab_cursor *cur, int idx, const char *idxStr, int argc,
                       sqlite3_value **argv) {
  cursor *c = (cursor *)cur;
  const uint8_t *p;
  size_t n, count, err, k;
  int t = sqlite3_value_type(argv[0]), rc;
  char *msg = NULL;
  (void)idxStr, (void)argc;
  sqlite3_free(c->key);
  ok_sql_reader_free(&c->r);
  c->key = NULL;
  c->n = c->off = 0;
  c->pos = 1;
  c->eof = 1;
  /* the format, of the key's subtype or named, as the scalar readers take it */
  rc = ok_sql_reader_of(argv[0], idx & 1 ? argv[1] : NULL, 1, &c->r, &msg);
  if (rc != SQLITE_OK) return fail(c, rc, &msg);
  if (t == SQLITE_NULL) return SQLITE_OK; /* no rows */
  if (t != SQLITE_TEXT && t != SQLITE_BLOB)
    return fail(c, ok_sql_fail(&msg, "key must be a BLOB or hex TEXT, not %s", ok_sql_type_name(t)),
                &msg);
  if (ok_sql_value_bytes(argv[0], &p, &n) != SQLITE_OK) return SQLITE_NOMEM;
  if (t == SQLITE_TEXT && !c->r.f->text) { /* hex, as the scalar readers take it */
    if ((rc = ok_sql_hex((const char *)p, n, &c->key, &n, &msg)) != SQLITE_OK)
      return fail(c, rc, &msg);
  } else {
    if (!(c->key = sqlite3_malloc64(n ? n : 1))) return SQLITE_NOMEM;
    if (n) memcpy(c->key, p, n);
  }
  c->n = n;
  p = c->key;
  if (c->r.salted && (rc = ok_sql_salt_of(c->r.core, p, n, &k, &msg)) != SQLITE_OK)
    return fail(c, rc, &msg);
  if (!c->r.salted && (rc = ok_count(c->r.core, p, n, &count, &err)) != OK_OK)
    return fail(c, ok_sql_malformed_key(&c->r, p, n, rc, err, &msg), &msg);
  if ((rc = ok_sql_strict(&c->r, p, n, &msg)) != SQLITE_OK) return fail(c, rc, &msg);
  ok_walk_start(&c->w, c->r.core, c->key + OK_SALT_LEN * (size_t)c->r.salted,
                n - OK_SALT_LEN * (size_t)c->r.salted);
  if (c->r.salted)
    c->pos = 0, c->eof = 0; /* the salt's row first */
  else
    decode_next(c);
  return SQLITE_OK;
}

static int each_next(sqlite3_vtab_cursor *cur) {
  cursor *c = (cursor *)cur;
  c->pos++;
  decode_next(c);
  return SQLITE_OK;
}

static int each_eof(sqlite3_vtab_cursor *cur) { return ((cursor *)cur)->eof; }

static int each_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col) {
  static const char *const types[] = {"", "null", "integer", "real", "text", "blob"};
  cursor *c = (cursor *)cur;
  size_t len = c->pos == 0 ? OK_SALT_LEN : c->it.len;
  switch (col) {
    case C_POS: sqlite3_result_int64(ctx, c->pos); break;
    case C_TYPE:
      sqlite3_result_text(ctx, c->pos == 0 ? "blob" : types[c->it.type], -1, SQLITE_STATIC);
      break;
    case C_KIND:
      sqlite3_result_text(ctx, c->pos == 0 ? "salt" : c->r.f->kind(&c->it), -1, SQLITE_STATIC);
      break;
    case C_VALUE:
      if (c->pos == 0)
        sqlite3_result_blob(ctx, c->key, OK_SALT_LEN, SQLITE_TRANSIENT);
      else
        ok_sql_result_item(ctx, &c->it, "ok_each");
      break;
    case C_DIR:
      if (c->pos > 0) sqlite3_result_text(ctx, c->it.desc ? "desc" : "asc", -1, SQLITE_STATIC);
      break;
    case C_OFFSET: sqlite3_result_int64(ctx, (sqlite3_int64)c->off); break;
    case C_LENGTH: sqlite3_result_int64(ctx, (sqlite3_int64)len); break;
    case C_HEX: {
      char *h = sqlite3_malloc64(2 * len + 1);
      if (!h) return SQLITE_NOMEM;
      sqlite3_result_text64(ctx, h, ok_hex_encode(h, c->key + c->off, len), sqlite3_free,
                            SQLITE_UTF8);
      break;
    }
    case C_KEY:
      sqlite3_result_blob64(ctx, c->key ? c->key : (uint8_t *)"", c->n, SQLITE_TRANSIENT);
      break;
    default: sqlite3_result_text(ctx, c->r.core->name, -1, SQLITE_STATIC); break;
  }
  return SQLITE_OK;
}

static int each_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid) {
  *rowid = ((cursor *)cur)->pos;
  return SQLITE_OK;
}

/* Eponymous only (no xCreate), read only. Designated initializers keep it
** valid whatever fields newer SQLite versions add. */
static const sqlite3_module each_module = {
    .xConnect = each_connect,
    .xBestIndex = each_best_index,
    .xDisconnect = each_disconnect,
    .xOpen = each_open,
    .xClose = each_close,
    .xFilter = each_filter,
    .xNext = each_next,
    .xEof = each_eof,
    .xColumn = each_column,
    .xRowid = each_rowid,
};

int ok_sql_each_register(sqlite3 *db) {
  return sqlite3_create_module(db, "ok_each", &each_module, NULL);
}
