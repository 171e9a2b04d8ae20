"""Closing asks the rules the apps built on the scorekeeper declared; changed results are announced after commit."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction

from scorekeeper import services
from scorekeeper.engine.messages import Message, say
from scorekeeper.models import Session
from scorekeeper.services import closing
from scorekeeper.signals import results_changed

from .conftest import Personas, sauspiel, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def rules(monkeypatch: pytest.MonkeyPatch) -> list[closing.ClosingRule]:
    """The closing rules, for this test only (the leagues' rule stays declared outside it)."""
    declared: list[closing.ClosingRule] = []
    monkeypatch.setattr(closing, "_RULES", declared)
    return declared


def test_a_session_closes_only_when_every_declared_rule_lets_it(
    personas: Personas, rules: list[closing.ClosingRule]
) -> None:
    session = start(personas)
    asked: list[Session] = []

    def not_yet(candidate: Session) -> list[Message]:
        asked.append(candidate)
        return [say("name", name="Two games are still to play.")] if candidate.deal_count < 2 else []

    closing.add_closing_rule(not_yet)
    closing.add_closing_rule(not_yet)  # declared twice, asked once
    with pytest.raises(services.ServiceError) as raised:
        services.close_session(session=session, actor=personas.scorer)
    assert raised.value.errors == {None: ["Two games are still to play."]}
    assert asked == [session]
    session.refresh_from_db()
    assert session.is_open
    for declarer, partner in (("Anna", "Bert"), ("Caro", "Dieter")):
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel(declarer, partner, 70))
    services.close_session(session=session, actor=personas.scorer)
    session.refresh_from_db()
    assert not session.is_open


@pytest.fixture
def heard() -> Iterator[list[dict[str, Any]]]:
    """What ``results_changed`` said."""
    said: list[dict[str, Any]] = []

    def listen(sender: Any, **kwargs: Any) -> None:
        said.append(kwargs)

    results_changed.connect(listen, dispatch_uid="test-heard")
    yield said
    results_changed.disconnect(dispatch_uid="test-heard")


def test_changed_results_are_announced_once_per_club_and_game_after_commit(
    personas: Personas, heard: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    early, late = datetime.date(2026, 3, 1), datetime.date(2026, 5, 1)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        for day in (late, early):
            session = start(personas, played_on=day)
            services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 70))
            services.close_session(session=session, actor=personas.scorer)
        assert heard == []  # nothing is said before the commit
    assert len(heard) == 1
    assert {key: heard[0][key] for key in ("club_id", "game", "since")} == {
        "club_id": personas.club.pk, "game": "schafkopf", "since": early,
    }  # fmt: skip


def test_a_rolled_back_change_announces_nothing(
    personas: Personas, heard: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    session = start(personas)
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 70))

    def close_and_fail() -> None:
        with transaction.atomic():
            services.close_session(session=session, actor=personas.scorer)
            raise RuntimeError("the change is rolled back")

    with django_capture_on_commit_callbacks(execute=True) as done, pytest.raises(RuntimeError):
        close_and_fail()
    assert done == []
    assert heard == []
