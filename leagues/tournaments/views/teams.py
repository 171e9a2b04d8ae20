"""The teams of a tournament: members see them and their ranking; the club's owners register and remove them."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from schreiber.web.errors import errors_on_form
from scorekeeper.access import Request
from scorekeeper.models import Member, Role

from .. import selectors, team_selectors
from ..models import Tournament
from ..services import teams
from ..team_forms import TEAM_TIEBREAK_NAMES, TeamForm
from . import tournament_access


def team_form(tournament: Tournament, data: Any = None) -> TeamForm:
    """The form with the players not in a team yet."""
    free = tournament.participants.filter(team_membership__isnull=True).order_by("number")
    return TeamForm(data, free=free)


def teams_context(me: Member, tournament: Tournament, form: TeamForm | None = None) -> dict[str, Any]:
    """The team section of the tournament page: the teams and, for an owner, the form."""
    directs = me.can(Role.OWNER)
    return {
        "teams": team_selectors.teams_of(tournament),
        "team_form": (form or team_form(tournament)) if directs else None,
        "directs": directs,
    }


def team_ranking_context(tournament: Tournament, ranked: selectors.TournamentRanking) -> dict[str, Any]:
    """The team ranking beside the individual one (none without teams)."""
    rows = team_selectors.team_ranking(tournament, ranked)
    return {
        "team_lines": [(row, team_selectors.team_cells(row)) for row in rows],
        "team_tiebreak_names": list(TEAM_TIEBREAK_NAMES.values()),
    }


def tournament_teams(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    """The teams; an owner's new team is posted here (a problem is shown at its field on this page)."""
    me, tournament = tournament_access(request, club_slug, tournament_id, to_post=Role.OWNER)
    form = team_form(tournament, request.POST) if request.method == "POST" else None
    if form is not None and form.is_valid():
        data = form.cleaned_data
        with errors_on_form(form):
            teams.add_team(tournament=tournament, actor=request.user, name=data["name"], members=list(data["members"]))
            return redirect("tournament_teams", me.club.slug, tournament.pk)
    context = {"club": me.club, "me": me, "tournament": tournament, **teams_context(me, tournament, form)}
    return render(request, "leagues/tournament/teams.html", context)


@require_POST
def team_remove(request: Request, club_slug: str, tournament_id: int, team_id: int) -> HttpResponse:
    me, tournament = tournament_access(request, club_slug, tournament_id, Role.OWNER)
    team = get_object_or_404(tournament.teams, pk=team_id)
    teams.remove_team(team=team, actor=request.user)
    return redirect("tournament_teams", me.club.slug, tournament.pk)
