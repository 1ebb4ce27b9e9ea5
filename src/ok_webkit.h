/*
** ok_webkit.h -- the IndexedDB keys of WebKit (Safari, WebKitGTK), as its
** IndexedDB.sqlite3 files hold them: Records.key, IndexRecords.key and
** .value, TEXT columns ordered by the collation IDBKEY. Includes ok.h; the
** same tiers and return convention (see there). docs/webkit.md is the
** manual.
**
** A key is a version byte (00) and one value: a type byte and its body,
** numbers little-endian. Its bytes do not sort as its values: IDBKEY
** (ok_webkit_compare) reads both keys and compares the values. ok reads an
** array key as its elements, one component each (a nested array is one
** element), any other key as one component.
*/
#ifndef OK_WEBKIT_H
#define OK_WEBKIT_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* WebKit's SIDBKeyType bytes, in the order of their types. */
#define OK_WEBKIT_VERSION 0x00 /* a key's first byte */
#define OK_WEBKIT_MIN 0x00     /* no body: a range's bound, never stored */
#define OK_WEBKIT_NUMBER 0x20  /* the double's 8 bytes, little-endian */
#define OK_WEBKIT_DATE 0x40    /* the same, of the Date's milliseconds */
#define OK_WEBKIT_STRING 0x60  /* a 32-bit count, then the UTF-16 units, 2 bytes each */
#define OK_WEBKIT_BINARY 0x80  /* a 64-bit count, then the bytes */
#define OK_WEBKIT_ARRAY 0xA0   /* a 64-bit count, then the values */
#define OK_WEBKIT_MAX 0xFF     /* no body: a range's bound */

/* Encoders: each returns the byte count and writes to out (unless NULL). */

/* A number or a Date's milliseconds (type OK_WEBKIT_NUMBER or _DATE): 9
** bytes, -0 kept. WebKit keeps a Date's time in seconds, so it stores
** ms / 1000 * 1000, a double that may be a unit of the last place off. */
size_t ok_webkit_enc_number(uint8_t *out, int type, double d);
/* A Date of ms milliseconds: ok_webkit_enc_number of OK_WEBKIT_DATE. */
size_t ok_webkit_enc_date(uint8_t *out, double ms);
/* A string from UTF-8 or WTF-8 s[0..n): OK_OK with *len (at most
** OK_WEBKIT_STRING_BOUND(n)), or OK_E_BYTE with *err_at the offset in s of
** a byte that is neither. */
#define OK_WEBKIT_STRING_BOUND(n) (5 + 2 * (size_t)(n))
int ok_webkit_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, size_t *err_at);
/* The head of binary (OK_WEBKIT_BINARY) or of an array (OK_WEBKIT_ARRAY):
** the type byte and the count that follow: 9 bytes. */
size_t ok_webkit_enc_head(uint8_t *out, int type, uint64_t count);
/* And back: the count in the head at p[0..9) (a walk of an array's values,
** checked before). */
uint64_t ok_webkit_count(const uint8_t *p);

/* One value at key[0..n) (after the version byte), into *it: it->tag its
** type byte, it->len its bytes, nested values included. The SQL value:
** INTEGER or REAL (a number; -0 as the REAL -0.0, which WebKit keeps),
** TEXT (a string, UTF-8, its lone surrogates WTF-8; a Date as
** toISOString() writes it, its milliseconds those WebKit stored as ms /
** 1000 * 1000), BLOB (binary; an array: its bytes as a key of its own, the
** version byte in front). Only what WebKit stores is read: no NaN, no range
** bounds (Min, Max). */
int ok_webkit_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* How WebKit's collation IDBKEY orders two keys: both read as WebKit reads
** them (range bounds and any doubles included), then compared by type
** (Min < numbers < Dates < strings < binary < arrays < Max), numbers by
** value (-0 = 0), strings by UTF-16 unit, binary by byte, arrays element by
** element, a shorter first. WebKit reads binary as every byte of the key
** from its bytes on, not only its own (its deserializer copies the rest of
** the buffer), and so compares that: so does this, which its indexes on
** disk are ordered by. A total order on every input, as an index needs
** (WebKit's own is not: it answers 1 either way for a key it cannot read,
** -1 either way for a NaN, which it never stores): keys WebKit cannot read
** come after all it reads, by bytes; NaN after every other number, equal
** to itself; arrays nested deeper than OK_WEBKIT_DEPTH compared from there
** by bytes. On every key WebKit writes, WebKit's answer. -1, 0 or 1. */
#define OK_WEBKIT_DEPTH 1000
int ok_webkit_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);

#ifdef __cplusplus
}
#endif

#endif /* OK_WEBKIT_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_WEBKIT_H_STATIC)
#define OK_WEBKIT_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_webkit_write (ok.h's writers): an item after the key's version byte;
** refuses NULL (OK_E_NULL), an integer that no double holds exactly
** (OK_E_RANGE) and TEXT that is not WTF-8 (OK_E_BYTE). */
int ok_webkit_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
