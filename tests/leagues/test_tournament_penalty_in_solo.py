"""TSR 9.4.4 at the tournament: a serious offence of a defender in a solo credits the soloist 12 to 24, as the
official decides; the director enters the value, refused at the field outside that range."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Penalty, TableSeat, Tournament
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from scorekeeper.services import ServiceError
from tests.leagues.conftest import Personas

pytestmark = pytest.mark.django_db


def test_the_director_enters_the_value_the_soloist_gets(personas: Personas, tournament: Tournament) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    table = first.tables.order_by("number").first()
    assert table is not None
    offender, soloist, *_ = [row.participant for row in table.seat_rows.order_by("position")]
    before = {r.participant.number: r.standing.points for r in selectors.ranking(tournament, round_number=1).rows}
    tournaments.add_penalty(
        this_round=first, actor=personas.owner, participant=offender, kind="serious", reason="Karte gezeigt",
        official="TL", points=20, soloist=soloist,
    )  # fmt: skip
    after = {r.participant.number: r.standing.points for r in selectors.ranking(tournament, round_number=1).rows}
    moved = {n: after[n] - before[n] for n in after if after[n] != before[n]}
    assert moved == {offender.number: -20, soloist.number: 20}
    assert Penalty.objects.get().points == 20
    for kind, points, solo in (("serious", 25, soloist), ("serious", 11, soloist), ("serious", 18, None),
                               ("minor", 3, soloist)):  # fmt: skip
        with pytest.raises(ServiceError) as raised:
            tournaments.add_penalty(
                this_round=first, actor=personas.owner, participant=offender, kind=kind, reason="x", official="TL",
                points=points, soloist=solo,
            )  # fmt: skip
        assert list(raised.value.errors) == ["points"]
    assert Penalty.objects.count() == 1


def test_the_form_says_the_range_at_the_field_in_the_players_words(
    personas: Personas, tournament: Tournament, client: Client
) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    seats = TableSeat.objects.filter(table__round=first, table__number=1).order_by("position")
    offender, soloist = (row.participant for row in seats[:2])
    client.force_login(personas.owner)
    url = reverse("tournament_round", args=[personas.club.slug, tournament.pk, 1])
    form = {"participant": offender.pk, "kind": "serious", "reason": "Karte gezeigt", "official": "TL",
            "soloist": soloist.pk, "points": 30}  # fmt: skip
    response = client.post(url, form, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response.context["penalty_form"].errors["points"] == [
        "A serious offence in a solo gives the soloist 12 to 24 points, as the official decides."
    ]
    assert not Penalty.objects.exists()
    german = client.post(url, form, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ein schwerer Verstoß in einem Solo bringt dem Solisten 12 bis 24 Punkte" in german
    assert client.post(url, {**form, "points": 16}).status_code == 302
    assert Penalty.objects.get().points == 16
