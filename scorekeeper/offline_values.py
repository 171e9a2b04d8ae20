"""The offline value: what the next deal would be worth, worked out by the engine before the network goes.

A phone without network cannot ask the server for a deal's value, and the rules are not written twice (no copy of
them in JavaScript). So, while it is online, the phone fetches a table: for the combinations of the entry form's
value-relevant inputs, the value the engine gives the next deal of this session in its current state (Bock, round,
Pflichtsolo owed …), computed through the same replay as the online preview. Offline the page builds the same key
from the form (``canonical_key``: plain form data, no rule) and looks it up; a combination not in the table, or a
table for another deal (a deal waits in the outbox since), shows "value when back online".

What goes into the key: the contract type, every count, flag, result and chip as posted, a player as "someone"
("*", or "-" for nobody: who plays decides whose row gets the value, not the value), a set of players as how many,
and card points as their band: the engine itself is asked where, between 0 and the most, the value changes
(``_bands``). Inputs of other kinds (per-player points, announcements, Sonderpunkte …) are not in the table: a form
with one of them filled in shows "value when back online". The table is capped (``CAP`` entries, the usual
combinations first) and cached per session revision.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.core.cache import cache
from django.http import QueryDict
from django.utils.translation import get_language

from . import derived, engine, engine_words, selectors
from .documents import session_document
from .entry import Chips, Control, Count, DealEntry, PlayerChoice, PlayerSet, Points, Toggle, WonLost
from .models import Session
from .sheet import StoredDeal, row

CAP = 1500  # entries per session revision: the usual combinations first
BATCH = 500  # forms scored after one replay of the stored deals
SOMEONE = "*"
NOBODY = "-"
TYPE_INPUT = "contract_type"


@dataclasses.dataclass(frozen=True)
class Axis:
    """One input of the form that may change the value, and what the form may post for it (the usual first)."""

    name: str
    values: tuple[str, ...]
    players: int = 0  # a player choice: how many players each value but "" and "-" stands for
    bands: tuple[int, ...] = ()  # card points: the lowest points of each band (one value per band)
    free: bool = False  # every value is enumerated at once (points, players): not a rare extra


def canonical_key(pairs: Iterable[tuple[str, str]], axes: dict[str, dict[str, Any]]) -> str | None:
    """The key of a filled-in form: its (name, value) pairs as posted, reduced by ``axes`` (what the table sends the
    phone); None when an input outside the table holds something. static/js/offline_value.js builds the same."""
    kept = []
    for name, raw in pairs:
        value = raw.strip()
        spec = axes.get(name)
        if spec is None:
            if value not in ("", "0"):
                return None
            continue
        if value == "":
            continue
        if spec["as"] == "player":
            value = value if value == NOBODY else SOMEONE
        elif spec["as"] == "band":
            if not value.isdigit():
                return None
            points = int(value)
            bands = [low for low in spec["bands"] if low <= points]
            if not bands:
                return None
            value = str(bands[-1])
        kept.append(f"{name}={value}")
    return "&".join(sorted(kept))


def table(session: Session) -> dict[str, Any]:
    """The table for the session's next deal, cached per revision and language."""
    key = f"offline-values:{session.pk}:{session.revision}:{get_language()}"
    found = cache.get(key)
    if found is None:
        found = build(session)
        cache.set(key, found, 3600)
    return found


def build(session: Session) -> dict[str, Any]:
    stored = list(session.deals.filter(deleted_at__isnull=True).order_by("sequence").values_list("facts", flat=True))
    parsed = engine.load(session_document(session, stored))
    number = len(stored) + 1
    _dealer, playing = selectors.next_deal(session)
    entry = DealEntry(session.game, parsed.new_game(), playing, first_deal=number == 1)
    axes_by_type = {t: _axes(entry, t, parsed) for t in entry.types}
    specs = {t: _specs(axes) for t, axes in axes_by_type.items()}
    values: dict[str, list[Any]] = {}
    combinations = _combinations(axes_by_type, playing)
    while len(values) < CAP:
        batch: dict[str, QueryDict] = {}
        for contract_type, data in combinations:
            key = canonical_key(_pairs(data), specs[contract_type])
            if key is not None and key not in values:
                batch.setdefault(key, data)
            if len(batch) >= BATCH:
                break
        if not batch:
            break
        for key, answer in zip(batch, _values(entry, parsed, list(batch.values())), strict=True):
            if answer is not None and len(values) < CAP:
                values[key] = answer
    return {"number": number, "revision": session.revision, "types": specs, "values": values}


def _specs(axes: Sequence[Axis]) -> dict[str, dict[str, Any]]:
    specs: dict[str, dict[str, Any]] = {TYPE_INPUT: {"as": "value"}}
    for axis in axes:
        specs[axis.name] = (
            {"as": "band", "bands": list(axis.bands)} if axis.bands else {"as": "player" if axis.players else "value"}
        )
    return specs


def _axes(entry: DealEntry, contract_type: str, parsed: engine.Session) -> list[Axis]:
    """The inputs of ``contract_type`` the table covers; card points with their bands, asked of the engine."""
    axes = [_axis(c, entry, contract_type) for c in entry.controls if c.name in entry.fields[contract_type]]
    known = [a for a in axes if a is not None]
    return [_with_bands(entry, contract_type, known, a, parsed) if a.bands else a for a in known]


def _axis(control: Control, entry: DealEntry, contract_type: str) -> Axis | None:
    """The axis of a control the table knows; None for the others (their inputs leave a form out of the table)."""
    if isinstance(control, PlayerChoice):
        return Axis(control.name, (SOMEONE, "", *((NOBODY,) if control.none_label else ())), players=1)
    if isinstance(control, PlayerSet):
        most = control.most or len(entry.playing)
        return Axis(control.name, tuple(str(n) for n in range(1, most + 1)), players=1, free=True)
    if isinstance(control, Points):  # its bands are asked of the engine (_with_bands), up to the most points
        return Axis(control.name, (), bands=(control.most,), free=True)
    if isinstance(control, Count):
        return Axis(control.name, tuple(str(c.value) for c in control.choices(entry.game, (contract_type,))))
    if isinstance(control, Toggle):
        return Axis(control.name, ("", "1"))
    if isinstance(control, WonLost):
        return Axis(control.name, ("won", "lost", ""))
    if isinstance(control, Chips):
        return Axis(control.name, ("", *(value for value, _label in control.options)))
    return None


def _with_bands(
    entry: DealEntry, contract_type: str, axes: Sequence[Axis], points: Axis, parsed: engine.Session
) -> Axis:
    """Card points as their bands: where the value changes between 0 and the most, asked of the engine on an empty
    sheet of the same rules, with the other inputs at their usual value and each other value of each in turn."""
    bands = _bands_for(
        json.dumps([parsed.game_key, engine.as_json(parsed.rules), parsed.tariff and engine.as_json(parsed.tariff)]),
        tuple(entry.playing),
        contract_type,
        tuple(a for a in axes if a is not points),
        points.name,
        points.bands[0],
    )
    return dataclasses.replace(points, values=tuple(map(str, bands)), bands=bands)


@functools.lru_cache(maxsize=256)
def _bands_for(
    rules_key: str, playing: tuple[str, ...], contract_type: str, others: tuple[Axis, ...], name: str, most: int
) -> tuple[int, ...]:
    game_key, rules, tariff = json.loads(rules_key)
    document = {"format": engine.FORMAT, "game": game_key, "rules": rules, "players": list(playing), "deals": []}
    if tariff is not None:
        document["tariff"] = tariff
    empty = engine.load(document)
    entry = DealEntry(game_key, empty.new_game(), playing)
    usual = {a.name: a.values[0] for a in others if a.values}
    probes = [usual, *({**usual, a.name: v} for a in others for v in a.values[1:])]
    scans = [
        [_data(contract_type, {**probe, name: str(p)}, others, playing) for p in range(most + 1)] for probe in probes
    ]
    posts = [data for scan in scans for data in scan if data is not None]
    answers = iter(_values(entry, empty, posts))
    changes = {0}
    for scan in scans:
        last = None
        for points, data in enumerate(scan):
            answer = None if data is None else next(answers)
            if points and answer != last:
                changes.add(points)
            last = answer
    return tuple(sorted(changes))


def _combinations(axes_by_type: dict[str, list[Axis]], playing: Sequence[str]) -> Iterator[tuple[str, QueryDict]]:
    """The form's possible posts, the usual first: every contract type with no extra, then with one extra, …"""
    most = max((sum(1 for a in axes if not a.free) for axes in axes_by_type.values()), default=0)
    for extras in range(most + 1):
        for contract_type, axes in axes_by_type.items():
            rare = [a for a in axes if not a.free and len(a.values) > 1]
            free = [a for a in axes if a.free or len(a.values) == 1]
            for chosen in itertools.combinations(rare, extras):
                others = [a for a in rare if a not in chosen]
                for picked in itertools.product(*(a.values[1:] for a in chosen), *(a.values for a in free)):
                    values = dict(zip([a.name for a in (*chosen, *free)], picked, strict=True))
                    values.update((a.name, a.values[0]) for a in others)
                    data = _data(contract_type, values, axes, playing)
                    if data is not None:
                        yield contract_type, data


def _data(contract_type: str, values: dict[str, str], axes: Sequence[Axis], playing: Sequence[str]) -> QueryDict | None:
    """The post of a form with ``values``; a player input gets the next player not chosen yet (who is chosen does not
    change the value). None when the table has too few players for the choice."""
    data = QueryDict(mutable=True)
    data[TYPE_INPUT] = contract_type
    free_players = list(playing)
    chooses_players = {axis.name for axis in axes if axis.players}
    for name, value in values.items():
        if name in chooses_players and value not in ("", NOBODY):
            count = int(value) if value.isdigit() else 1
            if count > len(free_players):
                return None
            data.setlist(name, free_players[:count])
            del free_players[:count]
        elif value:
            data[name] = value
    return data


def _pairs(data: QueryDict) -> list[tuple[str, str]]:
    return [(name, value) for name, values in data.lists() for value in values]


def _values(entry: DealEntry, parsed: engine.Session, posts: Sequence[QueryDict]) -> list[list[Any] | None]:
    """What each of ``posts`` would be worth as the next deal: one replay of the stored deals, then each on its own."""
    candidates: list[dict[str, Any] | None] = []
    for data in posts:
        entry.errors = {}
        bound = entry.bind(data)
        candidates.append(None if entry.errors else bound)
    valid = [facts for facts in candidates if facts is not None]
    scored = iter(list(parsed.replay(then=valid))[len(parsed.deals) :])
    answers: list[list[Any] | None] = []
    for facts in candidates:
        result = None if facts is None else next(scored)
        answers.append(_answer(parsed, facts, result) if isinstance(result, engine.DealResult) else None)
    return answers


def _answer(parsed: engine.Session, facts: Any, result: engine.DealResult) -> list[Any]:
    shown = row(StoredDeal(result.number, facts, derived.stored_result(result, parsed.players)), parsed.players)
    # The players the table chose stand for anyone: an explanation that names one is not said offline.
    named = any(re.search(rf"\b{re.escape(name)}\b", shown.explanation) for name in parsed.players)
    notes = engine_words.deal_notes(shown.marks)
    return [shown.label, shown.value, shown.multiplier, "" if named else shown.explanation, notes]
