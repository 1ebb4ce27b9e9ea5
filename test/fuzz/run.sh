#!/bin/sh
# make fuzz: builds the fuzz targets (core decoders, SQL functions, Orderly
# keys, round trips from values, builders against their readers, the store
# module's transaction writes) with
# clang's libFuzzer and the sanitizers and runs each for $1 seconds (default
# 60), growing a scratch copy of test/fuzz/corpus. New inputs worth keeping can be copied back by hand.
set -e
cd "$(dirname "$0")/../.."
secs=${1:-60}
command -v clang >/dev/null 2>&1 || { echo "fuzz: no clang (sh setup.sh --fuzz installs it)"; exit 1; }
mkdir -p build-fuzz/corpus build-fuzz/corpus-orderly build-fuzz/corpus-roundtrip build-fuzz/corpus-builders \
  build-fuzz/corpus-pending
cp test/fuzz/corpus/* build-fuzz/corpus/
cp test/fuzz/corpus-orderly/* build-fuzz/corpus-orderly/
cp test/fuzz/corpus-roundtrip/* build-fuzz/corpus-roundtrip/
cp test/fuzz/corpus-builders/* build-fuzz/corpus-builders/
cp test/fuzz/corpus-pending/* build-fuzz/corpus-pending/
flags="-g -O1 -std=c99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
clang $flags -Isrc test/fuzz/decode.c src/*.c -o build-fuzz/decode -lm
clang $flags -Isrc test/fuzz/sql.c src/*.c ext/*.c -o build-fuzz/sql -lsqlite3 -lm
clang $flags -Isrc test/fuzz/orderly.c src/*.c -o build-fuzz/orderly -lm
clang $flags -Isrc test/fuzz/roundtrip.c src/*.c -o build-fuzz/roundtrip -lm
clang $flags -Isrc test/fuzz/builders.c src/*.c ext/*.c -o build-fuzz/builders -lsqlite3 -lm
clang $flags test/fuzz/pending.c store/pending.c -o build-fuzz/pending
echo "== core decoders, $secs s"
./build-fuzz/decode -max_total_time="$secs" -max_len=256 build-fuzz/corpus
echo "== SQL functions, $secs s"
./build-fuzz/sql -max_total_time="$secs" -max_len=256 build-fuzz/corpus
echo "== Orderly keys under random schemas, $secs s"
./build-fuzz/orderly -max_total_time="$secs" -max_len=256 build-fuzz/corpus-orderly
echo "== round trips from values, every tagged format, $secs s"
./build-fuzz/roundtrip -max_total_time="$secs" -max_len=256 build-fuzz/corpus-roundtrip
echo "== builders agree with their readers, $secs s"
./build-fuzz/builders -max_total_time="$secs" -max_len=64 build-fuzz/corpus-builders
echo "== the store module's transaction writes against a model, $secs s"
./build-fuzz/pending -max_total_time="$secs" -max_len=512 build-fuzz/corpus-pending
