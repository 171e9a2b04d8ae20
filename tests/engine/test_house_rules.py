"""Every rule option of every game: written out at its preset's value, it scores exactly as leaving it out."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.options import as_json
from scorekeeper.engine.samples import random_session

NAMES = ["Anna", "Bert", "Caro", "Dieter", "Emil", "Franzi", "Gustl", "Hans"]

OPTIONS = [
    (game, preset, option)
    for game, game_class in engine.GAMES.items()
    for preset in game_class.rule_presets
    for option in game_class.rule_schema
]


def players_for(game: str, preset: str) -> list[str]:
    """The smallest table these rules seat."""
    rules, tariff = engine.freeze(game, preset)
    seats = engine.GAMES[game](rules, tariff).table_sizes()[0]
    return NAMES[:seats]


@pytest.mark.parametrize(("game", "preset", "option"), OPTIONS, ids=[f"{g}-{p}-{o}" for g, p, o in OPTIONS])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_an_option_at_its_default_scores_as_if_left_out(game: str, preset: str, option: str, seed: int) -> None:
    document = random_session(game, random.Random(seed), 30, rules=preset, players=players_for(game, preset))
    default = as_json(engine.freeze(game, preset)[0])[option]
    spelled_out: dict[str, Any] = {**document, "rules": {"preset": preset, option: default}}
    assert engine.settle(spelled_out) == engine.settle(document)


def test_every_option_of_every_game_is_covered() -> None:
    assert {option for _, _, option in OPTIONS} >= {
        "runners_min",
        "runners_max",
        "jungfrau",
        "pass_out",
        "sheet",
        "re_kontra",
        "table",
        "tie_doubles_next",
        "leaster_tie",
        "no_trick_partner",
        "players",
    }
