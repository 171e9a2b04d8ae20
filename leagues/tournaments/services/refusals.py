"""Every refusal of the tournament services as a code of the one message registry, in the tournaments' domain
(``tournament``, which ``rules.words`` begins with the draw's, the sheets' and the document's problems).

As the scorekeeper's services refuse (``scorekeeper.services.refusals``): the code and its field reach the view,
and the page renders the player's sentence, here the author's own words, in the reader's language.
"""

from __future__ import annotations

from scorekeeper.engine.messages import gettext_noop, refusals

from ..rules import words  # noqa: F401  the domain's first codes, so that none is given twice

_ = gettext_noop

TEMPLATES: dict[str, str] = {
    # the tournament and its field
    "preset_choice": _("Choose one of the scorings offered."),
    "rounds_range": _("A tournament has 1 to %(most)s rounds."),
    "fee_negative": _("The entry fee cannot be negative."),
    "bye_range": _("A bye scores from %(least)s to %(most)s points."),
    "tournament_over": _("The tournament is over."),
    "not_of_club": _("Only members and guests of the club can take part."),
    "registered_already": _("%(name)s is already registered."),
    "fixed_table_range": _("A table is numbered from 1 to %(most)s."),
    "two_participants": _("Choose two different participants of this tournament."),
    "team_exists": _("There is a team called %(name)s already."),
    "team_size": _("A team has %(least)s to %(most)s players."),
    "team_members": _("Choose players of this tournament."),
    "team_members_taken": _("Already in a team: %(names)s."),
    # byes, substitutes and lots
    "participant_next_round": _("Choose a participant who plays in the next round."),
    "bye_already": _("%(name)s has a bye already."),
    "participant_choice": _("Choose a participant of this tournament."),
    "substitute_rounds": _("A substitute plays from round %(first)s to %(last)s."),
    "not_in_that_round": _("%(name)s does not play in that round."),
    "substitute_already": _("%(name)s has a substitute from that round already."),
    "lot_winner": _("Choose a player who shares a place with others."),
    # rounds, their tables and the clock
    "all_rounds_drawn": _("Every round has been drawn."),
    "close_round_first": _("Close round %(n)s first."),
    "two_in_round": _("Choose two different participants of this round."),
    "two_players_of_round": _("Choose two players of this round."),
    "table_started": _("A table that has started playing cannot be changed."),
    "sheets_open": _("Table sheets still open: %(tables)s."),
    "table_seated_by_draw": _("The draw seated the players of a tournament table: none can leave or join here."),
    "minutes_range": _("Give 1 to %(most)s minutes."),
    "no_time_up": _("No table's time is up yet."),
    "round_closed": _("The round is closed."),
    "clock_not_started": _("Start the round clock first."),
    # penalties
    "participant_in_round": _("Choose a participant who plays in this round."),
    "deduction_range": _("A free deduction takes from 1 to %(most)s points."),
    "reason_too_long": _("Give the reason in at most %(n)s characters."),
    # an imported tournament document
    "games_of_preset": _("A tournament here plays the games of its scoring preset."),
    "seed_whole_number": _("The seed must be a whole number."),
    "member_spelling": _("The club's member is called %(member)s: write the name as the club does."),
}

refusal = refusals("tournament", TEMPLATES)
