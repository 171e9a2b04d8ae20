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
(``_bands``). Counts that add to the value (Doppelkopf's Sonderpunkte) are one tally: each input weighs what the
engine says one more of it moves the deal (``_weights``), the form's key holds the weighted sum, and the table holds
what the engine gives a deal with that sum. Inputs of other kinds (per-player points …) are not in the table: a form
with one of them filled in shows "value when back online". The table is capped (``CAP`` entries, the usual
combinations first), and so is the search for them (``SCORED`` forms: where the round refuses nearly every form, a
round complete or a Pflichtsolo due, the rarest are not tried). The forms tried and their keys are the same at every
table of the same rules: they are read once a process, at a table of stand-ins whose names each table's players
take (``_keyed``), and the words of each way the engine scores a deal are worked out once a process too (``_shown``).

The table starts from the session's stored replay state (the one a deal added at the end starts from): the stored
deals are neither read nor replayed, so a table costs the same all evening. Its entries are kept by a fingerprint of
what they are made from (the rules, who plays, and the part of that state a deal's score reads: Bock rounds, a
doubler waiting, Pflichtsolos played, the pot, a round's count, as the game says in ``scoring_state``), not by the
revision, and each player in it by his place in the next deal (who plays first, as the entries pick them), not his
name (the entries name nobody: a player is "someone", an explanation that names one is not said): the deals of an
evening that start from the same scoring state share one table, so do the tables of a tournament in the same state
and a table of five's deals where another sits out, and a state the table was not made from has another
fingerprint. Its ``etag`` names the session and its revision, which the database holds: any
server can answer a phone that has the table already with 304.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import hashlib
import itertools
import json
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.datastructures import MultiValueDict
from django.utils.translation import get_language

from schreiber import kept

from .. import engine
from ..games.pack import Chips, Control, Count, PlayerChoice, PlayerSet, Points, Posted, Toggle, WonLost
from ..models import Session
from ..stored import derived
from ..words import engine_words
from . import reads
from .entry import DealEntry
from .sheet import StoredDeal, row

CAP = 1500  # entries per session revision: the usual combinations first
BATCH = 500  # forms scored after one replay of the stored deals
# Forms tried for one table at most: a full table needs 8,500 at most (Doppelkopf's), a complete round refuses all, a
# Pflichtsolo due nearly all (its usual forms come first).
SCORED = 24 * BATCH
SOMEONE = "*"
NOBODY = "-"
TYPE_INPUT = "contract_type"
TALLY_MOST = 4  # the largest tally (either way) the table holds: a Fuchs, a Karlchen, a Doppelkopf or two


@dataclasses.dataclass(frozen=True)
class Axis:
    """One input of the form that may change the value, and what the form may post for it (the usual first)."""

    name: str
    values: tuple[str, ...]
    players: int = 0  # a player choice: how many players each value but "" and "-" stands for
    bands: tuple[int, ...] = ()  # card points: the lowest points of each band (one value per band)
    free: bool = False  # every value is enumerated at once (points, players): not a rare extra
    # A tally: the inputs and their weights, and for each value (a sum, or a sum's other way to make it) the inputs
    # posted to make it.
    weights: tuple[tuple[str, int], ...] = ()
    parts: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()


def canonical_key(pairs: Iterable[tuple[str, str]], axes: dict[str, dict[str, Any]]) -> str | None:
    """The key of a filled-in form: its (name, value) pairs as posted, reduced by ``axes`` (what the table sends the
    phone); None when an input outside the table holds something. static/js/offline_value.js builds the same."""
    kept = []
    tallies: dict[str, int] = {}
    for name, raw in pairs:
        value = raw.strip()
        spec = axes.get(name)
        if spec is None:
            if value not in ("", "0"):
                return None
            continue
        if value == "":
            continue
        if spec["as"] == "tally":
            if not value.isdigit():
                return None
            tallies[spec["into"]] = tallies.get(spec["into"], 0) + spec["weight"] * int(value)
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
    kept += (f"{name}={total}" for name, total in tallies.items() if total)
    return "&".join(sorted(kept))


def etag(session: Session) -> str:
    """What the table of the session's next deal is sent for: the session's revision, in the phone's language."""
    return f'"values-{session.pk}-{session.revision}-{get_language()}"'


def table(session: Session) -> dict[str, Any]:
    """The table for the session's next deal, as the phone gets it (``gzipped``)."""
    found: dict[str, Any] = json.loads(gzip.decompress(gzipped(session)))
    return found


def gzipped(session: Session) -> bytes:
    """The table for the session's next deal as the JSON a JsonResponse writes, compressed: made once for each
    revision and language, as the phones at a table fetch it after each deal, and kept so (a table is large, and
    compressed again for each phone it would cost an answer as much as working it out). Its entries are kept by what
    they are made from (``_fingerprint``): the deals of an evening that start from the same scoring state share them,
    and any server finds them."""

    def made() -> bytes:
        upcoming = _upcoming(session)
        entries = kept.kept(
            "offline-entries", _fingerprint(session, upcoming), lambda: _entries_json(session, upcoming)
        )
        text = f'{{"number": {upcoming.number}, "revision": {session.revision}, {entries}'
        return gzip.compress(text.encode(), compresslevel=6, mtime=0)  # the level of GZipMiddleware

    return kept.kept(
        "offline-values", (session.pk, session.created_at.timestamp(), session.revision, get_language()), made
    )


def _entries_json(session: Session, upcoming: _Upcoming) -> str:
    """The entries as the end of the JSON object the phone gets (the deal's number and revision come before)."""
    return json.dumps(_entries(session.game, upcoming), cls=DjangoJSONEncoder).removeprefix("{")


def build(session: Session) -> dict[str, Any]:
    """The table for the session's next deal, worked out afresh."""
    upcoming = _upcoming(session)
    return {"number": upcoming.number, "revision": session.revision, **_entries(session.game, upcoming)}


@dataclasses.dataclass(frozen=True)
class _Upcoming:
    """The session's next deal as the table starts from it."""

    parsed: engine.Session  # the session as the engine reads it
    start: dict[str, Any] | None  # the stored replay state the deal starts from; None: every deal is replayed
    number: int
    playing: tuple[str, ...]


def _upcoming(session: Session) -> _Upcoming:
    """The session's next deal, from where a deal added at the end starts (``reads.after_the_deals``: the stored
    replay state when it fits, the stored deals then neither read nor replayed)."""
    _dealer, playing = reads.next_deal(session)
    parsed, resume = reads.after_the_deals(session, [])
    return _Upcoming(parsed, resume.state if resume else None, parsed.deal_count + 1, tuple(playing))


# What the entries are made of beyond the fingerprint's inputs: a new one whenever the table's content (or the form
# it is kept in) changes.
ENTRIES_VERSION = 4


def _fingerprint(session: Session, upcoming: _Upcoming) -> str:
    """Everything the next deal's entries are made from: the rules, the language, who plays, and of the replay state
    the part a deal's score reads (``engine.Session.scoring_state``), each player by his place in the next deal
    (``places``: who plays first, as the entries pick them): the entries name nobody, so tables of other players in
    the same state share them, and so do a table of five's deals where another sits out. Without a stored state: the
    revision itself."""
    parsed, state = upcoming.parsed, upcoming.start
    scoring = ["revision", session.pk, session.revision] if state is None else parsed.scoring_state(state)
    places = parsed.players if state is None else parsed.places(state)
    playing = [places.index(name) for name in upcoming.playing]
    made_of = [
        ENTRIES_VERSION, _rules_key(parsed), parsed.cents_per_point, get_language(), upcoming.number == 1, playing,
        scoring,
    ]  # fmt: skip
    text = json.dumps(made_of, sort_keys=True, default=sorted)
    return hashlib.sha256(text.encode()).hexdigest()


def _entries(game_key: str, upcoming: _Upcoming) -> dict[str, Any]:
    """The table's inputs by contract type and its values by form key."""
    parsed, start, playing = upcoming.parsed, upcoming.start, upcoming.playing
    entry = DealEntry(game_key, parsed.new_game(), playing, first_deal=upcoming.number == 1)
    axes_by_type = {t: _axes(entry, t, parsed) for t in entry.types}
    specs = {t: _specs(axes) for t, axes in axes_by_type.items()}
    values: dict[str, list[Any]] = {}
    tallied = {f"{a.name}=" for axes in axes_by_type.values() for a in axes if a.weights}
    nobody = tuple(name == NOBODY for name in playing)
    keyed = _keyed(_rules_key(parsed), tuple((t, tuple(axes)) for t, axes in axes_by_type.items()), nobody, SCORED)
    names = dict(zip(_stand_ins(nobody), playing, strict=True))
    combinations = iter(keyed)
    answers: dict[str, list[Any]] = {}  # the words of each way the engine scores, for every batch
    while len(values) < CAP:
        batch: dict[str, str] = {}
        for read, key in combinations:
            if key is not None and key not in values and key not in batch:
                batch[key] = read
            if len(batch) >= BATCH:
                break
        if not batch:
            break
        candidates = _named(batch.values(), names)
        for key, answer in zip(batch, _values(parsed, candidates, start, answers), strict=True):
            if answer is not None and len(values) < CAP:
                if any(part.startswith(name) for part in key.split("&") for name in tallied):
                    answer[3] = ""  # the explanation names the extras of one way to make the sum: not said
                values[key] = answer
    return {"types": specs, "values": values}


def _specs(axes: Sequence[Axis]) -> dict[str, dict[str, Any]]:
    specs: dict[str, dict[str, Any]] = {TYPE_INPUT: {"as": "value"}}
    for axis in axes:
        if axis.weights:
            specs.update((name, {"as": "tally", "into": axis.name, "weight": w}) for name, w in axis.weights)
            continue
        specs[axis.name] = (
            {"as": "band", "bands": list(axis.bands)} if axis.bands else {"as": "player" if axis.players else "value"}
        )
    return specs


def _axes(entry: DealEntry, contract_type: str, parsed: engine.Session) -> list[Axis]:
    """The inputs of ``contract_type`` the table covers; card points with their bands and tallies with their weights,
    asked of the engine."""
    controls = [c for c in entry.controls if c.name in entry.fields[contract_type]]
    known = [axis for c in controls for axis in _axes_of(c, entry, contract_type)]
    axes = [_with_bands(entry, contract_type, known, a, parsed) if a.bands else a for a in known]
    tallies = (_tally(entry, contract_type, axes, c, parsed) for c in controls if c.count_inputs())
    return axes + [tally for tally in tallies if tally is not None]


def _axes_of(control: Control, entry: DealEntry, contract_type: str) -> list[Axis]:
    if choices := control.choice_inputs():
        return [Axis(name, values) for name, values in choices.items()]
    axis = _axis(control, entry, contract_type)
    return [] if axis is None else [axis]


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
        _rules_key(parsed),
        len(entry.playing),
        contract_type,
        tuple(a for a in axes if a is not points),
        points.name,
        points.bands[0],
    )
    return dataclasses.replace(points, values=tuple(map(str, bands)), bands=bands)


@functools.lru_cache(maxsize=256)
def _bands_for(
    rules_key: str, seats: int, contract_type: str, others: tuple[Axis, ...], name: str, most: int
) -> tuple[int, ...]:
    entry, empty, playing = _empty_sheet(rules_key, seats)
    usual = {a.name: a.values[0] for a in others if a.values}
    probes = [usual, *({**usual, a.name: v} for a in others for v in a.values[1:])]
    form = _Form.of(contract_type, others)
    scans = [[form.post({**probe, name: str(p)}, playing) for p in range(most + 1)] for probe in probes]
    posts = [data for scan in scans for data in scan if data is not None]
    answers = iter(_values(empty, [_read(entry, data) for data in posts]))
    changes = {0}
    for scan in scans:
        last = None
        for points, data in enumerate(scan):
            answer = None if data is None else next(answers)
            if points and answer != last:
                changes.add(points)
            last = answer
    return tuple(sorted(changes))


def _tally(
    entry: DealEntry, contract_type: str, axes: Sequence[Axis], control: Control, parsed: engine.Session
) -> Axis | None:
    """A control's counts as one tally: their weights asked of the engine, and for each sum up to TALLY_MOST either
    way two ways to make it (the first the engine refuses, e.g. a third Fuchs, the other is tried)."""
    most = control.count_inputs()
    weights = _weights_for(_rules_key(parsed), len(entry.playing), contract_type, tuple(axes), tuple(most))
    if not weights:
        return None
    parts: list[tuple[str, tuple[tuple[str, int], ...]]] = []
    for total in (n for size in range(1, TALLY_MOST + 1) for n in (size, -size)):
        usable = [(name, w) for name, w in weights if w * total > 0]
        ways = sorted({way for way in (_make(total, usable, most), _make(total, usable[::-1], most)) if way})
        parts += ((str(total) if n == 0 else f"{total}/{n}", way) for n, way in enumerate(ways))
    return Axis(control.name, ("", *(value for value, _way in parts)), weights=weights, parts=tuple(parts))


def _make(total: int, usable: Sequence[tuple[str, int]], most: dict[str, int]) -> tuple[tuple[str, int], ...] | None:
    """Counts of ``usable`` inputs whose weights add up to ``total``, the first inputs taken first; None if none."""
    left, way = total, []
    for name, weight in usable:
        count = min(most[name], left // weight)
        if count > 0:
            way.append((name, count))
            left -= count * weight
    return tuple(way) if left == 0 else None


@functools.lru_cache(maxsize=256)
def _weights_for(
    rules_key: str, seats: int, contract_type: str, others: tuple[Axis, ...], inputs: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    """What one more of each input moves a deal, asked of the engine on an empty sheet of the same rules: each
    player's points with one more, less without, for the first usual form the engine takes with each input alone.
    An input that moves no points, or not as the others do, is left out (its form says "value when back online")."""
    entry, empty, playing = _empty_sheet(rules_key, seats)
    for _type, base in itertools.islice(_combinations({contract_type: list(others)}, playing), 200):
        posts = [base]
        for name in inputs:
            post = base.copy()
            post[name] = "1"
            posts.append(post)
        moved = _deltas(entry, empty, posts)
        if any(points is None for points in moved):
            continue
        unmoved = moved[0]
        assert unmoved is not None
        steps = [tuple(a - b for a, b in zip(points or (), unmoved, strict=True)) for points in moved[1:]]
        unit = next((step for step in steps if any(step)), None)
        if unit is None:  # not scored in this form (a Hochzeit nobody joined): another one
            continue
        lead = next(i for i, points in enumerate(unit) if points)
        weights = []
        for name, step in zip(inputs, steps, strict=True):
            if step[lead] and all(a * unit[lead] == b * step[lead] for a, b in zip(unit, step, strict=True)):
                weights.append((name, step[lead]))
        common = functools.reduce(math.gcd, (abs(w) for _name, w in weights))
        return tuple((name, w // common) for name, w in weights)
    return ()


def _deltas(entry: DealEntry, parsed: engine.Session, posts: Sequence[Posted]) -> list[tuple[int, ...] | None]:
    """Each player's points for each of ``posts`` as the next deal; None where the engine refuses it."""
    return [
        None if result is None else tuple(result.deltas.values())
        for _facts, result in _replayed(parsed, [_read(entry, data) for data in posts])
    ]


def _rules_key(parsed: engine.Session) -> str:
    return json.dumps([parsed.game_key, engine.as_json(parsed.rules), parsed.tariff and engine.as_json(parsed.tariff)])


def _empty_sheet(rules_key: str, seats: int) -> tuple[DealEntry, engine.Session, tuple[str, ...]]:
    """An empty sheet of the rules at a table of ``seats`` that asks the engine about the rules: its entry form, the
    session and its players. Who they are changes nothing, so the bands and weights are kept by the size of the table
    (a table of five has other players each deal)."""
    game_key, rules, tariff = json.loads(rules_key)
    playing = tuple(f"P{seat}" for seat in range(1, seats + 1))
    empty = engine.load(_empty_document(game_key, rules, tariff, playing))
    return DealEntry(game_key, empty.new_game(), playing), empty, playing


def _empty_document(game_key: str, rules: Any, tariff: Any, playing: Sequence[str]) -> dict[str, Any]:
    document = {"format": engine.FORMAT, "game": game_key, "rules": rules, "players": list(playing), "deals": []}
    if tariff is not None:
        document["tariff"] = tariff
    return document


@functools.lru_cache(maxsize=8)  # each some 4 MB (Doppelkopf's)
def _keyed(
    rules_key: str, axes_by_type: tuple[tuple[str, tuple[Axis, ...]], ...], nobody: tuple[bool, ...], scored: int
) -> tuple[tuple[str, str | None], ...]:
    """The form's first ``scored`` possible posts (``_combinations``) as the form reads them (their facts as JSON,
    null where it refuses one) and their keys, read at a table of stand-ins (``_stand_ins``): the same for every
    table of the same rules. Which players a post chooses changes neither its key, nor whether there are enough of
    them, nor its facts but for their names (``_named`` puts the table's in); only a player named "-" does
    (``nobody``: which ones are), read as such, so his stand-in is named so too."""
    _entry, empty, _players = _empty_sheet(rules_key, len(nobody))
    playing = _stand_ins(nobody)
    entry = DealEntry(empty.game_key, empty.new_game(), playing)
    specs = {t: _specs(axes) for t, axes in axes_by_type}
    combinations = _combinations({t: list(axes) for t, axes in axes_by_type}, playing)
    return tuple(
        (json.dumps(_read(entry, data)), canonical_key(_pairs(data), specs[contract_type]))
        for contract_type, data in itertools.islice(combinations, scored)
    )


def _stand_ins(nobody: Sequence[bool]) -> tuple[str, ...]:
    """The players of a table the form is read at for every table of its size (``_keyed``): no name a player has,
    nor a value a form posts, but "-" where the table's player is named so."""
    return tuple(NOBODY if named else f"\x00{seat}" for seat, named in enumerate(nobody))


def _named(reads: Iterable[str], names: dict[str, str]) -> list[dict[str, Any] | None]:
    """Facts read at the stand-ins' table (as ``_keyed`` keeps them) with the table's players' ``names`` for the
    stand-ins. A stand-in, quoted, is found nowhere else in the JSON, nor a name's."""
    text = f"[{','.join(reads)}]"
    for stand_in, name in names.items():
        text = text.replace(json.dumps(stand_in), json.dumps(name))
    named: list[dict[str, Any] | None] = json.loads(text)
    return named


def _combinations(axes_by_type: dict[str, list[Axis]], playing: Sequence[str]) -> Iterator[tuple[str, Posted]]:
    """The form's possible posts, the usual first: a rare input's values cost their place in its list (the usual one
    nothing, the next one 1, …), and every contract type is enumerated at cost 0, then 1, … (Re + Kontra + one
    Sonderpunkt costs 3, as does "no 60" alone)."""
    rare_by_type = {t: [a for a in axes if not a.free and len(a.values) > 1] for t, axes in axes_by_type.items()}
    most = max((sum(len(a.values) - 1 for a in rare) for rare in rare_by_type.values()), default=0)
    free_by_type = {t: [a for a in axes if a.free or len(a.values) == 1] for t, axes in axes_by_type.items()}
    forms = {t: _Form.of(t, axes) for t, axes in axes_by_type.items()}
    for cost in range(most + 1):
        for contract_type, free in free_by_type.items():
            names, form = [a.name for a in free], forms[contract_type]
            for rare_values in _costing(rare_by_type[contract_type], cost):
                for picked in itertools.product(*(a.values for a in free)):
                    data = form.post({**rare_values, **dict(zip(names, picked, strict=True))}, playing)
                    if data is not None:
                        yield contract_type, data


def _costing(rare: Sequence[Axis], cost: int) -> Iterator[dict[str, str]]:
    """Every choice of values of ``rare`` whose places in their lists add up to ``cost``."""
    if not rare:
        if cost == 0:
            yield {}
        return
    first, rest = rare[0], rare[1:]
    for place, value in enumerate(first.values[: cost + 1]):
        for others in _costing(rest, cost - place):
            yield {first.name: value, **others}


@dataclasses.dataclass(frozen=True)
class _Form:
    """How the form of a contract type posts the values of its axes."""

    contract_type: str
    chooses_players: frozenset[str]  # the axes whose values are players
    tallies: dict[str, dict[str, tuple[tuple[str, int], ...]]]  # a tally's inputs posted for each of its values

    @classmethod
    def of(cls, contract_type: str, axes: Sequence[Axis]) -> _Form:
        players = frozenset(axis.name for axis in axes if axis.players)
        return cls(contract_type, players, {axis.name: dict(axis.parts) for axis in axes if axis.parts})

    def post(self, values: dict[str, str], playing: Sequence[str]) -> Posted | None:
        """The post of the form with ``values``; a player input gets the next player not chosen yet (who is chosen
        does not change the value). None when the table has too few players for the choice."""
        posted = {TYPE_INPUT: [self.contract_type]}
        free_players = list(playing)
        for name, value in values.items():
            parts = self.tallies.get(name)
            if parts is not None:
                for part, count in parts.get(value, ()):
                    posted.setdefault(part, []).append(str(count))
            elif name in self.chooses_players and value not in ("", NOBODY):
                count = int(value) if value.isdigit() else 1
                if count > len(free_players):
                    return None
                posted[name] = free_players[:count]
                del free_players[:count]
            elif value:
                posted[name] = [value]
        return _Post(posted)


class _Post(MultiValueDict[str, str]):
    """A form's post as the table tries it. Not a QueryDict: its every write checks and decodes, 10 % of a table;
    and a read takes the last value at once (each input holds a list of strings, never an empty one), as a
    MultiValueDict's own does through three calls: the form's controls read each input once a form."""

    def get(self, key: str, default: Any = None) -> Any:
        values = dict.get(self, key)
        return values[-1] if values else default


def _pairs(data: Posted) -> list[tuple[str, str]]:
    return [(name, value) for name, values in data.lists() for value in values]


def _values(
    parsed: engine.Session,
    candidates: Sequence[dict[str, Any] | None],
    start: dict[str, Any] | None = None,
    answers: dict[str, list[Any]] | None = None,
) -> list[list[Any] | None]:
    """What each of ``candidates`` (a form's facts, None where it refused the post) would be worth as the next deal:
    one replay of the stored deals (none from ``start``, the replay state after them), then each on its own. Forms
    the engine scores alike (the same label, value and explanation) share their words, worked out once (kept in
    ``answers`` for the next candidates of the same state)."""
    answers = {} if answers is None else answers
    # The players the table chose stand for anyone: an explanation that names one is not said offline.
    naming = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in parsed.players))
    found: list[list[Any] | None] = []
    for facts, result in _replayed(parsed, candidates, start):
        if result is None:
            found.append(None)
            continue
        outcome = result.outcome
        shape = repr((outcome.label, outcome.value, outcome.multiplier, outcome.explanation, outcome.marks))
        answer = answers.get(shape)
        if answer is None:
            label, value, multiplier, explanation, notes = _shown(shape, parsed, facts, result)
            said = "" if naming.search(explanation) else explanation
            answer = answers[shape] = [label, value, multiplier, said, notes]
        found.append(list(answer))  # a list of its own: build() may drop its explanation
    return found


def _read(entry: DealEntry, data: Posted) -> dict[str, Any] | None:
    """The facts of a post as the form reads them; None where it refuses the post."""
    entry.errors = {}
    facts = entry.bind(data)
    return None if entry.errors else facts


def _replayed(
    parsed: engine.Session, candidates: Sequence[dict[str, Any] | None], start: dict[str, Any] | None = None
) -> list[tuple[dict[str, Any], engine.DealResult | None]]:
    """Each of ``candidates`` and the engine's result as the next deal (None where the form or engine refuses)."""
    then = [facts for facts in candidates if facts is not None]
    replayed = parsed.deal_count - (start["played"] if start else 0)  # the stored deals scored before ``then``
    scored = iter(list(parsed.replay(then=then, start=start))[replayed:])
    found: list[tuple[dict[str, Any], engine.DealResult | None]] = []
    for facts in candidates:
        result = None if facts is None else next(scored)
        found.append((facts or {}, result if isinstance(result, engine.DealResult) else None))
    return found


# The words of each way the engine scores a deal (``_values``' shape) in each language, as the sheet shows them:
# the same at every table of the same rules, so worked out once a process. A pure function of its key (nothing in
# it goes stale), forgotten all at once when full.
_SHOWN: dict[tuple[str, str], tuple[str, int, int, str, list[str]]] = {}
SHOWN_KEPT = 10_000


def _shown(
    shape: str, parsed: engine.Session, facts: Any, result: engine.DealResult
) -> tuple[str, int, int, str, list[str]]:
    """The label, value, multiplier, explanation and notes of ``result``, scored as ``shape`` says."""
    key = (shape, get_language())
    shown = _SHOWN.get(key)
    if shown is None:
        if len(_SHOWN) >= SHOWN_KEPT:
            _SHOWN.clear()
        line = row(StoredDeal(result.number, facts, derived.stored_result(result, parsed.players)), parsed.players)
        notes = engine_words.deal_notes(line.marks)
        shown = _SHOWN[key] = (line.label, line.value, line.multiplier, line.explanation, notes)
    return shown
