"""Sheepshead: picks, alone, the three payoff tables, cracks, blitzes, leasters and the doubler queue."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.deal import Facts, Table
from scorekeeper.engine.errors import DealError
from scorekeeper.engine.options import Choice, resolve
from scorekeeper.engine.samples import random_session
from scorekeeper.engine.sheepshead import Sheepshead

from .properties import assert_rejected_naming

PLAYERS = ["Anna", "Bert", "Caro", "Dieter", "Emil"]
SIX = [*PLAYERS, "Franzi"]
SEVEN = [*SIX, "Gustl"]
EIGHT = [*SEVEN, "Hans"]


def document(deals: list[dict[str, Any]], rules: Any = "seed", players: list[str] | None = None) -> dict[str, Any]:
    return {
        "format": "schreiber/1",
        "game": "sheepshead",
        "rules": rules,
        "players": players or PLAYERS,
        "deals": deals,
    }


def results(deals: list[dict[str, Any]], rules: Any = "seed", players: list[str] | None = None) -> list[Any]:
    return engine.load(document(deals, rules, players)).results()


def deltas(deals: list[dict[str, Any]], rules: Any = "seed", players: list[str] | None = None) -> list[dict[str, int]]:
    return [r.deltas for r in results(deals, rules, players)]


def one(deal: dict[str, Any], rules: Any = "seed") -> dict[str, int]:
    return deltas([deal], rules)[0]


def problem(deals: list[dict[str, Any]], rules: Any = "seed", players: list[str] | None = None) -> engine.Problem:
    """The first problem of an invalid session."""
    with pytest.raises(engine.InvalidSession) as raised:
        results(deals, rules, players)
    return raised.value.problems[0]


def pick(points: int, partner: str | None = "Caro", **more: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {"type": "pick", "picker": "Anna", "points": points, **more}
    if partner is not None:
        deal["partner"] = partner
    return deal


def paid(picker: int, partner: int, defender: int) -> dict[str, int]:
    """Deltas of Anna picking with Caro as partner."""
    return {"Anna": picker, "Bert": defender, "Caro": partner, "Dieter": defender, "Emil": defender}


def leaster(points: list[int], tricks: list[int], **more: Any) -> dict[str, Any]:
    return {
        "type": "leaster",
        "points_by_player": dict(zip(PLAYERS, points, strict=True)),
        "tricks_by_player": dict(zip(PLAYERS, tricks, strict=True)),
        **more,
    }


# --- the payoff tables -------------------------------------------------------------------------------------------

# (points, schwarz) for each band of the rules page, best first.
BAND_DEALS = [(120, True), (95, False), (75, False), (45, False), (25, False), (0, True)]
TABLE_ROWS = {
    "seed": [(6, 3, -3), (4, 2, -2), (2, 1, -1), (-2, -1, 1), (-4, -2, 2), (-12, -6, 6)],
    "standard": [(6, 3, -3), (4, 2, -2), (2, 1, -1), (-2, -1, 1), (-4, -2, 2), (-6, -3, 3)],
    "double_on_the_bump": [(6, 3, -3), (4, 2, -2), (2, 1, -1), (-4, -2, 2), (-8, -4, 4), (-12, -6, 6)],
    "2-4-8": [(8, 4, -4), (4, 2, -2), (2, 1, -1), (-4, -2, 2), (-8, -4, 4), (-16, -8, 8)],
}


@pytest.mark.parametrize("table", list(TABLE_ROWS))
@pytest.mark.parametrize("band", range(6))
def test_each_band_pays_picker_partner_and_each_defender_from_the_table(table: str, band: int) -> None:
    points, schwarz = BAND_DEALS[band]
    deal = pick(points, schwarz=True) if schwarz else pick(points)
    assert one(deal, {"preset": "seed", "table": table}) == paid(*TABLE_ROWS[table][band])


@pytest.mark.parametrize(
    ("points", "row"),
    [(91, (4, 2, -2)), (90, (2, 1, -1)), (61, (2, 1, -1)), (31, (-2, -1, 1)), (30, (-4, -2, 2))],
)
def test_band_edges(points: int, row: tuple[int, int, int]) -> None:
    assert one(pick(points)) == paid(*row)


def test_sixty_to_sixty_loses_for_the_picker() -> None:
    assert one(pick(60)) == paid(-2, -1, 1)


def test_120_points_without_schwarz_is_the_91_to_120_band() -> None:
    assert one(pick(120)) == paid(4, 2, -2)


def test_0_points_with_a_trick_is_the_0_to_30_band() -> None:
    assert one(pick(0)) == paid(-4, -2, 2)


HOUSE_RULE_DEFAULTS = {"players": 5, "tie_doubles_next": False, "leaster_tie": "nobody", "no_trick_partner": "pays"}


def test_seed_preset_is_five_handed_with_the_seed_table_and_leasters() -> None:
    session = engine.load({"format": "schreiber/1", "game": "sheepshead", "players": PLAYERS, "deals": []})
    assert session.rules == {"preset": "seed", "table": "seed", "pass_out": "leaster", **HOUSE_RULE_DEFAULTS}
    assert session.seats == 5


def test_presets_name_their_table_and_pass_out() -> None:
    assert Sheepshead.rule_presets["standard"] == {"table": "standard", "pass_out": "leaster", **HOUSE_RULE_DEFAULTS}
    assert Sheepshead.rule_presets["wisconsin"] == {
        "table": "double_on_the_bump",
        "pass_out": "doubler",
        **HOUSE_RULE_DEFAULTS,
    }


# --- alone -------------------------------------------------------------------------------------------------------


def test_alone_the_picker_gets_twice_the_picker_column() -> None:
    assert one(pick(70, partner=None)) == {"Anna": 4, "Bert": -1, "Caro": -1, "Dieter": -1, "Emil": -1}


def test_alone_losing_doubles_the_picker_loss_too() -> None:
    assert one(pick(0, partner=None, schwarz=True)) == {"Anna": -24, "Bert": 6, "Caro": 6, "Dieter": 6, "Emil": 6}


def test_a_null_partner_is_alone() -> None:
    assert one({**pick(70, partner=None), "partner": None}) == one(pick(70, partner=None))


def test_alone_is_labelled_and_marked() -> None:
    outcome = results([pick(95, partner=None)])[0].outcome
    assert outcome.label == "Alone"
    assert outcome.marks == ("won", "schneider", "alone")
    assert outcome.declarers == ("Anna",)


# --- multipliers -------------------------------------------------------------------------------------------------


def test_a_crack_doubles_and_a_re_crack_doubles_again() -> None:
    assert one(pick(70, cracks=1)) == paid(4, 2, -2)
    assert one(pick(70, cracks=2)) == paid(8, 4, -4)


def test_each_blitz_doubles() -> None:
    assert one(pick(70, blitz=1)) == paid(4, 2, -2)
    assert one(pick(70, blitz=2, cracks=1)) == paid(16, 8, -8)


def test_value_and_multiplier_and_explanation() -> None:
    result = results([pick(25, cracks=2, blitz=1)], "standard")[0]
    assert (result.value, result.multiplier) == (16, 8)
    assert (
        " + ".join(map(str, result.explanation)) == "Picker side 25 points (0–30) 2 + Crack ×2 + Re-crack ×2 + Blitz ×2"
    )
    assert result.outcome.marks == ("lost", "schneider", "cracks:2", "blitz:1")
    assert result.outcome.declarers == ("Anna", "Caro")
    assert result.outcome.label == "Pick"


# --- leaster -----------------------------------------------------------------------------------------------------


def test_leaster_fewest_points_with_a_trick_wins() -> None:
    deal = leaster([12, 0, 40, 30, 38], [1, 0, 2, 1, 2])
    assert one(deal) == {"Anna": 4, "Bert": -1, "Caro": -1, "Dieter": -1, "Emil": -1}


def test_leaster_a_player_without_a_trick_cannot_win() -> None:
    deal = leaster([0, 0, 60, 30, 30], [1, 0, 3, 1, 1])
    assert one(deal) == {"Anna": 4, "Bert": -1, "Caro": -1, "Dieter": -1, "Emil": -1}


def test_leaster_a_tie_for_fewest_scores_nothing() -> None:
    result = results([leaster([10, 10, 40, 30, 30], [1, 1, 2, 1, 1])])[0]
    assert result.deltas == dict.fromkeys(PLAYERS, 0)
    assert "tie" in result.outcome.marks


def test_leaster_blitz_doubles() -> None:
    assert one(leaster([12, 0, 40, 30, 38], [1, 0, 2, 1, 2], blitz=1))["Anna"] == 8


def test_leaster_is_the_default_pass_out() -> None:
    assert Sheepshead(
        resolve("seed", Sheepshead.rule_presets, Sheepshead.rule_schema, "rules"), None
    ).enabled_contracts() == ("leaster", "pick")


# --- doubler ------------------------------------------------------------------------------------------------------


def test_doubler_the_next_hand_counts_double() -> None:
    assert deltas([{"type": "doubler"}, pick(70)], "wisconsin") == [dict.fromkeys(PLAYERS, 0), paid(4, 2, -2)]


def test_doublers_queue_up_and_double_each_of_the_next_hands_once() -> None:
    hands = [{"type": "doubler"}] * 3 + [pick(70)] * 4
    assert [d["Anna"] for d in deltas(hands, "wisconsin")] == [0, 0, 0, 4, 4, 4, 2]


def test_a_doubler_deal_moves_the_deal_on() -> None:
    assert [r.dealer for r in results([{"type": "doubler"}, pick(70)], "wisconsin")] == ["Anna", "Bert"]


def test_doubler_multiplies_with_cracks_and_is_marked() -> None:
    result = results([{"type": "doubler"}, pick(70, cracks=1)], "wisconsin")[1]
    assert result.multiplier == 4
    assert result.outcome.marks == ("won", "cracks:1", "doubled")


def test_doubler_pass_out_can_be_chosen_for_any_table() -> None:
    rules = {"preset": "seed", "pass_out": "doubler"}
    assert deltas([{"type": "doubler"}, pick(0, schwarz=True)], rules)[1] == paid(-24, -12, 12)


def test_the_wisconsin_entry_form_offers_doubler_and_pick() -> None:
    game = Sheepshead(resolve("wisconsin", Sheepshead.rule_presets, Sheepshead.rule_schema, "rules"), None)
    assert game.enabled_contracts() == ("doubler", "pick")
    assert Sheepshead.CONTRACT_FIELDS["doubler"] == ()
    assert set(Sheepshead.CONTRACT_FIELDS) == {"pick", "leaster", "doubler"}


# --- six at the table --------------------------------------------------------------------------------------------


def test_six_at_the_table_the_dealer_sits_out_and_scores_0() -> None:
    deal = {"type": "pick", "picker": "Bert", "partner": "Dieter", "points": 80}
    assert deltas([deal], players=SIX) == [{"Anna": 0, "Bert": 2, "Caro": -1, "Dieter": 1, "Emil": -1, "Franzi": -1}]


def test_six_at_the_table_the_dealer_cannot_pick() -> None:
    found = problem([{"type": "pick", "picker": "Anna", "points": 80}], players=SIX)
    assert found.field == "picker"
    assert "sits out" in found.message


def test_six_at_the_table_a_leaster_has_five_players() -> None:
    points = {"Bert": 10, "Caro": 20, "Dieter": 30, "Emil": 30, "Franzi": 30}
    tricks = {"Bert": 1, "Caro": 1, "Dieter": 2, "Emil": 1, "Franzi": 1}
    deal = {"type": "leaster", "points_by_player": points, "tricks_by_player": tricks}
    assert deltas([deal], players=SIX)[0] == {"Anna": 0, "Bert": 4, "Caro": -1, "Dieter": -1, "Emil": -1, "Franzi": -1}


def test_four_players_are_too_few() -> None:
    assert problem([], players=PLAYERS[:4]).field == "players"


# --- tables of seven and eight, four and three --------------------------------------------------------------------


def test_seven_and_eight_sit_out_the_dealer_and_the_players_just_before_him() -> None:
    caro_picks = {"type": "pick", "picker": "Caro", "partner": "Dieter", "points": 70}
    seven = results([caro_picks, caro_picks], players=SEVEN)
    assert [r.sitting_out for r in seven] == [("Anna", "Gustl"), ("Bert", "Anna")]
    eight = results([{"type": "pick", "picker": "Bert", "points": 70}], players=EIGHT)
    assert eight[0].sitting_out == ("Anna", "Hans", "Gustl")
    assert problem([pick(70)], players=SEVEN).field == "picker"
    assert problem([], players=[*EIGHT, "Ida"]).field == "players"


FOUR_HANDED = {"preset": "seed", "players": 4}
THREE_HANDED = {"preset": "standard", "players": 3}


def test_four_handed_the_partner_and_the_picker_each_get_one_share() -> None:
    assert deltas([pick(75)], FOUR_HANDED, PLAYERS[:4]) == [{"Anna": 1, "Bert": -1, "Caro": 1, "Dieter": -1}]
    assert deltas([pick(75, partner=None)], FOUR_HANDED, PLAYERS[:4]) == [
        {"Anna": 3, "Bert": -1, "Caro": -1, "Dieter": -1}
    ]
    assert problem([], FOUR_HANDED, PLAYERS).field == "players"


def test_three_handed_the_picker_always_plays_alone() -> None:
    assert deltas([pick(75, partner=None)], THREE_HANDED, PLAYERS[:3]) == [{"Anna": 2, "Bert": -1, "Caro": -1}]
    found = problem([pick(75, partner="Bert")], THREE_HANDED, PLAYERS[:3])
    assert (found.field, found.message) == ("partner", "partner: three-handed the picker always plays alone (got Bert)")
    game = engine.load(document([], THREE_HANDED, PLAYERS[:3])).new_game()
    assert "partner" not in game.fields_for("pick")


def test_smaller_tables_have_more_tricks_in_a_leaster() -> None:
    four = {"type": "leaster", "points_by_player": dict(zip(PLAYERS[:4], [10, 20, 40, 50], strict=True))}
    four["tricks_by_player"] = dict(zip(PLAYERS[:4], [1, 1, 2, 3], strict=True))  # seven tricks
    assert deltas([four], FOUR_HANDED, PLAYERS[:4])[0]["Anna"] == 3
    four["tricks_by_player"] = dict(zip(PLAYERS[:4], [1, 1, 2, 2], strict=True))
    assert problem([four], FOUR_HANDED, PLAYERS[:4]).field == "tricks_by_player"


# --- 60:60 doubles the next hand ----------------------------------------------------------------------------------

TIE_DOUBLES = {"preset": "seed", "tie_doubles_next": True}


def test_sixty_loses_and_doubles_the_next_played_hand() -> None:
    scored = results([pick(60), pick(75)], TIE_DOUBLES)
    assert [r.deltas for r in scored] == [paid(-2, -1, 1), paid(4, 2, -2)]
    assert "doubles_next" in scored[0].outcome.marks
    assert [d["Anna"] for d in deltas([pick(59), pick(75)], TIE_DOUBLES)] == [-2, 2]
    assert [d["Anna"] for d in deltas([pick(61), pick(75)], TIE_DOUBLES)] == [2, 2]
    assert [d["Anna"] for d in deltas([pick(60), pick(75)])] == [-2, 2]  # off by default


def test_sixty_followed_by_a_crack_doubles_both_ways() -> None:
    assert deltas([pick(60), pick(80, cracks=1), pick(80)], TIE_DOUBLES)[1:] == [paid(8, 4, -4), paid(2, 1, -1)]


def test_a_doubled_sixty_still_adds_its_own_doubler() -> None:
    hands = [pick(60), pick(60), pick(75), pick(75)]
    assert [d["Anna"] for d in deltas(hands, TIE_DOUBLES)] == [-2, -4, 4, 2]


def test_sixty_in_a_leaster_game_doubles_the_next_leaster_too() -> None:
    assert deltas([pick(60), {"type": "leaster", "winner": "Bert"}], TIE_DOUBLES)[1]["Bert"] == 8


# --- leaster: by its winner, ties ---------------------------------------------------------------------------------


def test_a_leaster_recorded_by_its_winner() -> None:
    assert one({"type": "leaster", "winner": "Dieter"}) == {"Anna": -1, "Bert": -1, "Caro": -1, "Dieter": 4, "Emil": -1}
    tied = results([{"type": "leaster", "winner": None}])[0]
    assert tied.deltas == dict.fromkeys(PLAYERS, 0)
    assert "tie" in tied.outcome.marks
    assert one({"type": "leaster", "winner": "Dieter", "blitz": 1})["Dieter"] == 8


def test_a_leaster_recorded_by_its_points_needs_no_tricks_without_a_tie() -> None:
    points = {"type": "leaster", "points_by_player": dict(zip(PLAYERS, [12, 0, 40, 30, 38], strict=True))}
    assert one(points)["Anna"] == 4  # Bert has no card point: without tricks he took no trick


FEWER_TRICKS = {"preset": "seed", "leaster_tie": "fewer_tricks"}


def test_leaster_tie_on_points_goes_to_fewer_tricks() -> None:
    assert one(leaster([10, 10, 40, 30, 30], [1, 2, 1, 1, 1]), FEWER_TRICKS)["Anna"] == 4
    assert one(leaster([10, 10, 40, 30, 30], [2, 1, 1, 1, 1]), FEWER_TRICKS)["Bert"] == 4


def test_leaster_tie_on_points_and_tricks_scores_nothing() -> None:
    assert one(leaster([20, 20, 30, 30, 20], [1, 1, 2, 1, 1]), FEWER_TRICKS) == dict.fromkeys(PLAYERS, 0)
    assert one(leaster([10, 10, 40, 30, 30], [1, 2, 1, 1, 1])) == dict.fromkeys(PLAYERS, 0)  # nobody: the default


def test_leaster_tie_needs_the_tricks_under_fewer_tricks() -> None:
    deal = {"type": "leaster", "points_by_player": dict(zip(PLAYERS, [10, 10, 40, 30, 30], strict=True))}
    found = problem([deal], FEWER_TRICKS)
    assert found.field == "tricks_by_player"
    assert "Anna and Bert tie for fewest with 10 points" in found.message
    assert one({"type": "leaster", "winner": "Emil"}, FEWER_TRICKS)["Emil"] == 4  # by its winner: as written


# --- the partner of a picker's side without a trick ----------------------------------------------------------------

FREE = {"preset": "standard", "no_trick_partner": "free"}


def test_no_trick_partner_free_the_picker_pays_the_partners_share() -> None:
    scored = results([pick(0, schwarz=True)], FREE)[0]
    assert scored.deltas == paid(-9, 0, 3)
    assert deltas([pick(20)], FREE) == [paid(-4, -2, 2)]  # a trick taken: as usual
    assert deltas([pick(0, partner=None, schwarz=True)], FREE) == [{"Anna": -12, **dict.fromkeys(PLAYERS[1:], 3)}]
    four = deltas([pick(0, schwarz=True)], FREE | {"players": 4}, PLAYERS[:4])
    assert four == [{"Anna": -6, "Bert": 3, "Caro": 0, "Dieter": 3}]


# --- validation -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "field", "text"),
    [
        ({}, "type", "type is required"),
        ({"type": "solo"}, "type", "(got 'solo')"),
        ({"type": "doubler"}, "type", "not played under these rules"),
        ({"type": "pick", "points": 70}, "picker", "picker is required"),
        (pick(70, partner="Anna"), "partner", "other than the picker"),
        (pick(70, partner="Xaver"), "partner", "not a player"),
        ({**pick(70), "picker": "Xaver"}, "picker", "'Xaver' is not a player"),
        ({"type": "pick", "picker": "Anna"}, "points", "points is required for a pick"),
        (pick(121), "points", "between 0 and 120 (got 121)"),
        (pick(-1), "points", "(got -1)"),
        (pick(70, schwarz=True), "schwarz", "only possible with 0 or 120 points (got 70)"),
        (pick(70, schwarz="no"), "schwarz", "true or false"),
        (pick(70, cracks=3), "cracks", "between 0 and 2 (got 3)"),
        (pick(70, blitz=3), "blitz", "between 0 and 2 (got 3)"),
        (pick(70, kontra=1), "kontra", "does not apply to a pick"),
        (pick(70, points_by_player={}), "points_by_player", "does not apply to a pick"),
        (leaster([12, 0, 40, 30, 48], [1, 0, 2, 1, 2]), "points_by_player", "add up to 120 (got 130)"),
        (leaster([12, 0, 40, 30, 38], [1, 0, 2, 1, 1]), "tricks_by_player", "add up to 6 (got 5)"),
        (leaster([12, 10, 40, 30, 28], [1, 0, 2, 1, 2]), "points_by_player", "Bert took no trick"),
        ({**leaster([12, 0, 40, 30, 38], [1, 0, 2, 1, 2]), "cracks": 1}, "cracks", "does not apply to a leaster"),
        ({**leaster([12, 0, 40, 30, 38], [1, 0, 2, 1, 2]), "picker": "Anna"}, "picker", "does not apply"),
        ({"type": "leaster", "points_by_player": {"Anna": 120}}, "points_by_player", "missing"),
        (
            {
                "type": "leaster",
                "points_by_player": dict(zip(PLAYERS, [12, 0, 40, 30, 38], strict=True)),
                "winner": "Bert",
            },
            "winner",
            "winner: give either the winner or points_by_player",
        ),
        (
            {"type": "leaster", "winner": "Nobody"},
            "winner",
            "winner: 'Nobody' is not a player of this session",
        ),
    ],
)
def test_impossible_hands_are_rejected_naming_the_field(deal: dict[str, Any], field: str, text: str) -> None:
    found = problem([deal])
    assert (found.deal, found.field) == (1, field)
    assert found.message.startswith(field)
    assert text in found.message


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        (leaster([12, 0, 40, 30, 38], [1, 0, 2, 1, 2]), "type"),
        ({"type": "doubler", "points": 70}, "points"),
    ],
)
def test_wisconsin_rejects_a_leaster_and_a_doubler_with_a_score(deal: dict[str, Any], field: str) -> None:
    assert problem([deal], "wisconsin").field == field


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ("classic", "rules"),
        ({"preset": "seed", "table": "book"}, "rules.table"),
        ({"preset": "seed", "pass_out": "redeal"}, "rules.pass_out"),
        ({"preset": "seed", "partner": "called_ace"}, "rules.partner"),
    ],
)
def test_unknown_presets_and_options_are_rejected(rules: Any, field: str) -> None:
    found = problem([], rules)
    assert found.field == field
    assert found.message.startswith(field.split(".")[0])


def test_an_invalid_hand_does_not_use_up_a_doubler() -> None:
    game = Sheepshead(resolve("wisconsin", Sheepshead.rule_presets, Sheepshead.rule_schema, "rules"), None)
    table = Table(1, "Anna", tuple(PLAYERS), tuple(PLAYERS), (), 0)
    game.score(Facts({"type": "doubler"}, table))
    with pytest.raises(DealError):
        game.score(Facts(pick(70, cracks=5), table))
    assert game.pending_doublers == 1
    assert game.score(Facts(pick(70), table)).multiplier == 2


# --- properties over random sessions -----------------------------------------------------------------------------

TABLES: dict[int, list[list[str]]] = {5: [PLAYERS, SIX, SEVEN, EIGHT], 4: [PLAYERS[:4]], 3: [PLAYERS[:3]]}


@st.composite
def rules_and_table(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    """A preset with any of the options overridden, and a table that fits it."""
    rules: dict[str, Any] = {"preset": draw(st.sampled_from(list(Sheepshead.rule_presets)))}
    for option, validator in Sheepshead.rule_schema.items():
        if draw(st.booleans()):
            rules[option] = draw(st.sampled_from(validator.choices) if isinstance(validator, Choice) else st.booleans())
    return rules, draw(st.sampled_from(TABLES[rules.get("players", 5)]))


def random_document(seed: int, rules: Any, deals: int = 40, players: list[str] | None = None) -> dict[str, Any]:
    return random_session("sheepshead", random.Random(seed), deals, rules=rules, players=players)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), rules_and_table())
def test_every_hand_sums_to_zero_and_whoever_sits_out_scores_nothing(
    seed: int, setup: tuple[dict[str, Any], list[str]]
) -> None:
    rules, players = setup
    output: dict[str, Any] = engine.settle(random_document(seed, rules, players=players))
    seats = rules.get("players", 5)
    for deal in output["deals"]:
        assert sum(deal["deltas"].values()) == 0
        assert deal["pot"] == 0
        dealer = players.index(deal["dealer"])
        sitting_out = [players[(dealer - i) % len(players)] for i in range(len(players) - seats)]
        assert all(deal["deltas"][name] == 0 for name in sitting_out)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), rules_and_table())
def test_replaying_twice_gives_identical_output(seed: int, setup: tuple[dict[str, Any], list[str]]) -> None:
    rules, players = setup
    doc = random_document(seed, rules, players=players)
    assert engine.settle(doc) == engine.settle(json.loads(json.dumps(doc)))


def mutations(deal: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Invalid versions of a valid hand, each with the field its error must name."""
    bad: list[tuple[dict[str, Any], str]] = [({**deal, "type": "ramsch"}, "type"), ({**deal, "knocks": 1}, "knocks")]
    if deal["type"] == "pick":
        bad += [
            ({**deal, "points": 121}, "points"),
            ({**deal, "points": 77, "schwarz": True}, "schwarz"),
            ({**deal, "partner": deal["picker"]}, "partner"),
            ({**deal, "picker": "Xaver"}, "picker"),
            ({**deal, "cracks": 3}, "cracks"),
            ({k: v for k, v in deal.items() if k != "points"}, "points"),
        ]
    elif "winner" in deal:
        bad += [({**deal, "winner": "Xaver"}, "winner"), ({**deal, "points_by_player": {"Anna": 120}}, "winner")]
    elif deal["type"] == "leaster":
        first = next(iter(deal["points_by_player"]))
        bad += [
            ({**deal, "points_by_player": {**deal["points_by_player"], first: 200}}, "points_by_player"),
            ({**deal, "tricks_by_player": {**deal["tricks_by_player"], first: 11}}, "tricks_by_player"),
            ({**deal, "cracks": 1}, "cracks"),
        ]
    else:
        bad.append(({**deal, "picker": "Anna"}, "picker"))
    return bad


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), rules_and_table(), st.data())
def test_invalid_mutations_are_rejected_naming_the_field(
    seed: int, setup: tuple[dict[str, Any], list[str]], data: st.DataObject
) -> None:
    rules, players = setup
    doc = random_document(seed, rules, 12, players=players)
    index = data.draw(st.integers(0, len(doc["deals"]) - 1))
    deal, field = data.draw(st.sampled_from(mutations(doc["deals"][index])))
    doc["deals"][index] = deal
    assert_rejected_naming(doc, index + 1, field)
