"""Sheepshead, the Wisconsin Schafkopf: a picker, a called partner or alone, leasters and doublers."""

from __future__ import annotations

from ..pack import GamePack
from . import counting, entry, score_pad, words

PACK = GamePack.gathered("sheepshead", words, entry, score_pad, counting)
