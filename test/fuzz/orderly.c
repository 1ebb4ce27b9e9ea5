/*
** orderly.c -- fuzz target for Orderly keys: the input's first bytes make a
** schema (every field type, nesting, desc, every termination), the rest is
** read as a key of it.
**
** Every walk must stay inside the key and agree (ok_next, ok_count,
** ok_locate); every TEXT/BLOB value must fill exactly its length. A key
** that reads is then turned back into values and packed: those bytes must
** read back as the same values, i.e. pack again to themselves (encode ->
** decode -> encode is a fixed point), else the target aborts.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OK_STATIC_LINKING_ONLY /* tests see the internals of this very version */
#include "../item.h"
#include "ok.h"
#include "ok_fdb.h"
#include "ok_hbase.h"
#include "ok_orderly.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const types[] = {
    "int",         "long",  "uint",   "ulong",   "fixed_int", "fixed_long", "fixed_uint",
    "fixed_ulong", "float", "double", "decimal", "utf8",      "bytes",      "fixed_bytes"};
static const char *const terms[] = {"", " must", " should_not", ""};

/* One field from byte b (and b2 for its arguments) at out; its length. */
static int field(char *out, unsigned b, unsigned b2) {
  const char *t = types[b % 14];
  int o = sprintf(out, "%s", t);
  if (b % 14 == 13) o += sprintf(out + o, "(%u)", 1 + b2 % 3);
  if (b % 14 == 12 && b2 % 3) o += sprintf(out + o, "(prefix=%u)", b2 % 3);
  if (b % 14 < 4 && (b2 & 0x80))
    o += sprintf(out + o, "(reserved_bits=1, reserved_value=%u)", b2 & 1);
  return o + sprintf(out + o, "%s%s", b & 0x40 ? " desc" : "", terms[(b >> 4) & 3]);
}

/* A schema of 1 to 4 fields from data[0..*used); a field may be a struct
** of the next two. */
static void make_schema(char *out, const uint8_t *data, size_t size, size_t *used) {
  size_t i = 1, k, n = size ? 1 + data[0] % 4 : 1;
  int o = 0;
  for (k = 0; k < n; k++) {
    unsigned b = i < size ? data[i] : 0, b2 = i + 1 < size ? data[i + 1] : 0;
    if (k) o += sprintf(out + o, ", ");
    if (b & 0x80) {
      unsigned b3 = i + 2 < size ? data[i + 2] : 0;
      o += sprintf(out + o, "struct(");
      o += field(out + o, b2, b3);
      o += sprintf(out + o, ", ");
      o += field(out + o, b3, b2);
      o += sprintf(out + o, ")%s", b & 0x40 ? " desc" : "");
      i += 3;
    } else {
      o += field(out + o, b, b2);
      i += 2;
    }
  }
  *used = i < size ? i : size;
}

/* 1 when digits d[0..n) x 10^point are those of the decimal item (BCD
** digits + 1, complemented when negative or descending). */
static int same_digits(const ok_item *it, const ok_orderly_field *f, const char *d, size_t n,
                       int point) {
  ok_orderly_own own = ok_orderly_own_of(it);
  uint8_t y = (uint8_t)((f->desc ? 0xFF : 0) ^ (own.dec.neg ? 0xFF : 0));
  size_t k;
  if (n != own.dec.digits || point != own.dec.exp || it->body_len != (n + 1) / 2) return 0;
  for (k = 0; k < n; k++)
    if (((it->body[k / 2] ^ y) >> (k % 2 ? 0 : 4) & 15) != d[k] - '0' + 1) return 0;
  return 1;
}

/* The value of a decoded item as the encoder takes it; text and digits go
** to *buf (room for the item's value and 32 more). */
static void to_value(const ok_orderly *s, size_t index, const ok_item *it, ok_orderly_value *v,
                     uint8_t *buf) {
  const ok_orderly_field *f = &s->node[s->leaf[index]];
  size_t n = 0, err;
  int point;
  memset(v, 0, sizeof *v);
  v->null = it->type == OK_NULL;
  if (v->null) return;
  if (it->type == OK_TEXT || it->type == OK_BLOB) {
    n = ok_unescape(buf + 32, it);
    if (n != it->value_len) abort();
  }
  switch (f->type) {
    case OK_OL_FLOAT:
    case OK_OL_DOUBLE: v->d = it->type == OK_REAL ? it->d : NAN; return;
    case OK_OL_DECIMAL:
      v->p = buf;
      if (it->type == OK_INT) {
        n = (size_t)sprintf((char *)buf + 32, "%lld", (long long)it->i);
      } else if (it->type == OK_REAL) { /* the digits of Java 19+, else of Java 8-18 */
        v->neg = ok_orderly_own_of(it).dec.neg;
        v->n = ok_double_digits((char *)buf, &point, it->d, 19);
        if (!same_digits(it, f, (char *)buf, v->n, point))
          v->n = ok_double_digits((char *)buf, &point, it->d, 8);
        v->exp = point - 1;
        return;
      }
      if (ok_decimal_split((char *)buf, &v->n, &v->neg, &v->exp, (char *)buf + 32, n, &err) !=
          OK_OK)
        abort();
      return;
    case OK_OL_UTF8:
    case OK_OL_BYTES:
    case OK_OL_FIXED_BYTES:
      v->p = buf + 32;
      v->n = n;
      return;
  }
  if (it->type == OK_TEXT) { /* an unsigned integer past int64 */
    buf[32 + n] = 0;
    v->u = strtoull((char *)buf + 32, NULL, 10);
    if (v->u != ok_orderly_own_of(it).u) abort();
  } else {
    v->i = it->i;
    v->u = (uint64_t)it->i;
  }
}

/* The values of key[0..n) into v (buffers from bufs); 0 when it does not read. */
static int read_values(const ok_orderly *s, const uint8_t *key, size_t n, ok_orderly_value *v,
                       uint8_t **bufs) {
  ok_walk w;
  ok_item it;
  size_t err, count, at, i = 0;
  int rc;
  ok_walk_start(&w, &s->format, key, n);
  while ((rc = ok_next(&w, &it, &err)) == OK_OK) {
    if (it.len > n - w.at) abort();
    if (!(bufs[i] = malloc(it.value_len + 64))) abort();
    to_value(s, i, &it, &v[i], bufs[i]);
    i++;
  }
  if (rc == OK_OK || (rc == OK_FEWER) != (ok_count(&s->format, key, n, &count, &err) == OK_OK))
    abort();
  if (rc != OK_FEWER) return 0;
  if (count != s->format.fields || i != count) abort();
  for (i = 0; i < count; i++) {
    if (ok_locate(&s->format, key, n, i, &it, &at, &err) != OK_OK || at > n) abort();
  }
  { /* the schema's reader in batches of 3: the items ok_locate finds */
    ok_item batch[3];
    size_t got, j;
    ok_walk_start(&w, &s->format, key, n);
    i = 0;
    do {
      rc = ok_next_n(&w, batch, 3, &got, &err);
      for (j = 0; j < got; j++, i++)
        if (ok_locate(&s->format, key, n, i, &it, &at, &err) != OK_OK || !same_item(&it, batch + j))
          abort();
    } while (rc == OK_OK);
    if (rc != OK_FEWER || i != count) abort();
  }
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static ok_orderly s;
  ok_orderly_value v[OK_ORDERLY_MAX], v2[OK_ORDERLY_MAX];
  uint8_t *bufs[OK_ORDERLY_MAX] = {0}, *bufs2[OK_ORDERLY_MAX] = {0}, *k1, *k2;
  char text[1024];
  const char *why;
  size_t used, at, n1, n2, i, field;
  make_schema(text, data, size, &used);
  if (ok_orderly_parse(&s, text, strlen(text), &at, &why) != OK_OK) abort();
  if (read_values(&s, data + used, size - used, v, bufs)) {
    for (i = 0; i < s.format.fields; i++) {
      if (ok_orderly_check(&s, i, &v[i]) != OK_OK) goto done; /* Orderly's FE/FF text */
    }
    n1 = ok_orderly_encode(NULL, 0, &s, v, s.format.fields, 0);
    if (!(k1 = malloc(n1 + 1))) abort();
    if (ok_orderly_encode(k1, n1, &s, v, s.format.fields, 0) != n1) abort();
    if (!s.should_not || ok_orderly_verify(&s, v, k1, n1, &field) == OK_OK) {
      if (!read_values(&s, k1, n1, v2, bufs2)) abort();
      n2 = ok_orderly_encode(NULL, 0, &s, v2, s.format.fields, 0);
      if (!(k2 = malloc(n2 + 1))) abort();
      ok_orderly_encode(k2, n2, &s, v2, s.format.fields, 0);
      if (n2 != n1 || memcmp(k1, k2, n1) != 0) abort();
      free(k2);
    }
    free(k1);
  }
done:
  for (i = 0; i < OK_ORDERLY_MAX; i++) free(bufs[i]), free(bufs2[i]);
  return 0;
}
