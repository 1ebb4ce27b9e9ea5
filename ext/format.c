/*
** format.c -- the table of key formats, pieces, and the one loop that
** builds keys for every format from its descriptor's hooks.
*/
#include "format.h"

#include <string.h>

/* The registry's formats, in its order (the order ok_formats() lists). */
#define OK_SQL_FORMAT_ROW(id, letter) &ok_sql_##id,
const ok_sql_format *const ok_sql_formats[] = {OK_FORMAT_LIST(OK_SQL_FORMAT_ROW) NULL};

/* A case for every subtype in use: two alike do not compile. */
const ok_sql_format *ok_sql_format_of_subtype(unsigned subtype, int *kind) {
  switch (subtype) {
#define OK_SQL_SUBTYPE_CASES(id, letter)                                        \
  case OK_SUBTYPE(id): *kind = OK_SQL_PIECE; return &ok_sql_##id;               \
  case OK_KEY_SUBTYPE(OK_SUBTYPE(id)): *kind = OK_SQL_KEY; return &ok_sql_##id; \
  case OK_SALTED_SUBTYPE(OK_SUBTYPE(id)): *kind = OK_SQL_SALTED; return &ok_sql_##id;
    OK_FORMAT_LIST(OK_SQL_SUBTYPE_CASES)
    case OK_FDB_INCOMPLETE_SUBTYPE: *kind = OK_SQL_PIECE; return &ok_sql_fdb;
    case OK_CRDB_DESC_SUBTYPE: *kind = OK_SQL_PIECE; return &ok_sql_crdb;
    case OK_PREFIX_SUBTYPE: *kind = OK_SQL_PIECE; return &ok_sql_native;
    case OK_FDB_PREFIX_SUBTYPE:
    case OK_SQL_JSON_SUBTYPE: break;
  }
  return NULL;
}

/* 1 when s[0..n) starts with the prefix p (any case), which it then skips. */
static int skip_prefix(const char **s, size_t *n, const char *p) {
  size_t k = strlen(p);
  if (*n <= k || sqlite3_strnicmp(*s, p, (int)k) != 0) return 0;
  *s += k, *n -= k;
  return 1;
}

const ok_sql_format *ok_sql_format_parse(const char *s, size_t n, int *flags) {
  size_t name, end;
  const ok_format *core;
  const ok_sql_format *const *f;
  int more = 1;
  /* white space around the name is no part of it, as in a schema */
  while (n > 0 && (s[0] == ' ' || s[0] == '\t')) s++, n--;
  for (*flags = 0; more;) { /* 'salt+' and 'strict+', in either order */
    more = 0;
    if (!(*flags & OK_SQL_NAME_SALTED) && skip_prefix(&s, &n, "salt+"))
      *flags |= OK_SQL_NAME_SALTED, more = 1;
    if (!(*flags & OK_SQL_NAME_STRICT) && skip_prefix(&s, &n, "strict+"))
      *flags |= OK_SQL_NAME_STRICT, more = 1;
  }
  for (name = 0; name < n && s[name] != ':'; name++) { /* a parameter follows a ':' */
  }
  for (end = name; end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t'); end--) {
  }
  core = ok_format_named(s, end);
  for (f = ok_sql_formats; *f && (*f)->core != core; f++) {
  }
  return *f && (name == n || (*f)->param) ? *f : NULL;
}

void ok_sql_result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n, int subtype, int owned) {
  if (ok_sql_too_big(ctx, n)) {
    if (owned) sqlite3_free((void *)(uintptr_t)p);
    return;
  }
  if (owned)
    sqlite3_result_blob64(ctx, (void *)(uintptr_t)p, n, sqlite3_free);
  else /* SQLite takes a NULL pointer for NULL, not for x'' */
    sqlite3_result_blob64(ctx, n ? p : (const uint8_t *)"", n, SQLITE_TRANSIENT);
  sqlite3_result_subtype(ctx, (unsigned)subtype);
}

const char ok_sql_prefix_last[] = "an ok_prefix(), which ends a range's bound";

int ok_sql_piece(sqlite3_context *ctx, sqlite3_value *v, int subtype, int i) {
  unsigned s = sqlite3_value_subtype(v);
  const ok_sql_format *from, *to;
  int kind, to_kind;
  if (sqlite3_value_type(v) != SQLITE_BLOB) return 0;
  if (s == (unsigned)subtype) return 1;
  if (s == OK_PREFIX_SUBTYPE && subtype == OK_SUBTYPE(native)) return 2; /* ends the key */
  if (s == OK_FDB_PREFIX_SUBTYPE) {
    ok_sql_error(ctx,
                 "argument %d is an ok_fdb_prefix(), which goes first in ok_fdb_pack, "
                 "ok_fdb_pack_versionstamped, ok_fdb_range_begin or ok_fdb_range_end",
                 i);
    return -1;
  }
  if (!(from = ok_sql_format_of_subtype(s, &kind))) return 0;
  to = ok_sql_format_of_subtype((unsigned)subtype, &to_kind);
  if (kind == OK_SQL_PIECE && from == to) return 1; /* another piece of the format's own */
  if (kind == OK_SQL_SALTED)
    ok_sql_error(ctx,
                 "argument %d is a salted key (ok_salt), which cannot go into keys: "
                 "ok_unsalt(key) gives the key",
                 i);
  else if (kind == OK_SQL_KEY && from == to)
    ok_sql_error(ctx, "argument %d is a whole key (%s), which is no value of a key: %s", i,
                 from->pack, from->rejoin);
  else
    ok_sql_error(ctx, "argument %d is %s%s (%s), which cannot go into %s keys", i,
                 kind == OK_SQL_KEY ? "" : "a piece of ", from->noun,
                 kind == OK_SQL_KEY ? from->pack : from->builders, to->label);
  return -1;
}

void ok_sql_result_raw(sqlite3_context *ctx, sqlite3_value **argv, const ok_sql_format *f) {
  const uint8_t *p;
  size_t n, count, err;
  int rc;
  if (!ok_sql_key_arg(ctx, argv, 0, &p, &n)) return;
  if ((rc = ok_count(f->core, p, n, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, err);
    return;
  }
  ok_sql_result_piece(ctx, p, n, f->subtype, 0); /* its items, to inline */
}

int ok_sql_param_parse(const ok_sql_param *param, const char *s, size_t n, void **state,
                       char **msg) {
  int rc;
  *msg = NULL;
  if (!(*state = sqlite3_malloc64(param->size))) return SQLITE_NOMEM;
  if ((rc = param->parse(*state, s, n, msg)) != SQLITE_OK) {
    sqlite3_free(*state);
    *state = NULL;
  }
  return rc;
}

void *ok_sql_param_arg(sqlite3_context *ctx, const ok_sql_param *param, sqlite3_value **argv,
                       int i) {
  void *state = sqlite3_get_auxdata(ctx, i);
  const char *text;
  size_t n;
  char *msg;
  if (state) return state;
  if (sqlite3_value_type(argv[i]) != SQLITE_TEXT) {
    ok_sql_error(ctx, "the %s must be TEXT, not %s", param->name,
                 ok_sql_type_name(sqlite3_value_type(argv[i])));
    return NULL;
  }
  if (!ok_sql_bytes(ctx, argv[i], (const uint8_t **)(void *)&text, &n)) return NULL;
  if (!ok_sql_report(ctx, ok_sql_param_parse(param, text, n, &state, &msg), &msg)) return NULL;
  /* kept for the statement when constant, else until the argument changes */
  sqlite3_set_auxdata(ctx, i, state, sqlite3_free);
  if (sqlite3_get_auxdata(ctx, i) == state) return state;
  ok_sql_report(ctx, SQLITE_NOMEM, NULL); /* SQLite freed it */
  return NULL;
}

/* The error "<subject><words>", the words f's for the refusal rc. */
static void refused(sqlite3_context *ctx, const ok_sql_format *f, const ok_format *core, int rc,
                    const ok_value *v, const ok_writer *w, const char *subject) {
  char *words = f->refusal ? f->refusal(core, rc, v, w)
                           : sqlite3_mprintf(": %s", ok_strerror(rc)); /* none: a bug of ok's */
  if (words)
    ok_sql_error(ctx, "%s%s", subject, words);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(words);
}

void ok_sql_refused(sqlite3_context *ctx, const ok_sql_format *f, const ok_format *core, int rc,
                    int i, const ok_value *v, const ok_writer *w) {
  char subject[32];
  sqlite3_snprintf(sizeof subject, subject, "argument %d", i);
  refused(ctx, f, core, rc, v, w, subject);
}

void ok_sql_refused_key(sqlite3_context *ctx, const ok_sql_format *f, const ok_format *core, int rc,
                        const ok_writer *w, int into) {
  char *words =
      f->refusal ? f->refusal(core, rc, NULL, w) : sqlite3_mprintf(": %s", ok_strerror(rc));
  if (!words)
    sqlite3_result_error_nomem(ctx);
  else if (into)
    ok_sql_error(ctx, "into '%s'%s", core->name, words);
  else
    ok_sql_error(ctx, "%s", words + 2); /* after their ": " */
  sqlite3_free(words);
}

void ok_sql_refused_component(sqlite3_context *ctx, const ok_sql_format *f, const ok_format *core,
                              int rc, size_t k, const ok_value *v, const ok_writer *w) {
  char *subject = sqlite3_mprintf("component %lld into '%s'", (long long)k + 1, core->name);
  if (subject)
    refused(ctx, f, core, rc, v, w, subject);
  else
    sqlite3_result_error_nomem(ctx);
  sqlite3_free(subject);
}

void ok_sql_bool_piece(sqlite3_context *ctx, sqlite3_value *v, int subtype, uint8_t off,
                       uint8_t on) {
  int b;
  if (sqlite3_value_type(v) == SQLITE_NULL || !ok_sql_bool_arg(ctx, v, &b)) return;
  ok_sql_result_piece(ctx, b ? &on : &off, 1, subtype, 0);
}

char *ok_sql_refusal_indexeddb(const ok_format *core, int rc, const ok_value *v,
                               const ok_writer *w) {
  (void)core;
  if (rc == OK_E_NULL) return sqlite3_mprintf(": IndexedDB has no null key (NULL)");
  return rc == OK_E_RANGE ? ok_sql_words_not_double(v->i) : ok_sql_words_wtf8(w->err_at);
}
