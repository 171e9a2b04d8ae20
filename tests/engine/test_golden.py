"""Every case of every shared golden file, straight through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import engine

from .golden import golden_cases


@pytest.mark.parametrize("case", golden_cases())
def test_golden_case(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(engine.InvalidSession) as raised:
            engine.load(case["session"]).results()
        assert expect["error"] in str(raised.value)
        return
    output = engine.settle(case["session"])
    deals = output["deals"]
    if "deltas" in expect:
        assert [d["deltas"] for d in deals] == expect["deltas"]
    if "totals" in expect:
        assert output["totals"] == expect["totals"]
    if "pot" in expect:
        assert output["pot"] == expect["pot"]
    if "dealers" in expect:
        assert [d["dealer"] for d in deals] == expect["dealers"]
    if "strokes" in expect:
        assert [d["strokes"] for d in deals] == expect["strokes"]
