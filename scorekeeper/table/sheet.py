"""The score sheet (Spielliste) as rows ready to draw: the web page, the PDF and ``settle --pdf`` all use it.

Rows are laid out from deal results in their stored form (``derived.stored_result``): a stored session's rows come
from its deals as the services wrote them, with no replay; ``build_sheet`` scores a ``schreiber/1`` document with
the engine first (``settle --pdf``, the preview of a deal being entered), so it needs no database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime

from .. import engine
from ..engine import lineup
from ..engine.money import cents_for
from ..stored import derived
from ..words import engine_words


@dataclass(frozen=True)
class Cell:
    """One player's square in a row: the change, the running total and what they did this deal."""

    player: str
    delta: int
    total: int
    dealt: bool
    sat_out: bool
    declared: bool
    away: bool = False  # not at the table for this deal: left before it, or joined after it


@dataclass(frozen=True)
class LineupMark:
    """A player who left or joined the table between two deals, as the sheet writes it: "23:05 Caro left"."""

    player: str
    joins: bool
    seat: int | None = None  # where a player who joined sits, 1-based
    at: datetime | None = None

    @classmethod
    def of(cls, stored: Mapping[str, Any]) -> LineupMark:
        joins = "joins" in stored
        at = parse_datetime(stored["at"]) if stored.get("at") else None
        return cls(stored["joins" if joins else "leaves"], joins, stored.get("seat"), at)


@dataclass(frozen=True)
class Row:
    number: int
    dealer: str
    sitting_out: tuple[str, ...]
    label: str
    declarers: tuple[str, ...]
    value: int
    multiplier: int
    explanation: str
    deltas: tuple[int, ...]  # aligned with Sheet.players
    totals: tuple[int, ...]
    pot: int
    marks: tuple[str, ...]
    facts: Mapping[str, Any]
    extra: Mapping[str, Any]
    cells: tuple[Cell, ...]
    deal_id: int | None = None  # the stored deal, for links; None for a document's row
    revision: int = 0
    lineup: tuple[LineupMark, ...] = ()  # who left or joined just before this deal

    @property
    def base_value(self) -> int | None:
        """The value before its multiplier (960 is 240 × 4), to explain the value; None without a multiplier."""
        if self.multiplier <= 1 or self.value % self.multiplier:
            return None
        return self.value // self.multiplier

    @property
    def runners(self) -> int:
        return next((int(m.split(":")[1]) for m in self.marks if m.startswith("runners:")), 0)

    @property
    def is_solo(self) -> bool:
        return "solo" in self.marks

    def has(self, mark: str) -> bool:
        return mark in self.marks


@dataclass(frozen=True)
class Sheet:
    game: str
    game_title: str
    players: tuple[str, ...]
    rows: tuple[Row, ...]
    uses_pot: bool
    zero_sum: bool  # false for a plus-only sheet: only the winners are written, and no money is settled
    pot: int
    next_dealer: str
    next_playing: tuple[str, ...]
    cents_per_point: int
    rules: Mapping[str, Any]
    tariff: Mapping[str, Any] | None
    totals: tuple[int, ...] = field(default=())
    # Doppelkopf: who still owes a forced solo this round (the live sheet's head, ``reads.sheet_head``)
    pflichtsolo: engine.PflichtsoloRound | None = None
    lineup: tuple[LineupMark, ...] = ()  # who left or joined after the last deal, before the next

    @property
    def money_cents(self) -> tuple[int, ...]:
        return tuple(cents_for(t, self.cents_per_point) for t in self.totals)


@dataclass(frozen=True)
class StoredDeal:
    """What a row is drawn from: a deal's number, facts and stored result (and its id when it is stored)."""

    number: int
    facts: Mapping[str, Any]
    result: Mapping[str, Any]
    deal_id: int | None = None
    revision: int = 0
    changed_in: int = 0  # the session revision its line last changed in (``Deal.changed_in``)


def row(deal: StoredDeal, players: Sequence[str]) -> Row:
    stored = deal.result
    out, declarers, away = tuple(stored["out"]), tuple(stored["declarers"]), frozenset(stored.get("away", ()))
    return Row(
        number=deal.number,
        dealer=stored["dealer"],
        sitting_out=out,
        label=engine_words.deal_label(stored["label"]),
        declarers=declarers,
        value=stored["value"],
        multiplier=stored["multiplier"],
        explanation=engine_words.explanation_text(stored["explanation"]),
        deltas=tuple(stored["deltas"]),
        totals=tuple(stored["totals"]),
        pot=stored["pot"],
        marks=tuple(stored["marks"]),
        facts=deal.facts,
        extra=stored["extra"],
        cells=tuple(
            Cell(p, delta, total, p == stored["dealer"], p in out, p in declarers, p in away)
            for p, delta, total in zip(players, stored["deltas"], stored["totals"], strict=True)
        ),
        deal_id=deal.deal_id,
        revision=deal.revision,
        lineup=tuple(LineupMark.of(change) for change in stored.get("lineup", ())),
    )


def sheet(
    parsed: engine.Session,
    deals: Iterable[StoredDeal],
    *,
    next_dealer: str,
    pot: int,
    totals: Sequence[int],
) -> Sheet:
    """A sheet from stored rows and the session's summary; ``parsed`` is the session's header."""
    game = parsed.new_game()
    players = parsed.players
    return Sheet(
        game=parsed.game_key,
        game_title=game.title,
        players=players,
        rows=tuple(row(deal, players) for deal in deals),
        uses_pot=game.uses_pot(),
        zero_sum=game.zero_sum(),
        pot=pot,
        next_dealer=next_dealer,
        next_playing=parsed.playing(next_dealer),
        cents_per_point=parsed.cents_per_point or 0,
        rules=parsed.rules,
        tariff=parsed.tariff,
        totals=tuple(totals),
    )


def build_sheet(document: Mapping[str, Any], *, first_dealer: str | None = None) -> Sheet:
    """Score ``document`` and lay it out; raises engine.InvalidSession for a broken document."""
    parsed = engine.load(document)
    results = parsed.results()
    players = parsed.players
    deals = [StoredDeal(r.number, parsed.deals[r.number - 1], derived.stored_result(r, players)) for r in results]
    last = results[-1] if results else None
    built = sheet(
        parsed,
        deals,
        next_dealer=parsed.next_dealer(results) if results or first_dealer is None else first_dealer,
        pot=last.pot if last else parsed.pot_carried_in,
        totals=[last.totals[p] for p in players] if last else [0] * len(players),
    )
    return replace(built, lineup=pending_lineup(parsed))


def pending_lineup(parsed: engine.Session) -> tuple[LineupMark, ...]:
    """Who left or joined after the last deal of ``parsed`` (every change, for a header read without its deals)."""
    seated = parsed.starting or parsed.players
    marks = []
    for change in parsed.lineup:
        if change.after == parsed.deal_count:
            seated, _ = lineup.apply(seated, seated[0], change)
            marks.append(LineupMark.of(lineup.mark(change, seated)))
        elif change.after < parsed.deal_count:
            seated, _ = lineup.apply(seated, seated[0], change)
    return tuple(marks)
