"""What a Schafkopf deal counts for a player's statistics: the declarer leads; ``kontra`` ≥ 1 is the defenders'
Kontra and ≥ 2 the declarers' Re (Sup and beyond count no further)."""

from __future__ import annotations

from ..counting import DealCounting


class SchafkopfCounting(DealCounting):
    lead_field = "declarer"
    doubling_field = "kontra"


COUNTING = SchafkopfCounting()
