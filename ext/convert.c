/*
** convert.c -- ok_convert(key, from, to): a key read in one format and
** written in another, component by component, without loss.
**
**   ok_convert(k, 'orderly:long, utf8', 'hbase')    -- an Orderly row key as OrderedBytes
**   ok_convert(k, 'fdb', 'ok')                      -- an FDB tuple as a native key
**
** A component converts when its value is its SQL value (NULL, a number, text,
** bytes: what ok_json writes as a plain JSON value); the target's builder
** writes it as it writes that value from SQL, and refuses what it cannot hold
** as it refuses it from SQL (an int64 past 2^53 into bytewise). Everything
** else (a versionstamp, a UUID, a Date, a descending or collated component, a
** nested tuple) has no counterpart and is refused, named. And a conversion
** must come back: the key made, converted back, is the key given, byte for
** byte; a component the target cannot hold apart (2.0 from an FDB double
** into native keys, which read it as the integer 2; bytes that CockroachDB
** reads back as TEXT) is refused, named.
**
** The core converts (ok_convert, src/convert.c). Only a refusal runs the
** conversion again here, through the formats' SQL builders, whose errors
** name the component and say why in their own words: each direction's
** builder an SQL statement of the connection, kept for the calling
** statement (with the target argument, as SQLite keeps a constant
** argument's auxdata).
*/
#include <stdio.h>
#include <string.h>

#include "functions.h"
#include "reader.h"

/* A builder's statement for n components in format f with its parameter;
** made again when the format, parameter or count changes. */
typedef struct {
  const ok_sql_format *f;
  char *param;
  int n, lone;
  sqlite3_stmt *st;
} builder;

/* What a call keeps of its target argument, as its auxdata (for the
** statement where the argument is a constant, as the key's and the
** source's arguments keep their readers): the target's reader, its
** parameter parsed once, and both directions' builders, which explain a
** refusal. Never in a slot of the whole statement (a negative one): every
** function of the statement, of any extension, shares those. */
typedef struct {
  ok_sql_reader t;
  int named; /* t is made */
  builder there, back;
} target;

static void builder_clear(builder *b) {
  sqlite3_finalize(b->st);
  sqlite3_free(b->param);
  memset(b, 0, sizeof *b);
}

static void target_free(void *p) {
  target *g = p;
  if (g->named) ok_sql_reader_free(&g->t);
  builder_clear(&g->there);
  builder_clear(&g->back);
  sqlite3_free(g);
}

/* One direction: the format written (its parameter's text, an Orderly
** schema, bound as ?1) and its builder; `lone`: one value written as
** itself, not in the format's array (a bytewise key of one value alone
** goes back so). */
typedef struct {
  const ok_sql_reader *r;
  const char *param;
  builder *b;
  int lone;
} side;

/* The statement that writes n components in s's format, in *st:
** SQLITE_OK, SQLITE_NOMEM, or SQLite's error in preparing it (too many
** arguments). */
static int builder_of(sqlite3_context *ctx, const side *s, int n, sqlite3_stmt **st) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  const ok_sql_format *f = s->r->f;
  builder *b = s->b;
  sqlite3_str *sql;
  char *text;
  int k, rc = SQLITE_NOMEM;
  *st = NULL;
  const char *array = s->lone ? NULL : f->array;
  if (b->st && b->f == f && b->n == n && b->lone == s->lone && strcmp(b->param, s->param) == 0)
    return *st = b->st, SQLITE_OK;
  builder_clear(b);
  sql = sqlite3_str_new(NULL);
  sqlite3_str_appendf(sql, "SELECT %s(%s%s%s", f->pack, f->param ? "?1, " : "", array ? array : "",
                      array ? "(" : "");
  for (k = 0; k < n; k++) sqlite3_str_appendf(sql, "%s?%d", k ? ", " : "", k + (f->param ? 2 : 1));
  sqlite3_str_appendall(sql, array ? "))" : ")");
  if ((text = sqlite3_str_finish(sql)) != NULL) rc = sqlite3_prepare_v2(db, text, -1, st, NULL);
  sqlite3_free(text);
  if (rc != SQLITE_OK) return rc == SQLITE_NOMEM || !*st ? rc : SQLITE_ERROR;
  b->f = f;
  b->n = n;
  b->lone = s->lone;
  b->st = *st;
  if (!(b->param = sqlite3_mprintf("%s", s->param)))
    return builder_clear(b), *st = NULL, SQLITE_NOMEM;
  return SQLITE_OK;
}

/* What this call keeps of its target argument, or a new one; NULL out of
** memory (SQLite frees what it could not keep). */
static target *target_of(sqlite3_context *ctx) {
  target *g = sqlite3_get_auxdata(ctx, 2);
  if (g) return g;
  if (!(g = sqlite3_malloc(sizeof *g))) return NULL;
  memset(g, 0, sizeof *g);
  sqlite3_set_auxdata(ctx, 2, g, target_free);
  return sqlite3_get_auxdata(ctx, 2) == g ? g : NULL;
}

/* The item's value bound as parameter i of st. */
static int bind_item(sqlite3_stmt *st, int i, const ok_item *it) {
  uint8_t *v;
  switch (it->type) {
    case OK_NULL: return sqlite3_bind_null(st, i);
    case OK_INT: return sqlite3_bind_int64(st, i, it->i);
    case OK_REAL: return sqlite3_bind_double(st, i, it->d);
    case OK_TEXT:
    case OK_BLOB: break;
  }
  if (!(v = sqlite3_malloc64(it->value_len + 1))) return SQLITE_NOMEM;
  ok_unescape(v, it);
  return it->type == OK_TEXT
             ? sqlite3_bind_text64(st, i, (const char *)v, it->value_len, sqlite3_free, SQLITE_UTF8)
             : sqlite3_bind_blob64(st, i, v, it->value_len, sqlite3_free);
}

/* 1 when the item is its SQL value: its format writes it in JSON as the
** value alone is written; -1 out of memory. */
static int plain(const ok_sql_reader *r, const ok_item *it, const uint8_t *raw, sqlite3 *db) {
  ok_sql_out as_format, as_value;
  int same;
  ok_sql_out_init(&as_format, db, 1);
  ok_sql_out_init(&as_value, db, 1);
  r->f->render(&as_format, it, raw);
  ok_sql_put_value(&as_value, it);
  same = as_format.rc == SQLITE_OK && as_value.rc == SQLITE_OK && as_format.n == as_value.n &&
         memcmp(as_format.p, as_value.p, as_value.n) == 0;
  if (as_format.rc == SQLITE_NOMEM || as_value.rc == SQLITE_NOMEM) same = -1;
  if (as_format.p != as_format.stack) sqlite3_free(as_format.p);
  if (as_value.p != as_value.stack) sqlite3_free(as_value.p);
  sqlite3_finalize(as_format.st);
  sqlite3_finalize(as_value.st);
  return same;
}

/* The builder's error, about its argument k: about component k (k - 1
** behind a schema). */
static void builder_error(sqlite3_context *ctx, const ok_sql_format *f, const char *msg) {
  const char *rest = strstr(msg, ": ");
  int k, used;
  rest = rest ? rest + 2 : msg;
  if (sscanf(rest, "argument %d%n", &k, &used) == 1 && k > (f->param ? 1 : 0))
    ok_sql_error(ctx, "component %d into '%s'%s", k - (f->param ? 1 : 0), f->core->name,
                 rest + used);
  else
    ok_sql_error(ctx, "into '%s': %s", f->core->name, rest);
}

/* The components of key[0..n), read as `from` reads them, written in `to`'s
** format: its bytes in *out (sqlite3_malloc'd), their count in *len, and
** whether they are TEXT: SQLITE_OK, or SQLITE_ERROR with the error set, or
** SQLITE_NOMEM. `check`: each component must be plain. */
static int write_as(sqlite3_context *ctx, const ok_sql_reader *from, const uint8_t *key, size_t n,
                    const side *to, int check, uint8_t **out, size_t *len, int *text) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  const ok_sql_format *f = to->r->f;
  sqlite3_stmt *st;
  size_t count, err;
  ok_walk w;
  ok_item it;
  int k = 0, rc = SQLITE_OK, first = f->param ? 2 : 1;
  char *msg = NULL;
  *out = NULL;
  if ((rc = ok_count(from->core, key, n, &count, &err)) != OK_OK)
    return ok_sql_report(ctx, ok_sql_malformed_key(from, key, n, rc, err, &msg), &msg),
           SQLITE_ERROR;
  /* a component that has no counterpart is said before the builder is
  ** asked for (it takes so many arguments at most) */
  ok_walk_start(&w, from->core, key, n);
  while (check && rc == SQLITE_OK && ok_next(&w, &it, &err) == OK_OK) {
    int is = plain(from, &it, key + w.at, db);
    k++;
    if (is < 0) return SQLITE_NOMEM;
    if (!is) {
      ok_sql_error(ctx,
                   "component %d (%s %s%s) is more than an SQL value, and ok_convert carries "
                   "only those (NULL, numbers, text, bytes) into '%s' keys",
                   k, from->f->label, from->f->kind(&it), it.desc ? ", descending" : "",
                   f->core->name);
      return SQLITE_ERROR;
    }
  }
  k = 0;
  if ((rc = builder_of(ctx, to, (int)count, &st)) != SQLITE_OK) {
    if (rc == SQLITE_NOMEM) return rc;
    ok_sql_error(ctx, "a key of %lld components is more than %s takes: %s", (long long)count,
                 f->pack, sqlite3_errmsg(db));
    return SQLITE_ERROR;
  }
  if (f->param) sqlite3_bind_text(st, 1, to->param, -1, SQLITE_STATIC);
  ok_walk_start(&w, from->core, key, n);
  while (rc == SQLITE_OK && ok_next(&w, &it, &err) == OK_OK) {
    int bound = bind_item(st, ++k + first - 1, &it);
    if (bound == SQLITE_NOMEM) {
      rc = SQLITE_NOMEM;
    } else if (bound != SQLITE_OK) { /* a value past the length limit */
      ok_sql_error(ctx, "component %d: %s", k, sqlite3_errstr(bound));
      rc = SQLITE_ERROR;
    }
  }
  if (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
    *len = (size_t)sqlite3_column_bytes(st, 0);
    *text = sqlite3_column_type(st, 0) == SQLITE_TEXT;
    if (!(*out = sqlite3_malloc64(*len + 1)))
      rc = SQLITE_NOMEM;
    else if (*len)
      memcpy(*out, sqlite3_column_blob(st, 0), *len);
  } else if (rc == SQLITE_OK) {
    rc = sqlite3_errcode(db) == SQLITE_NOMEM ? SQLITE_NOMEM : SQLITE_ERROR;
    if (sqlite3_errcode(db) == SQLITE_TOOBIG)
      ok_sql_error_toobig(ctx, NULL);
    else if (rc == SQLITE_ERROR)
      builder_error(ctx, f, sqlite3_errmsg(db));
  }
  sqlite3_reset(st);
  sqlite3_clear_bindings(st);
  return rc;
}

static const char *type_name(ok_type t) {
  static const char *const names[] = {"", "NULL", "INTEGER", "REAL", "TEXT", "BLOB"};
  return names[t];
}

/* 1 when two items hold the same value, of the same type; -1 out of
** memory. */
static int same_value(const ok_item *x, const ok_item *y) {
  uint8_t *a, *b;
  int same;
  if (x->type != y->type) return 0;
  if (x->type == OK_INT) return x->i == y->i;
  if (x->type == OK_REAL) return memcmp(&x->d, &y->d, sizeof x->d) == 0;
  if (x->type == OK_NULL) return 1;
  if (x->value_len != y->value_len) return 0;
  a = sqlite3_malloc64(x->value_len + 1), b = sqlite3_malloc64(y->value_len + 1);
  same = a && b ? (ok_unescape(a, x), ok_unescape(b, y), memcmp(a, b, x->value_len) == 0) : -1;
  sqlite3_free(a), sqlite3_free(b);
  return same;
}

/* The first component where key a (read by ra) and key b (by rb) hold other
** values, or values of other types: 0 with its number in *k and the two
** items in *x, *y; 1 when there is none; -1 out of memory. */
static int differ(const ok_sql_reader *ra, const uint8_t *a, size_t an, const ok_sql_reader *rb,
                  const uint8_t *b, size_t bn, size_t *k, ok_item *x, ok_item *y) {
  ok_walk wa, wb;
  size_t err;
  int same = 1;
  *k = 0;
  ok_walk_start(&wa, ra->core, a, an);
  ok_walk_start(&wb, rb->core, b, bn);
  while (same == 1 && ok_next(&wa, x, &err) == OK_OK) {
    ++*k;
    if (ok_next(&wb, y, &err) != OK_OK) break;
    same = same_value(x, y);
  }
  return same;
}

/* The error for component k whose value is x in the key given and y as
** `via` keys hold it. */
static void lost(sqlite3_context *ctx, size_t k, const ok_item *x, const ok_item *y,
                 const ok_sql_reader *via, int back) {
  if (x->type != y->type)
    ok_sql_error(ctx,
                 "component %lld does not convert without loss: '%s' keys read it %sas %s, not %s",
                 (long long)k, via->f->core->name, back ? "back " : "", type_name(y->type),
                 type_name(x->type));
  else
    ok_sql_error(ctx,
                 "component %lld does not convert without loss: %s '%s' keys it comes %sas "
                 "another %s",
                 (long long)k, back ? "from" : "in", via->f->core->name, back ? "back " : "",
                 type_name(x->type));
}

/* The error for a key that came back from `via` as other bytes than
** key[0..n): names the first component that differs, and how. */
static void not_back(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *key, size_t n,
                     const uint8_t *back, size_t bn, const ok_sql_reader *via) {
  ok_item x, y;
  size_t k;
  int same = differ(r, key, n, r, back, bn, &k, &x, &y);
  if (same < 0)
    sqlite3_result_error_nomem(ctx);
  else if (same && r->f->array)
    ok_sql_error(ctx,
                 "the key does not convert without loss: it comes back from '%s' keys as an array "
                 "(a %s key of one value alone comes back as an array of it)",
                 via->f->core->name, r->f->label);
  else if (same)
    ok_sql_error(ctx,
                 "the key does not convert without loss: it comes back from '%s' keys with the "
                 "same values in other bytes (%s writes them in one of the forms it reads)",
                 via->f->core->name, r->f->pack);
  else
    lost(ctx, k, &x, &y, via, 1);
}

/* Why the core refused to convert key p[0..n) (read by r) into t's format:
** the same conversion run through the formats' SQL builders, whose errors
** say it in their words. Their answer is the error; should they convert it
** after all, the two disagree, and that is said. */
static void explain(sqlite3_context *ctx, sqlite3_value **argv, const ok_sql_reader *r,
                    const uint8_t *p, size_t n, target *g) {
  const ok_sql_reader *t = &g->t;
  side to, from;
  uint8_t *made = NULL, *back = NULL;
  size_t len = 0, blen = 0, k;
  const char *name;
  ok_item x, y;
  int text, btext, rc, same;
  name = (const char *)sqlite3_value_text(argv[2]);
  to.r = t, to.b = &g->there;
  to.param = name && strchr(name, ':') ? strchr(name, ':') + 1 : "";
  name = (const char *)sqlite3_value_text(argv[1]);
  from.r = r, from.b = &g->back;
  from.param = name && strchr(name, ':') ? strchr(name, ':') + 1 : "";
  /* a lone value stays one, where the target has arrays too */
  from.lone = to.lone = ok_convert_lone(r->core, p, n);
  rc = write_as(ctx, r, p, n, &to, 1, &made, &len, &text);
  if (rc == SQLITE_OK) rc = write_as(ctx, t, made, len, &from, 0, &back, &blen, &btext);
  if (rc == SQLITE_OK && (blen != n || memcmp(back, p, n) != 0)) {
    not_back(ctx, r, p, n, back, blen, t);
  } else if (rc == SQLITE_OK &&
             (same = differ(r, p, n, t, made, len, &k, &x, &y)) != 1) { /* a type changed */
    if (same < 0)
      sqlite3_result_error_nomem(ctx);
    else
      lost(ctx, k, &x, &y, t, 0);
  } else if (rc == SQLITE_OK) {
    ok_sql_error(ctx, "the core refused a conversion that the SQL builders make (a bug of ok's)");
  } else if (rc == SQLITE_NOMEM) {
    sqlite3_result_error_nomem(ctx);
  }
  sqlite3_free(made);
  sqlite3_free(back);
}

/* ok_convert(key, from, to): by the core (ok_convert), into a buffer on
** the stack or, for a key it does not fit, one of the size it asks for. */
static void ok_convert_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ok_sql_reader r;
  const ok_sql_reader *t;
  target *g;
  const uint8_t *p;
  uint8_t stack[1024], *out = stack;
  size_t n, len, cap = sizeof stack, err;
  char *msg = NULL;
  int rc;
  if (!(g = target_of(ctx))) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (!g->named && !ok_sql_report(ctx, ok_sql_reader_named(argv[2], &g->t, &msg), &msg)) return;
  g->named = 1, t = &g->t;
  if (t->salted || t->strict) {
    ok_sql_error(ctx, "the target is a format to write, named without 'salt+' or 'strict+'");
    return;
  }
  if (!ok_sql_key_in(ctx, argc, argv, 1, OK_SQL_NO_SALT, &r, &p, &n)) return;
  while ((rc = ok_convert(r.core, p, n, t->core, out, cap, &len, &err)) == OK_E_ROOM) {
    if (out != stack) sqlite3_free(out);
    if (!(out = sqlite3_malloc64(len))) break;
    cap = len;
  }
  if (!out) {
    sqlite3_result_error_nomem(ctx);
  } else if (rc != OK_OK) {
    explain(ctx, argv, &r, p, n, g);
  } else if (!ok_sql_too_big(ctx, len)) {
    if (t->f->text)
      ok_sql_result_key_text(ctx, out, len);
    else
      sqlite3_result_blob64(ctx, out, len, SQLITE_TRANSIENT);
    sqlite3_result_subtype(ctx, (unsigned)OK_KEY_SUBTYPE(t->f->subtype));
  }
  if (out != stack) sqlite3_free(out);
  ok_sql_reader_end(ctx, &r, 1);
}

const ok_sql_function ok_sql_convert_functions[] = {
    {"ok_convert", 3, 3, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES | OK_SQL_KEY_TEXT, ok_convert_fn,
     0},
    {NULL, 0, 0, 0, NULL, 0},
};
