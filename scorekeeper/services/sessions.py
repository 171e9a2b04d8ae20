"""Starting, closing and reopening sessions, their money terms, and importing a finished session."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format, number_format

from .. import engine
from ..models import (
    MAX_CENTS_PER_POINT,
    AuditEntry,
    Club,
    Deal,
    HouseRules,
    LineupChange,
    Member,
    PotPolicy,
    Role,
    Seat,
    Session,
    SettlementMode,
    values_of,
)
from ..stored import derived
from . import record
from .closing import closing_problems
from .errors import DealRejected, ServiceError, refuse_nul
from .pots import hand_on_pot, pot_source
from .refusals import refusal


@transaction.atomic
def start_session(
    *,
    club: Club,
    actor: record.Actor,
    game: str,
    rules: Any,
    tariff: Any,
    players: Sequence[Member | str],
    first_dealer: int = 0,
    cents_per_point: int = 0,
    played_on: date | None = None,
    table: str = "",
    house_rules: HouseRules | None = None,
) -> Session:
    """A new open session under the club's money terms as they are now; ``players`` are members, or names of
    guests (matched to members by name first). It carries on the pot of the club's last finished session that
    has one to hand on (see ``pots``)."""
    frozen_rules, frozen_tariff = frozen(game, rules, tariff)
    table = clean_table(table)
    clean_stake(cents_per_point)
    seated = [p if isinstance(p, Member) else member_named(club, p) for p in players]
    if len({m.pk for m in seated}) != len(seated):
        raise ServiceError.on("players", refusal("seat_twice"))
    if any(m.club_id != club.pk for m in seated):
        raise ServiceError.on("players", refusal("not_of_club"))
    if not 0 <= first_dealer < len(seated):
        raise ServiceError.on("first_dealer", refusal("first_dealer"))
    names = [m.name for m in seated]
    header = {
        "format": engine.FORMAT,
        "game": game,
        "rules": frozen_rules,
        "tariff": frozen_tariff,
        "players": names,
        "deals": [],
        **({"cents_per_point": cents_per_point} if cents_per_point else {}),
    }
    try:
        parsed = engine.load(header)
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, None) from None
    source = pot_source(club, game, cents_per_point) if parsed.new_game().uses_pot() else None
    pot_carried_in = source.pot if source else 0
    session = Session.objects.create(
        club=club,
        game=game,
        rules=frozen_rules,
        tariff=frozen_tariff,
        cents_per_point=cents_per_point,
        currency=club.currency,
        pot_policy=club.pot_policy,
        settlement_mode=club.settlement_mode,
        first_dealer=first_dealer,
        played_on=played_on or timezone.localdate(),
        table=table,
        house_rules=house_rules,
        created_by=record.user(actor),
        pot_from=source,
        pot_carried_in=pot_carried_in,
        totals=[0] * len(names),
        pot=pot_carried_in,
        next_dealer=first_dealer,
    )
    Seat.objects.bulk_create(Seat(session=session, position=i, member=m, name=m.name) for i, m in enumerate(seated))
    record.audit(
        session,
        actor,
        AuditEntry.Action.SESSION_STARTED,
        after={
            "players": names,
            "seats": parsed.seats,
            "rules": frozen_rules,
            "tariff": frozen_tariff,
            "money": money_terms(session),
            "pot_from": source.pk if source else None,
        },
    )
    return session


@transaction.atomic
def close_session(*, session: Session, actor: record.Actor) -> Session:
    """Close an open session, unless a closing rule (``closing``) says why it cannot close yet."""
    session = record.locked(session)
    if not session.is_open:
        return session
    problems = closing_problems(session)
    if problems:
        raise ServiceError({None: problems})
    session.status = Session.Status.CLOSED
    session.closed_at = timezone.now()
    record.bump(session, "status", "closed_at")
    record.audit(session, actor, AuditEntry.Action.SESSION_CLOSED)
    return session


@transaction.atomic
def reopen_session(*, session: Session, actor: record.Actor) -> Session:
    session = record.locked(session)
    if session.is_open:
        return session
    session.status = Session.Status.OPEN
    session.closed_at = None
    record.bump(session, "status", "closed_at")
    record.audit(session, actor, AuditEntry.Action.SESSION_REOPENED)
    return session


MONEY_TERMS = "cents_per_point currency pot_policy settlement_mode"  # a session's own, changed together


def money_terms(session: Session) -> dict[str, Any]:
    return values_of(session, MONEY_TERMS)


@transaction.atomic
def change_money_terms(
    *,
    session: Session,
    actor: record.Actor,
    cents_per_point: int,
    currency: str,
    pot_policy: str,
    settlement_mode: str,
) -> Session:
    """Change the stake, currency, pot policy or settlement mode of an open session (only this one)."""
    session = record.locked(session)
    if not session.is_open:
        raise ServiceError.on(None, refusal("session_closed"))
    if pot_policy not in PotPolicy.values:
        raise ServiceError.on("pot_policy", refusal("pot_policy"))
    if settlement_mode not in SettlementMode.values:
        raise ServiceError.on("settlement_mode", refusal("settlement_mode"))
    before = money_terms(session)
    linked = Session.objects.filter(pot_carried_to=session).first() or Session.objects.filter(pot_from=session).first()
    if linked is not None and cents_per_point != session.cents_per_point:
        raise ServiceError.on(
            "cents_per_point",
            refusal("stake_shares_pot", date=date_format(linked.played_on, "SHORT_DATE_FORMAT")),
        )
    if pot_policy != PotPolicy.CARRY and Session.objects.filter(pot_from=session).exists():
        raise ServiceError.on("pot_policy", refusal("pot_carried_on"))
    session.cents_per_point, session.currency = cents_per_point, currency
    session.pot_policy, session.settlement_mode = pot_policy, settlement_mode
    record.rescore(session)  # a plus-only sheet refuses a stake
    session.save(update_fields=MONEY_TERMS.split())
    record.audit(session, actor, AuditEntry.Action.MONEY_CHANGED, before=before, after=money_terms(session))
    return session


@transaction.atomic
def import_session(*, club: Club, document: Any, actor: record.Actor = None, again: bool = False) -> Session:
    """A ``schreiber/1`` document as a finished session of ``club``: all or nothing.

    Players are matched to members by name (ignoring case and spaces around it); anyone else joins as a guest.
    The dealers the engine derives are frozen into the deals, as for a deal entered at the table. The same
    document twice is refused unless ``again``.
    """
    try:
        parsed = engine.load(document)
        results = parsed.results()
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, None) from None
    refuse_nul(document)  # after the engine, which names a name's NUL as a control character
    record.check_storable(results)
    clean_stake(parsed.cents_per_point or 0)
    fingerprint = hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    earlier = club.sessions.filter(import_fingerprint=fingerprint).first()
    if earlier is not None and not again:
        raise ServiceError.on(
            None,
            refusal("imported_before", date=date_format(earlier.played_on, "SHORT_DATE_FORMAT"), id=earlier.pk),
        )
    members = [member_named(club, name) for name in parsed.players]
    if len({m.pk for m in members}) != len(members):
        raise ServiceError.on("players", refusal("member_twice"))
    done = derived.summary(parsed, results, 0)
    session = Session.objects.create(
        club=club,
        game=parsed.game_key,
        rules=engine.options.as_json(parsed.rules),
        tariff=engine.options.as_json(parsed.tariff) if parsed.tariff is not None else None,
        cents_per_point=parsed.cents_per_point or 0,
        currency=_document_choice(document, "currency", None, club.currency),
        pot_policy=_document_choice(document, "pot_policy", PotPolicy.values, club.pot_policy),
        settlement_mode=_document_choice(document, "settlement_mode", SettlementMode.values, club.settlement_mode),
        pot_carried_in=parsed.pot_carried_in,
        played_on=_document_date(document),
        table=clean_table(document.get("table", "")),
        import_fingerprint=fingerprint,
        status=Session.Status.CLOSED,
        closed_at=timezone.now(),
        created_by=record.user(actor),
        deal_count=done.deal_count,
        totals=done.totals,
        pot=done.pot,
        next_dealer=done.next_dealer,
        revision=1,
    )
    seats = Seat.objects.bulk_create(
        Seat(session=session, position=i, member=m, name=name)
        for i, (m, name) in enumerate(zip(members, parsed.players, strict=True))
    )
    store_lineup(session, parsed.lineup, {seat.name: seat for seat in seats}, actor)
    deals = Deal.objects.bulk_create(
        Deal(
            session=session,
            sequence=number,
            number=number,
            facts={**facts, "dealer": result.dealer},
            result=derived.stored_result(result, parsed.players),
            created_by=record.user(actor),
        )
        for number, (facts, result) in enumerate(zip(parsed.deals, results, strict=True), start=1)
    )
    record.store_player_results(session, deals)
    record.audit(session, actor, AuditEntry.Action.SESSION_IMPORTED, after={"deals": len(parsed.deals)})
    hand_on_pot(session, actor)
    return session


def store_lineup(
    session: Session, changes: Sequence[engine.Change], seats: Mapping[str, Seat], actor: record.Actor
) -> None:
    """A document's players who left or joined, after the deal they came after (deal n has sequence n)."""
    LineupChange.objects.bulk_create(
        LineupChange(
            session=session,
            after_sequence=change.after,
            seat=seats[change.player],
            joins=change.joins,
            table_seat=change.seat,
            at=_moment(change.at),
            created_by=record.user(actor),
        )
        for change in changes
    )


def _moment(text: str | None) -> datetime:
    """When a document says a change was made (ISO 8601; local time without a zone), or now when it does not say."""
    try:
        moment = parse_datetime(text) if text else None
    except ValueError:
        moment = None
    if moment is None:
        return timezone.now()
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


@transaction.atomic
def abandon_session(*, session: Session, actor: record.Actor, member: Member) -> Session:
    """Put a mistaken session aside: it is kept and can be restored, but counts in no standing and carries no pot.

    A scorer may abandon a session with no deal yet; an owner any session. A pot it carried in goes back to where
    it came from (the next session can carry it); a session whose own pot was carried on cannot be abandoned.
    """
    session = record.locked(session)
    if session.is_abandoned:
        return session
    if not (member.can(Role.OWNER) or (member.can(Role.SCORER) and session.deal_count == 0)):
        raise ServiceError.on(None, refusal("abandon_needs_owner"))
    successor = Session.objects.filter(pot_from=session).first()
    if successor is not None:
        raise ServiceError.on(
            None,
            refusal("pot_carried_into", date=date_format(successor.played_on, "SHORT_DATE_FORMAT")),
        )
    before = {"status": session.status, "pot_from": session.pot_from_id, "pot": session.pot_carried_in}
    if session.pot_from_id is not None:
        _carry_pot(session, None)
    session.status = Session.Status.ABANDONED
    record.bump(session, "status")
    record.audit(session, actor, AuditEntry.Action.SESSION_ABANDONED, before=before)
    return session


@transaction.atomic
def restore_session(*, session: Session, actor: record.Actor) -> Session:
    """Bring an abandoned session back, open or closed as it was; it takes its pot back when nobody else has."""
    session = record.locked(session)
    if not session.is_abandoned:
        return session
    entries = session.audit_entries.filter(action=AuditEntry.Action.SESSION_ABANDONED).order_by("-at", "-pk")
    abandoned = entries.first()
    before = (abandoned.before if abandoned else None) or {}
    source_id = before.get("pot_from")
    source = Session.objects.select_for_update().filter(pk=source_id).first() if source_id else None
    if source is not None and not Session.objects.filter(pot_from=source).exists():
        _carry_pot(session, source)
    session.status = before.get("status", Session.Status.CLOSED)
    record.bump(session, "status")
    record.audit(
        session,
        actor,
        AuditEntry.Action.SESSION_RESTORED,
        after={"status": session.status, "pot": session.pot_carried_in},
    )
    return session


def _carry_pot(session: Session, source: Session | None) -> None:
    """Let ``session`` carry ``source``'s pot (or none) and rescore it."""
    session.pot_from, session.pot_carried_in = source, source.pot if source else 0
    session.save(update_fields=["pot_from", "pot_carried_in"])
    record.rescore(session)


@transaction.atomic
def delete_session(*, session: Session, actor: record.Actor) -> None:
    """Delete a session started by mistake: only one that never had a deal. Its start stays in the club's history."""
    session = record.locked(session)
    if session.deals.exists():
        raise ServiceError.on(None, refusal("delete_has_deals"))
    if Session.objects.filter(pot_from=session).exists():
        raise ServiceError.on(None, refusal("pot_carried_later"))
    description = {"session": str(session), "players": [seat.name for seat in session.seats.all()]}
    record.audit_club(session.club, actor, AuditEntry.Action.SESSION_DELETED, before=description)
    try:
        session.delete()
    except ProtectedError:  # refused before anything is deleted; the audit entry goes with the transaction
        raise ServiceError.on(None, refusal("kept_by_tournament")) from None


@transaction.atomic
def call_time(*, session: Session, actor: record.Actor, after: int | None = None) -> Session:
    """Time is called at a tournament table after ``after`` deals (the deals on the sheet now by default): a rule of
    the session's round (``engine.rounds``), so that from then on the engine admits only the Pflichtsoli still owed
    (TSR 8.6), whoever enters the deals."""
    session = record.locked(session)
    after = session.deal_count if after is None else after
    before = {"time_called_after": session.rules.get("time_called_after")}
    session.rules = {**session.rules, "time_called_after": after}
    record.rescore(session)
    session.save(update_fields=["rules"])
    record.audit(session, actor, AuditEntry.Action.TIME_CALLED, before=before, after={"time_called_after": after})
    return session


@transaction.atomic
def rederive_session(*, session: Session, actor: record.Actor = None) -> Session:
    """Derive every stored result of ``session`` again from its deals' facts (after an engine fix, say); the history
    says how many deals' results changed."""
    session = record.locked(session)
    deals = record.live_deals(session)
    before = [deal.result for deal in deals]
    parsed, results = record.replay(session, deals, None)
    record.store(session, deals, parsed, results)
    changed = sum(deal.result != old for deal, old in zip(deals, before, strict=True))
    record.audit(session, actor, AuditEntry.Action.RESULTS_REDERIVED, after={"deals": len(deals), "changed": changed})
    return session


@transaction.atomic
def rebuild_player_results(*, session: Session, actor: record.Actor = None) -> None:
    """Write the players' results of ``session`` again from the results stored with its deals (``rederive_session``
    derives those again too)."""
    session = record.locked(session)
    record.store_player_results(session, record.live_deals(session))
    record.audit(session, actor, AuditEntry.Action.PLAYER_RESULTS_REBUILT)


# helpers --------------------------------------------------------------------------------------------------------


def frozen(game: str, rules: Any, tariff: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
    try:
        return engine.freeze(game, rules, tariff)
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, None) from None


def member_named(club: Club, name: str, field: str = "players") -> Member:
    """The club's member of that name (ignoring case and spaces around it), or a new guest; a name that cannot be
    one is refused at ``field``."""
    try:
        name = engine.names.check_name(field, name)
    except engine.DealError as error:
        raise ServiceError.on(field, error.words) from None
    member = club.members.filter(name__iexact=name).first()
    return member or Member.objects.create(club=club, name=name, is_guest=True)


def clean_stake(cents_per_point: Any) -> int:
    """A point's worth in cents, a whole number (no bool) the model keeps; refused at ``cents_per_point`` else."""
    if (
        not isinstance(cents_per_point, int)
        or isinstance(cents_per_point, bool)
        or not 0 <= cents_per_point <= MAX_CENTS_PER_POINT
    ):
        raise ServiceError.on(
            "cents_per_point",
            refusal("stake_range", most=number_format(MAX_CENTS_PER_POINT, force_grouping=True)),
        )
    return cents_per_point


def clean_table(value: Any) -> str:
    table = str(value or "").strip()
    if len(table) > 60 or any(unicodedata.category(char) in ("Cc", "Cs") for char in table):
        raise ServiceError.on("table", refusal("table_name"))
    return table


def _document_date(document: Mapping[str, Any]) -> date:
    try:
        return date.fromisoformat(str(document["played_on"]))
    except (KeyError, ValueError):
        return timezone.localdate()


def _document_choice(document: Mapping[str, Any], key: str, allowed: Sequence[str] | None, default: str) -> str:
    value = document.get(key)
    if isinstance(value, str) and (value in allowed if allowed is not None else len(value) == 3 and value.isalpha()):
        return value.upper() if allowed is None else value
    return default
