"""Sheepshead: the picker (with the J♦ holder as partner, or alone) against the rest.

Five play each hand (a table of six to eight sits out the dealer and the players
just before him), or four, or three (the picker always alone). Every payoff
table gives one amount per defender for the picker side's band; the picker's
side gets what the defenders pay, the partner one defender's share and the
picker the rest, so a row always sums to zero at any table size. Cracks,
blitzes and a pending doubler each double it. When everyone passes, the rule
set either plays a leaster or records a doubler; the doubler queue (which a
60:60 hand may also feed) is history kept on the instance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from .deal import Facts, Item, Outcome
from .errors import DealError
from .game import Game
from .messages import names_and, say
from .options import Validator, choice, flag, integer

ALL_POINTS = 120
TRICKS = {5: 6, 4: 7, 3: 10}  # a hand has as many tricks as a player has cards
MOST_SITTING_OUT = 3  # a five-handed table seats up to eight
TIE_POINTS = 60  # 60:60: the picker's side loses

# Bands of the picker side's result, best first; each table gives the base amount per defender (negative: lost).
BANDS = ("every trick", "91–120", "61–90", "31–60", "0–30", "no trick")
EVERY_TRICK, NO_TRICK = 0, 5
PAYOFF_TABLES: dict[str, tuple[int, ...]] = {
    "seed": (3, 2, 1, -1, -2, -6),
    "standard": (3, 2, 1, -1, -2, -3),
    "double_on_the_bump": (3, 2, 1, -2, -4, -6),  # a losing picker side pays double
    "2-4-8": (4, 2, 1, -2, -4, -8),  # double on the bump, every trick and no trick pay 4 and 8
}
BAND_MARKS = (("won", "schwarz"), ("won", "schneider"), ("won",), ("lost",), ("lost", "schneider"), ("lost", "schwarz"))


def _band(points: int, schwarz: bool) -> int:
    if schwarz:
        return EVERY_TRICK if points else NO_TRICK
    return 1 if points >= 91 else 2 if points >= 61 else 3 if points >= 31 else 4


def _band_item(points: int, schwarz: bool, payoff: tuple[int, ...]) -> Item:
    band = _band(points, schwarz)
    if band == EVERY_TRICK:
        words = say("x_picker_every_trick")
    elif band == NO_TRICK:
        words = say("x_picker_no_trick")
    else:
        words = say("x_picker_side_points", points=points, band=BANDS[band])
    return Item(words, abs(payoff[band]))


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
ALONE_ITEM = Item(say("x_alone"))
FREE_PARTNER_ITEM = Item(say("x_free_partner"))
DOUBLER_NOTE = Item(say("x_doubler_next"))
TIE_NOTE = Item(say("x_tie_next"))
A_PICK, A_LEASTER = say("a_pick"), say("a_leaster_hand")

# Sheet marks: "won", "lost", "alone", "schneider", "schwarz", "cracks:N", "blitz:N", "doubled", "passed",
# "tie" for a leaster that nobody won, and "doubles_next" for a 60:60 hand under tie_doubles_next.

HOUSE_RULES: dict[str, Any] = {
    "players": 5,
    "tie_doubles_next": False,
    "leaster_tie": "nobody",
    "no_trick_partner": "pays",
}


class Sheepshead(Game):
    key = "sheepshead"
    title = "Sheepshead"
    rule_presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "seed": {"table": "seed", "pass_out": "leaster", **HOUSE_RULES},
        "standard": {"table": "standard", "pass_out": "leaster", **HOUSE_RULES},
        "wisconsin": {"table": "double_on_the_bump", "pass_out": "doubler", **HOUSE_RULES},
    }
    rule_schema: ClassVar[Mapping[str, Validator]] = {
        "players": choice(5, 4, 3),
        "table": choice(*PAYOFF_TABLES),
        "pass_out": choice(*PASS_OUTS),
        "tie_doubles_next": flag,
        "leaster_tie": choice("nobody", "fewer_tricks"),
        "no_trick_partner": choice("pays", "free"),
    }
    extra_seats = MOST_SITTING_OUT
    CONTRACT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "leaster": ("winner", "points_by_player", "tricks_by_player", "blitz"),
        "doubler": (),
        "pick": ("picker", "partner", "points", "schwarz", "cracks", "blitz"),
    }

    history = ("pending_doublers",)

    def __init__(self, rules: dict[str, Any], tariff: dict[str, Any] | None) -> None:
        super().__init__(rules, tariff)
        self.players: int = rules["players"]
        self.payoff = PAYOFF_TABLES[rules["table"]]
        self.pass_out: str = rules["pass_out"]
        self.tie_doubles_next: bool = rules["tie_doubles_next"]
        self.fewer_tricks_wins: bool = rules["leaster_tie"] == "fewer_tricks"
        self.free_partner: bool = rules["no_trick_partner"] == "free"
        self.pending_doublers = 0  # doubler hands (and 60:60 hands) still waiting to double a played hand
        self._band_items = BAND_ITEMS[rules["table"]]

    @property
    def seats(self) -> int:
        return self.players

    def table_sizes(self) -> tuple[int, ...]:
        """Five-handed, a table seats five to eight; four or three seat exactly that many."""
        return super().table_sizes() if self.players == 5 else (self.players,)

    def enabled_contracts(self) -> tuple[str, ...]:
        return (self.pass_out, "pick")

    def fields_for(self, contract_type: str) -> tuple[str, ...]:
        """Three-handed the picker always plays alone: no partner to enter."""
        fields = self.CONTRACT_FIELDS[contract_type]
        return tuple(f for f in fields if f != "partner") if self.players == 3 else fields

    def score(self, facts: Facts) -> Outcome:
        kind = facts.get("type", _type)
        if kind == "pick":
            return self._pick(facts)
        if kind != self.pass_out:
            raise DealError("type", "sh_type_not_played", got=kind, pass_out=self.pass_out)
        if kind == "leaster":
            return self._leaster(facts)
        facts.reject_unread(say("a_doubler"))
        self.pending_doublers += 1
        return Outcome(
            dict.fromkeys(facts.table.playing, 0),
            "Doubler",
            marks=("passed",),
            explanation=(DOUBLER_NOTE,),
        )

    def _pick(self, facts: Facts) -> Outcome:
        picker = cast(str, facts.player("picker", needed_for=A_PICK))  # required, so never None
        partner = facts.player("partner", required=False)
        if partner is not None and self.players == 3:
            raise DealError("partner", "sh_three_alone", got=partner)
        if partner == picker:
            raise DealError("partner", "sh_partner_is_picker", got=partner)
        points = facts.get("points", _points, needed_for=A_PICK)
        schwarz = facts.get("schwarz", flag, default=False)
        if schwarz and points not in (0, ALL_POINTS):
            raise DealError("schwarz", "sh_schwarz_points", all=ALL_POINTS, got=points)
        cracks = facts.get("cracks", _cracks, default=0)
        blitzes = facts.get("blitz", _blitzes, default=0)
        facts.reject_unread(A_PICK)

        band = BAND[schwarz][points]
        multiplier, items, marks = self._multiplier(cracks, blitzes)
        if self.tie_doubles_next and points == TIE_POINTS:
            self.pending_doublers += 1
            items, marks = (*items, TIE_NOTE), (*marks, "doubles_next")
        amount = self.payoff[band] * multiplier  # what each defender pays (negative: receives)
        playing = facts.table.playing
        deltas = dict.fromkeys(playing, -amount)
        side = amount * (len(playing) - (1 if partner is None else 2))  # what all the defenders pay together
        if partner is None:
            deltas[picker] = side
            items += (ALONE_ITEM,)
            marks = ("alone", *marks)
        elif band == NO_TRICK and self.free_partner:
            deltas[picker], deltas[partner] = side, 0
            items += (FREE_PARTNER_ITEM,)
        else:
            deltas[picker], deltas[partner] = side - amount, amount
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
        """Everyone alone; the fewest points among the players who took a trick win (or, tied, nobody scores)."""
        if not facts.has("points_by_player"):
            winner = self._recorded_winner(facts)
            blitzes = facts.get("blitz", _blitzes, default=0)
            facts.reject_unread(say("a_leaster_by_winner"))
            reason = None if winner else Item(say("x_leaster_tie"))
        else:
            winner, reason = self._counted_winner(facts)
            blitzes = facts.get("blitz", _blitzes, default=0)
            facts.reject_unread(A_LEASTER)
        playing = facts.table.playing
        multiplier, items, marks = self._multiplier(0, blitzes)
        if winner is None:
            return Outcome(
                dict.fromkeys(playing, 0),
                "Leaster",
                multiplier=multiplier,
                marks=("passed", "tie", *marks),
                explanation=(cast(Item, reason), *items),
            )
        deltas = dict.fromkeys(playing, -multiplier)
        deltas[winner] = multiplier * (len(playing) - 1)
        return Outcome(
            deltas,
            "Leaster",
            value=multiplier,
            multiplier=multiplier,
            marks=("passed", *marks),
            explanation=(reason or Item(say("x_fewest", player=winner), 1), *items),
            declarers=(winner,),
        )

    def _recorded_winner(self, facts: Facts) -> str | None:
        """A leaster noted by its winner alone, or ``null`` for a tie that nobody won."""
        if not facts.has("winner"):
            raise DealError("winner", "sh_winner_required")
        if facts.has("tricks_by_player"):
            raise DealError("tricks_by_player", "sh_tricks_need_points")
        return facts.player("winner", required=False)

    def _counted_winner(self, facts: Facts) -> tuple[str | None, Item]:
        """The winner from every player's points (and tricks), with the explanation's first line."""
        if facts.has("winner"):
            raise DealError("winner", "sh_winner_or_points")
        points = facts.per_player("points_by_player", total=ALL_POINTS, needed_for=A_LEASTER)
        tricks = (
            facts.per_player("tricks_by_player", total=TRICKS[self.players], needed_for=A_LEASTER)
            if facts.has("tricks_by_player")
            else None
        )
        if tricks is not None:
            for player, count in tricks.items():
                if not count and points[player]:
                    raise DealError("points_by_player", "sh_points_without_trick", player=player, got=points[player])
        # Without the tricks, a player with card points took a trick; one who took only a trick worth 0 points
        # must be recorded with tricks_by_player.
        took_a_trick = [p for p in points if (tricks[p] if tricks is not None else points[p])]
        fewest = min(points[p] for p in took_a_trick)
        tied = [p for p in took_a_trick if points[p] == fewest]
        if len(tied) > 1 and self.fewer_tricks_wins:
            if tricks is None:
                raise DealError("tricks_by_player", "sh_tricks_required", players=names_and(tied), points=fewest)
            least = min(tricks[p] for p in tied)
            tied = [p for p in tied if tricks[p] == least]
        if len(tied) > 1:
            return None, Item(say("x_leaster_tie_at", points=fewest))
        return tied[0], Item(say("x_fewest_with", player=tied[0], points=fewest), 1)

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
