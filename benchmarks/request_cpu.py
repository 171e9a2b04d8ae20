"""CPU time per request of each kind a hall serves, against the floors (run by hand, not in the test suite).

    [DATABASE_URL=postgres://…] .venv/bin/python benchmarks/request_cpu.py [--repeats 30] [--players 232]

In a scratch database (``<name>_request_cpu`` beside the one ``DATABASE_URL`` names on PostgreSQL) a Schafkopf
table with a live table link is played through the production settings and middleware, each request handed to the
WSGI application in this process as a server would (no test client in between; every request asks for gzip, as a
phone does): the scorer opens the deal form, saves it and follows the redirect to the sheet; a member's phone that
still shows the previous revision polls (a changed poll), then polls again (unchanged, with its poll token). The
floors are a bare WSGI hello and a Django view answering 204 through the same middleware, without and with a
signed-in user, each timed in a row; the one without a user is timed again beside each unchanged poll of the evening
(``django_204_anonymous_evening``), in the same state of the process after the heavier requests. The tournament
ranking is the hall screen of a tournament of ``--players`` guests in its second round, shown again unchanged
(``tournament_ranking``) and after a table's write (``tournament_ranking_changed``, read and rendered afresh), and a
table phone's unchanged poll there, which carries the round clock (timed in a row, as the floors).

Each kind is timed ``--repeats`` times in CPU time of this process (``time.process_time``, which a busy machine does
not stretch) and its median printed with the number of queries of one such request. The last line is one JSON
object with ``<kind>_cpu_ms`` and ``<kind>_queries`` keys. ``wsgi_cpu_ms`` (the measuring function) is what
``hall_bench.py`` can reuse for any request. Targets (issue 26): an unchanged poll at most 2× Django's 204; the
sheet after a save, the deal form and the save at most 15 ms; the tournament ranking at most 20 ms.
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import json
import pstats
import re
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode

from _scratch import scratch_database
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import F
from django.http import HttpResponse
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import clear_url_caches, path, reverse

import schreiber.urls
import schreiber.wsgi
from scorekeeper import services
from scorekeeper.models import Role, Session, TableLink

PLAYERS = ["Anna", "Bert", "Caro", "Dieter"]
HOST = "testserver"
WARM = 10  # deals played before the times count
# the kinds timed at the table; the floor again beside each unchanged poll, after the same heavier requests
EVENING = ("deal_form", "save", "sheet_after_save", "changed_poll", "unchanged_poll", "django_204_anonymous_evening")
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Answer:
    """What a WSGI application answered: status, headers and the body, unzipped."""

    def __init__(self, status: str, headers: list[tuple[str, str]], chunks: list[bytes]) -> None:
        self.status = int(status.split()[0])
        self.headers = headers
        raw = b"".join(chunks)
        zipped = ("Content-Encoding", "gzip") in headers
        self.body = (gzip.decompress(raw) if zipped else raw).decode()

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers if key.lower() == name.lower()), None)


def call(app: WSGIApp, environ: dict[str, Any]) -> Answer:
    """One request through ``app``, its body read to the end (as a server sends it)."""
    started: list[Any] = []
    answer = app(environ, lambda status, headers, exc_info=None: started.extend([status, headers]))
    chunks = list(answer)
    closing = getattr(answer, "close", None)
    if closing:  # the request's end: Django closes a database connection past its age (each one on SQLite)
        closing()
    return Answer(started[0], started[1], chunks)


def wsgi_cpu_ms(app: WSGIApp, environ: Callable[[], dict[str, Any]], repeats: int) -> tuple[float, Answer]:
    """The median CPU time in ms of ``repeats`` requests (each with a fresh ``environ()``), and the last answer."""
    times, answer = [], None
    for _ in range(repeats):
        env = environ()
        start = time.process_time()
        answer = call(app, env)
        times.append((time.process_time() - start) * 1000)
    assert answer is not None
    return round(statistics.median(times), 3), answer


def hello(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """The floor of all floors: a WSGI application that answers without looking."""
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"hello"]


def empty(request: Any) -> HttpResponse:
    return HttpResponse(status=204)


def signed_in_empty(request: Any) -> HttpResponse:
    assert request.user.is_authenticated  # loads the session and the user, as any signed-in page does
    return HttpResponse(status=204)


class Browser:
    """A phone's cookies, and the environ of its next request."""

    def __init__(self, user: User | None = None) -> None:
        self.cookies: dict[str, str] = {}
        if user is not None:
            from django.test import Client

            client = Client()
            client.force_login(user)
            self.cookies = {key: morsel.value for key, morsel in client.cookies.items()}

    def environ(
        self, url: str, data: dict[str, str] | None = None, post: bool = False, **headers: str
    ) -> Callable[[], dict[str, Any]]:
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        extra: dict[str, Any] = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br", "HTTP_COOKIE": cookie, **headers}
        factory = RequestFactory()
        if post:
            extra.update(HTTP_ORIGIN=f"https://{HOST}", HTTP_X_CSRFTOKEN=self.cookies.get("csrftoken", ""))
            return lambda: factory.post(url, data or {}, secure=True, **extra).environ
        query = f"?{urlencode(data)}" if data else ""
        return lambda: factory.get(url + query, secure=True, **extra).environ

    def keep(self, answer: Answer) -> Answer:
        for key, value in answer.headers:
            if key.lower() == "set-cookie":
                for name, morsel in SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
        return answer


def queries(run: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as captured:
        run()
    return len(captured)


def hidden_fields(form: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def sheet_state(page: str) -> dict[str, str]:
    """What a phone says when it polls: the revision and shape its sheet shows, and its poll token if any."""
    sheet = re.findall(r'<section id="sheet"[^>]*>', page)[0]
    state = {"rev" if k == "revision" else k: v for k, v in re.findall(r'data-(revision|shape)="([^"]*)"', sheet)}
    token = re.findall(r'data-poll-token="([^"]*)"', page)
    return {**state, **({"t": token[0]} if token else {})}


def follow(shows: dict[str, str], changed: Answer) -> dict[str, str]:
    """What a phone says after a changed poll: the sheet it shows now, and the fresh token if it got one."""
    token = changed.header("X-Poll-Token")
    return {**shows, **sheet_state(changed.body), **({"t": token} if token else {})}


def facts(number: int) -> dict[str, str]:
    declarer = PLAYERS[number % 4]
    partner = PLAYERS[(number + 1 + number // 4 % 3) % 4]
    return {"contract_type": "sauspiel", "declarer": declarer, "partner": partner, "points": str(30 + number * 7 % 90)}


PROFILES: dict[str, cProfile.Profile] = {}  # the kinds of request profiled (--profile), each in CPU time


@contextmanager
def profiled(kind: str) -> Iterator[None]:
    profile = PROFILES.get(kind)
    if profile:
        profile.enable()
    try:
        yield
    finally:
        if profile:
            profile.disable()


def table(repeats: int) -> dict[str, Any]:
    """The table's requests and the floors: {kind: (cpu ms, queries)}."""
    app = schreiber.wsgi.application
    owner = User.objects.create_user("anna", password="x")
    club = services.create_club(owner=owner, name="Stammtisch", owner_name="Anna")
    players = [club.members.get()]
    for name in PLAYERS[1:]:
        user = User.objects.create_user(name.lower(), password="x")
        players.append(services.add_member(club=club, name=name, role=Role.MEMBER))
        players[-1].user = user
        players[-1].save()
    session: Session = services.start_session(
        club=club, actor=owner, game="schafkopf", rules="classic", tariff="10/20/50", players=players,
        cents_per_point=10,
    )  # fmt: skip
    services.create_table_link(session=session, actor=owner)
    scorer, phone, stranger = Browser(owner), Browser(players[1].user), Browser()
    form_url = reverse("deal_new", args=[club.slug, session.pk])
    live_url = reverse("session_live", args=[club.slug, session.pk])
    found: dict[str, tuple[float, int]] = {}

    def measure(kind: str, environ: Callable[[], dict[str, Any]]) -> None:
        found[kind] = (wsgi_cpu_ms(app, environ, repeats)[0], queries(lambda: call(app, environ())))

    times: dict[str, list[float]] = {kind: [] for kind in EVENING}

    def timed(kind: str, environ: Callable[[], dict[str, Any]]) -> Answer:
        with profiled(kind):
            cpu, answer = wsgi_cpu_ms(app, environ, 1)
        times[kind].append(cpu)
        return answer

    found["wsgi_hello"] = (wsgi_cpu_ms(hello, stranger.environ("/"), repeats)[0], 0)
    measure("django_204_anonymous", stranger.environ("/__bench/204/"))
    measure("django_204_signed_in", phone.environ("/__bench/204/signed-in/"))
    shows = sheet_state(phone.keep(call(app, phone.environ(session.get_absolute_url())())).body)
    for number in range(1, WARM + repeats + 1):  # the first deals warm up, as the evening gets under way
        form = scorer.keep(timed("deal_form", scorer.environ(form_url)))
        saving = scorer.environ(form_url, {**hidden_fields(form.body), **facts(number)}, post=True)
        saved = timed("save", saving)
        assert saved.status == 302, saved.body[:2000]
        assert timed("sheet_after_save", scorer.environ(saved.header("Location") or "")).status == 200
        changed = timed("changed_poll", phone.environ(live_url, shows, HTTP_HX_REQUEST="true"))
        assert changed.status == 200, changed.status
        shows = follow(shows, changed)
        for _ in range(3):
            assert timed("django_204_anonymous_evening", stranger.environ("/__bench/204/")).status == 204
            assert timed("unchanged_poll", phone.environ(live_url, shows, HTTP_HX_REQUEST="true")).status == 204
    # the queries of one of each, at the end of the evening
    counts = {"deal_form": queries(lambda: call(app, scorer.environ(form_url)())), "django_204_anonymous_evening": 0}
    form = scorer.keep(call(app, scorer.environ(form_url)()))
    saving = scorer.environ(form_url, {**hidden_fields(form.body), **facts(WARM + repeats + 1)}, post=True)
    saved_answers: list[Answer] = []
    counts["save"] = queries(lambda: saved_answers.append(call(app, saving())))
    counts["sheet_after_save"] = queries(lambda: call(app, scorer.environ(saved_answers[0].header("Location") or "")()))
    changes: list[Answer] = []
    counts["changed_poll"] = queries(lambda: changes.append(call(app, phone.environ(live_url, shows)())))
    current = follow(shows, changes[0])
    counts["unchanged_poll"] = queries(lambda: call(app, phone.environ(live_url, current)()))
    for kind, cpus in times.items():
        found[kind] = (round(statistics.median(cpus[WARM:]), 3), counts[kind])
    return found


def tournament(players: int, repeats: int) -> dict[str, tuple[float, int]]:
    """A tournament of ``players`` guests in its second round: the hall screen (``tournament_ranking``), and a table
    phone's unchanged poll, which carries the round clock (``unchanged_poll_clock``)."""
    from tournament_bench import play_round, register

    from leagues.tournaments import services as tournaments

    app = schreiber.wsgi.application
    owner = User.objects.create_user("turnier", password="x")
    club = services.create_club(owner=owner, name="Turnierclub", owner_name="Anna")
    tournament = register(club, owner, players, 2, seed=1)
    tournaments.draw(tournament=tournament, actor=owner)
    play_round(tournament, owner)
    session = tournaments.start_round(tournament=tournament, actor=owner).tables.first().session  # type: ignore[union-attr]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    found = {}
    hall = Browser(owner).environ(reverse("tournament_hall", args=[club.slug, tournament.pk]))
    assert call(app, hall()).status == 200
    found["tournament_ranking"] = (wsgi_cpu_ms(app, hall, repeats)[0], queries(lambda: call(app, hall())))

    def changed() -> dict[str, Any]:  # a table wrote since the last look: the ranking is read and rendered again
        Session.objects.filter(pk=session.pk).update(revision=F("revision") + 1)
        return hall()

    found["tournament_ranking_changed"] = (wsgi_cpu_ms(app, changed, repeats)[0], queries(lambda: call(app, changed())))
    phone = Browser()
    phone.keep(call(app, phone.environ(TableLink.objects.live().get(session=session).get_absolute_url())()))
    shows = sheet_state(call(app, phone.environ(session.get_absolute_url())()).body)
    poll = phone.environ(reverse("session_live", args=[club.slug, session.pk]), shows, HTTP_HX_REQUEST="true")
    cpu, answer = wsgi_cpu_ms(app, poll, repeats)
    assert answer.status == 204, answer.status
    assert answer.header("X-Clock")
    found["unchanged_poll_clock"] = (cpu, queries(lambda: call(app, poll())))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--players", type=int, default=232)
    parser.add_argument("--profile", action="append", default=[], help="print where a kind of request spends")
    args = parser.parse_args()
    PROFILES.update({kind: cProfile.Profile(time.process_time) for kind in args.profile})
    schreiber.urls.urlpatterns += [path("__bench/204/", empty), path("__bench/204/signed-in/", signed_in_empty)]
    clear_url_caches()
    with scratch_database(f"{connection.settings_dict['NAME']}_request_cpu"):
        found = table(args.repeats)
        found.update(tournament(args.players, args.repeats))
    for kind, (cpu, count) in found.items():
        print(f"{kind:24} {cpu:7.3f} ms CPU  {count:3} queries")
    result: dict[str, Any] = {"database": connection.vendor}
    for kind, (cpu, count) in found.items():
        result[f"{kind}_cpu_ms"], result[f"{kind}_queries"] = cpu, count
    for kind, profile in PROFILES.items():
        print(f"--- {kind}")
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(60)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
