/*
** format.c -- the key formats as the SQL functions see them, in one table;
** how a reading function learns the format of its key (its format
** argument, else the key's subtype, else native), salted keys, and
** ok_formats(key).
*/
#include <stddef.h>
#include <string.h>

#include "common.h"

/* One row per format, in the core's order (ok_formats), then Orderly's,
** whose keys are read with a schema. */
const ok_sql_format ok_sql_formats[] = {
    {&ok_format_native, OK_SUBTYPE, "native", "a native key", "ok_pack, ok_desc...", "ok_pack",
     ok_sql_native_kind, ok_sql_render_native, NULL},
    {&ok_format_fdb, OK_FDB_SUBTYPE, "FDB", "an FDB tuple", "ok_fdb_*", "ok_fdb_pack",
     ok_sql_fdb_kind, ok_sql_render_fdb, NULL},
    {&ok_format_hbase, OK_HBASE_SUBTYPE, "HBase", "an HBase key", "ok_hbase_*", "ok_hbase_pack",
     ok_sql_hbase_kind, ok_sql_render_hbase, NULL},
    {&ok_format_orderly, OK_ORDERLY_SUBTYPE, "Orderly", "an Orderly key", "ok_orderly_pack",
     "ok_orderly_pack", ok_sql_orderly_kind, ok_sql_render_orderly, ok_sql_orderly_schema},
    {NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

const ok_sql_format *ok_sql_format_of_subtype(unsigned subtype) {
  const ok_sql_format *f;
  for (f = ok_sql_formats; f->core; f++) {
    if ((unsigned)f->subtype == subtype) return f;
  }
  return NULL;
}

#define SALT_PREFIX "salt+"

const ok_sql_format *ok_sql_format_parse(const char *s, size_t n, int *salted) {
  size_t k = sizeof SALT_PREFIX - 1, name;
  const ok_format *core;
  const ok_sql_format *f;
  *salted = n > k && sqlite3_strnicmp(s, SALT_PREFIX, (int)k) == 0;
  if (*salted) s += k, n -= k;
  for (name = 0; name < n && s[name] != ':'; name++) { /* a schema follows a ':' */
  }
  core = ok_format_named(s, name);
  for (f = ok_sql_formats; f->core && f->core != core; f++) {
  }
  return f->core && (name == n || f->schema) ? f : NULL;
}

/* "'ok', 'fdb', 'hbase', 'orderly:<schema>'" (with `salt`: "; 'salt+' in
** front ..."): the known names for an error message (sqlite3_free it), or
** NULL when out of memory. */
static char *formats_known(int salt) {
  const ok_sql_format *f;
  char *list = NULL, *next;
  for (f = ok_sql_formats; f->core; f++) {
    next = sqlite3_mprintf("%s%s'%s%s'", list ? list : "", list ? ", " : "", f->core->name,
                           f->schema != NULL ? ":<schema>" : "");
    sqlite3_free(list);
    if (!(list = next)) return NULL;
  }
  if (!salt) return list;
  next = sqlite3_mprintf("%s; 'salt+' in front for salted keys", list);
  sqlite3_free(list);
  return next;
}

/* The schema after the ':' of s[0..n) into r->schema, as r->core. */
static int schema_of(const char *s, size_t n, ok_sql_reader *r, char **msg) {
  const char *colon = memchr(s, ':', n), *why;
  size_t at, len;
  int rc;
  if (!colon) {
    *msg = sqlite3_mprintf("format '%s' needs its key's schema: '%s:<schema>'", r->f->core->name,
                           r->f->core->name);
    return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  len = n - (size_t)(colon + 1 - s);
  if ((rc = ok_orderly_parse(&r->schema, colon + 1, len, &at, &why)) != OK_OK) {
    *msg = ok_sql_schema_error(colon + 1, len, at, why);
    return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  r->core = &r->schema.format;
  return SQLITE_OK;
}

/* The reader a format argument names, in *named (its schema parsed into
** named->schema): SQLITE_OK, SQLITE_ERROR with *msg, or SQLITE_NOMEM. */
static int named_reader(sqlite3_value *format, int salt, ok_sql_reader *named, char **msg) {
  const char *name = (const char *)sqlite3_value_text(format);
  size_t n = (size_t)sqlite3_value_bytes(format);
  const ok_sql_format *f;
  char *known;
  int salted;
  if (sqlite3_value_type(format) == SQLITE_TEXT && name &&
      (f = ok_sql_format_parse(name, n, &salted))) {
    if (salted && !salt) {
      *msg = sqlite3_mprintf("takes an unsalted key: give the format without 'salt+'");
      return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
    }
    named->f = f;
    named->core = f->core;
    named->salted = salted;
    return f->schema != NULL ? schema_of(name, n, named, msg) : SQLITE_OK;
  }
  if ((known = formats_known(salt)) != NULL) {
    if (sqlite3_value_type(format) != SQLITE_TEXT)
      *msg = sqlite3_mprintf("the format must be TEXT (known: %s)", known);
    else if (name)
      *msg = sqlite3_mprintf("unknown format '%s' (known: %s)", name, known);
    sqlite3_free(known);
  }
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* The reader of a key into *r: the named one (NULL: none), which a key
** that carries another format's subtype contradicts; else the format of
** its subtype, else native. */
static int key_reader(sqlite3_value *key, const ok_sql_reader *named, ok_sql_reader *r,
                      char **msg) {
  const ok_sql_format *tagged = NULL;
  if (sqlite3_value_type(key) == SQLITE_BLOB)
    tagged = ok_sql_format_of_subtype(sqlite3_value_subtype(key));
  if (named) {
    if (tagged && named->f != tagged) {
      *msg = sqlite3_mprintf("the key is a piece of %s (%s), not of format '%s'", tagged->noun,
                             tagged->builders, named->f->core->name);
      return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
    }
    r->f = named->f, r->core = named->core, r->salted = named->salted;
    return SQLITE_OK;
  }
  r->f = tagged ? tagged : ok_sql_formats;
  r->core = r->f->core;
  r->salted = 0;
  if (r->f->schema) {
    *msg = sqlite3_mprintf("%s is read with its schema: give the format '%s:<schema>'", r->f->noun,
                           r->f->core->name);
    return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

int ok_sql_reader_of(sqlite3_value *key, sqlite3_value *format, int salt, ok_sql_reader *r,
                     char **msg) {
  int rc = SQLITE_OK;
  *msg = NULL;
  if (format) rc = named_reader(format, salt, r, msg);
  return rc == SQLITE_OK ? key_reader(key, format ? r : NULL, r, msg) : rc;
}

/* Keeps a copy of a parsed reader for the statement (auxdata of argument
** fi), if memory allows. */
static void keep_reader(sqlite3_context *ctx, int fi, const ok_sql_reader *r) {
  int schema = r->core == &r->schema.format; /* else its schema part is not used */
  size_t size = schema ? sizeof *r : offsetof(ok_sql_reader, schema);
  ok_sql_reader *keep = sqlite3_malloc((int)size);
  if (!keep) return;
  memcpy(keep, r, size);
  if (schema) keep->core = &keep->schema.format, keep->schema.format.param = &keep->schema;
  sqlite3_set_auxdata(ctx, fi, keep, sqlite3_free);
}

/* A constant format argument is parsed once a statement (auxdata). */
int ok_sql_key_in(sqlite3_context *ctx, int argc, sqlite3_value **argv, int fi, int salt,
                  ok_sql_reader *r, const uint8_t **p, size_t *n) {
  const ok_sql_reader *named = NULL;
  char *msg = NULL;
  int rc = SQLITE_OK;
  if (fi < argc && !(named = sqlite3_get_auxdata(ctx, fi))) {
    rc = named_reader(argv[fi], salt, r, &msg);
    named = r;
  }
  if (rc == SQLITE_OK) rc = key_reader(argv[0], named, r, &msg);
  if (rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  if (rc == SQLITE_ERROR) ok_sql_error(ctx, "%s", msg);
  sqlite3_free(msg);
  if (rc == SQLITE_OK && named == r && fi < argc) keep_reader(ctx, fi, r);
  return rc == SQLITE_OK && ok_sql_key_arg(ctx, argv[0], p, n);
}

int ok_sql_salt_of(const ok_format *f, const uint8_t *p, size_t n, size_t *k, char **msg) {
  size_t err;
  int rc;
  *msg = NULL;
  if (n < OK_SALT_LEN)
    *msg = sqlite3_mprintf("a salted key starts with %d bytes of hash; this one has %lld bytes",
                           OK_SALT_LEN, (long long)n);
  else if ((rc = ok_salt_find(f, p, n, k, &err)) < 0)
    *msg = sqlite3_mprintf("malformed key at byte %lld: %s", (long long)err, ok_strerror(rc));
  else if (rc == OK_FEWER)
    *msg = sqlite3_mprintf(
        "the salt %02X%02X%02X%02X is the hash of no leading components of "
        "the key (not made by ok_salt, or not in format '%s')",
        p[0], p[1], p[2], p[3], f->name);
  else
    return SQLITE_OK;
  return *msg ? SQLITE_ERROR : SQLITE_NOMEM;
}

int ok_sql_unsalt(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *p, size_t n,
                  const uint8_t **key, size_t *len, size_t *k) {
  char *msg;
  int rc = ok_sql_salt_of(r->core, p, n, k, &msg);
  if (rc == SQLITE_ERROR) ok_sql_error(ctx, "%s", msg);
  if (rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  sqlite3_free(msg);
  *key = p + OK_SALT_LEN;
  *len = n - OK_SALT_LEN;
  return rc == SQLITE_OK;
}

void ok_sql_result_raw(sqlite3_context *ctx, sqlite3_value *v, const ok_sql_format *f) {
  const uint8_t *p;
  size_t n, count, err;
  int rc;
  if (!ok_sql_key_arg(ctx, v, &p, &n)) return;
  if ((rc = ok_count(f->core, p, n, &count, &err)) != OK_OK) {
    ok_sql_malformed(ctx, rc, err);
    return;
  }
  ok_sql_result_piece(ctx, p, n, f->subtype, 0);
}

/* ok_formats(key): a JSON array of the formats the key parses under, each
** {"format": name, "components": count}, salted ones with "salt_over": k,
** in the order of the table, unsalted first. */
void ok_formats_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *p;
  size_t n, count, err, k;
  const ok_sql_format *f;
  ok_sql_out o;
  int salted, first = 1;
  (void)argc;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  ok_sql_out_init(&o, sqlite3_context_db_handle(ctx), 1);
  ok_sql_putc(&o, '[');
  for (salted = 0; salted <= 1; salted++) {
    for (f = ok_sql_formats; f->core && !f->schema; f++) {
      if (salted ? ok_salt_find(f->core, p, n, &k, &err) != OK_OK ||
                       ok_count(f->core, p + OK_SALT_LEN, n - OK_SALT_LEN, &count, &err) != OK_OK
                 : ok_count(f->core, p, n, &count, &err) != OK_OK)
        continue;
      ok_sql_putf(&o, "%s{\"format\":\"%s%s\",\"components\":%lld", first ? "" : ",",
                  salted ? SALT_PREFIX : "", f->core->name, (long long)count);
      if (salted) ok_sql_putf(&o, ",\"salt_over\":%lld", (long long)k);
      ok_sql_putc(&o, '}');
      first = 0;
    }
  }
  ok_sql_putc(&o, ']');
  ok_sql_out_result(ctx, &o);
  if (o.rc == SQLITE_OK) sqlite3_result_subtype(ctx, 'J');
}
