"""Bauernstoss, the Palatinate game of two teams playing for strokes."""

from __future__ import annotations

from ..pack import GamePack
from . import counting, entry, score_pad, words

PACK = GamePack.gathered("bauernstoss", words, entry, score_pad, counting)
