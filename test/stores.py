#!/usr/bin/python3
"""stores.py BUILD_DIR: keys built in SQL loaded into real ordered stores.

For each format (native ok_pack, FoundationDB tuples, HBase OrderedBytes)
rows of seeded random values get keys made in SQL; the keys go into LMDB
(mdb_load, from lmdb-utils) and RocksDB (ldb load, from rocksdb-tools). Then:
  - each store's own order (mdb_dump, ldb scan) must be SQLite's ORDER BY of
    the source rows, ties broken by id (the key's last component);
  - range reads in the stores (python3-lmdb's cursor, ldb scan --from --to)
    must return exactly the rows the same range selects in SQL: prefixes
    (one first value), value ranges, FDB's range of a tuple.
The recipes in docs/recipes.md are these commands. Ends "N passed, M failed".
"""
import os
import random
import sqlite3
import subprocess
import sys
import tempfile

import lmdb

from checks import check, finish

ext = os.path.join(sys.argv[1], "ok")
rng = random.Random(20261123)


def any_value():
    return rng.choice([
        None,
        rng.randint(-3, 3),
        rng.choice([-2**63, 2**63 - 1, 2**53, 2**53 + 1, -2**53 - 1]),
        rng.randint(-10**12, 10**12),
        rng.choice([0.5, -0.0, 2.0, 1e-300, -1e300, float("inf"), float("-inf")]),
        rng.uniform(-100, 100),
        rng.choice(["", "a", "a\0", "a\0b", "ab", "é", "\U0001F600", "z" * 40]),
        "".join(rng.choice("ab\0é") for _ in range(rng.randint(0, 4))),
        rng.choice([b"", b"\x00", b"\x00\xff", b"\xff", b"\x01\x02"]),
        bytes(rng.randrange(256) for _ in range(rng.randint(0, 5))),
    ])


def integer():
    return rng.choice([None, rng.randint(-5, 5), rng.randint(-2**63, 2**63 - 1),
                       rng.choice([-2**63, 2**63 - 1, 0, -1, 255, 256, -256])])


def text(nul=True):
    letters = "ab\0é\U0001F600" if nul else "abé\U0001F600"
    return rng.choice([None, "".join(rng.choice(letters) for _ in range(rng.randint(0, 4)))])


def number():
    return rng.choice([None, rng.randint(-1000, 1000), rng.uniform(-1e6, 1e6),
                       rng.choice([0, -0.0, 0.01, 1e-300, 1e300, float("inf"), float("-inf"),
                                   2**63 - 1, -2**63, 0.5, 2.0, 2])])


# format: (key expression over a, b, id; (a, b) generator; prefix range of
# a first value v as SQL (begin, end) expressions over :v)
FORMATS = {
    "native": ("ok_pack(a, b, id)", lambda: (any_value(), any_value()),
               ("ok_pack(:v)", "ok_prefix_end(ok_pack(:v))")),
    "fdb": ("ok_fdb_pack(a, b, id)", lambda: (integer(), text()),
            ("ok_fdb_range_begin(:v)", "ok_fdb_range_end(:v)")),
    "hbase": ("ok_hbase_pack(a, b, id)", lambda: (number(), text(nul=False)),
              ("ok_hbase_pack(:v)", "ok_prefix_end(ok_hbase_pack(:v))")),
}
# value ranges: begin <= a < end, as keys of a alone
RANGE_KEY = {"native": "ok_pack(:v)", "fdb": "ok_fdb_pack(:v)", "hbase": "ok_hbase_pack(:v)"}

db = sqlite3.connect(":memory:")
db.enable_load_extension(True)
db.load_extension(ext)
db.enable_load_extension(False)
work = tempfile.mkdtemp()


def lmdb_load(path, pairs):
    os.mkdir(path)
    lines = ["VERSION=3", "format=bytevalue", "type=btree", "mapsize=268435456", "HEADER=END"]
    for k, v in pairs:
        lines += [" " + k.hex(), " " + v.hex()]
    lines.append("DATA=END")
    subprocess.run(["mdb_load", "-f", "/dev/stdin", path], input=("\n".join(lines) + "\n").encode(),
                   check=True)


def lmdb_dump(path):
    out = subprocess.run(["mdb_dump", path], check=True, capture_output=True).stdout.decode()
    body = out.split("HEADER=END\n", 1)[1].split("DATA=END", 1)[0].split("\n")
    return [bytes.fromhex(body[i].strip()) for i in range(0, len(body) - 1, 2)]


def lmdb_range(path, begin, end):
    with lmdb.open(path, readonly=True, lock=False) as env, env.begin() as txn:
        cur = txn.cursor()
        keys = []
        if cur.set_range(begin):
            for k in cur.iternext(values=False):
                if end is not None and k >= end:
                    break
                keys.append(bytes(k))
        return keys


def rocks(path, *args, stdin=None):
    return subprocess.run(["ldb", f"--db={path}", "--hex", *args], input=stdin, check=True,
                          capture_output=True).stdout.decode()


def rocks_load(path, pairs):
    rocks(path, "--create_if_missing", "load",
          stdin="".join(f"0x{k.hex()} ==> 0x{v.hex()}\n" for k, v in pairs).encode())


def rocks_scan(path, begin=None, end=None):
    args = ["scan"]
    if begin is not None:
        args.append(f"--from=0x{begin.hex()}")
    if end is not None:
        args.append(f"--to=0x{end.hex()}")
    out = rocks(path, *args)
    return [bytes.fromhex(line.split(" : ")[0][2:]) for line in out.splitlines() if line]


for fmt, (key_sql, gen, (prefix_begin, prefix_end)) in FORMATS.items():
    db.execute(f"CREATE TABLE {fmt}(id INTEGER PRIMARY KEY, a, b, key BLOB)")
    db.executemany(f"INSERT INTO {fmt}(id, a, b) VALUES (?, ?, ?)",
                   [(i, *gen()) for i in range(1, 3001)])
    db.execute(f"UPDATE {fmt} SET key = {key_sql}")
    id_of = dict(db.execute(f"SELECT key, id FROM {fmt}"))
    check(f"{fmt}: keys are unique", len(id_of) == 3000)
    pairs = [(k, str(i).encode()) for k, i in db.execute(f"SELECT key, id FROM {fmt}")]
    rng.shuffle(pairs)
    lpath, rpath = os.path.join(work, fmt + ".lmdb"), os.path.join(work, fmt + ".rocksdb")
    lmdb_load(lpath, pairs)
    rocks_load(rpath, pairs)
    want = [i for (i,) in db.execute(f"SELECT id FROM {fmt} ORDER BY a, b, id")]
    for store, keys in (("lmdb", lmdb_dump(lpath)), ("rocksdb", rocks_scan(rpath))):
        got = [id_of.get(k) for k in keys]
        check(f"{fmt}: {store} order = ORDER BY a, b, id", got == want,
              f"first difference at {next((n for n, (x, y) in enumerate(zip(got, want)) if x != y), len(got))}")

    def compare(name, where, params, begin_sql, end_sql):
        want = sorted(i for (i,) in db.execute(f"SELECT id FROM {fmt} WHERE {where}", params))
        begin, end = db.execute(f"SELECT {begin_sql}, {end_sql}", params).fetchone()
        for store, keys in (("lmdb", lmdb_range(lpath, begin, end)),
                            ("rocksdb", rocks_scan(rpath, begin, end))):
            got = sorted(id_of[k] for k in keys)
            check(f"{fmt}: {store} {name} {params}", got == want, f"{len(got)} rows, want {len(want)}")

    firsts = [v for (v,) in db.execute(f"SELECT DISTINCT a FROM {fmt}")]
    for v in rng.sample(firsts, 12) + [None]:
        compare("prefix", "a IS :v", {"v": v}, prefix_begin, prefix_end)
    values = [v for v in firsts if v is not None]
    for _ in range(12):
        lo, hi = rng.sample(values, 2)
        lo, hi = db.execute("SELECT min(x), max(x) FROM (SELECT ? AS x UNION ALL SELECT ?)",
                            (lo, hi)).fetchone()  # SQLite's order, not Python's
        compare("range", "a >= :lo AND a < :hi", {"lo": lo, "hi": hi},
                RANGE_KEY[fmt].replace(":v", ":lo"), RANGE_KEY[fmt].replace(":v", ":hi"))

subprocess.run(["rm", "-rf", work])
finish()
