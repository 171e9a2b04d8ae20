"""What a process keeps: the one way any page, poll, export or file is put in Django's cache.

A kept answer is a derived copy, so its key names everything the answer depends on: a ``kind`` (what is kept) and
one ``shown`` value — the object's id and revision and everything about what is shown and to whom (a sheet's look,
a standing's columns and visibility, the audience: member, public link, export). ``shown`` holds plain values only
(str, int, bool, None, tuples and frozen dataclasses of them): its ``repr`` is the key, digested, so a new dimension
is one field more in that value and never a second key to keep in step. ``fresh()`` switches keeping off, which the
property tests use to hold every kept answer against the same answer drawn afresh.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from django.core.cache import cache

Made = TypeVar("Made")
Item = TypeVar("Item", bound=Hashable)

HOUR = 3600
_MISSING = object()
_fresh: ContextVar[bool] = ContextVar("schreiber_kept_fresh", default=False)


def key(kind: str, shown: object) -> str:
    """The cache key of ``kind`` for ``shown``: readable by its kind, unique by a digest of all it depends on."""
    digest = hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()
    return f"{kind}:{digest}"


def kept(kind: str, shown: object, make: Callable[[], Made], seconds: int = HOUR) -> Made:
    """``make()``, made once for each ``shown`` and kept ``seconds``: a later call with an equal ``shown`` gets the
    kept answer (in this process, or any other sharing the cache)."""
    if _fresh.get():
        return make()
    name = key(kind, shown)
    found = cache.get(name, _MISSING)
    if found is _MISSING:
        found = make()
        cache.set(name, found, seconds)
    return found


def kept_many(
    kind: str,
    shown: Mapping[Item, object],
    make: Callable[[list[Item]], Mapping[Item, Made]],
    seconds: int = HOUR,
) -> dict[Item, Made]:
    """For each item of ``shown`` (item → what its answer depends on) the kept answer; those not kept yet made by
    one call of ``make`` with their items, and kept."""
    if _fresh.get():
        return dict(make(list(shown)))
    names = {item: key(kind, value) for item, value in shown.items()}
    found = cache.get_many(list(names.values()))
    answers = {item: found[name] for item, name in names.items() if name in found}
    missing = [item for item in shown if item not in answers]
    if missing:
        made = make(missing)
        cache.set_many({names[item]: made[item] for item in missing}, seconds)
        answers.update(made)
    return answers


@contextmanager
def fresh() -> Iterator[None]:
    """Within it nothing is read from or put in the cache: every answer is drawn afresh."""
    token = _fresh.set(True)
    try:
        yield
    finally:
        _fresh.reset(token)
