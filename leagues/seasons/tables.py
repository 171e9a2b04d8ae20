"""The standing as a django-tables2 table: its columns, their headers and sorting; the rows shown and exported.

django-tables2 orders the rows and draws the sortable headers. The cells are formatted here, once per row, by the
column's ``render_*`` (the page) or ``value_*`` (CSV and XLSX) method called directly: going through the library's
bound cells costs about a millisecond per player, a fifth of a second for a big club's standing.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import django_tables2 as tables
import tablib
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scorekeeper.settlement.money import format_money

from ..shown import RATING_PLACES, Figure, score_figure, score_text
from .rating import PlayerRating
from .selectors import StandingRow

NUMBER = {"th": {"class": "num"}, "td": {"class": "num"}}
UNRANKED = 10**9  # the place an unranked player sorts by: after every ranked one


class StandingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Place"), attrs=NUMBER)
    moved = tables.Column(verbose_name=_("Move"), attrs=NUMBER)
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
        player_url: Callable[[str], str] | None = None,
        **kwargs: Any,
    ) -> None:
        self.currency = currency
        self.language = get_language()
        self.player_url = player_url
        self.ratings = ratings
        # Translated and escaped once, not once a row (``body`` writes a thousand players' rows)
        self.moved_words = {arrow: html.escape(str(words)) for arrow, words in (("▲", _("up %(n)s")),
                                                                               ("▼", _("down %(n)s")))}  # fmt: skip
        self.correcting_tag = f' <span class="tag">{html.escape(str(_("being corrected")))}</span>'
        super().__init__([self.record(r) for r in rows], **kwargs)

    def record(self, r: StandingRow) -> dict[str, Any]:
        """Sortable values: numbers stay numbers (an unranked player sorts last by place)."""
        t = r.totals
        rating = self.ratings.get(t.key)
        return {
            "key": t.key,
            "rank": r.rank if r.rank is not None else UNRANKED,
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
            "rating": rating.ordinal if rating is not None else None,
            "correcting": t.correcting,
        }

    # ------------------------------------------------------------------------------------------------- the page

    def body(self) -> SafeString:
        """The rows in the table's order as ``<tr>`` elements, every cell formatted and escaped once (a template
        loop over two hundred players' cells costs more than the standing itself)."""
        return mark_safe("".join(self.row_elements()))  # every cell escaped in row_elements

    def row_elements(self) -> list[str]:
        """Each row in the table's order as a ``<tr>`` element, its cells escaped (the printout pages them)."""
        columns = [
            (c.name, format_html(' class="{}"', css) if (css := c.attrs["td"].get("class")) else "",
             getattr(self, f"render_{c.name}"))
            for c in self.columns
        ]  # fmt: skip
        rows = (
            "".join(
                f"<td{css}>{'—' if record[name] is None else _escaped(render(record[name], record))}</td>"
                for name, css, render in columns
            )
            for record in self.data
        )
        return [f"<tr>{cells}</tr>" for cells in rows]

    def render_rank(self, value: int, record: dict[str, Any]) -> str:
        return "–" if value == UNRANKED else f"{value}."

    def render_moved(self, value: int, record: dict[str, Any]) -> SafeString | str:
        if not value:
            return "="
        arrow = "▲" if value > 0 else "▼"
        words = self.moved_words[arrow] % {"n": abs(value)}
        return mark_safe(f'<span class="moved" title="{words}">{arrow}{abs(value)}</span>')  # escaped in __init__

    def render_player(self, value: str, record: dict[str, Any]) -> SafeString | str:
        name = html.escape(value)
        if self.player_url is not None:
            name = f'<a href="{html.escape(self.player_url(record["key"]))}">{name}</a>'
        return mark_safe(name + self.correcting_tag if record["correcting"] else name)  # every part escaped

    def render_score(self, value: Any, record: dict[str, Any]) -> str:
        return score_text(value)

    def render_points(self, value: int, record: dict[str, Any]) -> str:
        return str(value)

    render_sessions = render_deals = render_points

    def render_money(self, value: int, record: dict[str, Any]) -> str:
        return format_money(value, self.currency, self.language, signed=True)

    def render_win_rate(self, value: Fraction | int, record: dict[str, Any]) -> str:
        return "" if value == -1 else Figure.share(Fraction(value)).text()

    def render_solos(self, value: int, record: dict[str, Any]) -> str:
        return f"{value}/{record['solos_played']}"

    def render_rating(self, value: float, record: dict[str, Any]) -> str:
        return Figure.of(value, RATING_PLACES).text()

    # ------------------------------------------------------------------------------ the exports: plain values

    def dataset(self) -> tablib.Dataset:
        """The rows in the table's order as plain values a spreadsheet can add up, under the columns' headers."""
        columns = [(c.name, getattr(self, f"value_{c.name}", None)) for c in self.columns]
        found = tablib.Dataset(headers=[str(c.header) for c in self.columns])
        for record in self.data:
            found.append(
                [
                    "" if record[name] is None else value(record[name], record) if value else record[name]
                    for name, value in columns
                ]
            )
        return found

    def value_rank(self, value: int, record: dict[str, Any]) -> Any:
        return "" if value == UNRANKED else value

    def value_score(self, value: Any, record: dict[str, Any]) -> Figure | int:
        return score_figure(value)

    def value_money(self, value: int, record: dict[str, Any]) -> Figure:
        return Figure.money(value)

    def value_win_rate(self, value: Fraction | int, record: dict[str, Any]) -> Figure | str:
        return "" if value == -1 else Figure.share(Fraction(value))

    def value_solos(self, value: int, record: dict[str, Any]) -> str:
        return self.render_solos(value, record)

    def value_rating(self, value: float, record: dict[str, Any]) -> Figure:
        return Figure.of(value, RATING_PLACES)


def _escaped(text: str) -> str:
    """``conditional_escape`` for a cell's text (always a string here) without its lazy-text check, which costs
    more than the escaping over a thousand players' cells."""
    return text if isinstance(text, SafeString) else html.escape(str(text))
