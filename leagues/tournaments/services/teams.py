"""Writes beside the play: the director's teams (``rules.teams``) and the live ranking's public link
(``leagues.public_links``). Neither changes a table or a place of the individual ranking."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from scorekeeper.services import ServiceError
from scorekeeper.services.clubs import clean_name
from scorekeeper.services.record import Actor

from ...competition import NAME_MAX
from ...public_links import next_token
from ..models import Participant, Team, TeamMember, Tournament
from ..rules.teams import LARGEST, SMALLEST
from .changes import audit, locked
from .refusals import refusal


@transaction.atomic
def add_team(*, tournament: Tournament, actor: Actor, name: str, members: Sequence[Participant]) -> Team:
    """A team of two to four participants of the tournament, none of them in another team; any time, even after
    the last round (a team ranking only adds up what the players scored)."""
    tournament = locked(tournament)
    name = clean_name(name, "name", NAME_MAX)
    if tournament.teams.filter(name=name).exists():
        raise ServiceError.on("name", refusal("team_exists", name=name))
    chosen = list({p.pk: p for p in members}.values())
    if not SMALLEST <= len(chosen) <= LARGEST:
        raise ServiceError.on("members", refusal("team_size", least=SMALLEST, most=LARGEST))
    if any(p.tournament_id != tournament.pk for p in chosen):
        raise ServiceError.on("members", refusal("team_members"))
    taken = Participant.objects.filter(pk__in=[p.pk for p in chosen], team_membership__isnull=False)
    if names := ", ".join(taken.order_by("number").values_list("name", flat=True)):
        raise ServiceError.on("members", refusal("team_members_taken", names=names))
    team = Team.objects.create(tournament=tournament, name=name)
    TeamMember.objects.bulk_create(TeamMember(team=team, participant=p) for p in chosen)
    audit(tournament, actor, "team_added", team=name, members=", ".join(p.name for p in chosen))
    return team


@transaction.atomic
def remove_team(*, team: Team, actor: Actor) -> None:
    """The team goes; its players stay in the tournament and may join another team."""
    tournament = locked(team.tournament)
    audit(tournament, actor, "team_removed", team=team.name)
    team.delete()


@transaction.atomic
def change_public_link(*, tournament: Tournament, actor: Actor, enabled: bool) -> Tournament:
    """A new secret link to the live ranking (the old one stops working at once), or none."""
    tournament = locked(tournament)
    tournament.public_token = next_token(enabled)
    tournament.save(update_fields=["public_token"])
    audit(tournament, actor, "public_link_renewed" if enabled else "public_link_off")
    return tournament
