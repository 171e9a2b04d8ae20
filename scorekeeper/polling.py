"""The live sheet's unchanged poll, answered near the floor: a signed poll token and one query.

Most polls find nothing changed. The page (and every full answer to a poll) hands the phone a poll token, signed
with the site's key (``django.core.signing``) and good for ``LIFETIME``: it names the session, who is looking (a
member and its login, or the table link the phone came through), the browser (a hash of its session cookie, so a
copied token or a logged-out browser is refused) and whether the sheet shows a round clock. A poll with a good token
is answered by one raw query, without loading the Django session, the user or the member and without building a
query: the session's revision, status and deal count, joined to what would refuse the phone at once — the member
still in the club with that login and the login active, or the table link still live. Any server that knows the key
can check it; nothing is kept in a process.

The answer is the sheet view's own while nothing changed: 204 (286, htmx's stop polling, for a sheet that is no
longer open). Anything else — a bad, expired or other session's token, a changed revision or shape, a refused
member or link — goes on to the full view, which checks access as every page does and answers as before.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import get_language

from .clocks import clock_of
from .models import ROLE_RANK, Club, Member, Role, Session, TableLink

SALT = "scorekeeper.poll"
LIFETIME = 600  # seconds: a password change or a lost login reaches a phone's unchanged polls at most this late
TOKEN_HEADER = "X-Poll-Token"  # a fresh token with every full answer to a poll (static/js/app.js keeps it)
STOP_POLLING = 286  # htmx stops polling an element that gets this answer


@dataclass(frozen=True)
class PollPass:
    """What a poll token says."""

    session_id: int
    member_id: int | None  # a member's phone, signed in as ``user_id``
    user_id: int | None
    link_id: int | None  # else a table link's phone
    browser: str
    clock: bool  # whether the sheet shows a round clock (``X-Clock`` in every answer)


def shape(language: str, editable: bool, has_deals: bool, players: int) -> str:
    """What a phone's sheet must match for a patch to fit it (``live.Look.shape``): its language, whether it edits,
    whether it has rows, and its players' columns (a player who joins adds one)."""
    return f"{language}.{int(editable)}.{int(has_deals)}.{players}"


def same_look(phone_shape: str, language: str, editable: bool, has_deals: bool) -> bool:
    """Whether the phone's sheet has this look. Its players' columns need no query: a join or a leave is a new
    revision, so at the phone's revision they are the phone's."""
    players = phone_shape.rpartition(".")[2]
    return players.isdecimal() and phone_shape == shape(language, editable, has_deals, int(players))


def _browser(request: HttpRequest) -> str | None:
    cookie = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    return hashlib.blake2b(cookie.encode(), digest_size=9).hexdigest() if cookie else None


def issue(request: HttpRequest, session: Session, *, member: Member | None, link: TableLink | None, clock: bool) -> str:
    """A token for this phone to poll ``session`` with, as ``member`` or through ``link``; "" for a browser without
    a session cookie (it polls the full view)."""
    browser = _browser(request)
    if browser is None:
        return ""
    who = {"m": member.pk, "u": member.user_id} if member is not None else {"l": link.pk if link else None}
    return signing.dumps({"s": session.pk, "b": browser, "c": int(clock), **who}, salt=SALT)


def read(request: HttpRequest, token: str, session_id: int) -> PollPass | None:
    """What ``token`` says, if it is good, unexpired, for ``session_id`` and from this browser; else None."""
    try:
        data = signing.loads(token, salt=SALT, max_age=LIFETIME)
    except signing.BadSignature:  # tampered or expired
        return None
    if not isinstance(data, dict) or data.get("s") != session_id or data.get("b") != _browser(request):
        return None
    member, user, link = data.get("m"), data.get("u"), data.get("l")
    if not ((isinstance(member, int) and isinstance(user, int)) or isinstance(link, int)):
        return None
    return PollPass(session_id, member, user, link, data["b"], bool(data.get("c")))


def _table(model: type[object]) -> str:
    return connection.ops.quote_name(model._meta.db_table)  # type: ignore[attr-defined]


_SESSION = (
    f"SELECT s.revision, s.status, s.deal_count, {{role}} FROM {_table(Session)} s "
    f"JOIN {_table(Club)} c ON c.id = s.club_id {{joins}} WHERE s.id = %s AND c.slug = %s {{where}}"
)
MEMBER_SQL = _SESSION.format(
    role="m.role",
    joins=f"JOIN {_table(Member)} m ON m.club_id = s.club_id JOIN {_table(User)} u ON u.id = m.user_id",
    where="AND m.id = %s AND u.id = %s AND u.is_active",
)
LINK_SQL = _SESSION.format(
    role="%s",
    joins=f"JOIN {_table(TableLink)} l ON l.session_id = s.id",
    where="AND l.id = %s AND (l.expires_at IS NULL OR l.expires_at > %s)",
)


@dataclass(frozen=True)
class SheetState:
    """The session as a poll sees it, and the role of who polls (None: refused)."""

    revision: int
    is_open: bool
    has_deals: bool
    role: str


def state(token: PollPass, club_slug: str) -> SheetState | None:
    """The session's state and the poller's role, in one query; None when the member or link refuses it now."""
    params: list[Any]
    if token.member_id is not None:
        sql, params = MEMBER_SQL, [token.session_id, club_slug, token.member_id, token.user_id]
    else:
        sql, params = LINK_SQL, [Role.SCORER.value, token.session_id, club_slug, token.link_id, timezone.now()]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:
        return None
    revision, status, deal_count, role = found
    return SheetState(revision, status == Session.Status.OPEN, deal_count > 0, role)


def stop_polling() -> HttpResponse:
    """The answer to a poll of a sheet that is no longer open and has not changed: the phone stops polling."""
    response = HttpResponse(status=STOP_POLLING)
    response["HX-Reswap"] = "none"  # nothing to swap in: the sheet stays as it is
    return response


def unchanged(request: HttpRequest, club_slug: str, session_id: int) -> HttpResponse | None:
    """The answer to a poll with a good token for a sheet that has not changed; None for the full view to answer."""
    token = read(request, request.GET.get("t", ""), session_id)
    revision = request.GET.get("rev", "")
    if token is None or not revision.isdecimal() or len(revision) > 10:
        return None
    now = state(token, club_slug)
    if now is None or now.revision != int(revision):
        return None
    editable = ROLE_RANK.get(now.role, -1) >= ROLE_RANK[Role.SCORER] and now.is_open
    if not same_look(request.GET.get("shape", ""), get_language(), editable, now.has_deals):
        return None
    if not now.is_open:
        return stop_polling()
    response = HttpResponse(status=204)
    if token.clock and (clock := clock_of(Session(pk=session_id))) is not None:  # a source reads the pk only
        response["X-Clock"] = clock.header
    return response
