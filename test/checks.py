"""checks.py -- the count the Python suites keep (test/stores.py,
test/stores/check.py, test/indexeddb/check.py): each check passes or fails,
the first 30 failures are printed with their detail, and finish() prints the
line test/run_all.sh reads and exits 1 when any failed.
"""
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
