"""Whole numbers from a query string or a post, read one way everywhere."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from schreiber.rows import BIGGEST_ID


def whole_number(value: object, *, least: int = 1, most: int = BIGGEST_ID) -> int | None:
    """``value`` as a whole number from ``least`` to ``most``, or None for anything else. Django's own field reads
    it: ``"²".isdigit()`` is true but ``int("²")`` fails, and ``int()`` refuses 10,000 digits."""
    try:
        return forms.IntegerField(min_value=least, max_value=most).clean(value)
    except ValidationError:
        return None
