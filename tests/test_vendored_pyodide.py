"""Pyodide, vendored unchanged under static/vendor/pyodide: every file is the one its README lists by sha256."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from django.conf import settings

VERSION = "314.0.7"
HERE = Path(settings.BASE_DIR) / "static" / "vendor" / "pyodide"
# What loadPyodide() fetches from its indexURL to start CPython with its standard library, and the package's
# own package.json and licence.
FILES = {
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
    "LICENSE",
}
ROW = re.compile(r"^\| `(?P<name>[^`]+)` +\| (?P<size>\d+) +\| `(?P<sha256>[0-9a-f]{64})` \|$", re.MULTILINE)


def listed() -> dict[str, tuple[int, str]]:
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    return {row["name"]: (int(row["size"]), row["sha256"]) for row in ROW.finditer(readme)}


def test_the_readme_lists_every_vendored_file_and_nothing_else_is_there() -> None:
    assert set(listed()) == FILES
    assert {path.name for path in HERE.iterdir()} == FILES | {"README.md"}


def test_every_vendored_file_is_unchanged() -> None:
    for name, (size, sha256) in listed().items():
        data = (HERE / name).read_bytes()
        assert (len(data), hashlib.sha256(data).hexdigest()) == (size, sha256), name


def test_the_package_is_pyodide_at_the_version_the_readme_names() -> None:
    package = json.loads((HERE / "package.json").read_text(encoding="utf-8"))
    assert (package["name"], package["version"], package["license"]) == ("pyodide", VERSION, "MPL-2.0")
    assert (HERE / "README.md").read_text(encoding="utf-8").startswith(f"# Pyodide {VERSION}\n")
    assert (HERE / "LICENSE").read_text(encoding="utf-8").startswith("Mozilla Public License Version 2.0\n")
