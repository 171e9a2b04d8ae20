"""Random but valid sessions: for property tests, benchmarks and the demo club.

Each game has a module here with ``random_deal(rng, rules, tariff, table, memory)``
returning ``(facts, keeps_dealer)``: the facts of one plausible deal for the
players at ``table`` and whether the same dealer deals again. ``memory`` is a
dict the generator may use to remember what it has generated so far.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from ..session import FORMAT, load

Doc = dict[str, Any]  # as JSON has it: rules, a tariff, a deal's facts, what a generator remembers

DEFAULT_PLAYERS = {
    "schafkopf": ["Anna", "Bert", "Caro", "Dieter"],
    "doppelkopf": ["Anna", "Bert", "Caro", "Dieter"],
    "sheepshead": ["Anna", "Bert", "Caro", "Dieter", "Emil"],
    "bauernstoss": ["Anna", "Bert", "Caro", "Dieter"],
}


def random_session(
    game: str,
    rng: random.Random,
    deals: int,
    *,
    rules: Any = None,
    tariff: Any = None,
    players: list[str] | None = None,
    cents_per_point: int | None = None,
) -> Doc:
    """A ``schreiber/1`` document with ``deals`` random valid deals."""
    document: Doc = {
        "format": FORMAT,
        "game": game,
        "players": list(players or DEFAULT_PLAYERS[game]),
        "deals": [],
    }
    if rules is not None:
        document["rules"] = rules
    if tariff is not None:
        document["tariff"] = tariff
    if cents_per_point is not None:
        document["cents_per_point"] = cents_per_point
    session = load(document)
    rules_game = session.new_game()
    generator = importlib.import_module(f"{__name__}.{game}")
    names = session.players
    memory: Doc = {}
    dealer = 0
    for _ in range(deals):
        out = rules_game.sitting_out(names, dealer)
        playing = tuple(p for p in names if p not in out)
        facts, keeps_dealer = generator.random_deal(rng, session.rules, session.tariff, playing, memory)
        document["deals"].append(facts)
        if not keeps_dealer:
            dealer = (dealer + 1) % len(names)
    return document
