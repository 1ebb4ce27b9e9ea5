/*
** ok_fdb.h -- FoundationDB's tuple layer: its type codes, encoders and decoder.
** Includes ok.h; the same tiers and return convention (see there).
*/
#ifndef OK_FDB_H
#define OK_FDB_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- FoundationDB tuple layer (src/fdb.c, docs/fdb.md) -------------------- */

/* Type codes of design/tuple.md in apple/foundationdb. */
#define OK_FDB_NULL 0x00
#define OK_FDB_BYTES 0x01
#define OK_FDB_STRING 0x02
#define OK_FDB_NESTED 0x05
#define OK_FDB_NEG_BIG 0x0B  /* negative integer of 9 to 255 bytes */
#define OK_FDB_INT_ZERO 0x14 /* 0x0C..0x1C: integers of -8..8 bytes */
#define OK_FDB_POS_BIG 0x1D  /* positive integer of 9 to 255 bytes */
#define OK_FDB_FLOAT 0x20
#define OK_FDB_DOUBLE 0x21
#define OK_FDB_LONG_DOUBLE 0x22 /* reserved: 80-bit IEEE */
#define OK_FDB_OLD_TRUE 0x25    /* deprecated */
#define OK_FDB_FALSE 0x26
#define OK_FDB_TRUE 0x27
#define OK_FDB_UUID 0x30
#define OK_FDB_ID64 0x31           /* reserved: 8-byte identifier */
#define OK_FDB_VERSIONSTAMP80 0x32 /* reserved: 10-byte versionstamp */
#define OK_FDB_VERSIONSTAMP 0x33   /* 12 bytes; the first 10 0xFF: incomplete */
#define OK_FDB_BYTES_LEN8 0x34     /* reserved: 1-byte length, then bytes */
#define OK_FDB_BYTES_LEN16 0x35    /* reserved: 2-byte length, then bytes */
#define OK_FDB_END 0xF0            /* reserved: the rest is not tuple data */

#define OK_FDB_INT_MAX 9   /* longest ok_fdb_enc_int output */
#define OK_FDB_BIG_MAX 255 /* magnitude bytes of the largest integer */

/* Encoders: each returns the byte count and writes to out unless NULL. */

/* Any int64 (0x0C..0x1C). */
size_t ok_fdb_enc_int(uint8_t *out, int64_t v);
/* An integer of any size by its big-endian magnitude mag[0..n) and sign,
** its length in *len: OK_OK, or OK_E_RANGE (nothing written) past
** OK_FDB_BIG_MAX significant bytes. OK_FDB_BIG_MAX + 2 bytes hold any. */
int ok_fdb_enc_bigint(uint8_t *out, size_t *len, int neg, const uint8_t *mag, size_t n);
/* A float or double (NaN with whatever bits it has, -0.0 apart from 0.0). */
size_t ok_fdb_enc_double(uint8_t *out, double d);
size_t ok_fdb_enc_float(uint8_t *out, float f);
/* IEEE bits bits[0..n), big-endian, under `code` (float, double, long
** double): the sign transform of the spec. */
size_t ok_fdb_enc_ieee(uint8_t *out, int code, const uint8_t *bits, size_t n);
/* A byte string or (code OK_FDB_STRING) a string: NULs become 0x00 0xFF;
** at most OK_FDB_BYTES_BOUND(n) bytes. */
#define OK_FDB_BYTES_BOUND(n) (2 * (size_t)(n) + 2)
size_t ok_fdb_enc_bytes(uint8_t *out, int code, const uint8_t *s, size_t n);
/* `code` followed by p[0..n) as they are: NULL, booleans, UUID, versionstamp. */
size_t ok_fdb_enc_fixed(uint8_t *out, int code, const uint8_t *p, size_t n);
/* The items of a packed tuple items[0..n) as one nested tuple: checks them
** (returns a status with *err_at as ok_fdb_decode), then writes the nested
** item to out unless NULL, its length in *len. */
int ok_fdb_enc_nested(uint8_t *out, size_t *len, const uint8_t *items, size_t n, size_t *err_at);

/* ok_fdb_decode: one item of a packed tuple, as ok_decode does for the
** native format (it->format is &ok_format_fdb, it->tag the type code). The
** SQL value: NULL, INTEGER (integers within int64, booleans as 0/1), REAL
** (float, double), TEXT (string; an integer beyond int64 as decimal digits;
** a UUID as 8-4-4-4-12 lower-case hex; a NaN as 'NaN'), BLOB (byte string;
** a nested tuple as its items packed as a tuple of their own; the payload
** of versionstamps, identifiers, length-prefixed bytes, the 0xF0 rest; a
** long double's IEEE bits). */
int ok_fdb_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* ok_fdb_step: one step through the body of a nested tuple (after its
** 0x05): OK_FDB_OPEN for a nested tuple that starts, OK_FDB_CLOSE for the
** 0x00 that ends one, or OK_OK with *it an item (a NULL is 0x00 0xFF);
** it->len is the bytes the step covers. A negative status on bad bytes. */
int ok_fdb_step(const uint8_t *p, size_t n, ok_item *it, size_t *err_at);

/* ok_fdb_uuid_parse: a UUID from text s[0..n), 8-4-4-4-12 or 32 hex
** digits in any case, into u[0..16). OK_OK, or OK_E_SYNTAX. */
int ok_fdb_uuid_parse(uint8_t *u, const char *s, size_t n);

/* ok_fdb_incomplete: in a valid packed tuple, the number of incomplete
** versionstamps (at any depth) in *count, and the offset of the first one's
** 10 0xFF bytes in *at, which FoundationDB's SET_VERSIONSTAMPED_KEY needs. */
int ok_fdb_incomplete(const uint8_t *key, size_t n, size_t *count, size_t *at);

#ifdef __cplusplus
}
#endif

#endif /* OK_FDB_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_FDB_H_STATIC)
#define OK_FDB_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_fdb_python_form: 1 when c[0..n) starts with the item Apple's Python
** binding writes for 2^64 - 1 or -(2^64 - 1) (1D 08 FF*8, 0B F7 00*8),
** where the spec and the other bindings write 1C FF*8 and 0C 00*8. The
** decoder reads both; the encoder writes the spec's. */
int ok_fdb_python_form(const uint8_t *c, size_t n);

/* ok_fdb_write (ok.h's writers): refuses TEXT that is not UTF-8 (OK_E_BYTE). */
int ok_fdb_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
