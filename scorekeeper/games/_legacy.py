"""The packs of the games not yet moved into their folders, read from the generic modules' tables (transitional)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from .. import entry, labels, player_results, printing, rules_in_words
from .counting import DealCounting, Facts, Result
from .pack import GamePack


class LegacyCounting(DealCounting):
    def __init__(self, game: str) -> None:
        self.game = game

    @property
    def counts_doubling(self) -> bool:
        return True

    def winners(
        self, players: Sequence[str], playing: frozenset[str], declarers: frozenset[str], result: Result
    ) -> frozenset[str]:
        return player_results._winners(self.game, players, playing, declarers, result)

    def sides(
        self, players: Sequence[str], playing: frozenset[str], declarers: frozenset[str]
    ) -> tuple[frozenset[str], ...]:
        return player_results._sides(self.game, players, playing, declarers)

    def lead(self, facts: Facts) -> str | None:
        return player_results._lead(self.game, facts)

    def cut(
        self,
        playing: frozenset[str],
        declarers: frozenset[str],
        winners: frozenset[str],
        facts: Facts,
        marks: Sequence[str],
    ) -> list[tuple[str, frozenset[str]]]:
        return player_results._cut(self.game, playing, declarers, winners, facts, marks)

    def doublings(self, facts: Facts) -> tuple[str, ...]:
        return player_results._doublings(self.game, facts)


def legacy_pack(game: str) -> GamePack:
    return GamePack(
        key=game,
        hint=labels.GAME_HINTS[game],
        entry=entry.GAMES[game],
        rule_phrases=rules_in_words.PHRASES[game],
        declarer_heading=printing.DECLARER_HEADINGS.get(game, _("Declarer")),
        pad_columns=printing.PAD_COLUMNS[game],
        counting=LegacyCounting(game),
        tournament_presets=(),  # still in leagues.tournaments.presets
    )
