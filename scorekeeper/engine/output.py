"""The ``settle`` output document and its human-readable table."""

from __future__ import annotations

from typing import Any

from .money import cents_for, decimal_string
from .session import FORMAT, DealResult, Session


def settle_document(session: Session, results: list[DealResult]) -> dict[str, Any]:
    last = results[-1] if results else None
    totals = dict(last.totals) if last else dict.fromkeys(session.players, 0)
    out: dict[str, Any] = {
        "format": FORMAT,
        "game": session.game_key,
        "players": list(session.players),
        "deals": [r.to_output() for r in results],
        "totals": totals,
        "pot": last.pot if last else session.pot_carried_in,
    }
    state = session.round(results)
    if state is not None:  # a tournament table: where its round stands (rounds.py)
        out["round"] = state.as_json()
    if session.cents_per_point is not None:
        out["money"] = {p: decimal_string(cents_for(t, session.cents_per_point)) for p, t in totals.items()}
    return out


def settle_table(session: Session, results: list[DealResult]) -> str:
    """A score sheet for the terminal: one row per deal, running totals per player."""
    uses_pot = session.new_game().uses_pot()
    head = ["#", "dealer", "contract", "value", *session.players] + (["pot"] if uses_pot else [])
    rows = [head]
    for r in results:
        row = [str(r.number), r.dealer, r.outcome.label, str(r.value)]
        row += [f"{r.totals[p]}" for p in session.players]
        rows.append(row + ([str(r.pot)] if uses_pot else []))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    numeric = {0, 3, *range(4, len(head))}

    def line(row: list[str]) -> str:
        cells = (c.rjust(w) if i in numeric else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * w for w in widths)
    text = [line(head), rule, *(line(r) for r in rows[1:]), rule]
    if session.cents_per_point is not None and results:
        money = ["", "", "money", ""] + [
            decimal_string(cents_for(results[-1].totals[p], session.cents_per_point)) for p in session.players
        ]
        text.append(line(money + ([""] if uses_pot else [])))
    return "\n".join(text) + "\n"
