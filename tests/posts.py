"""A deal's facts as its entry form posts them: what a scorer's taps send, for tests that post a form the way a
phone does (online, or kept in its outbox) without drawing the page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from scorekeeper.phone.posted import NOBODY
from scorekeeper.table.entry import DealEntry


def form_post(entry: DealEntry, facts: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The (name, value) pairs the form of ``entry`` posts for ``facts`` (each control as its kind is posted)."""
    contract_type = entry.spec.type_of(facts)
    pairs = [("contract_type", contract_type)]
    for control in entry.controls_for[contract_type]:
        reading = control.reading()
        if control.name not in facts and not reading.get("required"):
            continue
        value: Any = facts.get(control.name)  # a required choice left out was "nobody"
        name = control.name
        kind = reading["kind"]
        if kind == "player":
            pairs.append((name, NOBODY if value is None else value))
        elif kind == "players":
            pairs += [(name, player) for player in value]
        elif kind == "flag":
            pairs += [(name, "on")] if value else []
        elif kind == "outcome":
            pairs.append((name, "won" if value else "lost"))
        elif kind == "per_player":
            pairs += [(f"{name}__{i}", str(value.get(p, 0))) for i, p in enumerate(entry.playing)]
        elif kind == "party_levels":
            pairs += [(f"{name}__{party}", level) for party, level in value.items()]
        elif kind == "party_counts":
            pairs += [(f"{name}__{party}__{k}", str(n)) for party, counts in value.items() for k, n in counts.items()]
        elif kind == "solo":
            won = value.get("won")
            pairs += [(f"{name}__player", value.get("player") or ""), (f"{name}__won", _outcome(won))]
        elif not isinstance(value, dict):
            pairs.append((name, str(value)))
    return pairs


def _outcome(won: bool | None) -> str:
    return "" if won is None else "won" if won else "lost"


def body(pairs: Sequence[tuple[str, str]], **more: Any) -> str:
    return urlencode([*pairs, *((k, str(v)) for k, v in more.items())])
