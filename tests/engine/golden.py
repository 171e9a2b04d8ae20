"""Loads the shared golden cases (``../shared/golden``) when that folder exists."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

GOLDEN_DIR = Path(os.environ.get("SCHREIBER_GOLDEN_DIR", Path(__file__).resolve().parents[3] / "shared" / "golden"))


def golden_files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*.json")) if GOLDEN_DIR.is_dir() else []


def golden_cases() -> list[Any]:
    """One pytest param per case, named ``file::case``; a skip marker when there is no golden folder."""
    params = [
        pytest.param(case, id=f"{path.stem}::{case['name']}")
        for path in golden_files()
        for case in json.loads(path.read_text(encoding="utf-8"))
    ]
    return params or [pytest.param(None, marks=pytest.mark.skip(reason=f"no golden cases at {GOLDEN_DIR}"))]
