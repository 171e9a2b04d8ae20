"""How fast and how well the tournament draw plans a field (run by hand, not in the test suite).

    .venv/bin/python benchmarks/draw_bench.py --players 16 --rounds 5 [--seed 1] [--game doppelkopf]

Plans the whole tournament for PLAYERS players over ROUNDS rounds and prints the plan's repeat meetings against the
lower bound for this field, the most times any pair met, the spread of five-table seats and seats, and the time.
The last line is one JSON object (``draw_ms``, ``repeats``, ``lower_bound``, ``max_meetings``) for
``benchmarks/tournament_bench.py``, which calls :func:`draw` itself. The issue's targets: no repeats for 16 × 4,
16 × 5, 32 × 6, 64 × 8, 100 × 8 and 200 × 8; exactly the lower bound for 8 × 3, 12 × 3 and 16 × 6; at most 4 for
32 × 8; under 2 s for 200 × 8. Pure Python: no Django.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leagues.tournaments.rules.draw import Plan, plan
from leagues.tournaments.rules.fields import ordinary_size


def draw(players: int, rounds: int, seed: int = 1, game: str = "doppelkopf") -> tuple[Plan, dict[str, Any]]:
    """A fresh plan for players P001 … and what the benchmark reports about it."""
    names = [f"P{i:03d}" for i in range(1, players + 1)]
    start = time.perf_counter()
    drawn = plan(names, rounds, seed=seed, game=game)
    draw_ms = (time.perf_counter() - start) * 1000
    return drawn, {
        "players": players,
        "rounds": rounds,
        "seed": seed,
        "draw_ms": round(draw_ms, 1),
        "repeats": drawn.stats.repeats,
        "lower_bound": drawn.lower_bound,
        "max_meetings": drawn.stats.max_meetings,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="doppelkopf")
    args = parser.parse_args()
    drawn, report = draw(args.players, args.rounds, args.seed, args.game)
    five = drawn.stats.five_seats.values()
    base = ordinary_size(args.game)  # a five-table's last seat aside
    seat_spread = max(max(row[:base]) - min(row[:base]) for row in drawn.stats.seats.values())
    print(f"{args.players} players × {args.rounds} rounds ({args.game}, seed {args.seed}), in {report['draw_ms']} ms")
    print(
        f"  repeats {report['repeats']} (lower bound {report['lower_bound']}), most meetings of a pair "
        f"{report['max_meetings']}"
    )
    print(f"  five-table seats per player {min(five)} to {max(five)}; seats per player spread at most {seat_spread}")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
