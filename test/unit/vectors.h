/*
** vectors.h -- the format's test vectors: each SQL value with the exact
** bytes of its component. src/FORMAT.md's worked examples are generated
** from this table (`build/unit --markdown`) and checked against it by
** `make test`, so the spec cannot drift from the code (R8).
*/
#ifndef OK_VECTORS_H
#define OK_VECTORS_H

#include <math.h>
#include <stdint.h>

#include "ok.h"

typedef struct {
  const char *sql; /* the value as an SQL expression */
  ok_type type;    /* what is encoded */
  int64_t i;
  double d;
  const char *s; /* TEXT/BLOB bytes */
  size_t n;
  int desc;
  const char *hex; /* expected bytes */
  int tag;         /* collated TEXT: its tag (else 0) */
} ok_vector;

#define V_NULL(hex) \
  { "NULL", OK_NULL, 0, 0, NULL, 0, 0, hex, 0 }
#define V_INT(sql, v, hex) \
  { sql, OK_INT, v, 0, NULL, 0, 0, hex, 0 }
#define V_REAL(sql, v, hex) \
  { sql, OK_REAL, 0, v, NULL, 0, 0, hex, 0 }
#define V_TEXT(sql, s, hex) \
  { sql, OK_TEXT, 0, 0, s, sizeof(s) - 1, 0, hex, 0 }
#define V_BLOB(sql, s, hex) \
  { sql, OK_BLOB, 0, 0, s, sizeof(s) - 1, 0, hex, 0 }
#define V_COLL(sql, tag, s, hex) \
  { sql, OK_TEXT, 0, 0, s, sizeof(s) - 1, 0, hex, tag }

static const ok_vector ok_vectors[] = {
    V_NULL("05"),
    V_REAL("-Inf", -INFINITY, "06"),
    V_INT("-9223372036854775808", INT64_MIN, "087F"),
    V_INT("-256", -256, "23FF"),
    V_INT("-128", -128, "247F"),
    V_INT("-42", -42, "2557"),
    V_REAL("-1.5", -1.5, "27BF"),
    V_INT("-1", -1, "27FF"),
    V_REAL("-power(2, -33) (-1.16e-10, below the tag window)", -0x1p-33, "3880107F"),
    V_INT("0", 0, "39"),
    V_REAL("-0.0", -0.0, "39"),
    V_REAL("5e-324 (smallest subnormal)", 0x1p-1074, "3A7DE700"),
    V_REAL("1e-300", 1e-300, "3A7E0DABB93FC37D3D6B90"),
    V_REAL("2^-32 (low end of the tag window)", 0x1p-32, "3B00"),
    V_REAL("0.1", 0.1, "494D673399CD6733A0"),
    V_REAL("0.25", 0.25, "4A00"),
    V_REAL("0.5", 0.5, "4A80"),
    V_INT("1", 1, "4B00"),
    V_REAL("1.0", 1.0, "4B00"),
    V_REAL("1.5", 1.5, "4B40"),
    V_REAL("3.141592653589793", 3.141592653589793, "4BC987F755230BA380"),
    V_INT("42", 42, "4DA8"),
    V_REAL("100.0", 100.0, "4E48"),
    V_INT("127", 127, "4E7E"),
    V_INT("128", 128, "4E80"),
    V_INT("255", 255, "4EFF80"),
    V_INT("256", 256, "4F00"),
    V_INT("1000000", 1000000, "54F512"),
    V_INT("9007199254740992 (2^53)", 9007199254740992LL, "6580"),
    V_INT("9007199254740993", 9007199254740993LL, "658101010101010108"),
    V_INT("9223372036854775807", INT64_MAX, "6A7FFFFFFFFFFFFFFFFE"),
    V_REAL("9223372036854775808.0 (2^63)", 0x1p63, "6A80"),
    V_REAL("18446744073709551616.0 (2^64, above the window)", 0x1p64, "6B802000"),
    V_REAL("1.7976931348623157e308", 1.7976931348623157e308, "6B81FFFFFFFFFFFFFFFFF0"),
    V_REAL("+Inf", INFINITY, "6C"),
    V_TEXT("''", "", "7000"),
    V_TEXT("'abc'", "abc", "7061626300"),
    V_TEXT("'a' || char(0) || 'b'", "a\0b", "706101016200"),
    V_TEXT("char(1)", "\1", "70010200"),
    V_TEXT("'é'", "\xC3\xA9", "70C3A900"),
    V_TEXT("CAST(x'FF' AS TEXT) (invalid UTF-8)", "\xFF", "70FF00"),
    V_COLL("ok_collate('Item10', 'NOCASE')", OK_TAG_NOCASE, "Item10", "716974656D313000"),
    V_COLL("ok_collate('a' || char(0) || 'xyz', 'NOCASE')", OK_TAG_NOCASE, "a\0xyz",
           "716101014BC000"),
    V_COLL("ok_collate('ab  ', 'RTRIM')", OK_TAG_RTRIM, "ab  ", "72616200"),
    V_COLL("ok_collate('0', 'ok_natural')", OK_TAG_NATURAL, "0", "7330313100"),
    V_COLL("ok_collate('item10', 'ok_natural')", OK_TAG_NATURAL, "item10", "736974656D3231303000"),
    V_COLL("ok_collate('item010', 'ok_natural')", OK_TAG_NATURAL, "item010",
           "736974656D323130313100"),
    V_COLL("ok_collate('v1.10', 'ok_natural')", OK_TAG_NATURAL, "v1.10", "73763131302E3231303000"),
    V_COLL("ok_collate('12345678901234567890', 'ok_natural')", OK_TAG_NATURAL,
           "12345678901234567890", "733932323031323334353637383930313233343536373839303000"),
    V_BLOB("x''", "", "7800"),
    V_BLOB("x'00FF'", "\0\xFF", "780101FF00"),
    {"ok_desc(NULL)", OK_NULL, 0, 0, NULL, 0, 1, "FA", 0},
    {"ok_desc(42)", OK_INT, 42, 0, NULL, 0, 1, "B257", 0},
    {"ok_desc(-1.5)", OK_REAL, 0, -1.5, NULL, 0, 1, "D840", 0},
    {"ok_desc('ab')", OK_TEXT, 0, 0, "ab", 2, 1, "8F9E9DFF", 0},
    {"ok_desc(x'00')", OK_BLOB, 0, 0, "\0", 1, 1, "87FEFEFF", 0},
};

#endif /* OK_VECTORS_H */
