"""A clock a session's phones show, declared by the apps that seat their own sessions here (a tournament round's
clock): the scorekeeper knows no app built on it, so such an app adds its source when it is ready, as it adds its
closing rules (``services.closing``).

The phones count down from the seconds left when the page or a poll was answered (``static/js/clock.js``): counted
on the phone's own clock from that moment, a phone set a few minutes wrong still shows the hall's time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..models import Session

STATES = ("waiting", "running", "paused", "called")  # not started yet, counting, held by the director, time called


@dataclass(frozen=True)
class TableClock:
    remaining: int  # seconds left, 0 when the time is up
    state: str  # one of STATES

    @property
    def header(self) -> str:
        """The clock in a poll's answer (``X-Clock``): the seconds left and the state, e.g. ``3600 running``."""
        return f"{self.remaining} {self.state}"


@dataclass(frozen=True)
class ClockSource:
    """Where a session's clock comes from: ``read`` for a page (it reads the session's pk only), and for the one raw
    query of an unchanged poll (``polling``) the SQL it adds — ``joins`` (LEFT JOINs onto the session ``s``) and
    ``columns`` (a select list), constant text — with ``from_columns``, the clock of those columns' values (None:
    no clock now). ``name`` is how a poll token names the source."""

    name: str
    read: Callable[[Session], TableClock | None]
    joins: str
    columns: str
    from_columns: Callable[[Sequence[Any]], TableClock | None]


_SOURCES: dict[str, ClockSource] = {}


def add_clock_source(source: ClockSource) -> None:
    """Ask ``source`` for the clock of every session's sheet (once, however often it is added)."""
    _SOURCES.setdefault(source.name, source)


def clock_of(session: Session) -> tuple[ClockSource, TableClock] | None:
    """The first clock a source gives for ``session``, with its source, if any."""
    return next(((source, clock) for source in _SOURCES.values() if (clock := source.read(session)) is not None), None)


def source_named(name: str) -> ClockSource | None:
    return _SOURCES.get(name)
