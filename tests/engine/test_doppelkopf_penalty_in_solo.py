"""The table's own penalty row when a defender offended in a solo (TSR 9.3.3 b1, 9.4.4): its own row, crediting
the soloist alone, no game of the round, the dealer kept."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import engine

from .test_doppelkopf import FIVE, FOUR, document, problems, solo

ROUND = {"preset": "ddv", "games_per_round": {"4": 24, "5": 30}, "pflichtsolo_per_round": "vorgefuehrt"}


def penalty(severity: str, **more: Any) -> dict[str, Any]:
    return {"type": "penalty", "player": "Caro", "severity": severity, **more}


def rows(deals: list[dict[str, Any]], players: list[str] = FOUR, rules: Any = ROUND) -> list[engine.DealResult]:
    return engine.load(document(deals, rules, players)).results()


@pytest.mark.parametrize(("severity", "more", "value"), [("minor", {}, 3), ("serious", {}, 12),
                                                         ("serious", {"points": 24}, 24)])  # fmt: skip
def test_a_defenders_offence_in_a_solo_credits_the_soloist_alone(
    severity: str, more: dict[str, Any], value: int
) -> None:
    played, row = rows([solo(130), penalty(severity, soloist="Bert", **more)])
    assert row.deltas == {"Anna": 0, "Bert": value, "Caro": -value, "Dieter": 0}
    assert "penalty" in row.outcome.marks
    assert row.dealer == played.dealer  # its own row: the deal stays with the dealer


def test_the_row_in_a_solo_is_no_game_of_the_round_and_leaves_the_dealer_sitting_out_at_five() -> None:
    """At five the dealer (Anna) sits out: he is credited nothing, and the row counts no game."""
    played, row = rows([solo(130), penalty("serious", soloist="Bert", points=18)], players=FIVE)
    assert row.sitting_out == ("Anna",)
    assert row.deltas == {"Anna": 0, "Bert": 18, "Caro": -18, "Dieter": 0, "Emil": 0}
    assert row.round is not None
    assert played.round is not None
    assert row.round.played == played.round.played == 1


def test_without_a_soloist_the_penalty_reads_as_before() -> None:
    (row,) = rows([penalty("serious")])
    assert row.deltas == {"Anna": 4, "Bert": 4, "Caro": -12, "Dieter": 4}


@pytest.mark.parametrize(
    ("row", "field"),
    [
        (penalty("serious", soloist="Bert", points=25), "points"),
        (penalty("serious", soloist="Bert", points=11), "points"),
        (penalty("serious", points=18), "points"),  # no solo: the fixed 12
        (penalty("minor", soloist="Bert", points=12), "points"),  # 9.3.3 b1 is a fixed 3
        (penalty("minor", soloist="Caro"), "soloist"),  # the offender defended
    ],
)
def test_a_bad_penalty_row_in_a_solo_is_named_at_its_field(row: dict[str, Any], field: str) -> None:
    [problem] = problems([solo(130), row], ROUND)
    assert problem.field == field
