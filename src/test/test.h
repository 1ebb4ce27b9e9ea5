/*
** test.h -- what the core's unit tests (unit.c, hbase.c) share.
*/
#ifndef OK_TEST_H
#define OK_TEST_H

#include <stddef.h>
#include <stdint.h>

extern int passed, failed;
/* Counts a test; prints what and detail when it failed. */
void check(int ok, const char *what, const char *detail);
void to_hex(char *out, const uint8_t *p, size_t n);
size_t from_hex(uint8_t *out, const char *hex);
uint64_t rnd(void); /* xorshift: the same sequence every run */
int sign(int c);
/* Byte order, shorter first on a tie: how keys and BLOBs compare. */
int cmp_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb);

void test_hbase(long rounds);

#endif
