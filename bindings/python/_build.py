"""A PEP 517 backend for sqlite-ok with nothing to download: it builds the
extension with the repository's Makefile and writes the wheel itself."""
import base64
import hashlib
import io
import os
import re
import subprocess
import sysconfig
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NAME = "sqlite_ok"


def _version():
    with open(os.path.join(ROOT, "VERSION")) as f:
        return f.read().strip()


def _metadata(version):
    return (
        "Metadata-Version: 2.1\n"
        "Name: sqlite-ok\n"
        f"Version: {version}\n"
        "Summary: ok, order-preserving keys, as an SQLite extension for Python\n"
        "License: MIT\n"
        "Requires-Python: >=3.7\n"
    )


NEEDS = (
    "building sqlite-ok needs make, a C compiler, SQLite's headers and xxHash's: "
    "on Debian or Ubuntu `sh setup.sh` in the repository installs them "
    "(apt-get install make gcc libsqlite3-dev libxxhash-dev)"
)


def _library():
    """Builds build/ok.so (or .dylib) and build/ok_files.so (LevelDB from its
    files) and returns ok's path and suffix."""
    try:
        subprocess.run(["make", "-s", "-C", ROOT, "all"], check=True, stdout=subprocess.DEVNULL)
    except FileNotFoundError:
        raise SystemExit("sqlite-ok: no make; " + NEEDS) from None
    except subprocess.CalledProcessError:
        raise SystemExit("sqlite-ok: make failed (its errors are above); " + NEEDS) from None
    for suffix in ("so", "dylib"):
        path = os.path.join(ROOT, "build", "ok." + suffix)
        if os.path.exists(path):
            return path, suffix
    raise RuntimeError("sqlite-ok: make did not build build/ok.so")


def _stripped(library):
    """The library's bytes without symbols a loader does not need (as make install)."""
    copy = os.path.join(os.path.dirname(library), "ok-wheel." + library.rsplit(".", 1)[1])
    try:
        subprocess.run(["strip", "--strip-unneeded", "-o", copy, library], check=True)
        with open(copy, "rb") as f:
            return f.read()
    except (OSError, subprocess.CalledProcessError):
        with open(library, "rb") as f:
            return f.read()
    finally:
        if os.path.exists(copy):
            os.remove(copy)


# What a manylinux wheel may link (PEP 600): the C library's own parts.
MANYLINUX_LIBS = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "ld-linux-x86-64.so.2",
                  "ld-linux-aarch64.so.1"}


def _platform(library):
    """The wheel's platform tag: manylinux_2_N_<arch> on glibc, N the newest glibc
    symbol version the library needs (at least 5), when it links nothing else; else
    the build machine's own tag (linux_<arch>, macosx_...)."""
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    if not platform.startswith("linux_"):
        return platform
    try:
        dynamic = subprocess.run(["objdump", "-T", "-p", library], check=True,
                                 capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform
    needed = {line.split()[1] for line in dynamic.splitlines() if line.strip().startswith("NEEDED")}
    versions = [int(v) for v in re.findall(r"GLIBC_2\.(\d+)", dynamic)]
    if not versions or not needed <= MANYLINUX_LIBS:
        return platform
    return "manylinux_2_%d_%s" % (max(5, max(versions)), platform[len("linux_"):])


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    library, suffix = _library()
    tag = f"py3-none-{_platform(library)}"
    dist_info = f"{NAME}-{version}.dist-info"
    files = {}
    for name in sorted(os.listdir(os.path.join(HERE, NAME))):
        if name.endswith(".py"):
            with open(os.path.join(HERE, NAME, name), "rb") as f:
                files[f"{NAME}/{name}"] = f.read()
    files[f"{NAME}/_version.py"] = f'__version__ = "{version}"\n'.encode()
    files[f"{NAME}/ok.{suffix}"] = _stripped(library)
    files[f"{NAME}/ok_files.{suffix}"] = _stripped(library.replace("ok." + suffix, "ok_files." + suffix))
    files[f"{dist_info}/METADATA"] = _metadata(version).encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: sqlite-ok _build.py\n"
        f"Root-Is-Purelib: false\nTag: {tag}\n"
    ).encode()
    record = io.StringIO()
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.write(f"{path},sha256={digest},{len(data)}\n")
    record.write(f"{dist_info}/RECORD,,\n")
    files[f"{dist_info}/RECORD"] = record.getvalue().encode()
    wheel = f"{NAME}-{version}-{tag}.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if path.endswith(suffix) else 0o644) << 16
            z.writestr(info, data, zipfile.ZIP_DEFLATED)
    return wheel
