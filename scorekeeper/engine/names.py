"""What a player's name may be, for a ``schreiber/1`` document and for a club's member alike.

A name is written on every sheet, printed and stored: it is trimmed, holds 1 to 60 characters and no control
character (a NUL, a tab, a line break), and two names of one table must differ by more than case ("Anna" and
"anna" are one person).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from .errors import DealError

NAME_MAX = 60


def check_name(field: str, value: Any) -> str:
    """The name, trimmed; DealError naming ``field`` when it cannot be one."""
    if not isinstance(value, str) or not value.strip():
        raise DealError(field, "name_not_text", field=field, got=repr(value))
    name = value.strip()
    if len(name) > NAME_MAX:
        raise DealError(field, "name_too_long", field=field, most=NAME_MAX, got=len(name))
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in name):
        raise DealError(field, "name_control_characters", field=field, got=repr(name))
    return name


def same_person(names: Iterable[str]) -> tuple[str, str] | None:
    """Two of ``names`` that differ only in case, or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = name.casefold()
        if key in seen:  # the same text twice, not only the same object
            return seen[key], name
        seen[key] = name
    return None
