#!/usr/bin/python3
"""schema.py BUILD_DIR: a database file cannot reach the user's stores.

A file made by anyone holds views over ok_lmdb, ok_leveldb, ok_rocksdb,
ok_leveldb_versions and ok_rocksdb_families, a store table declared with `create` and one with
`readwrite`, and triggers that write them. Opened by another connection,
from Python (Debian's SQLite), the sqlite3 shell and Node (better-sqlite3,
its own SQLite), with PRAGMA trusted_schema on and off:

  - every view and trigger is refused by SQLite ("unsafe use of ..."), and
    nothing is read, written or created: the stores' files (names, sizes,
    modification times) are as they were, the planted store is not made;
  - the tables the file declares open no store where the schema is not
    trusted, and never create one (`create` acted when the author made the
    table; the missing store is an error naming the path as resolved);
  - ok.so's own functions (pure, SQLITE_INNOCUOUS) work from the file's
    views either way;
  - the same reads typed directly still work.
Ends "N passed, M failed".
"""
import json
import os
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
tmp = tempfile.mkdtemp(prefix="ok-schema-")
os.chdir(tmp)
sanitized = "asan" in os.environ.get("LD_PRELOAD", "")
store_so = os.path.join(build, "ok_store")


def connect(path=":memory:"):
    return checks.connect(build, path)


def state(*folders):
    """Every file under the folders: name, size, modification time. But
    LMDB's lock.mdb, its readers' table, where every reader takes a slot."""
    out = {}
    for folder in folders:
        for root, _, files in os.walk(folder):
            for f in files:
                if f == "lock.mdb":
                    continue
                st = os.stat(os.path.join(root, f))
                out[os.path.join(root, f)] = (st.st_size, st.st_mtime_ns)
    return out


# ---- the user's stores, and the file that reaches for them ------------------

sec, lvl, rocks = (os.path.join(tmp, n) for n in ("secret-lmdb", "app-leveldb", "app-rocksdb"))
planted = os.path.join(tmp, "planted")
own = connect()
for module, path in (("ok_lmdb", sec), ("ok_leveldb", lvl), ("ok_rocksdb", rocks)):
    own.execute(f"CREATE VIRTUAL TABLE s USING {module}('{path}', create)")
    own.execute("INSERT INTO s VALUES (CAST('secret' AS BLOB), CAST('token123' AS BLOB))")
    own.execute("DROP TABLE s")
own.close()

evil = os.path.join(tmp, "evil.db")
author = connect(evil)
author.executescript(f"""
CREATE VIEW v AS SELECT key, value FROM ok_lmdb('{sec}');
CREATE VIEW vl AS SELECT key, value FROM ok_leveldb('{lvl}');
CREATE VIEW vr AS SELECT key, value FROM ok_rocksdb('{rocks}');
CREATE VIEW vf AS SELECT ok_rocksdb_families('{rocks}') AS f;
CREATE VIEW vd AS SELECT ok_lmdb_databases('{sec}') AS d;
CREATE VIEW vv AS SELECT key, value FROM ok_leveldb_versions('{lvl}');
CREATE VIEW vk AS SELECT ok_hex(ok_pack(42, 'abc', NULL)) AS k;
CREATE VIRTUAL TABLE w USING ok_lmdb('planted', create);
CREATE VIRTUAL TABLE wl USING ok_leveldb('{lvl}', readwrite);
CREATE TABLE log(x);
CREATE TRIGGER tr AFTER INSERT ON log BEGIN INSERT INTO w VALUES (x'01', CAST(new.x AS BLOB)); END;
CREATE TRIGGER tr2 AFTER INSERT ON log BEGIN INSERT INTO wl VALUES (x'01', CAST(new.x AS BLOB)); END;
""")
author.close()
shutil.rmtree(planted)  # made on the author's machine, not the user's
before = state(sec, lvl, rocks)

# (statement, how it must end: the error's start, or the rows as text)
UNSAFE = [
    ("SELECT * FROM v", 'unsafe use of virtual table "ok_lmdb"'),
    ("SELECT * FROM vl", 'unsafe use of virtual table "ok_leveldb"'),
    ("SELECT * FROM vr", 'unsafe use of virtual table "ok_rocksdb"'),
    ("SELECT * FROM vf", "unsafe use of ok_rocksdb_families()"),
    ("SELECT * FROM vd", "unsafe use of ok_lmdb_databases()"),
    ("SELECT * FROM vv", 'unsafe use of virtual table "ok_leveldb_versions"'),
    ("INSERT INTO log VALUES ('hello')", 'unsafe use of virtual table "w'),  # w or wl
]
PURE = [("SELECT * FROM vk", [["4DA8706162630005"]])]
TYPED = [(f"SELECT CAST(key AS TEXT), CAST(value AS TEXT) FROM {m}('{p}')", [["secret", "token123"]])
         for m, p in (("ok_lmdb", sec), ("ok_leveldb", lvl), ("ok_rocksdb", rocks))]


def declared(trusted):
    """The tables the file declares, typed: refused untrusted, and never a
    store created."""
    if not trusted:
        return [(f"SELECT count(*) FROM {t}", f"ok_{m}: main.{t} is declared in the database's schema, "
                 "which this connection does not trust (PRAGMA trusted_schema is OFF)")
                for t, m in (("w", "lmdb"), ("wl", "leveldb"))]
    return [("SELECT count(*) FROM w", f"ok_lmdb: no LMDB environment at 'planted': no such file or folder "
             f"(the path is relative: resolved as '{tmp}/planted')")]


def python_client(trusted, statements):
    db = connect(evil)
    db.execute(f"PRAGMA trusted_schema = {'ON' if trusted else 'OFF'}")
    out = []
    for sql in statements:
        try:
            out.append([True, [[str(x) for x in r] for r in db.execute(sql).fetchall()]])
        except sqlite3.Error as e:
            out.append([False, str(e)])
    db.close()
    return out


def shell_client(trusted, statements):
    out = []
    for sql in statements:
        r = subprocess.run(["sqlite3", "-batch", "-bail", "-init", "/dev/null", "-separator", "\t", evil,
                            f".load {os.path.join(build, 'ok')}", f".load {store_so}",
                            f"PRAGMA trusted_schema = {'ON' if trusted else 'OFF'}", sql],
                           capture_output=True, text=True)
        if r.returncode:  # "Error: in prepare, unsafe use ..." / "Error: stepping, ..."
            msg = r.stderr.strip().split("\n")[0]
            out.append([False, msg.split(", ", 1)[1] if msg.startswith("Error: ") and ", " in msg else msg])
        else:
            out.append([True, [line.split("\t") for line in r.stdout.splitlines()]])
    return out


def node_client(trusted, statements):
    r = subprocess.run(["node", os.path.join(here, "schema.js"), os.path.join(build, "ok.so"), store_so + ".so", evil, "1" if trusted else "0",
                        json.dumps(statements)], capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else [[False, r.stderr]] * len(statements)


clients = [("Python", python_client), ("the shell", shell_client)]
if sanitized:
    print("skipped: Node under AddressSanitizer (better-sqlite3 is not instrumented)")
elif shutil.which("node") and os.path.isdir(os.path.join(here, "..", "node", "node_modules", "better-sqlite3")):
    clients.append(("Node", node_client))
else:
    check("Node and better-sqlite3 installed (npm ci in test/node)", os.environ.get("CI") != "true")

def verify(label, cases, got):
    for (sql, want), (ok, res) in zip(cases, got):
        if isinstance(want, str):
            # untrusted, the trigger's table is refused when it connects
            untrusted = "OFF" in label and "log" in sql and \
                "is declared in the database's schema, which this connection does not trust" in res
            check(f"{label}: {sql} refused", not ok and (res.startswith(want) or untrusted), res)
        else:
            check(f"{label}: {sql}", ok and res == want, res)


for name, client in clients:
    for trusted in (True, False):
        label = f"{name}, trusted_schema {'ON' if trusted else 'OFF'}"
        cases = UNSAFE + PURE + declared(trusted)
        verify(label, cases, client(trusted, [sql for sql, _ in cases]))
        now = state(sec, lvl, rocks)
        check(f"{label}: the stores' files unchanged, none created", now == before and not os.path.exists(planted),
              {f: (before.get(f), now.get(f)) for f in set(now) | set(before) if before.get(f) != now.get(f)})
        # reads the user types work, and write nothing either
        verify(label, TYPED, client(trusted, [sql for sql, _ in TYPED]))
        check(f"{label}: the stores' files unchanged by the reads typed", state(sec, lvl, rocks) == before)

# The user trusts the file: its writable table writes, where the user types it.
user = connect(evil)
user.execute("INSERT INTO wl VALUES (x'02', x'03')")
got = user.execute(f"SELECT hex(key), hex(value) FROM ok_leveldb('{lvl}') WHERE key = x'02'").fetchall()
check("a trusted file's readwrite table writes where the user types it", got == [("02", "03")], got)
user.execute("PRAGMA trusted_schema = OFF")
user.close()
shutil.rmtree(tmp)
finish()
