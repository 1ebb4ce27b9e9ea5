/*
** ok_orderedbinary.h -- the keys of the npm library ordered-binary (1.6),
** which lmdb-js writes every key of its LMDB stores with: its control
** bytes, encoders and decoder. Includes ok.h; the same tiers and return
** convention (see there). docs/orderedbinary.md is the manual.
**
** A key is one JavaScript value, or an array of them written in sequence:
** the elements joined by 0x00, each a component. Null, booleans, numbers
** (as their 64 bits, a nibble apart), strings (UTF-8, a lone surrogate as
** its three WTF-8 bytes; U+0000-U+0004 escaped in short ones), symbols,
** and Buffers (their bytes as they are).
*/
#ifndef OK_ORDEREDBINARY_H
#define OK_ORDEREDBINARY_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The first byte of each value (ordered-binary's control bytes). */
#define OK_ORDEREDBINARY_NULL 0x00   /* also an array's separator */
#define OK_ORDEREDBINARY_BUFFER 0x01 /* a Buffer read back: one of 01, 03, 04, 05 */
#define OK_ORDEREDBINARY_SYMBOL 0x02 /* then the description, as a string */
#define OK_ORDEREDBINARY_FALSE 0x06
#define OK_ORDEREDBINARY_TRUE 0x07
#define OK_ORDEREDBINARY_NEG 0x08    /* 08-0F: a negative number */
#define OK_ORDEREDBINARY_POS 0x10    /* 10-17: zero, a positive number */
#define OK_ORDEREDBINARY_ESCAPE 0x1B /* before a string that is empty or starts below U+001C */

/* ordered-binary escapes a string's characters U+0000-U+0004 (as 04 and
** the character) only below this length in UTF-16 units; a longer one it
** writes as it is, and reads only up to such a character. */
#define OK_ORDEREDBINARY_SHORT 64

/* A number, not NaN (-0 as 0, which ordered-binary writes as 18000000, a
** key that reads back as a string): 9 bytes in an array (`element` 1);
** alone, as ordered-binary trims it, 4, 6, 8 or 9. */
size_t ok_orderedbinary_enc_number(uint8_t *out, double d, int element);

/* A string (WTF-8 s[0..n), ok_wtf8_check), or a symbol's description after the
** OK_ORDEREDBINARY_SYMBOL byte, to out unless NULL, its length in *len (at
** most OK_ORDEREDBINARY_BOUND(n)): OK_OK, or OK_E_AMBIGUOUS (nothing
** written) for a string of OK_ORDEREDBINARY_SHORT UTF-16 units or more
** holding a character U+0000-U+0004 or a lone surrogate, which would not
** read back. */
#define OK_ORDEREDBINARY_BOUND(n) (2 * (size_t)(n) + 1)
int ok_orderedbinary_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n);

/* One value at key[0..n) (`first` 1: at the key's start, where a number that is
** the whole key may be trimmed; else an element, up to
** the 0x00 after it or the key's end), into *it: it->tag is the value's
** OK_ORDEREDBINARY_* (NEG and POS for numbers, ESCAPE for strings, BUFFER
** for every Buffer); it->len its bytes, without the 0x00 after it. The SQL
** value: NULL (null), INTEGER (booleans as 0/1, whole numbers within
** int64), REAL, TEXT (strings, a symbol's description), BLOB (a Buffer:
** the rest of the key). Only what ordered-binary writes is read: NaN, -0
** and BigInts past a double's 53 bits are refused. */
int ok_orderedbinary_decode(const uint8_t *key, size_t n, int first, ok_item *it, size_t *err_at);

#ifdef __cplusplus
}
#endif

#endif /* OK_ORDEREDBINARY_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_ORDEREDBINARY_H_STATIC)
#define OK_ORDEREDBINARY_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_orderedbinary_write (ok.h's writers; w->lone: the key's one value,
** whose number is trimmed): refuses an integer that no double holds
** exactly (OK_E_RANGE), a Buffer (BLOB) that would not read back as one
** (OK_E_BYTE, w->err_at 0), TEXT that is not WTF-8 (OK_E_BYTE) and a long
** string that would not read back (OK_E_AMBIGUOUS). */
int ok_orderedbinary_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
