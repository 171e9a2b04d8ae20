"""One ranking for seasons and tournaments: order by a primary score, then a tie-break chain, shared places once.

A season ranks by its mode's score, a tournament by its points; both hand their players' tallies to :func:`rank`
with the tie-breaks of their chain (from :data:`TIEBREAKS`). Players still level after the chain share the place and
the next place is skipped (1, 2, 2, 4), unless a lot decides at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

Score = int | Fraction
"""A score or tie-break value: an int, or an exact Fraction where a mode divides or averages (never a float, so
that equal scores are equal)."""

LOT = "lot"
Failure = Callable[..., Exception]  # an error of the season's or the tournament's words, from a code and parameters


class Tally(Protocol):
    """A player's sums, as a season or a tournament adds them up."""

    @property
    def player(self) -> Any: ...


T = TypeVar("T", bound=Tally)


@dataclass(frozen=True, slots=True)
class TieBreak(Generic[T]):
    """A named tie-break: a value of each player's tally (higher is better), or of each player among the tied group
    (``among``: the direct comparison, known once the group is). ``shown`` is what a standing shows when that is not
    the value that sorts (fewer penalty points sort by their negative)."""

    key: str
    value: Callable[[T], Score] | None = None
    among: Callable[[Sequence[T]], Mapping[Any, Score]] | None = None
    shown: Callable[[T], Score] | None = None


class Registry:
    """The tie-breaks, by the competition that offers them (``season``, ``tournament``) and key."""

    def __init__(self) -> None:
        self._offered: dict[str, dict[str, TieBreak[Any]]] = {}

    def register(self, competition: str, *tiebreaks: TieBreak[Any]) -> None:
        offered = self._offered.setdefault(competition, {})
        for tiebreak in tiebreaks:
            if tiebreak.key in offered:
                raise ValueError(f"the {competition} tie-break {tiebreak.key} is registered twice")
            offered[tiebreak.key] = tiebreak

    def of(self, competition: str) -> Mapping[str, TieBreak[Any]]:
        """The competition's tie-breaks in the order they were registered."""
        return self._offered.get(competition, {})


TIEBREAKS = Registry()


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of a standing.

    ``place`` is None for a player below a season's minimum attendance (listed after the ranked players).
    ``tiebreaks`` pairs every tie-break key of the chain with the player's value (None for a direct comparison the
    player was not part of; a lot's number drawn). A season's row counts ``sessions`` (what the mode counted: the
    best N of ``best_n``), ``played`` and ``deals``; a tournament's row keeps each round's points in ``rounds``.
    """

    place: int | None
    player: Any
    score: Score
    tiebreaks: tuple[tuple[str, Score | None], ...]
    sessions: int = 0
    played: int = 0
    deals: int = 0
    eligible: bool = True
    rounds: Mapping[int, int] = field(default_factory=dict)

    @property
    def rank(self) -> int | None:
        return self.place

    @property
    def points(self) -> Score:
        return self.score

    def tiebreak(self, key: str) -> Score | None:
        return dict(self.tiebreaks).get(key)

    def tiebreak_cells(self, keys: Iterable[str]) -> list[Score | str]:
        """The values of ``keys`` for a table's cells: blank where the row has none (a direct comparison the player
        was not part of)."""
        found = dict(self.tiebreaks)
        return ["" if (value := found.get(key)) is None else value for key in keys]


@dataclass(frozen=True, slots=True)
class Placed(Generic[T]):
    """A player's place and tie-break values, as :func:`rank` found them."""

    place: int
    tally: T
    tiebreaks: tuple[tuple[str, Score | None], ...]


def values(tally: T, chain: Sequence[TieBreak[T]]) -> dict[str, Score | None]:
    """The player's value of each tie-break of the chain, shown as a standing shows it; None for a tie-break
    among a tied group, until the group is known."""
    found: dict[str, Score | None] = {}
    for tiebreak in chain:
        shown = tiebreak.shown or tiebreak.value
        found[tiebreak.key] = shown(tally) if shown is not None else None
    return found


def rank(
    tallies: Sequence[T],
    score: Callable[[T], Score],
    chain: Sequence[TieBreak[T]],
    *,
    lots: Mapping[Any, int] | None = None,
) -> list[Placed[T]]:
    """The players best first: by ``score``, then each tie-break of ``chain``, then the lot (1 the best) when
    ``lots`` is given. Level players share a place and the next place is skipped; they keep the order of
    ``tallies``."""
    shown = {id(t): values(t, chain) for t in tallies}
    groups = _split([list(tallies)], lambda group: {id(t): score(t) for t in group})
    for tiebreak in chain:
        if all(len(g) == 1 for g in groups):
            break
        groups = _split(groups, _values_of(tiebreak, shown))
    if lots is not None:
        for t in tallies:
            shown[id(t)][LOT] = lots[t.player]
        groups = _split(groups, lambda group: {id(t): -lots[t.player] for t in group})
    placed: list[Placed[T]] = []
    place = 1
    for group in groups:
        placed.extend(Placed(place, t, tuple(shown[id(t)].items())) for t in group)
        place += len(group)
    return placed


def _values_of(
    tiebreak: TieBreak[T], shown: dict[int, dict[str, Score | None]]
) -> Callable[[list[T]], Mapping[int, Score]]:
    value, among = tiebreak.value, tiebreak.among
    if among is not None:

        def of_group(group: list[T]) -> Mapping[int, Score]:
            found = among(group)
            for t in group:
                shown[id(t)][tiebreak.key] = found[t.player]
            return {id(t): found[t.player] for t in group}

        return of_group
    assert value is not None  # a tie-break is a value or a comparison among the tied
    return lambda group: {id(t): value(t) for t in group}


def _split(groups: list[list[T]], value_of: Callable[[list[T]], Mapping[int, Score]]) -> list[list[T]]:
    """Every group of more than one player sorted by ``value_of(group)[id(player)]``, best first, and cut where the
    value changes."""
    out: list[list[T]] = []
    for group in groups:
        if len(group) <= 1:
            out.extend([group] if group else [])
            continue
        found = value_of(group)
        ordered = sorted(group, key=lambda t: found[id(t)], reverse=True)  # stable: level players keep their order
        current = [ordered[0]]
        for t in ordered[1:]:
            if found[id(t)] == found[id(current[0])]:
                current.append(t)
            else:
                out.append(current)
                current = [t]
        out.append(current)
    return out


def direct_comparison(group: Sequence[Any]) -> dict[Any, Score]:
    """Each tied player's points at the tables all of ``group`` sat at together (0 for everybody when they never
    did): a tally's ``points_at`` maps each table it sat at (a season's session, a tournament's round and table) to
    the player's points there."""
    together = set(group[0].points_at)
    for t in group[1:]:
        together &= t.points_at.keys()
    return {t.player: sum(t.points_at[at] for at in together) for t in group}


def parse_chain(
    keys: Iterable[object], offered: Mapping[str, Any], *, last: Sequence[str], after_last: str, fail: Failure
) -> tuple[str, ...]:
    """A chain of tie-break keys as a season or tournament stores it: ``fail(code, **params)`` for an unknown or
    repeated key, or (code ``after_last``) one after a key of ``last``, which ends the chain."""
    chain: list[str] = []
    for key in keys:
        if not isinstance(key, str) or key not in offered:
            raise fail("unknown_tiebreak", tiebreak=repr(key), known=", ".join(offered))
        if key in chain:
            raise fail("tiebreak_twice", tiebreak=key)
        if chain and chain[-1] in last:
            raise fail(after_last, last=chain[-1], tiebreak=key)
        chain.append(key)
    return tuple(chain)


__all__ = [
    "LOT",
    "TIEBREAKS",
    "Placed",
    "Registry",
    "Score",
    "Standing",
    "TieBreak",
    "direct_comparison",
    "parse_chain",
    "rank",
    "values",
]
