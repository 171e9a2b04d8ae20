"""``manage.py load_demo_tournament``: the demo club's Doppelkopf tournament of 13, round 1 under way. Safe to run
again."""

from __future__ import annotations

import random
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from scorekeeper import services
from scorekeeper.management.commands.load_demo import DEMO_CLUB, DEMO_USERNAME
from scorekeeper.models import Club

from ...tournaments import services as tournaments

NAME = "Herbstturnier"
GUESTS = ["Gerti", "Hans", "Ilse", "Jakob", "Kathi", "Luis", "Mona"]
GAMES_SO_FAR = 9  # each table's normal games entered so far


class Command(BaseCommand):
    help = "Give the demo club (manage.py load_demo) a Doppelkopf tournament of 13 players, round 1 under way."

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=DEMO_CLUB).first()
        if club is None:
            raise CommandError("Run manage.py load_demo first.")
        if not club.tournaments.filter(name=NAME).exists():
            self.load(club)
        self.stdout.write(f"Demo tournament: {NAME}")

    @transaction.atomic
    def load(self, club: Club) -> None:
        director = club.members.get(user__username=DEMO_USERNAME).user
        tournament = tournaments.create_tournament(
            club=club, actor=director, name=NAME, preset="ddv", played_on=timezone.localdate(), rounds=3,
            entry_fee_cents=1000, seed=2026,
        )  # fmt: skip
        for member in club.members.filter(is_guest=False).order_by("pk"):
            tournaments.add_participant(tournament=tournament, actor=director, member=member)
        for name in GUESTS:
            tournaments.add_participant(tournament=tournament, actor=director, name=name)
        this_round = tournaments.start_round(tournament=tournament, actor=director)
        rng = random.Random(13)
        for table in this_round.tables.select_related("session"):
            seats = list(table.session.seats.order_by("position").values_list("name", flat=True))
            for game in range(GAMES_SO_FAR):
                dealer = seats[game % len(seats)]
                playing = [p for p in seats if len(seats) < 5 or p != dealer]
                re = rng.sample(playing, 2)
                facts = {"type": "normal", "re": re, "re_points": rng.choice([70, 100, 125, 151, 190])}
                services.record_deal(session=table.session, actor=director, facts=facts)
