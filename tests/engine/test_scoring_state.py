"""A game's scoring state is all of its history the next deal reads: after any two cuts of an evening with the same
scoring state (and pot, where the rules keep one), every next deal scores alike (the offline value table is kept by
it, scorekeeper/offline_values.py)."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

from scorekeeper import engine
from scorekeeper.engine.samples import random_session
from tests.engine.test_snapshot import SETUPS

DEALS = 48
PROBES = 40


def scored_alike(result: engine.DealResult | engine.Problem) -> Any:
    """What a next deal is worth, without what the evening so far adds (its number, totals, the pot after it)."""
    if isinstance(result, engine.Problem):
        return ("refused", result.field, result.message)
    outcome = result.outcome
    deltas = sorted(outcome.deltas.items())
    return (outcome.label, outcome.value, outcome.multiplier, repr(outcome.explanation), outcome.marks, deltas)


@pytest.mark.parametrize("setup", SETUPS, ids=[setup[0] for setup in SETUPS])
@pytest.mark.parametrize("seed", [1, 2])
def test_cuts_with_the_same_scoring_state_score_every_next_deal_alike(
    setup: tuple[str, dict[str, Any], list[str] | None], seed: int
) -> None:
    game_key, options, players = setup
    document = random_session(game_key, random.Random(seed), DEALS, players=players, **options)
    probes = random_session(game_key, random.Random(seed + 100), PROBES, players=players, **options)["deals"]
    by_state: dict[str, list[list[Any]]] = defaultdict(list)
    for cut in range(DEALS + 1):
        parsed = engine.load({**document, "deals": document["deals"][:cut]})
        snapshots: list[dict[str, Any]] = []
        next_deals = list(parsed.replay(then=probes, snapshots=snapshots))[-len(probes) :]
        state = snapshots[0]
        game = parsed.new_game()
        game.restore(state["game"])
        seated = state["seated"]
        by_dealer = state["round"] is not None or len(seated) > game.seats
        key = repr(
            (
                game.scoring_state(len(seated)),
                state["pot"] if game.uses_pot() else None,
                state["dealer_seat"] if by_dealer else None,
                cut == 0,
            )
        )
        by_state[key].append([scored_alike(result) for result in next_deals])
    shared = [cuts for cuts in by_state.values() if len(cuts) > 1]
    assert shared  # the evening comes back to a scoring state: the check below is not empty
    for cuts in shared:
        assert all(scores == cuts[0] for scores in cuts[1:])
