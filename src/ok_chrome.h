/*
** ok_chrome.h -- Chromium's IndexedDB (Chrome, Edge, Electron) as its
** LevelDB holds it: the IndexedDB keys it writes (the 'chrome' format),
** the LevelDB keys around them (a prefix of ids, then a record's key, an
** index entry, or metadata), and the order of those, the comparator
** idb_cmp1. Includes ok.h; the same tiers and return convention (see
** there). docs/chrome.md is the manual.
**
** An IndexedDB key is a type byte and its body: a number or a Date the
** double's 8 bytes (little-endian, as every machine Chrome runs on), a
** string a varint count and its UTF-16 units big-endian, binary a varint
** count and the bytes, an array a varint count and the keys. A varint is
** 7 bits a byte, the low first, the high bit set on every byte but the
** last. Its bytes do not sort as its values: idb_cmp1 reads them. ok reads
** an array key as its elements, one component each (a nested array is one
** element), any other key as one component.
*/
#ifndef OK_CHROME_H
#define OK_CHROME_H

#include "ok.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Chromium's type bytes (kIndexedDBKey...TypeByte). */
#define OK_CHROME_NULL 0x00 /* no body: IndexedDB's "no key", above every key; never stored */
#define OK_CHROME_STRING 0x01
#define OK_CHROME_DATE 0x02
#define OK_CHROME_NUMBER 0x03
#define OK_CHROME_ARRAY 0x04
#define OK_CHROME_MIN 0x05 /* no body: below every key; never stored */
#define OK_CHROME_BINARY 0x06

/* Encoders: each returns the byte count and writes to out (unless NULL). */

/* A number or a Date's milliseconds (OK_CHROME_NUMBER or _DATE): 9 bytes,
** -0 kept (Chrome keeps it). */
size_t ok_chrome_enc_number(uint8_t *out, int type, double d);
/* A Date of ms milliseconds: ok_chrome_enc_number of OK_CHROME_DATE. */
size_t ok_chrome_enc_date(uint8_t *out, double ms);
/* The type byte and the varint count of binary or an array: 1 to 11 bytes. */
size_t ok_chrome_enc_head(uint8_t *out, int type, uint64_t count);
/* A string from UTF-8 or WTF-8 s[0..n): OK_OK with *len (at most
** OK_CHROME_STRING_BOUND(n)), or OK_E_BYTE with *err_at the offset in s of
** a byte that is neither. */
#define OK_CHROME_STRING_BOUND(n) (11 + 2 * (size_t)(n))
int ok_chrome_enc_string(uint8_t *out, size_t *len, const uint8_t *s, size_t n, size_t *err_at);

/* One IndexedDB key at key[0..n) into *it: it->tag its type byte, it->len
** its bytes, nested keys included. The SQL value: INTEGER or REAL (a
** number; -0 as the REAL -0.0), TEXT (a string, UTF-8, its lone
** surrogates WTF-8; a Date as toISOString() writes it), BLOB (binary; an
** array: its bytes, a key of its own). Only what Chrome stores is read: no
** NaN, no Null or Min, a Date of whole milliseconds within JavaScript's
** range, varints as Chrome writes them (the fewest bytes). */
int ok_chrome_decode(const uint8_t *key, size_t n, ok_item *it, size_t *err_at);

/* A varint at p[0..n): its byte count (0: none there, or more than 63
** bits) and its value in *v. */
size_t ok_chrome_varint(const uint8_t *p, size_t n, uint64_t *v);
/* UTF-16 units, big-endian, p[0..2 count) as UTF-8 (a lone surrogate as
** WTF-8) to out unless NULL: the length. */
size_t ok_chrome_units_text(uint8_t *out, const uint8_t *p, size_t count);

/* --- The LevelDB keys -------------------------------------------------------- */

/* What a LevelDB key of Chrome's IndexedDB is, by its prefix's ids
** (database, object store, index). */
enum {
  OK_CHROME_GLOBAL = 1,   /* database 0: the backing store's metadata */
  OK_CHROME_DATABASE = 2, /* object store 0: a database's metadata */
  OK_CHROME_RECORD = 3,   /* index 1: a record, by its key */
  OK_CHROME_EXISTS = 4,   /* index 2: a record's "exists" entry (its version) */
  OK_CHROME_BLOB = 5,     /* index 3: a record's blobs */
  OK_CHROME_INDEX = 6     /* index 30 and up: an index entry */
};

/* Metadata type bytes that carry fields after them. */
#define OK_CHROME_SIMPLE_GLOBAL 7   /* global types below: nothing after */
#define OK_CHROME_SCOPES 50         /* global: LevelDB scopes' own keys */
#define OK_CHROME_DATABASE_FREE 100 /* global: a database id (obsolete) */
#define OK_CHROME_DATABASE_NAME 201 /* global: origin, database name */
#define OK_CHROME_SIMPLE_DATABASE 6 /* database types below: nothing after */
#define OK_CHROME_STORE_META 50     /* store id, metadata type */
#define OK_CHROME_INDEX_META 100    /* store id, index id, metadata type */
#define OK_CHROME_STORE_FREE 150    /* store id (obsolete) */
#define OK_CHROME_INDEX_FREE 151    /* store id, index id (obsolete) */
#define OK_CHROME_STORE_NAME 200    /* a store's name (obsolete) */
#define OK_CHROME_INDEX_NAME 201    /* store id, an index's name (obsolete) */

/* A LevelDB key read: every field Chrome's coding gives it, -1 (or NULL)
** where the key has none. Strings are UTF-16 units, big-endian (see
** ok_chrome_units_text), counted in units. */
typedef struct {
  int kind;                       /* OK_CHROME_GLOBAL... */
  int64_t database, store, index; /* the prefix's ids */
  int type;                       /* metadata: its type byte */
  int64_t id;  /* a database id (free list), a store id (store and index metadata) */
  int64_t sub; /* an index id (index metadata, free list) */
  int meta;    /* store and index metadata: what it holds (0: the name...) */
  const uint8_t *origin, *name; /* database name keys: both; name keys: the name */
  size_t origin_units, name_units;
  const uint8_t *key; /* records, exists, blob and index entries: the key */
  size_t key_len;
  int64_t seq;            /* an index entry's sequence number */
  const uint8_t *primary; /* an index entry's primary key */
  size_t primary_len;
  const uint8_t *rest; /* scopes keys: the bytes after the type byte */
  size_t rest_len;
} ok_chrome_key;

/* key[0..n) read into *k: OK_OK; OK_E_TRUNCATED, OK_E_TAG (a kind or type
** Chrome's coding has none of, an IndexedDB key it does not store),
** OK_E_TRAILING (bytes after what the kind holds, which Chrome would not
** read), OK_E_RANGE (an id past int64) with *err_at. */
int ok_chrome_key_read(const uint8_t *key, size_t n, ok_chrome_key *k, size_t *err_at);

/* What a key holds, in words: "record", "index entry", "store name",
** "database name"... (docs/chrome.md lists them); "metadata" for a type
** Chrome's coding reads but names nothing of. */
const char *ok_chrome_what(const ok_chrome_key *k);

/* The value stored at a key, as its kind says: */
enum {
  OK_CHROME_V_NONE = 0, /* nothing to read (free lists; exists entries: their version only) */
  OK_CHROME_V_INT,      /* a number (Int, VarInt, Bool) in i */
  OK_CHROME_V_TEXT,     /* a name: UTF-16 units, big-endian, p[0..2 n) */
  OK_CHROME_V_BYTES,    /* bytes p[0..n): a record's serialized value, blob lists, scopes */
  OK_CHROME_V_KEY,      /* an IndexedDB key p[0..n): an index entry's primary key */
  OK_CHROME_V_PATH      /* a key path p[0..n) for ok_chrome_path_json */
};
typedef struct {
  int type; /* OK_CHROME_V_* */
  int64_t i;
  const uint8_t *p;
  size_t n;
  int64_t version; /* records, exists and index entries: the record's version; else -1 */
} ok_chrome_value;

/* The value v[0..n) stored at the key k (read by ok_chrome_key_read): OK_OK
** with *out; OK_E_TRUNCATED, OK_E_TRAILING... with *err_at its offset in
** v where it is not what Chrome writes there. */
int ok_chrome_value_read(const ok_chrome_key *k, const uint8_t *v, size_t n, ok_chrome_value *out,
                         size_t *err_at);
/* A key path p[0..n) (OK_CHROME_V_PATH, as ok_chrome_value_read gives it) as JSON: null, "a.b", or
** ["a","b"]; written to out unless NULL; its length. */
size_t ok_chrome_path_json(uint8_t *out, const uint8_t *p, size_t n);

/* How Chrome's comparator idb_cmp1 orders two LevelDB keys: by the
** prefix's ids, then by kind as Chrome's coding reads it (metadata by type
** and fields, names by UTF-16 unit, records by their IndexedDB keys, index
** entries by key, then primary key, then sequence number), IndexedDB keys
** by type (numbers < Dates < strings < binary < arrays), numbers by value,
** strings by UTF-16 unit, binary by byte, arrays element by element. On
** every key Chrome reads, Chrome's answer, 0 included: keys it says are
** equal (-0 and 0, the bytes after what it reads) are one key to its
** LevelDB, the newer version hiding the older. Chrome answers "equal" for
** a key it cannot read too, which no sorted file or index survives: those
** come after every key it reads, by bytes among themselves; a NaN (never
** stored) after every other number, equal to itself; arrays nested deeper
** than OK_CHROME_DEPTH compared from there by bytes. -1, 0 or 1. */
#define OK_CHROME_DEPTH 2000
int ok_chrome_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);
/* Its name, the one the store's MANIFEST records. */
#define OK_CHROME_COMPARATOR "idb_cmp1"

#ifdef __cplusplus
}
#endif

#endif /* OK_CHROME_H */

/* --- For code built with this version only -------------------------------- */
#if defined(OK_STATIC_LINKING_ONLY) && !defined(OK_CHROME_H_STATIC)
#define OK_CHROME_H_STATIC

#ifdef __cplusplus
extern "C" {
#endif

/* ok_chrome_write (ok.h's writers): refuses NULL (OK_E_NULL), an integer
** that no double holds exactly (OK_E_RANGE) and TEXT that is not WTF-8
** (OK_E_BYTE). */
int ok_chrome_write(const ok_format *f, ok_writer *w, const ok_value *v);

#ifdef __cplusplus
}
#endif

#endif /* OK_STATIC_LINKING_ONLY */
