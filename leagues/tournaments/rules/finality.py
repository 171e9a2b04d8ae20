"""Whether a tournament's ranking is final: every planned round drawn and every table's round complete, read from
each table's round as the engine stored it. Until then every ranking is provisional and names what is missing
(TSR 8.5.1, 8.6: owed Pflichtsoli are played even after time is called, so a table that owes one is not done)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .words import Message, say


@dataclass(frozen=True, slots=True)
class TableRound:
    """Where one table's round stands."""

    round: int
    table: int
    owing: Sequence[str]  # players who still owe their Pflichtsolo
    regular_left: int  # normal games still to play
    games: int  # the round's games at this table
    closed: bool = True  # the sheet is closed (a document's table is closed once its round is complete)


def missing_for_final(rounds_planned: int, rounds_drawn: int, tables: Iterable[TableRound]) -> tuple[Message, ...]:
    """What keeps the tournament from being final, table by table in order; empty when it is final."""
    missing: list[Message] = []
    for t in sorted(tables, key=lambda t: (t.round, t.table)):
        where = {"round": t.round, "table": t.table}
        missing += [say("final_owes_pflichtsolo", **where, player=player) for player in t.owing]
        if t.regular_left == 1:
            missing.append(say("final_game_left", **where, games=t.games))
        elif t.regular_left:
            missing.append(say("final_games_left", **where, missing=t.regular_left, games=t.games))
        elif not t.owing and not t.closed:
            missing.append(say("final_sheet_open", **where))
    if rounds_drawn == rounds_planned - 1:
        missing.append(say("final_round_left", rounds=rounds_planned))
    elif rounds_drawn < rounds_planned:
        missing.append(say("final_rounds_left", missing=rounds_planned - rounds_drawn, rounds=rounds_planned))
    return tuple(missing)
