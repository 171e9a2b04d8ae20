"""How a session's deals change: under the session's row lock, with one read and one replay.

Every service that changes deals locks the session row (``locked``), reads its live deals once, replays the session
with the change applied (``replay``) and writes back what the engine derived: each deal's number and result, the
session's summary and each player's results (``store``). A change the engine refuses writes nothing. Because the
numbers are counted here, under the lock, from the deals as they are, no race can leave a gap or a duplicate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from django.db.models import F
from django.utils.formats import number_format

from .. import engine
from ..models import Actor, AuditEntry, Club, Deal, PlayerResult, Session, TableLink
from ..signals import announce_results_changed
from ..stored import derived, player_results
from ..stored.documents import session_document
from ..table import reads
from .errors import DealRejected, ServiceError
from .refusals import refusal

# Numbers and sequences move in two steps, through this far-away range, so that no unique constraint ever sees two
# deals on one number in between.
OFFSET = 1_000_000
POINTS_MOST = 2_147_483_647  # the end of an integer column: a player's points in a session, a deal's, the pot


def locked(session: Session, *, seats: bool = True) -> Session:
    """The session row, locked until the transaction ends: one write per session at a time (with its seats, unless
    the caller knows them)."""
    found = Session.objects.select_for_update().select_related("club")
    return (found.prefetch_related("seats") if seats else found).get(pk=session.pk)


def live_deals(session: Session) -> list[Deal]:
    """The deals on the sheet, in playing order: the one read a change makes (of what a change reads: the who and
    when of each deal would only cost time, hundreds of times in a long evening)."""
    deals = session.deals.filter(deleted_at__isnull=True).order_by("sequence")
    return list(deals.only("session", "sequence", "number", "facts", "result", "revision", "changed_in"))


def replay(
    session: Session, deals: Sequence[Deal], changed: int | None
) -> tuple[engine.Session, list[engine.DealResult]]:
    """Score the session with ``deals`` (their facts as they are in memory) as all its deals, once; DealRejected
    naming deal number ``changed``."""
    # the deals' own places (``sequence``) place the players who left or joined among them
    document = session_document(session, [deal.facts for deal in deals], sequences=[deal.sequence for deal in deals])
    return _scored(session, lambda: (engine.load(document), None), changed)


def replay_added(
    session: Session, deals: Sequence[Deal], changed: int | None
) -> tuple[engine.Session, list[engine.DealResult]]:
    """Score ``deals`` added after the deals on the sheet, once (``after_the_deals``): the results are those of
    ``deals`` alone when it resumes. A deal added at the end comes after every player who left or joined."""
    return _scored(session, lambda: reads.after_the_deals(session, [deal.facts for deal in deals]), changed)


def _scored(
    session: Session, parse: Callable[[], tuple[engine.Session, reads.Resume | None]], changed: int | None
) -> tuple[engine.Session, list[engine.DealResult]]:
    """The session ``parse`` reads, scored from where it says; the state after the deals goes to
    ``session.replay_state``, which ``store`` writes."""
    try:
        parsed, resume = parse()
        snapshots: list[dict[str, Any]] = []
        results = parsed.results(resume.state if resume else None, snapshots)
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, changed) from None
    check_storable(results)
    session.replay_state = {**snapshots[0], "revision": session.revision + 1}  # the revision ``store`` writes
    return parsed, results


def rescore(session: Session) -> None:
    """Replay the session's live deals as they stand and store what the engine derives (after a change of its terms)."""
    deals = live_deals(session)
    parsed, results = replay(session, deals, None)
    store(session, deals, parsed, results)


def check_storable(results: Sequence[engine.DealResult]) -> None:
    """ServiceError when a deal takes a player's points or the pot beyond what a column keeps (a tariff of
    billions, say): the engine counts on, a database cannot."""
    for result in results:
        if any(abs(points) > POINTS_MOST for points in (*result.deltas.values(), *result.totals.values(), result.pot)):
            most = number_format(POINTS_MOST, force_grouping=True)
            raise ServiceError.on(None, refusal("points_beyond", number=result.number, most=most))


def store(
    session: Session, deals: Sequence[Deal], parsed: engine.Session, results: Sequence[engine.DealResult]
) -> None:
    """Write back numbers, results and the session summary for ``deals`` (new ones, without a pk, are created):
    the sheet's last deals, aligned with the end of ``results``; the deals before them keep number and result.

    A deal whose dealer the engine derived gets it frozen into its facts: who dealt is a fact from then on. A deal
    whose line on the sheet changes is stamped with the session's new revision (``Deal.changed_in``).
    """
    players, revision = parsed.players, session.revision + 1
    ours = results[len(results) - len(deals) :]  # those of ``deals``; ``results`` may hold no more (resumed)
    first = ours[0].number if ours else 1  # the number of the first of ``deals``
    moving = [deal.pk for number, deal in enumerate(deals, first) if deal.pk and deal.number != number]
    if moving:
        Deal.objects.filter(pk__in=moving).update(number=F("number") + OFFSET)
    changed: list[Deal] = []
    for number, (deal, result) in enumerate(zip(deals, ours, strict=True), first):
        stored = derived.stored_result(result, players)
        frozen = deal.facts if deal.facts.get("dealer") == result.dealer else {**deal.facts, "dealer": result.dealer}
        if deal.pk is None:
            deal.number, deal.result, deal.facts, deal.changed_in = number, stored, frozen, revision
            deal.save()
        elif deal.number != number or deal.result != stored or deal.facts is not frozen:
            deal.number, deal.result, deal.facts, deal.changed_in = number, stored, frozen, revision
            changed.append(deal)
    Deal.objects.bulk_update(changed, ["number", "result", "facts", "changed_in"])
    done = derived.summary(parsed, results, session.first_dealer)
    session.deal_count, session.totals, session.pot, session.next_dealer, session.round = (
        done.deal_count,
        done.totals,
        done.pot,
        done.next_dealer,
        done.round,
    )
    bump(session, "deal_count", "totals", "pot", "next_dealer", "round", "replay_state")
    if session.counts:  # a closed session whose pot chain moved
        store_player_results(session)


RESULT_FIELDS = ("name", "member", "game", "played_on", *player_results.COUNTED, *player_results.BY_SEAT)


def store_player_results(session: Session, deals: Sequence[Deal] | None = None) -> None:
    """Each player's results in a session that counts in standings (closed), from its live deals (read when not
    given, their results stored): one upsert of a row per seat. An open evening pays nothing for them deal by deal:
    they are written once when it is closed. A reopened one keeps the rows of its last close (the standings show
    them as being corrected) until its next close replaces them; an abandoned one has none."""
    if session.is_open:
        if PlayerResult.objects.filter(session=session).exists():  # reopened: its standings show it being corrected
            announce_results_changed(session.club_id, session.game, session.played_on, session_id=session.pk, kept=True)
        return
    if not session.counts:
        removed, _ = PlayerResult.objects.filter(session=session).delete()
        if removed:
            announce_results_changed(
                session.club_id, session.game, session.played_on, session_id=session.pk, removed=True
            )
        return
    deals = live_deals(session) if deals is None else deals
    seats = list(session.seats.all())
    terms = player_results.Terms(
        session.cents_per_point, session.pot_policy, session.settlement_mode, session.pot_carried_in,
        session.first_dealer,
    )  # fmt: skip
    stored = [(deal.facts, cast(dict[str, Any], deal.result)) for deal in deals]
    lines = player_results.derive(session.game, [seat.name for seat in seats], stored, terms)
    members = [str(seat.member_id) for seat in seats]
    rows = [
        PlayerResult(
            session=session,
            position=line.position,
            member_id=seat.member_id,
            name=line.name,
            game=session.game,
            played_on=session.played_on,
            **{counter: getattr(line, counter) for counter in player_results.COUNTED},
            **{
                key: {members[other]: pair for other, pair in getattr(line, key).items()}
                for key in player_results.BY_SEAT
            },
        )
        for seat, line in zip(seats, lines, strict=True)
    ]
    PlayerResult.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["session", "position"], update_fields=RESULT_FIELDS
    )
    announce_results_changed(session.club_id, session.game, session.played_on, session_id=session.pk)


def make_room(session: Session, sequence: int) -> None:
    """Move every deal from ``sequence`` on one place later (deleted deals too), and every player who left or joined
    after them, for a deal inserted there."""
    later = session.deals.filter(sequence__gte=sequence)
    later.update(sequence=F("sequence") + OFFSET)
    Deal.objects.filter(session=session, sequence__gte=OFFSET).update(sequence=F("sequence") - OFFSET + 1)
    session.lineup_changes.filter(after_sequence__gte=sequence).update(after_sequence=F("after_sequence") + 1)


def user(actor: Actor) -> Any:
    """The actor to store on a row: a signed-in user, or nobody (a command, a visitor, a table link)."""
    if isinstance(actor, TableLink):
        return None
    return actor if actor is not None and actor.is_authenticated else None


def bump(session: Session, *fields: str) -> None:
    """Save ``fields`` and a new revision; a new status (closed, reopened, abandoned, restored) writes the players'
    results of a session that now counts in standings, and removes those of one that no longer does."""
    session.revision += 1
    session.save(update_fields=["revision", *fields])
    if "status" in fields:
        store_player_results(session)


def audit(
    session: Session,
    actor: Actor,
    action: str,
    *,
    deal: Deal | None = None,
    number: int | None = None,
    before: Any = None,
    after: Any = None,
    effect: Any = None,
) -> None:
    """One entry of the session's history; ``number`` is the deal's number on the sheet when it has none any more."""
    AuditEntry.objects.create(
        club_id=session.club_id,
        session=session,
        deal=deal,
        deal_number=number if number is not None else deal.number if deal is not None else None,
        revision=session.revision,
        actor=user(actor),
        table_link=actor if isinstance(actor, TableLink) else None,
        action=action,
        before=before,
        after=after,
        effect=effect,
    )


def moved_points(players: list[str], before: Any, after: Any) -> list[list[Any]]:
    """[player, delta before, delta after] in seat order, for each player whose delta in a deal's result changed.

    A list, not a dict: PostgreSQL's jsonb keeps a dict's keys in its own order, and the history names the players
    in seat order.
    """
    old = (before or {}).get("deltas") or [0] * len(players)
    new = (after or {}).get("deltas") or [0] * len(players)
    return [[name, a, b] for name, a, b in zip(players, old, new, strict=False) if a != b]


def audit_club(club: Club, actor: Actor, action: str, *, before: Any = None, after: Any = None) -> None:
    """One entry of the club's history (a change that is not a session's)."""
    AuditEntry.objects.create(club=club, actor=user(actor), action=action, before=before, after=after)
