"""Bauernstoss: the chalk, strokes, solos and the Partie, as the rules page describes them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.bauernstoss import Bauernstoss
from scorekeeper.engine.deal import Facts, Table
from scorekeeper.engine.errors import DealError
from scorekeeper.engine.options import resolve
from scorekeeper.engine.samples import random_session

from .properties import assert_rejected_naming

PLAYERS = ["Anna", "Bert", "Caro", "Dieter"]  # Anna and Caro are team A, Bert and Dieter team B


def document(deals: list[dict[str, Any]], rules: Any = "seed", players: list[str] | None = None) -> dict[str, Any]:
    return {
        "format": "schreiber/1",
        "game": "bauernstoss",
        "rules": rules,
        "players": players or PLAYERS,
        "deals": deals,
    }


def explanation(deals: list[dict[str, Any]], number: int) -> str:
    """What the sheet shows under deal ``number`` to explain its strokes."""
    result = engine.load(document(deals)).results()[number - 1]
    return " + ".join(map(str, result.explanation))


def settle(deals: list[dict[str, Any]], rules: Any = "seed") -> list[dict[str, Any]]:
    return engine.settle(document(deals, rules))["deals"]


def strokes(deals: list[dict[str, Any]], rules: Any = "seed") -> list[tuple[int, int]]:
    return [(d["strokes"]["A"], d["strokes"]["B"]) for d in settle(deals, rules)]


def problem(deals: list[dict[str, Any]], rules: Any = "seed", players: list[str] | None = None) -> engine.Problem:
    """The first problem of an invalid session."""
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load(document(deals, rules, players)).results()
    return raised.value.problems[0]


def new_game(rules: Any = "seed") -> Bauernstoss:
    return Bauernstoss(resolve(rules, Bauernstoss.rule_presets, Bauernstoss.rule_schema, "rules"), None)


TABLE = Table(1, "Anna", tuple(PLAYERS), tuple(PLAYERS), (), 0)


# --- the chalk ---------------------------------------------------------------------------------------------------


def test_the_chalk_team_scores_one_stroke_with_42_or_more() -> None:
    assert strokes([{"chalk": "A", "points": 42}]) == [(1, 0)]
    assert strokes([{"chalk": "B", "points": 78}]) == [(0, 1)]


def test_with_41_or_fewer_the_other_team_scores() -> None:
    assert strokes([{"chalk": "A", "points": 41}]) == [(0, 1)]
    assert strokes([{"chalk": "B", "points": 79}]) == [(1, 0)]


def test_the_chalk_goes_to_the_team_that_scored() -> None:
    deals = settle([{"chalk": "A", "points": 30}, {"points": 70}, {"points": 80}, {"points": 50}])
    # A misses 42 and B scores; B keeps it with 50; B has 40, so A scores; A keeps it with 50.
    assert [d["chalk"] for d in deals] == ["B", "B", "A", "A"]
    assert [(d["strokes"]["A"], d["strokes"]["B"]) for d in deals] == [(0, 1), (0, 2), (1, 2), (2, 2)]


def test_the_first_deal_needs_the_team_dealt_the_club_jack() -> None:
    found = problem([{"points": 50}])
    assert (found.deal, found.field) == (1, "chalk")
    assert found.message.startswith("chalk is required on the first deal")


def test_a_later_chalk_corrects_the_holder() -> None:
    deals = settle([{"chalk": "A", "points": 60}, {"chalk": "B", "points": 60}])
    assert [d["chalk"] for d in deals] == ["A", "B"]
    assert deals[1]["strokes"] == {"A": 1, "B": 1}
    assert explanation([{"chalk": "A", "points": 60}, {"chalk": "B", "points": 60}], 2).startswith("Chalk B")


def test_chalk_min_is_an_option() -> None:
    rules = {"preset": "seed", "chalk_min": 61}
    assert strokes([{"chalk": "A", "points": 60}], rules) == [(0, 1)]
    assert strokes([{"chalk": "A", "points": 61}], rules) == [(1, 0)]


# --- Schneider and Schwarz -----------------------------------------------------------------------------------------


def test_91_or_more_is_schneider_for_two_strokes() -> None:
    assert strokes([{"chalk": "A", "points": 91}]) == [(2, 0)]
    assert strokes([{"chalk": "A", "points": 29}]) == [(0, 2)]  # the other team scores, with 91


def test_90_is_one_stroke() -> None:
    assert strokes([{"chalk": "A", "points": 90}]) == [(1, 0)]


def test_120_points_without_schwarz_is_schneider() -> None:
    assert strokes([{"chalk": "A", "points": 120}]) == [(2, 0)]


def test_schwarz_gives_three_strokes() -> None:
    assert strokes([{"chalk": "A", "points": 120, "schwarz": True}]) == [(3, 0)]
    assert strokes([{"chalk": "A", "points": 0, "schwarz": True}]) == [(0, 3)]


def test_schwarz_needs_every_card_point_for_the_scoring_team() -> None:
    found = problem([{"chalk": "A", "points": 100, "schwarz": True}])
    assert found.field == "schwarz"
    assert "(got 100)" in found.message


def test_schwarz_false_is_a_plain_game() -> None:
    assert strokes([{"chalk": "A", "points": 50, "schwarz": False}]) == [(1, 0)]


# --- solos -----------------------------------------------------------------------------------------------------


def solo(player: str, kind: str, won: bool) -> dict[str, Any]:
    return {"player": player, "kind": kind, "won": won}


def test_a_small_solo_won_gives_the_soloists_team_8_strokes() -> None:
    assert strokes([{"chalk": "A", "solo": solo("Bert", "small", True)}]) == [(0, 8)]


def test_a_small_solo_lost_gives_the_other_team_8_strokes() -> None:
    assert strokes([{"chalk": "A", "solo": solo("Caro", "small", False)}]) == [(0, 8)]


def test_a_big_solo_is_worth_12_strokes() -> None:
    assert strokes([{"chalk": "B", "solo": solo("Anna", "big", True)}]) == [(12, 0)]
    assert strokes([{"chalk": "B", "solo": solo("Dieter", "big", False)}]) == [(12, 0)]


def test_solo_strokes_are_options() -> None:
    rules = {"preset": "seed", "small_solo": 5, "big_solo": 10}
    deals: list[dict[str, Any]] = [
        {"chalk": "A", "solo": solo("Anna", "small", True)},
        {"solo": solo("Bert", "big", True)},
    ]
    assert strokes(deals, rules) == [(5, 0), (5, 10)]


def test_a_solo_moves_the_chalk_to_the_team_that_got_the_strokes() -> None:
    deals = settle([{"chalk": "A", "solo": solo("Bert", "small", True)}])
    assert deals[0]["chalk"] == "B"


def test_without_solo_moves_chalk_a_solo_leaves_the_chalk() -> None:
    rules = {"preset": "seed", "solo_moves_chalk": False}
    deals = settle([{"chalk": "A", "solo": solo("Bert", "small", True)}, {"points": 50}], rules)
    assert [d["chalk"] for d in deals] == ["A", "A"]
    assert deals[1]["strokes"] == {"A": 1, "B": 8}


def test_a_solo_deal_reports_the_soloist() -> None:
    result = engine.load(document([{"chalk": "A", "solo": solo("Caro", "big", False)}])).results()[0]
    assert result.outcome.label == "Großes Solo"
    assert result.outcome.declarers == ("Caro",)
    assert result.outcome.marks == ("solo", "lost")
    assert result.value == 12
    assert str(result.outcome.explanation[-1]) == "Strokes B 12"


# --- the Partie ------------------------------------------------------------------------------------------------


def test_the_first_team_to_20_strokes_wins_the_partie() -> None:
    deals = settle([{"chalk": "A", "solo": solo("Anna", "big", True)}, {"solo": solo("Caro", "small", True)}])
    assert deals[0]["deltas"] == dict.fromkeys(PLAYERS, 0)
    assert "partie" not in deals[0]
    assert deals[1]["partie"] == "A"
    assert deals[1]["deltas"] == {"Anna": 1, "Bert": -1, "Caro": 1, "Dieter": -1}
    assert deals[1]["strokes"] == {"A": 0, "B": 0}  # already reset
    assert deals[1]["chalk"] == "A"


def test_strokes_start_again_from_0_and_the_chalk_stays() -> None:
    deals = settle(
        [
            {"chalk": "B", "solo": solo("Bert", "big", True)},
            {"solo": solo("Dieter", "small", True)},
            {"points": 70},
        ]
    )
    assert deals[1]["chalk"] == "B"
    # B keeps the chalk after its Partie and needs 42: it took 50, so B scores from 0.
    assert deals[2]["strokes"] == {"A": 0, "B": 1}
    assert deals[2]["chalk"] == "B"


def test_target_and_partie_value_are_options() -> None:
    deals = settle([{"chalk": "A", "points": 100}, {"points": 100}], {"preset": "seed", "target": 4, "partie_value": 3})
    assert deals[0]["strokes"] == {"A": 2, "B": 0}
    assert deals[1]["partie"] == "A"
    assert deals[1]["deltas"] == {"Anna": 3, "Bert": -3, "Caro": 3, "Dieter": -3}


def test_seats_1_and_3_are_team_a_and_seats_2_and_4_team_b() -> None:
    deals = settle(
        [
            {"chalk": "B", "solo": solo("Dieter", "big", True)},
            {"points": 0, "schwarz": True},
            {"points": 0, "schwarz": True},
            {"points": 0, "schwarz": True},
        ]
    )
    assert deals[-1]["partie"] == "B"
    assert deals[-1]["deltas"] == {"Anna": -1, "Bert": 1, "Caro": -1, "Dieter": 1}


def test_worked_example_chalk_schneider_solo_and_a_won_partie() -> None:
    deals: list[dict[str, Any]] = [
        {"chalk": "A", "points": 50},
        {"points": 30},
        {"points": 45},
        {"points": 100},
        {"solo": solo("Anna", "big", True)},
        {"points": 120, "schwarz": True},
        {"points": 95},
    ]
    assert strokes(deals) == [(1, 0), (1, 1), (1, 2), (3, 2), (15, 2), (18, 2), (0, 0)]
    output: dict[str, Any] = engine.settle(document(deals))
    assert output["totals"] == {"Anna": 1, "Bert": -1, "Caro": 1, "Dieter": -1}
    assert [d["contract"] for d in output["deals"]] == [
        "Spiel",
        "Spiel",
        "Spiel",
        "Spiel Schneider",
        "Großes Solo",
        "Spiel Schwarz",
        "Spiel Schneider",
    ]
    assert explanation(deals, 7) == "Chalk A + A 95 card points + Stroke A 1 + Schneider 1 + Partie A 1"


# --- presets, options and the entry form ---------------------------------------------------------------------------


def test_seed_is_the_default_preset() -> None:
    session = engine.load({"format": "schreiber/1", "game": "bauernstoss", "players": PLAYERS, "deals": []})
    assert session.rules == {
        "preset": "seed",
        "target": 20,
        "small_solo": 8,
        "big_solo": 12,
        "chalk_min": 42,
        "solo_moves_chalk": True,
        "partie_value": 1,
    }


def test_the_entry_form_offers_a_game_and_both_solos() -> None:
    game = new_game()
    assert game.enabled_contracts() == ("game", "small_solo", "big_solo")
    assert set(Bauernstoss.CONTRACT_FIELDS) == set(game.enabled_contracts())
    assert Bauernstoss.CONTRACT_FIELDS["game"] == ("chalk", "points", "schwarz")


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ("classic", "rules"),
        ({"preset": "seed", "strokes": 3}, "rules.strokes"),
        ({"preset": "seed", "target": 0}, "rules.target"),
        ({"preset": "seed", "chalk_min": 121}, "rules.chalk_min"),
        ({"preset": "seed", "chalk_min": 0}, "rules.chalk_min"),
        ({"preset": "seed", "solo_moves_chalk": "yes"}, "rules.solo_moves_chalk"),
        ({"preset": "seed", "partie_value": 0}, "rules.partie_value"),
        ({"preset": "seed", "small_solo": 1.5}, "rules.small_solo"),
    ],
)
def test_unknown_presets_and_bad_options_are_rejected(rules: Any, field: str) -> None:
    found = problem([], rules)
    assert found.field == field
    assert found.message.startswith(field.split(".")[0])


# --- validation ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "field", "text"),
    [
        ({"chalk": "C", "points": 50}, "chalk", "(got 'C')"),
        ({"chalk": "A"}, "points", "points is required"),
        ({"chalk": "A", "points": 121}, "points", "between 0 and 120 (got 121)"),
        ({"chalk": "A", "points": -1}, "points", "(got -1)"),
        ({"chalk": "A", "points": "60"}, "points", "whole number"),
        ({"chalk": "A", "points": 60, "schwarz": "yes"}, "schwarz", "true or false"),
        ({"chalk": "A", "points": 60, "schwarz": True}, "schwarz", "(got 60)"),
        ({"chalk": "A", "points": 60, "kontra": 1}, "kontra", "does not apply"),
        ({"chalk": "A", "solo": "Anna"}, "solo", "must be an object"),
        ({"chalk": "A", "solo": solo("Xaver", "big", True)}, "solo.player", "'Xaver' is not a player"),
        ({"chalk": "A", "solo": {"kind": "big", "won": True}}, "solo.player", "not a player"),
        ({"chalk": "A", "solo": solo("Anna", "huge", True)}, "solo.kind", "small, big (got 'huge')"),
        ({"chalk": "A", "solo": {"player": "Anna", "won": True}}, "solo.kind", "solo.kind is required"),
        ({"chalk": "A", "solo": {"player": "Anna", "kind": "big", "won": "yes"}}, "solo.won", "true or false"),
        ({"chalk": "A", "solo": {"player": ["Anna"], "kind": "big", "won": True}}, "solo.player", "not a player"),
        ({"chalk": "A", "solo": {"player": {}, "kind": "big", "won": True}}, "solo.player", "not a player"),
        ({"chalk": "A", "solo": {"player": "Anna", "kind": "big"}}, "solo.won", "solo.won is required"),
        ({"chalk": "A", "solo": {**solo("Anna", "big", True), "partner": "Caro"}}, "solo.partner", "not a solo field"),
        ({"chalk": "A", "solo": solo("Anna", "big", True), "points": 60}, "points", "points does not apply to a solo"),
        ({"chalk": "A", "solo": solo("Anna", "big", True), "schwarz": True}, "schwarz", "does not apply to a solo"),
    ],
)
def test_impossible_deals_are_rejected_naming_the_field(deal: dict[str, Any], field: str, text: str) -> None:
    found = problem([deal])
    assert (found.deal, found.field) == (1, field)
    assert found.message.startswith(field)
    assert text in found.message


def test_bauernstoss_is_for_exactly_four_players() -> None:
    document = {"format": "schreiber/1", "game": "bauernstoss", "players": [*PLAYERS, "Emil"], "deals": []}
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load(document)
    (found,) = raised.value.problems
    assert (found.deal, found.field) == (None, "players")
    assert "seats 4, got 5" in found.message


def test_an_invalid_deal_changes_neither_strokes_nor_chalk() -> None:
    game = new_game()
    game.score(Facts({"chalk": "A", "points": 50}, TABLE))
    for bad in (
        {"chalk": "B", "points": 100, "schwarz": True},
        {"chalk": "B", "solo": {"player": "Anna", "kind": "big", "won": 1}},
    ):
        with pytest.raises(DealError):
            game.score(Facts(bad, TABLE))
        assert (game.chalk, game.strokes) == ("A", {"A": 1, "B": 0})


def test_every_problem_of_a_session_is_reported() -> None:
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load(document([{"chalk": "A", "points": 50}, {"points": 130}, {"points": 60, "x": 1}])).results()
    assert [(p.deal, p.field) for p in raised.value.problems] == [(2, "points"), (3, "x")]


# --- properties over random sessions -----------------------------------------------------------------------------

RULE_SPREAD = [
    "seed",
    {"preset": "seed", "target": 5},
    {"preset": "seed", "chalk_min": 61, "solo_moves_chalk": False},
    {"preset": "seed", "small_solo": 3, "big_solo": 4, "partie_value": 2, "target": 9},
]


def random_document(seed: int, rules: Any, deals: int = 40) -> dict[str, Any]:
    return random_session("bauernstoss", random.Random(seed), deals, rules=rules)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULE_SPREAD))
def test_deltas_sum_to_zero_and_strokes_stay_below_the_target(seed: int, rules: Any) -> None:
    doc = random_document(seed, rules)
    output: dict[str, Any] = engine.settle(doc)
    target = engine.load(doc).rules["target"]
    for deal in output["deals"]:
        assert sum(deal["deltas"].values()) == 0
        assert deal["pot"] == 0
        assert all(0 <= n < target for n in deal["strokes"].values())
        assert deal["chalk"] in ("A", "B")
        assert (deal["deltas"]["Anna"] != 0) == ("partie" in deal)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULE_SPREAD))
def test_replaying_twice_gives_identical_output(seed: int, rules: Any) -> None:
    doc = random_document(seed, rules)
    assert engine.settle(doc) == engine.settle(doc)


def mutations(deal: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Invalid versions of a valid deal, each with the field its error must name."""
    bad: list[tuple[dict[str, Any], str]] = [({**deal, "chalk": "C"}, "chalk"), ({**deal, "knocks": 1}, "knocks")]
    if "solo" in deal:
        bad += [
            ({**deal, "solo": {**deal["solo"], "player": "Xaver"}}, "solo.player"),
            ({**deal, "solo": {**deal["solo"], "kind": "medium"}}, "solo.kind"),
            ({**deal, "solo": {**deal["solo"], "won": None}}, "solo.won"),
            ({**deal, "points": 60}, "points"),
        ]
    else:
        bad += [
            ({**deal, "points": 121}, "points"),
            ({**deal, "points": -5}, "points"),
            ({k: v for k, v in deal.items() if k != "points"}, "points"),
            ({**deal, "points": 55, "schwarz": True}, "schwarz"),
        ]
    return bad


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULE_SPREAD), st.data())
def test_invalid_mutations_are_rejected_naming_the_field(seed: int, rules: Any, data: st.DataObject) -> None:
    doc = random_document(seed, rules, 12)
    index = data.draw(st.integers(0, len(doc["deals"]) - 1))
    deal, field = data.draw(st.sampled_from(mutations(doc["deals"][index])))
    doc["deals"][index] = deal
    assert_rejected_naming(doc, index + 1, field)
