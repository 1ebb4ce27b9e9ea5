# ok -- order-preserving keys for SQLite. `make help` lists the targets.

CC      ?= cc
# With gcc, link-time optimisation: the extension's calls into the core
# are inlined across files (a tenth to a fifth off several builders in
# make bench). The objects keep their machine code too (fat), so that
# libokcore.a links without it, and with any compiler. Asked of the
# compiler once (:=), not at each command.
ifeq ($(origin LTO),undefined)
LTO     := $(if $(shell $(CC) -v 2>&1 | grep '^gcc version'),-flto=auto -ffat-lto-objects)
endif
OPT     ?= -O2 $(LTO)
# 32-bit x86: doubles in SSE2 registers, each operation rounded once to a
# double; x87's wider registers round twice, which src/internal.h refuses.
FPMATH  := $(if $(shell $(CC) -dM -E -x c /dev/null 2>/dev/null | grep __i386__),-msse2 -mfpmath=sse)
WARN     = -Wall -Wextra -Wconversion -Werror
CFLAGS  += $(OPT) -g -fPIC -fvisibility=hidden $(SAN) $(FPMATH)
CORE_CFLAGS = -std=c99 $(WARN)
EXT_CFLAGS  = -std=c99 $(WARN) $(SQLITE_INC)
B       ?= build
PREFIX  ?= /usr/local
LIBDIR   = $(DESTDIR)$(PREFIX)/lib
INCDIR   = $(DESTDIR)$(PREFIX)/include
VERSION  = $(shell cat VERSION)

ifeq ($(shell uname),Darwin)
  # Homebrew's xxHash and SQLite (Apple's SQLite has no extension loading)
  BREW := $(shell brew --prefix 2>/dev/null || echo /opt/homebrew)
  CFLAGS += -I$(BREW)/include
  SYS_SQLITE_INC = -I$(BREW)/opt/sqlite/include
  SYS_SQLITE_LIBS = -L$(BREW)/opt/sqlite/lib -lsqlite3
  SO = dylib
  SHARED = -dynamiclib -undefined dynamic_lookup
else
  SYS_SQLITE_LIBS = -lsqlite3
  SO = so
  SHARED = -shared
endif

# SQLITE_DIR=deps/sqlite: build and link against the SQLite amalgamation
# there (tools/sqlite-latest.sh) instead of the system's.
ifdef SQLITE_DIR
  SQLITE_INC  = -I$(SQLITE_DIR)
  SQLITE_LIBS = -L$(SQLITE_DIR) -Wl,-rpath,$(abspath $(SQLITE_DIR)) -lsqlite3
else
  SQLITE_INC  = $(SYS_SQLITE_INC)
  SQLITE_LIBS = $(SYS_SQLITE_LIBS)
endif

CORE_SRC = $(wildcard src/*.c)
EXT_SRC  = $(wildcard ext/*.c)
CORE_OBJ = $(CORE_SRC:src/%.c=$(B)/core/%.o)
EXT_OBJ  = $(EXT_SRC:ext/%.c=$(B)/ext/%.o)
CORE_H   = $(wildcard src/*.h)
# The store module (store/, below) where LMDB's, LevelDB's and RocksDB's headers
# are, and Snappy's (the LevelDB tables ok reads itself).
STORE    := $(if $(and $(wildcard /usr/include/lmdb.h),$(wildcard /usr/include/leveldb/c.h),$(wildcard /usr/include/rocksdb/c.h)),$(B)/ok_store.$(SO))
EXT_H    = $(wildcard ext/*.h)

.PHONY: all deps deps-test demo check test test-cluster cluster test-accept test-asan test-tsan test-valgrind fuzz bench bench-layouts bench-instructions dist \
        test-build test-latest install uninstall clean lint help

all: $(B)/ok.$(SO) $(B)/libokcore.a $(B)/ok_files.$(SO) $(STORE)

help:
	@echo "make            build $(B)/ok.$(SO) (the extension) and $(B)/libokcore.a"
	@echo "make demo       install what is missing, build, show keys sorting in sqlite3"
	@echo "make check      build and run the quick suites (a minute; installs nothing: for contributors)"
	@echo "make test       install what is missing (setup.sh --test: apt-get, npm), build, run every suite, also under ASan+UBSan"
	@echo "make test-cluster  ok in a 3-node dqlite cluster, its leader killed (also run by make test)"
	@echo "make test-accept  rewrite sql-tests/*.out from the current output"
	@echo "make test-asan  the test suites under AddressSanitizer + UBSan"
	@echo "make test-valgrind  unit tests and oracle under valgrind"
	@echo "make test-tsan  8 threads with a connection each, under ThreadSanitizer"
	@echo "make fuzz       libFuzzer: decoders, SQL, Orderly, round trips (FUZZ_SECONDS=60 each)"
	@echo "make bench      speed and size against SQLite's JSON functions and FDB"
	@echo "make bench-layouts  make bench's ratios over 8 layouts of the same code: median and range"
	@echo "make bench-instructions  each builder's and reader's instructions a row (valgrind)"
	@echo "make install    ok.$(SO) (stripped), ok.h, libokcore.a, ok.pc under PREFIX (DESTDIR)"
	@echo "make dist       dist/: the source, the wheel, the npm package and SHA256SUMS"
	@echo "make lint       clang-format check and cppcheck"

deps:
	@sh setup.sh

deps-test:
	@sh setup.sh --test

$(B)/core/%.o: src/%.c $(CORE_H)
	@mkdir -p $(@D)
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -c $< -o $@

$(B)/ext/%.o: ext/%.c $(EXT_H) $(CORE_H)
	@mkdir -p $(@D)
	$(CC) $(EXT_CFLAGS) $(CFLAGS) -c $< -o $@

$(B)/libokcore.a: $(CORE_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(B)/ok.$(SO): $(CORE_OBJ) $(EXT_OBJ)
	$(CC) $(CFLAGS) $(SHARED) $^ -o $@ $(LDFLAGS) -lm

# The store module (store/): LMDB, LevelDB and RocksDB as SQL tables, a
# loadable extension of its own, built where the three libraries' headers
# are (setup.sh --test installs them); ok.so needs none of them. ok_files,
# its readers that need no store library (LevelDB from its files), is built
# everywhere: the packages carry it.
STORE_SRC = $(filter-out store/okfiles.c,$(wildcard store/*.c))
STORE_H   = $(wildcard store/*.h)
STORE_OBJ = $(STORE_SRC:store/%.c=$(B)/store/%.o)
$(B)/store/%.o: store/%.c $(STORE_H) $(CORE_H)
	@mkdir -p $(@D)
	$(CC) $(EXT_CFLAGS) $(CFLAGS) -c $< -o $@
FILES_SRC = $(addprefix store/,vtab.c engine.c pending.c ldbfiles.c snappy.c leveldb_files.c versions.c okfiles.c)
FILES_OBJ = $(FILES_SRC:store/%.c=$(B)/files/%.o)
$(B)/files/%.o: store/%.c $(STORE_H) $(CORE_H)
	@mkdir -p $(@D)
	$(CC) $(EXT_CFLAGS) $(CFLAGS) -DSTORE_FILES_ONLY -c $< -o $@
$(B)/ok_files.$(SO): $(FILES_OBJ) $(B)/libokcore.a
	$(CC) $(CFLAGS) $(SHARED) $(FILES_OBJ) $(B)/libokcore.a -o $@ $(LDFLAGS) -lpthread -lm
# lmdb-js's LMDB (data format 2), where tools/lmdb-js.sh fetched it: its
# global names take the prefix okjs_ (objcopy), so that they meet none of
# Debian's liblmdb's, and store/lmdb.c is compiled a second time to call
# them by those names (a header of #defines made from the same list).
ifneq ($(wildcard deps/lmdb-js/mdb.c),)
STORE_OBJ += $(B)/store/lmdb_js.o $(B)/store/lmdbjs-lib.o
$(B)/store/lmdb.o: CFLAGS += -DSTORE_HAVE_LMDB_JS
$(B)/store/lmdb.o: deps/lmdb-js/stamp
$(B)/store/lmdbjs-lib.o: deps/lmdb-js/mdb.c deps/lmdb-js/midl.c deps/lmdb-js/lmdb.h deps/lmdb-js/midl.h
	@mkdir -p $(@D)
	$(CC) -O2 -g -fPIC -fvisibility=hidden $(SAN) $(FPMATH) -w -DMDB_MAXKEYSIZE=0 -c deps/lmdb-js/mdb.c -o $(B)/store/js-mdb.o
	$(CC) -O2 -g -fPIC -fvisibility=hidden $(SAN) $(FPMATH) -w -c deps/lmdb-js/midl.c -o $(B)/store/js-midl.o
	$(LD) -r $(B)/store/js-mdb.o $(B)/store/js-midl.o -o $(B)/store/js-all.o
	nm -g --defined-only $(B)/store/js-all.o | awk 'NF == 3 {print $$3, "okjs_" $$3}' >$(B)/store/lmdbjs.syms
	objcopy --redefine-syms=$(B)/store/lmdbjs.syms $(B)/store/js-all.o $@
$(B)/store/lmdbjs-names.h: $(B)/store/lmdbjs-lib.o
	awk '{print "#define", $$1, $$2}' $(B)/store/lmdbjs.syms >$@
$(B)/store/lmdb_js.o: store/lmdb.c $(STORE_H) $(B)/store/lmdbjs-names.h
	$(CC) $(EXT_CFLAGS) $(CFLAGS) -DSTORE_LMDB_JS -Ideps/lmdb-js -include $(B)/store/lmdbjs-names.h -c $< -o $@
endif
$(B)/ok_store.$(SO): $(STORE_OBJ) $(B)/libokcore.a
	$(CC) $(CFLAGS) $(SHARED) $(STORE_OBJ) $(B)/libokcore.a -o $@ $(LDFLAGS) -llmdb -lleveldb -lrocksdb -lpthread -lm

UNIT_SRC = $(wildcard test/unit/*.c)
$(B)/unit: $(UNIT_SRC) test/unit/test.h test/unit/vectors.h test/item.h $(B)/libokcore.a
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -Isrc $(UNIT_SRC) $(B)/libokcore.a -o $@ $(LDFLAGS) -lm

# The SQL-level test programs: $(B)/NAME from test/NAME.c, '-' for '_'.
SQL_TESTS = oracle fdb-conformance orderly-vectors orderly-oracle threads nomem hostile \
            hbase-decimals hbase-vectors plan misread convert pairs builders
$(foreach t,$(SQL_TESTS),$(eval $(B)/$(t): test/$(subst -,_,$(t)).c test/load.h test/rng.h))
$(SQL_TESTS:%=$(B)/%):
	$(CC) -std=c99 $(WARN) $(SQLITE_INC) $(CFLAGS) -pthread $< -o $@ $(SQLITE_LIBS) -lm

# Programs of the core alone: Java's digits of doubles, and the fuzz
# targets' corpus replays.
$(B)/java-double: test/java_double.c $(B)/libokcore.a
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -Isrc $< $(B)/libokcore.a -o $@ -lm

$(B)/fuzz-%-replay: test/fuzz/%.c test/fuzz/replay.c test/item.h $(B)/libokcore.a
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -Isrc $< test/fuzz/replay.c $(B)/libokcore.a -o $@ -lm

# The store module's transaction writes (store/pending.c, no SQLite).
$(B)/fuzz-pending-replay: test/fuzz/pending.c test/fuzz/replay.c store/pending.c store/pending.h store/engine.h
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -Isrc test/fuzz/pending.c test/fuzz/replay.c store/pending.c -o $@

# The store module's Snappy against Google's compressor, where its headers
# are (setup.sh --test installs libsnappy-dev).
$(B)/snappy-check: test/snappy.c store/snappy.c store/snappy.h
	$(CC) $(CORE_CFLAGS) $(CFLAGS) $< store/snappy.c -o $@ -lsnappy

# Chrome's order checked by LevelDB's own library (test/indexeddb/check.py),
# where the store module builds.
$(B)/chrome-order: test/chrome/order.c $(B)/libokcore.a
	$(CC) $(CORE_CFLAGS) $(CFLAGS) -Isrc $< $(B)/libokcore.a -o $@ -lleveldb -lm

# The SQL-level targets link the extension's objects and SQLite directly.
$(B)/fuzz-sql-replay $(B)/fuzz-builders-replay: $(B)/fuzz-%-replay: test/fuzz/%.c test/fuzz/replay.c $(CORE_OBJ) $(EXT_OBJ)
	$(CC) -std=c99 $(WARN) -Wno-conversion $(SQLITE_INC) $(CFLAGS) -Isrc $< test/fuzz/replay.c $(CORE_OBJ) $(EXT_OBJ) -o $@ $(SQLITE_LIBS) -lm
$(B)/fuzz-builders-replay: test/builders.c test/load.h test/rng.h

# The extension linked into SQLite's own shell, with SQLite (needs
# SQLITE_DIR): examples/static_link.c registers it at SQLite's start.
$(B)/sqlite3-ok: $(CORE_SRC) $(EXT_SRC) $(CORE_H) $(EXT_H) examples/static_link.c
	$(CC) -O1 -g $(SAN) $(FPMATH) -DSQLITE_CORE -I$(SQLITE_DIR) $(shell cat $(SQLITE_DIR)/options 2>/dev/null) \
	  -DSQLITE_EXTRA_INIT=ok_static_init $(SQLITE_DIR)/sqlite3.c $(SQLITE_DIR)/shell.c \
	  examples/static_link.c $(EXT_SRC) $(CORE_SRC) -o $@ $(LDFLAGS) -lpthread -lm

demo: deps all
	@sh tools/demo.sh $(B)

SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Everything three times: the normal build, under ASan + UBSan, and against
# the newest SQLite on npm (with strict subtypes, and linked into its shell);
# and the threads under ThreadSanitizer.
test: deps-test
	@$(MAKE) --no-print-directory test-build cluster
	@$(MAKE) --no-print-directory B=build-asan OPT=-O1 SAN="$(SAN_FLAGS)" test-build
	@$(MAKE) --no-print-directory B=build-tsan OPT=-O1 SAN="-fsanitize=thread" all build-tsan/threads
	@if [ -x deps/sqlite/sqlite3 ]; then $(MAKE) --no-print-directory test-latest test-cross; fi
	@sh test/run_all.sh build build-asan build-latest

# The quick suites on the normal build, for a contributor's edit-test loop:
# no apt-get, no npm, no Java; needs only what `make` needs and SQLite's
# headers and shell (setup.sh installs them once).
check: test-build
	@OK_QUICK=1 ORACLE_ROWS=20000 sh test/run_all.sh $(B)

test-latest:
	@$(MAKE) --no-print-directory B=build-latest SQLITE_DIR=deps/sqlite test-build build-latest/sqlite3-ok
	@echo deps/sqlite >build-latest/sqlite-dir

# Other CPUs: 32-bit x86 and big-endian s390x, with Debian's cross compilers
# (setup.sh --test), static, for qemu-user: the core's unit tests and the
# newest SQLite's shell with ok linked in, in build-<cpu>/; test/run_all.sh
# runs them emulated.
CROSS = i686 s390x
test-cross:
	@for cpu in $(CROSS); do \
	  $(MAKE) --no-print-directory B=build-$$cpu CC=$$cpu-linux-gnu-gcc LDFLAGS=-static \
	    SQLITE_DIR=deps/sqlite build-$$cpu/unit build-$$cpu/sqlite3-ok || exit 1; done

test-accept: all
	@sh sql-tests/run.sh $(B) --accept

test-asan: deps-test
	@$(MAKE) --no-print-directory B=build-asan OPT=-O1 SAN="$(SAN_FLAGS)" test-build
	@sh test/run_all.sh build-asan

# ok in a dqlite cluster (cluster/): the node program where libdqlite-dev is
# installed, the client where Go and go-dqlite's sources are (Debian's
# golang-github-canonical-go-dqlite-dev, built offline in GOPATH mode).
GO_DQLITE = /usr/share/gocode/src/github.com/canonical/go-dqlite
CLUSTER = $(if $(wildcard /usr/include/dqlite.h),$(B)/ok-dqlite-node) \
          $(if $(and $(shell command -v go),$(wildcard $(GO_DQLITE)/driver)),$(B)/ok-dqlite-sql)
$(B)/ok-dqlite-node: cluster/node.c $(CORE_OBJ) $(EXT_OBJ)
	$(CC) -std=c99 $(WARN) $(CFLAGS) -pthread $< $(CORE_OBJ) $(EXT_OBJ) -o $@ -ldqlite $(SQLITE_LIBS) -lm
$(B)/ok-dqlite-sql: cluster/client.go
	@mkdir -p $(B)/go && cp cluster/client.go $(B)/go/
	cd $(B)/go && GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE=$(abspath $(B))/gocache \
	  GOFLAGS= go build -o $(abspath $@) .

test-cluster: deps-test
	@$(MAKE) --no-print-directory all $(CLUSTER)
	@sh cluster/test.sh $(B)

cluster: $(CLUSTER)

test-build: all $(B)/unit $(SQL_TESTS:%=$(B)/%) $(B)/java-double $(B)/fuzz-sql-replay \
            $(B)/fuzz-decode-replay $(B)/fuzz-orderly-replay $(B)/fuzz-roundtrip-replay \
            $(B)/fuzz-builders-replay $(B)/fuzz-pending-replay $(if $(STORE),$(B)/chrome-order) \
            $(if $(wildcard /usr/include/snappy-c.h),$(B)/snappy-check)

# Many connections in 8 threads at once, under ThreadSanitizer.
test-tsan: deps
	@$(MAKE) --no-print-directory B=build-tsan OPT=-O1 SAN="-fsanitize=thread" all build-tsan/threads
	TSAN_OPTIONS="halt_on_error=1 suppressions=test/tsan.supp" build-tsan/threads build-tsan/ok 8 200

test-valgrind:
	@sh setup.sh --valgrind
	@$(MAKE) --no-print-directory test-build
	valgrind -q --error-exitcode=1 --leak-check=full $(B)/unit
	valgrind -q --error-exitcode=1 --leak-check=full $(B)/fuzz-decode-replay test/fuzz/corpus
	ORACLE_SKIP_ORDER=1 valgrind -q --error-exitcode=1 --leak-check=full $(B)/oracle $(B)/ok 5000

fuzz:
	@sh setup.sh --fuzz
	@sh test/fuzz/run.sh $${FUZZ_SECONDS:-60}

bench: deps-test all $(B)/hostile
	@sh bench/run.sh $(B)

bench-layouts: deps-test all
	@LINK="$(CC) $(CFLAGS) $(SHARED)" sh bench/layouts.sh $(B)

bench-instructions: all
	@sh setup.sh --valgrind
	@sh bench/instructions.sh $(B)

# The extension, stripped, in lib/ok/ (a bare ok.so or ok.h in lib/ or
# include/ could collide with another project's); the core library for C
# programs without SQLite (include/ok/*.h, libokcore.a, and ok.pc for
# pkg-config --cflags --libs ok).
# The installed headers: ok.h, the registry, and each format's (src/ok_<id>.h
# for each line of src/ok_formats.h; the native format's is ok.h itself).
FORMAT_IDS := $(shell sed -n 's/^ *X.\([a-z0-9_]*\),.*/\1/p' src/ok_formats.h)
PUBLIC_H = src/ok.h src/ok_formats.h $(wildcard $(FORMAT_IDS:%=src/ok_%.h))
install: $(B)/ok.$(SO) $(B)/libokcore.a $(B)/ok_files.$(SO) $(STORE)
	install -d $(LIBDIR)/ok $(LIBDIR)/pkgconfig $(INCDIR)/ok
	install -m 644 $(B)/ok.$(SO) $(B)/ok_files.$(SO) $(LIBDIR)/ok/
	strip --strip-unneeded $(LIBDIR)/ok/ok.$(SO) $(LIBDIR)/ok/ok_files.$(SO)
	$(if $(STORE),install -m 644 $(STORE) $(LIBDIR)/ok/ && strip --strip-unneeded $(LIBDIR)/ok/ok_store.$(SO))
	install -m 644 $(B)/libokcore.a $(LIBDIR)/libokcore.a
	install -m 644 $(PUBLIC_H) $(INCDIR)/ok/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' ok.pc.in > $(LIBDIR)/pkgconfig/ok.pc

uninstall:
	rm -f $(LIBDIR)/ok/ok.$(SO) $(LIBDIR)/ok/ok_files.$(SO) $(LIBDIR)/ok/ok_store.$(SO) $(LIBDIR)/libokcore.a $(PUBLIC_H:src/%=$(INCDIR)/ok/%) $(LIBDIR)/pkgconfig/ok.pc
	-rmdir $(LIBDIR)/ok $(INCDIR)/ok

# A release's artifacts in $(DIST)/: the source of HEAD, the Python wheel
# (manylinux where the library allows it), the npm package, and their
# SHA-256 sums. A release is tagged vVERSION (CHANGELOG.md).
DIST ?= dist
dist: all
	rm -rf $(DIST) && mkdir -p $(DIST)
	git archive --prefix=ok-$(VERSION)/ -o $(DIST)/ok-$(VERSION).tar.gz HEAD
	cd bindings/python && python3 -c 'import _build; _build.build_wheel("$(abspath $(DIST))")' 
	cd bindings/node && npm pack --silent --pack-destination $(abspath $(DIST)) >/dev/null
	cd $(DIST) && sha256sum *.tar.gz *.whl *.tgz > SHA256SUMS && cat SHA256SUMS

lint:
	clang-format --dry-run --Werror src/*.c src/*.h ext/*.c ext/*.h store/*.c store/*.h test/unit/*.c test/fuzz/*.c cluster/*.c
	cppcheck --quiet --error-exitcode=1 --enable=warning,portability -Isrc src ext store

clean:
	rm -rf build build-asan build-tsan build-fuzz build-latest $(CROSS:%=build-%)
