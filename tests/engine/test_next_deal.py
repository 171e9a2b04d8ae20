"""The next deal's possible values (``replay(then=…)``): each candidate is scored as if it alone came next, exactly as
a replay with it appended would, and the state it starts from is never changed by another candidate."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper import engine
from scorekeeper.engine.doppelkopf import BOCK_TRIGGERS
from scorekeeper.engine.samples import random_session

CASES: list[tuple[str, Any]] = [
    ("schafkopf", None),
    ("doppelkopf", None),
    ("doppelkopf", {"preset": "ddv", "bock": {"triggers": list(BOCK_TRIGGERS), "stacking": "extend"}}),
    ("doppelkopf", {"preset": "ddv", "games_per_round": {"4": 24, "5": 30}, "pflichtsolo_per_round": "vorgefuehrt"}),
    ("sheepshead", None),
    ("bauernstoss", None),
]


@pytest.mark.parametrize(("game", "rules"), CASES)
def test_each_candidate_is_scored_as_the_next_deal_alone(game: str, rules: Any) -> None:
    rng = random.Random(11)
    document = random_session(game, rng, 70, rules=rules)
    played, candidates = document["deals"][:40], document["deals"][40:]
    session = engine.load({**document, "deals": played})
    together = list(session.replay(then=candidates))[len(played) :]
    assert len(together) == len(candidates)
    bock = 0
    for candidate, result in zip(candidates, together, strict=True):
        alone = list(engine.load({**document, "deals": [*played, candidate]}).replay())[-1]
        assert type(result) is type(alone)
        if isinstance(alone, engine.DealResult):
            assert isinstance(result, engine.DealResult)
            assert (result.number, result.dealer, result.deltas, result.pot, result.round) == (
                alone.number,
                alone.dealer,
                alone.deltas,
                alone.pot,
                alone.round,
            )
            assert result.outcome.explanation == alone.outcome.explanation
            bock += result.outcome.extra.get("bock_factor", 1) > 1
    if isinstance(rules, dict) and "bock" in rules:
        assert bock, "no candidate came in a Bock round: the case tests nothing of Bock"
