"""ok -- order-preserving keys -- for Python's sqlite3 module.

    import sqlite3, sqlite_ok
    conn = sqlite3.connect("app.db")
    sqlite_ok.load(conn)
    conn.execute("SELECT hex(ok_pack(42, 'abc'))").fetchone()   # ('4DA87061626300',)

The package carries the built extension; loadable_path() is its path for
programs that load it themselves (SQLite adds the .so).
"""
import os

from ._version import __version__

__all__ = ["load", "loadable_path", "__version__"]


def loadable_path():
    """The extension's path without its suffix, as sqlite3's load_extension takes it."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "ok")


def load(conn):
    """Loads ok into conn (sqlite3, pysqlite3 or apsw connection).

    Extension loading is turned on for this call only and off again after it.
    """
    enable = getattr(conn, "enable_load_extension", None)
    if enable is None:
        raise RuntimeError(
            "sqlite_ok.load: this Python's sqlite3 module cannot load extensions "
            "(it was built without them, as pyenv's and python.org's builds often are); "
            "use a Python that can (Debian's and Ubuntu's /usr/bin/python3, Homebrew's), "
            "or the pysqlite3 or apsw package, whose connections sqlite_ok.load also takes"
        )
    enable(True)
    try:
        conn.load_extension(loadable_path())
    finally:
        enable(False)
