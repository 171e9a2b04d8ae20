"""The club personas of the scorekeeper's tests, and a league with a season over their Schafkopf evenings."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from leagues.models import League, Season, Tournament, TournamentTable
from leagues.seasons import services as league_services
from leagues.tournaments import services as tournaments
from leagues.tournaments.rules.samples import next_deal
from scorekeeper import services
from scorekeeper.models import Session
from tests.scorekeeper.conftest import Personas, personas, sauspiel, start

__all__ = ["Personas", "personas", "play_evening", "sauspiel"]


def play_evening(personas: Personas, day: datetime.date, deals: list[dict[str, Any]], **kwargs: Any) -> Session:
    """A closed Schafkopf session on ``day`` with ``deals``."""
    session = start(personas, played_on=day, cents_per_point=10, **kwargs)
    for facts in deals:
        services.record_deal(session=session, actor=personas.scorer, facts=facts)
    return services.close_session(session=session, actor=personas.owner)


@pytest.fixture
def client() -> Client:
    """A browser that asks for English pages (the site's default is German)."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def league(personas: Personas) -> League:
    return league_services.create_league(
        club=personas.club, actor=personas.owner, name="Hirschen-Liga", game="schafkopf"
    )


@pytest.fixture
def season(personas: Personas, league: League) -> Season:
    """The 2026 season, total points, ties broken by more evenings; two evenings played in it, one before."""
    play_evening(personas, datetime.date(2025, 12, 30), [sauspiel("Anna", "Bert", 80)])
    play_evening(personas, datetime.date(2026, 1, 8), [sauspiel("Anna", "Caro", 72), sauspiel("Bert", "Dieter", 95)])
    play_evening(personas, datetime.date(2026, 1, 15), [sauspiel("Caro", "Dieter", 30)])
    return league_services.save_season(
        league=league,
        actor=personas.owner,
        name="2026",
        period="year",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31),
        ranking={"mode": "total_points"},
        tiebreaks=["more_sessions", "shared"],
    )


@pytest.fixture
def tournament(personas: Personas) -> Tournament:
    """Eight guests for two rounds of DDV rules."""
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Herbstturnier", preset="ddv",
        played_on=datetime.date(2026, 11, 28), rounds=2, seed=3,
    )  # fmt: skip
    for n in range(1, 9):
        tournaments.add_participant(tournament=found, actor=personas.owner, name=f"Gast {n}")
    return found


def play_out(table: TournamentTable, actor: Any) -> None:
    """Play a Doppelkopf table's round to its end as the sheet asks (``tournaments.samples.next_deal``)."""
    while (facts := next_deal(tournaments.table_sheet(table))) is not None:
        services.record_deal(session=table.session, actor=actor, facts=facts)
