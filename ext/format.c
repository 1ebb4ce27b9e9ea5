/*
** format.c -- the key formats the reading functions understand, chosen by
** their optional last TEXT argument ('ok', the native format, by default).
*/
#include <string.h>

#include "common.h"

static const char *native_kind(const ok_item *it) {
  switch (it->type) {
    case OK_NULL: return "null";
    case OK_INT:
    case OK_REAL: return "number";
    case OK_TEXT:
      switch (it->tag) {
        case OK_TAG_NOCASE: return "text NOCASE";
        case OK_TAG_RTRIM: return "text RTRIM";
        case OK_TAG_NATURAL: return "text ok_natural";
      }
      return "text";
    case OK_BLOB: return "blob";
  }
  return "?";
}

static const ok_sql_format formats[] = {
    {"ok", ok_decode, native_kind, ok_sql_render_native},
    {"fdb", ok_fdb_decode, ok_sql_fdb_kind, ok_sql_render_fdb},
    {"hbase", ok_hbase_decode, ok_sql_hbase_kind, ok_sql_render_hbase},
};

const ok_sql_format *ok_sql_format_named(const char *name) {
  size_t i;
  for (i = 0; name && i < sizeof formats / sizeof formats[0]; i++) {
    if (strcmp(name, formats[i].name) == 0) return &formats[i];
  }
  return NULL;
}

const ok_sql_format *ok_sql_format_arg(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                                       int i) {
  const char *name;
  const ok_sql_format *f;
  if (i >= argc) return &formats[0];
  if (sqlite3_value_type(argv[i]) != SQLITE_TEXT) {
    ok_sql_error(ctx, "the format must be TEXT: " OK_SQL_FORMATS);
    return NULL;
  }
  name = (const char *)sqlite3_value_text(argv[i]);
  if (!(f = ok_sql_format_named(name)))
    ok_sql_error(ctx, "unknown format '%q' (known: " OK_SQL_FORMATS ")", name);
  return f;
}

int ok_sql_walk(const ok_sql_format *f, const uint8_t *key, size_t n, ok_item *items, size_t max,
                size_t *count, size_t *err_at) {
  size_t off = 0;
  *count = 0;
  while (off < n) {
    ok_item it;
    int rc = f->decode(key + off, n - off, &it, err_at);
    if (rc != OK_OK) {
      *err_at += off;
      return rc;
    }
    if (*count < max) items[*count] = it;
    off += it.len;
    (*count)++;
  }
  return OK_OK;
}

void ok_sql_result_raw(sqlite3_context *ctx, sqlite3_value *v, const char *format, int subtype) {
  const uint8_t *p;
  size_t n, count, err;
  int rc;
  if (!ok_sql_key_arg(ctx, v, &p, &n)) return;
  if ((rc = ok_sql_walk(ok_sql_format_named(format), p, n, NULL, 0, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, err);
    return;
  }
  sqlite3_result_blob64(ctx, n ? p : (const uint8_t *)"", n, SQLITE_TRANSIENT);
  sqlite3_result_subtype(ctx, (unsigned)subtype);
}
