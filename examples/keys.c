/*
** keys.c -- the codec core from C, without SQLite: builds the key of
** (42, 'abc', NULL) and reads it back.
**
**   cc keys.c $(pkg-config --cflags --libs ok) -o keys && ./keys
*/
#include <ok.h>
#include <stdio.h>

int main(void) {
  uint8_t key[64];
  char hex[129];
  size_t n = 0, count, err;
  n += ok_enc_int(key + n, 42, 0);
  n += ok_enc_bytes(key + n, OK_TAG_TEXT, (const uint8_t *)"abc", 3, 1, 0);
  n += ok_enc_null(key + n, 0);
  hex[ok_hex_encode(hex, key, n)] = 0;
  if (ok_count(&ok_format_native, key, n, &count, &err) != OK_OK) return 1;
  printf("%s: %u components\n", hex, (unsigned)count); /* 4DA8706162630005: 3 components */
  return 0;
}
