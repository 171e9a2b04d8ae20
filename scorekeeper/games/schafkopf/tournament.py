"""How a Schafkopf tournament table is scored: the tournament rules (no Kontra, Muss when everyone passes) with the
tournament list, plus and minus or plus only, or the engine's "5× solo" list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..tournament import Preset

# The Schafkopf tournament list of the issue (Sauspiel 1, Schneider 2, Schwarz 3; Solo 2 per opponent, so +6/−2;
# Tout 6 and Sie 8 per opponent, so 18/6 and 24/8): the engine's classic list without runners.
TOURNAMENT_LIST: Mapping[str, Any] = {"preset": "classic", "runner": 0, "tout_runner": 0, "sie_runner": 0}


def _tournament(key: str, tariff: str | Mapping[str, Any], sheet: str) -> Preset:
    rules = {"preset": "tournament", "sheet": sheet}  # no Kontra, Muss when everyone passes
    return Preset(key, "schafkopf", rules, tariff, {4: 32, 5: 40}, zero_sum=sheet == "zero_sum")


PRESETS = (
    _tournament("schafkopf_plusminus", TOURNAMENT_LIST, "zero_sum"),
    _tournament("schafkopf_plus_only", TOURNAMENT_LIST, "plus_only"),
    _tournament("schafkopf_turnier", "turnier", "zero_sum"),  # the engine's "5× solo" list
)
