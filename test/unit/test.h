/*
** test.h -- what the core's unit tests (unit.c, fdb.c, hbase.c, stores.c, words.c,
** libraries.c, browsers.c, convert.c) share.
*/
#ifndef OK_TEST_H
#define OK_TEST_H

#include <stddef.h>
#include <stdint.h>

#define OK_STATIC_LINKING_ONLY /* tests see the internals of this very version */
#include "ok.h"
#include "ok_fdb.h"
#include "ok_hbase.h"
#include "ok_orderly.h"

extern int passed, failed;
/* Counts a test; prints what and detail when it failed. */
void check(int ok, const char *what, const char *detail);
void to_hex(char *out, const uint8_t *p, size_t n);
size_t from_hex(uint8_t *out, const char *hex);
uint64_t rnd(void); /* xorshift: the same sequence every run */
int sign(int c);
/* Byte order, shorter first on a tie: how keys and BLOBs compare. */
int cmp_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);

/* A random number: an int64 or a double of every kind (any bits,
** subnormals, short mantissas, int64 limits), never NaN. */
typedef struct {
  int is_int;
  int64_t i;
  double d;
} num;
num random_num(void);
/* Exact numeric comparison, as SQLite compares INTEGER and REAL. */
int cmp_num(num a, num b);

void test_fdb(long rounds);
void test_hbase(long rounds);
void test_stores(long rounds); /* CockroachDB, TiDB */
void test_convert(long rounds);
void test_browsers(long rounds);    /* Firefox's and WebKit's IndexedDB keys */
void test_idbkey_order(long pools); /* IDBKEY as a total order on any TEXT */
void test_chrome(long pools);       /* Chrome's LevelDB keys and idb_cmp1 */
void test_mvcc(long rounds);        /* the MVCC stores' versioned keys */
void test_keystring(long rounds);   /* MongoDB's KeyString */

/* An order's faults over keys[i * room..] of lengths n[0..count) (count at
** most ORDER_POOL_MAX), added to *t: keys not equal to themselves, pairs
** not antisymmetric, triples not transitive (a <= b <= c: a <= c, equal
** only if all are), and the pairs of distinct keys it says are equal
** (browsers.c). */
#define ORDER_POOL_MAX 128
/* A key of n bytes at out damaged at random, in one of six rounds: a byte
** changed, cut short, a byte more (out has room for it); else as it was.
** Its new length. */
size_t damage(uint8_t *out, size_t n);
typedef struct {
  long self, swap, trans, ties;
} order_tally;
void order_faults(int (*cmp)(const uint8_t *, size_t, const uint8_t *, size_t), const uint8_t *keys,
                  size_t room, const size_t *n, int count, order_tally *t);
void test_webkit_dates(long rounds);
void test_browser_text(void);    /* text through the browsers' and ordered-binary's readers */
void test_chromesql_walks(void); /* what Chrome's SQLite array keys' walks check */
void test_browser_batches(long rounds); /* WebKit's and Chrome's ok_next_n as ok_next */
void test_libraries(long rounds);       /* bytewise, charwise, orderedcode */
void test_words(long rounds);           /* the word-at-a-time paths against byte-wise references */

#endif
