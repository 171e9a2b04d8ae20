"""Deals that play a Doppelkopf table's round to its end, for tests, benchmarks and demos (pure Python)."""

from __future__ import annotations

from typing import Any

from .sheet import Sheet


def next_deal(sheet: Sheet) -> dict[str, Any] | None:
    """The next deal that brings ``sheet`` nearer its end as the TSR plays it: a normal game won by the first two
    who play, or an owed Pflichtsolo when it is due (by whom the round names vorgeführt, the dealer too) or while
    there is room, by a player who is not dealing at a table of five; None once the sheet can be closed."""
    if sheet.can_close:
        return None
    dealer = sheet.next_dealer
    playing = [p for p in sheet.seats if len(sheet.seats) < 5 or p != dealer]
    owing = [p for p in sheet.owing if p in playing]
    solo: dict[str, Any] = {"type": "solo", "solo": "damen", "re": owing[:1], "re_points": 150}
    if sheet.must_play:
        return solo | {"re": [sheet.vorgefuehrt or sheet.owing[0]]}
    if owing and len(owing) < sheet.regular_left:
        return solo | {"re_points": 100}
    return {"type": "normal", "re": playing[:2], "re_points": 130}
