"""How a tournament table of each game is scored, as data: a :class:`Preset` names the engine rules and tariff of a
table sheet, how many games a round has at each table size, whether every row sums to zero, the Pflichtsolo and the
table points.

Each table of a round is one ``schreiber/1`` session under the preset's ``rules`` and ``tariff`` (anything the engine
takes: a preset name or ``{"preset": NAME, ...overrides}``) with the round's rules (:meth:`Preset.table_rules`,
``rounds``).

A preset may offer **options** the director picks when creating a tournament (Schafkopf: games a round, the sheet,
Laufende, Tout and Sie, what is played when all pass). Each is data (:class:`PresetOption`: its values and the
preset's own); the preset's ``configure`` turns the chosen values into the preset the tables are scored with, and
``problems`` names the combinations that cannot be played, by option. How an option is said is the game pack's
(``scorekeeper.games.<game>.tournament``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .messages import Message, say
from .schafkopf import RUNNER_CONTRACTS, TARIFF_PRESETS

# Table points by place, place 1 first, added to the game points of a round. At five one place more on top, so a
# table of five is worth as much per player as one of four and every place still steps by 10.
TABLE_POINTS: Mapping[int, tuple[int, ...]] = {4: (40, 30, 20, 10), 5: (50, 40, 30, 20, 10)}


@dataclass(frozen=True, slots=True)
class PresetOption:
    """One choice the director makes for a preset: one of ``values``, ``default`` the preset's own."""

    key: str
    values: tuple[Any, ...]
    default: Any

    def value_of(self, given: Any) -> Any:
        """The value ``given`` names (a form sends text: "40" names 40); ValueError for none of them."""
        for value in self.values:
            if (type(given) is type(value) and given == value) or (isinstance(given, str) and given == str(value)):
                return value
        raise ValueError(given)


class OptionProblem(ValueError):
    """Options that cannot be played: the message by the option it belongs to."""

    def __init__(self, problems: Mapping[str, Message]) -> None:
        super().__init__({key: str(words) for key, words in problems.items()})
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
    problems: Callable[[Mapping[str, Any]], Mapping[str, Message]] | None = None  # combinations refused
    chosen: Mapping[str, Any] = field(default_factory=dict)  # the options this preset was configured with

    def table_rules(self, time_called_after: int | None = None) -> dict[str, Any]:
        """The engine rules of a table session: the preset's, with the round the engine keeps (games per round, the
        Pflichtsolo owed, time called: ``rounds``)."""
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
        names each option that is unknown here, not one of its values, or part of a combination refused."""
        known = {option.key: option for option in self.options}
        problems: dict[str, Message] = {}
        chosen = {key: option.default for key, option in known.items()}
        for key, value in given.items():
            if key not in known:
                problems[key] = say("preset_option_unknown")
                continue
            try:
                chosen[key] = known[key].value_of(value)
            except ValueError:
                problems[key] = say("preset_option_value")
        if not problems and self.problems is not None:
            problems.update(self.problems(chosen))
        if problems:
            raise OptionProblem(problems)
        if self.configure is None:
            return self
        return replace(self.configure(self, chosen), chosen=chosen)

    def with_games(self, games: Mapping[int, int]) -> Preset:
        """The preset with some table sizes' games per round replaced (a tournament's setting)."""
        return replace(self, games={**self.games, **games})


# Doppelkopf: the DDV's rules (TSR) and the common home variant -------------------------------------------------------


def _ddv(key: str, games: Mapping[int, int], *, vorgefuehrt: bool) -> Preset:
    return Preset(key, "doppelkopf", "ddv", None, games, zero_sum=True, pflichtsolo=True, vorgefuehrt=vorgefuehrt)


DOPPELKOPF = (
    # TSR section 10: 24 games at four (20 normal + 4 Pflichtsoli), 30 at five with the dealer sitting out.
    _ddv("ddv", {4: 24, 5: 30}, vorgefuehrt=True),
    # The common home description: 24 deals at four, 25 at five, Pflichtsoli included; owed ones added at the end.
    _ddv("ddv_home", {4: 24, 5: 25}, vorgefuehrt=False),
)


# Schafkopf: the tournament rules (no Kontra, Muss when everyone passes) with the tournament list, plus and minus or
# plus only, or the engine's "5× solo" list ------------------------------------------------------------------------
# The director picks the options published tournament lists differ in: games a round, plus and minus or plus only,
# Laufende (not counted, from the 2nd or from the 3rd), Tout and Sie as multiples of the solo, and Muss or über Kreuz
# when all pass. Each preset's own values are its defaults, so a tournament without options scores as before. The
# options become engine rules and tariff entries (``configure_schafkopf``); the engine has every one of them.

# The Schafkopf tournament list of the issue (Sauspiel 1, Schneider 2, Schwarz 3; Solo 2 per opponent, so +6/−2;
# Tout 6 and Sie 8 per opponent, so 18/6 and 24/8): the engine's classic list without runners.
SCHAFKOPF_LIST: Mapping[str, Any] = {"preset": "classic", "runner": 0, "tout_runner": 0, "sie_runner": 0}

SCHAFKOPF_GAMES = (30, 32, 40, 48)  # a round at a table of four


def games_at_five(games: int) -> int:
    """Every dealer at five deals as often as the first dealer at four (30 and 32 at four: 8 each, so 40)."""
    return -(-games // 4) * 5


def _schafkopf_options(sheet: str, tout: int) -> tuple[PresetOption, ...]:
    """The options of a Schafkopf tournament, the preset's own ``sheet`` and ``tout`` multiple as defaults."""
    return (
        PresetOption("games", SCHAFKOPF_GAMES, 32),
        PresetOption("sheet", ("zero_sum", "plus_only"), sheet),
        PresetOption("laufende", (0, 2, 3), 0),  # not counted, from the 2nd, from the 3rd
        PresetOption("tout", (2, 3, 4), tout),
        PresetOption("sie", (2, 3, 4, 6, 8), 4),
        PresetOption("pass_out", ("muss", "kreuz"), "muss"),
    )


def schafkopf_problems(chosen: Mapping[str, Any]) -> dict[str, Message]:
    """Combinations that cannot be played: a Sie outranks every Tout, so it is worth at least as much."""
    if chosen["sie"] < chosen["tout"]:
        return {"sie": say("sie_below_tout", n=chosen["tout"])}
    return {}


def configure_schafkopf(preset: Preset, chosen: Mapping[str, Any]) -> Preset:
    """The preset's engine rules and tariff under the chosen options (all given and checked)."""
    base = {"preset": preset.tariff} if isinstance(preset.tariff, str) else dict(preset.tariff or {})
    rates = {**TARIFF_PRESETS[base["preset"]], **base}
    solo = rates["solo"]
    runner = rates["sauspiel"] if chosen["laufende"] else 0  # a Laufender is worth a Sauspiel
    tariff = {
        **base,
        "runner": runner,
        "tout": chosen["tout"] * solo,
        "tout_runner": chosen["tout"] * runner,
        "tout_schneider": 0,  # a Tout is the solo's multiple; its Schneider and Schwarz are in it
        "tout_schwarz": 0,
        "sie": chosen["sie"] * solo,
        "sie_runner": chosen["sie"] * runner,
    }
    own = {"preset": preset.rules} if isinstance(preset.rules, str) else dict(preset.rules)
    rules: dict[str, Any] = {**own, "sheet": chosen["sheet"], "pass_out": chosen["pass_out"]}
    if chosen["laufende"] == 2:  # from the 3rd is the engine's own count (Wenz and Geier from the 2nd)
        rules["runners_min"] = dict.fromkeys(RUNNER_CONTRACTS, 2)
    games = chosen["games"]
    return replace(
        preset,
        rules=rules,
        tariff=tariff,
        games={4: games, 5: games_at_five(games)},
        zero_sum=chosen["sheet"] == "zero_sum",
    )


def _schafkopf(key: str, tariff: str | Mapping[str, Any], sheet: str, tout: int) -> Preset:
    rules = {"preset": "tournament", "sheet": sheet}  # no Kontra, Muss when everyone passes
    return Preset(
        key,
        "schafkopf",
        rules,
        tariff,
        {4: 32, 5: 40},
        zero_sum=sheet == "zero_sum",
        options=_schafkopf_options(sheet, tout),
        configure=configure_schafkopf,
        problems=schafkopf_problems,
    )


SCHAFKOPF = (
    _schafkopf("schafkopf_plusminus", SCHAFKOPF_LIST, "zero_sum", tout=3),  # Tout 6 = 3 × the solo's 2
    _schafkopf("schafkopf_plus_only", SCHAFKOPF_LIST, "plus_only", tout=3),
    _schafkopf("schafkopf_turnier", "turnier", "zero_sum", tout=2),  # the engine's "5× solo" list: Tout 10, Sie 20
)


# Sheepshead: Wisconsin rules at tables of five ------------------------------------------------------------------------

SHEEPSHEAD = (
    # Wisconsin tournaments: 20 hands at five, 24 at six with the dealer sitting out; doublers, double on the bump.
    Preset("sheepshead_five", "sheepshead", "wisconsin", None, {5: 20, 6: 24}, zero_sum=True),
)

# Every preset by its key, the games in the order of their titles (as the director's choice lists them).
PRESETS: dict[str, Preset] = {preset.key: preset for preset in (*DOPPELKOPF, *SCHAFKOPF, *SHEEPSHEAD)}
