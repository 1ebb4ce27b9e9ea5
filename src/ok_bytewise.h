/*
** ok_bytewise.h -- the keys of the npm libraries bytewise (bytes) and
** charwise (text): their type bytes, encoders and decoders. Includes ok.h;
** the same tiers and return convention (see there). docs/bytewise.md is
** the manual.
**
** Both encode one JavaScript value as a key. ok reads a key that is an array
** as its elements, one component each, and any other key as one component:
** the value itself.
*/
#ifndef OK_BYTEWISE_H
#define OK_BYTEWISE_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- bytewise (bytewise-core 1.2, src/bytewise.c) ------------------------- */

/* The first byte of each type (bytewise-core's base.js). */
#define OK_BYTEWISE_NULL 0x10
#define OK_BYTEWISE_FALSE 0x20
#define OK_BYTEWISE_TRUE 0x21
#define OK_BYTEWISE_NEG_INF 0x40
#define OK_BYTEWISE_NEG 0x41 /* then the 8 bytes of -x, complemented */
#define OK_BYTEWISE_POS 0x42 /* then the 8 bytes of x (0 included) */
#define OK_BYTEWISE_POS_INF 0x43
#define OK_BYTEWISE_DATE_NEG 0x51 /* a Date before 1970: as a number */
#define OK_BYTEWISE_DATE_POS 0x52
#define OK_BYTEWISE_BUFFER 0x60
#define OK_BYTEWISE_STRING 0x70
#define OK_BYTEWISE_ARRAY 0xA0 /* elements, then 0x00 */
#define OK_BYTEWISE_UNDEFINED 0xF0

/* A JavaScript Date's milliseconds reach +-8.64e15 (ECMA-262 TimeClip). */
#define OK_JS_DATE_MAX 8640000000000000.0

/* Encoders: each returns the byte count and writes to out unless NULL. */

/* A number, not NaN: 1 byte for an infinity, else 9 (-0 as 0). */
size_t ok_bytewise_enc_number(uint8_t *out, double d);
/* A Date by its milliseconds (integral, |ms| <= OK_JS_DATE_MAX): 9 bytes. */
size_t ok_bytewise_enc_date(uint8_t *out, double ms);
/* A string (OK_BYTEWISE_STRING, UTF-8) or a Buffer (OK_BYTEWISE_BUFFER):
** as a whole key (`element` 0: the type byte and the bytes as they are), or
** as an array's element (escaped, then 0x00: 0x00 and 0x01 become 0x01 0x01
** and 0x01 0x02; in a Buffer also 0xFE and 0xFF become 0xFE 0xFD and 0xFE
** 0xFE). At most OK_BYTEWISE_BYTES_BOUND(n) bytes. */
#define OK_BYTEWISE_BYTES_BOUND(n) (2 * (size_t)(n) + 2)
size_t ok_bytewise_enc_bytes(uint8_t *out, int type, const uint8_t *s, size_t n, int element);

/* One value of a bytewise key: a whole key that is no array, or an element
** of one (`element` 1; a nested array is one element). it->tag is the type
** byte; the SQL value: NULL (null, undefined), INTEGER (booleans as 0/1,
** integral numbers within int64), REAL, TEXT (strings; a Date as
** toISOString() writes it), BLOB (Buffers; a nested array as the bytes of
** the array as a key of its own). Only what bytewise writes is read. */
int ok_bytewise_decode(const uint8_t *key, size_t n, int element, ok_item *it, size_t *err_at);

/* A Date's text as JavaScript's toISOString() writes it
** ("2024-02-29T12:00:00.000Z", "+275760-09-13T00:00:00.000Z") for
** integral ms, |ms| <= OK_JS_DATE_MAX; returns its length (at most
** OK_JS_DATE_TEXT_MAX). And back, exactly that form: OK_OK with *ms; or
** OK_E_SYNTAX with *err_at the offending character, OK_E_RANGE past the
** Date's range. */
#define OK_JS_DATE_TEXT_MAX 27
size_t ok_js_date_text(char *out, int64_t ms);
int ok_js_date_parse(int64_t *ms, const char *s, size_t n, size_t *err_at);

/* --- charwise (charwise 3.0, src/charwise.c) ------------------------------ */

/* The first character of each type. */
#define OK_CHARWISE_NULL 'A'
#define OK_CHARWISE_FALSE 'B'
#define OK_CHARWISE_TRUE 'C'
#define OK_CHARWISE_NEG 'D' /* negative numbers, -Infinity ("DD") */
#define OK_CHARWISE_POS 'F' /* zero, positive numbers, Infinity ("FF") */
#define OK_CHARWISE_STRING 'J'
#define OK_CHARWISE_ARRAY 'K' /* elements between '"', then '!' */
#define OK_CHARWISE_UNDEFINED 'L'

/* Longest number: 'D', 'E', 3 digits, 'M', 17 digits and a '.', 20 zeros. */
#define OK_CHARWISE_NUM_MAX 48

/* A number, not NaN, as charwise writes it ("FE501M1.5" and 20 zeros). */
size_t ok_charwise_enc_number(uint8_t *out, double d);
/* A string (UTF-8 bytes) as a whole key (`element` 0) or an array's
** element, to out unless NULL, its length in *len (at most
** OK_CHARWISE_BYTES_BOUND(n)): OK_OK, or OK_E_AMBIGUOUS (nothing
** written) for a string whose charwise text reads back as another: a NUL
** followed by a NUL or by 0x01 (charwise writes NUL as 0x01 and 0x01 as
** 0x01 0x01), and in an array, one with no '!' or '"' but a '?' before
** '@', '?' or '%' (charwise escapes an element's '?' only beside those). */
#define OK_CHARWISE_BYTES_BOUND(n) (2 * (size_t)(n) + 1)
int ok_charwise_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, int element);

/* One value of a charwise key (as ok_bytewise_decode): a whole key that is
** no array, or an array's element up to the '"' or '!' after it. it->tag is
** the type character; the SQL value: NULL (null, undefined), INTEGER
** (booleans, integral numbers), REAL, TEXT (strings; NaN as 'NaN'; a nested
** array as its text, a key of its own). */
int ok_charwise_decode(const uint8_t *key, size_t n, int element, ok_item *it, size_t *err_at);

#ifdef __cplusplus
}
#endif

#endif /* OK_BYTEWISE_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_BYTEWISE_H_STATIC)
#define OK_BYTEWISE_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_bytewise_write (ok.h's writers): refuses an integer that no double
** holds exactly (OK_E_RANGE) and TEXT that is not UTF-8 (OK_E_BYTE). */
int ok_bytewise_write(const ok_format *f, ok_writer *w, const ok_value *v);

/* ok_charwise_write (ok.h's writers): refuses a BLOB (OK_E_TYPE), an
** integer that no double holds exactly (OK_E_RANGE), TEXT that is not UTF-8
** (OK_E_BYTE) and a string charwise writes as it writes another one
** (OK_E_AMBIGUOUS). */
int ok_charwise_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
