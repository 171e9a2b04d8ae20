"""A tournament table's players were seated by the draw: none can leave or join through the sheet's Players page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Tournament
from leagues.tournaments import services as tournaments
from scorekeeper import services
from tests.leagues.conftest import Personas

pytestmark = pytest.mark.django_db


def test_a_tournament_table_refuses_a_change_of_players(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    session = first.tables.select_related("session").get(number=1).session
    name = session.seats.get(position=0).name
    with pytest.raises(services.ServiceError) as refused:
        services.player_leaves(session=session, actor=personas.owner, name=name, revision=session.revision)
    assert "tournament table" in str(refused.value)
    assert not session.lineup_changes.exists()
    client.force_login(personas.owner)
    page = client.get(reverse("session_players", args=[personas.club.slug, session.pk]), follow=True)
    assert "none can leave or join here" in page.content.decode()
    players = reverse("session_players", args=[personas.club.slug, session.pk])
    sheet = client.get(session.get_absolute_url()).content.decode()
    assert f'href="{players}"' not in sheet  # no button for a change the table refuses
