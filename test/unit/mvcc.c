/*
** mvcc.c -- the MVCC stores' keys (src/mvcc.c): splits of hand-made keys
** to their exact parts and errors to their byte, joins sized as written,
** times as text, and ok_mvcc_order against the stores' comparators written
** here as their sources define them (Pebble's EngineKeyCompare with its
** version normalized, Badger's y.CompareKeys, TiKV's bytes) on random keys.
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "test.h"

/* A split of hex `key` in store: its status, err_at, and the parts. */
static void split_is(int store, const char *key, int rc, size_t at, size_t key_at, size_t key_len,
                     int kind, uint64_t version, uint32_t logical) {
  uint8_t p[64];
  size_t n = from_hex(p, key), err = 999;
  ok_mvcc m;
  char detail[200];
  int got = ok_mvcc_split(store, p, n, &m, &err);
  snprintf(detail, sizeof detail, "%s: rc %d at %zu, key %zu+%zu, kind %d, %llu.%u", key, got, err,
           m.key_at, m.key_len, m.kind, (unsigned long long)m.version, m.logical);
  if (rc != OK_OK)
    check(got == rc && err == at, "mvcc: split refused at its byte", detail);
  else
    check(got == OK_OK && m.key_at == key_at && m.key_len == key_len && m.kind == kind &&
              m.version == version && m.logical == logical,
          "mvcc: split into its parts", detail);
}

static void time_is(int store, const char *key, const char *want) {
  uint8_t p[64];
  char text[OK_MVCC_TIME_MAX + 1];
  size_t n = from_hex(p, key), err, len;
  ok_mvcc m;
  if (ok_mvcc_split(store, p, n, &m, &err) != OK_OK) {
    check(0, "mvcc: time of a key that splits", key);
    return;
  }
  len = ok_mvcc_time(text, store, &m);
  text[len] = 0;
  check(strcmp(text, want) == 0 && ok_mvcc_time(NULL, store, &m) == len, "mvcc: time as text",
        text);
}

/* Pebble's EngineKeyCompare over valid engine keys: user keys as bytes, no
** version first, then versions (synthetic byte and a zero logical time
** dropped) in reverse byte order. */
static size_t crdb_version(const uint8_t *k, size_t n, const uint8_t **v) {
  size_t len = k[n - 1] ? k[n - 1] - 1u : 0;
  *v = k + n - 1 - len;
  if (len == 13) len = 12;
  if (len == 12 && !memcmp(*v + 8, "\0\0\0\0", 4)) len = 8;
  return len;
}
static int crdb_cmp(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  const uint8_t *va, *vb;
  size_t ka = na - 1 - (a[na - 1] ? a[na - 1] : 0u), kb = nb - 1 - (b[nb - 1] ? b[nb - 1] : 0u);
  size_t la, lb;
  int c = cmp_bytes(a, ka, b, kb);
  if (c) return c;
  la = crdb_version(a, na, &va), lb = crdb_version(b, nb, &vb);
  if (!la || !lb) return (la > 0) - (lb > 0);
  return cmp_bytes(vb, lb, va, la);
}
/* Badger's y.CompareKeys: the user keys, then the 8 bytes after them. */
static int badger_cmp(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  int c = cmp_bytes(a, na - 8, b, nb - 8);
  return c ? c : cmp_bytes(a + na - 8, 8, b + nb - 8, 8);
}

/* A random key of store at out (room 64): a short user key of few
** distinct bytes (prefixes of each other, 00s), a version of every kind. */
static size_t random_key(int store, uint8_t *out) {
  static const uint8_t bytes[] = {0x00, 0x01, 'a', 0xFF};
  uint8_t user[8], group[9];
  size_t n = (size_t)(rnd() % 5), i, len, err;
  uint64_t r = rnd();
  ok_mvcc m;
  memset(&m, 0, sizeof m);
  for (i = 0; i < n; i++) user[i] = bytes[rnd() % 4];
  m.kind = OK_MVCC_TIME;
  m.version = r % 3 ? r % 4 : rnd();
  m.logical = (uint32_t)(rnd() % 3);
  if (store == OK_MVCC_CRDB && rnd() % 5 == 0) m.kind = OK_MVCC_NONE;
  if (store == OK_MVCC_TIKV) { /* a user key of one group */
    memset(group, 0, 9);
    memcpy(group, user, n);
    group[8] = (uint8_t)(0xFF - (8 - n));
    ok_mvcc_join(out, &len, store, group, 9, &m, &err);
    return len;
  }
  if (store == OK_MVCC_BADGER && n == 0) user[n++] = 'b';
  ok_mvcc_join(out, &len, store, user, n, &m, &err);
  if (store == OK_MVCC_CRDB && m.kind == OK_MVCC_TIME && rnd() % 4 == 0) {
    /* the forms CockroachDB reads and its encoder no longer writes */
    size_t v = out[len - 1] - 1u;
    if (v == 8) memset(out + len - 1, 0, 4), len += 4;    /* a zero logical written out */
    if (v == 12) out[len - 1] = rnd() % 2 ? 1 : 0, len++; /* a synthetic byte */
    out[len - 1] = (uint8_t)(len - (n + 1));
  }
  return len;
}

static void order_agrees(int store, long rounds) {
  uint8_t a[64], b[64], oa[256], ob[256];
  size_t na, nb, ma, mb, err;
  long r, bad = 0;
  ok_mvcc sa, sb;
  char detail[300];
  for (r = 0; r < rounds; r++) {
    int want, got;
    na = random_key(store, a), nb = random_key(store, b);
    if (ok_mvcc_split(store, a, na, &sa, &err) || ok_mvcc_split(store, b, nb, &sb, &err)) {
      bad++;
      continue;
    }
    ma = ok_mvcc_order(oa, store, a, &sa), mb = ok_mvcc_order(ob, store, b, &sb);
    want = store == OK_MVCC_CRDB     ? crdb_cmp(a, na, b, nb)
           : store == OK_MVCC_BADGER ? badger_cmp(a, na, b, nb)
                                     : cmp_bytes(a, na, b, nb);
    got = cmp_bytes(oa, ma, ob, mb);
    if (got != want && bad++ < 3) {
      char ha[130], hb[130];
      to_hex(ha, a, na), to_hex(hb, b, nb);
      snprintf(detail, sizeof detail, "store %d: %s vs %s: %d, the store %d", store, ha, hb, got,
               want);
      check(0, "mvcc: ok_mvcc_order as the store orders", detail);
    }
  }
  snprintf(detail, sizeof detail, "store %d: %ld of %ld", store, bad, rounds);
  check(bad == 0, "mvcc: ok_mvcc_order as the store orders, random keys", detail);
}

/* 1 when p[0..n) is the bytes of hex. */
static int bytes_are(const uint8_t *p, size_t n, const char *hex) {
  uint8_t want[64];
  size_t k = from_hex(want, hex);
  return k == n && memcmp(p, want, n) == 0;
}

/* ok_mvcc_at's version of a time, or its refusal. */
static void at_is(int store, int64_t sec, int64_t nanos, uint32_t logical, int rc,
                  uint64_t version) {
  ok_mvcc m;
  char detail[120];
  int got = ok_mvcc_at(store, sec, nanos, logical, &m);
  snprintf(detail, sizeof detail, "store %d, %lld s %lld ns %u: %d, %llu", store, (long long)sec,
           (long long)nanos, logical, got, got == OK_OK ? (unsigned long long)m.version : 0ULL);
  check(got == rc && (rc != OK_OK ||
                      (m.version == version && m.kind == OK_MVCC_TIME && m.logical == logical)),
        "mvcc: ok_mvcc_at", detail);
}

/* A time made a version and read back as text: the text of the time. */
static void at_round_trips(long rounds) {
  long r, bad = 0;
  char want[64], got[64];
  for (r = 0; r < rounds; r++) {
    int crdb = (int)(r % 2);
    int64_t sec =
        crdb ? (int64_t)(rnd() % 18446744072ULL) - 9223372036 : (int64_t)(rnd() % 70368744177ULL);
    int64_t nanos = crdb ? (int64_t)(rnd() % 1000000000) : (int64_t)(rnd() % 1000) * 1000000;
    ok_mvcc m;
    size_t a, b;
    if (ok_mvcc_at(crdb ? OK_MVCC_CRDB : OK_MVCC_TIKV, sec, nanos, (uint32_t)(rnd() % 262144),
                   &m)) {
      bad++;
      continue;
    }
    a = ok_time_text(want, sec, nanos);
    b = ok_mvcc_time(got, crdb ? OK_MVCC_CRDB : OK_MVCC_TIKV, &m);
    bad += a != b || memcmp(want, got, a) != 0;
  }
  check(bad == 0, "mvcc: a time made a version reads back as that time", "");
}

void test_mvcc(long rounds) {
  uint8_t out[64], key[16];
  size_t len, err;
  ok_mvcc m;
  /* CockroachDB: none, wall, wall and logical, synthetic, zero logical, lock */
  split_is(OK_MVCC_CRDB, "BD8900", OK_OK, 0, 0, 2, OK_MVCC_NONE, 0, 0);
  split_is(OK_MVCC_CRDB, "00", OK_OK, 0, 0, 0, OK_MVCC_NONE, 0, 0);
  split_is(OK_MVCC_CRDB, "BD0017979CFE3D85CD1509", OK_OK, 0, 0, 1, OK_MVCC_TIME,
           1700000000123456789ULL, 0);
  split_is(OK_MVCC_CRDB, "BD0017979CFE3D85CD15000000020D", OK_OK, 0, 0, 1, OK_MVCC_TIME,
           1700000000123456789ULL, 2);
  split_is(OK_MVCC_CRDB, "BD0017979CFE3D85CD1500000002010E", OK_OK, 0, 0, 1, OK_MVCC_TIME,
           1700000000123456789ULL, 2);
  split_is(OK_MVCC_CRDB, "BD0017979CFE3D85CD15000000000D", OK_OK, 0, 0, 1, OK_MVCC_TIME,
           1700000000123456789ULL, 0);
  split_is(OK_MVCC_CRDB, "BD000300112233445566778899AABBCCDDEEFF12", OK_OK, 0, 0, 1, OK_MVCC_LOCK,
           0, 0);
  split_is(OK_MVCC_CRDB, "", OK_E_TRUNCATED, 0, 0, 0, 0, 0, 0);
  split_is(OK_MVCC_CRDB, "0109", OK_E_LENGTH, 1, 0, 0, 0, 0, 0);
  split_is(OK_MVCC_CRDB, "BD00112233445566770A", OK_E_LENGTH, 9, 0, 0, 0, 0, 0);
  split_is(OK_MVCC_CRDB, "BD01112233445566778809", OK_E_BYTE, 1, 0, 0, 0, 0, 0);
  /* TiKV: with its z, without, and groups refused at their byte (the z counted) */
  split_is(OK_MVCC_TIKV, "7A0000000000000000F7FFFFFFFFFFFFFFFA", OK_OK, 0, 1, 9, OK_MVCC_TIME, 5,
           5);
  split_is(OK_MVCC_TIKV, "0000000000000000F7FFFFFFFFFFFFFFFA", OK_OK, 0, 0, 9, OK_MVCC_TIME, 5, 5);
  split_is(OK_MVCC_TIKV, "7A00000000000000F8FFFFFFFFFFFFFFFF", OK_OK, 0, 0, 9, OK_MVCC_TIME, 0, 0);
  split_is(OK_MVCC_TIKV, "7A0000000000000000F70000000000000000", OK_OK, 0, 1, 9, OK_MVCC_TIME,
           UINT64_MAX, 262143);
  split_is(OK_MVCC_TIKV, "7A0000000000000000000000000000000000", OK_E_BYTE, 9, 0, 0, 0, 0, 0);
  split_is(OK_MVCC_TIKV, "7A0000000000000001F90000000000000000", OK_E_NONCANONICAL, 8, 0, 0, 0, 0,
           0);
  split_is(OK_MVCC_TIKV, "61626364656667686970FFFFFFFFFFFFFFFF", OK_E_LENGTH, 0, 0, 0, 0, 0, 0);
  split_is(OK_MVCC_TIKV, "0000", OK_E_TRUNCATED, 2, 0, 0, 0, 0, 0);
  /* Badger: a version, the largest, and no user key */
  split_is(OK_MVCC_BADGER, "616263FFFFFFFFFFFFFFFE", OK_OK, 0, 0, 3, OK_MVCC_TIME, 1, 0);
  split_is(OK_MVCC_BADGER, "610000000000000000", OK_OK, 0, 0, 1, OK_MVCC_TIME, UINT64_MAX, 0);
  split_is(OK_MVCC_BADGER, "FFFFFFFFFFFFFFFE", OK_E_TRUNCATED, 8, 0, 0, 0, 0, 0);
  /* times */
  time_is(OK_MVCC_CRDB, "BD0017979CFE3D85CD15000000020D", "2023-11-14T22:13:20.123456789Z");
  time_is(OK_MVCC_CRDB, "BD00000000000000000009", "1970-01-01T00:00:00Z");
  time_is(OK_MVCC_CRDB, "BD00FFFFFFFFFFFFFFFF09", "1969-12-31T23:59:59.999999999Z");
  time_is(OK_MVCC_CRDB, "BD007FFFFFFFFFFFFFFF09", "2262-04-11T23:47:16.854775807Z");
  time_is(OK_MVCC_CRDB, "BD00800000000000000009", "1677-09-21T00:12:43.145224192Z");
  time_is(OK_MVCC_CRDB, "BD8900", "");
  time_is(OK_MVCC_CRDB, "BD000300112233445566778899AABBCCDDEEFF12", "");
  time_is(OK_MVCC_TIKV, "7A0000000000000000F70000000000000000", "4199-11-24T01:22:57.663Z");
  time_is(OK_MVCC_TIKV, "0000000000000000F7FFFFFFFFFFFFFFFF", "1970-01-01T00:00:00Z");
  time_is(OK_MVCC_BADGER, "616263FFFFFFFFFFFFFFFE", "");
  /* joins: sized as written; what a store does not write refused */
  memset(&m, 0, sizeof m);
  m.kind = OK_MVCC_TIME, m.version = 7, m.logical = 3;
  from_hex(key, "0000000000000000F7");
  check(ok_mvcc_join(NULL, &len, OK_MVCC_TIKV, key, 9, &m, &err) == OK_OK && len == 18 &&
            ok_mvcc_join(out, &len, OK_MVCC_TIKV, key, 9, &m, &err) == OK_OK &&
            bytes_are(out, len, "7A0000000000000000F7FFFFFFFFFFFFFFF8"),
        "mvcc: TiKV joined with its z, ~ts", "");
  check(ok_mvcc_join(out, &len, OK_MVCC_BADGER, key, 2, &m, &err) == OK_OK &&
            bytes_are(out, len, "0000FFFFFFFFFFFFFFF8"),
        "mvcc: Badger joined, MaxUint64 - version", "");
  check(ok_mvcc_join(out, &len, OK_MVCC_CRDB, key, 2, &m, &err) == OK_OK &&
            bytes_are(out, len, "0000000000000000000007000000030D"),
        "mvcc: CockroachDB joined, wall and logical", "");
  check(ok_mvcc_join(out, &len, OK_MVCC_TIKV, key, 8, &m, &err) == OK_E_LENGTH &&
            ok_mvcc_join(out, &len, OK_MVCC_BADGER, key, 0, &m, &err) == OK_E_LENGTH,
        "mvcc: a TiKV key of no groups, Badger's empty key refused", "");
  m.kind = OK_MVCC_LOCK;
  check(ok_mvcc_join(out, &len, OK_MVCC_CRDB, key, 2, &m, &err) == OK_E_TYPE,
        "mvcc: a lock table's version is not written", "");
  m.kind = OK_MVCC_NONE;
  check(ok_mvcc_join(out, &len, OK_MVCC_BADGER, key, 2, &m, &err) == OK_E_TYPE &&
            ok_mvcc_join(out, &len, OK_MVCC_CRDB, key, 2, &m, &err) == OK_OK && len == 3 &&
            out[2] == 0,
        "mvcc: no version, CockroachDB's alone", "");
  m.kind = OK_MVCC_TIME, m.version = 0, m.logical = 0;
  check(ok_mvcc_join(out, &len, OK_MVCC_CRDB, key, 2, &m, &err) == OK_OK && len == 3,
        "mvcc: CockroachDB writes a zero timestamp as none", "");
  /* times made versions, to the int64 and 2^64 ends */
  at_is(OK_MVCC_CRDB, 1700000000, 123456789, 2, OK_OK, 1700000000123456789ULL);
  at_is(OK_MVCC_CRDB, 9223372036, 854775807, 0, OK_OK, INT64_MAX);
  at_is(OK_MVCC_CRDB, 9223372036, 854775808, 0, OK_E_RANGE, 0);
  at_is(OK_MVCC_CRDB, -9223372037, 145224192, 0, OK_OK, (uint64_t)INT64_MIN);
  at_is(OK_MVCC_CRDB, -9223372037, 145224191, 0, OK_E_RANGE, 0);
  at_is(OK_MVCC_CRDB, -1, 999999999, 0, OK_OK, UINT64_MAX);
  at_is(OK_MVCC_TIKV, 1699672798, 529000000, 7, OK_OK, 445559026097586183ULL);
  at_is(OK_MVCC_TIKV, 70368744177, 663000000, 262143, OK_OK, UINT64_MAX);
  at_is(OK_MVCC_TIKV, 70368744177, 664000000, 0, OK_E_RANGE, 0);
  at_is(OK_MVCC_TIKV, -1, 999000000, 0, OK_E_RANGE, 0);
  at_is(OK_MVCC_TIKV, 0, 0, 262144, OK_E_RANGE, 0);
  at_is(OK_MVCC_TIKV, 0, 1, 0, OK_E_NONCANONICAL, 0);
  at_is(OK_MVCC_BADGER, 0, 0, 0, OK_E_TYPE, 0);
  at_round_trips(rounds);
  order_agrees(OK_MVCC_CRDB, rounds);
  order_agrees(OK_MVCC_TIKV, rounds);
  order_agrees(OK_MVCC_BADGER, rounds);
}
