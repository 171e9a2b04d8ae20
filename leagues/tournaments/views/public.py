"""The secret link to a tournament's live ranking (``live.py`` shows it): the club's owners make, renew and turn it
off on the ranking page."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from scorekeeper.access import Request
from scorekeeper.models import Member, Role

from ..models import Tournament
from ..services import teams
from . import tournament_access


def public_link_context(request: Request, me: Member, tournament: Tournament) -> dict[str, Any]:
    """The public-link card of the ranking page, for an owner."""
    if not me.can(Role.OWNER):
        return {"public_link_action": None}
    url = reverse("public_tournament", args=[tournament.public_token]) if tournament.public_token else None
    return {
        "public_link_action": reverse("tournament_public_link", args=[me.club.slug, tournament.pk]),
        "public_url": request.build_absolute_uri(url) if url else None,
    }


@require_POST
def tournament_public_link(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    """``enable`` makes a new secret link (the old one stops working); anything else turns it off."""
    me, tournament = tournament_access(request, club_slug, tournament_id, Role.OWNER)
    enabled = request.POST.get("link") == "enable"
    teams.change_public_link(tournament=tournament, actor=request.user, enabled=enabled)
    return redirect(reverse("tournament_ranking", args=[me.club.slug, tournament.pk]) + "#public-link")
