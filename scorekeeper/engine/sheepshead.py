"""Sheepshead: five play, the picker (with the J♦ holder as partner, or alone) against the rest.

Every payoff table pays one base amount per defender for the picker side's
band; the partner gets that amount, the picker twice it (four times alone), so
a row always sums to zero. Cracks, blitzes and a pending doubler hand each
double it. When everyone passes, the rule set either plays a leaster or
records a doubler; the doubler queue is history kept on the instance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

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
BAND_MARKS = (("won", "schwarz"), ("won", "schneider"), ("won",), ("lost",), ("lost", "schneider"), ("lost", "schwarz"))


def _band(points: int, schwarz: bool) -> int:
    if schwarz:
        return EVERY_TRICK if points else NO_TRICK
    return 1 if points >= 91 else 2 if points >= 61 else 3 if points >= 31 else 4


def _band_item(points: int, schwarz: bool, payoff: tuple[int, ...]) -> Item:
    band = _band(points, schwarz)
    result = BANDS[band] if band in (EVERY_TRICK, NO_TRICK) else f"{points} points ({BANDS[band]})"
    return Item(f"Picker side {result}", abs(payoff[band]))


# Looked up on every hand, so computed once: BAND[schwarz][points] and, for each payoff table, the explanation's
# first line BAND_ITEMS[table][schwarz][points] (schwarz is only valid with 0 or 120 points).
BAND = tuple(tuple(_band(points, schwarz) for points in range(ALL_POINTS + 1)) for schwarz in (False, True))
BAND_ITEMS = {
    name: tuple(tuple(_band_item(p, schwarz, payoff) for p in range(ALL_POINTS + 1)) for schwarz in (False, True))
    for name, payoff in PAYOFF_TABLES.items()
}

PASS_OUTS = ("leaster", "doubler")
TYPES = ("pick", *PASS_OUTS)
MAX_CRACKS = 2  # crack, re-crack
MAX_BLITZES = 2  # both black queens; some tables also blitz a second pair

_points = integer(0, ALL_POINTS)
_cracks = integer(0, MAX_CRACKS)
_blitzes = integer(0, MAX_BLITZES)
_any_type = choice(*TYPES)


def _type(name: str, value: Any) -> str:
    """``choice(*TYPES)`` with a fast path, since every hand has a type."""
    return value if type(value) is str and value in TYPES else _any_type(name, value)


CRACK_ITEMS = (Item("Crack", factor=2), Item("Re-crack", factor=2))
BLITZ_ITEM = Item("Blitz", factor=2)
DOUBLER_ITEM = Item("Doubler", factor=2)
ALONE_ITEM = Item("Alone: the picker takes every defender's share")
DOUBLER_NOTE = Item("Doubler: the next played hand counts double")

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
        self._band_items = BAND_ITEMS[rules["table"]]

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
            explanation=(DOUBLER_NOTE,),
        )

    def _pick(self, facts: Facts) -> Outcome:
        picker = cast(str, facts.player("picker", needed_for="a pick"))  # required, so never None
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

        band = BAND[schwarz][points]
        multiplier, items, marks = self._multiplier(cracks, blitzes)
        amount = self.payoff[band] * multiplier  # what each defender pays (negative: receives)
        deltas = dict.fromkeys(facts.table.playing, -amount)
        if partner is None:
            deltas[picker] = 4 * amount
            items += (ALONE_ITEM,)
            marks = ("alone", *marks)
        else:
            deltas[picker] = 2 * amount
            deltas[partner] = amount
        return Outcome(
            deltas,
            "Pick" if partner else "Alone",
            value=abs(amount),
            multiplier=multiplier,
            explanation=(self._band_items[schwarz][points], *items),
            marks=BAND_MARKS[band] + marks,
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
        multiplier, items, marks = self._multiplier(0, blitzes)
        if len(winners) > 1:
            return Outcome(
                dict.fromkeys(points, 0),
                "Leaster",
                multiplier=multiplier,
                marks=("passed", "tie", *marks),
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
            marks=("passed", *marks),
            explanation=(Item(f"{winner} fewest with {fewest} points", 1), *items),
            declarers=(winner,),
        )

    def _multiplier(self, cracks: int, blitzes: int) -> tuple[int, tuple[Item, ...], tuple[str, ...]]:
        """Doubling by crack steps, blitzes and a pending doubler hand (which this played hand uses up).

        Called only once the deal is known to be valid. Returns the multiplier with its explanation items
        and sheet marks.
        """
        doubled = self.pending_doublers > 0
        if not (cracks or blitzes or doubled):
            return 1, (), ()
        self.pending_doublers -= doubled
        items = CRACK_ITEMS[:cracks] + (BLITZ_ITEM,) * blitzes + ((DOUBLER_ITEM,) if doubled else ())
        marks = ((f"cracks:{cracks}",) if cracks else ()) + ((f"blitz:{blitzes}",) if blitzes else ())
        return 1 << (cracks + blitzes + doubled), items, marks + (("doubled",) if doubled else ())
