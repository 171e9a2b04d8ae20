"""What the phone runs offline: the engine itself, in the browser's Python (Pyodide), and the little it needs
around it to read a form and draw a deal as the server does (``posted``, ``evening``).

``SHIPPED`` names every module the phone loads, each as the repository holds it (``views/phone.py`` serves them
byte for byte): none of them imports Django, so each reads a rule, a form or a word exactly as on the server.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent  # the folder that holds the package ``scorekeeper``
PACKAGES = ("scorekeeper/engine", "scorekeeper/phone")  # every module of these
MODULES = (  # and these, which the others import
    "scorekeeper/__init__.py",
    "scorekeeper/stored/__init__.py",
    "scorekeeper/stored/derived.py",
    "scorekeeper/words/__init__.py",
    "scorekeeper/words/deal_words.py",
)
ENTRY = "scorekeeper.phone.evening"  # what the page imports
RUNTIME = "static/vendor/pyodide/package.json"  # names the Python the modules run in (a phone keeps its state)


@cache
def shipped() -> tuple[str, ...]:
    """The modules the phone loads, as paths from the repository's root."""
    found = [
        path.relative_to(ROOT).as_posix() for package in PACKAGES for path in sorted((ROOT / package).glob("*.py"))
    ]
    return tuple(sorted({*found, *MODULES}))


@cache
def version() -> str:
    """Names the shipped modules' content and the runtime they run in: a phone keeps the files of one version (and
    the runtime's state once they are imported) and asks for another's."""
    digest = hashlib.sha256()
    for name in (*shipped(), RUNTIME):
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]
