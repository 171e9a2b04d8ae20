"""The tournament ranking, per round and overall, from each player's result of each round.

Points decide first (a round's points are the table's game points, the table points and the penalties); then the
tie-break chain in the order the tournament lists it (the ``tournament`` tie-breaks of the competition core's
registry). Players still level share the place and the next place is skipped (1, 2, 2, 4), unless the chain ends
with ``lot``: a lot drawn from the tournament's seed, the same for every ranking of the tournament, so anyone can
draw it again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ...competition import ranking as competition
from ...competition.ranking import LOT, Standing, TieBreak, direct_comparison, parse_chain
from ...competition.ranking import TIEBREAKS as REGISTRY
from .words import bad


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
class _Tally:
    player: int
    points: int
    rounds: dict[int, int]
    solos: int
    solos_won: int
    penalty_points: int
    points_at: dict[tuple[int, int], int]  # (round, table) → points, for the direct comparison
    rounds_won: int  # rounds with the most points at the table (alone or level)


POINTS, SHARED = "points", "shared"
LAST = (SHARED, LOT)  # nothing can follow these
_TIEBREAKS: tuple[TieBreak[_Tally], ...] = (
    TieBreak(POINTS, lambda t: t.points),
    TieBreak("best_round", lambda t: max(t.rounds.values())),
    TieBreak("solos_played", lambda t: t.solos),
    TieBreak("solos_won", lambda t: t.solos_won),
    TieBreak("fewer_penalty_points", lambda t: -t.penalty_points, shown=lambda t: t.penalty_points),
    TieBreak("rounds_won", lambda t: t.rounds_won),
    TieBreak("direct_comparison", among=direct_comparison),
    TieBreak(SHARED),
    TieBreak(LOT),
)
REGISTRY.register("tournament", *_TIEBREAKS)
TIEBREAKS = REGISTRY.of("tournament")


def parse_tiebreaks(keys: object) -> tuple[str, ...]:
    """The chain as a tournament lists it; Bad for an unknown or repeated key, or one after the chain's end."""
    if not isinstance(keys, list):
        raise bad("tiebreaks_not_a_list", got=repr(keys))
    return parse_chain(keys, TIEBREAKS, last=LAST, after_last="tiebreak_after_end", fail=bad)


def draw_lots(players: Iterable[int], seed: int | str) -> dict[int, int]:
    """Each player's lot, 1 the best: a shuffle of the start numbers seeded by the tournament's seed."""
    order = sorted(set(players))
    random.Random(f"schreiber-tournament lot {seed}").shuffle(order)
    return {player: n for n, player in enumerate(order, start=1)}


def rank(results: Iterable[RoundResult], chain: Sequence[str], lots: dict[int, int] | None = None) -> list[Standing]:
    """The standing of ``results`` (one round's, or every round's): best first, level players by start number.

    ``lots`` (from :func:`draw_lots`) is needed when the chain ends with ``lot``.
    """
    tallies = sorted(_tally(results).values(), key=lambda t: t.player)
    keys = [key for key in dict.fromkeys((POINTS, *chain)) if key in chain and key not in LAST]
    if LOT in chain:
        assert lots is not None  # the document refuses a lot without a seed
    placed = competition.rank(
        tallies, lambda t: t.points, [TIEBREAKS[key] for key in keys], lots=lots if LOT in chain else None
    )
    return [Standing(p.place, p.tally.player, p.tally.points, p.tiebreaks, rounds=p.tally.rounds) for p in placed]


def _tally(results: Iterable[RoundResult]) -> dict[int, _Tally]:
    by_player: dict[int, list[RoundResult]] = {}
    best: dict[tuple[int, int], int] = {}  # the most points at each table
    for r in results:
        by_player.setdefault(r.player, []).append(r)
        best[r.round, r.table] = max(best.get((r.round, r.table), r.points), r.points)
    tallies = {}
    for p, rs in by_player.items():  # one pass a player: a hall ranking adds up every player's rounds at every change
        points = solos = solos_won = penalty_points = rounds_won = 0
        for r in rs:
            points += r.points
            solos += r.solos
            solos_won += r.solos_won
            penalty_points += r.penalty_points
            rounds_won += r.points == best[r.round, r.table]
        tallies[p] = _Tally(
            player=p,
            points=points,
            rounds={r.round: r.points for r in sorted(rs, key=lambda r: r.round)},
            solos=solos,
            solos_won=solos_won,
            penalty_points=penalty_points,
            points_at={(r.round, r.table): r.points for r in rs},
            rounds_won=rounds_won,
        )
    return tallies


HallLots = Sequence[tuple[frozenset[int], int]]  # the start numbers who drew, and the winner, in the order drawn


def standings(
    results: Iterable[RoundResult],
    chain: Sequence[str],
    *,
    round_number: int | None = None,
    lots: dict[int, int] | None = None,
    hall_lots: HallLots = (),
) -> tuple[list[Standing], set[int]]:
    """The ranking overall (``round_number`` None) or of one round, the byes' results among ``results``, with that
    ranking's lots drawn in the hall applied; and whose place a hall lot decided. The one ranking the ranking page,
    the hall screen, the PDFs and ``rank`` show."""
    counted = [r for r in results if round_number is None or r.round == round_number]
    return decided_by_hall_lots(rank(counted, chain, lots), hall_lots)


def decided_by_hall_lots(ranked: Sequence[Standing], lots: HallLots) -> tuple[list[Standing], set[int]]:
    """The standings with the lots drawn in the hall applied, and the players whose place a lot decided (each lot's
    winner, and the one left alone by the last lot; players still sharing a place are not decided).

    ``lots`` (in the order drawn) pairs the start numbers who drew with the winner. Players sharing a place are
    ordered by a lot drawn among exactly them: its winner takes the place, the others share the next one until a lot
    among them decides in turn. A lot among players no longer level changes nothing."""
    winners = dict(lots)
    out: list[Standing] = []
    decided: set[int] = set()
    groups: dict[int | None, list[Standing]] = {}
    for standing in ranked:
        groups.setdefault(standing.place, []).append(standing)
    for place, group in groups.items():
        left = list(group)
        next_place = place
        while len(left) > 1 and (winner := winners.get(frozenset(s.player for s in left))) is not None:
            first = next(s for s in left if s.player == winner)
            out.append(replace(first, place=next_place))
            left.remove(first)
            decided.update([winner, *(s.player for s in left if len(left) == 1)])  # the last one is placed too
            next_place = None if next_place is None else next_place + 1
        out.extend(left if next_place == place else (replace(s, place=next_place) for s in left))  # mostly no lot
    return out, decided
