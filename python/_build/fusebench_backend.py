"""fusebench_backend: the package's PEP 517 build backend, standard library only.

Why not setuptools: pip builds a package in an isolated environment that
it fills from PyPI, and without PyPI (or with --no-build-isolation) it
needs a setuptools of 70.1 or later, or the wheel package, which a pinned
environment may not have (ours has setuptools 65.5 and no wheel: "invalid
command 'bdist_wheel'"). This backend needs nothing, so
`pip install ./python` works offline, isolated or not, and from a git URL
(#subdirectory=python).

It reads name, version, summary, dependencies and console scripts from
pyproject.toml (a minimal reader for the keys used there: tomllib is 3.11
and later) and zips the package folder (fusebench_explain/, .py files) into
a wheel with its dist-info: METADATA, WHEEL, entry_points.txt and RECORD.
build_editable writes a wheel holding one .pth file naming this folder.
"""
import base64
import hashlib
import os
import re
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "fusebench_explain"


def _project():
    text = open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8").read()

    def value(key):
        m = re.search(rf'^{key}\s*=\s*"([^"]*)"', text, re.M)
        return m.group(1) if m else ""
    deps = re.search(r'^dependencies\s*=\s*\[([^\]]*)\]', text, re.M)
    scripts = re.search(r'^\[project\.scripts\]\n((?:[^\[\n][^\n]*\n?)*)', text, re.M)
    return {"name": value("name"), "version": value("version"),
            "summary": value("description"), "python": value("requires-python"),
            "deps": re.findall(r'"([^"]+)"', deps.group(1)) if deps else [],
            "scripts": re.findall(r'^([\w.-]+)\s*=\s*"([^"]+)"', scripts.group(1), re.M)
            if scripts else []}


def _dist(p):
    return f"{p['name'].replace('-', '_')}-{p['version']}"


def _metadata(p):
    lines = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {p['version']}",
             f"Summary: {p['summary']}"]
    if p["python"]:
        lines.append(f"Requires-Python: {p['python']}")
    lines += [f"Requires-Dist: {d}" for d in p["deps"]]
    readme = os.path.join(ROOT, "README.md")
    body = open(readme, encoding="utf-8").read() if os.path.exists(readme) else ""
    if body:
        lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + body


def _hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def _wheel(directory, files):
    """Writes the wheel of files ({archive name: bytes}); its file name."""
    p = _project()
    info = f"{_dist(p)}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = _metadata(p).encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: fusebench_backend\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    if p["scripts"]:
        files[f"{info}/entry_points.txt"] = ("[console_scripts]\n" + "".join(
            f"{k} = {v}\n" for k, v in p["scripts"])).encode()
    record = [f"{n},{_hash(d)},{len(d)}" for n, d in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    name = f"{_dist(p)}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files.items():
            z.writestr(n, d)
    return name


def _sources():
    out = {}
    top = os.path.join(ROOT, PACKAGE)
    for d, _, names in os.walk(top):
        for n in sorted(names):
            if n.endswith(".py"):
                path = os.path.join(d, n)
                with open(path, "rb") as f:
                    out[os.path.relpath(path, ROOT).replace(os.sep, "/")] = f.read()
    return out


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _wheel(wheel_directory, _sources())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _wheel(wheel_directory, {f"{PACKAGE}.pth": (ROOT + "\n").encode()})


def build_sdist(sdist_directory, config_settings=None):
    import tarfile
    p = _project()
    name = f"{_dist(p)}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "_build/fusebench_backend.py"] + \
                list(_sources()):
            t.add(os.path.join(ROOT, rel), arcname=f"{_dist(p)}/{rel}")
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []
