"""Build the load test's tournament round in the database ``DATABASE_URL`` names (migrated already) and write what
the phones need to a JSON file: 200 players drawn to 50 tables of round 1, a scorer login for each table's phone,
a member login for each player's phone and the owner's for the hall screen (session cookies made here, so that no
login is part of the load).

    DATABASE_URL=postgres://…/schreiber_load .venv/bin/python benchmarks/load/build.py PLAN.json
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schreiber.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import NoReverseMatch, reverse  # noqa: E402

from leagues.models import Participant  # noqa: E402
from leagues.tournaments import services as tournaments  # noqa: E402
from scorekeeper import services  # noqa: E402
from scorekeeper.models import Club, Member, Role  # noqa: E402
from scorekeeper.sign_in import MODEL_BACKEND  # noqa: E402

PLAYERS, TABLES = 200, 50


def cookie(user: User) -> str:
    """A signed-in browser session of ``user``, as a phone would hold after logging in."""
    client = Client()
    client.force_login(user, backend=MODEL_BACKEND)  # as the login page logs in
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def login(club: Club, name: str, role: str) -> User:
    member = services.add_member(club=club, name=name, role=role)
    member.user = User.objects.create_user(name.lower().replace(" ", ""), password="x")
    member.save(update_fields=["user"])
    return member.user


def hall_page(club_slug: str, tournament_id: int) -> str:
    """The ranking page when this version has it, else the round page (the tables' state)."""
    try:
        return reverse("tournament_ranking", args=[club_slug, tournament_id])
    except NoReverseMatch:
        return reverse("tournament_round", args=[club_slug, tournament_id, 1])


def main(plan_file: str) -> None:
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]  # the test client's host, for the cookies
    owner = User.objects.create_user("director", password="x")
    club = services.create_club(owner=owner, name="Turnierclub", owner_name="Turnierleitung")
    tournament = tournaments.create_tournament(
        club=club, actor=owner, name="Lasttest", preset="ddv", played_on=datetime.date.today(), rounds=8, seed=1
    )
    guests = Member.objects.bulk_create(
        Member(club=club, name=f"Spieler {n:03d}", is_guest=True) for n in range(1, PLAYERS + 1)
    )
    Participant.objects.bulk_create(
        Participant(tournament=tournament, number=n, member=m, name=m.name) for n, m in enumerate(guests, start=1)
    )
    this_round = tournaments.start_round(tournament=tournament, actor=owner)
    tables = list(this_round.tables.select_related("session").order_by("number"))
    assert len(tables) == TABLES, len(tables)
    watcher = login(club, "Zuschauer", Role.MEMBER)
    table_phones: list[dict[str, Any]] = []
    for table in tables:
        scorer = login(club, f"Tisch {table.number:02d}", Role.SCORER)
        session = table.session
        table_phones.append(
            {
                "number": table.number,
                "sheet": session.get_absolute_url(),
                "deal": reverse("deal_new", args=[club.slug, session.pk]),
                "live": reverse("session_live", args=[club.slug, session.pk]),
                "players": [seat.name for seat in session.seats.order_by("position")],
                "cookie": cookie(scorer),
            }
        )
    plan: dict[str, Any] = {
        "club": club.slug,
        "hall": {
            "url": hall_page(club.slug, tournament.pk),
            "screen": reverse("tournament_hall", args=[club.slug, tournament.pk]),
            "cookie": cookie(owner),
        },
        "tables": table_phones,
        "phones": [
            {"table": t["number"], "sheet": t["sheet"], "live": t["live"], "cookie": cookie(watcher)}
            for t in table_phones
            for _ in t["players"]
        ],
    }
    Path(plan_file).write_text(json.dumps(plan, indent=1), encoding="utf-8")
    print(f"{len(plan['tables'])} tables, {len(plan['phones'])} phones, the hall screen on {plan['hall']['url']}")


if __name__ == "__main__":
    main(sys.argv[1])
