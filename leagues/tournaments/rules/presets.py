"""Tournament scoring presets as data: which engine rules and tariff a table sheet is scored with, how many games a
round has at each table size, whether every row sums to zero, the Pflichtsolo and the table points.

Each table of a round is one ``schreiber/1`` session under the preset's ``rules`` and ``tariff`` (anything the rule
engine takes: a preset name or ``{"preset": NAME, ...overrides}``). Each game pack lists its game's presets
(``scorekeeper.games``); here they are collected, by the games' names.
"""

from __future__ import annotations

from scorekeeper.engine.registry import GAMES
from scorekeeper.games import packs
from scorekeeper.games.tournament import TABLE_POINTS, Preset

__all__ = ["PRESETS", "TABLE_POINTS", "Preset"]

PRESETS: dict[str, Preset] = {
    preset.key: preset
    for pack in sorted(packs(), key=lambda pack: GAMES[pack.key].title)
    for preset in pack.tournament_presets
}
