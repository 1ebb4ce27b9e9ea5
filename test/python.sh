#!/bin/sh
# python.sh: the Python package (bindings/python) as a user gets it: a
# virtualenv of Debian's Python, `pip install ./bindings/python` with no
# package index, then sqlite_ok.load(conn) and loadable_path() with
# sqlite3's, apsw's (Debian's python3-apsw) and, where it is installed,
# pysqlite3's connections, extension loading left as load found it, and the
# error a Python without extension loading gets; and a Chrome IndexedDB
# folder (test/chrome/store) read through the package's ok_files, in the
# three lines docs/chrome.md gives. Ends "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
py=/usr/bin/python3
if ! "$py" -c 'import venv, ensurepip, sqlite3; sqlite3.connect(":memory:").enable_load_extension' 2>/dev/null; then
  echo "skipped: no Debian python3 with venv and extension loading (sh setup.sh --test installs python3-venv)"
  if [ "${CI:-}" = true ]; then echo "0 passed, 1 failed"; else echo "0 passed, 0 failed"; fi
  exit 0
fi
env=$(mktemp -d)
trap 'rm -rf "$env"' EXIT
"$py" -m venv --system-site-packages "$env" && "$env/bin/pip" install --quiet --no-index ./bindings/python ||
  { echo "FAIL pip install ./bindings/python"; echo "0 passed, 1 failed"; exit 1; }
# the wheel's platform tag: manylinux_2_N with N the newest glibc symbol version
# ok.so needs, as objdump reads it here
"$env/bin/pip" wheel --quiet --no-index --no-deps -w "$env/wheels" ./bindings/python >/dev/null 2>&1
glibc=$(objdump -T build/ok.so | grep -o 'GLIBC_2\.[0-9]*' | sed 's/GLIBC_2\.//' | sort -n | tail -1)
[ "$glibc" -lt 5 ] && glibc=5
want_wheel="sqlite_ok-$(cat VERSION)-py3-none-manylinux_2_${glibc}_$(uname -m).whl"
if [ -f "$env/wheels/$want_wheel" ]; then wheel_ok=1; else wheel_ok=0; echo "FAIL wheel: $(ls "$env/wheels") is not $want_wheel"; fi
cd "$env" && "$env/bin/python" - "$(cat "$OLDPWD/VERSION")" "$env" "$wheel_ok" "$OLDPWD/test/chrome/store" <<'PY'
import os, random, sqlite3, sys
import sqlite_ok

version, env, chrome = sys.argv[1], sys.argv[2], sys.argv[4]
passed = failed = 0


def check(name, ok):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", name)


def _error(f):
    try:
        f()
        return ""
    except Exception as e:
        return str(e)


path = sqlite_ok.loadable_path()
check("version", sqlite_ok.__version__ == version)
check("path in the virtualenv", path.startswith(env) and os.path.exists(path + ".so"))
conn = sqlite3.connect(":memory:")
conn.enable_load_extension(False)  # as a careful program has it
sqlite_ok.load(conn)
check("load", conn.execute("SELECT ok_version()").fetchone() == (version,))
# a Chrome profile's IndexedDB, as a user opens one: the package's ok_files
db = sqlite3.connect(":memory:"); sqlite_ok.load(db)
rows = db.execute("SELECT c.what, c.name, c.value FROM ok_leveldb(?) s, ok_chrome_key(s.key, s.value) c "
                  "WHERE c.what IN ('database name', 'store name', 'index name')", [chrome]).fetchall()
check("Chrome's IndexedDB through ok_files", sorted(rows) == [("database name", "notes", 1),
                                                              ("index name", None, "by_tag"),
                                                              ("store name", None, "notes")])
keys = db.execute("SELECT ok_json(c.key, 'chrome') FROM ok_leveldb(?) s, ok_chrome_key(s.key, s.value) c "
                  "WHERE c.kind = 'record' ORDER BY CAST(s.key AS TEXT) COLLATE idb_cmp1", [chrome]).fetchall()
check("Chrome's records, in Chrome's order", keys == [("[1]",), ('["two"]',), ('[3,"x"]',)])
check("ok_files in the package", os.path.exists(sqlite_ok.files_loadable_path() + ".so"))
check("key", conn.execute("SELECT hex(ok_pack(42, 'abc', NULL))").fetchone() == ("4DA8706162630005",))
try:
    conn.load_extension(path)
    check("loading left off when it was off", False)
except sqlite3.OperationalError:
    check("loading left off when it was off", True)
# a connection whose loading its program switched on keeps it on
mine = sqlite3.connect(":memory:")
mine.enable_load_extension(True)
sqlite_ok.load(mine)
try:
    mine.load_extension(path)  # a second extension, here ok again
    check("loading left on when it was on", True)
except sqlite3.OperationalError:
    check("loading left on when it was on", False)
check("loaded with loading on", mine.execute("SELECT ok_lexi(389625)").fetchone() == ("l800000000005F1F9",))
# apsw (Debian's python3-apsw): its own method names
try:
    import apsw
except ImportError:
    apsw = None
    if os.environ.get("CI") == "true":
        check("apsw installed (sh setup.sh --test)", False)
    else:
        print("skipped: apsw (no python3-apsw: sh setup.sh --test installs it)")
if apsw:
    a = apsw.Connection(":memory:")
    sqlite_ok.load(a)
    check("apsw load", list(a.execute("SELECT hex(ok_pack(42, 'abc'))")) == [("4DA87061626300",)])
    check("apsw error", _error(lambda: list(a.execute("SELECT ok_count(x'7F')"))) ==
          "SQLError: ok_count: malformed key at byte 1: unknown tag (read as 'ok'; no other format reads it either)")
# pysqlite3: no Debian package, and no package index here
try:
    import pysqlite3.dbapi2 as pysqlite3
except ImportError:
    pysqlite3 = None
    print("skipped: pysqlite3 (not installed: neither Debian nor this machine's registries have it)")
if pysqlite3:
    p3 = pysqlite3.connect(":memory:")
    sqlite_ok.load(p3)
    check("pysqlite3 load", p3.execute("SELECT ok_version()").fetchone() == (version,))
# keys made through Python sort as SQLite's ORDER BY sorts the values
rng = random.Random(7)
conn.execute("CREATE TABLE t(a, b)")
values = [None, -1, 0, 2**53 + 1, -0.0, 1.5, float("inf"), "", "a\0b", "é", b"", b"\x00\xff"]
conn.executemany("INSERT INTO t VALUES (?, ?)", [(rng.choice(values), rng.choice(values)) for _ in range(500)])
by_values = conn.execute("SELECT rowid FROM t ORDER BY a, b, rowid").fetchall()
by_keys = conn.execute("SELECT rowid FROM t ORDER BY ok_pack(a, b), rowid").fetchall()
check("order", by_values == by_keys)
# a second connection loads it too, and a bad SQL call says which function
other = sqlite3.connect(":memory:")
sqlite_ok.load(other)
try:
    other.execute("SELECT ok_unpack_col(x'7F', 1)").fetchone()
    check("error", False)
except sqlite3.OperationalError as e:
    check("error", str(e) == "ok_unpack_col: malformed key at byte 1: unknown tag (read as 'ok'; no other format reads it either)")


class NoExtensions:  # what pyenv's and python.org's builds offer: a connection without it
    def execute(self, sql):
        pass


try:
    sqlite_ok.load(NoExtensions())
    check("no load_extension", False)
except RuntimeError as e:
    check("no load_extension", str(e).startswith("sqlite_ok.load: this connection cannot load") and "NoExtensions" in str(e))
try:
    sqlite_ok.load("app.db")
    check("not a connection", False)
except TypeError as e:
    check("not a connection", str(e) == "sqlite_ok.load: takes a connection (sqlite3.connect(...), pysqlite3's or apsw's), not str 'app.db'")
check("manylinux wheel", sys.argv[3] == "1")
print(f"{passed} passed, {failed} failed")
sys.exit(failed != 0)
PY
