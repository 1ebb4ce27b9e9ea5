#!/usr/bin/python3
"""check.py BUILD_DIR BROWSER [N] [--vectors FILE]: a browser's IndexedDB keys,
against the browser itself (BROWSER: firefox, Debian's firefox-esr headless;
webkit, WebKitGTK through webkit.py under xvfb-run; chrome, Debian's chromium
headless; chromesql, the same with its SQLite backing store, the feature
IdbSqliteBackingStore).

Serves test/indexeddb/page.html on 127.0.0.1 to the browser with a new
profile; the page writes ~N random keys (2,000 by default) and the edges
into IndexedDB and posts back what the browser says of them: the keys,
their order by indexedDB.cmp with ties, and its cursors' order over a store
and three indexes (compound, multiEntry, unique). Then, on the SQLite file
that the browser wrote:
  - each key ok_<browser>_pack builds from the logged value equals the
    browser's bytes (the store's keys, the indexes' keys and primary keys),
    in the cursors' order;
  - the keys built sort exactly as indexedDB.cmp, with its ties (Firefox's
    by their bytes; WebKit's by the collation IDBKEY, as its tables do);
  - every stored key read by ok_each (nested arrays in turn) gives the
    logged value back, and ok_quote's text, run again, gives the key;
  - PRAGMA integrity_check says ok (WebKit's indexes need IDBKEY); what the
    browser refuses (NaN...) is logged as refused;
  - the docs' queries run on the file; each record is found by the key
    built from its value (WebKit's through its index, under IDBKEY); and
    Firefox's array ranges give exactly the arrays that start with a value.
Chrome keeps IndexedDB in a LevelDB, read through the store module's
ok_leveldb and ok_chrome_key (the keys in Chrome's order: the collation
idb_cmp1 over the LevelDB keys); and, on that folder:
  - it reads while Chromium runs (holding the store's LOCK) as after;
  - LevelDB's own library, given ok's comparator as idb_cmp1, opens a copy
    and finds every table Chromium sorted in ok's order, every key by a Get,
    the same keys after compacting (test/chrome/order.c), in the order of
    ORDER BY ... COLLATE idb_cmp1;
  - the deleted records, gone from ok_leveldb, are in ok_leveldb_versions;
  - no file of the profile's store changed (names, sizes, times, bytes).
With --vectors, also writes FILE (test/<browser>/vectors.tsv): a third of
the keys stored, with the values, for test/vectors.sh where the browser does
not run (the other CPUs). Ends "N passed, M failed".
"""
import glob
import http.server
import json
import os
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402 (test/checks.py)

args = [a for a in sys.argv[1:] if not a.startswith("--")]
vectors = sys.argv[sys.argv.index("--vectors") + 1] if "--vectors" in sys.argv else None
if vectors:
    args.remove(vectors)
build = os.path.abspath(args[0])
browser = args[1]
count = int(args[2]) if len(args) > 2 else 2000
here = os.path.dirname(os.path.abspath(__file__))


# --- The browser writes the keys ---------------------------------------------

def serve():
    """A server of page.html on 127.0.0.1 that keeps what the page posts."""
    page = open(os.path.join(here, "page.html"), "rb").read()
    got = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def do_POST(self):
            got["log"] = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, got


def run_firefox(tmp, url, got):
    profile = os.path.join(tmp, "profile")
    os.makedirs(profile)
    with open(os.path.join(profile, "user.js"), "w") as f:
        for pref in ("browser.shell.checkDefaultBrowser", "datareporting.policy.dataSubmissionEnabled",
                     "toolkit.telemetry.enabled", "app.update.enabled", "browser.aboutwelcome.enabled",
                     "extensions.update.enabled", "browser.safebrowsing.malware.enabled",
                     "browser.safebrowsing.phishing.enabled", "network.captive-portal-service.enabled"):
            f.write(f'user_pref("{pref}", false);\n')
        f.write('user_pref("browser.startup.homepage_override.mstone", "ignore");\n')
    proc = subprocess.Popen(["firefox-esr", "--headless", "--no-remote", "--profile", profile, url],
                            env=tool_env(MOZ_HEADLESS="1"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    wait_for_log(proc, got)
    stop(proc)
    return glob.glob(os.path.join(profile, "storage/default/http+++127.0.0.1+*/idb/*.sqlite"))


def wait_for_log(proc, got):
    """Until the page posts its log (3 minutes at most), or the browser ends."""
    start = time.time()
    while "log" not in got and time.time() - start < 180 and proc.poll() is None:
        time.sleep(0.2)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def run_webkit(tmp, url, got):
    data = os.path.join(tmp, "data")
    out = subprocess.run(["xvfb-run", "-a", "/usr/bin/python3", os.path.join(here, "webkit.py"), url, data],
                         env=tool_env(), capture_output=True, text=True, timeout=300)
    BROWSERS["webkit"]["version"] = out.stdout.strip()  # webkit.py prints it
    return glob.glob(os.path.join(data, "databases/indexeddb/v1/http_127.0.0.1_*/*/IndexedDB.sqlite3"))


def run_chrome(tmp, url, got):
    """Chromium headless with a new profile: the store's folder, read once
    while it still runs (into CHROME["running"]), and after it quits; with
    its SQLite backing store, the database's file."""
    profile = os.path.join(tmp, "profile")
    sqlite = browser == "chromesql"
    proc = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--disable-background-networking", "--disable-component-update",
                             "--disable-sync", f"--user-data-dir={profile}"] +
                            (["--enable-features=IdbSqliteBackingStore,IdbSqliteOnDiskRollout:"
                              "stage/UseSqliteForNewDatabases"] if sqlite else []) + [url],
                            env=tool_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_log(proc, got)
    folders = glob.glob(os.path.join(profile, "Default/IndexedDB/http_127.0.0.1_*.indexeddb.leveldb"))
    if len(folders) == 1 and "log" in got and not sqlite:
        CHROME["running"] = records(open_chrome(folders[0]))
    stop(proc)
    out = subprocess.run(["chromium", "--version"], capture_output=True, text=True, env=tool_env())
    B["version"] = out.stdout.strip()
    if sqlite:  # one file a database, named by a hash, in a folder of the origin's
        return [f for f in glob.glob(os.path.join(profile, "Default/IndexedDB/http_127.0.0.1_*/*"))
                if not f.endswith(("-wal", "-journal", "-shm"))]
    return folders


CHROME = {}


def open_chrome(folder):
    """A connection with both extensions and Chrome's keys and values in a
    temporary table idb, as docs/chrome.md makes it."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.text_factory = bytes
    db.enable_load_extension(True)
    db.load_extension(os.path.join(build, "ok"))
    db.load_extension(os.path.join(build, "ok_store"))
    db.execute("CREATE TEMP TABLE idb AS SELECT c.*, c.leveldb_key FROM ok_leveldb(?) s, "
               "ok_chrome_key(s.key, s.value) c", [folder])
    return db


def records(db):
    return db.execute("SELECT leveldb_key, value FROM idb WHERE kind = 'record' ORDER BY 1").fetchall()


def tool_env(**more):
    env = dict(os.environ, **more)
    env.pop("LD_PRELOAD", None)  # the sanitizer's runtime is for this process only
    return env


# Each browser: how it runs, its format, and where its file keeps the
# keys of a store (its name ?) and of an index (its name ?: key, primary key).
BROWSERS = {
    "firefox": {
        "run": run_firefox,
        "id": "ff",
        "column": ("BLOB", "BLOB"),
        "store": "SELECT key FROM object_data WHERE object_store_id = "
                 "(SELECT id FROM object_store WHERE name = ?) ORDER BY key",
        "index": "SELECT value, object_data_key FROM index_data WHERE index_id = "
                 "(SELECT id FROM object_store_index WHERE name = ?1) UNION ALL "
                 "SELECT value, object_data_key FROM unique_index_data WHERE index_id = "
                 "(SELECT id FROM object_store_index WHERE name = ?1) ORDER BY 1, 2",
        "keys": "SELECT key FROM object_data UNION ALL SELECT value FROM index_data UNION ALL "
                "SELECT value FROM unique_index_data",
        "is_array": lambda key: key[0] >= 0x50,
        "negative_zero": False,  # -0 is written as 0
        "cmp_order": lambda d: True,  # every key sorts as indexedDB.cmp
        # docs/firefox.md's queries, each with the rows it must give: 20, and
        # the entries of the two indexes that are not unique
        "docs": [("SELECT s.name, ok_quote(d.key, 'firefox') FROM object_data d JOIN object_store s "
                  "ON s.id = d.object_store_id ORDER BY d.object_store_id, d.key LIMIT 20",
                  lambda log: 20),
                 ("SELECT i.name, ok_json(x.value, 'firefox'), ok_json(x.object_data_key, 'firefox') "
                  "FROM index_data x JOIN object_store_index i ON i.id = x.index_id",
                  lambda log: len(log["pair"]) + len(log["tags"]))],
        # the store's keys that are arrays starting with the value ?2
        "range": "SELECT key FROM object_data WHERE object_store_id = (SELECT id FROM object_store "
                 "WHERE name = ?1) AND key >= ok_firefox_range_begin(?2) AND key < "
                 "ok_firefox_range_end(?2) ORDER BY key",
        # a stored key found by the key built from its value
        "find": "SELECT count(*) FROM object_data WHERE object_store_id = (SELECT id FROM object_store "
                "WHERE name = ?1) AND key = ?2",
    },
    "webkit": {
        "run": run_webkit,
        "id": "wk",
        "column": ("TEXT COLLATE IDBKEY", "TEXT"),
        "store": "SELECT key FROM Records WHERE objectStoreID = "
                 "(SELECT id FROM ObjectStoreInfo WHERE name = ?) ORDER BY key",
        "index": "SELECT key, value FROM IndexRecords WHERE indexID = "
                 "(SELECT id FROM IndexInfo WHERE name = ?1) ORDER BY key, value",
        "keys": "SELECT key FROM Records UNION ALL SELECT key FROM IndexRecords",
        "is_array": lambda key: key[1] == 0xA0,
        "negative_zero": True,  # kept as it was given
        # WebKit orders a binary inside an array by the rest of the key
        # (docs/webkit.md): the others sort as indexedDB.cmp
        "cmp_order": lambda d: "a" not in d or not any(has_binary(e) for e in d["a"]),
        # docs/webkit.md's queries, each with the rows it must give: 20, and
        # every index entry (one table holds all three indexes)
        "docs": [("SELECT s.name, ok_quote(r.key, 'webkit') FROM Records r JOIN ObjectStoreInfo s "
                  "ON s.id = r.objectStoreID ORDER BY r.objectStoreID, r.key LIMIT 20",
                  lambda log: 20),
                 ("SELECT i.name, ok_json(x.key, 'webkit'), ok_json(x.value, 'webkit') "
                  "FROM IndexRecords x JOIN IndexInfo i ON i.id = x.indexID",
                  lambda log: len(log["pair"]) + len(log["tags"]) + len(log["unique"]))],
        "range": None,  # its order is IDBKEY's, no prefix bounds
        # through the unique index on (objectStoreID, key), under IDBKEY
        "find": "SELECT count(*) FROM Records WHERE objectStoreID = (SELECT id FROM ObjectStoreInfo "
                "WHERE name = ?1) AND key = CAST(?2 AS TEXT)",
    },
    "chrome": {
        "run": run_chrome,
        "id": "cr",
        "bulk": 4000,  # 8 MB more: table files, not the log alone
        # the keys built sort as a record's LevelDB keys do, by idb_cmp1
        "column": ("TEXT COLLATE idb_cmp1", "TEXT"),
        "sortable": lambda key: b"\x00\x01\x01\x01" + key,
        # a store's records and an index's live entries (their version the
        # record's), in Chrome's order, as docs/chrome.md reads them
        "store": "SELECT key FROM idb WHERE kind = 'record' AND store_id = "
                 "(SELECT store_id FROM idb WHERE what = 'store name' AND value = ?) "
                 "ORDER BY CAST(leveldb_key AS TEXT) COLLATE idb_cmp1",
        "index": "SELECT x.key, x.primary_key FROM idb x JOIN idb i ON i.what = 'index name' "
                 "AND i.database_id = x.database_id AND i.store_id = x.store_id AND i.index_id = x.index_id "
                 "JOIN idb e ON e.kind = 'exists' AND e.database_id = x.database_id AND "
                 "e.store_id = x.store_id AND e.key = x.primary_key AND e.version = x.version "
                 "WHERE x.kind = 'index' AND i.value = ?1 "
                 "ORDER BY CAST(x.leveldb_key AS TEXT) COLLATE idb_cmp1",
        # every live key: records' and exists entries', and the index
        # entries' whose version is their record's (the others, left by
        # overwrites and deletes, Chrome removes when it meets them)
        "keys": "WITH live AS (SELECT x.key, x.primary_key FROM idb x JOIN idb e ON e.kind = 'exists' "
                "AND e.database_id = x.database_id AND e.store_id = x.store_id AND e.key = x.primary_key "
                "AND e.version = x.version WHERE x.kind = 'index') "
                "SELECT key FROM idb WHERE kind IN ('record', 'exists') AND store_id IN (SELECT store_id "
                "FROM idb WHERE what = 'store name' AND value IN ('keys', 'rows')) UNION ALL "
                "SELECT key FROM live UNION ALL SELECT primary_key FROM live",
        "is_array": lambda key: key[0] == 0x04,
        "negative_zero": True,  # kept as it was given
        "cmp_order": lambda d: True,
        # docs/chrome.md's queries, each with the rows it must give
        "docs": [("SELECT origin, name, value AS id FROM idb WHERE what = 'database name'",
                  lambda log: 1),
                 ("SELECT database_id, store_id, value AS name FROM idb WHERE what = 'store name'",
                  lambda log: 3),
                 ("SELECT s.value AS store, ok_json(r.key, 'chrome') AS key, r.value FROM idb r "
                  "JOIN idb s ON s.what = 'store name' AND s.database_id = r.database_id AND "
                  "s.store_id = r.store_id WHERE r.kind = 'record' "
                  "ORDER BY CAST(r.leveldb_key AS TEXT) COLLATE idb_cmp1",
                  lambda log: len(log["store"]) + len(log["rows"]) + log["bulk"])],
        "range": None,
        "find": "SELECT count(*) FROM idb WHERE kind = 'record' AND key = ?2 AND store_id = "
                "(SELECT store_id FROM idb WHERE what = 'store name' AND value = ?1)",
    },
    "chromesql": {
        "run": run_chrome,
        "id": "cs",
        "column": ("BLOB", "BLOB"),
        # names are UTF-16 BLOBs
        "store": "SELECT key FROM records WHERE object_store_id = "
                 "(SELECT id FROM object_stores WHERE ok_utf16le(name) = ?) ORDER BY key",
        "index": "SELECT key, record_key FROM index_references WHERE index_id = "
                 "(SELECT id FROM indexes WHERE ok_utf16le(name) = ?1) ORDER BY key, record_key",
        "keys": "SELECT key FROM records UNION ALL SELECT key FROM index_references UNION ALL "
                "SELECT record_key FROM index_references",
        "is_array": lambda key: key[0] == 0x50,
        "negative_zero": False,  # -0 is written as 0
        "cmp_order": lambda d: True,
        # docs/chrome.md's queries, each with the rows it must give
        "docs": [("SELECT ok_utf16le(s.name) AS store, ok_json(r.key, 'chromesql') AS key FROM records r "
                  "JOIN object_stores s ON s.id = r.object_store_id ORDER BY r.object_store_id, r.key",
                  lambda log: len(log["store"]) + len(log["rows"])),
                 ("SELECT ok_utf16le(i.name), ok_json(x.key, 'chromesql'), ok_json(x.record_key, 'chromesql') "
                  "FROM index_references x JOIN indexes i ON i.object_store_id = x.object_store_id "
                  "AND i.id = x.index_id",
                  lambda log: len(log["pair"]) + len(log["tags"]) + len(log["unique"]))],
        "range": None,
        "find": "SELECT count(*) FROM records WHERE object_store_id = (SELECT id FROM object_stores "
                "WHERE ok_utf16le(name) = ?1) AND key = ?2",
    },
}
B = BROWSERS[browser]
PACK = f"ok_{browser}_pack"


def has_binary(d):
    return "b" in d or ("a" in d and any(has_binary(e) for e in d["a"]))


def run_browser(tmp):
    """The page's log and a copy of the file the browser wrote, or exits."""
    server, got = serve()
    start = time.time()
    url = f"http://127.0.0.1:{server.server_address[1]}/page.html?n={count}&bulk={B.get('bulk', 0)}&open={int('bulk' in B)}"
    files = B["run"](tmp, url, got)
    server.shutdown()
    log = got.get("log")
    if not log or "error" in log:
        check(f"{browser} wrote the keys", False, log or f"no log in {time.time() - start:.0f} s")
        finish()
    print(f"{B.get('version', log['userAgent'])}: {len(log['keys'])} keys logged in {time.time() - start:.1f} s")
    check("one IndexedDB file", len(files) == 1, files)
    if len(files) != 1:
        finish()
    if browser == "chrome":  # a folder, read where it is
        return log, files[0]
    db_path = os.path.join(tmp, "idb.sqlite")
    for suffix in ("", "-wal"):
        if os.path.exists(files[0] + suffix):
            shutil.copy(files[0] + suffix, db_path + suffix)
    return log, db_path


# --- The logged values as SQL, and back --------------------------------------

def units_wtf8(units):
    """UTF-16 units as UTF-8, a lone surrogate as its three bytes (WTF-8)."""
    out, i = bytearray(), 0
    while i < len(units):
        u = units[i]
        if 0xD800 <= u < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1] < 0xE000:
            u = 0x10000 + ((u - 0xD800) << 10) + (units[i + 1] - 0xDC00)
            i += 1
        if u < 0x80:
            out.append(u)
        elif u < 0x800:
            out += bytes([0xC0 | u >> 6, 0x80 | u & 0x3F])
        elif u < 0x10000:
            out += bytes([0xE0 | u >> 12, 0x80 | u >> 6 & 0x3F, 0x80 | u & 0x3F])
        else:
            out += bytes([0xF0 | u >> 18, 0x80 | u >> 12 & 0x3F, 0x80 | u >> 6 & 0x3F, 0x80 | u & 0x3F])
        i += 1
    return bytes(out)


def sql_value(d, args):
    """A logged value as an SQL expression for the builder's arguments."""
    if "n" in d:
        args.append(struct.unpack(">d", bytes.fromhex(d["n"]))[0])
        return "?"
    if "s" in d:
        args.append(units_wtf8(d["s"]))
        return "CAST(? AS TEXT)"
    if "b" in d:
        args.append(bytes.fromhex(d["b"]))
        return "?"
    if "d" in d:
        args.append(d["d"])
        return f"ok_{browser}_date(?)"
    return f"ok_{browser}_array(" + ", ".join(sql_value(e, args) for e in d["a"]) + ")"


def pack_args(d, value):
    """The builder's arguments for a logged key: an array's elements
    (one alone in the array constructor), or the value."""
    if "a" in d and len(d["a"]) != 1:
        return ", ".join(value(e) for e in d["a"])
    return value(d)


def build_key(db, d):
    args = []
    inner = pack_args(d, lambda e: sql_value(e, args))
    return db.execute(f"SELECT {PACK}({inner})", args).fetchone()[0]


def literal(db, d):
    """A logged value as SQL text (a number as ok_unlexi of its exact lexi string)."""
    if "n" in d:
        x = struct.unpack(">d", bytes.fromhex(d["n"]))[0]
        return "ok_unlexi('%s')" % db.execute("SELECT ok_lexi(?)", [x]).fetchone()[0].decode()
    if "s" in d:
        return "CAST(x'%s' AS TEXT)" % units_wtf8(d["s"]).hex().upper()
    if "b" in d:
        return "x'%s'" % d["b"].upper()
    if "d" in d:
        return f"ok_{browser}_date(%d)" % d["d"]
    return f"ok_{browser}_array(" + ", ".join(literal(db, e) for e in d["a"]) + ")"


def write_vectors(db, path, log):
    """Every 3rd key of the object store, the edges' among them, as id,
    expression, the browser's bytes, ok_json of them."""
    with open(path, "w") as f:
        f.write("# %s IndexedDB keys: written by %s into its %s (test/indexeddb/check.py "
                "--vectors; see README.md)\n# id\tok expression\tthe browser's key (hex)\tok_json of it\n"
                % (browser, B.get("version", log["userAgent"].split()[-1]),
                   "LevelDB" if browser == "chrome" else "SQLite file"))
        for i, (d, _) in enumerate(log["store"][::3]):
            key = build_key(db, d)
            expr = f"{PACK}(" + pack_args(d, lambda e: literal(db, e)) + ")"
            j = db.execute(f"SELECT ok_json(?, '{browser}')", [key]).fetchone()[0].decode()
            f.write(f"{B['id']}-{i + 1:05d}\t{expr}\t{key.hex().upper()}\t{j}\n")


def iso(ms):
    """A Date's toISOString()."""
    days, rest = divmod(ms, 86400000)
    # civil from days (Howard Hinnant's algorithm)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    y += month <= 2
    year = f"{y:04d}" if 0 <= y <= 9999 else f"{'+' if y > 0 else '-'}{abs(y):06d}"
    h, rest = divmod(rest, 3600000)
    m, rest = divmod(rest, 60000)
    s, msec = divmod(rest, 1000)
    return f"{year}-{month:02d}-{day:02d}T{h:02d}:{m:02d}:{s:02d}.{msec:03d}Z"


def wtf8_units(b):
    """WTF-8 bytes back to UTF-16 units."""
    units, i = [], 0
    while i < len(b):
        c = b[i]
        n = 1 if c < 0x80 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4
        cp = c if n == 1 else c & (0x7F >> n)
        for k in range(1, n):
            cp = cp << 6 | b[i + k] & 0x3F
        if cp >= 0x10000:
            units += [0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF)]
        else:
            units.append(cp)
        i += n
    return units


def read_key(db, key):
    """A key as ok's readers give it, in the log's terms."""
    rows = db.execute(f"SELECT kind, value FROM ok_each(?, '{browser}')", [key]).fetchall()
    values = []
    for kind, v in rows:
        kind = kind.decode()
        if kind == "number":
            values.append({"n": struct.pack(">d", float(v)).hex()})
        elif kind == "string":
            values.append({"s": wtf8_units(v)})
        elif kind == "binary":
            values.append({"b": v.hex()})
        elif kind == "date":
            values.append({"iso": v.decode()})
        else:
            values.append(read_key(db, v))
    return {"a": values} if B["is_array"](key) else values[0]


def comparable(d):
    """The logged value with its Date as its ISO text, as ok reads it."""
    if "d" in d:
        return {"iso": iso(d["d"])}
    if "a" in d:
        return {"a": [comparable(e) for e in d["a"]]}
    if "n" in d and d["n"] == "8000000000000000" and not B["negative_zero"]:
        return {"n": "0000000000000000"}  # -0: one key with 0
    return d


def snapshot(folder):
    """Each file of a folder: its name, size, times and bytes."""
    out = {}
    for name in sorted(os.listdir(folder)):
        st = os.stat(os.path.join(folder, name))
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, f.read())
    return out


def chrome_checks(db, folder, log, before, tmp):
    """What only Chrome's store has: a LevelDB read while Chromium ran, in
    an order LevelDB itself checks, its deleted records, its files as they
    were."""
    check("read while Chromium ran: the same records as after", CHROME.get("running") == records(db),
          (len(CHROME.get("running") or []), len(records(db))))
    # LevelDB's own library on a copy, with ok's comparator
    copy = os.path.join(tmp, "copy")
    shutil.copytree(folder, copy)
    order = subprocess.run([os.path.join(build, "chrome-order"), copy], capture_output=True, text=True,
                           env=tool_env())
    walk = order.stdout.split("\n")
    check("LevelDB opens Chrome's store with ok's idb_cmp1: in order, every key found",
          order.returncode == 0, (order.returncode, walk[-2:], order.stderr[-300:]))
    mine = [r[0].decode() for r in db.execute(
        "SELECT hex(key) FROM ok_leveldb(?) ORDER BY CAST(key AS TEXT) COLLATE idb_cmp1", [folder])]
    check("ok_leveldb's keys in idb_cmp1's order are LevelDB's walk", mine == walk[:-2],
          (len(mine), len(walk) - 2))
    tables = [n for n in before if n.endswith((".ldb", ".sst"))]
    check("Chromium wrote table files (the order is its, not only ok's sort of a log)", len(tables) > 0,
          sorted(before))
    print(f"LevelDB with ok's comparator on {len(tables)} tables and the log: "
          f"{walk[-2] if len(walk) > 1 else order.stderr[-200:]}")
    # the deleted records: none is a live row; those the files still hold
    # (Chrome compacts most away soon: the last ones, in the log) are a
    # put, then a delete, in ok_leveldb_versions
    store = db.execute("SELECT store_id FROM idb WHERE what = 'store name' AND value = 'rows'").fetchone()[0]
    live = {json.dumps(w[0], sort_keys=True) for w in log["rows"]}  # an id written again after
    gone = {json.dumps(d, sort_keys=True) for d in log["deleted"]} - live
    seen = 0
    for d in map(json.loads, sorted(gone)):
        key = build_key(db, d)
        kinds = [r[0] for r in db.execute(
            "SELECT v.kind FROM ok_leveldb_versions(?1) v, ok_chrome_key(v.key) c WHERE c.kind = 'record' "
            "AND c.store_id = ?2 AND c.key = ?3 ORDER BY v.seq", [folder, store, key])]
        seen += len(kinds) > 0
        check("a deleted record the files hold: a put, then a delete, in ok_leveldb_versions",
              not kinds or (len(kinds) >= 2 and kinds[0] == b"put" and kinds[-1] == b"delete"), (d, kinds))
        check("a deleted record is no live row", db.execute(
            "SELECT count(*) FROM idb WHERE kind = 'record' AND store_id = ? AND key = ?",
            [store, key]).fetchone()[0] == 0, d)
    check("deleted records still in the files", seen > 0 and len(gone) > 10, (seen, len(gone)))
    print(f"{len(gone)} records deleted, {seen} of them still in the files (the rest compacted away)")
    after = snapshot(folder)
    check("no file of the store changed (names, sizes, times, bytes)", before == after,
          sorted(set(before) ^ set(after)) or [n for n in before if before[n] != after.get(n)])


def main():
    tmp = tempfile.mkdtemp(prefix=f"ok-{browser}-")
    try:
        log, path = run_browser(tmp)
        if browser == "chrome":
            before = snapshot(path)
            db = open_chrome(path)
        else:
            db = sqlite3.connect(path, isolation_level=None)
            db.text_factory = bytes
            db.enable_load_extension(True)
            db.load_extension(os.path.join(build, "ok"))
        if browser != "chrome":  # a file of the browser's (Chrome's is a LevelDB, read into a temp table)
            integrity = db.execute("PRAGMA integrity_check").fetchall()
            check("integrity_check", integrity == [(b"ok",)], integrity[:5])
        for name, err in log["refused"].items():
            check(f"the browser refuses a {name} key", err == "DataError", err)

        # the keys built, ordered as the browser's own tables order them
        built = [build_key(db, d) for d in log["keys"]]
        db.execute(f"CREATE TEMP TABLE built(i INTEGER, k {B['column'][0]})")
        sortable = B.get("sortable", lambda key: key)
        db.executemany(f"INSERT INTO built VALUES (?, CAST(? AS {B['column'][1]}))",
                       [(i, sortable(k)) for i, k in enumerate(built)])
        ranked = db.execute("SELECT i, dense_rank() OVER (ORDER BY k) FROM built ORDER BY k, i").fetchall()
        rank = dict(ranked)
        keep = [B["cmp_order"](d) for d in log["keys"]]
        mine = [i for i, _ in ranked if keep[i]]
        pos = [j for j, i in enumerate(log["order"]) if keep[i]]  # where the kept ones are
        theirs = [log["order"][j] for j in pos]
        check("keys sort as indexedDB.cmp", mine == theirs and len(mine) > len(built) // 2,
              next(((j, a, b) for j, (a, b) in enumerate(zip(mine, theirs)) if a != b), None))
        # a tie of two kept keys: every key between them in cmp's order ties too
        ties = [all(log["ties"][p:q]) for p, q in zip(pos, pos[1:])]
        ours = [rank[a] == rank[b] for a, b in zip(theirs, theirs[1:])]
        check("ties as indexedDB.cmp", ties == ours, (sum(ties), sum(ours)))
        print(f"{len(mine)} keys in indexedDB.cmp's order, {len(built) - len(mine)} left out "
              f"(binary inside arrays); the browser's cursors misread {log['misread']}")

        def same_rows(label, rows, walk, pairs):
            check(f"{label}: as many rows as the cursor", len(rows) == len(walk), (len(rows), len(walk)))
            for row, w in zip(rows, walk):
                want = [build_key(db, d) for d in (w if pairs else w[:1])]
                check(f"{label}: the browser's bytes = {PACK}'s", list(row) == want,
                      ([r.hex() for r in row], [x.hex() for x in want], w))

        for store, walk in (("keys", log["store"]), ("rows", log["rows"])):
            same_rows(f"object store {store}", db.execute(B["store"], [store]).fetchall(), walk, 0)
        for index in ("pair", "tags", "unique"):
            same_rows(f"index {index}", db.execute(B["index"], [index]).fetchall(), log[index], 1)

        keys = [r[0] for r in db.execute(B["keys"])]
        walked = [w[k] for name in ("store", "rows", "pair", "tags", "unique") for w in log[name] for k in (0, 1)]
        by_bytes = {build_key(db, d): d for d in walked}
        for key in keys:
            want = by_bytes.get(key)
            check("a stored key is one the cursors listed", want is not None, key.hex())
            if want is None:
                continue
            got = read_key(db, key)
            check("ok_each reads the value the browser wrote", got == comparable(want),
                  (key.hex(), got, want))
            q = db.execute(f"SELECT ok_quote(?, '{browser}')", [key]).fetchone()[0].decode()
            again = db.execute(f"SELECT {PACK}{q}").fetchone()[0]
            check("ok_quote rebuilds the key", again == key, (key.hex(), q))
        for sql, rows in B["docs"]:
            got = len(db.execute(sql).fetchall())
            check("the docs' query gives its rows", got == rows(log), (sql, got, rows(log)))
        for d, _ in log["store"]:  # each record found by the key of its value
            found = db.execute(B["find"], ["keys", build_key(db, d)]).fetchone()[0]
            check("a record found by the key built from its value", found == 1, d)
        if B["range"]:  # array keys by their first value, through the range bounds
            arrays = [d for d, _ in log["store"] if "a" in d and d["a"]]
            for first in {json.dumps(d["a"][0]) for d in arrays[:40]}:
                args = []
                value = sql_value(json.loads(first), args)
                got = [r[0] for r in db.execute(B["range"].replace("?2", value).replace("?1", "?"),
                                                ["keys"] + args * 2)]
                alike = build_key(db, json.loads(first))  # -0 and 0 are one key
                want = sorted(build_key(db, d) for d in arrays if build_key(db, d["a"][0]) == alike)
                check("an array range gives the arrays that start with its value", got == want,
                      (first, len(got), len(want)))
        print(f"{len(keys)} stored keys read, {len(built)} keys built")
        if browser == "chrome":
            chrome_checks(db, path, log, before, tmp)
        if vectors:
            write_vectors(db, vectors, log)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
