"""The contract between the replay and a game module."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .deal import Facts, Outcome
from .options import Validator
from .rounds import ROUND_SCHEMA, Claim


@dataclass(frozen=True, slots=True)
class PflichtsoloRound:
    """Where the round (Spielrunde) stands in which everyone owes one Pflichtsolo: the sheet's reminder."""

    number: int
    games_left: int
    owing: tuple[str, ...]  # who has not played his Pflichtsolo yet, in seat order
    must_play: bool | None = None  # a tournament round's own word (rounds.py); None: the solos owed fill the games

    @property
    def vorgefuehrt(self) -> bool:
        """The solos owed fill the games left: each must be played (vorgeführt) when its player's turn comes."""
        if self.must_play is not None:
            return self.must_play
        return bool(self.owing) and len(self.owing) >= self.games_left


class Game:
    """Base class of a game's rules; one instance replays one session.

    A subclass declares its presets and option schemas as data and implements
    :meth:`score`. It may keep history (Bock rounds, doubler queue, chalk) on
    ``self``, but must validate the whole deal before changing that history,
    so an invalid deal is never partly applied.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    rule_presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    rule_schema: ClassVar[Mapping[str, Validator]]
    # A tournament table's round (rounds.py): rules the tournament gives its table sessions, in no preset and
    # absent unless given, so no house-rule form offers them.
    round_schema: ClassVar[Mapping[str, Validator]] = ROUND_SCHEMA
    tariff_presets: ClassVar[Mapping[str, Mapping[str, Any]] | None] = None
    tariff_schema: ClassVar[Mapping[str, Validator]] = {}
    has_pot: ClassVar[bool] = False
    # How many players more than play each deal a table may seat: they sit out in turn (see sitting_out).
    extra_seats: ClassVar[int] = 1
    # For the entry form: each contract (or deal type) and the fields it records, in the order a table calls
    # them out. A contract "type" may stand for several facts (Schafkopf "wenz_tout" is a Wenz with tout).
    CONTRACT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {}
    # The attributes that carry history from deal to deal (Bock rounds, doubler queue, chalk), each holding plain
    # JSON values: a replay's snapshot (session.py) keeps them, so the next deal can be scored without the earlier.
    history: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rules: dict[str, Any], tariff: dict[str, Any] | None) -> None:
        self.rules = rules
        self.tariff = tariff

    @property
    def seats(self) -> int:
        """How many players play each deal (one more may sit at the table)."""
        raise NotImplementedError

    def table_sizes(self) -> tuple[int, ...]:
        """How many players a table of these rules may seat."""
        return tuple(range(self.seats, self.seats + self.extra_seats + 1))

    def sitting_out(self, players: tuple[str, ...], dealer: int) -> tuple[str, ...]:
        """Who sits out a deal dealt by seat ``dealer`` (0-based): at a table with k players too many, the dealer
        and the k - 1 players seated just before him (schreiber/1: "the dealer sits out and scores 0")."""
        extra = len(players) - self.seats
        return tuple(players[(dealer - i) % len(players)] for i in range(extra)) if extra > 0 else ()

    def snapshot(self) -> dict[str, Any]:
        """The history after the deals scored so far, as plain JSON values."""
        return {name: copy.deepcopy(getattr(self, name)) for name in self.history}

    def restore(self, history: Mapping[str, Any]) -> None:
        """Take up the history a snapshot kept (KeyError when it lacks an attribute)."""
        for name in self.history:
            setattr(self, name, copy.deepcopy(history[name]))

    def zero_sum(self) -> bool:
        """Whether every deal's deltas sum to 0 with the pot (a plus-only sheet writes only the winners)."""
        return True

    def uses_pot(self) -> bool:
        """Whether the score sheet needs a pot column under these rules."""
        return self.has_pot

    def enabled_contracts(self) -> tuple[str, ...]:
        """The contract types these rules allow, low to high."""
        return tuple(self.CONTRACT_FIELDS)

    def fields_for(self, contract_type: str) -> tuple[str, ...]:
        """The fields a deal of ``contract_type`` records under these rules."""
        return self.CONTRACT_FIELDS[contract_type]

    def count_choices(self, contract_type: str, field: str) -> tuple[int, ...] | None:
        """The values a count ``field`` (runners, …) can take in ``contract_type``; None when any small number can."""
        return None

    def pflichtsolo_round(
        self, seats: Sequence[str], results: Iterable[tuple[Mapping[str, Any], Sequence[str], Sequence[str]]]
    ) -> PflichtsoloRound | None:
        """The current round's Pflichtsoli from the stored results (extra, marks, declarers) of the deals so far;
        None when these rules have no forced solo."""
        return None

    def round_claim(self, raw: Mapping[str, Any]) -> Claim:
        """What a tournament round needs of a deal before it is scored (see rounds.py): by default every deal is a
        game and none a Pflichtsolo. Read from the raw facts; the game reports anything wrong with them."""
        return Claim()

    def score(self, facts: Facts) -> Outcome:
        raise NotImplementedError
