#!/usr/bin/python3
"""check.py BUILD_DIR: the store module (BUILD_DIR/ok_store) on stores
written by their own tools, and its writes against a model.

  - LMDB: mdb_load (format 1), python3-lmdb (named and DUPSORT databases),
    lmdb-js (format 2, test/stores/write.js); LevelDB: classic-level with
    bytewise keys; RocksDB: ldb, with TiKV's column families and keys.
    Every key is read back in the store's own order (what the writer's
    reader or dump tool lists), with its value, and decoded by ok in its
    format where ok has one (bytewise, TiKV), equal to what was written.
  - Ranges and order: random bounds of every operator, ascending and
    descending, LIMIT, IN, against the same rows in an SQLite table; the
    plans use the range (EXPLAIN QUERY PLAN).
  - Writes: test/stores/writes.py (a model of SQLite's own table).
  - Errors: each names the module and the cause; none crashes.
  - A million keys in each engine, scanned in constant memory.
Ends "N passed, M failed".
"""
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import checks  # noqa: E402 (test/checks.py)
from checks import check, finish  # noqa: E402

build = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261127)
tmp = tempfile.mkdtemp(prefix="ok-stores-")
# Under AddressSanitizer (LD_PRELOAD of its runtime, as test/run_all.sh
# does for a sanitizer build) the stores' own tools run without it, and the
# million-key scans are a tenth, without the memory figures.
sanitized = "asan" in os.environ.get("LD_PRELOAD", "")
tools_env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
# relative paths (the random argument lists make stores at 'x', 'q'...)
# land in the scratch folder, not in the checkout
os.chdir(tmp)


def connect():
    return checks.connect(build)


def error_of(db, sql, args=()):
    try:
        db.execute(sql, args).fetchall()
    except sqlite3.Error as e:
        return str(e)
    return None


def hexes(db, sql, args=()):
    return [r[0] for r in db.execute(sql, args)]


# ---- stores written by their own tools -------------------------------------

def mdb_load(path, pairs, name=None):
    os.makedirs(path, exist_ok=True)
    lines = ["VERSION=3", "format=bytevalue", "type=btree", "mapsize=4294967296"]
    if name:
        lines.append("database=" + name)
    lines.append("HEADER=END")
    for k, v in pairs:
        lines += [" " + k.hex(), " " + v.hex()]
    lines.append("DATA=END")
    subprocess.run(["mdb_load", "-f", "/dev/stdin"] + (["-s", name] if name else []) + [path],
                   input="\n".join(lines) + "\n", text=True, check=True, env=tools_env)


def ldb(path, *args, data=None):
    return subprocess.run(["ldb", "--db=" + path] + list(args), input=data, text=True,
                          capture_output=True, check=True, env=tools_env).stdout


def random_key():
    n = rng.choice([1, 1, 2, 3, 5, 8, 20])
    return bytes(rng.choice([0, 1, 0x7F, 0x80, 0xFE, 0xFF, rng.randrange(256)]) for _ in range(n))


def ranges_match(db, label, source, pairs, args=""):
    """Random ranges of source (a table-valued call or a table name) against
    the same pairs in an SQLite table."""
    db.execute("DROP TABLE IF EXISTS model")
    db.execute("CREATE TABLE model(key BLOB PRIMARY KEY, value BLOB)")
    db.executemany("INSERT INTO model VALUES (?, ?)", pairs)
    ops = [">", ">=", "<", "<=", "="]
    bad = 0
    for i in range(300):
        a, b = random_key(), random_key()
        if rng.random() < 0.3 and pairs:
            a = rng.choice(pairs)[0]
        o1, o2 = rng.choice(ops), rng.choice(ops)
        order = rng.choice(["", " ORDER BY key", " ORDER BY key DESC"])
        where = rng.choice([f"key {o1} ?1", f"key {o1} ?1 AND key {o2} ?2", f"key BETWEEN ?1 AND ?2",
                            "key IN (?1, ?2)", f"key {o1} ?1 AND key {o2} ?2 AND key != ?1",
                            "key = ?1 OR key = ?2", f"key {o1} ?1 OR key {o2} ?2",
                            f"key {o1} ?1 OR value = ?2 OR key IN (?2)"])
        # without ORDER BY, LIMIT takes any rows: only with an order
        limit = rng.choice(["", "", " LIMIT 3"]) if order else ""
        q = f"SELECT key, value FROM {{}} WHERE {where}{order}{limit}"
        args = (a, b) if "?2" in q else (a,)
        got = db.execute(q.format(source), args).fetchall()
        want = db.execute(q.format("model"), args).fetchall()
        if not order:
            got, want = sorted(got), sorted(want)
        if got != want:
            bad += 1
            if bad < 3:
                print("  range", label, q, a.hex(), b.hex(), len(got), len(want))
    check(f"{label}: 300 random ranges, orders and limits as SQLite's own table", bad == 0, bad)
    # non-BLOB bounds compare as SQL compares types: every BLOB is above them
    for where, n in (("key > 5", len(pairs)), ("key >= 'x'", len(pairs)), ("key < 'x'", 0),
                     ("key = 7", 0), ("key > NULL", 0), ("key <= 1e300", 0)):
        got = db.execute(f"SELECT count(*) FROM {source} WHERE {where}").fetchone()[0]
        check(f"{label}: {where}", got == n, (got, n))


def read_back(db, label, source, want_order, values=None):
    rows = db.execute(f"SELECT hex(key), hex(value) FROM {source}").fetchall()
    check(f"{label}: every key, in the writer's own order ({len(want_order)})",
          [r[0] for r in rows] == want_order, (len(rows), len(want_order)))
    if values is not None:
        got = {k: v for k, v in rows}
        check(f"{label}: every value", all(got.get(k) == v for k, v in values), "")
    desc = hexes(db, f"SELECT hex(key) FROM {source} ORDER BY key DESC")
    check(f"{label}: ORDER BY key DESC from the iterator", desc == want_order[::-1])


def test_lmdb_tools(db):
    pairs = {}
    while len(pairs) < 3000:
        pairs[random_key()] = bytes(rng.randrange(256) for _ in range(rng.randrange(6)))
    pairs = sorted(pairs.items())
    path = os.path.join(tmp, "mdb")
    mdb_load(path, pairs)
    dump = subprocess.run(["mdb_dump", path], capture_output=True, text=True, check=True, env=tools_env).stdout
    lines = dump.split("HEADER=END\n")[1].split("DATA=END")[0].splitlines()
    order = [lines[i].strip().upper() for i in range(0, len(lines), 2)]
    src = f"ok_lmdb('{path}')"
    read_back(db, "LMDB by mdb_load", src, order, [(k.hex().upper(), v.hex().upper()) for k, v in pairs])
    ranges_match(db, "LMDB", src, pairs)
    plan = " ".join(r[3] for r in db.execute(f"EXPLAIN QUERY PLAN SELECT * FROM {src} WHERE key >= x'10' AND key < x'20' ORDER BY key DESC"))
    check("LMDB: the plan seeks the range and serves the order", "INDEX" in plan and "key>=? AND key<?" in plan
          and "ORDER BY key DESC" in plan and "TEMP B-TREE" not in plan, plan)
    plan = " ".join(r[3] for r in db.execute(f"EXPLAIN QUERY PLAN SELECT * FROM {src} WHERE key >= ?1 AND key < ok_prefix_end(?1)", (b"\x10",)))
    check("LMDB: a prefix range (ok_prefix_end) is a seek", "key>=? AND key<?" in plan, plan)

    # a named database and a DUPSORT one, by python3-lmdb
    import lmdb
    p2 = os.path.join(tmp, "named")
    env = lmdb.open(p2, max_dbs=4)
    named = env.open_db(b"users")
    dup = env.open_db(b"tags", dupsort=True)
    with env.begin(write=True) as txn:
        for i in range(200):
            txn.put(b"u%03d" % i, b"%d" % i, db=named)
        for i in range(50):
            for j in range(3):
                txn.put(b"t%02d" % i, b"v%d" % j, db=dup)
    env.close()
    got = hexes(db, f"SELECT key FROM ok_lmdb('{p2}', 'users')")
    check("LMDB: a named database", got == [b"u%03d" % i for i in range(200)], len(got))
    check("LMDB: the main database lists the named ones",
          hexes(db, f"SELECT key FROM ok_lmdb('{p2}')") == [b"tags", b"users"])
    got = db.execute(f"SELECT ok_lmdb_databases('{p2}'), ok_lmdb_databases('{path}')").fetchone()
    check("LMDB: ok_lmdb_databases names them, and no other key", got == ('["tags","users"]', "[]"), got)
    e = error_of(db, "SELECT ok_lmdb_databases(NULL)")
    check("LMDB: ok_lmdb_databases of NULL", e == "ok_lmdb_databases: the store's path is TEXT", e)
    got = db.execute(f"SELECT key, value FROM ok_lmdb('{p2}', 'tags') WHERE key = x'743031'").fetchall()
    check("LMDB: DUPSORT: every value of a key", got == [(b"t01", b"v0"), (b"t01", b"v1"), (b"t01", b"v2")], got)
    got = db.execute(f"SELECT key, value FROM ok_lmdb('{p2}', 'tags') WHERE key <= x'743031' ORDER BY key DESC LIMIT 4").fetchall()
    check("LMDB: DUPSORT backwards from a key", got == [(b"t01", b"v2"), (b"t01", b"v1"), (b"t01", b"v0"), (b"t00", b"v2")], got)
    db.execute(f"CREATE VIRTUAL TABLE tags USING ok_lmdb('{p2}', 'tags', readwrite)")
    e = error_of(db, "INSERT INTO tags VALUES (x'01', x'02')")
    check("LMDB: a DUPSORT database is not written", e and e.startswith("ok_lmdb: ") and "DUPSORT" in e, e)
    db.execute("DROP TABLE tags")
    e = error_of(db, f"SELECT * FROM ok_lmdb('{p2}', 'nope')")
    check("LMDB: an unknown named database", e == f"ok_lmdb: no database named 'nope' in '{p2}'", e)

    # another process grows the map of an environment this one has open
    p4 = os.path.join(tmp, "grow")
    env = lmdb.open(p4, map_size=1 << 20)
    with env.begin(write=True) as txn:
        txn.put(b"a", b"1")
    env.close()
    db.execute(f"CREATE VIRTUAL TABLE grow USING ok_lmdb('{p4}')")
    before = db.execute("SELECT count(*) FROM grow").fetchone()[0]
    subprocess.run(["/usr/bin/python3", "-c", f"import lmdb\nenv = lmdb.open('{p4}', map_size=64 << 20)\n"
                    "with env.begin(write=True) as t:\n"
                    "    for i in range(20000): t.put(b'k%06d' % i, b'v' * 1000)\n"], check=True, env=tools_env)
    e = error_of(db, "SELECT count(*) FROM grow")
    after = db.execute("SELECT count(*) FROM grow").fetchone()[0] if e is None else e
    check("LMDB: a map grown by another process is adopted", (before, after) == (1, 20001), (before, after))
    db.execute("DROP TABLE grow")

    # an integer-keyed database: read in SQL's order of BLOBs (ranges, ORDER BY
    # both ways), written only with keys of its integers' size
    p3 = os.path.join(tmp, "intkey")
    env = lmdb.open(p3, max_dbs=2)
    ik = env.open_db(b"ints", integerkey=True)
    ints = [1, 256, 2, 300, 65536, 2**40, 7]
    with env.begin(write=True) as txn:
        for i in ints:
            txn.put(i.to_bytes(8, sys.byteorder), b"v%d" % i, db=ik)
    env.close()
    pairs = [(i.to_bytes(8, sys.byteorder), b"v%d" % i) for i in ints]
    src = f"ok_lmdb('{p3}', 'ints')"
    check("LMDB: an INTEGERKEY database reads whole",
          db.execute(f"SELECT count(*) FROM {src}").fetchone()[0] == len(ints))
    got = db.execute(f"SELECT key FROM {src} ORDER BY key").fetchall()
    check("LMDB: INTEGERKEY in SQL's order of BLOBs", [r[0] for r in got] == sorted(k for k, _ in pairs), got)
    ranges_match(db, "LMDB INTEGERKEY", src, pairs)
    db.execute(f"CREATE VIRTUAL TABLE ik USING ok_lmdb('{p3}', 'ints', readwrite)")
    for n in (3, 11, 4):
        e = error_of(db, "INSERT INTO ik VALUES (?, x'00')", (bytes(n),))
        check(f"LMDB: INTEGERKEY refuses a key of {n} bytes, by name",
              e == f"ok_lmdb: a key of {n} bytes: the database keeps its keys as integers (MDB_INTEGERKEY) of 8 bytes", e)
    db.execute("INSERT INTO ik VALUES (?, x'01'), (?, x'02')",
               ((5).to_bytes(8, sys.byteorder), (2**33).to_bytes(8, sys.byteorder)))
    db.execute("DELETE FROM ik WHERE key = ?", ((2).to_bytes(8, sys.byteorder),))
    db.execute("DROP TABLE ik")
    env = lmdb.open(p3, max_dbs=2, readonly=True)
    ik = env.open_db(b"ints", integerkey=True, create=False)
    with env.begin() as txn:
        found = [i for i in ints + [5, 2**33] if txn.get(i.to_bytes(8, sys.byteorder), db=ik) is not None]
    env.close()
    check("LMDB: INTEGERKEY written, LMDB itself finds every key", found == [1, 256, 300, 65536, 2**40, 7, 5, 2**33], found)


def test_lmdbjs(db, w, out):
    path = os.path.join(out, "lmdbjs")
    written = {k for k, _, _ in w["lmdbjs"]}
    read_back(db, "lmdb-js (format 2)", f"ok_lmdb('{path}')", w["lmdbjs_order"])
    check("lmdb-js: every key written is there", written <= set(w["lmdbjs_order"]))
    got = dict(db.execute(f"SELECT hex(key), hex(value) FROM ok_lmdb('{path}')").fetchall())
    check("lmdb-js: every value", all(got.get(k) == v for k, v, _ in w["lmdbjs"]))
    bad = [(k, j, g) for k, _, j in w["lmdbjs"] + w["lmdbjs_sub"]
           for g in [db.execute("SELECT ok_json(?, 'orderedbinary')", (bytes.fromhex(k),)).fetchone()[0]]
           if json.loads(g) != (lambda v: v if isinstance(v, list) else [v])(json.loads(j))]
    check(f"lmdb-js: each ordered-binary key decodes to the value written "
          f"({len(w['lmdbjs']) + len(w['lmdbjs_sub'])})", not bad, bad[:3])
    got = db.execute(f"SELECT ok_lmdb_databases('{path}')").fetchone()[0]
    check("lmdb-js: ok_lmdb_databases names its named database", got == '["sub"]', got)
    read_back(db, "lmdb-js named database", f"ok_lmdb('{path}', 'sub')", w["lmdbjs_sub_order"],
              [tuple(x[:2]) for x in w["lmdbjs_sub"]])
    pairs = [(bytes.fromhex(k), bytes.fromhex(v)) for k, v in db.execute(
        f"SELECT hex(key), hex(value) FROM ok_lmdb('{path}')").fetchall()]
    ranges_match(db, "lmdb-js", f"ok_lmdb('{path}')", pairs)
    # ok writing lmdb-js's store: the table opens (lmdb-js's LMDB answers an
    # empty write transaction with MDB_EMPTY_TXN), an empty batch and a real
    # one commit, and lmdb-js itself reads what ok wrote
    rw = os.path.join(out, "lmdbjs-rw")
    shutil.copytree(path, rw)
    e = error_of(db, f"CREATE VIRTUAL TABLE jsrw USING ok_lmdb('{rw}', readwrite)")
    check("lmdb-js: a readwrite table opens", e is None, e)
    if e is None:
        e = error_of(db, "DELETE FROM jsrw WHERE key >= x'FFFFFFFF'") or \
            error_of(db, "INSERT INTO jsrw VALUES (x'FF00FF', x'0102')")
        db.execute("DROP TABLE jsrw")
        lines = subprocess.run(["node", os.path.join(here, "write.js"), "read", rw], capture_output=True,
                               text=True, env=tools_env).stdout.split()
        check("lmdb-js: ok's writes, read by lmdb-js itself", e is None and "FF00FF" in lines and
              lines[lines.index("FF00FF") + 1] == "0102", (e, lines[-4:]))
    enc = os.path.join(out, "lmdbjs-encrypted")
    subprocess.run(["node", os.path.join(here, "write.js"), "encrypted", enc], check=True, env=tools_env)
    e = error_of(db, f"SELECT count(*) FROM ok_lmdb('{enc}')")
    check("lmdb-js: an encrypted store refused by name",
          e == f"ok_lmdb: '{enc}/data.mdb' is encrypted (lmdb-js's encryptionKey): ok reads only stores that are not", e)
    # lmdb-js writing all the while: every read a snapshot, none blocked
    busy = os.path.join(out, "busy")
    shutil.copytree(path, busy)
    writer = subprocess.Popen(["node", os.path.join(here, "write.js"), "busy", busy],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=tools_env)
    writer.stdout.readline()
    counts, errors = [], []
    table = connect()
    table.execute(f"CREATE VIRTUAL TABLE b USING ok_lmdb('{busy}')")
    for i in range(60):
        for conn, src in ((db, f"ok_lmdb('{busy}')"), (table, "b")):
            try:
                n, desc = conn.execute(f"SELECT count(*), (SELECT count(*) FROM {src} ORDER BY key DESC) FROM {src}").fetchone()
                counts.append(n)
            except sqlite3.Error as e:
                errors.append(str(e))
    writer.stdin.close()
    writer.wait()
    table.close()
    final = db.execute(f"SELECT count(*) FROM ok_lmdb('{busy}')").fetchone()[0]
    check("lmdb-js writing meanwhile: 120 reads, none failed", not errors, errors[:2])
    check(f"lmdb-js writing meanwhile: the reads saw it grow ({counts[0]} to {counts[-1]} of {final})",
          counts[0] < final and counts == sorted(counts) and all(len(pairs) <= c <= final for c in counts),
          (counts[:3], counts[-3:], final))


def test_leveldb(db, w, out):
    path = os.path.join(out, "leveldb")
    src = f"ok_leveldb('{path}')"
    read_back(db, "LevelDB by classic-level", src, w["leveldb_order"], [(k, v) for k, v, _ in w["leveldb"]])
    bad = [(k, j, g) for k, _, j in w["leveldb"]
           for g in [db.execute("SELECT ok_json(?, 'bytewise')", (bytes.fromhex(k),)).fetchone()[0]]
           if json.loads(g) != (lambda v: v if isinstance(v, list) else [v])(json.loads(j))]
    check(f"LevelDB: each bytewise key decodes to the value written ({len(w['leveldb'])})", not bad, bad[:3])
    pairs = [(bytes.fromhex(k), bytes.fromhex(v)) for k, v, _ in w["leveldb"]]
    ranges_match(db, "LevelDB", src, pairs)
    # another process holds the store: it reads (from the files, no lock
    # taken), and a writable table's error names the lock
    held = subprocess.Popen(["node", os.path.join(here, "write.js"), "hold", path],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=tools_env)
    held.stdout.readline()
    other = connect()
    before = files_state(path)
    got = [r[0] for r in other.execute(f"SELECT hex(key) FROM ok_leveldb('{path}')")]
    check("LevelDB: a store another process holds reads, and stays as it was",
          got == w["leveldb_order"] and files_state(path) == before, (len(got), len(w["leveldb_order"])))
    e = error_of(other, f"CREATE VIRTUAL TABLE held USING ok_leveldb('{path}', readwrite)")
    check("LevelDB: a writable table on a store another process holds: its lock named",
          e and e.startswith(f"ok_leveldb: '{path}' is locked by another process (its LOCK file)"), e)
    other.close()
    held.stdin.close()
    held.wait()


def files_state(folder):
    """Every file of a folder: its bytes' hash, size and modification time."""
    import hashlib
    out = {}
    for f in sorted(os.listdir(folder)):
        full = os.path.join(folder, f)
        st = os.stat(full)
        out[f] = (hashlib.sha256(open(full, "rb").read()).hexdigest(), st.st_size, st.st_mtime_ns)
    return out


LEVELDB_WRITER = r"""
#include <leveldb/c.h>
#include <stdio.h>
#include <stdlib.h>
/* writer PATH SEED OPS COMPRESSION BUFFER: random puts, overwrites and
** deletes through LevelDB itself, in batches; a small write buffer makes
** tables at several levels; the last writes stay in the log. */
int main(int argc, char **argv) {
  char *err = NULL, k[16], v[300];
  unsigned long s = strtoul(argv[2], 0, 10);
  long ops = atol(argv[3]), i;
  leveldb_options_t *o = leveldb_options_create();
  leveldb_writeoptions_t *wo = leveldb_writeoptions_create();
  leveldb_t *db;
  (void)argc;
  leveldb_options_set_create_if_missing(o, 1);
  leveldb_options_set_compression(o, atoi(argv[4]));
  leveldb_options_set_write_buffer_size(o, (size_t)atol(argv[5]));
  if (!(db = leveldb_open(o, argv[1], &err))) return 1;
  for (i = 0; i < ops; i++) {
    leveldb_writebatch_t *b = leveldb_writebatch_create();
    int j, n = 1 + (int)(s % 7);
    for (j = 0; j < n; j++) {
      int kn, vn, t;
      s = s * 6364136223846793005UL + 1442695040888963407UL;
      kn = snprintf(k, sizeof k, "k%05lu", (s >> 33) % 3000);
      t = (int)((s >> 20) % 10);
      vn = (int)((s >> 40) % (t == 0 ? 280 : 12));
      for (int x = 0; x < vn; x++) v[x] = (char)(s >> (x % 50));
      if (t < 2) leveldb_writebatch_delete(b, k, (size_t)kn);
      else leveldb_writebatch_put(b, k, (size_t)kn, v, (size_t)vn);
    }
    leveldb_write(db, wo, b, &err);
    leveldb_writebatch_destroy(b);
    if (err) return 2;
    if (i % 5000 == 4999) leveldb_compact_range(db, NULL, 0, NULL, 0);
  }
  leveldb_close(db);
  return 0;
}
"""


def test_leveldb_files(db):
    """The files reader against LevelDB itself: stores LevelDB wrote with
    compactions, several levels, deletions, overwrites, compressed and not,
    a log not yet compacted read the same rows in the same order as through
    LevelDB's library (on a copy: it writes into the folder); every file's
    bytes and modification time unchanged after a read."""
    src, exe = os.path.join(tmp, "ldbw.c"), os.path.join(tmp, "ldbw")
    open(src, "w").write(LEVELDB_WRITER)
    subprocess.run(["cc", "-std=c99", src, "-o", exe, "-lleveldb"], check=True, env=tools_env)
    for i, (ops, compression, buffer) in enumerate([(20000, 1, 64 << 10), (20000, 0, 64 << 10),
                                                    (3000, 1, 4 << 20), (12000, 1, 16 << 10)]):
        path = os.path.join(tmp, f"ldbw{i}")
        subprocess.run([exe, path, str(1000 + i), str(ops), str(compression), str(buffer)], check=True,
                       env=tools_env)
        kinds = sorted({f.split(".")[-1] for f in os.listdir(path) if "." in f})
        before = files_state(path)
        mine = db.execute(f"SELECT key, value FROM ok_leveldb('{path}')").fetchall()
        desc = db.execute(f"SELECT key FROM ok_leveldb('{path}') ORDER BY key DESC").fetchall()
        unchanged = files_state(path) == before
        copy = path + "-copy"
        shutil.copytree(path, copy)
        db.execute(f"CREATE VIRTUAL TABLE lib USING ok_leveldb('{copy}', readwrite)")
        theirs = db.execute("SELECT key, value FROM lib").fetchall()
        db.execute("DROP TABLE lib")
        label = f"LevelDB files ({ops} batches, {'Snappy' if compression else 'no compression'}, " \
                f"{len(before)} files: {', '.join(kinds)})"
        check(f"{label}: the rows LevelDB itself reads, in its order ({len(theirs)})",
              mine == theirs and len(theirs) > 100, (len(mine), len(theirs)))
        check(f"{label}: backwards too", [r[0] for r in desc] == [r[0] for r in theirs][::-1])
        check(f"{label}: every file's bytes and modification time as they were, none made", unchanged)
        # forward, a walk that seeks within the tables' blocks, the log beside;
        # backward, the range's keys read into memory: the ranges as LevelDB's rows
        ranges_match(db, f"LevelDB files {i}", f"ok_leveldb('{path}')", theirs)
        # ok_files, the same reader without the store libraries: the same rows,
        # versions, and no write
        lite = checks.connect(build, extensions=("ok_files",))
        check(f"{label}: ok_files reads the rows LevelDB itself reads",
              lite.execute(f"SELECT key, value FROM ok_leveldb('{path}')").fetchall() == theirs)
        check(f"{label}: ok_files lists the same versions",
              lite.execute(f"SELECT * FROM ok_leveldb_versions('{path}')").fetchall() ==
              db.execute(f"SELECT * FROM ok_leveldb_versions('{path}')").fetchall())
        e = error_of(lite, f"CREATE VIRTUAL TABLE w USING ok_leveldb('{path}', readwrite)")
        check(f"{label}: ok_files refuses to write, naming ok_store",
              e == f"ok_leveldb: '{path}': ok_files reads LevelDB from its files and writes none; "
              "writing takes the store module (ok_store), with LevelDB's library", e)
        lite.close()
        check(f"{label}: every file as it was after ok_files too", files_state(path) == before)
    # every version the files hold (ok_leveldb_versions): the live rows are
    # each key's newest version where it is a put (the store whose last
    # writes are not compacted: versions in tables and in its log)
    path = os.path.join(tmp, "ldbw3")
    versions = db.execute(f"SELECT key, value, seq, kind, file FROM ok_leveldb_versions('{path}')").fetchall()
    newest = {}
    for k, v, seq, kind, f in versions:
        newest.setdefault(k, (v, kind))
    live = sorted((k, v) for k, (v, kind) in newest.items() if kind == "put")
    check("ok_leveldb_versions: each key's newest put is the live row",
          live == db.execute(f"SELECT key, value FROM ok_leveldb('{path}')").fetchall(), len(live))
    check("ok_leveldb_versions: deleted and overwritten versions are there, in tables and logs",
          sum(1 for r in versions if r[3] == "delete") > 0 and len(versions) > len(newest) and
          {r[4].split(".")[1] for r in versions} >= {"ldb", "log"}, len(versions))
    path = os.path.join(tmp, "versions")
    db.execute(f"CREATE VIRTUAL TABLE v USING ok_leveldb('{path}', create)")
    db.execute("INSERT INTO v VALUES (x'01', x'AA'), (x'02', x'BB')")
    db.execute("INSERT OR REPLACE INTO v VALUES (x'01', x'CC')")
    db.execute("DELETE FROM v WHERE key = x'02'")
    db.execute("DROP TABLE v")
    got = db.execute(f"SELECT hex(key), quote(value), seq, kind FROM ok_leveldb_versions('{path}')").fetchall()
    check("ok_leveldb_versions: a put, its overwrite, a delete, newest first",
          got == [("01", "X'CC'", 3, "put"), ("01", "X'AA'", 1, "put"), ("02", "NULL", 4, "delete"),
                  ("02", "X'BB'", 2, "put")], got)
    e = error_of(db, "SELECT * FROM ok_leveldb_versions")
    check("ok_leveldb_versions: no path", e == "ok_leveldb_versions: the store's path is missing: "
          "SELECT * FROM ok_leveldb_versions('path')", e)
    # a log cut in its last record (a crash): read up to it, as LevelDB reads it
    path = os.path.join(tmp, "ldbw3")
    log = os.path.join(path, max(f for f in os.listdir(path) if f.endswith(".log")))
    data = open(log, "rb").read()
    before = db.execute(f"SELECT count(*) FROM ok_leveldb_versions('{path}')").fetchone()[0]
    open(log, "wb").write(data[:-3])
    mine = db.execute(f"SELECT key, value FROM ok_leveldb('{path}')").fetchall()
    after = db.execute(f"SELECT count(*) FROM ok_leveldb_versions('{path}')").fetchone()[0]
    shutil.copytree(path, path + "-cut")
    db.execute(f"CREATE VIRTUAL TABLE lib USING ok_leveldb('{path}-cut', readwrite)")
    theirs = db.execute("SELECT key, value FROM lib").fetchall()
    db.execute("DROP TABLE lib")
    check("LevelDB files: a log cut in its last record reads up to it, as LevelDB does",
          len(data) > 1000 and mine == theirs and 0 < before - after <= 7, (len(data), before, after))




def test_rocksdb(db):
    path = os.path.join(tmp, "tikv")
    families = ["default", "write", "lock", "raft"]
    rows = {}
    for cf in families:
        keys = {}
        for i in range(400):
            t, h, ts = rng.randrange(1, 100), rng.randrange(-2**63, 2**63), rng.randrange(1, 2**40)
            k = db.execute("SELECT ok_tikv_pack(ok_tidb_table(?), ok_tidb_record(), ?)", (t, h)).fetchone()[0]
            if cf != "lock":  # a version: the timestamp's complement, as TiKV appends it
                k += (2**64 - 1 - ts).to_bytes(8, "big")
            keys[b"z" + k] = (t, h, b"v%d" % i, None if cf == "lock" else ts)
        if cf != "default":
            ldb(path, "create_column_family", cf)
        ldb(path, "--hex", "--column_family=" + cf, "--create_if_missing", "load",
            data="".join(f"0x{k.hex()} ==> 0x{v[2].hex()}\n" for k, v in keys.items()))
        rows[cf] = keys
    for cf in families:
        out = ldb(path, "--hex", "--column_family=" + cf, "scan")
        order = [line.split(" : ")[0][2:] for line in out.splitlines() if " : " in line]
        src = f"ok_rocksdb('{path}', '{cf}')"
        read_back(db, f"RocksDB by ldb, family {cf}", src, order,
                  [(k.hex().upper(), v[2].hex().upper()) for k, v in rows[cf].items()])
        bad = 0
        for k, (t, h, _, _) in rows[cf].items():
            n = len(k) - 1 - (0 if cf == "lock" else 8)
            got = db.execute("SELECT ok_unpack_col(?1, 1, 'tikv'), ok_unpack_col(?1, 3, 'tikv')",
                             (k[1:1 + n],)).fetchone()
            bad += got != (t, h)
        check(f"RocksDB {cf}: each TiKV key decodes to the table and handle written", bad == 0, bad)
        if cf in ("default", "write"):  # the same keys through ok_mvcc_*, in RocksDB's order
            got = db.execute(f"SELECT hex(key), ok_unpack_col(ok_mvcc_key(key, 'tikv'), 1, 'tikv'), "
                             f"ok_unpack_col(ok_mvcc_key(key, 'tikv'), 3, 'tikv'), ok_mvcc_version(key, 'tikv') "
                             f"FROM {src} ORDER BY ok_mvcc_order(key, 'tikv')").fetchall()
            want = [(k, rows[cf][bytes.fromhex(k)][0], rows[cf][bytes.fromhex(k)][1],
                     rows[cf][bytes.fromhex(k)][3]) for k in (o.upper() for o in order)]
            check(f"RocksDB {cf}: ok_mvcc_key and ok_mvcc_version read TiKV's versions, "
                  "ok_mvcc_order in RocksDB's order", got == want, (got[:2], want[:2]))
    ranges_match(db, "RocksDB", f"ok_rocksdb('{path}', 'write')",
                 [(k, v[2]) for k, v in rows["write"].items()])
    got = db.execute("SELECT ok_rocksdb_families(?)", (path,)).fetchone()[0]
    check("RocksDB: ok_rocksdb_families lists them", got == '["default","write","lock","raft"]', got)
    e = error_of(db, "SELECT ok_rocksdb_families(NULL)")
    check("RocksDB: ok_rocksdb_families of NULL", e == "ok_rocksdb_families: the store's path is TEXT", e)
    e = error_of(db, f"SELECT * FROM ok_rocksdb('{path}', 'nope')")
    check("RocksDB: an unknown family lists the families",
          e == f"ok_rocksdb: no column family 'nope' in '{path}' (it has: default, write, lock, raft)", e)
    return path


def test_errors(db):
    def expect(sql, start, label):
        e = error_of(db, sql)
        check("error: " + label, e is not None and e.startswith(start), e)

    junk = os.path.join(tmp, "junk")
    with open(junk, "wb") as f:
        f.write(b"not a store" * 1000)
    os.makedirs(os.path.join(tmp, "empty"), exist_ok=True)
    expect("SELECT * FROM ok_lmdb('/nonexistent/x')", "ok_lmdb: no LMDB environment at '/nonexistent/x'", "missing LMDB")
    expect(f"SELECT * FROM ok_lmdb('{junk}')", f"ok_lmdb: '{junk}' is no LMDB environment", "a file that is no LMDB")
    expect(f"SELECT * FROM ok_lmdb('{tmp}/empty')", "ok_lmdb: no LMDB environment at", "a folder without data.mdb")
    v3 = os.path.join(tmp, "v3.mdb")  # a meta page of a data format no LMDB here reads
    with open(v3, "wb") as f:
        f.write(bytes(16) + (0xBEEFC0DE).to_bytes(4, "little") + (3).to_bytes(4, "little") + bytes(8168))
    expect(f"SELECT * FROM ok_lmdb('{v3}')", f"ok_lmdb: '{v3}' is in LMDB's data format 3, which no LMDB",
           "an LMDB data format not read, named")
    expect(f"SELECT * FROM ok_leveldb('{tmp}/empty')", "ok_leveldb: no LevelDB at", "a folder that is no LevelDB")
    expect(f"SELECT * FROM ok_rocksdb('{junk}')", "ok_rocksdb: no RocksDB at", "a file that is no RocksDB")
    check("error: nothing created at a path that held no store", not os.path.exists("/nonexistent/x")
          and os.listdir(os.path.join(tmp, "empty")) == [])
    expect("SELECT * FROM ok_lmdb", "ok_lmdb: the store's path is missing", "no path")
    expect("SELECT * FROM ok_lmdb(NULL)", "ok_lmdb: the store's path is TEXT, not NULL", "a NULL path")
    expect("SELECT * FROM ok_lmdb(x'00')", "ok_lmdb: the store's path is TEXT, not", "a BLOB path")
    expect("SELECT * FROM ok_leveldb('a', 'b')", "ok_leveldb: one argument too many", "a LevelDB has no names")
    expect("SELECT * FROM ok_lmdb('a', 'b', 'c')", "too many arguments on ok_lmdb() - max 2", "three arguments")
    expect("CREATE VIRTUAL TABLE e1 USING ok_lmdb()", "ok_lmdb: the store's path is missing", "CREATE without a path")
    expect("CREATE VIRTUAL TABLE e2 USING ok_lmdb('a', 'b', 'c')", "ok_lmdb: one argument too many", "CREATE, 3 strings")
    expect("CREATE VIRTUAL TABLE e3 USING ok_lmdb('a', writable)", "ok_lmdb: unknown option writable", "unknown option")
    expect("INSERT INTO ok_lmdb VALUES (x'01', x'02')", "ok_lmdb: ok_lmdb('path') is read-only", "writing the function")
    path = os.path.join(tmp, "ro")
    mdb_load(path, [(b"\x01", b"\x02")])
    db.execute(f"CREATE VIRTUAL TABLE ro USING ok_lmdb('{path}')")
    expect("DELETE FROM ro", "ok_lmdb: ro is read-only", "writing a read-only table")
    db.execute("DROP TABLE ro")
    db.execute(f"CREATE VIRTUAL TABLE rw USING ok_lmdb('{path}', readwrite)")
    expect("INSERT INTO rw VALUES (zeroblob(600), x'')", "ok_lmdb: a key of 600 bytes: LMDB takes keys of 1 to 511",
           "a key too long for LMDB")
    expect("INSERT INTO rw VALUES (x'', x'')", "ok_lmdb: a key of 0 bytes", "LMDB's empty key")
    expect("INSERT INTO rw VALUES ('a', x'')", "ok_lmdb: a key is a BLOB, not TEXT", "a TEXT key")
    expect("INSERT INTO rw VALUES (x'01', NULL)", "ok_lmdb: a value is a BLOB, not NULL", "a NULL value")
    expect("INSERT INTO rw VALUES (x'01', x'')", "ok_lmdb: the key X'01' is in the store already", "a duplicate key")
    expect("INSERT INTO rw SELECT ok_pack(1), x'' UNION ALL SELECT ok_unpack_col(x'FFFF', 1), x''",
           "ok_unpack_col: malformed key", "a function's error half-way")
    check("error: the failed statements wrote nothing",
          db.execute("SELECT key, value FROM rw").fetchall() == [(b"\x01", b"\x02")])
    db.execute("DROP TABLE rw")
    # random arguments: each a store's error, SQLite's own, or a table (a
    # path that holds nothing is in the scratch folder: 'create' makes it)
    tokens = ["'x'", "''", "'a''b'", '"q"', "readwrite", "create", "bare", f"'{tmp}/nonexistent'",
              f"'{path}'", "'\x01'", "'" + "p" * 5000 + "'", "12", "x'00'", "NULL", "''''"]
    odd = []
    for i in range(400):
        module = rng.choice(["ok_lmdb", "ok_leveldb", "ok_rocksdb"])
        args = ", ".join(rng.choice(tokens) for _ in range(rng.randrange(5)))
        if rng.random() < 0.5:
            sql = f"CREATE VIRTUAL TABLE fz USING {module}({args})"
        else:
            sql = f"SELECT count(*) FROM {module}({args})"
        e = error_of(db, sql)
        if e is None and sql.startswith("CREATE"):
            db.execute("DROP TABLE fz")
        elif e is not None and not (e.startswith(module + ": ") or "arguments on" in e or "syntax error" in e
                                    or "unrecognized token" in e or "no such column" in e):
            odd.append((sql[:120], e))
    check("error: 400 random argument lists: each error the module's or SQLite's own", not odd, odd[:3])
    # LevelDBs with a comparator of their own, made here through LevelDB's C
    # API: one named as Chrome's IndexedDB's (idb_cmp1) reads from its files
    # and is refused for writing; any other name is refused, by name
    src = os.path.join(tmp, "idb.c")
    with open(src, "w") as f:
        f.write('#include <leveldb/c.h>\n#include <string.h>\n'
                'static int cmp(void *s, const char *a, size_t an, const char *b, size_t bn) {\n'
                '  size_t n = an < bn ? an : bn; int c = memcmp(a, b, n); (void)s;\n'
                '  return c ? c : (an > bn) - (an < bn); }\n'
                'static const char *name(void *s) { return s; }\n'
                'static void destroy(void *s) { (void)s; }\n'
                'int main(int argc, char **argv) { char *err = NULL; leveldb_t *db;\n'
                '  leveldb_options_t *o = leveldb_options_create(); (void)argc;\n'
                '  leveldb_options_set_comparator(o, leveldb_comparator_create(argv[2], destroy, cmp, name));\n'
                '  leveldb_options_set_create_if_missing(o, 1);\n'
                '  if (!(db = leveldb_open(o, argv[1], &err))) return 1;\n'
                '  leveldb_put(db, leveldb_writeoptions_create(), "k", 1, "v", 1, &err);\n'
                '  leveldb_close(db); return err != 0; }\n')
    exe, idb, mine = os.path.join(tmp, "idb"), os.path.join(tmp, "idb-store"), os.path.join(tmp, "my-store")
    subprocess.run(["cc", src, "-o", exe, "-lleveldb"], check=True, env=tools_env)
    subprocess.run([exe, idb, "idb_cmp1"], check=True, env=tools_env)
    subprocess.run([exe, mine, "my.cmp"], check=True, env=tools_env)
    def files(folder):
        return {f: (os.path.getsize(os.path.join(folder, f)), os.stat(os.path.join(folder, f)).st_mtime_ns)
                for f in os.listdir(folder)}
    before, before_mine = files(idb), files(mine)
    check("a LevelDB of Chrome's comparator reads from its files",
          db.execute(f"SELECT hex(key), hex(value) FROM ok_leveldb('{idb}')").fetchall() == [("6B", "76")])
    expect(f"CREATE VIRTUAL TABLE cw USING ok_leveldb('{idb}', readwrite)",
           f"ok_leveldb: '{idb}' is Chrome's IndexedDB (ordered by idb_cmp1): ok reads it from its files, "
           "never writes it (open it without readwrite)", "a LevelDB of Chrome's comparator, for writing")
    expect(f"SELECT * FROM ok_leveldb('{mine}')",
           f"ok_leveldb: '{mine}' is ordered by a comparator of its own, my.cmp, not by bytes: ok reads stores "
           "in byte order, and Chrome's IndexedDB", "a LevelDB ordered by a comparator of its own, named")
    check("error: the refused LevelDBs' folders unchanged (no LOG written)",
          files(idb) == before and files(mine) == before_mine, (before, files(idb)))
    rk = os.path.join(tmp, "rocks-as-level")
    ldb(rk, "--create_if_missing", "put", "a", "b")
    before = files(rk)
    expect(f"SELECT * FROM ok_leveldb('{rk}')", f"ok_leveldb: '{rk}' is a RocksDB (it holds IDENTITY), not a LevelDB",
           "a RocksDB read as a LevelDB, named")
    check("error: the RocksDB's folder unchanged", files(rk) == before)
    # a CURRENT with a bit flipped: read, it is named; through LevelDB's own
    # open (a writable table), whose message carries the file name it read,
    # the raw bytes are escaped: an SQL error, not a UnicodeDecodeError
    flipped = os.path.join(tmp, "flipped")
    shutil.copytree(idb, flipped)
    cur = open(os.path.join(flipped, "CURRENT"), "rb").read()
    open(os.path.join(flipped, "CURRENT"), "wb").write(bytes([cur[0] ^ 0x80]) + b"\xff\x01" + cur[1:])
    e = error_of(db, f"SELECT * FROM ok_leveldb('{flipped}')")
    check("error: a damaged CURRENT named", e == f"ok_leveldb: '{flipped}/CURRENT' is damaged at byte 0: "
          "not the name of a MANIFEST file and a newline", e)
    e = error_of(db, f"CREATE VIRTUAL TABLE fl USING ok_leveldb('{flipped}', readwrite)")
    check("error: a damaged CURRENT refused before LevelDB's library opens it", e == f"ok_leveldb: "
          f"'{flipped}/CURRENT' is damaged at byte 0: not the name of a MANIFEST file and a newline", e)
    # bytes that are no text in a message (here a path's) escaped: an SQL error, not a
    # UnicodeDecodeError in the caller
    e = error_of(db, "SELECT * FROM ok_leveldb(CAST(x'2F6E6F2FCDFF01' AS TEXT))")
    check("error: a message's bytes that are no text escaped",
          e == "ok_leveldb: no LevelDB at '/no/\\xCD\\xFF\\x01': no such folder", e)
    check("error: SQLite's side intact", db.execute("PRAGMA integrity_check").fetchone()[0] == "ok")


def test_lmdb_files(db):
    """LMDB by its data file, a copy without its lock file, and copies cut
    short: nothing created beside them, and no crash."""
    import lmdb
    path = os.path.join(tmp, "files")
    env = lmdb.open(path, map_size=1 << 28)
    with env.begin(write=True) as txn:
        for i in range(20000):
            txn.put(b"k%06d" % i, bytes(rng.randrange(256) for _ in range(40)))
    env.close()
    got = db.execute(f"SELECT count(*) FROM ok_lmdb('{path}/data.mdb')").fetchone()[0]
    check("LMDB by its data file: read through the environment, no lock file of its own",
          got == 20000 and sorted(os.listdir(path)) == ["data.mdb", "lock.mdb"], (got, os.listdir(path)))
    copy = os.path.join(tmp, "files-copy")
    os.makedirs(copy)
    subprocess.run(["mdb_copy", path, copy], check=True, env=tools_env)
    before = sorted(os.listdir(copy))
    got = db.execute(f"SELECT count(*) FROM ok_lmdb('{copy}')").fetchone()[0]
    got2 = db.execute(f"SELECT count(*) FROM ok_lmdb('{copy}/data.mdb')").fetchone()[0]
    check("LMDB: a copy without lock.mdb is read, and given none",
          got == got2 == 20000 and before == sorted(os.listdir(copy)) == ["data.mdb"], (got, got2, os.listdir(copy)))
    data = open(os.path.join(path, "data.mdb"), "rb").read()
    crashes, bad = 0, []
    cut = os.path.join(tmp, "cut")
    sizes = [rng.randrange(8192, len(data)) for _ in range(12)] + \
        [4096 * rng.randrange(2, len(data) // 4096) for _ in range(8)] + [len(data)]
    for size in sizes:
        shutil.rmtree(cut, ignore_errors=True)
        os.makedirs(cut)
        open(os.path.join(cut, "data.mdb"), "wb").write(data[:size])
        r = subprocess.run(["sqlite3", "-batch", "-init", "/dev/null", ":memory:", ".load " + os.path.join(build, "ok_store"),
                            f"SELECT count(*) FROM ok_lmdb('{cut}')"], capture_output=True, text=True,
                           env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        if r.returncode < 0:
            crashes += 1
        elif size < len(data) and f"ok_lmdb: '{cut}/data.mdb' is cut short (an incomplete copy?): {size} bytes" not in r.stderr:
            bad.append((size, r.stdout, r.stderr[-200:]))
        elif size == len(data) and r.stdout.strip() != "20000":
            bad.append((size, r.stdout, r.stderr[-200:]))
    check(f"LMDB: {len(sizes)} copies of a data file cut short: no crash", crashes == 0, crashes)
    check("LMDB: a copy cut short is refused, naming the file and its sizes", not bad, bad[:2])


def test_corrupt(stores):
    """Damaged LevelDB and RocksDB files (bytes overwritten at random): each
    scan reads or fails with the module's error, never crashes. (LMDB does
    not check its pages: a damaged data.mdb can crash any reader of it,
    mdb_dump too; docs/lmdb.md says so.)"""
    for module, src in stores:
        crashes, errors, bad = 0, 0, []
        for i in range(80):
            d = os.path.join(tmp, "damaged")
            shutil.rmtree(d, ignore_errors=True)
            shutil.copytree(src, d)
            files = [f for f in sorted(os.listdir(d)) if os.path.getsize(os.path.join(d, f)) > 0
                     and f not in ("LOCK", "LOG", "LOG.old")]
            f = os.path.join(d, rng.choice(files))
            data = bytearray(open(f, "rb").read())
            for _ in range(rng.choice([1, 2, 8])):
                data[rng.randrange(len(data))] = rng.randrange(256)
            if i % 4 == 3:  # cut short, as an incomplete copy leaves a file
                data = data[:rng.randrange(len(data))]
            open(f, "wb").write(data)
            r = subprocess.run(["sqlite3", "-batch", "-init", "/dev/null", ":memory:",
                                ".load " + os.path.join(build, "ok_store"),
                                f"SELECT count(*), sum(length(value)) FROM {module}('{d}')",
                                f"SELECT count(*) FROM {module}('{d}') WHERE key > x'40' ORDER BY key DESC"],
                               capture_output=True, text=True, errors="replace",
                               env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
            if r.returncode < 0 or "AddressSanitizer" in r.stderr or "runtime error" in r.stderr:
                crashes += 1
                print("  damaged", module, os.path.basename(f), r.returncode, r.stderr[-300:])
            elif r.returncode != 0:
                errors += 1
                if f"{module}: " not in r.stderr:
                    bad.append(r.stderr[-200:])
        check(f"{module}: 80 damaged stores (a quarter cut short): no crash ({errors} refused)",
              crashes == 0, crashes)
        check(f"{module}: a damaged store's error names the module", not bad, bad[:2])


# ---- a million keys ----------------------------------------------------------

def test_million(db):
    n = int(os.environ.get("STORE_KEYS", "100000" if sanitized else "1000000"))
    keys = [i.to_bytes(8, "big") for i in range(n)]
    lm = os.path.join(tmp, "m-lmdb")
    mdb_load(lm, [(k, k[-2:]) for k in keys])
    rk = os.path.join(tmp, "m-rocks")
    ldb(rk, "--create_if_missing", "--hex", "load", data="".join(f"0x{k.hex()} ==> 0x{k[-2:].hex()}\n" for k in keys))
    lv = os.path.join(tmp, "m-level")
    w = connect()
    w.execute(f"CREATE VIRTUAL TABLE lv USING ok_leveldb('{lv}', create)")
    for b in range(0, n, 10000):  # batches, as a program writes: tables at several levels, a log
        w.execute("BEGIN")
        w.executemany("INSERT INTO lv VALUES (?, ?)", ((k, k[-2:]) for k in keys[b:b + 10000]))
        w.execute("COMMIT")
    w.close()
    for src in (f"ok_lmdb('{lm}')", f"ok_rocksdb('{rk}')", f"ok_leveldb('{lv}')"):
        # VmHWM, the peak of this process's own memory (ru_maxrss would
        # carry this parent's peak over the exec)
        code = (f"import sqlite3\n"
                f"def peak(): return int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])\n"
                f"db = sqlite3.connect(':memory:'); db.enable_load_extension(True)\n"
                f"db.load_extension('{os.path.join(build, 'ok_store')}')\n"
                f"before = peak()\n"
                f"r = db.execute(\"SELECT count(*), sum(length(key)), max(key) FROM {src}\").fetchone()\n"
                f"r2 = db.execute(\"SELECT count(*) FROM {src} WHERE key >= x'0000000000001000' AND key < x'0000000000001064'\").fetchone()\n"
                f"print(r[0], r[1], r[2].hex(), r2[0], peak() - before)\n")
        out = subprocess.run(["/usr/bin/python3", "-c", code], capture_output=True, text=True,
                             env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
        parts = out.stdout.split()
        ok = len(parts) == 5 and parts[:4] == [str(n), str(8 * n), f"{n - 1:016x}", "100"]
        check(f"{src.split('(')[0]}: {n} keys scanned, a 100-key range", ok, out.stdout + out.stderr)
        # the memory a scan keeps is the store's cache and mapped pages, not the
        # keys; LevelDB's files are walked a block a level, and the log
        grew = int(parts[4]) // 1024 if len(parts) == 5 else -1
        limit = 160 if "lmdb" in src else 24 if "level" in src else 96
        print(f"{src.split('(')[0]}: {n} keys scanned, the process grew {grew} MiB")
        if not sanitized:
                check(f"{src.split('(')[0]}: the scan's memory stays under {limit} MiB ({grew} MiB)", 0 <= grew < limit, grew)


def main():
    if not os.path.exists(os.path.join(build, "ok_store.so")):
        print("skipped: no ok_store.so (the store module needs liblmdb-dev, libleveldb-dev, librocksdb-dev)")
        ci = os.environ.get("CI") == "true"
        print(f"0 passed, {1 if ci else 0} failed")
        return
    db = connect()
    test_lmdb_tools(db)
    out = os.path.join(tmp, "js")
    os.makedirs(out)
    node = os.path.isdir(os.path.join(here, "node_modules", "classic-level")) and shutil.which("node")
    if node:
        subprocess.run(["node", os.path.join(here, "write.js"), out, "3000"], check=True, env=tools_env)
        w = json.load(open(os.path.join(out, "written.json")))
        test_lmdbjs(db, w, out)
        test_leveldb(db, w, out)
    else:
        print("skipped: lmdb-js and classic-level (npm ci in test/stores)")
        check("lmdb-js and classic-level installed", os.environ.get("CI") != "true")
    rocks = test_rocksdb(db)
    test_corrupt(([("ok_leveldb", os.path.join(out, "leveldb"))] if node else []) + [("ok_rocksdb", rocks)])
    test_errors(db)
    test_lmdb_files(db)
    test_leveldb_files(db)
    test_million(db)
    db.close()
    shutil.rmtree(tmp)
    finish()


main()
