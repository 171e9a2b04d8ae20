"""The ranking's context for the pages that show it, and the hall screen's and the public link's ranking rendered once
per change: every hall screen and phone asks again every few seconds, mostly to find the same ranking.

A rendered ranking is kept (``schreiber.kept``) under the stamp of what it was read from (``selectors.ranking_stamp``,
one query) with its look, language and round, and shown again while the stamp read at the next look is the same. The
stamp is the database's, so any app server can tell whether its copy is current.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import get_language

from schreiber import kept
from schreiber.web.params import whole_number
from scorekeeper.access import Request

from .. import selectors
from ..forms import TIEBREAK_NAMES
from ..models import Tournament
from ..ranking_html import ranking_rows
from ..rules.draw import MOST_ROUNDS
from .teams import team_ranking_context

RANKING_SECONDS = 10 * 60  # a rendering is current until the next deal at any table: a short life frees stale ones


def ranking_context(request: Request, tournament: Tournament) -> dict[str, Any]:
    """The ranking (overall, or of the round ``?round=`` names) with its rows' cells."""
    ranked = selectors.ranking(tournament, round_number=_round_asked(request))
    # the values that decided: "shared" decides nothing, a drawn lot shows its number
    columns = [(key, TIEBREAK_NAMES[key]) for key in ranked.chain if key in TIEBREAK_NAMES and key != "shared"]
    rounds = [] if ranked.round else ranked.rounds
    lines = [
        (
            row,
            [row.standing.rounds.get(n, "") for n in rounds],
            row.standing.tiebreak_cells(key for key, _ in columns),
        )
        for row in ranked.rows
    ]  # a row's cells looked up once here, not in nested template loops (200 players × 8 rounds)
    return {
        "tournament": tournament,
        "ranking": ranked,
        "tiebreak_columns": columns,
        "rows_html": ranking_rows(lines),
        "rounds": rounds,
    }


def _round_asked(request: Request) -> int | None:
    """The round ``?round=`` names; None for the overall ranking, and for a number no tournament has (nor keeps a
    rendering of)."""
    number = whole_number(request.GET.get("round"))
    return number if number is not None and 1 <= number <= MOST_ROUNDS else None


@dataclass(frozen=True)
class Shown:
    """What a rendered ranking depends on, its key: the tournament (its id, and when it was made: another
    tournament may get the id of a deleted one), its stamp, the look (hall screen or public link), the language and
    the round shown. It cannot go stale: every change of a sheet or a director's change moves the stamp
    (``selectors.RankingStamp``), and the stamp is read before the ranking, so what is kept is never older than
    its key."""

    tournament: int
    made: float
    stamp: tuple[int, int, int]
    template: str
    language: str
    round: int | None


def rendered_ranking(request: Request, tournament: Tournament, template: str) -> dict[str, Any]:
    """``ranking_html``, the ranking and the team ranking as ``template`` shows them (rendered again only when the
    tournament's stamp has moved on), and from the stamp the tables still playing (``open_tables``), the rounds
    started and the one shown alone."""
    stamp = selectors.ranking_stamp(tournament)  # before the ranking is read (the stamp's text)
    asked = _round_asked(request)
    shown = Shown(tournament.pk, tournament.created_at.timestamp(), stamp.key, template, get_language(), asked)

    def render() -> str:
        context = ranking_context(request, tournament)
        context.update(team_ranking_context(tournament, context["ranking"]))
        return render_to_string(template, context, request)

    return {
        "ranking_html": kept.kept("tournament-ranking", shown, render, RANKING_SECONDS),
        "open_tables": stamp.open_tables,
        "rounds_started": stamp.rounds_started,
        "round_shown": asked if asked in stamp.rounds_started else None,
    }
