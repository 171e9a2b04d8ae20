"""Every name, description and problem of the ranking engine, as a code with parameters.

The engine imports nothing from Django: it returns a :class:`Message` (a stable code and the values to fill in) of
the domain ``ranking`` in the one message registry (``scorekeeper.engine.messages``), where this module registers
its author templates and its player templates; ``str()`` renders the author's English, and a page renders the
player's sentence in the member's language. Codes are stable: a stored season is keyed by them.
"""

from __future__ import annotations

from scorekeeper.engine.messages import AS_AUTHOR, REGISTRY, Cases, CodedError, Param, gettext_noop
from scorekeeper.engine.messages import Message as EngineMessage


class Message(EngineMessage):
    """A message of the ranking engine, as the rule engine's messages are, with this module's codes."""

    __slots__ = ()
    domain = "ranking"


def say(code: str, /, **params: Param) -> Message:
    return Message(code, params)


class RankingError(CodedError):
    """A season's ranking cannot be built: a bad mode, parameter, tie-break or result (a code of :data:`TEMPLATES`)."""

    catalogue = Message


_ = gettext_noop

TEMPLATES: dict[str, str] = {
    # the modes: a name for a heading, a sentence for the page
    "mode_total_points": _("Total points"),
    "mode_total_points_about": _("Everybody's game points of the season added up."),
    "mode_total_money": _("Total money"),
    "mode_total_money_about": _("Everybody's winnings and losses of the season added up."),
    "mode_average": _("Average"),
    "mode_average_session_about": _("Game points per evening played."),
    "mode_average_round_about": _("Game points per round played (a round is %(round)s)."),
    "mode_average_deal_about": _("Game points per deal played."),
    "round_of_deals": _("%(deals)s deals"),
    "round_of_table": _("as many deals as players at the table"),
    "mode_best_n": _("Best evenings"),
    "mode_best_n_about": _("The game points of each player's best %(n)s evenings added up."),
    "mode_placement_points": _("Placement points"),
    "mode_placement_points_about": _(
        "Each evening gives points by the place at the table; players who share a place share its points."
    ),
    "mode_matchday_points": _("Matchday points"),
    "mode_matchday_points_about": _(
        "Each evening gives points by the place at the table (4, 3, 2, 1 at four); game points decide a tie."
    ),
    "mode_table_points_plus_game_points": _("Table points plus game points"),
    "mode_table_points_plus_game_points_about": _(
        "Each evening gives table points by the place at the table (40, 30, 20, 10 at four), added to the game points."
    ),
    "mode_evenings_won": _("Evenings won"),
    "mode_evenings_won_about": _(
        "The evenings each player finished first at the table; players level in first place each count it as won."
    ),
    "window_months": _("Only the evenings of the last %(months)s months up to the last evening count."),
    "missed_penalty": _("Each evening missed costs %(points)s points."),
    "missed_penalty_after_free": _("Each evening missed beyond the first %(free)s costs %(points)s points."),
    "minimum_sessions": _("Ranked from %(least)s evenings on."),
    "minimum_rounds": _("Ranked from %(least)s rounds on."),
    # the tie-breaks
    "tiebreak_more_points": _("More game points"),
    "tiebreak_more_points_about": _("More game points over the season ranks higher."),
    "tiebreak_more_sessions": _("More evenings"),
    "tiebreak_more_sessions_about": _("More evenings played ranks higher."),
    "tiebreak_best_evening": _("Best evening"),
    "tiebreak_best_evening_about": _("The higher game points on one single evening rank higher."),
    "tiebreak_more_evenings_won": _("More evenings won"),
    "tiebreak_more_evenings_won_about": _("More evenings finished first at the table ranks higher."),
    "tiebreak_more_solos_won": _("More solos won"),
    "tiebreak_more_solos_won_about": _("More solos won over the season ranks higher."),
    "tiebreak_direct_comparison": _("Direct comparison"),
    "tiebreak_direct_comparison_about": _(
        "The game points the tied players scored on the evenings when all of them sat at the same table."
    ),
    "tiebreak_shared": _("Shared place"),
    "tiebreak_shared_about": _("Players still level share the place; the next place is skipped."),
    # problems
    "mode_missing": _("The ranking names no mode."),
    "unknown_mode": _("There is no ranking mode %(mode)s (known: %(known)s)."),
    "unknown_param": _("The mode %(mode)s takes no parameter %(param)s (it takes: %(known)s)."),
    "param_required": _("The mode %(mode)s needs the parameter %(param)s."),
    "param_type": _("%(param)s must be %(expected)s, not %(got)s."),
    "param_too_small": _("%(param)s must be at least %(least)s, not %(got)s."),
    "param_too_big": _("%(param)s must be at most %(most)s, not %(got)s."),
    "param_choice": _("%(param)s must be one of %(choices)s, not %(got)s."),
    "points_missing": _("The mode %(mode)s needs a points table or a formula."),
    "points_table_length": _("The points for a table of %(size)s need %(size)s values, not %(got)s."),
    "no_points_for_size": _("The points table has no row for a table of %(size)s."),
    "penalty_not_for_mode": _("The mode %(mode)s takes no penalty for missed evenings."),
    "unknown_tiebreak": _("There is no tie-break %(tiebreak)s (known: %(known)s)."),
    "tiebreak_twice": _("The tie-break %(tiebreak)s is listed twice."),
    "tiebreak_after_shared": _("Nothing can follow the tie-break shared, but %(tiebreak)s does."),
    "tiebreaks_not_a_list": _("The tie-breaks must be a list of keys, not %(got)s."),
    "table_size_too_small": _("A table holds at least 1 player, not %(got)s."),
    "place_out_of_range": _("A place at a table of %(size)s is 1 to %(size)s, not %(got)s."),
    "negative_value": _("%(field)s cannot be negative (got %(got)s)."),
    "duplicate_result": _("%(player)s has two results for session %(session)s."),
    "place_overfull": _("Session %(session)s has %(count)s players on place %(place)s of %(size)s."),
    "unknown_period": _("Sub-standings are by %(choices)s, not %(got)s."),
}

PROBLEMS_IN_PLAYERS_WORDS: dict[str, str | Cases] = {
    "mode_missing": _("Choose how the season is ranked."),
    "unknown_mode": _("There is no such ranking: choose one of the offered rankings."),
    "unknown_param": _("This ranking has no such setting."),
    "param_required": _("A setting of this ranking is missing."),
    "param_type": Cases(
        "expected",
        {
            "": _("This setting cannot be read (%(got)s)."),
            "a whole number": _("Enter a whole number (not %(got)s)."),
        },
    ),
    "param_too_small": _("Enter %(least)s or more (not %(got)s)."),
    "param_too_big": _("Enter %(most)s or less (not %(got)s)."),
    "param_choice": _("Choose one of the offered values (not %(got)s)."),
    "points_missing": _("This ranking needs a points table or a formula."),
    "penalty_not_for_mode": _("Points off for missed evenings go with a ranking by points, not with this one."),
    "unknown_tiebreak": _("There is no such tie-break: choose one of the offered tie-breaks."),
    "tiebreak_twice": _("A tie-break is chosen twice."),
    "tiebreak_after_shared": _("Nothing can follow the shared place among the tie-breaks."),
    "tiebreaks_not_a_list": _("The tie-breaks cannot be read."),
    "negative_value": _("A result cannot be negative (%(got)s)."),
    "unknown_period": _("There are no such sub-standings (%(got)s)."),
}

# Every name and description is already the table's word, and so are these problems:
ALREADY_IN_PLAYERS_WORDS = (
    "mode_total_points",
    "mode_total_points_about",
    "mode_total_money",
    "mode_total_money_about",
    "mode_average",
    "mode_average_session_about",
    "mode_average_round_about",
    "mode_average_deal_about",
    "round_of_deals",
    "round_of_table",
    "mode_best_n",
    "mode_best_n_about",
    "mode_placement_points",
    "mode_placement_points_about",
    "mode_matchday_points",
    "mode_matchday_points_about",
    "mode_table_points_plus_game_points",
    "mode_table_points_plus_game_points_about",
    "mode_evenings_won",
    "mode_evenings_won_about",
    "window_months",
    "missed_penalty",
    "missed_penalty_after_free",
    "minimum_sessions",
    "minimum_rounds",
    "tiebreak_more_points",
    "tiebreak_more_points_about",
    "tiebreak_more_sessions",
    "tiebreak_more_sessions_about",
    "tiebreak_best_evening",
    "tiebreak_best_evening_about",
    "tiebreak_more_evenings_won",
    "tiebreak_more_evenings_won_about",
    "tiebreak_more_solos_won",
    "tiebreak_more_solos_won_about",
    "tiebreak_direct_comparison",
    "tiebreak_direct_comparison_about",
    "tiebreak_shared",
    "tiebreak_shared_about",
    "points_table_length",
    "no_points_for_size",
    "table_size_too_small",
    "place_out_of_range",
    "duplicate_result",
    "place_overfull",
)
REGISTRY.register("ranking", TEMPLATES, dict.fromkeys(ALREADY_IN_PLAYERS_WORDS, AS_AUTHOR) | PROBLEMS_IN_PLAYERS_WORDS)
