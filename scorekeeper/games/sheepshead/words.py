"""Sheepshead in words: the start page's line, its rules as a table says them, the sheet's declarer heading."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..pack import Phrases, Rules

HINT = gettext_lazy("Wisconsin Schafkopf, 5 players (6 with the dealer sitting out)")
DECLARER_HEADING = "Picker"


def _players(rules: Rules) -> str:
    return {
        5: lambda: _("five play each hand (six to eight at the table sit out in turn)"),
        4: lambda: _("four-handed, a partner or alone"),
        3: lambda: _("three-handed, the picker always alone"),
    }[rules["players"]]()


def _table(rules: Rules) -> str:
    return {
        "seed": lambda: _("payoff table: the common five-handed table"),
        "standard": lambda: _("payoff table: plain 1-2-3"),
        "double_on_the_bump": lambda: _("payoff table: double on the bump"),
        "2-4-8": lambda: _("payoff table: 2-4-8"),
    }[rules["table"]]()


def _pass_out(rules: Rules) -> str:
    if rules["pass_out"] == "doubler":
        return _("all pass: a doubler, the next hand counts double")
    return _("all pass: a leaster")


def _tie_doubles(rules: Rules) -> str | None:
    return _("60:60 loses and doubles the next hand") if rules["tie_doubles_next"] else None


def _leaster_tie(rules: Rules) -> str | None:
    if rules["pass_out"] != "leaster":
        return None
    if rules["leaster_tie"] == "fewer_tricks":
        return _("a leaster tie goes to fewer tricks")
    return _("a leaster tie scores nothing")


def _no_trick_partner(rules: Rules) -> str | None:
    return _("no trick: the picker pays the partner's share") if rules["no_trick_partner"] == "free" else None


RULE_PHRASES: Phrases = (
    (("players",), _players),
    (("table",), _table),
    (("pass_out",), _pass_out),
    (("tie_doubles_next",), _tie_doubles),
    (("leaster_tie",), _leaster_tie),
    (("no_trick_partner",), _no_trick_partner),
)
