"""A replay resumed from the snapshot after some deals (kept as JSON) scores the rest exactly as a full replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.samples import random_session
from tests.engine.test_round_never_locks import SEATS, accepted, offered, playing
from tests.engine.test_round_never_locks import document as round_document

BOCK = {"triggers": ["tie120", "solo_lost"], "stacking": "extend"}
SETUPS: list[tuple[str, dict[str, Any], list[str] | None]] = [
    ("schafkopf", {"rules": {"preset": "classic", "pass_out": "stock", "klopfen": True}, "tariff": "10/20/50"}, None),
    ("doppelkopf", {"rules": {"preset": "ddv", "bock": BOCK}}, None),
    ("sheepshead", {"rules": {"preset": "seed", "tie_doubles_next": True}}, ["Anna", "Bert", "Caro", "Dieter", "Emil"]),
    ("bauernstoss", {"rules": "seed"}, None),
]


def resumed(document: dict[str, Any], cut: int) -> list[dict[str, Any]]:
    """The results after deal ``cut``, scored from the snapshot a replay of the deals up to it kept."""
    snapshots: list[dict[str, Any]] = []
    before = {**document, "deals": document["deals"][:cut]}
    if "lineup" in document:
        before["lineup"] = [change for change in document["lineup"] if change["after"] <= cut]
    engine.load(before).results(snapshots=snapshots)
    snapshot = json.loads(json.dumps(snapshots[0]))  # as a database keeps it
    parsed = engine.load(document)
    held = engine.load({**document, "deals": document["deals"][cut:]}, counted=cut)  # the first deals counted only
    assert parsed.resumable(snapshot)
    assert held.resumable(snapshot)
    results = [result.to_output() for result in parsed.results(start=snapshot)]
    assert [result.to_output() for result in held.results(start=snapshot)] == results
    return results


@settings(max_examples=40, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10_000), deals=st.integers(0, 40), data=st.data())
def test_a_resumed_replay_scores_the_rest_as_a_full_replay(
    setup: tuple[str, dict[str, Any], list[str] | None], seed: int, deals: int, data: st.DataObject
) -> None:
    game, options, players = setup
    document = random_session(game, random.Random(seed), deals, players=players, **options)
    cut = data.draw(st.integers(0, deals))
    full = [result.to_output() for result in engine.load(document).results()]
    assert resumed(document, cut) == full[cut:]


def test_a_lineup_change_at_the_cut_is_made_after_it() -> None:
    deals = [{"contract": "wenz", "declarer": name, "points": 72} for name in ["Anna", "Bert", "Anna", "Anna", "Bert"]]
    document = {
        "format": "schreiber/1", "game": "schafkopf", "rules": "classic", "tariff": "10/20/50",
        "players": ["Anna", "Bert", "Caro", "Dieter"], "deals": deals, "lineup": [{"after": 2, "joins": "Emil"}],
    }  # fmt: skip
    full = [result.to_output() for result in engine.load(document).results()]
    for cut in range(2, len(deals) + 1):  # before the join the document names one player fewer
        assert resumed(document, cut) == full[cut:]


@settings(max_examples=15, deadline=None)
@given(preset=st.sampled_from(["ddv", "ddv_home"]), games=st.integers(1, 10), data=st.data())
def test_a_tournament_round_resumes_where_it_stood(preset: str, games: int, data: st.DataObject) -> None:
    deals: list[Any] = []
    for _ in range(games + 3):
        session = engine.load(round_document(preset, games, SEATS[:4], deals, None))
        results = session.results()
        state = session.round(results)
        assert state is not None
        if state.complete:
            break
        offers = offered(playing(session, results), data)
        taken = [d for d in offers if accepted(round_document(preset, games, SEATS[:4], [*deals, d], None))]
        deals.append(data.draw(st.sampled_from(taken)))
    document = round_document(preset, games, SEATS[:4], deals, None)
    full = [result.to_output() for result in engine.load(document).results()]
    cut = data.draw(st.integers(0, len(deals)))
    assert resumed(document, cut) == full[cut:]


def test_a_snapshot_of_other_rules_or_version_is_not_resumed() -> None:
    document = random_session("doppelkopf", random.Random(1), 5)
    snapshots: list[dict[str, Any]] = []
    engine.load(document).results(snapshots=snapshots)
    other = engine.load({**document, "rules": {"preset": "ddv", "bock": BOCK}})
    assert not other.resumable(snapshots[0])
    assert not engine.load(document).resumable({**snapshots[0], "version": 0})
    assert not engine.load({**document, "deals": document["deals"][:4]}).resumable(snapshots[0])


def test_a_session_counting_its_first_deals_places_the_lineup_by_their_number() -> None:
    deals = [{"contract": "wenz", "declarer": name, "points": 72} for name in ["Anna", "Bert", "Anna", "Anna", "Bert"]]
    lineup = [{"after": 2, "joins": "Emil"}, {"after": 5, "leaves": "Anna"}]
    document = {
        "format": "schreiber/1", "game": "schafkopf", "rules": "classic", "tariff": "10/20/50",
        "players": ["Anna", "Bert", "Caro", "Dieter"], "deals": deals, "lineup": lineup,
    }  # fmt: skip
    full, counted = engine.load(document), engine.load({**document, "deals": []}, counted=5)
    assert counted.deals == []
    assert counted.deal_count == full.deal_count == 5
    assert [counted.seating(n) for n in range(6)] == [full.seating(n) for n in range(6)]
    assert counted.seating() == ("Bert", "Caro", "Dieter", "Emil")
    late = {**document, "deals": [], "lineup": [*lineup, {"after": 6, "leaves": "Bert"}]}
    with pytest.raises(engine.InvalidSession):  # a change after more deals than it counts
        engine.load(late, counted=5)


def test_a_session_counting_its_first_deals_is_replayed_from_a_snapshot_of_them_only() -> None:
    document = random_session("doppelkopf", random.Random(2), 6)
    snapshots: list[dict[str, Any]] = []
    engine.load({**document, "deals": document["deals"][:2]}).results(snapshots=snapshots)
    held = engine.load({**document, "deals": document["deals"][3:]}, counted=3)
    assert not held.resumable(snapshots[0])  # the third deal is neither held nor in the snapshot
    with pytest.raises(ValueError, match="from a snapshot"):
        held.results()
