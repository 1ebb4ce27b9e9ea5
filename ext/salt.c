/*
** salt.c -- spreading keys over a store's ranges: ok_salt, ok_unsalt,
** ok_salt_check, and the plain hashes ok_xxh32, ok_xxh64.
**
** src/salt.c makes the salt (ok.h: "Salted keys"); the reading functions
** read salted keys under the format 'salt+NAME'.
*/
#include <string.h>

#include "reader.h"

/* Reads n (argument i), which must be an INTEGER of at least 1. */
static int count_arg(sqlite3_context *ctx, sqlite3_value *v, sqlite3_int64 *n) {
  if (sqlite3_value_type(v) != SQLITE_INTEGER || sqlite3_value_int64(v) < 1) {
    ok_sql_error(ctx, "n must be an INTEGER of at least 1 (the components to hash)");
    return 0;
  }
  *n = sqlite3_value_int64(v);
  return 1;
}

/* The salt of key[0..len) over n components into salt; 0 after setting an
** error. */
static int salt_of(sqlite3_context *ctx, const ok_sql_reader *r, uint8_t *salt, const uint8_t *key,
                   size_t len, sqlite3_int64 n) {
  size_t err, count;
  int rc = ok_salt(r->core, salt, key, len, (size_t)n, &err);
  if (rc == OK_FEWER) {
    ok_count(r->core, key, len, &count, &err);
    ok_sql_error(ctx, "n is %lld but the key has %lld component%s", n, (long long)count,
                 OK_SQL_S(count));
  } else if (rc != OK_OK) {
    char *msg;
    ok_sql_report(ctx, ok_sql_malformed_key(r, key, len, rc, err, &msg), &msg);
  }
  return rc == OK_OK;
}

/* The key p[0..len) with the salt over as many components as `count` says
** in front: a salted key of its format (its subtype in upper case). */
static void salt(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *p, size_t len,
                 sqlite3_value *count) {
  sqlite3_int64 n;
  uint8_t *out;
  if (sqlite3_value_type(count) == SQLITE_NULL || !count_arg(ctx, count, &n)) return;
  if (ok_sql_too_big(ctx, (sqlite3_uint64)len + OK_SALT_LEN)) return;
  if (!(out = sqlite3_malloc64(len + OK_SALT_LEN))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (!salt_of(ctx, r, out, p, len, n)) {
    sqlite3_free(out);
    return;
  }
  memcpy(out + OK_SALT_LEN, p, len);
  ok_sql_result_piece(ctx, out, len + OK_SALT_LEN, OK_SALTED_SUBTYPE(r->f->subtype), 1);
}

/* ok_salt(key, n [, format]) */
static void ok_salt_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t len;
  ok_sql_reader r;
  if (!ok_sql_key_in(ctx, argc, argv, 2, OK_SQL_NO_SALT, &r, &p, &len)) return;
  if (r.salted)
    ok_sql_error(ctx, "the key is salted already: ok_unsalt(key) gives the key");
  else
    salt(ctx, &r, p, len, argv[1]);
  ok_sql_reader_end(ctx, &r, 2);
}

/* ok_unsalt(salted [, format]): the key without its salt, a piece of its
** format; the salt must be the hash of some leading components, as
** ok_salt makes it (ok_salt_check says over how many). */
static void ok_unsalt_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t len, k;
  ok_sql_reader r;
  char *msg;
  if (!ok_sql_key_in(ctx, argc, argv, 1, OK_SQL_NO_SALT, &r, &p, &len)) return;
  if (ok_sql_report(ctx, ok_sql_salt_of(r.core, p, len, &k, &msg), &msg))
    ok_sql_result_piece(ctx, p + OK_SALT_LEN, len - OK_SALT_LEN, OK_KEY_SUBTYPE(r.f->subtype), 0);
  ok_sql_reader_end(ctx, &r, 1);
}

/* ok_salt_check(salted, n [, format]): 1 when the salt is the hash of the
** first n components that follow it, else 0. */
static void ok_salt_check_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t len, err;
  sqlite3_int64 n;
  ok_sql_reader r;
  uint8_t want[OK_SALT_LEN];
  int text = sqlite3_value_type(argv[0]) == SQLITE_TEXT; /* a check: hex TEXT is no key */
  if (!ok_sql_key_in(ctx, argc, argv, 2, OK_SQL_NO_SALT, &r, &p, &len)) return;
  if (sqlite3_value_type(argv[1]) != SQLITE_NULL && count_arg(ctx, argv[1], &n))
    sqlite3_result_int(ctx, !text && len >= OK_SALT_LEN &&
                                ok_salt(r.core, want, p + OK_SALT_LEN, len - OK_SALT_LEN, (size_t)n,
                                        &err) == OK_OK &&
                                memcmp(want, p, OK_SALT_LEN) == 0);
  ok_sql_reader_end(ctx, &r, 2);
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
  return ok_sql_bytes(ctx, v, (const uint8_t **)p, n);
}

enum { XXH32 = 32, XXH64 = 64 }; /* the hash's width */

/* ok_xxh32(x [, seed]): xxHash32 as an INTEGER 0..4294967295.
** ok_xxh64(x [, seed]): xxHash64 as an INTEGER, the 64 bits read
** as signed (printf('%016X', ...) shows the usual unsigned hex). */
static void ok_xxh_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const void *p;
  size_t n;
  uint64_t h, seed = 0;
  int wide = ok_sql_fn_arg(ctx) == XXH64;
  if (!hash_input(ctx, argv[0], &p, &n)) return;
  if (argc > 1) {
    sqlite3_int64 v = sqlite3_value_int64(argv[1]);
    if (sqlite3_value_type(argv[1]) != SQLITE_INTEGER || (!wide && (v < 0 || v > 0xFFFFFFFFLL))) {
      ok_sql_error(
          ctx, wide ? "seed must be an INTEGER" : "seed must be an INTEGER from 0 to 4294967295");
      return;
    }
    seed = (uint64_t)v;
  }
  if (!wide) {
    sqlite3_result_int64(ctx, (sqlite3_int64)ok_xxh32(p, n, (uint32_t)seed));
    return;
  }
  h = ok_xxh64(p, n, seed);
  sqlite3_result_int64(ctx, h > (uint64_t)INT64_MAX ? -(sqlite3_int64)(~h) - 1 : (sqlite3_int64)h);
}

const ok_sql_function ok_sql_salt_functions[] = {
    {"ok_salt", 2, 3, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_salt_fn, 0},
    {"ok_unsalt", 1, 2, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_unsalt_fn, 0},
    {"ok_salt_check", 2, 3, OK_SQL_PURE | OK_SQL_READS, ok_salt_check_fn, 0},
    {"ok_xxh32", 1, 2, OK_SQL_PURE, ok_xxh_fn, XXH32},
    {"ok_xxh64", 1, 2, OK_SQL_PURE, ok_xxh_fn, XXH64},
    {NULL, 0, 0, 0, NULL, 0},
};
