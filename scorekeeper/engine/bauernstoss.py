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


# Sheet marks: "schneider", "schwarz", "solo", "won", "lost", and "partie" on the deal that ends a Partie.


class Bauernstoss(Game):
    key = "bauernstoss"
    title = "Bauernstoss"
    extra_seats = 0  # two fixed teams of two: no fifth player
    reads_seats = True  # the teams are by seat
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

    def scoring_state(self, seated: int, seat: Mapping[str, int]) -> Any:
        # A deal reads the chalk, and the strokes only as how far each team is from the Partie: how many strokes
        # within what one deal may score, or beyond it.
        most = max(1, SCHNEIDER[0], SCHWARZ[0], *self.solo_strokes.values())
        return {"chalk": self.chalk, "to_partie": {t: min(self.target - n, most + 1) for t, n in self.strokes.items()}}

    def __init__(self, rules: dict[str, Any], tariff: dict[str, Any] | None) -> None:
        super().__init__(rules, tariff)
        self.target: int = rules["target"]
        self.chalk_min: int = rules["chalk_min"]
        self.solo_moves_chalk: bool = rules["solo_moves_chalk"]
        self.partie_value: int = rules["partie_value"]
        self.solo_strokes = {"small": rules["small_solo"], "big": rules["big_solo"]}
        self.chalk: str | None = None  # unknown until the first deal names it
        self.strokes = dict.fromkeys(TEAMS, 0)
        self._seats: tuple[str, ...] = ()
        self._team_of: dict[str, str] = {}
        self._counted: dict[tuple[str, int, bool], Scored] = {}  # see _game

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
        # The whole deal is valid: only now change the history.
        self.chalk = scored.chalk
        self.strokes[scored.team] += scored.strokes
        deltas = dict.fromkeys(facts.table.playing, 0)
        marks, items = scored.marks, scored.items
        extra: dict[str, Any] = {}
        if self.strokes[scored.team] >= self.target:
            team_of = self._teams(facts.table)
            for player in deltas:
                deltas[player] = self.partie_value if team_of[player] == scored.team else -self.partie_value
            self.strokes = dict.fromkeys(TEAMS, 0)
            marks += ("partie",)
            items += (Item(f"Partie {scored.team}", self.partie_value),)
            extra["partie"] = scored.team
        extra["strokes"] = dict(self.strokes)
        extra["chalk"] = scored.chalk
        return Outcome(
            deltas,
            scored.label,
            value=scored.strokes,
            explanation=items,
            marks=marks,
            declarers=scored.declarers,
            extra=extra,
        )

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
        """A solo: its fixed strokes go to the soloist's team if won, else to the other team."""
        team_of = self._teams(facts.table)
        solo = facts.get("solo", _solo_object)
        player = solo.get("player")
        if not isinstance(player, str) or player not in team_of:  # a list or an object is no key
            raise DealError("solo.player", "not_a_player", field="solo.player", got=repr(player))
        kind = _solo_kind("solo.kind", _required(solo, "kind", say("small_or_big")))
        won = flag("solo.won", _required(solo, "won", say("true_or_false")))
        facts.reject_unread(A_SOLO)
        team = team_of[player] if won else OTHER_TEAM[team_of[player]]
        strokes = self.solo_strokes[kind]
        items = (
            CHALK_ITEMS[chalk],
            Item(say("x_solo_won" if won else "x_solo_lost", solo=say(f"{kind}_solo"), player=player)),
            Item(say("x_strokes", team=team), strokes),
        )
        new_chalk = team if self.solo_moves_chalk else chalk
        marks = ("solo", "won" if won else "lost")
        return Scored(team, strokes, new_chalk, SOLO_LABELS[kind], marks, items, declarers=(player,))

    def _teams(self, table: Table) -> dict[str, str]:
        """Team of each player by seat: seats 1 and 3 are A, 2 and 4 are B (cached per seating)."""
        if table.seats is not self._seats:
            self._seats = table.seats
            self._team_of = {player: TEAMS[seat % 2] for seat, player in enumerate(table.seats)}
        return self._team_of


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
