"""A deal entry form's post read into the deal's facts: one reading for the server and the phone.

The server's controls (``games/pack.py``) read a request's post with it, and the phone reads the deals waiting in
its outbox and the form being filled in with it, offline (``scorekeeper.phone.evening``). So no Django here. Each
control is described by its *reading*, a plain dict the server sends the phone with the form
(``Control.reading``): its ``name``, its ``kind`` and what the kind needs (below).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

MISSING: Any = object()  # the form holds nothing for the fact: it is left out
NOBODY = "-"  # the value of the "nobody" chip (alone, a tie), recorded as null unlike an unchosen field
OUTCOMES = {"won": True, "lost": False}

# Why a post could not be read: the form shows the control's own sentence for it (``Control.reading``'s "says").
WHOLE_NUMBER = "whole_number"
CHOOSE = "choose"


class Posted(Protocol):
    """A form's post: a request's QueryDict, or ``Pairs`` on the phone."""

    def get(self, key: str, default: str) -> str: ...

    def getlist(self, key: str) -> list[str]: ...


class Pairs:
    """A post as its (name, value) pairs, read as Django reads a QueryDict: ``get`` gives a name's last value."""

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        self._values: dict[str, list[str]] = {}
        for name, value in pairs:
            self._values.setdefault(name, []).append(value)

    def get(self, key: str, default: str = "") -> str:
        values = self._values.get(key)
        return values[-1] if values else default

    def getlist(self, key: str) -> list[str]:
        return list(self._values.get(key, ()))


class Unreadable(ValueError):
    """The post holds something the control cannot read; ``reason`` is WHOLE_NUMBER or CHOOSE."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


def read(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    """The fact a control (described by ``reading``) reads from ``data``, or MISSING; Unreadable when it cannot."""
    return _KINDS.get(reading["kind"], _text)(reading, data, playing)


def _whole_number(name: str, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise Unreadable(name, WHOLE_NUMBER) from None


def _text(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    return data.get(reading["name"], "").strip() or MISSING


def _player(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    """One player; "nobody" (recorded as null) where the control offers it."""
    name = reading["name"]
    value = data.get(name, "").strip()
    if reading.get("nobody") and value == NOBODY:
        return None
    if reading.get("required") and not value:
        raise Unreadable(name, CHOOSE)
    return value or MISSING


def _players(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    return [p for p in data.getlist(reading["name"]) if p] or MISSING


def _points(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    text = data.get(reading["name"], "").strip()
    return _whole_number(reading["name"], text) if text else MISSING


def _count(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    """A count chosen on a chip: 0 is left out of the facts."""
    text = data.get(reading["name"], "").strip()
    return (_whole_number(reading["name"], text) if text else 0) or MISSING


def _flag(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    return True if data.get(reading["name"], "") else MISSING


def _outcome(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    return OUTCOMES.get(data.get(reading["name"], ""), MISSING)


def _per_player(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    """A number for every playing player, posted as ``name__0``, ``name__1`` … in the order they play."""
    name = reading["name"]
    texts = {p: data.get(f"{name}__{i}", "").strip() for i, p in enumerate(playing)}
    if not any(texts.values()):
        return MISSING
    return {p: _whole_number(name, t) if t else 0 for p, t in texts.items()}


def _party_levels(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    """A level for each party (Doppelkopf's announcements), posted as ``name__party``."""
    chosen = {party: data.get(f"{reading['name']}__{party}", "") for party in reading["parties"]}
    return {party: level for party, level in chosen.items() if level} or MISSING


def _party_counts(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    """How many of each extra each party won (Doppelkopf's Sonderpunkte), posted as ``name__party__extra``."""
    name = reading["name"]
    counts: dict[str, dict[str, int]] = {}
    for party in reading["parties"]:
        for key in reading["extras"]:
            text = data.get(f"{name}__{party}__{key}", "").strip()
            number = _whole_number(name, text) if text else 0
            if number:
                counts.setdefault(party, {})[key] = number
    return counts or MISSING


def _solo(reading: Mapping[str, Any], data: Posted, playing: Sequence[str]) -> Any:
    """Who played a solo and whether it was won (Bauernstoss), posted as ``name__player`` and ``name__won``."""
    player, won = data.get(f"{reading['name']}__player", ""), data.get(f"{reading['name']}__won", "")
    if not player and not won:
        return MISSING
    return {"player": player or None, "won": OUTCOMES.get(won)}


_KINDS = {
    "player": _player,
    "players": _players,
    "points": _points,
    "count": _count,
    "flag": _flag,
    "outcome": _outcome,
    "per_player": _per_player,
    "party_levels": _party_levels,
    "party_counts": _party_counts,
    "solo": _solo,
}


def facts_of(
    form: Mapping[str, Any], data: Posted, playing: Sequence[str]
) -> tuple[str, dict[str, Any], dict[str, str]]:
    """A whole post read by ``form`` (``DealEntry.reading``: each contract type's base facts and controls, and the
    partners the seating decides): its contract type, its facts, and the problems by control name (the control's
    sentence)."""
    types = form["types"]
    chosen = data.get("contract_type", "")
    contract_type = chosen if chosen in types else form["default_type"]
    plan = types[contract_type]
    facts = dict(plan["facts"])
    problems: dict[str, str] = {}
    for reading in plan["controls"]:
        try:
            value = read(reading, data, playing)
        except Unreadable as error:
            problems.setdefault(error.name, reading["says"][error.reason])
            continue
        if value is not MISSING:
            name = reading["name"]
            facts[name] = {**facts[name], **value} if isinstance(facts.get(name), dict) else value
    partners = form.get("partners", {}).get(",".join(playing), {}).get(contract_type, {})
    if facts.get("declarer") in partners and "partner" not in facts:  # the seating decides it: no tap needed
        facts["partner"] = partners[facts["declarer"]]
    return contract_type, facts, problems
