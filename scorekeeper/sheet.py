"""The score sheet (Spielliste) as rows ready to draw: the web page, the PDF and ``settle --pdf`` all use it.

Built from a ``schreiber/1`` document by the rule engine alone, so it needs no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import engine
from .engine.money import cents_for


@dataclass(frozen=True)
class Cell:
    """One player's square in a row: the change, the running total and what they did this deal."""

    player: str
    delta: int
    total: int
    dealt: bool
    sat_out: bool
    declared: bool


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

    @property
    def money_cents(self) -> tuple[int, ...]:
        return tuple(cents_for(t, self.cents_per_point) for t in self.totals)


def build_sheet(document: Mapping[str, Any], *, first_dealer: str | None = None) -> Sheet:
    """Score ``document`` and lay it out; raises engine.InvalidSession for a broken document."""
    session = engine.load(document)
    results = session.results()
    players = session.players
    rows = tuple(
        Row(
            number=r.number,
            dealer=r.dealer,
            sitting_out=r.sitting_out,
            label=r.outcome.label,
            declarers=r.outcome.declarers,
            value=r.value,
            multiplier=r.multiplier,
            explanation=" + ".join(map(str, r.explanation)),
            deltas=tuple(r.deltas[p] for p in players),
            totals=tuple(r.totals[p] for p in players),
            pot=r.pot,
            marks=r.outcome.marks,
            facts=session.deals[r.number - 1],
            extra=r.outcome.extra,
            cells=tuple(
                Cell(p, r.deltas[p], r.totals[p], p == r.dealer, p in r.sitting_out, p in r.outcome.declarers)
                for p in players
            ),
        )
        for r in results
    )
    next_dealer = session.next_dealer(results) if results or first_dealer is None else first_dealer
    game = session.new_game()
    return Sheet(
        game=session.game_key,
        game_title=game.title,
        players=players,
        rows=rows,
        uses_pot=game.uses_pot(),
        zero_sum=game.zero_sum(),
        pot=rows[-1].pot if rows else session.pot_carried_in,
        next_dealer=next_dealer,
        next_playing=session.playing(next_dealer),
        cents_per_point=session.cents_per_point or 0,
        rules=session.rules,
        tariff=session.tariff,
        totals=rows[-1].totals if rows else tuple(0 for _ in players),
    )
