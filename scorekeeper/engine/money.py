"""Money is integer cents; these helpers never touch a float."""

from __future__ import annotations


def cents_for(points: int, cents_per_point: int) -> int:
    return points * cents_per_point


def decimal_string(cents: int) -> str:
    """``-205`` → ``"-2.05"``: the ``money`` format of ``schreiber/1``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"
