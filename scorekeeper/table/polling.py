"""The live sheet's unchanged poll, answered near the floor: a poll token and one query, before the session, the user
and the view are loaded.

Most polls find nothing changed. The page (and every full answer to a poll) hands the phone a poll token, good for
``LIFETIME``: it names the session, who is looking (a member and its login, or the table link the phone came
through) and the source of the round clock its sheet shows, if any, and carries an HMAC of that and of the browser's
session cookie under a key derived from the site's key (so a copied token, or a browser logged out since, is
refused). ``UnchangedPollMiddleware`` answers a poll with a good token by one raw query of constant text: the
session's revision, status and deal count and the clock's values, joined to what would refuse the phone at once, read
by the rules the full view reads (``access.poll_statement``) — the member still in the club with that login and the
login active, or the table link still live — and the browser's Django session, which must still be the member's login
with the password as it stands (its auth hash) or hold the link's grant, as the full view would find: a logout or a
password change stops the phone at its next poll. Any server that knows the key can check a token; nothing is kept in
a process but what code and settings make (the SQL, the derived key) and the decision on a stored session's text.

It answers only what the view would: 204 while the sheet is open and the phone shows its revision and look, with the
clock (``X-Clock``). Anything else — a bad, expired or other session's token, a changed revision or look, a refused
member or link, a closed sheet (286, htmx's stop polling) — goes on untouched to the full view, which checks access
as every page does and answers as before. The middleware before it in ``settings.MIDDLEWARE`` (the HTTPS redirect,
the security headers and policies) treat the short answer as any other.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import Error, connection
from django.http import HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.urls import resolve, reverse
from django.urls.resolvers import RoutePattern
from django.utils.translation import get_language_from_request

from schreiber import rows

from .. import access
from ..models import ROLE_RANK, Member, Role, Session, TableLink
from .clocks import source_named

LIFETIME = 600  # seconds: how long a phone polls with a token before the full view hands it a fresh one
TOKEN_HEADER = "X-Poll-Token"  # a fresh token with every full answer to a poll (static/js/app.js keeps it)
STOP_POLLING = 286  # htmx stops polling an element that gets this answer
NOT_STORED = "no-store"  # Cache-Control of every answer to a poll: it is news of the moment, for this browser only


@dataclass(frozen=True)
class PollPass:
    """What a poll token says."""

    session_id: int
    member_id: int | None  # a member's phone, signed in as ``user_id``
    user_id: int | None
    link_id: int | None  # else a table link's phone
    clock: str  # the source of the round clock the sheet shows (``clocks.ClockSource.name``), "" for none


def shape(language: str, editable: bool, has_deals: bool, players: int) -> str:
    """What a phone's sheet must match for a patch to fit it (``live.Look.shape``): its language, whether it edits,
    whether it has rows, and its players' columns (a player who joins adds one)."""
    return f"{language}.{int(editable)}.{int(has_deals)}.{players}"


def same_look(phone_shape: str, language: str, editable: bool, has_deals: bool) -> bool:
    """Whether the phone's sheet has this look. Its players' columns need no query: a join or a leave is a new
    revision, so at the phone's revision they are the phone's."""
    players = phone_shape.rpartition(".")[2]
    return players.isdecimal() and phone_shape == shape(language, editable, has_deals, int(players))


@functools.lru_cache(maxsize=4)
def _key(secret: str) -> bytes:
    """The tokens' own key, derived once per site key (not the site key itself, so no other HMAC of it can pass)."""
    return hashlib.sha256(b"scorekeeper.poll:" + secret.encode()).digest()


def _mac(payload: str, cookie: str) -> str:
    digest = hmac.digest(_key(settings.SECRET_KEY), f"{payload}|{cookie}".encode(), "sha256")
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")  # 128 bits: plenty for a 10-minute token


def issue(request: HttpRequest, session: Session, *, member: Member | None, link: TableLink | None, clock: str) -> str:
    """A token for this phone to poll ``session`` with, as ``member`` or through ``link``, its sheet showing the
    clock of source ``clock`` (or none: ""); "" for a browser without a session cookie (it polls the full view)."""
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not cookie:
        return ""
    who = f"m{member.pk}-{member.user_id}" if member is not None else f"l{link.pk if link else 0}"
    payload = f"{session.pk}.{who}.{clock}.{int(time.time()) + LIFETIME}"
    return f"{payload}.{_mac(payload, cookie)}"


def read(request: HttpRequest, token: str, session_id: int) -> PollPass | None:
    """What ``token`` says, if it is good, unexpired, for ``session_id`` and from this browser; else None."""
    payload, _, mac = token.rpartition(".")
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not cookie or not hmac.compare_digest(mac.encode(), _mac(payload, cookie).encode()):  # any text a phone sends
        return None
    session, who, clock, expires = payload.split(".")  # signed by us: our format
    if int(session) != session_id or int(expires) < time.time():
        return None
    if who.startswith("m"):
        member, user = who[1:].split("-")
        return PollPass(session_id, int(member), int(user), None, clock)
    return PollPass(session_id, None, None, int(who[1:]), clock)


@functools.cache
def poll_sql(member: bool, clock: str) -> rows.Statement:
    """The one query of an unchanged poll by a member (else a table link): who may poll (``access.poll_statement``),
    and the columns of the clock of source ``clock``, joined to the session ``s`` it reads."""
    polled = access.poll_statement(member)
    source = source_named(clock)
    if source is None:
        return polled
    sql = f"SELECT a.*, {source.columns} FROM ({polled.sql}) a JOIN {rows.table(Session)} s ON s.id = %s {source.joins}"
    return rows.Statement(sql, (*polled.params, access.SESSION))


@dataclass(frozen=True)
class SheetState:
    """The session as a poll sees it, the role of who polls, and the clock's columns (``ClockSource.columns``)."""

    revision: int
    is_open: bool
    has_deals: bool
    role: str
    clock: tuple[Any, ...]


def state(token: PollPass, club_slug: str, cookie: str) -> SheetState | None:
    """The session's state and the poller's role, in one query; None when the member or link, or the browser's
    Django session of ``cookie``, refuses it now (or the database connection has gone bad: the full view's health
    check connects anew)."""
    statement = poll_sql(token.member_id is not None, token.clock)
    params = statement.values(
        session=token.session_id,
        club=club_slug,
        key=cookie,
        member=token.member_id,
        user=token.user_id,
        link=token.link_id,
    )
    try:
        with closing(_cursor()) as cursor:
            cursor.execute(statement.sql, params)
            found = cursor.fetchone()
    except (Error, connection.Database.Error):  # type: ignore[attr-defined]  # the driver's, from its own cursor
        return None
    if found is None:
        return None
    revision, status, deal_count, role, password, link_token, browser, *clock = found
    role = access.poller_role(token.session_id, token.user_id, role, password, link_token, browser)
    if role is None:
        return None
    return SheetState(revision, status == Session.Status.OPEN, deal_count > 0, role, tuple(clock))


def _cursor() -> Any:
    """The driver's own cursor (placeholders ``%s`` on every backend): none of Django's wrapping of each query, nor
    its health check of the connection at a request's first query — a connection gone bad raises, and the poll steps
    aside. Django's cursor where queries are counted or watched (DEBUG, a test's count, an execute wrapper)."""
    if connection.queries_logged or connection.execute_wrappers:
        return connection.cursor()
    connection.ensure_connection()
    return connection.create_cursor()


def stop_polling() -> HttpResponse:
    """The answer to a poll of a sheet that is no longer open and has not changed: the phone stops polling."""
    response = HttpResponse(status=STOP_POLLING)
    response["HX-Reswap"] = "none"  # nothing to swap in: the sheet stays as it is
    return response


def unchanged(request: HttpRequest, club_slug: str, session_id: int) -> HttpResponse | None:
    """The 204 to a poll with a good token of an open sheet that has not changed; None for the full view to answer."""
    token = read(request, request.GET.get("t", ""), session_id)
    revision = request.GET.get("rev", "")
    if token is None or not revision.isdecimal() or len(revision) > 10:
        return None
    now = state(token, club_slug, request.COOKIES[settings.SESSION_COOKIE_NAME])  # ``read`` found the cookie
    if now is None or now.revision != int(revision) or not now.is_open:
        return None
    language = get_language_from_request(request)  # what LocaleMiddleware, after this one, would speak
    editable = ROLE_RANK.get(now.role, -1) >= ROLE_RANK[Role.SCORER]
    if not same_look(request.GET.get("shape", ""), language, editable, now.has_deals):
        return None
    response = HttpResponse(status=204)
    # as the full answer has them: its language, for this browser's language and session, never kept
    response["Content-Length"] = "0"
    response["Vary"] = "Accept-Language, Cookie"
    response["Content-Language"] = language
    response["Cache-Control"] = NOT_STORED
    source = source_named(token.clock)
    if source is not None and (clock := source.from_columns(now.clock)) is not None:
        response["X-Clock"] = clock.header
    return response


@functools.cache
def live_route() -> RoutePattern:
    """The live sheet's path as the URLconf spells it, so a poll is told apart without resolving every request."""
    return RoutePattern(resolve(reverse("session_live", args=["club", 1])).route, is_endpoint=True)


class UnchangedPollMiddleware:
    """Answers an unchanged poll (``unchanged``). In ``settings.MIDDLEWARE`` after the middleware that redirect to
    HTTPS and dress every answer with security headers, before those that load the session, the language and the
    user; the one header of those after it that a 204 carries (``X-Frame-Options``) it adds with their own code.
    Every other request, and a poll it cannot answer, goes on untouched."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.framing = XFrameOptionsMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> Any:
        if request.method == "GET" and (poll := live_route().match(request.path_info[1:])) is not None:
            request.get_host()  # a host not allowed is refused (400), as CommonMiddleware would
            answer = unchanged(request, str(poll[2]["club_slug"]), int(poll[2]["session_id"]))
            if answer is not None:
                return self.framing.process_response(request, answer)
        return self.get_response(request)
