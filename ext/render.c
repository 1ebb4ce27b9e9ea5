/*
** render.c -- keys as readable text: ok_quote (SQL literals) and ok_json.
**
**   ok_quote(ok_pack(42, 'ab''c', NULL, x'00FF', ok_desc('z')))
**     -> (42, 'ab''c', NULL, X'00FF', ok_desc('z'))
**   ok_json(...) -> [42,"ab'c",null,{"blob":"00FF"},{"desc":"z"}]
**
** Everything reads back exactly: 'SELECT ok_pack' || ok_quote(k) is SQL that
** gives k again (ext/text.c says how values are written; each format's
** file how its items show).
*/
#include "reader.h"

/* The components of key[0..n) in format f, between brackets; *at the
** offset of a malformed component. */
static int render_items(ok_sql_out *o, const ok_sql_reader *r, const uint8_t *p, size_t n,
                        int *status, size_t *at) {
  size_t count, got, k, at_item, index;
  int rc = SQLITE_OK, checked = 0;
  ok_walk w;
  ok_item items[8];
  ok_sql_putc(o, o->json ? '[' : '(');
  if (r->f->param && !o->json) { /* ok_orderly_pack('<schema>', ...) */
    ok_sql_putc(o, '\'');
    r->f->param->describe(o, r->state);
    ok_sql_putc(o, '\'');
  }
  ok_walk_start(&w, r->core, p, n);
  do { /* in batches: the format's reader, its decoder inlined */
    at_item = w.off, index = w.index;
    *status = ok_next_n(&w, items, sizeof items / sizeof items[0], &got, at);
    for (k = 0; k < got && rc == SQLITE_OK; at_item += items[k++].len) {
      const ok_item *it = items + k;
      /* before a long value, the rest of the key: no megabytes rendered (a
      ** short key can hold long values) for a key that turns out malformed */
      if (!checked && it->value_len > 4096 && (it->type == OK_TEXT || it->type == OK_BLOB)) {
        size_t where; /* the batch's status and offset kept when the key is whole */
        int whole = ok_count(r->core, p, n, &count, &where);
        if (whole != OK_OK) return *status = whole, *at = where, SQLITE_ERROR;
        checked = 1;
      }
      if (index + k > 0 || (r->f->param && !o->json)) ok_sql_puts(o, o->json ? "," : ", ");
      rc = r->f->render(o, it, p + at_item);
    }
  } while (rc == SQLITE_OK && *status == OK_OK);
  if (rc == SQLITE_OK && *status != OK_FEWER) return SQLITE_ERROR;
  *status = OK_OK;
  ok_sql_putc(o, o->json ? ']' : ')');
  return rc;
}

static void finalize(void *st) { sqlite3_finalize(st); }

/* The auxdata slot of the read-back statement. A negative slot is shared by
** every function of the calling statement, of any extension (SQLite's own
** JSON functions keep their cache in one), so it must be a number no other
** function uses: ok's own ("ok" in ASCII, negated), and nothing but this
** statement, which is the same for every call, is ever kept in it. */
#define READ_BACK_SLOT (-0x6F6B)

enum { AS_SQL, AS_JSON };

/* ok_quote(key [, format]) (AS_SQL) and ok_json(key [, format]) (AS_JSON). A salted
** key shows as ok_salt(<builder>(...), k [, 'format']) in SQL and as
** {"salt": "..", "salt_over": k, "key": [...]} in JSON. */
static void ok_render_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const uint8_t *key;
  size_t len, at = 0;
  char *msg;
  ok_sql_reader r;
  ok_sql_out o;
  char salt[2 * OK_SALT_LEN];
  sqlite3_stmt *st;
  int rc, status = OK_OK, json = ok_sql_fn_arg(ctx) == AS_JSON;
  if (!ok_sql_key_in(ctx, argc, argv, 1, OK_SQL_UNSALT, &r, &key, &len)) return;
  ok_sql_out_init(&o, sqlite3_context_db_handle(ctx), json);
  /* the read-back statement lives as long as the statement calling us */
  st = o.st = sqlite3_get_auxdata(ctx, READ_BACK_SLOT);
  if (r.salted) {
    ok_hex_encode(salt, key - r.base, OK_SALT_LEN);
    if (json)
      ok_sql_putf(&o, "{\"salt\":\"%.8s\",\"salt_over\":%lld,\"key\":", salt, (long long)r.k);
    else
      ok_sql_putf(&o, "ok_salt(%s", r.f->pack);
  }
  rc = render_items(&o, &r, key, len, &status, &at);
  if (r.salted && json) ok_sql_putc(&o, '}');
  if (r.salted && !json) {
    ok_sql_putf(&o, ", %lld", (long long)r.k);
    if (r.f != &ok_sql_native) ok_sql_putf(&o, ", '%s%s", r.f->core->name, r.state ? ":" : "'");
    if (r.state) r.f->param->describe(&o, r.state), ok_sql_putc(&o, '\''); /* its parameter */
    ok_sql_putc(&o, ')');
  }
  /* kept for the statement, or finalized at once when SQLite cannot keep it */
  if (o.st != st) sqlite3_set_auxdata(ctx, READ_BACK_SLOT, o.st, finalize);
  if (rc == SQLITE_ERROR) {
    if (o.p != o.stack) sqlite3_free(o.p);
    ok_sql_report(ctx, ok_sql_malformed_key(&r, key, len, status, at, &msg), &msg);
  } else {
    if (o.rc == SQLITE_OK && rc != SQLITE_OK) o.rc = rc;
    ok_sql_out_result(ctx, &o);
    if (o.rc == SQLITE_OK && json)
      sqlite3_result_subtype(ctx, OK_SQL_JSON_SUBTYPE); /* for SQLite's json functions */
  }
  ok_sql_reader_end(ctx, &r, 1);
}

const ok_sql_function ok_sql_render_functions[] = {
    {"ok_quote", 1, 2, OK_SQL_PURE | OK_SQL_READS, ok_render_fn, AS_SQL},
    {"ok_json", 1, 2, OK_SQL_PURE | OK_SQL_READS | OK_SQL_MAKES, ok_render_fn, AS_JSON},
    {NULL, 0, 0, 0, NULL, 0},
};
