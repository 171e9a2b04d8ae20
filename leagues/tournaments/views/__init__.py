"""Pages of tournaments: thin views over ``leagues.tournaments.selectors`` and ``leagues.tournaments.services``."""

from __future__ import annotations

from scorekeeper.access import Request, club_member
from scorekeeper.models import Member, Role

from .. import selectors
from ..models import Tournament


def tournament_access(
    request: Request, club_slug: str, tournament_id: int, role: str = Role.MEMBER, *, to_post: str | None = None
) -> tuple[Member, Tournament]:
    """The requesting member (403 without ``role``, or ``to_post`` for a POST) and one of the club's tournaments (404
    for any other)."""
    me = club_member(request, club_slug, to_post if to_post and request.method == "POST" else role)
    return me, selectors.tournament_of(me.club, tournament_id)


def file_name(tournament: Tournament, what: str) -> str:
    """The name a download of the tournament's is saved under: "hirschen-tournament-7-ranking.pdf"."""
    return f"{tournament.club.slug}-tournament-{tournament.pk}-{what}"
