"""Schafkopf in words: the start page's line, its rules as a table says them, the sheet's declarer heading."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ...engine.schafkopf import CONTRACTS, KONTRA_STEPS, RUNNER_CONTRACTS
from ..pack import Phrases, Rules, listed

HINT = gettext_lazy("Bavarian, 4 players (5 with the dealer sitting out)")
DECLARER_HEADING = gettext_lazy("Declarer")

BIDDABLE = {key: c.name for key, c in CONTRACTS.items()} | {"tout": "Tout"}


def _deck(rules: Rules) -> str:
    deck = rules["deck"]
    if deck == 32:
        return _("Langes Blatt (32 cards)")
    if deck == 24:
        return _("Kurzes Blatt (24 cards)")
    return _("%(cards)s cards") % {"cards": deck}


def _players(rules: Rules) -> str | None:
    return _("three players, every game one against two") if rules["players"] == 3 else None


def _contracts(rules: Rules) -> str:
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


RULE_PHRASES: Phrases = (
    (("deck",), _deck),
    (("players",), _players),
    (("contracts",), _contracts),
    (("kontra_max",), _kontra),
    (("klopfen", "max_knocks"), _klopfen),
    (("pass_out",), _pass_out),
    (("stock_games", "stock_share"), _stock),
    (("jungfrau",), _jungfrau),
    (("durchmarsch",), _durchmarsch),
    (("runners_min", "runners_max"), _runners),
    (("sheet",), _sheet),
)
