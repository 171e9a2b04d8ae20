"""The ``schreiber/1`` header is read in one pass: every field with a problem is named, each with its own line, in the
order of the fields; a check that needs a field that has a problem is left out rather than reported twice."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import engine

HEADER: dict[str, Any] = {
    "format": "schreiber/1", "game": "schafkopf", "rules": "classic", "tariff": "10/20/50",
    "players": ["Anna", "Bert", "Caro", "Dieter"], "cents_per_point": 10, "deals": [],
}  # fmt: skip


def refused(**changed: Any) -> list[engine.Problem]:
    """The problems of the header with ``changed`` fields."""
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load({**HEADER, **changed})
    assert str(raised.value).splitlines() == [str(p) for p in raised.value.problems]
    assert all(p.deal is None for p in raised.value.problems)
    return raised.value.problems


def problems(**changed: Any) -> list[tuple[str, str]]:
    """Each problem of the header with ``changed`` fields, as (field, the line settle prints)."""
    return [(p.field, str(p)) for p in refused(**changed)]


def test_a_header_with_several_faults_names_each_in_the_order_of_the_fields() -> None:
    faults = {
        "format": "schreiber/0",
        "players": ["Anna", " Bert", "Caro", "Dieter"],
        "cents_per_point": -1,
        "deals": 7,
    }
    assert problems(**faults) == [
        ("format", "format must be 'schreiber/1' (got 'schreiber/0')"),
        ("players", "players: a name has no space around it (got ' Bert')"),
        ("cents_per_point", "cents_per_point must be 0 or more (got -1)"),
        ("deals", "deals must be a list"),
    ]
    # each keeps its code for the pages, which say it in the scorer's words
    assert [p.words.code for p in refused(**faults)] == [
        "format_wrong",
        "players_name_spaces",
        "at_least",
        "deals_not_list",
    ]


def test_each_bad_name_is_named_and_every_other_field_still_read() -> None:
    found = problems(players=["Anna", 7, "Caro", "x" * 61], rules={"preset": "classic", "kontra_max": 9})
    assert found == [
        ("rules.kontra_max", "rules.kontra_max must be between 0 and 4 (got 9)"),
        ("players", "players: a name must be some text (got 7)"),
        ("players", "players: a name has at most 60 characters (got 61)"),
    ]
    lineup = [{"after": 0, "leaves": "Emil"}]
    assert problems(pot_carried_in=-5, lineup=lineup) == [
        ("pot_carried_in", "pot_carried_in must be 0 or more (got -5)"),
        ("lineup", "lineup: Emil leaves but is not at the table"),
    ]


def test_a_check_that_needs_a_field_with_a_problem_is_left_out() -> None:
    # the table's size and the pot need the game, the lineup needs the players and the deals
    unknown_game = problems(game="skat", players=["Anna", "Bert"], pot_carried_in=30)
    assert unknown_game == [("game", "game must be one of schafkopf, doppelkopf, sheepshead, bauernstoss (got 'skat')")]
    assert [field for field, _ in problems(players="Anna", lineup=7)] == ["players"]
    assert [field for field, _ in problems(deals={}, lineup=7)] == ["deals"]
    # two names of one person are told once every name reads; a table of two is wrong all the same
    assert problems(players=["Anna", "anna "]) == [
        ("players", "players: a name has no space around it (got 'anna ')"),
        ("players", "players: Schafkopf under these rules seats 4 (or 5 with the dealer sitting out), got 2"),
    ]
