"""What a game pack is made of: its entry controls, score pad columns and rule phrases, and the pack itself.

The generic modules that use a pack (``entry``, ``printing``, ``rules_in_words``) import these types from here, and
a pack imports nothing of its users: the packs sit below the modules that ask for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ..engine.game import Game
from ..phone import posted

if TYPE_CHECKING:
    from .counting import DealCounting
    from .tournament import OptionWords

# the entry form's controls ----------------------------------------------------------------------------------


@dataclass
class Control:
    """One field of the form. Its ``reading`` says how a post is read into its fact (``phone/posted.py``, which the
    server's entry and the phone's offline deals read with alike)."""

    name: str
    label: str | Promise
    kind: str = ""
    folded: bool = False
    help: str | Promise = ""
    required: bool = False  # a value (or "nobody", where offered) must be chosen: no silent default

    def reading(self) -> dict[str, Any]:
        """How the post is read into the fact (``posted.read``), with the sentence for each way it cannot be, in
        the page's language: plain JSON, which the phone gets with the form."""
        return {"name": self.name, "kind": self.kind, "says": {posted.WHOLE_NUMBER: str(_("Enter a whole number."))}}

    def shown(self, facts: Mapping[str, Any]) -> Any:
        """The value to show for ``facts`` (a stored deal, or what was just submitted)."""
        return facts.get(self.name, "")


@dataclass
class PlayerChoice(Control):
    kind: str = "player"
    none_label: str | Promise = ""  # offer "nobody" (e.g. Sheepshead: the picker plays alone), recorded as null
    clearable: bool = False  # a "—" chip takes a mistaken tap back: nothing is recorded, as if never tapped

    def reading(self) -> dict[str, Any]:
        reading = super().reading()
        reading.update(nobody=bool(self.none_label), required=self.required)
        reading["says"][posted.CHOOSE] = str(_("Choose %(who)s.") % {"who": self.choice_words})
        return reading

    @property
    def choice_words(self) -> str:
        words = _("a player or “%(none)s”") % {"none": self.none_label} if self.none_label else _("a player")
        return str(words)

    def shown(self, facts: Mapping[str, Any]) -> Any:
        if self.none_label and self.name in facts and facts[self.name] is None:
            return posted.NOBODY
        return facts.get(self.name, "")


@dataclass
class PlayerSet(Control):
    kind: str = "players"
    most: int = 0

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return list(facts.get(self.name) or ())


@dataclass
class Points(Control):
    kind: str = "points"
    most: int = 120
    quick: tuple[int, ...] = ()


@dataclass(frozen=True)
class CountChoice:
    value: int
    label: str | Promise
    types: str  # the contract types it is offered in, space-separated; "" when in all of the control's types


@dataclass
class Count(Control):
    """A small number chosen with one tap on a chip (runners, Kontra steps, knocks); 0 is left out of the facts."""

    kind: str = "count"
    most: int = 8
    words: tuple[str, ...] = ()  # names of the steps, e.g. Kontra, Re, Sup

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return facts.get(self.name, 0)

    def choices(self, game: Game, types: Sequence[str]) -> list[CountChoice]:
        """One chip per value any of ``types`` allows (the game may allow fewer, e.g. Laufende from 3)."""
        allowed = {t: game.count_choices(t, self.name) or range(self.most + 1) for t in types}
        values = sorted({v for values in allowed.values() for v in values})
        return [
            CountChoice(
                value,
                self._label(value),
                "" if all(value in a for a in allowed.values()) else " ".join(t for t in types if value in allowed[t]),
            )
            for value in values
        ]

    def _label(self, value: int) -> str | Promise:
        if not self.words:
            return str(value)
        return self.words[value - 1] if value else _("none")


@dataclass
class Toggle(Control):
    kind: str = "flag"

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return bool(facts.get(self.name))


@dataclass
class WonLost(Control):
    kind: str = "outcome"

    def shown(self, facts: Mapping[str, Any]) -> Any:
        value = facts.get(self.name)
        return "" if value is None else "won" if value else "lost"


@dataclass
class Chips(Control):
    kind: str = "choice"
    options: tuple[tuple[str, str | Promise], ...] = ()


@dataclass
class PerPlayer(Control):
    """A number for every playing player (Ramsch and Leaster card points, tricks)."""

    kind: str = "per_player"
    most: int = 120
    total: int | None = None  # what the numbers add up to: the last one left open is filled in as the rest

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return dict(facts.get(self.name) or {})


# a game's entry form ----------------------------------------------------------------------------------------


@dataclass
class GameEntry:
    """How one game's deals are entered."""

    type_field: str  # the fact that names the contract ("contract", "type"); "" when the type is implied
    type_labels: Mapping[str, str | Promise]
    controls: Callable[[Game], Sequence[Control]]
    default_type: str
    facts_for_type: Callable[[str], dict[str, Any]]
    type_of: Callable[[Mapping[str, Any]], str]
    lead_field: str  # the player a deal is about (declarer, picker, Re); tapped on the scoreboard to open a deal
    # The summary of the folded extras, where a game folds some; or, per folded control, the summary when that
    # control is the first one folded on the form (which controls are on it depends on the rules).
    more_label: str | Promise | Mapping[str, str | Promise] = ""
    # Partners the seating decides, per contract type: {type: {declarer: partner}} (Schafkopf über Kreuz).
    seated_partners: Callable[[Game, tuple[str, ...]], dict[str, dict[str, str]]] = lambda game, playing: {}
    folded_after_first_deal: frozenset[str] = frozenset()  # recorded on the first deal, later only as a correction


# the printed score pad --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PadColumn:
    """A column a table expects on paper before one column per player; each game pack lists its own."""

    label: str | Promise
    width_mm: int


# rules in words ---------------------------------------------------------------------------------------------

Rules = Mapping[str, Any]
Phrase = Callable[[Rules], str | None]
Phrases = tuple[tuple[tuple[str, ...], Phrase], ...]  # each phrase with the options it speaks of, in order


def listed(keys: list[str], names: Mapping[str, str]) -> str:
    """The names of ``keys``, in their order: "Fuchs, Karlchen"."""
    return ", ".join(names.get(key, key) for key in keys)


# the pack ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GamePack:
    """Everything the Django side knows of one game; its rules are the engine's (``engine.GAMES[key]``)."""

    key: str  # the engine's game key
    hint: str | Promise  # one line about the game on the start page
    entry: GameEntry  # the entry form: contract types, controls and their quick values
    rule_phrases: Phrases  # its rules in words, each with the options it speaks of
    declarer_heading: str | Promise  # whom the printed sheet names beside each deal
    pad_columns: tuple[PadColumn, ...]  # the printed score pad's columns before the players'
    counting: DealCounting  # what a deal counts for a player's statistics
    tournament_options: Mapping[str, OptionWords]  # its tournament presets' options in words, by key

    @classmethod
    def gathered(
        cls,
        key: str,
        words: ModuleType,
        entry: ModuleType,
        score_pad: ModuleType,
        counting: ModuleType,
        tournament_options: Mapping[str, OptionWords] | None = None,
    ) -> GamePack:
        """A game package's pack from its modules, which name their parts alike; no tournament options when its
        presets offer none (or it has no tournaments)."""
        return cls(
            key=key,
            hint=words.HINT,
            entry=entry.ENTRY,
            rule_phrases=words.RULE_PHRASES,
            declarer_heading=words.DECLARER_HEADING,
            pad_columns=score_pad.COLUMNS,
            counting=counting.COUNTING,
            tournament_options=tournament_options or {},
        )
