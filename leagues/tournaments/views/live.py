"""The live ranking behind a secret link (``public.py`` makes it), for the players' phones and the club's website:
the ranking alone, no link into the club."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from scorekeeper.access import Request

from ...public_links import shared
from ..models import Tournament
from .rankings import rendered_ranking

REFRESH_SECONDS = 10  # a phone in a pocket asks less often than the hall screen


def public_ranking(request: Request, token: str) -> HttpResponse:
    """The ranking (provisional as the hall shows it) and the teams', asked for again every few seconds (htmx
    swaps the ranking alone), rendered once per change (``rankings``); 404 for a link renewed or turned off."""
    tournament = shared(Tournament.objects.select_related("club"), token)
    context = {
        "tournament": tournament,
        **rendered_ranking(request, tournament, "leagues/tournament/public_ranking.html"),
        "refresh_seconds": REFRESH_SECONDS,
    }
    template = "leagues/tournament/public_live.html" if request.htmx else "leagues/tournament/public.html"
    return render(request, template, context)
