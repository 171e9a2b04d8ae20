"""What a game module sees of one deal, and what it gives back.

:class:`Table` is the situation at the table (who deals, who plays, the pot);
:class:`Facts` reads the deal's recorded fields with validation and remembers
which ones were read, so a field that does not apply to the contract is
reported instead of silently ignored; :class:`Outcome` is the scored deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import DealError
from .messages import Message, listed
from .options import Validator
from .rounds import Ruling

# Fields every deal may carry, whatever the game (see the session format).
GENERIC_FIELDS = frozenset({"dealer", "note"})

_MISSING: Any = object()

Purpose = str | Message  # what a field is needed for, or what it does not apply to: a game term or a phrase


@dataclass(slots=True)  # not frozen: built for every deal, and frozen dataclasses are slow to build
class Table:
    number: int  # 1-based
    dealer: str
    seats: tuple[str, ...]  # every player, in seat order
    playing: tuple[str, ...]  # who plays this deal, in seat order
    sitting_out: tuple[str, ...]  # the dealer (and at a larger table the players before him), or nobody
    pot: int  # pot (Stock) balance before the deal
    ruling: Ruling | None = None  # what the session's round makes of the deal; None: the session plays no round


@dataclass(frozen=True, slots=True)
class Item:
    """One line of a deal's explanation: ``Schneider 10`` or ``Kontra ×2``.

    ``words`` is a game term, the same in every language, or a Message to translate.
    """

    words: str | Message
    points: int | None = None
    factor: int | None = None

    @property
    def label(self) -> str:
        """The words in English."""
        return str(self.words)

    def __str__(self) -> str:
        if self.factor is not None:
            return f"{self.label} ×{self.factor}"
        if self.points is not None:
            return f"{self.label} {self.points}"
        return self.label


@dataclass(slots=True)
class Outcome:
    """A scored deal as a game module reports it. Its dicts are never written once it is made, so a game may hand
    the same one to several deals (Bauernstoss: the deltas of every deal without a Partie)."""

    deltas: dict[str, int]  # playing players only; the replay adds 0 for the others
    label: str  # short name for the sheet, e.g. "Sauspiel (Eichel)" or "Herz-Solo Tout"
    value: int = 0  # per opponent, after all multipliers
    multiplier: int = 1
    pot_change: int = 0
    keep_dealer: bool = False  # the same dealer deals the next deal
    explanation: tuple[Item, ...] = ()
    # Sheet marks: "solo", "forced", "schneider", "schwarz", "runners:3", "bock", "doubled", "won", "lost", "tout", …
    marks: tuple[str, ...] = ()
    declarers: tuple[str, ...] = ()  # declarer side (declarer first), for the sheet
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific output keys


class Facts:
    """Validated access to a deal's recorded fields."""

    __slots__ = ("_read", "raw", "table")

    def __init__(self, raw: Mapping[str, Any], table: Table) -> None:
        self.raw = raw
        self.table = table
        self._read: set[str] = set()

    def has(self, name: str) -> bool:
        return name in self.raw

    def get(self, name: str, check: Validator, default: Any = _MISSING, *, needed_for: Purpose = "") -> Any:
        value = self.raw.get(name)
        if value is None:  # absent, or null: the same to a scorer
            if name in self.raw:
                self._read.add(name)
            if default is _MISSING:
                if needed_for:
                    raise DealError(name, "required_for", field=name, purpose=needed_for)
                raise DealError(name, "required", field=name)
            return default
        self._read.add(name)
        return check(name, value)

    def player(self, name: str, *, needed_for: Purpose = "", required: bool = True) -> str | None:
        """A player who plays this deal."""
        return self.get(name, self._playing_player, default=_MISSING if required else None, needed_for=needed_for)

    def players(self, name: str, *, needed_for: Purpose = "", default: Any = _MISSING) -> tuple[str, ...]:
        """A list of distinct playing players."""
        return self.get(name, self._player_list, default=default, needed_for=needed_for)

    def per_player(
        self, name: str, *, total: int | None = None, needed_for: Purpose = "", default: Any = _MISSING
    ) -> dict[str, int]:
        """``{player: n}`` for every playing player, optionally summing to ``total``."""
        return self.get(name, lambda n, v: self._per_player(n, v, total), default, needed_for=needed_for)

    def reject_unread(self, context: Purpose) -> None:
        """Raise for a recorded field that the scored contract does not use."""
        if len(self._read) == len(self.raw):  # every field was read (only fields it holds are): the usual deal
            return
        unread = self.raw.keys() - self._read - GENERIC_FIELDS
        if unread:
            name = sorted(unread)[0]
            raise DealError(name, "does_not_apply", field=name, context=context)

    # validators bound to the table ------------------------------------------------

    def _playing_player(self, name: str, value: Any) -> str:
        if value not in self.table.playing:
            if value in self.table.sitting_out:
                raise DealError(name, "sits_out", field=name, player=str(value))
            raise DealError(name, "not_a_player", field=name, got=repr(value))
        return str(value)

    def _player_list(self, name: str, value: Any) -> tuple[str, ...]:
        if type(value) is list:  # from JSON: accept the usual valid list at once, explain anything else below
            playing = self.table.playing
            for player in value:
                if player not in playing:
                    break
            else:
                if len(set(value)) == len(value):
                    return tuple(value)
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise DealError(name, "not_players", field=name, got=repr(value))
        chosen = tuple(self._playing_player(name, v) for v in value)
        if len(set(chosen)) != len(chosen):
            raise DealError(name, "player_twice", field=name)
        return chosen

    def _per_player(self, name: str, value: Any, total: int | None) -> dict[str, int]:
        if not isinstance(value, Mapping):
            raise DealError(name, "per_player_not_map", field=name, got=repr(value))
        for player in value:
            self._playing_player(name, player)
        missing = [p for p in self.table.playing if p not in value]
        if missing:
            raise DealError(name, "per_player_missing", field=name, players=listed(missing))
        counts: dict[str, int] = {}
        for player in self.table.playing:
            n = value[player]
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise DealError(name, "per_player_count", field=name, player=player, got=repr(n))
            counts[player] = n
        if total is not None and sum(counts.values()) != total:
            raise DealError(name, "per_player_total", field=name, total=total, got=sum(counts.values()))
        return counts
