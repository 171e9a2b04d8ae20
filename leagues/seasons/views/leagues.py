"""A club's leagues: found one, invite clubs, accept or leave, and the seasons of each."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from schreiber.web.errors import errors_on_form
from scorekeeper.access import Request, club_member
from scorekeeper.models import Game, Role

from .. import selectors, services
from ..forms import InviteClubForm, LeagueForm
from ..models import LeagueClub


def league_list(request: Request, club_slug: str) -> HttpResponse:
    """The club's leagues with their seasons, newest first; the invitations its owners can accept."""
    me = club_member(request, club_slug)
    game = request.GET.get("game", "")
    leagues = selectors.leagues_of(me.club).prefetch_related("seasons")
    if game:
        leagues = leagues.filter(game=game)
    return render(
        request,
        "leagues/league_list.html",
        {
            "club": me.club,
            "me": me,
            "leagues": leagues,
            "game": game,
            "games": Game.choices,
            "invitations": selectors.league_invitations(me.club) if me.can(Role.OWNER) else [],
            "form": LeagueForm() if me.can(Role.OWNER) else None,
        },
    )


def league_create(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with errors_on_form(form):
            league = services.create_league(club=me.club, actor=request.user, **form.cleaned_data)
            return redirect("league", me.club.slug, league.pk)
    return render(request, "leagues/league_form.html", {"club": me.club, "form": form})


def league_detail(request: Request, club_slug: str, league_id: int) -> HttpResponse:
    me = club_member(request, club_slug)
    league = selectors.league_of(me.club, league_id)
    manages = league.club_id == me.club.pk and me.can(Role.OWNER)
    form = InviteClubForm(request.POST or None) if manages else None
    if form is not None and request.method == "POST" and form.is_valid():
        with errors_on_form(form):
            invitation = services.invite_club(league=league, actor=request.user, club_slug=form.cleaned_data["club"])
            messages.success(request, _("%(club)s is invited.") % {"club": invitation.club.name})
            return redirect("league", me.club.slug, league.pk)
    return render(
        request,
        "leagues/league_detail.html",
        {
            "club": me.club,
            "me": me,
            "league": league,
            "manages": manages,
            "memberships": league.memberships.select_related("club"),
            "seasons": league.seasons.all(),
            "form": form,
        },
    )


@require_POST
def league_membership(request: Request, club_slug: str, membership_id: int, action: str) -> HttpResponse:
    """``join`` or ``leave`` by an owner of the invited club; ``remove`` by an owner of the founding club."""
    me = club_member(request, club_slug, Role.OWNER)
    membership = get_object_or_404(LeagueClub.objects.select_related("league", "club"), pk=membership_id)
    own = membership.club_id == me.club.pk
    founder = membership.league.club_id == me.club.pk
    if action == "join" and own:
        services.join_league(invitation=membership, actor=request.user)
        return redirect("league", me.club.slug, membership.league_id)
    if (action == "leave" and own) or (action == "remove" and founder):
        services.leave_league(invitation=membership, actor=request.user)
        return redirect("league", me.club.slug, membership.league_id) if founder else redirect("leagues", me.club.slug)
    raise Http404
