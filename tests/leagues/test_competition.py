"""The competition core: one ranking for seasons and tournaments, one tie-break registry, shared places once."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import leagues.seasons.ranking
import leagues.tournaments.rules.ranking  # noqa: F401  registers the tournament's tie-breaks
from leagues.competition.ranking import TIEBREAKS, Registry, TieBreak, rank


@dataclass(frozen=True)
class Player:
    player: str
    points: int
    wins: int = 0


WINS: TieBreak[Player] = TieBreak("wins", lambda p: p.wins)
FIELD = [Player("A", 10, 1), Player("B", 7, 2), Player("C", 7, 2), Player("D", 3), Player("E", 7, 0)]


def places(placed: list) -> list[tuple[int, str]]:
    return [(p.place, p.tally.player) for p in placed]


def test_level_players_share_the_place_and_the_next_is_skipped() -> None:
    placed = rank(FIELD, lambda p: p.points, [])
    assert places(placed) == [(1, "A"), (2, "B"), (2, "C"), (2, "E"), (5, "D")]


def test_the_chain_breaks_ties_and_shows_each_players_value() -> None:
    placed = rank(FIELD, lambda p: p.points, [WINS])
    assert places(placed) == [(1, "A"), (2, "B"), (2, "C"), (4, "E"), (5, "D")]
    assert [dict(p.tiebreaks) for p in placed][1:4] == [{"wins": 2}, {"wins": 2}, {"wins": 0}]


def test_a_lot_at_the_end_leaves_nobody_level() -> None:
    placed = rank(FIELD, lambda p: p.points, [WINS], lots={"A": 5, "B": 4, "C": 3, "D": 2, "E": 1})
    assert places(placed) == [(1, "A"), (2, "C"), (3, "B"), (4, "E"), (5, "D")]
    assert dict(placed[1].tiebreaks) == {"wins": 2, "lot": 3}


def test_one_registry_holds_the_seasons_and_the_tournaments_tie_breaks() -> None:
    season, tournament = TIEBREAKS.of("season"), TIEBREAKS.of("tournament")
    assert {"direct_comparison", "shared"} <= season.keys() & tournament.keys()
    assert "more_evenings_won" in season
    assert "rounds_won" in tournament
    registry = Registry()
    registry.register("season", WINS)
    with pytest.raises(ValueError, match="registered twice"):
        registry.register("season", TieBreak("wins", lambda p: 0))
