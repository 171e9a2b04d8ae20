"""Doppelkopf after the DDV tournament rules (Turnierspielregeln, TSR); common home rules are options.

A deal is a game (normal, Hochzeit, stille Hochzeit, Armut, solo) or a penalty row. The Re party's Augen and
both parties' announcements decide who wins (TSR 7.1); the points of 7.2.2 go to the winner and are netted with
the Sonderpunkte (7.2.3) into one value for the Re party. Bock rounds and the Pflichtsolo bookkeeping of each
round (Spielrunde) are derived from the deals replayed so far, never recorded.

Sheet marks used here: "won"/"lost" (from the Re party's side), "nobody_won" (7.1.3), "solo" (scored as a solo),
"forced", "vorgefuehrt", "schwarz", "bock", "doubled" (re_kontra "double" or "double_all" applied), "penalty",
"no_bock" (a forced solo that would have started Bock rounds had it not been forced).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, cast

from .deal import Facts, Item, Outcome
from .errors import DealError
from .game import Game, PflichtsoloRound
from .messages import Message, listed, say
from .options import Subset, Validator, choice, flag, integer
from .rounds import PFLICHTSOLO_SCHEMA, ROUND_SCHEMA, Claim

PLAYERS = 4
TOTAL_AUGEN = 240
GAMES_PER_SEAT = 6  # a round is 24 games at four (20 normal + 4 Pflichtsoli), 30 at five (section 10)
SOLO_FACTOR = 3  # the soloist wins or pays the value against each of three opponents (7.2.4)

RE, KONTRA = 0, 1
PARTY_KEYS = ("re", "kontra")
PARTY_NAMES = ("Re", "Kontra")
PARTY_INDEX = {key: i for i, key in enumerate(PARTY_KEYS)}

# Announcement levels as numbers: 0 none, 1 Re/Kontra, 2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz.
# A level implies every lower one (6.4.3), so a party's announcements are one number.
LEVELS: tuple[dict[str, int], dict[str, int]] = (
    {"re": 1, "no90": 2, "no60": 3, "no30": 4, "schwarz": 5},
    {"kontra": 1, "no90": 2, "no60": 3, "no30": 4, "schwarz": 5},
)
ABSAGE_NAMES = ("keine 90", "keine 60", "keine 30", "schwarz")  # levels 2..5
NO_ANNOUNCEMENTS = (0, 0)

# Targets of 7.1: Augen needed to win, or one of two trick conditions.
ALL_TRICKS = -1  # the other party must take no trick
ONE_TRICK = -2  # the own party must take a trick
OWN_ABSAGE_TARGET = {2: 151, 3: 181, 4: 211, 5: ALL_TRICKS}
OTHER_ABSAGE_TARGET = {2: 90, 3: 60, 4: 30, 5: ONE_TRICK}
# 7.2.2 (e)/(f): Augen that earn a point against the other party's keine 90 / keine 60 / keine 30 / schwarz.
COUNTER_AUGEN = (120, 90, 60, 30)
# Every Augen count a game's price turns on, seen from Re's side: targets (121, 151, 181, 211 and the other side's
# 120, 90, 60, 30 as 240 minus them), under 90/60/30 and the counter points. Deals whose Re Augen fall between
# the same two of these are priced alike, so the price cache keys on the band, not the Augen.
AUGEN_BREAKS = (30, 60, 90, 120, 121, 151, 181, 211)
AUGEN_BAND = tuple(bisect_right(AUGEN_BREAKS, augen) for augen in range(TOTAL_AUGEN + 1))
UNDER = ("90", "60", "30", "schwarz")

GAME_TYPES = ("normal", "stille_hochzeit", "armut", "hochzeit", "solo", "penalty")  # bidding order, penalty apart
SOLO_KINDS = ("damen", "buben", "fleischlos", "kreuz", "pik", "herz", "karo", "damen_buben")
SOLO_LABELS = {
    "damen": "Damensolo",
    "buben": "Bubensolo",
    "fleischlos": "Fleischloser",
    "kreuz": "Kreuz-Solo",
    "pik": "Pik-Solo",
    "herz": "Herz-Solo",
    "karo": "Karo-Solo",
    "damen_buben": "Damen-Buben-Solo",
}


@dataclass(frozen=True, slots=True, eq=False)  # compared and hashed by identity: one constant per type
class GameType:
    """What a game type means for recording and scoring it."""

    label: str  # for the sheet; a solo's label comes from its kind
    context: Message  # for messages: "extras does not apply to a solo"
    re_sizes: tuple[int, ...]  # how many players the Re party may have
    re_who: Message  # who they are, for the message when the count is wrong
    records_extras: bool  # Sonderpunkte are recorded (scored only when two play against two)
    gegen_die_alten: bool  # a Kontra win earns gegen die Alten (7.2.3; not for Armut, never when scored as a solo)


GAMES = {
    "normal": GameType(
        label="Normalspiel",
        context=say("a_normal_game"),
        re_sizes=(2,),
        re_who=say("re_who_normal"),
        records_extras=True,
        gegen_die_alten=True,
    ),
    "stille_hochzeit": GameType(
        label="Stille Hochzeit",
        context=say("a_stille_hochzeit"),
        re_sizes=(1,),
        re_who=say("re_who_stille_hochzeit"),
        records_extras=False,
        gegen_die_alten=False,
    ),
    "armut": GameType(
        label="Armut",
        context=say("an_armut"),
        re_sizes=(2,),
        re_who=say("re_who_armut"),
        records_extras=True,
        gegen_die_alten=False,
    ),
    "hochzeit": GameType(
        label="Hochzeit",
        context=say("a_hochzeit"),
        re_sizes=(1, 2),
        re_who=say("re_who_hochzeit"),
        records_extras=True,
        gegen_die_alten=True,
    ),
    "solo": GameType(
        label="",
        context=say("a_solo"),
        re_sizes=(1,),
        re_who=say("re_who_solo"),
        records_extras=False,
        gegen_die_alten=False,
    ),
}
ALONE_HOCHZEIT_LABEL = "Hochzeit (allein)"

# Sonderpunkte recorded per party, in this order; gegen die Alten is derived, not recorded.
EXTRA_KEYS = ("fuchs", "fuchs_am_ende", "karlchen", "karlchen_gefangen", "doppelkopf")
EXTRA_NAMES = ("Fuchs", "Fuchs am Ende", "Karlchen", "Karlchen gefangen", "Doppelkopf")
EXTRA_WEIGHTS = (1, 2, 1, 1, 1)  # a Fuchs caught in the last trick counts 2 (home rule fuchs_am_ende)
EXTRA_LIMITS = (2, 2, 1, 2, 6)  # two Füchse, one ♣J can win the last trick, two ♣J, 240 Augen / 40
EXTRA_INDEX = {key: i for i, key in enumerate(EXTRA_KEYS)}
FUCHS, FUCHS_AM_ENDE, KARLCHEN, KARLCHEN_GEFANGEN, DOPPELKOPF = range(len(EXTRA_KEYS))
DOPPELKOPF_AUGEN = 40
RULE_EXTRAS = ("fuchs", "karlchen", "doppelkopf", "gegen_die_alten", "karlchen_gefangen", "fuchs_am_ende")
NO_EXTRAS = ((0,) * len(EXTRA_KEYS),) * 2


# Explanation lines, built once: a party's points as it sees them, and as the other party sees them.
Line = tuple[int, int, Item, Item]  # (party the points go to, points, Item for that party, Item for the other)


def _line(party: int, label: str | Message, points: int) -> Line:
    return party, points, Item(label, points), Item(label, -points)


WON_LINES = tuple(_line(party, say("x_party_wins", party=PARTY_NAMES[party]), 1) for party in (RE, KONTRA))
GEGEN_DIE_ALTEN_LINE = _line(KONTRA, "Gegen die Alten", 1)


def _under(party: str, under: str) -> str | Message:
    """ "Kontra under 90"; schwarz is a game term of its own: "Kontra schwarz"."""
    return f"{party} {under}" if under == "schwarz" else say("x_party_under", party=party, under=under)


# UNDER_LINES[party][n]: ``party``'s points when the other stayed under n of 90, 60, 30 and schwarz; one line,
# named after the lowest, since "unter 60" always means "unter 90" too.
UNDER_LINES = tuple(
    ((), *((_line(party, _under(PARTY_NAMES[1 - party], under), n),) for n, under in enumerate(UNDER, 1)))
    for party in (RE, KONTRA)
)
# ANNOUNCED_LINES[winner][party]: the winner's 2 points for ``party``'s Re or Kontra (7.2.2 b).
ANNOUNCED_LINES = tuple(
    tuple(_line(winner, say("x_announced", party=name), 2) for name in PARTY_NAMES) for winner in (RE, KONTRA)
)
# ABSAGE_LINES[winner][party][level]: the winner's point per Absage of ``party`` up to ``level`` (7.2.2 c/d).
ABSAGE_LINES = tuple(
    tuple(
        (
            (),
            (),
            *(
                (_line(winner, say("x_absage", party=name, absage=ABSAGE_NAMES[level - 2]), level - 1),)
                for level in range(2, 6)
            ),
        )
        for name in PARTY_NAMES
    )
    for winner in (RE, KONTRA)
)
# COUNTER_LINES[party]: (Augen needed, line) against each Absage of the other party, in level order (7.2.2 e/f).
COUNTER_LINES = tuple(
    tuple(
        (augen, _line(party, say("x_counter", party=PARTY_NAMES[party], augen=augen, absage=absage), 1))
        for augen, absage in zip(COUNTER_AUGEN, ABSAGE_NAMES, strict=True)
    )
    for party in (RE, KONTRA)
)
# DOUBLING_ITEMS[Re announced][Kontra announced] under re_kontra "double" and "double_all"
DOUBLING_ITEMS = (
    ((), (Item("Kontra", factor=2),)),
    ((Item("Re", factor=2),), tuple(Item(n, factor=2) for n in PARTY_NAMES)),
)


@cache
def _extra_line(party: int, extra: int, count: int) -> Line:
    return _line(
        party, say("x_extra", extra=EXTRA_NAMES[extra], party=PARTY_NAMES[party]), count * EXTRA_WEIGHTS[extra]
    )


BOCK_TRIGGERS = ("tie120", "solo_lost", "announcement_lost", "manual")
PENALTIES = {"minor": (1, "Strafe (leicht)"), "serious": (4, "Strafe (schwer)")}  # per other player (9.3)
# A defender's offence in a solo credits the soloist alone (9.3.3 b1, 9.4.4): what three others would get; a serious
# one what the official decides, 12 to 24.
SERIOUS_IN_SOLO = (12, 24)
A_PENALTY = say("a_penalty")

MAPPING = (dict, Mapping)  # dict first: deals come from JSON, and the ABC check is slow
RE_POINTS: Validator = integer(0, TOTAL_AUGEN)
SCHWARZ: Validator = choice(*PARTY_KEYS)
SCHWARZ_PARTIES = {None: (False, False), "re": (True, False), "kontra": (False, True)}  # who took no trick
SEVERITY: Validator = choice(*PENALTIES)
PENALTY_ITEMS = {severity: Item(say(f"x_penalty_{severity}"), points) for severity, (points, _) in PENALTIES.items()}


def _target(party: int, own: int, other: int) -> int:
    """What ``party`` needs to win (7.1.1 / 7.1.2), from both parties' announcement levels."""
    if own >= 2:
        return OWN_ABSAGE_TARGET[own]
    if other >= 2:  # only the other side made an Absage
        return OTHER_ABSAGE_TARGET[other]
    if own != other:  # exactly one side said Re or Kontra: it needs 121, the other 120
        return 121 if own else 120
    return 121 if party == RE else 120


# TARGETS[party][own level][other level]
TARGETS = tuple(tuple(tuple(_target(p, own, other) for other in range(6)) for own in range(6)) for p in (RE, KONTRA))


def _reaches(target: int, augen: int, own_schwarz: bool, other_schwarz: bool) -> bool:
    if target == ALL_TRICKS:
        return other_schwarz
    if target == ONE_TRICK:
        return not own_schwarz
    return augen >= target


def _reached(deal: _Deal) -> tuple[bool, bool]:
    """Whether Re and Kontra each reached the target their announcements set (7.1)."""
    re_level, kontra_level = deal.levels
    re_schwarz, kontra_schwarz = deal.schwarz
    return (
        _reaches(TARGETS[RE][re_level][kontra_level], deal.augen[RE], re_schwarz, kontra_schwarz),
        _reaches(TARGETS[KONTRA][kontra_level][re_level], deal.augen[KONTRA], kontra_schwarz, re_schwarz),
    )


@dataclass(frozen=True)
class ExtrasOption(Subset):
    """``rules.extras``: which Sonderpunkte count; fuchs_am_ende only changes how a Fuchs counts."""

    def __call__(self, name: str, value: Any) -> frozenset[str]:
        chosen = super().__call__(name, value)
        if "fuchs_am_ende" in chosen and "fuchs" not in chosen:
            raise DealError(name, "dk_fuchs_am_ende_needs_fuchs", field=name)
        return chosen


@dataclass(frozen=True)
class BockOption:
    """``rules.bock``: off (``false``, ``null`` or ``"off"``) or ``{"triggers": [...], "stacking": ...}``."""

    triggers: tuple[str, ...] = BOCK_TRIGGERS
    stackings: tuple[str, ...] = ("multiply", "extend")  # the first is the default
    kind: str = "bock"

    def __call__(self, name: str, value: Any) -> dict[str, Any] | None:
        if value is None or value is False or value == "off":
            return None
        if not isinstance(value, Mapping):
            raise DealError(name, "dk_bock_not_object", field=name, got=repr(value))
        unknown = [k for k in value if k not in ("triggers", "stacking")]
        if unknown:
            raise DealError(name, "dk_bock_setting_unknown", field=name, got=repr(unknown[0]))
        triggers = value.get("triggers")
        if isinstance(triggers, str) or not isinstance(triggers, (list, tuple, set, frozenset)) or not triggers:
            raise DealError(name, "dk_bock_no_triggers", field=name, known=listed(self.triggers), got=repr(triggers))
        wrong = [t for t in triggers if t not in self.triggers]
        if wrong:
            raise DealError(
                name, "dk_bock_trigger_unknown", field=name, got=repr(wrong[0]), known=listed(self.triggers)
            )
        stacking = choice(*self.stackings)(f"{name}.stacking", value.get("stacking", self.stackings[0]))
        return {"triggers": frozenset(triggers), "stacking": stacking}


DDV: dict[str, Any] = {
    "players": 4,
    "deck": 48,
    "re_kontra": "plus2",
    "extras": frozenset({"fuchs", "karlchen", "doppelkopf", "gegen_die_alten"}),
    "armut": False,
    "bock": None,
    "pflichtsolo": True,
}


# A game's price: Re's value, multiplier, explanation, marks, which party reached its target, the winner.
Priced = tuple[int, int, tuple[Item, ...], tuple[str, ...], tuple[bool, bool], int | None]


@dataclass(slots=True)
class _Deal:
    """A validated game deal (not a penalty)."""

    game: GameType
    label: str
    re: tuple[str, ...]
    kontra: tuple[str, ...]
    levels: tuple[int, int]
    augen: tuple[int, int]
    schwarz: tuple[bool, bool]
    extras: tuple[tuple[int, ...], tuple[int, ...]]
    forced: bool
    vorgefuehrt: bool
    manual_bock: bool
    alone: bool  # scored as a solo: a solo, a stille Hochzeit or a Hochzeit without partner


class Doppelkopf(Game):
    key = "doppelkopf"
    title = "Doppelkopf"
    rule_presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "ddv": DDV,
        "seed40": {**DDV, "deck": 40, "extras": DDV["extras"] | {"fuchs_am_ende"}},
    }
    rule_schema: ClassVar[Mapping[str, Validator]] = {
        # The session's player list decides who sits at the table; this is the club's usual table size.
        "players": choice(4, 5),
        "deck": choice(48, 40),
        "re_kontra": choice("plus2", "double", "double_all"),
        "extras": ExtrasOption(RULE_EXTRAS),
        "armut": flag,
        "bock": BockOption(),
        "pflichtsolo": flag,
    }
    round_schema: ClassVar[Mapping[str, Validator]] = {**ROUND_SCHEMA, **PFLICHTSOLO_SCHEMA}
    CONTRACT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "normal": ("re", "announcements", "re_points", "schwarz", "extras", "bock"),
        "stille_hochzeit": ("re", "announcements", "re_points", "schwarz", "bock"),
        "armut": ("re", "announcements", "re_points", "schwarz", "extras", "bock"),
        "hochzeit": ("re", "announcements", "re_points", "schwarz", "extras", "bock"),
        "solo": ("solo", "re", "forced", "vorgefuehrt", "announcements", "re_points", "schwarz", "bock"),
        "penalty": ("player", "severity", "soloist", "points"),
    }

    history = ("_bock_queue", "_round", "_round_games", "_pflichtsoli")

    def __init__(self, rules: dict[str, Any], tariff: dict[str, Any] | None) -> None:
        super().__init__(rules, tariff)
        self._types = frozenset(t for t in GAME_TYPES if t != "armut" or rules["armut"])
        self._solos = frozenset(s for s in SOLO_KINDS if s != "damen_buben" or rules["deck"] == 40)
        self._extras_allowed = tuple(key in rules["extras"] for key in EXTRA_KEYS)
        self._gegen_die_alten = "gegen_die_alten" in rules["extras"]
        self._doubling = rules["re_kontra"] != "plus2"
        self._doubles_sonderpunkte = rules["re_kontra"] == "double_all"  # added before the doubling, not after
        # With 40 cards the smallest trick is four Buben (8 Augen); with 48 it is four Neunen (0 Augen).
        self._least_trick_augen = 8 if rules["deck"] == 40 else 0
        least = self._least_trick_augen
        self._re_points_with_tricks_each = frozenset(range(least, TOTAL_AUGEN - least + 1)) - {1, TOTAL_AUGEN - 1}
        bock = rules["bock"]
        self._bock_triggers: frozenset[str] = bock["triggers"] if bock else frozenset()
        self._bock_extends = bool(bock) and bock["stacking"] == "extend"
        self._bock_queue: list[int] = []  # overlapping Bock rounds for each coming Bock-eligible deal
        self._round = 1
        self._round_games = 0
        self._pflichtsoli: dict[str, int] = {}  # who played his Pflichtsolo this round → deal number
        # A tournament round derives the Pflichtsolo (rounds.py); without one the table ticks it.
        self._round_pflichtsolo = rules.get("pflichtsolo_per_round", "off") != "off"
        if self._round_pflichtsolo and not (rules["pflichtsolo"] and rules.get("games_per_round")):
            raise DealError("rules.pflichtsolo_per_round", "dk_round_needs_pflichtsolo")
        self._priced: dict[tuple[Any, ...], Priced] = {}

    @property
    def seats(self) -> int:
        return PLAYERS

    def enabled_contracts(self) -> tuple[str, ...]:
        """Game types in bidding order (low to high); ``penalty`` last, it is a row rather than a bid."""
        return tuple(t for t in GAME_TYPES if t in self._types)

    def fields_for(self, contract_type: str) -> tuple[str, ...]:
        """CONTRACT_FIELDS of one type without the fields these rules switch off."""
        off = {
            "forced": not self.rules["pflichtsolo"],
            "vorgefuehrt": not self.rules["pflichtsolo"],
            "extras": not any(self._extras_allowed),
            "bock": "manual" not in self._bock_triggers,
        }
        return tuple(f for f in self.CONTRACT_FIELDS[contract_type] if not off.get(f, False))

    def enabled_solos(self) -> tuple[str, ...]:
        return tuple(s for s in SOLO_KINDS if s in self._solos)

    def pflichtsolo_round(
        self, seats: Sequence[str], results: Iterable[tuple[Mapping[str, Any], Sequence[str], Sequence[str]]]
    ) -> PflichtsoloRound | None:
        if not self.rules["pflichtsolo"]:
            return None
        number, games, played = 1, 0, set[str]()
        for extra, marks, declarers in results:
            if "penalty" in marks:  # a penalty is a row of the sheet, not a game of the round
                continue
            if extra["round"] != number:
                number, games, played = extra["round"], 0, set[str]()
            games += 1
            if "forced" in marks:
                played.add(declarers[0])
        games_per_round = GAMES_PER_SEAT * len(seats)
        owing = tuple(p for p in seats if p not in played)
        if games >= games_per_round and not owing:  # the round is over: the next deal opens a new one
            return PflichtsoloRound(number + 1, games_per_round, tuple(seats))
        return PflichtsoloRound(number, max(0, games_per_round - games), owing)

    def round_claim(self, raw: Mapping[str, Any]) -> Claim:
        """A penalty row is no game; a solo names its player and what the table ticked (a malformed one none: the
        scoring names what is wrong with it)."""
        if raw.get("type") == "penalty":
            return Claim(game=False)
        re = raw.get("re")
        if raw.get("type") != "solo" or type(re) is not list or len(re) != 1 or type(re[0]) is not str:
            return Claim()
        return Claim(soloist=re[0], forced=raw.get("forced") is True, vorgefuehrt=raw.get("vorgefuehrt") is True)

    # scoring --------------------------------------------------------------------------------------

    def score(self, facts: Facts) -> Outcome:
        kind = facts.get("type", self._check_type)
        if kind == "penalty":
            return self._penalty(facts)
        deal = self._read_deal(facts, kind)
        if facts.table.ruling is None:
            round_number, round_games, new_round = self._next_round(facts, deal)
        else:  # a tournament table plays one round, which the replay keeps
            round_number, round_games, new_round = 1, 0, False
        uses_bock = not deal.forced
        bock_factor = 1 << self._bock_queue[0] if uses_bock and self._bock_queue else 1
        shape = (
            deal.game,
            deal.levels,
            AUGEN_BAND[deal.augen[RE]],
            deal.schwarz,
            deal.extras,
            deal.forced,
            deal.vorgefuehrt,
            deal.manual_bock,
            deal.alone,
            bock_factor,
        )
        priced = self._priced.get(shape)
        if priced is None:  # a session repeats few shapes of deal: price each once (it ignores who played)
            priced = self._priced[shape] = self._price(deal, bock_factor)
        re_value, multiplier, explanation, marks, reached, winner = priced

        # Everything is valid: from here on the history kept on self changes.
        self._round, self._round_games = round_number, round_games
        if new_round:
            self._pflichtsoli = {}
        if deal.forced:
            self._pflichtsoli[deal.re[0]] = facts.table.number
        if uses_bock:
            if self._bock_queue:
                self._bock_queue.pop(0)
            if self._triggers_bock(deal, reached):
                self._start_bock(len(facts.table.seats))

        return Outcome(
            deltas=_deltas(deal, re_value),
            label=deal.label,
            value=abs(re_value),
            multiplier=multiplier,
            keep_dealer=deal.forced and not deal.vorgefuehrt,
            explanation=explanation,
            marks=marks,
            declarers=deal.re,
            extra={  # derived facts a reader of the output cannot see in the deal itself
                "winner": None if winner is None else PARTY_KEYS[winner],
                "bock_factor": bock_factor,
                "round": round_number,
            },
        )

    def _price(self, deal: _Deal, bock_factor: int) -> Priced:
        """Re's value, the multiplier, explanation, marks, which party reached its target, and the winner."""
        reached = _reached(deal)
        winner = RE if reached[RE] else KONTRA if reached[KONTRA] else None
        game_lines = self._game_points(deal, winner)
        doubling = self._doubling_factor(deal)
        sonder_lines = self._sonderpunkte(deal, winner)
        # Explain from the side the value goes to, so the lines read left to right add up to the value.
        if self._doubles_sonderpunkte:
            re_value = (_net(game_lines) + _net(sonder_lines)) * doubling * bock_factor
            doubled, added = game_lines + sonder_lines, []
        else:
            re_value = (_net(game_lines) * doubling + _net(sonder_lines)) * bock_factor
            doubled, added = game_lines, sonder_lines
        side = RE if re_value > 0 or (re_value == 0 and winner != KONTRA) else KONTRA
        explanation = _seen_from(side, doubled)
        if doubling > 1:
            explanation += DOUBLING_ITEMS[deal.levels[RE] > 0][deal.levels[KONTRA] > 0]
        explanation += _seen_from(side, added)
        if bock_factor > 1:
            explanation.append(Item("Bock", factor=bock_factor))
        marks = _marks(deal, winner, doubling, bock_factor)
        if deal.forced and self._triggers_bock(deal, reached):  # a forced solo starts no Bock (rules: Bock rounds)
            marks = (*marks, "no_bock")
        return re_value, doubling * bock_factor, tuple(explanation), marks, reached, winner

    def _game_points(self, deal: _Deal, winner: int | None) -> list[Line]:
        """The points of 7.2.2; with nobody winning only (a)'s 'under' points and (e)/(f) (7.1.3)."""
        if winner is None:
            lines = [*_under_points(RE, deal), *_under_points(KONTRA, deal)]
        else:
            lines = [WON_LINES[winner], *_under_points(winner, deal)]
            for party in (RE, KONTRA):
                level = deal.levels[party]
                if level:
                    if not self._doubling:
                        lines.append(ANNOUNCED_LINES[winner][party])
                    lines += ABSAGE_LINES[winner][party][level]
        for party in (RE, KONTRA):
            against = deal.levels[1 - party] - 1
            if against > 0:
                augen = deal.augen[party]
                lines += [line for needed, line in COUNTER_LINES[party][:against] if augen >= needed]
        return lines

    def _doubling_factor(self, deal: _Deal) -> int:
        """re_kontra "double" or "double_all": Re and Kontra each double the value instead of adding 2."""
        if not self._doubling:
            return 1
        re_level, kontra_level = deal.levels
        return (2 if re_level else 1) * (2 if kontra_level else 1)

    def _sonderpunkte(self, deal: _Deal, winner: int | None) -> list[Line]:
        """7.2.3: only in games played two against two."""
        if deal.alone:
            return []
        lines = (
            []
            if deal.extras is NO_EXTRAS
            else [_extra_line(party, i, n) for party in (RE, KONTRA) for i, n in enumerate(deal.extras[party]) if n]
        )
        if winner == KONTRA and self._gegen_die_alten and deal.game.gegen_die_alten:
            lines.append(GEGEN_DIE_ALTEN_LINE)
        return lines

    def _triggers_bock(self, deal: _Deal, reached: tuple[bool, bool]) -> bool:
        """One Bock round per trigger deal, however many triggers it meets. 'Lost' means missed its target."""
        triggers = self._bock_triggers
        return bool(triggers) and (
            ("tie120" in triggers and deal.augen[RE] == 120)
            or ("solo_lost" in triggers and deal.alone and not reached[RE])
            or ("announcement_lost" in triggers and any(deal.levels[p] and not reached[p] for p in (RE, KONTRA)))
            or deal.manual_bock
        )

    def _start_bock(self, deals: int) -> None:
        queue = self._bock_queue
        if self._bock_extends:
            queue.extend([1] * deals)
            return
        for i in range(deals):
            if i < len(queue):
                queue[i] += 1
            else:
                queue.append(1)

    def _next_round(self, facts: Facts, deal: _Deal) -> tuple[int, int, bool]:
        """The round this game belongs to, its game count with it, and whether it starts a new round.

        A round has 6 games per seat. Past that, a Pflichtsolo of a player who still owes his is an extra deal
        of the same round (section 10); any other game starts the next round. A player has one Pflichtsolo per
        round: a second one is an error (it would be a Lustsolo).
        """
        soloist = deal.re[0]
        owes = deal.forced and soloist not in self._pflichtsoli
        if self._round_games >= GAMES_PER_SEAT * len(facts.table.seats) and not owes:
            return self._round + 1, 1, True
        if deal.forced and not owes:
            field = "vorgefuehrt" if deal.vorgefuehrt else "forced"
            raise DealError(field, "dk_pflichtsolo_again", field=field, player=soloist, deal=self._pflichtsoli[soloist])
        return self._round, self._round_games + 1, False

    # reading a deal --------------------------------------------------------------------------------

    def _read_deal(self, facts: Facts, kind: str) -> _Deal:
        game = GAMES[kind]
        label = game.label
        forced = vorgefuehrt = False
        if kind == "solo":
            label = SOLO_LABELS[facts.get("solo", self._check_solo, needed_for=GAMES["solo"].context)]
            forced, vorgefuehrt = self._read_pflichtsolo(facts)
            label += " (vorgeführt)" if vorgefuehrt else " (Pflicht)" if forced else ""
        re = facts.players("re", needed_for=game.context)
        if len(re) not in game.re_sizes:
            raise DealError("re", "dk_re_count", who=game.re_who, got=len(re))
        alone = len(re) == 1
        if alone and kind == "hochzeit":
            label = ALONE_HOCHZEIT_LABEL
        levels = facts.get("announcements", _check_announcements, NO_ANNOUNCEMENTS)
        re_points = facts.get("re_points", RE_POINTS, needed_for=game.context)
        schwarz = SCHWARZ_PARTIES[facts.get("schwarz", SCHWARZ, None)]
        augen = (re_points, TOTAL_AUGEN - re_points)
        self._check_augen(augen, schwarz)
        if game.records_extras:  # a Hochzeit without partner records them too, but as a solo does not score them
            extras = facts.get("extras", self._check_extras, NO_EXTRAS)
            if extras is not NO_EXTRAS:
                _check_extras_fit(extras, augen, schwarz)
        elif facts.has("extras"):
            raise DealError("extras", "dk_extras_solo", context=game.context)
        else:
            extras = NO_EXTRAS
        manual_bock = self._read_manual_bock(facts, forced)
        facts.reject_unread(game.context)
        kontra = tuple([p for p in facts.table.playing if p not in re])
        return _Deal(game, label, re, kontra, levels, augen, schwarz, extras, forced, vorgefuehrt, manual_bock, alone)

    def _read_pflichtsolo(self, facts: Facts) -> tuple[bool, bool]:
        """(forced, vorgefuehrt); a vorgeführtes solo is the player's Pflichtsolo too. In a tournament round the round
        says which solo is the Pflichtsolo and whether it is vorgeführt, whatever the table ticked (TSR 4.3.1)."""
        forced = facts.get("forced", flag, False)
        vorgefuehrt = facts.get("vorgefuehrt", flag, False)
        if not self.rules["pflichtsolo"]:
            for field, value in (("forced", forced), ("vorgefuehrt", vorgefuehrt)):
                if value:
                    raise DealError(field, "dk_no_pflichtsolo", field=field)
        if vorgefuehrt and facts.has("forced") and not forced:
            raise DealError("forced", "dk_vorgefuehrt_forced")
        ruling = facts.table.ruling
        if ruling is not None and self._round_pflichtsolo:
            return ruling.pflichtsolo, ruling.vorgefuehrt
        return forced or vorgefuehrt, vorgefuehrt

    def _read_manual_bock(self, facts: Facts, forced: bool) -> bool:
        if "manual" not in self._bock_triggers:
            if facts.has("bock"):
                raise DealError("bock", "dk_no_manual_bock")
            return False
        manual: bool = facts.get("bock", flag, False)
        if manual and forced:
            raise DealError("bock", "dk_pflichtsolo_bock")
        return manual

    def _check_augen(self, augen: tuple[int, int], schwarz: tuple[bool, bool]) -> None:
        """A party without a trick has 0 Augen; one with a trick has at least the smallest trick, never 1."""
        if augen[RE] in self._re_points_with_tricks_each and not (schwarz[RE] or schwarz[KONTRA]):
            return  # the usual case, checked at once
        for party in (RE, KONTRA):
            name, own = PARTY_NAMES[party], augen[party]
            if schwarz[party]:
                if own:
                    raise DealError("schwarz", "dk_schwarz_augen", party=name, got=augen[RE])
            elif own < self._least_trick_augen:
                raise DealError(
                    "re_points", "dk_least_trick", least=self._least_trick_augen, party=name, own=own, got=augen[RE]
                )
            elif own == 1:
                raise DealError("re_points", "dk_one_auge", party=name, got=augen[RE])

    # validators -----------------------------------------------------------------------------------

    def _check_type(self, name: str, value: Any) -> str:
        if isinstance(value, str) and value in self._types:
            return value
        if value == "armut":
            raise DealError(name, "dk_no_armut", field=name)
        raise DealError(name, "one_of", field=name, known=listed(self.enabled_contracts()), got=repr(value))

    def _check_solo(self, name: str, value: Any) -> str:
        if isinstance(value, str) and value in self._solos:
            return value
        if value == "damen_buben":
            raise DealError(name, "dk_damen_buben_deck", field=name)
        raise DealError(name, "one_of", field=name, known=listed(self.enabled_solos()), got=repr(value))

    def _check_extras(self, name: str, value: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if not isinstance(value, MAPPING):
            example = '{"re": {"fuchs": 1}, "kontra": {}}'
            raise DealError(name, "map_not_object", field=name, example=example, got=repr(value))
        for party in value:
            if party not in PARTY_KEYS:
                raise DealError(name, "dk_extras_unknown_party", field=name, got=repr(party))
        return self._extra_counts(name, "re", value.get("re")), self._extra_counts(name, "kontra", value.get("kontra"))

    def _extra_counts(self, field: str, party: str, value: Any) -> tuple[int, ...]:
        """One party's Sonderpunkte as counts in EXTRA_KEYS order; errors name the whole ``extras`` field."""
        if value is None:
            return NO_EXTRAS[0]
        name = f"{field}.{party}"
        if not isinstance(value, MAPPING):
            example = '{"fuchs": 1, "doppelkopf": 2}'
            raise DealError(field, "map_not_object", field=name, example=example, got=repr(value))
        counts = [0] * len(EXTRA_KEYS)
        for key, n in value.items():
            if key == "gegen_die_alten":
                raise DealError(field, "dk_gegen_die_alten_recorded", field=name)
            i = EXTRA_INDEX.get(key)
            if i is None:
                raise DealError(field, "dk_extra_unknown", field=name, got=repr(key), known=listed(EXTRA_KEYS))
            if not self._extras_allowed[i]:
                raise DealError(field, "dk_extra_not_scored", field=name, key=key, extra=EXTRA_NAMES[i])
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= EXTRA_LIMITS[i]:
                raise DealError(field, "dk_extra_count", field=name, key=key, most=EXTRA_LIMITS[i], got=repr(n))
            counts[i] = n
        return tuple(counts)

    # penalties ------------------------------------------------------------------------------------

    def _penalty(self, facts: Facts) -> Outcome:
        """TSR 9: the offender pays each other player, or in a solo (``soloist``) the soloist alone (9.3.3 b1, 9.4.4);
        the row is its own, keeps the dealer and leaves Bock and the round's games alone."""
        offender = cast(str, facts.player("player", needed_for=A_PENALTY))  # required: never None
        severity = facts.get("severity", SEVERITY, needed_for=A_PENALTY)
        per_player, label = PENALTIES[severity]
        soloist = facts.player("soloist", required=False)
        if soloist == offender:
            raise DealError("soloist", "dk_penalty_own_solo", player=offender)
        points = facts.get("points", self._check_penalty_points(severity, soloist), None)
        facts.reject_unread(A_PENALTY)
        if soloist is not None:  # the other defenders get 0
            value = points or per_player * 3
            deltas = dict.fromkeys(facts.table.playing, 0) | {soloist: value, offender: -value}
            explanation: tuple[Item, ...] = (Item(say("x_penalty_to_soloist", player=soloist), value),)
        else:
            others = [p for p in facts.table.playing if p != offender]
            deltas = dict.fromkeys(others, per_player)
            deltas[offender] = -per_player * len(others)
            explanation = (PENALTY_ITEMS[severity],)
        return Outcome(
            deltas=deltas,
            label=label,
            value=per_player,
            keep_dealer=True,
            explanation=explanation,
            marks=("penalty",),
            declarers=(offender,),
            extra={"bock_factor": 1, "round": self._round},
        )

    @staticmethod
    def _check_penalty_points(severity: str, soloist: str | None) -> Validator:
        """A penalty names its points only for a serious offence in a solo: 12 to 24, as the official decided."""

        def check(name: str, value: Any) -> int:
            if severity != "serious" or soloist is None:
                raise DealError(name, "dk_penalty_points_serious_solo")
            least, most = SERIOUS_IN_SOLO
            if type(value) is not int or not least <= value <= most:
                raise DealError(name, "dk_penalty_points_range", least=least, most=most, got=repr(value))
            return value

        return check


def _check_announcements(name: str, value: Any) -> tuple[int, int]:
    if not isinstance(value, MAPPING):
        example = '{"re": "no90", "kontra": "kontra"}'
        raise DealError(name, "map_not_object", field=name, example=example, got=repr(value))
    levels = [0, 0]
    for party, level in value.items():
        if party not in PARTY_KEYS:
            raise DealError(name, "dk_extras_unknown_party", field=name, got=repr(party))
        index = PARTY_INDEX[party]
        if level is None:
            continue
        if not isinstance(level, str) or level not in LEVELS[index]:
            raise DealError(
                name, "dk_announcement", field=name, party=party, known=listed(LEVELS[index]), got=repr(level)
            )
        levels[index] = LEVELS[index][level]
    return levels[RE], levels[KONTRA]


def _check_extras_fit(extras: tuple[tuple[int, ...], ...], augen: tuple[int, int], schwarz: tuple[bool, bool]) -> None:
    """Sonderpunkte must be possible with the tricks each party took."""
    for party, counts in enumerate(extras):
        if schwarz[party] and any(counts):
            raise DealError("extras", "dk_extras_no_trick", key=PARTY_KEYS[party], party=PARTY_NAMES[party])
        if counts[DOPPELKOPF] * DOPPELKOPF_AUGEN > augen[party]:
            raise DealError(
                "extras",
                "dk_doppelkopf_augen",
                key=PARTY_KEYS[party],
                count=counts[DOPPELKOPF],
                needed=counts[DOPPELKOPF] * DOPPELKOPF_AUGEN,
                got=augen[party],
            )
        if counts[KARLCHEN] + counts[KARLCHEN_GEFANGEN] > 2:
            raise DealError("extras", "dk_two_karlchen", key=PARTY_KEYS[party])
    re_counts, kontra_counts = extras
    fuchse = re_counts[FUCHS] + re_counts[FUCHS_AM_ENDE] + kontra_counts[FUCHS] + kontra_counts[FUCHS_AM_ENDE]
    if fuchse > 2:
        raise DealError("extras", "dk_two_fuchse", got=fuchse)
    if _won_last_trick(re_counts) and _won_last_trick(kontra_counts):
        raise DealError("extras", "dk_last_trick")


def _won_last_trick(counts: tuple[int, ...]) -> bool:
    return bool(counts[FUCHS_AM_ENDE] or counts[KARLCHEN] or counts[KARLCHEN_GEFANGEN])


def _under_points(party: int, deal: _Deal) -> tuple[Line, ...]:
    """7.2.2 (a): a point to ``party`` for each of 90, 60, 30 the other party stayed under, and for its schwarz."""
    other = 1 - party
    augen = deal.augen[other]
    return UNDER_LINES[party][(augen < 90) + (augen < 60) + (augen < 30) + deal.schwarz[other]]


def _seen_from(side: int, lines: list[Line]) -> list[Item]:
    """The explanation items, positive for ``side``."""
    items = []
    for party, _, own, other in lines:
        items.append(own if party == side else other)
    return items


def _net(lines: list[Line]) -> int:
    """Re's points minus Kontra's."""
    net = 0
    for party, points, _, _ in lines:
        net += points if party == RE else -points
    return net


def _deltas(deal: _Deal, re_value: int) -> dict[str, int]:
    deltas = dict.fromkeys(deal.kontra, -re_value)
    per_re = re_value * SOLO_FACTOR if deal.alone else re_value
    for player in deal.re:
        deltas[player] = per_re
    return deltas


def _marks(deal: _Deal, winner: int | None, doubling: int, bock_factor: int) -> tuple[str, ...]:
    marks = ["nobody_won" if winner is None else "won" if winner == RE else "lost"]
    if deal.alone:
        marks.append("solo")
    if deal.forced:
        marks.append("forced")
    if deal.vorgefuehrt:
        marks.append("vorgefuehrt")
    if any(deal.schwarz):
        marks.append("schwarz")
    if bock_factor > 1:
        marks.append("bock")
    if doubling > 1:
        marks.append("doubled")
    return tuple(marks)
