"""Every name, description and problem of the ranking engine, as a code with parameters.

The engine imports nothing from Django: it returns a :class:`Message` (a stable code from :data:`TEMPLATES` and
the values to fill in); ``str()`` renders it in English, and the page looks the same code up in its catalogue and
renders it in the member's language. Codes are stable: a stored season and the translations are keyed by them.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.engine.messages import CodedError, Param, gettext_noop
from scorekeeper.engine.messages import Message as EngineMessage


class Message(EngineMessage):
    """A message of the ranking engine, as the rule engine's messages are, with this module's codes."""

    __slots__ = ()

    @staticmethod
    def templates() -> Mapping[str, str]:
        return TEMPLATES


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
    "minimum_sessions": _("Ranked from %(least)s evenings on."),
    "minimum_rounds": _("Ranked from %(least)s rounds on."),
    # the tie-breaks
    "tiebreak_more_points": _("More game points"),
    "tiebreak_more_points_about": _("More game points over the season ranks higher."),
    "tiebreak_more_sessions": _("More evenings"),
    "tiebreak_more_sessions_about": _("More evenings played ranks higher."),
    "tiebreak_best_evening": _("Best evening"),
    "tiebreak_best_evening_about": _("The higher game points on one single evening rank higher."),
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
