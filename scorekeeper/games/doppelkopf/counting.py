"""What a Doppelkopf deal counts for a player's statistics: the soloist leads (Re alone); Schneider is a party under
90 Augen (keine 90), Schwarz the party of the ``schwarz`` fact; a party's announcement is its Kontra or Re; players
owe Pflichtsoli."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.doppelkopf import TOTAL_AUGEN
from ..counting import Cuts, DealCounting, Facts, Players

SCHNEIDER_AUGEN = 90  # a party under 90 Augen is Schneider (keine 90)


class DoppelkopfCounting(DealCounting):
    counts_pflichtsoli = True

    @property
    def counts_doubling(self) -> bool:
        return True  # by announcement, not a field of steps

    def lead(self, facts: Facts) -> str | None:
        re: Sequence[str] = facts.get("re") or ()
        return re[0] if len(re) == 1 else None

    def cut(self, playing: Players, declarers: Players, winners: Players, facts: Facts, marks: Sequence[str]) -> Cuts:
        party = {"re": declarers, "kontra": playing - declarers}
        augen = {"re": facts["re_points"], "kontra": TOTAL_AUGEN - facts["re_points"]}
        cut = [("schneider", party[key]) for key in party if augen[key] < SCHNEIDER_AUGEN]
        return [*cut, ("schwarz", party[facts["schwarz"]])] if facts.get("schwarz") else cut

    def doublings(self, facts: Facts) -> tuple[str, ...]:
        announced = facts.get("announcements") or {}
        return tuple(party for party in ("kontra", "re") if announced.get(party))


COUNTING = DoppelkopfCounting()
