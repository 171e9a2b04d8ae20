"""How fast a big tournament's printouts render (run by hand, not in the test suite).

    [DATABASE_URL=postgres://…] .venv/bin/python benchmarks/tournament_pdf_bench.py [--players 200] [--repeat 3]

Builds, in a scratch database (``benchmarks/_scratch.py``), a DDV Doppelkopf tournament of PLAYERS guests (200: 50
tables of four) and starts its first round, then renders the round's table sheets (a page a table) and its seating
plan REPEAT times each in one process, as a web server would, and prints the first render (which loads WeasyPrint's
fonts), the best of the others and the pages. The issue's target: the 50-table sheets under 5 s.

The last line is one JSON object: ``players``, ``tables``, ``sheets_pdf_ms`` and ``seating_pdf_ms`` (the best
render of each), and the first renders as ``*_first_ms``.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import time
from collections.abc import Callable

import _scratch  # sets Django up (the real settings)
from django.contrib.auth.models import User
from django.utils import translation
from pypdf import PdfReader

from leagues.models import TournamentRound
from leagues.tournaments import printing as tournament_printing
from leagues.tournaments import services as tournaments
from scorekeeper import services

TARGET_SECONDS = 5.0


def build(players: int) -> TournamentRound:
    owner = User.objects.create_user("anna", password="x")
    club = services.create_club(owner=owner, name="Turnier bench", owner_name="Anna")
    tournament = tournaments.create_tournament(
        club=club, actor=owner, name="Großes Herbstturnier", preset="ddv", played_on=datetime.date(2026, 11, 28),
        rounds=3, entry_fee_cents=1500, seed=1,
    )  # fmt: skip
    for n in range(1, players + 1):
        tournaments.add_participant(tournament=tournament, actor=owner, name=f"Spielerin Müller-Lüdenscheidt {n:03d}")
    return tournaments.start_round(tournament=tournament, actor=owner)


def timed(render: Callable[[], bytes], repeat: int) -> tuple[float, float, int]:
    """The first render's milliseconds, the best of the rest, and the pages."""
    times: list[float] = []
    pdf = b""
    for _ in range(max(repeat, 2)):
        start = time.perf_counter()
        pdf = render()
        times.append((time.perf_counter() - start) * 1000)
    return times[0], min(times[1:]), len(PdfReader(io.BytesIO(pdf)).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with _scratch.scratch_database("schreiber_tournament_pdf_bench"), translation.override("de"):
        start = time.perf_counter()
        first_round = build(args.players)
        tournament, tables = first_round.tournament, first_round.tables.count()
        print(f"{args.players} players at {tables} tables, built in {time.perf_counter() - start:.1f} s")
        results: dict[str, float | int] = {"players": args.players, "tables": tables}
        for what, render in (
            ("sheets", lambda: tournament_printing.sheets_pdf(tournament, first_round)),
            ("seating", lambda: tournament_printing.seating_pdf(tournament, first_round)),
        ):
            first, best, pages = timed(render, args.repeat)
            verdict = "" if what != "sheets" else (" ok" if best < TARGET_SECONDS * 1000 else " SLOW")
            print(f"{what:8} {pages:3d} pages  first {first:7.0f} ms  best {best:7.0f} ms{verdict}")
            results[f"{what}_pdf_ms"] = round(best, 1)
            results[f"{what}_first_ms"] = round(first, 1)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
