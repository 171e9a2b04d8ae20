"""Every kept answer (``schreiber.kept``) is the answer drawn afresh: after random writes, every page, export, PDF
and public page read with the cache kept equals the one drawn with ``kept.fresh()``, for every audience. The two
faults of issue 33 come first."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues.models import Season, Tournament
from leagues.seasons import selectors
from leagues.seasons import services as league_services
from leagues.tournaments import services as tournaments
from leagues.tournaments.models import TournamentRound
from leagues.tournaments.rules.samples import next_deal
from leagues.tournaments.services import teams
from schreiber import kept
from scorekeeper import services
from scorekeeper.models import Club, Member, Session
from scorekeeper.settlement import printing
from tests.examples import examples
from tests.leagues.conftest import Personas
from tests.leagues.test_standing_store import rolled_back
from tests.scorekeeper.conftest import sauspiel, start

pytestmark = pytest.mark.django_db


def hide_money(personas: Personas, season: Season) -> Season:
    """``season`` with its money hidden on its public link, and the link on."""
    league_services.save_season(
        league=season.league, actor=personas.owner, season=season, name=season.name, period=season.period,
        starts_on=season.starts_on, ends_on=season.ends_on, ranking=season.ranking, tiebreaks=season.tiebreaks,
        public_money_hidden=True,
    )  # fmt: skip
    return league_services.change_public_link(season=season, actor=personas.owner, enabled=True)


def rows_of(page: str) -> list[list[str]]:
    """The standing table's header cells, then each body row's cells."""
    table = re.search(r"<table.*?</table>", page, re.S)
    assert table is not None
    return [re.findall(r"<t[hd][ >]", row) for row in re.findall(r"<tr.*?</tr>", table.group(), re.S)]


def test_a_members_export_does_not_show_the_money_on_the_public_link(
    client: Client, personas: Personas, season: Season
) -> None:
    season = hide_money(personas, season)
    client.force_login(personas.member)
    export = client.get(reverse("season_export", args=[personas.club.slug, season.pk, "csv"]))
    assert export.status_code == 200
    assert b"Money" in export.content  # the members' export has the money
    client.logout()
    page = client.get(reverse("public_standing", args=[season.public_token])).content.decode()
    assert ">Money<" not in page
    assert "€" not in page
    header, *rows = rows_of(page)
    assert rows
    assert all(len(row) == len(header) for row in rows)  # every cell under its own header


def test_a_renamed_partner_is_shown_by_the_new_name_after_further_writes(
    client: Client, personas: Personas, season: Season
) -> None:
    """Anna played with Caro; Caro is renamed Carola and another evening is started and scored (a write that moves
    no standing): Anna's page, drawn before and kept, names Carola."""
    anna = personas.players["Anna"]
    key = f"u{anna.user_id}" if anna.user_id else f"m{anna.pk}"
    url = reverse("season_player", args=[personas.club.slug, season.pk, key])
    client.force_login(personas.member)
    assert ">Caro<" in client.get(url).content.decode()
    services.rename_member(member=personas.players["Caro"], actor=personas.owner, name="Carola")
    evening = start(personas, played_on=datetime.date(2026, 2, 5), cents_per_point=10)
    services.record_deal(session=evening, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 61))
    page = client.get(url).content.decode()
    assert "Carola" in page
    assert ">Caro<" not in page


# every kept answer is the answer drawn afresh ---------------------------------------------------------------------

NAMES = ["Anna", "Bert", "Caro", "Dieter"]  # who plays the club's evenings
DAYS = [datetime.date(2026, 1, 8), datetime.date(2026, 2, 12), datetime.date(2026, 5, 7)]
QUERIES = ["", "sort=-money&period=2026-Q1"]  # the whole season in its order; a quarter sorted by money

DEAL = st.tuples(st.sampled_from(DAYS), st.integers(0, 3), st.integers(0, 3), st.integers(20, 110))
CLUB = st.tuples(st.sampled_from(["Zum Hirschen", "Zur Post"]), st.sampled_from(["EUR", "CHF"]))  # name, currency
SEASON = st.tuples(st.sampled_from(["total_points", "total_money"]), st.booleans(), st.booleans())  # and its options
STEP = st.one_of(
    st.tuples(st.just("deal"), DEAL),
    st.tuples(st.just("close"), st.none()),
    st.tuples(st.just("correct"), st.tuples(st.integers(0, 9), st.integers(20, 110))),
    st.tuples(st.just("rename member"), st.tuples(st.sampled_from(NAMES), st.sampled_from(["a", "e"]))),
    st.tuples(st.just("rename club"), CLUB),
    st.tuples(st.just("season"), SEASON),
    st.tuples(st.just("public link"), st.booleans()),
    st.tuples(st.just("tournament deal"), st.none()),
    st.tuples(st.just("penalty"), st.integers(1, 8)),
)


@dataclass
class World:
    """What the steps write to and the reads look at: the club's league season and a tournament at its first round."""

    personas: Personas
    season: Season
    tournament: Tournament
    first: TournamentRound

    def member(self, name: str) -> Member:
        return Member.objects.get(pk=self.personas.players[name].pk)  # as it is now: renamed, perhaps

    def save_season(self, mode: str, money_hidden: bool, members_only: bool) -> None:
        season = Season.objects.get(pk=self.season.pk)
        league_services.save_season(
            league=season.league, actor=self.personas.owner, season=season, name=season.name, period=season.period,
            starts_on=season.starts_on, ends_on=season.ends_on, ranking={"mode": mode}, tiebreaks=["shared"],
            sub_period="quarter", public_money_hidden=money_hidden, members_only=members_only,
        )  # fmt: skip


def world(personas: Personas) -> World:
    league = league_services.create_league(club=personas.club, actor=personas.owner, name="Liga", game="schafkopf")
    season = league_services.save_season(
        league=league, actor=personas.owner, name="2026", period="year", starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31), ranking={"mode": "total_points"}, tiebreaks=["shared"],
        sub_period="quarter",
    )  # fmt: skip
    tournament = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Herbstturnier", preset="ddv",
        played_on=datetime.date(2026, 11, 28), rounds=2, seed=3,
    )  # fmt: skip
    for n in range(1, 9):
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name=f"Gast {n}")
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    found = World(personas, season, tournament, first)
    play(found, datetime.date(2026, 1, 8), [(0, 1, 80)])
    take(found, ("close", None))
    take(found, ("public link", True))
    teams.change_public_link(tournament=tournament, actor=personas.owner, enabled=True)
    return found


def play(world: World, day: datetime.date, deals: list[tuple[int, int, int]]) -> None:
    """``deals`` (declarer, partner, points by seat) at the club's open Schafkopf evening, or a new one on ``day``."""
    session = Session.objects.filter(club=world.personas.club, game="schafkopf", status=Session.Status.OPEN).first()
    if session is None:
        players = [world.member(name) for name in NAMES]
        session = services.start_session(
            club=world.personas.club, actor=world.personas.owner, game="schafkopf", rules="classic",
            tariff="10/20/50", players=players, played_on=day, cents_per_point=10,
        )  # fmt: skip
    seated = list(session.seats.values_list("name", flat=True))
    for declarer, partner, points in deals:
        facts = sauspiel(seated[declarer], seated[partner if partner != declarer else (declarer + 1) % 4], points)
        services.record_deal(session=session, actor=world.personas.scorer, facts=facts)


def take(world: World, step: tuple[str, Any]) -> None:
    kind, what = step
    personas = world.personas
    evenings = Session.objects.filter(club=personas.club, game="schafkopf").order_by("pk")
    if kind == "deal":
        day, declarer, partner, points = what
        play(world, day, [(declarer, partner, points)])
    elif kind == "close":
        for session in evenings.filter(status=Session.Status.OPEN):
            services.close_session(session=session, actor=personas.owner)
    elif kind == "correct" and evenings:
        number, points = what
        session = list(evenings)[number % len(evenings)]
        if session.status == Session.Status.CLOSED:
            session = services.reopen_session(session=session, actor=personas.owner)
        deal = session.deals.filter(deleted_at__isnull=True).order_by("sequence").first()
        if deal is not None:
            services.correct_deal(deal=deal, actor=personas.scorer, facts={**deal.facts, "points": points},
                                  revision=deal.revision)  # fmt: skip
    elif kind == "rename member":
        name, ending = what
        services.rename_member(member=world.member(name), actor=personas.owner, name=name + ending)
    elif kind == "rename club":
        name, currency = what
        club = Club.objects.get(pk=personas.club.pk)
        services.change_club_settings(
            club=club, actor=personas.owner, name=name, currency=currency, pot_policy=club.pot_policy,
            settlement_mode=club.settlement_mode,
        )  # fmt: skip
    elif kind == "season":
        world.save_season(*what)
    elif kind == "public link":
        league_services.change_public_link(season=world.season, actor=personas.owner, enabled=what)
    elif kind == "tournament deal":
        table = world.first.tables.order_by("number").first()
        assert table is not None
        facts = next_deal(tournaments.table_sheet(table))
        if facts is not None:
            services.record_deal(session=table.session, actor=personas.owner, facts=facts)
    elif kind == "penalty":
        tournaments.add_penalty(
            this_round=world.first, actor=personas.owner, participant=world.tournament.participants.get(number=what),
            kind="deduction", points=5, reason="late back", official="TL",
        )  # fmt: skip


def without_tokens(page: bytes) -> str:
    """A page but for its CSRF tokens, masked anew in each response."""
    return re.sub(r"[A-Za-z0-9]{64}", "", page.decode())


def answers(world: World, query: str) -> dict[str, str]:
    """Every read, for every audience: a member's standing page and export, the public link, two players' pages,
    the settlement of the last evening; the tournament's ranking on the hall screen and the public link (the
    ranking: the head around it, with its clock and the time of day, is drawn at every look)."""
    personas = world.personas
    season = Season.objects.get(pk=world.season.pk)
    tournament = Tournament.objects.get(pk=world.tournament.pk)
    member, public = Client(HTTP_ACCEPT_LANGUAGE="en"), Client(HTTP_ACCEPT_LANGUAGE="en")
    member.force_login(personas.member)
    slug = personas.club.slug
    pages = {
        "standing": (member, reverse("season", args=[slug, season.pk]) + f"?{query}"),
        "csv": (member, reverse("season_export", args=[slug, season.pk, "csv"]) + f"?{query}"),
    }
    if season.public_token:
        pages["public standing"] = (public, reverse("public_standing", args=[season.public_token]) + f"?{query}")
    for name in ("Anna", "Caro"):
        player = world.member(name)
        key = selectors.player_key(player.pk, player.user_id)
        pages[name] = (member, reverse("season_player", args=[slug, season.pk, key]))
    last = Session.objects.filter(club=personas.club, game="schafkopf").order_by("pk").last()
    if last is not None:
        pages["settlement"] = (member, reverse("session_settlement_pdf", args=[slug, last.pk]))
    found = {what: read(client, url) for what, (client, url) in pages.items()}
    for what, client, url in (
        ("hall", member, reverse("tournament_hall", args=[slug, tournament.pk])),
        ("public ranking", public, reverse("public_tournament", args=[tournament.public_token])),
    ):
        found[what] = str(client.get(url, HTTP_HX_REQUEST="true").context["ranking_html"])
    return found


def read(client: Client, url: str) -> str:
    response = client.get(url)
    content = b"".join(response) if response.streaming else response.content
    return f"{response.status_code} {without_tokens(content)}"


def printed(template: str, context: dict[str, Any]) -> bytes:
    """The printout as the HTML that WeasyPrint would print: what it shows, without seconds of printing."""
    return render_to_string(template, context).encode()


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=1, max_size=6), query=st.sampled_from(QUERIES))
def test_every_kept_answer_is_the_answer_drawn_afresh(
    personas: Personas, steps: list[tuple[str, Any]], query: str
) -> None:
    """After any deals, corrections, closings, renames of members and the club, season settings, the public link on
    and off, a tournament's deals and penalties, every page, export, printout and public page read with what is kept
    from the reads before is the one drawn afresh."""
    with rolled_back(), mock.patch.object(printing, "pdf_from_template", printed):
        cache.clear()
        shared = world(personas)
        answers(shared, query)
        for step in steps:
            take(shared, step)
            found = answers(shared, query)
            with kept.fresh():
                fresh = answers(shared, query)
            for what, answer in found.items():
                assert answer == fresh[what], (step, what)
