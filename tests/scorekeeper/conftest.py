"""A club with its personas: the owner, a scorer, a member, and an outsider who belongs to another club."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User

from scorekeeper import services
from scorekeeper.models import Club, Member, Role, Session

FOUR = ["Anna", "Bert", "Caro", "Dieter"]


@dataclass
class Personas:
    club: Club
    owner: User
    scorer: User
    member: User
    outsider: User
    players: dict[str, Member]


@pytest.fixture
def personas(make_user: Any) -> Personas:
    return build_personas(make_user)


def build_personas(make_user: Any) -> Personas:
    """The personas' clubs and logins (also for a test that empties the database and builds them again)."""
    owner, scorer, member, outsider = (make_user(n) for n in ("anna", "bert", "caro", "olga"))
    club = services.create_club(owner=owner, name="Stammtisch Zum Hirschen", owner_name="Anna")
    players = {"Anna": club.members.get(user=owner)}
    for name, user, role in (("Bert", scorer, Role.SCORER), ("Caro", member, Role.MEMBER)):
        players[name] = services.add_member(club=club, name=name, role=role)
        players[name].user = user
        players[name].save()
    players["Dieter"] = services.add_member(club=club, name="Dieter")
    players["Emil"] = services.add_member(club=club, name="Emil")
    services.create_club(owner=outsider, name="Other club", owner_name="Olga")
    return Personas(club, owner, scorer, member, outsider, players)


def start(personas: Personas, game: str = "schafkopf", names: list[str] | None = None, **kwargs: Any) -> Session:
    kwargs.setdefault("rules", "classic" if game == "schafkopf" else None)
    kwargs.setdefault("tariff", "10/20/50" if game == "schafkopf" else None)
    return services.start_session(
        club=personas.club,
        actor=personas.owner,
        game=game,
        players=[personas.players[n] for n in names or FOUR],
        **kwargs,
    )


def sauspiel(declarer: str, partner: str, points: int, **more: Any) -> dict[str, Any]:
    return {"contract": "sauspiel", "declarer": declarer, "partner": partner, "points": points, **more}


def last_facts(session: Session) -> dict[str, Any]:
    """The facts of the last deal on the sheet."""
    return dict(session.deals.filter(deleted_at__isnull=True).order_by("-sequence")[0].facts)


@pytest.fixture
def session(personas: Personas) -> Session:
    """An open Schafkopf session (classic, 10/20/50, 10 cents a point) with two deals."""
    session = start(personas, cents_per_point=10)
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Caro", 72))
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Bert", "Dieter", 95))
    return session
