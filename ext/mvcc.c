/*
** mvcc.c -- the keys MVCC stores keep, a version after the user key:
** ok_mvcc_key, ok_mvcc_version, ok_mvcc_logical, ok_mvcc_time,
** ok_mvcc_order and ok_mvcc_pack, each with the store as an argument
** ('crdb', 'tikv', 'badger'). src/mvcc.c splits and joins them (ok.h says
** each layout); docs/mvcc.md is the guide.
*/
#include <string.h>

#include "format.h"
#include "functions.h"

typedef struct {
  const char *name, *words, *key; /* the argument; the store's name, its keys', in messages */
  int store;
  int subtype; /* of a user key: the format that reads it, or 0 */
} store_kind;

static const store_kind stores[] = {
    {"crdb", "CockroachDB", "a CockroachDB engine key", OK_MVCC_CRDB,
     OK_KEY_SUBTYPE(OK_SUBTYPE(crdb))},
    {"tikv", "TiKV", "a TiKV key with a timestamp", OK_MVCC_TIKV, OK_KEY_SUBTYPE(OK_SUBTYPE(tikv))},
    {"badger", "Badger", "a Badger key", OK_MVCC_BADGER, 0},
};
#define STORES (sizeof stores / sizeof stores[0])

/* Argument i, the store: its index in stores, or -1 with the error set
** (or with a NULL result for NULL). Kept as the argument's auxdata: a
** constant store is looked up once a statement. */
static int store_arg(sqlite3_context *ctx, sqlite3_value **argv, int i) {
  const char *s;
  size_t n, k;
  const void *kept = sqlite3_get_auxdata(ctx, i);
  if (kept) return (int)((const store_kind *)kept - stores);
  if (!ok_sql_text_arg(ctx, argv[i], "the store", &s, &n)) return -1;
  for (k = 0; k < STORES; k++)
    if (strlen(stores[k].name) == n && memcmp(stores[k].name, s, n) == 0) {
      sqlite3_set_auxdata(ctx, i, (void *)(uintptr_t)&stores[k], NULL);
      return (int)k;
    }
  ok_sql_error(ctx, "the store must be 'crdb', 'tikv' or 'badger', not " OK_SQL_ECHO,
               OK_SQL_ECHO_ARGS(s));
  return -1;
}

/* Why a TiKV user key's groups are refused (ok_mvcc_split's statuses). */
static const char *tikv_words(int rc) {
  return rc == OK_E_LENGTH ? "its length is no multiple of 9 (groups of 8 bytes and a marker)"
         : rc == OK_E_BYTE ? "not a group's marker (FF, or F7 to FE in the last group)"
                           : "padding that is not 00";
}

/* Why store i refuses bytes: status rc at byte `at` of n. A key too short
** or of the wrong length is told by its length, the others by the byte. */
static void malformed(sqlite3_context *ctx, int i, int rc, size_t at, size_t n) {
  int store = stores[i].store;
  const char *why;
  if (store == OK_MVCC_BADGER)
    why = "a key is a user key (not empty) and 8 bytes of version";
  else if (store == OK_MVCC_TIKV && (rc == OK_E_TRUNCATED || rc == OK_E_LENGTH))
    why = "a key is 'z' (or nothing), the user key in groups of 9 bytes, then 8 bytes of timestamp";
  else if (store == OK_MVCC_TIKV)
    why = tikv_words(rc);
  else if (rc == OK_E_TRUNCATED)
    why = "an empty key has no user key";
  else if (rc == OK_E_LENGTH)
    why =
        "the last byte is the version's length and 1; versions are 8, 12 or 13 bytes "
        "(timestamps) or 17 (a lock table's), after the user key and its 00";
  else
    why = "not the 00 that ends the user key";
  if (rc == OK_E_TRUNCATED || (rc == OK_E_LENGTH && store == OK_MVCC_TIKV))
    ok_sql_error(ctx, "%lld byte%s: not %s: %s", (long long)n, OK_SQL_S(n), stores[i].key, why);
  else
    ok_sql_error(ctx, "not %s: byte %lld: %s", stores[i].key, (long long)at + 1, why);
}

/* The key (argument 0) and the store (argument 1), split: the store's
** index, or -1 after setting the result (NULL for a NULL argument). */
static int split_args(sqlite3_context *ctx, sqlite3_value **argv, const uint8_t **p, size_t *n,
                      ok_mvcc *m) {
  size_t err;
  int i, rc;
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL || !ok_sql_key_arg(ctx, argv, 0, p, n)) return -1;
  if ((i = store_arg(ctx, argv, 1)) < 0) return -1;
  if ((rc = ok_mvcc_split(stores[i].store, *p, *n, m, &err)) == OK_OK) return i;
  malformed(ctx, i, rc, err, *n);
  return -1;
}

/* ok_mvcc_key(key, store): the user key, of the format that reads it. */
static void ok_mvcc_key_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  ok_mvcc m;
  int i;
  (void)argc;
  if ((i = split_args(ctx, argv, &p, &n, &m)) >= 0)
    ok_sql_result_piece(ctx, p + m.key_at, m.key_len, stores[i].subtype, 0);
}

enum { VERSION, LOGICAL, TIME }; /* what ok_mvcc_part gives */

/* ok_mvcc_version(key, store), ok_mvcc_logical(key, store),
** ok_mvcc_time(key, store): a part of the version; NULL where the key has
** no timestamp (none, or a lock table's). */
static void ok_mvcc_part_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  ok_mvcc m;
  int i, part = ok_sql_fn_arg(ctx);
  char text[OK_MVCC_TIME_MAX];
  (void)argc;
  if ((i = split_args(ctx, argv, &p, &n, &m)) < 0) return;
  if (part != VERSION && stores[i].store == OK_MVCC_BADGER) {
    ok_sql_error(ctx, "Badger's versions are numbers only: ok_mvcc_version gives them");
    return;
  }
  if (m.kind != OK_MVCC_TIME) return;
  if (part == TIME)
    sqlite3_result_text(ctx, text, (int)ok_mvcc_time(text, stores[i].store, &m), SQLITE_TRANSIENT);
  else if (stores[i].store != OK_MVCC_CRDB)
    ok_sql_result_u64(ctx, part == VERSION ? m.version : m.logical);
  else /* CockroachDB's wall and logical times are signed */
    sqlite3_result_int64(ctx, part == VERSION ? (sqlite3_int64)(int64_t)m.version
                                              : (sqlite3_int64)(int32_t)m.logical);
}

/* ok_mvcc_order(key, store): a native key that sorts as the store orders
** its keys. */
static void ok_mvcc_order_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n;
  ok_mvcc m;
  uint8_t stack[256], *out;
  int i;
  (void)argc;
  if ((i = split_args(ctx, argv, &p, &n, &m)) < 0) return;
  /* one pass where the bound fits the stack; else sized first, as a
  ** bound of twice the key could pass SQLite's length limit */
  n = OK_MVCC_ORDER_BOUND(m.key_len) <= sizeof stack ? sizeof stack
                                                     : ok_mvcc_order(NULL, stores[i].store, p, &m);
  if (!(out = ok_sql_scratch(ctx, stack, sizeof stack, n))) return;
  n = ok_mvcc_order(out, stores[i].store, p, &m);
  ok_sql_result_piece(ctx, out, n, OK_KEY_SUBTYPE(OK_SUBTYPE(native)), 0);
  ok_sql_scratch_free(out, stack);
}

/* m's version at a time (ok_mvcc_at): 1, or 0 with the error set. */
static int at(sqlite3_context *ctx, int store, int64_t sec, int64_t nanos, ok_mvcc *m) {
  int rc = ok_mvcc_at(store, sec, nanos, m->logical, m);
  if (rc == OK_OK) return 1;
  if (rc == OK_E_NONCANONICAL)
    ok_sql_error(ctx, "TiKV's times count milliseconds; the time has a finer part");
  else if (store == OK_MVCC_CRDB)
    ok_sql_error(ctx,
                 "the time is past CockroachDB's wall times (1677 to 2262: int64 nanoseconds)");
  else
    ok_sql_error(ctx, "the time is past TiKV's (1970 to 4199: 46 bits of milliseconds)");
  return 0;
}

/* 1 when TEXT argument v is decimal digits (a number, not a time); *t
** -1 when its text could not be had (the error set). */
static int digits_only(sqlite3_context *ctx, sqlite3_value *v, int *t) {
  const char *s;
  size_t n, i;
  if (!ok_sql_report(ctx, ok_sql_value_text(v, &s, &n), NULL)) return *t = -1, 0;
  for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++) continue;
  return n > 0 && i == n;
}

/* A version argument, argument 2 and 3 (logical, when argc > 3), into m:
** 1, or 0 with the error set (or a NULL result for NULL). A number is the
** store's own; a time's TEXT, or for TiKV with a logical part
** milliseconds, a time that ok_mvcc_at makes a version of. */
static int version_args(sqlite3_context *ctx, int argc, sqlite3_value **argv, int store,
                        ok_mvcc *m) {
  int t = sqlite3_value_type(argv[2]);
  int64_t v, logical = 0, sec, nanos;
  m->kind = OK_MVCC_TIME;
  if (t == SQLITE_NULL || (argc > 3 && sqlite3_value_type(argv[3]) == SQLITE_NULL)) return 0;
  if (argc > 3) {
    if (store == OK_MVCC_BADGER) {
      ok_sql_error(ctx, "Badger's versions have no logical part");
      return 0;
    }
    if (!ok_sql_int_arg(ctx, argv[3], "the logical time", &logical)) return 0;
    if (store == OK_MVCC_CRDB ? logical < INT32_MIN || logical > INT32_MAX
                              : logical < 0 || logical >> OK_MVCC_TIKV_LOGICAL_BITS) {
      ok_sql_error(ctx, "the logical time %lld is outside %s", (long long)logical,
                   store == OK_MVCC_CRDB ? "CockroachDB's int32" : "TiKV's 0..262143 (18 bits)");
      return 0;
    }
    m->logical = (uint32_t)logical;
  }
  if (t == SQLITE_TEXT && store != OK_MVCC_BADGER &&
      (store == OK_MVCC_CRDB || !digits_only(ctx, argv[2], &t)))
    return t >= 0 && ok_sql_time_arg(ctx, argv[2], &sec, &nanos) && at(ctx, store, sec, nanos, m);
  if (store == OK_MVCC_CRDB) {
    if (!ok_sql_int_arg(ctx, argv[2], "the wall time", &v)) return 0;
    m->version = (uint64_t)v;
    return 1;
  }
  if (store == OK_MVCC_TIKV && argc > 3) { /* the physical time in milliseconds */
    if (!ok_sql_int_arg(ctx, argv[2], "the physical time (milliseconds)", &v)) return 0;
    return at(ctx, store, v < 0 ? -1 : v / 1000, v < 0 ? 0 : v % 1000 * 1000000, m);
  }
  return ok_sql_u64_arg(ctx, argv[2], "the version", &m->version);
}

/* ok_mvcc_pack(key, store [, version [, logical]]): the store's key of a
** user key and a version (none: CockroachDB's key without one). */
static void ok_mvcc_pack_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  uint8_t stack[256], *out;
  size_t n, len, err;
  ok_mvcc m;
  int i, rc;
  memset(&m, 0, sizeof m);
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL || !ok_sql_key_arg(ctx, argv, 0, &p, &n)) return;
  if ((i = store_arg(ctx, argv, 1)) < 0) return;
  if (argc < 3 && stores[i].store != OK_MVCC_CRDB) {
    ok_sql_error(ctx, "%s's keys have a version: give it as argument 3", stores[i].words);
    return;
  }
  if (argc > 2 && !version_args(ctx, argc, argv, stores[i].store, &m)) return;
  if ((rc = ok_mvcc_join(NULL, &len, stores[i].store, p, n, &m, &err)) != OK_OK) {
    if (stores[i].store == OK_MVCC_BADGER)
      ok_sql_error(ctx, "Badger's user keys are not empty");
    else
      ok_sql_error(ctx, "not a TiKV user key: byte %lld: %s", (long long)err + 1, tikv_words(rc));
    return;
  }
  if (!(out = ok_sql_scratch(ctx, stack, sizeof stack, len))) return;
  ok_mvcc_join(out, &len, stores[i].store, p, n, &m, &err);
  if (!ok_sql_too_big(ctx, len)) sqlite3_result_blob64(ctx, out, len, SQLITE_TRANSIENT);
  ok_sql_scratch_free(out, stack);
}

const ok_sql_function ok_sql_mvcc_functions[] = {
    {"ok_mvcc_key", 2, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_mvcc_key_fn, 0},
    {"ok_mvcc_version", 2, 2, OK_SQL_PURE, ok_mvcc_part_fn, VERSION},
    {"ok_mvcc_logical", 2, 2, OK_SQL_PURE, ok_mvcc_part_fn, LOGICAL},
    {"ok_mvcc_time", 2, 2, OK_SQL_PURE, ok_mvcc_part_fn, TIME},
    {"ok_mvcc_order", 2, 2, OK_SQL_PURE | OK_SQL_MAKES, ok_mvcc_order_fn, 0},
    {"ok_mvcc_pack", 2, 4, OK_SQL_PURE, ok_mvcc_pack_fn, 0},
    {NULL, 0, 0, 0, NULL, 0},
};
