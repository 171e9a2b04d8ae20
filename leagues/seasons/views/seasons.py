"""Create and change a season (its owners: the founding club's), delete it, and turn its public link on or off."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from schreiber.web.errors import errors_on_form
from scorekeeper.access import Request, club_member
from scorekeeper.models import Member, Role, Session

from .. import services
from ..forms import TABLE_SIZES, SeasonForm
from ..models import League, Season

# Where the form shows a problem the service names by the ranking's parameter.
FORM_FIELDS = {
    "tiebreaks": "tiebreak_1",
    "points_by_size": "points_4",
    **{f"points_by_size.{size}": f"points_{size}" for size in TABLE_SIZES},
}


def _managed_league(me: Member, league_id: int) -> League:
    """One of the leagues the member's club founded, for an owner; Http404 for any other."""
    return get_object_or_404(League.objects.select_related("club"), pk=league_id, club=me.club)


def _managed_season(me: Member, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("league__club"), pk=season_id, league__club=me.club)


def season_create(request: Request, club_slug: str, league_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    return _season_form(request, me, _managed_league(me, league_id), None)


def season_edit(request: Request, club_slug: str, season_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    season = _managed_season(me, season_id)
    return _season_form(request, me, season.league, season)


def _season_form(request: Request, me: Member, league: League, season: Season | None) -> HttpResponse:
    sessions = Session.objects.filter(
        club__in=league.club_ids(), game=league.game, status=Session.Status.CLOSED
    ).order_by("-played_on", "-pk")
    initial = SeasonForm.initial_of(season) if season else {"mode": "total_points", "selection": "all"}
    form = SeasonForm(request.POST or None, initial=initial, sessions=sessions)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with errors_on_form(form, FORM_FIELDS):
            season = services.save_season(
                league=league, actor=request.user, season=season, name=data["name"], period=data["period"],
                starts_on=data["starts_on"], ends_on=data["ends_on"], selection=data["selection"],
                sessions=data["sessions"], ranking=form.ranking(), tiebreaks=form.tiebreaks(),
                sub_period=data.get("sub_period") or "", members_only=data["members_only"],
                public_money_hidden=data["public_money_hidden"],
            )  # fmt: skip
            return redirect("season", me.club.slug, season.pk)
    return render(
        request, "leagues/season_form.html", {"club": me.club, "league": league, "season": season, "form": form}
    )


@require_POST
def season_delete(request: Request, club_slug: str, season_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    season = _managed_season(me, season_id)
    league_id = season.league_id
    services.delete_season(season=season, actor=request.user)
    messages.success(request, _("The season is deleted; its sessions and results are kept."))
    return redirect("league", me.club.slug, league_id)


@require_POST
def season_public_link(request: Request, club_slug: str, season_id: int) -> HttpResponse:
    """``enable`` makes a new secret link (the old one stops working); anything else turns it off."""
    me = club_member(request, club_slug, Role.OWNER)
    season = _managed_season(me, season_id)
    services.change_public_link(season=season, actor=request.user, enabled=request.POST.get("link") == "enable")
    return redirect("season", me.club.slug, season.pk)
