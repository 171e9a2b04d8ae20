"""Players who leave or join a table between deals (the optional ``lineup`` of a ``schreiber/1`` document).

A change names how many deals were played before it (``after``) and the player who ``leaves`` or ``joins`` (at
``seat``, 1-based, in the table's seat order after joining; at the end without one). The deal goes round as before:
whoever would deal next still deals next, and when that player leaves, the player after him deals. A player who
left keeps what he won or lost and may join again. Every change must leave a table the rules seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import DealError
from .game import Game
from .names import check_name, same_person

FIELD = "lineup"
CHANGE_KEYS = frozenset({"after", "leaves", "joins", "seat", "at"})


@dataclass(frozen=True, slots=True)
class Change:
    after: int  # deals played before the change
    player: str
    joins: bool
    seat: int | None = None  # where a joining player sits, 1-based; None: after the last seat
    at: str | None = None  # when, as the document gives it (ISO 8601); the engine does not read it

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"after": self.after, "joins" if self.joins else "leaves": self.player}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.at is not None:
            out["at"] = self.at
        return out


def read(value: Any, players: Sequence[str], deal_count: int, game: Game) -> tuple[tuple[Change, ...], tuple[str, ...]]:
    """The changes of a document's ``lineup`` and every player of the session (those seated first, then each who
    joined, in the order they joined); DealError at the first change that cannot be."""
    if not isinstance(value, list):
        raise DealError(FIELD, "lineup_not_list")
    seated, roster, changes = tuple(players), list(players), []
    least, most = game.table_sizes()[0], game.table_sizes()[-1]
    last = 0
    for entry in value:
        change = _change(entry, deal_count, last)
        last = change.after
        if change.joins:
            if change.player in seated:
                raise DealError(FIELD, "lineup_seated", name=change.player)
            twins = same_person([*roster, change.player]) if change.player not in roster else None
            if twins:
                raise DealError(FIELD, "players_one_person", first=twins[0], second=twins[1])
            if change.seat is not None and not 1 <= change.seat <= len(seated) + 1:
                raise DealError(FIELD, "lineup_seat", most=len(seated) + 1, got=change.seat)
            if len(seated) + 1 > most:
                raise DealError(FIELD, "lineup_join_size", name=change.player, game=game.title, most=most)
            if change.player not in roster:
                roster.append(change.player)
        else:
            if change.player not in seated:
                raise DealError(FIELD, "lineup_not_seated", name=change.player)
            if len(seated) - 1 < least:
                raise DealError(FIELD, "lineup_leave_size", name=change.player, game=game.title, least=least)
        seated, _ = apply(seated, seated[0], change)
        changes.append(change)
    return tuple(changes), tuple(roster)


def _change(entry: Any, deal_count: int, last: int) -> Change:
    if not isinstance(entry, Mapping) or set(entry) - CHANGE_KEYS or ("leaves" in entry) == ("joins" in entry):
        raise DealError(FIELD, "lineup_change_unreadable", got=repr(entry))
    after = entry.get("after")
    if type(after) is not int or not last <= after <= deal_count:
        raise DealError(FIELD, "lineup_after", least=last, most=deal_count, got=repr(after))
    joins = "joins" in entry
    player = check_name(FIELD, entry["joins" if joins else "leaves"])
    seat = entry.get("seat")
    if seat is not None and (not joins or type(seat) is not int):
        raise DealError(FIELD, "lineup_change_unreadable", got=repr(entry))
    at = entry.get("at")
    if at is not None and not isinstance(at, str):
        raise DealError(FIELD, "lineup_change_unreadable", got=repr(entry))
    return Change(after, player, joins, seat, at)


def apply(seated: tuple[str, ...], next_dealer: str, change: Change) -> tuple[tuple[str, ...], str]:
    """The table after ``change`` and who deals next: unchanged, unless he leaves; then the player after him."""
    if change.joins:
        at = len(seated) if change.seat is None else change.seat - 1
        return (*seated[:at], change.player, *seated[at:]), next_dealer
    at = seated.index(change.player)
    rest = tuple(p for p in seated if p != change.player)
    return rest, rest[at % len(rest)] if next_dealer == change.player else next_dealer


def mark(change: Change, seated: tuple[str, ...]) -> dict[str, Any]:
    """A change as the sheet writes it between two deals: who left, or who joined and at which seat (1-based)."""
    out: dict[str, Any] = {"joins": change.player, "seat": seated.index(change.player) + 1} if change.joins else {}
    if not change.joins:
        out["leaves"] = change.player
    if change.at is not None:
        out["at"] = change.at
    return out
