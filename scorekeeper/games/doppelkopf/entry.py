"""How a Doppelkopf deal is entered: the contract (a solo's kind), the Re party, its Augen, announcements,
Schwarz, Sonderpunkte, Bock, a penalty."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ...engine.doppelkopf import SOLO_LABELS, Doppelkopf
from ...engine.game import Game
from ..labels import CHOICE_LABELS
from ..pack import (
    Chips,
    Control,
    GameEntry,
    PlayerChoice,
    PlayerSet,
    Points,
    Toggle,
)

# A deal's Sonderpunkte as the entry form counts them per party, by the table's short names (the rules pages say
# what each is), with the most one party can win in a deal (two Füchse, one last trick, a Doppelkopf needs 40 of
# the 240 Augen); a Fuchs caught in the last trick (rule fuchs_am_ende) is counted apart, since it counts 2.
SONDERPUNKTE: tuple[tuple[str, str | Promise, int], ...] = (
    ("fuchs", CHOICE_LABELS["extras"]["fuchs"], 2),
    ("fuchs_am_ende", _("Fuchs gefangen in the last trick"), 2),
    ("karlchen", "Karlchen", 1),
    ("karlchen_gefangen", CHOICE_LABELS["extras"]["karlchen_gefangen"], 1),
    ("doppelkopf", "Doppelkopf", 6),
)


@dataclass
class PartyLevels(Control):
    """Doppelkopf announcements: a level for the Re party and one for the Kontra party."""

    kind: str = "party_levels"
    levels: Mapping[str, tuple[tuple[str, str | Promise], ...]] = field(default_factory=dict)

    def reading(self) -> dict[str, Any]:
        return {**super().reading(), "parties": list(self.levels)}

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return dict(facts.get(self.name) or {})


@dataclass
class PartyCounts(Control):
    """Doppelkopf Sonderpunkte: how many of each extra each party won, a stepper each (one tap adds one)."""

    kind: str = "party_counts"
    parties: tuple[str, ...] = ("re", "kontra")
    extras: tuple[tuple[str, str | Promise, int], ...] = ()  # (key, label, the most one party can win in a deal)

    def reading(self) -> dict[str, Any]:
        return {**super().reading(), "parties": list(self.parties), "extras": [key for key, *_ in self.extras]}

    def shown(self, facts: Mapping[str, Any]) -> Any:
        return {p: dict(v) for p, v in (facts.get(self.name) or {}).items()}


def _controls(game: Game) -> Sequence[Control]:
    solo_kinds = cast(Doppelkopf, game).enabled_solos()
    levels = (("re", "Re"), ("no90", _("no 90")), ("no60", _("no 60")), ("no30", _("no 30")), ("schwarz", "Schwarz"))
    extras = tuple(extra for extra in SONDERPUNKTE if extra[0] in game.rules.get("extras", ()))
    return (
        Chips("solo", _("Solo"), options=tuple((k, SOLO_LABELS.get(k, k)) for k in solo_kinds)),
        PlayerSet("re", _("Re party (soloist)"), most=2),
        Toggle("forced", _("Pflichtsolo (forced solo)")),
        Points(
            "re_points",
            _("Augen of the Re party"),
            most=240,
            quick=(0, 30, 60, 90, 120, 121, 151, 181, 211, 240),
            help=_("Re wins with 121; 120:120 goes to Kontra."),
        ),
        # Every extra in sight and one tap each: no "More" to open at the table (issue 24).
        PartyLevels(
            "announcements",
            _("Announcements (Ansagen)"),
            levels={"re": levels, "kontra": (("kontra", "Kontra"), *levels[1:])},
        ),
        Chips("schwarz", _("Schwarz: which party took no trick"), options=(("re", "Re"), ("kontra", "Kontra"))),
        PartyCounts("extras", _("Sonderpunkte"), extras=extras),
        Toggle("vorgefuehrt", _("Vorgeführt (imposed forced solo)")),
        Toggle("bock", _("Starts Bock rounds")),
        PlayerChoice("player", _("Penalised player")),
        Chips("severity", _("Penalty"), options=(("minor", _("minor")), ("serious", _("serious")))),
        # A defender's offence in a solo credits the soloist alone (TSR 9.3.3 b1, 9.4.4). Only a penalty row has
        # these two, so they show only when "Penalty" is chosen, never folded under a "More" on every form.
        PlayerChoice("soloist", _("In the solo of"), clearable=True),
        Points(
            "points",
            _("To the soloist (serious: 12 to 24)"),
            most=24,
            quick=(12, 18, 24),
            help=_("As the official decides; empty: 12."),
        ),
    )


ENTRY = GameEntry(
    lead_field="re",
    type_field="type",
    type_labels={
        "normal": _("Normal game"),
        "hochzeit": "Hochzeit",
        "stille_hochzeit": _("Stille Hochzeit"),
        "armut": "Armut",
        "solo": "Solo",
        "penalty": _("Penalty"),
    },
    controls=_controls,
    default_type="normal",
    facts_for_type=lambda t: {"type": t},
    type_of=lambda facts: str(facts.get("type", "")),
)
