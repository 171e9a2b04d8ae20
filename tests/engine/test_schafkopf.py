"""Schafkopf: every contract, tariff preset, rule-set preset and option, the worked example and validation."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.samples import random_session
from scorekeeper.engine.schafkopf import (
    CONTRACT_OPTIONS,
    CONTRACTS,
    JUNGFRAU_RULES,
    PARTNER_CONTRACTS,
    RUNNER_CONTRACTS,
    TARIFF_PRESETS,
    TRUMP_COUNTS,
    Schafkopf,
)
from scorekeeper.engine.session import DealResult

from .properties import assert_rejected_naming

FOUR = ["Anna", "Bert", "Caro", "Dieter"]
FIVE = [*FOUR, "Emil"]
THREE = ["Anna", "Bert", "Caro"]


def document(
    deals: list[dict[str, Any]], rules: Any = "classic", tariff: Any = "classic", **extra: Any
) -> dict[str, Any]:
    players = extra.pop("players", THREE if rules == "three" else FOUR)
    return {
        "format": "schreiber/1",
        "game": "schafkopf",
        "rules": rules,
        "tariff": tariff,
        "players": players,
        "deals": deals,
        **extra,
    }


def results(
    deals: list[dict[str, Any]], rules: Any = "classic", tariff: Any = "classic", **extra: Any
) -> list[DealResult]:
    return engine.load(document(deals, rules, tariff, **extra)).results()


def result(deal: dict[str, Any], rules: Any = "classic", tariff: Any = "classic", **extra: Any) -> DealResult:
    (only,) = results([deal], rules, tariff, **extra)
    return only


def deltas(deal: dict[str, Any], rules: Any = "classic", tariff: Any = "classic", **extra: Any) -> list[int]:
    """The deal's deltas in seat order."""
    scored = result(deal, rules, tariff, **extra)
    return list(scored.deltas.values())


def problem(
    deals: list[dict[str, Any]] | dict[str, Any], rules: Any = "classic", tariff: Any = "classic", **extra: Any
) -> engine.Problem:
    """The single problem of a session whose (last) deal is invalid."""
    with pytest.raises(engine.InvalidSession) as raised:
        results(deals if isinstance(deals, list) else [deals], rules, tariff, **extra)
    (found,) = raised.value.problems
    assert found.message.startswith(found.field), found.message
    return found


def header_problem(rules: Any = "classic", tariff: Any = "classic", players: list[str] = FOUR) -> engine.Problem:
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load(document([], rules, tariff, players=players))
    (found,) = raised.value.problems
    return found


def sauspiel(points: int, declarer: str = "Anna", partner: str = "Caro", **more: Any) -> dict[str, Any]:
    return {
        "contract": "sauspiel",
        "suit": "eichel",
        "declarer": declarer,
        "partner": partner,
        "points": points,
        **more,
    }


def solo(points: int, suit: str = "gras", declarer: str = "Anna", **more: Any) -> dict[str, Any]:
    return {"contract": "solo", "suit": suit, "declarer": declarer, "points": points, **more}


PASSED = {"contract": "passed"}


# --- winning, Schneider, Schwarz ------------------------------------------------------------------------------


def test_sixty_one_wins_and_sixty_to_sixty_goes_to_the_defenders() -> None:
    assert deltas(sauspiel(61)) == [1, -1, 1, -1]
    assert deltas(sauspiel(60)) == [-1, 1, -1, 1]


def test_schneider_when_the_losing_side_has_thirty_or_less() -> None:
    assert deltas(sauspiel(91)) == [2, -2, 2, -2]
    assert deltas(sauspiel(90)) == [1, -1, 1, -1]
    assert deltas(sauspiel(31)) == [-1, 1, -1, 1]
    assert deltas(sauspiel(30)) == [-2, 2, -2, 2]


def test_schwarz_counts_for_whichever_side_wins_and_implies_schneider() -> None:
    assert deltas(sauspiel(120, schwarz=True)) == [3, -3, 3, -3]
    assert deltas(sauspiel(0, schwarz=True)) == [-3, 3, -3, 3]
    assert deltas(sauspiel(120)) == [2, -2, 2, -2]  # all points, but the defenders took a trick


def test_solo_contracts_settle_one_against_three() -> None:
    assert deltas(solo(61)) == [6, -2, -2, -2]
    assert deltas(solo(60)) == [-6, 2, 2, 2]


# --- runners --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "counted_from"),
    [("sauspiel", 3), ("hochzeit", 3), ("solo", 3), ("farbwenz", 3), ("farbgeier", 3), ("wenz", 2), ("geier", 2)],
)
def test_runners_count_only_from_the_contracts_minimum(contract: str, counted_from: int) -> None:
    rules = {"preset": "classic", "contracts": list(CONTRACT_OPTIONS)}
    deal: dict[str, Any] = {"contract": contract, "declarer": "Anna", "points": 70}
    if contract in PARTNER_CONTRACTS:
        deal["partner"] = "Bert"
    if contract in ("solo", "farbwenz", "farbgeier"):
        deal["suit"] = "eichel"
    base = result(deal, rules, "10/20/50").value
    assert result(deal | {"runners": counted_from - 1}, rules, "10/20/50").value == base
    assert result(deal | {"runners": counted_from}, rules, "10/20/50").value == base + 10 * counted_from


def test_runners_are_paid_to_the_winner_whoever_held_them() -> None:
    assert deltas(sauspiel(0, schwarz=True, runners=3)) == [-6, 6, -6, 6]  # golden: held by the defenders
    assert deltas(sauspiel(75, runners=4)) == [5, -5, 5, -5]


@pytest.mark.parametrize(
    ("deck", "contract", "trumps"),
    [
        (32, "solo", 14),
        (32, "wenz", 4),
        (32, "farbwenz", 11),
        (24, "sauspiel", 12),
        (24, "geier", 4),
        (24, "farbgeier", 9),
        (20, "solo", 11),
        (20, "wenz", 4),
        (20, "farbwenz", 8),
    ],
)
def test_runners_above_the_contracts_trump_count_are_invalid(deck: int, contract: str, trumps: int) -> None:
    rules = {"preset": "classic", "deck": deck, "contracts": list(CONTRACT_OPTIONS)}
    deal: dict[str, Any] = {"contract": contract, "declarer": "Anna", "points": 70}
    if contract == "sauspiel":
        deal["partner"] = "Bert"
    if contract in ("solo", "farbwenz", "farbgeier"):
        deal["suit"] = "schellen"
    assert result(deal | {"runners": trumps}, rules).value > 0
    found = problem(deal | {"runners": trumps + 1}, rules)
    assert found.field == "runners"
    assert f"only {trumps} trumps" in found.message


# --- contracts ------------------------------------------------------------------------------------------------


def test_the_worked_example_of_the_rules_page() -> None:
    deal = {
        "contract": "sauspiel",
        "suit": "gras",
        "declarer": "Anna",
        "partner": "Caro",
        "points": 95,
        "runners": 3,
        "kontra": 2,
    }
    scored = result(deal, "classic", "10/20/50")
    assert scored.value == 240
    assert scored.multiplier == 4
    assert list(scored.deltas.values()) == [240, -240, 240, -240]
    assert scored.outcome.label == "Sauspiel (Gras)"
    assert " + ".join(map(str, scored.explanation)) == (
        "Sauspiel (Gras) 20 + Schneider 10 + 3 Laufende 30 + Kontra ×2 + Re ×2"
    )
    assert scored.outcome.declarers == ("Anna", "Caro")
    assert set(scored.outcome.marks) >= {"won", "schneider", "runners:3", "doubled", "kontra:2"}


def test_the_called_ace_is_optional_and_never_herz() -> None:
    assert result({"contract": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": 70}).outcome.label == (
        "Sauspiel"
    )
    found = problem(sauspiel(70, suit="herz"))
    assert found.field == "suit"
    assert "never Herz" in found.message


def test_hochzeit_is_a_partner_game() -> None:
    rules = {"preset": "classic", "contracts": ["sauspiel", "hochzeit"]}
    scored = result({"contract": "hochzeit", "declarer": "Bert", "partner": "Dieter", "points": 95}, rules, "10/20/50")
    assert list(scored.deltas.values()) == [-30, 30, -30, 30]
    assert scored.outcome.label == "Hochzeit"


@pytest.mark.parametrize(
    ("deal", "label", "value"),
    [
        ({"contract": "wenz"}, "Wenz", 50),
        ({"contract": "geier"}, "Geier", 50),
        ({"contract": "solo", "suit": "eichel"}, "Eichel-Solo", 50),
        ({"contract": "solo", "suit": "herz"}, "Herz-Solo", 50),
        ({"contract": "farbwenz", "suit": "gras"}, "Farbwenz (Gras)", 50),
        ({"contract": "farbgeier", "suit": "schellen"}, "Farbgeier (Schellen)", 50),
    ],
)
def test_every_solo_type_contract(deal: dict[str, Any], label: str, value: int) -> None:
    rules = {"preset": "classic", "contracts": list(CONTRACT_OPTIONS)}
    scored = result(deal | {"declarer": "Dieter", "points": 70}, rules, "10/20/50")
    assert scored.outcome.label == label
    assert list(scored.deltas.values()) == [-value, -value, -value, 3 * value]
    assert "solo" in scored.outcome.marks


def test_herz_solo_has_its_own_tariff_entry_defaulting_to_solo() -> None:
    tariff = {"preset": "10/20/50", "solo": 60, "herz_solo": 70}
    assert result(solo(70, suit="herz"), tariff=tariff).value == 70
    assert result(solo(70, suit="gras"), tariff=tariff).value == 60
    assert result(solo(70, suit="herz"), tariff={"preset": "10/20/50", "solo": 60}).value == 60


def test_tout_is_won_only_by_taking_every_trick() -> None:
    won = result({"contract": "wenz", "tout": True, "declarer": "Caro", "won": True, "runners": 2})
    assert list(won.deltas.values()) == [-8, -8, 24, -8]  # Tout 6 + 2 runners
    assert won.outcome.label == "Wenz Tout"
    assert {"tout", "solo", "won"} <= set(won.outcome.marks)
    lost = result(
        {"contract": "solo", "suit": "herz", "tout": True, "declarer": "Anna", "won": False}, "classic", "10/20/50"
    )
    assert lost.outcome.label == "Herz-Solo Tout"
    assert list(lost.deltas.values()) == [-300, 100, 100, 100]


def test_schierling_tout_pays_schneider_schwarz_and_runners_double_win_or_lose() -> None:
    rules = {"preset": "schierling", "contracts": ["sauspiel", "hochzeit", "geier", "wenz", "solo", "tout", "sie"]}
    deal = {"contract": "geier", "tout": True, "declarer": "Anna", "won": False, "runners": 3}
    assert result(deal, rules, "schierling").value == 100 + 20 + 20 + 3 * 20


def test_farb_touts_are_played_where_enabled() -> None:
    rules = {"preset": "classic", "contracts": ["farbwenz", "farbgeier", "tout"]}
    deal = {"contract": "farbgeier", "suit": "schellen", "tout": True, "declarer": "Bert", "won": True}
    scored = result(deal, rules, "official")
    assert scored.outcome.label == "Farbgeier (Schellen) Tout"
    assert scored.value == 10


def test_sie_wins_without_play_with_every_trump_of_the_hand_as_runners() -> None:
    assert deltas({"contract": "sie", "declarer": "Bert"}, tariff="10/20/50") == [-520, 1560, -520, -520]
    assert result({"contract": "sie", "declarer": "Bert"}, "short", "schierling").value == 260  # 200 + 6 × 10
    assert result({"contract": "sie", "declarer": "Bert"}, {"preset": "classic", "deck": 20}).value == 8 + 5
    assert result({"contract": "sie", "declarer": "Anna"}, "three").value == 8 + 8


def test_bettel_is_won_or_lost_without_schneider_or_runners() -> None:
    rules = {"preset": "classic", "contracts": ["sauspiel", "bettel"]}
    assert deltas({"contract": "bettel", "declarer": "Anna", "won": True}, rules, "10/20/50") == [150, -50, -50, -50]
    assert deltas({"contract": "bettel", "declarer": "Anna", "won": False, "kontra": 1}, rules) == [-12, 4, 4, 4]
    found = problem({"contract": "bettel", "declarer": "Anna", "won": True, "runners": 3}, rules)
    assert found.field == "runners"


# --- doublings ------------------------------------------------------------------------------------------------


def test_each_kontra_step_doubles_up_to_kontra_max() -> None:
    rules = {"preset": "classic", "kontra_max": 4}
    assert result(solo(70, kontra=4), rules).value == 2 * 16
    assert [str(i) for i in result(solo(70, kontra=4), rules).explanation][-4:] == [
        "Kontra ×2",
        "Re ×2",
        "Sup ×2",
        "Hirsch ×2",
    ]
    found = problem(solo(70, kontra=3))
    assert (found.field, found.message) == (
        "kontra",
        "kontra: these rules allow at most 2 doubling steps (Kontra, Re) (got 3)",
    )


def test_kontra_max_zero_forbids_doubling() -> None:
    assert result(solo(70, kontra=0), "tournament").value == 2
    assert "no Kontra" in problem(sauspiel(70, kontra=1), "tournament").message


def test_each_knock_doubles_and_klopfen_must_be_on() -> None:
    rules = {"preset": "classic", "klopfen": True, "max_knocks": 2}
    scored = result(solo(95, knocks=2, kontra=1), rules)
    assert scored.value == 3 * 8
    assert scored.multiplier == 8
    assert problem(solo(70, knocks=3), rules).field == "knocks"
    assert "klopfen is off" in problem(solo(70, knocks=1)).message
    assert result(solo(70, knocks=0)).value == 2


# --- tariffs --------------------------------------------------------------------------------------------------

# Per preset: Sauspiel; Solo; Sauspiel Schneider with 3 runners; Wenz Tout with 2 runners; Sie (8 runners).
TARIFF_VALUES = {
    "classic": (1, 2, 5, 8, 16),
    "10/20": (10, 20, 50, 80, 160),
    "10/20/50": (20, 50, 60, 140, 520),
    "official": (1, 5, 5, 14, 52),
    "schierling": (20, 50, 60, 180, 280),
    "book": (1, 4, 8, 24, 60),
    "turnier": (1, 5, 2, 10, 20),
}


def test_every_tariff_preset_is_covered() -> None:
    assert set(TARIFF_VALUES) == set(TARIFF_PRESETS)
    assert next(iter(TARIFF_PRESETS)) == "classic"


@pytest.mark.parametrize(("tariff", "values"), TARIFF_VALUES.items())
def test_tariff_preset_values(tariff: str, values: tuple[int, ...]) -> None:
    deals = [
        sauspiel(70),
        solo(70),
        sauspiel(95, runners=3),
        {"contract": "wenz", "tout": True, "declarer": "Anna", "won": True, "runners": 2},
        {"contract": "sie", "declarer": "Anna"},
    ]
    assert tuple(r.value for r in results(deals, "classic", tariff)) == values


def test_turnier_solo_won_schwarz_pays_seven_per_opponent() -> None:
    assert deltas(solo(120, schwarz=True, runners=5), "tournament", "turnier") == [21, -7, -7, -7]


def test_book_tariff_multiplies_by_the_highest_level() -> None:
    assert result(solo(95, suit="herz", runners=3), tariff="book").value == (5 + 3) * 2
    assert result(solo(120, schwarz=True, runners=3), tariff="book").value == (4 + 3) * 3
    herz_tout = {"contract": "solo", "suit": "herz", "tout": True, "declarer": "Anna", "won": True, "runners": 4}
    assert result(herz_tout, tariff="book").value == (5 + 4) * 4
    scored = result(solo(95, suit="herz", runners=3, kontra=1), tariff="book")
    assert [str(i) for i in scored.explanation] == ["Herz-Solo 5", "3 Laufende 3", "Schneider ×2", "Kontra ×2"]


def test_book_tariff_rejects_entries_it_does_not_use() -> None:
    found = header_problem(tariff={"preset": "book", "tout": 10})
    assert found.field == "tariff.tout"


def test_custom_tariff_entries_override_the_preset() -> None:
    tariff = {"preset": "10/20/50", "sauspiel": 30, "runner": 5, "schneider": 15}
    assert result(sauspiel(95, runners=3), tariff=tariff).value == 30 + 15 + 15


def test_durchmarsch_defaults_to_solo_plus_schneider_plus_schwarz() -> None:
    rules = {"preset": "classic", "pass_out": "ramsch", "durchmarsch": True}
    deal = {
        "contract": "ramsch",
        "points_by_player": {"Anna": 120, "Bert": 0, "Caro": 0, "Dieter": 0},
        "durchmarsch": "Anna",
    }
    assert result(deal, rules, {"preset": "10/20/50", "solo": 60}).value == 80
    assert result(deal, rules, {"preset": "10/20/50", "durchmarsch": 100}).value == 100
    assert result(deal, rules, "book").value == 4


def test_unknown_or_invalid_tariff_entries_are_rejected() -> None:
    assert header_problem(tariff={"preset": "classic", "bock": 2}).field == "tariff.bock"
    assert header_problem(tariff={"preset": "classic", "solo": -1}).field == "tariff.solo"
    assert header_problem(tariff="skat").field == "tariff"


def test_frozen_rules_and_tariffs_settle_like_their_presets() -> None:
    deals = [PASSED, sauspiel(95, runners=3), solo(30, suit="herz")]
    for tariff in TARIFF_PRESETS:
        rules, frozen_tariff = engine.freeze("schafkopf", {"preset": "schierling", "pass_out": "stock"}, tariff)
        frozen = json.loads(json.dumps({"rules": rules, "tariff": frozen_tariff}))
        expected = engine.settle(document(deals, {"preset": "schierling", "pass_out": "stock"}, tariff))
        assert engine.settle(document(deals, frozen["rules"], frozen["tariff"])) == expected
        assert Schafkopf(frozen["rules"], frozen["tariff"]).enabled_contracts()[0] == "passed"  # lists, not sets


# --- rule-set presets and options -----------------------------------------------------------------------------


def test_every_rule_preset_named_on_the_rules_page() -> None:
    assert list(Schafkopf.rule_presets) == ["classic", "short", "three", "schierling", "tournament"]
    assert result(solo(70, runners=12), "short").value == 2 + 12
    assert problem(solo(70, runners=13), "short").field == "runners"


def test_classic_plays_sauspiel_wenz_solo_tout_and_sie_only() -> None:
    game = engine.load(document([])).new_game()
    assert isinstance(game, Schafkopf)
    assert game.enabled_contracts() == ("passed", "sauspiel", "wenz", "solo", "wenz_tout", "solo_tout", "sie")
    found = problem({"contract": "geier", "declarer": "Anna", "points": 70})
    assert found.field == "contract"
    assert "Geier is not played" in found.message


def test_a_contracts_option_without_tout_forbids_touts() -> None:
    rules = {"preset": "classic", "contracts": ["sauspiel", "solo"]}
    found = problem({"contract": "solo", "suit": "gras", "tout": True, "declarer": "Anna", "won": True}, rules)
    assert found.field == "tout"
    assert result(solo(70, tout=False), rules).value == 2


def test_contracts_option_lists_only_biddable_contracts() -> None:
    assert header_problem({"preset": "classic", "contracts": ["sauspiel", "ramsch"]}).field == "rules.contracts"
    assert header_problem({"preset": "classic", "contracts": ["skat"]}).field == "rules.contracts"


def test_unknown_preset_or_option_is_rejected() -> None:
    assert header_problem("doko").field == "rules"
    assert header_problem({"preset": "classic", "bock": True}).field == "rules.bock"
    assert header_problem({"preset": "classic", "deck": 36}).field == "rules.deck"
    assert header_problem({"preset": "classic", "kontra_max": 5}).field == "rules.kontra_max"


def test_three_players_play_one_against_two_with_the_short_deck() -> None:
    assert deltas(solo(91, suit="eichel"), "three", "10/20/50") == [120, -60, -60]
    assert problem(sauspiel(70, partner="Bert"), "three").field == "contract"
    assert header_problem({"preset": "three", "deck": 32}, players=THREE).field == "rules.players"
    assert header_problem({"preset": "short", "players": 3}, players=THREE).field == "rules.contracts"


def test_a_fourth_player_at_a_three_player_table_makes_the_dealer_sit_out() -> None:
    scored = results([solo(70, declarer="Bert"), solo(70, declarer="Caro")], "three", players=FOUR)
    assert [r.dealer for r in scored] == ["Anna", "Bert"]
    assert [list(r.deltas.values()) for r in scored] == [[0, 4, -2, -2], [-2, 0, 4, -2]]


def test_a_fifth_player_makes_the_dealer_sit_out_who_cannot_declare() -> None:
    found = problem(solo(70, declarer="Anna"), players=FIVE)
    assert found.field == "declarer"
    assert "sits out" in found.message
    assert deltas(sauspiel(70, declarer="Bert", partner="Dieter"), players=FIVE) == [0, 1, -1, 1, -1]


def test_redeal_pass_out_scores_nothing_and_the_deal_moves_on() -> None:
    scored = results([PASSED, PASSED])
    assert [r.dealer for r in scored] == ["Anna", "Bert"]
    assert all(set(r.deltas.values()) == {0} and r.pot == 0 for r in scored)
    assert scored[0].outcome.label == "Zusammengeworfen"
    assert "passed" in scored[0].outcome.marks


def test_the_sheet_shows_a_pot_column_only_under_a_pot_rule() -> None:
    for pass_out, pot in [
        ("redeal", False),
        ("stock", True),
        ("schierling_stock", True),
        ("ramsch", False),
        ("muss", False),
    ]:
        assert engine.load(document([], {"preset": "classic", "pass_out": pass_out})).new_game().uses_pot() is pot


# --- the pot (Stock) ------------------------------------------------------------------------------------------

STOCK = {"preset": "classic", "pass_out": "stock"}


def test_stock_pass_out_every_playing_player_pays_the_ante() -> None:
    scored = result(PASSED, STOCK, "10/20/50", players=FIVE)
    assert list(scored.deltas.values()) == [0, -20, -20, -20, -20]
    assert scored.pot == 80


def test_stock_a_won_game_takes_the_whole_pot_unmultiplied() -> None:
    won = results([PASSED, sauspiel(70, kontra=1)], STOCK, "10/20/50")[1]
    assert list(won.deltas.values()) == [40 + 80, -40, 40, -40]
    assert won.pot == 0
    assert str(won.explanation[-1]) == "out of the pot (Stock) 80"


def test_stock_a_lost_game_doubles_the_pot_and_an_empty_pot_pays_nothing() -> None:
    scored = results([sauspiel(50), PASSED, solo(50, kontra=1), solo(61, declarer="Bert")], STOCK, "10/20/50")
    assert list(scored[0].deltas.values()) == [-20, 20, -20, 20]
    assert list(scored[2].deltas.values()) == [-300 - 80, 100, 100, 100]
    assert scored[2].pot == 160
    assert list(scored[3].deltas.values()) == [-50, 150 + 160, -50, -50]
    assert scored[3].pot == 0


def test_stock_split_declarer_takes_or_pays_the_odd_point() -> None:
    rules = STOCK | {"stock_share": "split"}
    won = results([sauspiel(70)], rules, pot_carried_in=25)[0]
    assert list(won.deltas.values()) == [1 + 13, -1, 1 + 12, -1]
    lost = results([sauspiel(50)], rules, pot_carried_in=25)[0]
    assert list(lost.deltas.values()) == [-1 - 13, 1, -1 - 12, 1]
    assert lost.pot == 50
    assert list(results([solo(70)], rules, pot_carried_in=25)[0].deltas.values()) == [6 + 25, -2, -2, -2]


def test_stock_games_partner_leaves_the_pot_to_partner_games() -> None:
    rules = STOCK | {"stock_games": "partner"}
    scored = results([PASSED, solo(30), {"contract": "sie", "declarer": "Bert"}, sauspiel(80)], rules, "10/20/50")
    assert [r.pot for r in scored] == [80, 80, 80, 0]


SCHIERLING = ("schierling", "schierling")


def test_schierling_stock_won_partner_game_splits_the_pot() -> None:
    scored = results([PASSED, sauspiel(70)], *SCHIERLING)
    assert list(scored[1].deltas.values()) == [20 + 40, -20, 20 + 40, -20]
    assert scored[1].pot == 0


def test_schierling_stock_lost_partner_game_pays_half_the_pot_each() -> None:
    scored = results([PASSED, sauspiel(50)], *SCHIERLING)
    assert list(scored[1].deltas.values()) == [-20 - 40, 20, -20 - 40, 20]
    assert scored[1].pot == 160


def test_schierling_stock_solos_never_touch_it() -> None:
    scored = results([PASSED, solo(70), solo(30)], *SCHIERLING)
    assert [r.pot for r in scored] == [80, 80, 80]


def test_schierling_stock_above_400_only_a_hochzeit_touches_it() -> None:
    hochzeit = {"contract": "hochzeit", "declarer": "Anna", "partner": "Bert"}
    scored = results(
        [sauspiel(70), sauspiel(50), hochzeit | {"points": 50}, hochzeit | {"points": 70}],
        *SCHIERLING,
        pot_carried_in=480,
    )
    assert [r.pot for r in scored] == [480, 480, 880, 0]
    assert list(scored[2].deltas.values()) == [-100 - 200, -100 - 200, 100, 100]
    assert list(scored[3].deltas.values()) == [100 + 440, 100 + 440, -100, -100]
    assert results([sauspiel(70)], *SCHIERLING, pot_carried_in=400)[0].pot == 0  # 400 is still open to all


# --- Ramsch ---------------------------------------------------------------------------------------------------

RAMSCH = {"preset": "classic", "pass_out": "ramsch"}


def ramsch(anna: int, bert: int, caro: int, dieter: int, **more: Any) -> dict[str, Any]:
    points = {"Anna": anna, "Bert": bert, "Caro": caro, "Dieter": dieter}
    return {"contract": "ramsch", "points_by_player": points, **more}


def test_ramsch_the_most_points_pay_every_other_player() -> None:
    scored = result(ramsch(50, 30, 40, 0), RAMSCH, "10/20/50")
    assert list(scored.deltas.values()) == [-60, 20, 20, 20]
    assert scored.outcome.label == "Ramsch"
    assert scored.outcome.extra == {"loser": "Anna"}


def test_ramsch_pays_a_jungfrau_double() -> None:
    assert deltas(ramsch(50, 30, 40, 0, jungfrau=["Dieter"]), RAMSCH, "10/20/50") == [-80, 20, 20, 40]


def test_ramsch_jungfrau_none_pays_no_bonus() -> None:
    rules = RAMSCH | {"jungfrau": "none"}
    assert deltas(ramsch(50, 30, 40, 0), rules) == [-3, 1, 1, 1]
    assert problem(ramsch(50, 30, 40, 0, jungfrau=["Dieter"]), rules).field == "jungfrau"


def test_ramsch_a_tie_on_the_highest_points_is_decided_by_the_table() -> None:
    assert deltas(ramsch(40, 40, 30, 10, loser="Bert"), RAMSCH) == [1, -3, 1, 1]
    found = problem(ramsch(40, 40, 30, 10), RAMSCH)
    assert (found.field, found.message) == ("loser", "loser is required for a tie on 40 points (Anna and Bert)")
    assert problem(ramsch(40, 40, 30, 10, loser="Caro"), RAMSCH).field == "loser"
    assert problem(ramsch(50, 30, 40, 0, loser="Bert"), RAMSCH).field == "loser"
    assert deltas(ramsch(50, 30, 40, 0, loser="Anna"), RAMSCH) == [-3, 1, 1, 1]


def test_knocks_double_ramsch_too() -> None:
    rules = RAMSCH | {"klopfen": True}
    assert deltas(ramsch(50, 30, 40, 0, knocks=1, jungfrau=["Dieter"]), rules) == [-8, 2, 2, 4]


def test_durchmarsch_receives_the_durchmarsch_value_from_each_player() -> None:
    rules = RAMSCH | {"durchmarsch": True}
    scored = result(ramsch(120, 0, 0, 0, durchmarsch="Anna"), rules, "10/20/50")
    assert list(scored.deltas.values()) == [210, -70, -70, -70]
    assert scored.outcome.label == "Ramsch (Durchmarsch)"
    assert problem(ramsch(110, 10, 0, 0, durchmarsch="Anna"), rules).field == "durchmarsch"
    assert problem(ramsch(120, 0, 0, 0, jungfrau=["Bert", "Caro", "Dieter"]), rules).field == "jungfrau"
    assert problem(ramsch(120, 0, 0, 0, durchmarsch="Anna", jungfrau=["Bert"]), rules).field == "jungfrau"


def test_without_durchmarsch_taking_every_trick_loses_the_ramsch() -> None:
    assert deltas(ramsch(120, 0, 0, 0, jungfrau=["Bert", "Caro", "Dieter"]), RAMSCH) == [-6, 2, 2, 2]
    assert problem(ramsch(120, 0, 0, 0, durchmarsch="Anna"), RAMSCH).field == "durchmarsch"


def test_ramsch_validation() -> None:
    assert problem(ramsch(50, 30, 40, 10), RAMSCH).field == "points_by_player"
    assert problem(ramsch(50, 30, 40, 0, jungfrau=["Bert"]), RAMSCH).field == "jungfrau"
    assert problem(ramsch(50, 30, 40, 0, kontra=1), RAMSCH).field == "kontra"
    assert problem(PASSED, RAMSCH).field == "contract"
    assert problem(ramsch(50, 30, 40, 0)).field == "contract"


# A Ramsch entered by its loser alone, without every player's card points (issue 24).


def by_loser(deal: dict[str, Any], loser: str) -> dict[str, Any]:
    """The same Ramsch as the table enters it quickly: the loser instead of every player's card points."""
    quick = {key: value for key, value in deal.items() if key != "points_by_player"}
    return quick if "durchmarsch" in deal else quick | {"loser": loser}


def said(found: engine.Problem) -> tuple[str, str, str]:
    """The problem's field, code and the sentence a player reads."""
    assert found.words is not None
    return found.field, found.words.code, found.words.render(player=True)


def scored_alike(with_points: DealResult, without: DealResult) -> None:
    assert without.deltas == with_points.deltas
    assert (without.value, without.multiplier) == (with_points.value, with_points.multiplier)
    assert [str(item) for item in without.explanation] == [str(item) for item in with_points.explanation]
    assert (without.outcome.label, without.outcome.marks) == (with_points.outcome.label, with_points.outcome.marks)
    assert (without.outcome.extra, without.outcome.declarers) == (
        with_points.outcome.extra,
        with_points.outcome.declarers,
    )


RAMSCH_DEALS = [
    ramsch(50, 30, 40, 0),  # no Jungfrau
    ramsch(50, 30, 40, 0, jungfrau=["Dieter"]),
    ramsch(70, 50, 0, 0, jungfrau=["Caro", "Dieter"], knocks=1),
    ramsch(120, 0, 0, 0, jungfrau=["Bert", "Caro", "Dieter"]),  # all the points but not every trick
    ramsch(40, 40, 30, 10, loser="Bert"),  # a tie the table decided
    ramsch(40, 40, 40, 0, loser="Caro", jungfrau=["Dieter"]),
]


@pytest.mark.parametrize("jungfrau", JUNGFRAU_RULES)
@pytest.mark.parametrize("deal", RAMSCH_DEALS, ids=lambda deal: "-".join(map(str, deal["points_by_player"].values())))
def test_a_ramsch_by_its_loser_scores_as_the_same_ramsch_with_every_players_points(
    jungfrau: str, deal: dict[str, Any]
) -> None:
    rules = RAMSCH | {"jungfrau": jungfrau, "klopfen": True}
    if jungfrau == "none":
        deal = {key: value for key, value in deal.items() if key != "jungfrau"}
    with_points = result(deal, rules, "10/20/50")
    loser = with_points.outcome.extra["loser"]
    scored_alike(with_points, result(by_loser(deal, loser), rules, "10/20/50"))


def test_a_durchmarsch_needs_no_points_either() -> None:
    rules = RAMSCH | {"durchmarsch": True}
    deal = ramsch(0, 0, 120, 0, durchmarsch="Caro")
    scored_alike(result(deal, rules, "10/20/50"), result(by_loser(deal, "Caro"), rules, "10/20/50"))
    assert deltas({"contract": "ramsch", "durchmarsch": "Caro"}, rules, "10/20/50") == [-70, -70, 210, -70]


def test_a_plus_only_sheet_writes_a_ramsch_by_its_loser_alike() -> None:
    deal = ramsch(60, 30, 30, 0, jungfrau=["Dieter"])
    assert deltas(by_loser(deal, "Anna"), PLUS_ONLY) == deltas(deal, PLUS_ONLY) == [0, 1, 1, 2]


def test_a_ramsch_without_points_needs_its_loser_in_the_players_words() -> None:
    for missing in ({"contract": "ramsch"}, {"contract": "ramsch", "loser": None, "jungfrau": ["Dieter"]}):
        assert said(problem(missing, RAMSCH)) == (
            "loser",
            "sk_loser_required",
            "Say who lost the Ramsch: the player with the most points, on a tie the one the table names (or enter "
            "everyone's points).",
        )


def test_a_ramsch_by_its_loser_is_refused_where_the_same_ramsch_with_points_would_be() -> None:
    assert said(problem({"contract": "ramsch", "loser": "Dieter", "jungfrau": ["Dieter"]}, RAMSCH)) == (
        "loser",
        "sk_loser_jungfrau",
        "Dieter took no trick, so Dieter has no points and cannot have lost the Ramsch.",
    )
    assert problem({"contract": "ramsch", "loser": "Emil"}, RAMSCH).field == "loser"
    assert problem({"contract": "ramsch", "loser": "Anna", "kontra": 1}, RAMSCH).field == "kontra"
    no_bonus = RAMSCH | {"jungfrau": "none"}
    assert problem({"contract": "ramsch", "loser": "Anna", "jungfrau": ["Dieter"]}, no_bonus).field == "jungfrau"
    with_durchmarsch = RAMSCH | {"durchmarsch": True}
    everyone_else = {"contract": "ramsch", "loser": "Anna", "jungfrau": ["Bert", "Caro", "Dieter"]}
    assert said(problem(everyone_else, with_durchmarsch))[:2] == ("jungfrau", "sk_jungfrau_durchmarsch")
    assert deltas(everyone_else, RAMSCH) == [-6, 2, 2, 2]  # without Durchmarsch Anna took every trick and lost
    assert problem({"contract": "ramsch", "durchmarsch": "Anna"}, RAMSCH).field == "durchmarsch"
    assert problem({"contract": "ramsch", "durchmarsch": "Anna", "loser": "Bert"}, with_durchmarsch).field == "loser"


def test_a_ramsch_by_its_loser_sits_the_dealer_out_at_a_table_of_five() -> None:
    sitting_out = problem({"contract": "ramsch", "loser": "Anna"}, RAMSCH, players=FIVE)  # Anna deals deal 1
    assert said(sitting_out)[:2] == ("loser", "sits_out")
    assert deltas({"contract": "ramsch", "loser": "Bert"}, RAMSCH, players=FIVE) == [0, -3, 1, 1, 1]


# --- Muss -----------------------------------------------------------------------------------------------------


def test_muss_sixty_wins_and_schneider_moves_by_one() -> None:
    assert deltas(sauspiel(60, muss=True), "tournament") == [1, -1, 1, -1]
    assert deltas(sauspiel(90, muss=True), "tournament") == [2, -2, 2, -2]
    assert deltas(sauspiel(30, muss=True), "tournament") == [-1, 1, -1, 1]
    assert deltas(sauspiel(29, muss=True), "tournament") == [-2, 2, -2, 2]
    scored = result(sauspiel(60, muss=True), "tournament")
    assert scored.outcome.label == "Sauspiel (Eichel, Muss)"
    assert "forced" in scored.outcome.marks


def test_muss_game_cannot_be_doubled_and_nobody_can_pass() -> None:
    rules = {"preset": "tournament", "kontra_max": 2}
    assert problem(sauspiel(70, muss=True, kontra=1), rules).field == "kontra"
    assert result(sauspiel(70, kontra=1), rules).value == 2
    assert problem(PASSED, "tournament").field == "contract"


def test_muss_only_under_pass_out_muss() -> None:
    assert problem(sauspiel(70, muss=True)).field == "muss"
    assert result(sauspiel(70, muss=False)).value == 1
    assert header_problem({"preset": "tournament", "contracts": ["solo"]}).field == "rules.pass_out"


# --- Laufende: runners_min and runners_max ----------------------------------------------------------------------


def test_runners_min_counts_runners_exactly_from_the_minimum() -> None:
    rules = {"preset": "classic", "runners_min": {"sauspiel": 2}}
    assert deltas(sauspiel(70, runners=1), rules) == [1, -1, 1, -1]
    assert deltas(sauspiel(70, runners=2), rules) == [3, -3, 3, -3]
    assert deltas(solo(70, runners=2), rules) == [6, -2, -2, -2]  # a Solo keeps its own minimum of 3
    assert deltas(solo(70, runners=3), rules) == [15, -5, -5, -5]


def test_a_tout_counts_runners_from_its_contracts_minimum() -> None:
    rules = {"preset": "classic", "runners_min": {"wenz": 3}}
    wenz_tout = {"contract": "wenz", "tout": True, "declarer": "Anna", "won": True}
    assert deltas(wenz_tout | {"runners": 2}, rules) == [18, -6, -6, -6]
    assert deltas(wenz_tout | {"runners": 3}, rules) == [27, -9, -9, -9]


def test_runners_max_pays_more_runners_as_the_cap() -> None:
    rules = {"preset": "classic", "runners_max": 4}
    assert deltas(sauspiel(70, runners=4), rules, "10/20/50") == [60, -60, 60, -60]
    assert deltas(sauspiel(70, runners=5), rules, "10/20/50") == [60, -60, 60, -60]
    assert deltas(sauspiel(70, runners=14), rules, "10/20/50") == [60, -60, 60, -60]
    assert problem(sauspiel(70, runners=15), rules).field == "runners"  # still checked against the trumps
    assert "runners:4" in result(sauspiel(70, runners=6), rules).outcome.marks


def test_runners_max_caps_the_book_tariff_and_leaves_sie_alone() -> None:
    rules = {"preset": "classic", "runners_max": 3, "contracts": ["sauspiel", "wenz", "solo", "sie"]}
    assert deltas(solo(95, runners=6), rules, "book") == [42, -14, -14, -14]  # (4 + 3) × 2 Schneider
    assert deltas({"contract": "sie", "declarer": "Anna"}, rules) == [48, -16, -16, -16]  # 8 + 8 runners


def test_runners_limits_are_checked_against_the_deck_and_each_other() -> None:
    assert header_problem({"preset": "classic", "runners_min": {"wenz": 5}}).field == "rules.runners_min"
    assert header_problem({"preset": "short", "runners_min": {"solo": 13}}).field == "rules.runners_min"
    assert header_problem({"preset": "classic", "runners_min": {"ramsch": 2}}).field == "rules.runners_min"
    assert header_problem({"preset": "classic", "runners_min": {"wenz": 0}}).field == "rules.runners_min"
    found = header_problem({"preset": "classic", "runners_max": 2})
    assert found.field == "rules.runners_max"
    assert "Sauspiel's runners_min (3)" in found.message
    found = header_problem({"preset": "classic", "runners_min": {"solo": 5}, "runners_max": 4})
    assert "Solo's runners_min (5)" in found.message
    assert header_problem({"preset": "classic", "runners_max": 0}).field == "rules.runners_max"


def test_runners_max_at_the_highest_minimum_in_play_is_allowed() -> None:
    rules = {"preset": "classic", "contracts": ["wenz", "geier"], "runners_max": 2}
    assert deltas({"contract": "wenz", "declarer": "Anna", "points": 70, "runners": 3}, rules) == [12, -4, -4, -4]
    kreuz_too = rules | {"pass_out": "kreuz"}  # über Kreuz counts runners as a Sauspiel: from 3
    assert header_problem(kreuz_too).field == "rules.runners_max"


def test_a_minimum_equal_to_the_default_freezes_away() -> None:
    rules, _tariff = engine.freeze("schafkopf", {"preset": "classic", "runners_min": {"sauspiel": 3, "wenz": 1}})
    assert rules["runners_min"] == {"wenz": 1}


# --- Jungfrau ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("jungfrau", "paid"),
    [
        ("double", [-5, 1, 2, 2]),
        ("double_multiple", [-9, 1, 4, 4]),
        ("double_all", [-12, 4, 4, 4]),
        ("none", [-3, 1, 1, 1]),
    ],
)
def test_two_jungfrauen_under_each_jungfrau_rule(jungfrau: str, paid: list[int]) -> None:
    rules = RAMSCH | {"jungfrau": jungfrau}
    listed = {} if jungfrau == "none" else {"jungfrau": ["Caro", "Dieter"]}
    assert deltas(ramsch(120, 0, 0, 0, **listed), rules) == paid


def test_double_all_with_one_jungfrau_and_a_knock() -> None:
    rules = RAMSCH | {"jungfrau": "double_all", "klopfen": True}
    scored = result(ramsch(50, 40, 30, 0, jungfrau=["Dieter"], knocks=1), rules, "10/20/50")
    assert list(scored.deltas.values()) == [-240, 80, 80, 80]
    assert [str(item) for item in scored.explanation] == ["Ramsch 20", "Jungfrau: Dieter (all) ×2", "Klopfen ×2"]


def test_double_multiple_three_jungfrauen_are_paid_eight_fold() -> None:
    rules = RAMSCH | {"jungfrau": "double_multiple"}
    assert deltas(ramsch(120, 0, 0, 0, jungfrau=["Bert", "Caro", "Dieter"]), rules) == [-24, 8, 8, 8]


# --- über Kreuz ---------------------------------------------------------------------------------------------------

KREUZ = {"preset": "classic", "pass_out": "kreuz"}


def kreuz(points: int, declarer: str = "Anna", partner: str = "Caro", **more: Any) -> dict[str, Any]:
    return {"contract": "kreuz", "declarer": declarer, "partner": partner, "points": points, **more}


def test_kreuz_is_valued_and_settled_as_a_sauspiel() -> None:
    scored = result(kreuz(95, runners=3), KREUZ, "10/20/50")
    assert list(scored.deltas.values()) == [60, -60, 60, -60]
    assert scored.outcome.label == "Über Kreuz"
    assert deltas(kreuz(60, "Bert", "Dieter"), KREUZ) == [1, -1, 1, -1]  # 60:60 goes to the other pair
    assert deltas(kreuz(0, schwarz=True), KREUZ) == [-3, 3, -3, 3]


def test_kreuz_partner_must_sit_opposite() -> None:
    found = problem(kreuz(70, partner="Bert"), KREUZ)
    assert found.field == "partner"
    assert "Anna's partner is Caro" in found.message
    assert problem({"contract": "kreuz", "declarer": "Anna", "points": 70}, KREUZ).field == "partner"


def test_kreuz_at_five_takes_the_pairs_without_the_dealer_who_sits_out() -> None:
    # Deal 2: Bert deals and sits out; Anna, Caro, Dieter, Emil play: Anna+Dieter against Caro+Emil.
    played = results([PASSED_KREUZ_FIRST, kreuz(70, "Anna", "Dieter")], KREUZ, players=FIVE)
    assert played[1].deltas == {"Anna": 1, "Bert": 0, "Caro": -1, "Dieter": 1, "Emil": -1}
    assert problem([PASSED_KREUZ_FIRST, kreuz(70, "Anna", "Caro")], KREUZ, players=FIVE).field == "partner"


PASSED_KREUZ_FIRST = kreuz(70, "Bert", "Dieter")  # deal 1 at five: Anna deals and sits out


def test_kreuz_counts_runners_from_the_sauspiels_minimum_and_has_no_kontra_or_suit() -> None:
    rules = KREUZ | {"runners_min": {"sauspiel": 2}}
    assert deltas(kreuz(70, runners=2), rules) == [3, -3, 3, -3]
    assert problem(kreuz(70, kontra=1), KREUZ).field == "kontra"
    assert problem(kreuz(70, suit="gras"), KREUZ).field == "suit"


def test_kreuz_only_under_pass_out_kreuz() -> None:
    found = problem(kreuz(70))
    assert (found.field, found.message) == (
        "contract",
        "contract: über Kreuz is played only under pass_out kreuz (these rules: redeal)",
    )
    assert problem(PASSED, KREUZ).field == "contract"
    assert header_problem({"preset": "classic", "contracts": ["sauspiel", "kreuz"]}).field == "rules.contracts"
    assert header_problem({"preset": "three", "pass_out": "kreuz"}, players=THREE).field == "rules.pass_out"


# --- Leaster --------------------------------------------------------------------------------------------------

LEASTER = {"preset": "classic", "pass_out": "leaster", "klopfen": True}


def test_leaster_winner_takes_the_leaster_value_from_every_player() -> None:
    scored = result({"contract": "leaster", "winner": "Bert"}, LEASTER, "10/20/50")
    assert list(scored.deltas.values()) == [-20, 60, -20, -20]
    assert scored.outcome.declarers == ("Bert",)
    assert deltas({"contract": "leaster", "winner": "Bert", "knocks": 2}, LEASTER) == [-4, 12, -4, -4]


def test_leaster_value_follows_the_sauspiel_unless_set() -> None:
    assert deltas({"contract": "leaster", "winner": "Anna"}, LEASTER, {"preset": "10/20", "sauspiel": 30}) == [
        90,
        -30,
        -30,
        -30,
    ]
    assert deltas({"contract": "leaster", "winner": "Anna"}, LEASTER, {"preset": "10/20", "leaster": 5}) == [
        15,
        -5,
        -5,
        -5,
    ]


def test_leaster_needs_a_playing_winner_and_nothing_else() -> None:
    assert problem({"contract": "leaster"}, LEASTER).field == "winner"
    assert problem({"contract": "leaster", "winner": "Xaver"}, LEASTER).field == "winner"
    assert problem({"contract": "leaster", "winner": "Anna", "points": 20}, LEASTER).field == "points"
    assert problem({"contract": "leaster", "winner": "Anna", "kontra": 1}, LEASTER).field == "kontra"
    assert problem([{"contract": "leaster", "winner": "Anna"}], LEASTER, players=FIVE).field == "winner"  # sits out


# --- the plus-only sheet ----------------------------------------------------------------------------------------

PLUS_ONLY = {"preset": "classic", "sheet": "plus_only", "pass_out": "ramsch"}


def test_plus_only_writes_only_the_winners() -> None:
    assert deltas(solo(70), PLUS_ONLY) == [6, 0, 0, 0]
    assert deltas(solo(50), PLUS_ONLY) == [0, 2, 2, 2]
    assert deltas(sauspiel(70), PLUS_ONLY) == [1, 0, 1, 0]
    assert deltas(ramsch(50, 30, 40, 0, jungfrau=["Dieter"]), PLUS_ONLY) == [0, 1, 1, 2]
    three = {"preset": "three", "sheet": "plus_only"}
    assert deltas({"contract": "wenz", "declarer": "Anna", "points": 70}, three, players=THREE) == [4, 0, 0]


def test_plus_only_settles_no_money_and_keeps_no_pot() -> None:
    found = problem([], PLUS_ONLY, cents_per_point=10)
    assert found.field == "cents_per_point"
    assert header_problem({"preset": "classic", "sheet": "plus_only", "pass_out": "stock"}).field == "rules.sheet"
    assert "money" not in engine.settle(document([solo(70)], PLUS_ONLY))


# --- validation -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        (sauspiel(130), "points"),
        (sauspiel(-1), "points"),
        (sauspiel("72"), "points"),  # type: ignore[arg-type]
        (solo(100, schwarz=True), "schwarz"),
        (sauspiel(70, partner="Anna"), "partner"),
        (sauspiel(70, partner="Zoe"), "partner"),
        ({"contract": "sauspiel", "declarer": "Anna", "points": 70}, "partner"),
        ({"contract": "solo", "declarer": "Anna", "points": 70}, "suit"),
        (solo(70, suit="kreuz"), "suit"),
        ({"contract": "skat", "declarer": "Anna"}, "contract"),
        ({"contract": ["solo"], "declarer": "Anna"}, "contract"),
        ({"declarer": "Anna"}, "contract"),
        ({"contract": "solo", "suit": "gras", "points": 70}, "declarer"),
        (solo(70, partner="Bert"), "partner"),
        (solo(70, won=True), "won"),
        ({"contract": "wenz", "suit": "gras", "declarer": "Anna", "points": 70}, "suit"),
        ({"contract": "wenz", "tout": True, "declarer": "Anna", "points": 70, "won": True}, "points"),
        ({"contract": "wenz", "tout": True, "declarer": "Anna"}, "won"),
        ({"contract": "sie", "declarer": "Anna", "runners": 8}, "runners"),
        (sauspiel(70, tout=True), "tout"),
        (solo(70, runners=-1), "runners"),
        (solo(70, kontra=True), "kontra"),
        (sauspiel(70, jungfrau=["Bert"]), "jungfrau"),
        (sauspiel(70, bock=1), "bock"),
        ({"contract": "passed", "knocks": 0}, "knocks"),
    ],
)
def test_impossible_deals_are_rejected_naming_the_field(deal: dict[str, Any], field: str) -> None:
    assert problem(deal).field == field


def test_a_field_that_does_not_apply_says_so() -> None:
    found = problem({"contract": "wenz", "tout": True, "declarer": "Anna", "won": True, "points": 70})
    assert found.message == "points does not apply to Wenz Tout"


def test_generic_fields_are_accepted() -> None:
    scored = results([sauspiel(70, note="late start"), sauspiel(70, dealer="Caro")])
    assert [r.dealer for r in scored] == ["Anna", "Caro"]


def test_an_invalid_deal_is_never_partly_applied() -> None:
    replayed = list(engine.load(document([PASSED, sauspiel(50, kontra=9), sauspiel(70)], STOCK)).replay())
    assert isinstance(replayed[1], engine.Problem)
    assert replayed[1].field == "kontra"
    last = replayed[2]
    assert isinstance(last, DealResult)
    assert list(last.deltas.values()) == [1 + 4, -1, 1, -1]  # the pot is still the pass-out's 4


# --- the entry form's description -----------------------------------------------------------------------------


def test_contract_fields_describe_every_enabled_contract_type() -> None:
    rules = {
        "preset": "classic",
        "contracts": list(CONTRACT_OPTIONS),
        "pass_out": "ramsch",
        "klopfen": True,
        "durchmarsch": True,
    }
    game = engine.load(document([], rules)).new_game()
    assert isinstance(game, Schafkopf)
    types = game.enabled_contracts()
    assert types == (
        "ramsch",
        "sauspiel",
        "hochzeit",
        "bettel",
        "farbgeier",
        "farbwenz",
        "geier",
        "wenz",
        "solo",
        "farbgeier_tout",
        "farbwenz_tout",
        "geier_tout",
        "wenz_tout",
        "solo_tout",
        "sie",
    )
    assert set(types) <= set(Schafkopf.CONTRACT_FIELDS)
    assert Schafkopf.CONTRACT_FIELDS["solo_tout"] == ("declarer", "suit", "tout", "won", "runners", "kontra", "knocks")
    assert game.fields_for("sauspiel") == (
        "declarer",
        "suit",
        "partner",
        "points",
        "schwarz",
        "runners",
        "kontra",
        "knocks",
    )
    tournament = engine.load(document([], "tournament")).new_game()
    assert isinstance(tournament, Schafkopf)
    assert tournament.enabled_contracts()[0] == "sauspiel"
    assert tournament.fields_for("sauspiel") == ("declarer", "suit", "partner", "muss", "points", "schwarz", "runners")


# --- properties over random sessions --------------------------------------------------------------------------


def rules_strategy() -> st.SearchStrategy[dict[str, Any]]:
    """A preset with a spread of valid option overrides."""

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        preset = draw(st.sampled_from(list(Schafkopf.rule_presets)))
        rules: dict[str, Any] = {"preset": preset}
        three = preset == "three"
        if draw(st.booleans()):
            rules["klopfen"] = True
            rules["max_knocks"] = draw(st.integers(1, 4))
        rules["kontra_max"] = draw(st.integers(0, 4))
        pass_outs = ["redeal", "stock", "schierling_stock", "ramsch", "leaster"] + ([] if three else ["muss", "kreuz"])
        rules["pass_out"] = draw(st.sampled_from(pass_outs))
        rules["stock_games"] = draw(st.sampled_from(["all", "partner"]))
        rules["stock_share"] = draw(st.sampled_from(["declarer", "split"]))
        rules["jungfrau"] = draw(st.sampled_from(JUNGFRAU_RULES))
        rules["durchmarsch"] = draw(st.booleans())
        deck = 24 if three else draw(st.sampled_from([32, 24, 20]))
        if not three:
            rules["deck"] = deck
        if draw(st.booleans()):
            allowed = [c for c in CONTRACT_OPTIONS if not (three and c in PARTNER_CONTRACTS)]
            contracts = set(
                draw(st.lists(st.sampled_from([c for c in allowed if c != "tout"]), min_size=1, max_size=6))
            )
            contracts |= {"tout"} if draw(st.booleans()) else set()
            rules["contracts"] = sorted(contracts | ({"sauspiel"} if rules["pass_out"] == "muss" else set()))
        minimums = dict(RUNNER_CONTRACTS)
        if draw(st.booleans()):
            keys = draw(st.lists(st.sampled_from(list(RUNNER_CONTRACTS)), max_size=3, unique=True))
            chosen = {key: draw(st.integers(1, TRUMP_COUNTS[deck][CONTRACTS[key].trumps])) for key in keys}
            rules["runners_min"] = chosen
            minimums |= chosen
        if draw(st.booleans()):
            rules["runners_max"] = draw(st.integers(max(minimums.values()), 14))
        if rules["pass_out"] not in ("stock", "schierling_stock") and draw(st.booleans()):
            rules["sheet"] = "plus_only"
        return rules

    return build()


def random_document(rules: Any, tariff: str, seed: int, extra_player: bool, deals: int = 40) -> dict[str, Any]:
    three = (rules if isinstance(rules, str) else rules["preset"]) == "three"
    players = (FOUR if extra_player else THREE) if three else (FIVE if extra_player else FOUR)
    return random_session("schafkopf", random.Random(seed), deals, rules=rules, tariff=tariff, players=players)


def assert_zero_sum(output: dict[str, Any]) -> None:
    pot = 0
    for deal in output["deals"]:
        assert sum(deal["deltas"].values()) + deal["pot"] - pot == 0
        pot = deal["pot"]


@pytest.mark.parametrize("preset", list(Schafkopf.rule_presets))
@pytest.mark.parametrize("tariff", list(TARIFF_PRESETS))
def test_every_preset_and_tariff_settles_random_sessions(preset: str, tariff: str) -> None:
    doc = random_document(preset, tariff, seed=len(preset) * 31 + len(tariff), extra_player=False, deals=150)
    assert_zero_sum(engine.settle(doc))


@settings(max_examples=80, deadline=None)
@given(rules_strategy(), st.sampled_from(list(TARIFF_PRESETS)), st.integers(0, 2**32), st.booleans())
def test_random_sessions_sum_to_zero_with_the_pot_and_replay_identically(
    rules: dict[str, Any], tariff: str, seed: int, extra_player: bool
) -> None:
    doc = random_document(rules, tariff, seed, extra_player)
    output = engine.settle(doc)
    if rules.get("sheet") == "plus_only":
        assert_plus_only(output, engine.settle(doc | {"rules": rules | {"sheet": "zero_sum"}}))
    else:
        assert_zero_sum(output)
    assert engine.settle(json.loads(json.dumps(doc))) == output


@settings(max_examples=40, deadline=None)
@given(rules_strategy(), st.sampled_from(list(TARIFF_PRESETS)), st.integers(0, 2**32), st.booleans())
def test_random_sessions_settle_alike_with_each_ramsch_entered_by_its_loser(
    rules: dict[str, Any], tariff: str, seed: int, extra_player: bool
) -> None:
    rules = rules | {"pass_out": "ramsch"}
    doc = random_document(rules, tariff, seed, extra_player)
    scored = engine.load(doc).results()
    quick = [
        by_loser(deal, played.outcome.extra.get("loser", "")) if deal["contract"] == "ramsch" else deal
        for deal, played in zip(doc["deals"], scored, strict=True)
    ]
    assert engine.settle(doc | {"deals": quick}) == engine.settle(doc)


def assert_plus_only(plus_only: dict[str, Any], zero_sum: dict[str, Any]) -> None:
    """No entry is negative, and each winner keeps exactly the entry of the zero-sum sheet."""
    for written, full in zip(plus_only["deals"], zero_sum["deals"], strict=True):
        assert written["deltas"] == {name: max(delta, 0) for name, delta in full["deltas"].items()}


def invalid_mutations(deal: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(field the error must name, mutated deal) for a valid deal."""
    mutations = [("bogus", deal | {"bogus": 1}), ("contract", deal | {"contract": "schieber"})]
    if "declarer" in deal:
        mutations += [
            ("declarer", deal | {"declarer": "Nobody"}),
            ("kontra", deal | {"kontra": 5}),
            ("knocks", deal | {"knocks": 99}),
        ]
    if "partner" in deal:
        mutations.append(("partner", deal | {"partner": deal["declarer"]}))
    if "points" in deal:
        mutations += [("points", deal | {"points": 121}), ("schwarz", deal | {"points": 50, "schwarz": True})]
    if deal.get("contract") in ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "hochzeit"):
        mutations.append(("runners", deal | {"runners": 15}))
    if "points_by_player" in deal:
        points = dict(deal["points_by_player"])
        first = next(iter(points))
        points[first] += 1
        mutations.append(("points_by_player", deal | {"points_by_player": points}))
    return mutations


@settings(max_examples=60, deadline=None)
@given(rules_strategy(), st.sampled_from(list(TARIFF_PRESETS)), st.integers(0, 2**32), st.data())
def test_invalid_mutations_of_a_valid_deal_are_rejected_naming_the_field(
    rules: dict[str, Any], tariff: str, seed: int, data: st.DataObject
) -> None:
    doc = random_document(rules, tariff, seed, extra_player=False, deals=12)
    number = data.draw(st.integers(0, len(doc["deals"]) - 1))
    field, mutated = data.draw(st.sampled_from(invalid_mutations(doc["deals"][number])))
    doc["deals"][number] = mutated
    assert_rejected_naming(doc, number + 1, field)


def test_count_choices_offer_laufende_from_the_contracts_minimum_to_its_trumps() -> None:
    rules = {"preset": "classic", "runners_min": {"sauspiel": 2}}
    doc = {"format": "schreiber/1", "game": "schafkopf", "players": ["A", "B", "C", "D"], "deals": [], "rules": rules}
    game = engine.load(doc).new_game()
    assert game.count_choices("sauspiel", "runners") == (0, *range(2, 15))
    assert game.count_choices("wenz_tout", "runners") == (0, 2, 3, 4)
    assert game.count_choices("bettel", "runners") is None  # records no Laufende
    assert game.count_choices("sauspiel", "kontra") is None  # any step up to kontra_max
