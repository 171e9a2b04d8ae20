"""The Schreiber rule engine: pure Python, no Django.

Give it a ``schreiber/1`` session document (rules, tariff, players, the facts
of each deal) and it replays the deals and scores them::

    from scorekeeper import engine
    session = engine.load(document)        # InvalidSession on a bad header
    results = session.results()            # InvalidSession naming every bad deal
    engine.settle_document(session, results)  # or engine.settle_json: the same as JSON text

One module per game (``schafkopf``, ``doppelkopf``, ``sheepshead``,
``bauernstoss``) holds its presets as data and scores one deal at a time.
"""

from typing import Any

from .deal import Item, Outcome
from .errors import DealError, InvalidSession, Problem
from .game import PflichtsoloRound
from .lineup import Change
from .options import as_json
from .output import settle_document, settle_json, settle_table
from .registry import GAME_KEYS, GAMES
from .rounds import RoundState
from .session import FORMAT, DealResult, Session, load, resolve_rules


def settle(document: object) -> dict[str, Any]:
    """Settle a whole document; raises InvalidSession."""
    session = load(document)
    return settle_document(session, session.results())


def freeze(game: str, rules: object, tariff: object = None) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The complete rules and tariff for a preset name or override object, as JSON a session can keep.

    Raises InvalidSession naming ``game``, ``rules`` or ``tariff`` when something is unknown or invalid.
    """
    try:
        _, resolved_rules, resolved_tariff = resolve_rules(game, rules, tariff)
    except DealError as error:
        raise InvalidSession([error.problem()]) from None
    return as_json(resolved_rules), as_json(resolved_tariff) if resolved_tariff is not None else None


__all__ = [
    "FORMAT",
    "GAMES",
    "GAME_KEYS",
    "Change",
    "DealError",
    "DealResult",
    "InvalidSession",
    "Item",
    "Outcome",
    "PflichtsoloRound",
    "Problem",
    "RoundState",
    "Session",
    "freeze",
    "load",
    "settle",
    "settle_document",
    "settle_json",
    "settle_table",
]
