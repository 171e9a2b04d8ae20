"""What a service refuses, in terms a form can show next to the field that caused it.

A refusal keeps its code up to the view: an engine problem keeps the registry's message (code and parameters), which
the view renders as the player's sentence in the request's language, and every refusal has a code a view or the
offline outbox can react to (``conflict_changed`` for a stale revision, ``conflict_taken`` for a deal number another
phone took, ``same_as_last`` for the deal just saved sent again).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import engine
from ..engine.messages import Message
from ..words import engine_words
from .refusals import refusal

if TYPE_CHECKING:
    from ..models import Deal

UNCODED = "refused"
"""The code of a sentence that names no registry code (another app's reason, a password validator's)."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One thing refused: the field it points at (None for the whole form), its code, and its words: a registry
    message, rendered when shown, or a sentence of another's (a password validator's), in the reader's language."""

    field: str | None
    code: str
    words: Message | str

    def __str__(self) -> str:
        return engine_words.translated(self.words) if isinstance(self.words, Message) else self.words

    @property
    def for_author(self) -> str:
        """The fault as a command's output names it: the field, and the author's English for a registry message."""
        text = str(self.words)
        return f"{self.field}: {text}" if self.field else text


def fault(field: str | None, words: Message | str) -> Fault:
    return Fault(field, words.code if isinstance(words, Message) else UNCODED, words)


def located(path: str, words: Message | str) -> Fault:
    """What is wrong at ``path`` of a document (``settings.seed``; "" for the whole document), with the problem's own
    code: a registry message (the reader's, the engine's, a service's), or a sentence in the reader's language."""
    return Fault(None, fault(None, words).code, refusal("at_path", path=path, problem=words) if path else words)


class ServiceError(ValueError):
    """Input a user can fix: ``faults`` lists each coded problem with its field; ``errors`` maps a field name (or
    ``None`` for the whole form) to its sentences in the current language."""

    def __init__(self, errors: Mapping[str | None, Sequence[str | Message]] | Sequence[Fault]) -> None:
        if isinstance(errors, Mapping):
            errors = [fault(field, words) for field, messages in errors.items() for words in messages]
        self.faults = list(errors)
        super().__init__("; ".join(map(str, self.faults)))

    @classmethod
    def on(cls, field: str | None, message: str | Message) -> ServiceError:
        return cls([fault(field, message)])

    @property
    def errors(self) -> dict[str | None, list[str]]:
        rendered: dict[str | None, list[str]] = {}
        for each in self.faults:
            rendered.setdefault(each.field, []).append(str(each))
        return rendered

    @property
    def codes(self) -> list[str]:
        return list(dict.fromkeys(each.code for each in self.faults))


def refuse_nul(document: Any) -> None:
    """ServiceError naming where an imported ``document`` holds a NUL character: no database keeps one in a text."""
    at = nul_at(document)
    if at is not None:
        raise ServiceError.on(None, refusal("nul", path=at))


def problem_words(problem: engine.Problem) -> Message:
    """An engine problem with its deal: "deal 7: Enter a number from 0 to 120 (not 130)."."""
    words = problem.words
    return words if problem.deal is None else refusal("deal_problem", number=problem.deal, problem=words)


class DealRejected(ServiceError):
    """The engine refused a deal; faults are keyed by the deal's field names and keep the engine's codes."""

    def __init__(self, problems: Sequence[engine.Problem], deal_number: int | None) -> None:
        faults = []
        for problem in problems:
            if problem.deal is None or problem.deal == deal_number:
                faults.append(fault(problem.field.split(".")[0], problem.words))
            else:
                other = refusal("other_deal_impossible", problem=problem_words(problem))
                faults.append(Fault(None, problem.words.code, other))
        super().__init__(faults)
        self.problems = list(problems)


class Conflict(ServiceError):
    """Someone changed what the scorer was looking at; nothing was written.

    ``kind`` says what happened: ``taken`` (another phone entered the deal number this form was opened for),
    ``changed`` (the deal was corrected since), ``deleted`` (it was deleted since), ``dealer`` (who deals next
    changed); the code is ``conflict_`` and the kind. ``deal`` is the deal as it is now.
    """

    def __init__(self, kind: str, deal: Deal | None, message: str | Message) -> None:
        super().__init__([Fault(None, f"conflict_{kind}", message)])
        self.kind = kind
        self.deal = deal


def nul_at(value: Any, path: str = "") -> str | None:
    """The path of a text (a value or a key) in ``value`` that holds a NUL character, or None."""
    stack = [(value, path)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return at or "."
        elif isinstance(item, dict):
            for key, child in item.items():
                shown = str(key).replace("\x00", "\\u0000")
                key_path = f"{at}.{shown}" if at else shown
                if shown != key:
                    return key_path
                stack.append((child, key_path))
        elif isinstance(item, list):
            stack.extend((child, f"{at}[{index}]") for index, child in enumerate(item))
    return None
