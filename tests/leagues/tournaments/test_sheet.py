"""Table sheets under the TSR: hand-made Doppelkopf rounds covering each case of TSR 4.2, and the other presets."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from leagues.tournaments.rules.sheet import Sheet, read_sheet
from leagues.tournaments.rules.words import InvalidTournament
from scorekeeper.engine.tournament_presets import PRESETS

FOUR = ("A", "B", "C", "D")
FIVE = ("A", "B", "C", "D", "E")
DDV, HOME = PRESETS["ddv"], PRESETS["ddv_home"]


def normal(re: tuple[str, str] = ("A", "B"), re_points: int = 130) -> dict[str, Any]:
    return {"type": "normal", "re": list(re), "re_points": re_points}


def solo(player: str, re_points: int = 150, **marks: bool) -> dict[str, Any]:
    return {"type": "solo", "solo": "damen", "re": [player], "re_points": re_points, **marks}


def sheet(deals: list[dict[str, Any]], seats: tuple[str, ...] = FOUR, preset: Any = DDV, **kw: Any) -> Sheet:
    return read_sheet(preset, seats, deals, **kw)


def problems(deals: list[dict[str, Any]], seats: tuple[str, ...] = FOUR, preset: Any = DDV, **kw: Any) -> list[str]:
    with pytest.raises(InvalidTournament) as raised:
        read_sheet(preset, seats, deals, **kw)
    return [str(p) for p in raised.value.problems]


def normals_at_five(count: int) -> list[dict[str, Any]]:
    """Normal games dealt by A, B, C, … in turn, each won by the two players left of the dealer."""
    return [normal((FIVE[(k + 1) % 5], FIVE[(k + 2) % 5])) for k in range(count)]


def dealers(s: Sheet) -> list[str]:
    return [r.dealer for r in s.results]


def test_a_pflichtsolo_is_owed_by_each_player_and_played_keeping_the_dealer() -> None:
    s = sheet([normal(), solo("C", forced=True), normal()])
    assert s.owing == ("A", "B", "D")
    assert s.pflichtsoli == {"C": 2}
    assert dealers(s) == ["A", "B", "B"]  # after the Pflichtsolo the same dealer deals again (4.2.5)
    assert (s.played, s.normal_games, s.regular_left, s.games_left) == (3, 2, 21, 21)
    assert not s.must_play
    assert s.vorgefuehrt is None
    assert s.seat_results()["C"].pflichtsolo == 2


def test_a_lustsolo_of_a_player_who_owes_is_his_pflichtsolo_and_a_second_one_is_a_lustsolo() -> None:
    s = sheet([solo("B"), solo("B"), normal()])  # nobody ticked forced (4.3.1)
    assert s.pflichtsoli == {"B": 1}
    assert "forced" in s.results[0].outcome.marks
    assert "forced" not in s.results[1].outcome.marks
    assert dealers(s) == ["A", "A", "B"]  # kept after the first, moved on after the Lustsolo
    assert s.seat_results()["B"].solos == 2


def test_vorgefuehrt_when_the_solos_owed_equal_the_games_left() -> None:
    before = sheet([solo("C", forced=True), *[normal()] * 19])
    assert (before.regular_left, before.owing, before.must_play) == (4, ("A", "B", "D"), False)
    s = sheet([solo("C", forced=True), *[normal()] * 20])
    assert (s.regular_left, s.owing, s.must_play) == (3, ("A", "B", "D"), True)
    assert s.next_dealer == "A"
    assert s.vorgefuehrt == "B"


def test_the_dealer_is_kept_after_a_pflichtsolo_but_not_after_a_vorgefuehrtes() -> None:
    s = sheet([solo("C", forced=True), *[normal()] * 20, solo("B"), solo("D"), solo("A")])
    assert [("vorgefuehrt" in r.outcome.marks) for r in s.results[-3:]] == [True, True, True]
    assert dealers(s)[:2] == ["A", "A"]  # kept after C's Pflichtsolo
    assert dealers(s)[-3:] == ["A", "B", "C"]  # moved on after each vorgeführtes
    assert s.can_close
    assert s.played == 24
    assert s.normal_games == 20


def test_a_normal_game_is_refused_while_a_pflichtsolo_is_due() -> None:
    [problem] = problems([solo("C", forced=True), *[normal()] * 21])
    assert problem == (
        "deals[21]: A, B, D still owe their Pflichtsolo and only 3 games are left: this deal must be the vorgeführtes "
        "solo of one of them."
    )


def test_vorgefuehrt_ticked_too_early_is_refused() -> None:
    [problem] = problems([solo("C", vorgefuehrt=True)])
    assert problem == "deals[0]: Nobody is vorgeführt yet: 4 Pflichtsoli are owed and 24 games are left."


def test_a_game_after_the_round_is_complete_is_refused() -> None:
    deals = [*(solo(p, forced=True) for p in FOUR), *[normal()] * 20]
    assert sheet(deals).can_close
    [problem] = problems([*deals, normal()])
    assert problem.startswith("deals[24]: The round's 24 games are played")


def test_a_five_table_plays_30_games_with_the_dealer_sitting_out() -> None:
    s = sheet([solo("B", forced=True), normal(("C", "D"))], seats=FIVE)
    assert s.games == 30
    assert s.regular_left == 28
    assert dealers(s) == ["A", "A"]
    assert s.results[0].sitting_out == ("A",)
    assert s.results[0].deltas["A"] == 0
    assert s.seat_results()["A"].games == 0
    assert s.owing == ("A", "C", "D", "E")


def test_at_a_five_table_the_owing_dealer_is_named_last() -> None:
    deals = [*(solo(p, forced=True) for p in "BCD"), *normals_at_five(25)]  # dealer A kept, then five rounds
    s = sheet(deals, seats=FIVE)
    assert (s.regular_left, s.owing, s.next_dealer) == (2, ("A", "E"), "A")
    assert s.vorgefuehrt == "E"  # A deals and sits out


def test_time_called_strikes_the_normal_games_but_the_owed_pflichtsoli_are_played() -> None:
    played = [solo("C", forced=True), *[normal()] * 10]
    s = sheet(played, time_called=11)
    assert (s.regular_left, s.games_left, s.must_play, s.vorgefuehrt) == (0, 3, True, "D")
    assert [str(r) for r in s.closing_problems()] == ["A, B, D still owe their Pflichtsolo."]
    [problem] = problems([*played, normal()], time_called=11)
    assert problem.startswith("deals[11]: Time was called: only the Pflichtsoli still owed (A, B, D)")
    done = sheet([*played, solo("D"), solo("A"), solo("B")], time_called=11)
    assert done.can_close
    assert done.played == 14
    assert "vorgefuehrt" in done.results[-1].outcome.marks
    [late] = problems([*played, solo("D"), solo("A"), solo("B"), normal()], time_called=11)
    assert late.startswith("deals[14]: Time was called and every Pflichtsolo is played")


def test_time_called_must_be_within_the_deals() -> None:
    assert problems([normal()], time_called=2) == [
        "time_called: Time is called after one of the deals recorded: 0 to 1, not 2."
    ]


def test_the_home_variant_plays_24_or_25_and_adds_extra_deals_for_the_owed_solos() -> None:
    four = sheet([*(solo(p, forced=True) for p in "ACD"), *[normal()] * 21], preset=HOME)
    assert (four.regular_left, four.owing, four.must_play, four.games_left) == (0, ("B",), True, 1)
    not_yet = sheet([*(solo(p, forced=True) for p in "ACD"), *[normal()] * 20], preset=HOME)
    assert not not_yet.must_play  # no vorgeführt with 1 owed and 1 left: the owed solo comes as an extra deal
    extra = sheet([*(solo(p, forced=True) for p in "ACD"), *[normal()] * 21, solo("B")], preset=HOME)
    assert extra.can_close
    assert extra.played == 25
    five = sheet([], seats=FIVE, preset=HOME)
    assert five.games == 25
    [problem] = problems([*(solo(p, forced=True) for p in "ACD"), *[normal()] * 22], preset=HOME)
    assert problem.startswith("deals[24]: The round's 24 games are played: the extra deals are the Pflichtsoli")


def test_a_sheet_cannot_close_while_a_pflichtsolo_or_games_are_missing() -> None:
    s = sheet([*(solo(p, forced=True) for p in "ABC"), *[normal()] * 10])
    assert not s.can_close
    assert [r.code for r in s.closing_problems()] == ["pflichtsolo_missing", "games_missing"]
    assert str(s.closing_problems()[1]) == "11 of the round's 24 games are still to play."


def test_rows_that_do_not_sum_to_zero_keep_a_zero_sum_preset_open() -> None:
    wrong = replace(PRESETS["schafkopf_plus_only"], zero_sum=True)  # a custom preset that claims zero-sum wrongly
    game = {"contract": "solo", "suit": "eichel", "declarer": "A", "points": 70}
    s = read_sheet(wrong.with_games({4: 1}), FOUR, [game])
    assert [str(r) for r in s.closing_problems()] == [
        "The rows of deals 1 do not add up to 0, which this preset requires."
    ]
    assert read_sheet(PRESETS["schafkopf_plus_only"].with_games({4: 1}), FOUR, [game]).can_close


def test_the_schafkopf_tournament_list_in_plus_minus_and_plus_only_form() -> None:
    won = {"contract": "solo", "suit": "eichel", "declarer": "A", "points": 70}
    lost = {"contract": "solo", "suit": "gras", "declarer": "B", "points": 50}
    sauspiel_schwarz = {"contract": "sauspiel", "suit": "schellen", "declarer": "C", "partner": "D", "points": 120}
    sauspiel_schwarz["schwarz"] = True
    tout = {"contract": "solo", "suit": "herz", "tout": True, "declarer": "D", "won": True}
    plus_minus = sheet([won, lost, sauspiel_schwarz, tout], preset=PRESETS["schafkopf_plusminus"])
    assert [r.deltas for r in plus_minus.results] == [
        {"A": 6, "B": -2, "C": -2, "D": -2},  # Solo +6/−2
        {"A": 2, "B": -6, "C": 2, "D": 2},
        {"A": -3, "B": -3, "C": 3, "D": 3},  # Sauspiel schwarz 3
        {"A": -6, "B": -6, "C": -6, "D": 18},  # Tout 18/6
    ]
    plus_only = sheet([won, lost], preset=PRESETS["schafkopf_plus_only"])
    assert [r.deltas for r in plus_only.results] == [{"A": 6, "B": 0, "C": 0, "D": 0}, {"A": 2, "B": 0, "C": 2, "D": 2}]
    assert plus_only.games == 32
    assert not plus_only.owing


def test_table_points_by_place_shared_between_level_players() -> None:
    preset = DDV.with_table_points()
    results = sheet([normal(("A", "B")), normal(("A", "C"))], preset=preset).seat_results()
    assert {p: (r.points, r.place, r.table_points) for p, r in results.items()} == {
        "A": (2, 1, 40),
        "B": (0, 2, 25),
        "C": (0, 2, 25),
        "D": (-2, 4, 10),
    }
    assert preset.table_points[5] == (50, 40, 30, 20, 10)


def test_a_penalty_row_of_the_engine_counts_as_penalty_points_and_is_no_game() -> None:
    s = sheet([normal(), {"type": "penalty", "player": "C", "severity": "minor"}])
    assert s.played == 1
    assert s.regular_left == 23
    c = s.seat_results()["C"]
    assert (c.points, c.penalty_points, c.games) == (-1 - 3, 3, 1)


def test_bad_deals_are_named_by_path() -> None:
    assert problems([normal(), {"type": "normal", "re": ["A", "B"], "re_points": 300}]) == [
        "deals[1].re_points: re_points must be between 0 and 240 (got 300)"
    ]


def test_sheepshead_at_five_plays_20_hands_and_at_six_24_with_the_dealer_out() -> None:
    six = ("A", "B", "C", "D", "E", "F")
    hand = {"type": "pick", "picker": "B", "partner": "C", "points": 75}
    s = sheet([hand], seats=six, preset=PRESETS["sheepshead_five"])
    assert (s.games, s.regular_left, s.owing) == (24, 23, ())
    assert s.results[0].deltas == {"A": 0, "B": 2, "C": 1, "D": -1, "E": -1, "F": -1}
    assert sheet([], seats=FIVE, preset=PRESETS["sheepshead_five"]).games == 20
