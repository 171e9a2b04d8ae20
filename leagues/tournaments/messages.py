"""Every problem the draw can report, as a code with parameters (as the ranking engine's messages are).

The draw imports nothing from Django: a :class:`DrawError` carries a stable code from :data:`TEMPLATES` and the
values to fill in; ``str()`` renders it in English, and the page looks the same code up in its catalogue and renders
it in the director's language.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.engine.messages import Message as EngineMessage
from scorekeeper.engine.messages import Param, gettext_noop


class Message(EngineMessage):
    """A message of the draw, with this module's codes."""

    __slots__ = ()

    @staticmethod
    def templates() -> Mapping[str, str]:
        return TEMPLATES


class DrawError(ValueError):
    """The draw cannot be made as asked: a field that cannot be seated, a bad fixed table, an impossible wish.

    ``code`` and ``params`` name the message in :data:`TEMPLATES`; ``str()`` is the English sentence.
    """

    def __init__(self, code: str, /, **params: Param) -> None:
        self.words = Message(code, params)
        self.code = code
        self.params = params
        super().__init__(str(self.words))


_ = gettext_noop

TEMPLATES: dict[str, str] = {
    "unknown_game": _("The draw knows no game %(game)s (known: %(known)s)."),
    "field_cannot_be_seated": _(
        "%(players)s players cannot be seated at tables of %(sizes)s: the nearest fields that can are %(fewer)s and "
        "%(more)s players (give byes or add substitutes)."
    ),
    "field_too_small": _(
        "%(players)s players cannot be seated at tables of %(sizes)s: a draw needs at least %(least)s."
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
}
