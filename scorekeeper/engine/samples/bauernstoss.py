"""Random Bauernstoss deals: mostly counted games, now and then a solo or a chalk correction."""

from __future__ import annotations

import random

from . import Doc

SOLO_CHANCE = 0.06
BIG_SOLO_SHARE = 0.3
SOLO_WIN_CHANCE = 0.7
CORRECTION_CHANCE = 0.01
SCHWARZ_SHARE = 0.4  # of the deals where one team took every point


def random_deal(
    rng: random.Random, rules: Doc, tariff: Doc | None, playing: tuple[str, ...], memory: Doc
) -> tuple[Doc, bool]:
    facts: Doc = {}
    if not memory.get("started") or rng.random() < CORRECTION_CHANCE:
        facts["chalk"] = rng.choice(("A", "B"))  # who was dealt the ♣J, or a scorer's correction
        memory["started"] = True
    if rng.random() < SOLO_CHANCE:
        kind = "big" if rng.random() < BIG_SOLO_SHARE else "small"
        facts["solo"] = {"player": rng.choice(playing), "kind": kind, "won": rng.random() < SOLO_WIN_CHANCE}
        return facts, False
    points = min(120, max(0, round(rng.gauss(60, 28))))
    facts["points"] = points
    if points in (0, 120) and rng.random() < SCHWARZ_SHARE:
        facts["schwarz"] = True
    return facts, False
