/*
** read.c -- SQL functions that read keys: ok_unpack_col, ok_hex, ok_count,
** ok_valid. Each takes the format as its last, optional argument; a
** salted format ('salt+ok') reads the key after its salt.
*/
#include <string.h>

#include "common.h"

/* The key to read in *key, *len (after the salt, if salted), and in *base
** where it starts in the argument. 0 after setting the result. */
static int key_to_read(sqlite3_context *ctx, int argc, sqlite3_value **argv, int fi,
                       ok_sql_reader *r, const uint8_t **key, size_t *len, size_t *base) {
  const uint8_t *p;
  size_t n, k;
  if (!ok_sql_key_in(ctx, argc, argv, fi, 1, r, &p, &n)) return 0;
  *key = p, *len = n, *base = 0;
  if (!r->salted) return 1;
  *base = OK_SALT_LEN;
  return ok_sql_unsalt(ctx, r, p, n, key, len, &k);
}

/* ok_unpack_col(key, i [, format]) */
void ok_unpack_col_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, base, count = 0, err;
  sqlite3_int64 i, want;
  ok_item it, found;
  ok_walk w;
  ok_sql_reader r;
  int rc;
  if (!key_to_read(ctx, argc, argv, 2, &r, &p, &n, &base)) return;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return; /* NULL index: NULL */
  if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER) {
    ok_sql_error(ctx, "index must be an INTEGER");
    return;
  }
  i = sqlite3_value_int64(argv[1]);
  /* Decode the whole key, so a damaged key never yields a value. One pass
  ** finds a component counted from the front; from the end takes two. */
  if (i < 0) {
    if ((rc = ok_count(r.core, p, n, &count, &err)) != OK_OK) {
      ok_sql_malformed(ctx, rc, base + err);
      return;
    }
    i += (sqlite3_int64)count + 1;
  }
  want = i - 1;
  memset(&found, 0, sizeof found);
  ok_walk_start(&w, r.core, p, n);
  while ((rc = ok_next(&w, &it, &err)) == OK_OK) {
    if ((sqlite3_int64)w.index - 1 == want) found = it;
  }
  if (rc != OK_FEWER) {
    ok_sql_malformed(ctx, rc, base + err);
    return;
  }
  count = w.index;
  if (i < 1 || i > (sqlite3_int64)count) {
    ok_sql_error(ctx, "index %lld is out of range for a key of %lld components",
                 sqlite3_value_int64(argv[1]), (long long)count);
    return;
  }
  ok_sql_result_item(ctx, &found, NULL);
}

/* ok_hex(key [, separator [, format]]): with a separator, the components'
** hex joined by it (the key must then be well-formed); a salted key shows
** its salt as a part of its own. */
void ok_hex_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p, *key;
  const char *sep = NULL;
  size_t n, len, base = 0, o, seplen = 0, err, parts;
  sqlite3_uint64 size;
  char *out, stack[512];
  ok_sql_reader r;
  ok_item it;
  int salted;
  if (argc == 1) { /* plain hex of any BLOB */
    if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
    key = p, len = n;
    parts = 0;
  } else {
    if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
    sep = (const char *)sqlite3_value_text(argv[1]);
    seplen = (size_t)sqlite3_value_bytes(argv[1]);
    if (!sep) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    if (argc == 2 && ok_sql_format_parse(sep, seplen, &salted)) {
      ok_sql_error(ctx, "'%q' names a format; the separator comes first: ok_hex(key, ' ', '%q')",
                   sep, sep);
      return;
    }
    if (!key_to_read(ctx, argc, argv, 2, &r, &key, &len, &base)) return;
    p = key - base;
    n = len + base;
    parts = n + r.core->fields; /* the salt, components, empty ones */
  }
  size = 2 * (sqlite3_uint64)n + (sqlite3_uint64)seplen * parts;
  if (ok_sql_too_big(ctx, size)) return;
  out = size <= sizeof stack ? stack : sqlite3_malloc64(size);
  if (!out) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  o = ok_hex_encode(out, p, base); /* the salt */
  if (!sep) o += ok_hex_encode(out + o, key, len);
  if (sep) { /* component by component */
    ok_walk w;
    int rc;
    ok_walk_start(&w, r.core, key, len);
    while ((rc = ok_next(&w, &it, &err)) == OK_OK) {
      if (o > 0) memcpy(out + o, sep, seplen), o += seplen;
      o += ok_hex_encode(out + o, key + w.at, it.len);
    }
    if (rc != OK_FEWER) {
      if (out != stack) sqlite3_free(out);
      ok_sql_malformed(ctx, rc, base + err);
      return;
    }
  }
  sqlite3_result_text64(ctx, out, o, SQLITE_TRANSIENT, SQLITE_UTF8);
  if (out != stack) sqlite3_free(out);
}

/* ok_count(key [, format]): the number of components (after the salt);
** errors on a malformed key. */
void ok_count_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, base, count, err;
  ok_sql_reader r;
  int rc;
  if (!key_to_read(ctx, argc, argv, 1, &r, &p, &n, &base)) return;
  if ((rc = ok_count(r.core, p, n, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, base + err);
    return;
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)count);
}

/* ok_valid(key [, format]): 1 for a well-formed key (salted: with a salt
** that is the hash of its leading components), else 0; never an error for
** the key itself (NULL gives NULL). */
void ok_valid_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, count, err, k;
  ok_sql_reader r;
  int t = sqlite3_value_type(argv[0]);
  if (t != SQLITE_NULL && t != SQLITE_BLOB) {
    sqlite3_result_int(ctx, 0);
    return;
  }
  if (!ok_sql_key_in(ctx, argc, argv, 1, 1, &r, &p, &n)) return;
  sqlite3_result_int(ctx, r.salted ? ok_salt_find(r.core, p, n, &k, &err) == OK_OK
                                   : ok_count(r.core, p, n, &count, &err) == OK_OK);
}
