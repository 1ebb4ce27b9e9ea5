/*
** internal.h -- declarations shared by the core's own files, not public.
*/
#ifndef OK_INTERNAL_H
#define OK_INTERNAL_H

#include "ok.h"

/* Decoders of one component c[0..n) (n >= 1) whose ascending tag is t; x is
** 0xFF when the component is descending, else 0. They set it->len and the
** value fields, or return a negative status with *err_at relative to c. */
int ok_dec_number(const uint8_t *c, size_t n, int t, uint8_t x, ok_item *it, size_t *err_at);
int ok_dec_bytes(const uint8_t *c, size_t n, uint8_t x, ok_item *it, size_t *err_at);

/* The value bytes of a decoded FDB item (ok_unescape for that format). */
size_t ok_fdb_value(uint8_t *out, const ok_item *it);

#endif /* OK_INTERNAL_H */
