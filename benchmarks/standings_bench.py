"""How fast a federation's season pages answer, and what closing an evening costs (run by hand, not in the tests).

    [DATABASE_URL=postgres://…] .venv/bin/python benchmarks/standings_bench.py [--deals 100000]
        [--deals-per-evening 40] [--players 1000] [--clubs 10] [--keep] [--profile] [--no-pdf]

Builds, in a scratch database (``schreiber_standings_bench_…``: a SQLite file in the temporary folder named after
the checkout too, or on PostgreSQL a database named after the one ``DATABASE_URL`` names), a league of CLUBS clubs
with PLAYERS members between them (a third with a login) that played DEALS deals: real evenings of DEALS_PER_EVENING
deals at tables of four or five, each club on its own weekday over five years (2021 to 2025, each year busier than
the one before), several tables on a busy evening. The deals are copies of a few dozen real ones recorded through
the services; each session's per-player results (what the season pages read) are written in bulk, varied and
plausible. The league has a season for each year, and over the busiest year one season for each ranking mode and one
with quarterly sub-standings.

Then, signed in as the founding club's owner, it times whole requests: each season's standings page, and for the
first one a player page, the CSV, XLSX and PDF exports and the public link; "cold" is the median of three requests
each the first after the cache is cleared, "warm" the median of the next five. It times
``leagues.selectors.standing()`` on its own (the median of seven), and its query. Last, the request that closes an
evening (with everything it writes: the evening's results, the league's revision, the ratings of the newest
evening), on the newest evening and on one three years old (whose ratings go to the background task; the stored
standings of a federation's seasons go to theirs), and those tasks on their own.

``--keep`` keeps the scratch database at the end and reuses a kept one of the same shape; a run without it builds
afresh and drops the database at the end, a kept one of that shape too. ``--profile`` prints where a request for
each kind of page and ``standing()`` in each mode spend their time.

The last line is one JSON object: the shape (``deals``, ``sessions``, ``database``), the build's wall and CPU time
and peak memory, and every timing in milliseconds (keys ending in ``_ms``). Targets: every page under 100 ms at
1,000,000 deals on both databases, and within 1.5× of its time at 100,000; closing an evening under 250 ms.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import functools
import gc
import io
import json
import pstats
import random
import resource
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import _scratch  # noqa: F401  sets Django up (the real settings)
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.db.models import Sum
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse

import schreiber.wsgi  # noqa: F401  start-up as the production server does it: the views loaded, the heap frozen
from leagues.models import League, LeagueClub, Season, StoredStanding
from leagues.seasons import selectors
from leagues.seasons import services as league_services
from leagues.seasons.rating_store import refresh_league
from leagues.seasons.standing_store import refresh_standings
from leagues.seasons.tasks import rate_league, update_standings
from scorekeeper import services
from scorekeeper.engine.samples import random_session
from scorekeeper.models import Club, Deal, Member, PlayerResult, Role, Seat, Session

PREFIX = "schreiber_standings_bench"  # and the shape: one kept database of each
SLUG = "standings-bench"  # the founding club; the others are standings-bench-2 …
YEARS = range(2021, 2026)  # each busier than the one before; the last one is the busiest
TEMPLATE_DEALS = 36  # distinct real deals per table size, recorded through the services
RULES, TARIFF, CENTS_PER_POINT = "classic", "10/20", 1
CHAIN = ["more_sessions", "direct_comparison", "best_evening", "more_solos_won", "shared"]
# The seasons over the busiest year: a label (the JSON's keys), its ranking and its sub-standings.
MODES: list[tuple[str, dict[str, Any], str]] = [
    ("total_points", {"mode": "total_points"}, ""),
    ("total_money", {"mode": "total_money"}, ""),
    ("average", {"mode": "average", "per": "round", "min_rounds": 36}, ""),
    ("best_n", {"mode": "best_n", "n": 10}, ""),
    ("placement_points", {"mode": "placement_points", "formula": "linear_100"}, ""),
    ("matchday_points", {"mode": "matchday_points"}, ""),
    ("table_points_plus_game_points", {"mode": "table_points_plus_game_points"}, ""),
    ("quarter", {"mode": "total_points"}, "quarter"),
]
NEWEST = datetime.date(YEARS[-1], 12, 31)  # an evening after every evening built
OLD = datetime.date(YEARS[-1] - 3, 12, 30)  # and one three years before it
COLD = 3  # requests each after the cache is cleared; their median is the cold time
WARM = 5  # requests after the cold ones; their median is the warm time
ROUNDS = 7  # calls of standing() on its own
QUERY_AND_RANKING = r"leagues|django/db|sqlite|psycopg"  # the files a profile of standing() shows


# ------------------------------------------------------------------------------------------------ the scratch database


@dataclass(frozen=True)
class Shape:
    deals: int
    per_evening: int
    players: int
    clubs: int

    @property
    def name(self) -> str:
        return f"{PREFIX}_{self.deals}_{self.per_evening}_{self.players}_{self.clubs}"


@contextmanager
def bench_database(shape: Shape, keep: bool) -> Iterator[bool]:
    """The default connection on the scratch database of ``shape`` while the block runs: True when a kept one is
    reused (it holds the league), False when it is new, empty and migrated. Dropped at the end unless ``keep``."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]  # the test client's host
    scratch = Scratch(shape.name)
    reused = False
    if keep and scratch.exists():
        scratch.switch()
        call_command("migrate", verbosity=0)  # a kept database follows the code's migrations
        found = built_deals()
        reused = found == shape.deals
        if not reused:
            print(f"the kept database holds {found} deals, not {shape.deals}: building it again")
    if not reused:
        scratch.create()
    try:
        yield reused
    finally:
        connection.close()
        if not keep:
            scratch.drop()


class Scratch:
    """A database named ``name`` next to the one the settings name on PostgreSQL, or a SQLite file of that name in
    the temporary folder."""

    def __init__(self, name: str) -> None:
        self.before = connection.settings_dict["NAME"]
        self.postgres = connection.vendor == "postgresql"
        # After the configured database on PostgreSQL, after the checkout for a SQLite file: two worktrees
        # benchmarking at once never reuse or drop each other's.
        self.name = f"{self.before}_{name}" if self.postgres else name
        self.file = Path(tempfile.gettempdir()) / f"{name}_{Path(__file__).resolve().parents[1].name}.sqlite3"

    def exists(self) -> bool:
        if not self.postgres:
            return self.file.exists()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [self.name])
            return cursor.fetchone() is not None

    def switch(self) -> None:
        connection.close()
        connection.settings_dict["NAME"] = self.name if self.postgres else str(self.file)

    def create(self) -> None:
        if self.postgres:  # drops a database of that name first
            connection.close()
            connection.settings_dict["TEST"]["NAME"] = self.name
            connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        else:
            self.switch()
            self.remove_file()
            call_command("migrate", verbosity=0)

    def drop(self) -> None:
        if self.postgres:
            connection.creation.destroy_test_db(self.before, verbosity=0)
        else:
            self.remove_file()

    def remove_file(self) -> None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.file}{suffix}").unlink(missing_ok=True)


def built_deals() -> int:
    """The deals of the league's sessions (0 without the founding club, or when its seasons are missing: a build
    that did not finish)."""
    club = Club.objects.filter(slug=SLUG).first()
    if club is None or not Season.objects.filter(league__club=club).exists():
        return 0
    return built_sessions().aggregate(n=Sum("deal_count"))["n"] or 0


def built_sessions() -> Any:
    """The league's sessions the build wrote (each at a numbered table), not the evenings a run closed."""
    return Session.objects.filter(club__slug__startswith=SLUG).exclude(table="")


# ------------------------------------------------------------------------------------------------------------ the build


def build(shape: Shape, seed: int = 13) -> None:
    """The clubs, their members, sessions, deals and per-player results, the league and its seasons, in one
    transaction."""
    rng = random.Random(seed)
    with transaction.atomic():
        owner = User.objects.create_user("anna", password="x")
        clubs = add_clubs(owner, shape.clubs)
        members = add_members(clubs, shape.players)
        templates = {size: template_session(owner, size, rng) for size in (4, 5)}
        sessions, seats = plan_sessions(clubs, members, templates, shape, rng)
        copy_deals(sessions, templates)
        write_results(sessions, seats, rng)
        add_seasons(clubs, owner)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # fresh planner statistics, as autovacuum keeps them in production
            cursor.execute("ANALYZE")


def add_clubs(owner: User, count: int) -> list[Club]:
    """The founding club (``SLUG``, Anna its owner) and the others, each with an owner of its own."""
    clubs = [services.create_club(owner=owner, name="Standings bench", owner_name="Anna")]
    assert clubs[0].slug == SLUG, clubs[0].slug
    for n in range(2, count + 1):
        chair = User.objects.create_user(f"chair{n:02d}", password="!")
        clubs.append(services.create_club(owner=chair, name=f"Standings bench {n}", owner_name=f"Vorstand {n}"))
    return clubs


def add_members(clubs: list[Club], players: int) -> dict[int, list[Member]]:
    """Each club's members (its owner first), ``players`` in all; every third has a login (as the owners have)."""
    per_club = max(5, players // len(clubs))
    users = User.objects.bulk_create(
        [User(username=f"player{c:02d}{i:03d}", password="!") for c in range(len(clubs)) for i in range(1, per_club)
         if i % 3 == 0]
    )  # fmt: skip
    logins = iter(users)
    Member.objects.bulk_create(
        [
            Member(club=club, name=f"Spieler {c:02d}-{i:03d}", role=Role.MEMBER,
                   user=next(logins) if i % 3 == 0 else None)
            for c, club in enumerate(clubs)
            for i in range(1, per_club)
        ]
    )  # fmt: skip
    return {club.pk: list(club.members.order_by("pk")) for club in clubs}


def template_session(owner: User, size: int, rng: random.Random) -> Session:
    """A closed session of TEMPLATE_DEALS random deals at a table of ``size``, recorded through the services, in a
    club of its own: the deals every bench session copies."""
    club = services.create_club(owner=owner, name=f"Vorlage {size}", owner_name="Anna")
    names = ["Anna", "Bert", "Caro", "Dieter", "Emil"][:size]
    players = [club.members.get()] + [services.add_member(club=club, name=n) for n in names[1:]]
    session = services.start_session(
        club=club, actor=owner, game="schafkopf", rules=RULES, tariff=TARIFF, players=players,
        cents_per_point=CENTS_PER_POINT,
    )  # fmt: skip
    document = random_session("schafkopf", rng, TEMPLATE_DEALS, rules=RULES, tariff=TARIFF, players=names)
    for facts in document["deals"]:
        services.record_deal(session=session, actor=owner, facts=facts)
    services.close_session(session=session, actor=owner)
    session.refresh_from_db()
    assert session.deal_count == TEMPLATE_DEALS, session.deal_count
    return session


def weekdays(year: int, weekday: int) -> list[datetime.date]:
    """Every ``weekday`` (0 Monday) of ``year``."""
    day = datetime.date(year, 1, 1)
    day += datetime.timedelta(days=(weekday - day.weekday()) % 7)
    return [day + datetime.timedelta(weeks=w) for w in range(53) if (day + datetime.timedelta(weeks=w)).year == year]


def plan_sessions(
    clubs: list[Club],
    members: dict[int, list[Member]],
    templates: dict[int, Session],
    shape: Shape,
    rng: random.Random,
) -> tuple[list[Session], dict[int, list[Member]]]:
    """The league's closed sessions (one for every DEALS_PER_EVENING deals, shared out among the clubs) and their
    seats, written in bulk: each club plays on its own weekday, several tables on a busy evening, more of them each
    year; its regulars come more often than the rest."""
    count = max(len(clubs), shape.deals // shape.per_evening)
    base, extra = divmod(shape.deals, count)
    weights = [1 + 0.2 * n for n in range(len(YEARS))]
    rows: list[Session] = []
    seated_at: list[list[Member]] = []
    for c, club in enumerate(clubs):
        own = count // len(clubs) + (c < count % len(clubs))
        per_year = [round(own * w / sum(weights)) for w in weights]
        per_year[-1] += own - sum(per_year)
        evenings: list[datetime.date] = []
        for year, sessions in zip(YEARS, per_year, strict=True):
            days = weekdays(year, c % 7)
            evenings += [days[n * len(days) // sessions] for n in range(sessions)]
        club_members = members[club.pk]
        like = [1 / (i + 8) ** 0.9 for i in range(len(club_members))]  # how often each member comes
        tables: dict[datetime.date, list[Member]] = {}  # who already sits at a table that evening
        for day in evenings:
            taken = {m.pk for m in tables.setdefault(day, [])}
            # Weighted draw without replacement (Efraimidis–Spirakis) among those not seated yet that evening
            free = [(rng.random() ** (1 / w), m) for w, m in zip(like, club_members, strict=True) if m.pk not in taken]
            size = 5 if rng.random() < 0.3 and len(free) >= 5 else 4
            seated = [m for _, m in sorted(free, key=lambda p: p[0], reverse=True)[:size]]
            assert len(seated) >= 4, f"too few members in {club} for the evening of {day}"
            number = len(tables[day]) // 4 + 1  # of the evening's tables
            tables[day] += seated
            deal_count = base + (len(rows) < extra)
            fields = {
                **_fields(templates[len(seated)]), "club_id": club.pk, "played_on": day, "table": f"Tisch {number}",
                "deal_count": deal_count, "next_dealer": deal_count % len(seated), "revision": deal_count + 2,
            }  # fmt: skip
            rows.append(Session(**fields))
            seated_at.append(seated)
    created = Session.objects.bulk_create(rows, batch_size=500)
    assert all(s.pk for s in created)
    by_session = {s.pk: seated for s, seated in zip(created, seated_at, strict=True)}
    Seat.objects.bulk_create(
        [
            Seat(session_id=pk, position=i, member=m, name=m.name)
            for pk, seated in by_session.items()
            for i, m in enumerate(seated)
        ],
        batch_size=2000,
    )
    return created, by_session


def _fields(session: Session) -> dict[str, object]:
    skip = {"id", "pot_from", "created_at"}
    return {f.attname: getattr(session, f.attname) for f in Session._meta.concrete_fields if f.name not in skip}


def copy_deals(sessions: list[Session], templates: dict[int, Session]) -> None:
    """Each session's deals, the template's in turn (facts and stored result), in one INSERT … SELECT per batch of
    sessions: the database makes the rows, not Python."""
    table = Deal._meta.db_table
    columns = [f.column for f in Deal._meta.concrete_fields if f.column != "id"]
    values = {"session_id": "s.id", "sequence": "n.x", "number": "n.x"}
    select = ", ".join(values.get(c, f"t.{c}") for c in columns)
    longest = max(s.deal_count for s in sessions)
    by_size: dict[int, list[int]] = {}
    for session in sessions:
        by_size.setdefault(len(session.totals), []).append(session.pk)
    with connection.cursor() as cursor:
        for size, pks in by_size.items():
            for start in range(0, len(pks), 200):
                batch = pks[start : start + 200]
                cursor.execute(
                    f"WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < %s) "
                    f"INSERT INTO {table} ({', '.join(columns)}) SELECT {select} "
                    f"FROM {Session._meta.db_table} s CROSS JOIN n "
                    f"JOIN {table} t ON t.session_id = %s AND t.sequence = (n.x - 1) %% %s + 1 "
                    f"WHERE s.id IN ({', '.join(['%s'] * len(batch))}) AND n.x <= s.deal_count",
                    [longest, templates[size].pk, TEMPLATE_DEALS, *batch],
                )


def write_results(sessions: list[Session], seats: dict[int, list[Member]], rng: random.Random) -> None:
    """A row per seat of every session, as the services would write them from its deals (varied, plausible: the
    points of a table add up to zero, places follow them, the outcomes have a letter per deal played)."""
    rows: list[PlayerResult] = []
    changed: list[Session] = []
    for session in sessions:
        seated = seats[session.pk]
        size, count = len(seated), session.deal_count
        # At a table of five the dealer sits out; otherwise everyone plays every deal.
        out = [count // 5 + (p < count % 5) if size == 5 else 0 for p in range(size)]
        played = [count - o for o in out]
        points = [5 * round(rng.gauss(0, 3 * d**0.5)) for d in played]
        points[-1] -= sum(points)
        session.totals = points
        changed.append(session)
        for position, member in enumerate(seated):
            rows.append(result_row(session, position, member, seated, points, played[position], out[position], rng))
    Session.objects.bulk_update(changed, ["totals"], batch_size=500)
    PlayerResult.objects.bulk_create(rows, batch_size=1000)


def result_row(
    session: Session,
    position: int,
    member: Member,
    seated: list[Member],
    points: list[int],
    played: int,
    out: int,
    rng: random.Random,
) -> PlayerResult:
    mine = points[position]
    won = round(played * rng.uniform(0.3, 0.5))
    neither = round(played * rng.uniform(0.05, 0.15))
    outcomes = ["W"] * won + ["-"] * neither + ["L"] * (played - won - neither)
    rng.shuffle(outcomes)
    declared = round(played * rng.uniform(0.15, 0.3))
    solos, wenz = round(declared * 0.15), round(declared * 0.1)
    contracts = {"sauspiel": declared - solos - wenz, "solo": solos, "wenz": wenz}
    by_contract = {k: {"played": n, "won": round(n * rng.uniform(0.5, 0.8))} for k, n in contracts.items() if n}
    solos_won = sum(by_contract.get(k, {}).get("won", 0) for k in ("solo", "wenz"))
    others = [m for m in seated if m.pk != member.pk]
    partners, opponents = {}, {}
    for other in others:
        together = round(played * rng.uniform(0.12, 0.25))
        against = round(played * rng.uniform(0.4, 0.6))
        partners[str(other.pk)] = [together, round(together * rng.uniform(0.35, 0.6))]
        opponents[str(other.pk)] = [against, round(against * rng.uniform(0.3, 0.55))]
    kontra = round(played * rng.uniform(0.03, 0.08))
    return PlayerResult(
        session=session, position=position, member=member, name=member.name, game=session.game,
        played_on=session.played_on, points=mine, money_cents=mine * session.cents_per_point,
        place=1 + sum(p > mine for p in points), deals_played=played, deals_out=out, deals_won=won,
        by_contract=by_contract, solos_played=solos + wenz, solos_won=solos_won, pflichtsoli_played=0,
        pflichtsoli_won=0, schneider_for=round(won * 0.1), schneider_against=round((played - won) * 0.08),
        schwarz_for=rng.randrange(3), schwarz_against=rng.randrange(3), kontra_given=kontra,
        kontra_won=round(kontra * 0.45), re_given=round(kontra * 0.3), re_won=round(kontra * 0.15),
        partners=partners, opponents=opponents, outcomes="".join(outcomes), best_deal=rng.randrange(40, 200, 10),
        worst_deal=-rng.randrange(40, 200, 10), value_sum=played * rng.randrange(15, 30),
    )  # fmt: skip


def add_seasons(clubs: list[Club], owner: User) -> None:
    """The league of every club; a season for each year (the ranking modes in turn), and over the busiest year one
    for each of ``MODES``."""
    league = league_services.create_league(club=clubs[0], actor=owner, name="Verbandsliga", game="schafkopf")
    now = datetime.datetime.now(datetime.UTC)
    LeagueClub.objects.bulk_create([LeagueClub(league=league, club=club, joined_at=now) for club in clubs[1:]])
    for n, year in enumerate(YEARS[:-1]):
        _label, ranking, _ = MODES[n % len(MODES)]
        save_season(league, owner, f"Saison {year}", year, ranking, "")
    for label, ranking, sub_period in MODES:
        save_season(league, owner, f"{YEARS[-1]} {label}", YEARS[-1], ranking, sub_period)


def save_season(league: League, owner: User, name: str, year: int, ranking: dict[str, Any], sub: str) -> Season:
    return league_services.save_season(
        league=league, actor=owner, name=name, period=Season.Period.YEAR, starts_on=datetime.date(year, 1, 1),
        ends_on=datetime.date(year, 12, 31), ranking=ranking, tiebreaks=CHAIN, sub_period=sub,
    )  # fmt: skip


# ----------------------------------------------------------------------------------------------------------- the timing


@dataclass
class Page:
    """A page's times in ms: cold, and the median, best and CPU median of the warm requests (a busy machine stretches
    the wall time, not this process's CPU time, which on PostgreSQL leaves out the database's); its queries and size."""

    cold: float
    cold_cpu: float
    warm: float
    best: float
    cpu: float
    queries: int
    size: int
    written: float | None  # ms the background worker took to write it (an export written once per change)


def timed_page(client: Client, path: str) -> Page | None:
    """Cold (the median of COLD requests, each the first after the cache is cleared) and warm (the median of the
    next WARM); None when the page does not
    answer 200 (not there yet). A first request before them pays what a process pays once (its templates compiled),
    as a server long up has. An export written in the background (202: the waiting page) is written first by the
    worker, as ``make run``'s does, and then timed as downloaded; ``written`` is what the worker took."""
    written = None
    if client.get(path, secure=True).status_code == 202:
        start = time.perf_counter()
        call_command("db_worker", batch=True, no_startup_delay=True, verbosity=0)
        written = (time.perf_counter() - start) * 1000
    colds, cold_cpus = [], []
    for _ in range(COLD):
        cache.clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(path, secure=True)
        colds.append((time.perf_counter() - start) * 1000)
        cold_cpus.append((time.process_time() - start_cpu) * 1000)
        if response.status_code != 200:
            print(f"  {path}: {response.status_code}")
            return None
    cold, cold_cpu = statistics.median(colds), statistics.median(cold_cpus)
    wall, cpu = [], []
    for _ in range(WARM):
        start, start_cpu = time.perf_counter(), time.process_time()
        client.get(path, secure=True)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    with CaptureQueriesContext(connections["default"]) as queries:
        client.get(path, secure=True)
    median, best = statistics.median(wall), min(wall)
    size = len(response.getvalue())  # a PDF streams
    return Page(cold, cold_cpu, median, best, statistics.median(cpu), len(queries), size, written)


def url(name: str, *args: Any) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def measure(profile: bool, per_evening: int, formats: tuple[str, ...]) -> dict[str, Any]:
    club = Club.objects.get(slug=SLUG)
    owner = club.members.get(role=Role.OWNER).user
    assert owner is not None
    seasons = {s.name: s for s in Season.objects.filter(league__club=club).select_related("league__club")}
    results: dict[str, Any] = {}
    client = Client()
    client.force_login(owner)
    print(f"{'page, in ms':40} {'cold':>8} {'cpu':>8} {'warm':>8} {'best':>8} {'cpu':>8} {'queries':>8} {'KB':>8}")
    missing = []
    for label, _, _ in MODES:
        season = seasons[f"{YEARS[-1]} {label}"]
        pages = [(f"standings_{label}", url("season", SLUG, season.pk))]
        if label == MODES[0][0]:
            player = selectors.standing(season).rows[0].totals.key  # the leader's page
            if not season.public_token:
                season = league_services.change_public_link(season=season, actor=owner, enabled=True)
            pages += [
                ("player", url("season_player", SLUG, season.pk, player)),
                *((fmt, url("season_export", SLUG, season.pk, fmt)) for fmt in formats),
                ("public", url("public_standing", season.public_token)),
            ]
        for key, path in pages:
            page = timed_page(client, path) if path else None
            if path is None or page is None:
                missing.append(key)
                continue
            results[f"{key}_cold_ms"], results[f"{key}_warm_ms"] = round(page.cold, 1), round(page.warm, 1)
            results[f"{key}_cold_cpu_ms"], results[f"{key}_warm_cpu_ms"] = round(page.cold_cpu, 1), round(page.cpu, 1)
            print(f"{key:40} {page.cold:8.1f} {page.cold_cpu:8.1f} {page.warm:8.1f} {page.best:8.1f} {page.cpu:8.1f} "
                  f"{page.queries:8} {page.size / 1000:8.0f}")  # fmt: skip
            if page.written is not None:
                results[f"{key}_written_ms"] = round(page.written, 1)
                print(f"  {key} written by the background worker in {page.written:.0f} ms")
            if profile and label == MODES[0][0]:
                print_profile(functools.partial(client.get, path, secure=True), "tottime", r"")
    if missing:
        print(f"not timed (no such page yet, or not 200): {', '.join(missing)}")
    print(f"\n{'standing() alone, in ms':32} {'median':>8} {'best':>8} {'query':>8} {'results':>8} {'ranking':>8}")
    for label, _, _ in MODES:
        season = seasons[f"{YEARS[-1]} {label}"]
        median, best = timed_call(functools.partial(selectors.standing, season))
        query, made = phases(season)
        rest = max(0.0, best - query - made)  # each a best of its own: on a busy machine the sum can miss
        results[f"standing_{label}_ms"] = round(median, 1)
        print(f"{'  ' + label:32} {median:8.1f} {best:8.1f} {query:8.1f} {made:8.1f} {rest:8.1f}")
        if profile:
            print_profile(functools.partial(selectors.standing, season), "cumulative", QUERY_AND_RANKING)
    rows = selectors.season_rows(seasons[f"{YEARS[-1]} {MODES[0][0]}"]).count()
    print(f"  ({rows} result rows a season of the busiest year; the phases are each the best of {ROUNDS}: its query,")
    print("  making the ranking engine's input of the rows, and the rest: the ranking, twice for the movement)")
    results.update(closing(client, club, owner, per_evening))
    return results


def closing(client: Client, club: Club, owner: User, deals: int) -> dict[str, Any]:
    """The request that closes an evening of ``deals`` deals, on the newest evening (its ratings written at
    once) and on one three years old (its ratings left to the background task), and that task on its own."""
    league = League.objects.get(club=club)
    results: dict[str, Any] = {}
    print(f"\n{'closing an evening, in ms':32} {'wall':>8} {'cpu':>8} {'queries':>8}  ratings after it")
    for label, day in (("newest", NEWEST), ("3_years_old", OLD)):
        session = open_evening(club, owner, day, deals)
        path = reverse("session_close", args=[SLUG, session.pk])
        with CaptureQueriesContext(connections["default"]) as queries:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.post(path, secure=True)
            wall, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000
        assert response.status_code == 302, response.status_code
        league.refresh_from_db()
        state = "current" if league.rating_current else "being updated (task queued)"
        print(f"{'  ' + label:32} {wall:8.1f} {cpu:8.1f} {len(queries):8}  {state}")
        results[f"close_evening_{label}_ms"] = round(wall, 1)
    results["close_evening_ms"] = max(results["close_evening_newest_ms"], results["close_evening_3_years_old_ms"])
    for name, work in (("rating", rate_league), ("standings", update_standings)):
        start, start_cpu = time.perf_counter(), time.process_time()
        work.call(league.pk)  # what the worker runs (``manage.py db_worker``)
        wall, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000
        results[f"{name}_task_ms"] = round(wall, 1)
        print(f"{'  the ' + name + ' task':32} {wall:8.1f} {cpu:8.1f}")
    return results


def open_evening(club: Club, owner: User, day: datetime.date, deals: int) -> Session:
    """An evening of ``deals`` random deals at a table of four of the club's regulars, still open."""
    players = list(club.members.order_by("pk")[:4])
    session = services.start_session(
        club=club, actor=owner, game="schafkopf", rules=RULES, tariff=TARIFF, players=players,
        cents_per_point=CENTS_PER_POINT, played_on=day,
    )  # fmt: skip
    names = [p.name for p in players]
    document = random_session("schafkopf", random.Random(day.toordinal()), deals, rules=RULES,
                              tariff=TARIFF, players=names)  # fmt: skip
    for facts in document["deals"]:
        services.record_deal(session=session, actor=owner, facts=facts)
    return session


def timed_call(call: Callable[[], Any]) -> tuple[float, float]:
    """The median and the best wall time of ROUNDS calls, in ms (a busy machine stretches some of them)."""
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def phases(season: Season) -> tuple[float, float]:
    """The best time of ``standing()``'s query (the rows fetched), and of making the ranking engine's input of them
    (``evening_results``), in ms."""
    fetched: list[Any] = []
    _, query = timed_call(lambda: fetched.append(list(selectors.season_rows(season).values_list(*selectors.ROW))))
    _, made = timed_call(lambda: selectors.evening_results(fetched[0]))
    return query, made


def print_profile(call: Callable[[], Any], order: str, only: str) -> None:
    """The 14 functions of ``call`` first by ``order`` whose file matches ``only``, under cProfile (which slows
    the Python part down more than the database's)."""
    profiler = cProfile.Profile()
    profiler.enable()
    call()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(only, 14)
    print("\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip()))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--deals-per-evening", type=int, default=40)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--clubs", type=int, default=10)
    parser.add_argument("--keep", action="store_true", help="keep the scratch database, reuse a kept one")
    parser.add_argument("--profile", action="store_true", help="where the pages and standing() spend their time")
    parser.add_argument("--no-pdf", action="store_true", help="leave out the PDF export (written in seconds)")
    args = parser.parse_args()
    shape = Shape(args.deals, args.deals_per_evening, args.players, args.clubs)
    built: dict[str, Any] = {}
    with bench_database(shape, args.keep) as reused:
        vendor = connection.vendor
        league_sessions = built_sessions()
        if reused:
            print(f"{vendor}: reusing the kept database of {args.deals} deals")
        else:
            start, start_cpu = time.perf_counter(), time.process_time()
            build(shape)
            built = {
                "build_s": round(time.perf_counter() - start, 1),
                "build_cpu_s": round(time.process_time() - start_cpu, 1),  # this process's: not PostgreSQL's
                "build_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),  # KB on Linux
            }
            print(f"{vendor}: {league_sessions.count()} sessions, "
                  f"{Deal.objects.filter(session__club__slug__startswith=SLUG).count()} deals, "
                  f"{PlayerResult.objects.filter(session__club__slug__startswith=SLUG).count()} player results, "
                  f"built in {built['build_s']:.0f} s ({built['build_cpu_s']:.0f} s CPU), "
                  f"peak memory {built['build_peak_mb']} MB")  # fmt: skip
        sessions = league_sessions.count()
        # The ratings and the stored standings worked out from scratch, as the background tasks do (a kept
        # database may be behind).
        start = time.perf_counter()
        for league in League.objects.filter(club__slug=SLUG):
            refresh_league(league)
        rebuild_ms = (time.perf_counter() - start) * 1000
        print(f"ratings of every season worked out from scratch in {rebuild_ms:.0f} ms")
        start = time.perf_counter()
        for league in League.objects.filter(club__slug=SLUG):
            StoredStanding.objects.filter(season__league=league).delete()
            refresh_standings(league)
        standings_ms = (time.perf_counter() - start) * 1000
        print(f"standings of every season stored from scratch in {standings_ms:.0f} ms")
        formats = ("csv", "xlsx") if args.no_pdf else ("csv", "xlsx", "pdf")
        # The build's objects are the bench's, not a server's: out of the garbage collector's way, or its full
        # collections over them land on whichever request is timed then.
        gc.collect()
        gc.freeze()
        results = measure(args.profile, shape.per_evening, formats)
    peak = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(json.dumps({
        "deals": args.deals, "sessions": sessions, "deals_per_evening": shape.per_evening, "players": shape.players,
        "clubs": shape.clubs, "database": vendor, **built, "peak_mb": peak, "rating_rebuild_ms": round(rebuild_ms, 1),
        "standings_rebuild_ms": round(standings_ms, 1),
        **results,
    }))  # fmt: skip


if __name__ == "__main__":
    main()
