"""A table sheet: one table of one tournament round, as the rule engine scores it under the preset.

The engine keeps the round (``scorekeeper.engine.rounds``, rules the preset gives every table session): under the
TSR (section 4.2 and 10) everyone owes one Pflichtsolo per round, a solo of a player who still owes his is it whether
or not the table ticked ``forced`` (4.3.1), and once the solos owed fill the games left it is vorgeführt (4.2.3);
when time is called only the owed Pflichtsoli are still played (8.6). The sheet reads what that one replay says —
the same replay that stores a table session's results — and never changes a deal.

Paths in problems are relative to the table (``deals[6].points``, indices from 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper import engine
from scorekeeper.engine.reading import Problem
from scorekeeper.engine.tournament_presets import Preset

from .words import InvalidTournament, Message, say


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's result at the table."""

    player: str
    points: int  # the sheet's total, its penalty rows included
    games: int  # games he played (not sitting out; penalty rows are no games)
    solos: int  # solos he declared (Doppelkopf: also a stille Hochzeit or a Hochzeit without partner)
    solos_won: int
    pflichtsolo: int | None  # the deal number of his Pflichtsolo
    penalty_points: int  # what the sheet's penalty rows took from him as the offender
    place: int  # at the table by points; level players share a place (1, 2, 2, 4)
    table_points: int


@dataclass(frozen=True, slots=True)
class Sheet:
    preset: Preset
    seats: tuple[str, ...]
    round: engine.RoundState  # where the engine's replay left the table's round
    time_called: int | None  # after how many deals time was called
    next_dealer: str
    results: tuple[engine.DealResult, ...]
    unbalanced: tuple[int, ...]  # deals whose row does not sum to 0 although the preset is zero-sum
    deals: tuple[Any, ...] = ()  # as recorded

    @property
    def games(self) -> int:
        """Games of the round at this table."""
        return self.round.games

    @property
    def played(self) -> int:
        """Games played (penalty rows are no games)."""
        return self.round.played

    @property
    def pflichtsoli(self) -> dict[str, int]:
        """Who played his Pflichtsolo → its deal number."""
        return self.round.pflichtsoli

    @property
    def owing(self) -> tuple[str, ...]:
        return self.round.owing

    @property
    def regular_left(self) -> int:
        """Games of the round's count still to play; 0 once time is called."""
        return self.round.regular_left

    @property
    def must_play(self) -> bool:
        """The next game must be a Pflichtsolo still owed."""
        return self.round.must_play

    @property
    def normal_games(self) -> int:
        return self.played - len(self.pflichtsoli)

    @property
    def games_left(self) -> int:
        """Games still to play before the sheet can close: the rest of the round (only the owed Pflichtsoli once
        time is called), or more where owed solos no longer fit (extra deals of the home rule)."""
        return self.round.games_left

    @property
    def vorgefuehrt(self) -> str | None:
        """Who must play his Pflichtsolo in the next deal: the first who owes it from the player left of the dealer
        on, the dealer last (at a table of five he then deals and plays it, TSR 4.2.3)."""
        return self.round.vorgefuehrt

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.results[-1].totals) if self.results else dict.fromkeys(self.seats, 0)

    def closing_problems(self) -> tuple[Message, ...]:
        """Why the sheet cannot be closed yet; empty when it can."""
        return closing_problems(self.owing, self.regular_left, self.games, self.unbalanced)

    @property
    def can_close(self) -> bool:
        return not self.closing_problems()

    def seat_results(self) -> dict[str, SeatResult]:
        totals = self.totals
        places = _places(totals)
        points_by_place = self.preset.table_points.get(len(self.seats), ())
        penalty_points = dict.fromkeys(self.seats, 0)
        for r in self.results:
            if "penalty" in r.outcome.marks:  # declared by the offender
                offender = r.outcome.declarers[0]
                penalty_points[offender] -= r.deltas[offender]
        return {
            p: SeatResult(
                player=p,
                points=totals[p],
                games=self.round.seats[p].games,
                solos=self.round.seats[p].solos,
                solos_won=self.round.seats[p].solos_won,
                pflichtsolo=self.round.seats[p].pflichtsolo,
                penalty_points=penalty_points[p],
                place=places[p],
                table_points=_shared_points(points_by_place, places[p], list(places.values()).count(places[p])),
            )
            for p in self.seats
        }


def read_sheet(preset: Preset, seats: Sequence[str], deals: Sequence[Any], time_called: int | None = None) -> Sheet:
    """The sheet of one table from its deals in ``schreiber/1`` deal format; InvalidTournament naming every bad
    deal (the engine's problems, the round's among them)."""
    if time_called is not None and not 0 <= time_called <= len(deals):
        raise InvalidTournament(
            [Problem("time_called", say("time_called_range", deals=len(deals), got=repr(time_called)))]
        )
    return scored_sheet(preset, _session(preset, tuple(seats), list(deals), time_called))


def scored_sheet(preset: Preset, document: Mapping[str, Any]) -> Sheet:
    """The sheet of a table session's ``schreiber/1`` document (its rules give the round), scored by one replay."""
    try:
        session = engine.load(document)
        results = session.results()
    except engine.InvalidSession as error:
        raise InvalidTournament([_engine_problem(p) for p in error.problems]) from None
    state = session.round(results)
    assert state is not None  # the preset's table rules give every table its round
    return Sheet(
        preset=preset,
        seats=session.players,
        round=state,
        time_called=session.rules.get("time_called_after"),
        next_dealer=session.next_dealer(results),
        results=tuple(results),
        unbalanced=_unbalanced(results) if preset.zero_sum else (),
        deals=tuple(session.deals),
    )


def _session(preset: Preset, seats: tuple[str, ...], deals: list[Any], time_called: int | None) -> dict[str, Any]:
    rules = preset.table_rules(time_called)
    document = {"format": engine.FORMAT, "game": preset.game, "rules": rules, "players": list(seats)}
    if preset.tariff is not None:
        document["tariff"] = preset.tariff
    return {**document, "deals": deals}


def _engine_problem(problem: engine.Problem) -> Problem:
    if problem.deal is None:  # the header: only the players can be wrong, the preset's rules are known good
        return Problem("seats", problem.words)
    deal = f"deals[{problem.deal - 1}]"
    return Problem(f"{deal}.{problem.field}" if problem.field else deal, problem.words)


def closing_problems(
    owing: Sequence[str], regular_left: int, games: int, unbalanced: Sequence[int]
) -> tuple[Message, ...]:
    """Why a table's sheet cannot be closed yet, from where its round stands; empty when it can."""
    reasons = []
    if owing:
        reasons.append(say("pflichtsolo_missing", players=", ".join(owing)))
    if regular_left:
        reasons.append(say("games_missing", missing=regular_left, games=games))
    if unbalanced:
        reasons.append(say("rows_not_zero_sum", deals=", ".join(map(str, unbalanced))))
    return tuple(reasons)


def _unbalanced(results: Sequence[engine.DealResult]) -> tuple[int, ...]:
    return unbalanced_rows((r.number, sum(r.deltas.values()), r.pot) for r in results)


def unbalanced_rows(rows: Iterable[tuple[int, int, int]]) -> tuple[int, ...]:
    """The deals whose row does not sum to 0 with the pot's change, from each deal's (number, deltas' sum, pot)."""
    found, pot = [], 0
    for number, moved, after in rows:
        if moved + after - pot:
            found.append(number)
        pot = after
    return tuple(found)


def table_points(preset: Preset, points: Mapping[str, int]) -> dict[str, int]:
    """Each player's table points for these points at one table (none when the preset gives none)."""
    by_place = preset.table_points.get(len(points), ())
    if not by_place:  # most presets: no places to find at each table of every ranking
        return dict.fromkeys(points, 0)
    places = _places(points)
    sharing = Counter(places.values())
    return {p: _shared_points(by_place, place, sharing[place]) for p, place in places.items()}


def _places(points: Mapping[str, int]) -> dict[str, int]:
    """1 + how many have more points: level players share a place and the next place is skipped."""
    return {p: 1 + sum(other > own for other in points.values()) for p, own in points.items()}


def _shared_points(points_by_place: Sequence[int], place: int, sharing: int) -> int:
    """The table points of ``place`` shared by ``sharing`` level players: the average of the places they fill. The
    presets' lists step by 10, so the average is whole."""
    if not points_by_place:
        return 0
    return sum(points_by_place[place - 1 : place - 1 + sharing]) // sharing
