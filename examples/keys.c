/*
** keys.c -- the codec core from C, without SQLite: builds the key of
** (42, 'abc', NULL) and reads it back, every component in one call.
**
**   cc keys.c $(pkg-config --cflags --libs ok) -o keys && ./keys
*/
#include <ok.h>
#include <stdio.h>

int main(void) {
  uint8_t key[64], text[64];
  char hex[129];
  size_t n = 0, got, err, i;
  ok_item items[8];
  ok_walk w;
  n += ok_enc_int(key + n, 42, 0);
  n += ok_enc_bytes(key + n, OK_TAG_TEXT, (const uint8_t *)"abc", 3, 1, 0);
  n += ok_enc_null(key + n, 0);
  hex[ok_hex_encode(hex, key, n)] = 0;
  /* the components, up to 8 of them: OK_FEWER says the key ended */
  ok_walk_start(&w, &ok_format_native, key, n);
  if (ok_next_n(&w, items, 8, &got, &err) != OK_FEWER) return 1;
  printf("%s: %u components:", hex, (unsigned)got); /* 4DA8706162630005: 3 components: */
  for (i = 0; i < got; i++) {
    const ok_item *it = &items[i];
    if (it->type == OK_INT) printf(" %lld", (long long)it->i);
    if (it->type == OK_TEXT && it->value_len <= sizeof text) /* its value, unescaped */
      printf(" '%.*s'", (int)ok_unescape(text, it), (const char *)text);
    if (it->type == OK_NULL) printf(" NULL");
  }
  printf("\n"); /* 42 'abc' NULL */
  return 0;
}
