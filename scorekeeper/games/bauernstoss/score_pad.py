"""The printed Bauernstoss score pad's columns before the players'. German game terms stay German."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..pack import PadColumn

COLUMNS = (
    PadColumn(_("Dealer"), 16),
    PadColumn(_("Game"), 26),
    PadColumn("Kreide", 16),
    PadColumn(_("Card points"), 16),
    PadColumn(_("Strokes A"), 16),
    PadColumn(_("Strokes B"), 16),
    PadColumn(_("Value"), 14),
)
