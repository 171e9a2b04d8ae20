"""A season's tie-breaks: what decides between players level on the mode's score, in the order a season lists them.

They are registered as the ``season`` tie-breaks of the competition core's one registry. A season stores its chain
as a list of keys (:func:`parse_tiebreaks`). Players still level after the whole chain share the place, and so do
players level when the chain reaches ``shared`` (which therefore must come last).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...competition.ranking import TIEBREAKS as REGISTRY
from ...competition.ranking import TieBreak, direct_comparison, parse_chain
from .messages import Message, RankingError, say
from .results import Tally

SHARED = "shared"
DIRECT = "direct_comparison"


@dataclass(frozen=True, slots=True)
class SeasonTieBreak(TieBreak[Tally]):
    """A tie-break with its name and description in the ranking engine's words."""

    def name(self) -> Message:
        return say(f"tiebreak_{self.key}")

    def about(self) -> Message:
        return say(f"tiebreak_{self.key}_about")


REGISTRY.register(
    "season",
    SeasonTieBreak("more_points", lambda t: t.points),
    SeasonTieBreak("more_sessions", lambda t: t.played),
    SeasonTieBreak("more_evenings_won", lambda t: t.evenings_won),
    SeasonTieBreak("best_evening", lambda t: t.best_evening),
    SeasonTieBreak("more_solos_won", lambda t: t.solos_won),
    SeasonTieBreak(DIRECT, among=direct_comparison),
    SeasonTieBreak(SHARED),
)
TIEBREAKS: Mapping[str, SeasonTieBreak] = REGISTRY.of("season")  # type: ignore[assignment]  # registered above


def parse_tiebreaks(keys: Iterable[Any]) -> tuple[str, ...]:
    """The chain a season stores; RankingError for an unknown or repeated key, or one after ``shared``."""
    if isinstance(keys, str | bytes) or not isinstance(keys, Iterable):
        raise RankingError("tiebreaks_not_a_list", got=type(keys).__name__)
    return parse_chain(keys, TIEBREAKS, last=(SHARED,), after_last="tiebreak_after_shared", fail=RankingError)
