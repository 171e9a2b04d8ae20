"""How a tournament table of a game is scored: a :class:`Preset` names the engine rules and tariff of a table
sheet, how many games a round has at each table size, whether every row sums to zero, the Pflichtsolo and the table
points. Each pack lists its presets (``GamePack.tournament_presets``); ``leagues.tournaments.rules.presets`` collects
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

# Table points by place, place 1 first, added to the game points of a round. At five one place more on top, so a
# table of five is worth as much per player as one of four and every place still steps by 10.
TABLE_POINTS: Mapping[int, tuple[int, ...]] = {4: (40, 30, 20, 10), 5: (50, 40, 30, 20, 10)}


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
        rules: dict[str, Any] = {"preset": self.rules} if isinstance(self.rules, str) else dict(self.rules)
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
