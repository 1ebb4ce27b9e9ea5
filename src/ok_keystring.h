/*
** ok_keystring.h -- MongoDB's KeyString (version 1): the keys of every
** WiredTiger index MongoDB writes and the _data of its change streams'
** resume tokens. Includes ok.h; the same tiers and return convention (see
** there). docs/keystring.md is the manual.
**
** A key is its values, one type byte in front of each, then the end byte
** 04, then the record's id where the index entry has one: an int64, or in
** a clustered collection the value of its cluster key (_id). A value of a
** descending field of the index's key pattern has every byte complemented,
** its type byte included; the end and the record id never are. ok reads
** each value as a component and the record id as one more.
*/
#ifndef OK_KEYSTRING_H
#define OK_KEYSTRING_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The type bytes (key_string.cpp's CType), in the order values sort. */
#define OK_KEYSTRING_LESS 0x01    /* a query bound's discriminator, then the end byte: */
#define OK_KEYSTRING_END 0x04     /* after the values; then the record id, if any */
#define OK_KEYSTRING_GREATER 0xFE /* (ExclusiveBefore, ExclusiveAfter; never inverted) */
#define OK_KEYSTRING_MINKEY 10
#define OK_KEYSTRING_UNDEFINED 15
#define OK_KEYSTRING_NULL 20
#define OK_KEYSTRING_NAN 30
#define OK_KEYSTRING_NEG_LARGE 31 /* <= -2^63, -Infinity */
#define OK_KEYSTRING_NEG_INT8 32  /* a negative integer part of 8 bytes ... */
#define OK_KEYSTRING_NEG_INT1 39  /* ... of 1 byte, complemented */
#define OK_KEYSTRING_NEG_SMALL 40 /* between -1 and 0 */
#define OK_KEYSTRING_ZERO 41
#define OK_KEYSTRING_POS_SMALL 42 /* between 0 and 1 */
#define OK_KEYSTRING_POS_INT1 43  /* a positive integer part of 1 byte ... */
#define OK_KEYSTRING_POS_INT8 50  /* ... of 8 bytes */
#define OK_KEYSTRING_POS_LARGE 51 /* >= 2^63, Infinity */
#define OK_KEYSTRING_STRING 60    /* strings and symbols: bytes, 00 as 00 FF, then 00 */
#define OK_KEYSTRING_OBJECT 70    /* fields (type, name, 00, value), then 00 */
#define OK_KEYSTRING_ARRAY 80     /* values, then 00 */
#define OK_KEYSTRING_BINDATA 90   /* size (1 byte, or FF and 4), subtype, bytes */
#define OK_KEYSTRING_OID 100      /* 12 bytes */
#define OK_KEYSTRING_FALSE 110
#define OK_KEYSTRING_TRUE 111
#define OK_KEYSTRING_DATE 120       /* int64 milliseconds, sign bit flipped */
#define OK_KEYSTRING_TIMESTAMP 130  /* seconds (4 bytes), increment (4) */
#define OK_KEYSTRING_REGEX 140      /* pattern, 00, flags, 00 */
#define OK_KEYSTRING_DBPOINTER 150  /* the namespace's length (4 bytes), it, an ObjectId */
#define OK_KEYSTRING_CODE 160       /* as a string */
#define OK_KEYSTRING_CODE_SCOPE 170 /* code as a string, then its scope's fields and 00 */
#define OK_KEYSTRING_MAXKEY 240

/* Nesting of objects and arrays read and written: MongoDB's BSON depth. */
#define OK_KEYSTRING_DEPTH_MAX 200
/* Fields of a key pattern (MongoDB's Ordering holds 32). */
#define OK_KEYSTRING_FIELDS_MAX 32

/* A key pattern's directions: bit i set when field i is descending; and
** whether its index's record ids are a clustered collection's (strings:
** MongoDB's KeyFormat::String) rather than int64s. The format of keys of
** that pattern is `format` (ok_keystring_parse); ok_format_keystring reads
** keys of every field ascending, with int64 record ids. */
typedef struct {
  ok_format format;
  uint32_t desc;
  unsigned fields;
  int clustered;
  int v0; /* an index of version 1 (before MongoDB 3.4): KeyString version 0 */
} ok_keystring;

/* Keys of KeyString version 0, every field ascending (a writer's format). */
extern const ok_keystring ok_keystring_v0;
/* A value of version 1 (p[0..n), ascending: a piece a builder made) in
** version 0 at out (at most n bytes, *len of them): its numbers at any
** depth written again. OK_E_TYPE for a Decimal128 that no double is
** (version 0 has none), a decoder's status for bytes that are no value. */
int ok_keystring_to_v0(uint8_t *out, const uint8_t *p, size_t n, size_t *len, size_t *err_at);

/* Parses a key pattern, "{a: 1, b: -1}" as the shell writes it (names
** bare or quoted, ignored; a negative number descending, any other value
** ascending, as MongoDB's Ordering reads it) or its directions alone
** ("1, -1"), then the word "clustered" for an index of a clustered
** collection ("{a: 1} clustered", or "clustered" alone) or "v0" for an
** index of version 1, whose keys are KeyString version 0, into *ks: OK_OK;
** OK_E_SYNTAX with *err_at the offending character and *why the words;
** OK_E_RANGE past OK_KEYSTRING_FIELDS_MAX fields. */
int ok_keystring_parse(ok_keystring *ks, const char *s, size_t n, size_t *err_at, const char **why);
/* The pattern as text ("1, -1", "1, -1 clustered", "-1 v0"; "" for none): its
** length (below OK_KEYSTRING_TEXT_MAX), written to out unless NULL. */
#define OK_KEYSTRING_TEXT_MAX (4 * OK_KEYSTRING_FIELDS_MAX + 10)
size_t ok_keystring_text(char *out, const ok_keystring *ks);

/* Encoders of one value (ascending; ok_invert makes it descending): each
** returns the byte count and writes to out unless NULL. */
#define OK_KEYSTRING_NUMBER_MAX 17
size_t ok_keystring_enc_int(uint8_t *out, int64_t v);
/* The same in KeyString version 0 (indexes of version 1, before MongoDB
** 3.4; ok_keystring.v0): a double below 1 or from 2^63 as its own bits, a
** fraction in as many bytes as its fraction bits take (at most 9 bytes). */
size_t ok_keystring_enc_double_v0(uint8_t *out, double d);
size_t ok_keystring_enc_int_v0(uint8_t *out, int64_t v);
size_t ok_keystring_enc_double(uint8_t *out, double d); /* NaN included */
/* A string or JavaScript code (type OK_KEYSTRING_STRING or _CODE): at
** most OK_KEYSTRING_STRING_BOUND(n) bytes. */
#define OK_KEYSTRING_STRING_BOUND(n) (2 * (size_t)(n) + 2)
size_t ok_keystring_enc_string(uint8_t *out, int type, const uint8_t *s, size_t n);
/* JavaScript code with its scope: the code as a string is written, then
** the fields of scope[0..m), an object as ok_keystring_decode reads one
** (46, its fields, 00): at most OK_KEYSTRING_STRING_BOUND(n) + m - 1 bytes. */
size_t ok_keystring_enc_code_scope(uint8_t *out, const uint8_t *code, size_t n,
                                   const uint8_t *scope, size_t m);
/* A regular expression (pattern and flags hold no NUL): pn + fn + 3
** bytes. A DBPointer (a namespace of n bytes below 2^31, an ObjectId):
** n + 17 bytes. */
size_t ok_keystring_enc_regex(uint8_t *out, const uint8_t *pattern, size_t pn, const uint8_t *flags,
                              size_t fn);
size_t ok_keystring_enc_dbpointer(uint8_t *out, const uint8_t *ns, size_t n, const uint8_t oid[12]);
/* BinData of a subtype: at most OK_KEYSTRING_BINDATA_BOUND(n) bytes; n
** below 2^31. */
#define OK_KEYSTRING_BINDATA_BOUND(n) ((size_t)(n) + 7)
size_t ok_keystring_enc_bindata(uint8_t *out, const uint8_t *p, size_t n, uint8_t subtype);
/* Fixed sizes: an ObjectId (13 bytes), a Date (9), a Timestamp (9). */
size_t ok_keystring_enc_oid(uint8_t *out, const uint8_t oid[12]);
size_t ok_keystring_enc_date(uint8_t *out, int64_t ms);
size_t ok_keystring_enc_timestamp(uint8_t *out, uint32_t t, uint32_t i);
/* A Decimal128 d1.d2... x 10^exp (digits[0..nd): its significant digits,
** no leading or trailing zero; nd 0: zero), negative when neg: written to
** out (OK_KEYSTRING_NUMBER_MAX bytes) as MongoDB does: a decimal that a
** double equals as that double, an integer below 2^63 as that integer,
** one of up to 15 digits between 2^-255 and 2^53 as the double nearest
** below it marked as such (9 bytes at most); any other as that double
** marked as continued, then 8 bytes of its digits, or beyond the doubles
** as its Decimal128 bits (17 bytes). OK_OK with *len; OK_E_RANGE past
** Decimal128 (34 digits, exponents -6176 to 6111). */
int ok_keystring_enc_decimal(uint8_t *out, size_t *len, int neg, const char *digits, size_t nd,
                             int64_t exp);
/* A decimal's text, as MongoDB writes a Decimal128 ("19.99", "1.5E-7"):
** its length (at most OK_KEYSTRING_DECIMAL_TEXT_MAX), or 0 when the item
** is no such decimal (one a double equals reads as that double). */
#define OK_KEYSTRING_DECIMAL_TEXT_MAX 48 /* 42: -d.{33 digits}E+6144 */
size_t ok_keystring_decimal_text(char *out, const ok_item *it);
/* 1 when the item is such a decimal (its text not made: a continued one's
** is read again from its bytes). */
int ok_keystring_is_decimal(const ok_item *it);

/* A record id (a non-negative int64) after the end byte: 3 to 10 bytes,
** the end byte included. */
#define OK_KEYSTRING_RECORD_MAX 10
size_t ok_keystring_enc_record(uint8_t *out, int64_t id);
/* A clustered collection's record id after the end byte: s[0..n), the
** KeyString of its cluster key's value (a value as ok_keystring_decode
** reads one), 1 to OK_KEYSTRING_RECORD_STRING_MAX bytes (MongoDB's limit),
** then n in 1 to 4 bytes: at most n + 5 bytes, the end byte included. */
#define OK_KEYSTRING_RECORD_STRING_MAX (8 * 1024 * 1024)
size_t ok_keystring_enc_record_string(uint8_t *out, const uint8_t *s, size_t n);

/* One value at key[0..n), its bytes complemented when x is 0xFF (a
** descending field): OK_OK with *it (it->len its bytes; it->tag its type
** byte, as ascending; it->body its bytes after the type byte, as they lie
** in the key). SQL values: NULL (MinKey, MaxKey, undefined, null),
** INTEGER (integral numbers within int64, booleans 0/1, a Timestamp's
** 64 bits below 2^63), REAL (other numbers, NaN), TEXT (strings; an
** ObjectId as 24 hex digits; a Date as toISOString() writes it; a
** Timestamp from 2^63 as its decimal; a regular expression as /pattern/
** flags; code as its text; a DBPointer as its namespace), BLOB (BinData's
** bytes; an object, an array or code with scope as its ascending bytes,
** the value a constructor makes). A Decimal128 that no double is reads as
** the REAL nearest it (ok_keystring_decimal_text gives its digits). Only
** what MongoDB writes is read. Version 1; a "v0" pattern's format
** (ok_keystring_parse, ok_keystring_v0) walks keys of version 0. */
int ok_keystring_decode(const uint8_t *key, size_t n, uint8_t x, ok_item *it, size_t *err_at);

/* Within a decoded object or array (it->body, it->body_len; *off 0 at
** first): its next field, *off past it; 0 at the container's end. An
** object's field's name is the TEXT item *name (an array's elements have
** none: OK_NULL), its value *it. */
int ok_keystring_field(const ok_item *container, size_t *off, ok_item *name, ok_item *it);

/* The two parts of a regular expression (its pattern and flags, TEXT
** items), of a DBPointer (its namespace, a TEXT item, and its ObjectId,
** an item as ok_keystring_decode makes one) or of code with scope (the
** code, a TEXT item, and the scope, an object ok_keystring_field walks). */
void ok_keystring_parts(const ok_item *it, ok_item *first, ok_item *second);

/* The type byte an object's field carries before its name, for a value of
** type `type` (numbers share one, booleans one). */
int ok_keystring_generic(int type);

/* An item's BinData subtype; a Date's milliseconds since 1970. */
uint8_t ok_keystring_bindata_subtype(const ok_item *it);
int64_t ok_keystring_date_ms(const ok_item *it);

/* --- TypeBits --------------------------------------------------------------
** What a key does not hold of its values' BSON types (1, 1.0, NumberLong(1)
** and NumberDecimal('1.0') are one key): MongoDB keeps it beside the key, in
** an index entry's value and a resume token's _typeBits. Bits in the order
** of the key's values (depth first, an object's values without their
** names): a string's 1 (a symbol), a number's 2 (int32, int64, double,
** Decimal128), a decimal's 6 more (the low bits of its exponent: 1.5 or
** 1.50), a zero's 3 or 15 more (-0.0, a decimal's zero). */

/* BSON's numbers of the types TypeBits tell apart. */
#define OK_BSON_DOUBLE 1
#define OK_BSON_STRING 2
#define OK_BSON_SYMBOL 14
#define OK_BSON_INT32 16
#define OK_BSON_INT64 18
#define OK_BSON_DECIMAL128 19

typedef struct {
  const uint8_t *p; /* the bits, from the lowest of p[0]; n 0: all zeros */
  size_t n, bit, head;
} ok_keystring_bits;

/* A value's type: `type` an OK_BSON_*, or 0 for a value whose type the key
** holds; a double's -0.0; a Decimal128's text, as MongoDB writes it. */
#define OK_KEYSTRING_DECIMAL128_TEXT_MAX 48
typedef struct {
  int type, negative_zero;
  size_t dec_len;
  char dec[OK_KEYSTRING_DECIMAL128_TEXT_MAX];
} ok_keystring_type;

/* TypeBits tb[0..n) as MongoDB writes them (empty or 00: all zeros; one
** byte below 0x80; a size byte 0x80 | k and k bytes; 0x80, 4 bytes of size,
** little-endian, and more than 127 bytes) opened into *b: OK_OK, or with
** *err_at a byte of tb, OK_E_TRUNCATED, OK_E_TRAILING, OK_E_NONCANONICAL
** (a form MongoDB does not write). */
int ok_keystring_bits_open(ok_keystring_bits *b, const uint8_t *tb, size_t n, size_t *err_at);
/* The type of the next value of the key, item `it` (a container's values
** are given one by one, after it, as ok_keystring_field reads them; the
** record id takes none): OK_OK with *t; OK_E_TRUNCATED when the bits end
** first; OK_E_TYPE for bits no such value has (an int32 past its range, a
** fraction as int64, a decimal that no exponent gives). *err_at a byte of
** the TypeBits. */
int ok_keystring_bits_value(ok_keystring_bits *b, const ok_item *it, ok_keystring_type *t,
                            size_t *err_at);
/* The type of a value that has no TypeBits (a clustered collection's
** record id: MongoDB keeps none), as a driver types what it reads: an
** integer int32 within its range, else int64; any other number a double,
** or a Decimal128 where no double is it (its text not made: see
** ok_keystring_decimal_text); text a string. */
void ok_keystring_type_of(const ok_item *it, ok_keystring_type *t);
/* After the last value: OK_OK when no bit is left (OK_E_TRAILING,
** OK_E_NONCANONICAL for bits set past the values). */
int ok_keystring_bits_end(const ok_keystring_bits *b, size_t *err_at);

/* --- From Extended JSON ----------------------------------------------------
** A key and its TypeBits from MongoDB's Extended JSON: a JSON array of the
** key's values, canonical ({"$numberInt": "1"}, {"$numberDecimal":
** "1.50"}, {"$symbol": "a"}, {"$date": {"$numberLong": "0"}}, ...),
** relaxed (1 an int32, 1.0 a double, {"$date": "1970-01-01T00:00:00Z"}) or
** legacy ({"$binary": ..., "$type": ...}, {"$regex": ..., "$options":
** ...}); then, last, {"recordid": ...} or {"discriminator":
** "exclusiveBefore"} as ok_keystring_ejson shows them. Numbers of more
** than 34 significant digits are refused (Decimal128's; a double's text
** of more is never the shortest). */
typedef struct {
  uint8_t *key;             /* room for key_cap bytes, or NULL */
  uint8_t *bits;            /* room for bits_cap bytes, zeroed, or NULL: the bits from the */
  size_t key_cap, bits_cap; /* lowest of bits[0] */
  uint8_t *scratch;         /* room for twice the JSON text's length */
  size_t key_len, nbits;    /* the key's bytes and the TypeBits' bits, counted */
  int written;              /* 1 when both were written whole (they fit their room) */
  size_t err_at;            /* on failure: the JSON's byte where */
  const char *why;          /* and in words */
} ok_keystring_ejson_out;
/* Builds the key of pattern ks (its descending fields complemented; "v0":
** version 0's numbers, no decimals) and its TypeBits from json[0..n):
** OK_OK, or OK_E_SYNTAX with o->err_at and o->why. Without room (NULL, or
** too little: o->written 0) it counts them; then call again with as much. */
int ok_keystring_from_ejson(ok_keystring_ejson_out *o, const ok_keystring *ks, const char *json,
                            size_t n);
/* TypeBits of nbits bits as MongoDB keeps them (00 when all are zeros; one
** byte below 0x80 alone; else the size, 0x80 | size or 0x80 and 4 bytes
** past 127, then the bytes), read back by ok_keystring_bits_open: at most
** (nbits + 7) / 8 + 5 bytes. */
size_t ok_keystring_bits_write(uint8_t *out, const uint8_t *bits, size_t nbits);

/* 1 when an item of a key is its record id: an INTEGER (tag
** OK_KEYSTRING_END), or in a clustered collection's index (a pattern's
** "clustered") the cluster key's value, read as any value is. */
int ok_keystring_is_recordid(const ok_item *it);

#ifdef __cplusplus
}
#endif

#endif /* OK_KEYSTRING_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_KEYSTRING_H_STATIC)
#define OK_KEYSTRING_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_keystring_write (ok.h's writers): NULL as null, INTEGER and REAL as
** numbers, TEXT as a string, BLOB as BinData of subtype 0; descending when
** w->desc or where f's pattern says (value w->index). Refuses only BinData
** of 2^31 bytes or more (OK_E_LENGTH). */
int ok_keystring_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
