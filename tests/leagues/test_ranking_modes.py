"""The modes real leagues use besides the classic ones (issue 25, fault 8): evenings won, a rolling window, points
off for missed evenings, each club's best player. Checked by hand on league L, tables of four and five:

    evening     table  size   place: player points
    2026-01-08  t1     4      1: A +60   2: B +20   3: C −20   4: D −60
                t2     5      1: E +50   1: F +50   3: G 0     4: H −40   5: I −60     (E and F share first)
    2026-02-12  t3     5      1: A +40   2: E +20   3: B 0     4: G −20   5: H −40
                t4     4      1: C +30   2: F +10   3: D −10   4: I −30
    2026-03-12  t5     4      1: B +30   2: A +10   3: E −10   4: F −30
    2026-04-09  t6     4      1: A +20   2: B 0     2: E 0     4: C −20              (B and E share second)

Totals: A 130, B 50, C −10, D −70, E 60, F 30, G −20, H −80, I −90. Evenings won: A 3, B, C, E, F 1 each.
Evenings missed (of the 4): A, B, E none; C, F one; D, G, H, I two. Clubs: A B C at X, D E F at Y, G H I at Z.
"""

from __future__ import annotations

import datetime

import pytest

from leagues.seasons.ranking import RankingError, best_per_group, parse_mode, rank
from leagues.seasons.ranking.modes import window_start

from .test_ranking import evening, table

LEAGUE = [
    *evening("t1", "2026-01-08", ("A", 1, 60), ("B", 2, 20), ("C", 3, -20), ("D", 4, -60)),
    *evening("t2", "2026-01-08", ("E", 1, 50), ("F", 1, 50), ("G", 3, 0), ("H", 4, -40), ("I", 5, -60)),
    *evening("t3", "2026-02-12", ("A", 1, 40), ("E", 2, 20), ("B", 3, 0), ("G", 4, -20), ("H", 5, -40)),
    *evening("t4", "2026-02-12", ("C", 1, 30), ("F", 2, 10), ("D", 3, -10), ("I", 4, -30)),
    *evening("t5", "2026-03-12", ("B", 1, 30), ("A", 2, 10), ("E", 3, -10), ("F", 4, -30)),
    *evening("t6", "2026-04-09", ("A", 1, 20), ("B", 2, 0), ("E", 2, 0), ("C", 4, -20)),
]
CLUB = {"A": "X", "B": "X", "C": "X", "D": "Y", "E": "Y", "F": "Y", "G": "Z", "H": "Z", "I": "Z"}


def test_evenings_won_counts_a_shared_first_for_each():
    assert table(rank(LEAGUE, {"mode": "evenings_won"})) == [
        (1, "A", 3), (2, "B", 1), (2, "C", 1), (2, "E", 1), (2, "F", 1),
        (6, "D", 0), (6, "G", 0), (6, "H", 0), (6, "I", 0),
    ]  # fmt: skip


def test_evenings_won_then_game_points():
    assert table(rank(LEAGUE, {"mode": "evenings_won"}, ["more_points"])) == [
        (1, "A", 3), (2, "E", 1), (3, "B", 1), (4, "F", 1), (5, "C", 1),
        (6, "G", 0), (7, "D", 0), (8, "H", 0), (9, "I", 0),
    ]  # fmt: skip


def test_evenings_won_as_a_tiebreak_counts_a_shared_first_for_each():
    # total points with an invented tie: E and F both +50 and first on 2026-01-08 only
    tied = evening("t1", "2026-01-08", ("E", 1, 50), ("F", 1, 50), ("G", 3, 0), ("H", 4, -100))
    tied += evening("t2", "2026-01-15", ("G", 1, 50), ("E", 2, 0), ("F", 2, 0), ("H", 4, -50))
    rows = rank(tied, {"mode": "total_points"}, ["more_evenings_won"])
    assert [(s.rank, s.player, s.score, s.tiebreak("more_evenings_won")) for s in rows] == [
        (1, "E", 50, 1), (1, "F", 50, 1), (1, "G", 50, 1), (4, "H", -150, 0),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("last", "months", "first"),
    [
        ("2026-06-30", 24, "2024-07-01"),
        ("2026-04-09", 2, "2026-02-10"),
        ("2026-03-31", 1, "2026-03-01"),  # 28 February, the day after it
        ("2024-02-29", 12, "2023-03-01"),
    ],
)
def test_the_window_starts_the_day_after_the_same_day_months_before(last, months, first):
    day = datetime.date.fromisoformat
    assert window_start(day(last), months) == day(first)


def test_a_rolling_window_counts_only_the_last_months():
    # up to 2026-04-09, two months: from 2026-02-10 on (t3 to t6)
    assert table(rank(LEAGUE, {"mode": "total_points", "window_months": 2})) == [
        (1, "A", 70), (2, "B", 30), (3, "C", 10), (3, "E", 10), (5, "D", -10),
        (6, "F", -20), (6, "G", -20), (8, "I", -30), (9, "H", -40),
    ]  # fmt: skip
    # one month: from 2026-03-10 on (t5, t6): A and B won one each, both +30; whoever did not play is not listed
    assert table(rank(LEAGUE, {"mode": "evenings_won", "window_months": 1}, ["more_points"])) == [
        (1, "A", 1), (1, "B", 1), (3, "E", 0), (4, "C", 0), (5, "F", 0),
    ]  # fmt: skip


def test_a_penalty_for_every_evening_missed():
    assert table(rank(LEAGUE, {"mode": "total_points", "missed_penalty": 20})) == [
        (1, "A", 130), (2, "E", 60), (3, "B", 50), (4, "F", 10), (5, "C", -30),
        (6, "G", -60), (7, "D", -110), (8, "H", -120), (9, "I", -130),
    ]  # fmt: skip


def test_a_penalty_from_the_first_evening_beyond_the_free_ones():
    assert table(rank(LEAGUE, {"mode": "total_points", "missed_penalty": 20, "free_misses": 1})) == [
        (1, "A", 130), (2, "E", 60), (3, "B", 50), (4, "F", 30), (5, "C", -10),
        (6, "G", -40), (7, "D", -90), (8, "H", -100), (9, "I", -110),
    ]  # fmt: skip


def test_a_penalty_in_a_window_counts_the_evenings_of_the_window():
    # 2026-03-12 and 2026-04-09: C missed the first, F the second
    config = {"mode": "total_points", "window_months": 1, "missed_penalty": 5}
    assert table(rank(LEAGUE, config)) == [(1, "A", 30), (1, "B", 30), (3, "E", -10), (4, "C", -25), (5, "F", -35)]


def test_placement_points_with_a_penalty():
    # 4, 3, 2, 1 at four and 5 … 1 at five; E and F share 5 and 4 at t2, B and E share 3 and 2 at t6
    # A 4+5+3+4 = 16, B 3+3+4+2½ = 12½, E 4½+4+2+2½ = 13, D 1+2 = 3, missed two: 3 − 2·1 = 1
    rows = {s.player: s.score for s in rank(LEAGUE, {"mode": "matchday_points", "missed_penalty": 1})}
    assert (rows["A"], rows["B"], rows["E"], rows["D"]) == (16, 12.5, 13, 1)


@pytest.mark.parametrize("mode", ["total_money", "average", "evenings_won"])
def test_no_penalty_where_points_off_make_no_sense(mode):
    config = {"mode": mode, "missed_penalty": 10} | ({"per": "session"} if mode == "average" else {})
    with pytest.raises(RankingError) as caught:
        parse_mode(config)
    assert caught.value.code == "penalty_not_for_mode"


def test_each_club_s_best_player_keeps_the_league_place():
    standing = rank(LEAGUE, {"mode": "total_points"})
    assert table(best_per_group(standing, lambda s: CLUB[s.player])) == [(1, "A", 130), (2, "E", 60), (6, "G", -20)]
    # a club without a ranked player (G, H, I played 2 evenings of the 3 needed) has no best
    standing = rank(LEAGUE, {"mode": "total_points", "min_sessions": 3})
    assert table(best_per_group(standing, lambda s: CLUB[s.player])) == [(1, "A", 130), (2, "E", 60)]


def test_the_options_in_words():
    about = parse_mode({"mode": "evenings_won", "window_months": 24, "min_sessions": 6}).about()
    assert [str(line) for line in about] == [
        "The evenings each player finished first at the table; players level in first place each count it as won.",
        "Ranked from 6 evenings on.",
        "Only the evenings of the last 24 months up to the last evening count.",
    ]
    about = parse_mode({"mode": "total_points", "missed_penalty": 10, "free_misses": 2}).about()
    assert str(about[-1]) == "Each evening missed beyond the first 2 costs 10 points."
