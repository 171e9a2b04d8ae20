"""What a game pack holds: one field per thing the Django side knows of a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the parts' types live with the generic modules that use them, which import the packs
    from collections.abc import Mapping

    from django.utils.functional import Promise

    from ..entry import GameEntry
    from ..printing import PadColumn
    from ..rules_in_words import Phrases
    from .counting import DealCounting
    from .tournament import OptionWords


@dataclass(frozen=True)
class GamePack:
    """Everything the Django side knows of one game; its rules are the engine's (``engine.GAMES[key]``)."""

    key: str  # the engine's game key
    hint: str | Promise  # one line about the game on the start page
    entry: GameEntry  # the entry form: contract types, controls and their quick values
    rule_phrases: Phrases  # its rules in words, each with the options it speaks of
    declarer_heading: str | Promise  # whom the printed sheet names beside each deal
    pad_columns: tuple[PadColumn, ...]  # the printed score pad's columns before the players'
    counting: DealCounting  # what a deal counts for a player's statistics
    tournament_options: Mapping[str, OptionWords]  # its tournament presets' options in words, by key
