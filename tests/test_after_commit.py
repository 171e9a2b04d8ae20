"""Background work asked for in a transaction is enqueued once, when it commits; work whose asking was rolled back is
asked for anew."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from schreiber.after_commit import enqueue_once


class Task:
    """Stands for a django-tasks task: what was enqueued."""

    def __init__(self) -> None:
        self.enqueued: list[tuple[Any, ...]] = []

    def enqueue(self, *args: Any) -> None:
        self.enqueued.append(args)


@pytest.mark.django_db
def test_the_same_work_is_enqueued_once_a_transaction(django_capture_on_commit_callbacks: Any) -> None:
    task = Task()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_once(task, 1)
        enqueue_once(task, 1)
        enqueue_once(task, 2)
        assert task.enqueued == []  # not before the commit
    assert task.enqueued == [(1,), (2,)]
    with django_capture_on_commit_callbacks(execute=True):  # the next transaction asks again
        enqueue_once(task, 1)
    assert task.enqueued == [(1,), (2,), (1,)]


@pytest.mark.django_db
def test_work_asked_for_in_a_savepoint_rolled_back_is_asked_for_anew(django_capture_on_commit_callbacks: Any) -> None:
    task = Task()
    with django_capture_on_commit_callbacks(execute=True):
        try:
            with transaction.atomic():
                enqueue_once(task, 1)
                raise RuntimeError
        except RuntimeError:
            pass
        enqueue_once(task, 1)
    assert task.enqueued == [(1,)]
