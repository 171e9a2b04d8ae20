"""The deal entry form: the engine's deal fields as big touch controls, and a submitted form back into facts.

Which fields a contract records comes from the game module (``enabled_contracts`` / ``fields_for``); how each
field is *entered* (a player chip, a number pad, a stepper …) is a control of ``games/pack.py``, and each game's pack
lists the controls of its form. The engine validates the facts; its messages come back keyed by field and are shown
next to the control.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise

from ..engine.deal import GENERIC_FIELDS
from ..engine.game import Game
from ..games import pack_of
from ..games.pack import Control, Count, CountChoice
from ..phone import posted

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
        # Each contract type's controls: a form is read by them.
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

    def bind(self, data: posted.Posted) -> dict[str, Any]:
        """Read the submitted form into facts (replacing ``self.facts``); parse errors go to ``self.errors``."""
        self.contract_type, facts, problems = posted.facts_of(self.reading(), data, self.playing)
        for name, problem in problems.items():
            self.errors.setdefault(name, []).append(problem)
        # What the form has no control for (a dealer override, a note) stays as the stored deal recorded it.
        facts.update((key, value) for key, value in self.facts.items() if key in GENERIC_FIELDS)
        self.facts = facts
        return facts

    def reading(self, playings: Iterable[Sequence[str]] = ()) -> dict[str, Any]:
        """How a post of this form is read into facts (``posted.facts_of``), as plain JSON the phone gets too: each
        contract type's facts and controls' readings, and the partners the seating decides for this form's players
        and each of ``playings`` (the players of the deals a phone may enter offline)."""
        return {
            "default_type": self._default_type(),
            "types": {
                t: {"facts": self.spec.facts_for_type(t), "controls": [c.reading() for c in self.controls_for[t]]}
                for t in self.types
            },
            "partners": {
                ",".join(self.playing): self.seated_partners,  # worked out with the form
                **{",".join(playing): self.spec.seated_partners(self.game, tuple(playing)) for playing in playings},
            },
        }

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
