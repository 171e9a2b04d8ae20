"""Recording, correcting, deleting, restoring and inserting deals; re-deriving who dealt.

Each write names what its scorer saw: a new deal the number its form was opened for (and who deals), a correction
or delete the deal's revision. When that is no longer so, nothing is written and a ``Conflict`` says what changed
and who changed it. Each write locks the session, replays it once and stores what the engine derived
(``record.store``); a change that would make any deal impossible is refused as a whole.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone

from schreiber import rows

from ..engine.messages import Message
from ..models import AuditEntry, Deal, Session
from ..stored import derived
from ..table import reads
from . import record
from .errors import Conflict, ServiceError
from .pots import hand_on_pot
from .refusals import refusal
from .words import deal_in_words, who


def record_deal(
    *,
    session: Session,
    actor: record.Actor,
    facts: Mapping[str, Any],
    client_token: uuid.UUID | None = None,
    number: int | None = None,
    dealer: str | None = None,
    before: Deal | None = None,
    repeat: bool = False,
) -> Deal:
    """Add a deal at the end, or insert it ``before`` a deal. A repeated ``client_token`` returns the deal that
    token already made, whatever happened since.

    A phone's submission (one with a ``client_token``) that repeats the deal just saved, facts for facts, is not
    stored unless ``repeat`` says the scorer means the same deal again (ServiceError ``same_as_last``): Back after
    Save, a double tap or a second phone would otherwise write it twice. Checked under the session lock, so two
    phones at once are asked too.

    ``number`` and ``dealer`` are what the scorer's form showed (the deal number it was opened for, who deals):
    when another deal was entered in between, or the dealer moved, nothing is written (Conflict ``taken`` or
    ``dealer``). Without a ``dealer`` in ``facts`` the engine derives it, and it is frozen with the deal.

    A deal at the end is scored from the session's header as kept for the revision it locked (``reads.header_of``:
    the form read it already) and its stored replay state (``record.replay_added``): neither the seats, players and
    rules nor the deals before it are read again.
    """
    with transaction.atomic():
        session = record.locked(session, seats=False)
        last, existing = _last_deal(session, client_token)
        if existing is not None:
            return existing
        _require_open(session)
        if before is None:  # at the end, it changes no other deal
            deals: list[Deal] = []
            _check_next(session, reads.header_of(session).players, number, dealer)
            if client_token is not None and not repeat:
                _check_not_just_saved(session, last, facts)
            at, sequence = 0, (last.sequence if last else 0) + 1
        else:
            prefetch_related_objects([session], "seats")
            deals = record.live_deals(session)
            before = _current(session, before)
            if before.is_deleted:
                raise Conflict("deleted", before, _deleted_sentence(before))
            at, sequence = deals.index(before), before.sequence
        deal = Deal(
            session=session,
            sequence=sequence,
            facts=dict(facts),
            client_token=client_token,
            created_by=record.user(actor),
            updated_by=record.user(actor),
        )
        deals.insert(at, deal)
        if before is None:
            parsed, results = record.replay_added(session, deals, session.deal_count + 1)
        else:
            parsed, results = record.replay(session, deals, at + 1)
            record.make_room(session, sequence)
        record.store(session, deals, parsed, results)
        action = AuditEntry.Action.DEAL_ADDED if before is None else AuditEntry.Action.DEAL_INSERTED
        record.audit(session, actor, action, deal=deal, after=deal.facts)
        hand_on_pot(session, actor)
        return deal


def correct_deal(*, deal: Deal, actor: record.Actor, facts: Mapping[str, Any], revision: int) -> Deal:
    """Replace a deal's facts, as its scorer saw it at ``revision``; every later deal is rescored from them."""
    with transaction.atomic():
        session = record.locked(deal.session)
        _require_open(session)
        deal = _current(session, deal)
        _check_revision(deal, revision)
        facts = dict(facts)
        if facts == deal.facts:
            return deal
        deals = record.live_deals(session)
        before = deal.facts
        at = next(i for i, live in enumerate(deals) if live.pk == deal.pk)
        deals[at].facts = facts
        parsed, results = record.replay(session, deals, at + 1)
        deal = deals[at]
        old_result = deal.result
        deal.revision += 1
        deal.updated_by = record.user(actor)
        deal.save(update_fields=["facts", "revision", "updated_by", "updated_at"])
        record.store(session, deals, parsed, results)
        moved = record.moved_points(list(parsed.players), old_result, deal.result)
        record.audit(
            session, actor, AuditEntry.Action.DEAL_EDITED, deal=deal, before=before, after=deal.facts, effect=moved
        )
        hand_on_pot(session, actor)
        return deal


def delete_deal(*, deal: Deal, actor: record.Actor, revision: int) -> bool:
    """Take a deal off the sheet, keeping its facts; True when this call deleted it.

    A retried delete of a deal that is already deleted changes nothing and returns False.
    """
    with transaction.atomic():
        session = record.locked(deal.session)
        _require_open(session)
        deal = _current(session, deal)
        if deal.is_deleted:
            return False
        _check_revision(deal, revision)
        deals = [live for live in record.live_deals(session) if live.pk != deal.pk]
        parsed, results = record.replay(session, deals, None)
        number = deal.number
        deal.deleted_at, deal.deleted_by, deal.number = timezone.now(), record.user(actor), None
        deal.revision += 1
        deal.save(update_fields=["deleted_at", "deleted_by", "number", "revision", "updated_at"])
        record.store(session, deals, parsed, results)
        record.audit(session, actor, AuditEntry.Action.DEAL_DELETED, deal=deal, number=number, before=deal.facts)
        hand_on_pot(session, actor)
        return True


def restore_deal(*, deal: Deal, actor: record.Actor) -> bool:
    """Put a deleted deal back where it was; True when this call restored it (False: it was not deleted)."""
    with transaction.atomic():
        session = record.locked(deal.session)
        _require_open(session)
        deal = _current(session, deal)
        if not deal.is_deleted:
            return False
        deals = record.live_deals(session)
        at = sum(1 for live in deals if live.sequence < deal.sequence)
        deals.insert(at, deal)
        parsed, results = record.replay(session, deals, at + 1)
        deal.deleted_at, deal.deleted_by, deal.number = None, None, record.OFFSET * 2 + deal.pk
        deal.revision += 1
        deal.save(update_fields=["deleted_at", "deleted_by", "number", "revision", "updated_at"])
        record.store(session, deals, parsed, results)
        record.audit(session, actor, AuditEntry.Action.DEAL_RESTORED, deal=deal, after=deal.facts)
        hand_on_pot(session, actor)
        return True


def rederive_dealers(*, deal: Deal, actor: record.Actor, revision: int) -> Session:
    """Let the deal rotate again from ``deal`` on: each later dealer is derived from the deal before, as the
    rules pass it on, and frozen again. ``revision`` is the session's, as the scorer saw the money move."""
    with transaction.atomic():
        session = record.locked(deal.session)
        _require_open(session)
        if session.revision != revision:
            raise Conflict("changed", None, refusal("session_changed"))
        deal = _current(session, deal)
        if deal.is_deleted:
            raise Conflict("deleted", deal, _deleted_sentence(deal))
        deals = record.live_deals(session)
        before = [live.facts.get("dealer") for live in deals]
        start = [live.pk for live in deals].index(deal.pk)
        for live, facts in zip(deals, derived.rotating_from([live.facts for live in deals], start), strict=True):
            live.facts = facts
        parsed, results = record.replay(session, deals, None)
        record.store(session, deals, parsed, results)
        after = [live.facts.get("dealer") for live in deals]
        moved = [live for live, old, new in zip(deals, before, after, strict=True) if old != new]
        for live in moved:  # its facts changed: a correction form open on it must see that
            live.revision += 1
        Deal.objects.bulk_update(moved, ["revision"])
        record.audit(
            session,
            actor,
            AuditEntry.Action.DEALERS_REDERIVED,
            deal=deals[[live.pk for live in deals].index(deal.pk)],
            before={"dealers": before},
            after={"dealers": after},
        )
        hand_on_pot(session, actor)
        return session


# checks ---------------------------------------------------------------------------------------------------------


def _require_open(session: Session) -> None:
    if not session.is_open:
        raise ServiceError.on(None, refusal("session_closed"))


def _current(session: Session, deal: Deal) -> Deal:
    """The deal as it is now, read under the session lock."""
    return session.deals.get(pk=deal.pk)


# The deal a phone's token made (none without a token), and the session's last deal by place: each found by its index.
LAST_DEALS = f"""
    SELECT * FROM (SELECT {rows.columns(Deal, "d")} FROM {rows.table(Deal)} d
                   WHERE d.session_id = %s AND d.client_token = %s) AS made
    UNION ALL
    SELECT * FROM (SELECT {rows.columns(Deal, "d")} FROM {rows.table(Deal)} d
                   WHERE d.session_id = %s ORDER BY d.sequence DESC LIMIT 1) AS last
"""


def _last_deal(session: Session, client_token: uuid.UUID | None) -> tuple[Deal | None, Deal | None]:
    """The session's last deal by place, deleted or not (the next one comes after it), in one read; or, when
    ``client_token`` already made a deal, that deal: (last, None) or (None, made)."""
    token = Deal._meta.get_field("client_token").get_db_prep_value(client_token, connection)
    found = [next(rows.instances(row, Deal)) for row in rows.fetch(LAST_DEALS, [session.pk, token, session.pk])]
    made = next((deal for deal in found if client_token is not None and deal.client_token == client_token), None)
    return (None, made) if made else (found[-1] if found else None, None)


def _check_next(session: Session, seats: Sequence[str], number: int | None, dealer: str | None) -> None:
    """The form was opened for deal ``number`` with ``dealer`` dealing: is that still so? ``seats`` are the players'
    names in seat order."""
    count = session.deal_count
    if number is not None and number != count + 1:
        taken = session.deals.filter(deleted_at__isnull=True, number=number).first()
        if taken is not None:
            message = refusal(
                "deal_taken", n=number, who=who(taken.created_by, session.club), deal=deal_in_words(taken)
            )
        else:
            message = refusal("deal_moved", n=count + 1)
        raise Conflict("taken", taken, message)
    if dealer is not None and dealer != seats[session.next_dealer]:
        raise Conflict("dealer", None, refusal("dealer_changed", dealer=seats[session.next_dealer]))


SAME_AS_LAST = "same_as_last"
"""The code of a refused submission that repeats the deal just saved; ``repeat=True`` stores it all the same."""

SAME_DEAL_WINDOW = timedelta(minutes=5)
"""How long after a deal was saved an equal submission is taken for the same deal sent again."""


def _check_not_just_saved(session: Session, last: Deal | None, facts: Mapping[str, Any]) -> None:
    """Refuse (``same_as_last``) facts equal to those of the deal saved last, within ``SAME_DEAL_WINDOW``. Who dealt
    is left out: the same deal entered again as the next one has the next dealer. ``last`` is the last deal by place,
    the one looked at unless it was deleted."""
    if last is not None and last.deleted_at is not None:
        last = session.deals.filter(deleted_at__isnull=True).order_by("-sequence").first()
    if last is None or last.created_at < timezone.now() - SAME_DEAL_WINDOW:
        return
    if _without_dealer(last.facts) != _without_dealer(facts):
        return
    when, deal = _when(last.created_at), deal_in_words(last)
    raise ServiceError.on(
        None, refusal(SAME_AS_LAST, who=who(last.created_by, session.club), n=last.number, when=when, deal=deal)
    )


def _without_dealer(facts: Mapping[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in facts.items() if name != "dealer"}


def _check_revision(deal: Deal, revision: int) -> None:
    if deal.is_deleted:
        raise Conflict("deleted", deal, _deleted_sentence(deal))
    if deal.revision != revision:
        last = deal.audit_entries.order_by("-at", "-pk").first()
        by, when = who(last.actor if last else deal.updated_by, deal.session.club), last.at if last else deal.updated_at
        raise Conflict("changed", deal, refusal("deal_changed", who=by, n=deal.number, when=_when(when)))


def _deleted_sentence(deal: Deal) -> Message:
    return refusal("deal_deleted", who=who(deal.deleted_by, deal.session.club), when=_when(deal.deleted_at))


def _when(moment: Any) -> str:
    from django.contrib.humanize.templatetags.humanize import naturaltime

    return str(naturaltime(moment))
