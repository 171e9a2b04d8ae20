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
    """The ``deals`` array of the output as JSON text, each deal filling one template in the key order of
    :meth:`DealResult.to_output`. Strings (names, contracts) are encoded once, and so is each row of deltas, since a
    session repeats few.

    A result's dicts are never written once made, and the replay and games hand the same dict to the deals that
    have the same one (Bauernstoss: most deals move no points, and a few hundred kinds of strokes and chalk come
    again and again). So a deal's totals and deltas are written again only when they are not the deal before's,
    and the game's own keys (``Outcome.extra``) once for each dict. The results hold every dict as long as this
    object lives, so an identity stays the dict's.
    """

    OWN_KEYS = ("number", "dealer", "value", "multiplier", "deltas", "pot", "totals", "contract")
    LAST_KEYS = ("away", "lineup")  # after the game's keys, when the players at the table changed

    def __init__(self, players: Sequence[str]) -> None:
        self._strings = _Memo(_encode)
        # Deltas and totals name every player of the session in its order (DealResult). Points, numbers and values
        # are integers (never bools: %d would write True as 1), as everywhere in the engine.
        self._points = "{" + ", ".join(f"{self._strings[player]}: %d" for player in players) + "}"
        self._deltas = _Memo(self._points.__mod__)
        fields = ("%d", "%s", "%d", "%d", "%s", "%d", "%s", "%s")
        items = ", ".join(f"{_encode(key)}: {field}" for key, field in zip(self.OWN_KEYS, fields, strict=True))
        self._template = "{" + items + "%s%s}"  # then the game's own keys, and who left or joined
        # For each set of the game's own keys: their template, and whether their dicts are kept by identity.
        self._extra_templates: dict[tuple[str, ...], tuple[str, bool]] = {}
        self._extras: dict[int, tuple[dict[Any, Any], str]] = {}  # id(extra): the dict and its text

    def texts(self, results: Sequence[DealResult]) -> list[str]:
        texts = []
        last_totals: dict[str, int] | None = None
        last_deltas: dict[str, int] | None = None
        totals = deltas = ""
        strings = self._strings
        for result in results:
            if result.totals is not last_totals:
                last_totals, totals = result.totals, self._points % tuple(result.totals.values())
            if result.deltas is not last_deltas:
                last_deltas, deltas = result.deltas, self._deltas[tuple(result.deltas.values())]
            outcome = result.outcome
            extra = outcome.extra
            written = tail = ""
            try:
                if extra:
                    known = self._extras.get(id(extra))
                    written = known[1] if known is not None and known[0] is extra else self._written(extra)
            except _NotTemplated:
                texts.append(_encode(result.to_output()))
                continue
            if result.seated or result.lineup:
                tail = "".join(f", {_encode(key)}: {_encode(list(value))}" for key, value in self._last(result))
            texts.append(
                self._template % (
                    result.number, strings[result.dealer], outcome.value, outcome.multiplier, deltas, result.pot,
                    totals, strings[outcome.label], written, tail,
                )
            )  # fmt: skip
        return texts

    @staticmethod
    def _last(result: DealResult) -> list[tuple[str, tuple[Any, ...]]]:
        return [(key, value) for key, value in (("away", result.away), ("lineup", result.lineup)) if value]

    def _written(self, extra: dict[Any, Any]) -> str:
        """The game's own keys and values, after the keys every deal has."""
        keys = tuple(extra)
        known = self._extra_templates.get(keys) or self._extra_template(extra)
        template, by_identity = known
        written = template % tuple(map(self._value, extra.values()))
        if by_identity:
            self._extras[id(extra)] = extra, written
        return written

    def _extra_template(self, extra: dict[Any, Any]) -> tuple[str, bool]:
        """A template for these keys. Dicts whose values are names and numbers only (a Doppelkopf deal's winner,
        Bock and round) are written quickly each time, and are most often new; those that json must write (the
        Bauernstoss strokes) are the ones a game hands on, and are kept by identity."""
        keys = tuple(extra)
        if any(type(key) is not str or key in self.OWN_KEYS + self.LAST_KEYS for key in keys):
            raise _NotTemplated  # to_output would write such a key in another place, or json turn it into a string
        template = "".join(f", {_encode(key)}: %s" for key in keys)
        known = self._extra_templates[keys] = template, any(type(v) not in (str, int) for v in extra.values())
        return known

    def _value(self, value: Any) -> str:
        """A value of a game's own keys: a name or a number at once, anything else (Bauernstoss strokes) as json
        writes it."""
        kind = type(value)
        if kind is str:
            return self._strings[value]
        if kind is int:
            return str(value)
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
