/*
** format.c -- what every key format shares: the table of formats, status
** names, and the walks over a whole key (count, locate, prefix end).
*/
#include <string.h>

#include "internal.h"
#include "ok.h"

#define OK_FORMAT_ROW(id, letter) &ok_format_##id,
const ok_format *const ok_formats[] = {OK_FORMAT_LIST(OK_FORMAT_ROW) NULL};

static int same_name(const char *name, const char *s, size_t n) {
  size_t j;
  for (j = 0; j < n && name[j]; j++) {
    char c = s[j] >= 'A' && s[j] <= 'Z' ? (char)(s[j] + 32) : s[j];
    if (c != name[j]) return 0;
  }
  return j == n && !name[j];
}

const ok_format *ok_format_named(const char *s, size_t n) {
  size_t i;
  for (i = 0; ok_formats[i]; i++) {
    if (same_name(ok_formats[i]->name, s, n)) return ok_formats[i];
  }
  return NULL;
}

const char *ok_strerror(int status) {
  switch (status) {
    case OK_OK: return "ok";
    case OK_E_TRUNCATED: return "truncated component";
    case OK_E_TAG: return "unknown tag";
    case OK_E_ESCAPE: return "bad escape";
    case OK_E_NONCANONICAL: return "non-canonical encoding";
    case OK_E_RANGE: return "number out of range";
    case OK_E_SYNTAX: return "syntax error";
    case OK_E_DESC: return "descending already";
    case OK_E_NUL: return "NUL not allowed";
    case OK_E_TRAILING: return "bytes after the last field";
    case OK_E_NULL: return "NULL where the type has none";
    case OK_E_LENGTH: return "wrong length";
    case OK_E_BYTE: return "byte not allowed";
    case OK_E_AMBIGUOUS: return "reads back as other values";
    case OK_E_TYPE: return "type not allowed";
    case OK_E_ROOM: return "output buffer too small";
    case OK_FEWER: return "fewer components";
    case OK_FDB_OPEN: return "nested tuple opens";
    case OK_FDB_CLOSE: return "nested tuple closes";
  }
  return "unknown status";
}

int ok_js_sole(const ok_item *it) { return (int)it->own[OK_JS_SOLE_WORD]; }

/* A direct value (no escape in it: most are) is copied without asking its
** format; one of up to 16 bytes without a call (ok_copy_short, which
** refuses no byte below 0). */
size_t ok_unescape(uint8_t *out, const ok_item *it) {
  const size_t n = it->value_len;
  if (!it->direct) return it->format->value(out, it);
  if (!ok_copy_short(out, it->body, n, 0)) memcpy(out, it->body, n);
  return n;
}

/* The format that walks key[0..n) as f reads it: f, or the one its
** `reading` hook chooses from the whole key, once a walk. */
static const ok_format *walk_format(const ok_format *f, const uint8_t *key, size_t n) {
  return f->reading ? f->reading(f, key, n) : f;
}

void ok_walk_start(ok_walk *w, const ok_format *f, const uint8_t *key, size_t n) {
  w->f = walk_format(f, key, n);
  w->key = key;
  w->n = n;
  w->at = w->off = w->index = 0;
}

/* ok_next, and ok_skip when `over` (over the component when the format
** can skip it): one step, with the descriptor's decode. A format's `next`
** reads in batches (ok_next_n); for one item, its loop costs more than it
** saves. */
OK_HOT_INLINE int walk(ok_walk *w, ok_item *it, int over, size_t *err_at) {
  const ok_format *const f = w->f;
  size_t off = w->off, len = 0;
  int rc =
      ok_walk_step(f, f->decode, f->fields, w->key, w->n, off, w->index, it, over, &len, err_at);
  if (rc == OK_OK) {
    w->at = off;
    w->off = off + len;
    w->index++;
  }
  return rc;
}

int ok_next(ok_walk *w, ok_item *it, size_t *err_at) { return walk(w, it, 0, err_at); }

int ok_skip(ok_walk *w, size_t *err_at) {
  ok_item spare;
  return walk(w, &spare, 1, err_at);
}

/* The reader of a format without its own: decode called for each item. */
static int next_called(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at) {
  return ok_walk_n(w, w->f->decode, w->f->fields, items, cap, got, err_at);
}

int ok_next_n(ok_walk *w, ok_item *items, size_t cap, size_t *got, size_t *err_at) {
  return (w->f->next ? w->f->next : next_called)(w, items, cap, got, err_at);
}

/* ok_locate, and ok_pick when `count` is not NULL: walk's steps with the
** walk and the descriptor's fields in locals, for the same reason. The
** components before `index` decode into *it when they cannot be skipped,
** those after it into a spare item. */
static inline int scan(const ok_format *f, const uint8_t *key, size_t n, size_t index, ok_item *it,
                       size_t *at, size_t *count, size_t *err_at) {
  const size_t fields = f->fields;
  size_t (*const skip)(const ok_format *, size_t, const uint8_t *, size_t) = f->skip;
  int (*const decode)(const ok_format *, size_t, const uint8_t *, size_t, ok_item *, size_t *) =
      f->decode;
  size_t off = 0, i, len = 0;
  ok_item spare;
  int rc;
  *at = 0; /* set on every return (a compiler that inlines this cannot tell) */
  for (i = 0;; i++, off += len) {
    if (fields ? i == fields : off == n) {
      *err_at = off;
      rc = off == n ? OK_FEWER : OK_E_TRAILING;
      /* the empty key: its format says whether it is one */
      if (n == 0 && !fields) rc = decode(f, 0, key, 0, &spare, err_at);
      break;
    }
    if (i == index || !skip || (len = skip(f, i, key + off, n - off)) == 0) {
      ok_item *d = it;
      if (i > index) d = &spare;
      if ((rc = decode(f, i, key + off, n - off, d, err_at)) != OK_OK) {
        *err_at += off; /* OK_FEWER too: the rest holds no component (TiKV's padding) */
        break;
      }
      len = d->len;
    }
    if (i == index) {
      *at = off;
      if (!count) return OK_OK;
    }
  }
  if (!count) {
    if (rc == OK_FEWER) *at = i;
    return rc;
  }
  *count = i;
  if (rc != OK_FEWER) return rc;
  return index < i ? OK_OK : OK_FEWER;
}

int ok_locate(const ok_format *f, const uint8_t *key, size_t n, size_t index, ok_item *it,
              size_t *at, size_t *err_at) {
  return scan(walk_format(f, key, n), key, n, index, it, at, NULL, err_at);
}

int ok_pick(const ok_format *f, const uint8_t *key, size_t n, size_t index, ok_item *it, size_t *at,
            size_t *count, size_t *err_at) {
  return scan(walk_format(f, key, n), key, n, index, it, at, count, err_at);
}

int ok_count(const ok_format *f, const uint8_t *key, size_t n, size_t *count, size_t *err_at) {
  size_t at;
  ok_item it;
  int rc = ok_pick(f, key, n, (size_t)-1, &it, &at, count, err_at);
  return rc == OK_FEWER ? OK_OK : rc;
}

int ok_prefix_end(uint8_t *out, size_t *len, const uint8_t *key, size_t n) {
  size_t i;
  while (n > 0 && key[n - 1] == 0xFF) n--;
  *len = n;
  if (n == 0) return OK_E_RANGE;
  for (i = 0; i + 1 < n; i++) out[i] = key[i];
  out[n - 1] = (uint8_t)(key[n - 1] + 1);
  return OK_OK;
}
