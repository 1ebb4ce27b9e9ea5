/*
** item.h -- what the fuzz targets and the unit tests ask of two items that
** must be the same (a format's batch reader against its decoder, a walk
** against a locate).
*/
#ifndef OK_TEST_ITEM_H
#define OK_TEST_ITEM_H

#include <string.h>

#include "ok.h"

/* Every shared field of two items alike, and a TEXT or BLOB value read
** out the same: own is the format's, which only its value shows (TiKV's
** batch reader and its decoder each write where a body's groups begin). */
static int same_item(const ok_item *a, const ok_item *b) {
  uint8_t va[256], vb[256];
  if (!(a->format == b->format && a->type == b->type && a->tag == b->tag && a->desc == b->desc &&
        a->len == b->len && a->i == b->i && memcmp(&a->d, &b->d, sizeof a->d) == 0 &&
        a->body == b->body && a->body_len == b->body_len && a->value_len == b->value_len &&
        a->direct == b->direct))
    return 0;
  if ((a->type != OK_TEXT && a->type != OK_BLOB) || a->value_len > sizeof va) return 1;
  return ok_unescape(va, a) == a->value_len && ok_unescape(vb, b) == a->value_len &&
         memcmp(va, vb, a->value_len) == 0;
}

#endif
