"""``settle`` and ``import_session`` on generated documents, the tournament and the club import on generated
documents: exit 0 or a result, or exit 2 or a ServiceError with one message per problem, never a traceback; an
import that fails writes nothing. The junk: any text (a NUL in it, digits such as "²"), 2**63, floats, lists and
objects where a name belongs, and documents nested 10,000 deep."""

from __future__ import annotations

import copy
import datetime
import json
import random
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from leagues.models import Participant, Penalty, Tournament, TournamentRound
from leagues.tournaments import services as tournaments
from scorekeeper import engine, services
from scorekeeper.engine.samples import random_session
from scorekeeper.interchange.backup import export_club, import_club
from scorekeeper.models import AuditEntry, Club, Deal, Member, Seat, Session
from tests.examples import examples

from .conftest import FOUR, Personas

pytestmark = pytest.mark.django_db

TOURNAMENT = (Path(__file__).parents[1] / "leagues" / "tournaments" / "ddv_13_players.json").read_text(encoding="utf-8")
COUNTED = (Club, Member, Session, Seat, Deal, AuditEntry, Tournament, Participant, TournamentRound, Penalty)
DEEP = "[" * 10_000 + "]" * 10_000  # nested beyond what Python parses

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.sampled_from([2**63, -(2**63) - 1, 2**31])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["Anna", "\x00", "Anna\x00", "²", "٣", "x" * 10_000]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)


def counts() -> list[int]:
    return [model.objects.count() for model in COUNTED]


def refusal(write: Callable[[], object]) -> services.ServiceError | None:
    """What ``write`` refused, or None when it wrote."""
    try:
        write()
    except services.ServiceError as error:
        return error
    return None


def with_junk(draw: Callable[[st.SearchStrategy[Any]], Any], document: Any) -> Any:
    """``document`` with a few of its values, at any depth, replaced by junk."""
    for _ in range(draw(st.integers(1, 3))):
        parent, key, node = None, None, document
        for _depth in range(draw(st.integers(1, 6))):
            if isinstance(node, dict) and node:
                child = draw(st.sampled_from(sorted(node)))
            elif isinstance(node, list) and node:
                child = draw(st.integers(0, len(node) - 1))
            else:
                break
            parent, key, node = node, child, node[child]
        if parent is not None:
            parent[key] = draw(json_values)
    return document


@st.composite
def documents(draw: st.DrawFn) -> Any:
    """A valid session of any game with a few of its values replaced by junk, or junk altogether."""
    if draw(st.integers(0, 9)) == 0:
        return draw(json_values)
    if draw(st.integers(0, 19)) == 0:
        return DEEP
    game = draw(st.sampled_from(list(engine.GAMES)))
    document: Any = random_session(game, random.Random(draw(st.integers(0, 2**32))), draw(st.integers(0, 8)))
    return with_junk(draw, document) if draw(st.booleans()) else document


def run(command: str, document: Any, path: Path, *extra: str) -> tuple[int, str]:
    path.write_text(document if document is DEEP else json.dumps(document), encoding="utf-8")
    err = StringIO()
    try:
        call_command(command, str(path), *extra, stdout=StringIO(), stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), err.getvalue()
    return 0, err.getvalue()


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(document=documents())
def test_settle_answers_every_document_with_a_result_or_messages(tmp_path: Path, document: Any) -> None:
    code, err = run("settle", document, tmp_path / "doc.json")
    event(f"exit {code}")
    assert code in (0, 2)
    if code == 2:
        assert err.strip()
        assert "Traceback" not in err


@settings(max_examples=examples(120), deadline=None, suppress_health_check=list(HealthCheck))
@given(document=documents())
def test_import_session_imports_whole_or_writes_nothing(personas: Personas, tmp_path: Path, document: Any) -> None:
    with transaction.atomic():
        before = (Session.objects.count(), Deal.objects.count(), Member.objects.count())
        code, err = run("import_session", document, tmp_path / "doc.json", "--club", personas.club.slug)
        event(f"exit {code}")
        assert code in (0, 2)
        if code == 2:
            assert err.strip()
            assert "Traceback" not in err
            assert (Session.objects.count(), Deal.objects.count(), Member.objects.count()) == before
        transaction.set_rollback(True)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_import_tournament_imports_whole_or_writes_nothing(personas: Personas, data: st.DataObject) -> None:
    document = with_junk(data.draw, json.loads(TOURNAMENT))
    with transaction.atomic():
        before = counts()
        error = refusal(
            lambda: tournaments.import_tournament(club=personas.club, actor=personas.owner, document=document,
                                                  played_on=datetime.date(2026, 11, 28))
        )  # fmt: skip
        event("imported" if error is None else "refused")
        if error is not None:
            assert error.errors
            assert counts() == before
        transaction.set_rollback(True)


@pytest.fixture
def club_backup(personas: Personas) -> dict[str, Any]:
    """The personas' club with a closed evening, as its backup."""
    session = services.start_session(club=personas.club, actor=personas.owner, game="schafkopf", rules="classic",
                                     tariff="classic", players=[personas.players[name] for name in FOUR])  # fmt: skip
    services.record_deal(session=session, actor=personas.owner, facts={"contract": "sauspiel", "declarer": "Anna",
                                                                        "partner": "Caro", "points": 72})  # fmt: skip
    services.close_session(session=session, actor=personas.owner)
    return export_club(personas.club)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_import_club_restores_whole_or_writes_nothing(club_backup: dict[str, Any], data: st.DataObject) -> None:
    document = with_junk(data.draw, copy.deepcopy(club_backup))
    with transaction.atomic():
        before = counts()
        error = refusal(lambda: import_club(document=document, slug="restored"))
        event("restored" if error is None else "refused")
        if error is not None:
            assert error.errors
            assert counts() == before
        transaction.set_rollback(True)
