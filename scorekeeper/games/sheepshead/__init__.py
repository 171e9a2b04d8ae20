"""Sheepshead, the Wisconsin Schafkopf: a picker, a called partner or alone, leasters and doublers."""

from __future__ import annotations

from ..pack import GamePack
from . import counting, entry, score_pad, words

PACK = GamePack(
    key="sheepshead",
    hint=words.HINT,
    entry=entry.ENTRY,
    rule_phrases=words.RULE_PHRASES,
    declarer_heading=words.DECLARER_HEADING,
    pad_columns=score_pad.COLUMNS,
    counting=counting.COUNTING,
    tournament_options={},  # its presets offer no options
)
