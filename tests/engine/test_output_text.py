"""``settle_json`` writes the output document as text without building it: byte for byte what ``json.dumps`` makes
of ``settle_document`` (the ``settle`` command's output is a public contract)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.samples import random_session

from .golden import golden_cases
from .test_lineup import schafkopf, wenz
from .test_snapshot import SETUPS


def assert_written_as_json_dumps(session: engine.Session, results: list[engine.DealResult]) -> None:
    expected = json.dumps(engine.settle_document(session, results), ensure_ascii=False)
    assert engine.settle_json(session, results) == expected


@pytest.mark.parametrize("case", golden_cases())
def test_every_golden_case(case: dict[str, Any]) -> None:
    if "error" in case["expect"]:
        return
    session = engine.load(case["session"])
    assert_written_as_json_dumps(session, session.results())


@settings(max_examples=30, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10_000), deals=st.integers(0, 60), money=st.booleans())
def test_random_sessions_of_every_game(
    setup: tuple[str, dict[str, Any], list[str] | None], seed: int, deals: int, money: bool
) -> None:
    game, options, players = setup
    cents = 10 if money and game != "sheepshead" else None
    document = random_session(game, random.Random(seed), deals, players=players, cents_per_point=cents, **options)
    session = engine.load(document)
    assert_written_as_json_dumps(session, session.results())


def test_players_who_leave_and_join_and_names_json_escapes() -> None:
    players = ['Anna "die Ältere"', "B\\ert", "Zoë 🂡", "Dieter"]
    document = schafkopf(
        [wenz(players[0]), wenz(players[1]), wenz("Dieter"), wenz("Emil"), wenz(players[0])],
        [{"after": 2, "joins": "Emil"}, {"after": 4, "leaves": players[1]}],
        players,
    )
    session = engine.load(document)
    results = session.results()
    assert any(result.lineup for result in results)
    assert any(result.away for result in results)
    assert_written_as_json_dumps(session, results)


def test_what_no_game_writes_today_is_written_as_json_would() -> None:
    """A game's own keys holding what the templates do not cover, or a key the output already has."""
    document = random_session("bauernstoss", random.Random(2), 6, rules="seed")
    session = engine.load(document)
    results = session.results()
    extras: list[dict[Any, Any]] = [
        {"flag": True, "none": None, "ratio": 0.5, "list": [1, "a"], "nested": {"a": {"b": [True]}}},
        {"counts": {"A": True, "B": 1.0}},
        {"counts": {1: "one", None: "none"}},
        {"pot": 3, "chalk": "A"},
        {2: "a number as key"},
    ]
    for result, extra in zip(results, extras, strict=False):
        result.outcome.extra = extra
    assert_written_as_json_dumps(session, results)
