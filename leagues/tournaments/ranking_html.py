"""The ranking's rows as HTML, made in Python: as template loops, a dozen cells a row for 230 players cost as much as
reading the whole ranking. A row's name with what the ranking says of the player is made here once, for the pages'
rows and the printed ranking's alike."""

from __future__ import annotations

from html import escape  # Django's escape is the same text behind a lazy-string wrapper, called for every row
from typing import Any

from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .selectors import RankingRow


def ranking_rows(lines: list[tuple[RankingRow, list[Any], list[Any]]]) -> SafeString:
    """The ranking table's rows (``ranking_table.html``): each row with its rounds' and tie-breaks' cells."""
    return mark_safe(  # every value escaped, or a number
        "".join(
            f'<tr><td class="num">{row.standing.place}.</td><td class="num">{row.participant.number}</td>'
            f'<td>{ranked_name(row)}</td><td class="num strong">{_cell(row.standing.points)}</td>'
            f"{_cells(round_points)}{_cells(tiebreaks)}</tr>\n"
            for row, round_points, tiebreaks in lines
        )
    )


def ranked_name(row: RankingRow) -> SafeString:
    """The name and what the ranking says of the player: withdrawn, substitute, byes, decided by lot."""
    name = escape(row.name)
    if not (row.withdrawn_after or row.substitutes or row.byes or row.by_lot):
        return SafeString(name)  # most rows (mark_safe would wrap each call for lazy strings)
    notes = [name]
    if row.withdrawn_after:
        notes.append(_small("withdrawn", gettext("withdrew after round %(n)s") % {"n": row.withdrawn_after}))
    if row.substitutes:
        notes.append(_small("hint", gettext("substitute: %(who)s") % {"who": row.substitutes}))
    notes.extend(_small("hint", gettext("bye in round %(n)s") % {"n": n}) for n in row.byes)
    if row.by_lot:
        notes.append(_small("by-lot", gettext("decided by lot")))
    return SafeString(" ".join(notes))


def _small(kind: str, text: str) -> str:
    return f'<small class="{kind}">{escape(text)}</small>'


def _cells(values: list[Any]) -> str:
    return "".join(f'<td class="num">{_cell(value)}</td>' for value in values)


def _cell(value: Any) -> str:
    """A number as the page's language writes it (a whole one as it is), or a blank."""
    return str(value) if type(value) is int else conditional_escape(localize(value))
