"""Every write to a tournament: registration, the draw, rounds and their table sessions, swaps, penalties.

The draw (``leagues.tournaments.rules.draw``) plans every remaining round from the field as it is
(``selectors.tournaments.drawn``; ``draw`` keeps the plan), and a round is only committed when the director starts
it: its tables become sessions of the club (the table sheets, entered on the same screens as any evening), seated as
drawn. Rounds played never change. One module a part; here the writes the pages call, by name.
"""

from .clock import extend_clock, pause_clock, resume_clock, set_clock_minutes, start_clock, time_up
from .decisions import draw_lot, give_bye, substitute
from .document_import import import_tournament
from .field import add_participant, keep_apart, withdraw
from .penalties import add_penalty
from .plan import draw
from .rounds import call_time, close_round, start_round, swap
from .table_sheets import table_sheet
from .tournament import create_tournament, set_prizes

__all__ = [
    "add_participant",
    "add_penalty",
    "call_time",
    "close_round",
    "create_tournament",
    "draw",
    "draw_lot",
    "extend_clock",
    "give_bye",
    "import_tournament",
    "keep_apart",
    "pause_clock",
    "resume_clock",
    "set_clock_minutes",
    "set_prizes",
    "start_clock",
    "start_round",
    "substitute",
    "swap",
    "table_sheet",
    "time_up",
    "withdraw",
]
