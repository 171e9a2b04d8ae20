"""Doppelkopf after the DDV tournament rules (TSR) and its home-rule options."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.deal import Item
from scorekeeper.engine.doppelkopf import Doppelkopf
from scorekeeper.engine.samples import random_session

from .properties import assert_rejected_naming

FOUR = ["Anna", "Bert", "Caro", "Dieter"]
FIVE = [*FOUR, "Emil"]
TOTAL = 240  # Augen in the deck
ALL_EXTRAS = ["fuchs", "karlchen", "doppelkopf", "gegen_die_alten", "karlchen_gefangen", "fuchs_am_ende"]
EVERY_TRIGGER = ["tie120", "solo_lost", "announcement_lost", "manual"]


def document(deals: list[dict[str, Any]], rules: Any = "ddv", players: list[str] | None = None) -> dict[str, Any]:
    return {"format": "schreiber/1", "game": "doppelkopf", "rules": rules, "players": players or FOUR, "deals": deals}


def settle_document(doc: dict[str, Any]) -> dict[str, Any]:
    session = engine.load(doc)
    return engine.settle_document(session, session.results())


def settle(deals: list[dict[str, Any]], rules: Any = "ddv", players: list[str] | None = None) -> list[dict[str, Any]]:
    output: list[dict[str, Any]] = settle_document(document(deals, rules, players))["deals"]
    return output


def one(deal: dict[str, Any], rules: Any = "ddv", players: list[str] | None = None) -> dict[str, Any]:
    return settle([deal], rules, players)[0]


def explained(deals: list[dict[str, Any]], rules: Any = "ddv") -> list[str]:
    """Each deal's explanation as the sheet shows it."""
    return [" + ".join(map(str, r.explanation)) for r in engine.load(document(deals, rules)).results()]


def result_marks(deal: dict[str, Any], rules: Any = "ddv") -> tuple[str, ...]:
    session = engine.load(document([deal], rules))
    return session.results()[0].outcome.marks


def deltas(deal: dict[str, Any], rules: Any = "ddv", players: list[str] | None = None) -> dict[str, int]:
    result: dict[str, int] = one(deal, rules, players)["deltas"]
    return result


def re_gets(deal: dict[str, Any], rules: Any = "ddv") -> int:
    """What each Re player scores (the soloist's share for a solo)."""
    result = deltas(deal, rules)
    return result[deal["re"][0]]


def normal(re_points: int, re: tuple[str, str] = ("Anna", "Caro"), **more: Any) -> dict[str, Any]:
    return {"type": "normal", "re": list(re), "re_points": re_points, **more}


def solo(re_points: int, soloist: str = "Bert", kind: str = "kreuz", **more: Any) -> dict[str, Any]:
    return {"type": "solo", "solo": kind, "re": [soloist], "re_points": re_points, **more}


def problems(deals: list[dict[str, Any]], rules: Any = "ddv", players: list[str] | None = None) -> list[Any]:
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load(document(deals, rules, players)).results()
    return raised.value.problems


def rejected(
    deal: dict[str, Any], field: str, words: str = "", rules: Any = "ddv", players: list[str] | None = None
) -> None:
    """The deal is invalid, the error names ``field`` first, and the message contains ``words``."""
    [problem] = problems([deal], rules, players)
    assert problem.field == field
    assert problem.message.startswith(field)
    assert words in problem.message


def with_rules(**options: Any) -> dict[str, Any]:
    return {"preset": "ddv", **options}


def evaluate(explanation: tuple[Item, ...]) -> int:
    """Read the explanation left to right as a scorer would: add points, apply factors."""
    total = 0
    for item in explanation:
        if item.factor is not None:
            total *= item.factor
        else:
            total += item.points or 0
    return total


# ---------------------------------------------------------------------------------------------------------------
# Who wins (TSR 7.1)


def test_re_wins_with_121_augen_without_announcements() -> None:
    assert re_gets(normal(121)) == 1
    assert re_gets(normal(120)) == -2  # Kontra wins, with gegen die Alten


def test_120_to_120_goes_to_kontra() -> None:
    assert deltas(normal(120)) == {"Anna": -2, "Bert": 2, "Caro": -2, "Dieter": 2}


def test_only_re_announced_re_still_needs_121() -> None:
    assert re_gets(normal(121, announcements={"re": "re"})) == 3
    assert re_gets(normal(120, announcements={"re": "re"})) == -4  # 1 + Re 2 + gegen die Alten 1


def test_both_re_and_kontra_announced_re_needs_121_and_kontra_120() -> None:
    both = {"re": "re", "kontra": "kontra"}
    assert re_gets(normal(121, announcements=both)) == 5
    assert re_gets(normal(120, announcements=both)) == -6


def test_only_kontra_announced_re_wins_with_120() -> None:
    assert re_gets(normal(120, announcements={"kontra": "kontra"})) == 3


def test_only_kontra_announced_kontra_needs_121() -> None:
    assert re_gets(normal(119, announcements={"kontra": "kontra"})) == -4


@pytest.mark.parametrize(("absage", "needed"), [("no90", 151), ("no60", 181), ("no30", 211)])
def test_own_absage_needs_151_181_211(absage: str, needed: int) -> None:
    assert one(normal(needed, announcements={"re": absage}))["winner"] == "re"
    assert one(normal(needed - 1, announcements={"re": absage}))["winner"] == "kontra"
    assert one(solo(TOTAL - needed, announcements={"kontra": absage}))["winner"] == "kontra"
    assert one(solo(TOTAL - needed + 1, announcements={"kontra": absage}))["winner"] == "re"


def test_own_schwarz_announced_needs_all_tricks() -> None:
    took_every_augen = normal(240, announcements={"re": "schwarz"})  # Kontra took a trick of four Neunen
    assert one(took_every_augen)["winner"] == "kontra"
    assert one({**took_every_augen, "schwarz": "kontra"})["winner"] == "re"


@pytest.mark.parametrize(("absage", "needed"), [("no90", 90), ("no60", 60), ("no30", 30)])
def test_other_party_absage_lowers_the_target(absage: str, needed: int) -> None:
    assert one(normal(needed, announcements={"kontra": absage}))["winner"] == "re"
    assert one(normal(needed - 1, announcements={"kontra": absage}))["winner"] == "kontra"


def test_other_party_announced_schwarz_one_trick_wins() -> None:
    assert deltas(normal(0, announcements={"kontra": "schwarz"}))["Anna"] == 7
    assert one(normal(0, announcements={"kontra": "schwarz"}, schwarz="re"))["winner"] == "kontra"


def test_own_absage_overrides_the_lower_target_from_the_other_party() -> None:
    # Re said keine 90, Kontra keine 60: Re needs 151, not 60; Kontra needs 181.
    result = one(normal(140, announcements={"re": "no90", "kontra": "no60"}))
    assert result["winner"] is None


def test_both_miss_their_targets_nobody_wins() -> None:
    # Both said keine 90, Re 125: only Re's 120 against keine 90 counts.
    result = one(normal(125, announcements={"re": "no90", "kontra": "no90"}))
    assert result["winner"] is None
    assert result["deltas"] == {"Anna": 1, "Bert": -1, "Caro": 1, "Dieter": -1}
    assert "nobody_won" in result_marks(normal(125, announcements={"re": "no90", "kontra": "no90"}))


def test_nobody_wins_scores_played_under_points() -> None:
    # Both said keine 60, Re 175 (Kontra 65): nobody reached 181.
    deal = normal(175, announcements={"re": "no60", "kontra": "no60"})
    result = one(deal)
    assert result["winner"] is None
    assert result["deltas"]["Anna"] == 3
    assert explained([deal]) == ["Kontra under 90 1 + Re: 120 against keine 90 1 + Re: 90 against keine 60 1"]


def test_nobody_wins_each_party_scores_its_augen_against_the_other_absagen() -> None:
    # Both said keine 30 (211 needed), Re 150, Kontra 90: Re 3 points, Kontra 2.
    deal = normal(150, announcements={"re": "no30", "kontra": "no30"})
    result = one(deal)
    assert result["winner"] is None
    assert result["deltas"]["Anna"] == 1
    assert explained([deal]) == [
        "Re: 120 against keine 90 1 + Re: 90 against keine 60 1 + Re: 60 against keine 30 1 "
        "+ Kontra: 90 against keine 60 -1 + Kontra: 60 against keine 30 -1"
    ]


def test_nobody_wins_scores_sonderpunkte_but_not_gegen_die_alten() -> None:
    deal = normal(125, announcements={"re": "no90", "kontra": "no90"}, extras={"kontra": {"doppelkopf": 2}})
    assert re_gets(deal) == -1


# ---------------------------------------------------------------------------------------------------------------
# Points (TSR 7.2.2)


@pytest.mark.parametrize(("re_points", "value"), [(150, 1), (151, 2), (180, 2), (181, 3), (210, 3), (211, 4), (240, 4)])
def test_losers_under_90_60_30_each_add_a_point(re_points: int, value: int) -> None:
    assert re_gets(normal(re_points)) == value


def test_losers_schwarz_adds_a_point() -> None:
    assert re_gets(normal(240, schwarz="kontra")) == 5


def test_re_and_kontra_announced_add_2_each_to_the_winner_whoever_announced() -> None:
    assert re_gets(normal(130, announcements={"re": "re", "kontra": "kontra"})) == 5
    assert re_gets(normal(100, announcements={"re": "re"})) == -4  # Kontra collects Re's 2


def test_every_absage_of_either_party_adds_a_point_to_the_winner() -> None:
    # Re keine 60 made with 185: won, Kontra under 90 and under 60, Re 2, keine 90 and keine 60.
    assert re_gets(normal(185, announcements={"re": "no60"})) == 1 + 2 + 2 + 2
    # Kontra keine 30 failed, Re took 100: won, Kontra 2, three Absagen, 90 gegen keine 60, 60 gegen keine 30.
    assert re_gets(normal(100, announcements={"kontra": "no30"})) == 1 + 2 + 3 + 2


def test_reaching_120_90_60_against_absagen_counts_for_each_absage() -> None:
    # Re said keine 30, Kontra took 120: 120 gegen keine 90, 90 gegen keine 60, 60 gegen keine 30 (7.2.2 e).
    result = one(normal(120, announcements={"re": "no30"}))
    assert result["winner"] == "kontra"
    assert result["deltas"]["Bert"] == 1 + 2 + 3 + 3 + 1  # won, Re, Absagen, (e), gegen die Alten


def test_30_augen_against_schwarz_count() -> None:
    assert deltas(normal(31, announcements={"kontra": "schwarz"}))["Anna"] == 8
    assert deltas(normal(29, announcements={"kontra": "schwarz"}))["Anna"] == 7


def test_worked_example_kontra_announced_kontra_took_160() -> None:
    assert deltas(normal(80, announcements={"kontra": "kontra"})) == {"Anna": -5, "Bert": 5, "Caro": -5, "Dieter": 5}


def test_worked_example_re_announced_no60_took_130() -> None:
    result = one(normal(130, announcements={"re": "no60"}))
    assert result["deltas"] == {"Anna": -7, "Bert": 7, "Caro": -7, "Dieter": 7}
    assert explained([normal(130, announcements={"re": "no60"})]) == [
        "Kontra wins 1 + Re announced 2 + Re: keine 60 announced 2 + Kontra: 90 against keine 60 1 + Gegen die Alten 1"
    ]


def test_worked_example_solo_re_and_no90_with_175() -> None:
    assert deltas(solo(175, announcements={"re": "no90"})) == {"Anna": -5, "Bert": 15, "Caro": -5, "Dieter": -5}


# ---------------------------------------------------------------------------------------------------------------
# Sonderpunkte (TSR 7.2.3)


def test_sonderpunkte_are_netted_against_each_other_and_the_game_points() -> None:
    deal = normal(
        155, announcements={"re": "no90"}, extras={"re": {"fuchs": 1, "doppelkopf": 1}, "kontra": {"karlchen": 1}}
    )
    assert re_gets(deal) == 6


def test_a_winner_can_end_negative_through_sonderpunkte() -> None:
    result = one(normal(125, extras={"kontra": {"fuchs": 1, "karlchen": 1}}))
    assert result["winner"] == "re"
    assert result["deltas"] == {"Anna": -1, "Bert": 1, "Caro": -1, "Dieter": 1}
    assert result["value"] == 1
    assert explained([normal(125, extras={"kontra": {"fuchs": 1, "karlchen": 1}})]) == [
        "Re wins -1 + Fuchs (Kontra) 1 + Karlchen (Kontra) 1"
    ]


def test_kontra_winning_a_normal_game_scores_gegen_die_alten() -> None:
    assert re_gets(normal(100)) == -2
    assert re_gets(normal(100), with_rules(extras=["fuchs", "karlchen", "doppelkopf"])) == -1


def test_re_winning_scores_no_gegen_die_alten() -> None:
    assert re_gets(normal(140)) == 1


@pytest.mark.parametrize(
    ("key", "points"),
    [("fuchs", 1), ("karlchen", 1), ("doppelkopf", 1), ("karlchen_gefangen", 1), ("fuchs_am_ende", 2)],
)
def test_each_sonderpunkt_counts_for_its_party(key: str, points: int) -> None:
    rules = with_rules(extras=ALL_EXTRAS)
    assert re_gets(normal(140, extras={"re": {key: 1}}), rules) == 1 + points
    assert re_gets(normal(140, extras={"kontra": {key: 1}}), rules) == 1 - points


def test_two_doppelkoepfe_and_two_fuechse() -> None:
    assert re_gets(normal(200, extras={"re": {"doppelkopf": 2, "fuchs": 2}})) == 3 + 4


def test_fuchs_am_ende_comes_with_the_seed40_preset() -> None:
    assert re_gets(normal(140, extras={"re": {"fuchs_am_ende": 1}}), "seed40") == 3
    rejected(normal(140, extras={"re": {"fuchs_am_ende": 1}}), "extras", "not scored under these rules")


def test_sonderpunkt_not_in_the_rule_set_is_rejected() -> None:
    rejected(normal(140, extras={"re": {"karlchen_gefangen": 1}}), "extras", "Karlchen gefangen is not scored")
    rejected(normal(140, extras={"re": {"fuchs": 1}}), "extras", "Fuchs", rules=with_rules(extras=["karlchen"]))


# ---------------------------------------------------------------------------------------------------------------
# Solos (TSR 7.2.4)


def test_soloist_gets_three_times_the_value_each_opponent_once() -> None:
    assert deltas(solo(130)) == {"Anna": -1, "Bert": 3, "Caro": -1, "Dieter": -1}
    assert deltas(solo(110, kind="damen", announcements={"kontra": "kontra"})) == {
        "Anna": 3,
        "Bert": -9,
        "Caro": 3,
        "Dieter": 3,
    }


def test_a_lost_solo_scores_no_gegen_die_alten() -> None:
    assert deltas(solo(100))["Bert"] == -3


@pytest.mark.parametrize(
    ("kind", "label"),
    [
        ("damen", "Damensolo"),
        ("buben", "Bubensolo"),
        ("fleischlos", "Fleischloser"),
        ("kreuz", "Kreuz-Solo"),
        ("pik", "Pik-Solo"),
        ("herz", "Herz-Solo"),
        ("karo", "Karo-Solo"),
    ],
)
def test_every_solo_kind_of_the_48_card_deck(kind: str, label: str) -> None:
    assert one(solo(130, kind=kind))["contract"] == label


def test_damen_buben_solo_only_with_the_40_card_deck() -> None:
    assert one(solo(130, kind="damen_buben"), "seed40")["contract"] == "Damen-Buben-Solo"
    rejected(solo(130, kind="damen_buben"), "solo", "only played with the 40-card deck")


def test_solos_score_no_sonderpunkte() -> None:
    rejected(solo(130, extras={"re": {"fuchs": 1}}), "extras", "scored as a solo")


# ---------------------------------------------------------------------------------------------------------------
# Hochzeit, stille Hochzeit, Armut


def test_hochzeit_with_partner_is_a_normal_game() -> None:
    deal = {"type": "hochzeit", "re": ["Dieter", "Anna"], "re_points": 100, "extras": {"kontra": {"fuchs": 1}}}
    result = one(deal)
    assert result["contract"] == "Hochzeit"
    assert result["deltas"] == {"Anna": -3, "Bert": 3, "Caro": 3, "Dieter": -3}  # won, gegen die Alten, Fuchs


def test_hochzeit_without_partner_is_scored_as_a_solo_without_sonderpunkte() -> None:
    deal = {"type": "hochzeit", "re": ["Dieter"], "re_points": 170, "extras": {"re": {"fuchs": 1}}}
    result = one(deal)
    assert result["deltas"] == {"Anna": -2, "Bert": -2, "Caro": -2, "Dieter": 6}
    assert result["contract"] == "Hochzeit (allein)"


def test_hochzeit_without_partner_is_not_a_forced_solo() -> None:
    deal = {"type": "hochzeit", "re": ["Dieter"], "re_points": 170}
    rejected({**deal, "forced": True}, "forced", "does not apply to a Hochzeit")
    assert [r["dealer"] for r in settle([deal, normal(130)])] == ["Anna", "Bert"]


def test_stille_hochzeit_is_scored_as_a_solo_and_moves_the_deal() -> None:
    deal = {"type": "stille_hochzeit", "re": ["Caro"], "re_points": 100}
    results = settle([deal, normal(130)])
    assert results[0]["deltas"] == {"Anna": 1, "Bert": 1, "Caro": -3, "Dieter": 1}  # no gegen die Alten
    assert results[0]["contract"] == "Stille Hochzeit"
    assert [r["dealer"] for r in results] == ["Anna", "Bert"]
    rejected({**deal, "re": ["Caro", "Anna"]}, "re", "only the player holding both ♣ queens")
    rejected({**deal, "extras": {"re": {"fuchs": 1}}}, "extras", "scored as a solo")


def test_armut_is_a_normal_game_without_gegen_die_alten() -> None:
    deal = {"type": "armut", "re": ["Anna", "Bert"], "re_points": 100, "extras": {"re": {"fuchs": 1}}}
    result = one(deal, with_rules(armut=True))
    assert result["contract"] == "Armut"
    assert result["deltas"] == {"Anna": 0, "Bert": 0, "Caro": 0, "Dieter": 0}  # Kontra 1, Re's Fuchs 1


def test_armut_is_rejected_when_the_option_is_off() -> None:
    rejected({"type": "armut", "re": ["Anna", "Bert"], "re_points": 100}, "type", "rules.armut is off")


# ---------------------------------------------------------------------------------------------------------------
# Penalties (TSR 9)


def test_minor_penalty_offender_minus_3_others_plus_1() -> None:
    assert deltas({"type": "penalty", "player": "Bert", "severity": "minor"}) == {
        "Anna": 1,
        "Bert": -3,
        "Caro": 1,
        "Dieter": 1,
    }


def test_serious_penalty_offender_minus_12_others_plus_4() -> None:
    result = one({"type": "penalty", "player": "Caro", "severity": "serious"})
    assert result["deltas"] == {"Anna": 4, "Bert": 4, "Caro": -12, "Dieter": 4}
    assert result["contract"] == "Strafe (schwer)"


def test_a_penalty_row_keeps_the_dealer() -> None:
    results = settle([{"type": "penalty", "player": "Bert", "severity": "minor"}, normal(130), normal(130)])
    assert [r["dealer"] for r in results] == ["Anna", "Anna", "Bert"]


def test_a_penalty_at_five_leaves_the_sitting_out_dealer_at_0() -> None:
    result = one({"type": "penalty", "player": "Bert", "severity": "minor"}, players=FIVE)
    assert result["deltas"] == {"Anna": 0, "Bert": -3, "Caro": 1, "Dieter": 1, "Emil": 1}
    rejected({"type": "penalty", "player": "Anna", "severity": "minor"}, "player", "sits out", players=FIVE)


def test_a_penalty_neither_uses_nor_triggers_bock() -> None:
    rules = with_rules(bock={"triggers": ["tie120", "manual"]})
    penalty = {"type": "penalty", "player": "Bert", "severity": "minor"}
    results = settle([normal(120), penalty, normal(130), normal(130), normal(130), normal(130), normal(130)], rules)
    assert [r["bock_factor"] for r in results] == [1, 1, 2, 2, 2, 2, 1]
    assert results[1]["deltas"]["Bert"] == -3
    assert [r["dealer"] for r in results[:3]] == ["Anna", "Bert", "Bert"]
    rejected({**penalty, "bock": True}, "bock", rules=rules)


# ---------------------------------------------------------------------------------------------------------------
# Pflichtsolo


def test_after_a_forced_solo_the_same_dealer_deals_again() -> None:
    results = settle([normal(140), solo(121, soloist="Caro", kind="buben", forced=True), normal(100), normal(200)])
    assert [r["dealer"] for r in results] == ["Anna", "Bert", "Bert", "Caro"]
    assert results[1]["contract"] == "Bubensolo (Pflicht)"


def test_after_a_vorgefuehrtes_solo_the_deal_moves_on() -> None:
    results = settle([solo(130, vorgefuehrt=True), normal(130)])
    assert [r["dealer"] for r in results] == ["Anna", "Bert"]
    assert results[0]["contract"] == "Kreuz-Solo (vorgeführt)"
    assert "vorgefuehrt" in result_marks(solo(130, vorgefuehrt=True))


def test_vorgefuehrt_is_a_forced_solo_so_forced_false_contradicts_it() -> None:
    rejected(solo(130, vorgefuehrt=True, forced=False), "forced", "vorgeführtes solo")
    assert one(solo(130, vorgefuehrt=True, forced=True))["contract"] == "Kreuz-Solo (vorgeführt)"


def test_forced_is_invalid_when_the_rules_have_no_pflichtsolo() -> None:
    rules = with_rules(pflichtsolo=False)
    rejected(solo(130, forced=True), "forced", "no Pflichtsolo", rules=rules)
    rejected(solo(130, vorgefuehrt=True), "vorgefuehrt", "no Pflichtsolo", rules=rules)
    assert one(solo(130, forced=False), rules)["deltas"]["Bert"] == 3


def test_a_player_has_one_pflichtsolo_per_round() -> None:
    [problem] = problems([solo(130, forced=True), normal(130), solo(130, forced=True)])
    assert problem.deal == 3
    assert problem.field == "forced"
    assert "Bert already played a Pflichtsolo in this round (deal 1)" in problem.message
    [problem] = problems([solo(130, forced=True), solo(130, vorgefuehrt=True)])
    assert problem.field == "vorgefuehrt"


def test_a_lustsolo_after_the_pflichtsolo_is_fine() -> None:
    results = settle([solo(130, forced=True), solo(130)])
    assert [r["dealer"] for r in results] == ["Anna", "Anna"]


def test_a_round_is_24_games_at_four_then_a_new_pflichtsolo_is_owed() -> None:
    games = [solo(130, forced=True)] + [normal(130)] * 23
    results = settle([*games, solo(130, forced=True)])
    assert results[-1]["round"] == 2
    assert results[-2]["round"] == 1
    problem = problems([*games[:-1], solo(130, forced=True)])[0]
    assert problem.deal == 24


def test_a_round_is_30_games_at_five() -> None:
    # Emil deals, so sits out, every game; the others play
    games = [solo(130, forced=True, dealer="Emil")] + [normal(130, dealer="Emil")] * 29
    results = settle([*games, solo(130, forced=True)], players=FIVE)
    assert results[-1]["round"] == 2
    [problem] = problems([*games[:-1], solo(130, forced=True)], players=FIVE)
    assert problem.deal == 30


def test_an_owed_pflichtsolo_after_the_round_is_an_extra_deal_of_that_round() -> None:
    games = [solo(130, soloist="Anna", forced=True)] + [normal(130)] * 23
    results = settle(
        [*games, solo(130, soloist="Bert", forced=True), normal(130), solo(130, soloist="Bert", forced=True)]
    )
    assert [r["round"] for r in results[-3:]] == [1, 2, 2]
    assert results[-1]["contract"] == "Kreuz-Solo (Pflicht)"


def test_penalties_do_not_count_as_games_of_the_round() -> None:
    penalty = {"type": "penalty", "player": "Anna", "severity": "minor"}
    games = [solo(130, forced=True)] + [normal(130), penalty] * 22  # 23 games, 45 rows
    [problem] = problems([*games, solo(130, forced=True)])
    assert problem.field == "forced"


# ---------------------------------------------------------------------------------------------------------------
# Five at a table, 40-card deck


def test_five_at_the_table_the_dealer_sits_out() -> None:
    results = settle([normal(150, re=("Bert", "Caro")), normal(100)], players=FIVE)
    assert results[0]["deltas"] == {"Anna": 0, "Bert": 1, "Caro": 1, "Dieter": -1, "Emil": -1}
    assert results[1]["deltas"] == {"Anna": -2, "Bert": 0, "Caro": -2, "Dieter": 2, "Emil": 2}


def test_the_sitting_out_dealer_cannot_be_in_the_re_party() -> None:
    rejected(normal(130, re=("Anna", "Bert")), "re", "sits out", players=FIVE)


def test_a_forced_solo_at_five_keeps_the_same_dealer_out() -> None:
    results = settle([solo(130, forced=True), normal(130, re=("Caro", "Dieter"))], players=FIVE)
    assert [r["dealer"] for r in results] == ["Anna", "Anna"]
    assert results[1]["deltas"]["Anna"] == 0


def test_40_card_deck_every_trick_holds_at_least_8_augen() -> None:
    rejected(normal(5), "re_points", "at least 8 Augen", rules="seed40")
    rejected(normal(0), "re_points", "record schwarz", rules="seed40")
    rejected(normal(236), "re_points", "Kontra party cannot end with 4", rules="seed40")
    assert re_gets(normal(0, schwarz="re"), "seed40") == -6  # 1 + 4 under + gegen die Alten
    assert re_gets(normal(232), "seed40") == 4


def test_48_card_deck_a_trick_of_four_neunen_has_0_augen() -> None:
    assert one(normal(0))["winner"] == "kontra"  # Re took a trick without Augen: not schwarz
    assert re_gets(normal(0)) == -5
    rejected(normal(1), "re_points", "no card is worth 1 Auge")
    rejected(normal(239), "re_points", "Kontra party cannot end with 1")


# ---------------------------------------------------------------------------------------------------------------
# re_kontra: plus2 or double


def test_re_kontra_double_doubles_the_game_points() -> None:
    rules = with_rules(re_kontra="double")
    # Kontra took 160 after announcing: (1 + under 90) × 2 + gegen die Alten.
    result = one(normal(80, announcements={"kontra": "kontra"}), rules)
    assert result["deltas"]["Bert"] == 5
    assert result["multiplier"] == 2
    assert explained([normal(80, announcements={"kontra": "kontra"})], rules) == [
        "Kontra wins 1 + Re under 90 1 + Kontra ×2 + Gegen die Alten 1"
    ]
    assert "doubled" in result_marks(normal(80, announcements={"kontra": "kontra"}), rules)


def test_re_kontra_double_both_announced_quadruple_and_sonderpunkte_after() -> None:
    rules = with_rules(re_kontra="double")
    deal = normal(155, announcements={"re": "no90", "kontra": "kontra"}, extras={"re": {"fuchs": 1}})
    # game points: 1 + under 90 + keine 90 = 3, ×2 ×2 = 12, + Fuchs 1 = 13
    result = one(deal, rules)
    assert result["deltas"]["Anna"] == 13
    assert result["multiplier"] == 4


def test_re_kontra_double_applies_when_nobody_wins() -> None:
    rules = with_rules(re_kontra="double")
    assert re_gets(normal(125, announcements={"re": "no90", "kontra": "no90"}), rules) == 4


def test_re_kontra_double_in_a_solo() -> None:
    rules = with_rules(re_kontra="double")
    assert deltas(solo(175, announcements={"re": "no90"}), rules)["Bert"] == 3 * (3 * 2)


# re_kontra: double_all


def test_re_kontra_the_rules_page_example_under_each_setting() -> None:
    # Re said Re, Kontra took 55 Augen, Re caught a Fuchs.
    deal = normal(185, announcements={"re": "re"}, extras={"re": {"fuchs": 1}})
    assert [re_gets(deal, with_rules(re_kontra=mode)) for mode in ("plus2", "double", "double_all")] == [6, 7, 8]


def test_re_kontra_double_all_doubles_the_sonderpunkte_with_the_game() -> None:
    rules = with_rules(re_kontra="double_all")
    deal = normal(130, announcements={"re": "re", "kontra": "kontra"}, extras={"re": {"fuchs": 1, "doppelkopf": 1}})
    assert re_gets(deal, rules) == (1 + 2) * 4
    assert explained([deal], rules) == ["Re wins 1 + Fuchs (Re) 1 + Doppelkopf (Re) 1 + Re ×2 + Kontra ×2"]


def test_re_kontra_double_all_sonderpunkte_can_cancel_the_game() -> None:
    rules = with_rules(re_kontra="double_all")
    deal = normal(100, announcements={"kontra": "kontra"}, extras={"re": {"fuchs": 2}})
    assert re_gets(deal, rules) == 0  # (−1 Kontra won + 2 Füchse − 1 gegen die Alten) × 2


def test_re_kontra_double_all_reads_as_double_in_a_solo_and_under_bock() -> None:
    solo_deal = solo(175, announcements={"re": "no90"})
    assert deltas(solo_deal, with_rules(re_kontra="double_all")) == deltas(solo_deal, with_rules(re_kontra="double"))
    rules = with_rules(re_kontra="double_all", bock={"triggers": ["manual"]})
    doubled = settle(
        [normal(130, bock=True), normal(130, announcements={"re": "re"}, extras={"re": {"fuchs": 1}})], rules
    )
    assert doubled[1]["deltas"]["Anna"] == (1 + 1) * 2 * 2


# ---------------------------------------------------------------------------------------------------------------
# Bock rounds


def bock_rules(*triggers: str, stacking: str = "multiply") -> dict[str, Any]:
    return with_rules(bock={"triggers": list(triggers), "stacking": stacking})


def factors(deals: list[dict[str, Any]], rules: Any, players: list[str] | None = None) -> list[int]:
    return [r["bock_factor"] for r in settle(deals, rules, players)]


def test_bock_after_120_to_120_doubles_the_next_four_games() -> None:
    deals = [normal(120)] + [normal(130, re=("Anna", "Bert"))] * 5
    results = settle(deals, bock_rules("tie120"))
    assert [r["deltas"]["Anna"] for r in results] == [-2, 2, 2, 2, 2, 1]
    assert explained(deals, bock_rules("tie120"))[1] == "Re wins 1 + Bock ×2"


def test_bock_rounds_last_as_many_games_as_players_at_the_table() -> None:
    deals = [normal(120, dealer="Emil")] + [normal(130)] * 6
    for deal in deals:
        deal["dealer"] = "Emil"
    assert factors(deals, bock_rules("tie120"), FIVE) == [1, 2, 2, 2, 2, 2, 1]


def test_bock_after_a_lost_solo() -> None:
    rules = bock_rules("solo_lost")
    assert factors([solo(100), normal(130)], rules) == [1, 2]
    assert factors([solo(130), normal(130)], rules) == [1, 1]
    assert factors([{"type": "hochzeit", "re": ["Anna"], "re_points": 100}, normal(130)], rules) == [1, 2]


def test_bock_after_a_lost_announcement() -> None:
    rules = bock_rules("announcement_lost")
    assert factors([normal(100, announcements={"re": "re"}), normal(130)], rules) == [1, 2]
    assert factors([normal(130, announcements={"kontra": "kontra"}), normal(130)], rules) == [1, 2]
    assert factors([normal(130, announcements={"re": "re"}), normal(130)], rules) == [1, 1]
    # nobody wins: both announcing parties missed their target
    assert factors([normal(125, announcements={"re": "no90", "kontra": "no90"}), normal(130)], rules) == [1, 2]


def test_manual_bock() -> None:
    rules = bock_rules("manual")
    assert factors(
        [normal(130, bock=True), normal(130), normal(130), normal(130), normal(130), normal(130)], rules
    ) == [
        1,
        2,
        2,
        2,
        2,
        1,
    ]
    rejected(normal(130, bock=True), "bock", "no manual Bock trigger", rules=bock_rules("tie120"))
    rejected(normal(130, bock=True), "bock", "no manual Bock trigger")
    rejected(normal(130, bock="yes"), "bock", "true or false", rules=rules)


def test_a_trigger_during_bock_multiplies_overlapping_deals() -> None:
    deals = [normal(120), normal(130), normal(120), normal(130), normal(130), normal(130), normal(130), normal(130)]
    assert factors(deals, bock_rules("tie120")) == [1, 2, 2, 4, 4, 2, 2, 1]


def test_a_trigger_during_bock_extends_it_by_n_more_deals() -> None:
    deals = [normal(120), normal(130), normal(120)] + [normal(130)] * 7
    assert factors(deals, bock_rules("tie120", stacking="extend")) == [1, 2, 2, 2, 2, 2, 2, 2, 2, 1]


def test_one_bock_round_per_trigger_deal_however_many_triggers_it_meets() -> None:
    rules = bock_rules("tie120", "announcement_lost", "manual")
    deals = [normal(120, announcements={"re": "re"}, bock=True)] + [normal(130)] * 5
    assert factors(deals, rules) == [1, 2, 2, 2, 2, 1]


def test_forced_solos_neither_use_nor_trigger_bock() -> None:
    rules = bock_rules(*EVERY_TRIGGER)
    deals = [normal(120), solo(100, forced=True), normal(130), normal(130), normal(130), normal(130), normal(130)]
    assert factors(deals, rules) == [1, 1, 2, 2, 2, 2, 1]
    assert factors([solo(120, vorgefuehrt=True), normal(130)], rules) == [1, 1]
    rejected(solo(130, forced=True, bock=True), "bock", "Pflichtsolo", rules=rules)


def test_bock_multiplies_the_whole_value_including_a_solo() -> None:
    deals = [normal(120), solo(175, announcements={"re": "no90"})]
    results = settle(deals, bock_rules("tie120"))
    assert results[1]["deltas"] == {"Anna": -10, "Bert": 30, "Caro": -10, "Dieter": -10}
    assert results[1]["multiplier"] == 2
    assert (
        explained(deals, bock_rules("tie120"))[1]
        == "Re wins 1 + Kontra under 90 1 + Re announced 2 + Re: keine 90 announced 1 + Bock ×2"
    )


def test_bock_is_derived_from_history_so_editing_a_deal_recomputes_later_ones() -> None:
    rules = bock_rules("tie120")
    deals = [normal(130), normal(130), normal(130)]
    assert factors(deals, rules) == [1, 1, 1]
    deals[0] = normal(120)
    assert factors(deals, rules) == [1, 2, 2]


def test_an_invalid_deal_is_never_partly_applied() -> None:
    rules = bock_rules("tie120")
    session = engine.load(document([normal(120, extras={"re": {"bogus": 1}}), normal(130)], rules))
    [problem, result] = list(session.replay())
    assert problem.field == "extras"  # type: ignore[union-attr]
    assert result.outcome.extra["bock_factor"] == 1  # type: ignore[union-attr]
    # a rejected Pflichtsolo does not count as the player's Pflichtsolo
    [problem] = problems([solo(241, forced=True), solo(130, forced=True)])
    assert (problem.deal, problem.field) == (1, "re_points")


def test_bock_off_is_accepted_as_false_null_or_off() -> None:
    for off in (False, None, "off"):
        assert factors([normal(120), normal(130)], with_rules(bock=off)) == [1, 1]


# ---------------------------------------------------------------------------------------------------------------
# Presets, options, form description


def test_presets_ddv_first_and_seed40() -> None:
    assert list(Doppelkopf.rule_presets) == ["ddv", "seed40"]
    seed40 = Doppelkopf.rule_presets["seed40"]
    assert seed40["deck"] == 40
    assert "fuchs_am_ende" in seed40["extras"]
    assert Doppelkopf.rule_presets["ddv"]["re_kontra"] == "plus2"
    assert Doppelkopf.rule_presets["ddv"]["pflichtsolo"] is True


def test_ddv_is_the_default_rule_set() -> None:
    doc = document([normal(120)])
    del doc["rules"]
    assert settle_document(doc)["deals"][0]["deltas"]["Anna"] == -2


def test_enabled_contracts_follow_the_rules() -> None:
    session = engine.load(document([]))
    game = session.new_game()
    assert isinstance(game, Doppelkopf)
    assert game.enabled_contracts() == ("normal", "stille_hochzeit", "hochzeit", "solo", "penalty")
    armut = engine.load(document([], with_rules(armut=True))).new_game()
    assert isinstance(armut, Doppelkopf)
    assert armut.enabled_contracts() == ("normal", "stille_hochzeit", "armut", "hochzeit", "solo", "penalty")
    assert "damen_buben" not in game.enabled_solos()
    assert set(armut.enabled_contracts()) == set(Doppelkopf.CONTRACT_FIELDS)


FIELD_VALUES: dict[str, Any] = {
    "re": ["Anna", "Caro"],
    "announcements": {"re": "re"},
    "re_points": 130,
    "schwarz": None,
    "extras": {"re": {"fuchs": 1}},
    "bock": False,
    "solo": "herz",
    "forced": True,
    "vorgefuehrt": False,
    "player": "Bert",
    "severity": "serious",
    "soloist": "Anna",  # a defender's offence in Anna's solo (9.4.4)
    "points": 18,
}


@pytest.mark.parametrize("kind", list(Doppelkopf.CONTRACT_FIELDS))
def test_contract_fields_are_exactly_what_each_type_records(kind: str) -> None:
    rules = with_rules(armut=True, bock={"triggers": ["manual"]})
    deal = {"type": kind, **{field: FIELD_VALUES[field] for field in Doppelkopf.CONTRACT_FIELDS[kind]}}
    if kind in ("solo", "stille_hochzeit"):
        deal["re"] = ["Anna"]
    assert one(deal, rules)["deltas"]
    for other in FIELD_VALUES.keys() - Doppelkopf.CONTRACT_FIELDS[kind]:
        [problem] = problems([{**deal, other: FIELD_VALUES[other]}], rules)
        assert problem.field == other


def test_fields_for_leaves_out_what_the_rules_switch_off() -> None:
    plain = engine.load(document([], with_rules(pflichtsolo=False, extras=[]))).new_game()
    assert plain.fields_for("solo") == ("solo", "re", "announcements", "re_points", "schwarz")
    assert plain.fields_for("normal") == ("re", "announcements", "re_points", "schwarz")
    everything = engine.load(document([], with_rules(bock={"triggers": ["manual"]}))).new_game()
    assert everything.fields_for("solo") == Doppelkopf.CONTRACT_FIELDS["solo"]
    assert everything.fields_for("normal") == Doppelkopf.CONTRACT_FIELDS["normal"]


def test_frozen_rules_give_the_same_rules_back() -> None:
    rules = with_rules(bock={"triggers": ["tie120", "manual"], "stacking": "extend"}, extras=ALL_EXTRAS, armut=True)
    frozen, tariff = engine.freeze("doppelkopf", rules)
    assert tariff is None
    assert frozen["bock"] == {"triggers": ["manual", "tie120"], "stacking": "extend"}
    assert engine.freeze("doppelkopf", frozen) == (frozen, None)
    assert engine.freeze("doppelkopf", "ddv")[0]["bock"] is None


def test_options_describe_themselves_for_a_form() -> None:
    schema = Doppelkopf.rule_schema
    assert schema["extras"].kind == "subset"  # type: ignore[attr-defined]
    assert "fuchs_am_ende" in schema["extras"].choices  # type: ignore[attr-defined]
    assert schema["bock"].kind == "bock"  # type: ignore[attr-defined]
    assert schema["bock"].triggers == tuple(EVERY_TRIGGER)  # type: ignore[attr-defined]
    assert schema["deck"].kind == "choice"  # type: ignore[attr-defined]


def test_the_players_option_is_the_usual_table_size_the_player_list_decides() -> None:
    assert settle([normal(130)], with_rules(players=5))[0]["deltas"]["Anna"] == 1
    assert settle([normal(130, re=("Bert", "Caro"))], "ddv", FIVE)[0]["deltas"]["Anna"] == 0


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ("skat", "unknown preset"),
        (with_rules(jokers=True), "unknown option"),
        (with_rules(deck=52), "rules.deck"),
        (with_rules(players=6), "rules.players"),
        (with_rules(re_kontra="triple"), "rules.re_kontra"),
        (with_rules(extras=["fuchs", "schweinchen"]), "unknown schweinchen"),
        (with_rules(extras=["fuchs_am_ende"]), "needs fuchs"),
        (with_rules(extras="fuchs"), "must be a list"),
        (with_rules(armut="yes"), "rules.armut"),
        (with_rules(pflichtsolo=1), "rules.pflichtsolo"),
        (with_rules(bock={"triggers": ["hochzeit"]}), "unknown 'hochzeit'"),
        (with_rules(bock={"triggers": []}), "at least one"),
        (with_rules(bock={"triggers": ["tie120"], "stacking": "add"}), "rules.bock.stacking"),
        (with_rules(bock={"triggers": ["tie120"], "rounds": 2}), "unknown setting"),
        (with_rules(bock=True), "rules.bock"),
    ],
)
def test_unknown_preset_or_bad_option_is_rejected(rules: Any, words: str) -> None:
    with pytest.raises(engine.InvalidSession) as raised:
        engine.load(document([], rules))
    assert words in str(raised.value)
    assert str(raised.value).startswith("rules")


# ---------------------------------------------------------------------------------------------------------------
# Validation of a deal


@pytest.mark.parametrize(
    ("deal", "field", "words"),
    [
        (normal(241), "re_points", "between 0 and 240 (got 241)"),
        (normal(-1), "re_points", "between 0 and 240"),
        (normal(130.5), "re_points", "whole number"),  # type: ignore[arg-type]
        ({"type": "normal", "re": ["Anna", "Caro"]}, "re_points", "required for a normal game"),
        (normal(30, schwarz="re"), "schwarz", "so it has 0 Augen"),
        (normal(200, schwarz="kontra"), "schwarz", "Kontra party took no trick"),
        (normal(0, schwarz="both"), "schwarz", "must be one of re, kontra"),
        ({"type": "normal", "re": ["Anna"], "re_points": 130}, "re", "the 2 players of the Re party"),
        ({"type": "normal", "re": ["Anna", "Bert", "Caro"], "re_points": 130}, "re", "(got 3)"),
        ({"type": "normal", "re": ["Anna", "Anna"], "re_points": 130}, "re", "names a player twice"),
        ({"type": "normal", "re": ["Anna", "Zoe"], "re_points": 130}, "re", "not a player"),
        ({"type": "normal", "re": "Anna", "re_points": 130}, "re", "list of players"),
        ({"type": "normal", "re_points": 130}, "re", "required"),
        (solo(130, soloist="Bert") | {"re": ["Bert", "Anna"]}, "re", "only the soloist"),
        ({"type": "hochzeit", "re": ["Anna", "Bert", "Caro"], "re_points": 130}, "re", "Hochzeit player"),
        ({"type": "armut", "re": ["Anna"], "re_points": 130}, "type", "rules.armut is off"),
        ({"type": "ramsch", "re": ["Anna", "Caro"], "re_points": 130}, "type", "must be one of normal"),
        ({"re": ["Anna", "Caro"], "re_points": 130}, "type", "type is required"),
        ({"type": "solo", "re": ["Bert"], "re_points": 130}, "solo", "required for a solo"),
        (solo(130, kind="trumpf"), "solo", "must be one of damen"),
        (solo(130, forced="yes"), "forced", "true or false"),
        (normal(130, solo="kreuz"), "solo", "does not apply to a normal game"),
        (normal(130, forced=True), "forced", "does not apply to a normal game"),
        (normal(130, player="Anna"), "player", "does not apply"),
        (normal(130, points=130), "points", "does not apply"),
        (normal(130, announcements={"re": "kontra"}), "announcements", "announcements.re must be one of re, no90"),
        (normal(130, announcements={"kontra": "re"}), "announcements", "announcements.kontra must be one of kontra"),
        (normal(130, announcements={"kontra": "no120"}), "announcements", "(got 'no120')"),
        (normal(130, announcements={"both": "re"}), "announcements", "unknown party"),
        (normal(130, announcements=["re"]), "announcements", "must be an object"),
        (normal(130, extras={"re": {"fuchs": 3}}), "extras", "extras.re.fuchs must be a whole number between 0 and 2"),
        (normal(130, extras={"re": {"karlchen": 2}}), "extras", "between 0 and 1"),
        (normal(130, extras={"re": {"fuchs": -1}}), "extras", "extras.re.fuchs"),
        (normal(130, extras={"re": {"fuchs": True}}), "extras", "whole number"),
        (normal(130, extras={"re": {"schweinchen": 1}}), "extras", "unknown Sonderpunkt 'schweinchen'"),
        (normal(130, extras={"kontra": {"gegen_die_alten": 1}}), "extras", "scored when Kontra wins"),
        (normal(130, extras={"alte": {}}), "extras", "unknown party"),
        (normal(130, extras={"re": 1}), "extras", "extras.re must be an object"),
        (normal(130, extras=[]), "extras", "must be an object"),
        (normal(0, schwarz="re", extras={"re": {"fuchs": 1}}), "extras", "took no trick, so it has no Sonderpunkte"),
        (normal(79, extras={"re": {"doppelkopf": 2}}), "extras", "need 80, the party took 79"),
        (normal(130, extras={"re": {"fuchs": 2}, "kontra": {"fuchs": 1}}), "extras", "only two Füchse"),
        (normal(130, extras={"re": {"karlchen": 1}, "kontra": {"karlchen": 1}}), "extras", "last trick"),
        ({"type": "penalty", "player": "Bert"}, "severity", "required for a penalty"),
        ({"type": "penalty", "player": "Bert", "severity": "deadly"}, "severity", "minor, serious"),
        ({"type": "penalty", "severity": "minor"}, "player", "required for a penalty"),
        ({"type": "penalty", "player": "Bert", "severity": "minor", "re_points": 3}, "re_points", "a penalty"),
    ],
)
def test_an_impossible_deal_is_rejected_naming_the_field(deal: dict[str, Any], field: str, words: str) -> None:
    rejected(deal, field, words)


def test_karlchen_and_karlchen_gefangen_share_the_two_kreuz_buben() -> None:
    rules = with_rules(extras=ALL_EXTRAS)
    rejected(normal(130, extras={"re": {"karlchen": 1, "karlchen_gefangen": 2}}), "extras", "two ♣ Buben", rules=rules)
    assert re_gets(normal(130, extras={"re": {"karlchen": 1, "karlchen_gefangen": 1}}), rules) == 3
    rejected(
        normal(130, extras={"re": {"fuchs_am_ende": 1}, "kontra": {"karlchen": 1}}), "extras", "last trick", rules=rules
    )


def test_extras_of_a_party_may_be_empty_or_null() -> None:
    assert re_gets(normal(130, extras={"re": {}, "kontra": None})) == 1


def test_announcement_of_null_means_none() -> None:
    assert re_gets(normal(130, announcements={"re": None, "kontra": None})) == 1


# ---------------------------------------------------------------------------------------------------------------
# Score sheet output


def test_sheet_shows_label_value_marks_and_declarers() -> None:
    session = engine.load(document([solo(240, schwarz="kontra", forced=True, announcements={"re": "schwarz"})]))
    result = session.results()[0]
    assert result.outcome.label == "Kreuz-Solo (Pflicht)"
    assert result.outcome.marks == ("won", "solo", "forced", "schwarz")
    assert result.outcome.declarers == ("Bert",)
    assert result.value == 1 + 4 + 2 + 4  # won, under 90/60/30/schwarz, Re, four Absagen
    assert evaluate(result.explanation) == result.value


def test_output_names_the_winner_bock_and_the_round() -> None:
    result = one(normal(130))
    assert result["winner"] == "re"
    assert result["bock_factor"] == 1
    assert result["round"] == 1
    assert result["contract"] == "Normalspiel"


# ---------------------------------------------------------------------------------------------------------------
# Properties over random sessions

RULE_SETS: list[Any] = [
    "ddv",
    "seed40",
    with_rules(armut=True, re_kontra="double", extras=ALL_EXTRAS, bock={"triggers": EVERY_TRIGGER}),
    with_rules(re_kontra="double_all", extras=ALL_EXTRAS, bock={"triggers": EVERY_TRIGGER}),
    with_rules(bock={"triggers": EVERY_TRIGGER, "stacking": "extend"}, pflichtsolo=False),
    {"preset": "seed40", "armut": True, "bock": {"triggers": ["tie120", "solo_lost"]}, "extras": []},
    with_rules(extras=["doppelkopf", "karlchen", "karlchen_gefangen"], bock={"triggers": ["manual"]}),
]

sessions = st.builds(
    lambda rules, seed, deals, five: random_session(
        "doppelkopf", random.Random(seed), deals, rules=rules, players=FIVE if five else FOUR
    ),
    st.sampled_from(RULE_SETS),
    st.integers(0, 2**32),
    st.integers(1, 80),
    st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(sessions)
def test_every_deal_sums_to_zero_and_explains_its_value(doc: dict[str, Any]) -> None:
    for result in engine.load(doc).results():
        assert sum(result.deltas.values()) == 0
        assert result.pot == 0
        assert evaluate(result.explanation) == result.value
        assert all(result.deltas[name] == 0 for name in result.sitting_out)


@settings(max_examples=30, deadline=None)
@given(sessions)
def test_replaying_twice_gives_identical_output(doc: dict[str, Any]) -> None:
    assert engine.settle(copy.deepcopy(doc)) == engine.settle(doc)


MUTATIONS: list[tuple[str, Any]] = [
    ("re_points", lambda deal: deal | {"re_points": 241}),
    ("re_points", lambda deal: deal | {"re_points": -5}),
    ("type", lambda deal: deal | {"type": "ramsch"}),
    ("severity", lambda deal: deal | {"severity": "grave"} if deal["type"] == "penalty" else deal | {"severity": 1}),
    ("announcements", lambda deal: deal | {"announcements": {"re": "kontra"}}),
    ("extras", lambda deal: deal | {"extras": {"re": {"fuchs": 5}}}),
    ("tip", lambda deal: deal | {"tip": 5}),
    ("re", lambda deal: deal | {"re": ["Nobody"]} if deal["type"] != "penalty" else deal | {"re": []}),
]


@settings(max_examples=60, deadline=None)
@given(sessions, st.integers(0, 10_000), st.sampled_from(MUTATIONS))
def test_an_invalid_mutation_is_rejected_naming_the_field(doc: dict[str, Any], pick: int, mutation: Any) -> None:
    field, mutate = mutation
    number = pick % len(doc["deals"])
    doc["deals"][number] = mutate(doc["deals"][number])
    assert_rejected_naming(doc, number + 1, field)


def _round_of(deals: list[dict[str, Any]], players: list[str] | None = None) -> engine.PflichtsoloRound | None:
    """The Pflichtsolo round after ``deals``, read from their results as a stored sheet keeps them."""
    doc = {"format": "schreiber/1", "game": "doppelkopf", "players": players or ["A", "B", "C", "D"], "rules": "ddv"}
    session = engine.load({**doc, "deals": deals})
    results = session.results()
    return session.new_game().pflichtsolo_round(
        session.players, ((r.outcome.extra, r.outcome.marks, r.outcome.declarers) for r in results)
    )


def _forced(player: str) -> dict[str, Any]:
    return {"type": "solo", "solo": "damen", "re": [player], "forced": True, "re_points": 150}


NORMAL = {"type": "normal", "re": ["A", "B"], "re_points": 130}


def test_pflichtsolo_round_counts_games_left_and_who_still_owes() -> None:
    assert _round_of([]) == engine.PflichtsoloRound(1, 24, ("A", "B", "C", "D"))
    state = _round_of([_forced("C"), NORMAL, {"type": "penalty", "player": "A", "severity": "minor"}])
    assert state == engine.PflichtsoloRound(1, 22, ("A", "B", "D"))  # a penalty is no game of the round
    assert not state.vorgefuehrt


def test_pflichtsolo_round_is_vorgefuehrt_when_the_solos_owed_fill_the_games_left() -> None:
    state = _round_of([_forced("C"), *[NORMAL] * 20])
    assert state == engine.PflichtsoloRound(1, 3, ("A", "B", "D"))
    assert state.vorgefuehrt
    late = _round_of([*[NORMAL] * 24, _forced("A")])  # owed solos after the 24th game are extra deals
    assert late == engine.PflichtsoloRound(1, 0, ("B", "C", "D"))
    assert late.vorgefuehrt


def test_pflichtsolo_round_opens_the_next_round_once_every_solo_is_played() -> None:
    deals = [*map(_forced, "ABCD"), *[NORMAL] * 20]
    assert _round_of(deals) == engine.PflichtsoloRound(2, 24, ("A", "B", "C", "D"))
    assert _round_of([*deals, NORMAL]) == engine.PflichtsoloRound(2, 23, ("A", "B", "C", "D"))
    five = _round_of([_forced("E")], ["A", "B", "C", "D", "E"])  # 30 games at five, the dealer sitting out
    assert five == engine.PflichtsoloRound(1, 29, ("A", "B", "C", "D"))


def test_pflichtsolo_round_is_none_without_forced_solos() -> None:
    doc = {"format": "schreiber/1", "game": "doppelkopf", "players": ["A", "B", "C", "D"], "deals": []}
    session = engine.load({**doc, "rules": {"preset": "ddv", "pflichtsolo": False}})
    assert session.new_game().pflichtsolo_round(session.players, []) is None
