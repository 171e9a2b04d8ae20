"""A table sheet: one table of one tournament round, scored by the rule engine under the preset.

Doppelkopf under the TSR (section 4.2 and 10): everyone owes one Pflichtsolo per round. A solo of a player who
still owes his is his Pflichtsolo whether or not the table ticked ``forced`` (4.3.1), and once the solos owed fill
the games left it is vorgeführt (4.2.3); the sheet ticks both before the engine scores the deal, so that the
engine keeps the dealer after a Pflichtsolo and moves him on after a vorgeführtes (4.2.5). When time is called
the outstanding normal games are struck and only the owed Pflichtsoli are still played (8.6).

Paths in problems are relative to the table (``deals[6].points``, indices from 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper import engine

from .presets import Preset
from .words import InvalidTournament, Message, Problem, say

SOLO_MARKS = frozenset({"solo", "alone"})  # scored one against the rest; Sheepshead's picker alone is its solo


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


@dataclass(slots=True)
class _Round:
    """Where the round stands as the deals are read one by one."""

    preset: Preset
    seats: tuple[str, ...]
    games: int
    played: int = 0
    time_called: bool = False
    pflichtsoli: dict[str, int] = field(default_factory=dict)  # player → deal number of his Pflichtsolo

    @property
    def owing(self) -> tuple[str, ...]:
        if not self.preset.pflichtsolo:
            return ()
        return tuple(p for p in self.seats if p not in self.pflichtsoli)

    @property
    def regular_left(self) -> int:
        """Games left of the round's count; none once time is called."""
        return 0 if self.time_called else max(0, self.games - self.played)

    @property
    def due(self) -> bool:
        """The next game must be a Pflichtsolo still owed."""
        owing = len(self.owing)
        if not owing:
            return False
        return owing >= self.regular_left if self.preset.vorgefuehrt else self.regular_left == 0

    @property
    def complete(self) -> bool:
        return not self.owing and self.regular_left == 0

    def check(self, raw: Mapping[str, Any], soloist: str | None) -> Message | None:
        """What is wrong with the next game coming here, or None."""
        owing = self.owing
        if self.complete:
            return say("time_called_complete" if self.time_called else "round_complete", games=self.games)
        if self.due and soloist not in owing:
            players = ", ".join(owing)
            if self.time_called:
                return say("time_called_no_solo", players=players)
            if self.preset.vorgefuehrt:
                return say("pflichtsolo_due", players=players, left=self.regular_left)
            return say("extra_deal_not_pflichtsolo", games=self.games, players=players)
        if raw.get("vorgefuehrt") is True and not self.due:
            return say("not_vorgefuehrt_yet", owing=len(owing), left=self.regular_left)
        return None

    def play(self, number: int, raw: Mapping[str, Any], soloist: str | None) -> Mapping[str, Any]:
        """Count the game; a solo of a player who owes his Pflichtsolo becomes it, vorgeführt when due."""
        if soloist in self.owing:
            raw = {**raw, "forced": True} | ({"vorgefuehrt": True} if self.due else {})
            self.pflichtsoli[soloist] = number
        self.played += 1
        return raw


@dataclass(frozen=True, slots=True)
class Sheet:
    preset: Preset
    seats: tuple[str, ...]
    games: int  # games of the round at this table
    played: int  # games played (penalty rows are no games)
    pflichtsoli: Mapping[str, int]  # who played his Pflichtsolo → its deal number
    owing: tuple[str, ...]  # who still owes his Pflichtsolo, in seat order
    regular_left: int  # games of the round's count still to play; 0 once time is called
    must_play: bool  # the next game must be a Pflichtsolo still owed
    time_called: int | None  # after how many deals time was called
    next_dealer: str
    results: tuple[engine.DealResult, ...]
    unbalanced: tuple[int, ...]  # deals whose row does not sum to 0 although the preset is zero-sum
    deals: tuple[Any, ...] = ()  # as the engine scored them: a Pflichtsolo and a vorgeführtes solo ticked

    @property
    def normal_games(self) -> int:
        return self.played - len(self.pflichtsoli)

    @property
    def games_left(self) -> int:
        """Games still to play before the sheet can close: the rest of the round (only the owed Pflichtsoli once
        time is called), or more where owed solos no longer fit (extra deals of the home rule)."""
        return max(self.regular_left, len(self.owing))

    @property
    def vorgefuehrt(self) -> str | None:
        """Who must play his Pflichtsolo in the next deal: the first who owes it from the player left of the dealer
        on, the dealer last (at a five-table he sits out his deal: named, he needs someone else to deal)."""
        if not self.must_play:
            return None
        dealer = self.seats.index(self.next_dealer)
        order = [self.seats[(dealer + k) % len(self.seats)] for k in range(1, len(self.seats) + 1)]
        return next(p for p in order if p in self.owing)

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.results[-1].totals) if self.results else dict.fromkeys(self.seats, 0)

    def closing_problems(self) -> tuple[Message, ...]:
        """Why the sheet cannot be closed yet; empty when it can."""
        reasons = []
        if self.owing:
            reasons.append(say("pflichtsolo_missing", players=", ".join(self.owing)))
        if self.regular_left:
            reasons.append(say("games_missing", missing=self.regular_left, games=self.games))
        if self.unbalanced:
            reasons.append(say("rows_not_zero_sum", deals=", ".join(map(str, self.unbalanced))))
        return tuple(reasons)

    @property
    def can_close(self) -> bool:
        return not self.closing_problems()

    def seat_results(self) -> dict[str, SeatResult]:
        totals = self.totals
        places = _places(totals)
        points_by_place = self.preset.table_points.get(len(self.seats), ())
        counts = {p: _Counts() for p in self.seats}
        for r in self.results:
            marks, declarers = r.outcome.marks, r.outcome.declarers
            if "penalty" in marks:  # declared by the offender
                counts[declarers[0]].penalty_points -= r.deltas[declarers[0]]
                continue
            for p in self.seats:
                counts[p].games += p not in r.sitting_out
            if SOLO_MARKS.intersection(marks) and declarers:
                first = declarers[0]
                counts[first].solos += 1
                counts[first].solos_won += "won" in marks
        return {
            p: SeatResult(
                player=p,
                points=totals[p],
                games=counts[p].games,
                solos=counts[p].solos,
                solos_won=counts[p].solos_won,
                pflichtsolo=self.pflichtsoli.get(p),
                penalty_points=counts[p].penalty_points,
                place=places[p],
                table_points=_shared_points(points_by_place, places[p], list(places.values()).count(places[p])),
            )
            for p in self.seats
        }


@dataclass(slots=True)
class _Counts:
    games: int = 0
    solos: int = 0
    solos_won: int = 0
    penalty_points: int = 0


def read_sheet(preset: Preset, seats: Sequence[str], deals: Sequence[Any], time_called: int | None = None) -> Sheet:
    """The sheet of one table from its deals in ``schreiber/1`` deal format; InvalidTournament naming every bad
    deal (the engine's problems and the round's)."""
    seats = tuple(seats)
    games = preset.games[len(seats)]
    if time_called is not None and not 0 <= time_called <= len(deals):
        raise InvalidTournament(
            [Problem("time_called", say("time_called_range", deals=len(deals), got=repr(time_called)))]
        )
    state = _Round(preset, seats, games)
    problems: list[Problem] = []
    scored: list[Any] = []
    for index, raw in enumerate(deals):
        state.time_called = time_called is not None and index >= time_called
        if not isinstance(raw, Mapping) or raw.get("type") == "penalty":
            scored.append(raw)  # the engine names what is wrong with it, or scores the penalty row
            continue
        soloist = _soloist(raw, seats) if preset.pflichtsolo else None
        wrong = state.check(raw, soloist)
        if wrong is not None:
            problems.append(Problem(f"deals[{index}]", wrong))
        scored.append(state.play(index + 1, raw, soloist))
    state.time_called = time_called is not None
    try:
        session = engine.load(_session(preset, seats, scored))
        results = session.results()
    except engine.InvalidSession as error:
        problems += [_engine_problem(p) for p in error.problems]
    if problems:
        raise InvalidTournament(problems)
    return Sheet(
        preset=preset,
        seats=seats,
        games=games,
        played=state.played,
        pflichtsoli=dict(state.pflichtsoli),
        owing=state.owing,
        regular_left=state.regular_left,
        must_play=state.due,
        time_called=time_called,
        next_dealer=session.next_dealer(results),
        results=tuple(results),
        unbalanced=_unbalanced(results) if preset.zero_sum else (),
        deals=tuple(scored),
    )


def _session(preset: Preset, seats: tuple[str, ...], deals: list[Any]) -> dict[str, Any]:
    document = {"format": engine.FORMAT, "game": preset.game, "rules": preset.rules, "players": list(seats)}
    if preset.tariff is not None:
        document["tariff"] = preset.tariff
    return {**document, "deals": deals}


def _soloist(raw: Mapping[str, Any], seats: tuple[str, ...]) -> str | None:
    """The player of a Doppelkopf solo (a well-formed one; the engine reports any other)."""
    re = raw.get("re")
    if raw.get("type") == "solo" and isinstance(re, list) and len(re) == 1 and re[0] in seats:
        return str(re[0])
    return None


def _engine_problem(problem: engine.Problem) -> Problem:
    assert problem.words is not None  # the engine names every problem by its code
    if problem.deal is None:  # the header: only the players can be wrong, the preset's rules are known good
        return Problem("seats", problem.words)
    return Problem(f"deals[{problem.deal - 1}].{problem.field}", problem.words)


def _unbalanced(results: Sequence[engine.DealResult]) -> tuple[int, ...]:
    found, pot = [], 0
    for r in results:
        if sum(r.deltas.values()) + r.pot - pot:
            found.append(r.number)
        pot = r.pot
    return tuple(found)


def table_points(preset: Preset, points: Mapping[str, int]) -> dict[str, int]:
    """Each player's table points for these points at one table (none when the preset gives none)."""
    by_place = preset.table_points.get(len(points), ())
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
