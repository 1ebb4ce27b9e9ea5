/*
** item.h -- what the fuzz targets ask of two items that must be the same
** (a format's batch reader against its decoder, a walk against a locate).
*/
#ifndef OK_FUZZ_ITEM_H
#define OK_FUZZ_ITEM_H

#include <string.h>

#include "ok.h"

/* Every shared field of two items alike (own is the format's: its own
** functions read what they wrote there). */
static int same_item(const ok_item *a, const ok_item *b) {
  return a->format == b->format && a->type == b->type && a->tag == b->tag && a->desc == b->desc &&
         a->len == b->len && a->i == b->i && memcmp(&a->d, &b->d, sizeof a->d) == 0 &&
         a->body == b->body && a->body_len == b->body_len && a->value_len == b->value_len &&
         a->direct == b->direct;
}

#endif
