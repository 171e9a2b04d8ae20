"""The score sheet as the phones at the table get it: each deal's line drawn once, and a phone sent what changed.

A deal's line looks the same to everyone of one language and role until its number or result changes, and then the
services stamp it with the session's new revision (``Deal.changed_in``). Cached under that stamp, a line is drawn
once however many phones ask, and no key is ever stale (a cache per process will do). Full blocks of ``BLOCK``
lines are kept too, under their stamps, so that the whole sheet after a new deal takes a few lookups, not one a
deal; kept as bytes and compressed, they are put into the page after its template is drawn, and only the page around
them is compressed (``put_in``, ``gzip_parts``): the sheet after a save costs the same all evening. The sheet without
its full blocks is kept with its revision, one per session and look: the phones that load it at the same time share
it, and an evening of revisions does not pile up in memory.

A polling phone says which revision and shape (language, role, any rows) it shows. It gets nothing while both are
current; a patch (the sheet's head with the totals, and the lines that changed since its revision) while only the
revision moved, kept for the other phones polling from the same revision; the whole sheet otherwise. A patch
carries the number of deals: the phone drops the lines past it, and every line it keeps is one no write touched
since (a deal that moves gets a new number, so a new stamp).

Either answer to a phone that said its revision carries what changed since, in words (``what_changed``,
``news``): the page's polite live region reads it out, and nothing when nothing was said.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template.loader import get_template, render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from . import gzip_parts, news, polling, selectors
from .games import pack_of
from .models import Role, Session
from .sheet import Sheet, StoredDeal, row

BLOCK = 50
MARK = "<!--full blocks-->"  # where a sheet's full blocks go (``put_in``): no player's name can write it
LINE_TIMEOUT = 12 * 3600  # an evening and the morning after
SHEET_TIMEOUT = 600


class Viewer(Protocol):
    """Who is looking: a member, or a table link's holder (``views.access``)."""

    def can(self, role: str) -> bool: ...


@dataclass(frozen=True)
class Look:
    """What a sheet's markup depends on besides the session: the language, and whether deals link to corrections."""

    session: Session
    language: str
    editable: bool

    @classmethod
    def of(cls, me: Viewer, session: Session) -> Look:
        return cls(session, get_language(), me.can(Role.SCORER) and session.is_open)

    @property
    def shape(self) -> str:
        """What a phone's sheet must match for a patch to fit it (a sheet with no deal has no table to patch; a player
        who joins adds a column to it)."""
        session = self.session
        return polling.shape(self.language, self.editable, session.deal_count > 0, len(session.totals))

    def line_key(self, deal_id: int | None, changed_in: int) -> str:
        return f"sheet-line:{deal_id}:{changed_in}:{self.language}:{int(self.editable)}"

    def block_key(self, stamps: Sequence[tuple[int | None, int]]) -> str:
        digest = hashlib.blake2b(repr(stamps).encode(), digest_size=12).hexdigest()
        return f"sheet-block-bytes:{digest}:{self.language}:{int(self.editable)}"


@dataclass(frozen=True)
class Poll:
    html: SafeString | None  # None: nothing changed
    patch: bool = False


class SheetHtml(SafeString):
    """The whole sheet but its full blocks of lines, which stand as ``MARK``: a page puts them in as bytes, kept
    compressed as well (``put_in``); ``whole`` puts them in here."""

    parts: tuple[gzip_parts.Packed, ...] = ()

    @classmethod
    def of(cls, html: str, parts: Sequence[gzip_parts.Packed]) -> SheetHtml:
        sheet = cls(html)
        sheet.parts = tuple(parts)
        return sheet

    def whole(self) -> SafeString:
        if not self.parts:
            return mark_safe(str(self))
        return mark_safe(str(self).replace(MARK, b"".join(part.raw for part in self.parts).decode(), 1))


def sheet_html(me: Viewer, session: Session) -> SheetHtml:
    """The sheet, as the page shows it and a phone starts from: its full blocks put in by ``put_in`` or ``whole``."""
    look = Look.of(me, session)
    key = f"sheet-parts:{session.pk}:{look.language}:{int(look.editable)}"
    found = cache.get(key)
    blocks = None
    if found is not None and found[0] == session.revision:
        blocks = cache.get_many(found[2])
        if len(blocks) < len(found[2]):  # some gone from the cache since: drawn again
            blocks = None
    if blocks is None:
        head = selectors.sheet_head(session)
        # the lines drawn for the sheet before are kept: the deals read whole are those that changed since
        stamps, fresh = selectors.line_stamps(session, found[0] if found else session.revision - 1)
        latest, blocks = _blocks(look, head, stamps, fresh)
        found = (session.revision, _sheet(look, head, mark_safe(latest + MARK if blocks else latest)), tuple(blocks))
        cache.set(key, found, SHEET_TIMEOUT)
    return SheetHtml.of(found[1], [blocks[block] for block in found[2]])


def put_in(request: HttpRequest, response: HttpResponse, sheet: SheetHtml) -> None:
    """The full blocks of ``sheet`` put into the page that shows it, compressed once (``gzip_parts``): after a save
    only the page around them is compressed, not the whole evening again."""
    if sheet.parts:
        gzip_parts.put_in(request, response, MARK.encode(), sheet.parts)


def poll(me: Viewer, session: Session, since: int | None, shape: str | None) -> Poll:
    """What a phone showing revision ``since`` (None: none it can name) in ``shape`` needs to show the sheet as it
    is now."""
    look = Look.of(me, session)
    if since is None or since > session.revision:
        return Poll(sheet_html(me, session).whole())
    if shape != look.shape:  # the whole sheet, and what changed since the phone's
        return Poll(_with_news(sheet_html(me, session).whole(), what_changed(session, since)))
    if since == session.revision:
        return Poll(None)
    # the phones at a table poll from the same revision after each deal: the first draws the patch, all share it
    key = selectors.kept_key("sheet-patch", session, session.revision, since, look.language, int(look.editable))
    patch = cache.get(key)
    if patch is None:
        changed = selectors.stored_deals(session, since=since)
        head = selectors.sheet_head(session)
        lines = _lines(look, head, [(deal.deal_id, deal.changed_in) for deal in changed], changed)
        patch = _sheet(look, head, lines, patch=True, news=what_changed(session, since, head.players, changed))
        cache.set(key, patch, SHEET_TIMEOUT)
    return Poll(mark_safe(patch), patch=True)


def what_changed(session: Session, since: int, players: Sequence[str] = (), known: Sequence[StoredDeal] = ()) -> str:
    """What a phone showing revision ``since`` hears (``news``): a sentence for each deal written since, or "".
    The deals are those ``known`` (read already), and the others it names read."""
    told = news.changes(selectors.deal_writes(session, since) or ())
    if not told:
        return ""
    deals = _deals(session, {change.deal_id for change in told if change.kind != news.DELETED}, known)
    return news.sentence(session.game, players or selectors.header_of(session).players, told, deals)


def _deals(session: Session, ids: Collection[int | None], known: Sequence[StoredDeal]) -> dict[int | None, StoredDeal]:
    """The deals on the sheet of ``ids`` by id: those ``known``, and the others read (one deleted is not found)."""
    wanted = set(ids)
    found = {deal.deal_id: deal for deal in known if deal.deal_id in wanted}
    missing = [pk for pk in wanted if pk not in found]
    if missing:
        found.update((deal.deal_id, deal) for deal in selectors.stored_deals(session, ids=missing))
    return found


def _with_news(html: SafeString, words: str) -> SafeString:
    """The whole sheet (as cached, for every phone) with what this phone hears."""
    if not words:
        return html
    return mark_safe(html.replace('<section id="sheet"', f'<section id="sheet" data-news="{escape(words)}"', 1))


def _sheet(look: Look, head: Sheet, lines: str, **more: object) -> SafeString:
    session = look.session
    context = {"club": session.club, "session": session, "sheet": head, "can_score": look.editable, "lines": lines}
    # tapping the total of a player who may lead the next deal opens it (not in Bauernstoss: teams play)
    leads = head.next_playing if look.editable and pack_of(head.game).entry.lead_field else ()
    return render_to_string("scorekeeper/includes/sheet.html", {**context, "shape": look.shape, "leads": leads, **more})


def _blocks(
    look: Look, head: Sheet, stamps: Sequence[tuple[int | None, int]], known: Sequence[StoredDeal]
) -> tuple[SafeString, dict[str, gzip_parts.Packed]]:
    """Every line, newest first: the lines after the full blocks, and the full blocks of ``BLOCK`` deals by key (from
    the cache, or drawn and kept, as bytes and compressed)."""
    full = len(stamps) - len(stamps) % BLOCK
    blocks = {look.block_key(stamps[i : i + BLOCK]): stamps[i : i + BLOCK] for i in range(0, full, BLOCK)}
    packed = cache.get_many(blocks)
    missing = {key: block for key, block in blocks.items() if key not in packed}
    drawn = {key: gzip_parts.Packed.of(_lines(look, head, block, known)) for key, block in missing.items()}
    cache.set_many(drawn, LINE_TIMEOUT)
    packed.update(drawn)
    return _lines(look, head, stamps[full:], known), {key: packed[key] for key in reversed(blocks)}


def _lines(
    look: Look, head: Sheet, stamps: Sequence[tuple[int | None, int]], known: Sequence[StoredDeal] = ()
) -> SafeString:
    """The lines of the deals ``stamps`` names, newest first: cached, or drawn (from ``known`` or the database)."""
    keys = {pk: look.line_key(pk, changed_in) for pk, changed_in in stamps}
    cached = cache.get_many(keys.values())
    html = {pk: cached[key] for pk, key in keys.items() if key in cached}
    missing = [pk for pk in keys if pk not in html]
    session = look.session
    if missing:
        found = _deals(session, missing, known)
        deals = [found[pk] for pk in missing if pk in found]  # in playing order
        template = get_template("scorekeeper/includes/sheet_line.html")
        context = {"club": session.club, "session": session, "sheet": head, "can_score": look.editable}
        drawn = {}  # keyed by the stamp each deal has now: a write in between gives it a new one
        for deal in deals:
            line = template.render({**context, "row": row(deal, head.players)})
            drawn[look.line_key(deal.deal_id, deal.changed_in)] = html[deal.deal_id] = line
        cache.set_many(drawn, LINE_TIMEOUT)
    return mark_safe("".join(html[pk] for pk, _changed in reversed(stamps) if pk in html))
