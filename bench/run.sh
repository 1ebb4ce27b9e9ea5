#!/bin/sh
# make bench: builds and runs the side-by-side benchmark (BENCH_ROWS rows).
set -e
cd "$(dirname "$0")/.."
B=${1:-build}
${CC:-cc} -std=c99 -O2 -Wall -Wextra -o "$B/bench" bench/bench.c -lsqlite3
"$B/bench" "$B/ok" "${BENCH_ROWS:-1000000}"
echo
# the core alone, against memcpy of the same bytes
${CC:-cc} -std=c99 -O2 -Wall -Wextra -Isrc -o "$B/core-bench" bench/core.c "$B/libokcore.a" -lm
"$B/core-bench" "${BENCH_ROWS:-1000000}"
echo
${CC:-cc} -std=c99 -O2 -Wall -Wextra -Isrc -o "$B/spread" bench/spread.c "$B/libokcore.a" -lm
"$B/spread"
echo
"$B/hostile" "$B/ok" bench
# the store module against the stores' own tools, where it was built; and a
# LevelDB read whole from its files against LevelDB's own library
if [ -f "$B/ok_store.so" ]; then
  echo
  /usr/bin/python3 bench/stores.py "$B" "${BENCH_STORE_KEYS:-1000000}"
  echo
  ${CC:-cc} -std=c99 -O2 -Wall -Wextra -Istore -Isrc -o "$B/leveldb-bench" bench/leveldb.c \
    store/ldbfiles.c store/engine.c store/snappy.c "$B/libokcore.a" -lleveldb -lpthread -lm
  dir=$(mktemp -d)
  "$B/leveldb-bench" "$dir/store" "${BENCH_LEVELDB_MB:-256}"
  rm -rf "$dir"
fi
