"""Schafkopf, the Bavarian game: Sauspiel, Wenz, Solo and their kin, Ramsch, Kontra and the tournament lists."""

from __future__ import annotations

from ..pack import GamePack
from . import counting, entry, score_pad, tournament, words

PACK = GamePack.gathered("schafkopf", words, entry, score_pad, counting, tournament.OPTIONS)
