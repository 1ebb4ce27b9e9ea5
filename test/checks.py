"""checks.py -- what the Python suites share (test/stores.py,
test/stores/*.py, test/indexeddb/check.py): the count they keep (each check
passes or fails, the first 30 failures are printed with their detail, and
finish() prints the line test/run_all.sh reads and exits 1 when any
failed), and a connection with ok's extensions loaded.
"""
import os
import sqlite3
import sys

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


def connect(build, path=":memory:", extensions=("ok", "ok_store")):
    """A connection to path in autocommit mode (isolation_level None: the
    statements' own BEGIN and COMMIT), with build's extensions loaded."""
    db = sqlite3.connect(path, isolation_level=None)
    db.enable_load_extension(True)
    for e in extensions:
        db.load_extension(os.path.join(build, e))
    return db
