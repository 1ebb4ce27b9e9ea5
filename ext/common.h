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

/* Marks a BLOB made by an ok_ function as key bytes to be inlined by
** ok_pack and ok_desc rather than packed as a BLOB value. A subtype does not
** survive a table column: stored fragments are joined with ok_concat. */
#define OK_SUBTYPE 0x6B /* 'k' */
/* The same for pieces of FoundationDB tuples (ok_fdb_pack and friends);
** the two kinds never mix. */
#define OK_FDB_SUBTYPE 0x66 /* 'f' */
#define OK_HBASE_SUBTYPE 0x68  /* 'h': HBase OrderedBytes pieces */

/* Newer SQLite wants these flags on functions that read or set subtypes;
** older versions ignore the bits. */
#ifndef SQLITE_SUBTYPE
#define SQLITE_SUBTYPE 0x000100000
#endif
#ifndef SQLITE_RESULT_SUBTYPE
#define SQLITE_RESULT_SUBTYPE 0x001000000
#endif

/* One SQL function: the user data of its registration. Every function is
** registered for any argument count and checked against min..max (max -1:
** no limit) here, so that a wrong count gets an error naming the function. */
typedef struct {
  const char *name;
  int min, max;
  int flags;
  void (*fn)(sqlite3_context *, int, sqlite3_value **);
} ok_sql_function;

/* Sets an error "<function name>: <message>". */
void ok_sql_error(sqlite3_context *ctx, const char *fmt, ...);

/* Reads argument `v` as a key. Returns 1 with the bytes in *p, *n; or 0
** after setting the result: NULL for a NULL key, an error otherwise. */
int ok_sql_key_arg(sqlite3_context *ctx, sqlite3_value *v, const uint8_t **p, size_t *n);

/* Reports a core decoding failure as "<name>: malformed key at byte N: ..". */
void ok_sql_malformed(sqlite3_context *ctx, int status, size_t at);

/* Pieces are the BLOBs the key builders return, tagged with their format's
** subtype (OK_SUBTYPE, OK_FDB_SUBTYPE, OK_HBASE_SUBTYPE) so that builders
** inline them. Returns a piece; frees p with sqlite3_free when `owned`,
** else copies it. */
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

/* Sets the result to the value of a decoded component. */
void ok_sql_result_item(sqlite3_context *ctx, const ok_item *it);

/* "INTEGER", "REAL", "TEXT", "BLOB" or "NULL" for an SQLITE_* type. */
const char *ok_sql_type_name(int t);
/* The IEEE special TEXT names ('NaN', 'Inf', '-Inf', 'Infinity', any case)
** in *d; 0 for any other text. */
int ok_sql_special_real(const char *s, double *d);
/* A number argument, or 'NaN', 'Inf', '-Inf', in *d; size 4 also wants it
** within the float range (infinities and NaN aside). 0 with the error set. */
int ok_sql_real_arg(sqlite3_context *ctx, sqlite3_value *v, size_t size, double *d);
/* A boolean argument: any number, 0 false. 0 with the error set. */
int ok_sql_bool_arg(sqlite3_context *ctx, sqlite3_value *v, int *b);

/* 1 when the result would pass SQLite's length limit (and sets TOOBIG). */
int ok_sql_too_big(sqlite3_context *ctx, sqlite3_uint64 n);

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

/* Where ok_quote (SQL) and ok_json (json = 1) write a rendering. */
typedef struct {
  sqlite3_str *s;
  int json;
  sqlite3 *db;
  sqlite3_stmt *st; /* prepared on demand to check SQLite reads a REAL back */
} ok_sql_out;

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
/* 1 when a TEXT item's value is valid UTF-8. */
int ok_sql_item_is_utf8(const ok_item *it);

/* A key format: how the reading functions decode one component, the finer
** kind name ok_each reports for it, and how ok_quote and ok_json show it
** (raw: the component's bytes in the key); render returns an SQLite code. */
typedef struct {
  const char *name;
  int (*decode)(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);
  const char *(*kind)(const ok_item *it);
  int (*render)(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
} ok_sql_format;

/* The names of the formats, for error messages. */
#define OK_SQL_FORMATS "'ok', 'fdb', 'hbase'"

/* The format of that name, or NULL. */
const ok_sql_format *ok_sql_format_named(const char *name);
int ok_sql_render_native(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
const char *ok_sql_fdb_kind(const ok_item *it);
int ok_sql_render_fdb(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
const char *ok_sql_hbase_kind(const ok_item *it);
int ok_sql_render_hbase(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
/* The result for a `format`-named raw constructor (ok_fdb_raw...): the key
** argument, checked in that format, as a piece of that subtype. */
void ok_sql_result_raw(sqlite3_context *ctx, sqlite3_value *v, const char *format, int subtype);

/* The format named by the optional argument argv[i] ('ok' when i >= argc);
** NULL after setting an error for a non-TEXT or unknown name. */
const ok_sql_format *ok_sql_format_arg(sqlite3_context *ctx, int argc, sqlite3_value **argv, int i);

/* Decodes every component of key[0..n) in format f, counting them in *count
** and keeping the first `max` in items (items may be NULL when max is 0).
** Returns OK_OK or the first error, with *err_at its offset in the key. */
int ok_sql_walk(const ok_sql_format *f, const uint8_t *key, size_t n, ok_item *items, size_t max,
                size_t *count, size_t *err_at);

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
void ok_desc_fn(sqlite3_context *, int, sqlite3_value **);
void ok_prefix_fn(sqlite3_context *, int, sqlite3_value **);
void ok_concat_fn(sqlite3_context *, int, sqlite3_value **);
void ok_prefix_end_fn(sqlite3_context *, int, sqlite3_value **);
void ok_unpack_col_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hex_fn(sqlite3_context *, int, sqlite3_value **);
void ok_count_fn(sqlite3_context *, int, sqlite3_value **);
void ok_valid_fn(sqlite3_context *, int, sqlite3_value **);
void ok_quote_fn(sqlite3_context *, int, sqlite3_value **);
void ok_json_fn(sqlite3_context *, int, sqlite3_value **);
void ok_salt_fn(sqlite3_context *, int, sqlite3_value **);
void ok_unsalt_fn(sqlite3_context *, int, sqlite3_value **);
void ok_salt_check_fn(sqlite3_context *, int, sqlite3_value **);
void ok_xxh32_fn(sqlite3_context *, int, sqlite3_value **);
void ok_xxh64_fn(sqlite3_context *, int, sqlite3_value **);
void ok_b64_fn(sqlite3_context *, int, sqlite3_value **);
void ok_unb64_fn(sqlite3_context *, int, sqlite3_value **);
void ok_collate_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_pack_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_pack_versionstamped_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_tuple_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_range_begin_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_range_end_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_int_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_float_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_double_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_bool_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_uuid_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_versionstamp_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_versionstamp_incomplete_fn(sqlite3_context *, int, sqlite3_value **);
void ok_fdb_raw_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_pack_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_desc_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_int8_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_int16_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_int32_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_int64_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_float32_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_float64_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_numeric_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_text_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_json_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_blob_var_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_blob_copy_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_bool_fn(sqlite3_context *, int, sqlite3_value **);
void ok_hbase_raw_fn(sqlite3_context *, int, sqlite3_value **);
int ok_each_register(sqlite3 *db);
int ok_collation_register(sqlite3 *db);

#endif /* OK_COMMON_H */
