"""Pyodide, vendored unchanged under static/vendor/pyodide: every file is the one its README lists by sha256, served
with the types a browser needs to start it."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles.views import serve
from django.test import Client, RequestFactory

VERSION = "314.0.7"
ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "static" / "vendor" / "pyodide"
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


# serving -------------------------------------------------------------------------------------------------------------

TYPES = {
    "pyodide.mjs": "text/javascript",  # an ES module: any JavaScript type, this one the standard's
    "pyodide.asm.mjs": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",  # else no compiling while it streams in
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}


@pytest.mark.parametrize("name", sorted(TYPES))
def test_whitenoise_serves_each_file_as_its_type(settings: Any, name: str) -> None:
    # As in production, where it serves what collectstatic gathered; here straight from static/ (its finders).
    settings.WHITENOISE_USE_FINDERS = True
    response = Client().get(f"/static/vendor/pyodide/{name}")
    assert response.status_code == 200
    assert response["Content-Type"].split(";")[0] == TYPES[name]


@pytest.mark.parametrize("name", sorted(TYPES))
def test_djangos_static_view_serves_each_file_as_its_type(name: str) -> None:
    # The view of runserver with DEBUG and of the browser tests' live server (StaticFilesHandler).
    response = serve(RequestFactory().get(f"/static/vendor/pyodide/{name}"), f"vendor/pyodide/{name}", insecure=True)
    assert response["Content-Type"] == TYPES[name]
    # The file closed, not the response: that sends request_finished, which reaches for the database.
    assert response.file_to_stream is not None
    response.file_to_stream.close()


MIMETYPES_PROBE = """
import mimetypes
mimetypes.knownfiles[:] = []  # no system mime.types: Python's own table and what the settings add
import schreiber.settings
print(mimetypes.guess_type("a.wasm")[0], mimetypes.guess_type("a.mjs")[0])
"""


def test_the_settings_give_the_types_on_a_system_without_mime_types(tmp_path: Path) -> None:
    env = {**os.environ, "SECRET_KEY": "x" * 50, "SCHREIBER_VAR_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", MIMETYPES_PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["application/wasm", "text/javascript"]


# the policy ----------------------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_policy_lets_a_page_compile_webassembly_and_evaluate_no_javascript(client: Client) -> None:
    policy = client.get("/login/")["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in (p.strip() for p in policy.split(";")) if part}
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    tokens = {token for sources in directives.values() for token in sources}
    assert "'unsafe-eval'" not in tokens  # by token: 'wasm-unsafe-eval' holds the words
    assert "'unsafe-inline'" not in tokens
    assert {token for token in tokens if "unsafe" in token} == {"'wasm-unsafe-eval'"}
