"""How fast a season's standing is written out as PDF, XLSX and CSV for 100 to 1,000 players (run by hand).

    .venv/bin/python benchmarks/standing_print_bench.py [--rows 100 300 1000] [--repeat 2] [--keep DIR]

The standing is made up (no database): ROWS players with names, scores, money and ratings, as the export's table
shows them. Each writer runs REPEAT times in one process, as a web server would, after a first PDF that loads
WeasyPrint's fonts; the best run is printed, CPU beside wall time (a busy machine stretches the wall time only).
The PDF and the XLSX are written by a background task (``leagues.seasons.tasks.write_standing``), so their time is
the task's, not a request's; it should grow with the rows, not faster. ``--keep`` saves the PDFs to look at.

The last line is one JSON object: per row count, ``pdf_ms``/``pdf_cpu_ms``, ``pages``, ``xlsx_ms``, ``csv_ms``.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import random
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import _scratch  # noqa: F401  (sets Django up)
from django.utils import translation
from pypdf import PdfReader

from leagues.competition.ranking import Standing
from leagues.exports import spreadsheet
from leagues.models import League, Season
from leagues.seasons import standing_files
from leagues.seasons.rating import PlayerRating
from leagues.seasons.selectors import PlayerTotals, SeasonStanding, StandingRow, ranking_of
from leagues.seasons.tables import StandingTable
from scorekeeper.models import Club


def made_up(players: int) -> tuple[Club, SeasonStanding, dict[str, PlayerRating]]:
    """A season's standing of ``players`` players with every column filled, and their ratings."""
    club = Club(name="SF Laubendorf", slug="sf-laubendorf")
    league = League(club=club, name="Hirschen-Liga", game="schafkopf")
    season = Season(
        league=league, name="Saison 2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31),
        ranking={"mode": "total_points"}, tiebreaks=[],
    )  # fmt: skip
    draw = random.Random(players)
    rows = []
    for n in range(players):
        key = f"u{n}"
        deals = draw.randint(40, 2000)
        totals = PlayerTotals(
            key, f"Spielerin {n:04d} Müller-Lüdenscheidt", 1, n, points=draw.randint(-500, 3000),
            money_cents=draw.randint(-20000, 30000), deals=deals, won=draw.randint(0, deals),
            solos_played=50, solos_won=draw.randint(0, 50),
        )  # fmt: skip
        standing = Standing(n + 1, key, Fraction(draw.randint(0, 30000), 3), (), played=draw.randint(1, 40))
        rows.append(StandingRow(standing, totals, draw.randint(-5, 5)))
    ratings = {f"u{n}": PlayerRating(25 + draw.random(), 3 + draw.random(), 10) for n in range(players)}
    return club, SeasonStanding(season, ranking_of(season), rows, None, datetime.date(2026, 11, 20)), ratings


def best(make: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """The best wall and CPU seconds of ``repeat`` runs of ``make``, and what it made."""
    runs = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        made = make()
        runs.append((time.perf_counter() - wall, time.process_time() - cpu))
    return min(r[0] for r in runs), min(r[1] for r in runs), made


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--keep", type=Path)
    args = parser.parse_args()
    found: dict[int, dict[str, int]] = {}
    with translation.override("de"):
        club, standing, ratings = made_up(10)
        standing_files.standing_pdf(club, standing, StandingTable(standing.rows, currency="EUR", ratings=ratings))
        print(
            f"{'rows':>5} {'pages':>5} {'pdf wall':>9} {'pdf cpu':>8} {'xlsx wall':>9} {'xlsx cpu':>8} {'csv wall':>8}"
        )
        for rows in args.rows:
            club, standing, ratings = made_up(rows)

            def table(standing: SeasonStanding = standing, ratings: dict[str, PlayerRating] = ratings) -> StandingTable:
                return StandingTable(standing.rows, currency="EUR", ratings=ratings)

            def written(fmt: str, club: Club = club, standing: SeasonStanding = standing) -> Any:
                if fmt == "pdf":
                    return standing_files.standing_pdf(club, standing, table())
                return spreadsheet(table().dataset(), fmt, "standing", "Saison 2026")

            pdf_wall, pdf_cpu, pdf = best(lambda: written("pdf"), args.repeat)
            sheets = {fmt: best(partial(written, fmt), args.repeat) for fmt in ("xlsx", "csv")}
            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            if args.keep:
                (args.keep / f"standing-{rows}.pdf").write_bytes(pdf)
            found[rows] = {
                "pages": pages,
                "pdf_ms": round(pdf_wall * 1000),
                "pdf_cpu_ms": round(pdf_cpu * 1000),
                **{f"{fmt}_ms": round(wall * 1000) for fmt, (wall, _cpu, _made) in sheets.items()},
                **{f"{fmt}_cpu_ms": round(cpu * 1000) for fmt, (_wall, cpu, _made) in sheets.items()},
            }
            shown = found[rows]
            print(
                f"{rows:5d} {pages:5d} {shown['pdf_ms']:7d}ms {shown['pdf_cpu_ms']:6d}ms {shown['xlsx_ms']:7d}ms"
                f" {shown['xlsx_cpu_ms']:6d}ms {shown['csv_ms']:6d}ms {shown['csv_cpu_ms']:6d}ms",
                flush=True,
            )
    print(json.dumps(found))


if __name__ == "__main__":
    main()
