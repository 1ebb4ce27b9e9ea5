/*
** salt.c -- spreading keys over a store's ranges: ok_salt, ok_unsalt,
** ok_salt_check, and the plain hashes ok_xxh32, ok_xxh64.
**
** A salted key is the 4-byte big-endian xxHash32 (seed 0) of the first n
** components' bytes, exactly as they stand in the key, followed by the key.
** Rows that share those n components share the prefix, so they stay
** together and in order; different entities scatter over the key space.
*/
#include <string.h>

#include "common.h"

/* Bytes taken by the first n components of key[0..len) in format f, or
** (size_t)-1 after setting an error. */
static size_t span(sqlite3_context *ctx, const ok_sql_format *f, const uint8_t *key, size_t len,
                   sqlite3_int64 n) {
  size_t off = 0, err;
  sqlite3_int64 i;
  for (i = 0; i < n; i++) {
    ok_item it;
    int rc;
    if (off == len) {
      ok_sql_error(ctx, "n is %lld but the key has %lld components", n, i);
      return (size_t)-1;
    }
    if ((rc = f->decode(key + off, len - off, &it, &err)) != OK_OK) {
      ok_sql_malformed(ctx, rc, off + err);
      return (size_t)-1;
    }
    off += it.len;
  }
  return off;
}

static void put_be32(uint8_t *out, uint32_t h) {
  out[0] = (uint8_t)(h >> 24);
  out[1] = (uint8_t)(h >> 16);
  out[2] = (uint8_t)(h >> 8);
  out[3] = (uint8_t)h;
}

/* Reads n (argument i), which must be an INTEGER of at least 1. */
static int count_arg(sqlite3_context *ctx, sqlite3_value *v, sqlite3_int64 *n) {
  if (sqlite3_value_type(v) != SQLITE_INTEGER || sqlite3_value_int64(v) < 1) {
    ok_sql_error(ctx, "n must be an INTEGER of at least 1 (the components to hash)");
    return 0;
  }
  *n = sqlite3_value_int64(v);
  return 1;
}

/* ok_salt(key, n [, format]) */
void ok_salt_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t len, off, count, err;
  sqlite3_int64 n;
  const ok_sql_format *f;
  uint8_t *out;
  int rc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &len)) return;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  if (!count_arg(ctx, argv[1], &n)) return;
  if (!(f = ok_sql_format_arg(ctx, argc, argv, 2))) return;
  if ((off = span(ctx, f, p, len, n)) == (size_t)-1) return;
  if ((rc = ok_sql_walk(f, p + off, len - off, NULL, 0, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, off + err);
    return;
  }
  if (ok_sql_too_big(ctx, (sqlite3_uint64)len + 4)) return;
  if (!(out = sqlite3_malloc64(len + 4))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  put_be32(out, ok_xxh32(p, off, 0));
  memcpy(out + 4, p, len);
  sqlite3_result_blob64(ctx, out, len + 4, sqlite3_free);
}

/* ok_unsalt(salted [, format]): the key without its 4-byte prefix. */
void ok_unsalt_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t len, count, err;
  const ok_sql_format *f;
  int rc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &len)) return;
  if (!(f = ok_sql_format_arg(ctx, argc, argv, 1))) return;
  if (len < 4) {
    ok_sql_error(ctx, "a salted key starts with 4 bytes of hash; this one has %lld bytes",
                 (long long)len);
    return;
  }
  if ((rc = ok_sql_walk(f, p + 4, len - 4, NULL, 0, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, 4 + err);
    return;
  }
  sqlite3_result_blob64(ctx, p + 4, len - 4, SQLITE_TRANSIENT);
}

/* ok_salt_check(salted, n [, format]): 1 when the prefix is the hash of the
** first n components that follow it, else 0. */
void ok_salt_check_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t len, off = 0, count, err;
  sqlite3_int64 n, i;
  const ok_sql_format *f;
  uint8_t want[4];
  if (!ok_sql_key_arg(ctx, argv[0], &p, &len)) return;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL) return;
  if (!count_arg(ctx, argv[1], &n)) return;
  if (!(f = ok_sql_format_arg(ctx, argc, argv, 2))) return;
  if (len < 4 || ok_sql_walk(f, p + 4, len - 4, NULL, 0, &count, &err) != OK_OK ||
      (sqlite3_int64)count < n) {
    sqlite3_result_int(ctx, 0);
    return;
  }
  for (i = 0; i < n; i++) {
    ok_item it;
    f->decode(p + 4 + off, len - 4 - off, &it, &err);
    off += it.len;
  }
  put_be32(want, ok_xxh32(p + 4, off, 0));
  sqlite3_result_int(ctx, memcmp(want, p, 4) == 0);
}

/* The bytes of a BLOB or TEXT argument for hashing; 0 after an error or
** with a NULL result. */
static int hash_input(sqlite3_context *ctx, sqlite3_value *v, const void **p, size_t *n) {
  int t = sqlite3_value_type(v);
  if (t == SQLITE_NULL) return 0;
  if (t != SQLITE_BLOB && t != SQLITE_TEXT) {
    ok_sql_error(ctx, "argument must be a BLOB or TEXT");
    return 0;
  }
  *p = t == SQLITE_TEXT ? (const void *)sqlite3_value_text(v) : sqlite3_value_blob(v);
  *n = (size_t)sqlite3_value_bytes(v);
  if (!*p && *n) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  if (!*p) *p = "";
  return 1;
}

/* ok_xxh32(x [, seed]): xxHash32 as an INTEGER 0..4294967295. */
void ok_xxh32_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const void *p;
  size_t n;
  sqlite3_int64 seed = 0;
  if (!hash_input(ctx, argv[0], &p, &n)) return;
  if (argc > 1) {
    seed = sqlite3_value_int64(argv[1]);
    if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER || seed < 0 || seed > 0xFFFFFFFFLL) {
      ok_sql_error(ctx, "seed must be an INTEGER from 0 to 4294967295");
      return;
    }
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)ok_xxh32(p, n, (uint32_t)seed));
}

/* ok_xxh64(x [, seed]): xxHash64 as an INTEGER, the 64 bits read as signed
** (printf('%016X', ...) shows the usual unsigned hex). */
void ok_xxh64_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const void *p;
  size_t n;
  uint64_t h, seed = 0;
  if (!hash_input(ctx, argv[0], &p, &n)) return;
  if (argc > 1) {
    if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER) {
      ok_sql_error(ctx, "seed must be an INTEGER");
      return;
    }
    seed = (uint64_t)sqlite3_value_int64(argv[1]);
  }
  h = ok_xxh64(p, n, seed);
  sqlite3_result_int64(ctx, h > (uint64_t)INT64_MAX ? -(sqlite3_int64)(~h) - 1 : (sqlite3_int64)h);
}
