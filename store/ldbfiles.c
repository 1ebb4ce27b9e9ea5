/*
** ldbfiles.c -- a LevelDB read from its files (ldbfiles.h), after LevelDB's
** own descriptions of them (doc/log_format.md, doc/table_format.md,
** db/version_edit.cc, db/write_batch.cc):
**
**   - a log (the MANIFEST, and each write-ahead .log) is 32 KiB blocks of
**     records: a masked CRC32C of the type and the data, a length, a type
**     (whole, or the first, middle or last fragment of one);
**   - the MANIFEST's records are version edits: tagged fields, among them
**     the comparator's name, the log number, the last sequence, and the
**     table files each edit adds and deletes;
**   - a table ends in a footer (the index block's handle, a magic number);
**     its index block's values are the data blocks' handles; a block is
**     entries (a key as the bytes it shares with the one before and the
**     rest, a value) and restart points, with a trailer: its compression
**     (none, Snappy) and a masked CRC32C. An entry's key is the user key
**     and 8 bytes: the sequence number and the type (value, deletion);
**   - a .log's records are write batches: a sequence number, a count, and
**     puts and deletes.
**
** Keys and values are copied into chunks of memory this owns; a log is
** read whole, a table block by block (those a range needs), and let go.
** Nothing is written, locked or created.
*/
#define _POSIX_C_SOURCE 200809L
#include "ldbfiles.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../src/ok_chrome.h"
#include "snappy.h"

enum { BLOCK = 32768, HEADER = 7, FULL = 1, FIRST = 2, MIDDLE = 3, LAST = 4 };

/* ---- memory ------------------------------------------------------------- */

typedef struct chunk {
  struct chunk *next;
  size_t used, cap;
  unsigned char data[];
} chunk;

/* n bytes that live as long as f. */
static unsigned char *keep(ldb_files *f, size_t n) {
  chunk *c = f->mem;
  if (!c || c->cap - c->used < n) {
    size_t cap = n > (1u << 20) ? n : (1u << 20);
    if (!(c = malloc(sizeof *c + cap))) return NULL;
    c->next = f->mem, c->used = 0, c->cap = cap;
    f->mem = c;
  }
  c->used += n;
  return c->data + c->used - n;
}

void ldb_files_free(ldb_files *f) {
  chunk *c = f->mem, *next;
  size_t i;
  for (; c; c = next) next = c->next, free(c);
  for (i = 0; i < f->nnames; i++) free(f->names[i]);
  free(f->names);
  free(f->e);
  memset(f, 0, sizeof *f);
}

/* ---- reading ------------------------------------------------------------ */

/* A table file the MANIFEST names live: its level, number, and the user
** keys it spans. */
typedef struct live {
  uint64_t id; /* level << 56 | number */
  unsigned char *lo, *hi;
  size_t nlo, nhi;
} live;

typedef struct edits {
  uint64_t log, prev_log;
  live *live;
  size_t nlive, cap;
} edits;

static void edits_free(edits *ed) {
  size_t i;
  for (i = 0; i < ed->nlive; i++) free(ed->live[i].lo);
  free(ed->live);
}

typedef struct ctx {
  ldb_files *f;
  edits *ed; /* while the MANIFEST is read */
  const char *path;
  char *err;
  const char *file;        /* the file being read, for messages */
  uint16_t index;          /* its index in f->names */
  size_t cap;              /* of f->e */
  const store_range *hint; /* the keys wanted, or NULL: all */
  int any_order;           /* 1: a store of Chrome's order reads too */
  int fd;                  /* the table being read, and its size */
  size_t size;
  unsigned char *raw, *scratch; /* a block as read, and uncompressed */
  size_t nraw, nscratch;
  int vanished; /* a file named was not there: a writer's compaction took it */
} ctx;

static int bad(ctx *c, size_t at, const char *what) {
  store_errf(c->err, "'%s/%s' is damaged at byte %zu: %s", c->path, c->file, at, what);
  return STORE_ERR;
}

static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p) { return le32(p) | (uint64_t)le32(p + 4) << 32; }

/* CRC32C (Castagnoli), which LevelDB checks every block and record with:
** the CPU's instruction where it has one (x86-64's SSE 4.2), else eight
** bytes at a time through eight tables. */
static uint32_t crc_table[8][256];
static uint32_t (*crc_bytes)(uint32_t c, const unsigned char *p, size_t n);
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static uint32_t crc_by_tables(uint32_t c, const unsigned char *p, size_t n) {
  for (; n >= 8; p += 8, n -= 8) {
    uint32_t lo = c ^ le32(p), hi = le32(p + 4);
    c = crc_table[7][lo & 0xFF] ^ crc_table[6][lo >> 8 & 0xFF] ^ crc_table[5][lo >> 16 & 0xFF] ^
        crc_table[4][lo >> 24] ^ crc_table[3][hi & 0xFF] ^ crc_table[2][hi >> 8 & 0xFF] ^
        crc_table[1][hi >> 16 & 0xFF] ^ crc_table[0][hi >> 24];
  }
  while (n--) c = crc_table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
  return c;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <nmmintrin.h>
__attribute__((target("sse4.2"))) static uint32_t crc_by_cpu(uint32_t c, const unsigned char *p,
                                                             size_t n) {
  uint64_t c64 = c;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    memcpy(&w, p, 8);
    c64 = _mm_crc32_u64(c64, w);
  }
  c = (uint32_t)c64;
  while (n--) c = _mm_crc32_u8(c, *p++);
  return c;
}
#endif

static void crc_init(void) {
  uint32_t i, k, c;
  for (i = 0; i < 256; i++) {
    for (c = i, k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0x82F63B78u : c >> 1;
    crc_table[0][i] = c;
  }
  for (i = 0; i < 256; i++)
    for (k = 1; k < 8; k++)
      crc_table[k][i] = crc_table[0][crc_table[k - 1][i] & 0xFF] ^ (crc_table[k - 1][i] >> 8);
  crc_bytes = crc_by_tables;
#if defined(__x86_64__) && defined(__GNUC__)
  if (__builtin_cpu_supports("sse4.2")) crc_bytes = crc_by_cpu;
#endif
}

static uint32_t crc32c(const unsigned char *p, size_t n) {
  pthread_once(&crc_once, crc_init);
  return ~crc_bytes(0xFFFFFFFFu, p, n);
}

/* LevelDB stores a CRC "masked" (rotated, then a constant added). */
static int crc_ok(uint32_t masked, const unsigned char *p, size_t n) {
  uint32_t rot = masked - 0xA282EAD8u;
  return ((rot >> 17) | (rot << 15)) == crc32c(p, n);
}

/* A varint at *p (advanced) before end; 0 when there is none. */
static int varint(const unsigned char **p, const unsigned char *end, uint64_t *v, int bits) {
  unsigned shift;
  *v = 0;
  for (shift = 0; shift < (unsigned)bits && *p < end; shift += 7) {
    unsigned char b = *(*p)++;
    *v |= (uint64_t)(b & 0x7F) << shift;
    if (!(b & 0x80)) return bits == 64 || *v <= 0xFFFFFFFFu;
  }
  return 0;
}

static int slice(const unsigned char **p, const unsigned char *end, const unsigned char **s,
                 uint64_t *n) {
  if (!varint(p, end, n, 32) || *n > (uint64_t)(end - *p)) return 0;
  *s = *p, *p += *n;
  return 1;
}

/* The file's bytes, read whole (read-only, no lock); *n its size. */
static int read_file(ctx *c, unsigned char **out, size_t *n) {
  char full[4200];
  struct stat st;
  size_t got = 0;
  int fd;
  snprintf(full, sizeof full, "%s/%s", c->path, c->file);
  if ((fd = open(full, O_RDONLY | O_CLOEXEC)) < 0 || fstat(fd, &st) != 0) {
    c->vanished = errno == ENOENT;
    store_errf(c->err, "cannot read '%s': %s", full, strerror(errno));
    if (fd >= 0) close(fd);
    return STORE_ERR;
  }
  if (!(*out = malloc((size_t)st.st_size + 1))) {
    close(fd);
    return STORE_NOMEM;
  }
  while (got < (size_t)st.st_size) {
    ssize_t r = read(fd, *out + got, (size_t)st.st_size - got);
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  *n = got;
  return STORE_OK;
}

static int cmp_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb) {
  int c = memcmp(a, b, na < nb ? na : nb);
  return c ? c : (na > nb) - (na < nb);
}

/* Where key k stands against the hint's range: -1 below, 1 above, 0 in. */
static int against(const ctx *c, const unsigned char *k, size_t n) {
  const store_range *r = c->hint;
  if (!r) return 0;
  if (r->lo && cmp_bytes(k, n, r->lo, r->nlo) < 0) return -1;
  if (r->hi && cmp_bytes(k, n, r->hi, r->nhi) > 0) return 1;
  return 0;
}

/* One more entry: key and value copied (a key the hint leaves out, not). */
static int add(ctx *c, const unsigned char *k, size_t nk, const unsigned char *v, size_t nv,
               uint64_t seq, int put) {
  ldb_files *f = c->f;
  ldb_entry *e;
  unsigned char *mem;
  if (against(c, k, nk)) return STORE_OK;
  if (f->n == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 1024;
    ldb_entry *more = realloc(f->e, cap * sizeof *more);
    if (!more) return STORE_NOMEM;
    f->e = more, c->cap = cap;
  }
  if (!(mem = keep(f, nk + nv + 1))) return STORE_NOMEM;
  memcpy(mem, k, nk);
  if (nv) memcpy(mem + nk, v, nv);
  e = &f->e[f->n++];
  e->row.key = mem, e->row.nkey = (uint32_t)nk, e->row.nvalue = (uint32_t)nv;
  e->seq = seq, e->file = c->index, e->put = (uint8_t)put;
  return STORE_OK;
}

/* A log's records, each given to record() whole (at: its first byte). A
** record cut off by the file's end is how a crash leaves a log: the records
** before it stand, and f->torn says where (LevelDB reads a log so too). */
static int read_log(ctx *c, const unsigned char *b, size_t n,
                    int (*record)(ctx *c, const unsigned char *r, size_t len, size_t at)) {
  unsigned char *whole = NULL;
  size_t pos = 0, nwhole = 0, start = 0, cap = 0;
  int rc = STORE_OK, in_parts = 0;
  while (rc == STORE_OK && pos < n) {
    size_t left = BLOCK - pos % BLOCK, len;
    int type;
    if (left < HEADER) { /* a block's trailer of zeros */
      pos += left;
      continue;
    }
    if (n - pos < HEADER) break; /* cut in a header: torn */
    len = (size_t)b[pos + 4] | (size_t)b[pos + 5] << 8, type = b[pos + 6];
    if (type == 0 && len == 0) { /* space a writer set aside: the block's rest */
      pos += left;
      continue;
    }
    if (HEADER + len > left) {
      rc = bad(c, pos, "a record longer than its block");
      break;
    }
    if (pos + HEADER + len > n) break; /* cut in a record: torn */
    if (!crc_ok(le32(b + pos), b + pos + 6, len + 1)) {
      if (pos + HEADER + len == n) break; /* the last record, half written: torn */
      rc = bad(c, pos, "a record's checksum does not match");
      break;
    }
    if (type == FULL && !in_parts)
      rc = record(c, b + pos + HEADER, len, pos);
    else if (type == FIRST && !in_parts)
      in_parts = 1, nwhole = 0, start = pos;
    else if ((type != MIDDLE && type != LAST) || !in_parts) {
      rc = bad(c, pos, "a record's fragment out of order");
      break;
    }
    if (type != FULL) {
      if (nwhole + len > cap) {
        unsigned char *more = realloc(whole, (cap = 2 * (nwhole + len)));
        if (!more) {
          rc = STORE_NOMEM;
          break;
        }
        whole = more;
      }
      memcpy(whole + nwhole, b + pos + HEADER, len), nwhole += len;
      if (type == LAST) in_parts = 0, rc = record(c, whole, nwhole, start);
    }
    pos += HEADER + len;
  }
  if (rc == STORE_OK && (pos < n || in_parts) && !c->f->torn[0])
    snprintf(c->f->torn, sizeof c->f->torn, "%s at byte %zu", c->file, in_parts ? start : pos);
  free(whole);
  return rc;
}

/* ---- the MANIFEST ------------------------------------------------------- */

static int edit(ctx *c, const unsigned char *r, size_t len, size_t at) {
  const unsigned char *p = r, *end = r + len, *s;
  edits *ed = c->ed;
  uint64_t tag, level, number, size, n;
  size_t i;
  while (p < end) {
    if (!varint(&p, end, &tag, 32)) return bad(c, at, "a version edit's tag");
    switch (tag) {
      case 1: /* the comparator */
        if (!slice(&p, end, &s, &n)) return bad(c, at, "a version edit's comparator");
        snprintf(c->f->comparator, sizeof c->f->comparator, "%.*s", (int)n, (const char *)s);
        break;
      case 2: /* the log number */
        if (!varint(&p, end, &ed->log, 64)) return bad(c, at, "a version edit's log number");
        break;
      case 9: /* the log before it, still read */
        if (!varint(&p, end, &ed->prev_log, 64)) return bad(c, at, "a version edit's log number");
        break;
      case 3: /* the next file's number */
        if (!varint(&p, end, &n, 64)) return bad(c, at, "a version edit's next file number");
        break;
      case 4: /* the last sequence */
        if (!varint(&p, end, &n, 64)) return bad(c, at, "a version edit's last sequence");
        if (n > c->f->last_seq) c->f->last_seq = n;
        break;
      case 5: /* a compaction pointer */
        if (!varint(&p, end, &level, 32) || !slice(&p, end, &s, &n))
          return bad(c, at, "a version edit's compaction pointer");
        break;
      case 6: /* a file deleted */
        if (!varint(&p, end, &level, 32) || !varint(&p, end, &number, 64) || level > 255)
          return bad(c, at, "a version edit's deleted file");
        for (i = 0; i < ed->nlive; i++)
          if (ed->live[i].id == (level << 56 | number)) {
            free(ed->live[i].lo);
            ed->live[i] = ed->live[--ed->nlive];
          }
        break;
      case 7: { /* a file added, with its smallest and largest keys */
        const unsigned char *lo;
        uint64_t nlo;
        live *l;
        if (!varint(&p, end, &level, 32) || !varint(&p, end, &number, 64) ||
            !varint(&p, end, &size, 64) || !slice(&p, end, &lo, &nlo) || !slice(&p, end, &s, &n) ||
            level > 255 || number >> 56 || nlo < 8 || n < 8)
          return bad(c, at, "a version edit's new file");
        if (ed->nlive == ed->cap) {
          live *more = realloc(ed->live, (ed->cap = 2 * ed->cap + 16) * sizeof *more);
          if (!more) return STORE_NOMEM;
          ed->live = more;
        }
        l = &ed->live[ed->nlive];
        if (!(l->lo = malloc((size_t)(nlo + n)))) return STORE_NOMEM;
        l->id = level << 56 | number;
        l->nlo = (size_t)nlo - 8, l->nhi = (size_t)n - 8; /* the user keys */
        memcpy(l->lo, lo, l->nlo);
        l->hi = l->lo + l->nlo;
        memcpy(l->hi, s, l->nhi);
        ed->nlive++;
        break;
      }
      default: {
        char what[80];
        snprintf(what, sizeof what, "a version edit of tag %llu, which LevelDB does not write",
                 (unsigned long long)tag);
        return bad(c, at, what);
      }
    }
  }
  return STORE_OK;
}

/* ---- tables ------------------------------------------------------------- */

/* The block at handle (offset, size) of the table: read, checked, and
** uncompressed when Snappy compressed it; in raw or scratch, until the
** next block is read. */
static int block(ctx *c, uint64_t off, uint64_t size, const unsigned char **out, size_t *len) {
  size_t raw, got = 0;
  unsigned char *b;
  if (off > c->size || size > c->size - off || c->size - off - size < 5)
    return bad(c, (size_t)off, "a block past the file's end");
  if (size + 5 > c->nraw) {
    unsigned char *more = realloc(c->raw, (size_t)size + 5);
    if (!more) return STORE_NOMEM;
    c->raw = more, c->nraw = (size_t)size + 5;
  }
  b = c->raw;
  while (got < size + 5) {
    ssize_t r = pread(c->fd, b + got, (size_t)size + 5 - got, (off_t)(off + got));
    if (r <= 0) return bad(c, (size_t)(off + got), "cannot read the block");
    got += (size_t)r;
  }
  if (!crc_ok(le32(b + size + 1), b, (size_t)size + 1))
    return bad(c, (size_t)off, "a block's checksum does not match");
  if (b[size] == 0) { /* stored as it is */
    *out = b, *len = (size_t)size;
    return STORE_OK;
  }
  if (b[size] != 1) return bad(c, (size_t)off, "a block compressed otherwise than by Snappy");
  if (snappy_length(b, (size_t)size, &raw) < 0)
    return bad(c, (size_t)off, "a Snappy block that does not read");
  if (raw > c->nscratch) {
    unsigned char *more = realloc(c->scratch, raw);
    if (!more) return STORE_NOMEM;
    c->scratch = more, c->nscratch = raw;
  }
  if (snappy_decompress(b, (size_t)size, c->scratch, raw) != 0)
    return bad(c, (size_t)off, "a Snappy block that does not read");
  *out = c->scratch, *len = raw;
  return STORE_OK;
}

/* Entry of block p at *pos (before end) into *key and *v: 1, 0 at the
** end, -1 when damaged. */
static int block_entry(const unsigned char *p, size_t end, size_t *pos, unsigned char **key,
                       size_t *nkey, size_t *cap, const unsigned char **v, size_t *nv) {
  const unsigned char *q = p + *pos, *e = p + end;
  uint64_t shared, own, len;
  if (*pos >= end) return 0;
  if (!varint(&q, e, &shared, 32) || !varint(&q, e, &own, 32) || !varint(&q, e, &len, 32) ||
      shared > *nkey || own > (uint64_t)(e - q) || len > (uint64_t)(e - q) - own)
    return -1;
  if (shared + own > *cap) {
    unsigned char *more = realloc(*key, (*cap = 2 * (size_t)(shared + own) + 16));
    if (!more) return -2;
    *key = more;
  }
  memcpy(*key + shared, q, (size_t)own);
  *nkey = (size_t)(shared + own);
  *v = q + own, *nv = (size_t)len;
  *pos = (size_t)(q + own + len - p);
  return 1;
}

/* The end of a block's entries (its restarts after them), or 0. */
static size_t entries_end(const unsigned char *p, size_t n) {
  uint32_t r;
  if (n < 4 || (r = le32(p + n - 4)) > (n - 4) / 4) return 0;
  return n - 4 - 4 * (size_t)r;
}

/* Each entry of block p[0..n) (at: its offset in the file), its key whole. */
static int entries(ctx *c, const unsigned char *p, size_t n, size_t at, int index,
                   uint64_t (*handles)[2], size_t *nhandles) {
  unsigned char *key = NULL;
  const unsigned char *v;
  size_t nkey = 0, cap = 0, nv, pos = 0, end = entries_end(p, n);
  int rc = STORE_OK, past = 0, r;
  if (!end && n) return bad(c, at, "a block's restarts");
  while (rc == STORE_OK && (r = block_entry(p, end, &pos, &key, &nkey, &cap, &v, &nv)) != 0) {
    if (r < 0) {
      rc = r == -2 ? STORE_NOMEM : bad(c, at + pos, "a block's entry");
      break;
    }
    if (index) { /* a data block's handle, after a key at or above its keys */
      int side = nkey >= 8 ? against(c, key, nkey - 8) : 0;
      if (!varint(&v, v + nv, &handles[*nhandles][0], 64) ||
          !varint(&v, v + nv, &handles[*nhandles][1], 64)) {
        rc = bad(c, at + pos, "an index entry's block handle");
        break;
      }
      /* a block wanted: not all below the range, nor after a key above it */
      if (side >= 0 && !past) ++*nhandles;
      past = side > 0;
    } else { /* the user key, then its sequence and type */
      uint64_t tag = nkey >= 8 ? le64(key + nkey - 8) : 2;
      if ((tag & 0xFF) > 1) {
        rc = bad(c, at + pos, "an entry's key without its sequence and type");
        break;
      }
      rc = add(c, key, nkey - 8, v, nv, tag >> 8, (int)(tag & 1));
    }
  }
  free(key);
  return rc;
}

/* Counts an index block's entries, for the handles' room. */
static size_t count_entries(const unsigned char *p, size_t n) {
  unsigned char *key = NULL;
  const unsigned char *v;
  size_t nkey = 0, cap = 0, nv, pos = 0, k = 0, end = entries_end(p, n);
  while (block_entry(p, end, &pos, &key, &nkey, &cap, &v, &nv) == 1) k++;
  free(key);
  return k;
}

static int read_table(ctx *c) {
  const unsigned char *p, *index, *end;
  unsigned char footer[48], *copy = NULL;
  size_t nindex, nhandles = 0, i;
  uint64_t meta[2], idx[2], (*handles)[2] = NULL;
  int rc;
  if (c->size < 48 || pread(c->fd, footer, 48, (off_t)(c->size - 48)) != 48 ||
      le64(footer + 40) != 0xDB4775248B80FB57ull)
    return bad(c, c->size < 48 ? 0 : c->size - 8, "no table's footer (its magic number)");
  p = footer, end = footer + 40;
  if (!varint(&p, end, &meta[0], 64) || !varint(&p, end, &meta[1], 64) ||
      !varint(&p, end, &idx[0], 64) || !varint(&p, end, &idx[1], 64))
    return bad(c, c->size - 48, "the footer's block handles");
  /* the index block, kept while the data blocks take raw and scratch */
  if ((rc = block(c, idx[0], idx[1], &index, &nindex)) != STORE_OK) return rc;
  if (!(copy = malloc(nindex + 1)) ||
      !(handles = malloc((count_entries(index, nindex) + 1) * sizeof *handles)))
    rc = STORE_NOMEM;
  if (rc == STORE_OK) {
    memcpy(copy, index, nindex);
    rc = entries(c, copy, nindex, (size_t)idx[0], 1, handles, &nhandles);
  }
  for (i = 0; rc == STORE_OK && i < nhandles; i++) {
    const unsigned char *data;
    size_t ndata;
    if ((rc = block(c, handles[i][0], handles[i][1], &data, &ndata)) == STORE_OK)
      rc = entries(c, data, ndata, (size_t)handles[i][0], 0, NULL, NULL);
  }
  free(copy);
  free(handles);
  return rc;
}

/* ---- write-ahead logs --------------------------------------------------- */

static int batch(ctx *c, const unsigned char *r, size_t len, size_t at) {
  const unsigned char *p = r + 12, *end = r + len, *k, *v;
  uint64_t seq, count, i, nk, nv;
  int rc = STORE_OK;
  if (len < 12) return bad(c, at, "a write batch's header");
  seq = le64(r), count = le32(r + 8);
  for (i = 0; rc == STORE_OK && i < count; i++) {
    if (p >= end) return bad(c, at, "a write batch shorter than its count");
    if (*p == 1) { /* a value */
      p++;
      if (!slice(&p, end, &k, &nk) || !slice(&p, end, &v, &nv))
        return bad(c, at, "a write batch's put");
      rc = add(c, k, (size_t)nk, v, (size_t)nv, seq + i, 1);
    } else if (*p == 0) { /* a deletion */
      p++;
      if (!slice(&p, end, &k, &nk)) return bad(c, at, "a write batch's delete");
      rc = add(c, k, (size_t)nk, NULL, 0, seq + i, 0);
    } else
      return bad(c, at, "a write batch's record of another type");
  }
  if (rc == STORE_OK && p != end) return bad(c, at, "a write batch longer than its count");
  if (count && seq + count - 1 > c->f->last_seq) c->f->last_seq = seq + count - 1;
  return rc;
}

/* ---- the whole ---------------------------------------------------------- */

/* Entries by user key (the store's order), then sequence, newest first. */
static int by_key(const ldb_entry *x, const ldb_entry *y, ldb_cmp cmp) {
  int c = cmp(x->row.key, x->row.nkey, y->row.key, y->row.nkey);
  if (c) return c;
  return x->seq > y->seq ? -1 : x->seq < y->seq;
}

/* Sorts e[0..n) in place by by_key: qsort would take a copy as large (a
** merge sort), a million entries' worth of memory more. */
static void sort(ldb_entry *e, size_t n, ldb_cmp cmp) {
  while (n > 16) {
    size_t i = 0, j = n - 1, mid = n / 2, lo;
    ldb_entry pivot, t;
    /* the median of the first, middle and last as the pivot */
    if (by_key(&e[mid], &e[0], cmp) < 0) t = e[mid], e[mid] = e[0], e[0] = t;
    if (by_key(&e[n - 1], &e[0], cmp) < 0) t = e[n - 1], e[n - 1] = e[0], e[0] = t;
    if (by_key(&e[n - 1], &e[mid], cmp) < 0) t = e[n - 1], e[n - 1] = e[mid], e[mid] = t;
    pivot = e[mid];
    for (;;) { /* Hoare's partition */
      while (by_key(&e[i], &pivot, cmp) < 0) i++;
      while (by_key(&e[j], &pivot, cmp) > 0) j--;
      if (i >= j) break;
      t = e[i], e[i] = e[j], e[j] = t;
      i++, j--;
    }
    lo = j + 1;
    /* the smaller side by recursion, the larger by the loop: log n deep */
    if (lo < n - lo) {
      sort(e, lo, cmp);
      e += lo, n -= lo;
    } else {
      sort(e + lo, n - lo, cmp);
      n = lo;
    }
  }
  { /* what is left, by insertion */
    size_t i, j;
    for (i = 1; i < n; i++) {
      ldb_entry t = e[i];
      for (j = i; j > 0 && by_key(&e[j - 1], &t, cmp) > 0; j--) e[j] = e[j - 1];
      e[j] = t;
    }
  }
}

static int name_file(ctx *c, const char *name) {
  ldb_files *f = c->f;
  char **more = realloc(f->names, (f->nnames + 1) * sizeof *more);
  if (!more) return STORE_NOMEM;
  f->names = more;
  if (!(f->names[f->nnames] = strdup(name))) return STORE_NOMEM;
  c->file = f->names[f->nnames];
  c->index = (uint16_t)f->nnames++;
  if (f->nnames <= 65535) return STORE_OK;
  store_errf(c->err, "'%s' has more files than ok reads (65,535)", c->path);
  return STORE_ERR;
}

/* Reads the file name with reader (a log's records, or a table). */
static int read_one(ctx *c, const char *name,
                    int (*record)(ctx *c, const unsigned char *r, size_t len, size_t at)) {
  unsigned char *b = NULL;
  size_t n = 0;
  int rc = name_file(c, name);
  if (rc == STORE_OK && record) { /* a log: whole */
    if ((rc = read_file(c, &b, &n)) == STORE_OK) rc = read_log(c, b, n, record);
    free(b);
  } else if (rc == STORE_OK) { /* a table: its blocks */
    char full[4200];
    struct stat st;
    snprintf(full, sizeof full, "%s/%s", c->path, name);
    if ((c->fd = open(full, O_RDONLY | O_CLOEXEC)) < 0 || fstat(c->fd, &st) != 0) {
      c->vanished = errno == ENOENT;
      store_errf(c->err, "cannot read '%s': %s", full, strerror(errno));
      rc = STORE_ERR;
    } else {
      c->size = (size_t)st.st_size;
      rc = read_table(c);
    }
    if (c->fd >= 0) close(c->fd);
  }
  return rc;
}

static int by_number(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* The table file of number: .ldb, or .sst as older LevelDB names it. */
static void table_name(const char *path, uint64_t number, char *name, size_t n) {
  struct stat st;
  char full[4200];
  snprintf(name, n, "%06llu.ldb", (unsigned long long)number);
  snprintf(full, sizeof full, "%s/%s", path, name);
  if (stat(full, &st) != 0) snprintf(name, n, "%06llu.sst", (unsigned long long)number);
}

/* The logs the MANIFEST has not taken in, oldest first: their entries. */
static int read_logs(ctx *c, const edits *ed) {
  char name[64];
  size_t i, nlogs = 0, cap = 0;
  uint64_t *logs = NULL;
  DIR *d;
  struct dirent *e;
  int rc = STORE_OK;
  if ((d = opendir(c->path)) != NULL) {
    while (rc == STORE_OK && (e = readdir(d)) != NULL) {
      unsigned long long number;
      char tail[8];
      if (sscanf(e->d_name, "%llu.%7s", &number, tail) != 2 || strcmp(tail, "log") != 0 ||
          (number < ed->log && number != ed->prev_log))
        continue;
      if (nlogs == cap) {
        uint64_t *more = realloc(logs, (cap = 2 * cap + 8) * sizeof *more);
        if (!more) {
          rc = STORE_NOMEM;
          break;
        }
        logs = more;
      }
      logs[nlogs++] = number;
    }
    closedir(d);
  }
  if (nlogs) qsort(logs, nlogs, sizeof *logs, by_number);
  for (i = 0; rc == STORE_OK && i < nlogs; i++) {
    snprintf(name, sizeof name, "%06llu.log", (unsigned long long)logs[i]);
    rc = read_one(c, name, batch);
  }
  free(logs);
  return rc;
}

/* CURRENT, then the MANIFEST it names: its edits in *ed, the comparator
** checked to be LevelDB's bytewise one. */
static int read_manifest(ctx *c, edits *ed) {
  char current[256];
  unsigned char *b = NULL;
  size_t n = 0, i;
  int rc;
  c->file = "CURRENT";
  if ((rc = read_file(c, &b, &n)) != STORE_OK) return rc;
  for (i = 0; i < n && i < sizeof current - 1 && b[i] != '\n'; i++) current[i] = (char)b[i];
  current[i] = 0;
  free(b);
  if (i == n || strncmp(current, "MANIFEST-", 9) != 0 || strchr(current, '/'))
    return bad(c, i == n ? i : 0, "not the name of a MANIFEST file and a newline");
  c->ed = ed;
  rc = read_one(c, current, edit);
  c->ed = NULL;
  c->f->torn[0] = 0; /* a manifest being written ends where it ends */
  if (rc == STORE_OK && c->f->comparator[0] &&
      strcmp(c->f->comparator, "leveldb.BytewiseComparator") != 0) {
    /* Another order, one ok knows (Chrome's IndexedDB's): the tables'
    ** index blocks are in it, so no range of bytes is skipped by them; the
    ** entries merge in it, as keys it says are equal are one key. */
    if (!c->any_order || strcmp(c->f->comparator, OK_CHROME_COMPARATOR) != 0) {
      store_comparator_refused(c->err, c->path, c->f->comparator, strlen(c->f->comparator));
      rc = STORE_ERR;
    }
    c->f->cmp = ok_chrome_compare;
    c->hint = NULL;
  }
  return rc;
}

int ldb_files_check(const char *path, char *err) {
  ldb_files f;
  edits ed;
  ctx c;
  int rc;
  memset(&f, 0, sizeof f);
  memset(&ed, 0, sizeof ed);
  memset(&c, 0, sizeof c);
  c.f = &f, c.path = path, c.err = err;
  rc = read_manifest(&c, &ed);
  edits_free(&ed);
  ldb_files_free(&f);
  return rc;
}

static int read_once(const char *path, const store_range *hint, ldb_files *out, char *err,
                     int *vanished) {
  ctx c;
  edits ed;
  char name[64];
  size_t i;
  int rc;
  memset(out, 0, sizeof *out);
  out->cmp = cmp_bytes;
  memset(&c, 0, sizeof c);
  memset(&ed, 0, sizeof ed);
  c.f = out, c.path = path, c.err = err, c.hint = hint, c.any_order = 1;
  rc = read_manifest(&c, &ed);
  /* the tables (their order is the sort's below) */
  if (ed.nlive) qsort(ed.live, ed.nlive, sizeof *ed.live, by_number);
  for (i = 0; rc == STORE_OK && i < ed.nlive; i++) {
    table_name(path, ed.live[i].id & ((1ull << 56) - 1), name, sizeof name);
    rc = read_one(&c, name, NULL);
  }
  if (rc == STORE_OK) rc = read_logs(&c, &ed);
  edits_free(&ed);
  free(c.raw);
  free(c.scratch);
  if (rc == STORE_OK) sort(out->e, out->n, out->cmp);
  if (rc != STORE_OK) ldb_files_free(out);
  *vanished = c.vanished;
  return rc;
}

int ldb_files_read(const char *path, const store_range *hint, ldb_files *out, char *err) {
  int rc, attempt, vanished = 0;
  /* a program writing the store meanwhile may replace files the MANIFEST
  ** named by the time they are read: read it again */
  for (attempt = 0; attempt < 5; attempt++)
    if ((rc = read_once(path, hint, out, err, &vanished)) == STORE_OK || !vanished) break;
  return rc;
}

void ldb_files_live(ldb_files *f) {
  size_t i, k = 0;
  for (i = 0; i < f->n; i++) {
    int newest = i == 0 || f->cmp(f->e[i].row.key, f->e[i].row.nkey, f->e[i - 1].row.key,
                                  f->e[i - 1].row.nkey) != 0;
    if (newest && f->e[i].put) f->e[k++] = f->e[i];
  }
  f->n = k;
  if (f->cmp != cmp_bytes) sort(f->e, f->n, cmp_bytes); /* SQL's order of BLOBs */
}

/* ---- the walk: live keys, block by block ---------------------------------- */

/* One source of entries, in the order of internal keys (user key, then the
** newest first): the logs' entries in memory, or the tables of a level,
** one open at a time (level 0's overlap: one source each). */
typedef struct source {
  const ldb_entry *e; /* the logs: e[i..n) */
  size_t i, n;
  const live **files; /* or a level's tables, by their keys */
  size_t nfiles, fi;
  ctx t; /* the open table: its descriptor (all opened with the walk), blocks */
  unsigned char *index;
  size_t nindex, iend, ipos; /* the index block's entries, the next one */
  unsigned char *ikey;
  size_t nikey, cikey;
  const unsigned char *data; /* the data block, its entries, the next one */
  size_t dend, dpos;
  unsigned char *key; /* the entry: its internal key, its value */
  size_t nkey, ckey;
  const unsigned char *value;
  size_t nvalue;
  int valid;
} source;

struct ldb_walk {
  ldb_files mem; /* the logs' entries, sorted; every file's name; the comparator */
  char *path;
  edits ed;
  const live **order; /* the tables, by level, then key */
  int *fds;           /* each table's descriptor, opened at the start: a snapshot */
  source *s;
  size_t ns;
  source *cur; /* the live row the walk is on, or NULL */
  unsigned char *k;
  size_t nk, ck;
  char err[STORE_ERR_MAX];
};

static const unsigned char *src_key(const source *s, size_t *n) {
  if (!s->files) return *n = s->e[s->i].row.nkey, s->e[s->i].row.key;
  return *n = s->nkey - 8, s->key;
}

static uint64_t src_tag(const source *s) { /* seq << 8 | put */
  return s->files ? le64(s->key + s->nkey - 8) : s->e[s->i].seq << 8 | s->e[s->i].put;
}

static void table_close(source *s) {
  free(s->index);
  s->index = NULL;
  s->data = NULL;
  s->valid = 0;
}

/* Opens table fi of the source: its index block, no data block yet. */
static int table_open(struct ldb_walk *w, source *s, size_t fi) {
  unsigned char footer[48];
  const unsigned char *p, *index;
  uint64_t idx[2], meta[2];
  size_t k = (size_t)(s->files[fi] - w->ed.live);
  int rc;
  table_close(s);
  s->fi = fi;
  s->t.fd = w->fds[k];
  s->t.file = w->mem.names[k];
  {
    struct stat st;
    if (fstat(s->t.fd, &st) != 0) return bad(&s->t, 0, "cannot read the table");
    s->t.size = (size_t)st.st_size;
  }
  if (s->t.size < 48 || pread(s->t.fd, footer, 48, (off_t)(s->t.size - 48)) != 48 ||
      le64(footer + 40) != 0xDB4775248B80FB57ull)
    return bad(&s->t, s->t.size < 48 ? 0 : s->t.size - 8, "no table's footer (its magic number)");
  p = footer;
  if (!varint(&p, footer + 40, &meta[0], 64) || !varint(&p, footer + 40, &meta[1], 64) ||
      !varint(&p, footer + 40, &idx[0], 64) || !varint(&p, footer + 40, &idx[1], 64))
    return bad(&s->t, s->t.size - 48, "the footer's block handles");
  if ((rc = block(&s->t, idx[0], idx[1], &index, &s->nindex)) != STORE_OK) return rc;
  if (!(s->index = malloc(s->nindex + 1))) return STORE_NOMEM;
  memcpy(s->index, index, s->nindex);
  if (!(s->iend = entries_end(s->index, s->nindex)) && s->nindex)
    return bad(&s->t, (size_t)idx[0], "a block's restarts");
  s->ipos = 0, s->nikey = 0;
  return STORE_OK;
}

/* The source's next data block, after index entry s->ipos: 1, 0 when the
** table has no more. */
static int next_block(source *s, int *rc) {
  const unsigned char *v, *data;
  uint64_t off, size;
  size_t nv, ndata;
  int r = block_entry(s->index, s->iend, &s->ipos, &s->ikey, &s->nikey, &s->cikey, &v, &nv);
  if (r <= 0)
    return *rc = r == 0    ? STORE_OK
                 : r == -2 ? STORE_NOMEM
                           : bad(&s->t, 0, "an index block's entry"),
           0;
  if (!varint(&v, v + nv, &off, 64) || !varint(&v, v + nv, &size, 64))
    return *rc = bad(&s->t, 0, "an index entry's block handle"), 0;
  if ((*rc = block(&s->t, off, size, &data, &ndata)) != STORE_OK) return 0;
  s->data = data, s->dpos = 0;
  if (!(s->dend = entries_end(data, ndata)) && ndata)
    return *rc = bad(&s->t, (size_t)off, "a block's restarts"), 0;
  return 1;
}

/* The source's next entry (the first: after table_open). */
static int advance(struct ldb_walk *w, source *s) {
  int rc = STORE_OK;
  if (!s->files) {
    s->valid = ++s->i < s->n;
    return STORE_OK;
  }
  for (;;) {
    int r = s->data ? block_entry(s->data, s->dend, &s->dpos, &s->key, &s->nkey, &s->ckey,
                                  &s->value, &s->nvalue)
                    : 0;
    if (r == -2) return STORE_NOMEM;
    if (r < 0 || (r == 1 && (s->nkey < 8 || (s->key[s->nkey - 8] & 0xFF) > 1)))
      return bad(&s->t, 0, "a block's entry");
    if (r == 1) return s->valid = 1, STORE_OK;
    if (next_block(s, &rc)) continue;
    if (rc != STORE_OK) return rc;
    if (s->fi + 1 >= s->nfiles) { /* the level's last table */
      table_close(s);
      return STORE_OK;
    }
    if ((rc = table_open(w, s, s->fi + 1)) != STORE_OK) return rc;
  }
}

/* Positions the source at its first entry whose user key is >= k (k NULL:
** its first entry). */
static int src_seek(struct ldb_walk *w, source *s, const unsigned char *k, size_t n) {
  size_t fi = 0;
  int rc = STORE_OK;
  if (!s->files) {
    size_t lo = 0, hi = s->n;
    while (k && lo < hi) { /* the first entry >= k */
      size_t mid = lo + (hi - lo) / 2;
      if (cmp_bytes(s->e[mid].row.key, s->e[mid].row.nkey, k, n) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    s->i = lo;
    s->valid = lo < s->n;
    return STORE_OK;
  }
  /* the first table whose keys reach k */
  while (k && fi < s->nfiles && cmp_bytes(s->files[fi]->hi, s->files[fi]->nhi, k, n) < 0) fi++;
  s->valid = 0;
  if (fi == s->nfiles) return table_close(s), STORE_OK;
  if ((rc = table_open(w, s, fi)) != STORE_OK) return rc;
  /* the first block whose last key (its index key's user key, or above)
  ** reaches k: the blocks before it are not read */
  if (k) {
    size_t pos = 0, at;
    for (;;) {
      const unsigned char *v;
      size_t nv;
      int r;
      at = pos;
      r = block_entry(s->index, s->iend, &pos, &s->ikey, &s->nikey, &s->cikey, &v, &nv);
      if (r == -2) return STORE_NOMEM;
      if (r < 0) return bad(&s->t, 0, "an index block's entry");
      if (r == 0 || (s->nikey >= 8 && cmp_bytes(s->ikey, s->nikey - 8, k, n) >= 0)) break;
    }
    /* read from that entry on: its key, in ikey, shares with itself what
    ** it shared with the one before */
    s->ipos = at;
  }
  for (;;) {
    size_t nk;
    const unsigned char *key;
    if ((rc = advance(w, s)) != STORE_OK || !s->valid) return rc;
    key = src_key(s, &nk);
    if (!k || cmp_bytes(key, nk, k, n) >= 0) return STORE_OK;
  }
}

/* The source the merge takes next: the smallest user key, its newest
** entry; NULL when all are done. */
static source *smallest(struct ldb_walk *w) {
  source *best = NULL;
  const unsigned char *bk = NULL;
  size_t i, bn = 0;
  for (i = 0; i < w->ns; i++) {
    source *s = &w->s[i];
    const unsigned char *k;
    size_t n;
    int c;
    if (!s->valid) continue;
    k = src_key(s, &n);
    if (best && (c = cmp_bytes(k, n, bk, bn)) >= 0 &&
        (c > 0 || src_tag(s) >> 8 < src_tag(best) >> 8))
      continue;
    best = s, bk = k, bn = n;
  }
  return best;
}

/* Every source moved past the user key w->k. */
static int skip_key(struct ldb_walk *w) {
  size_t i;
  int rc;
  for (i = 0; i < w->ns; i++) {
    source *s = &w->s[i];
    while (s->valid) {
      size_t n;
      const unsigned char *k = src_key(s, &n);
      if (n != w->nk || memcmp(k, w->k, n) != 0) break;
      if ((rc = advance(w, s)) != STORE_OK) return rc;
    }
  }
  return STORE_OK;
}

static int keep_key(struct ldb_walk *w, const source *s) {
  size_t n;
  const unsigned char *k = src_key(s, &n);
  if (n > w->ck) {
    unsigned char *more = realloc(w->k, (w->ck = 2 * n + 16));
    if (!more) return STORE_NOMEM;
    w->k = more;
  }
  memcpy(w->k, k, n), w->nk = n;
  return STORE_OK;
}

/* The next live key from the sources as they stand: a key's newest entry
** when it is a value; a deletion hides the key. */
static int settle(struct ldb_walk *w) {
  source *s;
  int rc;
  while ((s = smallest(w)) != NULL) {
    if (src_tag(s) & 1) return w->cur = s, STORE_OK;
    if ((rc = keep_key(w, s)) != STORE_OK || (rc = skip_key(w)) != STORE_OK) return rc;
  }
  w->cur = NULL;
  return STORE_OK;
}

static int walk_fail(struct ldb_walk *w, int rc, char *err) {
  if (rc == STORE_ERR) memcpy(err, w->err, STORE_ERR_MAX);
  w->cur = NULL;
  return rc;
}

int ldb_walk_seek(ldb_walk *w, const unsigned char *k, size_t n, char *err) {
  size_t i;
  int rc = STORE_OK;
  for (i = 0; rc == STORE_OK && i < w->ns; i++) rc = src_seek(w, &w->s[i], k, n);
  if (rc == STORE_OK) rc = settle(w);
  return rc == STORE_OK ? rc : walk_fail(w, rc, err);
}

int ldb_walk_next(ldb_walk *w, char *err) {
  int rc;
  if (!w->cur) return STORE_OK;
  if ((rc = keep_key(w, w->cur)) != STORE_OK || (rc = skip_key(w)) != STORE_OK ||
      (rc = settle(w)) != STORE_OK)
    return walk_fail(w, rc, err);
  return STORE_OK;
}

int ldb_walk_valid(const ldb_walk *w) { return w->cur != NULL; }

const unsigned char *ldb_walk_key(const ldb_walk *w, size_t *n) { return src_key(w->cur, n); }

const unsigned char *ldb_walk_value(const ldb_walk *w, size_t *n) {
  const source *s = w->cur;
  if (!s->files) return *n = s->e[s->i].row.nvalue, s->e[s->i].row.key + s->e[s->i].row.nkey;
  return *n = s->nvalue, s->value;
}

void ldb_walk_close(ldb_walk *w) {
  size_t i;
  if (!w) return;
  for (i = 0; i < w->ns; i++) {
    table_close(&w->s[i]);
    free(w->s[i].ikey), free(w->s[i].key);
    free(w->s[i].t.raw), free(w->s[i].t.scratch);
  }
  for (i = 0; w->fds && i < w->ed.nlive; i++)
    if (w->fds[i] >= 0) close(w->fds[i]);
  free(w->fds);
  free(w->s);
  free(w->order);
  free(w->k);
  free(w->path);
  edits_free(&w->ed);
  ldb_files_free(&w->mem);
  free(w);
}

/* Tables by level, then by their smallest key (level 0's by number). */
static int by_level(const void *a, const void *b) {
  const live *x = *(const live *const *)a, *y = *(const live *const *)b;
  uint64_t lx = x->id >> 56, ly = y->id >> 56;
  if (lx != ly) return lx < ly ? -1 : 1;
  if (lx == 0) return (x->id > y->id) - (x->id < y->id);
  return cmp_bytes(x->lo, x->nlo, y->lo, y->nlo);
}

static int walk_open_once(const char *path, const store_range *hint, ldb_walk **out, char *err,
                          int *vanished) {
  ldb_walk *w = calloc(1, sizeof *w);
  ctx c;
  size_t i, j;
  int rc;
  *out = NULL;
  if (!w || !(w->path = strdup(path))) return free(w), STORE_NOMEM;
  memset(&c, 0, sizeof c);
  w->mem.cmp = cmp_bytes;
  c.f = &w->mem, c.path = w->path, c.err = w->err, c.any_order = 1, c.hint = hint;
  rc = read_manifest(&c, &w->ed);
  if (rc == STORE_OK && w->mem.cmp != cmp_bytes) { /* an order of its own: not walked */
    ldb_walk_close(w);
    return STORE_OK;
  }
  /* every table named, opened now: the store as it is at this moment,
  ** whatever compactions do to the folder while the walk goes on */
  if (rc == STORE_OK && (!(w->fds = malloc((w->ed.nlive + 1) * sizeof *w->fds)) ||
                         !(w->order = malloc((w->ed.nlive + 1) * sizeof *w->order))))
    rc = STORE_NOMEM;
  for (i = 0; w->fds && i < w->ed.nlive; i++) w->fds[i] = -1;
  for (i = 0; rc == STORE_OK && i < w->ed.nlive; i++) {
    char name[64], full[4200];
    table_name(path, w->ed.live[i].id & ((1ull << 56) - 1), name, sizeof name);
    snprintf(full, sizeof full, "%s/%s", path, name);
    if ((rc = name_file(&c, name)) != STORE_OK) break;
    if ((w->fds[i] = open(full, O_RDONLY | O_CLOEXEC)) < 0) {
      c.vanished = errno == ENOENT;
      store_errf(w->err, "cannot read '%s': %s", full, strerror(errno));
      rc = STORE_ERR;
    }
    w->order[i] = &w->ed.live[i];
  }
  if (rc == STORE_OK) rc = read_logs(&c, &w->ed);
  free(c.raw);
  free(c.scratch);
  if (rc == STORE_OK) sort(w->mem.e, w->mem.n, cmp_bytes);
  /* the sources: the logs, each table of level 0, each other level */
  if (rc == STORE_OK && !(w->s = calloc(w->ed.nlive + 1, sizeof *w->s))) rc = STORE_NOMEM;
  if (rc == STORE_OK) {
    qsort(w->order, w->ed.nlive, sizeof *w->order, by_level);
    w->s[0].e = w->mem.e, w->s[0].n = w->mem.n, w->ns = 1;
    for (i = 0; i < w->ed.nlive; i = j) {
      source *s = &w->s[w->ns++];
      for (j = i + 1; j < w->ed.nlive && (w->order[i]->id >> 56) != 0 &&
                      (w->order[j]->id >> 56) == (w->order[i]->id >> 56);
           j++) {
      }
      s->files = w->order + i, s->nfiles = j - i;
      s->t.path = w->path, s->t.err = w->err, s->t.fd = -1;
    }
  }
  *vanished = c.vanished;
  if (rc != STORE_OK) {
    memcpy(err, w->err, STORE_ERR_MAX);
    ldb_walk_close(w);
    return rc;
  }
  *out = w;
  return STORE_OK;
}

int ldb_walk_open(const char *path, const store_range *hint, ldb_walk **out, char *err) {
  int rc, attempt, vanished = 0;
  for (attempt = 0; attempt < 5; attempt++)
    if ((rc = walk_open_once(path, hint, out, err, &vanished)) == STORE_OK || !vanished) break;
  return rc;
}
