"""How a tournament preset's options are said: the words of each option a game's presets offer, for the form that
offers it and the tournament page that says what was chosen. The presets, their options and values, are the engine's
data (``scorekeeper.engine.tournament_presets``); each pack says its own (``GamePack.tournament_options``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from ..engine.tournament_presets import Preset


@dataclass(frozen=True, slots=True)
class OptionWords:
    label: str | Promise  # the form field's
    said: Callable[[Any], str]  # the value chosen, one line of the tournament page, in the request's language
    names: Mapping[Any, str | Promise] | Callable[[Any], str]  # each value as the form offers it

    def name(self, value: Any) -> str | Promise:
        return self.names[value] if isinstance(self.names, Mapping) else self.names(value)


def options_in_words(preset: Preset, words: Mapping[str, OptionWords]) -> list[str]:
    """The options ``preset`` was configured with, one line each, in ``words`` (its game pack's)."""
    chosen = preset.chosen
    return [words[option.key].said(chosen[option.key]) for option in preset.options if option.key in chosen]
