"""How a tournament table of a game is scored: a :class:`Preset` names the engine rules and tariff of a table
sheet, how many games a round has at each table size, whether every row sums to zero, the Pflichtsolo and the table
points. Each pack lists its presets (``GamePack.tournament_presets``); ``leagues.tournaments.rules.presets`` collects
them.

A preset may offer **options** the director picks when creating a tournament (Schafkopf: games a round, the sheet,
Laufende, Tout and Sie, what is played when all pass). Each is data (:class:`PresetOption`: its choices and the preset's
own value); the pack's ``configure`` turns the chosen values into the preset the tables are scored with, and
``problems`` names the combinations that cannot be played, by option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from django.utils.functional import Promise

# Table points by place, place 1 first, added to the game points of a round. At five one place more on top, so a
# table of five is worth as much per player as one of four and every place still steps by 10.
TABLE_POINTS: Mapping[int, tuple[int, ...]] = {4: (40, 30, 20, 10), 5: (50, 40, 30, 20, 10)}


@dataclass(frozen=True, slots=True)
class PresetOption:
    """One choice the director makes for a preset: ``choices`` are (value, words) pairs, ``default`` the preset's own
    value; ``words(value)`` says the choice made, for the tournament page."""

    key: str
    label: str | Promise
    choices: tuple[tuple[Any, str | Promise], ...]
    default: Any
    words: Callable[[Any], str]

    def value_of(self, given: Any) -> Any:
        """The choice ``given`` names (a form sends text: "40" names 40); ValueError for none of them."""
        for value, _words in self.choices:
            if (type(given) is type(value) and given == value) or (isinstance(given, str) and given == str(value)):
                return value
        raise ValueError(given)


class OptionProblem(ValueError):
    """Options that cannot be played: the message by the option it belongs to."""

    def __init__(self, problems: Mapping[str, str | Promise]) -> None:
        super().__init__(dict(problems))
        self.problems = dict(problems)


@dataclass(frozen=True, slots=True)
class Preset:
    key: str
    game: str  # the rule engine's game key
    rules: str | Mapping[str, Any]
    tariff: str | Mapping[str, Any] | None
    games: Mapping[int, int]  # games of a round at a table, by table size; the sizes a table may have
    zero_sum: bool  # every row sums to 0 (a plus-only sheet writes only the winners)
    pflichtsolo: bool = False  # Doppelkopf: each player owes one Pflichtsolo per round (TSR 4.2)
    # True (DDV, TSR 4.2.3): the owed solos are imposed (vorgeführt) within the round's games. False (home rule):
    # whoever has not played his Pflichtsolo when the games are used up plays it in extra deals.
    vorgefuehrt: bool = False
    table_points: Mapping[int, tuple[int, ...]] = field(default_factory=dict)  # by table size; empty: none
    options: tuple[PresetOption, ...] = ()  # what the director may choose (see the module's words)
    # the preset under the chosen options (every option given, checked); None: the preset has no options
    configure: Callable[[Preset, Mapping[str, Any]], Preset] | None = None
    problems: Callable[[Mapping[str, Any]], Mapping[str, str | Promise]] | None = None  # combinations refused
    chosen: Mapping[str, Any] = field(default_factory=dict)  # the options this preset was configured with

    def table_rules(self, time_called_after: int | None = None) -> dict[str, Any]:
        """The engine rules of a table session: the preset's, with the round the engine keeps (games per round, the
        Pflichtsolo owed, time called: ``scorekeeper.engine.rounds``)."""
        rules: dict[str, Any] = {"preset": self.rules} if isinstance(self.rules, str) else dict(self.rules)
        rules["games_per_round"] = {str(size): games for size, games in self.games.items()}
        if self.pflichtsolo:
            rules["pflichtsolo_per_round"] = "vorgefuehrt" if self.vorgefuehrt else "extra_deals"
        if time_called_after is not None:
            rules["time_called_after"] = time_called_after
        return rules

    def with_table_points(self) -> Preset:
        return replace(self, table_points={size: TABLE_POINTS[size] for size in self.games if size in TABLE_POINTS})

    def with_options(self, given: Mapping[str, Any]) -> Preset:
        """The preset under the director's options; an option not given keeps the preset's own value. OptionProblem
        names each option that is unknown here, not one of its choices, or part of a combination refused."""
        known = {option.key: option for option in self.options}
        problems: dict[str, str | Promise] = {}
        chosen = {key: option.default for key, option in known.items()}
        for key, value in given.items():
            if key not in known:
                problems[key] = _("The scoring chosen has no such option: leave it as the scoring says.")
                continue
            try:
                chosen[key] = known[key].value_of(value)
            except ValueError:
                problems[key] = _("Choose one of the values offered.")
        if not problems and self.problems is not None:
            problems.update(self.problems(chosen))
        if problems:
            raise OptionProblem(problems)
        if self.configure is None:
            return self
        return replace(self.configure(self, chosen), chosen=chosen)

    def options_in_words(self) -> list[str]:
        """The options chosen, one line each, in the request's language."""
        return [option.words(self.chosen[option.key]) for option in self.options if option.key in self.chosen]

    def with_games(self, games: Mapping[int, int]) -> Preset:
        """The preset with some table sizes' games per round replaced (a tournament's setting)."""
        return replace(self, games={**self.games, **games})
