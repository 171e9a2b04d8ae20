"""A session's rules as a scorer says them: "Kurzes Blatt", "Laufende ab 2 im Sauspiel, höchstens 4".

The score sheet, the settlement page and the printed sheet list these phrases instead of option keys. Each phrase
is one translatable sentence with named values, so German and English can each say it their own way; the game's
terms (Sauspiel, Laufende, Ramsch …) stay German in both. ``house_rules`` lists only what differs from the preset
the rules were built on, which is what a table wants to see at a glance.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import engine
from .engine.schafkopf import CONTRACTS, KONTRA_STEPS, RUNNER_CONTRACTS
from .games import pack_of

Rules = Mapping[str, Any]
Phrase = Callable[[Rules], str | None]
Phrases = tuple[tuple[tuple[str, ...], Phrase], ...]  # each phrase with the options it speaks of, in order


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


def listed(keys: list[str], names: Mapping[str, str]) -> str:
    """The names of ``keys``, in their order: "Fuchs, Karlchen"."""
    return ", ".join(names.get(key, key) for key in keys)


# Schafkopf -------------------------------------------------------------------------------------------------------

BIDDABLE = {key: c.name for key, c in CONTRACTS.items()} | {"tout": "Tout"}


def _schafkopf_deck(rules: Rules) -> str:
    deck = rules["deck"]
    if deck == 32:
        return _("Langes Blatt (32 cards)")
    if deck == 24:
        return _("Kurzes Blatt (24 cards)")
    return _("%(cards)s cards") % {"cards": deck}


def _schafkopf_players(rules: Rules) -> str | None:
    return _("three players, every game one against two") if rules["players"] == 3 else None


def _schafkopf_contracts(rules: Rules) -> str:
    played = [key for key in (*CONTRACTS, "tout") if key in rules["contracts"]]
    return _("Played: %(contracts)s") % {"contracts": listed(played, BIDDABLE)}


def _kontra(rules: Rules) -> str:
    steps = rules["kontra_max"]
    if not steps:
        return _("no Kontra")
    return _("doubling up to %(step)s") % {"step": KONTRA_STEPS[steps - 1]}


def _klopfen(rules: Rules) -> str | None:
    if not rules["klopfen"]:
        return None
    return ngettext("Klopfen, at most %(n)s knock", "Klopfen, at most %(n)s knocks", rules["max_knocks"]) % {
        "n": rules["max_knocks"]
    }


def _pass_out(rules: Rules) -> str:
    return {
        "redeal": lambda: _("all pass: thrown in"),
        "stock": lambda: _("all pass: everyone pays into the Stock"),
        "schierling_stock": lambda: _("all pass: Schierling Stock"),
        "ramsch": lambda: _("all pass: Ramsch"),
        "muss": lambda: _("all pass: Muss (the Eichel-Ober must play a Sauspiel)"),
        "kreuz": lambda: _("all pass: über Kreuz (the pairs sitting opposite play a Sauspiel)"),
        "leaster": lambda: _("all pass: Leaster (fewest card points win)"),
    }[rules["pass_out"]]()


def _stock(rules: Rules) -> str | None:
    if rules["pass_out"] != "stock":
        return None
    games = _("every game") if rules["stock_games"] == "all" else _("partner games only")
    share = _("the declarer alone") if rules["stock_share"] == "declarer" else _("declarer and partner, half each")
    return _("the Stock is won or doubled by %(games)s; %(share)s") % {"games": games, "share": share}


def _jungfrau(rules: Rules) -> str | None:
    if rules["pass_out"] != "ramsch":
        return None
    return {
        "double": lambda: _("Jungfrau paid double"),
        "double_multiple": lambda: _("each Jungfrau doubles her own pay once more"),
        "double_all": lambda: _("each Jungfrau doubles the whole Ramsch"),
        "none": lambda: _("no Jungfrau bonus"),
    }[rules["jungfrau"]]()


def _durchmarsch(rules: Rules) -> str | None:
    return _("Durchmarsch counts") if rules["pass_out"] == "ramsch" and rules["durchmarsch"] else None


def _runners(rules: Rules) -> str | None:
    """ "Laufende ab 2 im Sauspiel, ab 3 im Solo, höchstens 4": only the contracts played, only what differs."""
    in_play = [key for key in RUNNER_CONTRACTS if key in rules["contracts"]]
    if rules["pass_out"] in ("kreuz", "muss") and "sauspiel" not in in_play:
        in_play.insert(0, "sauspiel")
    changed = [key for key in in_play if key in rules["runners_min"]]
    parts = [
        _("Laufende from %(n)s in the %(contract)s") % {"n": rules["runners_min"][key], "contract": CONTRACTS[key].name}
        for key in changed
    ]
    if rules["runners_max"] is not None:
        parts.append(_("at most %(n)s Laufende") % {"n": rules["runners_max"]})
    return ", ".join(parts) or None


def _sheet(rules: Rules) -> str | None:
    return _("plus-only sheet: only the winners are written, no money") if rules["sheet"] == "plus_only" else None


# Each phrase with the options it speaks of, in the order a table explains its rules.
PHRASES: dict[str, Phrases] = {
    "schafkopf": (
        (("deck",), _schafkopf_deck),
        (("players",), _schafkopf_players),
        (("contracts",), _schafkopf_contracts),
        (("kontra_max",), _kontra),
        (("klopfen", "max_knocks"), _klopfen),
        (("pass_out",), _pass_out),
        (("stock_games", "stock_share"), _stock),
        (("jungfrau",), _jungfrau),
        (("durchmarsch",), _durchmarsch),
        (("runners_min", "runners_max"), _runners),
        (("sheet",), _sheet),
    ),
}
