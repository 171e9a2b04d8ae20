"""The standing as a django-tables2 table: sortable on the page, exported as CSV and XLSX."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scorekeeper.money import format_money

from .selectors import StandingRow
from .templatetags.statistics import percent


def score_text(value: Any) -> str:
    """A score as it reads: whole numbers plain, fractions to two places."""
    if isinstance(value, Fraction):
        return number_format(float(value), 2)
    return str(value) if value is not None else ""


class StandingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Place"), attrs={"td": {"class": "num"}})
    moved = tables.Column(verbose_name=_("Move"), attrs={"td": {"class": "num"}}, exclude_from_export=False)
    player = tables.Column(verbose_name=_("Player"))
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num strong"}})
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num"}})
    money = tables.Column(verbose_name=_("Money"), attrs={"td": {"class": "num"}})
    sessions = tables.Column(verbose_name=_("Evenings"), attrs={"td": {"class": "num"}})
    deals = tables.Column(verbose_name=_("Deals"), attrs={"td": {"class": "num"}})
    win_rate = tables.Column(verbose_name=_("Won"), attrs={"td": {"class": "num"}})
    solos = tables.Column(verbose_name=_("Solos won"), attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "standing"}
        orderable = True
        order_by = ("rank",)
        empty_text = _("No evening of this season has been closed yet.")

    def __init__(self, rows: Sequence[StandingRow], *, currency: str, player_url: Any = None, **kwargs: Any) -> None:
        self.currency = currency
        self.player_url = player_url
        super().__init__([self.row(r) for r in rows], **kwargs)

    def row(self, r: StandingRow) -> dict[str, Any]:
        """Sortable values: numbers stay numbers (an unranked player sorts last by place)."""
        t = r.totals
        return {
            "key": t.key,
            "rank": r.rank if r.rank is not None else 10**9,
            "moved": r.moved,
            "player": t.name,
            "score": r.score,
            "points": t.points,
            "money": t.money_cents,
            "sessions": r.standing.played,
            "deals": t.deals,
            "win_rate": t.win_rate if t.win_rate is not None else -1,
            "solos": t.solos_won,
            "solos_played": t.solos_played,
        }

    def render_rank(self, value: int) -> str:
        return "–" if value == 10**9 else f"{value}."

    def render_moved(self, value: int | None) -> SafeString | str:
        if not value:
            return "" if value is None else "="
        arrow, words = ("▲", _("up %(n)s")) if value > 0 else ("▼", _("down %(n)s"))
        return format_html('<span class="moved" title="{}">{}{}</span>', words % {"n": abs(value)}, arrow, abs(value))

    def render_player(self, value: str, record: dict[str, Any]) -> SafeString | str:
        if self.player_url is None:
            return value
        return format_html('<a href="{}">{}</a>', self.player_url(record["key"]), value)

    def render_score(self, value: Any) -> str:
        return score_text(value)

    def render_money(self, value: int) -> str:
        return format_money(value, self.currency, get_language(), signed=True)

    def render_win_rate(self, value: Fraction | int) -> str:
        return "" if value == -1 else percent(Fraction(value))

    def render_solos(self, value: int, record: dict[str, Any]) -> str:
        return f"{value}/{record['solos_played']}"

    # the exports: plain values a spreadsheet can add up
    def value_rank(self, value: int) -> Any:
        return "" if value == 10**9 else value

    def value_moved(self, value: int | None) -> Any:
        return "" if value is None else value

    def value_player(self, value: str) -> str:
        return value

    def value_score(self, value: Any) -> Any:
        return round(float(value), 4) if isinstance(value, Fraction) else value

    def value_money(self, value: int) -> str:
        sign, (whole, cents) = "-" * (value < 0), divmod(abs(value), 100)
        return f"{sign}{whole}.{cents:02d}"

    def value_win_rate(self, value: Fraction | int) -> Any:
        return "" if value == -1 else round(float(value), 4)

    def value_solos(self, value: int, record: dict[str, Any]) -> str:
        return f"{value}/{record['solos_played']}"
