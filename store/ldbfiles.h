/*
** ldbfiles.h -- a LevelDB read from its files, without LevelDB: CURRENT,
** the MANIFEST's version edits, the live tables (.ldb, .sst) and the
** write-ahead logs, every entry they hold, sorted as LevelDB orders them
** (a user key's versions newest first): by bytes, or, for a store of
** Chrome's IndexedDB, by its comparator idb_cmp1 (src/ok_chrome.h), the
** one other order ok reads a store in (and never writes). Every file is opened read-only;
** nothing is locked, created or changed: a folder a running program holds,
** or one on read-only media, reads the same.
*/
#ifndef OK_STORE_LDBFILES_H
#define OK_STORE_LDBFILES_H

#include <stddef.h>
#include <stdint.h>

#include "engine.h"

/* One entry: a version of a user key, a put (its value after the key in
** row) or a deletion. */
typedef struct ldb_entry {
  store_row row; /* first: the entries are rows for engine.h's iterator */
  uint64_t seq;
  uint16_t file; /* the file it is in: an index into names */
  uint8_t put;   /* 1: a value; 0: a deletion */
} ldb_entry;

/* An order of user keys: -1, 0 (one key) or 1. */
typedef int (*ldb_cmp)(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);

typedef struct ldb_files {
  ldb_entry *e; /* by user key in the store's order, then sequence, newest first */
  ldb_cmp cmp;  /* that order: bytes, or Chrome's IndexedDB's (idb_cmp1) */
  size_t n;
  char **names; /* "000005.ldb", "000007.log"... */
  size_t nnames;
  char comparator[64];
  uint64_t last_seq; /* the manifest's, then the logs' */
  char torn[200];    /* "" or where a log's last record was cut (a crash) */
  void *mem;         /* the keys and values, in chunks */
} ldb_files;

/* Reads the LevelDB in folder path: STORE_OK; STORE_ERR with a message
** naming the file and offset of what could not be read; STORE_NOMEM. With
** a hint (else NULL), only the keys in its range: the tables' blocks that
** hold none are not read. */
int ldb_files_read(const char *path, const store_range *hint, ldb_files *out, char *err);
void ldb_files_free(ldb_files *f);

/* Whether path's MANIFEST reads, and names LevelDB's bytewise comparator:
** STORE_OK, or STORE_ERR saying which it names, or where it is damaged. */
int ldb_files_check(const char *path, char *err);

/* Keeps the live entries only, in place: each user key's newest version
** when it is a value (a deletion hides the key), sorted by bytes (SQL's
** order of BLOBs) whatever the store's order. */
void ldb_files_live(ldb_files *f);

/* A walk of the live keys of a LevelDB in byte order, read from its files as
** it goes: the write-ahead logs in memory (LevelDB's memtable), and of the
** tables a block at a time, a table at a time a level, merged as LevelDB
** merges them (a key's newest entry; a deletion hides it). Every table is
** opened when the walk is: what it reads is the store as it was then,
** whatever a program writing it does meanwhile. Opening gives *out NULL
** (and STORE_OK) for a store of another order, which ldb_files_read reads.
** Errors as ldb_files_read's; the key and value are valid until the walk
** moves. With a hint (else NULL), of the logs only the keys in its range are
** kept: the walk is to seek within it. */
typedef struct ldb_walk ldb_walk;
int ldb_walk_open(const char *path, const store_range *hint, ldb_walk **out, char *err);
/* To the first live key >= k (k NULL: the first). */
int ldb_walk_seek(ldb_walk *w, const unsigned char *k, size_t n, char *err);
int ldb_walk_next(ldb_walk *w, char *err);
int ldb_walk_valid(const ldb_walk *w);
const unsigned char *ldb_walk_key(const ldb_walk *w, size_t *n);
const unsigned char *ldb_walk_value(const ldb_walk *w, size_t *n);
void ldb_walk_close(ldb_walk *w);

#endif
