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

from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from .. import engine
from ..engine.messages import Message
from . import deal_words


def translated(words: Message) -> str:
    """The player's sentence in the page's language."""
    return words.render(gettext, player=True)


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


def deal_notes(marks: Iterable[str]) -> list[str]:
    """The notes of a deal's ``marks`` (a lost forced solo starts no Bock …), in the page's language."""
    return deal_words.deal_notes(marks, gettext)


def deal_label(label: str) -> str:
    """ "Sauspiel (Eichel)", or "Small solo" for the engine's "Kleines Solo": a deal's label in the page's language."""
    return deal_words.deal_label(label, gettext)


def problem_text(problem: engine.Problem) -> str:
    """The problem as a form shows it next to its field: the player's sentence, which names no key."""
    return deal_words.problem_text(problem, gettext)


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
    return deal_words.explanation_text(explanation, gettext)
