"""What one deal costs to write (run by hand, not in the test suite).

    [DATABASE_URL=postgres://…] .venv/bin/python benchmarks/deal_write_bench.py [DEALS]

In a scratch database (a throwaway SQLite file, or a database named ``schreiber_bench`` next to the one
``DATABASE_URL`` names) it records DEALS random deals (60 when not given) of a session of each game through
``services.record_deal``, as the entry form does, and prints the median wall and CPU time of a deal's write over
the first and the last ten deals, and the queries the last one made. Each write replays the session and stores what
it derived. On a busy machine the wall time stretches; the CPU time (this process's: all of it on SQLite) much less.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schreiber.settings")
os.environ.setdefault("SCHREIBER_VAR_DIR", tempfile.mkdtemp(prefix="schreiber-bench-"))

import django

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from scorekeeper import services  # noqa: E402
from scorekeeper.engine.samples import random_session  # noqa: E402

GAMES = {  # game: rules, tariff, players
    "schafkopf": ({"preset": "classic", "pass_out": "stock"}, "10/20/50", ["Anna", "Bert", "Caro", "Dieter"]),
    "doppelkopf": ("ddv", None, ["Anna", "Bert", "Caro", "Dieter"]),
    "sheepshead": ("seed", None, ["Anna", "Bert", "Caro", "Dieter", "Emil", "Franz"]),
    "bauernstoss": ("seed", None, ["Anna", "Bert", "Caro", "Dieter"]),
}


def scratch_database() -> str:
    """Point the default connection at an empty, migrated scratch database; the name it had before."""
    from django.core.management import call_command

    before = connection.settings_dict["NAME"]
    if connection.vendor == "postgresql":
        connection.settings_dict["TEST"]["NAME"] = "schreiber_bench"
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
    else:
        call_command("migrate", verbosity=0)
    return before


def bench(owner: User, game: str, deals: int) -> None:
    rules, tariff, names = GAMES[game]
    club = services.create_club(owner=owner, name=game, owner_name=names[0])
    members = [club.members.get()] + [services.add_member(club=club, name=n) for n in names[1:]]
    session = services.start_session(
        club=club, actor=owner, game=game, rules=rules, tariff=tariff, players=members, cents_per_point=0
    )
    document = random_session(game, random.Random(2026), deals, rules=rules, tariff=tariff, players=names)
    wall, cpu = [], []
    for facts in document["deals"][:-1]:
        start, start_cpu = time.perf_counter(), time.process_time()
        services.record_deal(session=session, actor=owner, facts=facts)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    with CaptureQueriesContext(connection) as queries:
        services.record_deal(session=session, actor=owner, facts=document["deals"][-1])
    print(
        f"{game:12} deals 1–10 {ms(wall[:10])} ({ms(cpu[:10])} CPU)   "
        f"deals {deals - 10}–{deals} {ms(wall[-10:])} ({ms(cpu[-10:])} CPU)   {len(queries)} queries"
    )


def ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:5.1f} ms"


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    setup_test_environment()
    before = scratch_database()
    try:
        owner = User.objects.create_user("anna", password="x")
        print(f"{connection.vendor}: a deal's write, {deals} deals a session")
        for game in GAMES:
            bench(owner, game, deals)
    finally:
        if connection.vendor == "postgresql":
            connection.creation.destroy_test_db(before, verbosity=0)


if __name__ == "__main__":
    main()
