"""A tournament's printouts, rendered with WeasyPrint (``scorekeeper.settlement.printing``): the seating plan of a
round (by table, and "where do I sit?" by name, a wall page each), its table number cards, its pre-filled table
sheets (one page a table, all of them in one PDF), its results, and the final ranking with prizes.

The sheets are what a director prints for a round of 50 tables, so they are laid out for speed: one fixed-layout
table per page, rows of a fixed height computed here so that every sheet fills its page, thin rules only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scorekeeper.settlement.printing import pdf_from_template

from . import prize_selectors, selectors
from .forms import PRESET_NAMES, TIEBREAK_NAMES
from .models import Participant, Tournament, TournamentRound
from .ranking_html import ranked_name
from .team_forms import TEAM_TIEBREAK_NAMES
from .team_selectors import team_cells, team_ranking

SHEET_WIDTH_MM = 190  # A4 less the margins
SHEET_ROWS_MM = 186  # what a page leaves the numbered rows under the head and the names, above the signatures
SHEET_ROW_MOST_MM = 7.5  # 24 rows of a table of four are tall enough to write on, and no taller
SHEET_FIXED_MM = (9, 30, 14)  # the game's number, what was played, its value; then a column per player
SHEET_SOLO_MM = 14  # whose Pflichtsolo it was


@dataclass(frozen=True)
class SheetLayout:
    """The grid of every sheet with this many players and games: column widths, and the rules drawn down the rows.

    The numbered rows are drawn as a number and one wide cell each, and each column rule as one line down all of
    them: a fifth of the cells a ruled grid would need, which is most of what WeasyPrint spends.
    """

    players: int
    games: int
    pflichtsolo: bool

    @property
    def css_class(self) -> str:
        return f"grid-{self.players}-{self.games}"

    @property
    def widths_mm(self) -> list[float]:
        solo = [SHEET_SOLO_MM] if self.pflichtsolo else []
        player = (SHEET_WIDTH_MM - sum(SHEET_FIXED_MM) - sum(solo)) / self.players
        return [*SHEET_FIXED_MM, *[player] * self.players, *solo]

    @property
    def row_mm(self) -> float:
        return min(SHEET_ROW_MOST_MM, SHEET_ROWS_MM / self.games)

    @property
    def rules(self) -> range:
        """The column rules down the rows, one left of each column and one at the right edge."""
        return range(len(self.widths_mm) + 1)

    def css(self) -> str:
        """The rows' height and where each column rule is drawn (heavier left of each player's column and the
        last)."""
        number = SHEET_WIDTH_MM - SHEET_FIXED_MM[0] + 1.2  # the padding that leaves the number its column
        row = f"height: {self.row_mm:.2f}mm; line-height: {self.row_mm:.2f}mm; padding-right: {number:.1f}mm"
        lines, left = [f".{self.css_class} p.game {{ {row}; }}"], 0.0
        for i, width in zip(self.rules, [*self.widths_mm, 0], strict=True):
            heavy = len(SHEET_FIXED_MM) <= i <= len(SHEET_FIXED_MM) + self.players
            ink = "1pt solid #1d2320" if heavy else "0.4pt solid #9aa5a0"
            lines.append(
                f".{self.css_class} .rule-{i} {{ left: {min(left, SHEET_WIDTH_MM - 0.3):.2f}mm; border-left: {ink}; }}"
            )
            if width:
                lines.append(f".{self.css_class} col.col-{i} {{ width: {width:.2f}mm; }}")
            left += width
        return "\n".join(lines)


@dataclass(frozen=True)
class TableSheet:
    """One table's sheet: its players in seat order (seat 1 deals first, the last keeps the list), a row a game."""

    number: int
    players: list[Participant]
    layout: SheetLayout
    names: list[str]  # who plays each seat: "Bert (for Anna)" for a substitute

    @property
    def seats(self) -> list[tuple[Participant, str]]:
        return list(zip(self.players, self.names, strict=True))

    @property
    def rows(self) -> range:
        return range(1, self.layout.games + 1)


@dataclass(frozen=True)
class SeatLine:
    """A line of "where do I sit": a player, the table and the seat; ``name`` who sits there ("Bert (for Anna)" for a
    substitute, found under the substitute's name)."""

    participant: Participant
    table: int
    seat: int
    name: str


PLAN_SEATS_MM = 277 - 15  # what landscape A4 leaves the seats beside the tables' numbers (seating.html)
PLAN_FEW_SEAT = 0.6  # the share, against a full one, of a seat that fewer than half the tables have (the fifth)
WHERE_ROWS = 30  # lines of "where do I sit?" a column holds at 14 pt on A4, two columns a page


def plan_seat_widths(tables: list[selectors.TableView]) -> list[float]:
    """Each seat's column in the plan by table, in mm: the fifth seat of a few tables of five gets less, so that the
    names at the many tables of four are less often wrapped onto two lines."""
    most = max((len(t.players) for t in tables), default=0)
    shares = [1 if 2 * sum(len(t.players) >= seat for t in tables) >= len(tables) else PLAN_FEW_SEAT
              for seat in range(1, most + 1)]  # fmt: skip
    return [PLAN_SEATS_MM * share / sum(shares) for share in shares]


def where_pages(seats: list[SeatLine]) -> list[list[list[SeatLine]]]:
    """The alphabetical list cut into A4 pages of two columns, each column read top to bottom: cut here rather than
    by CSS columns, so that a column never breaks between pages."""
    pages = [seats[start : start + 2 * WHERE_ROWS] for start in range(0, len(seats), 2 * WHERE_ROWS)]
    return [[page[: (len(page) + 1) // 2], page[(len(page) + 1) // 2 :]] for page in pages]


def sheets_pdf(tournament: Tournament, this_round: TournamentRound) -> bytes:
    preset = selectors.preset_of(tournament)
    sheets = [
        TableSheet(
            t.number, t.players, SheetLayout(len(t.players), preset.games[len(t.players)], preset.pflichtsolo), t.names
        )
        for t in selectors.tables_of(this_round)
    ]
    grids = [layout.css() for layout in sorted({s.layout for s in sheets}, key=lambda layout: layout.css_class)]
    context = {**_head(tournament), "round": this_round, "sheets": sheets, "grids": grids}
    return pdf_from_template("leagues/print/tournament/sheets.html", context)


def seating_pdf(tournament: Tournament, this_round: TournamentRound) -> bytes:
    tables = selectors.tables_of(this_round)
    seats = [SeatLine(p, t.number, seat, name) for t in tables for seat, (p, name) in enumerate(t.seats, start=1)]
    seats.sort(key=lambda line: (line.name.casefold(), line.participant.number))
    seat_widths = plan_seat_widths(tables)
    context = {
        **_head(tournament),
        "round": this_round,
        "seat_widths": [f"{width:.1f}" for width in seat_widths],
        "plan": [(t, range(len(seat_widths) - len(t.players))) for t in tables],  # a row a table, short ones padded
        "where_pages": where_pages(seats),
    }
    return pdf_from_template("leagues/print/tournament/seating.html", context)


def table_cards_pdf(tournament: Tournament, this_round: TournamentRound) -> bytes:
    """A card a table, on A5, its number big enough to read across the hall."""
    context = {**_head(tournament), "round": this_round, "tables": selectors.tables_of(this_round)}
    return pdf_from_template("leagues/print/tournament/table_cards.html", context)


def round_results_pdf(tournament: Tournament, this_round: TournamentRound) -> bytes:
    """Each table's sheet totals beside what the round counts (table points and penalties on top), then the round's
    ranking."""
    ranked = selectors.ranking(tournament, round_number=this_round.number)
    counted = {row.participant.number: row.standing.points for row in ranked.rows}
    tables = [
        (t, [(p, name, t.session.totals[seat] if seat < len(t.session.totals) else 0, counted.get(p.number, 0))
             for seat, (p, name) in enumerate(t.seats)], t.session.is_open)
        for t in selectors.tables_of(this_round)
    ]  # fmt: skip
    table_of = {p.number: t.number for t, lines, _open in tables for p, *_ in lines}
    context = {
        **_head(tournament),
        "round": this_round,
        "tables": tables,
        "byes": selectors.byes_of(tournament, this_round.number),
        **_ranking_rows(ranked, table_of=table_of),
    }
    return pdf_from_template("leagues/print/tournament/round_results.html", context)


def ranking_pdf(tournament: Tournament) -> bytes:
    ranked = selectors.ranking(tournament)
    prize_lines = prize_selectors.prize_table(tournament, ranked)
    prizes_of: dict[int, int] = {}
    for line in prize_lines:
        prizes_of[line.participant.number] = prizes_of.get(line.participant.number, 0) + line.cents
    context = {
        **_head(tournament),
        **_ranking_rows(ranked, prizes=prizes_of),
        "prize_lines": prize_lines,
        "fees_cents": prize_selectors.fees_cents(tournament),
        "team_lines": [(row, team_cells(row)) for row in team_ranking(tournament, ranked)],
        "team_tiebreak_names": list(TEAM_TIEBREAK_NAMES.values()),
    }
    return pdf_from_template("leagues/print/tournament/ranking.html", context)


def _head(tournament: Tournament) -> dict[str, Any]:
    return {
        "tournament": tournament,
        "club": tournament.club,
        "preset_name": PRESET_NAMES.get(tournament.preset, tournament.preset),
    }


def _ranking_rows(
    ranked: selectors.TournamentRanking, *, table_of: dict[int, int] | None = None, prizes: dict[int, int] | None = None
) -> dict[str, Any]:
    """The ranking as plain rows for the template: place, number, name, points, then one value per column."""
    rounds = [] if ranked.round else ranked.rounds
    tiebreaks = [key for key in ranked.chain if key in TIEBREAK_NAMES and key != "shared"]
    rows = [
        {
            "standing": row.standing,
            "participant": row.participant,
            "name": ranked_name(row),
            "table": (table_of or {}).get(row.participant.number),
            "rounds": [row.standing.rounds.get(n, "–") for n in rounds],
            "tiebreaks": row.standing.tiebreak_cells(tiebreaks),
            "prize_cents": (prizes or {}).get(row.participant.number, 0),
        }
        for row in ranked.rows
    ]
    return {
        "ranking": ranked,
        "rows": rows,
        "round_columns": [_("R%(n)s") % {"n": n} for n in rounds],
        "tiebreak_columns": [TIEBREAK_NAMES[key] for key in tiebreaks],
        "with_tables": table_of is not None,
        "with_prizes": prizes is not None,
    }
