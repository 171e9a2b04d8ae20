"""Players who leave or join the table between deals.

A change is stored after the deal that was last when it was made (``LineupChange.after_sequence``) and read by the
one replay like the deals (``schreiber/1`` ``lineup``): the engine says where everyone sits, who deals next and who
sits out, and refuses a table its rules do not seat. The money terms stay as they are; a player who left keeps what
he won or lost and settles it with everyone else.

Apps that seat their own sessions here (a tournament's tables) may forbid changes (``add_lineup_rule``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.db import transaction

from .. import engine
from ..engine.messages import Message
from ..models import AuditEntry, LineupChange, Member, Seat, Session
from ..stored.documents import session_document
from . import record
from .deals import _require_open
from .errors import Conflict, DealRejected, Fault, ServiceError
from .refusals import refusal
from .sessions import member_named

# Why the players of ``session`` cannot change, each reason a sentence in the reader's language; nothing when they can.
LineupRule = Callable[[Session], Sequence[Message]]

_RULES: list[LineupRule] = []


def add_lineup_rule(rule: LineupRule) -> None:
    """Ask ``rule`` before every change of players (once, however often it is added)."""
    if rule not in _RULES:
        _RULES.append(rule)


def player_leaves(*, session: Session, actor: record.Actor, name: str, revision: int) -> LineupChange:
    """``name`` leaves the table after the last deal, as the scorer saw the session at ``revision``."""
    with transaction.atomic():
        session = _ready(session, revision)
        seat = next((seat for seat in session.seats.all() if seat.name == name), None)
        if seat is None:
            raise ServiceError.on("leaves", refusal("leaver"))
        return _change(session, actor, seat, joins=False, table_seat=None)


def player_joins(
    *, session: Session, actor: record.Actor, player: Member | str, table_seat: int | None, revision: int
) -> LineupChange:
    """A member (or a guest by name) joins the table after the last deal, at ``table_seat`` (1-based, in seat order;
    None: after the last seat), as the scorer saw the session at ``revision``."""
    with transaction.atomic():
        session = _ready(session, revision)
        member = player if isinstance(player, Member) else member_named(session.club, player, "joins")
        if member.club_id != session.club_id:
            raise ServiceError.on("joins", refusal("not_of_club"))
        seats = list(session.seats.all())
        seat = next((seat for seat in seats if seat.member_id == member.pk), None)
        if seat is not None and seat.name in engine.load(session_document(session, [])).seating():
            raise ServiceError.on("joins", Message("lineup_seated", {"name": seat.name}))
        if seat is None:  # a new player in this session: the next seat in the list of players
            seat = Seat.objects.create(session=session, position=len(seats), member=member, name=member.name)
        return _change(session, actor, seat, joins=True, table_seat=table_seat)


def _ready(session: Session, revision: int) -> Session:
    """The session, locked: open, unchanged since ``revision``, and one whose players may change."""
    session = record.locked(session)
    _require_open(session)
    if session.revision != revision:
        raise Conflict("changed", None, refusal("sheet_changed"))
    problems = lineup_problems(session)
    if problems:
        raise ServiceError.on(None, problems[0])
    return session


def lineup_problems(session: Session) -> list[Message]:
    """Every reason the apps give why the players of ``session`` cannot change (a tournament table's)."""
    return [reason for rule in _RULES for reason in rule(session)]


def _change(session: Session, actor: record.Actor, seat: Seat, *, joins: bool, table_seat: int | None) -> LineupChange:
    """Store the change after the last deal, replay the session with it and write what the engine derived."""
    last = session.deals.order_by("-sequence").values_list("sequence", flat=True).first() or 0
    change = LineupChange.objects.create(
        session=session,
        after_sequence=last,
        seat=seat,
        joins=joins,
        table_seat=table_seat,
        created_by=record.user(actor),
    )
    session = record.locked(session)  # its seats again, with a player who joined
    deals = record.live_deals(session)
    try:
        parsed, results = record.replay(session, deals, None)
    except DealRejected as error:  # shown at the form's field: who leaves, who joins, or the seat
        field = "joins" if joins else "leaves"
        raise ServiceError(
            [Fault("seat" if each.code == "lineup_seat" else field, each.code, each.words) for each in error.faults]
        ) from None
    record.store(session, deals, parsed, results)  # a player who joined gains a column in every deal's result
    action = AuditEntry.Action.PLAYER_JOINED if joins else AuditEntry.Action.PLAYER_LEFT
    record.audit(
        session,
        actor,
        action,
        number=len(deals) or None,
        after={"player": seat.name, "seat": table_seat, "table": list(parsed.seating())},
    )
    return change
