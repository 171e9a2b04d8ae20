"""How a Sheepshead tournament table is scored: Wisconsin rules at tables of five."""

from __future__ import annotations

from ..tournament import Preset

PRESETS = (
    # Wisconsin tournaments: 20 hands at five, 24 at six with the dealer sitting out; doublers, double on the bump.
    Preset("sheepshead_five", "sheepshead", "wisconsin", None, {5: 20, 6: 24}, zero_sum=True),
)
