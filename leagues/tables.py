"""The standing as a django-tables2 table: sortable on the page, exported as CSV and XLSX."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scorekeeper.money import format_money

from .rating import PlayerRating
from .selectors import StandingRow


def score_text(value: Any) -> str:
    """A score as it reads: whole numbers plain, fractions to two places."""
    if isinstance(value, Fraction):
        return number_format(float(value), 2)
    return str(value) if value is not None else ""


NUMBER = {"th": {"class": "num"}, "td": {"class": "num"}}


class StandingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Place"), attrs=NUMBER)
    moved = tables.Column(verbose_name=_("Move"), attrs=NUMBER, exclude_from_export=False)
    player = tables.Column(verbose_name=_("Player"))
    score = tables.Column(verbose_name=_("Score"), attrs={"th": {"class": "num"}, "td": {"class": "num strong"}})
    points = tables.Column(verbose_name=_("Points"), attrs=NUMBER)
    money = tables.Column(verbose_name=_("Money"), attrs=NUMBER)
    sessions = tables.Column(verbose_name=_("Evenings"), attrs=NUMBER)
    deals = tables.Column(verbose_name=_("Deals"), attrs=NUMBER)
    win_rate = tables.Column(verbose_name=_("Won"), attrs=NUMBER)
    solos = tables.Column(verbose_name=_("Solos won"), attrs=NUMBER)
    rating = tables.Column(verbose_name=_("Rating"), attrs=NUMBER)  # beside the standing, never part of it

    class Meta:
        attrs = {"class": "standing"}
        orderable = True
        order_by = ("rank",)
        empty_text = _("No evening of this season has been closed yet.")

    def __init__(
        self,
        rows: Sequence[StandingRow],
        *,
        currency: str,
        ratings: Mapping[str, PlayerRating],
        player_url: Any = None,
        **kwargs: Any,
    ) -> None:
        self.currency = currency
        self.player_url = player_url
        self.ratings = ratings
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
            "rating": rating.ordinal if (rating := self.ratings.get(t.key)) else None,
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
        return "" if value == -1 else f"{number_format(float(value) * 100, 0)} %"

    def render_solos(self, value: int, record: dict[str, Any]) -> str:
        return f"{value}/{record['solos_played']}"

    def render_rating(self, value: float) -> str:
        return number_format(value, 1)

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

    def value_rating(self, value: float | None) -> Any:
        return "" if value is None else round(value, 1)

    def value_solos(self, value: int, record: dict[str, Any]) -> str:
        return f"{value}/{record['solos_played']}"
