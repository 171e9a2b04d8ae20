"""Schafkopf, the Bavarian game: Sauspiel, Wenz, Solo and their kin, Ramsch, Kontra and the tournament lists."""

from __future__ import annotations

from ..pack import GamePack
from . import counting, entry, score_pad, tournament, words

PACK = GamePack(
    key="schafkopf",
    hint=words.HINT,
    entry=entry.ENTRY,
    rule_phrases=words.RULE_PHRASES,
    declarer_heading=words.DECLARER_HEADING,
    pad_columns=score_pad.COLUMNS,
    counting=counting.COUNTING,
    tournament_options=tournament.OPTIONS,
)
