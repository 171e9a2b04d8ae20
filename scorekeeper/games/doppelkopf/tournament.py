"""How a Doppelkopf tournament table is scored: the DDV's rules (TSR) and the common home variant."""

from __future__ import annotations

from collections.abc import Mapping

from ..tournament import Preset


def _ddv(key: str, games: Mapping[int, int], *, vorgefuehrt: bool) -> Preset:
    return Preset(key, "doppelkopf", "ddv", None, games, zero_sum=True, pflichtsolo=True, vorgefuehrt=vorgefuehrt)


PRESETS = (
    # TSR section 10: 24 games at four (20 normal + 4 Pflichtsoli), 30 at five with the dealer sitting out.
    _ddv("ddv", {4: 24, 5: 30}, vorgefuehrt=True),
    # The common home description: 24 deals at four, 25 at five, Pflichtsoli included; owed ones added at the end.
    _ddv("ddv_home", {4: 24, 5: 25}, vorgefuehrt=False),
)
