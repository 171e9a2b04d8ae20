"""The pot chain under any sequence of starts, deals, corrections, deletes, closes, reopens and policy changes.

Invariants after every step: every point won is a point lost or still in a pot that nobody has taken yet (in
money too: a pot moves only between sessions of the same stake); each carried pot equals the pot its source
session ended with; no pot is carried twice; every stored summary is what a fresh replay says.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from scorekeeper import engine, services
from scorekeeper.models import Club, PotPolicy, Session
from scorekeeper.settlement import printing
from scorekeeper.stored.documents import export_document
from scorekeeper.table.reads import sheet_of
from tests.examples import examples

from .conftest import FOUR, Personas, sauspiel

pytestmark = pytest.mark.django_db

STOCK = {"preset": "classic", "pass_out": "stock"}
DEALS = [{"contract": "passed"}, sauspiel("Anna", "Caro", 80), sauspiel("Bert", "Dieter", 40)]

# Weighted, so that sessions are started, filled with pass-outs, closed and carried on often.
KINDS = ["start"] * 3 + ["deal"] * 6 + ["close"] * 3 + ["reopen", "correct", "delete", "policy"]


@st.composite
def step(draw: st.DrawFn) -> tuple[Any, ...]:
    kind = draw(st.sampled_from(KINDS))
    if kind == "start":
        return kind, draw(st.sampled_from([10, 10, 10, 20]))
    if kind == "policy":
        return kind, draw(st.sampled_from(list(PotPolicy)))
    which = draw(st.sampled_from([0, 0, 0, 1, 2]))  # mostly the newest session
    if kind in ("deal", "correct"):
        return kind, which, draw(st.sampled_from([0, 0, 1, 2]))
    return kind, which


operations = st.lists(step(), min_size=4, max_size=30)


def pick(sessions: list[Session], index: int) -> Session | None:
    """One of the latest sessions: counted from the newest."""
    return Session.objects.get(pk=sessions[-1 - index % len(sessions)].pk) if sessions else None


def apply(step: tuple[Any, ...], club: Club, personas: Personas, sessions: list[Session]) -> None:
    kind, *args = step
    actor = personas.scorer
    if kind == "start":
        club.refresh_from_db()
        players = [personas.players[name] for name in FOUR]
        started = services.start_session(
            club=club, actor=actor, game="schafkopf", rules=STOCK, tariff="10/20/50", players=players,
            cents_per_point=args[0],
        )  # fmt: skip
        sessions.append(started)
        return
    if kind == "policy":
        Club.objects.filter(pk=club.pk).update(pot_policy=args[0])
        return
    session = pick(sessions, args[0])
    if session is None:
        return
    if kind == "deal":
        services.record_deal(session=session, actor=actor, facts=DEALS[args[1]])
    elif kind in ("correct", "delete"):
        deal = session.deals.filter(deleted_at__isnull=True).order_by("-sequence").first()
        if deal is None:
            return
        if kind == "correct":
            services.correct_deal(deal=deal, actor=actor, facts=DEALS[args[1]], revision=deal.revision)
        else:
            services.delete_deal(deal=deal, actor=actor, revision=deal.revision)
    elif kind == "close":
        services.close_session(session=session, actor=actor)
    else:
        services.reopen_session(session=session, actor=actor)


def check(sessions: list[Session]) -> None:
    stored = [Session.objects.get(pk=s.pk) for s in sessions]
    carried = [s.pot_from_id for s in stored if s.pot_from_id]
    assert len(carried) == len(set(carried))  # no pot carried twice
    points = 0
    cents = 0
    for session in stored:
        replayed = engine.settle(export_document(session))
        assert session.totals == list(replayed["totals"].values())
        assert session.pot == replayed["pot"]
        if session.pot_from is not None:
            assert session.pot_carried_in == session.pot_from.pot
        points += sum(session.totals)
        settled = printing.settle_sheet(sheet_of(session), pot_policy=session.pot_policy, mode="zero_sum")
        cents += sum(player.cents for player in settled.players)
        tail = not Session.objects.filter(pot_from=session).exists()
        if tail:
            points += session.pot
            if session.pot_policy == PotPolicy.CARRY:
                cents += session.pot * session.cents_per_point
    assert points == 0
    assert cents == 0


CARRIED = [("start", 10), ("deal", 0, 0), ("deal", 0, 0), ("close", 0), ("start", 10), ("deal", 0, 2)]


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=operations)
@example(steps=CARRIED)  # a pot carried, then lost into
@example(steps=[*CARRIED, ("reopen", 1), ("correct", 1, 1), ("close", 0), ("correct", 1, 0)])  # moved, then refused
@example(steps=[*CARRIED, ("close", 0), ("policy", "pay_back"), ("start", 10), ("deal", 0, 1), ("start", 20)])
def test_money_and_pots_always_add_up(personas: Personas, steps: list[tuple[Any, ...]]) -> None:
    with transaction.atomic():
        sessions: list[Session] = []
        for step in steps:
            try:
                with transaction.atomic():
                    apply(step, personas.club, personas, sessions)
            except services.ServiceError:
                event("refused")  # as a whole: e.g. a pot change for a closed session, a deal in a closed session
            check(sessions)
        if any(Session.objects.get(pk=s.pk).pot_carried_in for s in sessions):
            event("a pot was carried")
        transaction.set_rollback(True)
