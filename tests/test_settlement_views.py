"""The settlement page, the settlement sheet PDF and the blank score pad, as each persona sees them."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import Club, PotPolicy, Role, Session, SettlementMode
from scorekeeper.settlement import printing

from .test_printing import flat, needs_weasyprint, pdf_pages

pytestmark = pytest.mark.django_db


@dataclass
class Table:
    club: Club
    session: Session
    users: dict[str, User]  # owner, scorer, member, outsider


@pytest.fixture
def table(make_user: Any) -> Table:
    """A closed Schafkopf evening of Stammtisch Zum Hirschen at 10 ct a point: Bert won 16,00 €."""
    users = {persona: make_user(persona) for persona in ("owner", "scorer", "member", "outsider")}
    club = services.create_club(owner=users["owner"], name="Stammtisch Zum Hirschen", owner_name="Anna")
    for name, persona, role in (("Bert", "scorer", Role.SCORER), ("Caro", "member", Role.MEMBER)):
        member = services.add_member(club=club, name=name, role=role)
        member.user = users[persona]
        member.save()
    services.create_club(owner=users["outsider"], name="Other club", owner_name="Olga")
    session = services.start_session(
        club=club,
        actor=users["owner"],
        game="schafkopf",
        rules="classic",
        tariff="10/20/50",
        players=["Anna", "Bert", "Caro", "Dieter"],
        cents_per_point=10,
        table="Tisch 2",
    )
    for facts in (
        {"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 72},
        {"contract": "solo", "declarer": "Bert", "suit": "eichel", "points": 95},
    ):
        services.record_deal(session=session, actor=users["scorer"], facts=facts)
    services.close_session(session=session, actor=users["scorer"])
    return Table(club, session, users)


def words(response: Any) -> str:
    """A page's text without its markup, on one line."""
    return flat(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))).replace("\u00a0", " ")


def get(client: Client, user: User | None, name: str, *args: Any, query: str = "") -> Any:
    if user is not None:
        client.force_login(user)
    return client.get(reverse(name, args=args) + query, HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.parametrize("persona", ["owner", "scorer", "member"])
def test_every_member_sees_who_pays_whom(client: Client, table: Table, persona: str) -> None:
    response = get(client, table.users[persona], "session_settlement", table.club.slug, table.session.pk)
    assert response.status_code == 200
    page = words(response)
    for text in (
        "Who pays whom",
        "Anna pays Bert €4.00",
        "Dieter pays Bert €8.00",
        "Bert 160 +€16.00",
        "€0.10 per point",
    ):
        assert text in page, text
    links = response.content.decode()
    assert reverse("session_settlement_pdf", args=[table.club.slug, table.session.pk]) in links
    assert reverse("score_pad_pdf", args=[table.club.slug, "schafkopf"]) + "?players=4" in links


@pytest.mark.parametrize("name", ["session_settlement", "session_settlement_pdf"])
@pytest.mark.parametrize("persona", ["outsider", None])
def test_anyone_else_gets_a_404(client: Client, table: Table, name: str, persona: str | None) -> None:
    user = table.users[persona] if persona else None
    assert get(client, user, name, table.club.slug, table.session.pk).status_code == 404


def test_an_outsider_gets_no_score_pad_either(client: Client, table: Table) -> None:
    assert get(client, table.users["outsider"], "score_pad_pdf", table.club.slug, "schafkopf").status_code == 404


def test_the_page_follows_the_sessions_money_terms(client: Client, table: Table) -> None:
    Session.objects.filter(pk=table.session.pk).update(
        settlement_mode=SettlementMode.AGAINST_LEADER, pot_policy=PotPolicy.PAY_BACK
    )
    page = words(get(client, table.users["member"], "session_settlement", table.club.slug, table.session.pk))
    assert "Dieter pays into the kitty €24.00" in page  # 160 + 80 points behind Bert at 10 ct
    assert "Dieter -80 240 -€24.00" in page


def test_a_club_setting_never_changes_a_played_session(client: Client, table: Table) -> None:
    before = get(client, table.users["member"], "session_settlement", table.club.slug, table.session.pk)
    Club.objects.filter(pk=table.club.pk).update(
        currency="CHF", settlement_mode=SettlementMode.AGAINST_LEADER, pot_policy=PotPolicy.PAY_BACK
    )
    after = get(client, table.users["member"], "session_settlement", table.club.slug, table.session.pk)
    assert words(after) == words(before)
    assert "Dieter pays Bert €8.00" in words(after)


def test_the_session_currency_is_used(client: Client, table: Table) -> None:
    Session.objects.filter(pk=table.session.pk).update(currency="CHF")
    page = words(get(client, table.users["member"], "session_settlement", table.club.slug, table.session.pk))
    assert "Dieter pays Bert CHF 8.00" in page


def test_a_scorer_may_change_the_terms_of_an_open_session_only(client: Client, table: Table) -> None:
    money_url = reverse("session_money", args=[table.club.slug, table.session.pk])
    closed = get(client, table.users["scorer"], "session_settlement", table.club.slug, table.session.pk)
    assert money_url not in closed.content.decode()
    services.reopen_session(session=table.session, actor=table.users["scorer"])
    scorer_page = get(client, table.users["scorer"], "session_settlement", table.club.slug, table.session.pk)
    member_page = get(client, table.users["member"], "session_settlement", table.club.slug, table.session.pk)
    assert money_url in scorer_page.content.decode()
    assert money_url not in member_page.content.decode()


def test_an_open_session_says_the_settlement_is_provisional(client: Client, table: Table) -> None:
    services.reopen_session(session=table.session, actor=table.users["scorer"])
    page = get(client, table.users["member"], "session_settlement", table.club.slug, table.session.pk)
    assert "still in progress" in page.content.decode()


def test_the_session_page_links_to_the_settlement(client: Client, table: Table) -> None:
    page = get(client, table.users["member"], "session", table.club.slug, table.session.pk).content.decode()
    assert reverse("session_settlement", args=[table.club.slug, table.session.pk]) in page
    assert reverse("session_settlement_pdf", args=[table.club.slug, table.session.pk]) in page


def test_a_pad_for_an_unknown_game_is_not_found(client: Client, table: Table) -> None:
    assert get(client, table.users["member"], "score_pad_pdf", table.club.slug, "skat").status_code == 404


@pytest.mark.pdf
@needs_weasyprint
@pytest.mark.parametrize("persona", ["owner", "scorer", "member"])
def test_every_member_can_download_the_settlement_sheet(client: Client, table: Table, persona: str) -> None:
    response = get(client, table.users[persona], "session_settlement_pdf", table.club.slug, table.session.pk)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "settlement.pdf" in response["Content-Disposition"]
    (page,) = map(flat, pdf_pages(b"".join(response.streaming_content)))
    for text in ("STAMMTISCH ZUM HIRSCHEN", "Tisch 2", "Dieter pays Bert €8.00", "Totals -40 160 -40 -80"):
        assert text in page, text


@pytest.mark.parametrize(("query", "columns"), [("", 4), ("?players=5", 5), ("?players=9", 4), ("?players=x", 4)])
def test_a_pad_has_the_columns_asked_for_or_the_usual_table(
    client: Client, table: Table, query: str, columns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    printed: list[printing.ScorePad] = []

    def print_pad(pad: printing.ScorePad, language: str) -> bytes:
        printed.append(pad)
        return b"%PDF-"

    monkeypatch.setattr(printing, "score_pad_pdf", print_pad)
    response = get(client, table.users["member"], "score_pad_pdf", table.club.slug, "schafkopf", query=query)
    assert response.status_code == 200
    assert [(pad.players, pad.club) for pad in printed] == [(columns, "Stammtisch Zum Hirschen")]


@pytest.mark.pdf
@needs_weasyprint
def test_a_member_can_print_a_blank_pad(client: Client, table: Table) -> None:
    response = get(client, table.users["member"], "score_pad_pdf", table.club.slug, "doppelkopf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "doppelkopf-score-pad.pdf" in response["Content-Disposition"]
    (page,) = map(flat, pdf_pages(b"".join(response.streaming_content)))
    assert "Doppelkopf score pad" in page
