"""Random Doppelkopf deals: mostly normal games, some solos (a share of them Pflichtsoli), Hochzeiten, Armut
where the rules allow it, announcements and Sonderpunkte now and then, and the odd penalty row."""

from __future__ import annotations

import random

from ..doppelkopf import Doppelkopf
from . import Doc

PENALTY_CHANCE = 0.01
SOLO_CHANCE = 0.12
FORCED_SHARE = 0.6  # of the solos by a player who may still owe his Pflichtsolo
VORGEFUEHRT_SHARE = 0.15  # of the Pflichtsoli
HOCHZEIT_CHANCE = 0.03
ALONE_HOCHZEIT_SHARE = 0.2
STILLE_HOCHZEIT_CHANCE = 0.01
ARMUT_CHANCE = 0.03
SCHWARZ_CHANCE = 0.015
MANUAL_BOCK_CHANCE = 0.03
ANNOUNCE_CHANCE = 0.25  # per party
LEVEL_WEIGHTS = (60, 25, 10, 4, 1)  # Re/Kontra, keine 90, keine 60, keine 30, schwarz
RE_LEVELS = ("re", "no90", "no60", "no30", "schwarz")
KONTRA_LEVELS = ("kontra", "no90", "no60", "no30", "schwarz")
# A round never spans more than 7 games per seat (6 plus one extra Pflichtsolo each), so a player whose last
# Pflichtsolo lies this many games back is in a later round whatever the table size.
PFLICHTSOLO_GAP = 35


def random_deal(
    rng: random.Random, rules: Doc, tariff: Doc | None, playing: tuple[str, ...], memory: Doc
) -> tuple[Doc, bool]:
    if "game" not in memory:  # what these rules enable, and the Pflichtsoli generated so far
        memory.update(game=Doppelkopf(rules, tariff), games=0, pflichtsoli={})
    game: Doppelkopf = memory["game"]
    if rng.random() < PENALTY_CHANCE:
        severity = "serious" if rng.random() < 0.2 else "minor"
        return {"type": "penalty", "player": rng.choice(playing), "severity": severity}, True
    memory["games"] += 1
    kind = _game_type(rng, game)
    facts: Doc = {"type": kind}
    keeps_dealer = False
    if kind == "solo":
        facts["solo"] = rng.choice(game.enabled_solos())
        soloist = rng.choice(playing)
        facts["re"] = [soloist]
        keeps_dealer = _maybe_pflichtsolo(rng, rules, facts, soloist, memory)
    elif kind == "stille_hochzeit" or (kind == "hochzeit" and rng.random() < ALONE_HOCHZEIT_SHARE):
        facts["re"] = [rng.choice(playing)]
    else:
        facts["re"] = rng.sample(playing, 2)
    _result(rng, facts, solo=len(facts["re"]) == 1)
    if kind in ("normal", "hochzeit", "armut"):
        extras = _extras(rng, rules["extras"], facts)
        if extras:
            facts["extras"] = extras
    pflichtsolo = "forced" in facts or "vorgefuehrt" in facts
    manual_bock = bool(rules["bock"]) and "manual" in rules["bock"]["triggers"]
    if manual_bock and not pflichtsolo and rng.random() < MANUAL_BOCK_CHANCE:
        facts["bock"] = True
    return facts, keeps_dealer


def _game_type(rng: random.Random, game: Doppelkopf) -> str:
    roll = rng.random()
    for kind, chance in (
        ("solo", SOLO_CHANCE),
        ("hochzeit", HOCHZEIT_CHANCE),
        ("stille_hochzeit", STILLE_HOCHZEIT_CHANCE),
        ("armut", ARMUT_CHANCE),
    ):
        if roll < chance and kind in game.enabled_contracts():
            return kind
        roll -= chance
    return "normal"


def _maybe_pflichtsolo(rng: random.Random, rules: Doc, facts: Doc, soloist: str, memory: Doc) -> bool:
    """Mark some solos as Pflichtsolo, never two for one player in a round; True if the dealer deals again."""
    last = memory["pflichtsoli"].get(soloist)
    if not rules["pflichtsolo"] or (last is not None and memory["games"] - last < PFLICHTSOLO_GAP):
        return False
    if rng.random() >= FORCED_SHARE:
        return False
    memory["pflichtsoli"][soloist] = memory["games"]
    if rng.random() < VORGEFUEHRT_SHARE:
        facts["vorgefuehrt"] = True
        return False
    facts["forced"] = True
    return True


def _result(rng: random.Random, facts: Doc, *, solo: bool) -> None:
    """Re's Augen (a soloist does a little better), schwarz now and then, and the announcements."""
    if rng.random() < SCHWARZ_CHANCE:
        party = rng.choice(("re", "kontra"))
        facts["schwarz"] = party
        facts["re_points"] = 0 if party == "re" else 240
    else:
        # 8..232 is possible with either deck: a party that took a trick holds at least four Buben (8 Augen).
        facts["re_points"] = min(232, max(8, round(rng.gauss(140 if solo else 122, 40))))
    announcements = {}
    for party, levels in (("re", RE_LEVELS), ("kontra", KONTRA_LEVELS)):
        if rng.random() < ANNOUNCE_CHANCE:
            announcements[party] = rng.choices(levels, weights=LEVEL_WEIGHTS)[0]
    if announcements:
        facts["announcements"] = announcements


def _extras(rng: random.Random, enabled: frozenset[str], facts: Doc) -> dict[str, dict[str, int]]:
    """Sonderpunkte that fit the result: only for parties with a trick, last-trick ones for one party only."""
    re_points = facts["re_points"]
    augen = {"re": re_points, "kontra": 240 - re_points}
    with_tricks = [p for p in ("re", "kontra") if facts.get("schwarz") != p]
    extras: dict[str, dict[str, int]] = {p: {} for p in with_tricks}
    last_trick = rng.choice(with_tricks)
    if "fuchs" in enabled:
        for _ in range(rng.choices((0, 1, 2), weights=(60, 30, 10))[0]):
            catcher = rng.choice(with_tricks)
            key = (
                "fuchs_am_ende"
                if catcher == last_trick and "fuchs_am_ende" in enabled and rng.random() < 0.2
                else "fuchs"
            )
            extras[catcher][key] = extras[catcher].get(key, 0) + 1
    if "karlchen" in enabled and rng.random() < 0.1:
        extras[last_trick]["karlchen"] = 1
    if "karlchen_gefangen" in enabled and rng.random() < 0.05:
        extras[last_trick]["karlchen_gefangen"] = 1
    if "doppelkopf" in enabled:
        for party in with_tricks:
            count = min(rng.choices((0, 1, 2), weights=(70, 25, 5))[0], augen[party] // 40)
            if count:
                extras[party]["doppelkopf"] = count
    return {party: counts for party, counts in extras.items() if counts}
