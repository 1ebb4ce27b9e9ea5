/*
** ok_tidb.h -- TiDB's keys (pkg/util/codec's memcomparable datums and
** pkg/tablecodec's table, record and index keys), as TiDB makes them and as
** TiKV stores and logs them (its 8-byte groups). Includes ok.h; the same
** tiers and return convention (see there). docs/tidb.md is the manual.
*/
#ifndef OK_TIDB_H
#define OK_TIDB_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- TiDB and TiKV keys (src/tidb.c, docs/tidb.md) ------------------------ */

/* Two formats read the same keys: ok_format_tidb the key as TiDB makes it,
** ok_format_tikv the same key as TiKV stores it, in groups of 8 bytes each
** followed by a marker byte (0xFF, or 0xFF less the zero bytes padding the
** last group), which TiKV's and TiDB's logs print in hex. */

/* Flags: a datum's first byte. */
#define OK_TIDB_NIL 0x00
#define OK_TIDB_BYTES 0x01 /* alone at a key's end: the MinNotNull bound */
#define OK_TIDB_INT 0x03
#define OK_TIDB_UINT 0x04 /* also DATETIME, DATE, TIMESTAMP, ENUM, SET, BIT */
#define OK_TIDB_FLOAT 0x05
#define OK_TIDB_DECIMAL 0x06
#define OK_TIDB_DURATION 0x07 /* TIME */
#define OK_TIDB_MAX 0xFA      /* the MaxValue bound */
/* The parts of a table's key, under tags of their own. */
#define OK_TIDB_TABLE 't'          /* 't' and the table's id (EncodeInt) */
#define OK_TIDB_RECORD 'r'         /* "_r" and an integer handle */
#define OK_TIDB_COMMON 'R'         /* "_r" alone: a common handle's datums follow */
#define OK_TIDB_INDEX 'i'          /* "_i" and the index's id */
#define OK_TIDB_KEYSPACE 'x'       /* API v2: 'x' and a 3-byte keyspace id */
#define OK_TIDB_MIN_NOT_NULL 0x101 /* a lone OK_TIDB_BYTES at the end */

#define OK_TIDB_FIXED_LEN 9 /* a flag and 8 bytes: int, uint, float, duration */
/* A TIME's range (TiDB's types.MaxTime, MySQL's): 838:59:59 either way, in
** nanoseconds; the reader refuses a duration past it, as the builder does. */
#define OK_TIDB_DURATION_MAX ((((int64_t)838 * 3600 + 59 * 60 + 59) * 1000000000))
/* Decimals: at most 65 digits, 30 after the point (MySQL's DECIMAL). */
#define OK_TIDB_DECIMAL_DIGITS 65
#define OK_TIDB_DECIMAL_SCALE 30
#define OK_TIDB_DECIMAL_MAX 33 /* flag, precision, scale, 30 bytes of digits */

/* Encoders: each returns the byte count and writes to out unless NULL. */
size_t ok_tidb_enc_null(uint8_t *out);
size_t ok_tidb_enc_int(uint8_t *out, int64_t v);
size_t ok_tidb_enc_uint(uint8_t *out, uint64_t v);
size_t ok_tidb_enc_float(uint8_t *out, double d); /* -0.0 below 0.0, as TiDB writes it now */
size_t ok_tidb_enc_duration(uint8_t *out, int64_t nanos);
/* Bytes s[0..n): in groups of 8, each then 0xFF, the last padded with
** zeros and 0xFF less their count (EncodeBytes); flag when nonzero
** (OK_TIDB_BYTES) in front. At most OK_TIDB_BYTES_BOUND(n) bytes. */
#define OK_TIDB_BYTES_BOUND(n) (1 + ((size_t)(n) / 8 + 1) * 9)
size_t ok_tidb_enc_bytes(uint8_t *out, int flag, const uint8_t *s, size_t n);
/* A DECIMAL(precision, scale) of the value +-0.digit[0..nd) x 10^(exp+1)
** (ASCII digits without leading or trailing zeros, as ok_decimal_split
** gives them; none for zero), rounded half away from zero to `scale`
** digits after the point, as TiDB casts a value to the column's type.
** OK_OK with its length in *len; OK_E_RANGE when the value does not fit
** (too many digits before the point) or precision and scale are outside
** 1..65 and 0..30, scale <= precision. At most OK_TIDB_DECIMAL_MAX bytes. */
int ok_tidb_enc_decimal(uint8_t *out, size_t *len, int neg, const char *digit, size_t nd,
                        int64_t exp, int precision, int scale);
/* A DATETIME's packed form (types.Time.ToPackedUint), to key under
** OK_TIDB_UINT: year 0..9999, month 0..12, day 0..31, hour, minute,
** second and microsecond; OK_OK or OK_E_RANGE. */
int ok_tidb_datetime_pack(uint64_t *packed, int year, int month, int day, int hour, int minute,
                          int second, int micro);

/* ok_tidb_decode: one item of a TiDB key, as ok_decode does for the
** native format (it->tag the flag, or OK_TIDB_TABLE...). The SQL value:
** NULL (NULL, the bounds, a common handle's "_r"), INTEGER (int, uint
** within int64, duration in nanoseconds, a DATETIME's packed uint, the
** ids and an integer handle), REAL, TEXT (bytes that are valid UTF-8
** without NUL; a uint past int64 as decimal digits; a decimal as TiDB
** prints it, with its scale's digits after the point), BLOB (other
** bytes). Only canonical items are accepted. Items are read through the
** formats' decode (ok_locate, ok_next...): in a TiKV key an item's place
** in its group follows from the bytes left, as the groups start at the
** key's start; the last item takes the last group's padding. TiKV's
** empty key is x'' (a region's open boundary), with no item; padding alone
** (0000000000000000F7, the encoded empty TiDB key, which TiDB never makes)
** is refused, OK_E_NONCANONICAL at 0, so that no two keys read alike. */

/* ok_tidb_row_format: the format the walks (ok_walk_start, ok_locate,
** ok_count...) read key[0..n) with when f is ok_format_tidb or
** ok_format_tikv, which they call for themselves: f, or for a row key whose
** clustered handle TiDB padded with zeros to 9 bytes (kv.NewCommonHandle
** pads a shorter one: a DECIMAL(1,0) primary key), f's variant that reads
** the padding as the end of the key, not as NULL datums. A 00 elsewhere in
** a common handle is refused (OK_E_NULL): TiDB writes none there. Such a
** key is 20 bytes, or 24 behind a keyspace: in TiKV's groups of 9, 27 or
** 36 bytes, OK_TIDB_ROW_MAX at most (a longer key is never one). */
#define OK_TIDB_ROW_MAX 36
const ok_format *ok_tidb_row_format(const ok_format *f, const uint8_t *key, size_t n);

/* ok_tidb_decimal_type: the precision and scale of a decimal item (tag
** OK_TIDB_DECIMAL) of either format. */
void ok_tidb_decimal_type(const ok_item *it, int *precision, int *scale);

/* A key as TiKV stores it is ok_tidb_enc_bytes(out, 0, key, n) (its
** EncodeBytes). ok_tikv_unwrap: a TiKV key
** p[0..n) back to the key inside, into out (room for n bytes), its length
** in *len: OK_OK, or a status with *err_at (a marker or padding byte
** wrong, a length that is no whole number of groups). x'' (a region's
** open start in TiKV) unwraps to the empty key, as does the padding alone
** (which the readers refuse). */
int ok_tikv_unwrap(uint8_t *out, size_t *len, const uint8_t *p, size_t n, size_t *err_at);

#ifdef __cplusplus
}
#endif

#endif /* OK_TIDB_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_TIDB_H_STATIC)
#define OK_TIDB_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_tidb_write (ok.h's writers): a datum (TEXT and BLOB alike as bytes);
** refuses nothing. */
int ok_tidb_write(const ok_format *f, ok_writer *w, const ok_value *v);

/* TiDB's key shapes (docs/tidb.md), one table that the builder walks item
** by item (ext/tidb.c) and the reader asks of a key's first items and the
** one after each: the kinds of items, the indexes each may stand at, and
** the kinds that may follow each (a key may end after any). */
enum {
  OK_TIDB_AT_DATUM,    /* a datum (the MaxValue bound among them) */
  OK_TIDB_AT_START,    /* before the first item */
  OK_TIDB_AT_KEYSPACE, /* a keyspace: a table follows */
  OK_TIDB_AT_TABLE,    /* a table: "_r" or "_i" follows */
  OK_TIDB_AT_RECORD,   /* "_r" and an integer handle: the end of a row key */
  OK_TIDB_AT_COMMON,   /* "_r" alone: a clustered primary key's datums, none NULL */
  OK_TIDB_AT_INDEX,    /* "_i" and an index's id: its datums follow */
  OK_TIDB_AT_NIL,      /* a NULL datum */
  OK_TIDB_AT_BOUND     /* ok_tidb_min_not_null(): the end of a range key */
};
/* The kind of an item with tag `tag` (it->tag: a datum's flag, or a part's
** code: OK_TIDB_TABLE...). */
int ok_tidb_kind(int tag);
/* 1 when an item of kind `kind` may stand at index `index` of a key, and
** when one of kind `next` may follow it. */
int ok_tidb_may_stand(int kind, size_t index);
int ok_tidb_may_follow(int kind, int next);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
