"""TSR penalties and the tournament ranking: the tie-break chain, shared places and a drawn lot."""

from __future__ import annotations

import pytest

from leagues.tournaments.rules.penalties import Penalty
from leagues.tournaments.rules.ranking import RoundResult, draw_lots, parse_tiebreaks, rank
from scorekeeper.engine.reading import Bad

TABLE = (1, 2, 3, 4)


def test_minor_and_serious_penalties_are_zero_sum_at_the_offenders_table() -> None:
    minor = Penalty(1, 2, "minor", "played out of turn", "Schiedsrichter Huber")
    assert minor.deltas(TABLE) == {1: 1, 2: -3, 3: 1, 4: 1}
    serious = Penalty(1, 2, "serious", "looked at the cards of another", "Huber")
    assert serious.deltas(TABLE) == {1: 4, 2: -12, 3: 4, 4: 4}


FIVE = (*TABLE, 5)


@pytest.mark.parametrize(("kind", "cost", "share"), [("minor", 3, 1), ("serious", 12, 4)])
def test_at_five_the_offender_pays_the_fixed_amount_and_the_sitting_out_dealer_gets_nothing(
    kind: str, cost: int, share: int
) -> None:
    """9.3.2 and 9.4.3 fix the cost; the dealer sitting out scores 0 (10.1.2)."""
    penalty = Penalty(1, 2, kind, "played out of turn", "Huber", sitting_out=5)
    assert penalty.deltas(FIVE) == {1: share, 2: -cost, 3: share, 4: share}


@pytest.mark.parametrize(("kind", "to_soloist"), [("minor", 3), ("serious", 12)])
@pytest.mark.parametrize(("table", "sitting_out"), [(TABLE, None), (FIVE, 5)])
def test_a_defenders_offence_during_a_solo_credits_the_soloist_alone(
    kind: str, to_soloist: int, table: tuple[int, ...], sitting_out: int | None
) -> None:
    """9.3.3 b1 (minor) and 9.4.4 (serious): the other defenders and the dealer sitting out get 0."""
    penalty = Penalty(1, 2, kind, "showed a card", "Huber", sitting_out=sitting_out, soloist=3)
    assert penalty.deltas(table) == {2: -to_soloist, 3: to_soloist}


def test_an_older_entry_at_five_naming_nobody_sitting_out_keeps_its_reading() -> None:
    assert Penalty(1, 2, "serious", "", "Huber").deltas(FIVE) == {1: 4, 2: -16, 3: 4, 4: 4, 5: 4}


def test_a_free_deduction_takes_from_the_offender_alone() -> None:
    assert Penalty(2, 3, "deduction", "late back from the break", "Turnierleitung", points=10).deltas(TABLE) == {3: -10}


def result(player: int, round_: int, points: int, **kw: int) -> RoundResult:
    return RoundResult(player, round_, table=1, points=points, **kw)


# Three players level on 50 points; 4 has fewer.
LEVEL = [
    result(1, 1, 30, solos=2, solos_won=1),
    result(1, 2, 20, solos=1, solos_won=1, penalty_points=3),
    result(2, 1, 10, solos=3, solos_won=2),
    result(2, 2, 40, solos=1, solos_won=0),
    result(3, 1, 25, solos=2, solos_won=2),
    result(3, 2, 25, solos=2, solos_won=1),
    result(4, 1, -10),
    result(4, 2, 0),
]


def places(chain: list[str], lots: dict[int, int] | None = None) -> list[tuple[int | None, int]]:
    return [(s.place, s.player) for s in rank(LEVEL, parse_tiebreaks(chain), lots)]


def test_a_three_way_tie_shares_the_place_without_tie_breaks() -> None:
    assert places(["points", "shared"]) == [(1, 1), (1, 2), (1, 3), (4, 4)]


def test_the_chain_breaks_the_three_way_tie_step_by_step() -> None:
    assert places(["best_round", "shared"]) == [(1, 2), (2, 1), (3, 3), (4, 4)]  # 40, 30, 25
    # solos played: 1 and 3 have 3 and 4, 2 has 4: 2 and 3 level, then solos won 2 against 3
    assert places(["solos_played", "solos_won", "shared"]) == [(1, 3), (2, 2), (3, 1), (4, 4)]
    assert places(["solos_played", "shared"]) == [(1, 2), (1, 3), (3, 1), (4, 4)]
    assert places(["fewer_penalty_points", "solos_won", "shared"]) == [(1, 3), (2, 2), (3, 1), (4, 4)]


def test_more_rounds_won_counts_the_rounds_a_player_topped_his_table() -> None:
    # round 1: 1 tops the table with 30, round 2: 2 with 40; 3 tops none
    assert places(["rounds_won", "shared"]) == [(1, 1), (1, 2), (3, 3), (4, 4)]
    assert [dict(s.tiebreaks)["rounds_won"] for s in rank(LEVEL, ("rounds_won",))] == [1, 1, 0, 0]


def test_the_direct_comparison_counts_the_rounds_the_tied_players_sat_together() -> None:
    # 1 and 2 level on 50: together at table 1 in round 1 (30 against 10), apart in round 2
    apart = [
        RoundResult(1, 1, table=1, points=30),
        RoundResult(2, 1, table=1, points=10),
        RoundResult(1, 2, table=1, points=20),
        RoundResult(2, 2, table=2, points=40),
        RoundResult(3, 1, table=1, points=5),
    ]
    assert [(s.place, s.player) for s in rank(apart, ("shared",))] == [(1, 1), (1, 2), (3, 3)]
    standing = rank(apart, parse_tiebreaks(["direct_comparison", "shared"]))
    assert [(s.place, s.player, s.tiebreak("direct_comparison")) for s in standing] == [
        (1, 1, 30), (2, 2, 10), (3, 3, None),
    ]  # fmt: skip


def test_a_drawn_lot_decides_what_the_chain_leaves_level_and_is_reproducible() -> None:
    lots = draw_lots([1, 2, 3, 4], seed=2026)
    assert lots == draw_lots([4, 3, 2, 1], seed=2026)
    assert sorted(lots.values()) == [1, 2, 3, 4]
    standing = rank(LEVEL, parse_tiebreaks(["solos_played", "lot"]), lots)
    assert [s.player for s in standing][2:] == [1, 4]
    first, second = standing[0], standing[1]
    assert {first.player, second.player} == {2, 3}
    assert lots[first.player] < lots[second.player]
    assert (first.place, second.place) == (1, 2)
    assert dict(first.tiebreaks) == {"solos_played": 4, "lot": lots[first.player]}


def test_a_standing_reports_the_rounds_and_the_chains_values() -> None:
    [first, *_] = rank(LEVEL, parse_tiebreaks(["best_round", "fewer_penalty_points"]))
    assert (first.player, first.points, first.rounds) == (2, 50, {1: 10, 2: 40})
    assert dict(first.tiebreaks) == {"best_round": 40, "fewer_penalty_points": 0}


@pytest.mark.parametrize(
    ("chain", "message"),
    [
        ("points", "The tie-breaks are a list of keys, not 'points'."),
        (
            ["coin"],
            "There is no tie-break 'coin' (known: points, best_round, solos_played, solos_won, fewer_penalty_points, "
            "rounds_won, direct_comparison, shared, lot).",
        ),
        (["best_round", "best_round"], "The tie-break best_round is listed twice."),
        (["shared", "lot"], "Nothing can follow the tie-break shared, but lot does."),
        (["lot", "solos_won"], "Nothing can follow the tie-break lot, but solos_won does."),
    ],
)
def test_a_bad_chain_is_refused(chain: object, message: str) -> None:
    with pytest.raises(Bad) as raised:
        parse_tiebreaks(chain)
    assert str(raised.value) == message


@pytest.mark.parametrize("value", [12, 18, 24])
def test_a_serious_offence_in_a_solo_credits_the_soloist_what_the_official_decided(value: int) -> None:
    """9.4.4: 12 to 24 to the soloist, the other defenders 0."""
    penalty = Penalty(1, 2, "serious", "showed a card", "Huber", points=value, soloist=3)
    assert penalty.points_problem() is None
    assert penalty.deltas(TABLE) == {2: -value, 3: value}


@pytest.mark.parametrize(
    ("kind", "points", "soloist", "code"),
    [
        ("serious", 11, 3, "serious_in_solo_range"),
        ("serious", 25, 3, "serious_in_solo_range"),
        ("serious", 18, None, "points_not_deduction"),  # outside a solo the serious penalty is the fixed 12
        ("minor", 3, 3, "points_not_deduction"),  # 9.3.3 b1 is fixed: 3
    ],
)
def test_only_a_serious_offence_in_a_solo_names_its_value_of_12_to_24(
    kind: str, points: int, soloist: int | None, code: str
) -> None:
    problem = Penalty(1, 2, kind, "", "Huber", points=points, soloist=soloist).points_problem()
    assert problem is not None
    assert problem.code == code
