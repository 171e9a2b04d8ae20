"""The Schreiber rule engine: pure Python, no Django.

Give it a ``schreiber/1`` session document (rules, tariff, players, the facts
of each deal) and it replays the deals and scores them::

    from scorekeeper import engine
    session = engine.load(document)        # InvalidSession on a bad header
    results = session.results()            # InvalidSession naming every bad deal
    engine.settle_document(session, results)

One module per game (``schafkopf``, ``doppelkopf``, ``sheepshead``,
``bauernstoss``) holds its presets as data and scores one deal at a time.
"""

from .deal import Item, Outcome
from .errors import DealError, InvalidSession, Problem
from .output import settle_document, settle_table
from .registry import GAME_KEYS, GAMES
from .session import FORMAT, DealResult, Session, load


def settle(document: object) -> dict[str, object]:
    """Settle a whole document; raises InvalidSession."""
    session = load(document)
    return settle_document(session, session.results())


__all__ = [
    "FORMAT", "GAMES", "GAME_KEYS", "DealError", "DealResult", "InvalidSession", "Item", "Outcome",
    "Problem", "Session", "load", "settle", "settle_document", "settle_table",
]
