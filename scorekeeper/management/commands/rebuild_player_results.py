"""``manage.py rebuild_player_results [--club SLUG]``: write every session's player results again from its deals.

The services keep each player's results with every change to a session; this writes them for sessions stored before
they existed (run it once after migrating) or after anything changed deals past the services. It reads the results
stored with the deals: after an engine fix run ``rederive``, which derives those and these again. Sessions are read
in batches, and each one is written in its own transaction, under its lock.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper import services
from scorekeeper.models import Session

BATCH = 200


class Command(BaseCommand):
    help = "Write each player's results of every session again from its deals."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="only this club's sessions (its short name)")
        parser.add_argument("--batch", type=int, default=BATCH, help=f"sessions read at a time (default {BATCH})")

    def handle(self, *args: Any, club: str | None = None, batch: int = BATCH, **options: Any) -> None:
        sessions = Session.objects.order_by("pk")
        if club:
            sessions = sessions.filter(club__slug=club)
        count, after = 0, 0
        while chunk := list(sessions.filter(pk__gt=after).only("pk")[:batch]):
            for session in chunk:
                services.rebuild_player_results(session=session)
            count, after = count + len(chunk), chunk[-1].pk
            if options["verbosity"] > 1:
                self.stdout.write(f"{count} sessions …")
        if options["verbosity"]:
            self.stdout.write(f"Wrote the player results of {count} sessions.")
