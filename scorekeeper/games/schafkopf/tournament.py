"""The options of a Schafkopf tournament in words: games a round, the sheet, Laufende, Tout and Sie, what is played
when all pass (the presets and their options are the engine's: ``scorekeeper.engine.tournament_presets``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ...engine.tournament_presets import games_at_five
from ..tournament import OptionWords


def _games_words(games: int) -> str:
    return ngettext(
        "%(n)s game a round (%(five)s at a table of five)", "%(n)s games a round (%(five)s at a table of five)", games
    ) % {"n": games, "five": games_at_five(games)}


def _sheet_words(sheet: str) -> str:
    if sheet == "plus_only":
        return _("Plus only: only the winners are written")
    return _("Plus and minus")


def _laufende_words(start: int) -> str:
    if not start:
        return _("Laufende not counted")
    if start == 2:
        return _("Laufende counted from the 2nd")
    return _("Laufende counted from the 3rd (Wenz and Geier from the 2nd)")


def _tout_words(factor: int) -> str:
    return _("Tout: %(n)s× the solo") % {"n": factor}


def _sie_words(factor: int) -> str:
    return _("Sie: %(n)s× the solo") % {"n": factor}


def _pass_out_words(pass_out: str) -> str:
    if pass_out == "kreuz":
        return _("all pass: über Kreuz (the pairs sitting opposite play a Sauspiel)")
    return _("all pass: Muss (the Eichel-Ober must play a Sauspiel)")


def _factor(factor: int) -> str:
    return f"× {factor}"


OPTIONS = {
    "games": OptionWords(gettext_lazy("Games a round"), _games_words, str),
    "sheet": OptionWords(
        gettext_lazy("Sheet"),
        _sheet_words,
        {"zero_sum": gettext_lazy("plus and minus"), "plus_only": gettext_lazy("plus only")},
    ),
    "laufende": OptionWords(
        gettext_lazy("Laufende"),
        _laufende_words,
        {0: gettext_lazy("not counted"), 2: gettext_lazy("from the 2nd"), 3: gettext_lazy("from the 3rd")},
    ),
    "tout": OptionWords(gettext_lazy("Tout (× the solo)"), _tout_words, _factor),
    "sie": OptionWords(gettext_lazy("Sie (× the solo)"), _sie_words, _factor),
    "pass_out": OptionWords(
        gettext_lazy("When all pass"),
        _pass_out_words,
        {"muss": gettext_lazy("Muss"), "kreuz": gettext_lazy("über Kreuz")},
    ),
}
