"""Penalties as the TSR defines them (section 9), decided by an official and entered for the tournament.

- ``minor`` (9.3.2): the offender pays a fixed 3, each other playing player gets 1.
- ``serious`` (9.4.3): the offender pays a fixed 12, each other playing player gets 4.
- ``deduction``: the tournament direction takes ``points`` from the offender alone (not zero-sum).

At a table of five the dealer sits the deal out and scores 0 (10.1.2): a penalty naming him as ``sitting_out``
credits only the three others who play. A defender's offence during a solo (``soloist`` names the soloist) credits
the soloist alone, the other defenders 0: 3 for a minor one (9.3.3 b1); for a serious one (9.4.4) the value the
official decides, 12 to 24 (``points``; an entry without it is worth 12, the fixed serious penalty). Older entries
at a table of five that name nobody sitting out keep their former reading: 1 or 4 from the offender to each of the
four others.

A penalty is a tournament entry, not a row of the table sheet: it carries the reason and the official, and the
free deduction and the other games have no engine row for it. A Doppelkopf sheet may still hold the engine's own
penalty rows (``"type": "penalty"``) as the table wrote them; they count in the sheet's totals and as penalty
points alike.

A player's penalty points (for the tie-break "fewer penalty points") are what his penalties took from him.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.engine.doppelkopf import PENALTIES

from .words import Message, bad, say

PER_OTHER = {kind: per_other for kind, (per_other, _) in PENALTIES.items()}
DEDUCTION = "deduction"
KINDS = (*PER_OTHER, DEDUCTION)
RECEIVERS = 3  # the offender's fixed cost is what three other players receive (9.3.2, 9.4.3)
TO_SOLOIST = {kind: per_other * RECEIVERS for kind, per_other in PER_OTHER.items()}  # 9.3.3 b1, 9.4.4 at least
SERIOUS_IN_SOLO = range(TO_SOLOIST["serious"], 2 * TO_SOLOIST["serious"] + 1)  # 9.4.4: 12 to 24, the official decides


@dataclass(frozen=True, slots=True)
class Penalty:
    round: int
    player: int  # the offender's start number
    kind: str  # one of KINDS
    reason: str
    official: str  # who decided it
    points: int | None = None  # what a free deduction takes, or a serious offence in a solo gives; else None
    sitting_out: int | None = None  # at a table of five: the dealer who sat the deal out (10.1.2)
    soloist: int | None = None  # the offence was a defender's during this player's solo (9.3.3 b1, 9.4.4)

    def deltas(self, table: Sequence[int]) -> dict[int, int]:
        """What the penalty moves among ``table``, the offender's table of that round (start numbers)."""
        if self.kind == DEDUCTION:
            assert self.points is not None  # a deduction is read with its points
            return {self.player: -self.points}
        if self.soloist is not None:
            to_soloist = self.points if self.names_points else TO_SOLOIST[self.kind]
            assert to_soloist is not None  # names_points: the value is given
            return {self.soloist: to_soloist, self.player: -to_soloist}
        others = [p for p in table if p not in (self.player, self.sitting_out)]
        per_other = PER_OTHER[self.kind]
        return {**dict.fromkeys(others, per_other), self.player: -per_other * len(others)}

    @property
    def names_points(self) -> bool:
        """The entry gives its value: a free deduction, or a serious offence in a solo (9.4.4)."""
        return self.points is not None and (self.kind == DEDUCTION or self.serious_in_solo)

    @property
    def serious_in_solo(self) -> bool:
        return self.kind == "serious" and self.soloist is not None

    def points_problem(self) -> Message | None:
        """Only a free deduction and a serious offence in a solo name their points; the latter 12 to 24 (9.4.4)."""
        if self.points is None or self.kind == DEDUCTION:
            return None
        if not self.serious_in_solo:
            return say("points_not_deduction", kind=self.kind)
        if self.points not in SERIOUS_IN_SOLO:
            return say("serious_in_solo_range", least=SERIOUS_IN_SOLO.start, most=SERIOUS_IN_SOLO.stop - 1,
                       got=self.points)  # fmt: skip
        return None

    def context_problems(self, seats: Sequence[int]) -> list[tuple[str, Message]]:
        """Who sat out and who played the solo must be others at the offender's table (9.3.3, 9.4.4, 10.1.2)."""
        if not seats:  # the offender sat nowhere: said already
            return []
        problems = []
        for key, number in (("sitting_out", self.sitting_out), ("soloist", self.soloist)):
            if number is None:
                continue
            if self.kind == DEDUCTION:
                problems.append((key, say("context_not_deduction")))
            elif number not in seats or number == self.player:
                problems.append((key, say("not_a_table_mate", number=number)))
        if self.sitting_out is not None and len(seats) != 5:
            problems.append(("sitting_out", say("sitting_out_at_five")))
        if self.soloist is not None and self.soloist == self.sitting_out:
            problems.append(("soloist", say("soloist_sat_out", number=self.soloist)))
        return problems


def kind(value: object) -> str:
    if value not in KINDS:
        raise bad("penalty_kind", known=", ".join(KINDS), got=repr(value))
    return str(value)
