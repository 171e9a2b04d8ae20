"""Validation errors that name the deal and the field.

A game module raises :class:`DealError` for the first problem it finds in a
deal; the replay collects them into one :class:`InvalidSession` so that a
scorer (or the ``settle`` command) sees every broken deal at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Message, Param

MESSAGE_MAX = 300


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a session document."""

    field: str
    message: str  # in English
    deal: int | None = None  # 1-based deal number; None for the session header
    words: Message | None = None  # the message as a code, for the interface to translate; None outside the engine

    def __str__(self) -> str:
        text = naming_field(self.field, self.message)
        return f"deal {self.deal}: {text}" if self.deal is not None else text


def naming_field(field: str, text: str) -> str:
    """``text`` with the field in front unless it starts with it, cut to MESSAGE_MAX."""
    text = text if text.startswith(field) else f"{field}: {text}"
    if len(text) > MESSAGE_MAX:  # a message quotes what it got, and that may be a whole document
        text = text[: MESSAGE_MAX - 1] + "…"
    return text


class DealError(ValueError):
    """A single deal (or the session header) is invalid.

    ``field`` is the key of the offending input, e.g. ``points`` or ``rules.kontra_max``; ``code`` and
    ``params`` name the message in :data:`messages.TEMPLATES`.
    """

    def __init__(self, field: str, code: str, /, **params: Param) -> None:
        self.field = field
        self.words = Message(code, params)
        self.message = str(self.words)
        super().__init__(self.message)

    def problem(self, deal: int | None = None) -> Problem:
        return Problem(self.field, self.message, deal, self.words)


class InvalidSession(ValueError):
    """The document cannot be settled; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
