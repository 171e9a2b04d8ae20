"""Background work of a league enqueued once the current transaction commits: a task enqueued before the change is
committed could read the results without it."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction


class LeagueTaskLater:
    """The on-commit enqueueing of one of ``tasks``' league tasks for one league; a transaction holds at most one of
    each (a rolled-back one none)."""

    task_name = ""

    def __init__(self, league_id: int) -> None:
        self.league_id = league_id

    def __call__(self) -> None:
        from . import tasks

        getattr(tasks, self.task_name).enqueue(self.league_id)


class RateLater(LeagueTaskLater):
    task_name = "rate_league"


class UpdateStandingsLater(LeagueTaskLater):
    task_name = "update_standings"


def later(kind: type[LeagueTaskLater], league_ids: Iterable[int]) -> None:
    """Enqueue ``kind``'s task for these leagues once the current transaction commits, each once."""
    waiting = {(type(entry[1]), entry[1].league_id) for entry in connection.run_on_commit
               if isinstance(entry[1], LeagueTaskLater)}  # fmt: skip
    for league_id in league_ids:
        if (kind, league_id) not in waiting:
            transaction.on_commit(kind(league_id))
