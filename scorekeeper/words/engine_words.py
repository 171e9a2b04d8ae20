"""The engine's problems, explanation lines and deal marks in the scorer's language.

The engine names every sentence by a code of the one message registry (``engine.messages.REGISTRY``), each with
an author template (the English of ``settle``, the documents and the CLI) and a player template (the table's words).
A page shows the player template: ``makemessages`` collects the templates (they are marked with ``gettext_noop``),
so translating a message is looking its player template up in the catalogue, a whole sentence at a time. Game terms
(Sauspiel, Schneider, Kontra …) are parameters or items of their own and read the same in both languages.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from .. import engine
from ..engine.messages import Message


def translated(words: Message) -> str:
    """The player's sentence in the page's language."""
    return words.render(gettext, player=True)


# A deal's label (``Outcome.label``, which the settle output keeps as it is) where it is an ordinary word rather
# than a game term.
LABEL_WORDS: dict[str, Promise] = {
    "Zusammengeworfen": gettext_lazy("Thrown in"),
    "Normalspiel": gettext_lazy("Normal game"),
    "Spiel": gettext_lazy("Game"),
    "Spiel Schneider": gettext_lazy("Game, Schneider"),
    "Spiel Schwarz": gettext_lazy("Game, Schwarz"),
    "Kleines Solo": gettext_lazy("Small solo"),
    "Großes Solo": gettext_lazy("Big solo"),
    "Strafe (leicht)": gettext_lazy("Penalty (minor)"),
    "Strafe (schwer)": gettext_lazy("Penalty (serious)"),
    "Pick": gettext_lazy("Pick"),  # Sheepshead: the picker took the blind (German: Aufnehmen)
    "Alone": gettext_lazy("Alone"),
}


# A deal's marks as chips on the sheet and the printed sheet: mark → (chip text, explanation); marks with a count
# ("runners:3") show the count in the chip. The quiet marks get no chip.
MARKS = {
    "schneider": ("S", gettext_lazy("Schneider")),
    "schwarz": ("Sw", gettext_lazy("Schwarz")),
    "runners": ("L{n}", gettext_lazy("{n} Laufende (runners)")),
    "kontra": ("K{n}", gettext_lazy("Kontra steps: {n}")),
    "knocks": ("Kl{n}", gettext_lazy("Knocks: {n}")),
    "cracks": ("C{n}", gettext_lazy("Cracks: {n}")),
    "blitz": ("B{n}", gettext_lazy("Blitzes: {n}")),
    "bock": ("Bock", gettext_lazy("Bock deal: doubled")),
    "doubled": ("×2", gettext_lazy("Doubled (Kontra, knocks, Bock or a doubler hand)")),
    "forced": ("P", gettext_lazy("Pflichtsolo (forced solo)")),
    "vorgefuehrt": ("V", gettext_lazy("Vorgeführt: forced solo imposed")),
    "tout": ("Tout", gettext_lazy("Tout: every trick announced")),
    "lost": ("✗", gettext_lazy("lost")),
    "won": ("✓", gettext_lazy("won")),
    "jungfrau": ("J", gettext_lazy("Jungfrau: a player without a trick")),
    "durchmarsch": ("D", gettext_lazy("Durchmarsch")),
    "alone": ("A", gettext_lazy("played alone")),
    "partie": ("P!", gettext_lazy("Partie won")),
}
QUIET_MARKS = {"solo", "passed", "penalty", "ramsch", "normal"}

# What a deal's marks say beside its value on the entry form: a rule that changed what the scorer might expect.
MARK_NOTES: dict[str, tuple[Promise, Promise]] = {  # mark: (when the deal was lost, otherwise)
    "no_bock": (gettext_lazy("Lost forced solo: no Bock round"), gettext_lazy("Forced solo: no Bock round")),
}


def deal_notes(marks: Iterable[str]) -> list[str]:
    """The notes of a deal's ``marks`` (a lost forced solo starts no Bock …), in the page's language."""
    marks = tuple(marks)
    return [str(notes[0] if "lost" in marks else notes[1]) for mark, notes in MARK_NOTES.items() if mark in marks]


def deal_label(label: str) -> str:
    """ "Sauspiel (Eichel)", or "Small solo" for the engine's "Kleines Solo": a deal's label in the page's language."""
    return str(LABEL_WORDS.get(label, label))


def problem_text(problem: engine.Problem) -> str:
    """The problem as a form shows it next to its field: the player's sentence, which names no key."""
    return translated(problem.words)


def problem_line(problem: engine.Problem) -> str:
    """The problem with its deal: "deal 7: Enter a number from 0 to 120 (not 130)."."""
    text = problem_text(problem)
    return (
        text if problem.deal is None else _("deal %(number)s: %(problem)s") % {"number": problem.deal, "problem": text}
    )


def problem_lines(problems: Iterable[engine.Problem], *, on_form: int | None = None) -> list[str]:
    """The problems as lines; those of deal ``on_form`` (the one the scorer is entering) without "deal n:"."""
    return [problem_text(p) if on_form is not None and p.deal == on_form else problem_line(p) for p in problems]


def explanation_text(explanation: Sequence[Sequence[Any]]) -> str:
    """ "Sauspiel 20 + Schneider 10 + Kontra ×2": a stored explanation as the sheet writes it, in the page's
    language (see ``derived.stored_result``)."""
    return " + ".join(str(engine.Item(_item_words(line), line[1], line[2])) for line in explanation)


def _item_words(line: Sequence[Any]) -> str:
    """A line's words translated; its English label when it is a game term, or was stored before the codes."""
    label = str(line[0])
    stored = line[3] if len(line) > 3 else None
    if not stored:
        return label
    try:
        return translated(Message.from_json(stored))
    except (KeyError, TypeError, ValueError):  # a code this version no longer knows, or its parameters changed
        return label
