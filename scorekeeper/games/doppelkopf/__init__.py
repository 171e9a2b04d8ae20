"""Doppelkopf: Re against Kontra, solos, announcements and Sonderpunkte, and the DDV tournament."""

from __future__ import annotations

from ..pack import GamePack
from . import counting, entry, score_pad, words

PACK = GamePack.gathered("doppelkopf", words, entry, score_pad, counting)
