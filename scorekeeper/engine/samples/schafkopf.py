"""Random Schafkopf deals: mostly Sauspiele, now and then a solo, a Tout, a pass-out, a Ramsch, über Kreuz or a Leaster.

Only contracts the rules enable are drawn; every field stays within what the rules allow (runners up to the
contract's trumps, Kontra up to ``kontra_max``, knocks only with Klopfen), so every deal is valid.
"""

from __future__ import annotations

import random

from ..schafkopf import ALL_POINTS, CALLED_SUITS, PLAYED, SUITS, TOUT_SUFFIX, TRUMP_COUNTS, Schafkopf
from . import Doc

# How often a table plays each contract type, relative to each other.
TYPE_WEIGHTS = {
    "passed": 10,
    "ramsch": 10,
    "kreuz": 10,
    "leaster": 10,
    "sauspiel": 55,
    "hochzeit": 3,
    "bettel": 3,
    "farbgeier": 2,
    "farbwenz": 3,
    "geier": 4,
    "wenz": 10,
    "solo": 14,
    "sie": 0.2,
}
TOUT_WEIGHT = 1.0
PARTNER_POINTS = (66, 22)  # mean and spread of a partner side's card points
SOLO_POINTS = (74, 20)
SCHWARZ_SHARE = 0.5  # of the deals where one side took every point
EXTREME_CHANCE = 0.02  # a side takes every point
CALLED_ACE_CHANCE = 0.8  # the scorer records the called ace
MUSS_CHANCE = 0.15  # of the Sauspiele under pass_out muss
RUNNERS_CHANCE = 0.35
TOUT_WIN_CHANCE = 0.8
BETTEL_WIN_CHANCE = 0.6
KONTRA_CHANCE = 0.12
RE_SHARE = 0.25  # of the doubled games
KNOCK_CHANCE = 0.2
DURCHMARSCH_CHANCE = 0.03
JUNGFRAU_CHANCE = 0.15


def random_deal(
    rng: random.Random, rules: Doc, tariff: Doc | None, playing: tuple[str, ...], memory: Doc
) -> tuple[Doc, bool]:
    if "game" not in memory:
        game = memory["game"] = Schafkopf(rules, tariff)
        memory["types"] = game.enabled_contracts()
        memory["weights"] = [TYPE_WEIGHTS.get(t, TOUT_WEIGHT) for t in memory["types"]]
    game = memory["game"]
    if not memory["types"]:
        return {"contract": "passed"}, False
    (kind,) = rng.choices(memory["types"], memory["weights"])
    if kind == "passed":
        return {"contract": "passed"}, False
    if kind == "leaster":
        deal: Doc = {"contract": "leaster", "winner": rng.choice(playing)}
    elif kind == "ramsch":
        deal = _ramsch(rng, game, playing)
    else:
        deal = _played(rng, game, rules, kind, playing)
    if game.max_knocks and rng.random() < KNOCK_CHANCE:
        deal["knocks"] = rng.randint(1, min(2, game.max_knocks))
    return deal, False


def _played(rng: random.Random, game: Schafkopf, rules: Doc, kind: str, playing: tuple[str, ...]) -> Doc:
    key = kind.removesuffix(TOUT_SUFFIX)
    contract = PLAYED[key]
    seat = rng.randrange(len(playing))
    declarer = playing[seat]
    deal: Doc = {"contract": key, "declarer": declarer}
    if key == "kreuz":  # the pairs sit opposite each other
        deal["partner"] = playing[(seat + 2) % len(playing)]
    elif contract.partner:
        deal["partner"] = rng.choice([p for p in playing if p != declarer])
    if contract.suit == "trump":
        deal["suit"] = rng.choice(SUITS)
    elif contract.suit == "called" and rng.random() < CALLED_ACE_CHANCE:
        deal["suit"] = rng.choice(CALLED_SUITS)
    muss = key == "sauspiel" and game.pass_out == "muss" and rng.random() < MUSS_CHANCE
    if muss:
        deal["muss"] = True
    if kind != key:
        deal["tout"] = True
        deal["won"] = rng.random() < TOUT_WIN_CHANCE
    elif contract.result == "won":
        deal["won"] = rng.random() < BETTEL_WIN_CHANCE
    elif contract.result == "points":
        deal.update(_card_points(rng, PARTNER_POINTS if contract.partner else SOLO_POINTS))
    if contract.runners_from and rng.random() < RUNNERS_CHANCE:
        most = TRUMP_COUNTS[rules["deck"]][contract.trumps]
        deal["runners"] = rng.randint(1, min(game.runners_from[key] + 3, most))  # sometimes too few to count
    if game.kontra_max and not muss and key != "kreuz" and rng.random() < KONTRA_CHANCE:
        deal["kontra"] = 2 if game.kontra_max > 1 and rng.random() < RE_SHARE else 1
    return deal


def _card_points(rng: random.Random, spread: tuple[int, int]) -> Doc:
    if rng.random() < EXTREME_CHANCE:
        points = rng.choice((0, ALL_POINTS))
    else:
        points = min(ALL_POINTS, max(0, round(rng.gauss(*spread))))
    if points in (0, ALL_POINTS) and rng.random() < SCHWARZ_SHARE:
        return {"points": points, "schwarz": True}
    return {"points": points}


def _ramsch(rng: random.Random, game: Schafkopf, playing: tuple[str, ...]) -> Doc:
    if game.durchmarsch and rng.random() < DURCHMARSCH_CHANCE:
        winner = rng.choice(playing)
        points = {p: ALL_POINTS if p == winner else 0 for p in playing}
        return {"contract": "ramsch", "points_by_player": points, "durchmarsch": winner}
    # At least two players take tricks, so the deal never looks like a Durchmarsch.
    count = rng.randint(1, len(playing) - 2)
    jungfrau = rng.sample(playing, count) if rng.random() < JUNGFRAU_CHANCE else []
    takers = [p for p in playing if p not in jungfrau]
    cuts = sorted(rng.randint(0, ALL_POINTS) for _ in range(len(takers) - 1))
    shares = [high - low for low, high in zip([0, *cuts], [*cuts, ALL_POINTS], strict=True)]
    points = dict.fromkeys(playing, 0) | dict(zip(takers, shares, strict=True))
    deal: Doc = {"contract": "ramsch", "points_by_player": points}
    if jungfrau and game.jungfrau != "none":
        deal["jungfrau"] = jungfrau
    highest = max(points.values())
    tied = [p for p in playing if points[p] == highest]
    if len(tied) > 1:
        deal["loser"] = rng.choice(tied)
    return deal
