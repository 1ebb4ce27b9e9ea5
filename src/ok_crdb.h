/*
** ok_crdb.h -- CockroachDB's key encoding (pkg/util/encoding): its markers,
** encoders, decoder and its pretty printer. Includes ok.h; the same tiers
** and return convention (see there). docs/crdb.md is the manual.
*/
#ifndef OK_CRDB_H
#define OK_CRDB_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- CockroachDB keys (src/crdb.c, src/crdb_text.c, docs/crdb.md) -------- */

/* First bytes ("markers") of CockroachDB's key encoding. */
#define OK_CRDB_NULL 0x00
#define OK_CRDB_NOT_NULL 0x01  /* only in span boundaries */
#define OK_CRDB_FLOAT_NAN 0x02 /* 0x02..0x06: floats */
#define OK_CRDB_FLOAT_NEG 0x03
#define OK_CRDB_FLOAT_ZERO 0x04
#define OK_CRDB_FLOAT_POS 0x05
#define OK_CRDB_FLOAT_NAN_DESC 0x06
#define OK_CRDB_BYTES 0x12
#define OK_CRDB_BYTES_DESC 0x13
#define OK_CRDB_TIME 0x14        /* TIMESTAMP, TIMESTAMPTZ */
#define OK_CRDB_DURATION 0x16    /* INTERVAL (0x15, 0x17: big forms never written) */
#define OK_CRDB_DECIMAL_NAN 0x18 /* 0x18..0x36: decimals */
#define OK_CRDB_DECIMAL_NEG_INF 0x19
#define OK_CRDB_DECIMAL_ZERO 0x27
#define OK_CRDB_DECIMAL_INF 0x35
#define OK_CRDB_DECIMAL_NAN_DESC 0x36
#define OK_CRDB_INT_MIN 0x80 /* 0x80..0xFD: integers (varints) */
#define OK_CRDB_INT_MAX 0xFD
#define OK_CRDB_NOT_NULL_DESC 0xFE /* also a tenant's prefix at a key's start */
#define OK_CRDB_NULL_DESC 0xFF

/* Longest integer (varint) and item of fixed layout, in bytes. */
#define OK_CRDB_INT_LEN 9
#define OK_CRDB_MAX 28 /* a duration: the marker and three varints */

/* Encoders: each returns the byte count and writes to out unless NULL;
** `desc` nonzero writes CockroachDB's descending form. */
size_t ok_crdb_enc_null(uint8_t *out, int desc);
/* An INT (EncodeVarint; desc: of ^v, as CockroachDB writes it). */
size_t ok_crdb_enc_int(uint8_t *out, int64_t v, int desc);
/* A table, index or tenant id (EncodeUvarintAscending). */
size_t ok_crdb_enc_uvarint(uint8_t *out, uint64_t v);
/* A FLOAT: both zeros one key, NaN below every number in either direction. */
size_t ok_crdb_enc_float(uint8_t *out, double d, int desc);
/* Bytes or a string s[0..n): 0x00 becomes 00 FF, then 00 01 ends it
** (descending: 0x13, then the complement). At most OK_CRDB_BYTES_BOUND(n). */
#define OK_CRDB_BYTES_BOUND(n) (2 * (size_t)(n) + 3)
size_t ok_crdb_enc_bytes(uint8_t *out, const uint8_t *s, size_t n, int desc);
/* A TIMESTAMP: seconds and nanoseconds since 1970 (UTC), nanos in
** [0, 10^9), |sec| at most OK_CRDB_TIME_LIMIT (past year 300,000, beyond
** the times CockroachDB holds; the decoder refuses keys past it). */
#define OK_CRDB_TIME_LIMIT 10000000000000LL
size_t ok_crdb_enc_time(uint8_t *out, int64_t sec, int64_t nanos, int desc);
/* An INTERVAL of months, days and nanoseconds: OK_OK with its length in
** *len, or OK_E_RANGE where CockroachDB's encoder overflows (beyond about
** 292 years). At most OK_CRDB_MAX bytes. */
int ok_crdb_enc_interval(uint8_t *out, size_t *len, int64_t months, int64_t days, int64_t nanos,
                         int desc);
/* A DECIMAL: form OK_CRDB_FINITE, the value +-0.digit[0..nd) x 10^(exp+1)
** (ASCII digits without leading or trailing zeros, as ok_decimal_split
** gives them; none for zero; neg for '-'), or OK_CRDB_INFINITE (neg for
** -Infinity) or OK_CRDB_NAN. OK_OK with its length in *len, or OK_E_RANGE
** past the exponents CockroachDB's decimals hold (about 10^+-2^30). At most
** OK_CRDB_DECIMAL_BOUND(nd) bytes. */
#define OK_CRDB_FINITE 0
#define OK_CRDB_INFINITE 1
#define OK_CRDB_NAN 2
#define OK_CRDB_DECIMAL_BOUND(nd) ((size_t)(nd) / 2 + 13)
int ok_crdb_enc_decimal(uint8_t *out, size_t *len, int form, int neg, const char *digit, size_t nd,
                        int64_t exp, int desc);

/* ok_crdb_desc: the items of an ascending key p[0..n), each in its
** descending form (of the value it reads as: ^v, -f, -d, bytes under
** 0x13): written to out unless NULL, the length in *len. OK_OK; OK_E_DESC
** for an item that is descending already; or a decoding status; each with
** *err_at. */
int ok_crdb_desc(uint8_t *out, size_t *len, const uint8_t *p, size_t n, size_t *err_at);

/* ok_crdb_time_parse: a TIMESTAMP from text s[0..n), 'YYYY-MM-DD' and
** optionally 'HH:MM[:SS[.fffffffff]]' after a space or 'T', and a zone
** 'Z' or '+HH[:MM]'/'-HH[:MM]' (none: UTC): seconds since 1970 in *sec,
** nanoseconds in *nanos. OK_OK, or OK_E_SYNTAX (OK_E_RANGE for a field out
** of range, or a time past OK_CRDB_TIME_LIMIT) with *err_at the
** character's offset. */
int ok_crdb_time_parse(int64_t *sec, int64_t *nanos, const char *s, size_t n, size_t *err_at);

/* ok_crdb_decode: one item of a key, as ok_decode does for the native
** format (it->tag the marker, 0x80 for every integer; it->desc where the
** marker says so, 0x13, 0x06, 0x36, 0xFE, 0xFF, and for an interval that
** only its descending form makes, below). The SQL value: NULL
** (NULL, and the not-NULL span markers), INTEGER, REAL (FLOAT), TEXT
** (bytes that are valid UTF-8 without NUL; a float NaN as 'NaN'; a DECIMAL as
** CockroachDB prints it, "1E+2"; a TIMESTAMP as RFC 3339 in UTC; an
** INTERVAL as CockroachDB prints one), BLOB (other bytes). Integers,
** floats, decimals, times and intervals written descending read as
** CockroachDB reads them without the table's descriptor: as the ascending
** value of those bytes (^v, -f); but an interval whose varints read so make
** none CockroachDB writes is read as the descending one it is. Only
** canonical items are accepted. */
int ok_crdb_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* Typed decoders, the encoders' inverses for a caller that knows a key's
** types (as CockroachDB's own DecodeVarintAscending, DecodeFloatDescending,
** DecodeBytesAscending...): the item at key[0..n) read as the type the
** encoder of that name writes with that `desc`, every check of
** ok_crdb_decode made (but bytes are not asked to be UTF-8). Each returns
** OK_OK with the item's length in *len; or a decoding status with *err_at,
** OK_E_TAG at 0 for an item of another type or direction. A float NaN
** reads as NaN. ok_crdb_dec_bytes writes the value to out unless NULL
** (room for n bytes is enough), its length in *vlen. ok_crdb_dec_int reads
** ids too (ok_crdb_enc_uvarint of v < 2^63 is ok_crdb_enc_int's bytes); the
** other types read through ok_crdb_decode and ok_crdb_numbers. */
int ok_crdb_dec_int(const uint8_t *key, size_t n, int desc, int64_t *v, size_t *len,
                    size_t *err_at);
int ok_crdb_dec_float(const uint8_t *key, size_t n, int desc, double *d, size_t *len,
                      size_t *err_at);
int ok_crdb_dec_bytes(const uint8_t *key, size_t n, int desc, uint8_t *out, size_t *vlen,
                      size_t *len, size_t *err_at);
/* ok_crdb_numbers: the numbers of a TIMESTAMP item (tag 0x14) that
** ok_crdb_decode made, v[0] its seconds and v[1] its nanoseconds as
** written (negative: descending, ^sec and ^nanos); of an INTERVAL (0x16),
** its months, days and nanoseconds (of the descending interval when
** it->desc). Zeros for any other item. */
void ok_crdb_numbers(const ok_item *it, int64_t v[3]);

/* ok_crdb_pretty: key[0..n) as CockroachDB prints it. `table` nonzero:
** as keys.PrettyPrint prints a table's key, "/Table/53/1/42/\"abc\"" (a
** tenant's prefix 0xFE <id> as "/Tenant/5"); zero: the values alone, as
** encoding.PrettyPrintValue, "/53/1/42/\"abc\"". With out NULL, *len is
** room enough for the text; else the text (no NUL) is written to out and
** *len is its length. A range's meta key (0x02, 0x03 and a table's key)
** prints as "/Meta1/..." or "/Meta2/...", the key after it as above (its
** end, 0xFFFF, as "/Max"). OK_OK; or a decoding status with *err_at
** (OK_E_TAG at byte 0 for the system's own keys, /Local and /System). */
int ok_crdb_pretty(char *out, size_t *len, const uint8_t *key, size_t n, int table, size_t *err_at);

/* ok_crdb_system_key: "/Local", "/Meta1", "/Meta2" or "/System" when
** key[0..n) starts as CockroachDB's keys of that part of its keyspace do
** (0x01 to 0x04: a table's key starts with 0xFE or from 0x88 on), else NULL. */
const char *ok_crdb_system_key(const uint8_t *key, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* OK_CRDB_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_CRDB_H_STATIC)
#define OK_CRDB_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_crdb_write (ok.h's writers): refuses nothing. */
int ok_crdb_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
