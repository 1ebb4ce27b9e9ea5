/*
** orderly_schema.c -- Orderly key schemas: the text that says which fields a
** key has ("long, utf8 desc, struct(double, bytes(prefix=2)) must"), parsed
** into the table of fields the codec in orderly.c walks, and written back.
*/
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define DEPTH_MAX 32 /* struct nesting */

static const struct {
  const char *name;
  int type;
  int args; /* 1: fixed_bytes(N); 2: bytes(prefix=K); 3: reserved header bits; 4: java=N */
} types[] = {
    {"int", OK_OL_INT, 3},
    {"long", OK_OL_LONG, 3},
    {"uint", OK_OL_UINT, 3},
    {"ulong", OK_OL_ULONG, 3},
    {"fixed_int", OK_OL_FIXED_INT, 0},
    {"fixed_long", OK_OL_FIXED_LONG, 0},
    {"fixed_uint", OK_OL_FIXED_UINT, 0},
    {"fixed_ulong", OK_OL_FIXED_ULONG, 0},
    {"float", OK_OL_FLOAT, 0},
    {"double", OK_OL_DOUBLE, 0},
    {"decimal", OK_OL_DECIMAL, 4},
    {"utf8", OK_OL_UTF8, 0},
    {"bytes", OK_OL_BYTES, 2},
    {"fixed_bytes", OK_OL_FIXED_BYTES, 1},
    {"struct", OK_OL_STRUCT, 0},
};
#define TYPES (sizeof types / sizeof types[0])

static const char *const terms[] = {"auto", "must", "should_not"};

size_t ok_orderly_size(void) { return sizeof(ok_orderly); }

const ok_format *ok_orderly_format(const ok_orderly *s) { return &s->format; }

int ok_orderly_field_type(const ok_orderly *s, size_t i) {
  return i < s->format.fields ? s->node[s->leaf[i]].type : 0;
}

const char *ok_orderly_type_name(int type) {
  size_t i;
  for (i = 0; i < TYPES; i++) {
    if (types[i].type == type) return types[i].name;
  }
  return "?";
}

/* Most reserved header bits a variable-length integer takes: the value
** bits of its longest header. */
static uint32_t reserved_max(int type) {
  return type == OK_OL_LONG ? 2 : type == OK_OL_UINT ? 4 : 3;
}

typedef struct {
  const char *s;
  size_t n, i;
  ok_orderly *out;
  const char *why;
} parser;

static void space(parser *p) {
  while (p->i < p->n && (p->s[p->i] == ' ' || (p->s[p->i] >= '\t' && p->s[p->i] <= '\r'))) p->i++;
}

/* The next word ([A-Za-z0-9_]+) in *w, *len; 0 when there is none. */
static int word(parser *p, const char **w, size_t *len) {
  space(p);
  *w = p->s + p->i;
  while (p->i < p->n) {
    char c = p->s[p->i] | 0x20;
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || p->s[p->i] == '_')) break;
    p->i++;
  }
  *len = (size_t)(p->s + p->i - *w);
  return *len > 0;
}

static int is(const char *w, size_t len, const char *name) {
  size_t i;
  for (i = 0; i < len && name[i]; i++) {
    char c = w[i] >= 'A' && w[i] <= 'Z' ? (char)(w[i] + 32) : w[i];
    if (c != name[i]) return 0;
  }
  return i == len && !name[i];
}

static int punct(parser *p, char c) {
  space(p);
  if (p->i < p->n && p->s[p->i] == c) {
    p->i++;
    return 1;
  }
  return 0;
}

static int fail(parser *p, size_t at, const char *why) {
  p->i = at;
  p->why = why;
  return 0;
}

/* "name = N" (name NULL: just N), N from 0 to max, in *v. */
static int number(parser *p, const char *name, uint32_t max, uint32_t *v) {
  const char *w;
  size_t len, k, at;
  uint64_t x = 0;
  space(p);
  at = p->i;
  if (name && (!word(p, &w, &len) || !is(w, len, name))) {
    return fail(p, at,
                name[0] == 'p'   ? "expected prefix="
                : name[0] == 'j' ? "expected java="
                                 : "expected reserved_bits=, reserved_value=");
  }
  if (name && !punct(p, '=')) return fail(p, p->i, "expected '='");
  space(p);
  at = p->i;
  if (!word(p, &w, &len)) return fail(p, at, "expected a number");
  for (k = 0; k < len; k++) {
    if (w[k] < '0' || w[k] > '9') return fail(p, at, "expected a number");
    x = x * 10 + (uint64_t)(w[k] - '0');
    if (x > max) return fail(p, at, "number out of range");
  }
  *v = (uint32_t)x;
  return 1;
}

static int field_list(parser *p, int depth, size_t *last);

/* A type's parenthesized arguments, if it has any. */
static int arguments(parser *p, ok_orderly_field *f, int args, int depth) {
  uint32_t r, v;
  if (f->type == OK_OL_STRUCT) {
    size_t last;
    if (depth == DEPTH_MAX) return fail(p, p->i, "structs nested too deep");
    if (!punct(p, '(')) return fail(p, p->i, "expected '(' after struct");
    if (!field_list(p, depth + 1, &last)) return 0;
    f->last = (uint16_t)last;
  } else if (args == 1) {
    if (!punct(p, '(')) return fail(p, p->i, "expected '(' after fixed_bytes");
    if (!number(p, NULL, 0x7FFFFFFF, &f->size)) return 0;
    if (f->size == 0) return fail(p, p->i - 1, "fixed_bytes needs a length of 1 or more");
  } else if (args && punct(p, '(')) {
    if (args == 2) {
      if (!number(p, "prefix", 0x7FFFFFFF, &f->size)) return 0;
    } else if (args == 4) {
      if (!number(p, "java", 999, &v)) return 0;
      if (v == 0) return fail(p, p->i - 1, "java needs a Java version of 1 or more");
      f->java = (uint16_t)v;
    } else {
      if (!number(p, "reserved_bits", reserved_max(f->type), &r)) return 0;
      if (!punct(p, ',')) return fail(p, p->i, "expected ','");
      if (!number(p, "reserved_value", (1u << r) - 1, &v)) return 0;
      f->rbits = (uint8_t)r;
      f->rvalue = (uint8_t)v;
    }
  } else {
    return 1;
  }
  return punct(p, ')') ||
         fail(p, p->i, f->type == OK_OL_STRUCT ? "expected ',' or ')'" : "expected ')'");
}

/* One field: a type, its arguments, then desc/asc and a termination. */
static int field(parser *p, int depth, size_t *me) {
  const char *w;
  size_t len, k, at;
  ok_orderly_field *f;
  int order = 0, term = 0;
  space(p);
  at = p->i;
  if (!word(p, &w, &len)) return fail(p, at, "expected a type");
  for (k = 0; k < TYPES && !is(w, len, types[k].name); k++) {
  }
  if (k == TYPES) return fail(p, at, "unknown type");
  if (p->out->count == OK_ORDERLY_MAX) return fail(p, at, "more than 256 fields and structs");
  *me = p->out->count++;
  f = &p->out->node[*me];
  memset(f, 0, sizeof *f);
  f->type = (uint8_t)types[k].type;
  if (!arguments(p, f, types[k].args, depth)) return 0;
  f->end = (uint16_t)p->out->count;
  for (;;) {
    size_t i;
    space(p);
    at = p->i;
    if (!word(p, &w, &len)) break;
    if (is(w, len, "desc") || is(w, len, "asc")) {
      if (order++) return fail(p, at, "order given twice");
      f->declared_desc = (uint8_t)is(w, len, "desc");
      continue;
    }
    for (i = 0; i < 3 && !is(w, len, terms[i]); i++) {
    }
    if (i == 3) return fail(p, at, "expected desc, asc, must, should_not or auto");
    if (term++) return fail(p, at, "termination given twice");
    f->term = (uint8_t)i;
  }
  if (f->type != OK_OL_STRUCT) {
    f->index = (uint16_t)p->out->format.fields;
    p->out->leaf[p->out->format.fields++] = (uint16_t)*me;
  }
  return 1;
}

/* Fields separated by commas; the last one's index in *last. */
static int field_list(parser *p, int depth, size_t *last) {
  size_t prev = OK_ORDERLY_NONE, me;
  do {
    if (!field(p, depth, &me)) return 0;
    p->out->node[me].prev = (uint16_t)prev;
    prev = me;
  } while (punct(p, ','));
  *last = prev;
  return 1;
}

int ok_orderly_parse(ok_orderly *s, const char *text, size_t n, size_t *err_at, const char **why) {
  parser p;
  size_t i, j, last;
  p.s = text;
  p.n = n;
  p.i = 0;
  p.out = s;
  p.why = NULL;
  s->format = ok_format_orderly;
  s->format.param = s;
  s->count = 0;
  if (!field_list(&p, 0, &last) ||
      (space(&p), p.i != n && !fail(&p, p.i, "expected ',' or the end"))) {
    *err_at = p.i;
    *why = p.why;
    return OK_E_SYNTAX;
  }
  s->last = (uint16_t)last;
  /* a struct's desc flips the order of all it holds */
  s->should_not = 0;
  s->decimals = 0;
  for (i = 0; i < s->count; i++) {
    s->node[i].desc = s->node[i].declared_desc;
    s->should_not |= s->node[i].term == OK_OL_SHOULD_NOT && s->format.fields > 1;
    s->decimals += s->node[i].type == OK_OL_DECIMAL;
  }
  for (i = 0; i < s->count; i++) {
    if (s->node[i].type != OK_OL_STRUCT || !s->node[i].declared_desc) continue;
    for (j = i + 1; j < s->node[i].end; j++) s->node[j].desc ^= 1;
  }
  ok_orderly_plan_full(s);
  return OK_OK;
}

/* Writes p[0..n) at out + *o unless out is NULL; advances *o. */
static void put(char *out, size_t *o, const char *p, size_t n) {
  if (out) memcpy(out + *o, p, n);
  *o += n;
}

static size_t text_of(char *out, size_t o, const ok_orderly *s, size_t i) {
  const ok_orderly_field *f = &s->node[i];
  const char *name = ok_orderly_type_name(f->type);
  char args[64] = "";
  put(out, &o, name, strlen(name));
  if (f->type == OK_OL_STRUCT) {
    size_t c;
    put(out, &o, "(", 1);
    for (c = i + 1; c < f->end; c = s->node[c].end) {
      if (c > i + 1) put(out, &o, ", ", 2);
      o = text_of(out, o, s, c);
    }
    put(out, &o, ")", 1);
  } else if (f->type == OK_OL_FIXED_BYTES) {
    sprintf(args, "(%lu)", (unsigned long)f->size);
  } else if (f->type == OK_OL_BYTES && f->size) {
    sprintf(args, "(prefix=%lu)", (unsigned long)f->size);
  } else if (f->java) {
    sprintf(args, "(java=%u)", f->java);
  } else if (f->rbits) {
    sprintf(args, "(reserved_bits=%u, reserved_value=%u)", f->rbits, f->rvalue);
  }
  put(out, &o, args, strlen(args));
  if (f->declared_desc) put(out, &o, " desc", 5);
  if (f->term) {
    put(out, &o, " ", 1);
    put(out, &o, terms[f->term], strlen(terms[f->term]));
  }
  return o;
}

size_t ok_orderly_text(char *out, const ok_orderly *s) {
  size_t o = 0, i;
  for (i = 0; i < s->count; i = s->node[i].end) {
    if (i > 0) put(out, &o, ", ", 2);
    o = text_of(out, o, s, i);
  }
  return o;
}
