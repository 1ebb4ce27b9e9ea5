#!/usr/bin/python3
"""bench/stores.py BUILD_DIR [KEYS]: the store module beside the stores' own
dump tools, on the same stores of KEYS keys (1M: 8-byte keys, 16-byte
values), made here. Each figure is the median of 5 runs; each ratio is
ok_store's time over the tool's, measured in the same run.

  full scan   mdb_dump / ldb scan --hex into /dev/null, against the sqlite3
              shell printing hex(key), hex(value) of every row into
              /dev/null, and against SELECT sum(length(key) + length(value))
              (every byte read, nothing printed); and the shell's hex query
              on the same rows in a SQLite WITHOUT ROWID table of its own
              file: what SQLite's hex() and the shell's printing cost
              without ok, so that ok's share of the first ratio shows
  range       a 100-key range (key >= ? AND key < ?) at a random place, from
              a table (CREATE VIRTUAL TABLE: the store stays open) and from
              the table-valued function (the store opened for the query)
"""
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

build = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000000
tmp = tempfile.mkdtemp(prefix="ok-bench-stores-")
store = os.path.join(build, "ok_store")


def median(f, runs=5):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return sorted(times)[runs // 2]


def run(*cmd, data=None):
    subprocess.run(cmd, input=data, stdout=subprocess.DEVNULL, check=True, text=data is not None)


def shell(sql):
    run("sqlite3", "-batch", "-init", "/dev/null", ":memory:", ".load " + store, sql)


keys = [i.to_bytes(8, "big") for i in range(0, 3 * n, 3)]
value = lambda k: (k * 2)
lm = os.path.join(tmp, "lmdb")
os.makedirs(lm)
run("mdb_load", "-f", "/dev/stdin", lm, data="VERSION=3\nformat=bytevalue\ntype=btree\nmapsize=4294967296\nHEADER=END\n"
    + "".join(f" {k.hex()}\n {value(k).hex()}\n" for k in keys) + "DATA=END\n")
rk = os.path.join(tmp, "rocksdb")
run("ldb", "--db=" + rk, "--create_if_missing", "--hex", "load", data="".join(f"0x{k.hex()} ==> 0x{value(k).hex()}\n" for k in keys))
run("ldb", "--db=" + rk, "compact")
print(f"Stores of {n} keys (8 bytes, values 16): ok_store against the stores' own dump tools, medians of 5")
print(f"{'':34} {'tool':>9} {'ok hex':>9} {'ratio':>6} {'ok sum':>9} {'ratio':>6}")
for name, module, tool in (("LMDB (mdb_dump)", f"ok_lmdb('{lm}')", ["mdb_dump", lm]),
                           ("RocksDB (ldb scan --hex)", f"ok_rocksdb('{rk}')", ["ldb", "--db=" + rk, "--hex", "scan"])):
    t_tool = median(lambda: run(*tool))
    t_hex = median(lambda: shell(f"SELECT hex(key), hex(value) FROM {module}"))
    t_sum = median(lambda: shell(f"SELECT sum(length(key) + length(value)) FROM {module}"))
    print(f"full scan, {name:23} {t_tool:8.3f}s {t_hex:8.3f}s {t_hex / t_tool:5.2f}x {t_sum:8.3f}s {t_sum / t_tool:5.2f}x")

sq = os.path.join(tmp, "table.db")
db = sqlite3.connect(sq)
db.execute("CREATE TABLE t(key BLOB PRIMARY KEY, value BLOB) WITHOUT ROWID")
db.executemany("INSERT INTO t VALUES (?, ?)", ((k, value(k)) for k in keys))
db.commit()
db.close()
t_table = median(lambda: run("sqlite3", "-batch", "-init", "/dev/null", sq, "SELECT hex(key), hex(value) FROM t"))
t_hex = median(lambda: shell(f"SELECT hex(key), hex(value) FROM ok_lmdb('{lm}')"))
print(f"hex(key), hex(value) in the shell: a SQLite WITHOUT ROWID table {t_table:.3f}s, ok_lmdb {t_hex:.3f}s, "
      f"{t_hex / t_table:.2f}x")

db = sqlite3.connect(":memory:")
db.enable_load_extension(True)
db.load_extension(store)
rng = random.Random(1)
for name, module in (("LMDB", "ok_lmdb"), ("RocksDB", "ok_rocksdb")):
    path = lm if module == "ok_lmdb" else rk
    starts = [keys[rng.randrange(n - 100)] for _ in range(2000)]

    def ranges(src, count):
        for s in starts[:count]:
            end = (int.from_bytes(s, "big") + 300).to_bytes(8, "big")
            got = db.execute(f"SELECT count(*) FROM {src} WHERE key >= ? AND key < ?", (s, end)).fetchone()[0]
            assert got == 100, got

    # the function first: with no table holding the store, each query opens it
    t_func = median(lambda: ranges(f"{module}('{path}')", 200)) / 200
    db.execute(f"CREATE VIRTUAL TABLE t_{module} USING {module}('{path}')")
    t_table = median(lambda: ranges(f"t_{module}", 2000)) / 2000
    print(f"100-key range, {name:8} from a table {t_table * 1e6:7.1f} us, from {module}('path') {t_func * 1e6:7.1f} us")
db.close()
shutil.rmtree(tmp)
