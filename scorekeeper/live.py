"""The score sheet as the phones at the table get it: each deal's line drawn once, and a phone sent what changed.

A deal's line looks the same to everyone of one language and role until its number or result changes, and then the
services stamp it with the session's new revision (``Deal.changed_in``). Cached under that stamp, a line is drawn
once however many phones ask, and no key is ever stale (a cache per process will do). Full blocks of ``BLOCK``
lines are kept too, under their stamps, as bytes and compressed: they are put into the page after its template is
drawn, and only the page around them is compressed (``put_in``, ``gzip_parts``). The sheet without its full blocks
is kept with its revision, the stamps of the lines after the full blocks and the blocks joined, one per session and
look: the phones that load it at the same time share it, and an evening of revisions does not pile up in memory.
The sheet at the next revision starts from it and reads only the deals whose line changed since: the sheet after a
save costs the same all evening.

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
from typing import NamedTuple, Protocol

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
    """Who is looking: a member, or a table link's holder (``access``)."""

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
    key = selectors.kept_key("sheet-parts", session, look.language, int(look.editable))
    found: Drawn | None = cache.get(key)
    if found is None or found.revision != session.revision:
        found = _drawn(look, found)
        cache.set(key, found, SHEET_TIMEOUT)
    return SheetHtml.of(found.html, [found.blocks] if found.blocks else [])


Stamps = list[tuple[int | None, int]]  # (id, ``changed_in``) of lines, in playing order


class Drawn(NamedTuple):
    """The sheet of one look at a revision, as ``sheet_html`` keeps it."""

    revision: int
    html: str  # without its full blocks
    full: int  # the lines in full blocks
    latest: Stamps  # the stamps of the lines after them
    blocks: gzip_parts.Packed | None  # the full blocks, newest first, joined


def _drawn(look: Look, before: Drawn | None) -> Drawn:
    """The sheet at the session's revision: the sheet drawn ``before`` at an earlier one and the lines changed since,
    while none of them is in a full block; else every line's stamp read."""
    session = look.session
    head = selectors.sheet_head(session)
    kept = _kept(before, session) if before is not None else None
    if kept is None:
        # the lines drawn before are kept: the deals read whole are those that changed since
        stamps, fresh = selectors.line_stamps(session, before.revision if before else session.revision - 1)
        full, blocks, latest = 0, None, stamps
    else:
        full, blocks, latest, fresh = kept
    filled = len(latest) - len(latest) % BLOCK
    if filled:
        blocks = _joined(look, head, [latest[at : at + BLOCK] for at in range(0, filled, BLOCK)], fresh, blocks)
        full, latest = full + filled, latest[filled:]
    lines = _lines(look, head, latest, fresh)
    html = _sheet(look, head, mark_safe(lines + MARK if blocks else lines))
    return Drawn(session.revision, html, full, latest, blocks)


def _kept(before: Drawn, session: Session) -> tuple[int, gzip_parts.Packed | None, Stamps, list[StoredDeal]] | None:
    """What is kept of the sheet drawn ``before``, and the stamps of the lines after its full blocks now, from the
    deals whose line changed since (read, and returned): None when one of them is in a full block, or the reads do
    not add up (a write landed between them). A deal takes a number only in a write that stamps it, so a line no
    write stamped since is where it was; and a deal deleted last leaves the count shorter."""
    count = session.deal_count - before.full
    if before.revision >= session.revision or count < 0:
        return None
    fresh = selectors.stored_deals(session, since=before.revision)
    lines = dict(enumerate(before.latest[:count]))
    for deal in fresh:
        at = deal.number - 1 - before.full
        if not 0 <= at < count:
            return None
        lines[at] = (deal.deal_id, deal.changed_in)
    if len(lines) < count:
        return None
    return before.full, before.blocks, [lines[at] for at in range(count)], fresh


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


def _joined(
    look: Look, head: Sheet, blocks: Sequence[Stamps], known: Sequence[StoredDeal], older: gzip_parts.Packed | None
) -> gzip_parts.Packed:
    """The full ``blocks`` of lines (their stamps) newest first, each from the cache or drawn and kept (as bytes and
    compressed), joined with the ``older`` ones."""
    keys = [look.block_key(block) for block in blocks]
    packed = cache.get_many(keys)
    drawn = {
        key: gzip_parts.Packed.of(_lines(look, head, block, known))
        for key, block in zip(keys, blocks, strict=True)
        if key not in packed
    }
    cache.set_many(drawn, LINE_TIMEOUT)
    packed.update(drawn)
    return gzip_parts.Packed.joined([*(packed[key] for key in reversed(keys)), *([older] if older else [])])


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
