/*
** collate.c -- the collations ok's keys mirror, by their SQL names; text
** under a collation as key bytes (ok_collate and ok_prefix in native.c);
** and the collations ok_natural, IDBKEY (WebKit's IndexedDB keys) and
** idb_cmp1 (Chrome's LevelDB keys of IndexedDB) for SQLite.
**
**   SELECT name FROM t ORDER BY name COLLATE ok_natural;  -- item9 < item10
**   CREATE INDEX t_name ON t(ok_pack(ok_collate(name, 'NOCASE'), id));
**
** For each collation C, ORDER BY x COLLATE C and ORDER BY ok_pack(ok_collate
** (x, C)) agree row for row, and texts equal under C give identical keys.
*/
#include "collate.h"

#include <string.h>

#include "../src/ok_chrome.h"
#include "../src/ok_webkit.h"

static const struct {
  const char *name;
  int tag;
} collations[] = {
    {"BINARY", OK_TAG_TEXT},
    {"NOCASE", OK_TAG_NOCASE},
    {"RTRIM", OK_TAG_RTRIM},
    {"ok_natural", OK_TAG_NATURAL},
};

int ok_sql_collation_tag(const char *name) {
  size_t i;
  for (i = 0; name && i < sizeof collations / sizeof collations[0]; i++) {
    if (sqlite3_stricmp(name, collations[i].name) == 0) return collations[i].tag;
  }
  return -1;
}

const char *ok_sql_collation_name(int tag) {
  size_t i;
  for (i = 0; i < sizeof collations / sizeof collations[0]; i++) {
    if (collations[i].tag == tag) return collations[i].name;
  }
  return NULL;
}

int ok_sql_collation_arg(sqlite3_context *ctx, sqlite3_value *v) {
  const char *name;
  size_t n;
  int tag;
  if (sqlite3_value_type(v) == SQLITE_NULL) {
    ok_sql_error(ctx, "unknown collation NULL (known: BINARY, NOCASE, RTRIM, ok_natural)");
    return -1;
  }
  if (!ok_sql_bytes(ctx, v, (const uint8_t **)(void *)&name, &n)) return -1;
  tag = sqlite3_value_type(v) == SQLITE_TEXT ? ok_sql_collation_tag(name) : -1;
  if (tag < 0)
    ok_sql_error(ctx,
                 "unknown collation " OK_SQL_ECHO " (known: BINARY, NOCASE, RTRIM, ok_natural)",
                 OK_SQL_ECHO_ARGS(name));
  return tag;
}

size_t ok_sql_collated(sqlite3_context *ctx, int tag, const uint8_t *s, size_t n, int terminated,
                       uint8_t *stack, size_t cap, uint8_t **out) {
  uint8_t tstack[256], *t = (uint8_t *)s;
  size_t tn = n, len;
  *out = NULL;
  if (tag != OK_TAG_TEXT && tag != OK_TAG_BLOB) { /* else no transform: no copy */
    tn = ok_collate_transform(NULL, tag, s, n);
    if (!(t = ok_sql_scratch(ctx, tstack, sizeof tstack, tn))) return 0;
    ok_collate_transform(t, tag, s, n);
  }
  len = ok_enc_bytes(NULL, tag, t, tn, terminated, 0);
  if ((*out = ok_sql_scratch(ctx, stack, cap, len))) ok_enc_bytes(*out, tag, t, tn, terminated, 0);
  if (t != s) ok_sql_scratch_free(t, tstack);
  return *out ? len : 0;
}

static int natural_compare(void *arg, int na, const void *a, int nb, const void *b) {
  (void)arg;
  return ok_natural_cmp(a, (size_t)na, b, (size_t)nb);
}

/* WebKit's own name for the order of its IndexedDB keys, which its files'
** indexes are built in: without it SQLite cannot read them
** ("no such collation sequence: IDBKEY"). */
static int idbkey_compare(void *arg, int na, const void *a, int nb, const void *b) {
  (void)arg;
  return ok_webkit_compare(a, (size_t)na, b, (size_t)nb);
}

/* Chrome's comparator of its IndexedDB's LevelDB keys, by the name its
** stores record: for keys held as TEXT (a BLOB's order is its bytes'). */
static int idb_cmp1_compare(void *arg, int na, const void *a, int nb, const void *b) {
  (void)arg;
  return ok_chrome_compare(a, (size_t)na, b, (size_t)nb);
}

int ok_sql_collation_register(sqlite3 *db) {
  int rc = sqlite3_create_collation_v2(db, "ok_natural", SQLITE_UTF8, NULL, natural_compare, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_collation_v2(db, "IDBKEY", SQLITE_UTF8, NULL, idbkey_compare, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_collation_v2(db, OK_CHROME_COMPARATOR, SQLITE_UTF8, NULL, idb_cmp1_compare,
                                     NULL);
  return rc;
}
