"""A tournament round at one table, kept by the replay (engine/rounds.py): the Pflichtsolo each player owes, vorgeführt,
time called, the games of the round; the state the output gives."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import engine
from scorekeeper.engine.rounds import Round, Seat

FOUR = ("A", "B", "C", "D")
FIVE = ("A", "B", "C", "D", "E")
TSR = {"preset": "ddv", "games_per_round": {"4": 24, "5": 30}, "pflichtsolo_per_round": "vorgefuehrt"}


def normal(re: tuple[str, str] = ("A", "B")) -> dict[str, Any]:
    return {"type": "normal", "re": list(re), "re_points": 130}


def solo(player: str, re_points: int = 150, **ticks: bool) -> dict[str, Any]:
    return {"type": "solo", "solo": "damen", "re": [player], "re_points": re_points, **ticks}


def session(deals: list[Any], players: tuple[str, ...] = FOUR, **rules: Any) -> engine.Session:
    document = {"format": engine.FORMAT, "game": "doppelkopf", "rules": {**TSR, **rules}, "players": list(players)}
    return engine.load({**document, "deals": deals})


def replayed(deals: list[Any], players: tuple[str, ...] = FOUR, **rules: Any) -> list[engine.DealResult]:
    return session(deals, players, **rules).results()


def refused(deals: list[Any], players: tuple[str, ...] = FOUR, **rules: Any) -> list[str]:
    with pytest.raises(engine.InvalidSession) as raised:
        replayed(deals, players, **rules)
    return [str(p) for p in raised.value.problems]


def test_a_solo_of_a_player_who_owes_is_his_pflichtsolo_ticked_or_not() -> None:
    results = replayed([solo("B"), solo("B"), normal()])
    assert [r.dealer for r in results] == ["A", "A", "B"]  # kept after the Pflichtsolo (4.2.5), not the Lustsolo
    assert ["forced" in r.outcome.marks for r in results] == [True, False, False]
    state = results[-1].round
    assert state is not None
    assert state.owing == ("A", "C", "D")
    assert state.pflichtsoli == {"B": 1}
    assert (state.seats["B"].solos, state.seats["B"].solos_won, state.seats["B"].games) == (2, 2, 3)


def test_without_the_round_rules_a_solo_not_ticked_is_an_ordinary_solo() -> None:
    document = {"format": engine.FORMAT, "game": "doppelkopf", "rules": "ddv", "players": list(FOUR)}
    results = engine.load({**document, "deals": [solo("B"), normal()]}).results()
    assert [r.dealer for r in results] == ["A", "B"]
    assert results[-1].round is None
    assert "round" not in engine.settle({**document, "deals": [solo("B")]})


def test_vorgefuehrt_once_the_owed_solos_fill_the_games_left_and_the_dealer_moves_on() -> None:
    deals = [solo("C"), *[normal()] * 20]
    state = replayed(deals)[-1].round
    assert state is not None
    assert (state.regular_left, state.owing, state.must_play, state.vorgefuehrt) == (3, ("A", "B", "D"), True, "B")
    assert refused([*deals, normal()]) == [
        "deal 22: A, B, D still owe their Pflichtsolo and only 3 games are left: this deal must be the vorgeführtes "
        "solo of one of them."
    ]
    results = replayed([*deals, solo("B"), solo("D"), solo("A")])
    assert ["vorgefuehrt" in r.outcome.marks for r in results[-3:]] == [True, True, True]
    assert [r.dealer for r in results[-3:]] == ["A", "B", "C"]
    final = results[-1].round
    assert final is not None
    assert final.complete
    assert final.games_left == 0
    assert refused([*deals, solo("B"), solo("D"), solo("A"), normal()])[0].startswith(
        "deal 25: The round's 24 games are played"
    )


def test_issue_23_fault_1_the_dealer_who_owes_the_last_pflichtsolo_at_five_plays_it() -> None:
    """TSR 4.2.3: "Kartengeber ist derjenige …, auch wenn er selbst vorgeführt wird": he deals and plays, the player
    before him sits out, and the table is not locked."""
    deals: list[Any] = [solo(p) for p in "BCDE"]  # A deals all four: the dealer is kept after each Pflichtsolo
    while True:
        s = session(deals, FIVE)
        results = s.results()
        state = results[-1].round
        assert state is not None
        if state.must_play:
            break
        dealer = s.next_dealer(results)
        deals.append(normal(tuple(p for p in FIVE if p != dealer)[:2]))  # type: ignore[arg-type]
    assert (s.next_dealer(results), state.owing, state.vorgefuehrt, state.regular_left) == ("A", ("A",), "A", 1)
    last = replayed([*deals, solo("A")], FIVE)[-1]
    assert (last.dealer, last.sitting_out) == ("A", ("E",))
    assert {"forced", "vorgefuehrt"} <= set(last.outcome.marks)
    assert last.deltas == {"A": 3, "B": -1, "C": -1, "D": -1, "E": 0}
    assert last.round is not None
    assert last.round.complete


def test_time_called_strikes_the_normal_games_but_the_owed_pflichtsoli_are_played() -> None:
    played = [solo("C"), *[normal()] * 10]
    state = replayed(played, time_called_after=11)[-1].round
    assert state is not None
    assert (state.regular_left, state.games_left, state.must_play, state.vorgefuehrt) == (0, 3, True, "D")
    assert refused([*played, normal()], time_called_after=11)[0].startswith("deal 12: Time was called")
    done = replayed([*played, solo("D"), solo("A"), solo("B")], time_called_after=11)[-1].round
    assert done is not None
    assert done.complete


def test_the_home_rule_plays_owed_solos_as_extra_deals() -> None:
    results = replayed([*(solo(p) for p in "ACD"), *[normal()] * 21, solo("B")], pflichtsolo_per_round="extra_deals")
    state = results[-1].round
    assert state is not None
    assert state.complete
    assert state.played == 25


def test_a_penalty_row_is_no_game_and_may_come_at_any_time() -> None:
    deals = [normal(), {"type": "penalty", "player": "C", "severity": "minor"}]
    state = replayed(deals)[-1].round
    assert state is not None
    assert (state.played, state.regular_left, state.seats["C"].games) == (1, 23, 1)


def test_a_round_needs_its_table_size_and_the_pflichtsolo() -> None:
    assert refused([], ("A", "B", "C", "D"), games_per_round={"5": 30}) == [
        "players: the round's games are set for tables of 5, not of 4"
    ]
    with pytest.raises(engine.InvalidSession):
        session([], pflichtsolo=False)


def test_schafkopf_counts_the_games_of_the_round() -> None:
    document = {
        "format": engine.FORMAT,
        "game": "schafkopf",
        "rules": {"preset": "tournament", "games_per_round": {"4": 1}},
        "players": list(FOUR),
    }
    game = {"contract": "solo", "suit": "eichel", "declarer": "A", "points": 70}
    settled = engine.settle({**document, "deals": [game]})
    assert settled["round"]["complete"] is True
    assert settled["round"]["seats"]["A"] == {"games": 1, "solos": 1, "solos_won": 1, "pflichtsolo": None}
    with pytest.raises(engine.InvalidSession):
        engine.settle({**document, "deals": [game, game]})


def test_who_owes_follows_each_count_and_each_restore() -> None:
    """Who owes is kept between counts (a deal asks it several times): a Pflichtsolo counted, or a snapshot
    restored, is taken up."""
    players = ("A", "B", "C", "D")
    book = Round(players, 8, "vorgefuehrt", None, seats={p: Seat() for p in players})
    other = Round(players, 8, "vorgefuehrt", None, seats={p: Seat() for p in players})
    assert book.owing == ("A", "B", "C", "D")
    other.count(1, (), ("solo", "forced"), ("B",))
    assert other.owing == ("A", "C", "D")
    book.count(1, (), ("solo", "forced"), ("C",))
    assert book.owing == ("A", "B", "D")
    book.restore(other.snapshot())
    assert book.owing == ("A", "C", "D")
