"""The ranking modes: how a season's results become one score per player.

A mode is a small frozen dataclass whose fields are its parameters; a season stores it as
``{"mode": key, **params}`` (:meth:`Mode.config`) and :func:`parse_mode` reads it back, checking every parameter
and raising :class:`RankingError` with a code for the first bad one. Every mode takes ``min_sessions``: a player
with fewer sessions is listed below the ranked players, unranked.

Every mode also takes two options that change which results count and what is taken off, whatever the mode:
``window_months`` (a rolling window: only the results of the last N months up to the standing's last evening count)
and ``missed_penalty`` with ``free_misses`` (points taken off for each evening of the standing a player missed, from
the first miss beyond the free ones). :meth:`Mode.standing_scores` applies both around the mode's own scoring.
"""

from __future__ import annotations

import calendar
import dataclasses
import datetime
import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import attrgetter
from typing import Any, ClassVar

from .messages import Message, RankingError, say
from .results import EveningResult, Score, Tally

_player = attrgetter("player")
_size = attrgetter("table_size")
_place = attrgetter("place")


def exact(value: Fraction | int) -> Score:
    """An int where the Fraction is whole, so that scores print and compare plainly."""
    return int(value) if isinstance(value, int) or value.denominator == 1 else value


# ----------------------------------------------------------------------------------------------- parameter checks

Check = Callable[[str, Any], Any]


def _kind(value: Any) -> str:
    return type(value).__name__


def whole(least: int, most: int = 10**9) -> Check:
    """A whole number from ``least`` to ``most`` (a billion: more than any count or points a season has)."""

    def check(param: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RankingError("param_type", param=param, expected="a whole number", got=_kind(value))
        if value < least:
            raise RankingError("param_too_small", param=param, least=least, got=value)
        if value > most:
            raise RankingError("param_too_big", param=param, most=most, got=value)
        return value

    return check


def optional(check: Check) -> Check:
    def optional_check(param: str, value: Any) -> Any:
        return None if value is None else check(param, value)

    return optional_check


def choice(*choices: str) -> Check:
    def check(param: str, value: Any) -> str:
        if value not in choices:
            raise RankingError("param_choice", param=param, choices=", ".join(choices), got=repr(value))
        return str(value)

    return check


def points_table(param: str, value: Any) -> dict[int, tuple[int, ...]]:
    """``{"4": [3, 1, -1, -3], …}`` (keys as text, as JSON stores them, or as numbers) → ``{4: (3, 1, -1, -3)}``."""
    if not isinstance(value, Mapping):
        raise RankingError("param_type", param=param, expected="a table of points by table size", got=_kind(value))
    table: dict[int, tuple[int, ...]] = {}
    for size_key, row in value.items():
        size = int(size_key) if isinstance(size_key, str) and size_key.isascii() and size_key.isdigit() else size_key
        size = whole(1)(f"{param}.{size_key}", size)
        if not isinstance(row, list | tuple):
            raise RankingError("param_type", param=f"{param}.{size}", expected="a list of points", got=_kind(row))
        if len(row) != size:
            raise RankingError("points_table_length", size=size, got=len(row))
        table[size] = tuple(whole(-(10**9))(f"{param}.{size}", points) for points in row)
    return table


def param(check: Check, default: Any = dataclasses.MISSING) -> Any:
    return field(default=default, metadata={"check": check})


# ------------------------------------------------------------------------------------------------------ the modes


@dataclass(frozen=True, slots=True, kw_only=True)
class Mode:
    key: ClassVar[str]
    builtin_tiebreaks: ClassVar[tuple[str, ...]] = ()  # tie-breaks the mode itself puts first

    min_sessions: int = param(whole(0), 0)
    window_months: int | None = param(optional(whole(1, 1200)), None)  # a rolling window: the last N months count
    missed_penalty: int = param(whole(0), 0)  # points off per evening missed beyond ``free_misses``
    free_misses: int = param(whole(0), 0)

    penalised: ClassVar[bool] = True  # False where points off make no sense (money, an average)

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> Mode:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        for name in params:
            if name not in fields:
                raise RankingError("unknown_param", mode=cls.key, param=str(name), known=", ".join(fields))
        values: dict[str, Any] = {}
        for name, f in fields.items():
            if name in params:
                values[name] = f.metadata["check"](name, params[name])
            elif f.default is dataclasses.MISSING:
                raise RankingError("param_required", mode=cls.key, param=name)
        mode = cls(**values)
        mode.check()
        return mode

    def check(self) -> None:
        """Checks across parameters; RankingError for the first problem."""
        if self.missed_penalty and not self.penalised:
            raise RankingError("penalty_not_for_mode", mode=self.key)

    def within_window(self, results: Sequence[EveningResult]) -> Sequence[EveningResult]:
        """The results that count: with a rolling window, those after the same day ``window_months`` before the
        last evening (a window of 24 months up to 30 June 2026 counts from 1 July 2024 on)."""
        if self.window_months is None or not results:
            return results
        first = window_start(max(r.date for r in results), self.window_months)
        return [r for r in results if r.date >= first]

    def missed(self, tallies: Sequence[Tally], results: Sequence[EveningResult]) -> dict[str, int]:
        """Every player's evenings missed: the days of ``results`` (the club's evenings) the player has no result."""
        evenings = len({r.date for r in results})
        return {t.player: evenings - len({r.date for r in t.results}) for t in tallies}

    def standing_scores(self, tallies: Sequence[Tally], results: Sequence[EveningResult]) -> dict[str, Score]:
        """The mode's scores less the penalty for missed evenings."""
        scores = self.scores(tallies, results)
        if not self.missed_penalty:
            return scores
        missed = self.missed(tallies, results)
        return {
            player: exact(score - self.missed_penalty * max(missed[player] - self.free_misses, 0))
            for player, score in scores.items()
        }

    def config(self) -> dict[str, Any]:
        """The mode as a season stores it: ``{"mode": key, **params}`` in plain JSON types."""
        out: dict[str, Any] = {"mode": self.key}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Mapping):
                value = {str(k): list(v) for k, v in value.items()}
            out[f.name] = value
        return out

    def scores(self, tallies: Sequence[Tally], results: Sequence[EveningResult]) -> dict[str, Score]:
        """Every player's score; ``results`` are all the tallies' results (a mode by place reads whole tables)."""
        return {t.player: self.score(t) for t in tallies}

    def score(self, t: Tally) -> Score:
        raise NotImplementedError

    def counted(self, t: Tally) -> int:
        """The sessions that count towards the score."""
        return t.played

    def eligible(self, t: Tally) -> bool:
        return t.played >= self.min_sessions

    def name(self) -> Message:
        return say(f"mode_{self.key}")

    def about(self) -> list[Message]:
        """Sentences for the page: what the score is, then the minimum attendance and the options."""
        return [say(f"mode_{self.key}_about"), *self.conditions()]

    def conditions(self) -> list[Message]:
        """The minimum attendance, the rolling window and the penalty in words."""
        lines = []
        if self.min_sessions:
            lines.append(say("minimum_sessions", least=self.min_sessions))
        if self.window_months:
            lines.append(say("window_months", months=self.window_months))
        if self.missed_penalty:
            code = "missed_penalty_after_free" if self.free_misses else "missed_penalty"
            lines.append(say(code, points=self.missed_penalty, free=self.free_misses))
        return lines


@dataclass(frozen=True, slots=True, kw_only=True)
class TotalPoints(Mode):
    key = "total_points"

    def score(self, t: Tally) -> Score:
        return t.points


@dataclass(frozen=True, slots=True, kw_only=True)
class TotalMoney(Mode):
    key = "total_money"
    penalised = False

    def score(self, t: Tally) -> Score:
        return t.money_cents


def rounds(t: Tally, round_length: int | None) -> Fraction:
    """The rounds a player played: the deals played / ``round_length``, or with None a round as long as the table
    is big, once for every player of the table: at a table of five the round is five deals and each player plays
    four of them (the dealer sits out), so it is the table's deals that are divided by its size."""
    found = t.rounds.get(round_length)
    if found is None:
        if round_length is not None:
            found = Fraction(t.deals, round_length)
        else:
            by_size = t.table_deals_by_size().items()
            found = sum((Fraction(deals, size) for size, deals in by_size), Fraction(0))
        t.rounds[round_length] = found
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class Average(Mode):
    """Game points per session, per round or per deal; 0 for a player with nothing to divide by."""

    key = "average"
    penalised = False

    per: str = param(choice("session", "round", "deal"))
    round_length: int | None = param(optional(whole(1)), None)  # deals per round; None: the table's size
    min_rounds: int = param(whole(0), 0)

    def score(self, t: Tally) -> Score:
        if self.per == "session":
            divisor: Fraction | int = t.played
        elif self.per == "deal":
            divisor = t.deals
        else:
            divisor = rounds(t, self.round_length)
        return exact(Fraction(t.points) / divisor) if divisor else 0

    def eligible(self, t: Tally) -> bool:
        return t.played >= self.min_sessions and (
            not self.min_rounds or rounds(t, self.round_length) >= self.min_rounds
        )

    def about(self) -> list[Message]:
        if self.per == "round":
            length = say("round_of_deals", deals=self.round_length) if self.round_length else say("round_of_table")
            lines = [say("mode_average_round_about", round=length)]
        else:
            lines = [say(f"mode_average_{self.per}_about")]
        if self.min_rounds:
            lines.append(say("minimum_rounds", least=self.min_rounds))
        return [*lines, *self.conditions()]


@dataclass(frozen=True, slots=True, kw_only=True)
class BestN(Mode):
    """The game points of a player's best ``n`` sessions of the season."""

    key = "best_n"

    n: int = param(whole(1))

    def score(self, t: Tally) -> Score:
        if t.played <= self.n:
            return t.points
        return sum(sorted(t.evening_points, reverse=True)[: self.n])

    def counted(self, t: Tally) -> int:
        return min(self.n, t.played)

    def about(self) -> list[Message]:
        return [say("mode_best_n_about", n=self.n), *self.conditions()]


FORMULAS: dict[str, Callable[[int, int], Fraction]] = {
    # 100·(n − place)/(n − 1): 100, 66⅔, 33⅓, 0 at four; a table of one gets 0
    "linear_100": lambda n, place: Fraction(100 * (n - place), n - 1) if n > 1 else Fraction(0),
    # n + 1 − place: 4, 3, 2, 1 at four
    "descending": lambda n, place: Fraction(n + 1 - place),
    # 10·(n + 1 − place): 40, 30, 20, 10 at four
    "descending_tens": lambda n, place: Fraction(10 * (n + 1 - place)),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class PlacementPoints(Mode):
    """Points per session by the place at the table, from ``points_by_size`` (a row per table size) or else the
    ``formula``. Players sharing a place share its points: two on place 2 at four get the mean of the points for
    places 2 and 3 each."""

    key = "placement_points"

    points_by_size: Mapping[int, tuple[int, ...]] | None = param(optional(points_table), None)
    formula: str | None = param(optional(choice(*FORMULAS)), None)

    def check(self) -> None:
        if self.points_by_size is None and self.formula is None:
            raise RankingError("points_missing", mode=self.key)

    def place_points(self, size: int, place: int, sharing: int) -> Score:
        """The points for ``place`` at a table of ``size`` held by ``sharing`` players (the mean of the places
        ``place`` … ``place + sharing − 1``)."""
        row = self.points_by_size.get(size) if self.points_by_size else None
        if row is None and self.formula is None:
            raise RankingError("no_points_for_size", size=size)
        places = range(place, place + sharing)
        if row is not None:
            total = sum((Fraction(row[p - 1]) for p in places), Fraction(0))
        else:
            assert self.formula is not None
            total = sum((FORMULAS[self.formula](size, p) for p in places), Fraction(0))
        return exact(total / sharing)

    def placement_totals(self, results: Sequence[EveningResult]) -> dict[str, Score]:
        """Every player's placement points of the season.

        Works in whole numbers over the common denominator of every value the season's table sizes can give (exact,
        and fast for a big season), and reads the results table by table in the order given.
        """
        by_session: defaultdict[Hashable, list[EveningResult]] = defaultdict(list)
        for r in results:
            by_session[r.session].append(r)
        # values[size][place][sharing]: the place's points as a Fraction (index 0 unused)
        values: dict[int, list[list[Fraction]]] = {
            size: [
                [Fraction(0)] + [Fraction(self.place_points(size, p, k)) for k in range(1, size - p + 2)] if p else []
                for p in range(size + 1)
            ]
            for size in set(map(_size, results))
        }
        denominator = math.lcm(*(v.denominator for rows in values.values() for row in rows for v in row))
        whole = {size: [[int(v * denominator) for v in row] for row in rows] for size, rows in values.items()}
        totals: dict[str, int] = dict.fromkeys(map(_player, results), 0)
        for group in by_session.values():
            places = [r.place for r in group]
            tied = len(set(places)) < len(places)
            for r in group:
                sharing = places.count(r.place) if tied else 1
                if r.place + sharing - 1 > r.table_size:
                    raise RankingError(
                        "place_overfull", session=str(r.session), count=sharing, place=r.place, size=r.table_size
                    )
                totals[r.player] += whole[r.table_size][r.place][sharing]
        return {player: exact(Fraction(total, denominator)) for player, total in totals.items()}

    def scores(self, tallies: Sequence[Tally], results: Sequence[EveningResult]) -> dict[str, Score]:
        return self.placement_totals(results)


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchdayPoints(PlacementPoints):
    """Placement points 4, 3, 2, 1 (``n + 1 − place``) unless a table says otherwise; game points break a tie."""

    key = "matchday_points"
    builtin_tiebreaks = ("more_points",)

    formula: str | None = param(optional(choice(*FORMULAS)), "descending")


@dataclass(frozen=True, slots=True, kw_only=True)
class TablePointsPlusGamePoints(PlacementPoints):
    """Table points by place (40, 30, 20, 10 at four unless a table says otherwise) plus the game points."""

    key = "table_points_plus_game_points"

    formula: str | None = param(optional(choice(*FORMULAS)), "descending_tens")

    def scores(self, tallies: Sequence[Tally], results: Sequence[EveningResult]) -> dict[str, Score]:
        placement = self.placement_totals(results)
        return {t.player: exact(placement[t.player] + t.points) for t in tallies}


@dataclass(frozen=True, slots=True, kw_only=True)
class EveningsWon(Mode):
    """The evenings a player finished first at the table; a first place shared by players level on points counts
    as won for each of them."""

    key = "evenings_won"
    penalised = False

    def score(self, t: Tally) -> Score:
        return t.evenings_won


MODES: dict[str, type[Mode]] = {
    cls.key: cls
    for cls in (
        TotalPoints, TotalMoney, Average, BestN, PlacementPoints, MatchdayPoints, TablePointsPlusGamePoints,
        EveningsWon,
    )
}  # fmt: skip


def add_months(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` later, or earlier for a negative count (the month's last day where it is shorter)."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    return datetime.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def window_start(last: datetime.date, months: int) -> datetime.date:
    """The first day a rolling window of ``months`` up to ``last`` counts: the day after the same day ``months``
    earlier."""
    return add_months(last, -months) + datetime.timedelta(days=1)


def parse_mode(config: Mode | Mapping[str, Any]) -> Mode:
    """The mode a season stores as ``{"mode": key, **params}``; RankingError naming the first problem."""
    if isinstance(config, Mode):
        return config
    if not isinstance(config, Mapping):
        raise RankingError("param_type", param="mode", expected="a mapping", got=_kind(config))
    if "mode" not in config:
        raise RankingError("mode_missing")
    key = config["mode"]
    cls = MODES.get(key) if isinstance(key, str) else None
    if cls is None:
        raise RankingError("unknown_mode", mode=repr(key), known=", ".join(MODES))
    return cls.from_params({k: v for k, v in config.items() if k != "mode"})
