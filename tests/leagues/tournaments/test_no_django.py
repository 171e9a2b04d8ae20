"""The tournament rules are pure Python, as the docs say: every module of ``leagues.tournaments.rules`` imports,
with the tournament presets it reads from the engine, without loading Django."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

from leagues.tournaments import rules

CHECK = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(" ".join(sorted(m for m in sys.modules if m == "django" or m.startswith("django."))))
"""


def test_the_rules_import_no_django() -> None:
    modules = [f"{rules.__name__}.{module.name}" for module in pkgutil.iter_modules(rules.__path__)]
    assert "leagues.tournaments.rules.document" in modules  # the package's modules are found
    found = subprocess.run([sys.executable, "-c", CHECK, *modules], capture_output=True, text=True, check=True)
    assert found.stdout.split() == []
