"""Checks the property tests of every game share."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import engine


def assert_rejected_naming(document: Any, number: int, field: str) -> None:
    """Deal ``number`` (1-based) of ``document`` is refused, and its first problem names ``field`` first."""
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load(document).results()
    first = next(p for p in raised.value.problems if p.deal == number)
    assert first.field == field
    assert str(first).startswith(f"deal {number}: {field}")
