/*
** engine.h -- what the store module asks of an ordered key-value store:
** open one read-only or writable, walk its keys in either direction from a
** seek, and apply a batch of writes at once. One implementation a store
** (lmdb.c, leveldb.c, rocksdb.c); none knows SQLite (vtab.c does).
**
** Errors come back as a status (STORE_OK or STORE_ERR) and a message in
** a buffer of the caller's, which the caller prefixes with the module's
** name.
*/
#ifndef OK_STORE_ENGINE_H
#define OK_STORE_ENGINE_H

#include <stddef.h>
#include <stdint.h>

/* STORE_CONFLICT: a batch found the store changed under it (apply). */
enum { STORE_OK = 0, STORE_ERR = 1, STORE_NOMEM = 2, STORE_CONFLICT = 3 };

#define STORE_ERR_MAX 512

/* How a store is opened. */
enum {
  STORE_WRITE = 1,  /* writable (else read-only: nothing in it changes) */
  STORE_CREATE = 2, /* make the store when the path holds none */
};

/* What a write expects the store to hold at its key before the batch. */
enum {
  STORE_ANY = 0,    /* nothing: a write of a key the transaction wrote before */
  STORE_ABSENT = 1, /* no value */
  STORE_HELD = 2    /* a value whose store_hash() is hash */
};

/* One write of a batch: value NULL deletes the key. A key's first write
** in a transaction says what the store held there when the transaction
** looked (expect, hash); the batch applies only where it still does. */
typedef struct store_op {
  const unsigned char *key;
  size_t nkey;
  const unsigned char *value;
  size_t nvalue;
  int expect;
  uint64_t hash;
} store_op;

struct store_engine;

/* Keys from lo to hi, bounds included (NULL: no bound that side). */
typedef struct store_range {
  const unsigned char *lo, *hi;
  size_t nlo, nhi;
} store_range;

/* An opened store: its handle and the engine that reads it (an engine may
** hand a store to another: LMDB's formats have one each). */
typedef struct store {
  const struct store_engine *e;
  void *db;
} store;

typedef struct store_engine {
  const char *module; /* the SQL module's name, which starts every error */
  const char *sub;    /* what the optional name selects ("database", ...) */
  /* path: the store; name: a database of it or NULL for the main one. */
  int (*open)(const char *path, const char *name, int flags, store *out, char *err);
  void (*close)(void *db);
  /* Whether the store takes a write of a key of n bytes (else why not). */
  int (*check_write)(void *db, size_t n, char *err);
  /* An iterator over one consistent view of the store, in memcmp order
  ** (SQL's order of BLOBs). hint (or NULL): the keys the scan will read,
  ** as far as it knows; an engine may leave the others out. */
  int (*iter_open)(void *db, const store_range *hint, void **it, char *err);
  void (*iter_close)(void *it);
  /* Positions: the first key >= k (k NULL: the first key), the last key
  ** <= k (k NULL: the last), the next, the previous. */
  int (*seek)(void *it, const unsigned char *k, size_t n, char *err);
  int (*seek_last)(void *it, const unsigned char *k, size_t n, char *err);
  int (*next)(void *it, char *err);
  int (*prev)(void *it, char *err);
  /* Whether positioned on a key, and that key's and its value's bytes
  ** (valid until the iterator moves). */
  int (*valid)(void *it);
  const unsigned char *(*key)(void *it, size_t *n);
  const unsigned char *(*value)(void *it, size_t *n);
  /* The names the optional name selects that the store holds (LMDB's named
  ** databases), malloc'd, for store_names_free; NULL where an engine lists
  ** none so. */
  int (*names)(void *db, char ***names, size_t *n, char *err);
  /* All of ops, in order, or none of them. Atomic with the check of each
  ** op's expectation (store_expected) against the store as it is then:
  ** one that fails is STORE_CONFLICT, *conflict its index. */
  int (*apply)(void *db, const store_op *ops, size_t n, size_t *conflict, char *err);
} store_engine;

extern const store_engine store_lmdb, store_lmdb_js, store_leveldb, store_rocksdb;
/* LevelDB read-only from its files (leveldb_files.c): store_leveldb's
** read-only opens, and the whole of ok_files' ok_leveldb. */
extern const store_engine store_leveldb_files;

/* A RocksDB's column families, by name (rocksdb.c). */
int store_rocksdb_families(const char *path, char ***names, size_t *n, char *err);
void store_rocksdb_families_free(char **names, size_t n);
/* An engine's names (engine.h's names()) freed. */
void store_names_free(char **names, size_t n);

/* The engines' shared helpers (engine.c). The message, with bytes that are
** no UTF-8 text escaped. */
void store_errf(char *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The refusal of a store made with a comparator of its own, named (Chrome's
** IndexedDB's, idb_cmp1, refused for writing only). */
void store_comparator_refused(char *err, const char *path, const char *name, size_t n);
/* When LevelDB's or RocksDB's message msg says the store was made with a
** comparator of its own: that said in err, and 1. */
int store_foreign_comparator(char *err, const char *path, const char *msg);
/* A value's fingerprint for store_op's expectations. */
uint64_t store_hash(const unsigned char *v, size_t n);
/* Whether the store's value at op's key (v NULL: none) is what op expects. */
int store_expected(const store_op *op, const unsigned char *v, size_t n);
/* A row in memory: its key, and its value right after it. */
typedef struct store_row {
  const unsigned char *key;
  uint32_t nkey, nvalue; /* a million rows are 16 MB of these */
} store_row;

/* An iterator, with engine.h's iterator functions, over n rows sorted by
** key (memcmp), stride bytes apart, each starting with a store_row; when it
** closes, release(owner) unless release is NULL. */
int store_rows_open(const void *rows, size_t n, size_t stride, void (*release)(void *), void *owner,
                    void **it);
void store_rows_close(void *it);
int store_rows_seek(void *it, const unsigned char *k, size_t n, char *err);
int store_rows_seek_last(void *it, const unsigned char *k, size_t n, char *err);
int store_rows_next(void *it, char *err);
int store_rows_prev(void *it, char *err);
int store_rows_valid(void *it);
const unsigned char *store_rows_key(void *it, size_t *n);
const unsigned char *store_rows_value(void *it, size_t *n);
/* Such an iterator over a copy of every key and value of an engine's store
** (e, db), sorted by memcmp: for a store ordered otherwise (LMDB's
** INTEGERKEY and REVERSEKEY databases), so that ranges and ORDER BY read as
** SQL orders BLOBs. Held in memory. */
int store_copy_open(const store_engine *e, void *db, void **it, char *err);
/* Whether each op's expectation holds in a store whose get() gives a key's
** value (NULL: none; a malloc'd error in *msg), freed by release(): OK, an
** error, or STORE_CONFLICT with *conflict the first op that does not. */
int store_expected_all(const store_op *ops, size_t n, size_t *conflict, char *err, void *ctx,
                       char *(*get)(void *ctx, const store_op *op, size_t *nv, char **msg),
                       void (*release)(void *p));
/* Whether path names a directory (1), a file (2) or nothing (0). */
int store_path_kind(const char *path);

#endif
