/*
** replay.c -- runs the fuzz target over corpus files without libFuzzer, so
** `make test` replays the corpus with any compiler (and the sanitizers).
**
** Usage: fuzz-NAME-replay FILE_OR_DIR...   Ends with "N passed, 0 failed"; a
** failing input aborts the program.
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ok.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  uint8_t *buf;
  long n;
  if (!f) return 0;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  buf = malloc((size_t)n + 1);
  if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fclose(f);
    free(buf);
    return 0;
  }
  fclose(f);
  LLVMFuzzerTestOneInput(buf, (size_t)n);
  free(buf);
  return 1;
}

int main(int argc, char **argv) {
  int i, files = 0;
  for (i = 1; i < argc; i++) {
    DIR *d = opendir(argv[i]);
    struct dirent *e;
    if (!d) {
      files += replay_file(argv[i]);
      continue;
    }
    while ((e = readdir(d)) != NULL) {
      char path[4096];
      if (e->d_name[0] == '.') continue;
      snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
      files += replay_file(path);
    }
    closedir(d);
  }
  printf("%d passed, 0 failed\n", files);
  return files ? 0 : 1;
}
