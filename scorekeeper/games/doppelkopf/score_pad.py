"""The printed Doppelkopf score pad's columns before the players'. German game terms stay German."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..pack import PadColumn

COLUMNS = (
    PadColumn(_("Dealer"), 16),
    PadColumn(_("Game"), 26),
    PadColumn("Re", 24),
    PadColumn(_("Announcements"), 22),
    PadColumn(_("Re card points"), 16),
    PadColumn("Sonderpunkte", 20),
    PadColumn("Bock", 10),
    PadColumn(_("Value"), 14),
)
