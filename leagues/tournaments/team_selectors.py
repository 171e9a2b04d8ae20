"""Reads for the team ranking: each team's members with their points from the individual ranking, ranked by
``rules.teams``."""

from __future__ import annotations

from dataclasses import dataclass

from ..competition.ranking import Score, Standing
from .models import Participant, Team, Tournament
from .rules.teams import CHAIN, MemberPoints, rank_teams
from .selectors import TournamentRanking


@dataclass(frozen=True)
class TeamRow:
    standing: Standing
    team: Team
    members: list[tuple[Participant, int]]  # each member and his points, in start-number order

    @property
    def place(self) -> int:
        assert self.standing.place is not None  # every team is placed
        return self.standing.place


def teams_of(tournament: Tournament) -> list[Team]:
    """The teams with their members (one query each), by name."""
    return list(tournament.teams.prefetch_related("members"))


def team_ranking(tournament: Tournament, ranked: TournamentRanking) -> list[TeamRow]:
    """The teams by the sum of what ``ranked`` (overall, or one round's) counts for their members; a member who
    withdrew keeps what he scored before, one without a result yet adds nothing."""
    teams = {team.pk: team for team in teams_of(tournament)}
    standings = {row.participant.pk: row.standing for row in ranked.rows}
    members = {pk: sorted(team.members.all(), key=lambda p: p.number) for pk, team in teams.items()}

    def points_of(participant: Participant) -> MemberPoints:
        found = standings.get(participant.pk)
        return MemberPoints(int(found.points), found.rounds) if found else MemberPoints(0, {})

    ranked_teams = rank_teams({pk: [points_of(p) for p in found] for pk, found in members.items()})
    return [TeamRow(s, teams[s.player], [(p, points_of(p).points) for p in members[s.player]]) for s in ranked_teams]


def team_cells(row: TeamRow) -> list[Score | str]:
    """The tie-break values of a row in the chain's order, for a table's cells."""
    return row.standing.tiebreak_cells(CHAIN)
