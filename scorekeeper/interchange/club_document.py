"""A whole club as one versioned JSON document (``schreiber-club/1``), and the parts other apps add to it.

It holds everything the club keeps: the club and its settings, the logins of its members (names only, never a
password), members and roles, house rules, and every session with its seats, frozen rules and money terms, status,
pot chain, deals (deleted ones too, with who deleted them) and derived results, and the whole history. Objects
refer to each other by the ids they had in the exporting database; ``backup.import_club`` maps them.

What other apps keep of a club (the leagues it founded, its tournaments) travels as a :class:`Part` each app
registers, under a key of its own: the scorekeeper knows no other app. What cannot travel (a league founded by
another club, a secret link) is named under ``not_carried``, never dropped unsaid. See docs/backups.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User

from ..engine.reading import Shape
from ..models import Club, Member, Session

FORMAT = "schreiber-club/1"


def not_carried(kind: str, name: str, why: str) -> dict[str, str]:
    """An entry of the document's ``not_carried`` list: what the backup does not hold, and why."""
    return {"kind": kind, "name": name, "why": why}


@dataclass(frozen=True)
class Part:
    """What another app keeps of a club, carried under ``key``: ``export(club, not_carried)`` gives it (JSON-ready)
    and adds what it cannot carry to the list; ``restore(value, restoring)`` writes it back with
    ``backup.create`` (which checks every value first), mapping ids through ``restoring``'s members, sessions and
    logins, and tallies what it wrote by kind. ``shape`` is what it must look like (``engine.reading.Shape``): the
    restore checks it with the club's own, every problem at once, before anything is written."""

    key: str
    export: Callable[[Club, list[dict[str, str]]], Any]
    restore: Callable[[Any, Restoring], None]
    shape: Shape = None


@dataclass
class Restoring:
    """A restore under way: the id maps from the document's ids to the rows written, and the tally by kind."""

    club: Club
    users: dict[str, User]
    members: dict[int, Member] = field(default_factory=dict)
    sessions: dict[int, Session] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    not_restored: list[str] = field(default_factory=list)


PARTS: dict[str, Part] = {}


def register_part(part: Part) -> None:
    """Carry ``part`` in every club document from now on (an app's ``ready``); registering again replaces it."""
    PARTS[part.key] = part
