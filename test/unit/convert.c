/*
** convert.c -- ok_convert, the core's conversion of a key between formats:
** exact keys, the statuses of its refusals and where they point, its
** buffer protocol (OK_E_ROOM, nothing written past cap), and random native
** keys of plain values converted to every format and back.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok_bytewise.h"
#include "test.h"

/* key[0..n) of `from` converted to `to` into a buffer of cap bytes (and
** then of the room it asks for, as often as it asks): the status, the key
** in out (room for 4096), its length in *len. Checks that nothing is
** written past cap and that each answer asks for more (8 calls are far
** past what a key takes: most take one more, few two). */
static int convert(const ok_format *from, const uint8_t *key, size_t n, const ok_format *to,
                   size_t cap, uint8_t *out, size_t *len, size_t *err_at) {
  int rc, asked = 0;
  for (;;) {
    uint8_t *buf = malloc(cap + 16);
    memset(buf, 0xA5, cap + 16);
    rc = ok_convert(from, key, n, to, buf, cap, len, err_at);
    for (size_t i = cap; i < cap + 16; i++)
      if (buf[i] != 0xA5) {
        check(0, "ok_convert writes nothing past cap", to->name);
        break;
      }
    if (rc == OK_OK && *len <= 4096) memcpy(out, buf, *len);
    free(buf);
    if (rc != OK_E_ROOM) break;
    if (++asked > 8 || *len <= cap) {
      check(0, "ok_convert asks for more room each time, and ends", to->name);
      break;
    }
    cap = *len;
  }
  return rc;
}

/* A native key of values written as ok_pack writes them: "i:5", "r:2.5",
** "t:abc", "b:<hex>", "n". */
static size_t native_key(uint8_t *out, const char *const *v, size_t count) {
  size_t n = 0, k;
  for (k = 0; k < count; k++) {
    const char *s = v[k];
    uint8_t bytes[64];
    if (s[0] == 'i') n += ok_enc_int(out + n, strtoll(s + 2, NULL, 10), 0);
    if (s[0] == 'r') n += ok_enc_double(out + n, strtod(s + 2, NULL), 0);
    if (s[0] == 't')
      n += ok_enc_bytes(out + n, OK_TAG_TEXT, (const uint8_t *)s + 2, strlen(s + 2), 1, 0);
    if (s[0] == 'b') n += ok_enc_bytes(out + n, OK_TAG_BLOB, bytes, from_hex(bytes, s + 2), 1, 0);
    if (s[0] == 'n') n += ok_enc_null(out + n, 0);
  }
  return n;
}

static void expect(const char *what, const ok_format *from, const uint8_t *key, size_t n,
                   const ok_format *to, int want_rc, const char *want_hex, size_t want_at) {
  uint8_t out[4096];
  char hex[8200], detail[8400];
  size_t len = 0, at = 0;
  int rc = convert(from, key, n, to, 1, out, &len, &at);
  to_hex(hex, out, rc == OK_OK ? len : 0);
  snprintf(detail, sizeof detail, "%s: rc %d (%s) at %zu, %s", what, rc, ok_strerror(rc), at, hex);
  if (want_rc == OK_OK)
    check(rc == OK_OK && strcmp(hex, want_hex) == 0, "ok_convert makes the key", detail);
  else
    check(rc == want_rc && at == want_at, "ok_convert refuses, pointing at the component", detail);
}

static void exact(void) {
  static const char *const row[] = {"i:1", "r:2.5", "t:a", "b:00"};
  uint8_t key[256], want[256], one[64];
  char hex[600];
  size_t n = native_key(key, row, 4), w = 0, len, err;
  w += ok_fdb_enc_int(want + w, 1);
  w += ok_fdb_enc_double(want + w, 2.5);
  w += ok_fdb_enc_bytes(want + w, OK_FDB_STRING, (const uint8_t *)"a", 1);
  w += ok_fdb_enc_bytes(want + w, OK_FDB_BYTES, (const uint8_t *)"\0", 1);
  to_hex(hex, want, w);
  expect("ok -> fdb", &ok_format_native, key, n, &ok_format_fdb, OK_OK, hex, 0);
  /* bytewise: the array; one value alone stays alone, as a string's bytes */
  w = 0;
  want[w++] = OK_BYTEWISE_ARRAY;
  w += ok_bytewise_enc_number(want + w, 1);
  w += ok_bytewise_enc_number(want + w, 2.5);
  w += ok_bytewise_enc_bytes(want + w, OK_BYTEWISE_STRING, (const uint8_t *)"a", 1, 1);
  w += ok_bytewise_enc_bytes(want + w, OK_BYTEWISE_BUFFER, (const uint8_t *)"\0", 1, 1);
  want[w++] = 0x00;
  to_hex(hex, want, w);
  expect("ok -> bytewise", &ok_format_native, key, n, &ok_format_bytewise, OK_OK, hex, 0);
  expect("bytewise 'a' alone -> webkit 'a' alone", &ok_format_bytewise, (const uint8_t *)"\x70" "a",
         2, &ok_format_webkit, OK_OK, "0060010000006100", 0);
  /* a native key of one value is no array: into bytewise, an array of one */
  len = native_key(one, row + 2, 1);
  expect("ok 'a' -> bytewise ['a']", &ok_format_native, one, len, &ok_format_bytewise, OK_OK,
         "A070610000", 0);
  /* TiKV: the TiDB key in groups of 8 */
  len = native_key(one, row, 1);
  expect("ok 1 -> tikv", &ok_format_native, one, len, &ok_format_tikv, OK_OK,
         "0380000000000000FF0100000000000000F8", 0);
  expect("ok (no values) -> tikv: TiKV's empty key", &ok_format_native, one, 0, &ok_format_tikv,
         OK_OK, "", 0);
  expect("ok 1 -> firefox [1]", &ok_format_native, one, len, &ok_format_firefox, OK_OK, "60BFF0",
         0);
  /* a malformed key: its decoding status and byte */
  check(ok_convert(&ok_format_native,
                   (const uint8_t *)"\x70"
                                    "a",
                   2, &ok_format_fdb, want, sizeof want, &len, &err) == OK_E_TRUNCATED &&
            err == 2,
        "ok_convert refuses a malformed key as its reader does", "");
}

static void refusals(void) {
  static const char *const big[] = {"t:x", "i:9007199254740993"};
  static const char *const blob[] = {"b:0102"};
  static const char *const nul[] = {"i:1", "n"};
  static const char *const textnul[] = {"t:a", "b:00"};
  static const char *const real2[] = {"r:2.5"};
  uint8_t key[256];
  size_t n, at;
  ok_orderly *schema = malloc(ok_orderly_size());
  const char *why;
  int parsed;
  n = native_key(key, big, 2);
  expect("2^53 + 1 into bytewise", &ok_format_native, key, n, &ok_format_bytewise, OK_E_RANGE, NULL,
         3);
  n = native_key(key, blob, 1);
  expect("a BLOB into charwise", &ok_format_native, key, n, &ok_format_charwise, OK_E_TYPE, NULL,
         0);
  expect("a Buffer 0102 alone into ordered-binary", &ok_format_native, key, n,
         &ok_format_orderedbinary, OK_OK, "0102", 0);
  n = native_key(key, nul, 2);
  expect("a NULL into firefox", &ok_format_native, key, n, &ok_format_firefox, OK_E_NULL, NULL, 2);
  expect("no values into ordered-binary", &ok_format_native, key, 0, &ok_format_orderedbinary,
         OK_E_LENGTH, NULL, 0);
  /* HBase text holds no NUL: native TEXT 'a\0' */
  n = ok_enc_bytes(key, OK_TAG_TEXT, (const uint8_t *)"a\0", 2, 1, 0);
  expect("a NUL into HBase text", &ok_format_native, key, n, &ok_format_hbase, OK_E_NUL, NULL, 0);
  /* FDB's 2.0 is an INTEGER in native keys: it would come back as FDB's 2 */
  n = ok_fdb_enc_double(key, 2.0);
  expect("FDB 2.0 into native", &ok_format_fdb, key, n, &ok_format_native, OK_E_AMBIGUOUS, NULL, 0);
  /* a descending component is no SQL value: it comes back ascending */
  n = native_key(key, textnul, 1);
  n += ok_enc_int(key + n, 7, 1);
  expect("a descending 7", &ok_format_native, key, n, &ok_format_fdb, OK_E_AMBIGUOUS, NULL, 3);
  /* CockroachDB writes TEXT and BLOB alike and reads x'00' back as bytes,
  ** 'a' as TEXT: a BLOB 'a' comes back as TEXT */
  n = ok_enc_bytes(key, OK_TAG_BLOB, (const uint8_t *)"a", 1, 1, 0);
  expect("a BLOB 'a' into crdb", &ok_format_native, key, n, &ok_format_crdb, OK_E_AMBIGUOUS, NULL,
         0);
  /* Orderly: a field's type, the count of fields */
  parsed = schema && ok_orderly_parse(schema, "long, utf8", 10, &at, &why) == OK_OK;
  check(parsed, "ok_convert: the schema 'long, utf8' parses", "");
  if (parsed) {
    n = native_key(key, real2, 1);
    n += ok_enc_bytes(key + n, OK_TAG_TEXT, (const uint8_t *)"x", 1, 1, 0);
    expect("2.5 into an Orderly long", &ok_format_native, key, n, ok_orderly_format(schema),
           OK_E_RANGE, NULL, 0);
    n = native_key(key, nul, 1);
    expect("1 value into 2 Orderly fields", &ok_format_native, key, n, ok_orderly_format(schema),
           OK_E_LENGTH, NULL, 2);
    n += ok_enc_bytes(key + n, OK_TAG_TEXT, (const uint8_t *)"x", 1, 1, 0);
    expect("(1, 'x') into Orderly", &ok_format_native, key, n, ok_orderly_format(schema), OK_OK,
           "817A", 0);
  }
  free(schema);
}

/* A random plain value as a native component at out. */
static size_t random_component(uint8_t *out) {
  uint8_t s[12];
  size_t k, len = (size_t)(rnd() % 12);
  num x;
  switch (rnd() % 5) {
    case 0: return ok_enc_null(out, 0);
    case 1:
    case 2:
      x = random_num();
      return x.is_int ? ok_enc_int(out, x.i, 0) : ok_enc_double(out, x.d, 0);
    default:
      for (k = 0; k < len; k++) s[k] = (uint8_t)(rnd() % 4 ? 'a' + rnd() % 26 : rnd() % 256);
      return ok_enc_bytes(out, rnd() % 2 ? OK_TAG_TEXT : OK_TAG_BLOB, s, len, 1, 0);
  }
}

/* Random native keys converted to each format: what is made converts back
** to the very key, and what is refused, is refused with a status. */
static void random_keys(long rounds) {
  const ok_format *const to[] = {&ok_format_fdb,          &ok_format_hbase,   &ok_format_crdb,
                                 &ok_format_tidb,         &ok_format_tikv,    &ok_format_bytewise,
                                 &ok_format_charwise,     &ok_format_firefox, &ok_format_webkit,
                                 &ok_format_orderedbinary};
  long r, made = 0, bad = 0;
  for (r = 0; r < rounds; r++) {
    uint8_t key[256], out[4096], back[4096];
    size_t n = 0, count = 1 + (size_t)(rnd() % 4), k, len, blen, at;
    const ok_format *f = to[rnd() % (sizeof to / sizeof to[0])];
    int rc;
    for (k = 0; k < count; k++) n += random_component(key + n);
    rc = convert(&ok_format_native, key, n, f, (size_t)(rnd() % 64), out, &len, &at);
    if (rc != OK_OK) {
      bad += rc >= 0 || at > n;
      continue;
    }
    made++;
    rc = convert(f, out, len, &ok_format_native, 4096, back, &blen, &at);
    bad += rc != OK_OK || blen != n || memcmp(back, key, n) != 0;
  }
  check(bad == 0 && made > rounds / 4, "random native keys convert and come back", "some did not");
  printf("ok_convert: %ld random native keys, %ld converted there and back\n", rounds, made);
}

void test_convert(long rounds) {
  exact();
  refusals();
  random_keys(rounds);
}
