"""The team ranking's rules: the sum of the members' points, then the best member, then the best single round."""

from __future__ import annotations

from leagues.tournaments.rules.teams import CHAIN, MemberPoints, rank_teams


def member(points: int, *rounds: int) -> MemberPoints:
    return MemberPoints(points, dict(enumerate(rounds, start=1)))


def places(teams: dict[int, list[MemberPoints]]) -> list[tuple[int | None, int, int]]:
    return [(s.place, s.player, int(s.points)) for s in rank_teams(teams)]


def test_teams_rank_by_the_sum_of_their_members_points() -> None:
    teams = {1: [member(30, 30), member(-10, -10)], 2: [member(25, 25), member(10, 10), member(5, 5)]}
    assert places(teams) == [(1, 2, 40), (2, 1, 20)]


def test_level_teams_are_told_apart_by_the_best_member_then_the_best_round() -> None:
    by_member = {1: [member(20, 10, 10), member(20, 10, 10)], 2: [member(30, 10, 20), member(10, 5, 5)]}
    assert places(by_member) == [(1, 2, 40), (2, 1, 40)]
    by_round = {1: [member(30, 15, 15), member(10, 5, 5)], 2: [member(30, 25, 5), member(10, 5, 5)]}
    assert places(by_round) == [(1, 2, 40), (2, 1, 40)]
    [first, _] = rank_teams(by_round)
    assert dict(first.tiebreaks) == {"best_member": 30, "best_round": 25}
    assert CHAIN == ("best_member", "best_round")


def test_teams_level_on_everything_share_the_place() -> None:
    same = [member(20, 20), member(10, 10)]
    assert places({1: same, 2: same, 3: [member(0, 0), member(0, 0)]}) == [(1, 1, 30), (1, 2, 30), (3, 3, 0)]


def test_a_member_without_a_result_adds_nothing() -> None:
    assert places({1: [member(12, 12), MemberPoints(0, {})]}) == [(1, 1, 12)]
