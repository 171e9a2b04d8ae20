"""A tournament table's sheet, and the rules the scorekeeper asks before a table's players change or its sheet
closes (``leagues.apps`` adds them)."""

from __future__ import annotations

from typing import Any, cast

from scorekeeper.engine.messages import Message
from scorekeeper.models import Session
from scorekeeper.services import ServiceError
from scorekeeper.stored.documents import session_document

from .. import selectors
from ..models import TournamentTable
from ..rules.sheet import Sheet, closing_problems, scored_sheet, unbalanced_rows
from ..rules.words import InvalidTournament
from ..selectors import preset_of
from .refusals import refusal


def table_sheet(table: TournamentTable) -> Sheet:
    """The table's sheet as the engine scores its session, under the session's own rules, which keep the round:
    Pflichtsoli owed, games left, whether it can close."""
    try:
        return scored_sheet(preset_of(table.round.tournament), session_document(table.session))
    except InvalidTournament as error:
        raise ServiceError({None: [p.words for p in error.problems]}) from error


def table_lineup_problems(session: Session) -> list[Message]:
    """Why the players of a tournament table cannot change: the draw seated them (a substitute is another matter).
    Nothing for any other session; the scorekeeper asks it before every change of players (``add_lineup_rule``)."""
    if not selectors.is_table(session):
        return []
    return [refusal("table_seated_by_draw")]


def table_closing_problems(session: Session) -> list[Message]:
    """Why a tournament table's sheet cannot close yet: its round is not played out (a Pflichtsolo owed, games still
    to play). Nothing for any other session. The scorekeeper asks it before every close (``add_closing_rule``); it
    reads the round the engine's replay stored with the session's last change, not scored again."""
    table = TournamentTable.objects.filter(session=session).select_related("round__tournament").first()
    if table is None:
        return []
    kept = session.round
    if kept is None:  # no deal yet: the round as it begins
        problems = table_sheet(table).closing_problems()
    else:
        preset = preset_of(table.round.tournament)
        live = session.deals.filter(deleted_at__isnull=True).order_by("sequence")
        stored = cast("list[tuple[int, dict[str, Any]]]", list(live.values_list("number", "result")))
        rows = unbalanced_rows((n, sum(r["deltas"]), r["pot"]) for n, r in stored) if preset.zero_sum else ()
        problems = closing_problems(kept["owing"], kept["regular_left"], kept["games"], rows)
    return list(problems)
