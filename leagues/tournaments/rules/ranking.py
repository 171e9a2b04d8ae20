"""The tournament ranking, per round and overall, from each player's result of each round.

Points decide first (a round's points are the table's game points, the table points and the penalties); then the
tie-break chain in the order the tournament lists it. Players still level share the place and the next place is
skipped (1, 2, 2, 4), unless the chain ends with ``lot``: a lot drawn from the tournament's seed, the same for
every ranking of the tournament, so anyone can draw it again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .reading import bad


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's result of one round (one table)."""

    player: int  # start number
    round: int
    table: int
    points: int  # everything that counts: game points, table points, penalties
    solos: int = 0
    solos_won: int = 0
    penalty_points: int = 0  # what penalties took from him, as a positive number


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    player: int
    points: int
    rounds: dict[int, int]  # round → points
    tiebreaks: dict[str, int]  # each tie-break of the chain → the player's value (lot: the number drawn)


@dataclass(frozen=True, slots=True)
class _Tally:
    points: int
    rounds: dict[int, int]
    solos: int
    solos_won: int
    penalty_points: int


POINTS, SHARED, LOT = "points", "shared", "lot"
LAST = (SHARED, LOT)  # nothing can follow these
# Each tie-break's value, higher better; shared and lot are not values of a tally.
VALUES: dict[str, Callable[[_Tally], int]] = {
    POINTS: lambda t: t.points,
    "best_round": lambda t: max(t.rounds.values()),
    "solos_played": lambda t: t.solos,
    "solos_won": lambda t: t.solos_won,
    "fewer_penalty_points": lambda t: -t.penalty_points,
}
TIEBREAKS = (*VALUES, *LAST)


def parse_tiebreaks(keys: object) -> tuple[str, ...]:
    """The chain as a tournament lists it; Bad for an unknown or repeated key, or one after the chain's end."""
    if not isinstance(keys, list):
        raise bad("tiebreaks_not_a_list", got=repr(keys))
    chain: list[str] = []
    for key in keys:
        if key not in TIEBREAKS:
            raise bad("unknown_tiebreak", tiebreak=repr(key), known=", ".join(TIEBREAKS))
        if key in chain:
            raise bad("tiebreak_twice", tiebreak=key)
        if chain and chain[-1] in LAST:
            raise bad("tiebreak_after_end", last=chain[-1], tiebreak=key)
        chain.append(key)
    return tuple(chain)


def draw_lots(players: Iterable[int], seed: int | str) -> dict[int, int]:
    """Each player's lot, 1 the best: a shuffle of the start numbers seeded by the tournament's seed."""
    order = sorted(set(players))
    random.Random(f"schreiber-tournament lot {seed}").shuffle(order)
    return {player: n for n, player in enumerate(order, start=1)}


def rank(results: Iterable[RoundResult], chain: Sequence[str], lots: dict[int, int] | None = None) -> list[Standing]:
    """The standing of ``results`` (one round's, or every round's): best first, level players by start number.

    ``lots`` (from :func:`draw_lots`) is needed when the chain ends with ``lot``.
    """
    tallies = _tally(results)
    keys = [key for key in dict.fromkeys((POINTS, *chain)) if key in VALUES]
    values = {p: {key: VALUES[key](t) for key in keys} for p, t in tallies.items()}
    if LOT in chain:
        assert lots is not None  # the document refuses a lot without a seed
        for p in values:
            values[p][LOT] = lots[p]

    def order(p: int) -> tuple[int, ...]:  # higher is better; the lowest lot is the best
        return (*(values[p][key] for key in keys), -values[p].get(LOT, 0))

    ranked = sorted(tallies, key=lambda p: (order(p), -p), reverse=True)
    standings: list[Standing] = []
    for i, p in enumerate(ranked):
        level = i > 0 and order(ranked[i - 1]) == order(p)
        shown = {key: value for key, value in values[p].items() if key in chain}
        if "fewer_penalty_points" in shown:  # shown as the points, not as the value that sorts
            shown["fewer_penalty_points"] = tallies[p].penalty_points
        t = tallies[p]
        standings.append(Standing(standings[-1].place if level else i + 1, p, t.points, t.rounds, shown))
    return standings


def _tally(results: Iterable[RoundResult]) -> dict[int, _Tally]:
    by_player: dict[int, list[RoundResult]] = {}
    for r in results:
        by_player.setdefault(r.player, []).append(r)
    return {
        p: _Tally(
            points=sum(r.points for r in rs),
            rounds={r.round: r.points for r in sorted(rs, key=lambda r: r.round)},
            solos=sum(r.solos for r in rs),
            solos_won=sum(r.solos_won for r in rs),
            penalty_points=sum(r.penalty_points for r in rs),
        )
        for p, rs in by_player.items()
    }
