"""The team ranking: teams of two to four participants, ranked by the sum of their members' points.

A member's points are what the individual ranking counts for him (every round he played, so a member who withdrew
keeps the points of the rounds before; one who has not played yet adds nothing). Teams level on points are told
apart by, in this order (``docs/tournaments.md``):

1. ``best_member``: the most points of one member, the team's strongest player;
2. ``best_round``: the most points one member scored in a single round;
3. ``shared``: teams still level share the place (1, 2, 2, 4).

The chain is fixed: a team ranking is a side prize, and the director has chosen the individual chain already.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...competition import ranking as competition
from ...competition.ranking import TIEBREAKS as REGISTRY
from ...competition.ranking import Standing, TieBreak

SMALLEST, LARGEST = 2, 4  # members of a team


@dataclass(frozen=True, slots=True)
class MemberPoints:
    """A member's points as the individual ranking counts them, and his points of each round."""

    points: int
    rounds: Mapping[int, int]


@dataclass(frozen=True, slots=True)
class _TeamTally:
    player: int  # the team's key, as the competition core names whoever it ranks
    points: int
    best_member: int
    best_round: int


_TIEBREAKS: tuple[TieBreak[_TeamTally], ...] = (
    TieBreak("best_member", lambda t: t.best_member),
    TieBreak("best_round", lambda t: t.best_round),
)
REGISTRY.register("team", *_TIEBREAKS)
TEAM_TIEBREAKS = REGISTRY.of("team")
CHAIN = tuple(TEAM_TIEBREAKS)


def rank_teams(teams: Mapping[int, Sequence[MemberPoints]]) -> list[Standing]:
    """The teams (by key, each with its members' points) best first; level teams by key, sharing their place."""
    tallies = [
        _TeamTally(
            player=key,
            points=sum(m.points for m in members),
            best_member=max((m.points for m in members), default=0),
            best_round=max((p for m in members for p in m.rounds.values()), default=0),
        )
        for key, members in sorted(teams.items())
    ]
    placed = competition.rank(tallies, lambda t: t.points, list(TEAM_TIEBREAKS.values()))
    return [Standing(p.place, p.tally.player, p.tally.points, p.tiebreaks) for p in placed]
