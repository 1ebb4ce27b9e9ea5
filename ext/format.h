/*
** format.h -- a key format as the SQL functions see it: one descriptor per
** format, defined in the format's own file (native.c, fdb.c, hbase.c,
** orderly.c), that says how SQL values become its items, how its items
** show, what parameter it takes and which SQL functions it has; the table
** of them; pieces; and the one loop that builds keys for every format.
**
** Adding a format: README.md, "Adding a format".
*/
#ifndef OK_FORMAT_H
#define OK_FORMAT_H

#include <string.h>

#include "text.h"

/* Subtypes. SQLite keeps a value's subtype only sometimes: a VIRTUAL
** generated column computed from its row has it, the same column read from
** an index does not. So a subtype may make a call fail, never change its
** result: a value with its subtype gives the result it gives without, or an
** error. Three kinds, from the format's letter in the registry
** (src/ok_formats.h):
**   a piece, OK_SUBTYPE(id) (the letter: 'f' for FDB), what ok_desc,
**     ok_collate, ok_prefix and a format's constructors return: its
**     builders inline it (ok_pack(a, ok_desc(b))), which is the one thing a
**     subtype does; a piece goes into a builder, not into a column;
**   a key, OK_KEY_SUBTYPE (the letter + 0x80), what a format's builders
**     return: builders refuse it (a key is no value of a key: without its
**     subtype it would be packed as a BLOB), readers without a format refuse
**     another format's (it would be read as native);
**   a salted key, OK_SALTED_SUBTYPE (the letter in upper case), from ok_salt:
**     builders and unsalted readers refuse it. */
#define OK_SUBTYPE(id) ok_sql_subtype_##id
#define OK_SUBTYPE_ENUM(id, letter) OK_SUBTYPE(id) = letter,
enum { OK_FORMAT_LIST(OK_SUBTYPE_ENUM) };
#undef OK_SUBTYPE_ENUM
#define OK_KEY_SUBTYPE(subtype) ((subtype) | 0x80)
#define OK_SALTED_SUBTYPE(subtype) ((subtype)-0x20)
enum { OK_SQL_PIECE, OK_SQL_KEY, OK_SQL_SALTED }; /* a subtype's kind */
/* A raw prefix (a FoundationDB subspace or directory) in front of a tuple:
** ok_fdb_prefix(bytes), taken only as the first argument of the FDB
** packing functions. Every subtype in use is distinct from the others
** (ok_sql_format_of_subtype's switch fails to compile otherwise). */
#define OK_FDB_PREFIX_SUBTYPE 0x70 /* 'p' */
/* An FDB piece that holds an incomplete versionstamp: it goes only into
** ok_fdb_pack_versionstamped, as the bindings' placeholder object does
** (the same bytes made by ok_fdb_versionstamp(x'FF..FF', u) are a complete
** versionstamp to them, and to ok_fdb_pack). */
#define OK_FDB_INCOMPLETE_SUBTYPE 0x76 /* 'v' */
/* A CockroachDB piece from ok_crdb_desc: its integers are ascending ones of
** ^v, so only this subtype tells ok_crdb_desc that it is descending already. */
#define OK_CRDB_DESC_SUBTYPE 0x64 /* 'd' */
/* A native piece that ends inside an item: ok_prefix(), and ok_desc() of
** one. It ends the key (a range's bound): builders refuse what follows. */
#define OK_PREFIX_SUBTYPE 0x71 /* 'q' */
extern const char ok_sql_prefix_last[];

/* A builder's direction, as its function table's arg says it. */
enum { OK_SQL_ASC, OK_SQL_DESC };

/* A key being built: where the loop writes, and what a format's hooks
** share between arguments. */
typedef struct {
  sqlite3_context *ctx;
  ok_sql_buf buf;
  int desc;         /* every item descending */
  int pieces;       /* how many arguments were the format's own pieces */
  const char *last; /* the key ends with an item that takes the rest of it
                    ** (HBase's ascending BlobCopy), which this says, for the
                    ** error if another follows; else NULL */
  size_t own[4];    /* the format's record of the key so far (TiDB's shape),
                    ** which its hooks keep: its builder sets it up
                    ** (ok_sql_builder_init leaves it alone) */
} ok_sql_builder;

/* A format's parameter, as 'orderly:<schema>' gives one: parsed once a
** statement into `size` bytes of state on the heap, to which its readers
** hold a pointer. */
typedef struct {
  const char *name; /* "schema": what the parameter is, in messages and ok_formats() */
  size_t size;
  /* s[0..n) into state (size bytes): SQLITE_OK; SQLITE_ERROR with *msg
  ** (sqlite3_malloc'd, without the function's name); SQLITE_NOMEM. */
  int (*parse)(void *state, const char *s, size_t n, char **msg);
  /* the format that reads keys with the parsed state */
  const ok_format *(*format)(const void *state);
  /* the parameter as text again, in its canonical form (state NULL: none
  ** given, where the format reads without one) */
  void (*describe)(ok_sql_out *o, const void *state);
  /* 1: the format reads without a parameter too, as its core is
  ** ('keystring' alone: every field ascending) */
  int optional;
} ok_sql_param;

/* A parameter s[0..n) parsed into new state on the heap (sqlite3_free it)
** in *state: SQLITE_OK; SQLITE_ERROR with *msg; SQLITE_NOMEM. */
int ok_sql_param_parse(const ok_sql_param *param, const char *s, size_t n, void **state,
                       char **msg);
/* The state of a parameter given bare as argument argv[i] (a builder's
** schema), parsed once a statement when the argument is constant (auxdata
** i), else for this call; NULL after setting the error. */
void *ok_sql_param_arg(sqlite3_context *ctx, const ok_sql_param *param, sqlite3_value **argv,
                       int i);

typedef struct ok_sql_format ok_sql_format;
struct ok_sql_format {
  const ok_format *core; /* reads its keys (with a parameter: once it is parsed) */
  int subtype;           /* of its pieces */
  const char *label;     /* "native", "FDB", "HBase": in messages */
  const char *noun;      /* "a native key", "an FDB tuple"...: in messages */
  const char *builders;  /* "ok_pack, ok_desc...": where its pieces come from */
  const char *pack;      /* the builder that ok_quote's renderings read back with */
  const char *rejoin;    /* how a key of it goes into another: for a message */
  /* Building, by ok_sql_build: a plain SQL value v of SQLITE_* type t
  ** (argument i, 1-based) as its item(s), into b, by the core's writer of
  ** the format (ok_sql_write); 0 after setting an error. NULL for a format
  ** whose keys are built otherwise (Orderly's, from a schema). */
  int (*put)(ok_sql_builder *b, sqlite3_value *v, int t, int i);
  /* The words for its core writer's refusal rc of value v (w: the writer
  ** as it refused, with v's place w->index and the offending byte
  ** w->err_at; core: the format as parsed): the rest of a sentence whose
  ** subject is the argument ("argument 2" or "component 2 into 'fdb'"),
  ** sqlite3_malloc'd; NULL out of memory. With v NULL, a refusal of the
  ** key as a whole (w->count values), after ": ". NULL: its writer refuses
  ** nothing. */
  char *(*refusal)(const ok_format *core, int rc, const ok_value *v, const ok_writer *w);
  /* One of its own pieces p[0..n) (argument i); NULL: copied as it is,
  ** inverted when descending. */
  int (*put_piece)(ok_sql_builder *b, const uint8_t *p, size_t n, int i);
  /* Reading: the finer kind name ok_each reports for an item, and how
  ** ok_quote and ok_json show it (raw: its bytes in the key; returns an
  ** SQLite code). */
  const char *(*kind)(const ok_item *it);
  int (*render)(ok_sql_out *o, const ok_item *it, const uint8_t *raw);
  const ok_sql_param *param; /* NULL: the format takes none */
  const ok_sql_function *functions;
  /* 1: its keys are text (charwise), a TEXT key argument its characters;
  ** 0: a TEXT key argument is hex, as ok_unhex reads it */
  int text;
  /* What a key p[0..n) that its reader refuses may be instead, for the
  ** error: a key of the system's own (CockroachDB's /Meta2...); or NULL */
  const char *(*foreign)(const uint8_t *p, size_t n);
  /* 1: its keys carry no type byte (ordered-binary's strings are their
  ** UTF-8), so nearly any text is one: not named where another format's
  ** reader says what a key it refuses parses as, nor counted by strict+ */
  int loose;
};

/* The formats of the registry, each defined in its own file (ext/<id>.c);
** and all of them, NULL after the last. A key with no format named and no
** subtype is native. */
#define OK_SQL_FORMAT_DECLARE(id, letter) extern const ok_sql_format ok_sql_##id;
OK_FORMAT_LIST(OK_SQL_FORMAT_DECLARE)
#undef OK_SQL_FORMAT_DECLARE
extern const ok_sql_format *const ok_sql_formats[];

/* The format whose pieces, keys or salted keys (*kind says which) carry
** that subtype, or NULL. */
const ok_sql_format *ok_sql_format_of_subtype(unsigned subtype, int *kind);
/* The format the TEXT s[0..n) names, or NULL: its name in any case, a
** parameter after ':' where the format takes one (not parsed here), and
** in front 'salt+' (a salted key) and 'strict+' (refuse a key that another
** format reads too), each setting its flag in *flags. */
enum { OK_SQL_NAME_SALTED = 1, OK_SQL_NAME_STRICT = 2 };
const ok_sql_format *ok_sql_format_parse(const char *s, size_t n, int *flags);

/* Returns a piece of the format with that subtype; frees p with
** sqlite3_free when `owned`, else copies it. */
void ok_sql_result_piece(sqlite3_context *ctx, const uint8_t *p, size_t n, int subtype, int owned);
/* For a builder of `subtype` keys: 1 when argument v (number i, for the
** message) is one of its own pieces, 2 when it is one that ends the key (a
** native prefix), 0 for any other value, -1 with the error set for a piece
** of another format. */
int ok_sql_piece(sqlite3_context *ctx, sqlite3_value *v, int subtype, int i);
/* The result for a format's raw constructor (ok_fdb_raw...): the key
** argument, checked in that format, as a piece of that format. */
void ok_sql_result_raw(sqlite3_context *ctx, sqlite3_value **argv, const ok_sql_format *f);

/* A JavaScript boolean constructor (bytewise's, charwise's,
** ordered-binary's): argument v, a boolean, as the one byte of its format
** (off or on) in a piece of that subtype; NULL gives NULL. */
void ok_sql_bool_piece(sqlite3_context *ctx, sqlite3_value *v, int subtype, uint8_t off,
                       uint8_t on);

/* A JavaScript Date constructor (ok_bytewise_date, the browsers'): its
** argument v, milliseconds (a number) or toISOString() text, written by
** enc (9 bytes at most) as the result, a piece of that subtype; NULL gives
** NULL. */
void ok_sql_js_date(sqlite3_context *ctx, sqlite3_value *v, int subtype,
                    size_t (*enc)(uint8_t *out, double ms));

static inline void ok_sql_builder_init(ok_sql_builder *b, sqlite3_context *ctx, int desc) {
  b->ctx = ctx;
  b->desc = desc;
  b->pieces = 0;
  b->last = NULL;
  ok_sql_buf_init(&b->buf);
}
static inline void ok_sql_builder_free(ok_sql_builder *b) { ok_sql_buf_free(&b->buf); }

/* A builder's put: every call inside it inlined, so that the core's
** writer it calls (ok_sql_write) runs in its registers, as the encoders
** it calls by name did (link-time optimisation reaches across). */
#if defined(__GNUC__)
#define OK_SQL_FLATTEN __attribute__((flatten))
#else
#define OK_SQL_FLATTEN
#endif

/* Room that every value's writing starts with: what a number's item takes
** in most formats, whose writers' check whether it fits the compiler then
** drops (OK_SQL_ASSUME tells it what holds). */
#define OK_SQL_ITEM_ROOM 64
#if defined(__GNUC__)
#define OK_SQL_ASSUME(c)               \
  do {                                 \
    if (!(c)) __builtin_unreachable(); \
  } while (0)
#else
#define OK_SQL_ASSUME(c) ((void)0)
#endif

/* A plain SQL value v of SQLITE_* type t as the core's writers take it: 1,
** or 0 with the error set (out of memory). */
static inline int ok_sql_value_of(sqlite3_context *ctx, sqlite3_value *v, int t, ok_value *x) {
  switch (t) { /* each type with its value: what a writer reads of it is set */
    case SQLITE_INTEGER: x->type = OK_INT, x->i = sqlite3_value_int64(v); return 1;
    case SQLITE_FLOAT: x->type = OK_REAL, x->d = sqlite3_value_double(v); return 1;
    case SQLITE_NULL: x->type = OK_NULL; return 1;
  }
  x->type = t == SQLITE_TEXT ? OK_TEXT : OK_BLOB;
  return ok_sql_typed(ctx, v, t, &x->p, &x->n);
}

/* And the SQLITE_* type of an ok_type. */
static inline int ok_sql_type_of(ok_type t) { return t == OK_NULL ? SQLITE_NULL : (int)t - 1; }

/* The error for the refusal rc of argument i's value v by f's writer w
** (core: the format as parsed), in f's words; and the same for component
** k (0-based) of a key ok_convert writes in f. */
void ok_sql_refused(sqlite3_context *ctx, const ok_sql_format *f, const ok_format *core, int rc,
                    int i, const ok_value *v, const ok_writer *w);
void ok_sql_refused_component(sqlite3_context *ctx, const ok_sql_format *f, const ok_format *core,
                              int rc, size_t k, const ok_value *v, const ok_writer *w);
/* The error for a refusal of the key as a whole (f's refusal words with v
** NULL: a count of values its format does not take, w->count of them):
** its words alone, or (into) "into '<format>': " and them. */
void ok_sql_refused_key(sqlite3_context *ctx, const ok_sql_format *f, const ok_format *core, int rc,
                        const ok_writer *w, int into);

/* A time argument, TEXT 'YYYY-MM-DD[ HH:MM[:SS[.fffffffff]]][Z|+HH:MM]',
** as seconds and nanoseconds since 1970 (ok_crdb_time_parse): 1, or 0 with
** the error set. ext/crdb.c; ok_mvcc_pack's times too. */
int ok_sql_time_arg(sqlite3_context *ctx, sqlite3_value *v, int64_t *sec, int64_t *nanos);

/* The refusal words of the browsers' IndexedDB keys (Firefox's, WebKit's,
** Chrome's): no NULL, numbers doubles, strings WTF-8. */
char *ok_sql_refusal_indexeddb(const ok_format *core, int rc, const ok_value *v,
                               const ok_writer *w);

/* Argument i, the plain value v of type t, written into b by `write`, the
** core's writer of core, the format as parsed (named in each format's put,
** so that the call is direct; index: v's place in the key, lone: v is the
** key's one value, not an array's element): 1, or 0 with the error set.
** What does not fit the writer counts, and says the room it asks for:
** given it, it writes again. */
static inline int ok_sql_write(ok_sql_builder *b, const ok_sql_format *f, sqlite3_value *v, int t,
                               int i,
                               int (*write)(const ok_format *, ok_writer *, const ok_value *),
                               const ok_format *core, size_t index, int lone) {
  ok_value x = {OK_NULL, 0, 0, NULL, 0}; /* gcc may not see what a writer reads is set */
  ok_writer w;
  int rc;
  if (!ok_sql_value_of(b->ctx, v, t, &x)) return 0;
  /* room for any number's item, which the compiler then sees: the
  ** writers' numbers need no check whether they fit */
  if (b->buf.cap - b->buf.n < OK_SQL_ITEM_ROOM &&
      !ok_sql_buf_grow(b->ctx, &b->buf, OK_SQL_ITEM_ROOM, 1))
    return 0;
  for (;;) {
    w.out = b->buf.p + b->buf.n, w.cap = b->buf.cap - b->buf.n;
    OK_SQL_ASSUME(w.cap >= OK_SQL_ITEM_ROOM);
    w.n = w.need = 0;
    w.index = index, w.lone = lone, w.desc = b->desc;
    if ((rc = write(core, &w, &x)) != OK_OK) {
      ok_sql_refused(b->ctx, f, core, rc, i, &x, &w);
      return 0;
    }
    if (w.need <= w.cap) break; /* all of it written */
    if (!ok_sql_buf_grow(b->ctx, &b->buf, w.need, w.n)) return 0;
  }
  b->buf.n += w.n;
  return 1;
}

/* The one loop that builds keys: argv[first..argc) appended to b as items
** of format f, its own pieces inlined, other formats' refused. 0 after
** setting an error. Inline, so that in a format's own file, where f is
** its constant descriptor, the compiler calls the hooks directly (an
** indirect call per value cost ok_pack a tenth of its time). */
static inline int ok_sql_build(ok_sql_builder *b, const ok_sql_format *f, int argc,
                               sqlite3_value **argv, int first) {
  int i, piece, t;
  for (i = first; i < argc; i++) {
    const uint8_t *p;
    size_t n;
    if (b->last) {
      ok_sql_error(b->ctx, "argument %d follows %s", i + 1, b->last);
      return 0;
    }
    t = sqlite3_value_type(argv[i]); /* asked once: each call goes through SQLite's API table */
    piece = t == SQLITE_BLOB ? ok_sql_piece(b->ctx, argv[i], f->subtype, i + 1) : 0;
    if (piece < 0) return 0;
    if (!piece) {
      if (!f->put(b, argv[i], t, i + 1)) return 0;
      continue;
    }
    if (!ok_sql_bytes(b->ctx, argv[i], &p, &n)) return 0;
    b->pieces++;
    if (piece == 2) b->last = ok_sql_prefix_last;
    if (f->put_piece) {
      if (!f->put_piece(b, p, n, i + 1)) return 0;
      continue;
    }
    if (!ok_sql_buf_reserve(b->ctx, &b->buf, n, n)) return 0;
    memcpy(b->buf.p + b->buf.n, p, n);
    if (b->desc) ok_invert(b->buf.p + b->buf.n, n);
    b->buf.n += n;
  }
  return 1;
}

/* argv[0..argc) as an array of format f (bytewise's, Firefox's) into *b,
** initialised here: the byte `open`, the values, then the byte `close`,
** unless close < 0 (a range's prefix, left open). 0 after setting an error. */
static inline int ok_sql_build_array(sqlite3_context *ctx, ok_sql_builder *b,
                                     const ok_sql_format *f, uint8_t open, int close, int argc,
                                     sqlite3_value **argv) {
  ok_sql_builder_init(b, ctx, 0);
  if (!ok_sql_buf_reserve(ctx, &b->buf, 1, 1)) return 0;
  b->buf.p[b->buf.n++] = open;
  if (!ok_sql_build(b, f, argc, argv, 0)) return 0;
  if (close < 0) return 1;
  if (!ok_sql_buf_reserve(ctx, &b->buf, 1, 1)) return 0;
  b->buf.p[b->buf.n++] = (uint8_t)close;
  return 1;
}

/* A builder's whole call: argv as items of f, the result a key (or, with
** desc, a piece of descending items, as ok_desc makes). Inline for the
** reason ok_sql_build is. */
static inline void ok_sql_pack(sqlite3_context *ctx, const ok_sql_format *f, int argc,
                               sqlite3_value **argv, int desc) {
  ok_sql_builder b;
  ok_sql_builder_init(&b, ctx, desc);
  if (ok_sql_build(&b, f, argc, argv, 0))
    ok_sql_result_piece(ctx, b.buf.p, b.buf.n,
                        !desc                          ? OK_KEY_SUBTYPE(f->subtype)
                        : b.last == ok_sql_prefix_last ? OK_PREFIX_SUBTYPE
                                                       : f->subtype,
                        0);
  ok_sql_builder_free(&b);
}

#endif /* OK_FORMAT_H */
