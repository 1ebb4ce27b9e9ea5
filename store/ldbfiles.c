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

#include "../src/ok_chrome.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <snappy-c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

typedef struct edits {
  uint64_t log, prev_log;
  uint64_t *live; /* table files: level << 56 | number */
  size_t nlive, cap;
} edits;

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

static uint32_t crc_table[256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static void crc_init(void) {
  uint32_t i, k, c;
  for (i = 0; i < 256; i++) {
    for (c = i, k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0x82F63B78u : c >> 1; /* Castagnoli */
    crc_table[i] = c;
  }
}

static uint32_t crc32c(const unsigned char *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  pthread_once(&crc_once, crc_init);
  while (n--) c = crc_table[(c ^ *p++) & 0xFF] ^ (c >> 8);
  return ~c;
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
          if (ed->live[i] == (level << 56 | number)) ed->live[i] = ed->live[--ed->nlive];
        break;
      case 7: /* a file added */
        if (!varint(&p, end, &level, 32) || !varint(&p, end, &number, 64) ||
            !varint(&p, end, &size, 64) || !slice(&p, end, &s, &n) || !slice(&p, end, &s, &n) ||
            level > 255 || number >> 56)
          return bad(c, at, "a version edit's new file");
        if (ed->nlive == ed->cap) {
          uint64_t *more = realloc(ed->live, (ed->cap = 2 * ed->cap + 16) * sizeof *more);
          if (!more) return STORE_NOMEM;
          ed->live = more;
        }
        ed->live[ed->nlive++] = level << 56 | number;
        break;
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
  if (snappy_uncompressed_length((const char *)b, (size_t)size, &raw) != SNAPPY_OK)
    return bad(c, (size_t)off, "a Snappy block that does not read");
  if (raw > c->nscratch) {
    unsigned char *more = realloc(c->scratch, raw);
    if (!more) return STORE_NOMEM;
    c->scratch = more, c->nscratch = raw;
  }
  if (snappy_uncompress((const char *)b, (size_t)size, (char *)c->scratch, &raw) != SNAPPY_OK)
    return bad(c, (size_t)off, "a Snappy block that does not read");
  *out = c->scratch, *len = raw;
  return STORE_OK;
}

/* Each entry of block p[0..n) (at: its offset in the file), its key whole. */
static int entries(ctx *c, const unsigned char *p, size_t n, size_t at, int index,
                   uint64_t (*handles)[2], size_t *nhandles) {
  const unsigned char *q, *end;
  unsigned char *key = NULL;
  size_t nkey = 0, cap = 0;
  uint32_t restarts;
  int rc = STORE_OK, past = 0;
  if (n < 4 || (restarts = le32(p + n - 4)) > (n - 4) / 4) return bad(c, at, "a block's restarts");
  q = p, end = p + n - 4 - 4 * (size_t)restarts;
  while (rc == STORE_OK && q < end) {
    uint64_t shared, own, nv;
    if (!varint(&q, end, &shared, 32) || !varint(&q, end, &own, 32) || !varint(&q, end, &nv, 32) ||
        shared > nkey || own > (uint64_t)(end - q) || nv > (uint64_t)(end - q) - own) {
      rc = bad(c, at + (size_t)(q - p), "a block's entry");
      break;
    }
    if (shared + own > cap) {
      unsigned char *more = realloc(key, (cap = 2 * (size_t)(shared + own)));
      if (!more) {
        rc = STORE_NOMEM;
        break;
      }
      key = more;
    }
    memcpy(key + shared, q, (size_t)own), nkey = (size_t)(shared + own), q += own;
    if (index) { /* a data block's handle, after a key at or above its keys */
      const unsigned char *v = q;
      int side = nkey >= 8 ? against(c, key, nkey - 8) : 0;
      if (!varint(&v, q + nv, &handles[*nhandles][0], 64) ||
          !varint(&v, q + nv, &handles[*nhandles][1], 64)) {
        rc = bad(c, at + (size_t)(q - p), "an index entry's block handle");
        break;
      }
      /* a block wanted: not all below the range, nor after a key above it */
      if (side >= 0 && !past) ++*nhandles;
      past = side > 0;
    } else { /* the user key, then its sequence and type */
      uint64_t tag = nkey >= 8 ? le64(key + nkey - 8) : 2;
      if ((tag & 0xFF) > 1) {
        rc = bad(c, at + (size_t)(q - p), "an entry's key without its sequence and type");
        break;
      }
      rc = add(c, key, nkey - 8, q, (size_t)nv, tag >> 8, (int)(tag & 1));
    }
    q += nv;
  }
  free(key);
  return rc;
}

/* Counts an index block's entries, for the handles' room. */
static size_t count_entries(const unsigned char *p, size_t n) {
  const unsigned char *q = p, *end;
  size_t k = 0;
  uint64_t a, b, v;
  if (n < 4 || le32(p + n - 4) > (n - 4) / 4) return 0;
  end = p + n - 4 - 4 * (size_t)le32(p + n - 4);
  while (q < end && varint(&q, end, &a, 32) && varint(&q, end, &b, 32) && varint(&q, end, &v, 32) &&
         b + v <= (uint64_t)(end - q))
    q += b + v, k++;
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
  free(ed.live);
  ldb_files_free(&f);
  return rc;
}

static int read_once(const char *path, const store_range *hint, ldb_files *out, char *err,
                     int *vanished) {
  ctx c;
  edits ed;
  char name[64];
  size_t i, nlogs = 0, cap = 0;
  uint64_t *logs = NULL;
  DIR *d;
  struct dirent *e;
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
    struct stat st;
    char full[4200];
    unsigned long long number = (unsigned long long)(ed.live[i] & ((1ull << 56) - 1));
    snprintf(name, sizeof name, "%06llu.ldb", number);
    snprintf(full, sizeof full, "%s/%s", path, name);
    if (stat(full, &st) != 0) snprintf(name, sizeof name, "%06llu.sst", number);
    rc = read_one(&c, name, NULL);
  }
  /* the logs the manifest has not taken in, oldest first */
  if (rc == STORE_OK && (d = opendir(path)) != NULL) {
    while (rc == STORE_OK && (e = readdir(d)) != NULL) {
      unsigned long long number;
      char tail[8];
      if (sscanf(e->d_name, "%llu.%7s", &number, tail) != 2 || strcmp(tail, "log") != 0 ||
          (number < ed.log && number != ed.prev_log))
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
    rc = read_one(&c, name, batch);
  }
  free(ed.live);
  free(logs);
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
