"""``manage.py rederive [--club SLUG]``: derive every stored deal result and session summary again from the facts.

The facts are the record; results are what the engine derives from them. After an engine fix this brings every
stored session in line, one session per transaction. It changes no fact and no number.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper import services
from scorekeeper.models import Session


class Command(BaseCommand):
    help = "Derive every stored deal result and session summary again from the deals' facts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="only this club's sessions (its short name)")

    def handle(self, *args: Any, club: str | None = None, **options: Any) -> None:
        sessions = Session.objects.order_by("pk")
        if club:
            sessions = sessions.filter(club__slug=club)
        count = 0
        for session in sessions.iterator():
            services.rederive_session(session=session)
            count += 1
        if options["verbosity"]:
            self.stdout.write(f"Derived {count} sessions again.")
