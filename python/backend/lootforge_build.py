"""The package's own PEP 517 build backend: the package is pure Python, so
its wheel is a zip of lootforge/ and three metadata files, written here with
the standard library alone. No setuptools, no wheel package, nothing to
fetch: `pip install ./python` works offline in any venv, whatever pip and
setuptools the interpreter has (docs/library.md, "Python")."""

import base64
import hashlib
import os
import zipfile

NAME = "lootforge"
VERSION = "0.9.0"
SUMMARY = "Random items, spells and dungeon maps from a lootforge catalog export, offline"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "py3-none-any"


def _metadata():
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Requires-Python: >=3.9\nLicense: MIT\n" % (NAME, VERSION, SUMMARY)).encode()


def _wheel_file():
    return ("Wheel-Version: 1.0\nGenerator: lootforge_build\nRoot-Is-Purelib: true\n"
            "Tag: %s\n" % TAG).encode()


def _files():
    """(name in the wheel, bytes) of every file of the package, sorted."""
    out = []
    pkg = os.path.join(HERE, NAME)
    for root, dirs, names in os.walk(pkg):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for n in sorted(names):
            if n.endswith(".py"):
                full = os.path.join(root, n)
                with open(full, "rb") as f:
                    out.append((os.path.relpath(full, HERE).replace(os.sep, "/"), f.read()))
    return out


def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = "%s-%s.dist-info" % (NAME, VERSION)
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "wb") as f:
        f.write(_metadata())
    with open(os.path.join(metadata_directory, info, "WHEEL"), "wb") as f:
        f.write(_wheel_file())
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    info = "%s-%s.dist-info" % (NAME, VERSION)
    name = "%s-%s-%s.whl" % (NAME, VERSION, TAG)
    entries = _files() + [(info + "/METADATA", _metadata()), (info + "/WHEEL", _wheel_file())]
    record = "".join("%s,%s,%d\n" % (n, _digest(d), len(d)) for n, d in entries)
    record += info + "/RECORD,,\n"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in entries + [(info + "/RECORD", record.encode())]:
            z.writestr(zipfile.ZipInfo(n, (2026, 1, 1, 0, 0, 0)), d)
    return name


def build_sdist(sdist_directory, config_settings=None):
    import tarfile
    import io
    base = "%s-%s" % (NAME, VERSION)
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in ["pyproject.toml", "backend/lootforge_build.py"] + [n for n, _ in _files()]:
            t.add(os.path.join(HERE, rel), arcname=base + "/" + rel)
        pkg = b"Metadata-Version: 2.1\nName: lootforge\nVersion: " + VERSION.encode() + b"\n"
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(pkg)
        t.addfile(ti, io.BytesIO(pkg))
    return name
