/*
** render.c -- keys as readable text: ok_quote (SQL literals) and ok_json.
**
**   ok_quote(ok_pack(42, 'ab''c', NULL, x'00FF', ok_desc('z')))
**     -> (42, 'ab''c', NULL, X'00FF', ok_desc('z'))
**   ok_json(...) -> [42,"ab'c",null,{"blob":"00FF"},{"desc":"z"}]
**
** Everything reads back exactly: 'SELECT ok_pack' || ok_quote(k) is SQL that
** gives k again. REALs appear in their shortest exact decimal form (9e999
** and -9e999 for the infinities), or, in the rare case the SQLite at hand
** would misread that decimal, as an exact expression like
** (4903990853453352.0 / 4611686018427387904 / ...); TEXT that is not
** printable UTF-8 as CAST(X'..' AS TEXT). JSON shows the shortest decimal
** (any correctly rounding JSON parser reads it back) and {"text_hex": ".."}.
*/
#include "common.h"

/* Length of the valid UTF-8 sequence at p[0..n), or 0 if there is none. */
static size_t utf8_len(const uint8_t *p, size_t n) {
  unsigned c = p[0], min, cp;
  size_t len, i;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF)
    len = 2, min = 0x80, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF)
    len = 3, min = 0x800, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4)
    len = 4, min = 0x10000, cp = c & 0x07;
  else
    return 0;
  if (len > n) return 0;
  for (i = 1; i < len; i++) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (p[i] & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

static int is_utf8(const uint8_t *p, size_t n) {
  size_t i = 0, l;
  while (i < n) {
    if (!(l = utf8_len(p + i, n - i))) return 0;
    i += l;
  }
  return 1;
}

static void append_hex(sqlite3_str *s, const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789ABCDEF";
  size_t i;
  for (i = 0; i < n; i++) {
    sqlite3_str_appendchar(s, 1, digits[p[i] >> 4]);
    sqlite3_str_appendchar(s, 1, digits[p[i] & 15]);
  }
}

static void append_sql_text(sqlite3_str *s, const uint8_t *p, size_t n) {
  size_t i;
  int printable = is_utf8(p, n);
  for (i = 0; printable && i < n; i++) printable = p[i] >= 0x20 && p[i] != 0x7F;
  if (!printable) {
    sqlite3_str_appendall(s, "CAST(X'");
    append_hex(s, p, n);
    sqlite3_str_appendall(s, "' AS TEXT)");
    return;
  }
  sqlite3_str_appendchar(s, 1, '\'');
  for (i = 0; i < n; i++) {
    if (p[i] == '\'') sqlite3_str_appendchar(s, 1, '\'');
    sqlite3_str_appendchar(s, 1, (char)p[i]);
  }
  sqlite3_str_appendchar(s, 1, '\'');
}

static void append_json_text(sqlite3_str *s, const uint8_t *p, size_t n) {
  size_t i;
  if (!is_utf8(p, n)) {
    sqlite3_str_appendall(s, "{\"text_hex\":\"");
    append_hex(s, p, n);
    sqlite3_str_appendall(s, "\"}");
    return;
  }
  sqlite3_str_appendchar(s, 1, '"');
  for (i = 0; i < n; i++) {
    uint8_t c = p[i];
    if (c == '"' || c == '\\')
      sqlite3_str_appendf(s, "\\%c", c);
    else if (c == '\n')
      sqlite3_str_appendall(s, "\\n");
    else if (c == '\t')
      sqlite3_str_appendall(s, "\\t");
    else if (c < 0x20 || c == 0x7F)
      sqlite3_str_appendf(s, "\\u%04x", c);
    else
      sqlite3_str_appendchar(s, 1, (char)c);
  }
  sqlite3_str_appendchar(s, 1, '"');
}

/* SQLite's own reading of decimal text is not always correctly rounded
** (3.40 misreads about one double in 5,000, most near the subnormals), so
** an SQL rendering is checked against the SQLite at hand: *st is a lazily
** prepared "SELECT CAST(?1 AS REAL)". */
static int sqlite_reads_back(sqlite3 *db, sqlite3_stmt **st, const char *text, double d) {
  int ok;
  if (!*st && sqlite3_prepare_v2(db, "SELECT CAST(?1 AS REAL)", -1, st, NULL) != SQLITE_OK) {
    return 1; /* cannot tell: keep the decimal */
  }
  sqlite3_bind_text(*st, 1, text, -1, SQLITE_STATIC);
  ok = sqlite3_step(*st) == SQLITE_ROW && sqlite3_column_double(*st, 0) == d;
  sqlite3_reset(*st);
  return ok;
}

/* d as an expression SQLite evaluates exactly, without decimal fractions:
** its integer significand divided or multiplied by 2^62 as often as needed
** (each step is exact, as the result is a double). */
static void append_exact_real(sqlite3_str *s, double d) {
  int e = 0;
  double m = d;
  while (m != (double)(long long)m || m > 9007199254740992.0 || m < -9007199254740992.0) {
    if (m != (double)(long long)m)
      m *= 2, e--;
    else
      m /= 2, e++;
  }
  sqlite3_str_appendf(s, "(%lld.0", (long long)m);
  for (; e < 0; e += e < -62 ? 62 : -e)
    sqlite3_str_appendf(s, " / %lld", 1LL << (e < -62 ? 62 : -e));
  for (; e > 0; e -= e > 62 ? 62 : e) sqlite3_str_appendf(s, " * %lld", 1LL << (e > 62 ? 62 : e));
  sqlite3_str_appendchar(s, 1, ')');
}

static int render(sqlite3_str *s, const ok_item *it, int json, sqlite3 *db, sqlite3_stmt **st) {
  char num[OK_REPR_MAX];
  uint8_t stack[256], *buf = stack;
  if (it->desc) sqlite3_str_appendall(s, json ? "{\"desc\":" : "ok_desc(");
  switch (it->type) {
    case OK_NULL: sqlite3_str_appendall(s, json ? "null" : "NULL"); break;
    case OK_INT: sqlite3_str_appendf(s, "%lld", (long long)it->i); break;
    case OK_REAL:
      ok_double_repr(num, it->d);
      if (num[0] == 'I' || num[1] == 'I') {
        if (json)
          sqlite3_str_appendf(s, "{\"real\":\"%s\"}", num);
        else
          sqlite3_str_appendall(s, num[0] == '-' ? "-9e999" : "9e999");
      } else if (json || sqlite_reads_back(db, st, num, it->d)) {
        sqlite3_str_appendall(s, num);
      } else {
        append_exact_real(s, it->d);
      }
      break;
    case OK_TEXT:
    case OK_BLOB:
      if (it->value_len > sizeof stack && !(buf = sqlite3_malloc64(it->value_len))) {
        return SQLITE_NOMEM;
      }
      ok_unescape(buf, it);
      if (it->type == OK_TEXT && it->tag != OK_TAG_TEXT) { /* collated */
        const char *name = ok_sql_collation_name(it->tag);
        if (json) {
          sqlite3_str_appendf(s, "{\"collate\":\"%s\",\"text\":", name);
          append_json_text(s, buf, it->value_len);
          sqlite3_str_appendchar(s, 1, '}');
        } else {
          sqlite3_str_appendall(s, "ok_collate(");
          append_sql_text(s, buf, it->value_len);
          sqlite3_str_appendf(s, ", '%s')", name);
        }
      } else if (it->type == OK_TEXT) {
        if (json)
          append_json_text(s, buf, it->value_len);
        else
          append_sql_text(s, buf, it->value_len);
      } else {
        sqlite3_str_appendall(s, json ? "{\"blob\":\"" : "X'");
        append_hex(s, buf, it->value_len);
        sqlite3_str_appendall(s, json ? "\"}" : "'");
      }
      if (buf != stack) sqlite3_free(buf);
      break;
  }
  if (it->desc) sqlite3_str_appendchar(s, 1, json ? '}' : ')');
  return SQLITE_OK;
}

/* ok_quote(key [, format]) and ok_json(key [, format]). */
static void render_key(sqlite3_context *ctx, int argc, sqlite3_value **argv, int json) {
  const uint8_t *p;
  size_t n, off = 0, err;
  const ok_sql_format *f;
  sqlite3_str *s;
  sqlite3_stmt *st = NULL;
  char *out;
  int rc, first = 1;
  if (!ok_sql_key_arg(ctx, argv[0], &p, &n)) return;
  if (!(f = ok_sql_format_arg(ctx, argc, argv, 1))) return;
  s = sqlite3_str_new(sqlite3_context_db_handle(ctx));
  sqlite3_str_appendchar(s, 1, json ? '[' : '(');
  while (off < n) {
    ok_item it;
    if ((rc = f->decode(p + off, n - off, &it, &err)) != OK_OK) {
      sqlite3_free(sqlite3_str_finish(s));
      sqlite3_finalize(st);
      ok_sql_malformed(ctx, rc, off + err);
      return;
    }
    if (!first) sqlite3_str_appendall(s, json ? "," : ", ");
    first = 0;
    if (render(s, &it, json, sqlite3_context_db_handle(ctx), &st) != SQLITE_OK) break;
    off += it.len;
  }
  sqlite3_finalize(st);
  sqlite3_str_appendchar(s, 1, json ? ']' : ')');
  rc = off < n ? SQLITE_NOMEM : sqlite3_str_errcode(s);
  out = sqlite3_str_finish(s);
  if (rc == SQLITE_TOOBIG) {
    sqlite3_result_error_toobig(ctx);
  } else if (rc != SQLITE_OK || !out) {
    sqlite3_result_error_nomem(ctx);
  } else {
    sqlite3_result_text(ctx, out, -1, sqlite3_free);
    if (json) sqlite3_result_subtype(ctx, 'J'); /* JSON to SQLite's json functions */
    return;
  }
  sqlite3_free(out);
}

void ok_quote_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  render_key(ctx, argc, argv, 0);
}

void ok_json_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  render_key(ctx, argc, argv, 1);
}
