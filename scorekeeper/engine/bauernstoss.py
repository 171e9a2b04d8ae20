"""Bauernstoss: two fixed teams race for strokes on the chalk.

Seats 1 and 3 form team A, seats 2 and 4 team B. The team holding the chalk
scores a stroke with ``chalk_min`` card points, otherwise the other team does;
Schneider and Schwarz add strokes, a solo is worth a fixed number of them. The
first team to ``target`` strokes wins the Partie: only that deal has non-zero
deltas (``partie_value`` per player), and strokes start again from 0. Strokes
and the chalk are history kept on the instance; they are reported through
``Outcome.extra`` because they lie outside the zero-sum deltas.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from .deal import Facts, Item, Outcome, Table
from .errors import DealError
from .game import Game
from .messages import Message, listed, say
from .options import Validator, choice, flag, integer

TEAMS = ("A", "B")
OTHER_TEAM = {"A": "B", "B": "A"}
ALL_POINTS = 120
SCHNEIDER_POINTS = 91  # the scoring team's card points for a second stroke
# Schneider and Schwarz: (strokes in all, sheet mark, label, explanation line with the strokes on top of the one).
SCHNEIDER = (2, "schneider", "Spiel Schneider", Item("Schneider", 1))
SCHWARZ = (3, "schwarz", "Spiel Schwarz", Item("Schwarz", 2))
SOLO_KEYS = ("player", "kind", "won")
SOLO_LABELS = {"small": "Kleines Solo", "big": "Großes Solo"}

_team = choice(*TEAMS)
_points = integer(0, ALL_POINTS)
_solo_kind = choice(*SOLO_LABELS)

# Explanation lines and messages that every deal needs, made once.
A_DEAL_WITHOUT_SOLO, A_COUNTED_GAME, A_SOLO = say("a_deal_without_solo"), say("a_counted_game"), say("a_solo")
SMALL_OR_BIG, TRUE_OR_FALSE = say("small_or_big"), say("true_or_false")
CHALK_ITEMS = {team: Item(say("x_chalk", team=team)) for team in TEAMS}
STROKE_ITEMS = {team: Item(say("x_stroke", team=team), 1) for team in TEAMS}
POINTS_ITEMS = tuple(Item(say("x_team_a_points", points=points)) for points in range(ALL_POINTS + 1))


class Scored(NamedTuple):
    """What one deal earns before the Partie check."""

    team: str  # the team that gets the strokes
    strokes: int
    chalk: str  # who holds the chalk after the deal
    label: str
    marks: tuple[str, ...]
    items: tuple[Item, ...]  # the explanation, from who held the chalk
    declarers: tuple[str, ...] = ()


class Seating(NamedTuple):
    """The players at the table."""

    team_of: dict[str, str]  # seats 1 and 3 are team A, 2 and 4 team B
    # A deal's deltas by the team whose Partie it ends (None: most deals, ending none); one dict for all the deals
    # that have it, never written.
    deltas: dict[str | None, dict[str, int]]


# Sheet marks: "schneider", "schwarz", "solo", "won", "lost", and "partie" on the deal that ends a Partie.


class Bauernstoss(Game):
    key = "bauernstoss"
    title = "Bauernstoss"
    extra_seats = 0  # two fixed teams of two: no fifth player
    rule_presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "seed": {
            "target": 20,
            "small_solo": 8,
            "big_solo": 12,
            "chalk_min": 42,
            "solo_moves_chalk": True,
            "partie_value": 1,
        },
    }
    rule_schema: ClassVar[Mapping[str, Validator]] = {
        "target": integer(1),
        "small_solo": integer(1),
        "big_solo": integer(1),
        "chalk_min": integer(1, ALL_POINTS),  # at least 1, so a team without a point never scores
        "solo_moves_chalk": flag,
        "partie_value": integer(1),
    }
    CONTRACT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "game": ("chalk", "points", "schwarz"),
        "small_solo": ("chalk", "solo"),
        "big_solo": ("chalk", "solo"),
    }

    history = ("chalk", "strokes")

    def __init__(self, rules: dict[str, Any], tariff: dict[str, Any] | None) -> None:
        super().__init__(rules, tariff)
        self.target: int = rules["target"]
        self.chalk_min: int = rules["chalk_min"]
        self.solo_moves_chalk: bool = rules["solo_moves_chalk"]
        self.partie_value: int = rules["partie_value"]
        self.solo_strokes = {"small": rules["small_solo"], "big": rules["big_solo"]}
        self.chalk: str | None = None  # unknown until the first deal names it
        self.strokes = dict.fromkeys(TEAMS, 0)
        self._partie_items = {team: Item(f"Partie {team}", self.partie_value) for team in TEAMS}
        self._seats: tuple[str, ...] = ()
        self._seating = Seating({}, {})  # see _seated
        self._counted: dict[tuple[str, int, bool], Scored] = {}  # see _game
        self._solos: dict[tuple[str, str, str, str, bool], Scored] = {}  # see _solo
        self._extras: dict[tuple[Any, ...], dict[str, Any]] = {}  # see _extra

    @property
    def seats(self) -> int:
        return 4

    def enabled_contracts(self) -> tuple[str, ...]:
        return tuple(self.CONTRACT_FIELDS)

    def score(self, facts: Facts) -> Outcome:
        chalk = facts.get("chalk", _team, default=self.chalk)
        if chalk is None:
            raise DealError("chalk", "bs_chalk_first")
        scored = self._solo(facts, chalk) if facts.has("solo") else self._game(facts, chalk)
        scorer, strokes, self.chalk, label, marks, items, declarers = scored
        # The whole deal is valid: only now change the history.
        self.strokes[scorer] += strokes
        partie = None
        if self.strokes[scorer] >= self.target:
            partie = scorer
            self.strokes = dict.fromkeys(TEAMS, 0)
            marks += ("partie",)
            items += (self._partie_items[partie],)
        deltas = self._seated(facts.table).deltas[partie]
        extra = self._extra(partie)
        # Positional: a class called with keywords costs as much again as the rest of a counted game's outcome.
        return Outcome(deltas, label, strokes, 1, 0, False, items, marks, declarers, extra)

    def _extra(self, partie: str | None) -> dict[str, Any]:
        """The output's own keys after the deal: one dict for all the deals that end with the same strokes and chalk
        (a session has a few hundred), made once and never written, like the deltas (see _seated)."""
        key = (partie, self.chalk, self.strokes["A"], self.strokes["B"])  # strokes kept in this order (TEAMS)
        extra = self._extras.get(key)
        if extra is None:
            extra = self._extras[key] = {"partie": partie} if partie else {}
            extra["strokes"] = dict(self.strokes)
            extra["chalk"] = self.chalk
        return extra

    def _game(self, facts: Facts, chalk: str) -> Scored:
        """A counted game: what it scores depends on the chalk and the card points alone, so a session's few hundred
        kinds of counted game are each worked out once."""
        points_a = facts.get("points", _points, needed_for=A_DEAL_WITHOUT_SOLO)
        schwarz = facts.get("schwarz", flag, default=False)
        facts.reject_unread(A_COUNTED_GAME)
        scored = self._counted.get((chalk, points_a, schwarz))
        if scored is None:
            scored = self._counted[chalk, points_a, schwarz] = self._count(chalk, points_a, schwarz)
        return scored

    def _count(self, chalk: str, points_a: int, schwarz: bool) -> Scored:
        """The chalk team needs ``chalk_min``, else the other team scores."""
        chalk_points = points_a if chalk == "A" else ALL_POINTS - points_a
        team = chalk if chalk_points >= self.chalk_min else OTHER_TEAM[chalk]
        team_points = points_a if team == "A" else ALL_POINTS - points_a
        items = (CHALK_ITEMS[chalk], POINTS_ITEMS[points_a], STROKE_ITEMS[team])
        if schwarz:
            if team_points != ALL_POINTS:  # the losers took no trick, so no card point either
                raise DealError("schwarz", "bs_schwarz_points", all=ALL_POINTS, team=team, got=team_points)
            strokes, mark, label, bonus = SCHWARZ
        elif team_points >= SCHNEIDER_POINTS:
            strokes, mark, label, bonus = SCHNEIDER
        else:
            return Scored(team, 1, team, "Spiel", (), items)
        return Scored(team, strokes, team, label, (mark,), (*items, bonus))

    def _solo(self, facts: Facts, chalk: str) -> Scored:
        """A solo, worked out once for each kind a session has (see _game)."""
        team_of = self._seated(facts.table).team_of
        solo = facts.get("solo", _solo_object)
        player = solo.get("player")
        if not isinstance(player, str) or player not in team_of:  # a list or an object is no key
            raise DealError("solo.player", "not_a_player", field="solo.player", got=repr(player))
        kind = _solo_kind("solo.kind", _required(solo, "kind", SMALL_OR_BIG))
        won = flag("solo.won", _required(solo, "won", TRUE_OR_FALSE))
        facts.reject_unread(A_SOLO)
        key = (chalk, player, team_of[player], kind, won)
        scored = self._solos.get(key)
        if scored is None:
            scored = self._solos[key] = self._count_solo(*key)
        return scored

    def _count_solo(self, chalk: str, player: str, players_team: str, kind: str, won: bool) -> Scored:
        """Its fixed strokes go to the soloist's team if won, else to the other team."""
        team = players_team if won else OTHER_TEAM[players_team]
        strokes = self.solo_strokes[kind]
        items = (
            CHALK_ITEMS[chalk],
            Item(say("x_solo_won" if won else "x_solo_lost", solo=say(f"{kind}_solo"), player=player)),
            Item(say("x_strokes", team=team), strokes),
        )
        new_chalk = team if self.solo_moves_chalk else chalk
        marks = ("solo", "won" if won else "lost")
        return Scored(team, strokes, new_chalk, SOLO_LABELS[kind], marks, items, declarers=(player,))

    def _seated(self, table: Table) -> Seating:
        """The teams and deltas of the players at this table (cached per seating)."""
        if table.seats is not self._seats:
            team_of = {player: TEAMS[seat % 2] for seat, player in enumerate(table.seats)}
            value = self.partie_value
            deltas: dict[str | None, dict[str, int]] = {None: dict.fromkeys(team_of, 0)}
            for team in TEAMS:
                deltas[team] = {player: value if of == team else -value for player, of in team_of.items()}
            self._seats, self._seating = table.seats, Seating(team_of, deltas)
        return self._seating


def _solo_object(name: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DealError(name, "bs_solo_not_object", field=name, got=repr(value))
    unknown = [key for key in value if key not in SOLO_KEYS]
    if unknown:
        field = f"{name}.{unknown[0]}"
        raise DealError(field, "bs_solo_field_unknown", field=field, known=listed(SOLO_KEYS))
    return value


def _required(solo: Mapping[str, Any], key: str, expected: Message) -> Any:
    value = solo.get(key)
    if value is None:
        raise DealError(f"solo.{key}", "bs_solo_required", field=f"solo.{key}", expected=expected)
    return value
