"""What other apps may want to follow without the scorekeeper knowing them (apps depend one way: leagues → here)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.dispatch import Signal

from schreiber.after_commit import Waiting, run_once

# Sent when a club's stored per-player results changed: ``club_id``; ``game`` (None: any game, as when a member is
# linked to a login or let go of one, which changes who a player is); ``since``, the first day whose results
# changed (None: any day). Sent once the change is committed (``announce_results_changed``), never inside it: a
# receiver reads what was committed and cannot undo the change.
results_changed = Signal()


class ResultsChanged(Waiting):
    """The on-commit sending of ``results_changed`` for one club and game: a transaction holds at most one each,
    however many results it changes (a club restored from a backup writes hundreds of sessions)."""

    def __init__(self, club_id: int, game: str | None, since: datetime.date | None) -> None:
        self.club_id, self.game, self.since = club_id, game, since
        self.key = ("results_changed", club_id, game)

    def widen(self, since: datetime.date | None) -> None:
        """Take in another change of the same results: from the earlier first day (None: any day)."""
        self.since = None if since is None or self.since is None else min(since, self.since)

    def run(self) -> None:
        results_changed.send(ResultsChanged, club_id=self.club_id, game=self.game, since=self.since)


@dataclass(frozen=True)
class ResultsChange:
    """A change of a club's stored per-player results, as a follower sees it inside the write's transaction."""

    club_id: int
    game: str | None  # None: any game (who a player is changed)
    since: datetime.date | None  # the first day whose results changed; None: any day
    session_id: int | None = None  # the one session whose results were written or removed; None: more than that
    removed: bool = False  # the session's results were removed (abandoned), not written
    kept: bool = False  # the session's results stand as they were, only shown otherwise (reopened: being corrected)


# What an app writes in the same transaction as a change of results (a league's revision, which keys its cached
# standings): a follower must agree with the change or fail with it, so it is not an on-commit signal.
ResultsFollower = Callable[[ResultsChange], None]
_FOLLOWERS: list[ResultsFollower] = []


def add_results_follower(follower: ResultsFollower) -> None:
    """Call ``follower`` in the transaction of every change of results (once, however often it is added)."""
    if follower not in _FOLLOWERS:
        _FOLLOWERS.append(follower)


def announce_results_changed(
    club_id: int,
    game: str | None,
    since: datetime.date | None,
    *,
    session_id: int | None = None,
    removed: bool = False,
    kept: bool = False,
) -> None:
    """Tell the followers now, in the change's transaction, and send ``results_changed`` once it commits (at once
    outside one); a rolled-back change sends nothing."""
    change = ResultsChange(club_id, game, since, session_id, removed, kept)
    for follower in _FOLLOWERS:
        follower(change)
    if kept:  # no result changed: nothing to send
        return
    run_once(ResultsChanged(club_id, game, since)).widen(since)
