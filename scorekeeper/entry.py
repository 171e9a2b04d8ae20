"""The deal entry form: the engine's deal fields as big touch controls, and a submitted form back into facts.

Which fields a contract records comes from the game module (``enabled_contracts`` / ``fields_for``); this
module only knows how each field is *entered* (a player chip, a number pad, a stepper …); each game's pack
(``scorekeeper.games``) lists the controls of its form. The engine validates the facts; its messages come back
keyed by field and are shown next to the control.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.datastructures import MultiValueDict
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from .engine.deal import GENERIC_FIELDS
from .engine.game import Game
from .games import pack_of

# A form's post as the controls read it: a request's QueryDict, or the offline value table's plain stand-in.
Posted = MultiValueDict[str, str]

MISSING: Any = object()


class EntryError(ValueError):
    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


def whole_number(name: str, text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise EntryError(name, str(_("Enter a whole number."))) from None


# controls ---------------------------------------------------------------------------------------------------


@dataclass
class Control:
    """One field of the form. ``read`` returns the fact's value from the submitted form, or MISSING."""

    name: str
    label: str | Promise
    kind: str = ""
    folded: bool = False
    help: str | Promise = ""
    required: bool = False  # a value (or "nobody", where offered) must be chosen: no silent default

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        value = data.get(self.name, "").strip()
        return value or MISSING

    def shown(self, facts: Mapping[str, Any]) -> Any:
        """The value to show for ``facts`` (a stored deal, or what was just submitted)."""
        return facts.get(self.name, "")

    def choice_inputs(self) -> dict[str, tuple[str, ...]]:
        """For a control of several inputs that each post one of a few values: each input's values, "" first."""
        return {}

    def count_inputs(self) -> dict[str, int]:
        """For a control of several counts that add to the deal's value: each input and the most it may count."""
        return {}


NOBODY = "-"  # the value of the "nobody" chip (alone, a tie), recorded as null unlike an unchosen field


@dataclass
class PlayerChoice(Control):
    kind: str = "player"
    none_label: str | Promise = ""  # offer "nobody" (e.g. Sheepshead: the picker plays alone), recorded as null
    clearable: bool = False  # a "—" chip takes a mistaken tap back: nothing is recorded, as if never tapped

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        value = data.get(self.name, "").strip()
        if self.none_label and value == NOBODY:
            return None
        if self.required and not value:
            raise EntryError(self.name, str(_("Choose %(who)s.") % {"who": self.choice_words}))
        return value or MISSING

    @property
    def choice_words(self) -> str:
        words = _("a player or “%(none)s”") % {"none": self.none_label} if self.none_label else _("a player")
        return str(words)

    def shown(self, facts: Mapping[str, Any]) -> Any:
        if self.none_label and self.name in facts and facts[self.name] is None:
            return NOBODY
        return facts.get(self.name, "")


@dataclass
class PlayerSet(Control):
    kind: str = "players"
    most: int = 0

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        chosen = [p for p in data.getlist(self.name) if p]
        return chosen or MISSING

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return list(facts.get(self.name) or ())


@dataclass
class Points(Control):
    kind: str = "points"
    most: int = 120
    quick: tuple[int, ...] = ()

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        text = data.get(self.name, "").strip()
        return whole_number(self.name, text) if text else MISSING


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

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        text = data.get(self.name, "").strip()
        number = whole_number(self.name, text) if text else 0
        return number or MISSING

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

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        return True if data.get(self.name) else MISSING

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return bool(facts.get(self.name))


@dataclass
class WonLost(Control):
    kind: str = "outcome"

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        return {"won": True, "lost": False}.get(data.get(self.name, ""), MISSING)

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

    def read(self, data: Posted, playing: Sequence[str]) -> Any:
        texts = {p: data.get(f"{self.name}__{i}", "").strip() for i, p in enumerate(playing)}
        if not any(texts.values()):
            return MISSING
        return {p: whole_number(self.name, t) if t else 0 for p, t in texts.items()}

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return dict(facts.get(self.name) or {})


# games ------------------------------------------------------------------------------------------------------


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


# the form ---------------------------------------------------------------------------------------------------


@dataclass
class ShownControl:
    control: Control
    value: Any
    errors: list[str]
    types: tuple[str, ...]  # the contract types this control belongs to
    choices: list[CountChoice] = field(default_factory=list)  # a count's chips

    @property
    def type_list(self) -> str:
        return " ".join(self.types)

    @property
    def html_id(self) -> str:
        """The control's id; its help, its error and its parts' ids start with it."""
        return f"entry-{self.control.name}"

    @property
    def describedby(self) -> str:
        """The ids of the control's help and error, for ``aria-describedby``."""
        ids = [f"{self.html_id}-help"] if self.control.help else []
        return " ".join([*ids, f"{self.html_id}-error"] if self.errors else ids)


class DealEntry:
    """The entry form for one deal of one session, bound to stored or submitted facts."""

    def __init__(
        self,
        game_key: str,
        game: Game,
        playing: Sequence[str],
        facts: Mapping[str, Any] | None = None,
        *,
        first_deal: bool = False,
    ) -> None:
        self.spec = pack_of(game_key).entry
        self.game = game
        self.playing = tuple(playing)
        self.first_deal = first_deal
        self.types = game.enabled_contracts()
        self.fields = {t: game.fields_for(t) for t in self.types}
        self.controls = [c for c in self.spec.controls(game) if any(c.name in f for f in self.fields.values())]
        # Each contract type's controls: a form is read by them (the offline value table reads thousands).
        self.controls_for = {t: [c for c in self.controls if c.name in fields] for t, fields in self.fields.items()}
        if not first_deal:
            for control in self.controls:
                control.folded = control.folded or control.name in self.spec.folded_after_first_deal
        self.seated_partners = self.spec.seated_partners(game, self.playing)
        self.facts: dict[str, Any] = dict(facts or {})
        self.errors: dict[str | None, list[str]] = {}
        stored_type = self.spec.type_of(self.facts) if self.facts else ""
        self.contract_type = stored_type if stored_type in self.types else self._default_type()
        if self.facts:  # a stored deal: a required choice it leaves out was "nobody" (the picker played alone)
            for control in self.controls:
                if control.required and control.name in self.fields[self.contract_type]:
                    self.facts.setdefault(control.name, None)

    @property
    def blank(self) -> bool:
        """Nothing entered, stored or refused yet: a new deal's form as it first opens."""
        return not self.facts and not self.errors

    def played_by(self, playing: Sequence[str]) -> DealEntry:
        """This form for other players (stand-ins for the names, say), for drawing its controls."""
        other = copy.copy(self)
        other.playing = tuple(playing)
        return other

    def open_with(self, lead: str, usual: Sequence[Mapping[str, Any]]) -> None:
        """A new deal opened by tapping ``lead`` on the scoreboard: that player leads, in the contract the table
        played most in ``usual`` (recent deals' facts), else the game's usual one. A contract played once is no
        habit, and a tie goes to the usual one: the last rare game (an Armut, a Wenz) never becomes the default."""
        field_name = self.spec.lead_field
        led = [t for t in self.types if field_name in self.fields[t]]  # not a thrown-in deal: nobody leads that
        usual_type = self._default_type()
        types = Counter(t for t in map(self.spec.type_of, usual) if t in led)
        common = max(types, key=lambda t: (types[t], t == usual_type), default="")
        self.contract_type = common if types[common] > 1 else usual_type
        facts = self.spec.facts_for_type(self.contract_type)
        if lead in self.playing and self.contract_type in led:
            facts[field_name] = [lead] if self._control(field_name).kind == "players" else lead
        self.facts = facts

    def _control(self, name: str) -> Control:
        return next(c for c in self.controls if c.name == name)

    def _default_type(self) -> str:
        return self.spec.default_type if self.spec.default_type in self.types else self.types[0]

    def bind(self, data: Posted) -> dict[str, Any]:
        """Read the submitted form into facts (replacing ``self.facts``); parse errors go to ``self.errors``."""
        chosen = data.get("contract_type", "")
        self.contract_type = chosen if chosen in self.types else self._default_type()
        facts = self.spec.facts_for_type(self.contract_type)
        for control in self.controls_for[self.contract_type]:
            try:
                value = control.read(data, self.playing)
            except EntryError as error:
                self.errors.setdefault(error.name, []).append(str(error))
                continue
            if value is MISSING:
                continue
            facts[control.name] = (
                {**facts[control.name], **value} if isinstance(facts.get(control.name), dict) else value
            )
        partners = self.seated_partners.get(self.contract_type, {})
        if facts.get("declarer") in partners and "partner" not in facts:  # the seating decides it: no tap needed
            facts["partner"] = partners[facts["declarer"]]
        # What the form has no control for (a dealer override, a note) stays as the stored deal recorded it.
        facts.update((key, value) for key, value in self.facts.items() if key in GENERIC_FIELDS)
        self.facts = facts
        return facts

    def add_errors(self, errors: Mapping[str | None, Sequence[str]]) -> None:
        for name, messages in errors.items():
            self.errors.setdefault(name if name in {c.name for c in self.controls} else None, []).extend(messages)

    @property
    def type_choices(self) -> list[tuple[str, str | Promise]]:
        return [(t, self.spec.type_labels.get(t, t)) for t in self.types]

    @property
    def shown_controls(self) -> list[ShownControl]:
        shown = []
        for c in self.controls:
            types = tuple(t for t in self.types if c.name in self.fields[t])
            choices = c.choices(self.game, types) if isinstance(c, Count) else []
            shown.append(ShownControl(c, c.shown(self.facts), self.errors.get(c.name, []), types, choices))
        return shown

    @property
    def folded_controls(self) -> list[ShownControl]:
        return [s for s in self.shown_controls if s.control.folded]

    @property
    def more_label(self) -> str | Promise:
        label = self.spec.more_label
        if not isinstance(label, Mapping):
            return label
        return next((label[c.name] for c in self.controls if c.folded and c.name in label), "")

    @property
    def more_open(self) -> bool:
        """The folded extras are shown when one of them has a problem or a recorded value (a correction)."""
        return any(s.errors or s.value for s in self.folded_controls)

    @property
    def form_errors(self) -> list[str]:
        return self.errors.get(None, [])
