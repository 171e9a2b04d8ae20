"""Game packs: everything the Django side knows of one game, in one folder per game (``games/<key>/``).

The engine knows a game's rules; its pack knows how its deals are entered, said, printed, counted for the players'
statistics and played in a tournament. Generic modules ask ``pack_of(game)`` instead of branching on a game's key,
so a new contract touches the engine module and the game's pack folder. A pack is made of the types in ``pack.py``
and imports none of the modules that use it.
"""

from __future__ import annotations

import functools
from importlib import import_module

from ..engine.registry import GAME_KEYS
from .pack import GamePack

__all__ = ["GamePack", "pack_of", "packs"]


@functools.cache
def pack_of(game: str) -> GamePack:
    """The pack of the engine game ``game`` (KeyError for a key the engine does not know), found by its key: a new
    game's pack is a new folder, with no list here to add it to."""
    if game not in GAME_KEYS:
        raise KeyError(game)
    pack: GamePack = import_module(f"{__name__}.{game}").PACK
    return pack


def packs() -> list[GamePack]:
    """Every game's pack, in the engine's order."""
    return [pack_of(game) for game in GAME_KEYS]
