"""The ``settle`` output document, its JSON text and its human-readable table."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .money import cents_for, decimal_string
from .session import FORMAT, DealResult, Session

# What ``json.dumps(value, ensure_ascii=False)`` writes, with the encoder made once rather than on every call.
_encode = json.JSONEncoder(ensure_ascii=False).encode


def settle_document(session: Session, results: list[DealResult]) -> dict[str, Any]:
    return _document(session, results, [r.to_output() for r in results])


def settle_json(session: Session, results: list[DealResult]) -> str:
    """The output document as ``settle`` prints it: byte for byte ``json.dumps(settle_document(session, results),
    ensure_ascii=False)`` (the tests compare the two on every golden case and on random sessions of every game).

    The deals are most of the document, and building a dict for each and encoding them was most of the command's
    time (issue 26): :class:`_DealsText` writes them straight from the results instead."""
    document = _document(session, results, [])
    items = [f"{_encode(key)}: {_encode(value)}" for key, value in document.items()]
    at = list(document).index("deals")
    before = "{" + ", ".join(items[: at + 1])[:-1]  # up to the deals: '... "deals": ['
    after = "]" + "".join(f", {item}" for item in items[at + 1 :]) + "}"
    deals = _DealsText(session.players).texts(results)
    if not deals:
        return before + after
    # The whole text (megabytes) made in one join: the first deal carries what comes before, the last what after.
    deals[0] = before + deals[0]
    deals[-1] += after
    return ", ".join(deals)


def _document(session: Session, results: list[DealResult], deals: list[dict[str, Any]]) -> dict[str, Any]:
    last = results[-1] if results else None
    totals = dict(last.totals) if last else dict.fromkeys(session.players, 0)
    out: dict[str, Any] = {
        "format": FORMAT,
        "game": session.game_key,
        "players": list(session.players),
        "deals": deals,
        "totals": totals,
        "pot": last.pot if last else session.pot_carried_in,
    }
    state = session.round(results)
    if state is not None:  # a tournament table: where its round stands (rounds.py)
        out["round"] = state.as_json()
    if session.cents_per_point is not None:
        out["money"] = {p: decimal_string(cents_for(t, session.cents_per_point)) for p, t in totals.items()}
    return out


class _NotTemplated(Exception):
    """A deal holds something the templates do not write (never from the engine's own games): json writes it."""


class _Memo(dict[Any, str]):
    """Text made once for each key it is asked for: a lookup in C, ``make`` only for a new key."""

    def __init__(self, make: Callable[[Any], str]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: Any) -> str:
        text = self[key] = self._make(key)
        return text


class _DealsText:
    """The ``deals`` array of the output as JSON text, each deal filling a template in the key order of
    :meth:`DealResult.to_output`: one template for each set of game-specific keys (``Outcome.extra``) a session
    has. Strings (names, contracts) are encoded once, and so is each row of deltas, since a session repeats few;
    the totals are written again only when they changed."""

    OWN_KEYS = ("number", "dealer", "value", "multiplier", "deltas", "pot", "totals", "contract")
    LAST_KEYS = ("away", "lineup")  # after the game's keys, when the players at the table changed

    def __init__(self, players: Sequence[str]) -> None:
        self._strings = _Memo(_encode)
        # Deltas and totals name every player of the session in its order (DealResult). Points, numbers and values
        # are integers (never bools: %d would write True as 1), as everywhere in the engine.
        self._points = "{" + ", ".join(f"{self._strings[player]}: %d" for player in players) + "}"
        self._deltas = _Memo(self._points.__mod__)
        self._deal_templates: dict[tuple[str, ...], str] = {}
        self._object_templates: dict[tuple[str, ...], str] = {}

    def texts(self, results: Sequence[DealResult]) -> list[str]:
        texts = []
        last_totals: tuple[int, ...] = ()
        totals_text = ""
        for result in results:
            totals = tuple(result.totals.values())
            if totals != last_totals:
                last_totals, totals_text = totals, self._points % totals
            try:
                texts.append(self._deal(result, totals_text))
            except _NotTemplated:
                texts.append(_encode(result.to_output()))
        return texts

    def _deal(self, result: DealResult, totals: str) -> str:
        outcome = result.outcome
        extra = outcome.extra
        keys = tuple(extra)
        template = self._deal_templates.get(keys) or self._deal_template(keys)
        tail = ""
        if result.seated or result.lineup:
            tail = "".join(f", {_encode(key)}: {_encode(list(value))}" for key, value in self._last(result))
        return template % (
            result.number, self._strings[result.dealer], outcome.value, outcome.multiplier,
            self._deltas[tuple(result.deltas.values())], result.pot, totals, self._strings[outcome.label],
            *map(self._value, extra.values()), tail,
        )  # fmt: skip

    @staticmethod
    def _last(result: DealResult) -> list[tuple[str, tuple[Any, ...]]]:
        return [(key, value) for key, value in (("away", result.away), ("lineup", result.lineup)) if value]

    def _deal_template(self, keys: tuple[str, ...]) -> str:
        if any(type(key) is not str or key in self.OWN_KEYS + self.LAST_KEYS for key in keys):
            raise _NotTemplated  # to_output would write such a key in another place, or json turn it into a string
        fields = ("%d", "%s", "%d", "%d", "%s", "%d", "%s", "%s", *("%s" for _ in keys))
        items = ", ".join(f"{_encode(key)}: {field}" for key, field in zip(self.OWN_KEYS + keys, fields, strict=True))
        template = self._deal_templates[keys] = "{" + items + "%s}"
        return template

    def _value(self, value: Any) -> str:
        """A value of a game's own output keys: a name, a number, a small object of them (Bauernstoss strokes)."""
        kind = type(value)
        if kind is str:
            return self._strings[value]
        if kind is int:
            return str(value)
        if kind is dict:
            keys = tuple(value)
            template = self._object_templates.get(keys)
            if template is None:
                if any(type(key) is not str for key in keys):
                    return _encode(value)
                template = self._object_templates[keys] = "{" + ", ".join(f"{_encode(key)}: %s" for key in keys) + "}"
            # Numbers inline rather than through _value: most of these objects hold numbers only.
            return template % tuple([str(item) if type(item) is int else self._value(item) for item in value.values()])
        return _encode(value)


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
