"""Every write to leagues and seasons: checked, in one transaction, with an entry in the club's history.

The views check who may call them (an owner of the founding club manages a league; an owner of an invited club
accepts or leaves); these functions check what is written.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper.models import AuditEntry, Club, Game, Session, values_of
from scorekeeper.services import ServiceError
from scorekeeper.services.clubs import clean_choice, clean_name
from scorekeeper.services.record import Actor, audit_club

from ..competition import NAME_MAX
from ..public_links import next_token
from .models import League, LeagueClub, Season
from .ranking import Ranking, RankingError
from .refresh import league_changed
from .refusals import refusal

# The mode's parameters a form shows as fields of their own: a problem with one is shown beside it.
RANKING_FIELDS = (
    "per", "round_length", "min_rounds", "min_sessions", "n", "formula", "points_by_size", "window_months",
    "missed_penalty", "free_misses",
)  # fmt: skip


def ranking_error(error: RankingError) -> ServiceError:
    """The problem named by the mode's parameter it is about (``points_by_size.4`` for one table size's points)."""
    param = str(error.params.get("param", ""))
    if error.code in ("points_table_length", "no_points_for_size"):
        field = f"points_by_size.{error.params['size']}"
    elif param.split(".")[0] in RANKING_FIELDS:
        field = param
    else:
        field = "tiebreaks" if "tiebreak" in error.code else "mode"
    return ServiceError.on(field, error.words)


# leagues ------------------------------------------------------------------------------------------------------------


@transaction.atomic
def create_league(*, club: Club, actor: Actor, name: str, game: str) -> League:
    league = League.objects.create(
        club=club, name=clean_name(name, "name", NAME_MAX), game=clean_choice(game, "game", Game.values)
    )
    audit_club(club, actor, AuditEntry.Action.LEAGUE_FOUNDED, after={"league": league.name, "game": game})
    return league


@transaction.atomic
def invite_club(*, league: League, actor: Actor, club_slug: str) -> LeagueClub:
    """Invite the club of that short name; its owners see the invitation on their club page."""
    club = Club.objects.filter(slug=str(club_slug).strip()).first()
    if club is None:
        raise ServiceError.on("club", refusal("club_unknown"))
    if club.pk == league.club_id or league.memberships.filter(club=club).exists():
        raise ServiceError.on("club", refusal("club_already_in"))
    invitation = LeagueClub.objects.create(league=league, club=club)
    audit_club(
        league.club, actor, AuditEntry.Action.LEAGUE_CLUB_INVITED, after={"league": league.name, "club": club.name}
    )
    return invitation


@transaction.atomic
def join_league(*, invitation: LeagueClub, actor: Actor) -> LeagueClub:
    invitation = LeagueClub.objects.select_for_update().get(pk=invitation.pk)
    if invitation.joined_at is None:
        invitation.joined_at = timezone.now()
        invitation.save(update_fields=["joined_at"])
        audit_club(invitation.club, actor, AuditEntry.Action.LEAGUE_JOINED, after={"league": invitation.league.name})
        league_changed(invitation.league, ratings=True)  # its results count from now on
    return invitation


@transaction.atomic
def leave_league(*, invitation: LeagueClub, actor: Actor) -> None:
    """Decline an invitation, leave a league, or (by the league's owners) remove a club from it."""
    audit_club(invitation.club, actor, AuditEntry.Action.LEAGUE_LEFT, before={"league": invitation.league.name})
    invitation.delete()
    if invitation.joined_at is not None:  # its results count no more
        league_changed(invitation.league, ratings=True)


# seasons ------------------------------------------------------------------------------------------------------------


def season_settings(season: Season) -> dict[str, Any]:
    """The season's settings as its history and the club's backup write them."""
    return {
        **values_of(season, "name period"),
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        **values_of(season, "selection ranking tiebreaks sub_period members_only public_money_hidden"),
    }


@transaction.atomic
def save_season(
    *,
    league: League,
    actor: Actor,
    name: str,
    period: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    ranking: Mapping[str, Any],
    tiebreaks: Iterable[Any] = (),
    selection: str = Season.Selection.ALL,
    sessions: Iterable[Session] = (),
    sub_period: str = "",
    members_only: bool = False,
    public_money_hidden: bool = False,
    season: Season | None = None,
) -> Season:
    """Create a season of ``league``, or change ``season``: the dates, which sessions count and how they rank,
    whether guests are ranked (``members_only``: not) and whether its public link shows the money."""
    try:
        parsed = Ranking.from_config(ranking, tiebreaks)
    except RankingError as error:
        raise ranking_error(error) from error
    if ends_on < starts_on:
        raise ServiceError.on("ends_on", refusal("ends_before_start"))
    chosen = list(sessions)
    clubs = set(league.club_ids())
    if any(s.game != league.game or s.club_id not in clubs for s in chosen):
        raise ServiceError.on("sessions", refusal("session_not_of_league"))
    if season is None:
        season = Season(league=league)
        before = None
    else:
        season = Season.objects.select_for_update().get(pk=season.pk, league=league)
        before = season_settings(season)
    season.name = clean_name(name, "name", NAME_MAX)
    season.period = clean_choice(period, "period", Season.Period.values)
    season.starts_on, season.ends_on = starts_on, ends_on
    season.selection = clean_choice(selection, "selection", Season.Selection.values)
    season.ranking = parsed.mode.config()
    season.tiebreaks = list(tiebreaks)
    season.sub_period = clean_choice(sub_period, "sub_period", Season.SubPeriod.values)
    season.members_only, season.public_money_hidden = bool(members_only), bool(public_money_hidden)
    season.save()
    season.sessions.set(chosen if season.selection == Season.Selection.CHOSEN else [])
    after = season_settings(season)
    if after != before:
        audit_club(league.club, actor, AuditEntry.Action.SEASON_SAVED, before=before, after=after)
    # A new season, or a new last day, has ratings to work out (they count every evening up to its last day).
    league_changed(league, ratings=before is None or before["ends_on"] != after["ends_on"], season=season)
    return season


@transaction.atomic
def delete_season(*, season: Season, actor: Actor) -> None:
    """The season goes; the results it ranked stay with their sessions."""
    audit_club(season.league.club, actor, AuditEntry.Action.SEASON_DELETED, before=season_settings(season))
    season.delete()


@transaction.atomic
def change_public_link(*, season: Season, actor: Actor, enabled: bool) -> Season:
    """A new secret link for the season's standings (the old one stops working), or none."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    season.public_token = next_token(enabled)
    season.save(update_fields=["public_token"])
    audit_club(
        season.league.club, actor, AuditEntry.Action.PUBLIC_LINK_CHANGED, after={"season": season.name, "on": enabled}
    )
    return season
