"""A session's rules as a scorer says them: "Kurzes Blatt", "Laufende ab 2 im Sauspiel, höchstens 4".

The score sheet, the settlement page and the printed sheet list these phrases instead of option keys. Each phrase
is one translatable sentence with named values, so German and English can each say it their own way; the game's
terms (Sauspiel, Laufende, Ramsch …) stay German in both. ``house_rules`` lists only what differs from the preset
the rules were built on, which is what a table wants to see at a glance.
"""

from __future__ import annotations

from .. import engine
from ..games import pack_of
from ..games.pack import Rules


def describe(game: str, rules: Rules) -> list[str]:
    """Every rule worth saying, in the order a table would explain them."""
    return [text for _options, phrase in pack_of(game).rule_phrases if (text := phrase(rules))]


def house_rules(game: str, rules: Rules) -> list[str]:
    """The phrases for the options that differ from the rules' own preset."""
    preset = engine.freeze(game, rules.get("preset"))[0]
    changed = {option for option, value in engine.options.as_json(rules).items() if preset.get(option) != value}
    return [
        text
        for options, phrase in pack_of(game).rule_phrases
        if changed.intersection(options) and (text := phrase(rules))
    ]
