"""The printed Sheepshead score pad's columns before the players'."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..pack import PadColumn

COLUMNS = (
    PadColumn(_("Dealer"), 16),
    PadColumn(_("Game"), 24),
    PadColumn("Picker", 22),
    PadColumn("Partner", 22),
    PadColumn(_("Card points"), 16),
    PadColumn("Schneider", 16),
    PadColumn(_("Value"), 14),
)
