/*
** ok_orderedcode.h -- the keys of Go's github.com/google/orderedcode (the
** Bigtable lineage's key encoding): its encoders, and keys read with the
** list of their items' types, which the bytes do not carry. Includes ok.h;
** the same tiers and return convention (see there). docs/orderedcode.md is
** the manual.
*/
#ifndef OK_ORDEREDCODE_H
#define OK_ORDEREDCODE_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- orderedcode (src/orderedcode.c) ------------------------------------ */

/* The item types, as a type list names them (it->tag of an item). */
enum {
  OK_OC_STRING = 1,         /* "string": bytes, then 00 01 (00 as 00 FF, FF as FF 00) */
  OK_OC_INFINITY,           /* "infinity": FF FF, above every string */
  OK_OC_STRING_OR_INFINITY, /* "string_or_infinity": either */
  OK_OC_TRAILING,           /* "trailing": the rest of the key as it is; last only */
  OK_OC_INT64,              /* "int64": its length in leading 1 bits */
  OK_OC_UINT64,             /* "uint64": a length byte, then big-endian bytes */
  OK_OC_FLOAT64             /* "float64": its bits as an int64 (negatives' inverted) */
};
#define OK_OC_FIELDS_MAX 64

/* A type list: each item's type and direction; and the format that reads
** keys with it (its param is the list itself). */
typedef struct {
  ok_format format;
  size_t n;
  uint8_t type[OK_OC_FIELDS_MAX];
  uint8_t desc[OK_OC_FIELDS_MAX];
} ok_orderedcode;

/* ok_orderedcode_parse: a type list text[0..n), words separated by commas
** ("string, int64 desc, trailing": each type, "desc" after it for
** orderedcode.Decr), into *s. OK_OK; or OK_E_SYNTAX with *err_at the
** offending character and *why what is wrong there. */
int ok_orderedcode_parse(ok_orderedcode *s, const char *text, size_t n, size_t *err_at,
                         const char **why);
/* The list in its canonical form to out unless NULL; returns its length. */
size_t ok_orderedcode_text(char *out, const ok_orderedcode *s);
/* A type's name ("string"...). */
const char *ok_orderedcode_type_name(int type);

/* Encoders: each returns the byte count and writes to out unless NULL;
** `desc` nonzero writes the item descending (its bytes inverted). */
#define OK_OC_NUM_MAX 10
size_t ok_oc_enc_int64(uint8_t *out, int64_t v, int desc);
size_t ok_oc_enc_uint64(uint8_t *out, uint64_t v, int desc);
size_t ok_oc_enc_float64(uint8_t *out, double d, int desc); /* -0.0 as 0.0; not NaN */
#define OK_OC_BYTES_BOUND(n) (2 * (size_t)(n) + 2)
size_t ok_oc_enc_string(uint8_t *out, const uint8_t *s, size_t n, int desc);
size_t ok_oc_enc_infinity(uint8_t *out, int desc);
size_t ok_oc_enc_trailing(uint8_t *out, const uint8_t *s, size_t n, int desc);

/* The SQL values an item reads as: NULL (infinity), INTEGER (int64, and a
** uint64 within int64), REAL (float64; NaN has no SQL value and is
** refused), TEXT (a string that is valid UTF-8 without NUL; a uint64 past
** int64 as its digits), BLOB (any other string). Only what orderedcode
** writes is read: its shortest integers, no other escapes. A key may end
** after any item (orderedcode's prefix property): it has fewer components. */

#ifdef __cplusplus
}
#endif

#endif /* OK_ORDEREDCODE_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_ORDEREDCODE_H_STATIC)
#define OK_ORDEREDCODE_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_orderedcode_write (ok.h's writers; f a parsed list, whose type
** w->index v is written as): refuses a value past the list (OK_E_LENGTH),
** NULL where the type has no infinity (OK_E_NULL), a value of another SQL
** type than the type takes (OK_E_TYPE: infinity takes NULL; the strings
** TEXT or a BLOB; float64 a number; the integers an INTEGER, a whole REAL,
** uint64 decimal TEXT too), and a number it does not hold (OK_E_RANGE: a
** float64 that no double holds exactly, a REAL that is no integer within
** int64, a negative uint64, uint64 TEXT that is no integer below 2^64). */
int ok_orderedcode_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
