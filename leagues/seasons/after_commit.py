"""Background work enqueued once the current transaction commits, each piece once: a task enqueued before the change
commits could run and read the data without it, and a transaction that asks for the same work twice (two evenings of
a league closed together) needs it done once.

A piece is waiting while Django holds its on-commit callback. The callback is kept here only by a weak reference, so
once Django lets go of it — run at the commit, or dropped by a rollback of the transaction or of the savepoint it was
asked for in — it is waiting no more, and the same work asked for again is enqueued again.
"""

from __future__ import annotations

import weakref
from collections.abc import Hashable
from typing import Any, Protocol, TypeAlias

from django.db import transaction


class AnyTask(Hashable, Protocol):
    """A django-tasks task (``@task()``)."""

    def enqueue(self, *args: Any) -> Any: ...


Key: TypeAlias = tuple[int, AnyTask, tuple[Hashable, ...]]  # the connection (one a thread), the task, its arguments


class Enqueue:
    """The enqueueing of ``task`` with ``args``, which Django runs when the transaction commits."""

    def __init__(self, key: Key, task: AnyTask, args: tuple[Hashable, ...]) -> None:
        self.key, self.task, self.args = key, task, args

    def __call__(self) -> None:
        if _waiting.get(self.key) is self:
            del _waiting[self.key]
        self.task.enqueue(*self.args)


_waiting: weakref.WeakValueDictionary[Key, Enqueue] = weakref.WeakValueDictionary()


def enqueue_once(task: AnyTask, *args: Hashable) -> None:
    """Enqueue the django-tasks ``task`` with ``args`` once the current transaction commits (at once outside one),
    unless the same is waiting for this transaction's commit already."""
    key = (id(transaction.get_connection()), task, args)
    if key in _waiting:
        return
    enqueue = _waiting[key] = Enqueue(key, task, args)
    transaction.on_commit(enqueue)
