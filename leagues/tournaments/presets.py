"""Tournament scoring presets as data: which engine rules and tariff a table sheet is scored with, how many games a
round has at each table size, whether every row sums to zero, the Pflichtsolo and the table points.

Each table of a round is one ``schreiber/1`` session under the preset's ``rules`` and ``tariff`` (anything the rule
engine takes: a preset name or ``{"preset": NAME, ...overrides}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

# Table points by place, place 1 first, added to the game points of a round. At five one place more on top, so a
# table of five is worth as much per player as one of four and every place still steps by 10.
TABLE_POINTS: Mapping[int, tuple[int, ...]] = {4: (40, 30, 20, 10), 5: (50, 40, 30, 20, 10)}

# The Schafkopf tournament list of the issue (Sauspiel 1, Schneider 2, Schwarz 3; Solo 2 per opponent, so +6/−2;
# Tout 6 and Sie 8 per opponent, so 18/6 and 24/8): the engine's classic list without runners.
SCHAFKOPF_LIST: Mapping[str, Any] = {"preset": "classic", "runner": 0, "tout_runner": 0, "sie_runner": 0}


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

    def table_rules(self, time_called_after: int | None = None) -> dict[str, Any]:
        """The engine rules of a table session: the preset's, with the round the engine keeps (games per round, the
        Pflichtsolo owed, time called: ``scorekeeper.engine.rounds``)."""
        rules = {"preset": self.rules} if isinstance(self.rules, str) else dict(self.rules)
        rules["games_per_round"] = {str(size): games for size, games in self.games.items()}
        if self.pflichtsolo:
            rules["pflichtsolo_per_round"] = "vorgefuehrt" if self.vorgefuehrt else "extra_deals"
        if time_called_after is not None:
            rules["time_called_after"] = time_called_after
        return rules

    def with_table_points(self) -> Preset:
        return replace(self, table_points={size: TABLE_POINTS[size] for size in self.games if size in TABLE_POINTS})

    def with_games(self, games: Mapping[int, int]) -> Preset:
        """The preset with some table sizes' games per round replaced (a tournament's setting)."""
        return replace(self, games={**self.games, **games})


def _doppelkopf(key: str, games: Mapping[int, int], *, vorgefuehrt: bool) -> Preset:
    return Preset(key, "doppelkopf", "ddv", None, games, zero_sum=True, pflichtsolo=True, vorgefuehrt=vorgefuehrt)


def _schafkopf(key: str, tariff: str | Mapping[str, Any], sheet: str) -> Preset:
    rules = {"preset": "tournament", "sheet": sheet}  # no Kontra, Muss when everyone passes
    return Preset(key, "schafkopf", rules, tariff, {4: 32, 5: 40}, zero_sum=sheet == "zero_sum")


PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        # TSR section 10: 24 games at four (20 normal + 4 Pflichtsoli), 30 at five with the dealer sitting out.
        _doppelkopf("ddv", {4: 24, 5: 30}, vorgefuehrt=True),
        # The common home description: 24 deals at four, 25 at five, Pflichtsoli included; owed ones added at the end.
        _doppelkopf("ddv_home", {4: 24, 5: 25}, vorgefuehrt=False),
        _schafkopf("schafkopf_plusminus", SCHAFKOPF_LIST, "zero_sum"),
        _schafkopf("schafkopf_plus_only", SCHAFKOPF_LIST, "plus_only"),
        _schafkopf("schafkopf_turnier", "turnier", "zero_sum"),  # the engine's "5× solo" list
        # Wisconsin tournaments: 20 hands at five, 24 at six with the dealer sitting out; doublers, double on the bump.
        Preset("sheepshead_five", "sheepshead", "wisconsin", None, {5: 20, 6: 24}, zero_sum=True),
    )
}
