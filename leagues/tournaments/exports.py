"""A tournament's rankings and rounds as spreadsheets' rows (``leagues.exports`` writes them as CSV or XLSX): plain
values under translated headers, a missing value blank."""

from __future__ import annotations

import tablib
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from . import selectors
from .forms import TIEBREAK_NAMES
from .models import Tournament, TournamentRound
from .rules.sheet import table_points
from .team_forms import TEAM_TIEBREAK_NAMES
from .team_selectors import TeamRow, team_cells


def ranking_dataset(ranked: selectors.TournamentRanking) -> tablib.Dataset:
    """The ranking as the page shows it: place, start number, name, points, each round's points (overall), the
    values of the tie-breaks that decide."""
    rounds = [] if ranked.round else ranked.rounds
    tiebreaks = [key for key in ranked.chain if key in TIEBREAK_NAMES and key != "shared"]
    found = tablib.Dataset(
        headers=[
            _("Place"), _("No."), _("Name"), _("Points"), *[_("R%(n)s") % {"n": n} for n in rounds],
            *[str(TIEBREAK_NAMES[key]) for key in tiebreaks],
        ]
    )  # fmt: skip
    for row in ranked.rows:
        s = row.standing
        found.append(
            [s.place, row.participant.number, row.participant.name, s.points,
             *[s.rounds.get(n, "") for n in rounds], *s.tiebreak_cells(tiebreaks)]
        )  # fmt: skip
    return found


def teams_dataset(rows: list[TeamRow]) -> tablib.Dataset:
    """The team ranking: place, team, points, the tie-break values, the members with their points."""
    found = tablib.Dataset(
        headers=[_("Place"), _("Team"), _("Points"), *[str(name) for name in TEAM_TIEBREAK_NAMES.values()],
                 _("Players")]
    )  # fmt: skip
    for row in rows:
        members = ", ".join(f"{p.name} ({points})" for p, points in row.members)
        found.append([row.place, row.team.name, row.standing.points, *team_cells(row), members])
    return found


def round_dataset(tournament: Tournament, this_round: TournamentRound) -> tablib.Dataset:
    """A line a player of the round, table by table in seat order: the sheet's points, the table points and the
    penalties on top, what the round counts and the place it gives, the solos played and won."""
    preset = selectors.preset_of(tournament)
    ranked = selectors.ranking(tournament, round_number=this_round.number)
    counted = {row.participant.number: row.standing for row in ranked.rows}
    found = tablib.Dataset(
        headers=[_("Table"), pgettext("at a table", "Seat"), _("No."), _("Name"), _("Game points"),
                 _("Table points"), _("Penalties"), _("Points"), _("Place"), _("Solos"), _("Solos won")]
    )  # fmt: skip
    for table in selectors.tables_of(this_round):
        totals = table.session.totals
        sheet = {str(p.number): totals[seat] if seat < len(totals) else 0 for seat, p in enumerate(table.players)}
        extra = table_points(preset, sheet)
        seats = (table.session.round or {}).get("seats", [])
        for seat, p in enumerate(table.players):
            standing = counted.get(p.number)
            points = standing.points if standing else sheet[str(p.number)]
            solos = seats[seat] if seat < len(seats) else {}
            found.append(
                [table.number, seat + 1, p.number, p.name, sheet[str(p.number)], extra[str(p.number)],
                 points - sheet[str(p.number)] - extra[str(p.number)], points, standing.place if standing else "",
                 solos.get("solos", 0), solos.get("solos_won", 0)]
            )  # fmt: skip
    return found
