#!/usr/bin/python3
"""writes.py BUILD_DIR: the store module's writes against SQLite's own table.

A store written through ok_lmdb, ok_leveldb or ok_rocksdb holds what a
WITHOUT ROWID table with `key` as its primary key would hold after the same
statements, or the statement (or COMMIT) fails and writes nothing:

  - one connection: thousands of random statements on two tables over one
    store (two names for one set of keys) and on the oracle table in the
    same transactions: INSERT, multi-row and INSERT ... SELECT from the same
    table, UPDATE moving keys in chains, DELETE, under every OR policy;
    BEGIN, COMMIT, ROLLBACK, savepoints (also the one that begins a
    transaction), statements failing half-way. After each statement both
    tables read as the oracle (all rows both ways, ranges, LIMIT). The one
    refusal allowed is an UPDATE OR REPLACE that would update a row it
    replaced (SQLite's table updates the replacing row from values a
    virtual table is not given): it must fail and write nothing.
  - what was committed, read by another connection and by another process
    after this one's writes ended; a process killed inside its transaction
    changes nothing.
  - two writers, each with its own transaction (two connections, and for
    LMDB two processes): their statements are replayed on a model of what
    each reads (the store as committed, its own writes over it, and for
    INSERT's check the store as it was at its first write); the second to
    commit must fail with SQLITE_BUSY exactly when the first changed a key
    it wrote since it looked, and otherwise leave the store as it read it.
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
steps = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 3000
rng = random.Random(20261128)
tmp = tempfile.mkdtemp(prefix="ok-writes-")
os.chdir(tmp)
ENGINES = [("ok_lmdb", ""), ("ok_leveldb", ""), ("ok_rocksdb", ", 'write'")]
# the refusal allowed (see above), by its words
REPLACED = "the statement replaced the row at key"


def connect():
    return checks.connect(build)


def run(db, sql, args=()):
    """(rows, None) or (None, the error)."""
    try:
        return db.execute(sql, args).fetchall(), None
    except sqlite3.Error as e:
        return None, e


KEYS = [bytes([i]) for i in range(1, 24)] + [b"\x05\x00", b"\x05\x00\x00", b"\x05\xff", b"\xff\xff",
                                             b"\x01\x00", b"\x01\x00\x00"]


def value():
    return bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 3])))


def statement():
    """A random write: (sql with {t} for the table, args)."""
    pol = rng.choice(["", "OR REPLACE ", "OR IGNORE ", "OR ABORT ", "OR FAIL ", "OR ROLLBACK ", "OR REPLACE "])
    k, k2, k3 = rng.choice(KEYS), rng.choice(KEYS), rng.choice(KEYS)
    r = rng.random()
    if r < 0.25:
        n = rng.choice([1, 1, 2, 3])
        rows = ", ".join(["(?, ?)"] * n)
        args = [x for _ in range(n) for x in (rng.choice(KEYS), value())]
        return f"INSERT {pol}INTO {{t}} VALUES {rows}", args
    if r < 0.33:  # from the same table: moved copies of a few rows
        return (f"INSERT {pol}INTO {{t}} SELECT CAST(key || x'00' AS BLOB), value FROM {{t}} "
                f"WHERE key >= ? ORDER BY key LIMIT 3", [k])
    if r < 0.45:  # key moves in chains: each row onto its neighbour's key
        return (f"UPDATE {pol}{{t}} SET key = CAST(key || x'00' AS BLOB) WHERE key BETWEEN ? AND ?",
                [min(k, k2), max(k, k2)])
    if r < 0.52:
        return f"UPDATE {pol}{{t}} SET key = ? WHERE key = ?", [k2, k]
    if r < 0.60:
        return f"UPDATE {pol}{{t}} SET value = CAST(value || ? AS BLOB) WHERE key <= ?", [value(), k]
    if r < 0.68:
        return "DELETE FROM {t} WHERE key >= ? AND key < ?", [k, k2]
    if r < 0.72:
        return "DELETE FROM {t} WHERE key = ?", [k]
    if r < 0.78:  # fails half-way, on a function's error after the first rows
        return (f"INSERT {pol}INTO {{t}} SELECT CAST(key || x'01' AS BLOB), value FROM {{t}} WHERE key < ? "
                f"UNION ALL SELECT ok_unpack_col(x'FFFF', 1), x''", [k3])
    return f"INSERT {pol}INTO {{t}} VALUES (?, ?)", [k, value()]


def same_rows(db, tables):
    """Every read of each store table against the oracle m: the first that
    differs, or None."""
    a, b = rng.choice(KEYS), rng.choice(KEYS)
    for q, args in (("SELECT key, value FROM {} ORDER BY key", ()),
                    ("SELECT key, value FROM {} ORDER BY key DESC", ()),
                    ("SELECT key FROM {} WHERE key > ? AND key <= ? ORDER BY key DESC", (a, b)),
                    ("SELECT key FROM {} WHERE key >= ? ORDER BY key LIMIT 2", (a,)),
                    ("SELECT count(*), sum(length(value)) FROM {}", ())):
        want = db.execute(q.format("m"), args).fetchall()
        for t in tables:
            got = db.execute(q.format(t), args).fetchall()
            if got != want:
                return q.format(t), got, want
    return None


def model_run(engine, extra):
    """One connection, two tables over one store and the oracle m, in the
    same transactions."""
    label = f"{engine} writes"
    path = os.path.join(tmp, engine + "-model")
    db = connect()
    db.execute(f"CREATE VIRTUAL TABLE w USING {engine}('{path}'{extra}, create)")
    db.execute(f"CREATE VIRTUAL TABLE w2 USING {engine}('{path}'{extra}, readwrite)")
    db.execute("CREATE TABLE m(key BLOB PRIMARY KEY, value BLOB) WITHOUT ROWID")
    bad = refused = errors = 0
    kinds = set()
    history = []
    saves = []  # the open savepoints, outermost first
    for step in range(steps):
        r = rng.random()
        in_txn = db.in_transaction
        if r < 0.05 and not in_txn:
            sql = "BEGIN"
        elif r < 0.08 and in_txn:
            sql = rng.choice(["COMMIT", "ROLLBACK"])
        elif r < 0.13 and len(saves) < 6:  # outside a transaction, it begins one
            sql = f"SAVEPOINT s{len(saves) + 1}"
        elif r < 0.18 and saves:
            i = rng.randrange(len(saves))
            sql = rng.choice(["ROLLBACK TO", "RELEASE"]) + " " + saves[i]
        else:
            sql = None
        if sql:
            db.execute(sql)
            if sql.startswith("SAVEPOINT"):
                saves.append(sql.split()[1])
            elif sql.startswith("RELEASE"):
                del saves[saves.index(sql.split()[1]):]
            elif sql.startswith("ROLLBACK TO"):  # keeps the savepoint, ends those inside it
                del saves[saves.index(sql.split()[2]) + 1:]
            elif sql in ("COMMIT", "ROLLBACK"):
                saves = []
            kinds.add(sql.split()[0] + (" " + sql.split()[1] if sql.startswith("ROLLBACK TO") else ""))
        else:
            sql, args = statement()
            t = rng.choice(["w", "w2"])
            if "OR ROLLBACK" in sql:
                # its failure rolls back both tables: the oracle's answer first,
                # asked without ending the transaction
                _, e_model = run(db, sql.replace("OR ROLLBACK", "OR ABORT").format(t="m"), args)
                _, e_store = run(db, sql.format(t=t), args)
            elif "UPDATE OR REPLACE" in sql:
                # may be refused (REPLACED): then the oracle's effect is undone
                db.execute("SAVEPOINT undo")
                _, e_store = run(db, sql.format(t=t), args)
                _, e_model = run(db, sql.format(t="m"), args)
                if e_store is not None and REPLACED in str(e_store) and e_model is None:
                    refused += 1
                    db.execute("ROLLBACK TO undo")
                    e_model = e_store
                db.execute("RELEASE undo")
            else:
                _, e_store = run(db, sql.format(t=t), args)
                _, e_model = run(db, sql.format(t="m"), args)
            if (e_store is None) != (e_model is None):
                bad += 1
                print("  ", label, step, sql.format(t=t), args, "store:", e_store, "table:", e_model)
            errors += e_store is not None
            sql = sql.format(t=t) + " " + repr(args) + (f" -> {e_store}" if e_store else "")
            kinds.add(sql.split(" INTO")[0].split(" w")[0].strip())
            if not db.in_transaction:
                saves = []  # OR ROLLBACK ended the transaction, or none was open
        history = (history + [sql])[-12:]
        differs = same_rows(db, ["w", "w2"])
        if differs:  # the run cannot go on from here: say how it came
            bad += 1
            print("  ", label, "step", step, "reads differ:", differs[0], "store", differs[1], "table", differs[2])
            print("   after:", *history, sep="\n     ")
            break
    if db.in_transaction:
        db.execute("COMMIT")
    bad += same_rows(db, ["w", "w2"]) is not None
    check(f"{label}: {steps} random statements on two tables over one store, as SQLite's WITHOUT ROWID "
          f"table ({errors} failed on both, {refused} refused)", bad == 0, bad)
    every = {"BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "ROLLBACK TO", "DELETE FROM"} | \
        {f"{verb} {pol}".strip() for verb in ("INSERT", "UPDATE")
         for pol in ("", "OR REPLACE", "OR IGNORE", "OR ABORT", "OR FAIL", "OR ROLLBACK")}
    check(f"{label}: the run had every kind of statement", kinds == every, sorted(kinds ^ every))
    want = db.execute("SELECT key, value FROM m ORDER BY key").fetchall()
    db.close()
    return path, want if bad == 0 else None


def after(engine, extra, path, want):
    """What was committed, read elsewhere; a killed process changes nothing."""
    label = f"{engine} writes"
    src = f"{engine}('{path}'{extra})"
    other = connect()
    got = other.execute(f"SELECT key, value FROM {src}").fetchall()
    check(f"{label}: another connection reads what was committed", got == want, (len(got), len(want)))
    other.close()
    code = ("import sqlite3, sys\n"
            "db = sqlite3.connect(':memory:'); db.enable_load_extension(True)\n"
            f"db.load_extension({os.path.join(build, 'ok_store')!r})\n"
            f"print(db.execute(\"SELECT count(*), coalesce(group_concat(hex(key) || ':' || hex(value)), '') FROM {src}\").fetchone())\n")
    out = subprocess.run(["/usr/bin/python3", "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0")).stdout.strip()
    expect = str((len(want), ",".join(k.hex().upper() + ":" + v.hex().upper() for k, v in want)))
    check(f"{label}: another process, after this one's writes, reads them", out == expect, (out[:200], expect[:200]))
    script = (f".load {os.path.join(build, 'ok_store')}\n"
              f"CREATE VIRTUAL TABLE w USING {engine}('{path}'{extra}, readwrite);\n"
              "BEGIN;\nINSERT OR REPLACE INTO w SELECT randomblob(8), x'' FROM generate_series(1, 5000);\n"
              "SELECT 'written';\n")
    p = subprocess.Popen(["sqlite3", "-batch", "-init", "/dev/null", ":memory:"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    p.stdin.write(script)
    p.stdin.flush()
    p.stdout.readline()
    p.kill()
    p.wait()
    other = connect()
    got = other.execute(f"SELECT key, value FROM {src}").fetchall()
    check(f"{label}: a process killed in its transaction changed nothing", got == want, (len(got), len(want)))
    other.close()


def interleaved(engine, extra):
    """Statements of one connection stepping into each other: a scan of the
    table's own writes while the same transaction writes more (which moves
    them in memory), rolls back or commits: the rows as SQLite's table has
    them, or an error, never a read of what is gone."""
    label = f"{engine} interleaved"
    path = os.path.join(tmp, engine + "-interleaved")
    db = connect()
    db.execute(f"CREATE VIRTUAL TABLE t USING {engine}('{path}'{extra}, create)")
    db.execute("BEGIN")
    db.executemany("INSERT INTO t VALUES (?, x'')", [(bytes([i]),) for i in range(1, 50)])
    seen = []
    for (k,) in db.execute("SELECT key FROM t ORDER BY key"):  # 49 rows, from the writes
        seen.append(k)
        db.executemany("INSERT INTO t VALUES (?, x'01')", [(k + bytes([j]),) for j in range(40)])
    check(f"{label}: a scan of the writes while thousands more are written", len(seen) == 49, len(seen))
    db.execute("SAVEPOINT s")
    db.execute("INSERT INTO t VALUES (x'FF', x'')")
    cur = db.execute("SELECT key FROM t ORDER BY key DESC")
    cur.fetchone()
    db.execute("ROLLBACK TO s")
    e = None
    try:
        cur.fetchall()
    except sqlite3.Error as x:
        e = str(x)
    check(f"{label}: a scan whose writes were rolled back meanwhile stops with an error",
          e is not None and e.startswith(engine + ": the transaction's writes this query read"), e)
    db.execute("COMMIT")
    check(f"{label}: what was committed", db.execute("SELECT count(*) FROM t").fetchone()[0] == 49 * 41)
    db.close()


# ---- two writers ------------------------------------------------------------

class Remote:
    """A connection in another process (test/stores/writes.py serve), as
    execute(sql, args) -> rows, raising sqlite3.Error with its message."""

    def __init__(self):
        self.p = subprocess.Popen(["/usr/bin/python3", os.path.abspath(__file__), build, "serve"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))

    def execute(self, sql, args=()):
        self.p.stdin.write(json.dumps([sql, [a.hex() if isinstance(a, bytes) else a for a in args]]) + "\n")
        self.p.stdin.flush()
        answer = json.loads(self.p.stdout.readline())
        if "error" in answer:
            raise sqlite3.OperationalError(answer["error"])
        return Rows([tuple(bytes.fromhex(x[1:]) if isinstance(x, str) and x[:1] == "x" else x for x in r)
                     for r in answer["rows"]])

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Rows(list):
    def fetchall(self):
        return list(self)


def serve():
    db = connect()
    for line in sys.stdin:
        sql, args = json.loads(line)
        try:
            rows = db.execute(sql, [bytes.fromhex(a) if isinstance(a, str) else a for a in args]).fetchall()
            out = {"rows": [["x" + x.hex() if isinstance(x, bytes) else x for x in r] for r in rows]}
        except sqlite3.Error as e:
            out = {"error": str(e)}
        print(json.dumps(out), flush=True)


class Writer:
    """What one writer's transaction reads and writes, modelled: the store as
    committed (shared), its own writes over it, and for INSERT's check the
    store as it was at the transaction's first write (its snapshot)."""

    def __init__(self, store):
        self.store = store  # {"now": {key: value}} shared by both writers
        self.mine = {}  # key -> value or None (deleted)
        self.seen = {}  # key -> what the store held when first written
        self.snap = None

    def cursor(self, k):
        return self.mine[k] if k in self.mine else self.store["now"].get(k)

    def look(self, k):
        if self.snap is None:
            self.snap = dict(self.store["now"])
        return self.mine[k] if k in self.mine else self.snap.get(k)

    def write(self, k, v):
        if k not in self.mine:
            self.seen[k] = self.snap.get(k)
        self.mine[k] = v

    def statement(self):
        """A random point statement: (sql, args, the error expected)."""
        k, v = rng.choice(KEYS[:8]), bytes([rng.randrange(256) for _ in range(4)][:rng.choice([1, 4])])
        r = rng.random()
        if r < 0.5:
            pol = rng.choice(["", "OR REPLACE ", "OR IGNORE "])
            present = self.look(k) is not None
            if present and pol == "":
                return "INSERT INTO t VALUES (?, ?)", (k, v), True
            if not present or pol == "OR REPLACE ":
                self.write(k, v)
            return f"INSERT {pol}INTO t VALUES (?, ?)", (k, v), False
        if self.cursor(k) is not None:
            self.look(k)
            self.write(k, v if r < 0.75 else None)
        if r < 0.75:
            return "UPDATE t SET value = ? WHERE key = ?", (v, k), False
        return "DELETE FROM t WHERE key = ?", (k,), False

    def conflict(self):
        return [k for k, was in self.seen.items() if self.store["now"].get(k) != was]

    def commit(self):
        for k, v in self.mine.items():
            if v is None:
                self.store["now"].pop(k, None)
            else:
                self.store["now"][k] = v


def two_writers(engine, extra, remote, trials):
    label = f"{engine}: two {'processes' if remote else 'connections'}"
    path = os.path.join(tmp, engine + ("-procs" if remote else "-conns"))
    A = connect()
    A.execute(f"CREATE VIRTUAL TABLE t USING {engine}('{path}'{extra}, create)")
    B = Remote() if remote else connect()
    B.execute(f"CREATE VIRTUAL TABLE t USING {engine}('{path}'{extra}, readwrite)")
    bad = busy = 0
    for trial in range(trials):
        start = {k: bytes([rng.randrange(256)]) for k in KEYS[:8] if rng.random() < 0.5}
        A.execute("BEGIN")
        A.execute("DELETE FROM t")
        A.executemany("INSERT INTO t VALUES (?, ?)", list(start.items()))
        A.execute("COMMIT")
        store = {"now": dict(start)}
        conns = {"A": (A, Writer(store)), "B": (B, Writer(store))}
        first = rng.choice("AB")
        second = "B" if first == "A" else "A"
        A.execute("BEGIN")
        B.execute("BEGIN")
        # both write, the first commits ("!"), the second writes on, then commits
        plan = [rng.choice("AB") for _ in range(rng.randrange(0, 7))] + [first + "!"] + \
            [second] * rng.randrange(0, 4) + [second + "!"]
        for p in plan:
            db, w = conns[p[0]]
            if p.endswith("!"):
                view = sorted((k, v) for k, v in ((k, w.cursor(k)) for k in KEYS) if v is not None)
                got = db.execute("SELECT key, value FROM t ORDER BY key").fetchall()
                if got != view:
                    bad += 1
                    if bad < 4:
                        print("  ", label, trial, p, "reads", got, "model", view)
                clash = w.conflict()
                _, e = run(db, "COMMIT")
                if clash:
                    busy += 1
                    named = e is not None and "another writer changed the key X'" in str(e) and \
                        any(f"X'{k.hex().upper()}'" in str(e) for k in clash)
                    if not named or getattr(e, "sqlite_errorcode", 5) != 5:
                        bad += 1
                        if bad < 4:
                            print("  ", label, trial, p, "should fail on", clash, "got", e)
                    run(db, "ROLLBACK")
                elif e is not None:
                    bad += 1
                    if bad < 4:
                        print("  ", label, trial, p, "failed:", e)
                else:
                    w.commit()
                continue
            sql, args, fails = w.statement()
            _, e = run(db, sql, args)
            if (e is not None) != fails:
                bad += 1
                if bad < 4:
                    print("  ", label, trial, p, sql, args, "error:", e, "expected:", fails)
        got = dict(A.execute("SELECT key, value FROM t").fetchall())
        if got != store["now"]:
            bad += 1
            if bad < 4:
                print("  ", label, trial, "store", got, "model", store["now"])
    check(f"{label}: {trials} pairs of transactions as modelled, the second refused where the first "
          f"changed its keys ({busy} refused)", bad == 0 and 0 < busy < trials, (bad, busy))
    if remote:
        B.close()


def main():
    if len(sys.argv) > 2 and sys.argv[2] == "serve":
        serve()
        return
    if not os.path.exists(os.path.join(build, "ok_store.so")):
        print("skipped: no ok_store.so")
        print(f"0 passed, {1 if os.environ.get('CI') == 'true' else 0} failed")
        return
    for engine, extra in ENGINES:
        path, want = model_run(engine, extra)
        if want is not None:
            after(engine, extra, path, want)
        two_writers(engine, extra, False, 150)
        interleaved(engine, extra)
    two_writers("ok_lmdb", "", True, 80)
    shutil.rmtree(tmp)
    finish()


main()
