"""ok -- order-preserving keys -- for Python's sqlite3 module.

    import sqlite3, sqlite_ok
    conn = sqlite3.connect("app.db")
    sqlite_ok.load(conn)
    conn.execute("SELECT hex(ok_pack(42, 'abc'))").fetchone()   # ('4DA87061626300',)

load() loads ok_files too: LevelDB read from its files, Chrome's IndexedDB
among them (writing nothing, while the browser runs too):

    conn.execute("SELECT c.what, c.name, c.value FROM ok_leveldb(?) s, "
                 "ok_chrome_key(s.key, s.value) c", [folder]).fetchall()

The package carries the built extensions; loadable_path() is ok's path for
programs that load it themselves (SQLite adds the .so), files_loadable_path()
ok_files'.
"""
import os

from ._version import __version__

__all__ = ["load", "loadable_path", "files_loadable_path", "__version__"]


def loadable_path():
    """The extension's path without its suffix, as sqlite3's load_extension takes it."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "ok")


def files_loadable_path():
    """ok_files' path (ok_leveldb read-only and ok_leveldb_versions, linking
    no store library), as loadable_path()."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "ok_files")


def _method(conn, *names):
    for name in names:
        method = getattr(conn, name, None)
        if method is not None:
            return method
    return None


def load(conn):
    """Loads ok into conn: a connection of sqlite3, pysqlite3 or apsw.

    Extension loading is left as it was found. None of these modules says
    whether it is on, so load tries first: where loading is on, ok loads and
    nothing changes; where it is off (the default), load turns it on for
    this one call and off again.
    """
    enable = _method(conn, "enable_load_extension", "enableloadextension")  # apsw: no underscores
    load_extension = _method(conn, "load_extension", "loadextension")
    if _method(conn, "execute", "cursor") is None:
        raise TypeError(
            "sqlite_ok.load: takes a connection (sqlite3.connect(...), pysqlite3's or apsw's), "
            "not %s %r" % (type(conn).__name__, conn)
        )
    if load_extension is None:
        raise RuntimeError(
            "sqlite_ok.load: this connection cannot load extensions (%s.%s has no "
            "load_extension: Python's sqlite3 module built without them, as pyenv's and "
            "python.org's builds often are); use a Python whose sqlite3 can (Debian's and "
            "Ubuntu's /usr/bin/python3, Homebrew's), or a connection of the pysqlite3 or "
            "apsw package" % (type(conn).__module__, type(conn).__name__)
        )
    def both():
        load_extension(loadable_path())
        if any(os.path.exists(files_loadable_path() + s) for s in (".so", ".dylib", ".dll")):
            load_extension(files_loadable_path())

    try:
        both()
        return  # loading was on: leave it on
    except Exception as e:  # sqlite3.OperationalError, apsw.ExtensionLoadingError...
        if "not authorized" not in str(e) or enable is None:
            raise
    enable(True)
    try:
        both()
    finally:
        enable(False)

