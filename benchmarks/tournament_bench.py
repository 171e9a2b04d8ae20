"""How fast a big tournament is drawn and ranked (run by hand, not in the test suite).

    [DATABASE_URL=postgres://…] .venv/bin/python benchmarks/tournament_bench.py --players 200 --rounds 8 [--seed 1]

In a scratch database (``schreiber_tournament_bench`` on PostgreSQL) a club registers PLAYERS guests for a DDV
tournament of ROUNDS rounds; the whole tournament is drawn (``services.tournaments.draw``, timed), then every
round is started as drawn and played: three deals at each table (a Pflichtsolo among them), its sheet closed, the
round closed. Then, signed in as the club's owner, it times the final ranking page as a whole request through the
real settings and middleware: the first request, and the median of the next five. Until the ranking page exists
it times ``leagues.selectors.ranking`` itself and says so (``ranking_timed``).

The last line is one JSON object: ``draw_ms``, ``draw_cpu_ms``, ``ranking_ms`` (the median), ``ranking_first_ms``,
``repeats`` (over all pairs, the meetings beyond the first), ``lower_bound`` and ``max_meetings``. Targets for
200 × 8: the draw under 2 s, the ranking under 100 ms; for 13 × 3: at most 12 repeats, the same on every run.

``--grid`` times the draw alone (no database) over every field a club really has, 8 to 60 players over 2 to 6
rounds, fresh, with wishes, after a withdrawal and after a late arrival (``draw_bench.grid``), and prints the worst
CPU and wall time: each under 2 s.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from _scratch import scratch_database
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client
from django.urls import NoReverseMatch, reverse
from draw_bench import grid

import schreiber.wsgi  # noqa: F401  start-up as the production server does it: the views loaded, the heap frozen
from leagues.models import Participant, Tournament
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.rules.samples import next_deal
from scorekeeper import services
from scorekeeper.models import Member

DAY = datetime.date(2026, 11, 28)


def register(club: Any, owner: User, players: int, rounds: int, seed: int) -> Tournament:
    """A DDV tournament with ``players`` guests, registered in bulk (registering is not what is measured)."""
    tournament = tournaments.create_tournament(
        club=club, actor=owner, name="Benchmark-Turnier", preset="ddv", played_on=DAY, rounds=rounds, seed=seed
    )
    guests = Member.objects.bulk_create(
        Member(club=club, name=f"Spieler {n:03d}", is_guest=True) for n in range(1, players + 1)
    )
    Participant.objects.bulk_create(
        Participant(tournament=tournament, number=n, member=m, name=m.name) for n, m in enumerate(guests, start=1)
    )
    return tournament


def play_round(tournament: Tournament, owner: User) -> None:
    """The next round as drawn: three deals at each table (seat 1 deals first; at five he sits out), then time is
    called and the Pflichtsoli still owed are played, sheets closed."""
    this_round = tournaments.start_round(tournament=tournament, actor=owner)
    for table in this_round.tables.select_related("session"):
        session = table.session
        names = [seat.name for seat in session.seats.order_by("position")]
        for facts in (
            {"type": "normal", "re": [names[1], names[3]], "re_points": 150},
            {"type": "solo", "solo": "damen", "re": [names[2]], "re_points": 190, "forced": True},
            {"type": "normal", "re": [names[2], names[3]], "re_points": 100},
        ):
            services.record_deal(session=session, actor=owner, facts=facts)
    tournaments.call_time(this_round=this_round, actor=owner)
    for table in this_round.tables.select_related("session", "round__tournament"):
        while (ending := next_deal(tournaments.table_sheet(table))) is not None:
            services.record_deal(session=table.session, actor=owner, facts=ending)
        services.close_session(session=table.session, actor=owner)
    tournaments.close_round(this_round=this_round, actor=owner)


def timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def ranking_request(club_slug: str, tournament: Tournament, owner: User) -> tuple[str, Callable[[], Any]]:
    """What is timed as the final ranking: the page when it exists, else the selector behind it."""
    try:
        url = reverse("tournament_ranking", args=[club_slug, tournament.pk])
    except NoReverseMatch:
        return "selector", lambda: selectors.ranking(tournament)
    client = Client()
    client.force_login(owner)

    def get() -> None:
        response = client.get(url, secure=True)
        assert response.status_code == 200, response.status_code

    return "page", get


def bench(players: int, rounds: int, seed: int) -> dict[str, Any]:
    owner = User.objects.create_user("anna", password="x")
    club = services.create_club(owner=owner, name="Turnierclub", owner_name="Anna")
    tournament = register(club, owner, players, rounds, seed)
    drawn: list[Any] = []
    cpu = time.process_time()
    draw_ms = timed(lambda: drawn.append(tournaments.draw(tournament=tournament, actor=owner)))
    draw_cpu_ms = (time.process_time() - cpu) * 1000
    stats = drawn[0].stats
    print(f"{players} players × {rounds} rounds drawn in {draw_ms:.0f} ms ({draw_cpu_ms:.0f} ms CPU)")
    print(
        f"  repeats {stats.repeats} (lower bound {drawn[0].lower_bound}), most meetings of a pair {stats.max_meetings}"
    )
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        with transaction.atomic():
            play_round(tournament, owner)
        print(f"  round {number} played in {time.perf_counter() - start:.1f} s")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # fresh planner statistics, as autovacuum keeps them in production
            cursor.execute("ANALYZE")
    selector = statistics.median(timed(lambda: selectors.ranking(tournament)) for _ in range(5))
    print(f"  ranking selector alone: {selector:.1f} ms")
    what, request = ranking_request(club.slug, tournament, owner)
    first = timed(request)
    warm = statistics.median(timed(request) for _ in range(5))
    print(f"  ranking ({what}): first {first:.1f} ms, then {warm:.1f} ms")
    return {
        "database": connection.vendor,
        "players": players,
        "rounds": rounds,
        "ranking_timed": what,
        "ranking_first_ms": round(first, 1),
        "draw_ms": round(draw_ms, 1),
        "draw_cpu_ms": round(draw_cpu_ms, 1),
        "ranking_ms": round(warm, 1),
        "ranking_selector_ms": round(selector, 1),
        "repeats": stats.repeats,
        "lower_bound": drawn[0].lower_bound,
        "max_meetings": stats.max_meetings,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grid", action="store_true", help="time the draw alone over 8-60 players, 2-6 rounds")
    parser.add_argument("--step", type=int, default=1, help="the grid's step in players")
    args = parser.parse_args()
    if args.grid:
        print(json.dumps(grid(args.step, args.seed)))
        return
    with scratch_database("schreiber_tournament_bench"):
        result = bench(args.players, args.rounds, args.seed)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
