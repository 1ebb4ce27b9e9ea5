/*
** convert.c -- a migration's filter, without SQLite: keys of one format in
** hex, a line each, on standard input; the same keys in another format on
** standard output, or why one does not convert.
**
**   cc convert.c $(pkg-config --cflags --libs ok) -o convert
**   echo 4DA8706162630005 | ./convert ok fdb        # 152A026162630000
*/
#include <ok.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  const ok_format *from = argc == 3 ? ok_format_named(argv[1], strlen(argv[1])) : NULL,
                  *to = argc == 3 ? ok_format_named(argv[2], strlen(argv[2])) : NULL;
  char line[8192], *hex = NULL;
  uint8_t key[4096], *out = malloc(1024);
  size_t cap = 1024, n, len, err;
  int rc, bad = 0;
  if (!from || !to || !out) {
    fprintf(stderr, "usage: convert FROM TO < hex keys (formats: ok, fdb, hbase, crdb...)\n");
    return 2;
  }
  while (fgets(line, sizeof line, stdin)) {
    if ((rc = ok_hex_decode(key, &n, line, strcspn(line, "\n"), &err)) == OK_OK) {
      /* too small a buffer: it says how much room to give, and is given it */
      while ((rc = ok_convert(from, key, n, to, out, cap, &len, &err)) == OK_E_ROOM) {
        free(out);
        if (!(out = malloc(cap = len))) return 2;
      }
    }
    if (rc != OK_OK) {
      printf("error at byte %lu: %s\n", (unsigned long)err, ok_strerror(rc));
      bad = 1;
      continue;
    }
    if (!(hex = realloc(hex, 2 * len + 1))) return 2;
    hex[ok_hex_encode(hex, out, len)] = 0;
    printf("%s\n", hex);
  }
  free(hex);
  free(out);
  return bad;
}
