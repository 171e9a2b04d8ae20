"""Words the interface shows for the engine's keys (options, presets, fields), in German and English.

The game's own terms (Sauspiel, Laufende, Pflichtsolo, …) stay German in both languages; the English
interface explains them in brackets where a Sheepshead club would otherwise be lost.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

OPTION_LABELS: dict[str, Promise] = {
    # shared
    "players": _("Players per deal"),
    "deck": _("Cards in the deck"),
    # Schafkopf
    "contracts": _("Contracts played"),
    "kontra_max": _("Doubling steps allowed (Kontra, Re, Sup …)"),
    "klopfen": _("Klopfen (knocking before all cards are dealt)"),
    "max_knocks": _("Most knocks per deal"),
    "pass_out": _("When everyone passes"),
    "stock_games": _("Games that touch the pot (Stock)"),
    "stock_share": _("Who takes or pays the pot in a partner game"),
    "jungfrau": _("Ramsch: a player without a trick (Jungfrau)"),
    "durchmarsch": _("Ramsch: Durchmarsch (one player takes every trick)"),
    # Doppelkopf
    "re_kontra": _("Re and Kontra announcements"),
    "extras": _("Sonderpunkte (extra points)"),
    "armut": _("Armut (poverty) allowed"),
    "bock": _("Bock rounds"),
    "pflichtsolo": _("Pflichtsolo (forced solo) per round"),
    # Sheepshead
    "table": _("Payoff table"),
    # Bauernstoss
    "target": _("Strokes to win a Partie"),
    "small_solo": _("Strokes for a small solo"),
    "big_solo": _("Strokes for a big solo"),
    "chalk_min": _("Card points the chalk team needs"),
    "solo_moves_chalk": _("A solo moves the chalk"),
    "partie_value": _("Points for a won Partie"),
}

TARIFF_LABELS: dict[str, Promise] = {
    "sauspiel": _("Sauspiel (partner game)"),
    "hochzeit": _("Hochzeit"),
    "wenz": _("Wenz"),
    "geier": _("Geier"),
    "solo": _("Solo"),
    "herz_solo": _("Herz-Solo"),
    "farbwenz": _("Farbwenz"),
    "farbgeier": _("Farbgeier"),
    "bettel": _("Bettel"),
    "runner": _("per Laufender (runner)"),
    "schneider": _("Schneider"),
    "schwarz": _("Schwarz"),
    "tout": _("Tout"),
    "tout_runner": _("Tout: per Laufender"),
    "tout_schneider": _("Tout: Schneider"),
    "tout_schwarz": _("Tout: Schwarz"),
    "sie": _("Sie"),
    "sie_runner": _("Sie: per Laufender"),
    "ramsch": _("Ramsch (per winner)"),
    "durchmarsch": _("Durchmarsch"),
    "stock_ante": _("Stock ante (per player)"),
}

CHOICE_LABELS: dict[str, Promise] = {
    "redeal": _("thrown in, deal moves on"),
    "stock": _("everyone pays into the pot (Stock)"),
    "schierling_stock": _("Schierling pot"),
    "ramsch": _("play a Ramsch"),
    "muss": _("Muss: Eichel-Ober must play"),
    "all": _("every game"),
    "partner": _("partner games only"),
    "declarer": _("the declarer alone"),
    "split": _("declarer and partner, half each"),
    "double": _("paid double"),
    "none": _("no extra"),
    "plus2": _("+2 each (DDV)"),
    "leaster": _("Leaster (fewest points wins)"),
    "doubler": _("Doubler (next hand counts double)"),
    "seed": _("common five-handed table"),
    "standard": _("plain 1-2-3 table"),
    "double_on_the_bump": _("double on the bump"),
}

GAME_HINTS: dict[str, Promise] = {
    "schafkopf": _("Bavarian, 4 players (5 with the dealer sitting out)"),
    "doppelkopf": _("Re against Kontra, 4 players (5 with the dealer sitting out)"),
    "sheepshead": _("Wisconsin Schafkopf, 5 players (6 with the dealer sitting out)"),
    "bauernstoss": _("Palatinate, two teams of two, strokes to 20"),
}
