"""Every refusal of the league and season services as a code of the one message registry, domain ``league``.

As the scorekeeper's services refuse (``scorekeeper.services.refusals``): the code and its field reach the view,
and the page renders the player's sentence, here the author's own words, in the reader's language.
"""

from __future__ import annotations

from scorekeeper.engine.messages import gettext_noop, refusals

_ = gettext_noop

TEMPLATES: dict[str, str] = {
    "club_unknown": _("There is no club with this short name."),
    "club_already_in": _("This club is already in the league or invited to it."),
    "ends_before_start": _("The last day comes before the first."),
    "session_not_of_league": _("Only sessions of the league's game and clubs can count."),
}

refusal = refusals("league", TEMPLATES)
