#!/usr/bin/python3
"""firefox.py BUILD_DIR [N] [--vectors FILE]: Firefox's IndexedDB keys,
against Firefox itself.

Serves test/indexeddb/page.html on 127.0.0.1 to a headless firefox-esr with
a new profile; the page writes ~N random keys (2,000 by default) and the
edges into IndexedDB and posts back what Firefox says of them: the keys,
their order by indexedDB.cmp with ties, and its cursors' order over a store
and three indexes (compound, multiEntry, unique). Then, on the SQLite file that
Firefox wrote in the profile:
  - each key ok_firefox_pack builds from the logged value equals Firefox's
    bytes (object_data.key, index_data.value and object_data_key), in the
    cursors' order;
  - the keys built sort (memcmp) exactly as indexedDB.cmp, with its ties;
  - every stored key read by ok_each (nested arrays in turn) gives the
    logged value back, and ok_quote's text, run again, gives the key;
  - PRAGMA integrity_check says ok; what Firefox refuses (NaN...) is logged.
With --vectors, also writes FILE (test/firefox/vectors.tsv): a share of the
keys Firefox stored, with the values, for test/vectors.sh where no Firefox
runs (the other CPUs). Ends "N passed, M failed".
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

args = [a for a in sys.argv[1:] if not a.startswith("--")]
vectors = sys.argv[sys.argv.index("--vectors") + 1] if "--vectors" in sys.argv else None
if vectors:
    args.remove(vectors)
build = os.path.abspath(args[0])
count = int(args[1]) if len(args) > 1 else 2000
here = os.path.dirname(os.path.abspath(__file__))
passed = failed = 0


def check(name, good, detail=""):
    global passed, failed
    if good:
        passed += 1
    else:
        failed += 1
        if failed <= 30:
            print("FAIL", name, str(detail)[:600])


def finish():
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


# --- Firefox writes the keys ------------------------------------------------

def run_firefox(tmp):
    """The page's log and the profile Firefox wrote, or exits."""
    page = open(os.path.join(here, "page.html"), "rb").read()
    got = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            got["log"] = json.loads(body)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    profile = os.path.join(tmp, "profile")
    os.makedirs(profile)
    with open(os.path.join(profile, "user.js"), "w") as f:
        for pref in ("browser.shell.checkDefaultBrowser", "datareporting.policy.dataSubmissionEnabled",
                     "toolkit.telemetry.enabled", "app.update.enabled", "browser.aboutwelcome.enabled",
                     "extensions.update.enabled", "browser.safebrowsing.malware.enabled",
                     "browser.safebrowsing.phishing.enabled", "network.captive-portal-service.enabled"):
            f.write(f'user_pref("{pref}", false);\n')
        f.write('user_pref("browser.startup.homepage_override.mstone", "ignore");\n')
    env = dict(os.environ, MOZ_HEADLESS="1")
    env.pop("LD_PRELOAD", None)
    start = time.time()
    proc = subprocess.Popen(["firefox-esr", "--headless", "--no-remote", "--profile", profile,
                             f"http://127.0.0.1:{port}/page.html?n={count}"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while "log" not in got and time.time() - start < 180 and proc.poll() is None:
        time.sleep(0.2)
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    server.shutdown()
    log = got.get("log")
    if not log or "error" in log:
        check("firefox wrote the keys", False, log or f"no log in {time.time() - start:.0f} s")
        finish()
    print(f"{log['userAgent']}: {len(log['keys'])} keys logged in {time.time() - start:.1f} s")
    files = glob.glob(os.path.join(profile, "storage/default/http+++127.0.0.1+*/idb/*.sqlite"))
    check("one IndexedDB file in the profile", len(files) == 1, files)
    if len(files) != 1:
        finish()
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
    """A logged value as an SQL expression for ok_firefox_pack's arguments."""
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
        return "ok_firefox_date(?)"
    return "ok_firefox_array(" + ", ".join(sql_value(e, args) for e in d["a"]) + ")"


def build_key(db, d):
    args = []
    if "a" in d and len(d["a"]) != 1:
        inner = ", ".join(sql_value(e, args) for e in d["a"])
    else:
        inner = sql_value(d, args)
    return db.execute(f"SELECT ok_firefox_pack({inner})", args).fetchone()[0]


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
        return "ok_firefox_date(%d)" % d["d"]
    return "ok_firefox_array(" + ", ".join(literal(db, e) for e in d["a"]) + ")"


def write_vectors(db, path, log):
    """Every 3rd key of the object store, the edges' among them, as id,
    expression, Firefox's bytes, ok_json of them."""
    with open(path, "w") as f:
        f.write("# Firefox IndexedDB keys: written by %s into its SQLite file (test/indexeddb/firefox.py "
                "--vectors; see README.md)\n# id\tok expression\tFirefox's key (hex)\tok_json of it\n"
                % log["userAgent"].split()[-1])
        for i, (d, _) in enumerate(log["store"][::3]):
            key = build_key(db, d)
            if "a" in d and len(d["a"]) != 1:
                expr = "ok_firefox_pack(" + ", ".join(literal(db, e) for e in d["a"]) + ")"
            else:
                expr = "ok_firefox_pack(" + literal(db, d) + ")"
            j = db.execute("SELECT ok_json(?, 'firefox')", [key]).fetchone()[0].decode()
            f.write(f"ff-{i + 1:05d}\t{expr}\t{key.hex().upper()}\t{j}\n")


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
    rows = db.execute("SELECT kind, value FROM ok_each(?, 'firefox')", [key]).fetchall()
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
    return {"a": values} if key[0] >= 0x50 else values[0]


def comparable(d):
    """The logged value with its Date as its ISO text, as ok reads it."""
    if "d" in d:
        return {"iso": iso(d["d"])}
    if "a" in d:
        return {"a": [comparable(e) for e in d["a"]]}
    if "n" in d and d["n"] == "8000000000000000":
        return {"n": "0000000000000000"}  # -0: one key with 0
    return d


def main():
    tmp = tempfile.mkdtemp(prefix="ok-firefox-")
    try:
        log, path = run_firefox(tmp)
        db = sqlite3.connect(path, isolation_level=None)
        db.text_factory = bytes
        db.enable_load_extension(True)
        db.load_extension(os.path.join(build, "ok"))
        check("integrity_check", db.execute("PRAGMA integrity_check").fetchone()[0] == b"ok")
        for name, err in log["refused"].items():
            check(f"Firefox refuses a {name} key", err == "DataError", err)

        built = [build_key(db, d) for d in log["keys"]]
        order = sorted(range(len(built)), key=lambda i: (built[i], i))
        check("keys sort as indexedDB.cmp", order == log["order"],
              next(((j, a, b) for j, (a, b) in enumerate(zip(order, log["order"])) if a != b), None))
        ties = [built[a] == built[b] for a, b in zip(log["order"], log["order"][1:])]
        check("ties as indexedDB.cmp", ties == log["ties"], sum(ties))

        def stored(sql, name):
            return db.execute(sql, [name]).fetchall()

        def same_rows(label, rows, walk, pairs):
            check(f"{label}: as many rows as the cursor", len(rows) == len(walk), (len(rows), len(walk)))
            for row, w in zip(rows, walk):
                want = [build_key(db, d) for d in (w if pairs else w[:1])]
                check(f"{label}: Firefox's bytes = ok_firefox_pack's", list(row) == want,
                      ([r.hex() for r in row], [x.hex() for x in want], w))

        same_rows("object store", stored(
            "SELECT key FROM object_data WHERE object_store_id = "
            "(SELECT id FROM object_store WHERE name = ?) ORDER BY key", "keys"), log["store"], 0)
        same_rows("object store by keyPath", stored(
            "SELECT key FROM object_data WHERE object_store_id = "
            "(SELECT id FROM object_store WHERE name = ?) ORDER BY key", "rows"), log["rows"], 0)
        for index, table in (("pair", "index_data"), ("tags", "index_data"),
                             ("unique", "unique_index_data")):
            same_rows(f"index {index}", stored(
                f"SELECT value, object_data_key FROM {table} WHERE index_id = "
                "(SELECT id FROM object_store_index WHERE name = ?) ORDER BY value, object_data_key",
                index), log[index], 1)

        keys = [r[0] for r in db.execute("SELECT key FROM object_data ORDER BY object_store_id, key")]
        keys += [r[0] for r in db.execute("SELECT value FROM index_data UNION ALL "
                                          "SELECT value FROM unique_index_data")]
        walked = [w[0] for w in log["store"] + log["rows"] + log["pair"] + log["tags"]]
        by_bytes = {build_key(db, d): d for d in walked}
        for key in keys:
            want = by_bytes.get(key)
            check("a stored key is one the cursors listed", want is not None, key.hex())
            if want is None:
                continue
            got = read_key(db, key)
            check("ok_each reads the value Firefox wrote", got == comparable(want),
                  (key.hex(), got, want))
            q = db.execute("SELECT ok_quote(?, 'firefox')", [key]).fetchone()[0].decode()
            again = db.execute(f"SELECT ok_firefox_pack{q}").fetchone()[0]
            check("ok_quote rebuilds the key", again == key, (key.hex(), q))
        print(f"{len(keys)} stored keys read, {len(built)} keys built")
        if vectors:
            write_vectors(db, vectors, log)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
