/*
** ok_hbase.h -- HBase OrderedBytes (with Actionbase's row keys): headers, numbers, encoders.
** Includes ok.h; the same tiers and return convention (see there).
*/
#ifndef OK_HBASE_H
#define OK_HBASE_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- HBase OrderedBytes (src/hbase.c, docs/hbase.md) ---------------------- */

/* Header bytes (ascending; a descending item complements every byte). */
#define OK_HBASE_NULL 0x05
#define OK_HBASE_NEG_INF 0x07
#define OK_HBASE_NEG_LARGE 0x08 /* then ~varint(E), ~mantissa */
#define OK_HBASE_NEG_MED 0x13   /* minus E (1..10), then ~mantissa */
#define OK_HBASE_NEG_SMALL 0x14 /* then varint(-E), ~mantissa */
#define OK_HBASE_ZERO 0x15
#define OK_HBASE_POS_SMALL 0x16 /* then ~varint(-E), mantissa */
#define OK_HBASE_POS_MED 0x17   /* plus E (1..10), then mantissa */
#define OK_HBASE_POS_LARGE 0x22 /* then varint(E), mantissa */
#define OK_HBASE_POS_INF 0x23
#define OK_HBASE_NAN 0x26
#define OK_HBASE_INT8 0x29
#define OK_HBASE_INT16 0x2A
#define OK_HBASE_INT32 0x2B
#define OK_HBASE_INT64 0x2C
#define OK_HBASE_FLOAT32 0x30
#define OK_HBASE_FLOAT64 0x31
#define OK_HBASE_JSON 0x32 /* Actionbase: JSON text like TEXT */
#define OK_HBASE_TEXT 0x34
#define OK_HBASE_FALSE 0x35 /* Actionbase */
#define OK_HBASE_TRUE 0x36  /* Actionbase */
#define OK_HBASE_BLOB_VAR 0x37
#define OK_HBASE_BLOB_COPY 0x38

#define OK_HBASE_DIGITS 31       /* HBase rounds numerics to 31 significant digits */
#define OK_HBASE_NUM_MAX 28      /* longest numeric item */
#define OK_HBASE_NUM_TEXT_MAX 80 /* longest ok_hbase_num_format output */

/* A decimal as HBase's numeric encoding holds it: 0.digit[0..n) x 10^exp,
** no leading or trailing zero digit; n = 0 is zero. `form` says how HBase
** wrote a decimal below 1 in magnitude that its 31-digit rounding made +-1
** (0.999... with 32 or more nines): HBase 2.5 and later keep the header of
** numbers below 1 with a 9-byte exponent of -1 (16 00*9 02 for 1, which
** sorts below every other positive); 2.4 wrote a centimal digit 100
** (16 FF C8). */
#define OK_HBASE_FORM_SMALL_ONE 1 /* 2.5 and later: written and read */
#define OK_HBASE_FORM_DIGIT_100 2 /* 2.4 and earlier: read only */
typedef struct {
  int neg;
  long exp;
  size_t n;
  int form; /* 0, or an OK_HBASE_FORM_* for +-1 */
  char digit[OK_HBASE_DIGITS + 8];
} ok_hbase_num;

/* Decimal text (sign, digits, '.', exponent: "-1.5e-7") rounded as HBase
** rounds a BigDecimal. OK_E_SYNTAX (with *err_at) for what
** is not a number, OK_E_RANGE for magnitudes past 1e+-200000000. */
int ok_hbase_num_parse(ok_hbase_num *x, const char *s, size_t n, size_t *err_at);
void ok_hbase_num_int(ok_hbase_num *x, int64_t v);
/* A finite double as HBase writes it: the decimal the Double.toString of
** Java version `java` gives (BigDecimal.valueOf), as ok_double_digits. */
void ok_hbase_num_double(ok_hbase_num *x, double d, int java);
/* Decimal text that ok_hbase_num_parse reads back; no NUL. */
size_t ok_hbase_num_format(char *out, const ok_hbase_num *x);

/* Encoders: each returns the byte count and writes to out unless NULL;
** desc complements the item. */
size_t ok_hbase_enc_header(uint8_t *out, int code, int desc); /* NULL, NaN, infinities, booleans */
size_t ok_hbase_enc_num(uint8_t *out, const ok_hbase_num *x, int desc);
size_t ok_hbase_enc_int(uint8_t *out, int code, int64_t v,
                        int desc); /* OK_HBASE_INT8..64, v in range */
/* The numeric of an int64, or of a double (its decimal on Java version
** `java`), as ok_hbase_enc_num writes them through ok_hbase_num_int/_double,
** faster; a NaN or an infinity as its header. */
size_t ok_hbase_enc_int_num(uint8_t *out, int64_t v, int desc);
size_t ok_hbase_enc_double_num(uint8_t *out, double d, int java, int desc);
size_t ok_hbase_enc_float32(uint8_t *out, float f, int desc);
size_t ok_hbase_enc_float64(uint8_t *out, double d, int desc);
/* TEXT or JSON: s must hold no NUL. The most each makes of n bytes is its
** *_BOUND(n). */
#define OK_HBASE_TEXT_BOUND(n) ((size_t)(n) + 2)
#define OK_HBASE_BLOB_VAR_BOUND(n) ((8 * (size_t)(n) + 6) / 7 + 1 + ((n) == 0))
#define OK_HBASE_BLOB_COPY_BOUND(n) ((size_t)(n) + 2)
size_t ok_hbase_enc_text(uint8_t *out, int code, const uint8_t *s, size_t n, int desc);
size_t ok_hbase_enc_blob_var(uint8_t *out, const uint8_t *p, size_t n, int desc);
/* Descending: p must hold no NUL; ascending: only as the key's last item. */
size_t ok_hbase_enc_blob_copy(uint8_t *out, const uint8_t *p, size_t n, int desc);

/* ok_hbase_desc: the ascending items items[0..n) made descending (each
** complemented; a BlobCopy gains its terminator), written to out unless
** NULL, their length in *len. Returns OK_OK; a decoding status; or, with
** *at the item's offset, OK_E_DESC for an item that is descending
** already, OK_E_NUL for a BlobCopy holding a NUL (its terminator). */
int ok_hbase_desc(uint8_t *out, size_t *len, const uint8_t *items, size_t n, size_t *at);

/* ok_hbase_decode: one OrderedBytes item, as ok_decode does for the native
** format (it->format &ok_format_hbase, it->tag the ascending header). The SQL
** value: NULL; INTEGER (fixed-width integers, booleans as 0/1, numerics
** that are integers within int64); REAL (floats, infinities, numerics that
** are the decimal Java 8-18 or Java 19+ writes for a double); TEXT (text, JSON, 'NaN', other
*numerics as
** decimal text); BLOB (BlobVar, BlobCopy). An ascending BlobCopy takes the
** rest of the key; FA FF, HBase's descending null BlobCopy, is one NULL. */
int ok_hbase_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

#ifdef __cplusplus
}
#endif

#endif /* OK_HBASE_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_HBASE_H_STATIC)
#define OK_HBASE_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_hbase_odd_one: 1 when the item at p[0..n) is +-1 in one of the
** forms of OK_HBASE_FORM_*, which ok_hbase_pack(1) does not write. */
int ok_hbase_odd_one(const uint8_t *p, size_t n);

/* 1 when the items p[0..n) end with an ascending BlobCopy, which takes the
** rest of a key, so that nothing may follow it. */
int ok_hbase_ends_open(const uint8_t *p, size_t n);

/* ok_hbase_text_check: OK_OK when p[0..n) is text HBase holds: OK_E_NUL
** for a NUL, OK_E_BYTE where it is not UTF-8, *err_at the byte's offset. */
int ok_hbase_text_check(const uint8_t *p, size_t n, size_t *err_at);

/* ok_hbase_write (ok.h's writers): a number as a numeric (a REAL through
** Java 8-18's digits), TEXT as Text (refused with a NUL, OK_E_NUL, or not
** UTF-8, OK_E_BYTE), a BLOB as BlobVar. */
int ok_hbase_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
