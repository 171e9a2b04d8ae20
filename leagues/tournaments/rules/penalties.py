"""Penalties as the TSR defines them (section 9), decided by an official and entered for the tournament.

- ``minor``: the offender pays 1 to each other player at his table, so −3 / +1 each at four (−4 at five).
- ``serious``: 4 to each other player, −12 / +4 each at four (−16 at five).
- ``deduction``: the tournament direction takes ``points`` from the offender alone (not zero-sum).

A penalty is a tournament entry, not a row of the table sheet: it carries the reason and the official, and the
free deduction and the other games have no engine row for it. Minor and serious ones move points at the offender's
table of that round, where every other player seated there receives his share (a penalty is no deal, so nobody
sits out). A Doppelkopf sheet may still hold the engine's own penalty rows (``"type": "penalty"``) as the table
wrote them; they count in the sheet's totals and as penalty points alike.

A player's penalty points (for the tie-break "fewer penalty points") are what his penalties took from him.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.engine.doppelkopf import PENALTIES

from .reading import bad

PER_OTHER = {kind: per_other for kind, (per_other, _) in PENALTIES.items()}
DEDUCTION = "deduction"
KINDS = (*PER_OTHER, DEDUCTION)


@dataclass(frozen=True, slots=True)
class Penalty:
    round: int
    player: int  # the offender's start number
    kind: str  # one of KINDS
    reason: str
    official: str  # who decided it
    points: int | None = None  # what a free deduction takes; None for the others

    def deltas(self, table: Sequence[int]) -> dict[int, int]:
        """What the penalty moves among ``table``, the offender's table of that round (start numbers)."""
        if self.kind == DEDUCTION:
            assert self.points is not None  # a deduction is read with its points
            return {self.player: -self.points}
        others = [p for p in table if p != self.player]
        per_other = PER_OTHER[self.kind]
        return {**dict.fromkeys(others, per_other), self.player: -per_other * len(others)}


def kind(value: object) -> str:
    if value not in KINDS:
        raise bad("penalty_kind", known=", ".join(KINDS), got=repr(value))
    return str(value)
