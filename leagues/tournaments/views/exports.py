"""A tournament's ranking, team ranking and rounds as CSV or XLSX (``leagues.exports``): for every member of the
club, as the season standing's exports are; outsiders get a 404."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _

from schreiber.web.params import whole_number
from scorekeeper.access import Request

from ...exports import spreadsheet
from .. import exports, selectors, team_selectors
from . import file_name, tournament_access


def ranking_export(request: Request, club_slug: str, tournament_id: int, fmt: str) -> HttpResponse:
    """The ranking as the page shows it: overall, or of the round ``?round=`` names."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    ranked = selectors.ranking(tournament, round_number=whole_number(request.GET.get("round")))
    if ranked.round:
        name, title = f"round-{ranked.round}-ranking", _("Round %(n)s") % {"n": ranked.round}
    else:
        name, title = "ranking", _("Ranking")
    return spreadsheet(exports.ranking_dataset(ranked), fmt, file_name(tournament, name), title, request.GET)


def teams_export(request: Request, club_slug: str, tournament_id: int, fmt: str) -> HttpResponse:
    """The team ranking, overall or of the round ``?round=`` names."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    ranked = selectors.ranking(tournament, round_number=whole_number(request.GET.get("round")))
    rows = team_selectors.team_ranking(tournament, ranked)
    name = f"round-{ranked.round}-teams" if ranked.round else "teams"
    return spreadsheet(exports.teams_dataset(rows), fmt, file_name(tournament, name), _("Teams"), request.GET)


def round_export(request: Request, club_slug: str, tournament_id: int, number: int, fmt: str) -> HttpResponse:
    """Every player's result of the round, table by table."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    this_round = selectors.round_of(tournament, number)
    title = _("Round %(n)s") % {"n": number}
    dataset = exports.round_dataset(tournament, this_round)
    return spreadsheet(dataset, fmt, file_name(tournament, f"round-{number}"), title, request.GET)
