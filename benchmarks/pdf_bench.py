"""How fast the settlement sheet PDF renders (run by hand, not in the test suite).

    .venv/bin/python benchmarks/pdf_bench.py [ROUNDS]

For a 60-deal and a 200-deal random session of each game it renders the settlement sheet ROUNDS times (3 when not
given) in one process, as a web server would, and prints the first render (which loads WeasyPrint's fonts), the
best of the others, and the pages. The targets are the issue's: 60 deals under 1.5 s, 200 deals under 5 s. Wall
time counts what a member waits for; CPU time is shown too, because a busy machine stretches the wall time only.
"""

from __future__ import annotations

import io
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schreiber.settings")

import django

django.setup()

from pypdf import PdfReader  # noqa: E402

from scorekeeper.engine.samples import random_session  # noqa: E402
from scorekeeper.settlement import printing  # noqa: E402

TARGETS = {60: 1.5, 200: 5.0}  # deals → seconds
GAMES: dict[str, dict[str, Any]] = {
    "schafkopf": {"rules": {"preset": "classic", "pass_out": "stock"}, "tariff": "10/20/50"},
    "doppelkopf": {"rules": "ddv"},
    "sheepshead": {"players": ["Anna", "Bert", "Caro", "Dieter", "Emil", "Franz"]},
    "bauernstoss": {},
}


def timed(printout: printing.Printout) -> tuple[float, float, bytes]:
    wall, cpu = time.perf_counter(), time.process_time()
    pdf = printing.settlement_pdf(printout, "de")
    return time.perf_counter() - wall, time.process_time() - cpu, pdf


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"{'game':12} {'deals':>5} {'pages':>5} {'first':>7} {'best wall':>9} {'best cpu':>8}  target")
    failed = False
    for game, options in GAMES.items():
        for deals, target in TARGETS.items():
            document = random_session(game, random.Random(deals), deals, cents_per_point=10, **options)
            printout = printing.printout_of_document(document | {"club": "Stammtisch Zum Hirschen"})
            first, _cpu, pdf = timed(printout)
            walls, cpus, _pdfs = zip(*(timed(printout) for _ in range(max(rounds - 1, 1))), strict=True)
            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            verdict = "ok" if min(walls) < target else "SLOW"
            failed |= verdict != "ok"
            print(
                f"{game:12} {deals:5d} {pages:5d} {first:6.2f}s {min(walls):8.2f}s {min(cpus):7.2f}s"
                f"  < {target:.1f} s {verdict}"
            )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
