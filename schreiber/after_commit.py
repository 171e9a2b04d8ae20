"""Work done once the current transaction commits, and once only: a task enqueued or a signal sent before the change
commits could be acted on without it, and a transaction that asks for the same work twice (two evenings of a league
closed together; a club restored with hundreds of sessions) needs it done once.

A piece of work is waiting while Django holds it as an on-commit callback. It is kept here only by a weak reference,
so once Django lets go of it — run at the commit, or dropped by a rollback of the transaction or of the savepoint it
was asked for in — it is waiting no more, and the same work asked for again is done again. Nothing reads Django's
private list of callbacks.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable
from typing import Any, Protocol, TypeVar

from django.db import transaction

Work = TypeVar("Work", bound="Waiting")


class Waiting:
    """A piece of work for the commit, known by its ``key``: the same key asks for the same work."""

    key: Hashable
    _asked: tuple[int, Hashable]  # the connection (one a thread) and the key, once asked for

    def run(self) -> None:
        raise NotImplementedError

    def __call__(self) -> None:
        if _waiting.get(self._asked) is self:
            del _waiting[self._asked]
        self.run()


_waiting: weakref.WeakValueDictionary[tuple[int, Hashable], Waiting] = weakref.WeakValueDictionary()


def run_once(work: Work) -> Work:
    """Run ``work`` once the current transaction commits (at once outside one), unless work of the same key waits
    for this transaction's commit already: the work that waits, this one or the earlier (which may take it in)."""
    asked = (id(transaction.get_connection()), work.key)
    found = _waiting.get(asked)
    if found is not None:
        return found  # type: ignore[return-value]  # the same key is the same kind of work
    work._asked = asked
    _waiting[asked] = work
    transaction.on_commit(work)
    return work


class AnyTask(Hashable, Protocol):
    """A django-tasks task (``@task()``)."""

    def enqueue(self, *args: Any) -> Any: ...


class Enqueue(Waiting):
    """The enqueueing of ``task`` with ``args``."""

    def __init__(self, task: AnyTask, args: tuple[Hashable, ...]) -> None:
        self.task, self.args = task, args
        self.key = (task, args)

    def run(self) -> None:
        self.task.enqueue(*self.args)


def enqueue_once(task: AnyTask, *args: Hashable) -> None:
    """Enqueue the django-tasks ``task`` with ``args`` once the current transaction commits, once."""
    run_once(Enqueue(task, args))
