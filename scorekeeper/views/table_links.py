"""Table links: opening one on a phone at the table, and the club's scorers making and ending them.

Opening a live link grants this phone its session (``access.grant``) and goes on to the ordinary sheet; from then on
``access.session_access`` decides on every request. The session page shows the club's scorers the live link with
its QR code (inline SVG: it prints, and needs no script).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from schreiber.web.errors import refusal_as_message
from schreiber.web.qr import qr_svg

from .. import selectors, services
from ..access import Access, Request, TableGuest, club_member, grant, live_table_link, table_link
from ..models import Role, Session, TableLink


@require_GET
def table_link_open(request: Request, token: str) -> HttpResponse:
    link = table_link(token)
    if link is None:
        ended = TableLink.objects.filter(token=token).exists()
        return render(request, "scorekeeper/table_link_gone.html", status=410 if ended else 404)
    grant(request, link)
    return redirect(link.session)


@require_POST
def table_link_create(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    with refusal_as_message(request):
        services.create_table_link(session=session, actor=request.user)
    return redirect(f"{session.get_absolute_url()}#table-link")


@require_POST
def table_link_end(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    if services.expire_table_links(sessions=[session], actor=request.user):
        messages.success(request, _("The table link is ended: the phones that opened it can no longer score."))
    return redirect(f"{session.get_absolute_url()}#table-link")


@dataclass(frozen=True)
class Panel:
    """The session page's table link box: the live link with its QR code, or (``link`` None) a button to make one."""

    link: TableLink | None = None
    url: str = ""
    qr: SafeString | None = None


def panel(request: Request, me: Access, session: Session) -> Panel | None:
    """What the club's scorers see of the session's table link; nothing for anyone else (a link's holder too), and
    nothing for a session that is over and has no live link."""
    if isinstance(me, TableGuest) or not me.can(Role.SCORER):
        return None
    link = live_table_link(session)
    if link is None:
        return Panel() if session.is_open else None
    url = request.build_absolute_uri(link.get_absolute_url())
    return Panel(link, url, qr_svg(url, _("QR code of the table link")))
