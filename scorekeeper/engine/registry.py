"""The games the engine knows, by their ``game`` key."""

from __future__ import annotations

from .bauernstoss import Bauernstoss
from .doppelkopf import Doppelkopf
from .game import Game
from .schafkopf import Schafkopf
from .sheepshead import Sheepshead

GAMES: dict[str, type[Game]] = {cls.key: cls for cls in (Schafkopf, Doppelkopf, Sheepshead, Bauernstoss)}
GAME_KEYS = tuple(GAMES)


def game_class(key: str) -> type[Game]:
    return GAMES[key]
