"""Doppelkopf: Re against Kontra, solos, announcements and Sonderpunkte, and the DDV tournament."""

from __future__ import annotations

from ..pack import GamePack
from . import counting, entry, score_pad, words

PACK = GamePack(
    key="doppelkopf",
    hint=words.HINT,
    entry=entry.ENTRY,
    rule_phrases=words.RULE_PHRASES,
    declarer_heading=words.DECLARER_HEADING,
    pad_columns=score_pad.COLUMNS,
    counting=counting.COUNTING,
    tournament_options={},  # its presets offer no options
)
