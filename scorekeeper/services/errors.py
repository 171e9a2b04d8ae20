"""What a service refuses, in terms a form can show next to the field that caused it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from .. import engine, engine_words
from ..json_documents import nul_at

if TYPE_CHECKING:
    from ..models import Deal


class ServiceError(ValueError):
    """Input a user can fix: ``errors`` maps a field name (or ``None`` for the whole form) to messages."""

    def __init__(self, errors: Mapping[str | None, Sequence[str]]) -> None:
        super().__init__("; ".join(m for messages in errors.values() for m in messages))
        self.errors = {field: list(messages) for field, messages in errors.items()}

    @classmethod
    def on(cls, field: str | None, message: str) -> ServiceError:
        return cls({field: [message]})


def refuse_nul(document: Any) -> None:
    """ServiceError naming where an imported ``document`` holds a NUL character: no database keeps one in a text."""
    at = nul_at(document)
    if at is not None:
        raise ServiceError.on(None, _("%(path)s: a text cannot hold a NUL character.") % {"path": at})


class DealRejected(ServiceError):
    """The engine refused a deal; errors are keyed by the deal's field names."""

    def __init__(self, problems: Sequence[engine.Problem], deal_number: int | None) -> None:
        errors: dict[str | None, list[str]] = {}
        for problem in problems:
            if problem.deal is None or problem.deal == deal_number:
                errors.setdefault(problem.field.split(".")[0], []).append(engine_words.problem_text(problem))
            else:
                errors.setdefault(None, []).append(
                    _("This change would make another deal impossible: %(problem)s")
                    % {"problem": engine_words.problem_line(problem)}
                )
        super().__init__(errors)
        self.problems = list(problems)


class Conflict(ServiceError):
    """Someone changed what the scorer was looking at; nothing was written.

    ``kind`` says what happened: ``taken`` (another phone entered the deal number this form was opened for),
    ``changed`` (the deal was corrected since), ``deleted`` (it was deleted since), ``dealer`` (who deals next
    changed). ``deal`` is the deal as it is now.
    """

    def __init__(self, kind: str, deal: Deal | None, message: str) -> None:
        super().__init__({None: [message]})
        self.kind = kind
        self.deal = deal
