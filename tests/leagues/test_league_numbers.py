"""The numbers of a standing on the league checked by hand at four and five (``league_four_five``): rounds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from leagues.models import League
from leagues.seasons import selectors
from scorekeeper.models import PlayerResult
from tests.leagues.conftest import Personas
from tests.leagues.league_four_five import GUEST, four_five_season

pytestmark = pytest.mark.django_db


def scores(season: object) -> dict[str, object]:
    return {row.totals.name: row.score for row in selectors.standing(season).rows}  # type: ignore[arg-type]


def test_the_stored_results_are_those_checked_by_hand(personas: Personas, league: League) -> None:
    season = four_five_season(personas, league, {"mode": "total_points"})
    assert scores(season) == {GUEST: 50, "Anna": 20, "Caro": 0, "Bert": -20, "Dieter": -50}
    at_five = PlayerResult.objects.filter(played_on__day=15).values_list("deals_played", "deals_out")
    assert set(at_five) == {(4, 1)}


def test_a_round_counts_once_per_player_at_four_and_at_five(personas: Personas, league: League) -> None:
    season = four_five_season(personas, league, {"mode": "average", "per": "round", "min_rounds": 2})
    assert scores(season) == {"Anna": 10, "Caro": 0, "Bert": -10, "Dieter": Fraction(-25), GUEST: 50}
    # the members reach the minimum of two rounds with their second evening, the guest's one round does not
    rows = selectors.standing(season).rows
    assert [(r.rank, r.totals.name) for r in rows] == [(1, "Anna"), (2, "Caro"), (3, "Bert"), (4, "Dieter"),
                                                       (None, GUEST)]  # fmt: skip
