"""Validation errors that name the deal and the field.

A game module raises :class:`DealError` for the first problem it finds in a
deal; the replay collects them into one :class:`InvalidSession` so that a
scorer (or the ``settle`` command) sees every broken deal at once.
"""

from __future__ import annotations

from dataclasses import dataclass

MESSAGE_MAX = 300


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a session document."""

    field: str
    message: str
    deal: int | None = None  # 1-based deal number; None for the session header

    def __str__(self) -> str:
        text = self.message if self.message.startswith(self.field) else f"{self.field}: {self.message}"
        if len(text) > MESSAGE_MAX:  # a message quotes what it got, and that may be a whole document
            text = text[: MESSAGE_MAX - 1] + "…"
        return f"deal {self.deal}: {text}" if self.deal is not None else text


class DealError(ValueError):
    """A single deal (or the session header) is invalid.

    ``field`` is the key of the offending input, e.g. ``points`` or ``rules.kontra_max``.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def problem(self, deal: int | None = None) -> Problem:
        return Problem(self.field, self.message, deal)


class InvalidSession(ValueError):
    """The document cannot be settled; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
