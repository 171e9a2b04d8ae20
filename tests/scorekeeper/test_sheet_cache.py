"""The live sheet drawn once and shared, and a polling phone sent only what changed (scorekeeper/table/live.py)."""

from __future__ import annotations

import gzip
import html
import re
import sys
from collections.abc import Callable
from typing import Any
from unittest.mock import patch

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schreiber import kept
from scorekeeper import services
from scorekeeper.engine.samples import DEFAULT_PLAYERS
from scorekeeper.models import Member, Session
from scorekeeper.services.lineup import player_joins, player_leaves
from scorekeeper.settlement import printing
from scorekeeper.table import live, sheet
from tests.examples import examples

from .conftest import Personas, sauspiel, start
from .test_resumed_writes import operations, play

pytestmark = pytest.mark.django_db

LINE = re.compile(r'<tbody data-number="(\d+)">.*?</tbody>', re.S)
BLOCK_ADDRESS = re.compile(r'<tbody hx-get="([^"]+)" hx-trigger="load" hx-swap="outerHTML" data-block></tbody>')


def block_addresses(sheet: str) -> list[str]:
    return [html.unescape(address) for address in BLOCK_ADDRESS.findall(sheet)]


class Phone:
    """What static/js/app.js does with the answers to its polls, on the sheet's markup as text."""

    def __init__(self, client: Client, session: Session) -> None:
        self.client = client
        self.url = reverse("session_live", args=[session.club.slug, session.pk])
        self.sheet = ""
        self.answers: list[int] = []
        self.poll()

    def shows(self, key: str) -> str:
        return re.findall(rf'<section id="sheet"[^>]* data-{key}="([^"]*)"', self.sheet)[0]

    def poll(self) -> str:
        query = {"rev": self.shows("revision"), "shape": self.shows("shape")} if self.sheet else {}
        response = self.client.get(self.url, query)
        self.answers.append(response.status_code)
        if response.status_code == 204 or (response.status_code == 286 and not response.content):  # 286: stop polling
            assert response.content == b""
            return "nothing"
        answer = response.content.decode()
        if "data-patch" not in answer:
            self.sheet = answer
            return "whole"
        count = int(re.findall(r'data-count="(\d+)"', answer)[0])
        lines = {int(n): m.group(0) for m in LINE.finditer(self.sheet) for n in [m.group(1)]}
        lines.update({int(m.group(1)): m.group(0) for m in LINE.finditer(answer)})
        kept = "".join(lines[n] for n in sorted(lines, reverse=True) if n <= count)
        # the patch's head with the lines as the phone has them now, as the whole sheet would have them
        head = re.sub(r' data-patch| data-news="[^"]*"', "", answer)
        self.sheet = LINE.sub("", head).replace("</thead>", "</thead>" + kept, 1)
        return "patch"


def flat(html: str) -> str:
    return re.sub(r"\s*([<>])\s*", r"\1", html)


def whole(client: Client, session: Session) -> str:
    """The sheet as a phone that says nothing gets it: whole."""
    return client.get(reverse("session_live", args=[session.club.slug, session.pk])).content.decode()


def without_tokens(page: str) -> str:
    """A page but for its CSRF tokens, masked anew in each response, and its poll token, signed anew."""
    return re.sub(r"[A-Za-z0-9]{64}|data-poll-token=\"[^\"]*\"", "", page)


def lines(sheet: str) -> list[str]:
    return [m.group(1) for m in LINE.finditer(sheet)]


def login(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def deal(session: Session, number: int) -> Any:
    return session.deals.get(number=number)


STEPS: list[tuple[str, Callable[[Personas, Session], Any]]] = [
    ("a deal", lambda p, s: services.record_deal(session=s, actor=p.scorer, facts=sauspiel("Caro", "Anna", 80))),
    ("another", lambda p, s: services.record_deal(session=s, actor=p.scorer, facts=sauspiel("Anna", "Bert", 40))),
    (
        "a correction of the first",
        lambda p, s: services.correct_deal(
            deal=deal(s, 1), actor=p.scorer, facts=sauspiel("Anna", "Caro", 30), revision=deal(s, 1).revision
        ),
    ),
    (
        "a deal inserted",
        lambda p, s: services.record_deal(
            session=s, actor=p.scorer, facts=sauspiel("Dieter", "Bert", 91), before=deal(s, 2)
        ),
    ),
    ("a delete", lambda p, s: services.delete_deal(deal=deal(s, 2), actor=p.scorer, revision=deal(s, 2).revision)),
    ("a restore", lambda p, s: services.restore_deal(deal=s.deals.filter(number=None).get(), actor=p.scorer)),
    ("the last deleted", lambda p, s: services.delete_deal(deal=deal(s, 5), actor=p.scorer, revision=1)),
    (
        "dealers re-derived",
        lambda p, s: services.rederive_dealers(deal=deal(s, 1), actor=p.scorer, revision=s.revision),
    ),
    ("closed", lambda p, s: services.close_session(session=s, actor=p.scorer)),
    ("reopened", lambda p, s: services.reopen_session(session=s, actor=p.scorer)),
]


@pytest.mark.parametrize(
    ("persona", "redrawn"),
    [("member", []), ("scorer", ["closed", "reopened"])],  # closing takes the scorer's links to corrections away
)
def test_a_patched_sheet_is_the_sheet(personas: Personas, session: Session, persona: str, redrawn: list[str]) -> None:
    """Every change, polled by a phone that had the sheet before it, leaves that phone with the sheet as it is."""
    client = login(getattr(personas, persona))
    phone = Phone(client, session)
    for what, change in STEPS:
        session.refresh_from_db()
        change(personas, session)
        assert phone.poll() == ("whole" if what in redrawn else "patch"), what
        assert phone.poll() == "nothing"  # and then it is current …
        cache.clear()
        assert flat(phone.sheet) == flat(whole(client, session)), what  # … as drawn afresh


def test_a_sheet_with_no_deal_is_patched_and_redrawn_for_its_first(personas: Personas) -> None:
    session = start(personas, cents_per_point=10)
    client = login(personas.member)
    phone = Phone(client, session)
    terms = {"currency": "EUR", "pot_policy": "carry", "settlement_mode": "zero_sum"}
    services.change_money_terms(session=session, actor=personas.scorer, cents_per_point=20, **terms)
    assert phone.poll() == "patch"
    assert flat(phone.sheet) == flat(whole(client, session))
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    assert phone.poll() == "whole"  # now with a table to patch


def test_a_patch_has_only_the_changed_lines(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.member)
    phone = Phone(client, session)
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    url, shown = phone.url, {"rev": phone.shows("revision"), "shape": phone.shows("shape")}
    patch = client.get(url, shown)
    assert patch["HX-Reswap"] == "none"
    assert lines(patch.content.decode()) == ["3"]
    (news,) = re.findall(r'data-news="([^"]*)"', patch.content.decode())  # in words: tests/scorekeeper/test_news.py
    assert re.match(r"\w+ 3: Sauspiel, Caro \w+ Anna", news)
    services.correct_deal(
        deal=deal(session, 2), actor=personas.scorer, facts=sauspiel("Bert", "Dieter", 30), revision=1
    )  # deal 3's totals move too
    assert lines(client.get(url, shown).content.decode()) == ["3", "2"]


def test_an_unchanged_poll_is_tiny_and_a_page_compressed(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.member)
    phone = Phone(client, session)
    unchanged = client.get(phone.url, {"rev": phone.shows("revision"), "shape": phone.shows("shape")})
    assert unchanged.status_code == 204
    assert len(unchanged.serialize_headers()) < 1000
    page = client.get(session.get_absolute_url(), headers={"accept-encoding": "gzip"})
    assert page["Content-Encoding"] == "gzip"
    assert b'id="sheet"' in gzip.decompress(page.content)


def test_the_cached_sheet_is_a_fresh_one_for_each_language_and_role(personas: Personas, session: Session) -> None:
    scorer, member = login(personas.scorer), login(personas.member)
    url = session.get_absolute_url()
    first = {
        (who, language): client.get(url, headers={"accept-language": language}).content.decode()
        for who, client in (("scorer", scorer), ("member", member))
        for language in ("de", "en")
    }
    cache.clear()
    for (who, language), page in first.items():
        client = scorer if who == "scorer" else member
        again = client.get(url, headers={"accept-language": language}).content.decode()
        assert without_tokens(again) == without_tokens(page)
    assert "+ Spiel 3" in first["scorer", "de"]
    assert "+ Deal 3" in first["scorer", "en"]
    assert "Correct deal 1" in first["scorer", "en"]
    assert "Correct deal" not in first["member", "en"]
    assert "+ Deal" not in first["member", "en"]


def test_each_line_is_drawn_once(personas: Personas, session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []

    def row(deal: Any, players: Any) -> Any:
        drawn.append(deal.number)
        return sheet.row(deal, players)

    monkeypatch.setattr(live, "row", row)
    member, other = login(personas.member), login(personas.member)
    member.get(session.get_absolute_url())
    assert drawn == [1, 2]
    other.get(session.get_absolute_url())  # the same revision: the whole sheet is kept
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    member.get(session.get_absolute_url())
    Phone(other, session)
    assert drawn == [1, 2, 3]


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each settlement sheet drawn (the number of deals on it), drawn as a stand-in for WeasyPrint."""
    drawn: list[int] = []

    def draw(printout: printing.Printout, language: str) -> bytes:
        drawn.append(len(printout.sheet.rows))
        return f"%PDF {language} {printout.sheet.totals}".encode()

    monkeypatch.setattr(printing, "settlement_pdf", draw)
    return drawn


def test_the_settlement_pdf_is_drawn_once_per_revision(
    personas: Personas, session: Session, printed: list[int]
) -> None:
    client = login(personas.member)
    url = reverse("session_settlement_pdf", args=[personas.club.slug, session.pk])

    def pdf(language: str = "de") -> bytes:
        response: Any = client.get(url, headers={"accept-language": language})
        return b"".join(response.streaming_content)

    first = pdf()
    assert pdf() == first
    assert pdf("en") != first
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    assert pdf() != first
    assert printed == [2, 2, 3]


def test_a_long_sheet_has_its_full_blocks_at_addresses_the_browser_keeps(
    personas: Personas, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page holds the sheet's newest lines and the addresses of its full blocks, each kept by the browser for
    good: put together, and polled whole, it is the sheet drawn afresh, after a correction inside a block too, which
    gives that block a new address; the old one then answers what is there now, not to be kept."""
    monkeypatch.setattr(live, "BLOCK", 2)
    for declarer in ("Caro", "Dieter", "Bert"):
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel(declarer, "Anna", 80))
    client = login(personas.scorer)

    def page() -> str:
        return client.get(session.get_absolute_url()).content.decode()

    for _ in range(2):  # drawn, then kept
        plain = page()
        assert lines(plain) == ["5"]
        addresses = block_addresses(plain)
        assert len(addresses) == 2
        for address in addresses:
            block = client.get(address)
            assert block["Cache-Control"] == f"private, max-age={live.BLOCK_SECONDS}, immutable"
        assert lines(put_together(client, plain)) == ["5", "4", "3", "2", "1"]
        assert flat(whole(client, session)) in flat(plain)
    third = deal(session, 3)
    services.correct_deal(deal=third, actor=personas.scorer, facts=sauspiel("Bert", "Caro", 30), revision=1)
    corrected = page()
    newer, older = block_addresses(corrected)
    assert older == addresses[1]  # deals 1 and 2 stay as they were
    assert newer != addresses[0]
    stale = client.get(addresses[0])
    assert stale["Cache-Control"] == "no-store"
    assert stale.content == client.get(newer).content
    with kept.fresh():
        assert without_tokens(corrected) == without_tokens(page())
    now = Session.objects.get(pk=session.pk)
    assert flat(afresh(personas.players["Bert"], now)) in flat(put_together(client, corrected))


def test_the_head_is_kept_for_a_revision_and_each_change_shows_at_once(personas: Personas, session: Session) -> None:
    """The sheet's head (the players, the terms, who left or joined) is read once a revision and kept
    (``reads.sheet_head``): a player who joins, one who leaves and new money terms each show at once, on the page
    and to a polling phone, as the sheet drawn afresh."""
    scorer, member = login(personas.scorer), login(personas.member)
    phone = Phone(member, session)

    def page() -> str:
        return scorer.get(session.get_absolute_url(), headers={"accept-language": "en"}).content.decode()

    def head_of(sheet: str) -> str:
        return LINE.sub("", sheet)

    assert "Emil" not in page()
    session.refresh_from_db()
    emil = personas.players["Emil"]
    player_joins(session=session, actor=personas.scorer, player=emil, table_seat=None, revision=session.revision)
    assert '<th class="num player">Emil</th>' in page()
    assert phone.poll() == "whole"  # a new column
    session.refresh_from_db()
    player_leaves(session=session, actor=personas.scorer, name="Bert", revision=session.revision)
    assert "Bert left" in page()
    assert phone.poll() == "patch"
    assert re.search(r'<ul class="lineup-marks".*Bert', head_of(phone.sheet), re.S)
    terms = {"currency": "EUR", "pot_policy": "carry", "settlement_mode": "zero_sum"}
    services.change_money_terms(session=session, actor=personas.scorer, cents_per_point=25, **terms)
    assert "0.25 per point" in page()
    assert phone.poll() == "patch"
    kept = head_of(phone.sheet)
    cache.clear()
    assert head_of(flat(whole(member, session))) == flat(kept)


def test_a_changed_poll_reads_only_what_changed(
    personas: Personas, session: Session, django_assert_num_queries: Any
) -> None:
    """After the page of a revision, a phone's poll reads the deals changed since its revision and the history of
    them, nothing of the sheet's head (kept for the revision); the other phones polling from the same revision read
    nothing more."""
    member, scorer = login(personas.member), login(personas.scorer)
    phone = Phone(member, session)
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    scorer.get(session.get_absolute_url())  # the scorer's page after the save
    other = Phone(login(personas.member), session)
    other.sheet = phone.sheet  # it shows the same revision
    with django_assert_num_queries(2 + 1 + 1 + 2):  # the login, the member with the session, the clock, the news
        assert phone.poll() == "patch"
    with django_assert_num_queries(2 + 1 + 1):  # another phone polling from the same revision: the patch is kept
        assert other.poll() == "patch"
    assert other.sheet == phone.sheet
    session.refresh_from_db()
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Dieter", "Anna", 80))
    with django_assert_num_queries(2 + 1 + 1 + 2 + 1):  # no page drawn at this revision: the head read once
        assert phone.poll() == "patch"


def afresh(me: Member, session: Session) -> str:
    """The sheet drawn with nothing kept from before, every line in it."""
    with kept.fresh(), patch.object(live, "BLOCK", sys.maxsize):
        return live.sheet_html(me, session)


def with_blocks(me: Member, session: Session, sheet: str) -> str:
    """The sheet with its full blocks put in as ``live.block_html`` draws them for their addresses."""

    def block(address: re.Match[str]) -> str:
        first, last = re.findall(r"lines=(\d+)-(\d+)", address.group(1))[0]
        return live.block_html(me, session, int(first), int(last))[0]

    return BLOCK_ADDRESS.sub(block, sheet)


def put_together(client: Client, sheet: str) -> str:
    """The sheet with its full blocks fetched, as the browser puts them in."""
    return BLOCK_ADDRESS.sub(lambda block: client.get(html.unescape(block.group(1))).content.decode(), sheet)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(list(DEFAULT_PLAYERS)), steps=operations)
def test_a_sheet_kept_from_revision_to_revision_is_the_sheet_drawn_afresh(
    personas: Personas, monkeypatch: pytest.MonkeyPatch, game: str, steps: list[tuple[str, int]]
) -> None:
    """Each revision's sheet takes the lines no write stamped since from those kept, and names its full blocks by
    their newest stamp: after any adds, corrections, deletes, undos and lineup changes, its blocks put in, it is the
    sheet drawn afresh with every line in it, for a scorer and a member (blocks of three here)."""
    monkeypatch.setattr(live, "BLOCK", 3)
    cache.clear()
    viewers = [personas.players["Bert"], personas.players["Caro"]]  # a scorer, a member

    def as_drawn_afresh(session: Session) -> None:
        for me in viewers:
            assert flat(with_blocks(me, session, live.sheet_html(me, session))) == flat(afresh(me, session))

    play(personas, game, steps, as_drawn_afresh)
