"""A deal's words as the table reads them, for any ``translate``: a page passes Django's gettext
(``engine_words``), the phone a catalogue from the server (``scorekeeper.phone``). No Django here: the phone runs
this module as it is, so a deal reads the same on a page and offline.

The words are the English msgids of the interface's catalogue; ``gettext_noop`` marks them for ``makemessages``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..engine.deal import Item
from ..engine.errors import Problem
from ..engine.messages import Message, gettext_noop

Translate = Callable[[str], str]

# A deal's label (``Outcome.label``, which the settle output keeps as it is) where it is an ordinary word rather
# than a game term.
LABEL_WORDS: dict[str, str] = {
    "Zusammengeworfen": gettext_noop("Thrown in"),
    "Normalspiel": gettext_noop("Normal game"),
    "Spiel": gettext_noop("Game"),
    "Spiel Schneider": gettext_noop("Game, Schneider"),
    "Spiel Schwarz": gettext_noop("Game, Schwarz"),
    "Kleines Solo": gettext_noop("Small solo"),
    "Großes Solo": gettext_noop("Big solo"),
    "Strafe (leicht)": gettext_noop("Penalty (minor)"),
    "Strafe (schwer)": gettext_noop("Penalty (serious)"),
    "Pick": gettext_noop("Pick"),  # Sheepshead: the picker took the blind (German: Aufnehmen)
    "Alone": gettext_noop("Alone"),
}

# What a deal's marks say beside its value on the entry form: a rule that changed what the scorer might expect.
MARK_NOTES: dict[str, tuple[str, str]] = {  # mark: (when the deal was lost, otherwise)
    "no_bock": (gettext_noop("Lost forced solo: no Bock round"), gettext_noop("Forced solo: no Bock round")),
}


def deal_label(label: str, translate: Translate) -> str:
    """ "Sauspiel (Eichel)", or "Small solo" for the engine's "Kleines Solo"."""
    words = LABEL_WORDS.get(label)
    return label if words is None else translate(words)


def deal_notes(marks: Iterable[str], translate: Translate) -> list[str]:
    """The notes of a deal's ``marks`` (a lost forced solo starts no Bock …)."""
    marks = tuple(marks)
    return [translate(notes[0] if "lost" in marks else notes[1]) for mark, notes in MARK_NOTES.items() if mark in marks]


def problem_text(problem: Problem, translate: Translate) -> str:
    """The problem as a form shows it next to its field: the player's sentence, which names no key."""
    return problem.words.render(translate, player=True)


def explanation_text(explanation: Sequence[Sequence[Any]], translate: Translate) -> str:
    """ "Sauspiel 20 + Schneider 10 + Kontra ×2": a stored explanation (``derived.stored_result``) as the sheet
    writes it."""
    return " + ".join(str(Item(_item_words(line, translate), line[1], line[2])) for line in explanation)


def _item_words(line: Sequence[Any], translate: Translate) -> str:
    """A line's words translated; its English label when it is a game term, or was stored before the codes."""
    label = str(line[0])
    stored = line[3] if len(line) > 3 else None
    if not stored:
        return label
    try:
        return Message.from_json(stored).render(translate, player=True)
    except (KeyError, TypeError, ValueError):  # a code this version no longer knows, or its parameters changed
        return label


def msgids() -> list[str]:
    """Every word of this module a translation catalogue must hold (the phone's is made of them)."""
    return [*LABEL_WORDS.values(), *(words for notes in MARK_NOTES.values() for words in notes)]
