/*
** common.h -- what the SQL glue files share. Only ext/ includes SQLite.
*/
#ifndef OK_COMMON_H
#define OK_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../src/ok.h"
#include "sqlite3ext.h"

#ifndef OK_EXT_MAIN
SQLITE_EXTENSION_INIT3
#endif

/* Pieces: the BLOBs the key builders of each format return carry the
** format's subtype, so that its builders inline them (ok_pack(a,
** ok_desc(b))) and its readers know what they hold. A subtype does not
** survive a table column: stored fragments are joined with ok_concat. */
#define OK_SUBTYPE 0x6B         /* 'k': native keys */
#define OK_FDB_SUBTYPE 0x66     /* 'f': FoundationDB tuples */
#define OK_HBASE_SUBTYPE 0x68   /* 'h': HBase OrderedBytes */
#define OK_ORDERLY_SUBTYPE 0x6F /* 'o': Orderly keys (read with their schema) */
/* A raw prefix (a FoundationDB subspace or directory) in front of a tuple:
** ok_fdb_prefix(bytes), taken only as the first argument of the FDB
** packing functions. */
#define OK_FDB_PREFIX_SUBTYPE 0x70 /* 'p' */

/* Newer SQLite wants these flags on functions that read or set subtypes;
** older versions ignore the bits. */
#ifndef SQLITE_SUBTYPE
#define SQLITE_SUBTYPE 0x000100000
#endif
#ifndef SQLITE_RESULT_SUBTYPE
#define SQLITE_RESULT_SUBTYPE 0x001000000
#endif

/* One SQL function: the user data of its registration, one for each count
** from min to max (SQLite refuses other counts when it prepares the call),
** or for any count (max -1), checked against min when called. */
typedef struct {
  const char *name;
  int min, max;
  int flags;
  void (*fn)(sqlite3_context *, int, sqlite3_value **);
  int arg; /* what tells apart functions that share fn (a type code...) */
} ok_sql_function;

/* The `arg` of the function being called. */
int ok_sql_fn_arg(sqlite3_context *ctx);

/* Sets an error "<function name>: <message>". */
void ok_sql_error(sqlite3_context *ctx, const char *fmt, ...);

/* Reads argument `v` as a key. Returns 1 with the bytes in *p, *n; or 0
** after setting the result: NULL for a NULL key, an error otherwise. */
int ok_sql_key_arg(sqlite3_context *ctx, sqlite3_value *v, const uint8_t **p, size_t *n);

/* Reports a core decoding failure as "<name>: malformed key at byte N: ..". */
void ok_sql_malformed(sqlite3_context *ctx, int status, size_t at);

/* Returns a piece of the format with that subtype; frees p with
** sqlite3_free when `owned`, else copies it. */
void ok_sql_result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n, int subtype, int owned);
/* For a builder of `subtype` keys: 1 when argument v (number i, for the
** message) is one of its own pieces, 0 for any other value, -1 with the
** error set for a piece of another format. */
int ok_sql_piece(sqlite3_context *ctx, sqlite3_value *v, int subtype, int i);
/* The bytes of a TEXT or BLOB value (never a NULL pointer); 0 with
** SQLITE_NOMEM set when SQLite could not provide them. */
int ok_sql_bytes(sqlite3_context *ctx, sqlite3_value *v, const uint8_t **p, size_t *n);
/* 1 when TEXT argument i is valid UTF-8 (the FDB and HBase formats hold
** nothing else as text), else 0 with the error set. */
int ok_sql_utf8_arg(sqlite3_context *ctx, const uint8_t *p, size_t n, int i);

/* Sets the result to the value of a decoded component; a TOOBIG error
** names `name` (NULL: the function's own). */
void ok_sql_result_item(sqlite3_context *ctx, const ok_item *it, const char *name);

/* "INTEGER", "REAL", "TEXT", "BLOB" or "NULL" for an SQLITE_* type. */
const char *ok_sql_type_name(int t);
/* The IEEE special TEXT names ('NaN', 'Inf', '-Inf', 'Infinity', any case)
** in *d; 0 for any other text. */
int ok_sql_special_real(const char *s, double *d);
/* A number argument, or 'NaN', 'Inf', '-Inf', in *d; 0 with the error set.
** A float is then (float)*d, rounded to nearest as every FDB binding and
** Java's cast round: past FLT_MAX and half an ulp, an infinity. */
int ok_sql_real_arg(sqlite3_context *ctx, sqlite3_value *v, double *d);
/* A boolean argument: any number, 0 false. 0 with the error set. */
int ok_sql_bool_arg(sqlite3_context *ctx, sqlite3_value *v, int *b);

/* The Java whose Double.toString HBase numerics and Orderly decimals are
** written with from a REAL unless told otherwise: Java 8-18's, which the
** HBase 2.x clients that write most tables run (docs/hbase.md). */
#define OK_SQL_JAVA 17
/* A Java feature version argument (8, 11, 17, 21...) in *java; 0 with the
** error set. */
int ok_sql_java_arg(sqlite3_context *ctx, sqlite3_value *v, int *java);

/* 1 when the result would pass SQLite's length limit (and sets TOOBIG). */
int ok_sql_too_big(sqlite3_context *ctx, sqlite3_uint64 n);
/* The error SQLITE_TOOBIG, with a message that names `name` (NULL: the
** function's own name, which only a function's context has: ok_each's
** columns give theirs). */
void ok_sql_error_toobig(sqlite3_context *ctx, const char *name);

/* A growing output buffer that starts on the stack. */
typedef struct {
  uint8_t *p;
  size_t n, cap;
  uint8_t stack[512];
} ok_sql_buf;

void ok_sql_buf_init(ok_sql_buf *b);
/* Makes room for `more` bytes; 0 (with the error set) when the result would
** pass the length limit anyway (`least` more bytes) or memory runs out. */
int ok_sql_buf_reserve(sqlite3_context *ctx, ok_sql_buf *b, size_t more, size_t least);
void ok_sql_buf_free(ok_sql_buf *b);

/* Where ok_quote (SQL) and ok_json (json = 1) write a rendering: text that
** starts on the stack and grows on the heap. The first failure (TOOBIG past
** SQLite's length limit, NOMEM) stays in rc and later writes are dropped. */
typedef struct {
  char *p;
  size_t n, cap, limit;
  int rc;
  int json;
  sqlite3 *db;
  sqlite3_stmt *st; /* "SELECT CAST(?1 AS REAL)": asks SQLite to read a REAL back;
                    ** prepared on demand, kept for the calling statement */
  char stack[256];
} ok_sql_out;

void ok_sql_out_init(ok_sql_out *o, sqlite3 *db, int json);
void ok_sql_puts(ok_sql_out *o, const char *s);
void ok_sql_putc(ok_sql_out *o, char c);
/* Formatted as sqlite3_mprintf does, for short pieces (up to 200 bytes). */
void ok_sql_putf(ok_sql_out *o, const char *fmt, ...);
/* Hands the text to ctx as the result, or sets the error of o->rc. */
void ok_sql_out_result(sqlite3_context *ctx, ok_sql_out *o);

/* A plain value: NULL, the integer, the REAL, the text or blob literal. */
int ok_sql_put_value(ok_sql_out *o, const ok_item *it);
void ok_sql_put_real(ok_sql_out *o, double d);
/* p[0..n) in upper-case hex as X'..' (SQL) or ".." (JSON). */
int ok_sql_put_hex_literal(ok_sql_out *o, const uint8_t *p, size_t n);
/* A call of fn around what follows, or in JSON {"key": ...}; then its end. */
void ok_sql_open_call(ok_sql_out *o, const char *fn, const char *key);
void ok_sql_close_call(ok_sql_out *o);
/* An item as its own bytes: fn(X'..') in SQL, {"key": ".."} in JSON. */
int ok_sql_put_raw(ok_sql_out *o, const char *fn, const char *key, const uint8_t *raw, size_t n);
/* 1 when a TEXT item's value is valid UTF-8, 0 when not, -1 when there
** was no memory to check. */
int ok_sql_item_is_utf8(const ok_item *it);

/* A key format as the SQL functions see it: the core's descriptor plus
** what SQL needs (ext/format.c holds the table; adding a format is a row
** there and one in the core's ok_formats). */
typedef struct {
  const ok_format *core;
  int subtype;          /* of its pieces */
  const char *label;    /* "native", "FDB", "HBase": in messages */
  const char *noun;     /* "a native key", "an FDB tuple"...: in messages */
  const char *builders; /* "ok_pack, ok_desc...": where its pieces come from */
  const char *pack;     /* the builder that ok_quote's renderings read back with */
  /* the finer kind name ok_each reports for an item */
  const char *(*kind)(const ok_item *it);
  /* how ok_quote and ok_json show an item (raw: its bytes in the key);
  ** returns an SQLite code */
  int (*render)(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
  /* a format read with a schema ('NAME:<schema>', Orderly): writes the
  ** schema of the format the key is read with; NULL for the others */
  void (*schema)(ok_sql_out *o, const ok_format *core);
} ok_sql_format;

/* The formats, in the core's order, and the one whose pieces carry that
** subtype (NULL for none). */
extern const ok_sql_format ok_sql_formats[];
const ok_sql_format *ok_sql_format_of_subtype(unsigned subtype);

/* How a reading function takes its key: in a format, and salted or not
** (a format argument 'salt+NAME': OK_SALT_LEN bytes of salt, then the key). */
typedef struct {
  const ok_sql_format *f;
  const ok_format *core; /* what reads the key: f->core, or a schema's format */
  int salted;
  ok_orderly schema; /* an 'orderly:<schema>' format's, when parsed for this call */
} ok_sql_reader;

/* The reader of a key and an optional format value (NULL: none), for
** ok_sql_key_in and ok_each: SQLITE_OK; SQLITE_ERROR with the message
** (without the function's name) in *msg to sqlite3_free; SQLITE_NOMEM. */
int ok_sql_reader_of(sqlite3_value *key, sqlite3_value *format, int salt, ok_sql_reader *r,
                     char **msg);
/* The key argv[0] and how to read it: the format named by argv[fi] when
** fi < argc (any case; 'salt+' in front when `salt` allows it), else the
** format of the key's subtype, else native. A key that carries one
** format's subtype is refused under another. Returns 1 with the key bytes
** in *p, *n; or 0 after setting the result (NULL for a NULL key). */
int ok_sql_key_in(sqlite3_context *ctx, int argc, sqlite3_value **argv, int fi, int salt,
                  ok_sql_reader *r, const uint8_t **p, size_t *n);

/* For a salted reader: the key after the salt in *key, *len, with the k
** its salt covers in *k. 0 after setting an error (too short, malformed,
** or a salt that is the hash of no leading components). */
int ok_sql_unsalt(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *p, size_t n,
                  const uint8_t **key, size_t *len, size_t *k);
/* The same check without a context (for ok_each): SQLITE_OK with the k in
** *k; SQLITE_ERROR with the message (without the function's name) in *msg
** to sqlite3_free; SQLITE_NOMEM. */
int ok_sql_salt_of(const ok_format *f, const uint8_t *p, size_t n, size_t *k, char **msg);

/* The format the TEXT s[0..n) names as ok_sql_key_in reads it ('salt+' in
** front, any case, sets *salted; a schema after ':' where the format takes
** one, not parsed here), or NULL. */
const ok_sql_format *ok_sql_format_parse(const char *s, size_t n, int *salted);

/* The result for a `format`'s raw constructor (ok_fdb_raw...): the key
** argument, checked in that format, as a piece of that format. */
void ok_sql_result_raw(sqlite3_context *ctx, sqlite3_value *v, const ok_sql_format *f);

/* Renderings of one format (ext/render.c, ext/fdb.c, ext/hbase.c). */
int ok_sql_render_native(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
const char *ok_sql_native_kind(const ok_item *it);
const char *ok_sql_fdb_kind(const ok_item *it);
int ok_sql_render_fdb(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
const char *ok_sql_hbase_kind(const ok_item *it);
int ok_sql_render_hbase(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
const char *ok_sql_orderly_kind(const ok_item *it);
int ok_sql_render_orderly(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
void ok_sql_orderly_schema(ok_sql_out *o, const ok_format *core);
/* The message for a schema s[0..n) that ok_orderly_parse refused (at, why),
** to sqlite3_free; NULL when out of memory. */
char *ok_sql_schema_error(const char *s, size_t n, size_t at, const char *why);

/* Collations by name (case-insensitive, as SQLite's): the tag, or -1. */
int ok_sql_collation_tag(const char *name);
/* The name of a collated-text tag (BINARY for plain TEXT), or NULL. */
const char *ok_sql_collation_name(int tag);
/* The collation named by argument v, or -1 after setting an error. */
int ok_sql_collation_arg(sqlite3_context *ctx, sqlite3_value *v);
/* Encodes text s[0..n) under the collation of tag as a (terminated, or
** prefix-bound) component into *out: `stack` when it fits in cap bytes,
** else a new sqlite3_malloc buffer. Returns its length, or 0 with *out NULL
** after setting an error. */
size_t ok_sql_collated(sqlite3_context *ctx, int tag, const uint8_t *s, size_t n, int terminated,
                       uint8_t *stack, size_t cap, uint8_t **out);

/* The SQL functions, one group per file. */
void ok_pack_fn(sqlite3_context *, int, sqlite3_value **);
void ok_prefix_fn(sqlite3_context *, int, sqlite3_value **);
void ok_concat_fn(sqlite3_context *, int, sqlite3_value **);
void ok_prefix_end_fn(sqlite3_context *, int, sqlite3_value **);
void ok_unpack_col_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hex_fn(sqlite3_context *, int, sqlite3_value **);
void ok_count_fn(sqlite3_context *, int, sqlite3_value **);
void ok_valid_fn(sqlite3_context *, int, sqlite3_value **);
void ok_formats_fn(sqlite3_context *, int, sqlite3_value **);
void ok_render_fn(sqlite3_context *, int, sqlite3_value **);
void ok_salt_fn(sqlite3_context *, int, sqlite3_value **);
void ok_unsalt_fn(sqlite3_context *, int, sqlite3_value **);
void ok_salt_check_fn(sqlite3_context *, int, sqlite3_value **);
void ok_xxh_fn(sqlite3_context *, int, sqlite3_value **);
void ok_b64_fn(sqlite3_context *, int, sqlite3_value **);
void ok_unb64_fn(sqlite3_context *, int, sqlite3_value **);
void ok_collate_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_pack_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_pack_versionstamped_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_tuple_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_range_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_int_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_ieee_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_bool_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_uuid_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_versionstamp_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_versionstamp_incomplete_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_raw_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_prefix_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_pack_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_desc_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_int_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_float_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_numeric_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_text_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_blob_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_bool_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_raw_fn(sqlite3_context *, int, sqlite3_value **);
void ok_orderly_pack_fn(sqlite3_context *, int, sqlite3_value **);
int ok_each_register(sqlite3 *db);
int ok_collation_register(sqlite3 *db);

#endif /* OK_COMMON_H */
