"""Bad input never gives a 500 and never half-writes, anywhere.

Hypothesis posts generated junk to every form and URL the resolver knows (the club's pages, deals, sessions,
invitations, table links, leagues, seasons, tournaments with their rounds, penalties and prizes, the tournament
upload, login, sign-up, the language switch), as each persona (a visitor, an outsider, a member, a scorer, an
owner), with junk in the URL's ids, the query string and every field the page's form has: any text, 10,000
characters, 2**63, floats, digits such as "²" that are no number, a NUL, JSON nested 10,000 deep, uploads of junk
and of 20 MB. For every request: no server error. For every rejected post (not a redirect to success): no row of
the app changed. The world is built once; each example runs in a savepoint that is rolled back.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from leagues.models import (
    League,
    LeagueClub,
    Participant,
    Penalty,
    Season,
    TableSeat,
    Tournament,
    TournamentRound,
    TournamentTable,
)
from leagues.seasons import services as seasons
from leagues.tournaments import services as tournaments
from leagues.tournaments.documents import export_tournament
from scorekeeper import services
from scorekeeper.models import (
    AuditEntry,
    Club,
    Deal,
    HouseRules,
    Invitation,
    Member,
    PlayerResult,
    Seat,
    Session,
    TableLink,
)
from tests.examples import examples

pytestmark = pytest.mark.django_db

EXAMPLES = examples(1000)  # posts and gets on SQLite (a quarter on PostgreSQL); the closing note reports the number
COUNTED = (Club, Member, Session, Seat, Deal, PlayerResult, AuditEntry, HouseRules, Invitation, TableLink, User,
           League, LeagueClub, Season, Tournament, Participant, TournamentRound, TournamentTable, TableSeat,
           Penalty)  # fmt: skip
SKIPPED = ("admin:", "javascript-catalog")  # the read-only admin is tested apart
# Mostly the club's own people, and mostly ids that exist: that is where a half-write could happen.
PERSONAS = ["owner", "owner", "scorer", "scorer", "scorer", "member", "outsider", "visitor"]


@dataclass
class World:
    clients: dict[str, Client]
    ids: dict[str, list[str]]  # converter name → values that mean something here
    fields: dict[str, list[str]]  # URL name → the names of the fields its page has (read once, as the owner)
    deals_of: dict[str, list[str]]  # session id → its deals' ids: a deal's URL mostly names one of its session
    logins: dict[str, SimpleCookie]  # persona → its cookies when the world was made
    uploads: list[bytes]  # documents to upload where a page asks for one


def patterns(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[tuple[str, list[str]]]:
    """(name, keyword names) of every named URL the resolver knows."""
    resolver = resolver or get_resolver()
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver):
            yield from patterns(item, f"{item.namespace}:" if item.namespace else prefix)
        elif isinstance(item, URLPattern) and item.name:
            name = prefix + item.name
            if not name.startswith(SKIPPED):
                yield name, list(item.pattern.converters)


@pytest.fixture
def world(make_user: Any, monkeypatch: pytest.MonkeyPatch) -> World:
    # A printout's page is rendered from its template, its layout is not: the layout is tested apart
    # (tests/test_printing.py) and sees no junk from here, as a refused post stores none.
    monkeypatch.setattr("weasyprint.HTML.write_pdf", lambda *args, **kwargs: b"%PDF-1.7")
    owner, scorer, member, outsider = (make_user(n) for n in ("anna", "bert", "caro", "olga"))
    club = services.create_club(owner=owner, name="Stammtisch", owner_name="Anna")
    for name, user, role in (("Bert", scorer, "scorer"), ("Caro", member, "member")):
        joined = services.add_member(club=club, name=name)
        joined.user = user
        joined.save()
        services.change_role(member=joined, role=role)
    services.add_member(club=club, name="Dieter")
    other = services.create_club(owner=outsider, name="Other", owner_name="Olga")
    players = list(club.members.all())[:4]
    closed = services.start_session(club=club, actor=owner, game="schafkopf", rules="classic", tariff="classic",
                                    players=players)  # fmt: skip
    deal = {"contract": "sauspiel", "declarer": players[0].name, "partner": players[1].name, "points": 70}
    services.record_deal(session=closed, actor=scorer, facts=deal)
    services.close_session(session=closed, actor=owner)
    open_ = services.start_session(club=club, actor=owner, game="doppelkopf", rules="ddv", tariff=None,
                                   players=players)  # fmt: skip
    normal = {"type": "normal", "re": [players[0].name, players[2].name], "re_points": 130}
    first = services.record_deal(session=open_, actor=scorer, facts=normal)
    services.record_deal(session=open_, actor=scorer, facts=normal)
    services.delete_deal(deal=first, actor=scorer, revision=1)
    rules = services.save_house_rules(club=club, name="Dienstag", game="schafkopf", rules="classic", tariff="classic",
                                      cents_per_point=10)  # fmt: skip
    invitation = services.create_invitation(club=club, actor=owner)
    link = services.create_table_link(session=open_, actor=owner)
    league = seasons.create_league(club=club, actor=owner, name="Liga", game="schafkopf")
    membership = seasons.invite_club(league=league, actor=owner, club_slug=other.slug)
    season = seasons.save_season(
        league=league, actor=owner, name="2026", period="year", starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31), ranking={"mode": "total_points"}, tiebreaks=["shared"],
    )  # fmt: skip
    season = seasons.change_public_link(season=season, actor=owner, enabled=True)
    tournament = tournaments.create_tournament(club=club, actor=owner, name="Herbst", preset="ddv",
                                               played_on=datetime.date(2026, 11, 28), rounds=2, seed=3)  # fmt: skip
    entrants = [tournaments.add_participant(tournament=tournament, actor=owner, name=f"Gast {n}") for n in range(8)]
    table_session = tournaments.start_round(tournament=tournament, actor=owner).tables.earliest("number").session
    clients = {"visitor": Client()}
    for persona, user in (("outsider", outsider), ("member", member), ("scorer", scorer), ("owner", owner)):
        clients[persona] = Client()
        clients[persona].force_login(user)
    big = "9" * 25
    ids = {
        "club_slug": [club.slug] * 6 + ["other", "nope"],
        "session_id": [str(open_.pk)] * 3 + [str(closed.pk)] * 2 + [str(table_session.pk), "0", big],
        "deal_id": [str(d.pk) for d in Deal.objects.all()] + ["0", big],
        "member_id": [str(m.pk) for m in club.members.all()] + [big],
        "house_rules_id": [str(rules.pk), big],
        "token": [invitation.token] * 3 + [link.token, str(season.public_token), "A" * 20],
        "game": ["schafkopf", "doppelkopf", "sheepshead", "bauernstoss", "skat"],
        "uidb64": ["MQ"],
        "league_id": [str(league.pk)] * 3 + ["0", big],
        "membership_id": [str(membership.pk)] * 2 + [big],
        "season_id": [str(season.pk)] * 4 + ["0", big],
        "fmt": ["csv", "xlsx", "pdf", "json"],
        "player": ["Anna", "Bert", "Nobody", "²"],
        "tournament_id": [str(tournament.pk)] * 6 + ["0", big],
        "participant_id": [str(p.pk) for p in entrants[:3]] + ["0", big],
        "number": ["1"] * 4 + ["2", "0", big],
        "action": ["swap", "time", "close", "join", "leave", "remove", "x"],
    }
    fields = {}
    for name, keywords in patterns():
        try:
            path = reverse(name, kwargs={key: ids.get(key, ["x"])[0] for key in keywords})
        except Exception:
            continue
        fields[name] = fields_of(clients["owner"].get(path))
    deals_of = {str(s.pk): [str(pk) for pk in s.deals.values_list("pk", flat=True)] for s in (open_, closed)}
    logins = {persona: copy.deepcopy(client.cookies) for persona, client in clients.items()}
    return World(clients, ids, fields, deals_of, logins, uploads(export_tournament(tournament)))


def uploads(export: dict[str, Any]) -> list[bytes]:
    """The tournament's own export, and it with junk: a NUL, numbers beyond any column, no JSON, too deep, 20 MB."""
    documents = [export]
    for path, junk in ((("name",), "Herbst\x00"), (("participants", 0, "number"), 2**63),
                       (("settings", "rounds"), 2**63), (("settings", "preset"), ["ddv"]),
                       (("participants", 1, "name"), {"Gast": 1}), (("settings", "seed"), 1.5)):  # fmt: skip
        document = copy.deepcopy(export)
        node: Any = document
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = junk
        documents.append(document)
    return [json.dumps(d).encode() for d in documents] + [
        b"[" * 10_000 + b"]" * 10_000,
        b"\xff\xfe{}",
        b"{",
        b" " * 20_000_000,
    ]


TRICKY = ["", "0", "-1", "1.0", "abc", "9" * 30, "1e9", "\x00", "<script>", "  Anna ", "true", "null", "[]", "{}",
          "²", "٣", "1.5", "nan", "-inf", "1e308", str(2**63), str(-(2**63) - 1), "Anna\x00", "9" * 10_000,
          "[" * 10_000 + "]" * 10_000]  # fmt: skip
PLAUSIBLE = ["owner", "sauspiel", "normal", "Anna", "Bert"]


def junk_text() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=30),
        st.sampled_from(TRICKY + PLAUSIBLE),
        st.integers(61, 10_000).map(lambda n: "x" * n),  # longer than any field
        st.integers(-(2**70), 2**70).map(str),
        st.floats().map(str),
    )


FIELD = re.compile(r'name="([^"]+)"')


def fields_of(response: Any) -> list[str]:
    """The names of the fields a page asks for (just "x" when it is not a page)."""
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return ["x"]
    return sorted(set(FIELD.findall(response.content.decode())) - {"csrfmiddlewaretoken"}) or ["x"]


def counts() -> tuple[int, ...]:
    """The rows of every counted table, in one query."""
    tables = (connection.ops.quote_name(model._meta.db_table) for model in COUNTED)
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {table})" for table in tables))
        return tuple(cursor.fetchone())


def succeeded(response: Any) -> bool:
    """A post that went through: a redirect with no error or warning for the user."""
    if response.status_code != 302:
        return False
    levels = [message.level_tag for message in get_messages(response.wsgi_request)]
    return not {"error", "warning"} & set(levels)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_junk_never_gives_a_500_nor_half_writes(world: World, data: st.DataObject) -> None:
    name, keywords = data.draw(st.sampled_from(sorted(patterns())), label="url")
    kwargs: dict[str, str] = {}
    for key in keywords:
        values = world.ids.get(key, ["x"])
        if key == "deal_id":
            values = world.deals_of.get(kwargs.get("session_id", ""), []) * 4 + values
        kwargs[key] = data.draw(st.sampled_from(values), label=key)
    try:
        path = reverse(name, kwargs=kwargs)
    except Exception:  # a value this pattern's converter does not take
        event("not a URL")
        return
    persona = data.draw(st.sampled_from(PERSONAS), label="persona")
    client = world.clients[persona]
    # Back to the persona's own login: an earlier example may have logged out, and its rollback does not touch
    # the cookie the client kept.
    client.cookies = copy.deepcopy(world.logins[persona])
    query = data.draw(st.dictionaries(st.sampled_from(["page", "before", "undo", "house_rules", "players", "rev",
                                                       "rules_preset", "tariff_preset", "next"]), junk_text(),
                                      max_size=3), label="query")  # fmt: skip
    with transaction.atomic():
        before = counts()
        got = client.get(path, query)
        assert got.status_code < 500, (persona, path, query)
        known = world.fields.get(name, ["x"])
        pairs = data.draw(st.lists(st.tuples(st.sampled_from(known) | st.text(max_size=8), junk_text()), max_size=12))
        payload: dict[str, Any] = dict(pairs)
        if "document" in known:  # an upload: mostly a document, sometimes junk text in its place
            upload = data.draw(st.sampled_from(world.uploads) | st.none(), label="upload")
            if upload is not None:
                payload["document"] = SimpleUploadedFile("junk.json", upload, "application/json")
        client.cookies.pop("messages", None)  # judge the post by its own messages, not ones left by earlier pages
        posted = client.post(path if not query else f"{path}?{'&'.join(f'{k}=1' for k in query)}", payload)
        assert posted.status_code < 500, (persona, path, payload)
        event(f"post {posted.status_code}")
        if not succeeded(posted):
            assert counts() == before, (persona, path, payload, posted.status_code)
        transaction.set_rollback(True)
