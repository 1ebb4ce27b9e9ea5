/*
** ok.h -- the codec core of `ok` (ordered keys): public API and manual.
**
** A key is a concatenation of components. Each component is self-delimiting
** (no encoding is a proper prefix of another, R5), so keys compare correctly
** with memcmp (R1) and a descending component is just the inverted bytes of
** its ascending form (R6). The byte format is specified in src/FORMAT.md.
**
** The core is plain C99: no SQLite header, no allocation, no global state.
** Every function is safe on hostile input: decoders never read outside
** [key, key + n) and never write outside the buffer they were given.
**
** Encoding follows the size-then-write pattern: each ok_enc_* function
** returns the exact number of bytes of the component and writes them to
** `out` unless `out` is NULL. So call it once with NULL to size a buffer,
** then again to fill it; or, when the bound is known (OK_NUM_MAX), once.
*/
#ifndef OK_H
#define OK_H

#include <stddef.h>
#include <stdint.h>

#define OK_VERSION "1.0.0"

/* Status codes: 0 is success, failures are stable negative numbers. */
#define OK_OK 0
#define OK_E_TRUNCATED (-1)    /* the key ends inside a component */
#define OK_E_TAG (-2)          /* a first byte that is no known tag */
#define OK_E_ESCAPE (-3)       /* a text/blob escape byte not followed by 1 or 2 */
#define OK_E_NONCANONICAL (-4) /* bytes in a form the encoder never makes */
#define OK_E_RANGE (-5)        /* a number neither an int64 nor a double */

/* ok_strerror: a short English phrase for a status code ("truncated
** component"), or "unknown status" for a code not listed above. */
const char *ok_strerror(int status);

/* Component kinds as seen by a decoder. */
typedef enum {
  OK_NULL = 1,
  OK_INT = 2,  /* integral value that fits in int64 (also 2.0, R3) */
  OK_REAL = 3, /* any other number, including +-Inf */
  OK_TEXT = 4,
  OK_BLOB = 5
} ok_type;

/* Ascending first bytes (tags). A descending component starts with the
** inverted tag (0xFF - tag); every ascending tag is below 0x80, so the two
** sets never overlap (R6). The full table is in src/FORMAT.md. */
#define OK_TAG_NULL 0x05
#define OK_TAG_NEG_INF 0x06
#define OK_TAG_ZERO 0x39
#define OK_TAG_POS_INF 0x6C
#define OK_TAG_TEXT 0x70
#define OK_TAG_NOCASE 0x71  /* TEXT under SQLite's NOCASE */
#define OK_TAG_RTRIM 0x72   /* TEXT under SQLite's RTRIM */
#define OK_TAG_NATURAL 0x73 /* TEXT under ok_natural */
#define OK_TAG_BLOB 0x78

/* Longest encoding of one number (int64 or double), in bytes. */
#define OK_NUM_MAX 11

/* --- Encoding one component ------------------------------------------- */
/* `desc` nonzero writes the descending form. Each returns the byte count.
** The number encoders need room for OK_NUM_MAX bytes at `out`, whatever the
** count they return: they may use the bytes past it as scratch. */

size_t ok_enc_null(uint8_t *out, int desc);

/* Any int64: 0..255 and -255..-1 take 2 bytes (R7). */
size_t ok_enc_int(uint8_t *out, int64_t v, int desc);

/* Any double. Integral values equal the ok_enc_int bytes of the same value
** (2.0 == 2, R2); -0.0 encodes as 0; NaN encodes as NULL, as SQLite stores
** NaN as NULL. */
size_t ok_enc_double(uint8_t *out, double v, int desc);

/* Text or blob bytes s[0..n), any bytes allowed (NULs, invalid UTF-8), as a
** component with tag OK_TAG_TEXT or OK_TAG_BLOB (or a collated-text tag).
** `terminated` zero leaves out the final 0x00: that makes a prefix bound
** (every text starting with s encodes to bytes starting with the result),
** not a complete component. Size: 1 + n + (number of 0x00/0x01 bytes in s)
** + (terminated ? 1 : 0). */
size_t ok_enc_bytes(uint8_t *out, int tag, const uint8_t *s, size_t n, int terminated, int desc);

/* Inverts n bytes in place: turns an ascending encoding (of one component
** or several) into its descending form and back. */
void ok_invert(uint8_t *p, size_t n);

/* --- Decoding ------------------------------------------------------------- */

/* One decoded component. Text/blob bodies are not copied: `body` points
** into the key at the escaped bytes; ok_unescape() produces the value. */
typedef struct {
  ok_type type;
  int tag;             /* the ascending tag byte */
  int desc;            /* 1 when the component is descending */
  size_t len;          /* bytes the whole component occupies in the key */
  int64_t i;           /* OK_INT */
  double d;            /* OK_REAL */
  const uint8_t *body; /* OK_TEXT/OK_BLOB: escaped bytes, terminator excluded */
  size_t body_len;     /* their count */
  size_t value_len;    /* length of the value once unescaped */
} ok_item;

/* ok_decode: decodes the component that starts at key[0], within n bytes.
** Returns OK_OK and fills *it, or a negative status with *err_at set to the
** offset (from key) of the offending byte. It accepts only canonical
** encodings, so decode(encode(v)) == v and any accepted bytes re-encode to
** themselves. */
int ok_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* ok_unescape: writes the it->value_len bytes of a decoded text/blob value
** to out (which must have room for them) and returns that count. */
size_t ok_unescape(uint8_t *out, const ok_item *it);

/* --- Whole keys ----------------------------------------------------------- */

/* ok_count: number of components of key[0..n) in *count. Returns OK_OK, or
** the first error with *err_at its byte offset. An empty key has 0. */
int ok_count(const uint8_t *key, size_t n, size_t *count, size_t *err_at);

/* ok_locate: finds component number `index` (0-based) and decodes it into
** *it, with its offset in *at. Returns OK_OK, 1 if the key has fewer than
** index+1 components (with *at = count), or a negative status with *err_at.
** Components before it are checked (decoded) on the way. */
int ok_locate(const uint8_t *key, size_t n, size_t index, ok_item *it, size_t *at, size_t *err_at);

/* ok_prefix_end: the smallest byte string above every string that starts
** with key[0..n): drops trailing 0xFF bytes and adds one to the last byte
** left. Writes it to out (room for n bytes) and returns its length, or
** returns 0 when there is none (empty key or all 0xFF). */
size_t ok_prefix_end(uint8_t *out, const uint8_t *key, size_t n);

/* --- Text ------------------------------------------------------------------ */

/* Room ok_double_repr needs, terminating NUL included. */
#define OK_REPR_MAX 32

/* ok_double_repr: writes the shortest decimal form of d that reads back as
** exactly d ("0.1", "1.5", "1e+300", "4.9406564584124654e-324"), always with
** a '.' or an exponent so that SQL reads it as a REAL; "Inf", "-Inf" and
** "NaN" for those. Returns its length; out needs OK_REPR_MAX bytes. */
size_t ok_double_repr(char *out, double d);

/* --- Collations -------------------------------------------------------------- */

/* ok_collate_transform: the bytes that represent text s[0..n) under the
** collation of `tag` (OK_TAG_NOCASE, OK_TAG_RTRIM, OK_TAG_NATURAL; any other
** tag copies s): memcmp on them (shorter first) is the collation's order,
** and two texts the collation calls equal give the same bytes. Written to
** out unless NULL; returns their count. Encode them with ok_enc_bytes under
** the same tag to make the component. RTRIM gives at most n bytes, NOCASE at
** most n + OK_NUM_MAX, ok_natural at most 3n. */
size_t ok_collate_transform(uint8_t *out, int tag, const uint8_t *s, size_t n);

/* ok_natural_cmp: the ok_natural collation (<0, 0, >0), computed directly on
** the texts; it agrees with memcmp of their transforms (tested). */
int ok_natural_cmp(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);

/* ok_collate_restore: a text back from the escaped body of a component
** under the collation of `tag` (x 0xFF when descending), written to out
** unless NULL: the text itself for ok_natural and RTRIM (trailing spaces
** gone), for NOCASE the folded text, whose bytes after a NUL come back as
** NULs. Each is equal under the collation to the text packed. Returns its
** length, or (size_t)-1 when the body is no transform's output. */
size_t ok_collate_restore(uint8_t *out, int tag, const uint8_t *body, size_t n, uint8_t x);

/* --- Hashing ---------------------------------------------------------------- */

/* xxHash32 and xxHash64 of p[0..n) (the xxHash library's, so the values
** are the standard ones). */
uint32_t ok_xxh32(const void *p, size_t n, uint32_t seed);
uint64_t ok_xxh64(const void *p, size_t n, uint64_t seed);

/* --- Order-preserving base-64 text ------------------------------------------ */

/* Characters ok_b64_encode writes for n bytes: ceil(8n / 6). */
size_t ok_b64_len(size_t n);

/* Writes the text of p[0..n) (ok_b64_len(n) characters, no NUL) to out
** and returns its length. The alphabet "-0-9A-Z_a-z" is in ASCII order, so
** the texts compare (bytewise, shorter first) exactly as the byte strings. */
size_t ok_b64_encode(char *out, const uint8_t *p, size_t n);

/* Decodes s[0..n) into out (room for n * 6 / 8 bytes), the length in
** *out_len. Returns OK_OK, or OK_E_TAG (a character outside the alphabet),
** OK_E_TRUNCATED (a length no byte string has) or OK_E_NONCANONICAL
** (nonzero padding bits), with *err_at the character's offset. */
int ok_b64_decode(uint8_t *out, size_t *out_len, const char *s, size_t n, size_t *err_at);

#endif /* OK_H */
