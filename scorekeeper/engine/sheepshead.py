"""Sheepshead: five play, the picker (with the J♦ holder as partner, or alone) against the rest.

Every payoff table pays one base amount per defender for the picker side's
band; the partner gets that amount, the picker twice it (four times alone), so
a row always sums to zero. Cracks, blitzes and a pending doubler hand each
double it. When everyone passes, the rule set either plays a leaster or
records a doubler; the doubler queue is history kept on the instance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .deal import Facts, Item, Outcome
from .errors import DealError
from .game import Game
from .options import Validator, choice, flag, integer

ALL_POINTS = 120
TRICKS = 6  # six cards each, whoever sits out
PLAYING = 5

# Bands of the picker side's result, best first; each table gives the base amount per defender (negative: lost).
BANDS = ("took every trick", "91–120", "61–90", "31–60", "0–30", "took no trick")
EVERY_TRICK, NO_TRICK = 0, 5
PAYOFF_TABLES: dict[str, tuple[int, ...]] = {
    "seed": (3, 2, 1, -1, -2, -6),
    "standard": (3, 2, 1, -1, -2, -3),
    "double_on_the_bump": (3, 2, 1, -2, -4, -6),  # a losing picker side pays double
}
# The band of a picker side that took at least one trick but not every trick, by its card points.
BAND_BY_POINTS = tuple(1 if p >= 91 else 2 if p >= 61 else 3 if p >= 31 else 4 for p in range(ALL_POINTS + 1))
SCHNEIDER_BANDS = frozenset({1, 4})  # the losing side kept 30 or fewer

PASS_OUTS = ("leaster", "doubler")
TYPES = ("pick", *PASS_OUTS)
MAX_CRACKS = 2  # crack, re-crack
MAX_BLITZES = 2  # both black queens; some tables also blitz a second pair

_type = choice(*TYPES)
_points = integer(0, ALL_POINTS)
_cracks = integer(0, MAX_CRACKS)
_blitzes = integer(0, MAX_BLITZES)

CRACK_ITEMS = (Item("Crack", factor=2), Item("Re-crack", factor=2))
BLITZ_ITEM = Item("Blitz", factor=2)
DOUBLER_ITEM = Item("Doubler", factor=2)

# Sheet marks: "won", "lost", "alone", "schneider", "schwarz", "cracks:N", "blitz:N", "doubled", "passed",
# and "tie" for a leaster that nobody won.


class Sheepshead(Game):
    key = "sheepshead"
    title = "Sheepshead"
    rule_presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "seed": {"table": "seed", "pass_out": "leaster"},
        "standard": {"table": "standard", "pass_out": "leaster"},
        "wisconsin": {"table": "double_on_the_bump", "pass_out": "doubler"},
    }
    rule_schema: ClassVar[Mapping[str, Validator]] = {
        "table": choice(*PAYOFF_TABLES),
        "pass_out": choice(*PASS_OUTS),
    }
    CONTRACT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "leaster": ("points_by_player", "tricks_by_player", "blitz"),
        "doubler": (),
        "pick": ("picker", "partner", "points", "schwarz", "cracks", "blitz"),
    }

    def __init__(self, rules: dict[str, Any], tariff: dict[str, Any] | None) -> None:
        super().__init__(rules, tariff)
        self.payoff = PAYOFF_TABLES[rules["table"]]
        self.pass_out: str = rules["pass_out"]
        self.pending_doublers = 0  # doubler hands still waiting to double a played hand

    @property
    def seats(self) -> int:
        return PLAYING

    def enabled_contracts(self) -> tuple[str, ...]:
        return (self.pass_out, "pick")

    def score(self, facts: Facts) -> Outcome:
        kind = facts.get("type", _type)
        if kind == "pick":
            return self._pick(facts)
        if kind != self.pass_out:
            raise DealError("type", f"type {kind} is not played under these rules (pass_out is {self.pass_out})")
        if kind == "leaster":
            return self._leaster(facts)
        facts.reject_unread("a doubler")
        self.pending_doublers += 1
        return Outcome(
            dict.fromkeys(facts.table.playing, 0),
            "Doubler",
            marks=("passed",),
            explanation=(Item("Doubler: the next played hand counts double"),),
        )

    def _pick(self, facts: Facts) -> Outcome:
        picker = facts.player("picker", needed_for="a pick")
        partner = facts.player("partner", required=False)
        if partner == picker:
            raise DealError("partner", f"partner must be someone other than the picker (got {partner} for both)")
        points = facts.get("points", _points, needed_for="a pick")
        schwarz = facts.get("schwarz", flag, default=False)
        if schwarz and points not in (0, ALL_POINTS):
            raise DealError("schwarz", f"schwarz is only possible with 0 or {ALL_POINTS} points (got {points})")
        cracks = facts.get("cracks", _cracks, default=0)
        blitzes = facts.get("blitz", _blitzes, default=0)
        facts.reject_unread("a pick")

        band = (EVERY_TRICK if points else NO_TRICK) if schwarz else BAND_BY_POINTS[points]
        result = BANDS[band] if band in (EVERY_TRICK, NO_TRICK) else f"{points} points ({BANDS[band]})"
        items = [Item(f"Picker side {result}", abs(self.payoff[band]))]
        marks: list[str] = []
        multiplier = self._multiplier(cracks, blitzes, items, marks)
        amount = self.payoff[band] * multiplier  # what each defender pays (negative: receives)
        deltas = dict.fromkeys(facts.table.playing, -amount)
        if partner is None:
            deltas[picker] = 4 * amount
            items.append(Item("Alone: the picker takes every defender's share"))
        else:
            deltas[picker] = 2 * amount
            deltas[partner] = amount
        outcome_marks = ["won" if amount > 0 else "lost"] + (["alone"] if partner is None else [])
        if band in SCHNEIDER_BANDS:
            outcome_marks.append("schneider")
        elif schwarz:
            outcome_marks.append("schwarz")
        return Outcome(
            deltas,
            "Pick" if partner else "Alone",
            value=abs(amount),
            multiplier=multiplier,
            explanation=tuple(items),
            marks=(*outcome_marks, *marks),
            declarers=(picker, partner) if partner else (picker,),
        )

    def _leaster(self, facts: Facts) -> Outcome:
        points = facts.per_player("points_by_player", total=ALL_POINTS, needed_for="a leaster")
        tricks = facts.per_player("tricks_by_player", total=TRICKS, needed_for="a leaster")
        for player, count in tricks.items():
            if not count and points[player]:
                raise DealError(
                    "points_by_player",
                    f"points_by_player: {player} took no trick, so cannot have {points[player]} points",
                )
        blitzes = facts.get("blitz", _blitzes, default=0)
        facts.reject_unread("a leaster")

        fewest = min(points[player] for player, count in tricks.items() if count)
        winners = [player for player, count in tricks.items() if count and points[player] == fewest]
        items: list[Item] = []
        marks = ["passed"]
        multiplier = self._multiplier(0, blitzes, items, marks)
        if len(winners) > 1:
            return Outcome(
                dict.fromkeys(points, 0),
                "Leaster",
                multiplier=multiplier,
                marks=(*marks, "tie"),
                explanation=(Item(f"Tie for fewest at {fewest} points: nobody scores"), *items),
            )
        winner = winners[0]
        deltas = dict.fromkeys(points, -multiplier)
        deltas[winner] = multiplier * (len(points) - 1)
        return Outcome(
            deltas,
            "Leaster",
            value=multiplier,
            multiplier=multiplier,
            marks=tuple(marks),
            explanation=(Item(f"{winner} fewest with {fewest} points", 1), *items),
            declarers=(winner,),
        )

    def _multiplier(self, cracks: int, blitzes: int, items: list[Item], marks: list[str]) -> int:
        """Doubles for crack steps, blitzes and a pending doubler hand, which this played hand uses up.

        Called only once the deal is known to be valid; appends the explanation items and sheet marks.
        """
        doubled = self.pending_doublers > 0
        self.pending_doublers -= doubled
        items += CRACK_ITEMS[:cracks]
        items += (BLITZ_ITEM,) * blitzes
        if cracks:
            marks.append(f"cracks:{cracks}")
        if blitzes:
            marks.append(f"blitz:{blitzes}")
        if doubled:
            items.append(DOUBLER_ITEM)
            marks.append("doubled")
        return 1 << (cracks + blitzes + doubled)
