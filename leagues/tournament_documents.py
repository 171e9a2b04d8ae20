"""A tournament as a ``schreiber-tournament/1`` document (``docs/tournament-format.md``): what ``manage.py rank``
reads, and a tournament's export. The document's deals are the table sessions' deals as entered."""

from __future__ import annotations

from typing import Any

from scorekeeper.models import Deal

from .models import TableSeat, Tournament
from .tournaments.document import FORMAT
from .tournaments.ranking import POINTS


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """The tournament as it stands: settings, participants, every round started with its tables' seats and deals,
    and the penalties."""
    seats: dict[int, list[int]] = {}
    for table_id, number in (
        TableSeat.objects.filter(table__round__tournament=tournament)
        .order_by("table", "position")
        .values_list("table_id", "participant__number")
    ):
        seats.setdefault(table_id, []).append(number)
    deals: dict[int, list[Any]] = {}
    live = Deal.objects.filter(session__tournament_table__round__tournament=tournament, deleted_at__isnull=True)
    for session_id, facts in live.order_by("session", "sequence").values_list("session_id", "facts"):
        deals.setdefault(session_id, []).append(facts)
    rounds = [
        {
            "number": this_round.number,
            "tables": [
                {
                    "number": table.number,
                    "seats": seats[table.pk],
                    "deals": deals.get(table.session_id, []),
                    "time_called": table.time_called_after,
                }
                for table in this_round.tables.order_by("number")
            ],
        }
        for this_round in tournament.played_rounds.prefetch_related("tables")
    ]
    return {
        "format": FORMAT,
        "name": tournament.name,
        "settings": {
            "game": tournament.game,
            "preset": tournament.preset,
            "rounds": tournament.rounds,
            "table_points": bool(tournament.settings.get("table_points")),
            "tiebreaks": [POINTS, *tournament.tiebreaks],
            "entry_fee_cents": tournament.entry_fee_cents,
            "seed": tournament.seed,
        },
        "participants": [
            {"number": p.number, "name": p.name, "arrives": p.first_round, "withdrawn_after": p.last_round}
            for p in tournament.participants.all()
        ],
        "rounds": rounds,
        "penalties": [
            {
                "round": p.round.number,
                "player": p.participant.number,
                "kind": p.kind,
                **({"points": p.points} if p.points else {}),
                "reason": p.reason,
                "official": p.official,
            }
            for p in tournament.penalties.select_related("round", "participant")
        ],
    }
