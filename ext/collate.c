/*
** collate.c -- the ok_natural collation, and ok_collate(x, name): TEXT
** packed as a key component that sorts under a collation.
**
**   SELECT name FROM t ORDER BY name COLLATE ok_natural;  -- item9 < item10
**   CREATE INDEX t_name ON t(ok_pack(ok_collate(name, 'NOCASE'), id));
**
** For each collation C, ORDER BY x COLLATE C and ORDER BY ok_pack(ok_collate
** (x, C)) agree row for row, and texts equal under C give identical keys.
*/
#include <string.h>

#include "common.h"

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
  const char *name = (const char *)sqlite3_value_text(v);
  int tag = sqlite3_value_type(v) == SQLITE_TEXT ? ok_sql_collation_tag(name) : -1;
  if (tag < 0) {
    ok_sql_error(ctx, "unknown collation %s%s%s (known: BINARY, NOCASE, RTRIM, ok_natural)",
                 name ? "'" : "", name ? name : "NULL", name ? "'" : "");
  }
  return tag;
}

size_t ok_sql_collated(sqlite3_context *ctx, int tag, const uint8_t *s, size_t n, int terminated,
                       uint8_t *stack, size_t cap, uint8_t **out) {
  uint8_t tstack[256], *t = tstack;
  size_t tn = n, len;
  *out = NULL;
  if (tag == OK_TAG_TEXT || tag == OK_TAG_BLOB) { /* no transform: no copy */
    t = (uint8_t *)s;
  } else {
    tn = ok_collate_transform(NULL, tag, s, n);
    if (tn > sizeof tstack && !(t = sqlite3_malloc64(tn))) {
      sqlite3_result_error_nomem(ctx);
      return 0;
    }
    ok_collate_transform(t, tag, s, n);
  }
  len = ok_enc_bytes(NULL, tag, t, tn, terminated, 0);
  if (!ok_sql_too_big(ctx, len)) {
    *out = len <= cap ? stack : sqlite3_malloc64(len);
    if (*out)
      ok_enc_bytes(*out, tag, t, tn, terminated, 0);
    else
      sqlite3_result_error_nomem(ctx);
  }
  if (t != tstack && t != s) sqlite3_free(t);
  return *out ? len : 0;
}

/* ok_collate(x, collation): x is TEXT (or NULL, which packs as NULL). */
void ok_collate_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int t = sqlite3_value_type(argv[0]), tag;
  const uint8_t *s;
  uint8_t *out, stack[256];
  size_t n;
  (void)argc;
  if ((tag = ok_sql_collation_arg(ctx, argv[1])) < 0) return;
  if (t == SQLITE_NULL) {
    uint8_t null_key[1];
    ok_enc_null(null_key, 0);
    ok_sql_result_piece(ctx, null_key, 1, OK_SUBTYPE, 0);
    return;
  }
  if (t != SQLITE_TEXT) {
    ok_sql_error(ctx, "the value must be TEXT (or NULL)");
    return;
  }
  s = sqlite3_value_text(argv[0]);
  n = (size_t)sqlite3_value_bytes(argv[0]);
  if (!s) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if ((n = ok_sql_collated(ctx, tag, s, n, 1, stack, sizeof stack, &out)) > 0) {
    ok_sql_result_piece(ctx, out, n, OK_SUBTYPE, out != stack);
  }
}

static int natural_compare(void *arg, int na, const void *a, int nb, const void *b) {
  (void)arg;
  return ok_natural_cmp(a, (size_t)na, b, (size_t)nb);
}

int ok_collation_register(sqlite3 *db) {
  return sqlite3_create_collation_v2(db, "ok_natural", SQLITE_UTF8, NULL, natural_compare, NULL);
}
