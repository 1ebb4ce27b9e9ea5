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
** Encoding follows the size-then-write pattern: every encoder (ok_enc_*,
** ok_fdb_enc_*, ok_hbase_enc_*) returns the exact number of bytes it makes
** and writes them, and nothing else, to `out` unless `out` is NULL. So call
** it once with NULL to size a buffer, then again to fill it; or, when a
** bound is known (OK_NUM_MAX, OK_FDB_INT_MAX, OK_HBASE_NUM_MAX), once.
*/
#ifndef OK_H
#define OK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header: OK_VERSION_NUMBER is 10000 * major + 100 *
** minor + patch (10400 for 1.4.0), for #if; ok_version_number() is the
** library's, which a program linked against another build may differ from. */
#define OK_VERSION_MAJOR 1
#define OK_VERSION_MINOR 4
#define OK_VERSION_PATCH 0
#define OK_VERSION_NUMBER (OK_VERSION_MAJOR * 10000 + OK_VERSION_MINOR * 100 + OK_VERSION_PATCH)
#define OK_VERSION "1.4.0"
int ok_version_number(void);

/* Status codes: 0 is success; failures are stable negative numbers, each
** with one meaning; the few positive codes are outcomes that are no
** failure. ok_strerror names every one. */
#define OK_OK 0
#define OK_E_TRUNCATED (-1)    /* the input ends inside a component or value */
#define OK_E_TAG (-2)          /* a first byte that is no known tag of the format */
#define OK_E_ESCAPE (-3)       /* a text/blob escape byte not followed by 1 or 2 */
#define OK_E_NONCANONICAL (-4) /* bytes in a form the encoder never makes */
#define OK_E_RANGE (-5)        /* a number beyond what the format or type holds */
#define OK_E_SYNTAX (-6)       /* text not of the form asked for (a digit, a character) */
#define OK_E_DESC (-7)         /* an item that is descending already */
#define OK_E_NUL (-8)          /* a NUL where the encoding holds none */
#define OK_E_TRAILING (-9)     /* bytes after the last field of a schema */
#define OK_E_NULL (-10)        /* a NULL where the type has none */
#define OK_E_LENGTH (-11)      /* a value of the wrong length for its type */
#define OK_E_BYTE (-12)        /* a byte the type cannot hold */
#define OK_E_AMBIGUOUS (-13)   /* a key that would read back as other values */
#define OK_FEWER 1             /* the key has fewer components than asked for */
#define OK_FDB_OPEN 2          /* ok_fdb_step: a nested tuple starts */
#define OK_FDB_CLOSE 3         /* ok_fdb_step: a nested tuple ends */

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
/* `desc` nonzero writes the descending form. Each returns the byte count. */

size_t ok_enc_null(uint8_t *out, int desc);

/* Any int64: 0 takes 1 byte; 1..128, -128..-1 and every even number up to
** 256 in magnitude 2 bytes (R7); src/FORMAT.md has the table. */
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

typedef struct ok_format ok_format;

/* One decoded component (an "item" in FDB's and HBase's words). The fields
** mean the same in every format, except where noted:
**   format    the format whose decoder made it;
**   type      the SQL type of its value;
**   tag       native: the ascending tag byte; fdb: the type code; hbase: the
**             ascending header byte; orderly: the field's type (OK_OL_*);
**   desc      1 when descending (native, hbase; always 0 in fdb);
**   len       the bytes the component occupies in the key;
**   i, d      the value of an OK_INT or OK_REAL item;
**   body      OK_TEXT/OK_BLOB: where the value's bytes lie in the key, as the
**             format holds them (escaped, complemented, 7-bit packed...);
**             fdb and hbase also point it at the payload of fixed-size items
**             (UUID, versionstamp, float bits, a numeric's digits), orderly
**             at a decimal's digits (then body_len is their count, i the
**             exponent of 0.digits and d its sign, -1 or 1) and at the whole
**             of a byte array (then i is its raw prefix's length);
**   body_len  their count;
**   value_len the length of the TEXT/BLOB value once read (ok_unescape);
**   direct    1 when body[0..value_len) is the value as it is. */
typedef struct {
  const ok_format *format;
  ok_type type;
  int tag;
  int desc;
  size_t len;
  int64_t i;
  double d;
  const uint8_t *body;
  size_t body_len;
  size_t value_len;
  int direct;
} ok_item;

/* A key format: what the reading routines below need of it. Adding a
** format is its decoder file, one descriptor, and a row in ok_formats. */
struct ok_format {
  const char *name; /* "ok", "fdb", "hbase", "orderly": lower case */
  /* 0: a key is any number of components, up to its end. Else a key has
  ** exactly this many, and those at its end may take no bytes (an Orderly
  ** schema's fields, whose NULLs may be left out). */
  size_t fields;
  /* Decodes component number `index` (0-based), which starts at key[0],
  ** within n bytes (n may be 0): OK_OK with *it filled, or a negative
  ** status with *err_at the offset of the offending byte. Never reads
  ** outside key[0..n). */
  int (*decode)(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                size_t *err_at);
  /* Writes the it->value_len bytes of a TEXT/BLOB item's value to out. */
  size_t (*value)(uint8_t *out, const ok_item *it);
  /* A format made from a parameter (an Orderly schema): what its decoder
  ** reads it with; NULL for the others. */
  const void *param;
};

/* The native format (src/FORMAT.md), FoundationDB's tuple layer and HBase
** OrderedBytes; and all of them in a fixed order, NULL after the last.
** (Orderly's keys are read with a schema: ok_orderly_parse makes the format
** of each schema, below.) */
extern const ok_format ok_format_native;
extern const ok_format ok_format_fdb;
extern const ok_format ok_format_hbase;
extern const ok_format *const ok_formats[];

/* ok_format_named: the format whose name is s[0..n), compared without
** regard to ASCII case; NULL when there is none. "orderly" names
** ok_format_orderly, which reads keys only once ok_orderly_parse has made
** the format of a schema from it. */
const ok_format *ok_format_named(const char *s, size_t n);

/* ok_decode: decodes the native component that starts at key[0], as the
** native format's decode. It accepts only canonical encodings, so
** decode(encode(v)) == v and any accepted bytes re-encode to themselves. */
int ok_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* ok_unescape: writes the it->value_len bytes of a decoded TEXT/BLOB value
** (of any format) to out (which must have room for them) and returns that
** count. */
size_t ok_unescape(uint8_t *out, const ok_item *it);

/* --- Whole keys, in any format --------------------------------------------- */
/* A key is valid in format f when ok_count succeeds: every component
** decodes, and the last ends where the key ends. That a key is valid in a
** format is no proof that it was made in it: short keys are often valid in
** several. */

/* A walk through a key, one component at a time: the one way every reader
** goes through a key, as it knows when the key ends in each format. */
typedef struct {
  const ok_format *f;
  const uint8_t *key;
  size_t n;
  size_t at;    /* where the component ok_next gave last starts */
  size_t off;   /* where the next one starts */
  size_t index; /* how many ok_next gave */
} ok_walk;

void ok_walk_start(ok_walk *w, const ok_format *f, const uint8_t *key, size_t n);
/* ok_next: the next component in *it. Returns OK_OK; OK_FEWER when the key
** has no more; or a negative status with *err_at its offset in the key
** (OK_E_TRAILING when bytes follow the last field of a schema). */
int ok_next(ok_walk *w, ok_item *it, size_t *err_at);

/* ok_count: number of components of key[0..n) in *count. Returns OK_OK, or
** the first error with *err_at its byte offset. An empty key has 0 (or,
** under a schema, its number of fields, all NULL). */
int ok_count(const ok_format *f, const uint8_t *key, size_t n, size_t *count, size_t *err_at);

/* ok_locate: finds component number `index` (0-based) and decodes it into
** *it, with its offset in *at. Returns OK_OK; OK_FEWER when the key has
** fewer than index+1 components (with *at their count); or a negative
** status with *err_at. Components before it are checked on the way, the
** rest of the key is not. */
int ok_locate(const ok_format *f, const uint8_t *key, size_t n, size_t index, ok_item *it,
              size_t *at, size_t *err_at);

/* ok_prefix_end: the smallest byte string above every string that starts
** with key[0..n): drops trailing 0xFF bytes and adds one to the last byte
** left. Writes it to out (room for n bytes) and returns its length, or
** returns 0 when there is none (empty key or all 0xFF). */
size_t ok_prefix_end(uint8_t *out, const uint8_t *key, size_t n);

/* --- Text ------------------------------------------------------------------ */

/* Room ok_double_repr needs, terminating NUL included. */
#define OK_REPR_MAX 32

/* ok_double_digits: a decimal that reads back as the finite, nonzero d
** (its sign aside): digits[0..n) ('1'..'9' first and last, n <= 19, no NUL)
** with value 0.digits x 10^*point; returns n, or 0 for zero, infinities and
** NaN. `java` says which: 0, the shortest, and of several shortest the
** closest to d (ties: even last digit); a Java feature version, what that
** Java's Double.toString prints: from 19 on, the shortest, but the closest
** of one or two digits where one would do (Double.MIN_VALUE is 4.9e-324, not
** 5e-324); from 1 to 18, the older algorithm of Java 8 to 18, which prints
** every digit of an integer below 2^63 and is a digit longer than needed,
** or its last digit one off, for about 1 double in 400 (docs/hbase.md). */
size_t ok_double_digits(char *digits, int *point, double d, int java);

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

/* --- Salted keys (src/salt.c) ----------------------------------------------- */
/* A salted key is OK_SALT_LEN bytes of salt, then the key. The salt over
** the first k components is the xxHash32 (seed 0) of their bytes as they
** stand in the key, big-endian: rows that share those components share the
** salt, so they stay together and in order, and other rows scatter. */
#define OK_SALT_LEN 4

/* ok_salt: the salt of key[0..n) in format f over its first k components
** (k >= 1) in salt[0..4). The whole key is checked. Returns OK_OK, OK_FEWER
** when it has fewer than k components, or a decoding status with *err_at. */
int ok_salt(const ok_format *f, uint8_t *salt, const uint8_t *key, size_t n, size_t k,
            size_t *err_at);

/* ok_salt_find: for a salted key s[0..n), the smallest k >= 1 whose salt is
** the one in front, in *k. Returns OK_OK; OK_FEWER when no k matches (or
** fewer than OK_SALT_LEN bytes), with *k 0; or a decoding status of the key
** with *err_at its offset in s. Linear in n. */
int ok_salt_find(const ok_format *f, const uint8_t *s, size_t n, size_t *k, size_t *err_at);

/* --- Hex --------------------------------------------------------------------- */

/* ok_hex_encode: p[0..n) as 2n upper-case hex digits at out (no NUL);
** returns 2n. Hex text sorts as the bytes do. */
size_t ok_hex_encode(char *out, const uint8_t *p, size_t n);

/* --- Order-preserving base-64 text ------------------------------------------ */

/* Characters ok_b64_encode writes for n bytes: ceil(8n / 6). */
size_t ok_b64_len(size_t n);

/* Writes the text of p[0..n) (ok_b64_len(n) characters, no NUL) to out
** and returns its length. The alphabet "-0-9A-Z_a-z" is in ASCII order, so
** the texts compare (bytewise, shorter first) exactly as the byte strings. */
size_t ok_b64_encode(char *out, const uint8_t *p, size_t n);

/* Decodes s[0..n) into out (room for n * 6 / 8 bytes), the length in
** *out_len. Returns OK_OK, or OK_E_SYNTAX (a character outside the
** alphabet), OK_E_TRUNCATED (a length no byte string has) or
** OK_E_NONCANONICAL (nonzero padding bits), with *err_at the character's
** offset. */
int ok_b64_decode(uint8_t *out, size_t *out_len, const char *s, size_t n, size_t *err_at);

/* --- UTF-8 and decimal integers --------------------------------------------- */

/* ok_utf8_check: the length of the longest prefix of p[0..n) that is valid
** UTF-8 (no overlong forms, surrogates or code points above U+10FFFF); n
** when all of it is. */
size_t ok_utf8_check(const uint8_t *p, size_t n);

/* Room ok_decimal_format needs for 255 magnitude bytes, sign included. */
#define OK_DECIMAL_MAX 620

/* ok_decimal_parse: an integer of any size from decimal text s[0..n)
** (optional sign, then digits) to big-endian magnitude bytes without
** leading zeros, at most cap of them, in mag[0..*len), its sign in *neg.
** Returns OK_OK, or OK_E_SYNTAX (not a digit, or no digits) or OK_E_RANGE
** (more than cap bytes) with *err_at the character's offset. */
int ok_decimal_parse(uint8_t *mag, size_t cap, size_t *len, int *neg, const char *s, size_t n,
                     size_t *err_at);

/* ok_decimal_format: the decimal text of the integer whose magnitude is
** mag[0..n) (n <= 255, each byte XORed with x first), negative when neg,
** written to out unless NULL (no NUL). Returns its length. */
size_t ok_decimal_format(char *out, int neg, const uint8_t *mag, size_t n, uint8_t x);

/* ok_decimal_split: decimal text s[0..n) (a sign, digits with a '.', an
** exponent: "-1.25e+7") as its significant digits (no leading or trailing
** zero; none for zero) in digits[0..*nd) (room for n), its sign in *neg and
** the exponent of its first digit in *exp: the value is d1.d2... x 10^exp.
** Returns OK_OK, or OK_E_SYNTAX with *err_at the character's offset. */
int ok_decimal_split(char *digits, size_t *nd, int *neg, int64_t *exp, const char *s, size_t n,
                     size_t *err_at);

/* IEEE floats as sortable bytes (src/ieee.c), as FDB and HBase write
** them: sign bit flipped, all bits for negatives: big-endian bits[0..n) to
** their sortable form and back; d as the bytes of a float (size 4) or a
** double (8), and back. */
void ok_ieee_sortable(uint8_t *out, const uint8_t *bits, size_t n);
void ok_ieee_unsortable(uint8_t *bits, const uint8_t *enc, size_t n);
void ok_ieee_bytes(uint8_t *bits, double d, size_t size);
double ok_ieee_double(const uint8_t *bits, size_t size);

/* --- FoundationDB tuple layer (src/fdb.c, docs/fdb.md) -------------------- */

/* Type codes of design/tuple.md in apple/foundationdb. */
#define OK_FDB_NULL 0x00
#define OK_FDB_BYTES 0x01
#define OK_FDB_STRING 0x02
#define OK_FDB_NESTED 0x05
#define OK_FDB_NEG_BIG 0x0B  /* negative integer of 9 to 255 bytes */
#define OK_FDB_INT_ZERO 0x14 /* 0x0C..0x1C: integers of -8..8 bytes */
#define OK_FDB_POS_BIG 0x1D  /* positive integer of 9 to 255 bytes */
#define OK_FDB_FLOAT 0x20
#define OK_FDB_DOUBLE 0x21
#define OK_FDB_LONG_DOUBLE 0x22 /* reserved: 80-bit IEEE */
#define OK_FDB_OLD_TRUE 0x25    /* deprecated */
#define OK_FDB_FALSE 0x26
#define OK_FDB_TRUE 0x27
#define OK_FDB_UUID 0x30
#define OK_FDB_ID64 0x31           /* reserved: 8-byte identifier */
#define OK_FDB_VERSIONSTAMP80 0x32 /* reserved: 10-byte versionstamp */
#define OK_FDB_VERSIONSTAMP 0x33   /* 12 bytes; the first 10 0xFF: incomplete */
#define OK_FDB_BYTES_LEN8 0x34     /* reserved: 1-byte length, then bytes */
#define OK_FDB_BYTES_LEN16 0x35    /* reserved: 2-byte length, then bytes */
#define OK_FDB_END 0xF0            /* reserved: the rest is not tuple data */

#define OK_FDB_INT_MAX 9   /* longest ok_fdb_enc_int output */
#define OK_FDB_BIG_MAX 255 /* magnitude bytes of the largest integer */

/* Encoders: each returns the byte count and writes to out unless NULL. */

/* Any int64 (0x0C..0x1C). */
size_t ok_fdb_enc_int(uint8_t *out, int64_t v);
/* An integer of any size by its big-endian magnitude mag[0..n) and sign;
** returns 0 (writes nothing) past OK_FDB_BIG_MAX significant bytes. */
size_t ok_fdb_enc_bigint(uint8_t *out, int neg, const uint8_t *mag, size_t n);
/* A float or double (NaN with whatever bits it has, -0.0 apart from 0.0). */
size_t ok_fdb_enc_double(uint8_t *out, double d);
size_t ok_fdb_enc_float(uint8_t *out, float f);
/* IEEE bits bits[0..n), big-endian, under `code` (float, double, long
** double): the sign transform of the spec. */
size_t ok_fdb_enc_ieee(uint8_t *out, int code, const uint8_t *bits, size_t n);
/* A byte string or (code OK_FDB_STRING) a string: NULs become 0x00 0xFF. */
size_t ok_fdb_enc_bytes(uint8_t *out, int code, const uint8_t *s, size_t n);
/* `code` followed by p[0..n) as they are: NULL, booleans, UUID, versionstamp. */
size_t ok_fdb_enc_fixed(uint8_t *out, int code, const uint8_t *p, size_t n);
/* The items of a packed tuple items[0..n) as one nested tuple: checks them
** (returns a status with *err_at as ok_fdb_decode), then writes the nested
** item to out unless NULL, its length in *len. */
int ok_fdb_enc_nested(uint8_t *out, size_t *len, const uint8_t *items, size_t n, size_t *err_at);

/* ok_fdb_decode: one item of a packed tuple, as ok_decode does for the
** native format (it->format is &ok_format_fdb, it->tag the type code). The
** SQL value: NULL, INTEGER (integers within int64, booleans as 0/1), REAL
** (float, double), TEXT (string; an integer beyond int64 as decimal digits;
** a UUID as 8-4-4-4-12 lower-case hex; a NaN as 'NaN'), BLOB (byte string;
** a nested tuple as its items packed as a tuple of their own; the payload
** of versionstamps, identifiers, length-prefixed bytes, the 0xF0 rest; a
** long double's IEEE bits). */
int ok_fdb_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* ok_fdb_step: one step through the body of a nested tuple (after its
** 0x05): OK_FDB_OPEN for a nested tuple that starts, OK_FDB_CLOSE for the
** 0x00 that ends one, or OK_OK with *it an item (a NULL is 0x00 0xFF);
** it->len is the bytes the step covers. A negative status on bad bytes. */
int ok_fdb_step(const uint8_t *p, size_t n, ok_item *it, size_t *err_at);

/* ok_fdb_python_form: 1 when c[0..n) starts with the item Apple's Python
** binding writes for 2^64 - 1 or -(2^64 - 1) (1D 08 FF*8, 0B F7 00*8),
** where the spec and the other bindings write 1C FF*8 and 0C 00*8. The
** decoder reads both; the encoder writes the spec's. */
int ok_fdb_python_form(const uint8_t *c, size_t n);

/* ok_fdb_uuid_parse: a UUID from text s[0..n), 8-4-4-4-12 or 32 hex
** digits in any case, into u[0..16). OK_OK, or OK_E_SYNTAX. */
int ok_fdb_uuid_parse(uint8_t *u, const char *s, size_t n);

/* ok_fdb_incomplete: in a valid packed tuple, the number of incomplete
** versionstamps (at any depth) in *count, and the offset of the first one's
** 10 0xFF bytes in *at, which FoundationDB's SET_VERSIONSTAMPED_KEY needs. */
int ok_fdb_incomplete(const uint8_t *key, size_t n, size_t *count, size_t *at);

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
/* The numeric of an int64, or of a finite double (its decimal on Java
** version `java`), as ok_hbase_enc_num writes them through
** ok_hbase_num_int/_double, faster. */
size_t ok_hbase_enc_int_num(uint8_t *out, int64_t v, int desc);
size_t ok_hbase_enc_double_num(uint8_t *out, double d, int java, int desc);
size_t ok_hbase_enc_float32(uint8_t *out, float f, int desc);
size_t ok_hbase_enc_float64(uint8_t *out, double d, int desc);
/* TEXT or JSON: s must hold no NUL. */
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

/* ok_hbase_odd_one: 1 when the item at p[0..n) is +-1 in one of the
** forms of OK_HBASE_FORM_*, which ok_hbase_pack(1) does not write. */
int ok_hbase_odd_one(const uint8_t *p, size_t n);

/* 1 when the items p[0..n) end with an ascending BlobCopy, which takes the
** rest of a key, so that nothing may follow it. */
int ok_hbase_ends_open(const uint8_t *p, size_t n);

/* ok_hbase_decode: one OrderedBytes item, as ok_decode does for the native
** format (it->format &ok_format_hbase, it->tag the ascending header). The SQL
** value: NULL; INTEGER (fixed-width integers, booleans as 0/1, numerics
** that are integers within int64); REAL (floats, infinities, numerics that
** are the decimal Java 8-18 or Java 19+ writes for a double); TEXT (text, JSON, 'NaN', other
*numerics as
** decimal text); BLOB (BlobVar, BlobCopy). An ascending BlobCopy takes the
** rest of the key; FA FF, HBase's descending null BlobCopy, is one NULL. */
int ok_hbase_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

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
/* Terminations, as Orderly's Termination enum. */
#define OK_OL_AUTO 0
#define OK_OL_MUST 1
#define OK_OL_SHOULD_NOT 2

#define OK_ORDERLY_MAX 256     /* fields and structs in a schema */
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
typedef struct {
  ok_format format;
  size_t count;  /* of node[] */
  uint16_t last; /* the last field at the top */
  ok_orderly_field node[OK_ORDERLY_MAX];
  uint16_t leaf[OK_ORDERLY_MAX]; /* the node of each leaf field, in order */
  uint8_t full[OK_ORDERLY_MAX];  /* each leaf's terminator flag when no value is NULL */
  int should_not; /* 1 when a should_not field or struct is not the whole schema: keys need
                  ** ok_orderly_verify */
} ok_orderly;

/* The descriptor every parsed schema starts from (its decode needs the
** rest of an ok_orderly). */
extern const ok_format ok_format_orderly;

/* ok_orderly_parse: the schema text[0..n) into *s (names in any case, free
** white space). OK_OK, or OK_E_SYNTAX with *err_at the offset of the
** offending word and *why a short English reason. */
int ok_orderly_parse(ok_orderly *s, const char *text, size_t n, size_t *err_at, const char **why);
/* The schema in its canonical form ("long, utf8 desc"), written to out
** unless NULL (no NUL); returns its length. */
size_t ok_orderly_text(char *out, const ok_orderly *s);
/* "long", "fixed_bytes", "struct"... */
const char *ok_orderly_type_name(int type);

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

/* ok_orderly_check: OK_OK when v is a value field f can hold; else
** OK_E_NULL (a NULL in a fixed-width field or a prefixed byte array),
** OK_E_RANGE (an integer beyond the type, a decimal exponent beyond Java's
** int), OK_E_LENGTH (fixed_bytes of another length, fewer bytes than the
** prefix), OK_E_BYTE (utf8 holding 0xFF, or starting with 0xFE: Orderly
** would write a key that reads back as another value), OK_E_SYNTAX
** (decimal digits that are not significant ASCII digits). */
int ok_orderly_check(const ok_orderly_field *f, const ok_orderly_value *v);

/* ok_orderly_encode: the length of the key of the first k leaf fields of
** s, valid values v[0..k) (k = s->format.fields: a whole key); the key is
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
** (left out as NULL) reads them as its own. Only schemas with should_not
** fields need the check (s->should_not). */
int ok_orderly_verify(const ok_orderly *s, const ok_orderly_value *v, const uint8_t *key, size_t n,
                      size_t *field);

#ifdef __cplusplus
}
#endif

#endif /* OK_H */
