"""Players who leave or join between deals (schreiber/1 ``lineup``): seats, who deals and who sits out follow the
table as it is at each deal, and the totals keep everyone who played."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import engine

FOUR = ["Anna", "Bert", "Caro", "Dieter"]


def schafkopf(deals: list[dict[str, Any]], lineup: list[dict[str, Any]], players: list[str] | None = None) -> Any:
    return {
        "format": "schreiber/1", "game": "schafkopf", "rules": "classic", "tariff": "10/20/50",
        "players": players or FOUR, "deals": deals, "lineup": lineup,
    }  # fmt: skip


def wenz(declarer: str, points: int = 72) -> dict[str, Any]:
    return {"contract": "wenz", "declarer": declarer, "points": points}


def settled(document: dict[str, Any]) -> dict[str, Any]:
    parsed = engine.load(document)
    return engine.settle_document(parsed, parsed.results())


def problem(document: dict[str, Any]) -> str:
    with pytest.raises(engine.InvalidSession) as refused:
        engine.load(document).results()
    return str(refused.value)


def test_a_fifth_joins_at_four_and_the_dealer_sits_out_from_then_on() -> None:
    out = settled(schafkopf([wenz("Anna"), wenz("Anna"), wenz("Anna"), wenz("Bert")], [{"after": 2, "joins": "Emil"}]))
    assert out["players"] == [*FOUR, "Emil"]
    assert [d["dealer"] for d in out["deals"]] == ["Anna", "Bert", "Caro", "Dieter"]  # the deal goes round as before
    assert out["deals"][1]["deltas"]["Emil"] == 0
    assert out["deals"][1]["away"] == ["Emil"]
    assert out["deals"][2]["lineup"] == [{"joins": "Emil", "seat": 5}]
    assert out["deals"][2]["deltas"]["Caro"] == 0  # the dealer of five sits out
    assert out["deals"][2]["deltas"]["Emil"] == -50  # and Emil plays
    assert "away" not in out["deals"][2]
    assert sum(out["totals"].values()) == 0


def test_one_leaves_a_table_of_five_and_keeps_his_total() -> None:
    five = [*FOUR, "Emil"]
    deals = [wenz("Bert"), wenz("Caro"), wenz("Anna"), wenz("Anna")]
    out = settled(schafkopf(deals, [{"after": 2, "leaves": "Dieter", "at": "2026-11-25T23:05:00+01:00"}], five))
    dieter = out["deals"][1]["totals"]["Dieter"]
    assert dieter == -100  # he lost deals 1 and 2 (Anna, then Bert dealt and sat out)
    assert out["totals"]["Dieter"] == dieter
    assert [d["dealer"] for d in out["deals"]] == ["Anna", "Bert", "Caro", "Emil"]
    assert out["deals"][2]["lineup"] == [{"leaves": "Dieter", "at": "2026-11-25T23:05:00+01:00"}]
    assert out["deals"][2]["deltas"]["Caro"] == -50  # four left: the dealer plays
    assert out["deals"][3]["away"] == ["Dieter"]
    assert sum(out["totals"].values()) == 0


def test_when_the_next_dealer_leaves_the_player_after_him_deals() -> None:
    deals = [wenz("Bert"), wenz("Caro")]
    parsed = engine.load(schafkopf(deals, [{"after": 2, "leaves": "Caro"}], [*FOUR, "Emil"]))
    results = parsed.results()
    assert parsed.next_dealer(results) == "Dieter"
    assert parsed.seating() == ("Anna", "Bert", "Dieter", "Emil")
    assert parsed.playing("Dieter") == ("Anna", "Bert", "Dieter", "Emil")


def test_a_player_joins_between_two_seats_and_the_deal_reaches_him_in_turn() -> None:
    lineup = [{"after": 1, "joins": "Emil", "seat": 3}]
    out = settled(schafkopf([wenz("Anna")] * 2 + [wenz("Bert")] * 3, lineup))
    assert [d["dealer"] for d in out["deals"]] == ["Anna", "Bert", "Emil", "Caro", "Dieter"]
    parsed = engine.load(schafkopf([wenz("Anna")] * 2 + [wenz("Bert")] * 3, lineup))
    assert parsed.seating() == ("Anna", "Bert", "Emil", "Caro", "Dieter")
    assert parsed.next_dealer(parsed.results()) == "Anna"


def test_a_swap_at_a_full_table_is_a_join_then_a_leave_and_who_left_may_come_back() -> None:
    lineup = [
        {"after": 1, "joins": "Emil"},
        {"after": 1, "leaves": "Bert"},
        {"after": 2, "joins": "Bert", "seat": 2},
        {"after": 2, "leaves": "Emil"},
    ]
    out = settled(schafkopf([wenz("Anna")] * 3, lineup))
    assert out["deals"][1]["away"] == ["Bert"]
    assert out["deals"][2]["away"] == ["Emil"]
    assert out["totals"]["Bert"] == out["deals"][0]["totals"]["Bert"] + out["deals"][2]["deltas"]["Bert"]


def test_doppelkopf_at_five_after_a_join_sits_out_its_dealer() -> None:
    doc = {
        "format": "schreiber/1", "game": "doppelkopf", "rules": "ddv", "players": FOUR,
        "deals": [{"type": "normal", "re": ["Anna", "Caro"], "re_points": 130}] * 2,
        "lineup": [{"after": 1, "joins": "Emil"}],
    }  # fmt: skip
    out = settled(doc)
    assert out["deals"][1]["dealer"] == "Bert"
    assert out["deals"][1]["deltas"]["Bert"] == 0
    assert out["deals"][1]["deltas"]["Emil"] != 0


@pytest.mark.parametrize(
    ("lineup", "words"),
    [
        ([{"after": 1, "leaves": "Anna"}], "lineup: Anna cannot leave, Schafkopf under these rules seats at least 4"),
        ([{"after": 1, "joins": "Emil"}, {"after": 1, "joins": "Fritz"}], "Fritz cannot join"),
        ([{"after": 1, "joins": "Bert"}], "Bert joins but is already at the table"),
        ([{"after": 1, "leaves": "Emil"}], "Emil leaves but is not at the table"),
        ([{"after": 3, "joins": "Emil"}], "after must be a number of deals from 0 to 2 (got 3)"),
        ([{"after": 2, "joins": "Emil"}, {"after": 1, "leaves": "Emil"}], "from 2 to 2 (got 1)"),
        ([{"after": 1, "joins": "Emil", "seat": 7}], "seat must be from 1 to 5 (got 7)"),
        ([{"after": 1, "joins": "anna"}], "Anna and anna are one person"),
        ([{"after": 1}], "lineup: a change is an object"),
        ({"after": 1}, "lineup must be a list"),
    ],
)
def test_a_change_the_table_cannot_take_is_refused_naming_it(lineup: Any, words: str) -> None:
    assert words in problem(schafkopf([wenz("Anna")] * 2, lineup))


def test_a_dealer_who_left_cannot_deal() -> None:
    doc = schafkopf([wenz("Anna"), {**wenz("Anna"), "dealer": "Caro"}], [{"after": 1, "leaves": "Caro"}], [*FOUR, "E"])
    assert "deal 2: dealer: 'Caro' is not at the table for this deal" in problem(doc)


def test_a_deal_naming_a_player_away_says_since_when_he_left_or_when_he_joins() -> None:
    """Anna leaves after deal 1; Emil joins after deal 2: named in deal 2, each is told apart from a stranger."""
    lineup = [{"after": 1, "leaves": "Anna"}, {"after": 2, "joins": "Emil"}]
    players = [*FOUR, "Fritz"]
    assert "deal 2: declarer: Anna left the table after deal 1" in problem(
        schafkopf([wenz("Bert"), wenz("Anna")], lineup, players)
    )
    assert "deal 2: declarer: Emil joins the table only after deal 2" in problem(
        schafkopf([wenz("Bert"), wenz("Emil")], lineup, players)
    )
    assert "deal 2: declarer: 'Zoe' is not a player of this session" in problem(
        schafkopf([wenz("Bert"), wenz("Zoe")], lineup, players)
    )
    parsed = engine.load(schafkopf([wenz("Bert"), wenz("Anna")], lineup, players))
    sentence = next(p for p in parsed.replay() if isinstance(p, engine.Problem)).words.render(player=True)
    assert sentence == "Anna left the table after deal 1, so cannot be in this deal."


def test_bauernstoss_and_a_tournament_round_allow_no_change() -> None:
    bauernstoss = {"format": "schreiber/1", "game": "bauernstoss", "players": FOUR, "deals": [],
                   "lineup": [{"after": 0, "joins": "Emil"}]}  # fmt: skip
    assert "Emil cannot join, Bauernstoss under these rules seats at most 4" in problem(bauernstoss)
    rounds = schafkopf([], [{"after": 0, "joins": "Emil"}])
    rounds["rules"] = {"preset": "classic", "games_per_round": {"4": 24, "5": 30}}
    assert "a tournament table" in problem(rounds)
