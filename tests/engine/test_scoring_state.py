"""A game's scoring state is all of its history the next deal reads: after any two cuts of an evening with the same
scoring state (and pot, where the rules keep one), every next deal scores alike (the offline value table is kept by
it, scorekeeper/table/offline_values.py)."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import pytest

from scorekeeper import engine
from scorekeeper.engine.samples import random_session
from tests.engine.test_round_never_locks import SEATS, accepted
from tests.engine.test_round_never_locks import document as round_document
from tests.engine.test_snapshot import BOCK, SETUPS

DEALS = 48
PROBES = 40


def scored_alike(result: engine.DealResult | engine.Problem, back: Mapping[str, str]) -> Any:
    """What a next deal is worth, without what the evening so far adds (its number, totals, the pot after it), each
    player's points by the place ``back`` gives him; a refusal as the field refused (its words may count the games
    left)."""
    if isinstance(result, engine.Problem):
        return ("refused", result.field)
    outcome = result.outcome
    deltas = sorted((back[name], delta) for name, delta in outcome.deltas.items())
    return (outcome.label, outcome.value, outcome.multiplier, repr(outcome.explanation), outcome.marks, deltas)


def in_places(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` (a deal's facts) with each player named as ``names`` says."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [in_places(item, names) for item in value]
    if isinstance(value, dict):
        return {in_places(key, names): in_places(item, names) for key, item in value.items()}
    return value


def assert_same_scoring_state_scores_alike(document: dict[str, Any], probes: list[dict[str, Any]]) -> Any:
    """After each cut of ``document``'s deals, ``probes`` scored as the next deal with the players in the places
    the scoring state numbers (``places``: the probes' players, in the session's order, are its places): alike
    wherever the scoring state is, and some scoring state comes back (the check is not empty). Returns the states
    that came back, with the places of each cut."""
    by_state: dict[str, list[list[Any]]] = defaultdict(list)
    places_by_state: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    for cut in range(len(document["deals"]) + 1):
        parsed = engine.load({**document, "deals": document["deals"][:cut]})
        snapshots: list[dict[str, Any]] = []
        list(parsed.replay(snapshots=snapshots))
        places = parsed.places(snapshots[0])
        names = dict(zip(parsed.players, places, strict=True))
        back = {placed: name for name, placed in names.items()}
        next_deals = list(parsed.replay(then=[in_places(p, names) for p in probes], start=snapshots[0]))
        key = repr((parsed.scoring_state(snapshots[0]), cut == 0))
        by_state[key].append([scored_alike(result, back) for result in next_deals])
        places_by_state[key].append(places)
    shared = [cuts for cuts in by_state.values() if len(cuts) > 1]
    assert shared
    for cuts in shared:
        assert all(scores == cuts[0] for scores in cuts[1:])
    return [places for places in places_by_state.values() if len(places) > 1]


@pytest.mark.parametrize("setup", SETUPS, ids=[setup[0] for setup in SETUPS])
@pytest.mark.parametrize("seed", [1, 2])
def test_cuts_with_the_same_scoring_state_score_every_next_deal_alike(
    setup: tuple[str, dict[str, Any], list[str] | None], seed: int
) -> None:
    game_key, options, players = setup
    document = random_session(game_key, random.Random(seed), DEALS, players=players, **options)
    probes = random_session(game_key, random.Random(seed + 100), PROBES, players=players, **options)["deals"]
    assert_same_scoring_state_scores_alike(document, probes)


@pytest.mark.parametrize("preset", ["ddv", "ddv_home"])
@pytest.mark.parametrize("seats", [SEATS[:4], SEATS], ids=["four", "five"])
def test_a_tournament_rounds_scoring_state_scores_every_next_deal_alike(preset: str, seats: tuple[str, ...]) -> None:
    """A tournament table's round (its Pflichtsolos owed and due, the round complete) as the next deal reads it."""
    rng = random.Random(len(seats))
    pool = random_session("doppelkopf", rng, 60, players=list(seats), rules="ddv")["deals"]
    for player in seats:
        for ticks in ({"forced": True}, {"forced": True, "vorgefuehrt": True}):
            pool.append({"type": "solo", "solo": "buben", "re": [player], "re_points": rng.choice([90, 151]), **ticks})
    deals: list[Any] = []
    for _ in range(30):
        rng.shuffle(pool)
        taken = next((d for d in pool if accepted(round_document(preset, 8, seats, [*deals, d], None))), None)
        if taken is None:  # the round is complete
            break
        deals.append(taken)
    shared = assert_same_scoring_state_scores_alike(round_document(preset, 8, seats, deals, None), pool[:PROBES])
    if len(seats) == 5:  # the deals where another sits out share a state (the offline values share a table)
        assert any(len({places[-1] for places in cuts}) > 1 for cuts in shared)


def test_a_player_is_named_by_his_place_so_tables_of_other_players_have_one_scoring_state() -> None:
    """The same deals at a table of other players (each in the same place) leave the same scoring state: the
    Pflichtsolos played and owed by place, not by name. Another place's Pflichtsolo is another state."""

    def state(seats: tuple[str, ...], soloist: int) -> Any:
        solo = {"type": "solo", "solo": "buben", "re": [seats[soloist]], "re_points": 151, "forced": True}
        normal = {"type": "normal", "re": [seats[0], seats[2]], "re_points": 151}
        parsed = engine.load(round_document("ddv", 8, seats, [solo, normal], None))
        snapshots: list[dict[str, Any]] = []
        list(parsed.replay(snapshots=snapshots))
        return parsed.scoring_state(snapshots[0])

    here, there = state(SEATS[:4], 1), state(("Wu", "Xaver", "Yvonne", "Zoe"), 1)
    assert here == there
    assert here["round"]["owing"] == [0, 2, 3]
    assert here["game"]["pflichtsoli"] == [1]
    assert state(SEATS[:4], 2) != here


@pytest.mark.parametrize("seed", [1, 2])
def test_at_a_table_of_five_deals_where_another_sits_out_share_a_scoring_state(seed: int) -> None:
    """A table of five off a tournament (Bock rounds, Pflichtsolos in the game's own rounds): the dealer sits out,
    and the next deals' players in the same places score alike whoever sits out."""
    rules = {"preset": "ddv", "bock": BOCK, "pflichtsolo": True}
    document = random_session("doppelkopf", random.Random(seed), DEALS, players=list(SEATS), rules=rules)
    probes = random_session("doppelkopf", random.Random(seed + 100), PROBES, players=list(SEATS), rules=rules)["deals"]
    shared = assert_same_scoring_state_scores_alike(document, probes)
    assert any(len({places[-1] for places in cuts}) > 1 for cuts in shared)
