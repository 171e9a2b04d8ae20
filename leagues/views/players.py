"""A player's page in a season (statistics and charts follow)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render

from scorekeeper.views.access import Request, club_member

from .. import selectors


def season_player(request: Request, club_slug: str, season_id: int, player: str) -> HttpResponse:
    me = club_member(request, club_slug)
    season = selectors.season_of(me.club, season_id)
    totals = selectors.season_results(season).players.get(player)
    if totals is None:
        raise Http404
    return render(request, "leagues/season_player.html", {"club": me.club, "season": season, "totals": totals})
