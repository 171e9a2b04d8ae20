"""``settle`` and ``import_session`` on generated documents: exit 0, or exit 2 with one message per problem, never a
traceback; an import that fails writes nothing."""

from __future__ import annotations

import json
import random
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.samples import random_session
from scorekeeper.models import Deal, Member, Session

from .conftest import Personas

pytestmark = pytest.mark.django_db

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12) | st.sampled_from(["Anna", "\x00"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)


@st.composite
def documents(draw: st.DrawFn) -> Any:
    """A valid session of any game with a few of its values replaced by junk, or junk altogether."""
    if draw(st.integers(0, 9)) == 0:
        return draw(json_values)
    game = draw(st.sampled_from(list(engine.GAMES)))
    document: Any = random_session(game, random.Random(draw(st.integers(0, 2**32))), draw(st.integers(0, 8)))
    for _ in range(draw(st.integers(0, 3))):
        parent, key, node = None, None, document
        for _depth in range(draw(st.integers(1, 4))):
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


def run(command: str, document: Any, path: Path, *extra: str) -> tuple[int, str]:
    path.write_text(json.dumps(document), encoding="utf-8")
    err = StringIO()
    try:
        call_command(command, str(path), *extra, stdout=StringIO(), stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), err.getvalue()
    return 0, err.getvalue()


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(document=documents())
def test_settle_answers_every_document_with_a_result_or_messages(tmp_path: Path, document: Any) -> None:
    code, err = run("settle", document, tmp_path / "doc.json")
    event(f"exit {code}")
    assert code in (0, 2)
    if code == 2:
        assert err.strip()
        assert "Traceback" not in err


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
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
