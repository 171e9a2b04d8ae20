"""``manage.py load_demo_league``: the demo club's Schafkopf league with a season of evenings. Safe to run again."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from scorekeeper import services
from scorekeeper.engine.samples import random_session
from scorekeeper.management.commands.load_demo import DEMO_CLUB, DEMO_USERNAME
from scorekeeper.models import Club, Member

from ...seasons import services as league_services

LEAGUE = "Hirschen-Liga"
EVENINGS = 16  # one a week before today
DEALS = 24


class Command(BaseCommand):
    help = "Give the demo club (manage.py load_demo) a Schafkopf league with a season of weekly evenings."

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=DEMO_CLUB).first()
        if club is None:
            raise CommandError("Run manage.py load_demo first.")
        if not club.leagues.filter(name=LEAGUE).exists():
            self.load_league(club)
        self.stdout.write(f"Demo league: {LEAGUE}")

    @transaction.atomic
    def load_league(self, club: Club) -> None:
        owner = club.members.get(user__username=DEMO_USERNAME).user
        members = list(club.members.filter(is_guest=False).order_by("pk"))
        rng = random.Random(13)
        today = timezone.localdate()
        first = today - timedelta(weeks=EVENINGS)
        for week in range(EVENINGS):
            table: list[Member] = rng.sample(members, 4)
            names = [m.name for m in table]
            document = random_session("schafkopf", rng, DEALS, rules="classic", tariff="10/20/50", players=names)
            session = services.start_session(
                club=club, actor=owner, game="schafkopf", rules="classic", tariff="10/20/50", players=table,
                cents_per_point=10, played_on=first + timedelta(weeks=week), table="Liga",
            )  # fmt: skip
            for facts in document["deals"]:
                services.record_deal(session=session, actor=owner, facts=facts)
            services.close_session(session=session, actor=owner)
        league = league_services.create_league(club=club, actor=owner, name=LEAGUE, game="schafkopf")
        league_services.save_season(
            league=league, actor=owner, name=f"Saison {first.year}", period="free", starts_on=first,
            ends_on=today + timedelta(days=90), ranking={"mode": "total_points"},
            tiebreaks=["more_sessions", "best_evening", "shared"], sub_period="quarter",
        )  # fmt: skip
