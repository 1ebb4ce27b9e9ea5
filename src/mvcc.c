/*
** mvcc.c -- the versions MVCC stores keep after a user key: CockroachDB's
** (Pebble's engine keys), TiKV's and Badger's (ok.h says each layout).
** Their keys are split, joined and given a native key that sorts as the
** store does, for the orders that are not the bytes' own.
*/
#include "internal.h"

#define CRDB_WALL 8
#define CRDB_LOGICAL 12   /* wall and logical */
#define CRDB_SYNTHETIC 13 /* wall, logical and the legacy synthetic byte */
#define CRDB_LOCK 17      /* a lock table's: strength and transaction id */
#define TS_LEN 8          /* TiKV's and Badger's inverted big-endian version */
#define TIKV_DATA 'z'     /* TiKV's prefix of data keys on disk */

static int fail(int status, size_t at, size_t *err_at) {
  *err_at = at;
  return status;
}

/* A TiKV user key p[0..n): memcomparable groups of 8 bytes and a marker,
** 0xFF but in the last group, where it is 0xFF less the zeros padding it. */
static int tikv_groups(const uint8_t *p, size_t n, size_t *err_at) {
  size_t i, pad;
  if (n == 0 || n % 9) return fail(OK_E_LENGTH, 0, err_at);
  for (i = 8; i < n - 1; i += 9)
    if (p[i] != 0xFF) return fail(OK_E_BYTE, i, err_at);
  if ((pad = 0xFF - (size_t)p[n - 1]) > 8 || pad == 0) return fail(OK_E_BYTE, n - 1, err_at);
  for (i = n - 1 - pad; i < n - 1; i++)
    if (p[i]) return fail(OK_E_NONCANONICAL, i, err_at);
  return OK_OK;
}

static int split_crdb(const uint8_t *p, size_t n, ok_mvcc *m, size_t *err_at) {
  size_t last, v;
  if (n == 0) return fail(OK_E_TRUNCATED, 0, err_at);
  last = p[n - 1];
  if (last == 0) { /* the sentinel alone: no version */
    m->key_len = m->ver_at = n - 1;
    return OK_OK;
  }
  v = last - 1;
  if (last >= n || (v != CRDB_WALL && v != CRDB_LOGICAL && v != CRDB_SYNTHETIC && v != CRDB_LOCK))
    return fail(OK_E_LENGTH, n - 1, err_at);
  m->key_len = n - 1 - last;
  if (p[m->key_len] != 0) return fail(OK_E_BYTE, m->key_len, err_at);
  m->ver_at = m->key_len + 1;
  if (v == CRDB_LOCK) {
    m->kind = OK_MVCC_LOCK, m->ver_len = v;
    return OK_OK;
  }
  m->kind = OK_MVCC_TIME;
  m->version = ok_get_be(p + m->ver_at, 8, 0);
  if (v >= CRDB_LOGICAL) m->logical = (uint32_t)ok_get_be(p + m->ver_at + 8, 4, 0);
  /* compared as Pebble does: without the synthetic byte, nor a zero logical */
  m->ver_len = m->logical ? CRDB_LOGICAL : CRDB_WALL;
  return OK_OK;
}

int ok_mvcc_split(int store, const uint8_t *p, size_t n, ok_mvcc *m, size_t *err_at) {
  int rc;
  memset(m, 0, sizeof *m);
  if (store == OK_MVCC_CRDB) return split_crdb(p, n, m, err_at);
  /* Badger's keys are not empty (its ParseTs reads 8 bytes alone as version 0) */
  if (n < TS_LEN + (store == OK_MVCC_BADGER)) return fail(OK_E_TRUNCATED, n, err_at);
  m->kind = OK_MVCC_TIME;
  m->ver_at = n - TS_LEN, m->ver_len = TS_LEN;
  m->version = ~ok_get_be(p + m->ver_at, 8, 0);
  m->key_len = n - TS_LEN;
  if (store != OK_MVCC_TIKV) return OK_OK;
  /* with 'z' or without: a user key is groups of 9, so the lengths differ */
  m->key_at = n % 9 == 0 && p[0] == TIKV_DATA;
  m->key_len -= m->key_at;
  m->logical = (uint32_t)(m->version & ((1u << OK_MVCC_TIKV_LOGICAL_BITS) - 1));
  rc = tikv_groups(p + m->key_at, m->key_len, err_at);
  if (rc != OK_OK) *err_at += m->key_at;
  return rc;
}

int ok_mvcc_join(uint8_t *out, size_t *len, int store, const uint8_t *key, size_t n,
                 const ok_mvcc *m, size_t *err_at) {
  size_t o = 0, v;
  int rc;
  if (m->kind == OK_MVCC_LOCK || (store != OK_MVCC_CRDB && m->kind != OK_MVCC_TIME))
    return fail(OK_E_TYPE, n, err_at);
  if (store == OK_MVCC_CRDB) {
    v = m->kind == OK_MVCC_NONE || (!m->version && !m->logical) ? 0
        : m->logical                                            ? CRDB_LOGICAL
                                                                : CRDB_WALL;
    *len = n + 1 + (v ? v + 1 : 0);
    if (!out) return OK_OK;
    memcpy(out, key, n);
    out[n] = 0;
    if (!v) return OK_OK;
    ok_put_be(out + n + 1, m->version, 8);
    if (v == CRDB_LOGICAL) ok_put_be(out + n + 1 + 8, m->logical, 4);
    out[*len - 1] = (uint8_t)(v + 1);
    return OK_OK;
  }
  if (store == OK_MVCC_TIKV && (rc = tikv_groups(key, n, err_at)) != OK_OK) return rc;
  if (store == OK_MVCC_BADGER && n == 0) return fail(OK_E_LENGTH, 0, err_at);
  *len = (store == OK_MVCC_TIKV) + n + TS_LEN;
  if (!out) return OK_OK;
  if (store == OK_MVCC_TIKV) out[o++] = TIKV_DATA;
  memcpy(out + o, key, n);
  ok_put_be(out + o + n, ~m->version, TS_LEN);
  return OK_OK;
}

size_t ok_mvcc_order(uint8_t *out, int store, const uint8_t *p, const ok_mvcc *m) {
  size_t len = ok_enc_bytes(out, OK_TAG_BLOB, p + m->key_at, m->key_len, 1, 0);
  if (m->kind == OK_MVCC_NONE) return len;
  /* CockroachDB compares versions' bytes in reverse; TiKV and Badger
  ** wrote them inverted */
  return len + ok_enc_bytes(out ? out + len : NULL, OK_TAG_BLOB, p + m->ver_at, m->ver_len, 1,
                            store == OK_MVCC_CRDB);
}

#define WALL_SECONDS_MAX (INT64_MAX / 1000000000) /* int64 nanoseconds: 1677 to 2262 */
#define TIKV_MS_LIMIT ((int64_t)1 << (64 - OK_MVCC_TIKV_LOGICAL_BITS))

int ok_mvcc_at(int store, int64_t sec, int64_t nanos, uint32_t logical, ok_mvcc *m) {
  int64_t ms;
  m->kind = OK_MVCC_TIME, m->logical = logical;
  if (store == OK_MVCC_CRDB) {
    /* the int64 ends exactly: a time before 1970 as the second after its
    ** floor less a fraction, so that no product overflows */
    int neg = sec < 0;
    if (sec < -WALL_SECONDS_MAX - 1 || sec > WALL_SECONDS_MAX ||
        (sec == WALL_SECONDS_MAX && nanos > INT64_MAX % 1000000000) ||
        (sec == -WALL_SECONDS_MAX - 1 && nanos - 1000000000 < INT64_MIN % 1000000000))
      return OK_E_RANGE;
    m->version = (uint64_t)((sec + neg) * 1000000000 + (nanos - (neg ? 1000000000 : 0)));
    return OK_OK;
  }
  if (store != OK_MVCC_TIKV) return OK_E_TYPE;
  if (logical >> OK_MVCC_TIKV_LOGICAL_BITS || sec < 0 || sec > TIKV_MS_LIMIT / 1000)
    return OK_E_RANGE;
  if (nanos % 1000000) return OK_E_NONCANONICAL;
  if ((ms = sec * 1000 + nanos / 1000000) >= TIKV_MS_LIMIT) return OK_E_RANGE;
  m->version = (uint64_t)ms << OK_MVCC_TIKV_LOGICAL_BITS | logical; /* TimeStamp::compose */
  return OK_OK;
}

size_t ok_mvcc_time(char *out, int store, const ok_mvcc *m) {
  int64_t t;
  if (m->kind != OK_MVCC_TIME || store == OK_MVCC_BADGER) return 0;
  if (store == OK_MVCC_CRDB) {
    t = (int64_t)m->version; /* nanoseconds; floored seconds, as a time before 1970 counts */
    return ok_time_text(out, t / 1000000000 - (t % 1000000000 < 0),
                        t % 1000000000 + (t % 1000000000 < 0 ? 1000000000 : 0));
  }
  t = (int64_t)(m->version >> OK_MVCC_TIKV_LOGICAL_BITS); /* milliseconds, at most 2^46 */
  return ok_time_text(out, t / 1000, t % 1000 * 1000000);
}
