"""How a Bauernstoss deal is entered: the chalk, team A's card points, a solo's player and outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from ...engine.game import Game
from ..pack import Chips, Control, GameEntry, Points, Toggle


@dataclass
class BauernstossSolo(Control):
    """Who played the solo and whether it was won; the kind (small or big) is the contract type."""

    kind: str = "solo"

    def shown(self, facts: Mapping[str, Any]) -> Any:
        solo = facts.get(self.name) or {}
        won = solo.get("won")
        return {"player": solo.get("player", ""), "won": "" if won is None else "won" if won else "lost"}


def _controls(game: Game) -> Sequence[Control]:
    return (
        Chips("chalk", _("Team holding the chalk"), options=(("A", _("Team A")), ("B", _("Team B")))),
        Points(
            "points",
            _("Card points of team A (seats 1 and 3)"),
            quick=(0, 29, 41, 42, 79, 91, 120),
            help=_("Team B has the rest of the 120."),
        ),
        Toggle("schwarz", _("Schwarz (the other team took no trick)")),
        BauernstossSolo("solo", _("Solo")),
    )


ENTRY = GameEntry(
    lead_field="",
    more_label=_("More: correct the chalk"),
    type_field="",
    type_labels={"game": _("Game"), "small_solo": _("Small solo"), "big_solo": _("Big solo")},
    controls=_controls,
    default_type="game",
    facts_for_type=lambda t: {"solo": {"kind": t.removesuffix("_solo")}} if t.endswith("_solo") else {},
    type_of=lambda facts: (
        f"{facts['solo'].get('kind', 'small')}_solo" if isinstance(facts.get("solo"), Mapping) else "game"
    ),
    folded_after_first_deal=frozenset({"chalk"}),
)
