"""What a Bauernstoss deal counts for a player's statistics: the team that scored the strokes wins (the soloist's
team for a solo won, the other for a solo lost, for a counted game the team holding the chalk after it)."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.bauernstoss import TEAMS
from ..counting import DealCounting, Facts, Players, Result


class BauernstossCounting(DealCounting):
    def winners(self, players: Sequence[str], playing: Players, declarers: Players, result: Result) -> Players:
        if declarers:  # a solo: the soloist's team when won, else the other
            (soloist,) = declarers
            team = TEAMS[(players.index(soloist) + ("lost" in result["marks"])) % 2]
        else:  # a counted game: the team that scored holds the chalk after it
            team = result["extra"]["chalk"]
        return frozenset(p for seat, p in enumerate(players) if TEAMS[seat % 2] == team)

    def sides(self, players: Sequence[str], playing: Players, declarers: Players) -> tuple[Players, ...]:
        """The two teams."""
        return tuple(
            frozenset(p for seat, p in enumerate(players) if TEAMS[seat % 2] == team and p in playing) for team in TEAMS
        )

    def lead(self, facts: Facts) -> str | None:
        """The soloist."""
        solo = facts.get("solo")
        return solo["player"] if solo else None


COUNTING = BauernstossCounting()
