"""A tournament's prize list and who wins what under its ranking (the rules: ``leagues.tournaments.rules.prizes``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from .models import TableSeat, Tournament
from .rules.prizes import BEST_OF_TABLE, HIGH_OF_SESSION, Award, CategoryPrize, Prizes, Ranked, award
from .rules.prizes import read_prizes as read_prize_list
from .selectors import Entrant, TournamentRanking


@dataclass(frozen=True)
class PrizeLine:
    participant: Entrant
    cents: int
    what: str  # "Place 1", "Best woman", "Best of table 3"


def prizes_of(tournament: Tournament) -> Prizes:
    """The stored prize list (``services.set_prizes`` stored it as read), or none."""
    return read_prize_list(tournament.settings.get("prizes", {}))


def fees_cents(tournament: Tournament) -> int:
    """The fees collected: everyone registered paid, whoever withdrew later too."""
    return tournament.entry_fee_cents * tournament.participants.count()


def prize_table(tournament: Tournament, ranking: TournamentRanking) -> list[PrizeLine]:
    """Who wins what under ``ranking`` (the whole tournament's): the places first, then the categories."""
    prizes = prizes_of(tournament)
    if not prizes.pool and not prizes.categories:
        return []
    last_round = ranking.rounds[-1] if ranking.rounds else None
    last_tables: dict[int, list[int]] = {}
    if last_round is not None and any(c.category == BEST_OF_TABLE for c in prizes.categories):
        for table, number in TableSeat.objects.filter(
            table__round__tournament=tournament, table__round__number=last_round
        ).values_list("table__number", "participant__number"):
            last_tables.setdefault(table, []).append(number)
    ranked = [
        Ranked(row.standing.player, row.place, row.standing.rounds, frozenset(row.participant.categories))
        for row in ranking.rows
    ]
    participants = {row.standing.player: row.participant for row in ranking.rows}
    awards = award(prizes, ranked, fees_cents=fees_cents(tournament), last_round=last_round, last_tables=last_tables)
    return [PrizeLine(participants[a.player], a.cents, prize_name(a)) for a in awards]


def prize_name(awarded: Award) -> str:
    if awarded.category is None:
        return _("Place %(n)s") % {"n": awarded.place}
    name = category_name(awarded.category)
    return name if awarded.table is None else _("%(prize)s, table %(n)s") % {"prize": name, "n": awarded.table}


def category_name(prize: CategoryPrize) -> str:
    """The prize's own label, else a name for its category."""
    defaults = {BEST_OF_TABLE: _("Best of table"), HIGH_OF_SESSION: _("Best round")}
    return prize.label or defaults.get(prize.category) or _("Best of %(category)s") % {"category": prize.category}
