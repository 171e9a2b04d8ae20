"""How long the offline value table takes to work out, and how big it travels (run by hand, not in the test suite).

    .venv/bin/python benchmarks/offline_values_bench.py [--deals 60] [--evening 40] [--tables 12] [--round-only]

For each game: a session with ``--deals`` random deals in a scratch database, then the table of its next deal
(``scorekeeper.table.offline_values.build``): its entries, the CPU time of this process (the first table of a game's
rules also asks the engine for the card points' bands, kept for the next), and its size as JSON, gzipped. Then an
evening of ``--evening`` deals as the phone asks for the table (``offline_values.gzipped``, from an empty cache)
after each: how many tables were worked out, and the CPU per deal amortised over the evening. Last, a tournament round
(DDV) at ``--tables`` tables of four and as many of five, a deal at each table in turn and the table asked for after
each, one cache for all as one server has: the same, as ``tournament``, and the CPU of the tables worked out
amortised over the round's deals (``build_cpu_ms_per_deal``: what a real round adds to a cached table's answer;
``benchmarks/hall_bench.py`` runs ``--round-only`` for it).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import time
from typing import Any
from unittest import mock

from _scratch import scratch_database
from django.contrib.auth.models import User
from django.core.cache import cache

import schreiber.wsgi  # noqa: F401  the settings and apps, as the server has them
from scorekeeper import services
from scorekeeper.engine.samples import DEFAULT_PLAYERS, random_session
from scorekeeper.engine.tournament_presets import PRESETS
from scorekeeper.table import offline_values


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--evening", type=int, default=40)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--round-only", action="store_true", help="the tournament round alone")
    arguments = parser.parse_args()
    deals = arguments.deals
    with scratch_database("schreiber_offline_values_bench"):
        owner = User.objects.create_user("bench")
        club = services.create_club(owner=owner, name="Bench", owner_name="Anna")
        if arguments.round_only:
            print(json.dumps({"tournament": tournament(club, owner, arguments.tables)}))
            return
        everyone = {name for names in DEFAULT_PLAYERS.values() for name in names} - {"Anna"}
        for name in sorted(everyone):
            services.add_member(club=club, name=name)
        results = {}
        for game, names in DEFAULT_PLAYERS.items():
            members = [club.members.get(name=n) for n in names]
            session = services.start_session(
                club=club, actor=owner, game=game, players=members, rules=None, tariff=None
            )
            document = random_session(
                game, random.Random(1), deals, rules=session.rules, tariff=session.tariff, players=names
            )
            for facts in document["deals"]:
                services.record_deal(session=session, actor=owner, facts=facts)
            session.refresh_from_db()
            started = time.process_time()
            table = offline_values.build(session)
            cpu = time.process_time() - started
            started = time.process_time()
            offline_values.build(session)  # the card points' bands are known now: what each later revision costs
            again = time.process_time() - started
            body = json.dumps(table).encode()
            results[game] = {
                "entries": len(table["values"]),
                "cpu_ms_first": round(cpu * 1000),
                "cpu_ms": round(again * 1000),
                "bytes_gzip": len(gzip.compress(body)),
                "bytes": len(body),
                **evening(club, owner, game, members, names, arguments.evening),
            }
        results["tournament"] = tournament(club, owner, arguments.tables)
        print(json.dumps(results))


def evening(club: Any, owner: User, game: str, members: list[Any], names: list[str], deals: int) -> dict[str, Any]:
    """A fresh session of ``deals`` random deals, the table asked for after each (the phone's fetch, one a deal)."""
    session = services.start_session(club=club, actor=owner, game=game, players=members, rules=None, tariff=None)
    document = random_session(game, random.Random(2), deals, rules=session.rules, tariff=session.tariff, players=names)
    cache.clear()
    fetches = Fetches()
    with mock.patch.object(offline_values, "_entries", wraps=offline_values._entries) as entries:  # counts builds
        for facts in document["deals"]:
            services.record_deal(session=session, actor=owner, facts=facts)
            fetches.fetch(session)
    return {
        "evening_builds": entries.call_count,
        "evening_cpu_ms_per_deal": round(fetches.cpu * 1000 / deals, 1),
        "evening_wall_ms_per_deal": round(fetches.wall * 1000 / deals, 1),
    }


class Fetches:
    """The phone's fetches of the table after each deal: their CPU and wall seconds."""

    def __init__(self) -> None:
        self.cpu = self.wall = 0.0

    def fetch(self, session: Any) -> None:
        session.refresh_from_db()
        started, started_wall = time.process_time(), time.perf_counter()
        offline_values.gzipped(session)  # as the view answers
        self.cpu += time.process_time() - started
        self.wall += time.perf_counter() - started_wall


def tournament(club: Any, owner: User, tables: int) -> dict[str, Any]:
    """A DDV round at ``tables`` tables of four and as many of five (players of their own), random deals the round
    takes, a deal at each table in turn until every round is complete, the table asked for after each deal."""
    rules = PRESETS["ddv"].table_rules()
    sessions, pools = [], []
    for number, seats in enumerate([4] * tables + [5] * tables):
        names = [f"T{number} S{seat}" for seat in range(seats)]
        members = [services.add_member(club=club, name=name) for name in names]
        sessions.append(
            services.start_session(club=club, actor=owner, game="doppelkopf", players=members, rules=rules, tariff=None)
        )
        drawn = random_session("doppelkopf", random.Random(number), 120, rules="ddv", players=names)["deals"]
        pool = [facts for facts in drawn if facts["type"] != "penalty"]  # a complete round still takes a penalty
        pools.append(pool + [{"type": "solo", "solo": "buben", "re": [n], "re_points": 151} for n in names])
    cache.clear()
    fetches = Fetches()
    deals = 0
    rng = random.Random(3)
    built = [0.0]  # the CPU of the tables worked out
    work_out = offline_values._entries

    def timed(*args: Any) -> Any:
        started = time.process_time()
        try:
            return work_out(*args)
        finally:
            built[0] += time.process_time() - started

    with mock.patch.object(offline_values, "_entries", side_effect=timed) as entries:
        while sessions:
            for session, pool in list(zip(sessions, pools, strict=True)):
                rng.shuffle(pool)
                if not any(_recorded(session, owner, facts) for facts in pool):  # the round is complete
                    index = sessions.index(session)
                    del sessions[index], pools[index]
                    continue
                deals += 1
                fetches.fetch(session)
    return {
        "deals": deals,
        "builds": entries.call_count,
        "cpu_ms_per_deal": round(fetches.cpu * 1000 / deals, 1),
        "wall_ms_per_deal": round(fetches.wall * 1000 / deals, 1),
        "build_cpu_ms_per_deal": round(built[0] * 1000 / deals, 1),
    }


def _recorded(session: Any, owner: User, facts: dict[str, Any]) -> bool:
    try:
        services.record_deal(session=session, actor=owner, facts=facts)
    except services.ServiceError:  # the round refuses it, or it is the deal just saved
        return False
    return True


if __name__ == "__main__":
    main()
