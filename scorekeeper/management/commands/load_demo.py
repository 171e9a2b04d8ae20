"""``manage.py load_demo``: the demo login and a demo club with real sessions. Safe to run again."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from scorekeeper import services
from scorekeeper.engine.samples import random_session
from scorekeeper.models import Club

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "schafkopf"
DEMO_CLUB = "stammtisch-zum-hirschen"
PLAYERS = ["Anna", "Bert", "Caro", "Dieter", "Emil", "Franzi"]

# (game, rules, tariff, cents per point, players, deals, days ago, still open)
SESSIONS: list[tuple[str, Any, Any, int, int, int, int, bool]] = [
    ("schafkopf", "classic", "10/20/50", 10, 4, 28, 21, False),
    ("doppelkopf", "ddv", None, 50, 4, 24, 14, False),
    ("sheepshead", "seed", None, 25, 5, 22, 10, False),
    ("bauernstoss", "seed", None, 25, 4, 30, 7, False),
    ("schafkopf", {"preset": "classic", "pass_out": "stock", "klopfen": True}, "10/20/50", 10, 5, 9, 0, True),
]


class Command(BaseCommand):
    help = "Create the demo login and the demo club if they do not exist yet."

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(username=DEMO_USERNAME, defaults={"first_name": "Anna"})
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        if not Club.objects.filter(slug=DEMO_CLUB).exists():
            self.load_club(user)
        self.stdout.write(f"Demo login: user {DEMO_USERNAME!r}, password {DEMO_PASSWORD!r}")

    @transaction.atomic
    def load_club(self, user: Any) -> None:
        club = services.create_club(owner=user, name="Stammtisch Zum Hirschen", owner_name=PLAYERS[0])
        members = {PLAYERS[0]: club.members.get()}
        members.update({name: services.add_member(club=club, name=name, actor=user) for name in PLAYERS[1:]})
        rng = random.Random(2026)
        today = timezone.localdate()
        for number, (game, rules, tariff, cents, seats, deals, days_ago, still_open) in enumerate(SESSIONS):
            names = PLAYERS[number % 2 :][:seats] if seats < 5 else PLAYERS[:seats]
            document = random_session(game, rng, deals, rules=rules, tariff=tariff, players=names)
            session = services.start_session(
                club=club,
                actor=user,
                game=game,
                rules=rules,
                tariff=tariff,
                players=[members[n] for n in names],
                cents_per_point=cents,
                played_on=today - timedelta(days=days_ago),
                table="Stammtisch",
            )
            for facts in document["deals"]:
                services.record_deal(session=session, actor=user, facts=facts)
            if not still_open:
                services.close_session(session=session, actor=user)
        services.save_house_rules(
            club=club,
            name="Dienstagsrunde",
            game="schafkopf",
            rules={"preset": "classic", "klopfen": True},
            tariff="10/20/50",
            cents_per_point=10,
            actor=user,
        )
