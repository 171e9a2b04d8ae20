"""How fast the skill rating rates a league's history (run by hand, not in the test suite).

    .venv/bin/python benchmarks/rating_bench.py [SESSIONS] [PLAYERS] [ROUNDS]

Builds SESSIONS evenings (2,000 when not given) at tables of five drawn from PLAYERS players (60), two a day, with
points in fives so that some share a place, and rates them ROUNDS times (5); prints the best and median wall time
and the best CPU time. Pure Python: no Django. A page never waits for this but once per change of the results:
``leagues.rating_store`` caches the ratings.
"""

from __future__ import annotations

import datetime
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leagues.seasons.rating import Table, rate_sessions


def random_history(sessions: int, players: int, seed: int = 1) -> list[Table]:
    rng = random.Random(seed)
    names = [f"P{i:03d}" for i in range(players)]
    tables = []
    for session in range(sessions):
        seated = rng.sample(names, 5)
        points = {name: rng.randrange(-20, 21) * 5 for name in seated}
        places = {name: 1 + sum(other > mine for other in points.values()) for name, mine in points.items()}
        tables.append(Table(datetime.date(2020, 1, 1) + datetime.timedelta(days=session // 2), session, places))
    return tables


def main() -> None:
    sessions, players, rounds = (int(a) for a in (sys.argv[1:] + ["2000", "60", "5"][len(sys.argv) - 1 :])[:3])
    tables = random_history(sessions, players)
    wall, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        rate_sessions(tables)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    print(f"{sessions} sessions × 5 of {players} players, {rounds} rounds, in ms")
    print(f"  best {min(wall):7.1f}   median {statistics.median(wall):7.1f}   cpu {min(cpu):7.1f}")


if __name__ == "__main__":
    main()
