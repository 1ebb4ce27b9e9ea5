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
** The API comes in tiers, as lz4's does. This header is the stable core:
** statuses, items, formats and walks, the native format, salts and the text
** forms of keys. ok_fdb.h, ok_hbase.h and ok_orderly.h add one format each.
** What a header declares under OK_STATIC_LINKING_ONLY is for code built
** with this very version (the extension, the tests) and may change in any
** release.
**
** One return convention: a function that can fail returns an int status
** (OK_OK, or a negative OK_E_*) and gives sizes through out-parameters; a
** function that cannot fail returns its size. Encoders size, then write:
** each returns the exact number of bytes it makes and writes them, and
** nothing else, to `out` unless `out` is NULL. So call one with NULL to
** size a buffer, then again to fill it; or once, into a buffer of its bound:
** OK_NUM_MAX, OK_BYTES_BOUND(n) and the like, the most it makes of n input
** bytes.
*/
#ifndef OK_H
#define OK_H

#include <stddef.h>
#include <stdint.h>

#include "ok_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header: OK_VERSION_NUMBER is 10000 * major + 100 *
** minor + patch (30800 for 3.8.0), for #if; ok_version_number() is the
** library's, which a program linked against another build may differ from. */
#define OK_VERSION_MAJOR 4
#define OK_VERSION_MINOR 6
#define OK_VERSION_PATCH 8
#define OK_VERSION_NUMBER (OK_VERSION_MAJOR * 10000 + OK_VERSION_MINOR * 100 + OK_VERSION_PATCH)
#define OK_VERSION "4.6.8"
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
#define OK_E_TYPE (-14)        /* a value of a type the format cannot hold */
#define OK_E_ROOM (-15)        /* the output buffer is too small */
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
** + (terminated ? 1 : 0), at most OK_BYTES_BOUND(n). */
#define OK_BYTES_BOUND(n) (2 * (size_t)(n) + 2)
size_t ok_enc_bytes(uint8_t *out, int tag, const uint8_t *s, size_t n, int terminated, int desc);

/* Inverts n bytes in place: turns an ascending encoding (of one component
** or several) into its descending form and back. */
void ok_invert(uint8_t *p, size_t n);

/* --- Decoding ------------------------------------------------------------- */

typedef struct ok_format ok_format;
typedef struct ok_walk ok_walk;

/* One decoded component (an "item" in FDB's and HBase's words). Each field
** means one thing in every format:
**   format    the format whose decoder made it;
**   type      the SQL type of its value;
**   tag       what kind of component it is, in its format's own codes: the
**             ascending tag or header byte of the tagged formats (OK_TAG_*,
**             OK_FDB_*, OK_HBASE_*), the schema field's type in Orderly
**             (OK_OL_*);
**   desc      1 when descending (always 0 in fdb, which has no such form);
**   len       the bytes the component occupies in the key;
**   i, d      the value of an OK_INT or OK_REAL item;
**   body      where the value's bytes lie in the key, as the format holds
**             them (escaped, complemented, packed...): a TEXT/BLOB value's,
**             and the payload of items of a fixed size or layout (UUID,
**             versionstamp, float bits, a decimal's digits); else NULL;
**   body_len  the count of those bytes;
**   value_len the length of the TEXT/BLOB value once read (ok_unescape);
**   direct    1 when body[0..value_len) is the value as it is;
**   own       room that belongs to the item's format: only that format's
**             functions write and read it (Orderly keeps a decimal's exponent
**             there, ok_orderly.h). A format's state lives here, so adding a
**             format leaves this struct as it is. */
#define OK_ITEM_OWN 24 /* bytes of own: the size ok_item had before it */
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
  uint64_t own[OK_ITEM_OWN / 8];
} ok_item;

/* What ok_convert writes a key with (below, OK_STATIC_LINKING_ONLY):
** opaque here. */
struct ok_writer;
struct ok_value;

/* A key format: what the reading routines below need of it. Each is a
** line of the registry, ok_formats.h. */
struct ok_format {
  const char *name; /* "ok", "fdb", "hbase", "orderly": lower case */
  /* 0: a key is any number of components, up to its end. Else a key has
  ** exactly this many, and those at its end may take no bytes (an Orderly
  ** schema's fields, whose NULLs may be left out). */
  size_t fields;
  /* Decodes component number `index` (0-based), which starts at key[0],
  ** within n bytes (n may be 0): OK_OK with *it filled, or a negative
  ** status with *err_at the offset of the offending byte; or OK_FEWER when
  ** the n bytes, checked, hold no component (a TiKV key's padding; the
  ** empty key, n == 0 at index 0, where the format has one). Never reads
  ** outside key[0..n). */
  int (*decode)(const ok_format *f, size_t index, const uint8_t *key, size_t n, ok_item *it,
                size_t *err_at);
  /* Writes the it->value_len bytes of a TEXT/BLOB item's value to out. */
  size_t (*value)(uint8_t *out, const ok_item *it);
  /* A format made from a parameter (an Orderly schema): what its decoder
  ** reads it with; NULL for the others. */
  const void *param;
  /* What a format that reads keys only once made from a parameter calls it
  ** ("schema": ok_format_orderly); NULL for a format that reads as it is. */
  const char *param_name;
  /* The walks' way past the components they do not return: the length of
  ** component number `index` at key[0..n) when decode would accept it
  ** with that length, found without reading its value; 0 when decode must
  ** say (a malformed component, or one this does not know). NULL: the
  ** walks decode every component. */
  size_t (*skip)(const ok_format *f, size_t index, const uint8_t *key, size_t n);
  /* Writing, for ok_convert: the next plain value v into the key w is
  ** writing as the format's SQL builder writes that SQL value, or, with v
  ** NULL, the key's end. OK_OK or the status that refuses the value. */
  int (*put)(const ok_format *f, struct ok_writer *w, const struct ok_value *v);
  /* The format that reads key[0..n) when that depends on the whole key,
  ** which the walks ask once a key (TiDB's row keys with a padded handle,
  ** where a 00 is padding, not a NULL datum: ok_tidb_row_format); NULL: f
  ** itself, always. */
  const ok_format *(*reading)(const ok_format *f, const uint8_t *key, size_t n);
  /* 1: a key is an array of its values, or one value alone (bytewise,
  ** charwise, the browsers'), which ok_convert keeps alone. */
  int arrays;
  /* ok_next_n's reader: up to cap components of the walk w, as ok_next_n
  ** gives them, with the format's decode inlined into the loop (the formats
  ** whose decoders gain by it make it with OK_WALK_READER, or with
  ** OK_WALK_READER_FIELDS when a descriptor may fix a count, src/internal.h:
  ** no call a component, the walk's state in registers; TiKV's, WebKit's and
  ** Chrome's read a whole key their own way first). NULL: ok_next_n calls
  ** decode for each component (charwise, KeyString). */
  int (*next)(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at);
};

/* Every format of the registry (ok_formats.h): its descriptor
** ok_format_<id>; and all of them in ok_formats[], NULL after the last. The
** native format is below, the others have a header each (ok_fdb.h...).
** Orderly's keys are read with a schema: ok_orderly_parse (ok_orderly.h)
** makes the format of each schema from ok_format_orderly, which alone reads
** nothing (its param_name says so). */
#define OK_FORMAT_DECLARE(id, letter) extern const ok_format ok_format_##id;
OK_FORMAT_LIST(OK_FORMAT_DECLARE)
#undef OK_FORMAT_DECLARE
extern const ok_format *const ok_formats[];

/* ok_format_named: the format of ok_formats[] whose name is s[0..n),
** compared without regard to ASCII case; NULL when there is none. */
const ok_format *ok_format_named(const char *s, size_t n);

/* ok_decode: decodes the native component that starts at key[0], as the
** native format's decode. It accepts only canonical encodings, so
** decode(encode(v)) == v and any accepted bytes re-encode to themselves. */
int ok_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* ok_unescape: writes the it->value_len bytes of a decoded TEXT/BLOB value
** (of any format) to out (which must have room for them) and returns that
** count. */
size_t ok_unescape(uint8_t *out, const ok_item *it);

/* ok_js_sole: 1 when a component read in a format whose keys are arrays of
** JavaScript values (bytewise, charwise, ordered-binary, the browsers') is
** the one element of an array key: the key is not what the format's
** builder makes of that one value (its value alone), so ok_quote wraps it
** in an array. */
int ok_js_sole(const ok_item *it);

/* --- Whole keys, in any format --------------------------------------------- */
/* A key is valid in format f when ok_count succeeds: every component
** decodes, and the last ends where the key ends. That a key is valid in a
** format is no proof that it was made in it: short keys are often valid in
** several. */

/* A walk through a key, one component at a time: the one way every reader
** goes through a key, as it knows when the key ends in each format. */
struct ok_walk {
  const ok_format *f;
  const uint8_t *key;
  size_t n;
  size_t at;    /* where the component ok_next gave last starts */
  size_t off;   /* where the next one starts */
  size_t index; /* how many ok_next gave */
};

void ok_walk_start(ok_walk *w, const ok_format *f, const uint8_t *key, size_t n);
/* ok_next: the next component in *it. Returns OK_OK; OK_FEWER when the key
** has no more; or a negative status with *err_at its offset in the key
** (OK_E_TRAILING when bytes follow the last field of a schema). */
int ok_next(ok_walk *w, ok_item *it, size_t *err_at);
/* ok_next_n: ok_next up to cap times, into items[0..cap), the count given in
** *got. Returns OK_OK when it gave cap (more may follow); OK_FEWER when the
** key ended (after *got); or a negative status with *err_at, the *got items
** before the bad one given. A full decode in one call: a key's items cost
** less than through ok_next one by one. */
int ok_next_n(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at);
/* ok_skip: ok_next without the item: the next component checked as
** ok_next checks it and stepped over (it starts at w->at, ends at w->off). */
int ok_skip(ok_walk *w, size_t *err_at);

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

/* ok_pick: ok_locate that checks the whole key, as ok_count: component
** `index` decoded into *it with its offset in *at, and the key's count of
** components in *count. Returns OK_OK; OK_FEWER when index >= *count; or
** a negative status with *err_at. The components it does not return are
** stepped over, not read (ok_format's skip). */
int ok_pick(const ok_format *f, const uint8_t *key, size_t n, size_t index, ok_item *it, size_t *at,
            size_t *count, size_t *err_at);

/* ok_prefix_end: the smallest byte string above every string that starts
** with key[0..n): drops trailing 0xFF bytes and adds one to the last byte
** left. Writes it to out (room for n bytes), its length in *len, and
** returns OK_OK; or OK_E_RANGE when there is none (an empty key, or all
** 0xFF: every longer string is above it). */
int ok_prefix_end(uint8_t *out, size_t *len, const uint8_t *key, size_t n);

/* --- Converting keys -------------------------------------------------------- */

/* ok_convert: key[0..n) in format `from` as a key of format `to`, one
** component at a time: each component's value read, and written as `to`'s
** SQL builder writes that value (ok_fdb_pack(1, 'a') for the components 1
** and 'a'). A component converts when its value is an SQL value (NULL, a
** number, text, bytes), and the key made must convert back to the very
** key: the same values, of the same types, in the same bytes. A key of one
** value alone, not in an array (bytewise, charwise, ordered-binary, the
** browsers'), stays one where `to` has arrays too.
** Returns OK_OK with the key made in out[0..*len). Or:
**   OK_E_ROOM: out (cap bytes) is too small: call again with room for
**     *len bytes, which holds the key made and what making and checking it
**     takes (the values read out of the key, the key written back), until
**     it answers otherwise; each answer is more than cap. Where even the
**     values did not fit it guesses the key made's room, and a call with
**     room for them counts it: most keys need one call more, few two;
**   a decoding status of the key, with *err_at its byte offset;
**   the status `to` refuses a value with, *err_at the offset of its
**     component in the key: OK_E_TYPE (a BLOB into charwise; a value of
**     another type than an Orderly field's or orderedcode type's),
**     OK_E_RANGE (an integer no double holds exactly, into a JavaScript
**     format; a number beyond a field), OK_E_SYNTAX (text that is no
**     integer from 0 to 2^64 - 1 for an unsigned Orderly field, or no
**     decimal number for a decimal one), OK_E_BYTE (text that
**     is not UTF-8 where strings are), OK_E_NUL (a NUL in HBase text),
**     OK_E_NULL (a NULL where `to` has none), OK_E_LENGTH (more or fewer
**     values than an Orderly schema's fields, more than an orderedcode
**     list's types);
**   OK_E_AMBIGUOUS, *err_at the offset of the first component that would
**     not come back as it is: a component that is no SQL value (a
**     versionstamp, a descending one...), or one `to` holds as another
**     value or type (2.0 into native keys, which read it as 2). */
int ok_convert(const ok_format *from, const uint8_t *key, size_t n, const ok_format *to,
               uint8_t *out, size_t cap, size_t *len, size_t *err_at);

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
/* The two algorithms' first Java versions, for `java`. */
#define OK_JAVA_8 8   /* Java 8 to 18's Double.toString */
#define OK_JAVA_19 19 /* Java 19's on (Schubfach) */
/* The Java that HBase numerics and Orderly decimals are written with from
** a REAL unless told otherwise (ok_convert, the SQL builders): Java 8-18's,
** which the HBase 2.x clients that write most tables run (docs/hbase.md). */
#define OK_JAVA_DEFAULT 17

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
** most n + OK_NUM_MAX, ok_natural at most 3n: any, OK_COLLATE_BOUND(n). */
#define OK_COLLATE_BOUND(n) (3 * (size_t)(n) + OK_NUM_MAX)
size_t ok_collate_transform(uint8_t *out, int tag, const uint8_t *s, size_t n);

/* ok_natural_cmp: the ok_natural collation (<0, 0, >0), computed directly on
** the texts; it agrees with memcmp of their transforms (tested). */
int ok_natural_cmp(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);

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

/* --- Versions of MVCC stores (src/mvcc.c) ------------------------------------ */
/* The keys an MVCC store keeps are a user key with a version after it:
**
**   OK_MVCC_CRDB    CockroachDB (Pebble's engine keys): the user key, 00, the
**                   version, then a byte counting the version and itself
**                   (none, and no such byte, for a key without a version).
**                   A version is a timestamp: the wall time (8 bytes,
**                   big-endian nanoseconds since 1970), the logical time (4,
**                   only when not 0) and a legacy synthetic byte (1, only in
**                   old keys); or a lock table's (17: strength, transaction).
**                   Pebble orders the user keys as bytes, then no version
**                   first, then the versions newest first (synthetic byte
**                   and a zero logical time ignored).
**   OK_MVCC_TIKV    TiKV: 'z' (its data keys on disk; optional), the user
**                   key as memcomparable groups (9 bytes each, as the format
**                   'tikv' reads), then the timestamp ts bit-inverted (8,
**                   big-endian): start_ts in the default column family,
**                   commit_ts in the write one. ts is the physical time in
**                   milliseconds << 18 | the logical. Bytes order them.
**   OK_MVCC_BADGER  Badger: the user key (not empty), then MaxUint64 -
**                   version (8, big-endian). Badger orders the user keys as
**                   bytes, then the versions newest first. */
#define OK_MVCC_CRDB 1
#define OK_MVCC_TIKV 2
#define OK_MVCC_BADGER 3

/* What follows a user key. */
#define OK_MVCC_NONE 0 /* no version (CockroachDB: intents' metadata, non-MVCC keys) */
#define OK_MVCC_TIME 1 /* a timestamp (Badger's is a version number) */
#define OK_MVCC_LOCK 2 /* CockroachDB's lock table version */

/* A key split: the user key is p[key_at, key_at + key_len); the version's
** bytes as the store compares them are p[ver_at, ver_at + ver_len)
** (CockroachDB: without its length byte, and its synthetic byte and zero
** logical time dropped; none for OK_MVCC_NONE). */
typedef struct {
  size_t key_at, key_len, ver_at, ver_len;
  int kind;
  uint64_t version; /* CockroachDB: the wall time's bits (an int64); TiKV: ts; Badger's */
  uint32_t logical; /* CockroachDB: the logical time's bits (an int32); TiKV: ts's low 18 bits */
} ok_mvcc;

/* ok_mvcc_split: the parts of store's key p[0..n) into *m. OK_OK; or, with
** *err_at the byte's offset: OK_E_TRUNCATED (too short for a version),
** OK_E_LENGTH (a length byte or group count that does not fit), OK_E_BYTE
** (CockroachDB's 00 or a TiKV group's marker missing), OK_E_NONCANONICAL
** (TiKV padding that is not zero). */
int ok_mvcc_split(int store, const uint8_t *p, size_t n, ok_mvcc *m, size_t *err_at);

/* ok_mvcc_join: the key of user key key[0..n) and m's kind, version and
** logical (the rest of m is not read), as the store writes it (TiKV with
** its 'z'), to out unless NULL, its length in *len: OK_OK; or OK_E_TYPE
** (a version the store does not write: a lock table's; none for TiKV or
** Badger), OK_E_LENGTH (Badger's empty user key), or a TiKV user key's
** status from ok_mvcc_split, with *err_at.
** CockroachDB writes a timestamp of wall and logical 0 as no version, as
** its encoder does. At most OK_MVCC_BOUND(n) bytes. */
#define OK_MVCC_BOUND(n) ((size_t)(n) + 14)
int ok_mvcc_join(uint8_t *out, size_t *len, int store, const uint8_t *key, size_t n,
                 const ok_mvcc *m, size_t *err_at);

/* ok_mvcc_order: a native key that sorts as store orders p's key, split
** in *m, to out unless NULL, its length returned: the user key (a BLOB),
** then, when there is a version, its bytes as the store compares them (a
** BLOB, descending for CockroachDB's). At most
** OK_MVCC_ORDER_BOUND(m->key_len) bytes. */
#define OK_MVCC_ORDER_BOUND(n) (OK_BYTES_BOUND(n) + OK_BYTES_BOUND(17))
size_t ok_mvcc_order(uint8_t *out, int store, const uint8_t *p, const ok_mvcc *m);

/* ok_mvcc_at: m's kind and version (m->logical too) for the time sec
** seconds and nanos nanoseconds (0 to 10^9 - 1) after 1970 UTC and a
** logical time: CockroachDB's wall time in nanoseconds (an int64: 1677 to
** 2262) and its logical time; TiKV's ts, its physical milliseconds shifted
** left OK_MVCC_TIKV_LOGICAL_BITS, or'ed with the logical (1970 to 4199).
** OK_OK; OK_E_RANGE for a time out of the store's range or a TiKV logical
** of more bits; OK_E_NONCANONICAL for a TiKV time finer than a
** millisecond; OK_E_TYPE for Badger, whose versions are no times. */
#define OK_MVCC_TIKV_LOGICAL_BITS 18
int ok_mvcc_at(int store, int64_t sec, int64_t nanos, uint32_t logical, ok_mvcc *m);

/* ok_mvcc_time: the timestamp of a split key as RFC 3339 in UTC, to out
** unless NULL (no NUL; at most OK_MVCC_TIME_MAX bytes), its length
** returned: CockroachDB's wall time, TiKV's physical time (ts >> 18
** milliseconds). 0 for what holds no time: no version, a lock table's,
** Badger's. */
#define OK_MVCC_TIME_MAX 40
size_t ok_mvcc_time(char *out, int store, const ok_mvcc *m);

/* --- Hex --------------------------------------------------------------------- */

/* ok_hex_encode: p[0..n) as 2n upper-case hex digits at out (no NUL);
** returns 2n. Hex text sorts as the bytes do. */
#define OK_HEX_BOUND(n) (2 * (size_t)(n))
size_t ok_hex_encode(char *out, const uint8_t *p, size_t n);

/* ok_hex_decode: the bytes of hex text s[0..n) into out (room for n / 2
** bytes; NULL only counts them), their count in *len: digits in either case, two to a byte, with
** white space and any of | : - , . _ / between bytes (as ok_hex's
** separators and logs put them), in an SQL literal X'...' or after 0x or
** bare, with white space around it. Returns OK_OK; or, with *err_at the offending character's
*offset,
** OK_E_SYNTAX (neither a digit nor a separator) or OK_E_TRUNCATED (a lone
** digit, with the end or a separator where its byte's second digit should
** be: *err_at is the digit's). */
int ok_hex_decode(uint8_t *out, size_t *len, const char *s, size_t n, size_t *err_at);

/* Keys as stores' tools print them: fdbcli's \x02users\x00\x15*, the HBase
** shell's \x19\x19D4abc\x00, tikv-ctl's t\200\000..., Go's "t\x80...",
** Python's b'\x15\x01'. ok_escaped_is: 1 when text s[0..n) is in that form
** (it holds a backslash, or is b'...', b"..." or "..."), which hex never is (a
** bytea's \xbd89..., hex digits alone after \x, is hex: ok_hex_decode
** reads it). ok_escaped_decode: its bytes into out (room for n bytes; NULL
** only counts them), their count in *len: \xHH (either case) is byte HH;
** one to three octal digits the byte of that value; \uHHHH, \UHHHHHHHH
** and \u{H...} the code point's UTF-8; \\, \', \", \a, \b, \f, \n, \r, \t,
** \v what they are in C; any other character its own bytes; white space
** around it, and a b'...', b"..." or "..." around it, dropped. Returns
** OK_OK; or, with *err_at the backslash's offset, OK_E_ESCAPE (another
** escape, an octal past 377, a code point past U+10FFFF or a surrogate) or
** OK_E_TRUNCATED (the text ends inside an escape). */
int ok_escaped_is(const char *s, size_t n);
int ok_escaped_decode(uint8_t *out, size_t *len, const char *s, size_t n, size_t *err_at);

/* --- Order-preserving base-64 text ------------------------------------------ */

/* Characters ok_b64_encode writes for n bytes: ceil(8n / 6), which
** OK_B64_BOUND(n) is as a constant expression. */
#define OK_B64_BOUND(n) ((8 * (size_t)(n) + 5) / 6)
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

/* --- Base 64 (RFC 4648) ------------------------------------------------------ */

/* p[0..n) as standard base 64, '=' padded (4 characters for each 3 bytes
** or fewer, no NUL) at out: the length, OK_BASE64_BOUND(n). */
#define OK_BASE64_BOUND(n) (((size_t)(n) + 2) / 3 * 4)
size_t ok_base64_encode(char *out, const uint8_t *p, size_t n);

/* Decodes s[0..n) (padded or not) into out (room for n * 3 / 4 bytes), the
** length in *out_len. Returns OK_OK, or OK_E_SYNTAX (a character outside
** the alphabet), OK_E_TRUNCATED (a length or padding no byte string has) or
** OK_E_NONCANONICAL (nonzero padding bits), with *err_at the character's
** offset. */
int ok_base64_decode(uint8_t *out, size_t *out_len, const char *s, size_t n, size_t *err_at);

/* --- Lexi strings ----------------------------------------------------------- */
/* A number as text that sorts as the numbers of its type do: 'l' for an
** int64 or 'd' for a double, then the 16 upper-case hex digits of its 64
** bits made sortable (a long's sign bit flipped; a double's sign bit flipped
** when positive, every bit when negative, as FDB and HBase store doubles).
** "l800000000005F1F9" is 389625, "dC06759999999999A" is 186.8. All doubles
** sort before all longs; -0.0 just below 0.0; every NaN is written as
** Java's one NaN, above +Inf. */
#define OK_LEXI_LEN 17
size_t ok_lexi_int(char *out, int64_t v);   /* writes OK_LEXI_LEN characters, no NUL */
size_t ok_lexi_double(char *out, double d); /* the same */
/* ok_lexi_decode: the number of lexi string s[0..n): OK_OK with *type
** OK_INT and *i, or OK_REAL and *d (the exact double: any NaN's bits as
** they are); else, with *err_at the offending character's offset,
** OK_E_LENGTH (not OK_LEXI_LEN characters), OK_E_TAG (not 'l' or 'd'),
** OK_E_SYNTAX (not an upper-case hex digit). */
int ok_lexi_decode(const char *s, size_t n, ok_type *type, int64_t *i, double *d, size_t *err_at);

/* --- UTF-8 --------------------------------------------- */

/* ok_utf8_check: the length of the longest prefix of p[0..n) that is valid
** UTF-8 (no overlong forms, surrogates or code points above U+10FFFF); n
** when all of it is. */
size_t ok_utf8_check(const uint8_t *p, size_t n);
/* ok_wtf8_check: the same for WTF-8: UTF-8, and lone surrogates as their
** three bytes (the form a JavaScript string's units take; a pair written as
** two surrogates is not WTF-8, it is its one 4-byte character). */
size_t ok_wtf8_check(const uint8_t *p, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* OK_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_H_STATIC)
#define OK_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* Room ok_decimal_format needs for 255 magnitude bytes, sign included. */
#define OK_DECIMAL_MAX 620

/* ok_int_repr: the decimal text of v ("-42", no NUL) at out, which needs
** OK_INT_REPR_MAX bytes; returns its length. */
#define OK_INT_REPR_MAX 20
size_t ok_int_repr(char *out, int64_t v);

/* 1 when key[0..n) of format f is one value alone, not in the array its
** format's keys are (bytewise, charwise, the browsers'): ok_convert writes
** such a key's value alone where the target has arrays too. */
int ok_convert_lone(const ok_format *f, const uint8_t *key, size_t n);

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

/* ok_utf8_decode: the code point of the valid UTF-8 sequence at p (checked
** before, as by ok_utf8_check), its length in *len. ok_utf8_encode: code
** point c as UTF-8 at out (unless NULL); its length, or 0 for no code
** point (a surrogate, or past U+10FFFF). */
unsigned ok_utf8_decode(const uint8_t *p, size_t *len);
size_t ok_utf8_encode(uint8_t *out, unsigned long c);

/* IEEE floats as sortable bytes (src/ieee.c), as FDB and HBase write
** them: sign bit flipped, all bits for negatives: big-endian bits[0..n) to
** their sortable form and back; d as the bytes of a float (size 4) or a
** double (8), and back. */
void ok_ieee_sortable(uint8_t *out, const uint8_t *bits, size_t n);
void ok_ieee_unsortable(uint8_t *bits, const uint8_t *enc, size_t n);
void ok_ieee_bytes(uint8_t *bits, double d, size_t size);
double ok_ieee_double(const uint8_t *bits, size_t size);

/* 1 when the integer x is a double exactly: its bits from the highest set
** one to the lowest span at most 53. Decided on integers, not by a round
** trip through a double, which a compiler may keep in a wider register. */
static inline int ok_int_is_double(int64_t x) {
  uint64_t u = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;
  while (u > (uint64_t)1 << 53 && !(u & 1)) u >>= 1;
  return u <= (uint64_t)1 << 53;
}

/* 1 with *d when s[0..n) names a double SQL has no literal for: 'Inf',
** 'Infinity', 'NaN' in any case, a sign before; else 0. */
int ok_special_real(const char *s, size_t n, double *d);

/* --- Writing values -------------------------------------------------------- */

/* A plain value: an SQL value, which a format's writer (below) takes from
** the SQL builders and from ok_convert, which carries a component's value
** from one format's reader to another's writer (TEXT and BLOB: p[0..n),
** which ok_convert reads out for the writer: Orderly's writes a decimal's
** digits over its text, and ok_convert reads it out again where it needs
** it). Only the field of its type is read. */
struct ok_value {
  ok_type type;
  int64_t i;
  double d;
  const uint8_t *p;
  size_t n;
};
typedef struct ok_value ok_value;

/* A key being written, value by value: by a format's writer, and its put
** (ok_format) around it. Bytes go to out while they fit in cap and are only
** counted past it (the encoders size with out NULL), so that a key too big
** still says the room it needs. */
struct ok_writer {
  uint8_t *out;
  size_t cap;
  size_t n;      /* the key's bytes so far (counted past cap) */
  size_t need;   /* the room its writing asks for: each encoder's bound where
                 ** it writes, and what a format's end takes (TiKV's groups) */
  size_t count;  /* the values it will hold */
  size_t index;  /* the values put so far */
  int lone;      /* one value alone, not in the format's array */
  int desc;      /* every value descending (the formats that have such values) */
  size_t mark;   /* the format's own */
  size_t err_at; /* a refusal's offending byte in the value's p[0..n) */
  void *room;    /* OK_WRITER_ROOM bytes of the caller's for the format's own */
};
typedef struct ok_writer ok_writer;

/* Where the next `bound` bytes (at most) go, or NULL when they may not
** fit: the encoder then counts them, and the room asked for is kept (need
** is past cap exactly when something was counted, not written). */
static inline uint8_t *ok_writer_at(ok_writer *w, size_t bound) {
  if (w->n <= w->cap && bound <= w->cap - w->n) return w->out + w->n;
  if (w->n + bound > w->need) w->need = w->n + bound;
  return NULL;
}
static inline void ok_writer_byte(ok_writer *w, uint8_t b) {
  uint8_t *at = ok_writer_at(w, 1);
  if (at) *at = b;
  w->n++;
}
/* A number value as a JavaScript number: OK_OK with *d; OK_E_RANGE for an
** integer no double holds exactly (past 2^53: the SQL builders refuse it
** too), or NaN; OK_E_TYPE for any other value. */
static inline int ok_value_js_number(const ok_value *v, double *d) {
  if (v->type == OK_INT) {
    *d = (double)v->i;
    return ok_int_is_double(v->i) ? OK_OK : OK_E_RANGE;
  }
  *d = v->d;
  return v->type != OK_REAL ? OK_E_TYPE : v->d == v->d ? OK_OK : OK_E_RANGE;
}

/* Each format's writer (ok_<id>_write, in its header): the plain value v as
** its SQL builder writes that SQL value, into w: an item alone (an array's
** element when !w->lone, in the formats of arrays), descending when
** w->desc in the formats that have such items; OK_OK, or the status that
** refuses v (w->err_at the offending byte of its text or bytes, where one
** is). Both the SQL builders and ok_convert (a format's put) write with it.
** The native format's: */
int ok_native_write(const ok_format *f, ok_writer *w, const ok_value *v);

/* ok_convert_values: ok_convert's first half, for a caller that words a
** refusal (the SQL function): the values of key[0..n) (read by `from`)
** written by `to` (lone: one value alone, where `to` has arrays too) into
** out[0..cap), not checked to come back. OK_OK with the key in
** out[0..*len); OK_E_ROOM with *len the room to give (each answer more
** than cap); a decoding status of the key; or `to`'s refusal, with *w the
** writer as it refused (w->index the value's number, w->err_at its
** offending byte, w->count the key's values) and *end_refused 1 when it
** refused the key's end (too few values for an Orderly schema...). */
int ok_convert_values(const ok_format *from, const uint8_t *key, size_t n, const ok_format *to,
                      int lone, uint8_t *out, size_t cap, size_t *len, ok_writer *w,
                      int *end_refused);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
