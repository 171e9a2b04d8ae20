"""Bauernstoss in words: the start page's line, its rules as a table says them, the sheet's declarer heading."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..pack import Phrases, Rules

HINT = gettext_lazy("Palatinate, two teams of two, strokes to 20")
DECLARER_HEADING = gettext_lazy("Declarer")


def _target(rules: Rules) -> str:
    return _("a Partie is %(n)s strokes, worth %(value)s") % {"n": rules["target"], "value": rules["partie_value"]}


def _solos(rules: Rules) -> str:
    return _("small solo %(small)s strokes, big solo %(big)s") % {
        "small": rules["small_solo"],
        "big": rules["big_solo"],
    }


def _chalk(rules: Rules) -> str:
    moves = _("a solo moves the chalk") if rules["solo_moves_chalk"] else _("a solo leaves the chalk")
    return _("the chalk team needs %(points)s card points; %(moves)s") % {"points": rules["chalk_min"], "moves": moves}


RULE_PHRASES: Phrases = (
    (("target", "partie_value"), _target),
    (("small_solo", "big_solo"), _solos),
    (("chalk_min", "solo_moves_chalk"), _chalk),
)
