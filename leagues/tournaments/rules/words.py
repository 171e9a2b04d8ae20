"""Every problem and reason of the tournament sheets, penalties and ranking, as a code with parameters.

As in the ranking engine (``seasons.ranking.messages``), nothing here imports Django: a :class:`Message` carries a
stable code of the domain ``tournament`` and the values to fill in; this module registers its author and player
templates in the one message registry (``scorekeeper.engine.messages``). ``str()`` renders the author's English,
and a page the player's sentence. One domain for the whole package: the draw, the sheets, penalties and ranking.
"""

from __future__ import annotations

from scorekeeper.engine.errors import Bad, Invalid
from scorekeeper.engine.messages import AS_AUTHOR, REGISTRY, CodedError, Param, gettext_noop
from scorekeeper.engine.messages import Message as EngineMessage


class Message(EngineMessage):
    """A message of the tournament scoring, with this module's codes."""

    __slots__ = ()
    domain = "tournament"


class DrawError(CodedError):
    """The draw cannot be made as asked: a field that cannot be seated, a bad fixed table, an impossible wish."""

    catalogue = Message


def say(code: str, /, **params: Param) -> Message:
    return Message(code, params)


def bad(code: str, /, **params: Param) -> Bad:
    return Bad(say(code, **params))


class InvalidTournament(Invalid):
    """The document cannot be ranked; ``problems`` lists every reason found (the engine's :class:`Problem`: its field
    a path like ``rounds[0].tables[1].deals[6].points``, and the words: the rule engine's own for a bad deal, the
    reader's, or one of TEMPLATES)."""


_ = gettext_noop

TEMPLATES: dict[str, str] = {
    # the draw
    "unknown_game": _("The draw knows no game %(game)s (known: %(known)s)."),
    "field_cannot_be_seated": _(
        "%(players)s players cannot be seated at tables of %(sizes)s: the nearest fields that can are %(fewer)s and "
        "%(more)s players (give byes or add substitutes)."
    ),
    "field_too_small": _(
        "%(players)s players cannot be seated at tables of %(sizes)s: a draw needs at least %(least)s."
    ),
    "field_one_table": _(
        "%(players)s players are too many for one table and too few for two, and the draw sends nobody home by "
        "itself: register %(missing)s more (%(two)s play at two tables), or give %(byes)s of them a bye for the "
        "round, so that one table of %(one)s plays."
    ),
    "rounds_out_of_range": _(
        "A tournament of %(rounds)s rounds cannot be drawn with %(played)s rounds played (at most %(most)s rounds)."
    ),
    "duplicate_player": _("%(player)s is entered twice."),
    "player_twice_in_round": _("%(player)s sits twice in round %(round)s."),
    "unknown_player": _("%(player)s is not in the field."),
    "no_such_table": _("%(player)s is fixed to table %(table)s, but a round has tables 1 to %(tables)s."),
    "fixed_table_overfull": _("%(count)s players are fixed to table %(table)s, which seats %(size)s."),
    "apart_same_player": _("%(player)s cannot be kept apart from themselves."),
    "apart_fixed_together": _("%(first)s and %(second)s are to be kept apart but are fixed to the same table."),
    "apart_impossible": _(
        "%(first)s and %(second)s sit together in round 1 although they are to be kept apart: too many players "
        "are to be kept apart from each other for %(tables)s tables."
    ),
    # why a table sheet cannot be closed yet
    "pflichtsolo_missing": _("%(players)s still owe their Pflichtsolo."),
    "games_missing": _("%(missing)s of the round's %(games)s games are still to play."),
    # why a tournament is not final yet: its ranking is provisional
    "final_owes_pflichtsolo": _("Round %(round)s, table %(table)s: %(player)s still owes his Pflichtsolo."),
    "final_game_left": _("Round %(round)s, table %(table)s: 1 of the round's %(games)s games is still to play."),
    "final_games_left": _(
        "Round %(round)s, table %(table)s: %(missing)s of the round's %(games)s games are still to play."
    ),
    "final_sheet_open": _("Round %(round)s, table %(table)s: the sheet is still to close."),
    "final_round_left": _("1 of the %(rounds)s rounds is still to play."),
    "final_rounds_left": _("%(missing)s of the %(rounds)s rounds are still to play."),
    "rows_not_zero_sum": _("The rows of deals %(deals)s do not add up to 0, which this preset requires."),
    # problems with a table sheet (the round's own, when a deal may not come, are the engine's: rounds.py)
    "time_called_range": _("Time is called after one of the deals recorded: 0 to %(deals)s, not %(got)s."),
    # penalties
    "penalty_kind": _("The kind of penalty is one of %(known)s, not %(got)s."),
    "points_not_deduction": _("Only a free deduction names its points; a %(kind)s penalty is fixed by the rules."),
    "penalty_not_seated": _("Start number %(player)s sat at no table in round %(round)s."),
    "context_not_deduction": _("A free deduction moves no points at the table: it names no one else."),
    "serious_in_solo_range": _(
        "A serious offence in a solo credits the soloist %(least)s to %(most)s points (TSR 9.4.4), not %(got)s."
    ),
    "not_a_table_mate": _("Start number %(number)s sat at no table with the offender in that round."),
    "sitting_out_at_five": _("Only at a table of five does a dealer sit out."),
    "soloist_sat_out": _("Start number %(number)s sat out, so he played no solo."),
    # tie-breaks
    "unknown_tiebreak": _("There is no tie-break %(tiebreak)s (known: %(known)s)."),
    "tiebreak_twice": _("The tie-break %(tiebreak)s is listed twice."),
    "tiebreak_after_end": _("Nothing can follow the tie-break %(last)s, but %(tiebreak)s does."),
    "tiebreaks_not_a_list": _("The tie-breaks are a list of keys, not %(got)s."),
    "lot_needs_seed": _("The tie-break lot draws with the tournament's seed, and the settings give none."),
    # the prize list
    "prize_place_twice": _("Place %(place)s has a prize already."),
    "percent_or_cents": _("A place's prize is either a percentage of the fees or a fixed amount."),
    "percent_range": _("A percentage is more than 0 and at most 100, not %(got)s."),
    "percent_total": _("The percentages add up to %(total)s, more than 100."),
    "label_too_long": _("A prize's name has at most %(most)s characters."),
    # the document
    "document_not_object": _("A tournament document is a JSON object."),
    "format_wrong": _("The format must be %(expected)s, not %(got)s."),
    "unknown_preset": _("There is no tournament preset %(got)s (known: %(known)s)."),
    "preset_game": _("The preset %(preset)s is for %(game)s, not %(got)s."),
    "table_size": _("The preset has tables of %(sizes)s, not %(got)s."),
    "games_per_round_size": _("The table size %(got)s is none of the preset's (%(sizes)s)."),
    "option_unknown": _("The preset has no option %(got)s (its options: %(known)s)."),
    "option_value": _("The option %(option)s is one of %(known)s, not %(got)s."),
    "option_refused": _("%(words)s"),
    "seed_type": _("The seed is a whole number or a text, not %(got)s."),
    "number_twice": _("Start number %(number)s is given twice."),
    "name_twice": _("%(first)s and %(second)s are one name."),
    "arrives_after_withdrawal": _("Arrives in round %(arrives)s but withdrew after round %(withdrawn)s."),
    "round_number": _("This round must be number %(expected)s, not %(got)s."),
    "too_many_rounds": _("The settings plan %(rounds)s rounds, but the document has %(got)s."),
    "table_number_twice": _("Table %(number)s is given twice in this round."),
    "round_without_tables": _("A round has at least one table."),
    "unknown_start_number": _("No participant has start number %(got)s."),
    "seated_twice": _("Start number %(number)s sits twice in round %(round)s."),
    "not_arrived": _("Start number %(number)s arrives in round %(arrives)s, so he does not play round %(round)s."),
    "withdrawn": _("Start number %(number)s withdrew after round %(withdrawn)s, so he does not play round %(round)s."),
    "round_not_played": _("Round %(got)s is not in the document (it has rounds 1 to %(rounds)s)."),
    "bye_value": _('A bye scores "average" or a whole number of points, not %(got)s.'),
    "credit_choice": _('A substitute\'s points are "original" or "substitute", not %(got)s.'),
    "bye_twice": _("Start number %(number)s has two byes in round %(round)s."),
    "bye_seated": _("Start number %(number)s has a bye in round %(round)s and sits at a table in it."),
    "substitute_twice": _("Start number %(number)s has two substitutes from round %(round)s."),
    "substitute_entry": _("A substitute's own entry is another participant than the player replaced."),
    "lot_among": _("A lot is drawn among two or more start numbers, and its winner is one of them."),
    "seat_names": _(
        "One name for each seat: the seated player's, or that of a substitute for the seat (%(known)s), not %(got)s."
    ),
}

PROBLEMS_IN_PLAYERS_WORDS: dict[str, str] = {
    "unknown_game": _("There is no draw for this game."),
    "penalty_kind": _("Choose one of the offered kinds of penalty."),
    "points_not_deduction": _(
        "Only a free deduction, or a serious offence in a solo, names its points: the others are fixed by the rules."
    ),
    "serious_in_solo_range": _(
        "A serious offence in a solo gives the soloist %(least)s to %(most)s points, as the official decides."
    ),
    "unknown_tiebreak": _("There is no such tie-break: choose one of the offered tie-breaks."),
    "tiebreak_twice": _("A tie-break is chosen twice."),
    "tiebreak_after_end": _("Nothing can follow the last tie-break chosen."),
    "tiebreaks_not_a_list": _("The tie-breaks cannot be read."),
    "lot_needs_seed": _("Drawing lots needs the tournament's seed, and the settings give none."),
    "document_not_object": _("The file is not a tournament document."),
    "format_wrong": _("The file was written in another format (%(got)s)."),
    "unknown_preset": _("There is no such tournament scoring (%(got)s)."),
    "preset_game": _("This tournament scoring is for another game."),
    "option_unknown": _("This tournament scoring has no such option (%(got)s)."),
    "option_value": _("Choose one of the values offered for this option."),
    "bye_value": _("A bye scores the round's average or a whole number of points."),
    "credit_choice": _("Choose whose a substitute's points are: the player replaced or the substitute."),
}

# These already say it in the table's words:
ALREADY_IN_PLAYERS_WORDS = (
    "field_cannot_be_seated",
    "field_one_table",
    "field_too_small",
    "rounds_out_of_range",
    "duplicate_player",
    "player_twice_in_round",
    "unknown_player",
    "no_such_table",
    "fixed_table_overfull",
    "apart_same_player",
    "apart_fixed_together",
    "apart_impossible",
    "pflichtsolo_missing",
    "games_missing",
    "final_owes_pflichtsolo",
    "final_game_left",
    "final_games_left",
    "final_sheet_open",
    "final_round_left",
    "final_rounds_left",
    "rows_not_zero_sum",
    "time_called_range",
    "penalty_not_seated",
    "prize_place_twice",
    "percent_or_cents",
    "percent_range",
    "percent_total",
    "label_too_long",
    "table_size",
    "games_per_round_size",
    "option_refused",
    "seed_type",
    "number_twice",
    "name_twice",
    "arrives_after_withdrawal",
    "round_number",
    "too_many_rounds",
    "table_number_twice",
    "round_without_tables",
    "context_not_deduction",
    "not_a_table_mate",
    "sitting_out_at_five",
    "soloist_sat_out",
    "unknown_start_number",
    "seated_twice",
    "not_arrived",
    "withdrawn",
    "round_not_played",
    "bye_twice",
    "bye_seated",
    "substitute_twice",
    "substitute_entry",
    "lot_among",
    "seat_names",
)
REGISTRY.register(
    "tournament", TEMPLATES, dict.fromkeys(ALREADY_IN_PLAYERS_WORDS, AS_AUTHOR) | PROBLEMS_IN_PLAYERS_WORDS
)
