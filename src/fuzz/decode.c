/*
** decode.c -- fuzz target for every decoder entry point of the core.
**
** Any input: ok_count, ok_locate and ok_prefix_end must stay inside it, and
** every component ok_decode accepts must re-encode to exactly its own bytes
** (the format is canonical), else the target aborts.
*/
#include <stdlib.h>
#include <string.h>

#include "ok.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t reencode(uint8_t *out, const ok_item *it, uint8_t *tmp) {
  switch (it->type) {
    case OK_NULL: return ok_enc_null(out, it->desc);
    case OK_INT: return ok_enc_int(out, it->i, it->desc);
    case OK_REAL: return ok_enc_double(out, it->d, it->desc);
    case OK_TEXT:
    case OK_BLOB: break;
  }
  ok_unescape(tmp, it);
  return ok_enc_bytes(out, it->tag, tmp, it->value_len, 1, it->desc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t off = 0, count = 0, err = 0, at = 0, i;
  uint8_t *tmp = malloc(size + 1), *again = malloc(2 * size + 16);
  int rc;
  ok_item it;
  if (!tmp || !again) abort();
  while (off < size && ok_decode(data + off, size - off, &it, &err) == OK_OK) {
    if (it.len == 0 || it.len > size - off) abort();
    if (reencode(again, &it, tmp) != it.len || memcmp(again, data + off, it.len) != 0) abort();
    off += it.len;
    count++;
  }
  rc = ok_count(data, size, &i, &err);
  if (rc == OK_OK ? (off != size || i != count) : (off == size || err > size)) abort();
  for (i = 0; i <= count; i++) {
    rc = ok_locate(data, size, i, &it, &at, &err);
    if (rc == OK_OK && at >= size) abort();
  }
  if (ok_prefix_end(again, data, size) > size) abort();
  free(tmp);
  free(again);
  return 0;
}
