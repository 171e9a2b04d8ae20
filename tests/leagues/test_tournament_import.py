"""A tournament's export imported again: the same document back, the same ranking; a bad document names the path of
what is wrong and writes nothing."""

from __future__ import annotations

import copy
import datetime
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from leagues.models import Tournament
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.documents import export_tournament
from leagues.tournaments.rules import document
from scorekeeper import services
from scorekeeper.models import Deal, Member, Session
from tests.leagues.conftest import Personas, play_out

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 11, 28)
NAMES = [f"Spieler {n:02d}" for n in range(1, 14)]  # 13: two tables of four and one of five each round
FIXTURE = Path(__file__).parent / "tournaments" / "ddv_13_players.json"


def play(this_round: Any, personas: Personas, deals: int = 3) -> None:
    """A few deals at every table: a normal game, a Pflichtsolo (the dealer deals again), another normal game."""
    for table in this_round.tables.select_related("session"):
        names = list(table.session.seats.order_by("position").values_list("name", flat=True))
        sheet = [
            {"type": "normal", "re": [names[1], names[3]], "re_points": 150},
            {"type": "solo", "solo": "damen", "re": [names[2]], "re_points": 190, "forced": True},
            {"type": "normal", "re": [names[2], names[3]], "re_points": 100},
        ]
        for facts in sheet[:deals]:
            services.record_deal(session=table.session, actor=personas.owner, facts=facts)


@pytest.fixture
def played(personas: Personas) -> Tournament:
    """13 players, 3 rounds planned: two played and closed (a withdrawal after round 1, penalties in round 1),
    the third under way with time called."""
    tournament = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Herbstturnier", preset="ddv", played_on=DAY, rounds=3,
        entry_fee_cents=1000, tiebreaks=["best_round", "solos_won", "lot"], seed=7,
    )  # fmt: skip
    for name in NAMES:
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name=name)
    for number in (1, 2, 3):
        this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
        play(this_round, personas, deals=3 if number < 3 else 1)
        if number == 1:
            seated = [row.participant for table in this_round.tables.all() for row in table.seat_rows.all()]
            tournaments.add_penalty(
                this_round=this_round, actor=personas.owner, participant=seated[0], kind="minor",
                reason="out of turn", official="TL",
            )  # fmt: skip
            tournaments.add_penalty(
                this_round=this_round, actor=personas.owner, participant=seated[5], kind="deduction", points=5,
                reason="late", official="TL",
            )  # fmt: skip
        if number < 3:
            for table in this_round.tables.select_related("session", "round__tournament"):
                play_out(table, personas.owner)
                services.close_session(session=table.session, actor=personas.owner)
            tournaments.close_round(this_round=this_round, actor=personas.owner)
        else:
            tournaments.call_time(this_round=this_round, actor=personas.owner)
        if number == 1:
            tournaments.withdraw(participant=tournament.participants.get(number=13), actor=personas.owner)
    return tournament


def ranked(tournament: Tournament) -> list[tuple[int | None, int, Any]]:
    return [(r.standing.place, r.participant.number, r.standing.points) for r in selectors.ranking(tournament).rows]


def test_export_import_export_gives_the_same_document(personas: Personas, played: Tournament) -> None:
    exported = export_tournament(played)
    imported = tournaments.import_tournament(club=personas.club, actor=personas.owner, document=exported)
    assert imported.pk != played.pk
    assert export_tournament(imported) == exported
    assert ranked(imported) == ranked(played)
    assert imported.status == Tournament.Status.RUNNING
    rounds = list(imported.played_rounds.order_by("number"))
    assert [r.closed_at is not None for r in rounds] == [True, True, False]
    assert rounds[2].time_called_at is not None
    sessions = Session.objects.filter(tournament_table__round__tournament=imported)
    assert sorted(sessions.values_list("status", flat=True)) == ["closed"] * 6 + ["open"] * 3
    assert not Member.objects.filter(club=personas.club, name__startswith="Spieler").exclude(
        tournament_entries__tournament=played
    )  # the players are the same members again, not new guests


def test_an_imported_document_ranks_as_rank_ranks_it(personas: Personas) -> None:
    """The hand-made 13-player document ticks no Pflichtsolo: the import ticks them as the sheet does, so the sessions
    deal on as the sheets did and the live ranking is the document's."""
    raw = json.loads(FIXTURE.read_text(encoding="utf-8"))
    imported = tournaments.import_tournament(club=personas.club, actor=personas.owner, document=raw, played_on=DAY)
    expected = document.rank(raw)
    assert [(r.standing.place, r.participant.number, r.standing.points) for r in selectors.ranking(imported).rows] == [
        (s["place"], s["number"], s["points"]) for s in expected["overall"]
    ]
    assert imported.played_on == DAY
    assert imported.name == raw["name"]
    assert document.rank(export_tournament(imported))["overall"] == expected["overall"]


def test_a_bad_document_names_the_path_and_writes_nothing(personas: Personas, played: Tournament) -> None:
    exported = export_tournament(played)
    counts = (Tournament.objects.count(), Session.objects.count(), Deal.objects.count(), Member.objects.count())
    bad_deal = copy.deepcopy(exported)
    bad_deal["rounds"][1]["tables"][0]["deals"][0]["re_points"] = 250
    with pytest.raises(services.ServiceError) as raised:
        tournaments.import_tournament(club=personas.club, actor=personas.owner, document=bad_deal)
    assert "rounds[1].tables[0].deals[0].re_points" in str(raised.value)
    # found only once guests were added and tables seated: the transaction takes them back
    renamed = copy.deepcopy(exported)
    renamed["participants"].append({"number": 99, "name": "anna"})
    with pytest.raises(services.ServiceError) as raised:
        tournaments.import_tournament(club=personas.club, actor=personas.owner, document=renamed)
    assert "participants[13].name" in str(raised.value)
    counts_after = (Tournament.objects.count(), Session.objects.count(), Deal.objects.count(), Member.objects.count())
    assert counts_after == counts


def test_members_download_and_owners_upload(client: Any, personas: Personas, played: Tournament) -> None:
    client.force_login(personas.member)
    response = client.get(reverse("tournament_export", args=[personas.club.slug, played.pk]))
    assert response["Content-Disposition"].startswith("attachment;")
    exported = json.loads(response.content)
    assert exported == export_tournament(played)
    url = reverse("tournament_import", args=[personas.club.slug])
    assert client.get(url).status_code == 403
    client.force_login(personas.owner)
    upload = SimpleUploadedFile("t.json", json.dumps({"format": "schreiber-tournament/1"}).encode())
    page = client.post(url, {"document": upload, "played_on": "2026-11-28"}).content.decode()
    assert "settings: This field is required." in page
    upload = SimpleUploadedFile("t.json", response.content)
    answer = client.post(url, {"document": upload, "played_on": "2026-11-28"})
    imported = Tournament.objects.exclude(pk=played.pk).get()
    assert answer["Location"] == reverse("tournament", args=[personas.club.slug, imported.pk])
    assert export_tournament(imported) == exported


def upload(client: Any, personas: Personas, content: bytes) -> str:
    client.force_login(personas.owner)
    url = reverse("tournament_import", args=[personas.club.slug])
    response = client.post(url, {"document": SimpleUploadedFile("t.json", content), "played_on": "2026-11-28"},
                           HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
    assert response.status_code == 200
    assert not Tournament.objects.exists()
    return str(response.content.decode())


def test_junk_uploads_are_refused_with_a_message(client: Any, personas: Personas) -> None:
    assert "nested more than 32 levels" in upload(client, personas, b"[" * 10_000 + b"]" * 10_000)
    assert "not UTF-8" in upload(client, personas, b"\xff{}")
    assert "not valid JSON" in upload(client, personas, b"{nope")
    assert "too large" in upload(client, personas, b" " * 20_000_000)


def test_a_nul_in_a_text_is_refused_at_its_path(client: Any, personas: Personas) -> None:
    sent = json.loads(FIXTURE.read_text(encoding="utf-8"))
    sent["penalties"][0]["reason"] = "played\x00out of turn"
    assert "penalties[0].reason: a text cannot hold a NUL character." in upload(
        client, personas, json.dumps(sent).encode()
    )


@pytest.mark.parametrize(
    ("path", "junk", "message"),
    [
        (("settings", "preset"), ["ddv"], "settings.preset: There is no such tournament scoring"),
        (("settings", "games_per_round"), {"²": 24}, "settings.games_per_round: The table size"),
        (("participants", 0, "number"), 2**63, "participants[0].number: This must be at most 32767"),
        (("settings", "seed"), 2**63, "settings.seed: This must be at most"),
    ],
)
def test_junk_values_are_problems_at_their_path(
    personas: Personas, path: tuple[Any, ...], junk: Any, message: str
) -> None:
    sent = json.loads(FIXTURE.read_text(encoding="utf-8"))
    node = sent
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    with pytest.raises(services.ServiceError) as refused:
        tournaments.import_tournament(club=personas.club, actor=personas.owner, document=sent)
    assert message in str(refused.value)
    assert not Tournament.objects.exists()


def test_a_fixed_table_beyond_any_column_is_an_error_at_the_field(client: Any, personas: Personas) -> None:
    tournament = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Herbst", preset="ddv", played_on=DAY, rounds=3
    )
    client.force_login(personas.owner)
    url = reverse("tournament", args=[personas.club.slug, tournament.pk])
    response = client.post(url, {"name": "Gast", "fixed_table": str(2**63)}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response.context["form"].errors["fixed_table"]
    assert not tournament.participants.exists()
    with pytest.raises(services.ServiceError):
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name="Gast", fixed_table=2**63)


def test_a_round_without_tables_is_refused_at_its_path(personas: Personas) -> None:
    """A junk probe found it: a round listed with no table reached the import's bookkeeping as a KeyError."""
    sent = json.loads(FIXTURE.read_text(encoding="utf-8"))
    sent["rounds"][0]["tables"] = []
    with pytest.raises(services.ServiceError) as refused:
        tournaments.import_tournament(club=personas.club, actor=personas.owner, document=sent)
    assert "rounds[0].tables: A round has at least one table." in str(refused.value)
    assert not Tournament.objects.exists()
