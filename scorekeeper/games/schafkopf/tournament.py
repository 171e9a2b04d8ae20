"""How a Schafkopf tournament table is scored: the tournament rules (no Kontra, Muss when everyone passes) with the
tournament list, plus and minus or plus only, or the engine's "5× solo" list.

The director picks the options published tournament lists differ in (``OPTIONS``): games a round, plus and minus or
plus only, Laufende (not counted, from the 2nd or from the 3rd), Tout and Sie as multiples of the solo, and Muss or
über Kreuz when all pass. Each preset's own values are its defaults, so a tournament without options scores as
before. The options become engine rules and tariff entries (:func:`configure`); the engine has every one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ...engine.schafkopf import RUNNER_CONTRACTS, TARIFF_PRESETS
from ..tournament import Preset, PresetOption

# The Schafkopf tournament list of the issue (Sauspiel 1, Schneider 2, Schwarz 3; Solo 2 per opponent, so +6/−2;
# Tout 6 and Sie 8 per opponent, so 18/6 and 24/8): the engine's classic list without runners.
TOURNAMENT_LIST: Mapping[str, Any] = {"preset": "classic", "runner": 0, "tout_runner": 0, "sie_runner": 0}

GAMES = (30, 32, 40, 48)  # a round at a table of four


def games_at_five(games: int) -> int:
    """Every dealer at five deals as often as the first dealer at four (30 and 32 at four: 8 each, so 40)."""
    return -(-games // 4) * 5


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


def _options(sheet: str, tout: int) -> tuple[PresetOption, ...]:
    """The options of a Schafkopf tournament, the preset's own ``sheet`` and ``tout`` multiple as defaults."""
    return (
        PresetOption("games", gettext_lazy("Games a round"), tuple((g, str(g)) for g in GAMES), 32, _games_words),
        PresetOption(
            "sheet",
            gettext_lazy("Sheet"),
            (("zero_sum", gettext_lazy("plus and minus")), ("plus_only", gettext_lazy("plus only"))),
            sheet,
            _sheet_words,
        ),
        PresetOption(
            "laufende",
            gettext_lazy("Laufende"),
            ((0, gettext_lazy("not counted")), (2, gettext_lazy("from the 2nd")), (3, gettext_lazy("from the 3rd"))),
            0,
            _laufende_words,
        ),
        PresetOption("tout", gettext_lazy("Tout (× the solo)"), _factors(2, 3, 4), tout, _tout_words),
        PresetOption("sie", gettext_lazy("Sie (× the solo)"), _factors(2, 3, 4, 6, 8), 4, _sie_words),
        PresetOption(
            "pass_out",
            gettext_lazy("When all pass"),
            (("muss", gettext_lazy("Muss")), ("kreuz", gettext_lazy("über Kreuz"))),
            "muss",
            _pass_out_words,
        ),
    )


def _factors(*factors: int) -> tuple[tuple[int, str], ...]:
    return tuple((factor, f"× {factor}") for factor in factors)


def problems(chosen: Mapping[str, Any]) -> dict[str, str]:
    """Combinations that cannot be played: a Sie outranks every Tout, so it is worth at least as much."""
    if chosen["sie"] < chosen["tout"]:
        return {"sie": _("A Sie outranks every Tout: choose at least the Tout's × %(n)s.") % {"n": chosen["tout"]}}
    return {}


def configure(preset: Preset, chosen: Mapping[str, Any]) -> Preset:
    """The preset's engine rules and tariff under the chosen options (all given and checked)."""
    base = {"preset": preset.tariff} if isinstance(preset.tariff, str) else dict(preset.tariff or {})
    rates = {**TARIFF_PRESETS[base["preset"]], **base}
    solo = rates["solo"]
    runner = rates["sauspiel"] if chosen["laufende"] else 0  # a Laufender is worth a Sauspiel
    tariff = {
        **base,
        "runner": runner,
        "tout": chosen["tout"] * solo,
        "tout_runner": chosen["tout"] * runner,
        "tout_schneider": 0,  # a Tout is the solo's multiple; its Schneider and Schwarz are in it
        "tout_schwarz": 0,
        "sie": chosen["sie"] * solo,
        "sie_runner": chosen["sie"] * runner,
    }
    rules: dict[str, Any] = {**_rules(preset), "sheet": chosen["sheet"], "pass_out": chosen["pass_out"]}
    if chosen["laufende"] == 2:  # from the 3rd is the engine's own count (Wenz and Geier from the 2nd)
        rules["runners_min"] = dict.fromkeys(RUNNER_CONTRACTS, 2)
    games = chosen["games"]
    return replace(
        preset,
        rules=rules,
        tariff=tariff,
        games={4: games, 5: games_at_five(games)},
        zero_sum=chosen["sheet"] == "zero_sum",
    )


def _rules(preset: Preset) -> dict[str, Any]:
    return {"preset": preset.rules} if isinstance(preset.rules, str) else dict(preset.rules)


def _tournament(key: str, tariff: str | Mapping[str, Any], sheet: str, tout: int) -> Preset:
    rules = {"preset": "tournament", "sheet": sheet}  # no Kontra, Muss when everyone passes
    return Preset(
        key,
        "schafkopf",
        rules,
        tariff,
        {4: 32, 5: 40},
        zero_sum=sheet == "zero_sum",
        options=_options(sheet, tout),
        configure=configure,
        problems=problems,
    )


PRESETS = (
    _tournament("schafkopf_plusminus", TOURNAMENT_LIST, "zero_sum", tout=3),  # Tout 6 = 3 × the solo's 2
    _tournament("schafkopf_plus_only", TOURNAMENT_LIST, "plus_only", tout=3),
    _tournament("schafkopf_turnier", "turnier", "zero_sum", tout=2),  # the engine's "5× solo" list: Tout 10, Sie 20
)
