"""Settling up: points → integer cents → the fewest transfers, exact to the cent; and money in words."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import engine
from scorekeeper.engine.money import decimal_string
from scorekeeper.engine.samples import random_session
from scorekeeper.engine.settlement import (
    EXACT_LIMIT,
    KITTY,
    Mode,
    PotPolicy,
    Settlement,
    Transfer,
    fewest_transfers,
    seat_after,
    settle_up,
    split_evenly,
)
from scorekeeper.settlement.money import format_money
from scorekeeper.settlement.printing import settle_sheet
from scorekeeper.table.sheet import build_sheet

from .engine.golden import golden_files

FOUR = ("Anna", "Bert", "Caro", "Dieter")


def settled(transfers: tuple[Transfer, ...], balances: dict[str, int]) -> dict[str, int]:
    """Every balance after the transfers are paid: all 0 when they settle everything."""
    left = dict(balances)
    for t in transfers:
        left[t.payer] += t.cents
        left[t.payee] -= t.cents
    return left


def assert_settles(settlement: Settlement) -> None:
    balances = settlement.balances
    assert sum(balances.values()) == 0
    assert set(settled(settlement.transfers, balances).values()) <= {0}
    owing = sum(1 for cents in balances.values() if cents)
    assert len(settlement.transfers) <= max(owing - 1, 0)


# worked examples ------------------------------------------------------------------------------------------------


def schafkopf_evening(**more: Any) -> dict[str, Any]:
    """Anna and Caro win a Sauspiel (20); Bert wins an Eichel-Solo Schneider (50 + 10, from each of three)."""
    return {
        "format": "schreiber/1",
        "game": "schafkopf",
        "rules": "classic",
        "tariff": "10/20/50",
        "players": list(FOUR),
        "cents_per_point": 10,
        "deals": [
            {"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 72},
            {"contract": "solo", "declarer": "Bert", "suit": "eichel", "points": 95},
        ],
        **more,
    }


def test_a_schafkopf_evening_settles_to_the_cent_with_the_fewest_payments() -> None:
    sheet = build_sheet(schafkopf_evening())
    assert sheet.totals == (-40, 160, -40, -80)
    settlement = settle_sheet(sheet, pot_policy="carry", mode="zero_sum")
    assert [p.cents for p in settlement.players] == [-400, 1600, -400, -800]
    assert settlement.kitty_cents == 0
    assert settlement.transfers == (
        Transfer("Anna", "Bert", 400),
        Transfer("Caro", "Bert", 400),
        Transfer("Dieter", "Bert", 800),
    )


def test_the_balances_agree_with_the_settle_commands_money() -> None:
    document = schafkopf_evening()
    money = engine.settle(document)["money"]
    settlement = settle_sheet(build_sheet(document), pot_policy="carry", mode="zero_sum")
    assert {p.name: decimal_string(p.cents) for p in settlement.players} == money


def doppelkopf_evening() -> dict[str, Any]:
    """Anna ends on 6, Bert and Caro on 0, Dieter on -6."""
    return {
        "format": "schreiber/1",
        "game": "doppelkopf",
        "rules": "ddv",
        "players": list(FOUR),
        "cents_per_point": 50,
        "deals": [
            {"type": "normal", "re": ["Anna", "Caro"], "re_points": 130},  # Re wins: 1
            {"type": "normal", "re": ["Anna", "Bert"], "re_points": 190},  # Re wins, Kontra under 90 and 60: 3
            {"type": "normal", "re": ["Bert", "Dieter"], "re_points": 100},  # Kontra wins, Gegen die Alten: 2
        ],
    }


def test_against_the_leader_everyone_pays_their_gap_into_the_kitty() -> None:
    sheet = build_sheet(doppelkopf_evening())
    assert sheet.totals == (6, 0, 0, -6)
    settlement = settle_sheet(sheet, pot_policy="carry", mode="against_leader")
    assert settlement.leader_points == 6
    assert [p.behind_leader for p in settlement.players] == [0, 6, 6, 12]
    assert [p.cents for p in settlement.players] == [0, -300, -300, -600]
    assert settlement.kitty_cents == 1200
    assert settlement.transfers == (
        Transfer("Bert", KITTY, 300),
        Transfer("Caro", KITTY, 300),
        Transfer("Dieter", KITTY, 600),
    )


def test_the_same_evening_zero_sum_is_one_payment() -> None:
    settlement = settle_sheet(build_sheet(doppelkopf_evening()), pot_policy="carry", mode="zero_sum")
    assert settlement.transfers == (Transfer("Dieter", "Anna", 300),)


def test_tied_leaders_both_pay_nothing() -> None:
    settlement = settle_up(FOUR, [5, 5, 1, -11], cents_per_point=10, mode=Mode.AGAINST_LEADER)
    assert [p.cents for p in settlement.players] == [0, 0, -40, -160]


def five_at_a_schafkopf_table(**more: Any) -> dict[str, Any]:
    """Everyone passes the first deal: the four who play (Anna deals and sits out) put 1 each into the pot."""
    return {
        "format": "schreiber/1",
        "game": "schafkopf",
        "rules": {"preset": "classic", "pass_out": "stock"},
        "tariff": "classic",
        "players": ["Anna", "Bert", "Caro", "Dieter", "Emil"],
        "cents_per_point": 7,
        "deals": [{"contract": "passed"}],
        **more,
    }


def test_a_pot_paid_back_gives_the_odd_cents_in_seat_order_after_the_last_dealer() -> None:
    sheet = build_sheet(five_at_a_schafkopf_table())
    assert (sheet.totals, sheet.pot) == ((0, -1, -1, -1, -1), 4)
    settlement = settle_sheet(sheet, pot_policy="pay_back", mode="zero_sum")
    # 4 points × 7 ct = 28 ct for five players: 5 ct each and 3 odd cents, for Bert, Caro and Dieter (Anna dealt)
    assert [p.pot_share_cents for p in settlement.players] == [5, 6, 6, 6, 5]
    assert [p.gets_odd_cent for p in settlement.players] == [False, True, True, True, False]
    assert (settlement.pot_share_cents, settlement.odd_cents) == (5, 3)
    assert [p.cents for p in settlement.players] == [5, -1, -1, -1, -2]
    assert settlement.kitty_cents == 0
    assert settlement.pot_carried == 0
    assert len(settlement.transfers) == 4
    assert_settles(settlement)


def test_a_carried_pot_stays_in_the_kitty_for_the_next_session() -> None:
    settlement = settle_sheet(build_sheet(five_at_a_schafkopf_table()), pot_policy="carry", mode="zero_sum")
    assert [p.cents for p in settlement.players] == [0, -7, -7, -7, -7]
    assert settlement.kitty_cents == 28
    assert settlement.pot_carried == 4
    assert settlement.transfers == tuple(Transfer(name, KITTY, 7) for name in ("Bert", "Caro", "Dieter", "Emil"))


def test_a_pot_carried_in_and_won_is_paid_out_of_the_kitty() -> None:
    document = schafkopf_evening(rules={"preset": "classic", "pass_out": "stock"}, pot_carried_in=80)
    document["deals"] = document["deals"][:1]  # Anna wins her Sauspiel and, as declarer, the pot of 80
    sheet = build_sheet(document)
    assert (sheet.totals, sheet.pot) == ((100, -20, 20, -20), 0)
    settlement = settle_sheet(sheet, pot_policy="carry", mode="zero_sum")
    assert settlement.kitty_cents == -800
    assert settlement.transfers == (
        Transfer("Bert", "Anna", 200),
        Transfer("Dieter", "Caro", 200),
        Transfer(KITTY, "Anna", 800),
    )


def test_nothing_to_pay_when_playing_for_points_only() -> None:
    settlement = settle_up(FOUR, [30, -10, -10, -10], cents_per_point=0, pot=12, pot_policy=PotPolicy.PAY_BACK)
    assert settlement.transfers == ()
    assert settlement.balances == dict.fromkeys([*FOUR, KITTY], 0)


def test_fewest_transfers_beats_greedy_when_a_pair_cancels_out() -> None:
    # Largest debtor to largest creditor alone needs 5 payments here; {Anna, Dieter} settle between themselves.
    balances = {"Anna": -9, "Bert": -7, "Caro": -4, "Dieter": 9, "Emil": -8, "Franz": 19}
    transfers = fewest_transfers(balances)
    assert len(transfers) == 4
    assert Transfer("Anna", "Dieter", 9) in transfers
    assert set(settled(transfers, balances).values()) == {0}


def test_transfers_are_listed_by_payer_in_seat_order() -> None:
    transfers = fewest_transfers({"Anna": 500, "Bert": -200, "Caro": 300, "Dieter": -600})
    assert [t.payer for t in transfers] == sorted((t.payer for t in transfers), key=["Bert", "Dieter"].index)


def test_balances_that_do_not_sum_to_zero_are_refused() -> None:
    with pytest.raises(ValueError, match="sum to 0"):
        fewest_transfers({"Anna": 5, "Bert": -4})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": [], "points": []}, "needs players"),
        ({"points": [1, 2]}, "totals"),
        ({"players": ["Anna", "Anna", "Caro", "Dieter"]}, "distinct"),
        ({"players": ["Anna", " ", "Caro", "Dieter"]}, "non-blank"),
        ({"cents_per_point": -1}, "cents_per_point"),
        ({"odd_cents_from": 4}, "odd_cents_from"),
    ],
)
def test_settle_up_refuses_impossible_input(kwargs: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = {"players": FOUR, "points": [1, 2, -3, 0], "cents_per_point": 10, **kwargs}
    with pytest.raises(ValueError, match=message):
        settle_up(arguments.pop("players"), arguments.pop("points"), **arguments)


def test_seat_after_wraps_round_the_table() -> None:
    assert seat_after(FOUR, "Bert") == 2
    assert seat_after(FOUR, "Dieter") == 0


# properties -----------------------------------------------------------------------------------------------------

balances_strategy = st.lists(st.integers(-1_000_000, 1_000_000), min_size=1, max_size=9).map(
    lambda values: {f"P{i}": v for i, v in enumerate([*values, -sum(values)])}
)


@given(balances_strategy)
def test_transfers_always_settle_every_balance_with_at_most_n_minus_1_payments(balances: dict[str, int]) -> None:
    transfers = fewest_transfers(balances)
    assert set(settled(transfers, balances).values()) <= {0}
    assert len(transfers) <= max(sum(1 for v in balances.values() if v) - 1, 0)
    for t in transfers:  # only debtors pay, only creditors receive, and never nothing
        assert t.cents > 0
        assert balances[t.payer] < 0 < balances[t.payee]


def most_zero_sum_groups(values: list[int]) -> int:
    """Brute force: the most groups that the nonzero values split into with each group summing to 0."""
    values = [v for v in values if v]
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for size in range(len(rest) + 1):
        for chosen in itertools.combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == 0:
                others = [v for i, v in enumerate(rest) if i not in chosen]
                best = max(best, 1 + most_zero_sum_groups(others))
    return best


@given(st.lists(st.integers(-6, 6), min_size=1, max_size=6))
def test_transfers_are_the_fewest_possible(values: list[int]) -> None:
    balances = {f"P{i}": v for i, v in enumerate([*values, -sum(values)])}
    nonzero = sum(1 for v in balances.values() if v)
    assert len(fewest_transfers(balances)) == nonzero - most_zero_sum_groups(list(balances.values()))


@settings(max_examples=25)
@given(st.lists(st.integers(-50, 50), min_size=EXACT_LIMIT, max_size=EXACT_LIMIT + 4))
def test_many_parties_still_settle_beyond_the_exact_search(values: list[int]) -> None:
    balances = {f"P{i}": v for i, v in enumerate([*values, -sum(values)])}
    transfers = fewest_transfers(balances)
    assert set(settled(transfers, balances).values()) <= {0}
    assert len(transfers) <= max(sum(1 for v in balances.values() if v) - 1, 0)


@given(
    points=st.lists(st.integers(-5_000, 5_000), min_size=3, max_size=6),
    cents_per_point=st.integers(0, 200),
    pot=st.integers(0, 1_000),
    pot_policy=st.sampled_from(PotPolicy),
    mode=st.sampled_from(Mode),
    odd_from=st.integers(0, 5),
)
def test_every_settlement_is_exact(
    points: list[int], cents_per_point: int, pot: int, pot_policy: PotPolicy, mode: Mode, odd_from: int
) -> None:
    players = [f"Player {i}" for i in range(len(points))]
    odd_from %= len(players)
    settlement = settle_up(
        players,
        points,
        cents_per_point=cents_per_point,
        pot=pot,
        pot_policy=pot_policy,
        mode=mode,
        odd_cents_from=odd_from,
    )
    assert_settles(settlement)
    shares = [p.pot_share_cents for p in settlement.players]
    lucky = [i for i, p in enumerate(settlement.players) if p.gets_odd_cent]
    if pot_policy is PotPolicy.PAY_BACK:
        assert sum(shares) == pot * cents_per_point
        assert max(shares) - min(shares) <= 1
        assert lucky == sorted((odd_from + k) % len(players) for k in range(settlement.odd_cents))
    else:
        assert shares == [0] * len(players)
        assert lucky == []
    if mode is Mode.ZERO_SUM:
        assert [p.points_cents for p in settlement.players] == [own * cents_per_point for own in points]
    else:
        assert [p.points_cents for p in settlement.players] == [(own - max(points)) * cents_per_point for own in points]


@given(cents=st.integers(-10_000, 10_000), parts=st.integers(1, 7), first=st.integers(0, 6))
def test_split_evenly_is_fair_and_exact(cents: int, parts: int, first: int) -> None:
    shares = split_evenly(cents, parts, first % parts)
    assert sum(shares) == cents
    assert max(shares) - min(shares) <= 1


@settings(max_examples=20, deadline=None)
@given(
    game=st.sampled_from(engine.GAME_KEYS),
    seed=st.integers(0, 10_000),
    deals=st.integers(0, 60),
    pot_policy=st.sampled_from(PotPolicy),
    mode=st.sampled_from(Mode),
)
def test_random_sessions_settle_exactly(game: str, seed: int, deals: int, pot_policy: PotPolicy, mode: Mode) -> None:
    document = random_session(game, random.Random(seed), deals, cents_per_point=seed % 50 + 1)
    sheet = build_sheet(document)
    settlement = settle_sheet(sheet, pot_policy=pot_policy, mode=mode)
    assert_settles(settlement)
    if mode is Mode.ZERO_SUM and pot_policy is PotPolicy.CARRY:
        assert [p.cents for p in settlement.players] == list(sheet.money_cents)


# the shared golden sessions -------------------------------------------------------------------------------------


def golden_sessions() -> list[Any]:
    params = [
        pytest.param(case["session"], id=f"{path.stem}::{case['name']}")
        for path in golden_files()
        for case in json.loads(path.read_text(encoding="utf-8"))
        if "error" not in case["expect"]
    ]
    return params or [pytest.param(None, marks=pytest.mark.skip(reason="no golden files (../shared/golden)"))]


@pytest.mark.parametrize("session", golden_sessions())
@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("pot_policy", list(PotPolicy))
def test_golden_sessions_settle_exactly(session: dict[str, Any], mode: Mode, pot_policy: PotPolicy) -> None:
    document = {**session, "cents_per_point": session.get("cents_per_point", 10)}
    if not build_sheet(session).zero_sum:  # a plus-only sheet settles no money
        with pytest.raises(engine.InvalidSession, match="cents_per_point"):
            engine.settle(document)
        return
    output = engine.settle(document)
    sheet = build_sheet(document)
    settlement = settle_sheet(sheet, pot_policy=pot_policy, mode=mode)
    assert_settles(settlement)
    rate = document["cents_per_point"]
    points = [output["totals"][name] for name in output["players"]]
    if mode is Mode.ZERO_SUM:
        assert [p.points_cents for p in settlement.players] == [own * rate for own in points]
        assert {p.name: decimal_string(p.points_cents) for p in settlement.players} == output["money"]
    else:
        assert [p.points_cents for p in settlement.players] == [(own - max(points)) * rate for own in points]
    if pot_policy is PotPolicy.PAY_BACK:
        assert sum(p.pot_share_cents for p in settlement.players) == output["pot"] * rate


# money in words -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cents", "currency", "language", "expected"),
    [
        (123450, "EUR", "de", "1.234,50 €"),
        (123450, "EUR", "en", "€1,234.50"),
        (340, "EUR", "de", "3,40 €"),
        (-5, "EUR", "de", "-0,05 €"),
        (-5, "EUR", "en-gb", "-€0.05"),
        (0, "EUR", "en", "€0.00"),
        (100_000_000, "EUR", "de", "1.000.000,00 €"),
        (123450, "CHF", "de", "1.234,50 CHF"),
        (123450, "CHF", "en", "CHF 1,234.50"),
        (123450, "USD", "en", "$1,234.50"),
        (123450, "USD", "de", "1.234,50 $"),
        (123450, "GBP", "en", "£1,234.50"),
        (99, "sek", "en", "SEK 0.99"),
        (123450, "EUR", "fr", "€1,234.50"),  # a language without its own style reads English
    ],
)
def test_money_is_written_the_readers_way(cents: int, currency: str, language: str, expected: str) -> None:
    assert format_money(cents, currency, language).replace("\u00a0", " ") == expected


def test_money_keeps_the_symbol_on_the_amounts_line() -> None:
    assert format_money(340, "EUR", "de") == "3,40\u00a0€"


def test_signed_money_marks_gains() -> None:
    assert format_money(340, "EUR", "de", signed=True).startswith("+3,40")
    assert format_money(-340, "EUR", "de", signed=True).startswith("-3,40")
    assert format_money(0, "EUR", "de", signed=True).startswith("0,00")
