"""The printed Schafkopf score pad's columns before the players'. German game terms stay German."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..pack import PadColumn

COLUMNS = (
    PadColumn(_("Dealer"), 16),
    PadColumn(_("Game"), 30),
    PadColumn(_("Declarer"), 26),
    PadColumn("Laufende", 16),
    PadColumn("Schneider / Schwarz", 22),
    PadColumn(_("Value"), 15),
)
