#!/bin/sh
# make bench-layouts: make bench's SQL ratios over several layouts of the
# same code. On some machines a function's time moves by a fifth or more
# with where its code lies (branch predictors share entries by address),
# so one build's ratio is one draw. This links the extension's objects
# again behind 1, 17, ..., 113 bytes of padding, which moves all of it by
# 16, 32, ..., 128 bytes (its sections start 16-byte aligned; the same
# instructions, shifted), runs the SQL benchmark once in each, and prints
# every ratio's median and range over the layouts.
# Usage: layouts.sh [build dir]   (BENCH_ROWS rows, default 300,000; LINK:
# the command that links the extension, as the Makefile does)
set -e
cd "$(dirname "$0")/.."
B=${1:-build}
ROWS=${BENCH_ROWS:-300000}
W="$B/layouts"
LINK=${LINK:-${CC:-cc} -O2 -shared -fPIC}
rm -rf "$W"
mkdir -p "$W"
${CC:-cc} -std=c99 -O2 -Wall -Wextra -o "$B/bench" bench/bench.c -lsqlite3
for pad in 0 16 32 48 64 80 96 112; do
  mkdir -p "$W/$pad/ok"
  # a function of `pad` bytes linked ahead of the extension's code
  printf '.text\nok_layout_pad:\n.skip %d, 0x90\n.section .note.GNU-stack,"",@progbits\n' \
    "$((pad + 1))" >"$W/pad$pad.s"
  # shellcheck disable=SC2086 # word splitting of the command and objects is meant
  $LINK "$W/pad$pad.s" $B/core/*.o $B/ext/*.o -o "$W/$pad/ok/ok.so" -lm
  printf 'layout %3d: ' "$pad" >&2
  "$B/bench" "$W/$pad/ok/ok" "$ROWS" >"$W/$pad.txt"
  echo "done" >&2
done
echo "make bench's ratios over 8 layouts of the same code ($ROWS rows each): median (lowest-highest)"
# each run prints the same lines in the same order: the first run's lines
# as they are, the times left out, each ratio the median (range) of its
# line in every run; up to the sizes, which no layout changes
awk 'FNR == 1 { file++ }
     /^size:/ { nextfile }
     / ratio [0-9.]+$/ { r[FNR, file] = $NF + 0 }
     file == 1 { line[FNR] = $0; if (FNR > last) last = FNR }
     END {
       for (k = 1; k <= last; k++) {
         s = line[k]
         if (s ~ /ns\/row|M\/s/ && s !~ / ratio [0-9.]+$/) continue # a time alone
         if (s !~ / ratio [0-9.]+$/) { print s; continue }
         for (i = 1; i <= file; i++) v[i] = r[k, i]
         for (i = 2; i <= file; i++)
           for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
         med = file % 2 ? v[(file + 1) / 2] : (v[file / 2] + v[file / 2 + 1]) / 2
         if (match(s, / +[0-9.]+ ns\/row/)) s = substr(s, 1, RSTART - 1)
         printf "%-64s ratio %.2f (%.2f-%.2f)\n", s, med, v[1], v[file]
       }
     }' "$W"/[0-9]*.txt
