"""Writes from the session's stored replay state (issue 26): a deal added at the end is scored from the state the
last write kept, a correction, deletion, undo or lineup change replays the session; whatever the order, every
stored deal's result and the session's totals equal a full replay of the deals from scratch."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper import engine, services
from scorekeeper.engine.samples import DEFAULT_PLAYERS, random_session
from scorekeeper.models import Deal, Session
from scorekeeper.stored import derived
from scorekeeper.stored.documents import session_document
from scorekeeper.table import reads
from tests.examples import examples

from .conftest import Personas, start

pytestmark = pytest.mark.django_db

RULES = {"schafkopf": "classic", "doppelkopf": {"preset": "ddv", "bock": {"triggers": ["tie120"]}}}
POOL = 30  # valid deals of each game, in the order a table could play them: the steps add, correct and move them

operations = st.lists(
    st.tuples(st.sampled_from(["add", "add", "add", "correct", "delete", "undo", "lineup"]), st.integers(0, 1000)),
    max_size=25,
)


def pool(game: str) -> list[dict[str, Any]]:
    return random_session(game, random.Random(game), POOL, rules=RULES.get(game))["deals"]


def apply(step: tuple[str, int], session: Session, deals: list[dict[str, Any]], personas: Personas) -> None:
    kind, pick = step
    actor = personas.owner
    live = list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))
    if kind == "add":  # after the entry form read (and kept) the session's header, or as any other caller
        seen = Session.objects.get(pk=session.pk)
        if pick % 2:
            reads.header_of(seen)
        services.record_deal(session=seen, actor=actor, facts=deals[len(live) % POOL])
    elif kind == "correct" and live:
        deal = live[pick % len(live)]
        services.correct_deal(deal=deal, actor=actor, facts=deals[pick % POOL], revision=deal.revision)
    elif kind == "delete" and live:
        deal = live[pick % len(live)]
        services.delete_deal(deal=deal, actor=actor, revision=deal.revision)
    elif kind == "undo":
        deleted = list(session.deals.filter(deleted_at__isnull=False).order_by("sequence"))
        if deleted:
            services.restore_deal(deal=deleted[pick % len(deleted)], actor=actor)
    elif kind == "lineup" and session.game == "schafkopf":  # Emil joins a table of four, or leaves it again
        session = Session.objects.get(pk=session.pk)
        if "Emil" in engine.load(session_document(session)).seating():
            services.player_leaves(session=session, actor=actor, name="Emil", revision=session.revision)
        else:
            emil = personas.players["Emil"]
            services.player_joins(session=session, actor=actor, player=emil, table_seat=None, revision=session.revision)


def check(session: Session) -> None:
    """The stored results and totals are a full replay's."""
    session = Session.objects.get(pk=session.pk)
    parsed = engine.load(session_document(session))
    results = parsed.results()
    live = session.deals.filter(deleted_at__isnull=True).order_by("sequence")
    assert [deal.result for deal in live] == [derived.stored_result(r, parsed.players) for r in results]
    done = derived.summary(parsed, results, session.first_dealer)
    assert (session.deal_count, session.totals, session.pot, session.next_dealer, session.round) == (
        done.deal_count, done.totals, done.pot, done.next_dealer, done.round,
    )  # fmt: skip


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(list(DEFAULT_PLAYERS)), steps=operations)
def test_stored_results_are_always_a_full_replays(personas: Personas, game: str, steps: list[tuple[str, int]]) -> None:
    play(personas, game, steps, check)


def play(personas: Personas, game: str, steps: list[tuple[str, int]], after_each: Callable[[Session], None]) -> None:
    """The ``steps`` on a new session of ``game``, ``after_each`` called with the session after each; rolled back."""
    deals = pool(game)
    with transaction.atomic():
        session = start(personas, game, DEFAULT_PLAYERS[game], rules=RULES.get(game))
        for step in steps:
            try:
                with transaction.atomic():
                    apply(step, session, deals, personas)
            except services.ServiceError:
                event(f"{step[0]} refused")  # as a whole: a deal the deals around it no longer admit
            after_each(Session.objects.get(pk=session.pk))
        transaction.set_rollback(True)


def test_a_deal_added_at_the_end_reads_no_earlier_deal(personas: Personas) -> None:
    session = start(personas)
    deals = pool("schafkopf")
    for facts in deals[:5]:
        services.record_deal(session=session, actor=personas.owner, facts=facts)
    Deal.objects.filter(session=session).update(facts={"contract": "nonsense"})  # were they read, they would fail
    services.record_deal(session=session, actor=personas.owner, facts=deals[5])
    assert Session.objects.get(pk=session.pk).deal_count == 6


def test_a_state_gone_stale_is_replayed_from_the_deals(personas: Personas) -> None:
    session = start(personas)
    deals = pool("schafkopf")
    for facts in deals[:3]:
        services.record_deal(session=session, actor=personas.owner, facts=facts)
    Session.objects.filter(pk=session.pk).update(replay_state={"version": 0, "played": 3, "revision": 3})
    services.record_deal(session=Session.objects.get(pk=session.pk), actor=personas.owner, facts=deals[3])
    check(session)
    Session.objects.filter(pk=session.pk).update(replay_state=None)
    services.record_deal(session=Session.objects.get(pk=session.pk), actor=personas.owner, facts=deals[4])
    check(session)


def test_a_header_read_before_a_player_joined_is_not_scored_with(personas: Personas) -> None:
    """The save scores with the header of the revision it locked, not the one the form read (and kept) before."""
    session = start(personas)
    deals = pool("schafkopf")
    for facts in deals[:3]:
        services.record_deal(session=session, actor=personas.owner, facts=facts)
    seen = Session.objects.get(pk=session.pk)
    reads.header_of(seen)
    emil = personas.players["Emil"]
    services.player_joins(session=seen, actor=personas.owner, player=emil, table_seat=None, revision=seen.revision)
    deal = services.record_deal(session=seen, actor=personas.owner, facts=deals[3])
    check(session)
    assert deal.result is not None
    assert len(deal.result["deltas"]) == 5  # Emil has a column
