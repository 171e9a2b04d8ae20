"""How a Sheepshead hand is entered: the picker, the partner (or alone), card points or tricks, cracks, blitzes."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from ...engine.game import Game
from ..pack import Control, Count, GameEntry, PerPlayer, PlayerChoice, Points, Toggle


def _controls(game: Game) -> Sequence[Control]:
    return (
        PlayerChoice("picker", _("Picker")),
        PlayerChoice("partner", _("Partner (holds the called card)"), none_label=_("alone"), required=True),
        PlayerChoice("winner", _("Winner (fewest points with a trick)"), none_label=_("tie: nobody scores")),
        Points(
            "points",
            _("Card points of the picker's side"),
            quick=(0, 30, 31, 60, 61, 90, 91, 120),
            help=_("61 wins; 60:60 loses."),
        ),
        Toggle("schwarz", _("No trick for the losing side")),
        PerPlayer("points_by_player", _("Or: card points per player"), folded=True, total=120),
        PerPlayer("tricks_by_player", _("Tricks per player"), folded=True, most=10),
        Count("cracks", _("Crack / re-crack"), most=2, words=("Crack", "Re-crack")),
        Count("blitz", _("Blitzes"), most=2),
    )


ENTRY = GameEntry(
    lead_field="picker",
    more_label=_("More: points or tricks per player"),
    type_field="type",
    type_labels={"pick": _("Pick"), "leaster": _("Leaster"), "doubler": _("Doubler")},
    controls=_controls,
    default_type="pick",
    facts_for_type=lambda t: {"type": t},
    type_of=lambda facts: str(facts.get("type", "")),
)
