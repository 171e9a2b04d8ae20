"""The prize list: reading it, the place prizes from the fees, shared places, categories and one prize a player."""

from __future__ import annotations

import pytest

from leagues.tournaments.rules.prizes import (
    Award,
    Prizes,
    Ranked,
    award,
    place_amounts,
    prizes_json,
    read_prizes,
    split,
)
from leagues.tournaments.rules.words import InvalidTournament

POOL = [{"place": 1, "percent": 40}, {"place": 2, "percent": 25}, {"place": 3, "percent": 15}]


def ranked(*places: int, women: tuple[int, ...] = (), rounds: dict[int, dict[int, int]] | None = None) -> list[Ranked]:
    """Players 1, 2, … at ``places`` in this order; ``rounds`` gives some players' points by round."""
    return [
        Ranked(n, place, (rounds or {}).get(n, {1: 0}), frozenset({"women"} if n in women else ()))
        for n, place in enumerate(places, start=1)
    ]


def paid(awards: list[Award]) -> list[tuple[int, int]]:
    return [(a.player, a.cents) for a in awards]


def test_the_list_reads_back_as_stored() -> None:
    raw = {
        "pool": [{"place": 2, "percent": 12.5}, {"place": 1, "percent": 50}, {"place": 3, "prize_cents": 1000}],
        "categories": [{"category": "women", "label": "Beste Dame", "prize_cents": 2000, "stacks": False}],
    }
    prizes = read_prizes(raw)
    assert [p.place for p in prizes.pool] == [1, 2, 3]
    assert read_prizes(prizes_json(prizes)) == prizes
    assert prizes_json(prizes)["pool"][1] == {"place": 2, "percent": 12.5}
    assert read_prizes({}) == Prizes()


def test_a_category_without_a_label_reads_back_as_stored() -> None:
    """Its label is left out when stored; one stored empty (before it was left out) still reads."""
    prizes = read_prizes({"categories": [{"category": "women", "prize_cents": 2000}]})
    assert "label" not in prizes_json(prizes)["categories"][0]
    assert read_prizes(prizes_json(prizes)) == prizes
    assert read_prizes({"categories": [{"category": "women", "label": "", "prize_cents": 2000}]}) == prizes


@pytest.mark.parametrize(
    ("raw", "paths"),
    [
        ({"pool": [{"place": 1}]}, ["pool[0]"]),
        ({"pool": [{"place": 1, "percent": 10, "prize_cents": 100}]}, ["pool[0]"]),
        ({"pool": [{"place": 1, "percent": 60}, {"place": 1, "percent": 50}]}, ["pool[1].place", "pool"]),
        ({"pool": [{"place": 0, "percent": 0}]}, ["pool[0].place", "pool[0].percent"]),
        (
            {"categories": [{"category": " ", "prize_cents": 0, "label": "x" * 61}]},
            ["categories[0].category", "categories[0].prize_cents", "categories[0].label"],
        ),
        ({"prizes": []}, ["prizes"]),
    ],
)
def test_every_bad_field_is_named_by_its_path(raw: dict[str, object], paths: list[str]) -> None:
    with pytest.raises(InvalidTournament) as raised:
        read_prizes(raw)
    assert [problem.field for problem in raised.value.problems] == paths


def test_percentages_round_down_and_the_first_place_gets_what_rounding_leaves() -> None:
    # 1001 cents: 50 % is 500.5, 30 % 300.3, 20 % 200.2; the pool is all 1001 cents
    pool = read_prizes(
        {"pool": [{"place": 1, "percent": 50}, {"place": 2, "percent": 30}, {"place": 3, "percent": 20}]}
    )
    assert place_amounts(pool.pool, 1001) == {1: 501, 2: 300, 3: 200}
    # 65.5 % of 1333 is 873.115: 873 paid out; 40 % is 533.2 and 25.5 % is 339.915, so place 1 gets 534
    mixed = read_prizes(
        {"pool": [{"place": 1, "percent": 40}, {"place": 2, "percent": 25.5}, {"place": 4, "prize_cents": 700}]}
    )
    assert place_amounts(mixed.pool, 1333) == {1: 534, 2: 339, 4: 700}


def test_shared_places_split_the_prizes_they_cover() -> None:
    prizes = read_prizes({"pool": POOL})  # 20 players at 10 €: 80, 50 and 30 €
    awards = award(prizes, ranked(1, 2, 2, 4), fees_cents=20000)
    assert paid(awards) == [(1, 8000), (2, 4000), (3, 4000)]  # (50 + 30) / 2 each; place 4 has no prize
    straddling = award(prizes, ranked(1, 2, 3, 3), fees_cents=20000)
    assert paid(straddling) == [(1, 8000), (2, 5000), (3, 1500), (4, 1500)]  # 30 € for places 3 and 4
    assert split(1001, 2) == [501, 500]
    assert paid(award(read_prizes({"pool": [{"place": 1, "prize_cents": 1001}]}), ranked(1, 1), fees_cents=0)) == [
        (1, 501),
        (2, 500),
    ]


def test_a_category_prize_goes_to_the_best_eligible_player_without_a_prize() -> None:
    prizes = read_prizes({"pool": POOL, "categories": [{"category": "women", "prize_cents": 2000}]})
    # player 1 (a woman) wins place 1, so the women's prize goes to the next best woman, player 5
    awards = award(prizes, ranked(1, 2, 3, 4, 5, 6, women=(1, 5, 6)), fees_cents=20000)
    assert paid(awards) == [(1, 8000), (2, 5000), (3, 3000), (5, 2000)]
    assert awards[-1].category == prizes.categories[0]
    twice = read_prizes({"categories": [{"category": "women", "prize_cents": 2000}] * 2})
    assert paid(award(twice, ranked(1, 2, 3, women=(2, 3)), fees_cents=0)) == [(2, 2000), (3, 2000)]
    assert award(twice, ranked(1, 2), fees_cents=0) == []  # no woman played


def test_a_stacking_category_goes_to_the_best_regardless() -> None:
    rounds = {1: {1: 90, 2: 40}, 2: {1: 20, 2: 100}, 3: {1: 50, 2: 100}}  # players 2 and 3 share the best round
    prizes = read_prizes(
        {"pool": POOL, "categories": [{"category": "high_of_session", "prize_cents": 1001, "stacks": True}]}
    )
    awards = award(prizes, ranked(1, 2, 3, 4, rounds=rounds), fees_cents=20000)
    assert paid(awards) == [(1, 8000), (2, 5000), (3, 3000), (2, 501), (3, 500)]
    not_stacking = read_prizes({"pool": POOL, "categories": [{"category": "high_of_session", "prize_cents": 1000}]})
    assert paid(award(not_stacking, ranked(1, 2, 3, 4, rounds=rounds), fees_cents=20000))[-1] == (4, 1000)


def test_best_of_table_pays_each_table_of_the_last_round() -> None:
    rounds = {n: {1: 0, 2: points} for n, points in zip(range(1, 9), (60, 50, 40, 30, 20, 10, 5, 0), strict=True)}
    prizes = read_prizes({"pool": POOL[:1], "categories": [{"category": "best_of_table", "prize_cents": 500}]})
    tables = {1: [1, 3, 5, 7], 2: [2, 4, 6, 8]}
    awards = award(prizes, ranked(*range(1, 9), rounds=rounds), fees_cents=1000, last_round=2, last_tables=tables)
    # player 1 won place 1, so table 1's prize goes to player 3, the best of the rest there
    assert [(a.player, a.cents, a.table) for a in awards] == [(1, 400, None), (3, 500, 1), (2, 500, 2)]
    assert paid(award(prizes, ranked(1, 2), fees_cents=1000)) == [(1, 400)]  # no round played: no table prize
