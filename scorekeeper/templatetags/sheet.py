"""Small filters for drawing score sheets: signed numbers, mark chips, facts in words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import format_html

from ..games.labels import preset_label
from ..table.sheet import Sheet
from ..words import rules_in_words
from ..words.engine_words import MARKS, QUIET_MARKS

register = template.Library()


@register.filter
def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


@register.filter
def signclass(value: int) -> str:
    return "pos" if value > 0 else "neg" if value < 0 else "zero"


@register.filter
def zip_with(left: Iterable[Any], right: Iterable[Any]) -> list[tuple[Any, Any]]:
    return list(zip(left, right, strict=False))


@register.simple_tag
def mark_chip(mark: str) -> str:
    key, _sep, count = mark.partition(":")
    if key in QUIET_MARKS or key not in MARKS:
        return ""
    text, title = MARKS[key]
    return format_html(
        '<span class="mark mark-{}" title="{}">{}</span>', key, str(title).format(n=count), text.format(n=count)
    )


@register.filter
def house_rules(sheet: Sheet) -> list[str]:
    """The session's rules that differ from their preset, in words: "Laufende from 2 in the Sauspiel"."""
    return rules_in_words.house_rules(sheet.game, sheet.rules)


@register.filter
def preset(key: str) -> str:
    """A rule set's or tariff's name, as the start form offers it."""
    return preset_label(key)


@register.filter
def get_item(mapping: Any, key: str) -> Any:
    return mapping.get(key, "") if isinstance(mapping, Mapping) else ""


@register.filter
def clock(seconds: int) -> str:
    """Seconds left as a clock shows them: ``1:40:00``, ``9:05`` (``static/js/clock.js`` counts on in the same form)."""
    hours, rest = divmod(max(0, int(seconds)), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
