/*
** reader.c -- how a reading function learns the format of its key (its
** format argument, else the key's subtype, else native), formats with a
** parameter, and salted keys.
*/
#include "reader.h"

#include <string.h>

/* How a format's parameter shows after its name in messages: ":<schema>",
** "[:<pattern>]" where it may be left out, nothing for none. */
static const char *hint_open(const ok_sql_param *p) { return !p ? "" : p->optional ? "[:<" : ":<"; }
static const char *hint_close(const ok_sql_param *p) { return !p ? "" : p->optional ? ">]" : ">"; }

/* "'ok', 'fdb', 'hbase', 'orderly:<schema>'" (<schema>: the parameter's
** name; with `salt`: "; 'salt+' in front ..."): the known names for an
** error message (sqlite3_free it), or NULL when out of memory. */
static char *formats_known(int salt) {
  const ok_sql_format *const *f;
  char *list = NULL, *next;
  for (f = ok_sql_formats; *f; f++) {
    const ok_sql_param *param = (*f)->param;
    next = sqlite3_mprintf("%s%s'%s%s%s%s'", list ? list : "", list ? ", " : "", (*f)->core->name,
                           hint_open(param), param ? param->name : "", hint_close(param));
    sqlite3_free(list);
    if (!(list = next)) return NULL;
  }
  next = sqlite3_mprintf("%s; %s'strict+' in front to refuse a key another format reads too", list,
                         salt ? "'salt+' in front for salted keys, " : "");
  sqlite3_free(list);
  return next;
}

/* The parameter after the ':' of s[0..n), parsed into new state for r. */
static int parse_param(const char *s, size_t n, ok_sql_reader *r, char **msg) {
  const char *colon = memchr(s, ':', n);
  const ok_sql_param *param = r->f->param;
  int rc;
  if (!colon && param->optional) return SQLITE_OK; /* the format's core as it is */
  if (!colon)
    return ok_sql_fail(msg, "format '%s' needs its key's %s: '%s:<%s>'", r->f->core->name,
                       param->name, r->f->core->name, param->name);
  rc = ok_sql_param_parse(param, colon + 1, n - (size_t)(colon + 1 - s), &r->state, msg);
  if (rc != SQLITE_OK) return rc;
  r->fresh = 1;
  r->core = param->format(r->state);
  return SQLITE_OK;
}

/* The reader a format argument names, in *named (its parameter parsed):
** SQLITE_OK, SQLITE_ERROR with *msg, or SQLITE_NOMEM. */
static int named_reader(sqlite3_value *format, int salt, ok_sql_reader *named, char **msg) {
  const char *name = NULL;
  size_t n = 0;
  const ok_sql_format *f;
  char *known;
  int flags;
  if (sqlite3_value_type(format) != SQLITE_NULL &&
      ok_sql_value_text(format, &name, &n) != SQLITE_OK)
    return SQLITE_NOMEM;
  if (sqlite3_value_type(format) == SQLITE_TEXT && (f = ok_sql_format_parse(name, n, &flags))) {
    if ((flags & OK_SQL_NAME_SALTED) && !salt)
      return ok_sql_fail(msg, "takes an unsalted key: give the format without 'salt+'");
    named->f = f;
    named->core = f->core;
    named->salted = (flags & OK_SQL_NAME_SALTED) != 0;
    named->strict = (flags & OK_SQL_NAME_STRICT) != 0;
    return f->param ? parse_param(name, n, named, msg) : SQLITE_OK;
  }
  if ((known = formats_known(salt)) != NULL) {
    if (sqlite3_value_type(format) != SQLITE_TEXT)
      *msg = sqlite3_mprintf("the format must be TEXT (known: %s)", known);
    else if (name)
      *msg = sqlite3_mprintf("unknown format " OK_SQL_ECHO " (known: %s)", OK_SQL_ECHO_ARGS(name),
                             known);
    sqlite3_free(known);
  }
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* The reader of a key into *r: the named one (NULL: none), which a key
** that carries another format's subtype contradicts (or, where `salt`
** allows salted names, a salted key an unsalted name); else native. A
** subtype never chooses the format (from a column or an index the key has
** none): a key that carries another format's, or a salted one where salted
** keys are read, is refused without a name. */
static int key_reader(sqlite3_value *key, int t, const ok_sql_reader *named, int salt,
                      ok_sql_reader *r, char **msg) {
  const ok_sql_format *tagged = NULL;
  int kind = OK_SQL_PIECE, salted;
  if (t == SQLITE_BLOB || t == SQLITE_TEXT)
    tagged = ok_sql_format_of_subtype(sqlite3_value_subtype(key), &kind);
  salted = tagged && kind == OK_SQL_SALTED;
  if (named) {
    if (tagged && (named->f != tagged || (salt && named->salted != salted))) {
      const char *as = named->salted ? "salt+" : "";
      if (salted)
        return ok_sql_fail(msg, "the key is salted (ok_salt) in format '%s%s', not '%s%s'",
                           salt ? "salt+" : "", tagged->core->name, as, named->f->core->name);
      return ok_sql_fail(msg, "the key is %s%s (%s), not of format '%s%s'",
                         kind == OK_SQL_KEY ? "" : "a piece of ", tagged->noun,
                         kind == OK_SQL_KEY ? tagged->pack : tagged->builders, as,
                         named->f->core->name);
    }
    if (named != r) *r = *named, r->fresh = 0; /* the statement's: not this call's to keep */
    return SQLITE_OK;
  }
  if (tagged && (tagged != &ok_sql_native || (salted && salt != OK_SQL_NO_SALT))) {
    const ok_sql_param *param = tagged->param;
    return ok_sql_fail(msg,
                       "the key is %s (%s): give its format as the last argument, '%s%s%s%s%s' "
                       "(without the subtype it has here, from a column or an index, it would "
                       "be read as native)",
                       salted ? "salted" : tagged->noun,
                       salted               ? "ok_salt"
                       : kind == OK_SQL_KEY ? tagged->pack
                                            : tagged->builders,
                       salted ? "salt+" : "", tagged->core->name, hint_open(param),
                       param ? param->name : "", hint_close(param));
  }
  r->f = &ok_sql_native;
  r->core = r->f->core;
  r->salted = salted; /* only where salted keys are not read: a native one, to refuse */
  return SQLITE_OK;
}

void ok_sql_reader_free(ok_sql_reader *r) {
  if (r->fresh) sqlite3_free(r->state);
  r->state = NULL;
  r->fresh = 0;
}

int ok_sql_reader_named(sqlite3_value *format, ok_sql_reader *r, char **msg) {
  int rc;
  *msg = NULL;
  memset(r, 0, sizeof *r);
  if ((rc = named_reader(format, 1, r, msg)) != SQLITE_OK) ok_sql_reader_free(r);
  return rc;
}

int ok_sql_reader_of(sqlite3_value *key, sqlite3_value *format, int salt, ok_sql_reader *r,
                     char **msg) {
  int rc = SQLITE_OK;
  *msg = NULL;
  memset(r, 0, sizeof *r);
  if (format) rc = named_reader(format, salt, r, msg);
  if (rc == SQLITE_OK)
    rc = key_reader(key, sqlite3_value_type(key), format ? r : NULL, salt, r, msg);
  if (rc != SQLITE_OK) ok_sql_reader_free(r);
  return rc;
}

/* A reader kept for a statement: auxdata of its format argument. */
static void free_kept(void *p) {
  ok_sql_reader *r = p;
  sqlite3_free(r->state);
  sqlite3_free(r);
}

void ok_sql_reader_end(sqlite3_context *ctx, ok_sql_reader *r, int fi) {
  ok_sql_reader *keep;
  if (!r->fresh) return;
  if (!(keep = sqlite3_malloc(sizeof *keep))) {
    ok_sql_reader_free(r);
    return;
  }
  *keep = *r;
  keep->fresh = 0;
  r->fresh = 0;
  sqlite3_set_auxdata(ctx, fi, keep, free_kept);
}

int ok_sql_parses(const ok_sql_reader *r, const uint8_t *p, size_t n, size_t *count, size_t *k) {
  size_t err;
  if (!r->salted) return ok_count(r->core, p, n, count, &err) == OK_OK;
  return ok_salt_find(r->core, p, n, k, &err) == OK_OK &&
         ok_count(r->core, p + OK_SALT_LEN, n - OK_SALT_LEN, count, &err) == OK_OK;
}

/* The other formats (and salted forms) that read the whole argument
** p[0..n), as "'fdb' (2 components), ..." in *list (NULL: none), loose
** ones aside: SQLITE_OK or SQLITE_NOMEM. */
static int others_reading(const ok_sql_reader *r, const uint8_t *p, size_t n, char **list) {
  const ok_sql_format *const *f;
  ok_sql_reader other;
  size_t count, k;
  char *next;
  *list = NULL;
  memset(&other, 0, sizeof other);
  for (other.salted = 0; other.salted <= 1; other.salted++) {
    for (f = ok_sql_formats; *f; f++) {
      other.f = *f, other.core = (*f)->core;
      if ((*f)->param || (*f)->loose || (*f == r->f && other.salted == r->salted) ||
          !ok_sql_parses(&other, p, n, &count, &k))
        continue;
      next = sqlite3_mprintf("%s%s'%s%s' (%lld component%s)", *list ? *list : "", *list ? ", " : "",
                             other.salted ? "salt+" : "", other.core->name, (long long)count,
                             OK_SQL_S(count));
      sqlite3_free(*list);
      if (!(*list = next)) return SQLITE_NOMEM;
    }
  }
  return SQLITE_OK;
}

int ok_sql_malformed_key(const ok_sql_reader *r, const uint8_t *p, size_t n, int status, size_t at,
                         char **msg) {
  const ok_sql_param *param = r->state ? r->f->param : NULL; /* none given: the format alone */
  char *list;
  int rc;
  *msg = NULL;
  p -= r->base, n += r->base, at += r->base; /* the whole argument */
  const char *foreign = r->f->foreign ? r->f->foreign(p + r->base, n - r->base) : NULL;
  if (others_reading(r, p, n, &list) != SQLITE_OK) return SQLITE_NOMEM;
  rc = ok_sql_fail(msg, "malformed key at byte %lld: %s (read as '%s%s%s%s%s'; %s%s%s%s%s)",
                   (long long)at + 1, ok_strerror(status), r->salted ? "salt+" : "",
                   r->f->core->name, param ? ":<" : "", param ? param->name : "", param ? ">" : "",
                   foreign ? foreign : "", foreign ? "; " : "", list ? "it parses as " : "",
                   list ? list : "no other format reads it either",
                   list ? ": give its format as the last argument" : "");
  sqlite3_free(list);
  return rc;
}

int ok_sql_strict(const ok_sql_reader *r, const uint8_t *p, size_t n, char **msg) {
  char *list;
  int rc;
  *msg = NULL;
  if (!r->strict) return SQLITE_OK;
  if (others_reading(r, p - r->base, n + r->base, &list) != SQLITE_OK) return SQLITE_NOMEM;
  if (!list) return SQLITE_OK;
  rc = ok_sql_fail(msg,
                   "the key parses as '%s%s' and also as %s: read strictly, a key that more than "
                   "one format reads is refused",
                   r->salted ? "salt+" : "", r->f->core->name, list);
  sqlite3_free(list);
  return rc;
}

/* The key of a format whose keys are text: TEXT (or BLOB) as it is. */
static int text_key(sqlite3_context *ctx, sqlite3_value *v, const uint8_t **p, size_t *n) {
  int t = sqlite3_value_type(v);
  if (t == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return 0;
  }
  if (t != SQLITE_TEXT && t != SQLITE_BLOB) {
    ok_sql_error(ctx, "key must be TEXT, not %s", ok_sql_type_name(t));
    return 0;
  }
  return ok_sql_bytes(ctx, v, p, n);
}

/* A constant format argument is parsed once a statement (auxdata). */
int ok_sql_key_in(sqlite3_context *ctx, int argc, sqlite3_value **argv, int fi, int salt,
                  ok_sql_reader *r, const uint8_t **p, size_t *n) {
  const ok_sql_reader *named = NULL;
  const int t = sqlite3_value_type(argv[0]); /* asked once: each ask is a call into SQLite */
  char *msg = NULL;
  int rc = SQLITE_OK;
  memset(r, 0, sizeof *r);
  if (fi < argc && !(named = sqlite3_get_auxdata(ctx, fi))) {
    rc = named_reader(argv[fi], salt, r, &msg);
    if (rc == SQLITE_OK) r->fresh = 1; /* kept by ok_sql_reader_end, even without state */
    named = r;
  }
  if (rc == SQLITE_OK) rc = key_reader(argv[0], t, named, salt, r, &msg);
  if (!ok_sql_report(ctx, rc, &msg)) goto fail;
  /* a BLOB, the usual key, is taken as it is by either reader below */
  if (t == SQLITE_BLOB ? !ok_sql_typed(ctx, argv[0], t, p, n)
      : r->f->text     ? !text_key(ctx, argv[0], p, n)
                       : !ok_sql_key_arg(ctx, argv, 0, p, n))
    goto fail;
  if (r->salted && salt == OK_SQL_UNSALT) {
    if (!ok_sql_report(ctx, ok_sql_salt_of(r->core, *p, *n, &r->k, &msg), &msg)) goto fail;
    r->base = OK_SALT_LEN;
    *p += OK_SALT_LEN, *n -= OK_SALT_LEN;
  }
  if (!r->strict || salt == OK_SQL_WITH_SALT ||
      ok_sql_report(ctx, ok_sql_strict(r, *p, *n, &msg), &msg))
    return 1;
fail:
  ok_sql_reader_end(ctx, r, fi);
  return 0;
}

int ok_sql_salt_of(const ok_format *f, const uint8_t *p, size_t n, size_t *k, char **msg) {
  size_t err;
  int rc;
  *msg = NULL;
  if (n < OK_SALT_LEN)
    return ok_sql_fail(msg, "a salted key starts with %d bytes of hash; this one has %lld byte%s",
                       OK_SALT_LEN, (long long)n, OK_SQL_S(n));
  if ((rc = ok_salt_find(f, p, n, k, &err)) < 0)
    return ok_sql_fail(msg, "malformed key at byte %lld: %s", (long long)err + 1, ok_strerror(rc));
  if (rc == OK_FEWER)
    return ok_sql_fail(msg,
                       "the salt %02X%02X%02X%02X is the hash of no leading components of "
                       "the key (not made by ok_salt, or not in format '%s')",
                       p[0], p[1], p[2], p[3], f->name);
  return SQLITE_OK;
}
