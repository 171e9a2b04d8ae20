"""A tournament is final only when every round is played and every table closed (issue 23, fault 2): until then
the ranking page, the hall screen, the ranking PDF and ``rank`` say "provisional" with what is missing."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Tournament, TournamentRound, TournamentTable
from leagues.tournaments import services as tournaments
from leagues.tournaments.documents import export_tournament
from leagues.tournaments.rules.document import rank
from leagues.tournaments.rules.samples import next_deal
from scorekeeper import services
from tests.leagues.conftest import Personas, play_out
from tests.test_printing import flat, needs_weasyprint, pdf_pages

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
EVERY_RANKING = ("tournament_ranking", "tournament_hall", "tournament_snapshot", "tournament_ranking_pdf")


@pytest.fixture
def time_called(personas: Personas) -> tuple[Tournament, TournamentRound]:
    """A DDV tournament of one round at two tables, time called as it starts: each of its 8 players owes only his
    Pflichtsolo."""
    tournament = tournaments.create_tournament(
        club=personas.club,
        actor=personas.owner,
        name="Wintercup",
        preset="ddv",
        played_on=datetime.date(2026, 12, 5),
        rounds=1,
        seed=5,
    )
    for n in range(1, 9):
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name=f"Gast {n}")
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    tournaments.call_time(this_round=this_round, actor=personas.owner)
    return tournament, this_round


@pytest.fixture
def one_solo_owed(
    personas: Personas, time_called: tuple[Tournament, TournamentRound]
) -> tuple[Tournament, TournamentTable, str]:
    """Table 2 plays every Pflichtsolo and closes, table 1 plays all but one. Gives the tournament, table 1 and who
    still owes."""
    tournament, this_round = time_called
    first, second = this_round.tables.select_related("session", "round__tournament").order_by("number")
    play_out(second, personas.owner)
    services.close_session(session=second.session, actor=personas.owner)
    while len((sheet := tournaments.table_sheet(first)).owing) > 1:
        facts = next_deal(sheet)
        assert facts is not None  # a Pflichtsolo is still owed, so a deal comes
        services.record_deal(session=first.session, actor=personas.owner, facts=facts)
    (owes,) = tournaments.table_sheet(first).owing
    return tournament, first, owes


def page(client: Client, name: str, tournament: Tournament, language: str = "en") -> str:
    args = [tournament.club.slug, tournament.pk]
    response = client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    if response.streaming:
        return flat(" ".join(pdf_pages(b"".join(response.streaming_content))))  # type: ignore[attr-defined]
    return response.content.decode()


def manage_rank_final(tournament: Tournament) -> subprocess.CompletedProcess[str]:
    stdin = json.dumps(export_tournament(tournament), default=str)
    command = [sys.executable, "manage.py", "rank", "--final", "-"]
    return subprocess.run(command, cwd=ROOT, input=stdin, capture_output=True, text=True, check=False)


@pytest.mark.pdf
@needs_weasyprint
def test_an_owed_pflichtsolo_keeps_the_tournament_provisional_everywhere_until_played(
    client: Client, personas: Personas, one_solo_owed: tuple[Tournament, TournamentTable, str]
) -> None:
    tournament, table, owes = one_solo_owed
    client.force_login(personas.member)
    missing = f"Round 1, table 1: {owes} still owes his Pflichtsolo."
    for name in EVERY_RANKING:
        shown = page(client, name, tournament)
        assert "Provisional standing" in shown, name
        assert missing in shown, name
        assert "Final standing" not in shown, name
    german = page(client, "tournament_ranking_pdf", tournament, "de")
    assert "Vorläufiger Stand" in german
    assert f"Runde 1, Tisch 1: {owes} schuldet noch sein Pflichtsolo." in german
    assert "Endstand" not in german
    ranked = rank(export_tournament(tournament))
    assert (ranked["final"], [m["text"] for m in ranked["missing"]]) == (False, [missing])
    refused = manage_rank_final(tournament)
    assert (refused.returncode, refused.stderr) == (1, f"The ranking is provisional:\n{missing}\n")

    play_out(table, personas.owner)
    assert page(client, "tournament_ranking", tournament).count("Provisional standing") == 1  # the sheet is open
    assert "Round 1, table 1: the sheet is still to close." in page(client, "tournament_hall", tournament)
    services.close_session(session=table.session, actor=personas.owner)
    for name in EVERY_RANKING:
        shown = page(client, name, tournament)
        assert "Final standing" in shown, name
        assert "Provisional standing" not in shown, name
    assert "Endstand" in page(client, "tournament_ranking_pdf", tournament, "de")
    assert rank(export_tournament(tournament))["final"] is True
    accepted = manage_rank_final(tournament)
    assert (accepted.returncode, accepted.stderr) == (0, "")


def test_the_hall_screen_names_a_few_things_missing_not_a_full_halls(
    client: Client, personas: Personas, time_called: tuple[Tournament, TournamentRound]
) -> None:
    """Each of 8 players owes his Pflichtsolo. The ranking page lists every one; the hall screen, read from afar, only
    says the standing is provisional (its head names the round and the tables playing)."""
    tournament, _round = time_called
    client.force_login(personas.member)
    owed = "still owes his Pflichtsolo."
    assert page(client, "tournament_ranking", tournament).count(owed) == 8
    hall = page(client, "tournament_hall", tournament)
    assert "Provisional standing" in hall
    assert owed not in hall
