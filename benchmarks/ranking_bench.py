"""How fast a season's standing is ranked (run by hand, not in the test suite).

    .venv/bin/python benchmarks/ranking_bench.py [PLAYERS] [EVENINGS] [ROUNDS]

Builds a random season of PLAYERS players (200 when not given) who all play EVENINGS evenings (100) at tables of
four, then ranks it in every mode (with a full tie-break chain) ROUNDS times (7) and prints the best and the median
time of each. The target is the issue's: 200 players × 100 evenings well under 50 ms. Pure Python: no Django.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leagues.seasons.ranking import EveningResult, rank, rank_with_movement, sub_standings
from leagues.seasons.ranking.samples import random_season

CHAIN = ["more_sessions", "direct_comparison", "best_evening", "more_solos_won", "shared"]
CONFIGS: list[dict[str, Any]] = [
    {"mode": "total_points"},
    {"mode": "total_money"},
    {"mode": "average", "per": "session", "min_sessions": 24},
    {"mode": "average", "per": "round", "min_rounds": 36},
    {"mode": "average", "per": "deal"},
    {"mode": "best_n", "n": 40},
    {"mode": "placement_points", "points_by_size": {"4": [3, 1, -1, -3]}},
    {"mode": "placement_points", "formula": "linear_100"},
    {"mode": "matchday_points"},
    {"mode": "table_points_plus_game_points"},
]


def timed(call, rounds: int) -> tuple[float, float, float]:
    """Best and median wall time, and best CPU time, in ms (a busy machine stretches the wall time only)."""
    wall, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        call()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return min(wall), statistics.median(wall), min(cpu)


def main() -> None:
    players, evenings, rounds = (int(a) for a in (sys.argv[1:] + ["200", "100", "7"][len(sys.argv) - 1 :])[:3])
    results = random_season(players, evenings)
    print(f"{players} players × {evenings} evenings = {len(results)} results, {rounds} rounds each, in ms")
    print(f"  {'':45} {'best':>7} {'median':>7} {'cpu':>7}")
    for config in CONFIGS:
        label = " ".join(f"{v}" for v in config.values())
        show(label, timed(lambda config=config: rank(results, config, CHAIN), rounds))
    show("total_points with movement (two standings)", timed(lambda: movement_of(results), rounds))
    show("total_points by month", timed(lambda: by_month(results), rounds))


def show(label: str, times: tuple[float, float, float]) -> None:
    print(f"  {label:45} " + " ".join(f"{t:7.1f}" for t in times))


def movement_of(results: list[EveningResult]) -> None:
    rank_with_movement(results, {"mode": "total_points"}, CHAIN)


def by_month(results: list[EveningResult]) -> None:
    sub_standings(results, {"mode": "total_points"}, CHAIN, by="month")


if __name__ == "__main__":
    main()
