/*
** keystring.c -- unit tests of MongoDB's KeyString (src/keystring.c): each
** kind of number to its bytes as key_string.cpp's rules make them, the
** values read back, the order of random numbers, record ids, key patterns,
** descending fields, and every refusal at its byte.
*/
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h" /* the JSON reader */
#include "ok_keystring.h"
#include "test.h"

static void enc_is(size_t (*enc)(uint8_t *, double), double d, const char *hex) {
  uint8_t out[16];
  char got[40];
  to_hex(got, out, enc(out, d));
  check(strcmp(got, hex) == 0, "keystring: a double's bytes", hex);
}

static size_t enc_i(uint8_t *out, double d) { return ok_keystring_enc_int(out, (int64_t)d); }

static void int_is(int64_t v, const char *hex) {
  uint8_t out[16];
  char got[40];
  to_hex(got, out, ok_keystring_enc_int(out, v));
  check(strcmp(got, hex) == 0, "keystring: an integer's bytes", hex);
}

static void record_is(int64_t v, const char *hex) {
  uint8_t out[16];
  char got[40];
  to_hex(got, out, ok_keystring_enc_record(out, v));
  check(strcmp(got, hex) == 0, "keystring: a record id's bytes", hex);
}

/* Key hex read by format f: its first refusal's status and byte, or the
** count of its components. */
static void refused(const ok_format *f, const char *hex, int status, size_t at) {
  uint8_t key[512];
  size_t n = from_hex(key, hex), count, err = 0;
  int rc = ok_count(f, key, n, &count, &err);
  check(rc == status && err == at, "keystring: refused at its byte", hex);
}

static void count_is(const ok_format *f, const char *hex, size_t want) {
  uint8_t key[512];
  size_t n = from_hex(key, hex), count = 0, err;
  check(ok_count(f, key, n, &count, &err) == OK_OK && count == want, "keystring: components", hex);
}

static void numbers(long rounds) {
  uint8_t a[16], b[16], key[16];
  long r, bad_value = 0, bad_order = 0;
  enc_is(ok_keystring_enc_double, 0.0, "29");
  enc_is(ok_keystring_enc_double, -0.0, "29");
  enc_is(ok_keystring_enc_double, NAN, "1E");
  enc_is(ok_keystring_enc_double, 1.0, "2B02");
  enc_is(ok_keystring_enc_double, 5.5, "2B0B80000000000000");
  enc_is(ok_keystring_enc_double, -5.5, "27F47FFFFFFFFFFFFF");
  enc_is(ok_keystring_enc_double, 0.5, "2AFF80000000000000");
  enc_is(ok_keystring_enc_double, -0.5, "28007FFFFFFFFFFFFF");
  enc_is(ok_keystring_enc_double, ldexp(1, -255), "2AC000000000000000");
  enc_is(ok_keystring_enc_double, ldexp(1, -256), "2ABFE0000000000000");
  enc_is(ok_keystring_enc_double, 4.9406564584124654e-324, "2A59A0000000000000");
  enc_is(ok_keystring_enc_double, 9007199254740992.0, "3140000000000000");
  enc_is(ok_keystring_enc_double, 4503599627370495.5, "311FFFFFFFFFFFFF80");
  enc_is(ok_keystring_enc_double, 9223372036854775808.0, "3307C0000000000000");
  enc_is(ok_keystring_enc_double, -9223372036854775808.0, "1FF83FFFFFFFFFFFFF");
  enc_is(ok_keystring_enc_double, HUGE_VAL, "33FFFFFFFFFFFFFFFF");
  enc_is(ok_keystring_enc_double, -HUGE_VAL, "1F0000000000000000");
  enc_is(ok_keystring_enc_double, 1.7976931348623157e308, "337FDFFFFFFFFFFFFE");
  enc_is(enc_i, 2.0, "2B04");
  int_is(0, "29");
  int_is(1, "2B02");
  int_is(-1, "27FD");
  int_is(127, "2BFE");
  int_is(128, "2C0100");
  int_is(-128, "26FEFF");
  int_is(INT64_MAX, "32FFFFFFFFFFFFFFFE");
  int_is(INT64_MIN + 1, "200000000000000001");
  int_is(INT64_MIN, "1FF83FFFFFFFFFFFFF"); /* as the double -2^63 */
  /* random numbers: read back as themselves, ordered as their values */
  for (r = 0; r < rounds; r++) {
    num x = random_num(), y = random_num();
    size_t na, nb, err;
    ok_item it;
    na = x.is_int ? ok_keystring_enc_int(a, x.i) : ok_keystring_enc_double(a, x.d);
    nb = y.is_int ? ok_keystring_enc_int(b, y.i) : ok_keystring_enc_double(b, y.d);
    if (ok_keystring_decode(a, na, 0, &it, &err) != OK_OK || it.len != na ||
        (it.type == OK_INT ? (x.is_int ? it.i != x.i : (double)it.i != x.d)
                           : (x.is_int || it.d != x.d)))
      bad_value++;
    memcpy(key, a, na);
    ok_invert(key, na); /* descending: complemented, read back the same */
    if (ok_keystring_decode(key, na, 0xFF, &it, &err) != OK_OK || it.len != na) bad_value++;
    if (sign(cmp_bytes(a, na, b, nb)) != sign(cmp_num(x, y))) bad_order++;
  }
  check(bad_value == 0, "keystring: random numbers read back, ascending and descending", "");
  check(bad_order == 0, "keystring: random numbers in the order of their values", "");
}

static void others(void) {
  uint8_t out[64], oid[12];
  char got[160];
  size_t k;
  to_hex(got, out, ok_keystring_enc_string(out, OK_KEYSTRING_STRING, (const uint8_t *)"a\0b", 3));
  check(strcmp(got, "3C6100FF6200") == 0, "keystring: a NUL within a string is 00 FF", got);
  for (k = 0; k < 12; k++) oid[k] = (uint8_t)(0xA0 + k);
  to_hex(got, out, ok_keystring_enc_oid(out, oid));
  check(strcmp(got, "64A0A1A2A3A4A5A6A7A8A9AAAB") == 0, "keystring: an ObjectId", got);
  to_hex(got, out, ok_keystring_enc_date(out, -1));
  check(strcmp(got, "787FFFFFFFFFFFFFFF") == 0, "keystring: a Date's sign bit flipped", got);
  to_hex(got, out, ok_keystring_enc_timestamp(out, 1630438675, 1));
  check(strcmp(got, "82612E851300000001") == 0, "keystring: a Timestamp", got);
  to_hex(got, out, ok_keystring_enc_bindata(out, oid, 2, 4));
  check(strcmp(got, "5A0204A0A1") == 0, "keystring: BinData, its length in a byte", got);
  check(ok_keystring_enc_bindata(NULL, NULL, 254, 0) == 257 &&
            ok_keystring_enc_bindata(NULL, NULL, 255, 0) == 262,
        "keystring: BinData from 255 bytes, its length in 4", "");
  to_hex(got, out, ok_keystring_enc_regex(out, (const uint8_t *)"^a", 2, (const uint8_t *)"i", 1));
  check(strcmp(got, "8C5E61006900") == 0, "keystring: a regular expression", got);
  to_hex(got, out, ok_keystring_enc_string(out, OK_KEYSTRING_CODE, (const uint8_t *)"f", 1));
  check(strcmp(got, "A06600") == 0, "keystring: code, as a string", got);
  to_hex(got, out, ok_keystring_enc_dbpointer(out, (const uint8_t *)"d.c", 3, oid));
  check(strcmp(got, "9600000003642E63A0A1A2A3A4A5A6A7A8A9AAAB") == 0, "keystring: a DBPointer",
        got);
  record_is(0, "040000");
  record_is(1, "040008");
  record_is(1023, "041FF8");
  record_is(1024, "04202001");
  record_is(INT64_MAX, "04E3FFFFFFFFFFFFFFFF");
}

/* A clustered collection's record id: the cluster key's KeyString, then
** its length in 7-bit groups read from the key's end (key_string.cpp's
** _appendRecordIdStr). */
static void record_string_is(size_t n, const char *tail) {
  static uint8_t value[1 << 15], out[(1 << 15) + 8];
  char got[16] = "";
  size_t len, k;
  value[0] = OK_KEYSTRING_BINDATA; /* any bytes: the encoder does not read them */
  memset(value + 1, 0xAB, n - 1);
  len = ok_keystring_enc_record_string(out, value, n);
  for (k = 0; len - n - 1 <= 4 && k < len - n - 1; k++)
    sprintf(got + 2 * k, "%02X", out[1 + n + k]);
  check(out[0] == OK_KEYSTRING_END && memcmp(out + 1, value, n) == 0 && strcmp(got, tail) == 0,
        "keystring: a clustered record id's length", tail);
}

/* A number as version 0 writes it, and read back. */
static void v0_is(const ok_format *f, double d, const char *hex) {
  uint8_t key[16];
  char got[40];
  size_t n = ok_keystring_enc_double_v0(key, d), err;
  ok_item it;
  ok_walk w;
  to_hex(got, key, n);
  key[n] = OK_KEYSTRING_END;
  ok_walk_start(&w, f, key, n + 1);
  check(strcmp(got, hex) == 0 && ok_next(&w, &it, &err) == OK_OK &&
            (it.type == OK_INT ? (double)it.i == d : it.d == d || (d != d && it.d != it.d)),
        "keystring: a number in version 0", got);
}

/* KeyString version 0, indexes of version 1 (MongoDB before 3.4): its
** numbers (test/keystring/check.js reads them with the npm reader's v0). */
static void version0(void) {
  ok_keystring ks;
  size_t at, n, err;
  const char *why;
  char text[OK_KEYSTRING_TEXT_MAX];
  uint8_t out[32], piece[32];
  const ok_format *f = &ks.format;
  check(ok_keystring_parse(&ks, "{a: 1, b: -1} v0", 16, &at, &why) == OK_OK && ks.v0 &&
            ks.desc == 2 && (text[ok_keystring_text(text, &ks)] = 0, strcmp(text, "1, -1 v0") == 0),
        "keystring: a version 0 pattern", text);
  check(ok_keystring_parse(&ks, "clustered v0", 12, &at, &why) == OK_E_SYNTAX,
        "keystring: a clustered collection's indexes are of version 1", why);
  ok_keystring_parse(&ks, "v0", 2, &at, &why);
  v0_is(f, 1.5, "2B0308000000000000"); /* 1, then 52 fraction bits in 7 bytes */
  v0_is(f, -1.5, "27FCF7FFFFFFFFFFFF");
  v0_is(f, 2.5, "2B0504000000000000");
  v0_is(f, 0.5, "2A3FE0000000000000");                    /* below 1: the double's bits */
  v0_is(f, -0.5, "28401FFFFFFFFFFFFF");                   /* sign and all, complemented */
  v0_is(f, 0x1p-1074, "2A0000000000000001");              /* subnormals too */
  v0_is(f, 9.3e18, "3343E02207973F6440");                 /* from 2^63 */
  v0_is(f, -9223372036854775808.0, "1F3C1FFFFFFFFFFFFF"); /* -2^63, int64's least too */
  v0_is(f, HUGE_VAL, "337FF0000000000000");
  v0_is(f, -HUGE_VAL, "1F000FFFFFFFFFFFFF");
  v0_is(f, 4503599627370495.5, "311FFFFFFFFFFFFF01"); /* 2^52 - 0.5: one fraction byte */
  v0_is(f, 5, "2B0A");                                /* an integer as version 1 */
  v0_is(f, NAN, "1E");
  n = ok_keystring_enc_int_v0(out, INT64_MIN);
  to_hex(text, out, n);
  check(strcmp(text, "1F3C1FFFFFFFFFFFFF") == 0, "keystring: int64's least in version 0", text);
  refused(f, "2B031800000000000004", OK_E_NONCANONICAL, 2);     /* a bit above the fraction */
  refused(f, "2B030800000004", OK_E_TRUNCATED, 7);              /* a fraction byte short */
  refused(f, "2A3FF000000000000004", OK_E_NONCANONICAL, 0);     /* 1 as a small number */
  refused(f, "2B0380000000000000000004", OK_E_NONCANONICAL, 1); /* version 1's 1.5 */
  /* a piece of version 1 (a builder's) in version 0: its numbers again */
  n = from_hex(piece, "502B0380000000000000461E78002B05800000000000000000"); /* [1.5, {x: 2.5}] */
  check(ok_keystring_to_v0(out, piece, n, &n, &err) == OK_OK &&
            (to_hex(text, out, n), strcmp(text,
                                          "502B0308000000000000461E78002B050400000000000000"
                                          "00") == 0),
        "keystring: a piece's numbers in version 0", text);
  n = from_hex(piece, "502AFEE666666666666600");
  check(ok_keystring_to_v0(out, piece, n, &n, &err) == OK_E_TYPE,
        "keystring: no Decimal128 in version 0", "");
}

static void clustered(void) {
  ok_keystring ks;
  size_t at, err, count;
  const char *why;
  char text[OK_KEYSTRING_TEXT_MAX];
  const ok_format *f = &ks.format;
  uint8_t key[64];
  ok_item it;
  ok_walk w;
  record_string_is(1, "01");
  record_string_is(13, "0D");
  record_string_is(127, "7F");
  record_string_is(128, "0081");
  record_string_is(129, "0181");
  record_string_is(16383, "7FFF");
  record_string_is(16384, "008081");
  record_string_is(20000, "209C81");
  check(ok_keystring_parse(&ks, "{a: 1, b: -1} clustered", 23, &at, &why) == OK_OK &&
            ks.clustered && ks.fields == 2 && ks.desc == 2,
        "keystring: a clustered collection's pattern", "");
  text[ok_keystring_text(text, &ks)] = 0;
  check(strcmp(text, "1, -1 clustered") == 0, "keystring: a clustered pattern as text", text);
  check(ok_keystring_parse(&ks, " clustered ", 11, &at, &why) == OK_OK && ks.clustered &&
            ks.fields == 0 && ok_keystring_text(text, &ks) == 9 &&
            ok_keystring_parse(&ks, "{a: 1}clustered", 15, &at, &why) == OK_OK && ks.clustered &&
            ok_keystring_parse(&ks, "{clustered: 1}", 14, &at, &why) == OK_OK && !ks.clustered &&
            ok_keystring_parse(&ks, "1 xclustered", 12, &at, &why) == OK_E_SYNTAX && at == 2,
        "keystring: the word clustered after the pattern", "");
  ok_keystring_parse(&ks, "clustered", 9, &at, &why);
  /* an index key of 'abc' in a collection clustered by an ObjectId */
  count_is(f, "3C616263000464507F1F77BCF86CD7994390110D", 2);
  from_hex(key, "3C616263000464507F1F77BCF86CD7994390110D");
  ok_walk_start(&w, f, key, 20);
  check(ok_next(&w, &it, &err) == OK_OK && !ok_keystring_is_recordid(&it) &&
            ok_next(&w, &it, &err) == OK_OK && ok_keystring_is_recordid(&it) &&
            it.tag == OK_KEYSTRING_OID && it.len == 15 && it.body == key + 7 &&
            ok_next(&w, &it, &err) == OK_FEWER,
        "keystring: a clustered record id read as its value", "");
  count_is(f, "2B02042B0A02", 2); /* _id 5 */
  check(ok_locate(f, key, from_hex(key, "2B02042B0A02"), 1, &it, &at, &err) == OK_OK &&
            it.type == OK_INT && it.i == 5 && ok_keystring_is_recordid(&it) && at == 2,
        "keystring: a clustered record id located", "");
  refused(f, "2B02042B0A03", OK_E_LENGTH, 5);         /* the length says 3 */
  refused(f, "2B02042B0A01", OK_E_LENGTH, 5);         /* the length says 1 */
  refused(f, "2B0204000002", OK_E_TAG, 3);            /* no value within */
  refused(f, "2B02042B0A00", OK_E_NONCANONICAL, 5);   /* a length of 0 */
  refused(f, "2B02042B0A0280", OK_E_NONCANONICAL, 5); /* a group of 0 last: not the fewest */
  refused(f, "2B020480", OK_E_TRUNCATED, 4);          /* no first group */
  refused(f, "2B02042B0A0080808081", OK_E_RANGE, 5);  /* 5 groups */
  refused(f, "2B02042B0A00808085", OK_E_RANGE, 5);    /* 10 MiB: past MongoDB's 8 */
  refused(f, "2B02042B0A2903", OK_E_TRAILING, 5);     /* two values within */
  refused(f, "2B0204040A02", OK_E_TAG, 3);            /* an end byte within */
  /* read without "clustered", the same bytes are no long record id */
  refused(&ok_format_keystring, "2B02042B0A02", OK_E_NONCANONICAL, 5);
  (void)count;
}

static void keys(void) {
  const ok_format *f = &ok_format_keystring;
  ok_keystring ks;
  size_t at, n, i;
  const char *why;
  char text[200], deep[1024];
  /* a real resume token (mongodb-resumetoken-decoder's README) */
  count_is(f,
           "82612E8513000000012B022C0100296E5A1004A5093ABB38FE4B9EA67F01BB1A96D812463C5F696400"
           "3C5F5F5F78000004",
           7);
  count_is(f, "04", 0);
  count_is(f, "2B0204", 1);
  count_is(f, "2B02040008", 2); /* a record id after the end */
  count_is(f, "040008", 1);     /* a record id alone */
  refused(f, "", OK_E_LENGTH, 0);
  refused(f, "2B02", OK_E_TRUNCATED, 2);                    /* no end byte */
  refused(f, "2C000204", OK_E_NONCANONICAL, 1);             /* 1 in two bytes */
  refused(f, "2B0004", OK_E_NONCANONICAL, 1);               /* 0 as an integer */
  refused(f, "2AFF8000000000000204", OK_E_NONCANONICAL, 8); /* marked a decimal: 0.5 is a double */
  refused(f, "2B0B8000000000000304", OK_E_TRUNCATED, 10);   /* a continuation cut short */
  refused(f, "2B010000000000000204", OK_E_NONCANONICAL, 1); /* 0 marked a decimal */
  refused(f, "2AC00000000000000204", OK_E_NONCANONICAL, 8); /* 2^-255: no decimal's floor */
  refused(f, "338000000000000000000000000000000004", OK_E_NONCANONICAL, 1); /* 0 as a huge */
  refused(f, "2A0000000000000000000000000000000004", OK_E_NONCANONICAL, 1); /* 0 as a tiny */
  /* 0.1234567890123456789's key: its continuation past the next double, its
  ** marker 3 (above 0.123456789012346), a coefficient of 2^113 - 1 (35
  ** digits) beyond the doubles, the marker byte after 2^53 not 3 */
  refused(f, "2AFEFE6B74DD1BD97DFFFFFFFFFFFFFFFF04", OK_E_NONCANONICAL, 7);
  refused(f, "2AFEFE6B74DD1BD97F00365C4DBC0428F004", OK_E_NONCANONICAL, 8);
  refused(f, "33DFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF04", OK_E_NONCANONICAL, 1);
  refused(f, "31400000000000010206F05B59D3B2000004", OK_E_NONCANONICAL, 8);
  count_is(f, "AA61000004", 1);              /* code with scope: 'a', an empty scope */
  count_is(f, "AA6100FF00147800140004", 1);  /* 'a\0', its scope {x: null} */
  refused(f, "AA610004", OK_E_TRUNCATED, 4); /* the scope not closed */
  refused(f, "AA6104", OK_E_TRUNCATED, 3);   /* the code not closed */
  refused(f, "AA61001478002B020004", OK_E_NONCANONICAL, 3); /* a field's type not its value's */
  count_is(f, "8C61000004", 1);                             /* a regular expression, no flags */
  refused(f, "8C610004", OK_E_TRUNCATED, 4);                /* its flags without their 00 */
  refused(f, "960000000164A0A1A2A3A4A5A6A7A8A9AA04", OK_E_TRUNCATED, 18); /* a short ObjectId */
  refused(f, "0504", OK_E_TAG, 0);
  refused(f, "5AFF000000010000", OK_E_NONCANONICAL, 2); /* a short BinData's long length */
  refused(f, "78FFFFFFFFFFFFFFFF04", OK_E_RANGE, 1);    /* past a JavaScript Date */
  refused(f, "3C6100FF", OK_E_TRUNCATED, 4);            /* a string without its 00 */
  refused(f, "2B0204000008", OK_E_TRAILING, 5);         /* a record id and more */
  count_is(f, "2B020104", 2); /* a query bound: 1, then ExclusiveBefore and the end byte */
  count_is(f, "FE04", 1);     /* after every key */
  refused(f, "2B0201", OK_E_TRUNCATED, 3);
  refused(f, "2B020105", OK_E_NONCANONICAL, 3);
  refused(f, "2B02FE040008", OK_E_TRAILING, 4);       /* no record id after it */
  refused(f, "2B0204000F", OK_E_NONCANONICAL, 4);     /* extra counts disagree */
  refused(f, "2B0204200041", OK_E_NONCANONICAL, 3);   /* 8 in three bytes: two hold it */
  refused(f, "46146100290004", OK_E_NONCANONICAL, 1); /* a field's type not its value's */
  count_is(f, "461E6100290004", 1);
  /* nesting: MongoDB reads 200 levels */
  for (i = 0; i < 199; i++) memcpy(deep + 2 * i, "50", 2);
  for (n = 2 * i; i > 0; i--) memcpy(deep + n, "00", 2), n += 2;
  memcpy(deep + n, "04", 3);
  count_is(f, deep, 1);
  memmove(deep + 2, deep, strlen(deep) + 1), memcpy(deep, "50", 2);
  memcpy(deep + strlen(deep) - 2, "0004", 5);
  count_is(f, deep, 1); /* 200 */
  memmove(deep + 2, deep, strlen(deep) + 1), memcpy(deep, "50", 2);
  memcpy(deep + strlen(deep) - 2, "0004", 5);
  refused(f, deep, OK_E_RANGE, 200); /* 201 */
  /* code with scope counts two levels, as BSON's depth does */
  for (i = 0; i < 198; i++) memcpy(deep + 2 * i, "50", 2);
  n = 2 * i, memcpy(deep + n, "AA610000", 8), n += 8;
  for (; i > 0; i--) memcpy(deep + n, "00", 2), n += 2;
  memcpy(deep + n, "04", 3);
  count_is(f, deep, 1); /* 198 + 2 */
  memmove(deep + 2, deep, strlen(deep) + 1), memcpy(deep, "50", 2);
  memcpy(deep + strlen(deep) - 2, "0004", 5);
  refused(f, deep, OK_E_RANGE, 199); /* 199 + 2 */
  /* key patterns */
  const char *pat = "{a: 1, 'b.c': -1, c: \"hashed\", d: -0}";
  check(ok_keystring_parse(&ks, pat, strlen(pat), &at, &why) == OK_OK && ks.desc == 2 &&
            ks.fields == 4,
        "keystring: a key pattern, names bare and quoted", "");
  text[ok_keystring_text(text, &ks)] = 0;
  check(strcmp(text, "1, -1, 1, 1") == 0, "keystring: a pattern as its directions", text);
  check(ok_keystring_parse(&ks, "-1,1", 4, &at, &why) == OK_OK && ks.desc == 1 &&
            ok_keystring_parse(&ks, "", 0, &at, &why) == OK_OK && ks.fields == 0 &&
            ok_keystring_parse(&ks, "{}", 2, &at, &why) == OK_OK && ks.fields == 0,
        "keystring: directions alone, none", "");
  check(ok_keystring_parse(&ks, "{a 1}", 5, &at, &why) == OK_E_SYNTAX && at == 3 &&
            ok_keystring_parse(&ks, "1,", 2, &at, &why) == OK_E_SYNTAX && at == 2 &&
            ok_keystring_parse(&ks, "{a: 1} x", 8, &at, &why) == OK_E_SYNTAX && at == 7,
        "keystring: a bad pattern refused at its character", "");
  for (n = 0, i = 0; i < 33; i++) n += (size_t)sprintf(text + n, "%s1", i ? "," : "");
  check(ok_keystring_parse(&ks, text, n, &at, &why) == OK_E_RANGE, "keystring: at most 32 fields",
        "");
  /* a descending field: complemented, the end byte not */
  ok_keystring_parse(&ks, "1, -1", 5, &at, &why);
  count_is(&ks.format, "2B02D4F504", 2);
  refused(f, "2B02D4F504", OK_E_TAG, 2);
  {
    uint8_t key[8];
    size_t len = from_hex(key, "2B02D4F504"), err;
    ok_item it;
    ok_walk w;
    ok_walk_start(&w, &ks.format, key, len);
    check(ok_next(&w, &it, &err) == OK_OK && !it.desc && it.i == 1 && it.format == &ks.format &&
              ok_next(&w, &it, &err) == OK_OK && it.desc && it.type == OK_INT && it.i == 5 &&
              ok_next(&w, &it, &err) == OK_FEWER,
          "keystring: a descending field read as its value", "");
  }
  clustered();
  version0();
}

/* A value as a decimal: sign, digits (no leading or trailing zero), the
** exponent of the first; a double's exactly (glibc prints every digit). */
typedef struct {
  int neg;
  char digits[1100];
  size_t nd;
  int64_t exp;
} dec;

static void dec_of_text(dec *x, const char *s) {
  size_t err;
  ok_decimal_split(x->digits, &x->nd, &x->neg, &x->exp, s, strlen(s), &err);
}

static void dec_of_double(dec *x, double d) {
  char text[1200];
  snprintf(text, sizeof text, "%.1070e", d);
  dec_of_text(x, text);
}

static int dec_cmp(const dec *a, const dec *b) {
  int c = 0, sa = a->nd == 0 ? 0 : a->neg ? -1 : 1, sb = b->nd == 0 ? 0 : b->neg ? -1 : 1;
  size_t k;
  if (sa != sb || sa == 0) return (sa > sb) - (sa < sb);
  if (a->exp != b->exp) c = a->exp < b->exp ? -1 : 1;
  for (k = 0; !c && (k < a->nd || k < b->nd); k++) {
    char x = k < a->nd ? a->digits[k] : '0', y = k < b->nd ? b->digits[k] : '0';
    c = (x > y) - (x < y);
  }
  return sa * c;
}

/* A random decimal of 1 to 34 digits: most between about 1e-70 and 1e15,
** others from the subnormals past DBL_MAX, a few anywhere in Decimal128. */
static void random_decimal(dec *x, char *text) {
  int nd = 1 + (int)(rnd() % (rnd() % 2 ? 15 : 34)), k, e;
  unsigned r = (unsigned)(rnd() % 10);
  char digits[35];
  e = r < 5   ? (int)(rnd() % 86) - 70
      : r < 9 ? (int)(rnd() % 650) - 340
              : (int)(rnd() % 12250) - 6176;
  for (k = 0; k < nd; k++) digits[k] = (char)('0' + rnd() % 10);
  digits[0] = (char)('1' + rnd() % 9);
  sprintf(text, "%s%.*se%d", rnd() % 2 ? "-" : "", nd, digits, e);
  dec_of_text(x, text);
}

/* The decimal in text to hex, and back. */
static void decimal_is(const char *text, const char *hex) {
  char digits[40], got[2 * OK_KEYSTRING_NUMBER_MAX + 1], back[OK_KEYSTRING_DECIMAL_TEXT_MAX + 1];
  uint8_t key[OK_KEYSTRING_NUMBER_MAX];
  size_t nd, len = 0, err;
  int neg;
  int64_t exp;
  ok_item it;
  ok_decimal_split(digits, &nd, &neg, &exp, text, strlen(text), &err);
  got[0] = back[0] = 0;
  if (ok_keystring_enc_decimal(key, &len, neg, digits, nd, exp) == OK_OK) to_hex(got, key, len);
  if (ok_keystring_decode(key, len, 0, &it, &err) == OK_OK && it.len == len)
    back[ok_keystring_decimal_text(back, &it)] = 0;
  check(strcmp(got, hex) == 0 && strcmp(back, text) == 0, text, got);
}

/* Decimals: their bytes as MongoDB's rules make them, read back as the
** same decimal, ordered with each other and with doubles as their exact
** values (test/keystring/decimals.py checks the bytes of more). */
static void decimals(long rounds) {
  uint8_t a[OK_KEYSTRING_NUMBER_MAX], b[OK_KEYSTRING_NUMBER_MAX];
  size_t na, nb, err;
  char got[OK_KEYSTRING_DECIMAL_TEXT_MAX + 1], text[64];
  long r, bad_value = 0, bad_order = 0, written = 0;
  ok_item it;
  dec x, y;
  check(ok_keystring_enc_decimal(a, &na, 0, "1", 1, -1) == OK_OK &&
            (to_hex(got, a, na), strcmp(got, "2AFEE6666666666666") == 0),
        "keystring: NumberDecimal('0.1'), the double below it marked", got);
  check(ok_keystring_enc_decimal(a, &na, 0, "15", 2, 0) == OK_OK &&
            (to_hex(got, a, na), strcmp(got, "2B0380000000000000") == 0),
        "keystring: NumberDecimal('1.5'), a double", got);
  check(ok_keystring_enc_decimal(a, &na, 1, "1999", 4, 1) == OK_OK &&
            (to_hex(got, a, na), strcmp(got, "27D8028F5C28F5C2FD") == 0),
        "keystring: NumberDecimal('-19.99')", got);
  check(ok_keystring_enc_decimal(a, &na, 0, "1", 1, 20) == OK_OK &&
            (to_hex(got, a, na), strcmp(got, "33082B5E3AF16B1880") == 0),
        "keystring: NumberDecimal('1E20'), the double it equals", got);
  /* with a continuation: the double below, marked 1 (below 0.123456789012346),
  ** then (x - s) / 10^-34, s that double rounded up to 34 digits */
  decimal_is("0.1234567890123456789", "2AFEFE6B74DD1BD97D00365C4DBC0428F0");
  decimal_is("-0.1234567890123456789", "280101948B22E42682FFC9A3B243FBD70F");
  /* from 2^53 the integer part with its fraction bit, then a marker byte
  ** below 2^55; 0.5 in units of 10^-18 (the integer part in 34 digits) */
  decimal_is("9007199254740992.5", "31400000000000010306F05B59D3B20000");
  decimal_is("36028797018963968.5", "32010000000000000100B1A2BC2EC50000");
  decimal_is("12345678901234567890.5", "3307CAD52A633AC7C30100AEFE0105A000"); /* 1 bit */
  decimal_is("1.5E-310", "2A5F3739A252B2812F01FEA186A05A4D71"); /* a subnormal's, scaled */
  /* beyond the doubles: Decimal128's bits, normalized to 34 digits */
  decimal_is("1E+6144", "33DFFE314DC6448D9338C15B0A00000000"); /* the top bit set */
  decimal_is("-1E+400", "1F4CE1CEB239BB726CC73EA4F5FFFFFFFF");
  decimal_is("1E-400", "2A2CDE314DC6448D9338C15B0A00000000");
  decimal_is("1E-6176", "2A00000000000000000000000000000001");
  check(ok_keystring_enc_decimal(a, &na, 0, "12345678901234567890123456789012345", 35, 0) ==
                OK_E_RANGE &&
            ok_keystring_enc_decimal(a, &na, 0, "1", 1, 6145) == OK_E_RANGE &&
            ok_keystring_enc_decimal(a, &na, 0, "12", 2, 6145) == OK_E_RANGE &&
            ok_keystring_enc_decimal(a, &na, 0, "1", 1, -6177) == OK_E_RANGE &&
            ok_keystring_enc_decimal(a, &na, 0, "1", 1, 6144) == OK_OK,
        "keystring: decimals past Decimal128 refused", "");
  for (r = 0; r < rounds; r++) {
    random_decimal(&x, text);
    if (ok_keystring_enc_decimal(a, &na, x.neg, x.digits, x.nd, x.exp) != OK_OK) continue;
    written++;
    if (ok_keystring_decode(a, na, 0, &it, &err) != OK_OK || it.len != na) {
      bad_value++;
    } else if (ok_keystring_decimal_text(got, &it)) { /* one no double equals */
      got[ok_keystring_decimal_text(got, &it)] = 0;
      dec_of_text(&y, got);
      if (dec_cmp(&x, &y) != 0) bad_value++;
    } else { /* an integer, or a double that equals it */
      if (it.type == OK_INT)
        sprintf(got, "%lld", (long long)it.i), dec_of_text(&y, got);
      else
        dec_of_double(&y, it.d);
      if (dec_cmp(&x, &y) != 0) bad_value++;
    }
    if (r % 2) { /* against another decimal */
      random_decimal(&y, text);
      if (ok_keystring_enc_decimal(b, &nb, y.neg, y.digits, y.nd, y.exp) != OK_OK) continue;
    } else { /* against a double near it */
      double d = strtod(text, NULL);
      int k = (int)(rnd() % 5) - 2;
      for (; k > 0; k--) d = nextafter(d, HUGE_VAL);
      for (; k < 0; k++) d = nextafter(d, -HUGE_VAL);
      if (isinf(d)) d = copysign(DBL_MAX, d); /* past DBL_MAX: against it */
      nb = ok_keystring_enc_double(b, d);
      dec_of_double(&y, d);
    }
    if (sign(cmp_bytes(a, na, b, nb)) != dec_cmp(&x, &y)) bad_order++;
  }
  check(written == rounds, "keystring: every random decimal written", "");
  check(bad_value == 0, "keystring: decimals read back as themselves", "");
  check(bad_order == 0, "keystring: decimals ordered with decimals and doubles by value", "");
}

/* TypeBits packed from bits[] ('0' and '1' in the order MongoDB appends
** them) as MongoDB writes them: none, one byte, or a size byte and more. */
static size_t typebits_of(uint8_t *out, const char *bits) {
  uint8_t data[200] = {0};
  size_t nb = strlen(bits), n = (nb + 7) / 8, k;
  int any = 0;
  for (k = 0; k < nb; k++)
    if (bits[k] == '1') data[k / 8] |= (uint8_t)(1u << (k % 8)), any = 1;
  if (!any) return 0;
  if (n == 1 && data[0] < 0x80) return out[0] = data[0], 1;
  out[0] = (uint8_t)(0x80 | n);
  memcpy(out + 1, data, n);
  return n + 1;
}

/* The types of a key's values (and their values'), as words. */
static int typed_values(ok_keystring_bits *b, const ok_item *it, char *out, size_t *at,
                        size_t *err) {
  ok_keystring_type t;
  int rc = ok_keystring_bits_value(b, it, &t, err);
  if (rc != OK_OK) return rc;
  if (t.type == OK_BSON_DECIMAL128)
    *at += (size_t)sprintf(out + *at, " dec:%.*s", (int)t.dec_len, t.dec);
  else if (t.type)
    *at += (size_t)sprintf(out + *at, " %s%s",
                           t.type == OK_BSON_INT32    ? "i32"
                           : t.type == OK_BSON_INT64  ? "i64"
                           : t.type == OK_BSON_DOUBLE ? "dbl"
                           : t.type == OK_BSON_STRING ? "str"
                                                      : "sym",
                           t.negative_zero ? ":-0" : "");
  if (it->tag == OK_KEYSTRING_OBJECT || it->tag == OK_KEYSTRING_ARRAY) {
    size_t off = 0;
    ok_item name, v;
    while (ok_keystring_field(it, &off, &name, &v))
      if ((rc = typed_values(b, &v, out, at, err)) != OK_OK) return rc;
  }
  return OK_OK;
}

/* Key hex read with TypeBits of bits[]: the types as words in got (each
** after a space), or " error <status>". */
static void read_typed(const char *hex, const char *bits, char *got) {
  uint8_t key[256], tb[256];
  size_t n = from_hex(key, hex), tn = typebits_of(tb, bits), err, at = 0;
  ok_keystring_bits b;
  ok_walk w;
  ok_item it;
  int rc = ok_keystring_bits_open(&b, tb, tn, &err);
  *got = 0;
  ok_walk_start(&w, &ok_format_keystring, key, n);
  while (rc == OK_OK && (rc = ok_next(&w, &it, &err)) == OK_OK)
    rc = typed_values(&b, &it, got, &at, &err);
  if (rc == OK_FEWER) rc = ok_keystring_bits_end(&b, &err);
  if (rc != OK_OK) sprintf(got, " error %d", rc);
}

static void typed_is(const char *hex, const char *bits, const char *want) {
  char got[512];
  read_typed(hex, bits, got);
  check(strcmp(got + 1, want) == 0, "keystring: a value's type from TypeBits", hex);
  if (strcmp(got + 1, want) != 0)
    fprintf(stderr, "  %s %s: got%s, want %s\n", hex, bits, got, want);
}

/* A key of the one value key[0..n) (the caller's buffer) so read. */
static uint8_t key[16];
static void typed_key_is(size_t n, const char *bits, const char *want) {
  char hex[40];
  key[n] = OK_KEYSTRING_END;
  to_hex(hex, key, n + 1);
  typed_is(hex, bits, want);
}

static void opened_is(const char *hex, int status, size_t at) {
  uint8_t tb[256];
  size_t n = from_hex(tb, hex), err = 0;
  ok_keystring_bits b;
  int rc = ok_keystring_bits_open(&b, tb, n, &err);
  check(rc == status && (rc == OK_OK || err == at), "keystring: TypeBits' envelope", hex);
}

/* IEEE 754's to-scientific-string of digits[0..nd) x 10^e, as a check
** apart from the reader's. */
static void sci(char *out, int neg, const char *digits, int nd, int e) {
  int adjusted = e + nd - 1;
  out += sprintf(out, "%s", neg ? "-" : "");
  if (e <= 0 && adjusted >= -6) {
    if (e == 0)
      sprintf(out, "%.*s", nd, digits);
    else if (nd > -e)
      sprintf(out, "%.*s.%.*s", nd + e, digits, -e, digits + nd + e);
    else { /* 0.000ddd */
      int k;
      out += sprintf(out, "0.");
      for (k = 0; k < -e - nd; k++) *out++ = '0';
      sprintf(out, "%.*s", nd, digits);
    }
  } else {
    sprintf(out, "%c%s%.*sE%+d", digits[0], nd > 1 ? "." : "", nd - 1, digits + 1, adjusted);
  }
}

/* Random decimals with trailing zeros to 34 digits: their keys with the
** exponent's 6 bits read back as that decimal, zeros and all. */
static void typed_decimals(long rounds) {
  long r, bad = 0, tried = 0;
  for (r = 0; r < rounds; r++) {
    char digits[40], want[64], hex[2 * OK_KEYSTRING_NUMBER_MAX + 3], bits[9];
    uint8_t key[OK_KEYSTRING_NUMBER_MAX + 1];
    size_t len;
    int nd = 1 + (int)(rnd() % (rnd() % 2 ? 15 : 34)), zeros, e, k, neg = (int)(rnd() % 2);
    for (k = 0; k < nd; k++) digits[k] = (char)('0' + rnd() % 10);
    digits[0] = (char)('1' + rnd() % 9);
    while (digits[nd - 1] == '0') nd--;
    e = rnd() % 2 ? (int)(rnd() % 60) - 50 : (int)(rnd() % 700) - 360; /* the last digit's */
    if (ok_keystring_enc_decimal(key, &len, neg, digits, (size_t)nd, e + nd - 1) != OK_OK) continue;
    zeros = (int)(rnd() % (unsigned)(35 - nd));
    for (k = 0; k < zeros; k++) digits[nd + k] = '0';
    sci(want, neg, digits, nd + zeros, e - zeros);
    bits[0] = bits[1] = '1', bits[8] = 0;
    for (k = 0; k < 6; k++) bits[2 + k] = (char)('0' + ((e - zeros + 6176) >> (5 - k) & 1));
    key[len] = OK_KEYSTRING_END;
    to_hex(hex, key, len + 1);
    {
      char got[600];
      read_typed(hex, bits, got);
      tried++;
      if (strncmp(got, " dec:", 5) != 0 || strcmp(got + 5, want) != 0) {
        if (bad++ < 3) fprintf(stderr, "  %s %s: got%s, want %s\n", hex, bits, got, want);
      }
    }
  }
  check(bad == 0 && tried > rounds / 2, "keystring: random decimals' exponents from TypeBits", "");
}

/* Each value's bits as key_string.cpp appends and reads them (TypeBits'
** appendNumber*, appendZero, appendDecimalZero, appendDecimalExponent;
** readNumeric, readZero, adjustDecimalExponent). */
static void typebits(void) {
  uint8_t big[140];
  size_t err;
  ok_keystring_bits b;
  /* 5: int32, int64, double, decimal (exponent 0: biased 6176, low bits 32; -1: 31) */
  typed_is("2B0A04", "00", "i32");
  typed_is("2B0A04", "01", "i64");
  typed_is("2B0A04", "10", "dbl");
  typed_is("2B0A04", "11100000", "dec:5");
  typed_is("2B0A04", "11011111", "dec:5.0");
  typed_is("2B0A04", "11100001", "error -14");         /* 5E+1 is no 5 */
  typed_is("2B0A2B0A2B0A2B0A2B0A04", "1", "error -1"); /* the bits end first */
  typed_is("2B0A04", "001", "error -4");               /* a bit set past the values */
  typed_is("2B0A04", "0000000000000001", "error -9");  /* a byte past them */
  /* zeros: the three numbers, -0.0, a decimal's (sign and biased exponent in 15 bits) */
  typed_is("2904", "", "i32");
  typed_is("2904", "01", "i64");
  typed_is("2904", "10", "dbl");
  typed_is("2904", "11000", "dbl:-0");
  typed_is("2904", "11001", "error -14");
  typed_is("2904", "11011100000100000", "dec:0");       /* 6176 */
  typed_is("2904", "11110100000011110", "dec:-0.00");   /* 12288 + 6174 */
  typed_is("2904", "11011100000100011", "dec:0E+3");    /* 6179 */
  typed_is("2904", "11010000000000000", "dec:0E-6176"); /* the least */
  typed_is("33DFFE314DC6448D9338C15B0A0000000004", "11111111",
           "dec:1.000000000000000000000000000000000E+6144"); /* its exponent 6111, not 6144 */
  /* NaN: a double's or a decimal's */
  typed_is("1E04", "10", "dbl");
  typed_is("1E04", "11", "dec:NaN");
  typed_is("1E04", "00", "error -14");
  /* 5.5: a double; no integer */
  typed_is("2B0B8000000000000004", "10", "dbl");
  typed_is("2B0B8000000000000004", "00", "error -14");
  typed_is("2B0B8000000000000004", "01", "error -14");
  /* NumberDecimal('0.1') (marked): a decimal, never a double */
  typed_is("2AFEE666666666666604", "11011111", "dec:0.1");
  typed_is("2AFEE666666666666604", "11011110", "dec:0.10");
  typed_is("2AFEE666666666666604", "10", "error -14");
  /* 1.5, a double's key: a decimal of up to 34 digits (exponents -1 to -33) */
  typed_is("2B038000000000000004", "11011111", "dec:1.5");
  typed_is("2B038000000000000004", "11111111", "dec:1.500000000000000000000000000000000");
  /* 2^-30 is 9.31322574615478515625E-10 exactly: 21 digits, exponent -30 (low bits 2) */
  typed_key_is(ok_keystring_enc_double(key, ldexp(1, -30)), "11000010",
               "dec:9.31322574615478515625E-10");
  typed_key_is(ok_keystring_enc_double(key, 0.1), "11011111", "error -14"); /* 55 digits */
  typed_key_is(ok_keystring_enc_double(key, 1e300), "11111111", "error -14");
  typed_key_is(ok_keystring_enc_double(key, 1e22), "11100000", "dec:10000000000000000000000");
  typed_key_is(ok_keystring_enc_double(key, 1e22), "11110110", "dec:1E+22"); /* exponent 22 */
  /* int32's range; -2^63 an int64 or a double */
  typed_key_is(ok_keystring_enc_int(key, INT32_MAX), "00", "i32");
  typed_key_is(ok_keystring_enc_int(key, (int64_t)INT32_MAX + 1), "00", "error -14");
  typed_key_is(ok_keystring_enc_int(key, INT32_MIN), "00", "i32");
  typed_key_is(ok_keystring_enc_int(key, INT64_MIN), "01", "i64");
  typed_key_is(ok_keystring_enc_int(key, INT64_MIN), "10", "dbl");
  typed_key_is(ok_keystring_enc_int(key, INT64_MAX), "01", "i64");
  typed_key_is(ok_keystring_enc_int(key, INT64_MAX), "10", "error -14"); /* no double */
  typed_key_is(ok_keystring_enc_int(key, ((int64_t)1 << 53) + 1), "10", "error -14");
  typed_key_is(ok_keystring_enc_int(key, ((int64_t)1 << 53) + 2), "10", "dbl");
  /* strings and symbols; an object's and an array's values in order */
  typed_is("3C780004", "", "str");
  typed_is("3C780004", "1", "sym");
  typed_is("461E61002B02506200502B043C7800000004", "01101", "i64 dbl sym");
  typed_decimals(20000);
  /* the envelope */
  opened_is("", OK_OK, 0);
  opened_is("00", OK_OK, 0);
  opened_is("4A", OK_OK, 0);
  opened_is("82D907", OK_OK, 0);
  opened_is("0000", OK_E_TRAILING, 1);
  opened_is("8140", OK_E_NONCANONICAL, 0); /* one byte below 0x80 has no size byte */
  opened_is("820000", OK_E_NONCANONICAL, 0);
  opened_is("82D9", OK_E_TRUNCATED, 2);
  opened_is("82D90700", OK_E_TRAILING, 3);
  opened_is("807F00000001", OK_E_NONCANONICAL, 1); /* 127 bytes take one size byte */
  big[0] = 0x80, big[1] = 128, big[2] = big[3] = big[4] = 0, memset(big + 5, 0xFF, 128);
  check(ok_keystring_bits_open(&b, big, 133, &err) == OK_OK && b.n == 128,
        "keystring: TypeBits past 127 bytes", "");
}

/* --- From Extended JSON -------------------------------------------------- */

/* The JSON reader's verdict on a string or a number at the text's start:
** OK_OK and where it ended, or the status and where it stopped. */
static void json_is(const char *text, int number, int status, size_t at) {
  ok_json j = {text, strlen(text), 0};
  const char *raw;
  size_t len;
  int rc = number ? ok_json_number(&j, &raw, &len) : ok_json_string(&j, &raw, &len);
  check(rc == status && j.i == at, "keystring: the JSON reader", text);
}

/* Key and TypeBits (hex) that json builds under pattern, or "error" and
** the character where it was refused. */
static void ejson_is(const char *pattern, const char *json, const char *key_hex,
                     const char *bits_hex) {
  ok_keystring ks;
  ok_keystring_ejson_out o;
  uint8_t mem[600], tb[80], scratch[600];
  char got[1400], hex[1200];
  const char *why;
  size_t n = strlen(json), err, len, nbits;
  if (ok_keystring_parse(&ks, pattern, strlen(pattern), &err, &why) != OK_OK) abort();
  memset(&o, 0, sizeof o), memset(mem, 0, sizeof mem);
  o.scratch = scratch;
  if (ok_keystring_from_ejson(&o, &ks, json, n) != OK_OK) {
    sprintf(got, "error %zu", o.err_at);
  } else {
    int measured = !o.written;
    len = o.key_len, nbits = o.nbits;
    o.key = mem, o.key_cap = len ? len - 1 : 0, o.bits = mem + 400, o.bits_cap = 200;
    ok_keystring_from_ejson(&o, &ks, json, n); /* a byte short: counted, not written */
    measured = measured && !o.written && o.key_len == len && o.nbits == nbits;
    o.key_cap = len;
    ok_keystring_from_ejson(&o, &ks, json, n);
    to_hex(hex, mem, len);
    sprintf(got, "%s ", hex);
    to_hex(hex, tb, ok_keystring_bits_write(tb, o.bits, nbits));
    strcat(got, hex);
    if (!measured || !o.written || o.key_len != len || o.nbits != nbits)
      sprintf(got, "measured %zu %zu", len, nbits);
  }
  sprintf(hex, *bits_hex ? "%s %s" : "%s", key_hex, bits_hex);
  check(strcmp(got, hex) == 0, "keystring: a key and TypeBits from Extended JSON", json);
  if (strcmp(got, hex) != 0) fprintf(stderr, "  %s: got %s, want %s\n", json, got, hex);
}

static void from_ejson(void) {
  uint8_t data[200], out[210];
  size_t k, err;
  ok_keystring_bits b;
  /* strings: escapes, a pair of surrogates, and what is refused where */
  json_is("\"a\\u00e9\\ud83d\\ude00\\n\"", 0, OK_OK, 23);
  json_is("\"\\ude00\"", 0, OK_E_SYNTAX, 1);        /* a low surrogate alone */
  json_is("\"\\ud83d\\u0041\"", 0, OK_E_SYNTAX, 1); /* a high one without its pair */
  json_is("\"\\ud83d\"", 0, OK_E_SYNTAX, 1);
  json_is("\"\\u12\"", 0, OK_E_SYNTAX, 1);
  json_is("\"\\q\"", 0, OK_E_SYNTAX, 1);
  json_is("\"a\tb\"", 0, OK_E_SYNTAX, 2);
  json_is("\"a\xC3\"", 0, OK_E_SYNTAX, 2); /* not UTF-8 */
  json_is("\"abc", 0, OK_E_TRUNCATED, 4);
  /* numbers as JSON writes them */
  json_is("-0.5e+10,", 1, OK_OK, 8);
  json_is("0", 1, OK_OK, 1);
  json_is("01", 1, OK_E_SYNTAX, 0);
  json_is("-", 1, OK_E_SYNTAX, 1);
  json_is("1.", 1, OK_E_SYNTAX, 2);
  json_is("1e", 1, OK_E_SYNTAX, 2);
  json_is(".5", 1, OK_E_SYNTAX, 0);
  /* each number's two bits (int32 00, int64 01, double 10, decimal 11 and 6
  ** bits of exponent), a symbol's 1, -0.0's 11000 (11 in version 0) */
  ejson_is("", "[1, {\"$numberLong\": \"1\"}, 1.0, {\"$numberDecimal\": \"1.0\"}]",
           "2B022B022B022B0204", "82D83E"); /* 00 01 10 11 011111 (-1 + 6176) */
  ejson_is("", "[\"a\", {\"$symbol\": \"a\"}]", "3C61003C610004", "02");
  ejson_is("", "[{\"$numberDouble\": \"-0.0\"}, 7]", "292B0E04", "03");
  ejson_is("v0", "[{\"$numberDouble\": \"-0.0\"}, 7]", "292B0E04", "03");
  ejson_is("", "[{\"$numberDecimal\": \"-0E+3\"}]", "2904", "832F8801"); /* 11 110, 12288 + 6179 */
  ejson_is("", "[{\"$numberDecimal\": \"1E+6144\"}]", "33DFFE314DC6448D9338C15B0A0000000004",
           "81FF"); /* 11 111111: 10^33 x 10^6111 */
  ejson_is("", "[{\"$numberDecimal\": \"1E+6145\"}]", "error 20", "");
  ejson_is("-1", "[\"a\", 2]", "C39EFF2B0404", "00"); /* the first field complemented */
  ejson_is("", "[5, {\"recordid\": 7}]", "2B0A040038", "00");
  ejson_is("", "[5, {\"discriminator\": \"exclusiveAfter\"}]", "2B0AFE04", "00");
  ejson_is("clustered", "[5, {\"recordid\": 2.5}]", "2B0A042B058000000000000009", "00");
  ejson_is("", "[{\"recordid\": 7}, 5]", "error 17", "");
  ejson_is("", "[\"a\" \"b\"]", "error 5", "");
  ejson_is("", "[1] [2]", "error 4", "");
  { /* version 0's -0.0 read back: 11, then the next value's bits */
    static const uint8_t k0[] = {0x29, 0x2B, 0x0E, 0x04}, tb0[] = {0x03};
    ok_keystring_type t;
    ok_walk w;
    ok_item it;
    int ok = ok_keystring_bits_open(&b, tb0, 1, &err) == OK_OK;
    ok_walk_start(&w, &ok_keystring_v0.format, k0, sizeof k0);
    ok = ok && ok_next(&w, &it, &err) == OK_OK &&
         ok_keystring_bits_value(&b, &it, &t, &err) == OK_OK && t.type == OK_BSON_DOUBLE &&
         t.negative_zero;
    ok = ok && ok_next(&w, &it, &err) == OK_OK &&
         ok_keystring_bits_value(&b, &it, &t, &err) == OK_OK && t.type == OK_BSON_INT32 &&
         ok_keystring_bits_end(&b, &err) == OK_OK;
    check(ok, "keystring: version 0's -0.0 in 2 bits of TypeBits", "");
  }
  /* TypeBits' forms: one byte below 0x80 alone, a size byte, past 127 bytes
  ** 0x80 and 4 bytes of size; all zeros 00; each read back */
  for (k = 0; k < sizeof data; k++) data[k] = (uint8_t)(k * 37 + 1);
  check(ok_keystring_bits_write(out, data, 0) == 1 && out[0] == 0, "keystring: TypeBits none", "");
  data[0] = 0x7F;
  check(ok_keystring_bits_write(out, data, 7) == 1 && out[0] == 0x7F,
        "keystring: TypeBits in one byte", "");
  data[0] = 0x80;
  check(ok_keystring_bits_write(out, data, 8) == 2 && out[0] == 0x81 && out[1] == 0x80,
        "keystring: TypeBits of one byte from 0x80", "");
  check(ok_keystring_bits_write(out, data, 127 * 8) == 128 && out[0] == 0xFF &&
            ok_keystring_bits_open(&b, out, 128, &err) == OK_OK && b.n == 127,
        "keystring: TypeBits of 127 bytes", "");
  check(ok_keystring_bits_write(out, data, 128 * 8 - 3) == 133 && out[0] == 0x80 && out[1] == 128 &&
            out[2] == 0 && ok_keystring_bits_open(&b, out, 133, &err) == OK_OK && b.n == 128,
        "keystring: TypeBits past 127 bytes written", "");
  memset(data, 0, sizeof data);
  check(ok_keystring_bits_write(out, data, 200 * 8) == 1 && out[0] == 0,
        "keystring: TypeBits all zeros", "");
}

void test_keystring(long rounds) {
  numbers(rounds);
  decimals(rounds / 3);
  others();
  keys();
  typebits();
  from_ejson();
}
