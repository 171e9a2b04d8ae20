"""The score sheet as the phones at the table get it: each deal's line drawn once, and a phone sent what changed.

A deal's line looks the same to every phone of one look (``Look``: language, role, columns) until its number or
result changes, and then the services stamp it with the session's new revision (``Deal.changed_in``). Kept under
that stamp, a line is drawn once however many phones ask, and no key is ever stale.

The sheet of a revision is kept for each look: the phones that load it at the same time share it. Its older lines
come in full blocks of ``BLOCK``, each a fragment at its own address naming its numbers, its newest stamp and the
look (``reads.Block``): the page holds only the fragment's address, which the browser fetches once and keeps
(``Cache-Control: private, immutable``), as nothing at that address ever changes. So the sheet after a save costs
the same all evening: its newest lines and the addresses of the blocks before them.

A polling phone says which revision and shape (``Look.shape``) it shows. It gets nothing while both are current; a
patch (the sheet's head with the totals, and the lines that changed since its revision) while only the revision
moved, kept for the other phones polling from the same revision; the whole sheet otherwise. A patch carries the
number of deals: the phone drops the lines past it, and every line it keeps is one no write touched since (a deal
that moves gets a new number, so a new stamp).

Either answer to a phone that said its revision carries what changed since, in words (``what_changed``,
``news``): the page's polite live region reads it out, and nothing when nothing was said.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from schreiber import kept

from ..games import pack_of
from ..models import Role, Session
from . import news, polling, reads
from .reads import Block, Stamp
from .sheet import Sheet, StoredDeal, row

BLOCK = 20  # lines a block: the page after a save carries fewer than this, and a phone fetches a block once
LINE_SECONDS = 12 * 3600  # an evening and the morning after
SHEET_SECONDS = 600
BLOCK_SECONDS = 7 * 24 * 3600  # what a browser keeps a block for: never changed, and a week covers any correction


class Viewer(Protocol):
    """Who is looking: a member, or a table link's holder (``access``)."""

    def can(self, role: str) -> bool: ...


@dataclass(frozen=True)
class Look:
    """Everything a sheet's markup depends on besides its session's deals and revision: the one value that names it
    in every kept line, patch and sheet, in a block's address and in the shape a polling phone says it shows."""

    language: str
    editable: bool  # whether deals link to corrections
    has_deals: bool  # a sheet with no deal has no table to patch
    players: int  # a player who joins adds a column

    @classmethod
    def of(cls, me: Viewer, session: Session) -> Look:
        editable = me.can(Role.SCORER) and session.is_open
        return cls(get_language(), editable, session.deal_count > 0, len(session.totals))

    @property
    def shape(self) -> str:
        """What a phone's sheet must match for a patch to fit it (``polling.shape``, which the unchanged poll reads)."""
        return polling.shape(self.language, self.editable, self.has_deals, self.players)


@dataclass(frozen=True)
class Poll:
    html: SafeString | None  # None: nothing changed
    patch: bool = False


def sheet_html(me: Viewer, session: Session) -> SafeString:
    """The sheet, as the page shows it and a phone starts from: its newest lines, and the addresses of its full
    blocks before them."""
    look = Look.of(me, session)

    def draw() -> str:
        head = reads.sheet_head(session)
        blocks, latest, fresh = reads.sheet_stamps(session, BLOCK)
        blocks_at = reverse("session_sheet_block", args=[session.club.slug, session.pk])  # once: a sheet has many
        addresses = [block_address(blocks_at, block, look) for block in reversed(blocks)]  # newest first, as lines
        return _sheet(session, look, head, _lines(session, look, head, latest, fresh), blocks=addresses)

    return mark_safe(kept.kept("sheet", (*reads.session_stamp(session), look), draw, SHEET_SECONDS))


def block_address(blocks_at: str, block: Block, look: Look) -> str:
    """Where a full block of lines is fetched (``blocks_at``, the session's ``session_sheet_block``): its address
    names all it shows, so a browser keeps it for good."""
    return f"{blocks_at}?lines={block.first}-{block.last}&stamp={block.newest}&look={look.shape}"


def block_html(me: Viewer, session: Session, first: int, last: int) -> tuple[SafeString, str]:
    """The lines numbered ``first`` to ``last`` as they are now, newest first, and the address that names them so
    (the one asked for, unless they changed since or the asker's look is another)."""
    look = Look.of(me, session)
    block, stamps = reads.block_stamps(session, first, last)
    blocks_at = reverse("session_sheet_block", args=[session.club.slug, session.pk])
    return _lines(session, look, reads.sheet_head(session), stamps), block_address(blocks_at, block, look)


def poll(me: Viewer, session: Session, since: int | None, shape: str | None) -> Poll:
    """What a phone showing revision ``since`` (None: none it can name) in ``shape`` needs to show the sheet as it
    is now."""
    look = Look.of(me, session)
    if since is None or since > session.revision:
        return Poll(sheet_html(me, session))
    if shape != look.shape:  # the whole sheet, and what changed since the phone's
        return Poll(_with_news(sheet_html(me, session), what_changed(session, since)))
    if since == session.revision:
        return Poll(None)

    def draw() -> str:
        changed = reads.stored_deals(session, since=since)
        head = reads.sheet_head(session)
        lines = _lines(session, look, head, [(deal.deal_id, deal.changed_in) for deal in changed], changed)
        return _sheet(session, look, head, lines, patch=True, news=what_changed(session, since, head.players, changed))

    # the phones at a table poll from the same revision after each deal: the first draws the patch, all share it
    patch = kept.kept("sheet-patch", (*reads.session_stamp(session), since, look), draw, SHEET_SECONDS)
    return Poll(mark_safe(patch), patch=True)


def what_changed(session: Session, since: int, players: Sequence[str] = (), known: Sequence[StoredDeal] = ()) -> str:
    """What a phone showing revision ``since`` hears (``news``): a sentence for each deal written since, or "".
    The deals are those ``known`` (read already), and the others it names read."""
    told = news.changes(reads.deal_writes(session, since) or ())
    if not told:
        return ""
    deals = _deals(session, {change.deal_id for change in told if change.kind != news.DELETED}, known)
    return news.sentence(session.game, players or reads.header_of(session).players, told, deals)


def _deals(session: Session, ids: Collection[int | None], known: Sequence[StoredDeal]) -> dict[int | None, StoredDeal]:
    """The deals on the sheet of ``ids`` by id: those ``known``, and the others read (one deleted is not found)."""
    wanted = set(ids)
    found = {deal.deal_id: deal for deal in known if deal.deal_id in wanted}
    missing = [pk for pk in wanted if pk not in found]
    if missing:
        found.update((deal.deal_id, deal) for deal in reads.stored_deals(session, ids=missing))
    return found


def _with_news(html: SafeString, words: str) -> SafeString:
    """The whole sheet (as kept, for every phone) with what this phone hears."""
    if not words:
        return html
    return mark_safe(html.replace('<section id="sheet"', f'<section id="sheet" data-news="{escape(words)}"', 1))


def _sheet(session: Session, look: Look, head: Sheet, lines: str, **more: object) -> str:
    context = {"club": session.club, "session": session, "sheet": head, "can_score": look.editable, "lines": lines}
    # tapping the total of a player who may lead the next deal opens it (not in Bauernstoss: teams play)
    leads = head.next_playing if look.editable and pack_of(head.game).entry.lead_field else ()
    return render_to_string("scorekeeper/includes/sheet.html", {**context, "shape": look.shape, "leads": leads, **more})


def _lines(
    session: Session, look: Look, head: Sheet, stamps: Sequence[Stamp], known: Sequence[StoredDeal] = ()
) -> SafeString:
    """The lines of the deals ``stamps`` names, newest first: kept, or drawn (from ``known`` or the database)."""

    def draw(missing: list[int | None]) -> dict[int | None, str]:
        found = _deals(session, missing, known)
        template = get_template("scorekeeper/includes/sheet_line.html")
        context = {"club": session.club, "session": session, "sheet": head, "can_score": look.editable}
        # A deal written since its stamp was read is drawn as it is now (nothing, deleted): that write stamped the
        # lines it changed anew, so no sheet after it asks for the old stamp, and a phone's next patch brings them.
        return {
            pk: template.render({**context, "row": row(found[pk], head.players)}) if pk in found else ""
            for pk in missing
        }

    html = kept.kept_many("sheet-line", {pk: (pk, changed_in, look) for pk, changed_in in stamps}, draw, LINE_SECONDS)
    return mark_safe("".join(html[pk] for pk, _changed_in in reversed(stamps) if pk in html))
