"""How fast ``settle`` scores 100,000 random valid deals of each game (run by hand, not in the test suite).

    .venv/bin/python benchmarks/settle_bench.py [DEALS]

For each game, as it is most often played and then with the house rules of the rules pages on (``+``; ``×`` is
Schafkopf über Kreuz), it times the engine in this process (load, replay, output document, JSON text) and the real
command (``manage.py settle FILE``, including Python and Django start-up), and measures the engine's peak
memory at a tenth of the deals and at all of them: what grows is the output itself. ``floor`` is a bare JSON load
and dump of the same document in the same run, and ``× floor`` the engine against it (target: at most 10×).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schreiber.settings")
django.setup()  # the command's own helpers are Django's (the engine alone needs none)

from scorekeeper import engine  # noqa: E402
from scorekeeper.engine.samples import random_session  # noqa: E402
from scorekeeper.management.document_command import without_cycle_collector  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BOCK = {"triggers": ["tie120", "solo_lost"], "stacking": "extend"}
STOCK = {"preset": "classic", "pass_out": "stock", "klopfen": True}
# (label, game, session options, players): each game as before, then with the house rules of the rules pages on.
RUNS: list[tuple[str, str, dict[str, Any], list[str] | None]] = [
    ("schafkopf", "schafkopf", {"rules": STOCK, "tariff": "10/20/50"}, None),
    ("doppelkopf", "doppelkopf", {"rules": {"preset": "ddv", "bock": BOCK}}, None),
    ("sheepshead", "sheepshead", {"rules": "wisconsin"}, None),
    ("bauernstoss", "bauernstoss", {"rules": "seed"}, None),
    ("schafkopf+", "schafkopf", {"rules": {"preset": "classic", "pass_out": "ramsch", "jungfrau": "double_all",
        "runners_min": {"sauspiel": 2}, "runners_max": 4, "klopfen": True}, "tariff": "10/20/50"}, None),
    ("schafkopf×", "schafkopf", {"rules": {"preset": "classic", "pass_out": "kreuz", "runners_min": {"wenz": 1},
        "runners_max": 5}, "tariff": "10/20/50"}, None),
    ("doppelkopf+", "doppelkopf", {"rules": {"preset": "ddv", "re_kontra": "double_all", "bock": BOCK}}, None),
    ("sheepshead+", "sheepshead", {"rules": {"preset": "seed", "table": "2-4-8", "tie_doubles_next": True,
        "leaster_tie": "fewer_tricks", "no_trick_partner": "free"}},
        ["Anna", "Bert", "Caro", "Dieter", "Emil", "Franzi", "Gustl"]),
]  # fmt: skip


def settle_in_process(document: dict[str, object]) -> str:
    """What the command does once the document is read."""
    with without_cycle_collector():
        session = engine.load(document)
        return engine.settle_json(session, session.results())


def json_floor(text: str) -> None:
    """Reading the document and writing it again: what any settle costs at least."""
    json.dumps(json.loads(text), ensure_ascii=False)


def peak_bytes(document: dict[str, object]) -> int:
    tracemalloc.start()
    session = engine.load(document)
    session.results()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main(deals: int) -> None:
    print(f"{deals:,} deals per game; CPU seconds on one core, the best of 3 runs")
    print(
        f"{'game':<12} {'engine':>8} {'deals/s':>10} {'floor':>7} {'× floor':>7} {'command':>8} {'peak 10%':>10} "
        f"{'peak 100%':>10} {'per deal':>9}"
    )
    for label, game, options, players in RUNS:
        document = random_session(game, random.Random(1), deals, cents_per_point=10, players=players, **options)
        best = min(_timed(settle_in_process, document) for _ in range(3))
        floor = min(_timed(json_floor, json.dumps(document)) for _ in range(3))
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
            json.dump(document, handle)
        command = min(_timed(_run_command, handle.name) for _ in range(3))
        Path(handle.name).unlink()
        small = peak_bytes({**document, "deals": document["deals"][: deals // 10]})
        full = peak_bytes(document)
        per_deal = (full - small) / (deals - deals // 10)
        print(
            f"{label:<12} {best:>7.2f}s {deals / best:>10,.0f} {floor:>6.2f}s {best / floor:>6.1f}× {command:>7.2f}s "
            f"{small / 1e6:>8.1f}MB "
            f"{full / 1e6:>8.1f}MB {per_deal:>7.0f} B"
        )


def _run_command(path: str) -> None:
    subprocess.run([sys.executable, "manage.py", "settle", path], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def _timed(function: object, argument: object) -> float:
    """CPU seconds: this process's own time for the engine, the child's for the command."""
    before = time.process_time(), os.times().children_user + os.times().children_system
    function(argument)  # type: ignore[operator]
    after = time.process_time(), os.times().children_user + os.times().children_system
    return (after[0] - before[0]) + (after[1] - before[1])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="?", default=100_000, help="deals of each game (100,000)")
    main(parser.parse_args().deals)
