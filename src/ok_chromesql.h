/*
** ok_chromesql.h -- the IndexedDB keys of Chrome's SQLite backing store
** (Chromium's EncodeSortableIDBKey: records.key, index_references.key and
** .record_key), whose bytes sort as IndexedDB orders keys. Includes ok.h;
** the same tiers and return convention (see there). docs/chrome.md is the
** manual.
**
** A key is one value: a type byte and its body. A number or a Date: the
** double's 8 bytes, big-endian, the sign bit set for a positive one and
** every bit flipped for a negative one (-0 as 0). A string: each UTF-16
** unit u in 1 to 3 bytes (u + 1 below 0x7F; 0x80 | u >> 8 and u & 0xFF
** below 0x4000; FF and u's two bytes), then 00. Binary: 00 when empty,
** else each 8 bytes (the last padded with zeros) after a 09, then the
** count of bytes in the last (1-8). An array: its values, then 00. ok
** reads an array key as its elements, one component each (a nested array
** is one element), any other key as one component.
*/
#ifndef OK_CHROMESQL_H
#define OK_CHROMESQL_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Chromium's type bytes (kOrdered...TypeByte), in the order of their types. */
#define OK_CHROMESQL_END 0x00 /* an array's end; empty binary; a string's end */
#define OK_CHROMESQL_NUMBER 0x10
#define OK_CHROMESQL_DATE 0x20
#define OK_CHROMESQL_STRING 0x30
#define OK_CHROMESQL_BINARY 0x40
#define OK_CHROMESQL_ARRAY 0x50
#define OK_CHROMESQL_GROUP 0x09 /* before each 8 bytes of binary */

/* Encoders: each returns the byte count and writes to out (unless NULL). */

/* A number or a Date's milliseconds (type OK_CHROMESQL_NUMBER or _DATE),
** not NaN: 9 bytes (-0 as 0). */
size_t ok_chromesql_enc_number(uint8_t *out, int type, double d);
/* A Date of ms milliseconds: ok_chromesql_enc_number of OK_CHROMESQL_DATE. */
size_t ok_chromesql_enc_date(uint8_t *out, double ms);
/* A string from UTF-8 or WTF-8 s[0..n): OK_OK with *len (at most
** OK_CHROMESQL_STRING_BOUND(n)), or OK_E_BYTE with *err_at the offset in s
** of a byte that is neither. */
#define OK_CHROMESQL_STRING_BOUND(n) (2 + 3 * (size_t)(n))
int ok_chromesql_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, size_t *err_at);
/* Binary p[0..n): its length is OK_CHROMESQL_BINARY_LEN(n). */
#define OK_CHROMESQL_BINARY_LEN(n) ((n) ? 2 + ((size_t)(n) + 7) / 8 * 9 : 2)
size_t ok_chromesql_enc_binary(uint8_t *out, const uint8_t *p, size_t n);

/* One value at key[0..n) into *it: it->tag its type byte, it->len its
** bytes, nested values and an array's end included. The SQL value:
** INTEGER or REAL (a number), TEXT (a string, UTF-8, its lone surrogates
** WTF-8; a Date as toISOString() writes it), BLOB (binary; an array: its
** bytes, a key of its own). Only what Chrome writes is read: no NaN, no -0,
** no unit in more bytes than it takes, binary's padding zeros. */
int ok_chromesql_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

#ifdef __cplusplus
}
#endif

#endif /* OK_CHROMESQL_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_CHROMESQL_H_STATIC)
#define OK_CHROMESQL_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_chromesql_write (ok.h's writers): refuses NULL (OK_E_NULL), an
** integer that no double holds exactly (OK_E_RANGE) and TEXT that is not
** WTF-8 (OK_E_BYTE). */
int ok_chromesql_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
