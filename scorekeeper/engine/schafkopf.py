"""Schafkopf (Bavarian): a declarer's side needs 61 of 120 card points.

One deal is one of three things: a played contract (Sauspiel, Solo, Wenz, ...
and their Touts, Bettel, Sie), what the rules play when everyone passed (a
Ramsch, "über Kreuz" or a Leaster), or a thrown-in deal. A contract's value
comes from the tariff: additive (base + Schneider + Schwarz + runners) for every
preset but ``book``, which multiplies the base by a level instead. Kontra steps
and knocks double the value. The only history is the pot (Stock), which the
replay carries in ``Table.pot``; this module reports its change and never
multiplies it. A plus-only sheet (``sheet: plus_only``) is applied by the
replay, which writes the losers' entries as 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, cast

from .deal import Facts, Item, Outcome
from .errors import DealError
from .game import Game
from .messages import Message, listed, names_and, say
from .options import IntegerMap, OptionalInteger, Subset, Validator, choice, flag, integer

SUITS = ("eichel", "gras", "herz", "schellen")
SUIT_NAMES = {"eichel": "Eichel", "gras": "Gras", "herz": "Herz", "schellen": "Schellen"}
CALLED_SUITS = ("eichel", "gras", "schellen")  # Herz is trump, so no Herz ace can be called
ALL_POINTS = 120
WIN_AT = 61  # 60:60 goes to the defenders
MUSS_WIN_AT = 60  # a forced game wins with 60
SCHNEIDER_MARGIN = 30  # won Schneider at WIN_AT + 30 (91), lost Schneider at WIN_AT - 31 (30)
KONTRA_STEPS = ("Kontra", "Re", "Sup", "Hirsch")
POT_RULES = ("stock", "schierling_stock")
# What a deal records when everyone passed, per ``pass_out``; a Muss game records a Sauspiel.
PASS_OUT_CONTRACTS = {"redeal": "passed", "stock": "passed", "schierling_stock": "passed", "ramsch": "ramsch",
                      "kreuz": "kreuz", "leaster": "leaster", "muss": ""}  # fmt: skip
A_THROWN_IN_DEAL = say("a_thrown_in_deal")
A_LEASTER = say("a_leaster")
PASS_OUT_NAMES: dict[str, str | Message] = {
    "passed": A_THROWN_IN_DEAL,
    "ramsch": "Ramsch",
    "kreuz": "über Kreuz",
    "leaster": "Leaster",
}
JUNGFRAU_RULES = ("double", "double_multiple", "double_all", "none")
# schierling_stock states its limits in the Schierling tariff's units (ante 20): the pot is open to every partner
# game up to 400 = 20 antes, and above that a lost Hochzeit pays 200 = 10 antes per player. We keep the ratio to
# the tariff's ante, so the rule reads the same with any tariff.
SCHIERLING_OPEN_ANTES = 20
SCHIERLING_PENALTY_ANTES = 10
TOUT_SUFFIX = "_tout"

# Trumps per trump family and deck, the upper limit for runners.
# "full": all O, all U and a suit (Sauspiel, Hochzeit, Solo); "single": the four U or O (Wenz, Geier);
# "suit": U or O plus a suit (Farbwenz, Farbgeier).
TRUMP_COUNTS = {
    32: {"full": 14, "single": 4, "suit": 11},
    24: {"full": 12, "single": 4, "suit": 9},
    20: {"full": 11, "single": 4, "suit": 8},
}

# Game value levels, low to high. The additive tariffs add Schneider/Schwarz; the book tariff multiplies by the level.
NORMAL, SCHNEIDER, SCHWARZ, TOUT, SIE = range(5)
BOOK_FACTORS = {NORMAL: 1, SCHNEIDER: 2, SCHWARZ: 3, TOUT: 4, SIE: 5}
LEVEL_NAMES = {SCHNEIDER: "Schneider", SCHWARZ: "Schwarz", TOUT: "Tout", SIE: "Sie"}
INTO_POT, OUT_OF_POT, ANTE = say("x_into_pot"), say("x_out_of_pot"), say("x_ante")


@dataclass(frozen=True, slots=True)
class Contract:
    """A biddable contract and what a deal of it records."""

    key: str
    name: str
    partner: bool = False  # two against two; otherwise the declarer plays alone
    suit: str = ""  # "called": optional called ace; "trump": required trump suit; "": no suit
    runners_from: int = 0  # the fewest Laufende that count; 0 when the contract records no runners
    trumps: str = ""  # trump family in TRUMP_COUNTS
    tout: bool = False  # may be played Tout
    result: str = "points"  # "points": card points decide; "won": Bettel; "sie": wins without play
    base: str = ""  # its tariff entry, when not its own key (über Kreuz is paid as a Sauspiel)

    @property
    def tariff_key(self) -> str:
        return self.base or self.key


# In bidding order, low to high (Tout variants follow the plain ones, Sie is the top).
CONTRACTS: dict[str, Contract] = {
    c.key: c
    for c in (
        Contract("sauspiel", "Sauspiel", partner=True, suit="called", runners_from=3, trumps="full"),
        Contract("hochzeit", "Hochzeit", partner=True, runners_from=3, trumps="full"),
        Contract("bettel", "Bettel", result="won"),
        Contract("farbgeier", "Farbgeier", suit="trump", runners_from=3, trumps="suit", tout=True),
        Contract("farbwenz", "Farbwenz", suit="trump", runners_from=3, trumps="suit", tout=True),
        Contract("geier", "Geier", runners_from=2, trumps="single", tout=True),
        Contract("wenz", "Wenz", runners_from=2, trumps="single", tout=True),
        Contract("solo", "Solo", suit="trump", runners_from=3, trumps="full", tout=True),
        Contract("sie", "Sie", result="sie"),
    )
}
PARTNER_CONTRACTS = tuple(key for key, c in CONTRACTS.items() if c.partner)
# "Über Kreuz" is not bid: pass_out kreuz plays it. The pairs sitting opposite play a Sauspiel without a called ace.
KREUZ = Contract("kreuz", "Über Kreuz", partner=True, runners_from=3, trumps="full", base="sauspiel")
PLAYED = {**CONTRACTS, KREUZ.key: KREUZ}
RUNNER_CONTRACTS = {key: c.runners_from for key, c in CONTRACTS.items() if c.runners_from}
BIDDING_ORDER = (
    *(key for key in CONTRACTS if key != "sie"),
    *(key + TOUT_SUFFIX for key, c in CONTRACTS.items() if c.tout),
    "sie",
)
# Keys of the rules' ``contracts`` option: the biddable contracts, plus "tout" for the Touts of those that allow one.
# What is played when everyone passed is not bid: ``pass_out`` decides it.
CONTRACT_OPTIONS = (*CONTRACTS, "tout")
NOT_BID = frozenset(PASS_OUT_CONTRACTS.values()) - {""}

# Sheet marks, beyond the common ones ("solo", "forced", "schneider", "schwarz", "runners:N", "doubled", "won",
# "lost", "tout", "passed"): "kontra:N" doubling steps, "knocks:N" knocks, "ramsch", "jungfrau" (a Ramsch paid
# double to a player without a trick), "durchmarsch", "kreuz", "leaster".

# A played game's shape: contract, suit, tout, muss, level, counted runners, Kontra steps, knocks, won.
Shape = tuple[str, str | None, bool, bool, int, int, int, int, bool]
Priced = tuple[int, int, tuple[Item, ...], tuple[str, ...]]  # value, multiplier, explanation, marks

_PLAYED_TAIL = ("runners", "kontra", "knocks")  # the last fields of every played contract with runners
_points = integer(0, ALL_POINTS)
_count = integer(0)
_rate = integer(0)
_rate_or_derived = OptionalInteger(0)  # a tariff entry that may be null: derived from the others (_tariff_preset)


def _trump_suit(name: str, value: Any) -> str:
    if type(value) is not str or value not in SUIT_NAMES:  # faster than options.choice, read on most deals
        raise DealError(name, "one_of", field=name, known=listed(SUITS), got=repr(value))
    return value


@dataclass(frozen=True)
class ContractsOption(Subset):
    """``rules.contracts``: the biddable contracts; what is played when everyone passed is pass_out's to say."""

    def __call__(self, name: str, value: Any) -> frozenset[str]:
        if not isinstance(value, str) and isinstance(value, (list, tuple, set, frozenset)):
            not_bid = sorted(NOT_BID & set(value))
            if not_bid:
                raise DealError(name, "sk_contracts_not_bid", field=name, contracts=listed(not_bid))
        chosen = super().__call__(name, value)
        if not chosen - {"tout"}:
            raise DealError(name, "sk_contracts_none", field=name)
        return chosen


def _tariff_preset(
    sauspiel: int,
    hochzeit: int,
    solo: int,
    extras: tuple[int, int, int],
    tout: tuple[int, int, int, int],
    sie: tuple[int, int],
    pot: int,
) -> dict[str, int | None]:
    """A preset from its columns: ``extras`` = runner, Schneider, Schwarz; ``tout`` = base, runner, Schneider,
    Schwarz; ``sie`` = base, runner; ``pot`` = Ramsch and the Stock ante. ``None`` (JSON null) means derived:
    ``herz_solo`` is the solo's value, ``durchmarsch`` solo + Schneider + Schwarz, ``leaster`` the Sauspiel's,
    even after overrides."""
    runner, schneider, schwarz = extras
    tout_base, tout_runner, tout_schneider, tout_schwarz = tout
    sie_base, sie_runner = sie
    return {
        "sauspiel": sauspiel, "hochzeit": hochzeit,
        "wenz": solo, "geier": solo, "solo": solo, "herz_solo": None, "farbwenz": solo, "farbgeier": solo,
        "bettel": solo,
        "runner": runner, "schneider": schneider, "schwarz": schwarz,
        "tout": tout_base, "tout_runner": tout_runner, "tout_schneider": tout_schneider, "tout_schwarz": tout_schwarz,
        "sie": sie_base, "sie_runner": sie_runner,
        "ramsch": pot, "durchmarsch": None, "stock_ante": pot, "leaster": None,
    }  # fmt: skip


# The book tariff multiplies by levels, so its Schneider, Schwarz and Tout entries are 0 and must stay so: a Tout is
# its own contract's base (Herz-Solo 5, else 4) times 4, and Sie is "the solo's base" 4 (it has no trump suit) × 5.
BOOK_UNUSED = ("schneider", "schwarz", "tout", "tout_runner", "tout_schneider", "tout_schwarz")

TARIFF_PRESETS: dict[str, dict[str, int | None]] = {
    "classic": _tariff_preset(1, 1, 2, (1, 1, 1), (6, 1, 0, 0), (8, 1), 1),
    "10/20": _tariff_preset(10, 10, 20, (10, 10, 10), (60, 10, 0, 0), (80, 10), 10),
    "10/20/50": _tariff_preset(20, 20, 50, (10, 10, 10), (100, 20, 0, 0), (200, 40), 20),
    "official": _tariff_preset(1, 1, 5, (1, 1, 1), (10, 2, 0, 0), (20, 4), 1),
    "schierling": _tariff_preset(20, 100, 50, (10, 10, 10), (100, 20, 20, 20), (200, 10), 20),
    "book": _tariff_preset(1, 1, 4, (1, 0, 0), (0, 0, 0, 0), (4, 1), 1) | {"herz_solo": 5, "durchmarsch": 4},
    # The tournament list names no Ramsch or Stock value; tournaments play neither, 1 keeps them in its units.
    "turnier": _tariff_preset(1, 1, 5, (0, 1, 1), (10, 0, 0, 0), (20, 0), 1),
}

_CLASSIC_CONTRACTS = frozenset({"sauspiel", "wenz", "solo", "tout", "sie"})
CLASSIC_RULES: dict[str, Any] = {
    "deck": 32,
    "players": 4,
    "contracts": _CLASSIC_CONTRACTS,
    "kontra_max": 2,
    "klopfen": False,
    "max_knocks": 4,
    "pass_out": "redeal",
    "stock_games": "all",
    "stock_share": "declarer",
    "jungfrau": "double",
    "durchmarsch": False,
    "runners_min": {},
    "runners_max": None,
    "sheet": "zero_sum",
}


class Schafkopf(Game):
    key = "schafkopf"
    title = "Schafkopf"
    has_pot = True
    rule_presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "classic": CLASSIC_RULES,
        "short": CLASSIC_RULES | {"deck": 24},
        "three": CLASSIC_RULES | {"deck": 24, "players": 3,
                                  "contracts": frozenset({"wenz", "geier", "solo", "tout", "sie"})},
        "schierling": CLASSIC_RULES | {"deck": 24, "pass_out": "schierling_stock",
                                       "contracts": frozenset({"sauspiel", "hochzeit", "geier", "wenz", "solo",
                                                               "tout", "sie"})},
        "tournament": CLASSIC_RULES | {"kontra_max": 0, "pass_out": "muss"},
    }  # fmt: skip
    rule_schema: ClassVar[Mapping[str, Validator]] = {
        "deck": choice(32, 24, 20),
        "players": choice(4, 3),
        "contracts": ContractsOption(CONTRACT_OPTIONS),
        "kontra_max": integer(0, len(KONTRA_STEPS)),
        "klopfen": flag,
        "max_knocks": integer(1),
        "pass_out": choice(*PASS_OUT_CONTRACTS),
        "stock_games": choice("all", "partner"),
        "stock_share": choice("declarer", "split"),
        "jungfrau": choice(*JUNGFRAU_RULES),
        "durchmarsch": flag,
        "runners_min": IntegerMap(RUNNER_CONTRACTS, low=1),
        "runners_max": OptionalInteger(1),
        "sheet": choice("zero_sum", "plus_only"),
    }
    tariff_presets: ClassVar[Mapping[str, Mapping[str, Any]] | None] = TARIFF_PRESETS
    tariff_schema: ClassVar[Mapping[str, Validator]] = {
        key: _rate_or_derived if value is None else _rate for key, value in TARIFF_PRESETS["classic"].items()
    }

    # Deal fields per contract type, in the order a table calls them out ("contract" itself is implied;
    # a "<contract>_tout" type is that contract with "tout": true).
    CONTRACT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "passed": (),
        "ramsch": ("points_by_player", "jungfrau", "loser", "durchmarsch", "knocks"),
        "sauspiel": ("declarer", "suit", "partner", "muss", "points", "schwarz", *_PLAYED_TAIL),
        "hochzeit": ("declarer", "partner", "points", "schwarz", *_PLAYED_TAIL),
        "bettel": ("declarer", "won", "kontra", "knocks"),
        **{key: ("declarer", *(("suit",) if c.suit else ()), "points", "schwarz", *_PLAYED_TAIL)
           for key, c in CONTRACTS.items() if c.tout},
        **{key + TOUT_SUFFIX: ("declarer", *(("suit",) if c.suit else ()), "tout", "won", *_PLAYED_TAIL)
           for key, c in CONTRACTS.items() if c.tout},
        "sie": ("declarer", "kontra", "knocks"),
        "kreuz": ("declarer", "partner", "points", "schwarz", "runners", "knocks"),
        "leaster": ("winner", "knocks"),
    }  # fmt: skip

    def __init__(self, rules: dict[str, Any], tariff: dict[str, Any] | None) -> None:
        super().__init__(rules, tariff)
        contracts = frozenset(rules["contracts"])  # a list when the rules come back from JSON
        self._check_rules(rules, contracts)
        self.players: int = rules["players"]
        self.enabled = contracts & frozenset(CONTRACTS)
        self.tout_enabled = "tout" in contracts
        self.pass_out: str = rules["pass_out"]
        self.kontra_max: int = rules["kontra_max"]
        self.max_knocks: int = rules["max_knocks"] if rules["klopfen"] else 0
        self.jungfrau: str = rules["jungfrau"]
        self.durchmarsch: bool = rules["durchmarsch"]
        self.stock_partner_only: bool = rules["stock_games"] == "partner"
        self.stock_split: bool = rules["stock_share"] == "split"
        self.sie_runners: int = rules["deck"] // self.players  # Sie is a whole hand of the top trumps
        self.book = tariff is not None and tariff.get("preset") == "book"
        self.rates = self._rates(tariff or TARIFF_PRESETS["classic"], self.book)
        self.ante: int = self.rates["stock_ante"] if self.pass_out in POT_RULES else 0
        self.pass_out_contract = PASS_OUT_CONTRACTS[self.pass_out]
        self._prices: dict[Shape, Priced] = {}
        self.runner_checks = {
            key: _runner_check(c, TRUMP_COUNTS[rules["deck"]][c.trumps]) for key, c in PLAYED.items() if c.runners_from
        }
        self.runners_max: int | None = rules["runners_max"]
        self.runners_from = {key: self.runners_min(key) for key in PLAYED if PLAYED[key].runners_from}

    def runners_min(self, contract: str) -> int:
        """The fewest Laufende that count in ``contract`` (über Kreuz counts from the Sauspiel's minimum)."""
        schema = cast(IntegerMap, self.rule_schema["runners_min"])
        return schema.value_of(self.rules["runners_min"], PLAYED[contract].tariff_key)

    @staticmethod
    def _check_rules(rules: dict[str, Any], contracts: frozenset[str]) -> None:
        """Option combinations that cannot be played."""
        if rules["players"] == 3:
            if rules["deck"] != 24:
                raise DealError("rules.players", "sk_three_short_deck", deck=rules["deck"])
            partner = sorted(contracts & set(PARTNER_CONTRACTS))
            if partner:
                raise DealError("rules.contracts", "sk_three_no_partner", contracts=listed(partner))
        if rules["pass_out"] == "muss" and "sauspiel" not in contracts:
            raise DealError("rules.pass_out", "sk_muss_needs_sauspiel")
        if rules["pass_out"] == "kreuz" and rules["players"] == 3:
            raise DealError("rules.pass_out", "sk_kreuz_needs_four")
        if rules["sheet"] == "plus_only" and rules["pass_out"] in POT_RULES:
            raise DealError("rules.sheet", "sk_plus_only_pot", pass_out=rules["pass_out"])
        _check_runner_limits(rules, contracts)

    @staticmethod
    def _rates(tariff: Mapping[str, Any], book: bool) -> dict[str, int]:
        """The tariff with its derived entries filled in; a book tariff rejects entries it does not use."""
        rates = {key: value for key, value in tariff.items() if key != "preset"}
        if book:
            for key in BOOK_UNUSED:
                if rates[key]:
                    raise DealError(f"tariff.{key}", "sk_book_unused", key=key)
        if rates["herz_solo"] is None:
            rates["herz_solo"] = rates["solo"]
        if rates["durchmarsch"] is None:
            rates["durchmarsch"] = rates["solo"] + rates["schneider"] + rates["schwarz"]
        if rates["leaster"] is None:
            rates["leaster"] = rates["sauspiel"]
        return rates

    @property
    def seats(self) -> int:
        return self.players

    def uses_pot(self) -> bool:
        return self.pass_out in POT_RULES

    def zero_sum(self) -> bool:
        return bool(self.rules["sheet"] == "zero_sum")

    def enabled_contracts(self) -> tuple[str, ...]:
        """Contract types these rules allow, in bidding order; the pass-out type (if any) comes first."""
        allowed = tuple(key for key in BIDDING_ORDER if self._type_enabled(key))
        return (self.pass_out_contract, *allowed) if self.pass_out_contract else allowed

    def fields_for(self, contract_type: str) -> tuple[str, ...]:
        """CONTRACT_FIELDS of one type without the fields these rules switch off."""
        off = {
            "muss": self.pass_out != "muss",
            "kontra": not self.kontra_max,
            "knocks": not self.max_knocks,
            "jungfrau": self.jungfrau == "none",
            "durchmarsch": not self.durchmarsch,
        }
        return tuple(f for f in self.CONTRACT_FIELDS[contract_type] if not off.get(f, False))

    def count_choices(self, contract_type: str, field: str) -> tuple[int, ...] | None:
        """Laufende: none, or from the contract's minimum up to its number of trumps (fewer do not count)."""
        contract = PLAYED.get(contract_type.removesuffix(TOUT_SUFFIX))
        if field != "runners" or contract is None or not contract.runners_from:
            return None
        trumps = TRUMP_COUNTS[self.rules["deck"]][contract.trumps]
        return (0, *range(self.runners_from[contract.key], trumps + 1))

    def kreuz_partners(self, playing: tuple[str, ...]) -> dict[str, str]:
        """Über Kreuz, each player's partner: of the four playing in seat order, the 1st and 3rd against the
        2nd and 4th."""
        return {player: playing[(seat + 2) % len(playing)] for seat, player in enumerate(playing)}

    def _type_enabled(self, contract_type: str) -> bool:
        if contract_type.endswith(TOUT_SUFFIX):
            return self.tout_enabled and contract_type.removesuffix(TOUT_SUFFIX) in self.enabled
        return contract_type in self.enabled

    # scoring -----------------------------------------------------------------------------------------------

    def score(self, facts: Facts) -> Outcome:
        contract = facts.get("contract", self._check_contract)
        if contract == "passed":
            return self._passed(facts)
        if contract == "ramsch":
            return self._ramsch(facts)
        if contract == "leaster":
            return self._leaster(facts)
        return self._played(facts, PLAYED[contract])

    def _played(self, facts: Facts, contract: Contract) -> Outcome:
        declarer = cast(str, facts.player("declarer", needed_for=contract.name))  # required: never None
        partner = self._partner(facts, contract, declarer) if contract.partner else None
        suit = self._suit(facts, contract)
        tout = contract.tout and facts.get("tout", self._check_tout, False)
        muss = contract.key == "sauspiel" and facts.get("muss", self._check_muss, False)
        label = _label(contract.key, suit, tout, muss)
        won, level, runners = self._result(facts, contract, label, tout, muss)
        kontra: int = 0 if contract is KREUZ else facts.get("kontra", self._check_kontra, 0)
        if muss and kontra:
            raise DealError("kontra", "sk_muss_no_kontra", got=kontra)
        knocks: int = facts.get("knocks", self._check_knocks, 0)
        facts.reject_unread(label)

        shape = (contract.key, suit, tout, muss, level, runners, kontra, knocks, won)
        value, multiplier, explanation, marks = self._prices.get(shape) or self._price(shape)
        signed = value if won else -value
        playing = facts.table.playing
        deltas = dict.fromkeys(playing, -signed)
        deltas[declarer] = signed if partner else signed * (len(playing) - 1)
        if partner:
            deltas[partner] = signed
        pot_change = self._settle_pot(deltas, facts.table.pot, contract.key, won, declarer, partner)
        if pot_change:
            stock = Item(INTO_POT, pot_change) if pot_change > 0 else Item(OUT_OF_POT, -pot_change)
            explanation += (stock,)
        return Outcome(
            deltas,
            label,
            value=value,
            multiplier=multiplier,
            pot_change=pot_change,
            explanation=explanation,
            marks=marks,
            declarers=(declarer, partner) if partner else (declarer,),
        )

    def _price(self, shape: Shape) -> Priced:
        """Value, multiplier, explanation and marks of a game shape. Memoised in ``_prices``: a session repeats a
        few hundred shapes, and building the explanation costs more than all the rest of a deal."""
        contract, suit, tout, muss, level, runners, kontra, knocks, won = shape
        label = _label(contract, suit, tout, muss)
        base_key = "herz_solo" if contract == "solo" and suit == "herz" else PLAYED[contract].tariff_key
        base, items = self._value(label, base_key, level, runners)
        multiplier = 1 << (kontra + knocks)
        solo = not PLAYED[contract].partner
        marks = _marks(won, solo, tout, muss, level, runners, kontra, knocks)
        priced = base * multiplier, multiplier, (*items, *_doublings(kontra, knocks)), marks
        self._prices[shape] = priced
        return priced

    def _result(self, facts: Facts, contract: Contract, label: str, tout: bool, muss: bool) -> tuple[bool, int, int]:
        """Won or lost, the level and the counted runners."""
        if contract.result == "sie":
            return True, SIE, self.sie_runners
        if tout or contract.result == "won":
            won, level = facts.get("won", flag, needed_for=label), TOUT if tout else NORMAL
        else:
            won, level = self._card_points(facts, label, MUSS_WIN_AT if muss else WIN_AT)
        if not contract.runners_from:
            return won, level, 0
        runners: int = facts.get("runners", self.runner_checks[contract.key], 0)
        if runners < self.runners_from[contract.key]:
            return won, level, 0
        return won, level, runners if self.runners_max is None else min(runners, self.runners_max)

    def _partner(self, facts: Facts, contract: Contract, declarer: str) -> str:
        partner = cast(str, facts.player("partner", needed_for=contract.name))
        if partner == declarer:
            raise DealError("partner", "sk_partner_is_declarer", got=partner)
        if contract is KREUZ:
            opposite = self.kreuz_partners(facts.table.playing)[declarer]
            if partner != opposite:
                raise DealError("partner", "sk_kreuz_partner", declarer=declarer, partner=opposite, got=partner)
        return partner

    def _suit(self, facts: Facts, contract: Contract) -> str | None:
        if contract.suit == "trump":
            suit: str = facts.get("suit", _trump_suit, needed_for=contract.name)
            return suit
        if contract.suit == "called":
            called: str | None = facts.get("suit", _check_called_suit, None)
            return called
        return None

    @staticmethod
    def _card_points(facts: Facts, label: str, win_at: int) -> tuple[bool, int]:
        """Won or lost, and the level (Schneider, Schwarz) from the declarer side's card points."""
        points: int = facts.get("points", _points, needed_for=label)
        schwarz = facts.get("schwarz", flag, False)
        if schwarz and points not in (0, ALL_POINTS):
            raise DealError("schwarz", "sk_schwarz_points", all=ALL_POINTS, got=points)
        won = points >= win_at
        if schwarz:
            return won, SCHWARZ
        schneider = points >= win_at + SCHNEIDER_MARGIN if won else points <= win_at - SCHNEIDER_MARGIN - 1
        return won, SCHNEIDER if schneider else NORMAL

    def _value(self, label: str, base_key: str, level: int, runners: int) -> tuple[int, list[Item]]:
        """The game value before doublings, with the items that explain it."""
        rates = self.rates
        if level == SIE:
            base, rate = rates["sie"], rates["sie_runner"]
        elif level == TOUT and not self.book:
            base, rate = rates["tout"], rates["tout_runner"]
        else:
            base, rate = rates[base_key], rates["runner"]
        items = [Item(label, base)]
        runner_item = [Item(say("x_runners", count=runners), runners * rate)] if runners and rate else []
        if self.book:
            factor = BOOK_FACTORS[level]
            level_item = [Item(LEVEL_NAMES[level], factor=factor)] if factor > 1 else []
            return (base + runners * rate) * factor, items + runner_item + level_item
        if level == TOUT:  # valued as a schwarz game: its own Schneider and Schwarz entries always apply
            extras = ((rates["tout_schneider"], "Schneider"), (rates["tout_schwarz"], "Schwarz"))
        else:
            extras = (
                (rates["schneider"] if level in (SCHNEIDER, SCHWARZ) else 0, "Schneider"),
                (rates["schwarz"] if level == SCHWARZ else 0, "Schwarz"),
            )
        items += [Item(name, points) for points, name in extras if points] + runner_item
        return sum(item.points or 0 for item in items), items

    def _settle_pot(
        self, deltas: dict[str, int], pot: int, contract: str, won: bool, declarer: str, partner: str | None
    ) -> int:
        """Add the declarer side's pot payments to ``deltas``; return the pot's change. Never multiplied."""
        if self.pass_out == "stock":
            if self.stock_partner_only and not partner:
                return 0
            shares = _halves(pot) if partner and self.stock_split else (pot, 0)
        elif self.pass_out == "schierling_stock" and partner:
            if pot <= SCHIERLING_OPEN_ANTES * self.ante:
                shares = _halves(pot)
            elif contract == "hochzeit":
                penalty = SCHIERLING_PENALTY_ANTES * self.ante
                shares = _halves(pot) if won else (penalty, penalty)
            else:
                return 0
        else:
            return 0
        sign = 1 if won else -1
        deltas[declarer] += sign * shares[0]
        if partner:
            deltas[partner] += sign * shares[1]
        return -sign * (shares[0] + shares[1])

    def _ramsch(self, facts: Facts) -> Outcome:
        """The player with the most card points pays every other player; a Jungfrau is paid more.

        Who lost, the Jungfrauen and a Durchmarsch decide the value; the other players' card points never do. So
        a Ramsch is recorded with every player's card points (the loser follows from them) or with its loser
        alone, and both score alike.
        """
        points: dict[str, int] | None = facts.per_player(
            "points_by_player", total=ALL_POINTS, needed_for="Ramsch", default=None
        )
        winner = facts.player("durchmarsch", required=False)
        if winner is not None and not self.durchmarsch:
            raise DealError("durchmarsch", "sk_no_durchmarsch")
        knocks: int = facts.get("knocks", self._check_knocks, 0)
        if winner is not None:
            return self._durchmarsch(facts, points, winner, knocks)
        jungfrau = self._jungfrau(facts, points)
        loser = self._ramsch_loser(facts, points) if points is not None else self._named_loser(facts, jungfrau)
        facts.reject_unread("Ramsch")
        multiplier = 1 << knocks
        value = self.rates["ramsch"] * multiplier
        jungfrau_factor, others_factor = self._jungfrau_factors(len(jungfrau))
        deltas = {
            player: value * (jungfrau_factor if player in jungfrau else others_factor) for player in facts.table.playing
        }
        deltas[loser] = -sum(deltas.values()) + deltas[loser]
        items = [Item("Ramsch", self.rates["ramsch"])]
        if jungfrau:
            words = say("x_jungfrau" if others_factor == 1 else "x_jungfrau_all", players=listed(jungfrau))
            items.append(Item(words, factor=jungfrau_factor))
        return Outcome(
            deltas,
            "Ramsch",
            value=value,
            multiplier=multiplier,
            explanation=(*items, *_doublings(0, knocks)),
            marks=("ramsch", *(("jungfrau",) if jungfrau else ()), *_knock_marks(knocks)),
            extra={"loser": loser},
        )

    def _durchmarsch(self, facts: Facts, points: dict[str, int] | None, winner: str, knocks: int) -> Outcome:
        """A Ramsch where one player took every trick: that player receives the Durchmarsch value from each."""
        if points is not None and points[winner] != ALL_POINTS:
            raise DealError("durchmarsch", "sk_durchmarsch_points", player=winner, all=ALL_POINTS, got=points[winner])
        facts.reject_unread("Ramsch (Durchmarsch)")
        multiplier = 1 << knocks
        value = self.rates["durchmarsch"] * multiplier
        playing = facts.table.playing
        deltas = dict.fromkeys(playing, -value)
        deltas[winner] = value * (len(playing) - 1)
        return Outcome(
            deltas,
            "Ramsch (Durchmarsch)",
            value=value,
            multiplier=multiplier,
            explanation=(Item("Durchmarsch", self.rates["durchmarsch"]), *_doublings(0, knocks)),
            marks=("ramsch", "durchmarsch", *_knock_marks(knocks)),
            declarers=(winner,),
            extra={"durchmarsch": winner},
        )

    def _jungfrau_factors(self, count: int) -> tuple[int, int]:
        """What a Jungfrau and every other winner get, in Ramsch values, with ``count`` Jungfrauen (rules.jungfrau)."""
        if not count or self.jungfrau == "none":
            return 1, 1
        if self.jungfrau == "double":
            return 2, 1
        doubled = 1 << count  # each Jungfrau doubles once more
        return doubled, doubled if self.jungfrau == "double_all" else 1

    def _jungfrau(self, facts: Facts, points: dict[str, int] | None) -> tuple[str, ...]:
        jungfrau: tuple[str, ...] = facts.players("jungfrau", default=())
        if not jungfrau:
            return jungfrau
        if self.jungfrau == "none":
            raise DealError("jungfrau", "sk_no_jungfrau")
        if points is not None:
            for player in jungfrau:
                if points[player]:
                    raise DealError("jungfrau", "sk_jungfrau_points", player=player, got=points[player])
        playing = facts.table.playing
        if self.durchmarsch and len(jungfrau) == len(playing) - 1:
            taker = next(p for p in playing if p not in jungfrau)
            raise DealError("jungfrau", "sk_jungfrau_durchmarsch", player=taker)
        # Not everyone: with card points their 0s would not add up to 120, without them the loser is left.
        return jungfrau

    @staticmethod
    def _ramsch_loser(facts: Facts, points: dict[str, int]) -> str:
        """The player with the most card points; the table names one when the highest points are tied."""
        highest = max(points.values())
        tied = [player for player, p in points.items() if p == highest]
        loser: str | None = facts.player(
            "loser", required=len(tied) > 1, needed_for=say("a_tie_on_points", points=highest, players=names_and(tied))
        )
        if loser is None:
            return tied[0]
        if loser not in tied:
            raise DealError(
                "loser",
                "sk_loser_not_highest",
                points=highest,
                players=listed(tied),
                got=loser,
                got_points=points[loser],
            )
        return loser

    @staticmethod
    def _named_loser(facts: Facts, jungfrau: tuple[str, ...]) -> str:
        """A Ramsch recorded without card points: the table names the loser (a tie on points it settled itself)."""
        loser = facts.player("loser", required=False)
        if loser is None:
            raise DealError("loser", "sk_loser_required")
        if loser in jungfrau:  # a Jungfrau took no trick, so no points: never the most
            raise DealError("loser", "sk_loser_jungfrau", player=loser)
        return loser

    def _leaster(self, facts: Facts) -> Outcome:
        """Everyone played alone for the fewest card points: the winner takes the Leaster value from each player."""
        winner = cast(str, facts.player("winner", needed_for=A_LEASTER))  # required: never None
        knocks: int = facts.get("knocks", self._check_knocks, 0)
        facts.reject_unread(A_LEASTER)
        multiplier = 1 << knocks
        value = self.rates["leaster"] * multiplier
        playing = facts.table.playing
        deltas = dict.fromkeys(playing, -value)
        deltas[winner] = value * (len(playing) - 1)
        return Outcome(
            deltas,
            "Leaster",
            value=value,
            multiplier=multiplier,
            explanation=(Item(say("x_leaster_winner", player=winner), self.rates["leaster"]), *_doublings(0, knocks)),
            marks=("leaster", "won", *_knock_marks(knocks)),
            declarers=(winner,),
        )

    def _passed(self, facts: Facts) -> Outcome:
        facts.reject_unread(A_THROWN_IN_DEAL)
        playing = facts.table.playing
        if not self.ante:
            return Outcome(dict.fromkeys(playing, 0), "Zusammengeworfen", marks=("passed",))
        return Outcome(
            dict.fromkeys(playing, -self.ante),
            "Zusammengeworfen",
            pot_change=self.ante * len(playing),
            explanation=(Item(ANTE, self.ante),),
            marks=("passed",),
        )

    # validators bound to the rules -------------------------------------------------------------------------

    def _check_contract(self, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise DealError(name, "sk_contract_not_name", got=repr(value))
        if value in self.enabled or (value == self.pass_out_contract and value):
            return value
        if value == "passed":
            why = (
                say("muss_must_play")
                if self.pass_out == "muss"
                else say("record_played_instead", game=PASS_OUT_NAMES[self.pass_out_contract])
            )
            raise DealError(name, "sk_passed_impossible", pass_out=self.pass_out, why=why)
        if value in NOT_BID:
            raise DealError(name, "sk_pass_out_only", game=PASS_OUT_NAMES[value], needs=value, pass_out=self.pass_out)
        if value in CONTRACTS:
            names = listed(CONTRACTS[key].name for key in CONTRACTS if key in self.enabled)
            raise DealError(name, "sk_contract_not_played", contract=CONTRACTS[value].name, played=names)
        known = listed((*CONTRACTS, *sorted(NOT_BID)))
        raise DealError(name, "sk_contract_unknown", known=known, got=repr(value))

    def _check_tout(self, name: str, value: Any) -> bool:
        if flag(name, value) and not self.tout_enabled:
            raise DealError(name, "sk_no_tout")
        return bool(value)

    def _check_muss(self, name: str, value: Any) -> bool:
        if flag(name, value) and self.pass_out != "muss":
            raise DealError(name, "sk_muss_only", pass_out=self.pass_out)
        return bool(value)

    def _check_kontra(self, name: str, value: Any) -> int:
        steps: int = _count(name, value)
        if steps > self.kontra_max:
            rule = (
                say("at_most_kontra_steps", steps=self.kontra_max, names=listed(KONTRA_STEPS[: self.kontra_max]))
                if self.kontra_max
                else say("no_kontra")
            )
            raise DealError(name, "sk_kontra_limit", rule=rule, got=steps)
        return steps

    def _check_knocks(self, name: str, value: Any) -> int:
        knocks: int = _count(name, value)
        if knocks > self.max_knocks:
            rule = say("at_most_knocks", knocks=self.max_knocks) if self.max_knocks else say("no_knocking")
            raise DealError(name, "sk_knocks_limit", rule=rule, got=knocks)
        if knocks > self.players:  # whatever the cap, no table knocks more (and 2 ** knocks stays a number to print)
            raise DealError(name, "sk_knocks_limit", rule=say("one_knock_each", players=self.players), got=knocks)
        return knocks


def _check_runner_limits(rules: dict[str, Any], contracts: frozenset[str]) -> None:
    """rules.runners_min within each contract's trumps; rules.runners_max not below any minimum in play."""
    minimums = RUNNER_CONTRACTS | rules["runners_min"]
    trumps = TRUMP_COUNTS[rules["deck"]]
    for key, least in rules["runners_min"].items():
        most = trumps[CONTRACTS[key].trumps]
        if least > most:
            raise DealError(
                "rules.runners_min",
                "sk_runners_min_trumps",
                contract=CONTRACTS[key].name,
                trumps=most,
                deck=rules["deck"],
                got=least,
            )
    cap = rules["runners_max"]
    if cap is None:
        return
    in_play = [key for key in RUNNER_CONTRACTS if key in contracts]
    if rules["pass_out"] in ("kreuz", "muss") and "sauspiel" not in in_play:
        in_play.append("sauspiel")  # über Kreuz and a Muss game count runners as a Sauspiel
    for key in in_play:
        if cap < minimums[key]:
            raise DealError(
                "rules.runners_max",
                "sk_runners_max_below_min",
                contract=CONTRACTS[key].name,
                least=minimums[key],
                got=cap,
            )


def _check_called_suit(name: str, value: Any) -> str:
    if value == "herz":
        raise DealError(name, "sk_called_herz")
    return _trump_suit(name, value)


def _runner_check(contract: Contract, trumps: int) -> Validator:
    def check(name: str, value: Any) -> int:
        runners: int = _count(name, value)
        if runners > trumps:
            raise DealError(name, "sk_runners_limit", contract=contract.name, trumps=trumps, got=runners)
        return runners

    return check


def _marks(
    won: bool, solo: bool, tout: bool, muss: bool, level: int, runners: int, kontra: int, knocks: int
) -> tuple[str, ...]:
    flags = (
        (solo, "solo"),
        (tout, "tout"),
        (muss, "forced"),
        (level in (SCHNEIDER, SCHWARZ), "schneider"),
        (level == SCHWARZ, "schwarz"),
        (runners, f"runners:{runners}"),
        (kontra, "doubled"),
        (kontra, f"kontra:{kontra}"),
    )
    return ("won" if won else "lost", *(mark for on, mark in flags if on), *_knock_marks(knocks))


def _knock_marks(knocks: int) -> tuple[str, ...]:
    return (f"knocks:{knocks}",) if knocks else ()


def _halves(amount: int) -> tuple[int, int]:
    """Split between declarer and partner; the declarer takes or pays the odd point."""
    return amount - amount // 2, amount // 2


def _doublings(kontra: int, knocks: int) -> list[Item]:
    return [*(Item(step, factor=2) for step in KONTRA_STEPS[:kontra]), *(Item("Klopfen", factor=2),) * knocks]


@cache
def _label(contract: str, suit: str | None, tout: bool, muss: bool) -> str:
    """The sheet's name of a game: "Sauspiel (Eichel)", "Herz-Solo Tout", "Farbwenz (Gras)", "Sauspiel (Muss)"."""
    name = PLAYED[contract].name
    if contract == "solo" and suit:
        name = f"{SUIT_NAMES[suit]}-Solo"
    else:
        details = ([SUIT_NAMES[suit]] if suit else []) + (["Muss"] if muss else [])
        if details:
            name = f"{name} ({', '.join(details)})"
    return f"{name} Tout" if tout else name
