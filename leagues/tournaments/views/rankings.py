"""The ranking's context for the pages that show it, and the hall screen's and the public link's ranking rendered once
per change: every hall screen and phone asks again every few seconds, mostly to find the same ranking.

A rendered ranking is kept (in the cache, one entry per tournament, look, language and round) with the stamp of what
it was read from (``selectors.ranking_stamp``, one query), and shown again while the stamp read at the next look is
the same. The stamp is the database's, so any app server can tell whether its copy is current.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import get_language

from schreiber.web.params import whole_number
from scorekeeper.access import Request

from .. import selectors
from ..forms import TIEBREAK_NAMES
from ..models import Tournament
from ..ranking_html import ranking_rows
from ..rules.draw import MOST_ROUNDS
from .teams import team_ranking_context


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


def rendered_ranking(request: Request, tournament: Tournament, template: str) -> dict[str, Any]:
    """``ranking_html``, the ranking and the team ranking as ``template`` shows them (rendered again only when the
    tournament's stamp has moved on since the kept rendering), and from the stamp the tables still playing
    (``open_tables``), the rounds started and the one shown alone."""
    stamp = selectors.ranking_stamp(tournament)  # before the ranking is read (the stamp's text)
    asked = _round_asked(request)
    made = tournament.created_at.timestamp()  # another tournament that got the id of a deleted one is not this one
    key = f"tournament-ranking:{tournament.pk}:{made}:{template}:{get_language()}:{asked}"
    kept = cache.get(key)
    if kept is not None and kept[0] == stamp.key:
        html = kept[1]
    else:
        context = ranking_context(request, tournament)
        context.update(team_ranking_context(tournament, context["ranking"]))
        html = render_to_string(template, context, request)
        cache.set(key, (stamp.key, html))
    return {
        "ranking_html": html,
        "open_tables": stamp.open_tables,
        "rounds_started": stamp.rounds_started,
        "round_shown": asked if asked in stamp.rounds_started else None,
    }
