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
** conversion again, in its two halves (ok_convert_values), to say which
** component it refuses and why, in the target format's words: those of its
** builders, whose writer the core's is.
*/
#include <string.h>

#include "functions.h"
#include "reader.h"

/* What a call keeps of its target argument, as its auxdata (for the
** statement where the argument is a constant, as the key's and the
** source's arguments keep their readers): the target's reader, its
** parameter parsed once. Never in a slot of the whole statement (a
** negative one): every function of the statement, of any extension,
** shares those. */
typedef struct {
  ok_sql_reader t;
  int named; /* t is made */
} target;

static void target_free(void *p) {
  target *g = p;
  if (g->named) ok_sql_reader_free(&g->t);
  sqlite3_free(g);
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

/* The error for writer w's refusal rc of key[0..n)'s values (read by
** from) as keys of `to`: of its value number w->index, in to's words, or
** of the key (a count of values its format does not take). */
static void refused(sqlite3_context *ctx, const ok_sql_reader *from, const uint8_t *key, size_t n,
                    const ok_sql_reader *to, int rc, const ok_writer *w, int end_refused) {
  ok_item it;
  ok_value v;
  uint8_t *text = NULL;
  size_t at, err;
  if (end_refused || rc == OK_E_LENGTH ||
      ok_locate(from->core, key, n, w->index, &it, &at, &err) != OK_OK) {
    ok_sql_refused_key(ctx, to->f, to->core, rc, w, 1);
    return;
  }
  v.type = it.type, v.i = it.i, v.d = it.d, v.p = NULL, v.n = 0;
  if (it.type == OK_TEXT || it.type == OK_BLOB) { /* its words may show it: NUL-terminated */
    if (!(text = sqlite3_malloc64(it.value_len + 1))) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    v.n = ok_unescape(text, &it), text[v.n] = 0, v.p = text;
  }
  ok_sql_refused_component(ctx, to->f, to->core, rc, w->index, &v, w);
  sqlite3_free(text);
}

/* The values of key[0..n) (read by from) written as a key of `to`: its
** bytes in *out (sqlite3_malloc'd), their count in *len. SQLITE_OK; or
** SQLITE_ERROR with the error set; or SQLITE_NOMEM. */
static int write_as(sqlite3_context *ctx, const ok_sql_reader *from, const uint8_t *key, size_t n,
                    const ok_sql_reader *to, int lone, uint8_t **out, size_t *len) {
  size_t cap = 2 * n + 256;
  ok_writer w;
  int rc = OK_E_ROOM, end_refused;
  *out = NULL;
  while (rc == OK_E_ROOM) {
    sqlite3_free(*out);
    if (!(*out = sqlite3_malloc64(cap))) return SQLITE_NOMEM;
    rc = ok_convert_values(from->core, key, n, to->core, lone, *out, cap, len, &w, &end_refused);
    cap = *len;
  }
  if (rc == OK_OK) return SQLITE_OK;
  refused(ctx, from, key, n, to, rc, &w, end_refused);
  sqlite3_free(*out);
  *out = NULL;
  return SQLITE_ERROR;
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
  else if (same && r->core->arrays)
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
** a component that is no SQL value; a value t's writer refuses; a key that
** comes back otherwise. Should none of those be the reason, the core and
** this disagree, and that is said. */
static void explain(sqlite3_context *ctx, const ok_sql_reader *r, const uint8_t *p, size_t n,
                    const ok_sql_reader *t) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  uint8_t *made = NULL, *back = NULL;
  size_t len = 0, blen = 0, k = 0, err;
  int rc = SQLITE_OK, same, lone = ok_convert_lone(r->core, p, n); /* stays one both ways */
  char *msg = NULL;
  ok_walk w;
  ok_item x, y;
  if ((rc = ok_count(r->core, p, n, &k, &err)) != OK_OK) {
    ok_sql_report(ctx, ok_sql_malformed_key(r, p, n, rc, err, &msg), &msg);
    return;
  }
  k = 0;
  ok_walk_start(&w, r->core, p, n);
  while (ok_next(&w, &x, &err) == OK_OK) { /* what has no counterpart is said first */
    int is = plain(r, &x, p + w.at, db);
    k++;
    if (is < 0) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    if (!is) {
      ok_sql_error(ctx,
                   "component %lld (%s %s%s) is more than an SQL value, and ok_convert carries "
                   "only those (NULL, numbers, text, bytes) into '%s' keys",
                   (long long)k, r->f->label, r->f->kind(&x), x.desc ? ", descending" : "",
                   t->f->core->name);
      return;
    }
  }
  rc = write_as(ctx, r, p, n, t, lone, &made, &len);
  if (rc == SQLITE_OK) rc = write_as(ctx, t, made, len, r, lone, &back, &blen);
  if (rc == SQLITE_OK && (blen != n || memcmp(back, p, n) != 0)) {
    not_back(ctx, r, p, n, back, blen, t);
  } else if (rc == SQLITE_OK &&
             (same = differ(r, p, n, t, made, len, &k, &x, &y)) != 1) { /* a type changed */
    if (same < 0)
      sqlite3_result_error_nomem(ctx);
    else
      lost(ctx, k, &x, &y, t, 0);
  } else if (rc == SQLITE_OK) {
    ok_sql_error(ctx, "the core refused a conversion that its two halves make (a bug of ok's)");
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
    explain(ctx, &r, p, n, t);
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
