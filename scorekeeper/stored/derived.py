"""What the engine derives from a session's deals, in the form the database keeps it.

The services replay a session once per change and store each deal's result (``Deal.result``) and the session's
summary (``Session.totals``, ``pot``, ``next_dealer``, ``deal_count``) in the same transaction, so that a page
reads them instead of replaying. This module only converts: it knows no model and no rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import engine
from ..engine.game import Game
from ..engine.messages import Message

FORMAT = 1  # of the stored result, so that a later shape can be told apart


@dataclass(frozen=True)
class Summary:
    """The session as it stands after its last deal."""

    deal_count: int
    totals: list[int]  # per seat
    pot: int
    next_dealer: int  # seat index
    round: dict[str, Any] | None = None  # a tournament table's round (round_json), else None


def stored_result(result: engine.DealResult, players: Sequence[str]) -> dict[str, Any]:
    """One deal's result as JSON: deltas and totals per seat, the explanation as (label, points, factor, words).

    ``words`` is the line's Message as JSON for the interface to translate, or null for a game term; results
    stored before it have only the English (or German) label, and ``rederive`` brings them up to date.
    """
    outcome = result.outcome
    return {
        "v": FORMAT,
        "dealer": result.dealer,
        "out": list(result.sitting_out),
        "label": outcome.label,
        "declarers": list(outcome.declarers),
        "value": outcome.value,
        "multiplier": outcome.multiplier,
        "explanation": [
            [item.label, item.points, item.factor, item.words.as_json() if isinstance(item.words, Message) else None]
            for item in outcome.explanation
        ],
        "marks": list(outcome.marks),
        "deltas": [result.deltas[p] for p in players],
        "totals": [result.totals[p] for p in players],
        "pot": result.pot,
        "extra": outcome.extra,
        **({"away": list(result.away)} if result.away else {}),  # players not at the table (they left, or came later)
        **({"lineup": list(result.lineup)} if result.lineup else {}),  # who left or joined just before the deal
    }


def summary(session: engine.Session, results: Sequence[engine.DealResult], first_dealer: int) -> Summary:
    """After ``results`` (the last of them is all it reads); with no deal yet, ``first_dealer`` (a seat index)
    deals next."""
    players = session.players
    state = session.round(results)
    round_ = None if state is None else round_json(state, players)
    if not results:
        return Summary(
            deal_count=0, totals=[0] * len(players), pot=session.pot_carried_in, next_dealer=first_dealer, round=round_
        )
    last = results[-1]
    return Summary(
        deal_count=last.number,  # ``results`` may be the last deals only (a replay resumed from a snapshot)
        totals=[last.totals[p] for p in players],
        pot=last.pot,
        next_dealer=players.index(session.next_dealer(results)),
        round=round_,
    )


def round_json(state: engine.RoundState, players: Sequence[str]) -> dict[str, Any]:
    """A table's round as the session keeps it: per table what is owed and left, per seat (a list in seat order)
    the games, solos, solos won and the deal number of the Pflichtsolo."""
    out = state.as_json()
    out["seats"] = [out["seats"][p] for p in players]
    return out


def rotating_from(facts: Sequence[dict[str, Any]], start: int) -> list[dict[str, Any]]:
    """The deals' facts with the frozen dealer left out from deal ``start`` (0-based) on, so that the engine
    derives each of those dealers by rotation from the deal before."""
    return [f if i < start else {k: v for k, v in f.items() if k != "dealer"} for i, f in enumerate(facts)]


def without_words(stored: Mapping[str, Any] | None) -> dict[str, Any]:
    """A stored result with each explanation line cut to its points and factor: what two results of the same facts
    must agree on, whichever version of the engine worded them."""
    stored = stored or {}
    return {**stored, "explanation": [list(line[1:3]) for line in stored.get("explanation", ())]}


def pflichtsolo_round(
    game: Game,
    seated: Sequence[str],
    kept_round: Mapping[str, Any] | None,
    stored: Iterable[tuple[Mapping[str, Any], Sequence[str], Sequence[str]]],
) -> engine.PflichtsoloRound | None:
    """Doppelkopf: who still owes a Pflichtsolo in the current round: a tournament table's from its round as kept
    (``round_json``), any other session's from its results so far (``stored``: each deal's extra, marks and
    declarers, read only when the rules have a Pflichtsolo)."""
    if kept_round is not None and game.rules.get("pflichtsolo_per_round", "off") != "off":
        return engine.PflichtsoloRound(1, kept_round["games_left"], tuple(kept_round["owing"]), kept_round["must_play"])
    return game.pflichtsolo_round(seated, stored)
