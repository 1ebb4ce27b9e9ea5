/*
** abi.c -- the layout of the public structs, as a program built against the
** installed headers sees them (test/install.sh builds it from C and from
** C++, also with one more format in the registry, and compares each output
** with test/abi.txt): a format adds a header and a line, never a field.
*/
#include <ok.h>
#include <ok_fdb.h>
#include <ok_hbase.h>
#include <ok_orderly.h>
#include <stddef.h>
#include <stdio.h>

#define FIELD(s, f) printf(" %s@%zu", #f, offsetof(s, f))

int main(void) {
  printf("ok_item %zu:", sizeof(ok_item));
  FIELD(ok_item, format), FIELD(ok_item, type), FIELD(ok_item, tag), FIELD(ok_item, desc);
  FIELD(ok_item, len), FIELD(ok_item, i), FIELD(ok_item, d), FIELD(ok_item, body);
  FIELD(ok_item, body_len), FIELD(ok_item, value_len), FIELD(ok_item, direct);
  FIELD(ok_item, own);
  printf("\nok_format %zu:", sizeof(ok_format));
  FIELD(ok_format, name), FIELD(ok_format, fields), FIELD(ok_format, decode);
  FIELD(ok_format, value), FIELD(ok_format, param), FIELD(ok_format, param_name);
  FIELD(ok_format, skip), FIELD(ok_format, put), FIELD(ok_format, reading);
  FIELD(ok_format, arrays), FIELD(ok_format, next);
  printf("\nok_walk %zu:", sizeof(ok_walk));
  FIELD(ok_walk, f), FIELD(ok_walk, key), FIELD(ok_walk, n), FIELD(ok_walk, at);
  FIELD(ok_walk, off), FIELD(ok_walk, index);
  printf("\nok_mvcc %zu:", sizeof(ok_mvcc));
  FIELD(ok_mvcc, key_at), FIELD(ok_mvcc, key_len), FIELD(ok_mvcc, ver_at), FIELD(ok_mvcc, ver_len);
  FIELD(ok_mvcc, kind), FIELD(ok_mvcc, version), FIELD(ok_mvcc, logical);
  printf("\nok_orderly_value %zu\n", sizeof(ok_orderly_value));
  return 0;
}
