"""What is wrong with a document: one :class:`Problem` for each thing, where and what, whichever document it is.

A game module raises :class:`DealError` for the first problem it finds in a deal; the replay collects them into one
:class:`InvalidSession` so that a scorer (or the ``settle`` command) sees every broken deal at once. The session
header and every other JSON document are read in one pass that collects every problem (``reading``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Message, Param

MESSAGE_MAX = 300


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a document: where (``field``: a key such as ``points`` or ``rules.kontra_max``, or a
    path such as ``rounds[0].tables[1].deals[6].points``; "" for the whole document), what (``words``, a coded
    message the interface translates), and in a session the deal (1-based; None for the header)."""

    field: str
    words: Message
    deal: int | None = None

    @property
    def message(self) -> str:
        """The words in English."""
        return str(self.words)

    def __str__(self) -> str:
        """The words with the field in front unless they start with it, cut to MESSAGE_MAX, after the deal."""
        text = self.message
        text = text if text.startswith(self.field) else f"{self.field}: {text}"
        if len(text) > MESSAGE_MAX:  # a message quotes what it got, and that may be a whole document
            text = text[: MESSAGE_MAX - 1] + "…"
        return f"deal {self.deal}: {text}" if self.deal is not None else text


class Bad(ValueError):
    """A value that cannot be read; ``words`` says why."""

    def __init__(self, words: Message) -> None:
        super().__init__(str(words))
        self.words = words


class DealError(Bad):
    """A single deal (or a field of the session header) is invalid.

    ``field`` is the key of the offending input, e.g. ``points`` or ``rules.kontra_max``; ``code`` and
    ``params`` name the message in :data:`messages.TEMPLATES`.
    """

    def __init__(self, field: str, code: str, /, **params: Param) -> None:
        super().__init__(Message(code, params))
        self.field = field
        self.message = str(self)

    def problem(self, deal: int | None = None) -> Problem:
        return Problem(self.field, self.words, deal)


class Invalid(ValueError):
    """The document cannot be read; ``problems`` lists every reason found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


class InvalidSession(Invalid):
    """The session document cannot be settled."""
