/*
** ok_orderly.h -- Orderly row keys, read and written with a schema.
** Includes ok.h; the same tiers and return convention (see there).
*/
#ifndef OK_ORDERLY_H
#define OK_ORDERLY_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- Orderly row keys (src/orderly.c, docs/orderly.md) ------------------- */
/* Orderly keys carry no tags: a key is read and written with its schema,
** the text that lists its fields ("long, utf8 desc, struct(double) must"),
** which ok_orderly_parse turns into an ok_orderly. */

enum {
  OK_OL_INT = 1, /* variable-length, signed 32 bits */
  OK_OL_LONG,
  OK_OL_UINT,
  OK_OL_ULONG,
  OK_OL_FIXED_INT, /* 4 or 8 bytes */
  OK_OL_FIXED_LONG,
  OK_OL_FIXED_UINT,
  OK_OL_FIXED_ULONG,
  OK_OL_FLOAT,
  OK_OL_DOUBLE,
  OK_OL_DECIMAL, /* Java's BigDecimal */
  OK_OL_UTF8,
  OK_OL_BYTES,       /* variable length, after a raw prefix of `size` bytes */
  OK_OL_FIXED_BYTES, /* `size` bytes */
  OK_OL_STRUCT
};
/* A parsed schema (opaque here; its layout is under OK_STATIC_LINKING_ONLY
** below). It is large (OK_ORDERLY_MAX fields): allocate ok_orderly_size()
** bytes for one, as the core allocates nothing. */
typedef struct ok_orderly ok_orderly;
size_t ok_orderly_size(void);

#define OK_ORDERLY_MAX 256 /* fields and structs in a schema */

/* ok_orderly_parse: the schema text[0..n) into *s (names in any case, free
** white space). OK_OK, or OK_E_SYNTAX with *err_at the offset of the
** offending word and *why a short English reason. */
int ok_orderly_parse(ok_orderly *s, const char *text, size_t n, size_t *err_at, const char **why);
/* The schema in its canonical form ("long, utf8 desc"), written to out
** unless NULL (no NUL); returns its length. */
size_t ok_orderly_text(char *out, const ok_orderly *s);
/* "long", "fixed_bytes", "struct"... */
const char *ok_orderly_type_name(int type);

/* ok_orderly_format: the format that reads the keys of s; its `fields` is
** the number of leaf fields, the components of each key. */
const ok_format *ok_orderly_format(const ok_orderly *s);
/* ok_orderly_field_type: the OK_OL_* type of leaf field i (0-based), or 0
** past the last. */
int ok_orderly_field_type(const ok_orderly *s, size_t i);

/* The value of one leaf field, for the encoder. */
typedef struct {
  int null;
  int64_t i;        /* signed integer types */
  uint64_t u;       /* unsigned integer types */
  double d;         /* double; float: (float)d */
  const uint8_t *p; /* utf8, bytes, fixed_bytes: the bytes; decimal: its */
  size_t n;         /* significant ASCII digits (n = 0: zero) */
  int neg;          /* decimal: negative */
  int64_t exp;      /* decimal: the value is p[0].p[1..n) x 10^exp */
} ok_orderly_value;

/* ok_orderly_check: OK_OK when v is a value leaf field i can hold; else
** OK_E_NULL (a NULL in a fixed-width field or a prefixed byte array),
** OK_E_RANGE (an integer beyond the type, a decimal exponent beyond Java's
** int), OK_E_LENGTH (fixed_bytes of another length, fewer bytes than the
** prefix), OK_E_BYTE (utf8 holding 0xFF, or starting with 0xFE: Orderly
** would write a key that reads back as another value), OK_E_SYNTAX
** (decimal digits that are not significant ASCII digits). */
int ok_orderly_check(const ok_orderly *s, size_t i, const ok_orderly_value *v);

/* ok_orderly_encode: the length of the key of the first k leaf fields of
** s, valid values v[0..k) (k = its format's fields: a whole key); the key is
** written to out when that length is at most cap. The fields after the
** k-th are left out as if NULL and empty: that is the smallest key that
** starts with those k values. `more` nonzero writes the k values as they
** stand when more bytes follow them, whose ok_prefix_end is above every key
** that starts with them. */
size_t ok_orderly_encode(uint8_t *out, size_t cap, const ok_orderly *s, const ok_orderly_value *v,
                         size_t k, int more);

/* ok_orderly_verify: for the key[0..n) ok_orderly_encode made of all the
** values v, OK_OK when it reads back field by field as those values, else
** OK_E_AMBIGUOUS with *field the first field that does not: a field
** declared should_not runs, unterminated, into the bytes of the next, or
** (left out as NULL) reads them as its own. Only keys of schemas with
** should_not fields can fail it; for the others it returns OK_OK at once. */
int ok_orderly_verify(const ok_orderly *s, const ok_orderly_value *v, const uint8_t *key, size_t n,
                      size_t *field);

#ifdef __cplusplus
}
#endif

#endif /* OK_ORDERLY_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_ORDERLY_H_STATIC)
#define OK_ORDERLY_H_STATIC

#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Terminations, as Orderly's Termination enum. */
#define OK_OL_AUTO 0
#define OK_OL_MUST 1
#define OK_OL_SHOULD_NOT 2

#define OK_ORDERLY_NONE 0xFFFF /* no field */

/* A field or struct of a schema. Structs hold the fields that follow them
** up to `end` (the table is in schema order, depth first). */
typedef struct {
  uint8_t type;
  uint8_t desc; /* written descending: its own desc flipped by each desc struct around it */
  uint8_t declared_desc; /* as written in the schema */
  uint8_t term;          /* as written: OK_OL_AUTO, OK_OL_MUST, OK_OL_SHOULD_NOT */
  uint8_t rbits, rvalue; /* reserved header bits of a variable-length integer, and their value */
  uint16_t end;          /* the index after the field, and after all a struct holds */
  uint16_t prev;         /* the field before it in its list, or OK_ORDERLY_NONE */
  uint16_t last;         /* a struct's last field */
  uint16_t index;        /* a leaf field's number among the leaves */
  uint32_t size;         /* fixed_bytes: the length; bytes: the raw prefix */
  uint16_t java;         /* decimal(java=N): the Java whose Double.toString writes a double
                         ** (ok_double_digits); 0: the caller's default */
} ok_orderly_field;

/* A parsed schema: the format that reads its keys (format.fields is the
** number of its leaf fields, the components of its keys), and the table. */
struct ok_orderly {
  ok_format format;
  size_t count;  /* of node[] */
  uint16_t last; /* the last field at the top */
  ok_orderly_field node[OK_ORDERLY_MAX];
  uint16_t leaf[OK_ORDERLY_MAX]; /* the node of each leaf field, in order */
  uint8_t full[OK_ORDERLY_MAX];  /* each leaf's terminator flag when no value is NULL */
  int should_not;  /* 1 when a should_not field or struct is not the whole schema: keys need
                   ** ok_orderly_verify */
  size_t decimals; /* decimal fields (a caller's digits need room only for these) */
};

/* What an Orderly item keeps in its own room (ok_item.own): a decimal's
** sign, exponent (the value is 0.digits x 10^exp) and count of BCD digits
** at body; an unsigned integer's value (TEXT beyond int64); a byte array's
** raw prefix length, which starts its body. ok_orderly_own_of reads it. */
typedef union {
  struct {
    int neg;
    long exp;
    size_t digits;
  } dec;
  uint64_t u;
  size_t prefix;
} ok_orderly_own;

static inline ok_orderly_own ok_orderly_own_of(const ok_item *it) {
  ok_orderly_own o;
  memcpy(&o, it->own, sizeof o);
  return o;
}

/* ok_orderly_value_of: the plain value v (ok.h's writers) as leaf field i
** of s takes it, as ok_orderly_pack writes it, into *o, checked
** (ok_orderly_check): a number for float and double (or TEXT 'NaN', 'Inf',
** '-Inf'), a number or decimal TEXT for decimal (a REAL through the
** schema's Java; its digits written to `digits`, room for 24 or the TEXT's
** length, which may be v->p itself), TEXT for utf8, a BLOB for the byte
** arrays, an INTEGER or a whole REAL for the integers (the unsigned ones:
** decimal TEXT too). OK_OK; OK_E_TYPE (another SQL type); OK_E_RANGE (an
** integer beyond the type, a REAL that is no integer, a decimal of an
** infinity or NaN); OK_E_SYNTAX (TEXT that is no integer below 2^64, or no
** decimal); or ok_orderly_check's statuses. */
int ok_orderly_value_of(const ok_orderly *s, size_t i, const ok_value *v, ok_orderly_value *o,
                        char *digits);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
