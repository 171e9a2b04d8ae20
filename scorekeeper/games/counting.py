"""What a deal counts for a player's statistics (``player_results``): the reading most games share, which a pack
refines where its game reads a deal differently (Bauernstoss teams, the Doppelkopf parties)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Facts = Mapping[str, Any]
Result = Mapping[str, Any]  # a stored result (derived.stored_result)
Players = frozenset[str]
Cuts = list[tuple[str, Players]]  # ("schneider" or "schwarz", the side it counts against)

KONTRA, RE = 1, 2  # doubling steps: 1 the defenders', 2 the declarers' (answering)


class DealCounting:
    """A deal read from its facts and stored result, for a game with a declarer side and the others."""

    lead_field = ""  # the fact naming who declared alone or led: declarer, picker
    doubling_field = ""  # the fact recording the doubling steps (Kontra, Re …; a crack, a re-crack)
    counts_pflichtsoli = False  # a player owes forced solos (the statistics show them)

    @property
    def counts_doubling(self) -> bool:
        """Whether a side can double (Kontra and Re given and won are shown)."""
        return bool(self.doubling_field)

    def winners(self, players: Sequence[str], playing: Players, declarers: Players, result: Result) -> Players:
        marks = result["marks"]
        if "won" in marks:
            return declarers
        if "lost" in marks:
            return playing - declarers
        if "nobody_won" in marks:
            return frozenset()
        if declarers:  # a Durchmarsch, a Sheepshead Leaster
            return declarers
        if "loser" in result["extra"]:  # a Ramsch
            return playing - {result["extra"]["loser"]}
        return frozenset()  # thrown in, a doubler, a tied Leaster

    def sides(self, players: Sequence[str], playing: Players, declarers: Players) -> tuple[Players, ...]:
        """The two sides of a deal (the declarers and the rest), or none without sides."""
        if not declarers or declarers == playing:
            return ()
        return (declarers, playing - declarers)

    def lead(self, facts: Facts) -> str | None:
        """Who declared the game alone or led it; None when nobody did."""
        return facts.get(self.lead_field)

    def cut(self, playing: Players, declarers: Players, winners: Players, facts: Facts, marks: Sequence[str]) -> Cuts:
        """``("schneider" or "schwarz", the side it counts against)`` for each of the two the deal has; a Schwarz
        is a Schneider too."""
        if not winners:
            return []
        losers = playing - winners
        schwarz = "schwarz" in marks
        return [("schneider", losers)] * ("schneider" in marks or schwarz) + [("schwarz", losers)] * schwarz

    def doublings(self, facts: Facts) -> tuple[str, ...]:
        """``"kontra"`` when the side against the declarers doubled, ``"re"`` when the declarer side did."""
        steps = (facts.get(self.doubling_field) or 0) if self.doubling_field else 0  # a null field, as absent, is none
        return ("kontra",) * (steps >= KONTRA) + ("re",) * (steps >= RE)
