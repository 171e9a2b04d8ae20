"""The ranking engine (``leagues.seasons.ranking``): every mode on a small season checked by hand, every tie-break,
shared places, players below the minimum attendance, movement, sub-standings, bad parameters, and properties.

Most tests use season S, four evenings at one table (the points are game points):

    evening  date        table    place: player points
    s1       2026-01-08  4        1: A +60   2: B +20   3: C −20   4: D −60
    s2       2026-01-22  4        1: B +50   2: C +10   3: A −10   4: D −50
    s3       2026-02-05  4        1: C +40   2: A +30   3: D −30   4: B −40
    s4       2026-02-19  4        1: E +40   2: A +20   3: B −20   4: C −40     (D is away, E comes once)

Every player plays 24 deals an evening.
"""

from __future__ import annotations

import datetime
import itertools
import json
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.seasons.ranking import (
    MODES,
    TEMPLATES,
    TIEBREAKS,
    EveningResult,
    Ranking,
    RankingError,
    Standing,
    movement,
    parse_mode,
    parse_tiebreaks,
    rank,
    rank_with_movement,
    sub_standings,
)
from leagues.seasons.ranking.samples import random_season
from tests.examples import examples

Row = tuple[Any, ...]  # (player, place, points) or (player, place, points, {field: value})


def evening(session: str, date: str, *rows: Row, deals: int = 24) -> list[EveningResult]:
    """The results of one table: its size is the number of rows."""
    out = []
    for player, place, points, *extra in rows:
        fields = {"deals": deals, **(extra[0] if extra else {})}
        out.append(
            EveningResult(player, session, datetime.date.fromisoformat(date), len(rows), place, points, **fields)
        )
    return out


S1 = evening("s1", "2026-01-08", ("A", 1, 60), ("B", 2, 20), ("C", 3, -20), ("D", 4, -60))
S2 = evening("s2", "2026-01-22", ("B", 1, 50), ("C", 2, 10), ("A", 3, -10), ("D", 4, -50))
S3 = evening("s3", "2026-02-05", ("C", 1, 40), ("A", 2, 30), ("D", 3, -30), ("B", 4, -40))
S4 = evening("s4", "2026-02-19", ("E", 1, 40), ("A", 2, 20), ("B", 3, -20), ("C", 4, -40))
SEASON = S1 + S2 + S3 + S4


def table(rows: list[Standing]) -> list[tuple[int | None, str, Any]]:
    return [(row.rank, row.player, row.score) for row in rows]


# ------------------------------------------------------------------------------------------------------ the modes


def test_total_points_shares_a_place_and_skips_the_next():
    # after s1–s3: A 60−10+30 = 80, B 20+50−40 = 30, C −20+10+40 = 30, D −60−50−30 = −140
    rows = rank(S1 + S2 + S3, {"mode": "total_points"})
    assert table(rows) == [(1, "A", 80), (2, "B", 30), (2, "C", 30), (4, "D", -140)]
    assert [(r.sessions, r.played, r.deals, r.eligible) for r in rows] == [(3, 3, 72, True)] * 4


def test_total_money():
    # a table of three, twice: A +350 −100 = 250, B −120 +300 = 180, C −230 −200 = −430
    results = evening(
        "m1", "2026-03-01", ("A", 1, 0, {"money_cents": 350}), ("B", 2, 0, {"money_cents": -120}),
        ("C", 3, 0, {"money_cents": -230}),
    ) + evening(
        "m2", "2026-03-08", ("B", 1, 0, {"money_cents": 300}), ("A", 2, 0, {"money_cents": -100}),
        ("C", 3, 0, {"money_cents": -200}),
    )  # fmt: skip
    assert table(rank(results, {"mode": "total_money"})) == [(1, "A", 250), (2, "B", 180), (3, "C", -430)]


def test_average_per_session_lists_a_player_below_the_minimum_unranked():
    # A 60−10+30+20 = 100 / 4 = 25; B 20+50−40−20 = 10 / 4 = 5/2; C −20+10+40−40 = −10 / 4 = −5/2;
    # D −140 / 3; E 40 / 1 = 40 but one evening is below the minimum of two: listed last, unranked
    rows = rank(SEASON, {"mode": "average", "per": "session", "min_sessions": 2})
    assert table(rows) == [
        (1, "A", 25),
        (2, "B", Fraction(5, 2)),
        (3, "C", Fraction(-5, 2)),
        (4, "D", Fraction(-140, 3)),
        (None, "E", 40),
    ]
    assert [r.eligible for r in rows] == [True, True, True, True, False]


# Season R for the averages by round and deal: a table of four (24 deals each, 6 rounds of 4 deals), then a
# table of five (25 deals, everybody plays 20 of them and deals the other 5, sitting out: 5 rounds of 5 deals).
R1 = evening("r1", "2026-03-02", ("A", 1, 48), ("B", 2, 24), ("C", 3, -24), ("D", 4, -48))
R2 = evening(
    "r2", "2026-03-09", *((p, place, points, {"sat_out": 5}) for p, place, points in (
        ("E", 1, 40), ("A", 2, 10), ("B", 3, 0), ("C", 4, -20), ("D", 5, -30))), deals=20,
)  # fmt: skip


def test_average_per_round_of_the_table_counts_a_round_once_per_player_at_five():
    # rounds: 24/4 + 25/5 = 11 for A–D (a round at five is five deals, each player in it once), 25/5 = 5 for E
    # A 58/11, B 24/11, C −44/11 = −4, D −78/11; E 40/5 = 8 but only 5 of 8 rounds
    rows = rank(R1 + R2, {"mode": "average", "per": "round", "min_rounds": 8})
    assert table(rows) == [
        (1, "A", Fraction(58, 11)),
        (2, "B", Fraction(24, 11)),
        (3, "C", -4),
        (4, "D", Fraction(-78, 11)),
        (None, "E", 8),
    ]
    # the minimum is reached with the round, not a quarter later: E's 5 rounds reach 5
    rows = rank(R1 + R2, {"mode": "average", "per": "round", "min_rounds": 5})
    assert [(r.player, r.eligible) for r in rows if r.player == "E"] == [("E", True)]


def test_average_per_round_of_a_fixed_length():
    # a round of 4 deals whatever the table: A–D 44 deals = 11 rounds, E 20 deals = 5 rounds
    # A 58/11, B 24/11, C −44/11 = −4, D −78/11; E 40/5 = 8 and 5 rounds reach the minimum of 5
    rows = rank(R1 + R2, {"mode": "average", "per": "round", "round_length": 4, "min_rounds": 5})
    assert table(rows) == [
        (1, "E", 8),
        (2, "A", Fraction(58, 11)),
        (3, "B", Fraction(24, 11)),
        (4, "C", -4),
        (5, "D", Fraction(-78, 11)),
    ]


def test_average_per_deal():
    # E 40/20 = 2, A 58/44 = 29/22, B 24/44 = 6/11, C −44/44 = −1, D −78/44 = −39/22
    rows = rank(R1 + R2, {"mode": "average", "per": "deal"})
    assert table(rows) == [
        (1, "E", 2),
        (2, "A", Fraction(29, 22)),
        (3, "B", Fraction(6, 11)),
        (4, "C", -1),
        (5, "D", Fraction(-39, 22)),
    ]


def test_best_n_counts_the_best_evenings_only():
    # best 2: A 60, −10, 30, 20 → 60+30 = 90; B 20, 50, −40, −20 → 50+20 = 70; C −20, 10, 40, −40 → 40+10 = 50;
    # E 40 (one evening); D −60, −50, −30 → −30−50 = −80
    rows = rank(SEASON, {"mode": "best_n", "n": 2})
    assert table(rows) == [(1, "A", 90), (2, "B", 70), (3, "C", 50), (4, "E", 40), (5, "D", -80)]
    assert {r.player: (r.sessions, r.played) for r in rows} == {
        "A": (2, 4), "B": (2, 4), "C": (2, 4), "E": (1, 1), "D": (2, 3),
    }  # fmt: skip


# Season P for placement points: B and C share place 2 on p1, and p3 is a table of three.
P1 = evening("p1", "2026-04-01", ("A", 1, 50), ("B", 2, 0), ("C", 2, 0), ("D", 4, -50))
P2 = evening("p2", "2026-04-08", ("B", 1, 40), ("A", 2, 20), ("D", 3, -20), ("C", 4, -40))
P3 = evening("p3", "2026-04-15", ("C", 1, 30), ("D", 2, 0), ("A", 3, -30))


def test_placement_points_from_a_table_share_the_points_of_a_shared_place():
    # at four +3/+1/−1/−3, at three +2/0/−2; B and C share places 2 and 3 on p1: (+1 −1)/2 = 0 each
    # A 3 + 1 − 2 = 2; B 0 + 3 = 3; C 0 − 3 + 2 = −1; D −3 − 1 + 0 = −4
    mode = {"mode": "placement_points", "points_by_size": {"3": [2, 0, -2], "4": [3, 1, -1, -3]}}
    assert table(rank(P1 + P2 + P3, mode)) == [(1, "B", 3), (2, "A", 2), (3, "C", -1), (4, "D", -4)]


def test_placement_points_from_the_formula():
    # 100·(n − place)/(n − 1): at four 100, 200/3, 100/3, 0; at three 100, 50, 0
    # p1: A 100, B and C share (200/3 + 100/3)/2 = 50, D 0; p2: B 100, A 200/3, D 100/3, C 0; p3: C 100, D 50, A 0
    # A 100 + 200/3 = 500/3; B 50 + 100 = 150; C 50 + 0 + 100 = 150; D 100/3 + 50 = 250/3
    rows = rank(P1 + P2 + P3, {"mode": "placement_points", "formula": "linear_100"})
    assert table(rows) == [(1, "A", Fraction(500, 3)), (2, "B", 150), (2, "C", 150), (4, "D", Fraction(250, 3))]


def test_placement_points_table_first_formula_for_other_sizes():
    # at four the table (+3/+1/−1/−3), at three the formula (100, 50, 0)
    # A 3 + 1 + 0 = 4; B 0 + 3 = 3; C 0 − 3 + 100 = 97; D −3 − 1 + 50 = 46
    mode = {"mode": "placement_points", "points_by_size": {4: [3, 1, -1, -3]}, "formula": "linear_100"}
    assert table(rank(P1 + P2 + P3, mode)) == [(1, "C", 97), (2, "D", 46), (3, "A", 4), (4, "B", 3)]


def test_placement_points_without_a_row_for_the_table_size():
    with pytest.raises(RankingError) as caught:
        rank(P1 + P2 + P3, {"mode": "placement_points", "points_by_size": {"4": [3, 1, -1, -3]}})
    assert (caught.value.code, caught.value.params) == ("no_points_for_size", {"size": 3})


def test_matchday_points_then_game_points():
    # 4/3/2/1 by place: s1 A4 B3 C2 D1, s2 B4 C3 A2 D1, s3 C4 A3 D2 B1
    # A 4+2+3 = 9, B 3+4+1 = 8, C 2+3+4 = 9, D 1+1+2 = 4; A and C level: game points A 80, C 30 decide
    rows = rank(S1 + S2 + S3, {"mode": "matchday_points"})
    assert table(rows) == [(1, "A", 9), (2, "C", 9), (3, "B", 8), (4, "D", 4)]
    assert [r.tiebreaks for r in rows] == [
        (("more_points", 80),), (("more_points", 30),), (("more_points", 30),), (("more_points", -140),),
    ]  # fmt: skip


def test_table_points_plus_game_points():
    # 40/30/20/10 by place: A 40+20+30 = 90, B 30+40+10 = 80, C 20+30+40 = 90, D 10+10+20 = 40
    # plus game points: A 90+80 = 170, B 80+30 = 110, C 90+30 = 120, D 40−140 = −100
    rows = rank(S1 + S2 + S3, {"mode": "table_points_plus_game_points"})
    assert table(rows) == [(1, "A", 170), (2, "C", 120), (3, "B", 110), (4, "D", -100)]


# ---------------------------------------------------------------------------------------------------- tie-breaks

# X and Y both end on 30 game points.
X_Y = evening(
    "t1", "2026-05-01", ("X", 1, 10, {"solos_won": 1}), ("Y", 2, 5, {"solos_won": 2}), ("Q", 3, -15)
) + evening("t2", "2026-05-08", ("X", 1, 20, {"solos_won": 1}), ("Y", 2, 25, {"solos_won": 1}), ("Q", 3, -45))


def test_no_tiebreak_shares_the_place():
    # X 10+20 = 30, Y 5+25 = 30 (the places inside an evening do not matter for total points)
    assert table(rank(X_Y, {"mode": "total_points"})) == [(1, "X", 30), (1, "Y", 30), (3, "Q", -60)]


def test_more_sessions():
    # Z joins with one evening of 30: X and Y played two
    results = [*X_Y, *evening("t3", "2026-05-15", ("Z", 1, 30), ("Q", 2, -30))]
    rows = rank(results, {"mode": "total_points"}, ["more_sessions"])
    assert table(rows) == [(1, "X", 30), (1, "Y", 30), (3, "Z", 30), (4, "Q", -90)]
    assert [r.tiebreak("more_sessions") for r in rows] == [2, 2, 1, 3]


def test_best_evening():
    # X's best evening 20, Y's 25
    rows = rank(X_Y, {"mode": "total_points"}, ["best_evening"])
    assert table(rows) == [(1, "Y", 30), (2, "X", 30), (3, "Q", -60)]
    assert [r.tiebreak("best_evening") for r in rows] == [25, 20, -15]


def test_more_evenings_won():
    # A and B level on 0 points; A finished first once, B twice
    duel = [
        *evening("d1", "2026-03-05", ("A", 1, 30), ("B", 2, -30)),
        *evening("d2", "2026-03-12", ("B", 1, 10), ("A", 2, -10)),
        *evening("d3", "2026-03-19", ("B", 1, 20), ("A", 2, -20)),
    ]
    assert table(rank(duel, {"mode": "total_points"})) == [(1, "A", 0), (1, "B", 0)]
    rows = rank(duel, {"mode": "total_points"}, ["more_evenings_won"])
    assert table(rows) == [(1, "B", 0), (2, "A", 0)]
    assert [r.tiebreak("more_evenings_won") for r in rows] == [2, 1]


def test_more_solos_won():
    # X 1+1 = 2 solos, Y 2+1 = 3
    rows = rank(X_Y, {"mode": "total_points"}, ["more_solos_won"])
    assert table(rows)[:2] == [(1, "Y", 30), (2, "X", 30)]
    assert [r.tiebreak("more_solos_won") for r in rows] == [3, 2, 0]


# Two tables an evening: V and W meet on d1 only; both end on 50.
V_W = (
    evening("d1", "2026-06-01", ("V", 1, 30), ("W", 2, 10), ("Q", 3, -40))
    + evening("d2", "2026-06-01", ("V", 1, 20), ("R", 2, -20))
    + evening("d3", "2026-06-08", ("W", 1, 40), ("R", 2, -40))
)


def test_direct_comparison_counts_the_evenings_the_tied_players_sat_together():
    # V 30+20 = 50, W 10+40 = 50; together on d1 only: V 30, W 10
    rows = rank(V_W, {"mode": "total_points"}, ["direct_comparison"])
    # Q −40, R −20−40 = −60
    assert table(rows) == [(1, "V", 50), (2, "W", 50), (3, "Q", -40), (4, "R", -60)]
    assert [(r.player, r.tiebreak("direct_comparison")) for r in rows] == [
        ("V", 30), ("W", 10), ("Q", None), ("R", None),
    ]  # fmt: skip


def test_the_chain_applies_in_order():
    # best evening first: W's 40 beats V's 30 before the direct comparison is reached
    assert [r.player for r in rank(V_W, {"mode": "total_points"}, ["best_evening", "direct_comparison"])][:2] == [
        "W",
        "V",
    ]
    assert [r.player for r in rank(V_W, {"mode": "total_points"}, ["direct_comparison", "best_evening"])][:2] == [
        "V",
        "W",
    ]


def test_direct_comparison_of_players_who_never_met_falls_through():
    # X (one evening of 30) and Z (10 + 20 = 30) never sat at one table: the direct comparison gives both 0 and
    # the next tie-break, more sessions, decides
    results = evening("n1", "2026-07-01", ("X", 1, 30), ("Q", 2, -30)) + evening(
        "n2", "2026-07-01", ("Z", 1, 10), ("R", 2, -10)
    ) + evening("n3", "2026-07-08", ("Z", 1, 20), ("R", 2, -20))  # fmt: skip
    rows = rank(results, {"mode": "total_points"}, ["direct_comparison", "more_sessions"])
    assert table(rows)[:2] == [(1, "Z", 30), (2, "X", 30)]
    assert [r.tiebreak("direct_comparison") for r in rows[:2]] == [0, 0]


def test_direct_comparison_of_three_counts_the_evenings_all_three_sat_together():
    # J, K and L all end on 40. On c1 all three sat together: J +20, K +30, L −10 → K, J, L.
    # c2 (J and K only) does not count for a comparison of three.
    results = (
        evening("c1", "2026-08-01", ("K", 1, 30), ("J", 2, 20), ("L", 3, -10), ("Q", 4, -40))
        + evening("c2", "2026-08-08", ("J", 1, 20), ("K", 2, 10), ("Q", 3, -30))
        + evening("c3", "2026-08-15", ("L", 1, 50), ("R", 2, -50))
    )
    rows = rank(results, {"mode": "total_points"}, ["direct_comparison"])
    assert [(r.rank, r.player, r.score, r.tiebreak("direct_comparison")) for r in rows[:3]] == [
        (1, "K", 40, 30),
        (2, "J", 40, 20),
        (3, "L", 40, -10),
    ]


def test_a_season_stores_its_ranking_and_the_mode_s_own_tiebreak_comes_first_once():
    ranking = Ranking.from_config({"mode": "matchday_points"}, ["best_evening", "more_points", "shared"])
    assert ranking.chain == ("more_points", "best_evening")
    assert ranking.mode.config() == {"mode": "matchday_points", "min_sessions": 0, "window_months": None,
                                     "missed_penalty": 0, "free_misses": 0, "points_by_size": None,
                                     "formula": "descending"}  # fmt: skip
    assert ranking.standings(S1 + S2 + S3) == rank(S1 + S2 + S3, {"mode": "matchday_points"}, ["best_evening"])


def test_shared_stops_the_chain():
    # shared before anything else: X and Y stay level though best evening would part them
    rows = rank(X_Y, {"mode": "total_points"}, ["more_sessions", "shared"])
    assert table(rows) == [(1, "X", 30), (1, "Y", 30), (3, "Q", -60)]
    assert rows[0].tiebreaks == (("more_sessions", 2),)


def test_shared_places_one_two_two_four():
    # a season where B, C and D share place 2 and E comes fifth
    results = evening("e1", "2026-01-01", ("A", 1, 30), ("B", 2, 0), ("C", 2, 0), ("D", 2, 0), ("E", 5, -30))
    assert [r.rank for r in rank(results, {"mode": "total_points"})] == [1, 2, 2, 2, 5]
    assert [r.rank for r in rank(S1 + S2 + S3, {"mode": "total_points"})] == [1, 2, 2, 4]


def test_players_below_the_minimum_come_last_by_score():
    # minimum 4 evenings: only A, B and C played four; D (−140) and E (40) are listed below, E first
    rows = rank(SEASON, {"mode": "total_points", "min_sessions": 4})
    assert table(rows) == [(1, "A", 100), (2, "B", 10), (3, "C", -10), (None, "E", 40), (None, "D", -140)]


# ---------------------------------------------------------------------------------------------------- movement


def test_movement_since_the_last_evening():
    # before s4: A 80 (1), B 30 (2), C 30 (2), D −140 (4)
    # after s4: A 100 (1), E 40 (2), B 10 (3), C −10 (4), D −140 (5)
    now, moved = rank_with_movement(SEASON, {"mode": "total_points"})
    assert table(now) == [(1, "A", 100), (2, "E", 40), (3, "B", 10), (4, "C", -10), (5, "D", -140)]
    assert moved == {"A": 0, "E": None, "B": -1, "C": -2, "D": -1}


def test_movement_of_a_player_who_drops_below_the_minimum_is_none():
    before = [Standing(1, "A", 5, (), 1, 1, 0, True), Standing(2, "B", 3, (), 1, 1, 0, True)]
    after = [Standing(1, "B", 6, (), 2, 2, 0, True), Standing(None, "A", 5, (), 1, 1, 0, False)]
    assert movement(before, after) == {"B": 1, "A": None}


# ----------------------------------------------------------------------------------------------- sub-standings


def test_sub_standings_by_month():
    # January (s1, s2): A 60−10 = 50, B 20+50 = 70, C −20+10 = −10, D −60−50 = −110
    # February (s3, s4): A 30+20 = 50, B −40−20 = −60, C 40−40 = 0, D −30, E 40
    months = sub_standings(SEASON, {"mode": "total_points"}, by="month")
    assert list(months) == ["2026-01", "2026-02"]
    assert table(months["2026-01"]) == [(1, "B", 70), (2, "A", 50), (3, "C", -10), (4, "D", -110)]
    assert table(months["2026-02"]) == [(1, "A", 50), (2, "E", 40), (3, "C", 0), (4, "D", -30), (5, "B", -60)]


def test_sub_standings_by_quarter():
    # Q1 is the whole season S; Q2 one more evening: B +30, C +10, D −10, A −30
    april = evening("s5", "2026-04-09", ("B", 1, 30), ("C", 2, 10), ("D", 3, -10), ("A", 4, -30))
    quarters = sub_standings(SEASON + april, {"mode": "total_points"}, by="quarter")
    assert list(quarters) == ["2026-Q1", "2026-Q2"]
    assert table(quarters["2026-Q1"]) == [(1, "A", 100), (2, "E", 40), (3, "B", 10), (4, "C", -10), (5, "D", -140)]
    assert table(quarters["2026-Q2"]) == [(1, "B", 30), (2, "C", 10), (3, "D", -10), (4, "A", -30)]


# ------------------------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("config", "code", "params"),
    [
        ({}, "mode_missing", {}),
        ({"mode": "nope"}, "unknown_mode", {"mode": "'nope'"}),
        ({"mode": "total_points", "bonus": 1}, "unknown_param", {"param": "bonus"}),
        ({"mode": "best_n"}, "param_required", {"param": "n"}),
        ({"mode": "best_n", "n": 0}, "param_too_small", {"param": "n", "least": 1, "got": 0}),
        ({"mode": "best_n", "n": "3"}, "param_type", {"param": "n", "got": "str"}),
        ({"mode": "best_n", "n": True}, "param_type", {"param": "n", "got": "bool"}),
        ({"mode": "total_points", "min_sessions": -1}, "param_too_small", {"least": 0}),
        ({"mode": "average"}, "param_required", {"param": "per"}),
        ({"mode": "average", "per": "week"}, "param_choice", {"param": "per", "got": "'week'"}),
        ({"mode": "average", "per": "round", "round_length": 0}, "param_too_small", {"param": "round_length"}),
        ({"mode": "placement_points"}, "points_missing", {"mode": "placement_points"}),
        ({"mode": "placement_points", "points_by_size": {"4": [3, 1, -1]}}, "points_table_length", {"size": 4}),
        ({"mode": "placement_points", "points_by_size": [3, 1]}, "param_type", {"param": "points_by_size"}),
        ({"mode": "placement_points", "points_by_size": {"4": [3, 1, -1, 0.5]}}, "param_type", {"got": "float"}),
        ({"mode": "placement_points", "formula": "square"}, "param_choice", {"param": "formula"}),
        ({"mode": "total_points", "min_sessions": 2**63}, "param_too_big", {"most": 10**9}),
        ({"mode": "placement_points", "points_by_size": {"4": [2**63, 1, -1, -3]}}, "param_too_big", {}),
        ({"mode": "placement_points", "points_by_size": {"²": [3, 1]}}, "param_type", {"param": "points_by_size.²"}),
        ("total_points", "param_type", {"param": "mode"}),
    ],
)
def test_bad_mode_is_rejected_with_a_code(config, code, params):
    with pytest.raises(RankingError) as caught:
        parse_mode(config)
    assert caught.value.code == code
    assert params.items() <= caught.value.params.items()
    assert str(caught.value)  # renders in English


@pytest.mark.parametrize(
    ("keys", "code"),
    [
        (["nope"], "unknown_tiebreak"),
        (["best_evening", "best_evening"], "tiebreak_twice"),
        (["shared", "best_evening"], "tiebreak_after_shared"),
        ("best_evening", "tiebreaks_not_a_list"),
        ([1], "unknown_tiebreak"),
    ],
)
def test_bad_tiebreaks_are_rejected_with_a_code(keys, code):
    with pytest.raises(RankingError) as caught:
        parse_tiebreaks(keys)
    assert caught.value.code == code


def test_bad_results_are_rejected_with_a_code():
    day = datetime.date(2026, 1, 1)
    with pytest.raises(RankingError) as caught:
        EveningResult("A", 1, day, 4, 5)
    assert caught.value.code == "place_out_of_range"
    with pytest.raises(RankingError) as caught:
        EveningResult("A", 1, day, 0, 1)
    assert caught.value.code == "table_size_too_small"
    with pytest.raises(RankingError) as caught:
        EveningResult("A", 1, day, 4, 1, deals=-1)
    assert caught.value.params == {"field": "deals", "got": -1}
    with pytest.raises(RankingError) as caught:
        rank(S1 + S1[:1], {"mode": "total_points"})
    assert caught.value.code == "duplicate_result"
    overfull = evening("o1", "2026-01-01", ("A", 3, 0), ("B", 3, 0), ("C", 3, 0), ("D", 1, 0))
    with pytest.raises(RankingError) as caught:
        rank(overfull, {"mode": "placement_points", "formula": "descending"})
    assert caught.value.params == {"session": "o1", "count": 3, "place": 3, "size": 4}
    with pytest.raises(RankingError) as caught:
        sub_standings(SEASON, {"mode": "total_points"}, by="week")
    assert caught.value.code == "unknown_period"


# --------------------------------------------------------------------------------------------- storage and words

ALL_MODES: list[dict[str, Any]] = [
    {"mode": "total_points"},
    {"mode": "total_money", "min_sessions": 3},
    {"mode": "average", "per": "session", "min_sessions": 24},
    {"mode": "average", "per": "round", "min_rounds": 36},
    {"mode": "average", "per": "round", "round_length": 4},
    {"mode": "average", "per": "deal"},
    {"mode": "best_n", "n": 10},
    {"mode": "placement_points", "points_by_size": {"4": [3, 1, -1, -3]}},
    {"mode": "placement_points", "formula": "linear_100"},
    {"mode": "matchday_points"},
    {"mode": "table_points_plus_game_points"},
    {"mode": "evenings_won", "window_months": 24},
    {"mode": "total_points", "missed_penalty": 10, "free_misses": 2},
]


@pytest.mark.parametrize("config", ALL_MODES)
def test_a_mode_survives_the_season_store(config):
    mode = parse_mode(config)
    stored = json.loads(json.dumps(mode.config()))
    assert parse_mode(stored) == mode
    assert stored["mode"] == config["mode"]


@pytest.mark.parametrize("config", ALL_MODES)
def test_every_mode_has_a_name_and_sentences(config):
    mode = parse_mode(config)
    assert mode.name().code in TEMPLATES
    assert all(str(line) for line in mode.about())


def test_every_mode_and_tiebreak_has_words():
    assert set(MODES) == {c["mode"] for c in ALL_MODES}
    for tb in TIEBREAKS.values():
        assert str(tb.name())
        assert str(tb.about())
    about = parse_mode({"mode": "average", "per": "round", "round_length": 4, "min_rounds": 36}).about()
    assert [str(line) for line in about] == [
        "Game points per round played (a round is 4 deals).",
        "Ranked from 36 rounds on.",
    ]


def test_the_engine_imports_no_django():
    code = "import sys, leagues.seasons.ranking; sys.exit(any(m.split('.')[0] == 'django' for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_big_season_ranks():
    """200 players, 100 evenings at tables of four: everybody ranked once (benchmarks/ranking_bench.py times it)."""
    rows = rank(random_season(200, 100), {"mode": "placement_points", "formula": "linear_100"}, ["direct_comparison"])
    assert sorted(r.player for r in rows) == sorted(f"P{i:03d}" for i in range(200))
    assert all(r.played == 100 for r in rows)


# -------------------------------------------------------------------------------------------------- properties

PLAYERS = ["A", "B", "C", "D", "E", "F"]
CHAINS = [[], ["shared"], ["more_sessions"], ["best_evening", "more_solos_won"], ["direct_comparison"],
          ["more_solos_won", "direct_comparison", "more_sessions", "shared"]]  # fmt: skip


@st.composite
def seasons(draw: st.DrawFn) -> list[EveningResult]:
    out: list[EveningResult] = []
    for s in range(draw(st.integers(0, 8))):
        seats = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=5, unique=True))
        points = [draw(st.integers(-3, 3)) * 10 for _ in seats]
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=draw(st.integers(0, 364)))
        deals = draw(st.integers(0, 30))
        for player, p in zip(seats, points, strict=True):
            place = 1 + sum(q > p for q in points)
            solos = draw(st.integers(0, 2))
            out.append(EveningResult(player, s, day, len(seats), place, p, deals=deals, solos_won=solos))
    return out


def with_every_size(config: dict[str, Any]) -> dict[str, Any]:
    """A points table for tables of one to five (the generated seasons have them all)."""
    if "points_by_size" not in config:
        return config
    return {**config, "points_by_size": {str(n): [4 - p for p in range(n)] for n in range(1, 6)}}


configs = st.sampled_from(
    [
        *ALL_MODES,
        {"mode": "best_n", "n": 2, "min_sessions": 2},
        {"mode": "placement_points", "formula": "descending"},
        {"mode": "average", "per": "round", "min_rounds": 6},
    ]
).map(with_every_size)


@settings(max_examples=examples(150), deadline=None)
@given(seasons(), configs, st.sampled_from(CHAINS), st.randoms(use_true_random=False))
def test_the_standing_does_not_depend_on_the_order_of_the_results(results, config, chain, rng):
    shuffled = list(results)
    rng.shuffle(shuffled)
    assert rank(shuffled, config, chain) == rank(results, config, chain)


@settings(max_examples=examples(150), deadline=None)
@given(seasons(), configs, st.sampled_from(CHAINS))
def test_ranks_follow_the_score_and_skip_after_a_shared_place(results, config, chain):
    rows = rank(results, config, chain)
    ranked = [r for r in rows if r.eligible]
    assert rows[: len(ranked)] == ranked  # the unranked come last
    assert all(r.rank is None for r in rows[len(ranked) :])
    for i, row in enumerate(ranked):
        assert row.rank is not None
        if i == 0:
            assert row.rank == 1
        elif row.rank != ranked[i - 1].rank:
            assert row.rank == i + 1  # the next place after a shared one skips
            assert ranked[i - 1].score >= row.score
        else:
            assert ranked[i - 1].score == row.score


@settings(max_examples=examples(150), deadline=None)
@given(seasons(), configs, st.sampled_from(CHAINS))
def test_players_share_a_rank_only_when_level_on_every_key(results, config, chain):
    rows = [r for r in rank(results, config, chain) if r.eligible]
    for before, after in itertools.pairwise(rows):
        key_before = (before.score, *(v for _, v in before.tiebreaks))
        key_after = (after.score, *(v for _, v in after.tiebreaks))
        if before.rank == after.rank:
            assert key_before == key_after
        elif "direct_comparison" not in chain:  # a direct comparison's value depends on who was tied
            assert key_before > key_after


def naive_placement(results: list[EveningResult], mode: Any) -> dict[str, Fraction]:
    """The placement points one result at a time, the slow and obvious way."""
    totals: dict[str, Fraction] = {}
    for r in results:
        sharing = sum(1 for o in results if o.session == r.session and o.place == r.place)
        points = sum(Fraction(mode.place_points(r.table_size, p, 1)) for p in range(r.place, r.place + sharing))
        totals[r.player] = totals.get(r.player, Fraction(0)) + Fraction(points) / sharing
    return totals


@settings(max_examples=examples(100), deadline=None)
@given(seasons(), st.sampled_from(["linear_100", "descending", "descending_tens"]))
def test_placement_points_add_up_as_one_would_by_hand(results, formula):
    mode = parse_mode({"mode": "placement_points", "formula": formula})
    assert {r.player: r.score for r in rank(results, mode)} == naive_placement(results, mode)
