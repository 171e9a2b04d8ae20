"""How a Schafkopf deal is entered: the contract, declarer and partner (the seating decides it über Kreuz), the
suit, card points or the Ramsch's loser (its card points per player folded), Laufende, Kontra steps, knocks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django.utils.translation import gettext_lazy as _

from ...engine.game import Game
from ...engine.schafkopf import KONTRA_STEPS, Schafkopf
from ..pack import Chips, Control, Count, GameEntry, PerPlayer, PlayerChoice, PlayerSet, Points, Toggle, WonLost

SUITS = (("eichel", "Eichel"), ("gras", "Gras"), ("herz", "Herz"), ("schellen", "Schellen"))


def _controls(game: Game) -> Sequence[Control]:
    rules = game.rules
    return (
        PlayerChoice("declarer", _("Declarer (Spieler)")),
        Chips("suit", _("Suit (called ace or trump)"), options=SUITS),
        PlayerChoice("partner", _("Partner")),
        Points(
            "points",
            _("Card points of the declarer's side"),
            quick=(0, 30, 31, 60, 61, 90, 91, 120),
            help=_("61 wins; 60:60 goes to the defenders."),
        ),
        Toggle("schwarz", _("Schwarz (the losing side took no trick)")),
        WonLost("won", _("Result")),
        # A Ramsch: who lost decides it, the card points of the others never do; they stay folded for tables
        # that write them (the loser then follows from them). A Durchmarsch has no loser: "—" takes either back.
        PlayerChoice(
            "loser",
            _("Loser (most card points)"),
            help=_("On a tie, the one the table names."),
            clearable=bool(rules.get("durchmarsch")),
        ),
        PlayerSet("jungfrau", _("Jungfrau (took no trick)")),
        PlayerChoice("durchmarsch", _("Durchmarsch (took every trick)"), clearable=True),
        PerPlayer("points_by_player", _("Card points per player"), folded=True, total=120),
        PlayerChoice("winner", _("Winner (fewest card points)")),
        Count("runners", _("Laufende (runners)"), most=14),
        Count("kontra", _("Kontra, Re, Sup …"), most=rules.get("kontra_max", 0), words=KONTRA_STEPS),
        Count("knocks", _("Knocks (Klopfen)"), most=rules.get("max_knocks", 0)),
        Toggle("muss", _("Muss game (forced after everyone passed)"), folded=True),
    )


def _split_tout(contract_type: str) -> dict[str, Any]:
    base = contract_type.removesuffix("_tout")
    return {"contract": base, "tout": True} if base != contract_type else {"contract": contract_type}


ENTRY = GameEntry(
    lead_field="declarer",
    # Only one of them is ever on the form: a Muss game and a Ramsch come from different pass-out rules.
    more_label={"muss": _("More: Muss"), "points_by_player": _("More: card points per player")},
    type_field="contract",
    type_labels={
        "passed": _("Thrown in"),
        "ramsch": "Ramsch",
        "kreuz": "Über Kreuz",
        "leaster": "Leaster",
        "sauspiel": "Sauspiel",
        "hochzeit": "Hochzeit",
        "bettel": "Bettel",
        "farbgeier": "Farbgeier",
        "farbwenz": "Farbwenz",
        "geier": "Geier",
        "wenz": "Wenz",
        "solo": "Solo",
        "farbgeier_tout": "Farbgeier Tout",
        "farbwenz_tout": "Farbwenz Tout",
        "geier_tout": "Geier Tout",
        "wenz_tout": "Wenz Tout",
        "solo_tout": "Solo Tout",
        "sie": "Sie",
    },
    controls=_controls,
    seated_partners=lambda game, playing: (
        {"kreuz": cast(Schafkopf, game).kreuz_partners(playing)} if "kreuz" in game.enabled_contracts() else {}
    ),
    default_type="sauspiel",
    facts_for_type=_split_tout,
    type_of=lambda facts: str(facts.get("contract", "")) + ("_tout" if facts.get("tout") else ""),
)
