"""What the tournament services name, in the director's language: names, not refusals (those are codes of
``refusals``)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def table_session_name(tournament: str, round_number: int, table: int) -> str:
    """The name of a table's session: "Spring open, round 2, table 3"."""
    return _("%(tournament)s, round %(round)s, table %(table)s") % {
        "tournament": tournament,
        "round": round_number,
        "table": table,
    }


def table_label(number: int) -> str:
    """The label of a table's phone link: "Table 3"."""
    return _("Table %(n)s") % {"n": number}


def imported_name() -> str:
    """The name of an imported tournament whose document gives none."""
    return _("Imported tournament")
