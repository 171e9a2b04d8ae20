"""What a Sheepshead hand counts for a player's statistics: the picker leads; a crack is the defenders' Kontra, a
re-crack the picker side's Re."""

from __future__ import annotations

from ..counting import DealCounting


class SheepsheadCounting(DealCounting):
    lead_field = "picker"
    doubling_field = "cracks"


COUNTING = SheepsheadCounting()
