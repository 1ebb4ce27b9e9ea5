/*
** chrome.c -- unit tests of Chrome's LevelDB keys of IndexedDB
** (src/chrome.c): every kind read with its fields, the values stored at
** them, the errors at their bytes; a list of keys of every kind in the
** order Chromium's coding gives them (by its rules as
** indexed_db_leveldb_coding.cc writes them), each pair compared; and
** idb_cmp1 as the order an index and a sorted file need, over pools of
** valid, mutated and unreadable keys of every kind: every pair
** antisymmetric, every triple transitive, equal keys only where Chrome's
** coding reads no difference (-0 and 0, bytes it does not read).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok_chrome.h"
#include "test.h"

/* Hex (spaces allowed) into out: the byte count. */
static size_t unhex(uint8_t *out, const char *h) {
  size_t n = 0;
  while (*h) {
    unsigned v;
    if (*h == ' ') {
      h++;
      continue;
    }
    sscanf(h, "%2x", &v);
    out[n++] = (uint8_t)v, h += 2;
  }
  return n;
}

/* Keys in Chrome's order, ascending: each pair of the list compares so. */
static const char *const ordered[] = {
    "00 00 00 00 00",                                   /* schema version */
    "00 00 00 00 01",                                   /* max database id */
    "00 00 00 00 02",                                   /* data version */
    "00 00 00 00 32 01",                                /* scopes: by bytes */
    "00 00 00 00 32 02 00",                             /* */
    "00 00 00 00 64 05",                                /* database free list, id 5 */
    "00 00 00 00 C9 01 0061 00",                        /* database name: origin "a", name "" */
    "00 00 00 00 C9 01 0061 01 0061",                   /* origin "a", name "a" */
    "00 00 00 00 C9 02 0061 0061 00",                   /* origin "aa" */
    "00 00 00 00 C9 01 0062 00",                        /* origin "b" */
    "00 01 00 00 00",                                   /* database 1: origin name */
    "00 01 00 00 04",                                   /* its version */
    "00 01 00 00 32 01 00",                             /* store 1: name */
    "00 01 00 00 32 01 07",                             /* store 1: key generator */
    "00 01 00 00 32 02 00",                             /* store 2: name */
    "00 01 00 00 32 80 01 00",                          /* store 128 (a two-byte varint) */
    "00 01 00 00 64 01 1E 00",                          /* index 30 of store 1: name */
    "00 01 00 00 64 01 1E 03",                          /* its multi-entry flag */
    "00 01 00 00 64 01 1F 00",                          /* index 31 */
    "00 01 00 00 96 01",                                /* store free list */
    "00 01 00 00 97 01 1E",                             /* index free list */
    "00 01 00 00 C8 01 0061",                           /* store name "a" */
    "00 01 00 00 C8 01 0062",                           /* store name "b" */
    "00 01 00 00 C9 01 01 0061",                        /* index name "a" of store 1 */
    "00 01 01 01",                                      /* a record's bound: no key */
    "00 01 01 01 03 000000000000F0BF",                  /* record -1 */
    "00 01 01 01 03 0000000000000000",                  /* record 0 */
    "00 01 01 01 03 000000000000F03F",                  /* record 1 */
    "00 01 01 01 02 0000000000000000",                  /* record Date 0 */
    "00 01 01 01 01 00",                                /* record '' */
    "00 01 01 01 01 01 0061",                           /* record 'a' */
    "00 01 01 01 01 02 0061 0061",                      /* 'aa' */
    "00 01 01 01 01 01 D83D",                           /* a lone high surrogate: by unit */
    "00 01 01 01 01 01 FFFF",                           /* U+FFFF after it */
    "00 01 01 01 06 00",                                /* binary, empty */
    "00 01 01 01 06 01 00",                             /* */
    "00 01 01 01 06 01 FF",                             /* */
    "00 01 01 01 04 00",                                /* [] */
    "00 01 01 01 04 01 03 000000000000F03F",            /* [1] */
    "00 01 01 01 04 01 01 01 0061",                     /* ['a'] */
    "00 01 01 01 04 02 01 01 0061 03 0000000000000000", /* ['a', 0] */
    "00 01 01 02 03 0000000000000000",                  /* exists 0 */
    "00 01 01 03 03 0000000000000000",                  /* blob entry 0 */
    "00 01 01 1E 03 0000000000000000",                  /* index 30: key 0, no sequence */
    "00 01 01 1E 03 0000000000000000 00 03 0000000000000000", /* primary 0 */
    "00 01 01 1E 03 0000000000000000 00 03 000000000000F03F", /* primary 1 */
    "00 01 01 1E 03 000000000000F03F 00 01 00",               /* key 1 */
    "00 01 01 1F 03 0000000000000000",                        /* index 31 */
    "00 01 02 01 03 0000000000000000",                        /* store 2 */
    "04 01 2C01 01 03 0000000000000000",                      /* store 300, two bytes */
    "00 02 00 00 00",                                         /* database 2 */
    "20 0001 00 00 00",                                       /* database 256 */
    /* keys Chrome's coding does not read: after all, by bytes */
    "00 01 01 01 07",                  /* no key type 7 */
    "00 01 01 04 03 0000000000000000", /* index 4: no kind */
    "E0 FFFFFFFFFFFFFFFF 00 00 00",    /* a database id past int64 */
};

/* Pairs Chrome's coding reads as one key. */
static const char *const equal[][2] = {
    {"00 01 01 01 03 0000000000000080", "00 01 01 01 03 0000000000000000"}, /* -0, 0 */
    {"00 00 00 00 00 05", "00 00 00 00 00"},       /* a simple type's bytes after */
    {"00 01 01 01 01 00 FF", "00 01 01 01 01 00"}, /* bytes after a record's key */
    /* index entries without a primary key: their sequence numbers unread */
    {"00 01 01 1E 03 0000000000000000 05", "00 01 01 1E 03 0000000000000000 00"},
    {"20 0001 00 00 00", "40 000100 00 00 00"}, /* id 256 in two or three bytes */
};

static void test_order(void) {
  uint8_t a[64], b[64];
  size_t i, j, n = sizeof ordered / sizeof ordered[0], bad = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      size_t na = unhex(a, ordered[i]), nb = unhex(b, ordered[j]);
      int want = (i > j) - (i < j), got = ok_chrome_compare(a, na, b, nb);
      if (got != want && bad++ < 3) check(0, "idb_cmp1: the list's order", ordered[i]);
    }
  check(bad == 0, "idb_cmp1: keys of every kind in Chrome's order", "");
  for (i = 0; i < sizeof equal / sizeof equal[0]; i++) {
    size_t na = unhex(a, equal[i][0]), nb = unhex(b, equal[i][1]);
    check(ok_chrome_compare(a, na, b, nb) == 0 && ok_chrome_compare(b, nb, a, na) == 0,
          "idb_cmp1: one key to Chrome", equal[i][0]);
  }
}

static void test_read(void) {
  uint8_t k[64], v[64];
  ok_chrome_key key;
  ok_chrome_value val;
  size_t n, nv, err = 0;
  uint8_t json[64];
  /* a database name: origin and name, its id an Int */
  n = unhex(k, "00 00 00 00 C9 02 0061 0062 01 0078");
  nv = unhex(v, "2C01");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_OK && key.kind == OK_CHROME_GLOBAL &&
            key.type == OK_CHROME_DATABASE_NAME && key.origin_units == 2 && key.name_units == 1 &&
            strcmp(ok_chrome_what(&key), "database name") == 0,
        "chrome: a database name key", "");
  check(ok_chrome_value_read(&key, v, nv, &val, &err) == OK_OK && val.type == OK_CHROME_V_INT &&
            val.i == 300,
        "chrome: a database's id, an Int", "");
  /* an index's key path, an array */
  n = unhex(k, "00 01 00 00 64 02 1F 02");
  nv = unhex(v, "00 00 02 02 01 0061 02 0062 0063");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_OK && key.kind == OK_CHROME_DATABASE &&
            key.id == 2 && key.sub == 31 && key.meta == 2 &&
            strcmp(ok_chrome_what(&key), "index key path") == 0 &&
            ok_chrome_value_read(&key, v, nv, &val, &err) == OK_OK && val.type == OK_CHROME_V_PATH,
        "chrome: an index's key path", "");
  json[ok_chrome_path_json(json, val.p, val.n)] = 0;
  check(strcmp((char *)json, "[\"a\",\"bc\"]") == 0, "chrome: a key path as JSON", (char *)json);
  nv = unhex(v, "0061 0062"); /* untyped, older: a string */
  json[ok_chrome_value_read(&key, v, nv, &val, &err) == OK_OK
           ? ok_chrome_path_json(json, val.p, val.n)
           : 0] = 0;
  check(strcmp((char *)json, "\"ab\"") == 0, "chrome: an untyped key path", (char *)json);
  nv = unhex(v, "00 00 03");
  check(ok_chrome_value_read(&key, v, nv, &val, &err) == OK_E_TAG && err == 2,
        "chrome: a key path of no type refused at its type", "");
  /* an index entry: key, sequence, primary key; its value a version and the key */
  n = unhex(k, "00 01 02 1E 01 01 0061 00 03 000000000000F03F");
  nv = unhex(v, "8102 03 000000000000F03F");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_OK && key.kind == OK_CHROME_INDEX &&
            key.store == 2 && key.index == 30 && key.key_len == 4 && key.seq == 0 &&
            key.primary_len == 9 && ok_chrome_value_read(&key, v, nv, &val, &err) == OK_OK &&
            val.version == 257 && val.type == OK_CHROME_V_KEY && val.n == 9,
        "chrome: an index entry and its value", "");
  /* an exists entry: its version an Int */
  n = unhex(k, "00 01 02 02 01 00");
  nv = unhex(v, "1F01");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_OK && key.kind == OK_CHROME_EXISTS &&
            ok_chrome_value_read(&key, v, nv, &val, &err) == OK_OK && val.version == 287,
        "chrome: an exists entry's version", "");
  /* ids of several bytes */
  n = unhex(k, "2D 0001 00000100 0100 03 0000000000000000");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_OK && key.database == 256 &&
            key.store == 65536 && key.index == 1 && key.kind == OK_CHROME_RECORD,
        "chrome: ids of two, four and two bytes", "");
  /* errors at their bytes */
  n = unhex(k, "00 01 01 01 03 0000");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_E_TRUNCATED && err == n,
        "chrome: a record's key cut short", "");
  n = unhex(k, "00 01 01 01 03 0000000000000000 07");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_E_TRAILING && err == 13,
        "chrome: bytes after a record's key", "");
  n = unhex(k, "00 01 01 01 05");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_E_TAG && err == 4,
        "chrome: the minimum, never stored, refused", "");
  n = unhex(k, "00 01 01 01 01 8000");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_E_NONCANONICAL && err == 4,
        "chrome: a varint longer than Chrome writes", "");
  n = unhex(k, "00 01 00 00 07");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_E_TAG && err == 4,
        "chrome: a metadata type of none", "");
  n = unhex(k, "E0 FFFFFFFFFFFFFFFF 00 00 00");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_E_RANGE && err == 0,
        "chrome: a database id past int64", "");
  n = unhex(k, "00 01 01");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_E_TRUNCATED && err == n,
        "chrome: a prefix cut short", "");
  nv = unhex(v, "0061 00");
  n = unhex(k, "00 01 00 00 32 01 00");
  check(ok_chrome_key_read(k, n, &key, &err) == OK_OK &&
            ok_chrome_value_read(&key, v, nv, &val, &err) == OK_E_TRUNCATED,
        "chrome: a store's name of an odd byte count", "");
}

/* A pool's key: of a random kind, then maybe mutated. */
static size_t pool_key(uint8_t *out) {
  static const char *const shapes[] = {"00 00 00 00 00",
                                       "00 00 00 00 00 07",
                                       "00 00 00 00 32 01",
                                       "00 00 00 00 64 01",
                                       "00 00 00 00 C9 01 0061 00",
                                       "00 01 00 00 01",
                                       "00 01 00 00 32 01 00",
                                       "00 01 00 00 64 01 1E 02",
                                       "00 01 00 00 C8 01 0061",
                                       "00 01 00 00 C9 01 01 0061",
                                       "00 01 01 02 01 00",
                                       "00 01 01 1E 01 00",
                                       "00 01 01 1E 01 00 00",
                                       "00 01 01 1E 01 00 01 03 0000000000000080"};
  size_t n, i;
  switch (rnd() % 6) {
    case 0: n = unhex(out, shapes[rnd() % (sizeof shapes / sizeof shapes[0])]); break;
    case 1: { /* numbers around 0, NaN among them */
      static const char *const nums[] = {"0000000000000000", "0000000000000080", "000000000000F03F",
                                         "000000000000F87F", "010000000000F87F"};
      n = unhex(out, "00 01 01 01 04 02 03");
      n += unhex(out + n, nums[rnd() % 5]);
      out[n++] = 0x03;
      n += unhex(out + n, nums[rnd() % 5]);
      break;
    }
    case 2: { /* arrays deeper than ok counts, different inside */
      size_t depth = OK_CHROME_DEPTH - 1 + (size_t)(rnd() % 3);
      n = unhex(out, "00 01 01 01");
      for (i = 0; i < depth; i++) out[n++] = OK_CHROME_ARRAY, out[n++] = 1;
      n += ok_chrome_enc_number(out + n, OK_CHROME_NUMBER, (double)(rnd() % 3));
      break;
    }
    default: { /* a record or an index entry of random short keys */
      uint8_t s[4];
      size_t len, err, m = (size_t)(rnd() % 3);
      n = unhex(out, rnd() % 2 ? "00 01 01 01" : "00 01 01 1E");
      for (i = 0; i < 1 + (out[3] == 0x1E) * 2; i++) {
        if (i == 1) {
          out[n++] = (uint8_t)(rnd() % 2);
          continue;
        }
        if (rnd() % 2) {
          n += ok_chrome_enc_number(out + n, OK_CHROME_NUMBER, (double)(rnd() % 3) - 1);
        } else {
          for (len = 0; len < m; len++) s[len] = (uint8_t)('a' + rnd() % 2);
          ok_chrome_enc_string(out + n, &len, s, m, &err);
          n += len;
        }
      }
    }
  }
  return damage(out, n);
}

static void test_total(long pools) {
  enum { N = 80, ROOM = OK_CHROME_DEPTH * 2 + 64 };
  static uint8_t key[N][ROOM];
  size_t n[N];
  order_tally t = {0, 0, 0, 0};
  long pool;
  int i;
  for (pool = 0; pool < pools; pool++) {
    for (i = 0; i < N; i++) n[i] = pool_key(key[i]);
    order_faults(ok_chrome_compare, &key[0][0], ROOM, n, N, &t);
  }
  check(t.self == 0, "idb_cmp1: every key equals itself", "");
  check(t.swap == 0, "idb_cmp1: antisymmetric on valid, mutated and unreadable keys", "");
  check(t.trans == 0, "idb_cmp1: transitive on every triple, ties included", "");
  check(t.ties > 0, "idb_cmp1: the pools held distinct keys Chrome reads as one", "");
}

void test_chrome(long pools) {
  test_order();
  test_read();
  test_total(pools);
}
