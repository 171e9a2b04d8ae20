"""Tie-breaks: what decides between players level on the mode's score, in the order a season lists them.

A season stores its chain as a list of keys (:func:`parse_tiebreaks`). Players still level after the whole chain
share the place, and so do players level when the chain reaches ``shared`` (which therefore must come last).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .messages import Message, RankingError, say
from .results import Score, Tally

SHARED = "shared"
DIRECT = "direct_comparison"


@dataclass(frozen=True, slots=True)
class TieBreak:
    key: str
    value: Callable[[Tally], Score] | None  # higher is better; None: depends on who is tied (direct comparison)

    def name(self) -> Message:
        return say(f"tiebreak_{self.key}")

    def about(self) -> Message:
        return say(f"tiebreak_{self.key}_about")


def direct_comparison(group: Sequence[Tally]) -> dict[str, Score]:
    """Each tied player's game points on the sessions all of ``group`` sat at the same table (0 for everybody when
    they never did)."""
    together: set[Hashable] = set(group[0].sessions)
    for t in group[1:]:
        together &= t.sessions
    return {t.player: sum(r.points for r in t.results if r.session in together) for t in group}


TIEBREAKS: dict[str, TieBreak] = {
    tb.key: tb
    for tb in (
        TieBreak("more_points", lambda t: t.points),
        TieBreak("more_sessions", lambda t: t.played),
        TieBreak("best_evening", lambda t: t.best_evening),
        TieBreak("more_solos_won", lambda t: t.solos_won),
        TieBreak(DIRECT, None),
        TieBreak(SHARED, None),
    )
}


def parse_tiebreaks(keys: Iterable[Any]) -> tuple[str, ...]:
    """The chain a season stores; RankingError for an unknown or repeated key, or one after ``shared``."""
    if isinstance(keys, str | bytes) or not isinstance(keys, Iterable):
        raise RankingError("tiebreaks_not_a_list", got=type(keys).__name__)
    chain: list[str] = []
    for key in keys:
        if not isinstance(key, str) or key not in TIEBREAKS:
            raise RankingError("unknown_tiebreak", tiebreak=repr(key), known=", ".join(TIEBREAKS))
        if key in chain:
            raise RankingError("tiebreak_twice", tiebreak=key)
        if chain and chain[-1] == SHARED:
            raise RankingError("tiebreak_after_shared", tiebreak=key)
        chain.append(key)
    return tuple(chain)
