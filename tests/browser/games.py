"""A session of every game with one deal each, and saved house rules: the club that page-by-page browser tests walk."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User

from scorekeeper import services
from scorekeeper.models import Club, Member, Session

SAUSPIEL = {"contract": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": 70}
GAMES = {  # game → (players, rules, tariff, a deal)
    "schafkopf": (4, "classic", "classic", SAUSPIEL),
    "doppelkopf": (5, None, None, {"type": "solo", "solo": "damen", "re": ["Bert"], "forced": True, "re_points": 150}),
    "sheepshead": (5, None, None, {"type": "pick", "picker": "Caro", "partner": "Emil", "points": 80}),
    "bauernstoss": (4, None, None, {"chalk": "A", "points": 80}),
}


def play_every_game(club: Club, owner: User, members: Sequence[Member]) -> dict[str, Session]:
    """A session of each game with one deal (Anna, Bert, Caro and the fifth member play), and the house rules
    "Dienstag"; the sessions by game."""
    sessions = {}
    for game, (players, rules, tariff, deal) in GAMES.items():
        session = services.start_session(
            club=club, actor=owner, game=game, rules=rules, tariff=tariff, players=members[:players]
        )
        services.record_deal(session=session, actor=owner, facts=_named(deal, session))
        sessions[game] = session
    services.save_house_rules(
        club=club, name="Dienstag", game="schafkopf", rules="classic", tariff="classic", cents_per_point=10
    )
    return sessions


def _named(deal: dict[str, Any], session: Session) -> dict[str, Any]:
    """The deal with "Emil" standing for the fifth player's name."""
    fifth = [seat.name for seat in session.seats.all()][-1]
    return {k: fifth if v == "Emil" else v for k, v in deal.items()}
