"""A round's clock, from what the round stores: when the director started it, when he paused it, how long it stood
paused before, and the minutes he added. Any server reads the same time left from the database; nothing is kept in a
process.

Each table gets its time by its size (TSR 8.5.1, 10.1.5: 100 minutes at a table of four, 125 at five, each a
tournament's setting), all counted from the one start, pauses and extensions of the round.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

MINUTES = {4: 100, 5: 125}  # TSR 8.5.1, 10.1.5
MOST_MINUTES = 600
EXTENSIONS = (5, 10)  # the director's buttons; any whole number of minutes is accepted


@dataclass(frozen=True)
class Clock:
    started_at: datetime.datetime | None
    paused_at: datetime.datetime | None
    paused_seconds: int
    extra_minutes: int

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def running(self) -> bool:
        return self.started_at is not None and self.paused_at is None

    def state(self, called: bool = False) -> str:
        """``waiting`` (not started), ``running``, ``paused`` or ``called`` (time called at the table)."""
        if called:
            return "called"
        return "waiting" if self.started_at is None else "paused" if self.paused_at else "running"

    def elapsed(self, now: datetime.datetime) -> int:
        """The seconds the clock has run: from the start to now (or to the pause), less the pauses before."""
        if self.started_at is None:
            return 0
        until = self.paused_at or now
        return max(0, int((until - self.started_at).total_seconds()) - self.paused_seconds)

    def remaining(self, minutes: int, now: datetime.datetime) -> int:
        """The seconds left of ``minutes`` and the extensions; never below 0 (time is up)."""
        return max(0, (minutes + self.extra_minutes) * 60 - self.elapsed(now))


def minutes_by_size(setting: Mapping[str, int] | None) -> dict[int, int]:
    """A tournament's minutes per table size (its setting, keyed by the size as text), the TSR's where unset."""
    return MINUTES | {int(size): minutes for size, minutes in (setting or {}).items()}
