"""``manage.py refresh_standings``: every league's stored standings worked out again where they are behind or missing,
in this process. Run once after upgrading to a version that stores standings (or changes how they are stored), so
that no season page works its standing out from the result rows on its first view."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from leagues.models import League
from leagues.seasons.tasks import update_standings


class Command(BaseCommand):
    help = "Work out every league's stored standings that are behind or missing (after an upgrade)."

    def handle(self, *args: Any, **options: Any) -> None:
        leagues = list(League.objects.order_by("pk"))
        for league in leagues:
            update_standings.call(league.pk)  # the task's work, in this process
        self.stdout.write(f"Leagues with their standings up to date: {len(leagues)}")
