"""Each player's results in a session (``player_results.derive``), checked by hand on one session per game.

Every expected number is worked out in the comments from the rules pages (/work/shared/rules), not read from the
code: the engine only scores the deals, as the services would store them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper import engine
from scorekeeper.stored import derived
from scorekeeper.stored.player_results import Line, Terms, derive

ZERO_SUM, AGAINST_LEADER, CARRY, PAY_BACK = "zero_sum", "against_leader", "carry", "pay_back"


def lines_of(document: dict[str, Any], terms: Terms) -> list[Line]:
    """Score ``document`` as the services do and derive its players' lines from the stored results."""
    parsed = engine.load(document)
    stored = [derived.stored_result(result, parsed.players) for result in parsed.results()]
    return derive(parsed.game_key, parsed.players, list(zip(parsed.deals, stored, strict=True)), terms)


def counts_only(lines: list[Line]) -> list[Line]:
    """The lines without the deal by deal detail (partners, outcomes, best and worst deal), which the Schafkopf and
    Bauernstoss sessions check by hand."""
    return [
        replace(line, partners={}, opponents={}, outcomes="", best_deal=None, worst_deal=None, value_sum=0)
        for line in lines
    ]


def document(game: str, players: list[str], deals: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return {"format": engine.FORMAT, "game": game, "players": players, "deals": deals, **more}


def test_schafkopf() -> None:
    # classic rules with Ramsch on pass-out, classic tariff: Sauspiel 1, Wenz/Solo 2, Schneider, Schwarz, runner 1,
    # Ramsch 1; × 2 per Kontra step.
    deals: list[dict[str, Any]] = [
        # 1. Anna + Caro win a Sauspiel with 72, Kontra (Bert, Dieter): 1 × 2 = 2 each way.
        {"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 72, "kontra": 1},
        # 2. Bert wins a Wenz Schneider: 2 + 1 = 3 from each, +9. (A null field is as good as none.)
        {"contract": "wenz", "declarer": "Bert", "points": 95, "kontra": None},
        # 3. Dieter loses a Solo Schneider with Kontra and Re: (2 + 1) × 4 = 12 to each, −36.
        {"contract": "solo", "declarer": "Dieter", "suit": "eichel", "points": 20, "kontra": 2},
        # 4. Caro + Bert lose a Sauspiel schwarz: 1 + 1 + 1 = 3 each way.
        {"contract": "sauspiel", "declarer": "Caro", "partner": "Bert", "points": 0, "schwarz": True},
        # 5. Ramsch, Anna took the most and loses: 1 to each of the others.
        {"contract": "ramsch", "points_by_player": {"Anna": 40, "Bert": 30, "Caro": 30, "Dieter": 20}},
    ]
    players = ["Anna", "Bert", "Caro", "Dieter"]
    game = document("schafkopf", players, deals, rules={"preset": "classic", "pass_out": "ramsch"}, tariff="classic")
    lines = lines_of(game, Terms(cents_per_point=10, pot_policy=CARRY, mode=ZERO_SUM))
    # Points: Anna 2 − 3 + 12 + 3 − 3 = 11; Bert −2 + 9 + 12 − 3 + 1 = 17; Caro 2 − 3 + 12 − 3 + 1 = 9;
    # Dieter −2 − 3 − 36 + 3 + 1 = −37. Places: Bert, Anna, Caro, Dieter. Money: × 10 cents.
    # Won: Anna 1, 3, 4; Bert 2, 3, 5; Caro 1, 3, 5; Dieter 4, 5.
    # Schneider: deal 2 for Bert; 3 for Anna, Bert, Caro; 4 (Schwarz, a Schneider too) for Anna and Dieter.
    # Kontra: deal 1 Bert and Dieter (lost), deal 3 Anna, Bert and Caro (won). Re: deal 3 Dieter (lost).
    # Sides: 1 Anna+Caro v Bert+Dieter, 2 Bert v the rest, 3 Dieter v the rest, 4 Caro+Bert v Anna+Dieter; the Ramsch
    # has none. Partners [together, won] and opponents [against, won], by seat (Anna 0 … Dieter 3):
    # Anna–Bert: partners in 3 (won), against in 1 (won), 2 (lost), 4 (won). Anna–Caro: partners in 1 (won), 2 (lost),
    # 3 (won), against in 4 (won). Anna–Dieter: partners in 2 (lost), 4 (won), against in 1, 3 (both won).
    # Bert–Caro: partners in 3 (won), 4 (lost), against in 1 (Bert lost), 2 (Bert won). Bert–Dieter: partners in 1
    # (lost), against in 2, 3 (Bert won), 4 (Bert lost). Caro–Dieter: partners in 2 (lost), against in 1, 3 (Caro
    # won), 4 (Caro lost).
    # Deltas: Anna 2, −3, 12, 3, −3; Bert −2, 9, 12, −3, 1; Caro 2, −3, 12, −3, 1; Dieter −2, −3, −36, 3, 1.
    common: dict[str, Any] = {"deals_played": 5}
    assert lines == [
        Line(
            0, "Anna", points=11, money_cents=110, place=2, deals_won=3, **common,
            by_contract={"sauspiel": {"played": 1, "won": 1}},
            schneider_for=2, schneider_against=1, schwarz_for=1, kontra_given=1, kontra_won=1,
            partners={1: [1, 1], 2: [3, 2], 3: [2, 1]}, opponents={1: [3, 2], 2: [1, 1], 3: [2, 2]},
            outcomes="WLWWL", best_deal=12, worst_deal=-3, value_sum=23,
        ),
        Line(
            1, "Bert", points=17, money_cents=170, place=1, deals_won=3, **common,
            by_contract={"wenz": {"played": 1, "won": 1}}, solos_played=1, solos_won=1,
            schneider_for=2, schneider_against=1, schwarz_against=1, kontra_given=2, kontra_won=1,
            partners={0: [1, 1], 2: [2, 1], 3: [1, 0]}, opponents={0: [3, 1], 2: [2, 1], 3: [3, 2]},
            outcomes="LWWLW", best_deal=12, worst_deal=-3, value_sum=27,
        ),
        Line(
            2, "Caro", points=9, money_cents=90, place=3, deals_won=3, **common,
            by_contract={"sauspiel": {"played": 1, "won": 0}},
            schneider_for=1, schneider_against=2, schwarz_against=1, kontra_given=1, kontra_won=1,
            partners={0: [3, 2], 1: [2, 1], 3: [1, 0]}, opponents={0: [1, 0], 1: [2, 1], 3: [3, 2]},
            outcomes="WLWLW", best_deal=12, worst_deal=-3, value_sum=21,
        ),
        Line(
            3, "Dieter", points=-37, money_cents=-370, place=4, deals_won=2, **common,
            by_contract={"solo": {"played": 1, "won": 0}}, solos_played=1,
            schneider_for=1, schneider_against=2, schwarz_for=1, kontra_given=1, re_given=1,
            partners={0: [2, 1], 1: [1, 0], 2: [1, 0]}, opponents={0: [2, 0], 1: [3, 1], 2: [3, 1]},
            outcomes="LLLWW", best_deal=3, worst_deal=-36, value_sum=45,
        ),
    ]  # fmt: skip


def test_doppelkopf() -> None:
    # DDV rules: won 1, +1 per 90/60/30 the losers stayed under and for Schwarz, +2 for each Re or Kontra announced,
    # +1 gegen die Alten; a soloist gets 3 × the value.
    deals: list[dict[str, Any]] = [
        # 1. Re (Anna, Caro) wins with 130: 1.
        {"type": "normal", "re": ["Anna", "Caro"], "re_points": 130},
        # 2. Re (Bert, Dieter) announced Re and took 80: Kontra wins 1 + Re under 90 1 + Re announced 2
        #    + gegen die Alten 1 = 5.
        {"type": "normal", "re": ["Bert", "Dieter"], "re_points": 80, "announcements": {"re": "re"}},
        # 3. Dieter's Pflichtsolo (Damen) with 180 against a Kontra: 1 + under 90 1 + Kontra announced 2 = 4; +12.
        #    (Kontra has 60: not under 60.) The dealer deals again.
        {
            "type": "solo", "solo": "damen", "forced": True, "re": ["Dieter"], "re_points": 180,
            "announcements": {"kontra": "kontra"},
        },
        # 4. A minor penalty for Bert: −3, the others +1. No deal: counted in points only.
        {"type": "penalty", "player": "Bert", "severity": "minor"},
        # 5. Re (Anna, Bert) takes every trick: 1 + under 90, 60, 30 3 + Schwarz 1 = 5.
        {"type": "normal", "re": ["Anna", "Bert"], "re_points": 240, "schwarz": "kontra"},
    ]  # fmt: skip
    players = ["Anna", "Bert", "Caro", "Dieter"]
    lines = lines_of(
        document("doppelkopf", players, deals, rules="ddv"),
        Terms(cents_per_point=50, pot_policy=CARRY, mode=AGAINST_LEADER),
    )
    # Points: Anna 1 + 5 − 4 + 1 + 5 = 8; Bert −1 − 5 − 4 − 3 + 5 = −8; Caro 1 + 5 − 4 + 1 − 5 = −2;
    # Dieter −1 − 5 + 12 + 1 − 5 = 2. Places: Anna, Dieter, Caro, Bert.
    # Against the leader (Anna, 8) at 50 cents: Bert −16 × 50, Caro −10 × 50, Dieter −6 × 50.
    # Won: Anna 1, 2, 5; Bert 5; Caro 1, 2; Dieter 3.
    # Schneider (under 90): deal 2 Re (Bert, Dieter); 3 Kontra (Anna, Bert, Caro); 5 Kontra (Caro, Dieter).
    # Schwarz: deal 5 Kontra. Re given: deal 2 Bert and Dieter (lost). Kontra given: deal 3 Anna, Bert, Caro (lost).
    common: dict[str, Any] = {"deals_played": 4}
    assert counts_only(lines) == [
        Line(
            0, "Anna", points=8, money_cents=0, place=1, deals_won=3, **common,
            schneider_for=2, schneider_against=1, schwarz_for=1, kontra_given=1,
        ),
        Line(
            1, "Bert", points=-8, money_cents=-800, place=4, deals_won=1, **common,
            schneider_for=1, schneider_against=2, schwarz_for=1, kontra_given=1, re_given=1,
        ),
        Line(
            2, "Caro", points=-2, money_cents=-500, place=3, deals_won=2, **common,
            schneider_for=1, schneider_against=2, schwarz_against=1, kontra_given=1,
        ),
        Line(
            3, "Dieter", points=2, money_cents=-300, place=2, deals_won=1, **common,
            by_contract={"solo": {"played": 1, "won": 1}}, solos_played=1, solos_won=1,
            pflichtsoli_played=1, pflichtsoli_won=1,
            schneider_for=1, schneider_against=2, schwarz_against=1, re_given=1,
        ),
    ]  # fmt: skip


def test_sheepshead() -> None:
    # Standard payoff per defender: 91–120 2, 31–60 −1, every trick 3; × 2 per crack. Six at a five-handed table:
    # Franzi deals every hand and sits it out.
    deals: list[dict[str, Any]] = [
        # 1. Anna picks, Caro partners, 95: the three defenders pay 2; Caro +2, Anna 6 − 2 = +4. Schneider.
        {"type": "pick", "picker": "Anna", "partner": "Caro", "points": 95},
        # 2. Bert alone, 50, cracked: −1 × 2: each defender +2, Bert −8.
        {"type": "pick", "picker": "Bert", "points": 50, "cracks": 1},
        # 3. Leaster won by Dieter: +4, the others −1.
        {"type": "leaster", "winner": "Dieter"},
        # 4. Emil picks, Anna partners, every trick (Schwarz), crack and re-crack: 3 × 4 = 12 from each defender;
        #    Anna +12, Emil 36 − 12 = +24.
        {"type": "pick", "picker": "Emil", "partner": "Anna", "points": 120, "schwarz": True, "cracks": 2},
    ]
    deals = [{**deal, "dealer": "Franzi"} for deal in deals]
    players = ["Anna", "Bert", "Caro", "Dieter", "Emil", "Franzi"]
    lines = lines_of(
        document("sheepshead", players, deals, rules="standard"),
        Terms(cents_per_point=25, pot_policy=CARRY, mode=ZERO_SUM),
    )
    # Points: Anna 4 + 2 − 1 + 12 = 17; Bert −2 − 8 − 1 − 12 = −23; Caro 2 + 2 − 1 − 12 = −9;
    # Dieter −2 + 2 + 4 − 12 = −8; Emil −2 + 2 − 1 + 24 = 23; Franzi 0.
    # Places: Emil, Anna, Franzi, Dieter, Caro, Bert.
    # Won: Anna 1, 2, 4; Bert none; Caro 1, 2; Dieter 2, 3; Emil 2, 4.
    # Schneider: deal 1 for Anna and Caro; deal 4 (Schwarz) for Emil and Anna.
    # Kontra (crack): deal 2 Anna, Caro, Dieter, Emil (won); deal 4 Bert, Caro, Dieter (lost).
    # Re (re-crack): deal 4 Emil and Anna (won).
    common: dict[str, Any] = {"deals_played": 4}
    assert counts_only(lines) == [
        Line(
            0, "Anna", points=17, money_cents=425, place=2, deals_won=3, **common,
            by_contract={"pick": {"played": 1, "won": 1}},
            schneider_for=2, schwarz_for=1, kontra_given=1, kontra_won=1, re_given=1, re_won=1,
        ),
        Line(
            1, "Bert", points=-23, money_cents=-575, place=6, deals_won=0, **common,
            by_contract={"pick": {"played": 1, "won": 0}}, solos_played=1,
            schneider_against=2, schwarz_against=1, kontra_given=1,
        ),
        Line(
            2, "Caro", points=-9, money_cents=-225, place=5, deals_won=2, **common,
            schneider_for=1, schneider_against=1, schwarz_against=1, kontra_given=2, kontra_won=1,
        ),
        Line(
            3, "Dieter", points=-8, money_cents=-200, place=4, deals_won=2, **common,
            schneider_against=2, schwarz_against=1, kontra_given=2, kontra_won=1,
        ),
        Line(
            4, "Emil", points=23, money_cents=575, place=1, deals_won=2, **common,
            by_contract={"pick": {"played": 1, "won": 1}},
            schneider_for=1, schneider_against=1, schwarz_for=1, kontra_given=1, kontra_won=1, re_given=1, re_won=1,
        ),
        Line(5, "Franzi", place=3, deals_out=4),
    ]  # fmt: skip


def test_bauernstoss() -> None:
    # Team A is Anna and Caro (seats 1 and 3), team B Bert and Dieter. Seed rules: a Partie to 20 strokes worth 1,
    # the chalk team needs 42, Schneider at 91, small solo 8, big solo 12, a solo moves the chalk.
    deals: list[dict[str, Any]] = [
        {"chalk": "A", "points": 80},  # 1. A holds the chalk and has 80: one stroke to A.
        {"points": 25},  # 2. A has 25, B 95: two strokes (Schneider) to B, who takes the chalk.
        {"solo": {"player": "Bert", "kind": "small", "won": False}},  # 3. Bert's small solo lost: 8 strokes to A.
        {"solo": {"player": "Caro", "kind": "big", "won": True}},  # 4. 12 more to A: 21, the Partie: A +1, B −1.
        {"points": 0, "schwarz": True},  # 5. B takes every trick: three strokes (Schwarz) to B.
    ]
    players = ["Anna", "Bert", "Caro", "Dieter"]
    lines = lines_of(
        document("bauernstoss", players, deals), Terms(cents_per_point=25, pot_policy=CARRY, mode=ZERO_SUM)
    )
    # Points: the Partie only; Anna and Caro share first place, Bert and Dieter third. Money × 25 cents.
    # Won: team A deals 1, 3, 4; team B deals 2 and 5, both Schneider (5 Schwarz, a Schneider too).
    team_a: dict[str, Any] = {"points": 1, "money_cents": 25, "place": 1, "deals_played": 5, "deals_won": 3}
    team_a |= {"schneider_against": 2, "schwarz_against": 1}
    team_b: dict[str, Any] = {"points": -1, "money_cents": -25, "place": 3, "deals_played": 5, "deals_won": 2}
    team_b |= {"schneider_for": 2, "schwarz_for": 1}
    # The teams are the sides of every deal: partners in all five, team A winning three. Only deal 4 moved points.
    team_a |= {"outcomes": "WLWWL", "best_deal": 1, "worst_deal": 0, "value_sum": 1}
    team_b |= {"outcomes": "LWLLW", "best_deal": 0, "worst_deal": -1, "value_sum": 1}
    a_sides: dict[str, Any] = {"opponents": {1: [5, 3], 3: [5, 3]}}
    b_sides: dict[str, Any] = {"opponents": {0: [5, 2], 2: [5, 2]}}
    assert lines == [
        Line(0, "Anna", **team_a, **a_sides, partners={2: [5, 3]}),
        Line(
            1,
            "Bert",
            **team_b,
            **b_sides,
            partners={3: [5, 2]},
            by_contract={"small_solo": {"played": 1, "won": 0}},
            solos_played=1,
        ),
        Line(
            2,
            "Caro",
            **team_a,
            **a_sides,
            partners={0: [5, 3]},
            by_contract={"big_solo": {"played": 1, "won": 1}},
            solos_played=1,
            solos_won=1,
        ),
        Line(3, "Dieter", **team_b, **b_sides, partners={1: [5, 2]}),
    ]


def test_a_pot_paid_back_is_in_the_money_and_a_session_without_deals_ties_everyone() -> None:
    # Classic Schafkopf with the pot (Stock): a deal thrown in costs everyone the ante of 1 into the pot (4).
    # Paid back at 10 cents a point, each gets 40 / 4 = 10 cents back: −10 + 10 = 0. All tied on −1: place 1.
    players = ["Anna", "Bert", "Caro", "Dieter"]
    game = document("schafkopf", players, [{"contract": "passed"}], rules={"preset": "classic", "pass_out": "stock"})
    game["tariff"] = "classic"
    lines = lines_of(game, Terms(cents_per_point=10, pot_policy=PAY_BACK, mode=ZERO_SUM))
    assert [(line.points, line.money_cents, line.place, line.deals_played, line.deals_won) for line in lines] == [
        (-1, 0, 1, 1, 0)
    ] * 4
    # No deal yet: a pot carried in (30) is paid back from the first dealer on (Caro): 30 × 10 / 4 = 75 cents each.
    empty = derive("schafkopf", players, [], Terms(10, PAY_BACK, ZERO_SUM, pot_carried_in=30, first_dealer=2))
    assert [(line.points, line.money_cents, line.place) for line in empty] == [(0, 75, 1)] * 4
