"""A clock a session's phones show, declared by the apps that seat their own sessions here (a tournament round's
clock): the scorekeeper knows no app built on it, so such an app adds its source when it is ready, as it adds its
closing rules (``services.closing``).

The phones count down from the seconds left when the page or a poll was answered (``static/js/clock.js``): counted
on the phone's own clock from that moment, a phone set a few minutes wrong still shows the hall's time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .models import Session

STATES = ("waiting", "running", "paused", "called")  # not started yet, counting, held by the director, time called


@dataclass(frozen=True)
class TableClock:
    remaining: int  # seconds left, 0 when the time is up
    state: str  # one of STATES

    @property
    def header(self) -> str:
        """The clock in a poll's answer (``X-Clock``): the seconds left and the state, e.g. ``3600 running``."""
        return f"{self.remaining} {self.state}"


ClockSource = Callable[[Session], TableClock | None]  # reads the session's pk only: a poll's short way has no more

_SOURCES: list[ClockSource] = []


def add_clock_source(source: ClockSource) -> None:
    """Ask ``source`` for the clock of every session's sheet (once, however often it is added)."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def clock_of(session: Session) -> TableClock | None:
    """The first clock a source gives for ``session``, if any."""
    return next((clock for source in _SOURCES if (clock := source(session)) is not None), None)
