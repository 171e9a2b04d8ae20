"""A player's statistics in a season, read from the stored per-player results (``PlayerResult``), never from deals.

A few indexed queries, whatever the league's size: the player's rows in the season (by member: a login's
memberships first), the season's days (for attendance, as stored with its standing), and the names of the players
met at the table (partners and opponents are stored by member id; memberships linked to one login are one player,
as in the standing). Rates are Fractions, None without anything to count; templates format them.

Streaks run over the deals in date order (``outcomes``, evening after evening); a deal nobody won (``-``: a
thrown-in deal, a doubler) neither ends a streak nor adds to it.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils.functional import Promise

from schreiber import kept
from scorekeeper.games import pack_of
from scorekeeper.models import Member, PlayerResult

from .models import Season
from .selectors import CACHE_SECONDS, player_key, season_days, season_rows, stamp

# The columns a player's rows are read with.
COLUMNS = (
    "session_id", "session__club_id", "played_on", "name", "game", "points", "money_cents", "deals_played",
    "deals_out", "deals_won", "by_contract", "solos_played", "solos_won", "pflichtsoli_played", "pflichtsoli_won",
    "schneider_for", "schneider_against", "schwarz_for", "schwarz_against", "kontra_given", "kontra_won", "re_given",
    "re_won", "partners", "opponents", "outcomes", "best_deal", "worst_deal", "value_sum",
)  # fmt: skip
# What a player's rows add up to: counts, and Tallies of a count and the won ones.
COUNTED = ("deals_out", "schneider_for", "schneider_against", "schwarz_for", "schwarz_against", "value_sum")
TALLIED = {
    "deals": ("deals_played", "deals_won"),
    "solos": ("solos_played", "solos_won"),
    "pflichtsoli": ("pflichtsoli_played", "pflichtsoli_won"),
    "kontra": ("kontra_given", "kontra_won"),
    "re": ("re_given", "re_won"),
}
EVENING = ("session_id", "session__club_id", "played_on", "points", "money_cents")  # an Evening's columns, in order
KEY = re.compile(r"(?P<kind>[um])(?P<id>[0-9]+)")


def rate(won: int, of: int) -> Fraction | None:
    return Fraction(won, of) if of else None


@dataclass
class Tally:
    """How often a thing happened (``count``) and how often the player won it."""

    count: int = 0
    won: int = 0

    @property
    def rate(self) -> Fraction | None:
        return rate(self.won, self.count)

    def add(self, count: int, won: int) -> None:
        self.count += count
        self.won += won


@dataclass(frozen=True)
class Evening:
    """One session the player played in."""

    session_id: int
    club_id: int
    day: datetime.date
    points: int
    money_cents: int


@dataclass(frozen=True)
class Peak:
    """A best or worst: the points of an evening or of one deal, and the evening it happened in."""

    value: int
    evening: Evening


@dataclass(frozen=True)
class Contract:
    key: str  # the contract type of the entry form: "sauspiel", "pick", "small_solo" …
    label: str | Promise
    tally: Tally


@dataclass
class Pairing:
    """Deals played with (or against) another player, and how many of them this player won."""

    key: str
    name: str
    tally: Tally = field(default_factory=Tally)


@dataclass
class PlayerStatistics:
    key: str
    name: str
    game: str
    season_evenings: int  # the days with a closed session in the season
    days_played: int  # of those, the days the player played
    evenings: list[Evening]  # in date order
    deals: Tally  # deals played, won
    deals_out: int
    contracts: list[Contract]  # as declarer, soloist or picker: the most played first
    solos: Tally
    pflichtsoli: Tally
    kontra: Tally  # given, won
    re: Tally
    schneider_for: int
    schneider_against: int
    schwarz_for: int
    schwarz_against: int
    value_sum: int
    longest_winning_streak: int
    longest_losing_streak: int
    best_evening: Peak
    worst_evening: Peak
    best_deal: Peak | None  # None when the player sat out every deal
    worst_deal: Peak | None
    partners: list[Pairing]  # the most deals first
    opponents: list[Pairing]

    @property
    def sessions(self) -> int:
        return len(self.evenings)

    @property
    def has_doubling(self) -> bool:
        return pack_of(self.game).counting.counts_doubling

    @property
    def has_pflichtsolo(self) -> bool:
        return pack_of(self.game).counting.counts_pflichtsoli

    @property
    def points(self) -> int:
        return sum(e.points for e in self.evenings)

    @property
    def money_cents(self) -> int:
        return sum(e.money_cents for e in self.evenings)

    @property
    def attendance(self) -> Fraction | None:
        return rate(self.days_played, self.season_evenings)

    @property
    def average_value(self) -> Fraction | None:
        """What a deal played was worth to the player on average, won or lost."""
        return rate(self.value_sum, self.deals.count)

    def per_deal(self, count: int) -> Fraction | None:
        return rate(count, self.deals.count)

    @property
    def schneider_for_rate(self) -> Fraction | None:
        return self.per_deal(self.schneider_for)

    @property
    def schneider_against_rate(self) -> Fraction | None:
        return self.per_deal(self.schneider_against)

    @property
    def schwarz_for_rate(self) -> Fraction | None:
        return self.per_deal(self.schwarz_for)

    @property
    def schwarz_against_rate(self) -> Fraction | None:
        return self.per_deal(self.schwarz_against)


def player_rows(rows: QuerySet[PlayerResult], key: str) -> QuerySet[PlayerResult]:
    """The rows of the player ``key`` names (``player_key``): every membership of a login, or one without."""
    found = KEY.fullmatch(key)
    if found is None:
        return rows.none()
    if found["kind"] == "u":  # by the login's memberships, listed: a subquery has SQLite read the season's rows
        memberships = Member.objects.filter(user_id=int(found["id"])).values_list("pk", flat=True)
        return rows.filter(member_id__in=list(memberships))
    return rows.filter(member_id=int(found["id"]), member__user__isnull=True)


def player_statistics(season: Season, key: str) -> PlayerStatistics:
    """The statistics of the player ``key`` in ``season``; Http404 when the player has none.

    What is counted from the player's rows is kept, once per change of the season's results (``selectors.stamp``,
    like the standing; the player's own name is the latest sheet's, one of those rows). The players met at the table
    are kept by member id and named with each call: their names are the members' as they are now, and a rename moves
    no stamp, so kept names would stay old on a server that had drawn the page while a fresh one shows the new."""
    rows = season_rows(season)
    counted, partners, opponents = kept.kept(
        "player-statistics", (season.pk, key, stamp(season, rows)), lambda: _counted(season, rows, key), CACHE_SECONDS
    )
    names = _names({*partners, *opponents})
    return dataclasses.replace(counted, partners=_pairings(partners, names), opponents=_pairings(opponents, names))


def _counted(
    season: Season, rows: QuerySet[PlayerResult], key: str
) -> tuple[PlayerStatistics, dict[int, Tally], dict[int, Tally]]:
    """The player's statistics without partners and opponents, and those by member id."""
    own = sorted(player_rows(rows, key).values(*COLUMNS), key=lambda row: (row["played_on"], row["session_id"]))
    if not own:
        raise Http404
    evenings = [_evening(row) for row in own]
    found = _Sums()
    for evening, row in zip(evenings, own, strict=True):
        found.add(evening, row)
    game, latest = own[-1]["game"], own[-1]["name"]  # the name as on the latest sheet, as in the standing
    statistics = PlayerStatistics(
        key=key,
        name=latest,
        game=game,
        season_evenings=season_days(season, rows),
        days_played=len({e.day for e in evenings}),
        evenings=evenings,
        deals=found.deals,
        contracts=[
            Contract(contract, pack_of(game).entry.type_labels.get(contract, contract), tally)
            for contract, tally in sorted(found.contracts.items(), key=lambda item: (-item[1].count, item[0]))
        ],
        solos=found.solos,
        pflichtsoli=found.pflichtsoli,
        kontra=found.kontra,
        re=found.re,
        deals_out=found.counts["deals_out"],
        schneider_for=found.counts["schneider_for"],
        schneider_against=found.counts["schneider_against"],
        schwarz_for=found.counts["schwarz_for"],
        schwarz_against=found.counts["schwarz_against"],
        value_sum=found.counts["value_sum"],
        longest_winning_streak=longest_run(found.outcomes, "W"),
        longest_losing_streak=longest_run(found.outcomes, "L"),
        best_evening=_peak(max(evenings, key=_points)),
        worst_evening=_peak(min(evenings, key=_points)),
        best_deal=found.best_deal,
        worst_deal=found.worst_deal,
        partners=[],  # named by the caller
        opponents=[],
    )
    return statistics, found.partners, found.opponents


@dataclass
class _Sums:
    """The player's rows added up, evening after evening; partners and opponents still by member id."""

    deals: Tally = field(default_factory=Tally)
    solos: Tally = field(default_factory=Tally)
    pflichtsoli: Tally = field(default_factory=Tally)
    kontra: Tally = field(default_factory=Tally)
    re: Tally = field(default_factory=Tally)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTED, 0))
    contracts: dict[str, Tally] = field(default_factory=dict)
    outcomes: str = ""
    best_deal: Peak | None = None
    worst_deal: Peak | None = None
    partners: dict[int, Tally] = field(default_factory=dict)
    opponents: dict[int, Tally] = field(default_factory=dict)

    def add(self, evening: Evening, row: Mapping[str, Any]) -> None:
        for name, (count, won) in TALLIED.items():
            getattr(self, name).add(row[count], row[won])
        for name in COUNTED:
            self.counts[name] += row[name]
        for contract, counts in row["by_contract"].items():
            self.contracts.setdefault(contract, Tally()).add(counts["played"], counts["won"])
        self.outcomes += row["outcomes"]
        best, worst = row["best_deal"], row["worst_deal"]
        if best is not None and (self.best_deal is None or best > self.best_deal.value):
            self.best_deal = Peak(best, evening)
        if worst is not None and (self.worst_deal is None or worst < self.worst_deal.value):
            self.worst_deal = Peak(worst, evening)
        for mine, stored in ((self.partners, row["partners"]), (self.opponents, row["opponents"])):
            for member, (deals, won) in stored.items():
                mine.setdefault(int(member), Tally()).add(deals, won)


def by_day(evenings: Iterable[Evening], value: str = "points") -> list[tuple[datetime.date, int]]:
    """Each evening's day and ``points`` or ``money_cents``, as the charts take them."""
    return [(evening.day, getattr(evening, value)) for evening in evenings]


def _evening(row: Mapping[str, Any]) -> Evening:
    return Evening(*(row[column] for column in EVENING))


def _points(evening: Evening) -> int:
    return evening.points


def _peak(evening: Evening) -> Peak:
    return Peak(evening.points, evening)


def longest_run(outcomes: str, letter: str) -> int:
    """The longest run of ``letter`` (W or L) in ``outcomes``; a ``-`` (nobody won) is passed over."""
    other = "L" if letter == "W" else "W"
    return max(len(run) for run in outcomes.replace("-", "").split(other))


def _names(members: Iterable[int]) -> dict[int, tuple[str, str]]:
    """Each member's player key and name."""
    found = Member.objects.filter(pk__in=members).order_by("pk").values_list("pk", "user_id", "name")
    return {pk: (player_key(pk, user), name) for pk, user, name in found}


def _pairings(by_member: Mapping[int, Tally], names: Mapping[int, tuple[str, str]]) -> list[Pairing]:
    """The tallies by player, a login's memberships merged (named as the one met first); the most deals first."""
    by_key: dict[str, Pairing] = {}
    for member, tally in by_member.items():
        key, name = names[member]
        by_key.setdefault(key, Pairing(key, name)).tally.add(tally.count, tally.won)
    return sorted(by_key.values(), key=lambda p: (-p.tally.count, p.name.casefold()))


@dataclass
class PlayerLine:
    """A player's season in one line, for the club's report."""

    key: str
    name: str
    evenings: list[Evening] = field(default_factory=list)  # in date order
    deals: Tally = field(default_factory=Tally)

    @property
    def best_evening(self) -> Peak:
        return _peak(max(self.evenings, key=_points))


def season_lines(rows: QuerySet[PlayerResult]) -> dict[str, PlayerLine]:
    """Every player's line over ``rows`` (a season's), in one query."""
    columns = ("member_id", "member__user_id", "name", *EVENING, "deals_played", "deals_won")
    found: dict[str, PlayerLine] = {}
    for row in rows.order_by("played_on", "session_id").values(*columns):
        key = player_key(row["member_id"], row["member__user_id"])
        line = found.setdefault(key, PlayerLine(key, row["name"]))
        line.name = row["name"]  # the latest, as in the standing
        line.evenings.append(_evening(row))
        line.deals.add(row["deals_played"], row["deals_won"])
    return found
