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
    "runners_min": _("Laufende count from"),
    "runners_max": _("Most Laufende paid"),
    "sheet": _("Score sheet"),
    # Doppelkopf
    "re_kontra": _("Re and Kontra announcements"),
    "extras": _("Sonderpunkte (extra points)"),
    "armut": _("Armut (poverty) allowed"),
    "bock": _("Bock rounds"),
    "pflichtsolo": _("Pflichtsolo (forced solo) per round"),
    # Sheepshead
    "table": _("Payoff table"),
    "tie_doubles_next": _("60:60 doubles the next hand"),
    "leaster_tie": _("Leaster tie for fewest"),
    "no_trick_partner": _("Partner when the picker's side took no trick"),
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
    "leaster": _("Leaster (from each player)"),
}

# The words for each value of a choice option, by option: the same value can mean different things
# (``double_all`` of a Jungfrau is not ``double_all`` of Re and Kontra).
CHOICE_LABELS: dict[str, dict[str, Promise]] = {
    "pass_out": {
        "redeal": _("thrown in, deal moves on"),
        "stock": _("everyone pays into the pot (Stock)"),
        "schierling_stock": _("Schierling pot"),
        "ramsch": _("play a Ramsch"),
        "muss": _("Muss: Eichel-Ober must play"),
        "kreuz": _("über Kreuz: the pairs opposite play a Sauspiel"),
        "leaster": _("Leaster (fewest points wins)"),
        "doubler": _("Doubler (next hand counts double)"),
    },
    "stock_games": {"all": _("every game"), "partner": _("partner games only")},
    "stock_share": {"declarer": _("the declarer alone"), "split": _("declarer and partner, half each")},
    "jungfrau": {
        "double": _("paid double"),
        "double_multiple": _("each Jungfrau doubles her pay again"),
        "double_all": _("each Jungfrau doubles the whole Ramsch"),
        "none": _("no extra"),
    },
    "sheet": {"zero_sum": _("plus and minus (zero-sum)"), "plus_only": _("only the winners' points (plus only)")},
    "re_kontra": {
        "plus2": _("+2 each (DDV)"),
        "double": _("each doubles the game points"),
        "double_all": _("each doubles game points and Sonderpunkte"),
    },
    "table": {
        "seed": _("common five-handed table"),
        "standard": _("plain 1-2-3 table"),
        "double_on_the_bump": _("double on the bump"),
        "2-4-8": _("2-4-8"),
    },
    "leaster_tie": {"nobody": _("nobody scores"), "fewer_tricks": _("fewer tricks wins")},
    "no_trick_partner": {"pays": _("pays as usual"), "free": _("pays nothing, the picker pays for him")},
    "players": {"3": _("three"), "4": _("four"), "5": _("five")},
    # chips: the contracts a Schafkopf table plays go by their tariff names
    "contracts": {key: TARIFF_LABELS[key] for key in
                  ("sauspiel", "hochzeit", "bettel", "farbgeier", "farbwenz", "geier", "wenz", "solo", "sie", "tout")},
    "extras": {
        "fuchs": _("Fuchs gefangen"),
        "karlchen": _("Karlchen (last trick)"),
        "doppelkopf": _("Doppelkopf (a trick of 40)"),
        "gegen_die_alten": _("gegen die Alten"),
        "karlchen_gefangen": _("Karlchen gefangen"),
        "fuchs_am_ende": _("Fuchs in the last trick counts 2"),
    },
    "bock": {
        "tie120": _("120:120"),
        "solo_lost": _("a lost solo"),
        "announcement_lost": _("a lost announcement"),
        "manual": _("marked on the deal"),
    },
    "bock_stacking": {"multiply": _("doubles again (× 4)"), "extend": _("adds more Bock deals")},
}  # fmt: skip

# The parts of an option that takes more than one field (Doppelkopf Bock rounds).
PART_LABELS: dict[str, Promise] = {
    "triggers": _("started by"),
    "no_triggers": _("None ticked: no Bock rounds."),
    "stacking": _("a new trigger during Bock"),
}

# What an empty number field means, for the options and tariff entries that may be left empty.
EMPTY_MEANS: dict[str, Promise] = {
    "runners_max": _("Empty: every Laufender counts."),
    "herz_solo": _("Empty: as the Solo."),
    "durchmarsch": _("Empty: Solo + Schneider + Schwarz."),
    "leaster": _("Empty: as the Sauspiel."),
}

# The rule sets and tariffs a session starts from, by their engine keys (shared between games where they mean the
# same: a "classic" tariff goes with the "classic" rules).
PRESET_LABELS: dict[str, Promise] = {
    "classic": _("Classic"),
    "short": _("Short deck"),
    "three": _("Three players"),
    "schierling": _("Schierling"),
    "tournament": _("Tournament"),
    "ddv": _("DDV tournament rules"),
    "seed40": _("DDV without nines (40 cards)"),
    "seed": _("Usual rules"),
    "standard": _("Standard table"),
    "wisconsin": _("Wisconsin (double on the bump)"),
    "official": _("Official tariff"),
    "book": _("Book tariff"),
    "turnier": _("Tournament list"),
}


def preset_label(key: str) -> str:
    """A preset's name in the page's language; a tariff named by its values ("10/20/50") reads the same in both."""
    return str(PRESET_LABELS.get(key, key))
