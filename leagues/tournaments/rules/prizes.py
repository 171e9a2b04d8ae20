"""A tournament's prizes: the prize list as data, and who wins what under the final ranking. Pure Python, no Django.

The list, as stored in ``Tournament.settings["prizes"]``::

    {"pool": [{"place": 1, "percent": 40}, {"place": 2, "percent": 25}, {"place": 5, "prize_cents": 1000}],
     "categories": [{"category": "women", "label": "Best woman", "prize_cents": 2000},
                    {"category": "best_of_table", "prize_cents": 500},
                    {"category": "high_of_session", "prize_cents": 1000, "stacks": true}]}

The rules, as most clubs print them on the invitation:

* A place's prize is a percentage of the fees collected (the entry fee × the participants registered) or a fixed
  amount. Each percentage is rounded down to the cent; what rounding leaves of the percentages' sum goes to the best
  place paid by a percentage, so the pool is paid out to the cent.
* Players sharing a place share the prizes of the places they cover: two level on place 2 split the prizes of
  places 2 and 3. A split is in whole cents; the odd cents go one each to the first of them in the ranking.
* A category prize goes to the best eligible player: ``best_of_table`` to the one with the most points at each
  table of the last round (one prize per table), ``high_of_session`` to the best single round of the tournament,
  any other category (``women``, ``youth``, …) to the best-placed participant registered in it. Players level on
  what decides share it, as above.
* One prize a player: the places are paid first, then the categories in the order listed, each to the best eligible
  player who has no prize yet. A category with ``"stacks": true`` goes to the best regardless, on top of any other
  prize (and keeps nobody from a later one). Listing a category twice pays its best two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scorekeeper.engine.reading import Fields, Problem, flag, optional, text, whole

from ...competition import CENTS_MOST
from .words import InvalidTournament, bad, say

BEST_OF_TABLE, HIGH_OF_SESSION = "best_of_table", "high_of_session"
LABEL_MAX = 60
POOL_KEYS = ("place", "percent", "prize_cents")
CATEGORY_KEYS = ("category", "label", "prize_cents", "stacks")


@dataclass(frozen=True, slots=True)
class PlacePrize:
    place: int
    percent: Fraction | None = None  # of the fees collected; else the fixed amount
    prize_cents: int | None = None


@dataclass(frozen=True, slots=True)
class CategoryPrize:
    category: str  # best_of_table, high_of_session, or a participant category such as "women"
    prize_cents: int
    label: str = ""
    stacks: bool = False  # paid on top of any other prize


@dataclass(frozen=True, slots=True)
class Prizes:
    pool: tuple[PlacePrize, ...] = ()
    categories: tuple[CategoryPrize, ...] = ()


@dataclass(frozen=True, slots=True)
class Ranked:
    """What awarding needs to know of a player of the final ranking."""

    player: int  # start number
    place: int
    rounds: Mapping[int, int]  # round → points
    categories: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Award:
    player: int
    cents: int
    place: int | None = None  # the place prize it pays (the first of the places a shared place covers)
    category: CategoryPrize | None = None
    table: int | None = None  # best_of_table: the table of the last round


# reading and writing ---------------------------------------------------------------------------------------------


def read_prizes(raw: Any) -> Prizes:
    """The prize list of ``raw``; InvalidTournament names the path (``pool[1].percent``) of every bad field."""
    problems: list[Problem] = []
    top = Fields(raw, "", ("pool", "categories"), problems)
    pool: list[PlacePrize] = []
    for path, item in top.items("pool", []):
        prize = _place(Fields(item, path, POOL_KEYS, problems))
        if prize.place and prize.place in (p.place for p in pool):
            problems.append(Problem(f"{path}.place", say("prize_place_twice", place=prize.place)))
        pool.append(prize)
    categories = tuple(
        _category(Fields(item, path, CATEGORY_KEYS, problems)) for path, item in top.items("categories", [])
    )
    total = sum((p.percent for p in pool if p.percent), Fraction(0))
    if total > 100:
        problems.append(Problem("pool", say("percent_total", total=str(_percent_json(total)))))
    if problems:
        raise InvalidTournament(problems)
    return Prizes(tuple(sorted(pool, key=lambda p: p.place)), categories)


def prizes_json(prizes: Prizes) -> dict[str, Any]:
    """The list as :func:`read_prizes` reads it, as stored."""
    return {
        "pool": [
            {"place": p.place, "percent": _percent_json(p.percent)}
            if p.percent is not None
            else {"place": p.place, "prize_cents": p.prize_cents}
            for p in prizes.pool
        ],
        "categories": [
            {
                "category": c.category,
                **({"label": c.label} if c.label else {}),
                "prize_cents": c.prize_cents,
                "stacks": c.stacks,
            }
            for c in prizes.categories
        ],
    }


def _place(fields: Fields) -> PlacePrize:
    place = fields.get("place", whole(1)) or 0
    percent = fields.get("percent", optional(_percent), None)
    cents = fields.get("prize_cents", optional(whole(1, CENTS_MOST)), None)
    if ("percent" in fields.raw) == ("prize_cents" in fields.raw):  # a bad value of either is a problem already
        fields.problems.append(Problem(fields.path, say("percent_or_cents")))
    return PlacePrize(place, percent, None if percent is not None else cents)


def _category(fields: Fields) -> CategoryPrize:
    return CategoryPrize(
        category=fields.get("category", text) or "",
        prize_cents=fields.get("prize_cents", whole(1, CENTS_MOST)) or 0,
        label=fields.get("label", optional(_label), None) or "",
        stacks=fields.get("stacks", flag, False) or False,
    )


def _percent(value: Any) -> Fraction:
    if type(value) not in (int, float) or not 0 < value <= 100:
        raise bad("percent_range", got=repr(value))
    return Fraction(str(value))  # 12.5 as typed, not as the float stores it


def _label(value: Any) -> str:
    if value == "":  # no label (as lists stored before a category without one was written without it)
        return ""
    label = text(value)
    if len(label) > LABEL_MAX:
        raise bad("label_too_long", most=LABEL_MAX)
    return label


def _percent_json(percent: Fraction | None) -> int | float | None:
    if percent is None:
        return None
    return int(percent) if percent.denominator == 1 else float(percent)


# awarding --------------------------------------------------------------------------------------------------------


def place_amounts(pool: Sequence[PlacePrize], fees_cents: int) -> dict[int, int]:
    """Each place's prize in cents: percentages rounded down, what rounding leaves to the best percentage place."""
    amounts = {p.place: p.prize_cents or 0 for p in pool if p.percent is None}
    by_percent = {p.place: p.percent for p in pool if p.percent is not None}
    for place, percent in by_percent.items():
        amounts[place] = int(fees_cents * percent / 100)
    if by_percent:
        paid_out = int(fees_cents * sum(by_percent.values()) / 100)
        amounts[min(by_percent)] += paid_out - sum(amounts[place] for place in by_percent)
    return amounts


def split(total: int, shares: int) -> list[int]:
    """``total`` cents in ``shares`` whole-cent parts, the odd cents one each to the first parts."""
    each, odd = divmod(total, shares)
    return [each + 1] * odd + [each] * (shares - odd)


def award(
    prizes: Prizes,
    ranking: Sequence[Ranked],
    *,
    fees_cents: int,
    last_round: int | None = None,
    last_tables: Mapping[int, Sequence[int]] | None = None,
) -> list[Award]:
    """Who wins what: the place prizes in ranking order, then each category prize as listed (module docstring).

    ``ranking`` is the final ranking, best first; ``last_tables`` maps each table of ``last_round`` to its players'
    start numbers (for ``best_of_table``).
    """
    awards = _place_awards(prizes.pool, ranking, fees_cents)
    winners = {a.player for a in awards}
    order = {r.player: i for i, r in enumerate(ranking)}
    for prize in prizes.categories:
        eligible = [r for r in ranking if prize.stacks or r.player not in winners]
        for table, contenders, score in _contests(prize.category, eligible, last_round, last_tables or {}):
            best = [r for r in contenders if score(r) == max(map(score, contenders))]
            best.sort(key=lambda r: order[r.player])
            for r, cents in zip(best, split(prize.prize_cents, len(best)), strict=True):
                awards.append(Award(r.player, cents, category=prize, table=table))
                if not prize.stacks:
                    winners.add(r.player)
    return awards


def _place_awards(pool: Sequence[PlacePrize], ranking: Sequence[Ranked], fees_cents: int) -> list[Award]:
    amounts = place_amounts(pool, fees_cents)
    awards: list[Award] = []
    groups: dict[int, list[Ranked]] = {}
    for r in ranking:
        groups.setdefault(r.place, []).append(r)
    for place, level in groups.items():
        total = sum(amounts.get(covered, 0) for covered in range(place, place + len(level)))
        if total:
            shares = zip(level, split(total, len(level)), strict=True)
            awards.extend(Award(r.player, cents, place=place) for r, cents in shares)
    return awards


Score = Callable[[Ranked], int]


def _contests(
    category: str, eligible: list[Ranked], last_round: int | None, last_tables: Mapping[int, Sequence[int]]
) -> list[tuple[int | None, list[Ranked], Score]]:
    """Where a category prize is contested: (table or None, the contenders, what decides, higher better)."""
    if category == HIGH_OF_SESSION:
        played = [r for r in eligible if r.rounds]
        return [(None, played, lambda r: max(r.rounds.values()))] if played else []
    if category == BEST_OF_TABLE:
        if last_round is None:
            return []
        by_player = {r.player: r for r in eligible}
        tables = [(table, [by_player[p] for p in seated if p in by_player]) for table, seated in last_tables.items()]
        return [(table, seated, lambda r: r.rounds.get(last_round, 0)) for table, seated in sorted(tables) if seated]
    members = [r for r in eligible if category in r.categories]
    return [(None, members, lambda r: -r.place)] if members else []


__all__ = [
    "Award",
    "CategoryPrize",
    "PlacePrize",
    "Prizes",
    "Ranked",
    "award",
    "place_amounts",
    "prizes_json",
    "read_prizes",
    "split",
]
