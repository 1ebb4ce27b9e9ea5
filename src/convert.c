/*
** convert.c -- ok_convert (ok.h): a key read in one format and written in
** another, one component at a time, then checked to come back.
**
** The caller's buffer holds, at its end, a byte a component (its type in
** the key given), and below them the TEXT and BLOB values being written,
** each read out below the one before; from its start, the key made, and
** after it the key made written back from its own values, which must be
** the key given, each value of the type it had there.
*/
#include "internal.h"

/* (Ordered-binary has no `arrays`: it writes one value alone and several as
** an array, flat, so that its one value alone is which it is.) */
int ok_convert_lone(const ok_format *f, const uint8_t *key, size_t n) {
  ok_item it;
  size_t count, at, err;
  return f->arrays && ok_pick(f, key, n, 0, &it, &at, &count, &err) == OK_OK && count == 1 &&
         !ok_js_sole(&it);
}

static void writer_start(ok_writer *w, uint8_t *out, size_t cap, size_t count, int lone,
                         void *room) {
  w->out = out;
  w->cap = cap;
  w->n = w->need = w->index = w->mark = w->err_at = 0;
  w->desc = 0;
  w->count = count;
  w->lone = lone;
  w->room = room;
}

/* 1 for a TEXT or BLOB item whose value is read out: not one more than 4
** times its bytes in the key, which is no SQL value of it (a collated native
** text keeps a run of digits by its count; no format's text or bytes take
** under a quarter). */
static int read_out(const ok_item *it) {
  return (it->type == OK_TEXT || it->type == OK_BLOB) && it->value_len / 4 <= it->len;
}

/* The value of item it as a writer w takes it, a TEXT or BLOB one read out
** to the top of w's room, below the values before it (w->cap comes down
** to it). 0 when it does not fit above what w has asked for. */
static int value_of(ok_value *v, const ok_item *it, ok_writer *w) {
  v->type = it->type, v->i = it->i, v->d = it->d, v->p = NULL, v->n = 0;
  if (it->type != OK_TEXT && it->type != OK_BLOB) return 1;
  if (it->value_len > w->cap || w->need > w->cap - it->value_len) return 0;
  w->cap -= it->value_len;
  v->p = w->out + w->cap;
  v->n = ok_unescape(w->out + w->cap, it);
  return 1;
}

/* The key's end, written by f into w: the room it asks for includes it. */
static int end(const ok_format *f, ok_writer *w) {
  int rc = f->put(f, w, NULL);
  if (w->n > w->need) w->need = w->n;
  return rc;
}

/* The values of key (read by f), written by `to` into w, and the key's
** end; each one's type to types (unless NULL). OK_OK; OK_E_ROOM; or the
** status `to` refuses one with, *err_at its component's offset in the key
** (the key's end: n, or the component the writer names in w->index), *end
** 1 when the key's end was refused. */
static int write_values(const ok_format *f, const uint8_t *key, size_t n, uint8_t *types,
                        const ok_format *to, ok_writer *w, size_t *err_at, int *end_refused) {
  ok_walk wk;
  ok_item it;
  ok_value v;
  size_t e;
  int rc;
  ok_walk_start(&wk, f, key, n);
  while (ok_next(&wk, &it, &e) == OK_OK) { /* counted already: no error here */
    if ((it.type == OK_TEXT || it.type == OK_BLOB) && !read_out(&it))
      return *err_at = wk.at, OK_E_AMBIGUOUS;
    if (!value_of(&v, &it, w)) return OK_E_ROOM;
    if (types) types[w->index] = (uint8_t)it.type;
    if ((rc = to->put(to, w, &v)) != OK_OK) return *err_at = wk.at, rc;
    w->index++;
  }
  if ((rc = end(to, w)) == OK_OK) return OK_OK;
  *end_refused = 1;
  /* refused at the end: the value its writer names (w->index), or the key */
  if (w->index >= w->count || ok_locate(f, key, n, w->index, &it, err_at, &e) != OK_OK) *err_at = n;
  return rc;
}

/* The key made (read by t) written back by f into w, each value of the
** type the key given's had (types). OK_OK; OK_E_ROOM; or OK_E_AMBIGUOUS
** with *err_at the offset of the first component of the key given
** (key[0..n), read by f) that does not come back as it is. */
static int write_back(const ok_format *f, const uint8_t *key, size_t n, const ok_format *t,
                      const uint8_t *made, size_t m, const uint8_t *types, ok_writer *w,
                      size_t *err_at) {
  ok_walk b;
  ok_item y;
  ok_value v;
  size_t e;
  int rb;
  ok_walk_start(&b, t, made, m);
  while ((rb = ok_next(&b, &y, &e)) == OK_OK && w->index < w->count && y.type == types[w->index]) {
    if (!value_of(&v, &y, w)) return OK_E_ROOM;
    if (f->put(f, w, &v) != OK_OK) break;
    w->index++;
  }
  if (rb == OK_FEWER && w->index == w->count && end(f, w) == OK_OK) return OK_OK;
  if (w->index >= w->count || ok_locate(f, key, n, w->index, &y, err_at, &e) != OK_OK) *err_at = n;
  return OK_E_AMBIGUOUS;
}

/* The offset of the component of key (read by f) that holds byte d. */
static size_t component_at(const ok_format *f, const uint8_t *key, size_t n, size_t d) {
  ok_walk w;
  ok_item it;
  size_t e;
  ok_walk_start(&w, f, key, n);
  while (ok_next(&w, &it, &e) == OK_OK)
    if (w.off > d) return w.at;
  return n;
}

/* The bytes of key's (read by f) TEXT and BLOB values in all, and of the
** widest: those a writer reads out. */
static size_t values_of(const ok_format *f, const uint8_t *key, size_t n, size_t *widest) {
  ok_walk w;
  ok_item it;
  size_t values = 0, e;
  *widest = 0;
  ok_walk_start(&w, f, key, n);
  while (ok_next(&w, &it, &e) == OK_OK)
    if (read_out(&it)) {
      values += it.value_len;
      if (it.value_len > *widest) *widest = it.value_len;
    }
  return values;
}

/* OK_E_ROOM, with *len the room to give: for the types (a byte a
** component), the values read out, `made` (the key made's room, where it
** was counted; else a guess, 3 bytes a value's byte and 16 a component, and
** the next call counts it) and the key written back: its bytes, its values
** and the slack of a writer's bound (3 bytes a value's byte, 64 a number),
** or what it asked for (back). At least twice what the buffer had, so that
** calls that answer OK_E_ROOM grow it. */
static int room_for(const ok_format *f, const uint8_t *key, size_t n, size_t count, size_t made,
                    size_t back, size_t cap, size_t *len) {
  size_t widest, values = values_of(f, key, n, &widest), slack = n + values + 3 * widest + 64;
  size_t want =
      count + values + (made ? made : 3 * values + 16 * count + 64) + (back > slack ? back : slack);
  *len = want > 2 * cap ? want : 2 * cap + 64;
  return OK_E_ROOM;
}

int ok_convert(const ok_format *from, const uint8_t *key, size_t n, const ok_format *to,
               uint8_t *out, size_t cap, size_t *len, size_t *err_at) {
  uint64_t room[(OK_WRITER_ROOM + 7) / 8]; /* aligned for Orderly's values */
  ok_writer made, back;
  size_t count, d;
  uint8_t *types;
  int lone, rc, end_refused = 0;
  *len = 0;
  if ((rc = ok_count(from, key, n, &count, err_at)) != OK_OK) return rc;
  if (!to->put || !from->put) return *err_at = 0, OK_E_TYPE;
  lone = count == 1 && ok_convert_lone(from, key, n);
  if (count > cap) return room_for(from, key, n, count, 0, 0, cap, len);
  types = out + cap - count;
  writer_start(&made, out, cap - count, count, lone, room);
  rc = write_values(from, key, n, types, to, &made, err_at, &end_refused);
  if (rc == OK_E_ROOM) return room_for(from, key, n, count, 0, 0, cap, len);
  if (rc != OK_OK) return rc;
  if (made.need > made.cap) return room_for(from, key, n, count, made.need, 0, cap, len);
  writer_start(&back, out + made.n, cap - count - made.n, count, lone, room);
  rc = write_back(from, key, n, to, out, made.n, types, &back, err_at);
  if (rc == OK_E_ROOM || (rc == OK_OK && back.need > back.cap))
    return room_for(from, key, n, count, made.n, back.need, cap, len);
  if (rc != OK_OK) return rc;
  if (back.n != n || memcmp(back.out, key, n) != 0) {
    for (d = 0; d < n && d < back.n && back.out[d] == key[d];) d++;
    *err_at = component_at(from, key, n, d);
    return OK_E_AMBIGUOUS;
  }
  *len = made.n;
  return OK_OK;
}

int ok_convert_values(const ok_format *from, const uint8_t *key, size_t n, const ok_format *to,
                      int lone, uint8_t *out, size_t cap, size_t *len, ok_writer *w,
                      int *end_refused) {
  uint64_t room[(OK_WRITER_ROOM + 7) / 8]; /* aligned for Orderly's values */
  size_t count, err;
  int rc;
  *len = 0, *end_refused = 0;
  writer_start(w, out, cap, 0, lone, NULL); /* *w says something on every return */
  if ((rc = ok_count(from, key, n, &count, &err)) != OK_OK) return rc;
  if (!to->put || !from->put) return *end_refused = 1, OK_E_TYPE; /* no writer: the key's */
  writer_start(w, out, cap, count, lone, room);
  rc = write_values(from, key, n, NULL, to, w, &err, end_refused);
  w->room = NULL; /* this function's */
  if (rc == OK_OK && w->need > w->cap) rc = OK_E_ROOM;
  if (rc == OK_E_ROOM) {
    size_t widest, values = values_of(from, key, n, &widest);
    *len = 2 * cap + values + (w->need > w->n ? w->need : w->n) + 64;
    return rc;
  }
  *len = w->n;
  return rc;
}
