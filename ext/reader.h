/*
** reader.h -- how a reading function learns the format of its key: its
** format argument ('hbase', 'salt+fdb', 'orderly:<schema>'), else the
** subtype the key carries from its builder, else native; and salted keys.
*/
#ifndef OK_READER_H
#define OK_READER_H

#include "format.h"

/* How a reading function takes its key: in a format, and salted or not
** (a format argument 'salt+NAME': OK_SALT_LEN bytes of salt, then the key).
** A format with a parameter holds its parsed state (on the heap) in
** `state`; `fresh` when it was parsed for this call, which then hands it
** to ok_sql_reader_end. */
typedef struct {
  const ok_sql_format *f;
  const ok_format *core; /* what reads the key: f->core, or the parameter's format */
  int salted;
  void *state;
  int fresh;
  size_t base; /* ok_sql_key_in, salted: the bytes of salt before the key */
  size_t k;    /* and how many components the salt covers */
  int strict;  /* 'strict+': a key that another format reads too is refused */
} ok_sql_reader;

/* The reader of a key and an optional format value (NULL: none), for
** ok_each: SQLITE_OK; SQLITE_ERROR with the message (without the
** function's name) in *msg to sqlite3_free; SQLITE_NOMEM. Release it with
** ok_sql_reader_free. */
int ok_sql_reader_of(sqlite3_value *key, sqlite3_value *format, int salt, ok_sql_reader *r,
                     char **msg);
void ok_sql_reader_free(ok_sql_reader *r);
/* The reader a format value names (its parameter parsed), for ok_formats:
** as ok_sql_reader_of, with no key. */
int ok_sql_reader_named(sqlite3_value *format, ok_sql_reader *r, char **msg);

/* What a reading function does with salted keys ('salt+NAME' formats,
** ok_salt's results). */
enum {
  OK_SQL_NO_SALT,  /* refuses them: it takes unsalted keys */
  OK_SQL_UNSALT,   /* checks the salt and reads the key after it */
  OK_SQL_WITH_SALT /* takes them whole: it checks them itself, and strictness (ok_valid) */
};

/* The key argv[0] and how to read it: the format named by argv[fi] when
** fi < argc (any case; 'salt+' in front unless `salt` is OK_SQL_NO_SALT),
** else the format of the key's subtype, else native. A key that carries
** one format's subtype is refused under another. OK_SQL_UNSALT checks a
** salted key's salt, and what follows it is the key (r->base, r->k). Returns 1 with
** the key bytes in *p, *n; or 0 after setting the result (NULL for a NULL
** key). Every call that returned 1 ends with ok_sql_reader_end. The
** context's adapter of ok_sql_reader_of, with the format kept for the
** statement. */
int ok_sql_key_in(sqlite3_context *ctx, int argc, sqlite3_value **argv, int fi, int salt,
                  ok_sql_reader *r, const uint8_t **p, size_t *n);
/* Keeps a format argument parsed by this call for the rest of the
** statement (auxdata of argument fi), or frees it. */
void ok_sql_reader_end(sqlite3_context *ctx, ok_sql_reader *r, int fi);

/* 1 when the whole of p[0..n) parses as r reads it, with its components
** in *count and, salted, the components its salt covers in *k. */
int ok_sql_parses(const ok_sql_reader *r, const uint8_t *p, size_t n, size_t *count, size_t *k);

/* The failure (SQLITE_ERROR with *msg) for a key p[0..n) that r cannot
** read: the status, its byte offset `at` (both in the key after r->base
** bytes of salt), and the formats the whole argument does parse in
** (ok_formats' list), so that a key read in the wrong format says where to
** look. SQLITE_NOMEM when out of memory. */
int ok_sql_malformed_key(const ok_sql_reader *r, const uint8_t *p, size_t n, int status, size_t at,
                         char **msg);

/* For a strict reader (r->strict), the failure for a key p[0..n) (after
** r->base bytes of salt) that another format, or a salted one, reads too;
** SQLITE_OK for any other key or reader. ok_sql_key_in checks it, but for
** OK_SQL_WITH_SALT. */
int ok_sql_strict(const ok_sql_reader *r, const uint8_t *p, size_t n, char **msg);

/* For a salted key p[0..n) of format f: SQLITE_OK with the k its salt
** covers in *k; SQLITE_ERROR with *msg (too short, malformed, or a salt that
** is the hash of no leading components); SQLITE_NOMEM. */
int ok_sql_salt_of(const ok_format *f, const uint8_t *p, size_t n, size_t *k, char **msg);

#endif /* OK_READER_H */
