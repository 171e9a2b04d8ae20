"""Doppelkopf in words: the start page's line, its rules as a table says them, the sheet's declarer heading."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..pack import Phrases, Rules, listed

HINT = gettext_lazy("Re against Kontra, 4 players (5 with the dealer sitting out)")
DECLARER_HEADING = "Re"

EXTRA_NAMES = {
    "fuchs": "Fuchs",
    "karlchen": "Karlchen",
    "doppelkopf": "Doppelkopf",
    "gegen_die_alten": "gegen die Alten",
    "karlchen_gefangen": "Karlchen gefangen",
    "fuchs_am_ende": "Fuchs am Ende",
}


def _deck(rules: Rules) -> str:
    return _("48 cards") if rules["deck"] == 48 else _("40 cards (without the nines)")


def _players(rules: Rules) -> str | None:
    return _("five at the table, the dealer sits out") if rules["players"] == 5 else None


def _re_kontra(rules: Rules) -> str:
    return {
        "plus2": lambda: _("Re and Kontra +2 each"),
        "double": lambda: _("Re and Kontra double the game points"),
        "double_all": lambda: _("Re and Kontra double the game points and the Sonderpunkte"),
    }[rules["re_kontra"]]()


def _extras(rules: Rules) -> str:
    chosen = [key for key in EXTRA_NAMES if key in rules["extras"]]
    if not chosen:
        return _("no Sonderpunkte")
    return _("Sonderpunkte: %(extras)s") % {"extras": listed(chosen, EXTRA_NAMES)}


def _armut(rules: Rules) -> str | None:
    return _("Armut is played") if rules["armut"] else None


def _bock(rules: Rules) -> str | None:
    bock = rules["bock"]
    if not bock:
        return None
    triggers = {
        "tie120": _("120:120"),
        "solo_lost": _("a lost solo"),
        "announcement_lost": _("a lost announcement"),
        "manual": _("by hand"),
    }
    named = ", ".join(triggers[t] for t in triggers if t in bock["triggers"])
    if bock["stacking"] == "extend":
        return _("Bock rounds after %(triggers)s; a new trigger extends them") % {"triggers": named}
    return _("Bock rounds after %(triggers)s; overlapping Bock counts ×4") % {"triggers": named}


def _pflichtsolo(rules: Rules) -> str:
    return _("a Pflichtsolo per player and round") if rules["pflichtsolo"] else _("no Pflichtsolo")


RULE_PHRASES: Phrases = (
    (("deck",), _deck),
    (("players",), _players),
    (("re_kontra",), _re_kontra),
    (("extras",), _extras),
    (("armut",), _armut),
    (("bock",), _bock),
    (("pflichtsolo",), _pflichtsolo),
)
