/*
** ok_firefox.h -- the IndexedDB keys of Firefox (Gecko's Key encoding), as
** its SQLite files hold them: object_data.key, index_data.value and
** object_data_key. Includes ok.h; the same tiers and return convention
** (see there). docs/firefox.md is the manual.
**
** A key is one value: a number, a Date, a string (its UTF-16 code units),
** binary (an ArrayBuffer's bytes) or an array of keys. A value is a type
** byte and its body; an array's first value has 0x50 added to its type
** byte (three arrays fold into one byte at most), and the key's trailing
** zero bytes are cut. ok reads an array key as its elements, one component
** each (a nested array is one element), any other key as one component.
*/
#ifndef OK_FIREFOX_H
#define OK_FIREFOX_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Type bytes (Gecko's Key::eFloat...). */
#define OK_FIREFOX_END 0x00      /* a string's, binary's or array's end */
#define OK_FIREFOX_NUMBER 0x10   /* then the 8 bytes of the double, sortable */
#define OK_FIREFOX_DATE 0x20     /* the same, of the Date's milliseconds */
#define OK_FIREFOX_STRING 0x30   /* then its UTF-16 units, 1-3 bytes each, then 00 */
#define OK_FIREFOX_BINARY 0x40   /* then its bytes, 1-2 bytes each, then 00 */
#define OK_FIREFOX_ARRAY 0x50    /* added to the type byte of its first value */
#define OK_FIREFOX_FOLD_MAX 0xF0 /* three arrays' 0x50s: written alone */

/* The unfolded form that the encoders write and ok_firefox_fold turns
** into a key: values one after another, each its type byte and whole body,
** an array as OK_FIREFOX_ARRAY, its values and OK_FIREFOX_END. */

/* A number or a Date's milliseconds (type OK_FIREFOX_NUMBER or _DATE),
** not NaN: 9 bytes (-0 as 0), written to out unless NULL. */
size_t ok_firefox_enc_number(uint8_t *out, int type, double d);
/* A Date of ms milliseconds: ok_firefox_enc_number of OK_FIREFOX_DATE. */
size_t ok_firefox_enc_date(uint8_t *out, double ms);

/* A string (type OK_FIREFOX_STRING: s[0..n) is UTF-8, or WTF-8 where it
** holds a lone surrogate, as ok's readers give one back) or binary
** (OK_FIREFOX_BINARY: any bytes), its type byte to its 00, to out unless
** NULL; its length in *len, at most OK_FIREFOX_BOUND(n). OK_OK, or
** OK_E_BYTE with *err_at the offset in s of a byte that is not WTF-8. */
#define OK_FIREFOX_BOUND(n) (3 * (size_t)(n) + 2)
int ok_firefox_enc_string(uint8_t *out, size_t *len, int type, const uint8_t *s, size_t n,
                          size_t *err_at);

/* Unfolded u[0..n) as Firefox's key bytes to out (which may be u; the key
** is never longer): each array's 0x50 added to the next type byte, and,
** when `trim`, the zero bytes at the end cut as Firefox cuts them (without,
** the bytes every longer key that starts with these values starts with: a
** range's prefix). Returns the length. */
size_t ok_firefox_fold(uint8_t *out, const uint8_t *u, size_t n, int trim);
/* The same, trimmed, in place, for an array that holds no array: key[0..n)
** its values and its end, after its 0x50 (not there). No walk: the 0x50
** added to key[0], the zeros at the end cut. Returns the length. */
size_t ok_firefox_fold_flat(uint8_t *key, size_t n);

/* One value at key[0..n) whose type byte carries `offset` (0, or
** OK_FIREFOX_ARRAY for an array key's first element), into *it: it->tag is
** its type (OK_FIREFOX_ARRAY for a nested array), it->len its bytes (the
** key may end inside it: Firefox cut its zeros). The SQL value: INTEGER
** or REAL (a number), TEXT (a string, UTF-8, its lone surrogates WTF-8; a
** Date as toISOString() writes it), BLOB (binary; an array: its bytes as a
** key of its own). Only what Firefox writes is read. */
int ok_firefox_decode(const uint8_t *key, size_t n, unsigned offset, ok_item *it, size_t *err_at);

/* One step through values, for a walk of a key's arrays: the value, or
** array start or end, at key[*pos] (*pos < n), whose type byte carries
** *in (the 0x50s of the arrays just opened). it->tag says which:
** OK_FIREFOX_ARRAY (an array opens: its first value's type is in the
** same byte, unless three filled it), OK_FIREFOX_END (one ends), or a
** value's type with *it as ok_firefox_decode fills it. *pos and *in are
** moved on. A key ends where its bytes do: every array still open ends
** there. */
int ok_firefox_step(const uint8_t *key, size_t n, size_t *pos, unsigned *in, ok_item *it,
                    size_t *err_at);

#ifdef __cplusplus
}
#endif

#endif /* OK_FIREFOX_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_FIREFOX_H_STATIC)
#define OK_FIREFOX_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_firefox_write (ok.h's writers): refuses NULL (OK_E_NULL), an integer
** that no double holds exactly (OK_E_RANGE) and TEXT that is not WTF-8
** (OK_E_BYTE). The key's trailing zeros are folded after its last value
** (ok_firefox_fold). */
int ok_firefox_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
