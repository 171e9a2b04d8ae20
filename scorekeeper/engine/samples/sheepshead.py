"""Random Sheepshead hands: mostly picks, some alone, cracks and blitzes now and then, and pass-outs.

Leasters are recorded either in full (points and tricks) or, as most scorers do, by their winner alone.
"""

from __future__ import annotations

import random

from ..sheepshead import TRICKS
from . import Doc

PASS_CHANCE = 0.08
ALONE_CHANCE = 0.12
CRACK_CHANCE = 0.1
RECRACK_SHARE = 0.3  # of the cracked hands
BLITZ_CHANCE = 0.03
SCHWARZ_SHARE = 0.5  # of the hands where one side took every point
WINNER_ONLY_SHARE = 0.4  # of the leasters
TIE_SHARE = 0.1  # of the leasters recorded by their winner: a tie nobody won


def random_deal(
    rng: random.Random, rules: Doc, tariff: Doc | None, playing: tuple[str, ...], memory: Doc
) -> tuple[Doc, bool]:
    if rng.random() < PASS_CHANCE:
        if rules["pass_out"] == "doubler":
            return {"type": "doubler"}, False
        return _leaster(rng, playing), False
    return _pick(rng, playing), False


def _pick(rng: random.Random, playing: tuple[str, ...]) -> Doc:
    picker = rng.choice(playing)
    points = min(120, max(0, round(rng.gauss(72, 25))))
    facts: Doc = {"type": "pick", "picker": picker, "points": points}
    if len(playing) == 3 or rng.random() < ALONE_CHANCE:  # three-handed the picker is always alone
        if rng.random() < 0.5:
            facts["partner"] = None  # the entry form may send an empty partner
    else:
        facts["partner"] = rng.choice([p for p in playing if p != picker])
    if points in (0, 120) and rng.random() < SCHWARZ_SHARE:
        facts["schwarz"] = True
    if rng.random() < CRACK_CHANCE:
        facts["cracks"] = 2 if rng.random() < RECRACK_SHARE else 1
    if rng.random() < BLITZ_CHANCE:
        facts["blitz"] = 1
    return facts


def _leaster(rng: random.Random, playing: tuple[str, ...]) -> Doc:
    """Recorded by its winner, or every trick to a random player with the 120 card points cut into trick values."""
    facts: Doc = {"type": "leaster"}
    if rng.random() < WINNER_ONLY_SHARE:
        facts["winner"] = None if rng.random() < TIE_SHARE else rng.choice(playing)
    else:
        tricks_in_hand = TRICKS[len(playing)]
        cuts = sorted(rng.randint(0, 120) for _ in range(tricks_in_hand - 1))
        trick_points = [b - a for a, b in zip([0, *cuts], [*cuts, 120], strict=True)]
        points = dict.fromkeys(playing, 0)
        tricks = dict.fromkeys(playing, 0)
        for value in trick_points:
            taker = rng.choice(playing)
            tricks[taker] += 1
            points[taker] += value
        facts |= {"points_by_player": points, "tricks_by_player": tricks}
    if rng.random() < BLITZ_CHANCE:
        facts["blitz"] = 1
    return facts
