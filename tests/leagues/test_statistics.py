"""A player's season statistics (``leagues.seasons.statistics``), checked by hand on three evenings of Anna's.

Every expected number is worked out in the comments from the tariff (10/20/50: Sauspiel 20, Wenz and Solo 50,
Schneider 10, Schwarz 10, × 2 per Kontra step; Schneider won from 91, lost at 30 or less; a Sauspiel is lost at 60
or less), not read from the code.
"""

from __future__ import annotations

import datetime
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from leagues.models import League, Season, StoredStanding
from leagues.seasons import selectors, standing_store, statistics
from leagues.seasons import services as league_services
from scorekeeper import services
from tests.leagues.conftest import Personas, play_evening, sauspiel

pytestmark = pytest.mark.django_db

FEB = [datetime.date(2026, 2, day) for day in (5, 12, 19, 26)]
THROWN_IN = {"contract": "passed"}


def wenz(declarer: str, points: int, **more: Any) -> dict[str, Any]:
    return {"contract": "wenz", "declarer": declarer, "points": points, **more}


@pytest.fixture
def february(personas: Personas, league: League) -> Season:
    """Anna's three evenings, an evening without her, and one in January the season leaves out."""
    play_evening(personas, datetime.date(2026, 1, 29), [sauspiel("Anna", "Bert", 95)])
    play_evening(
        personas,
        FEB[0],
        [
            # 1. Caro + Dieter win Schneider (95) against Anna's Kontra: (20 + 10) × 2 = 60. Anna −60, L.
            sauspiel("Caro", "Dieter", 95, kontra=1),
            # 2. Anna + Bert win (72): Anna +20, W.
            sauspiel("Anna", "Bert", 72),
            # 3. Thrown in: nobody wins, Anna 0, "-".
            THROWN_IN,
            # 4. Anna wins an Eichel-Solo Schneider (100): 50 + 10 = 60 from each. Anna +180, W.
            {"contract": "solo", "declarer": "Anna", "suit": "eichel", "points": 100},
        ],
    )
    play_evening(
        personas,
        FEB[1],
        [
            # 1. Bert's Wenz loses Schwarz (no trick): 50 + 10 + 10 = 70 to each. Anna +70, W.
            wenz("Bert", 0, schwarz=True),
            # 2. Bert + Caro win (80): Anna −20, L.
            sauspiel("Bert", "Caro", 80),
            # 3. Dieter + Anna lose (50): Anna −20, L.
            sauspiel("Dieter", "Anna", 50),
        ],
    )
    play_evening(
        personas,
        FEB[2],
        [
            # 1. Anna + Dieter lose Schneider (20): 20 + 10 = 30. Anna −30, L.
            sauspiel("Anna", "Dieter", 20),
            # 2. Anna + Caro win (61) after Kontra and Re: 20 × 4 = 80. Anna +80, W.
            sauspiel("Anna", "Caro", 61, kontra=2),
        ],
    )
    play_evening(personas, FEB[3], [sauspiel("Bert", "Caro", 72)], names=["Bert", "Caro", "Dieter", "Emil"])
    return league_services.save_season(
        league=league, actor=personas.owner, name="February", period="free", starts_on=FEB[0],
        ends_on=datetime.date(2026, 2, 28), ranking={"mode": "total_points"},
    )  # fmt: skip


def key_of(personas: Personas, name: str) -> str:
    member = personas.players[name]
    return selectors.player_key(member.pk, member.user_id)


def test_every_statistic_of_annas_season(personas: Personas, february: Season, django_assert_num_queries: Any) -> None:
    february.league.club_ids()  # read with the season on a page
    # the rows' stamp, her login's memberships, her rows by them, the season's days as stored, the others' names
    with django_assert_num_queries(5):
        stats = statistics.player_statistics(february, key_of(personas, "Anna"))
    with django_assert_num_queries(2):  # worked out once per change of the rows; the others named as they are now
        assert statistics.player_statistics(february, key_of(personas, "Anna")) == stats
    assert stats.name == "Anna"
    assert (stats.has_doubling, stats.has_pflichtsolo) == (True, False)  # Schafkopf: Kontra and Re, no Pflichtsolo
    # Evenings: 5 Feb −60 + 20 + 0 + 180 = 140; 12 Feb 70 − 20 − 20 = 30; 19 Feb −30 + 80 = 50. The 29 January
    # evening is before the season. The season has 4 evenings (26 Feb without her): 3 of 4.
    assert [(e.day, e.points) for e in stats.evenings] == [(FEB[0], 140), (FEB[1], 30), (FEB[2], 50)]
    assert (stats.sessions, stats.days_played, stats.season_evenings) == (3, 3, 4)
    assert stats.attendance == Fraction(3, 4)
    assert stats.points == 220
    assert stats.money_cents == 2200  # zero-sum at 10 cents a point
    # Deals: 4 + 3 + 2 = 9 played, none sat out; won 5 Feb 2 and 4, 12 Feb 1, 19 Feb 2: 4 of 9.
    assert (stats.deals.count, stats.deals.won, stats.deals_out) == (9, 4, 0)
    assert stats.deals.rate == Fraction(4, 9)
    # Led: Sauspiele on 5 Feb (won), 19 Feb (lost, won): 3, 2 won; the Solo on 5 Feb, won. (Dieter led on 12 Feb.)
    assert [(c.key, str(c.label), c.tally.count, c.tally.won) for c in stats.contracts] == [
        ("sauspiel", "Sauspiel", 3, 2),
        ("solo", "Solo", 1, 1),
    ]
    assert (stats.solos.count, stats.solos.won) == (1, 1)
    assert (stats.pflichtsoli.count, stats.pflichtsoli.won, stats.pflichtsoli.rate) == (0, 0, None)
    # Kontra: given on 5 Feb as a defender, lost. Re: given on 19 Feb as the declarer, won.
    assert (stats.kontra.count, stats.kontra.won, stats.re.count, stats.re.won) == (1, 0, 1, 1)
    # Schneider for: her Solo (5 Feb) and Bert's Wenz lost Schwarz (12 Feb, a Schneider too); against: 5 Feb 1
    # and 19 Feb 1. Schwarz for: 12 Feb 1.
    assert (stats.schneider_for, stats.schneider_against, stats.schwarz_for, stats.schwarz_against) == (2, 2, 1, 0)
    assert stats.schneider_for_rate == stats.schneider_against_rate == Fraction(2, 9)
    assert (stats.schwarz_for_rate, stats.schwarz_against_rate) == (Fraction(1, 9), 0)
    # Game value: 60 + 20 + 0 + 180 + 70 + 20 + 20 + 30 + 80 = 480 over 9 deals.
    assert stats.value_sum == 480
    assert stats.average_value == Fraction(480, 9)
    # Outcomes: LW-W, WLL, LW. The thrown-in deal does not break W W, W: three won in a row; L L then L: three lost.
    assert (stats.longest_winning_streak, stats.longest_losing_streak) == (3, 3)
    assert (stats.best_evening.value, stats.best_evening.evening.day) == (140, FEB[0])
    assert (stats.worst_evening.value, stats.worst_evening.evening.day) == (30, FEB[1])
    assert stats.best_deal is not None
    assert stats.worst_deal is not None
    assert (stats.best_deal.value, stats.best_deal.evening.day) == (180, FEB[0])
    assert (stats.worst_deal.value, stats.worst_deal.evening.day) == (-60, FEB[0])
    # Partners [deals, won]: Bert 5 Feb 1 (lost), 2 (won); Caro 12 Feb 1 (won), 19 Feb 2 (won); Dieter 12 Feb 1
    # (won), 2, 3 (lost), 19 Feb 1 (lost). Opponents: Bert 5 Feb 4 (won), 12 Feb 1 (won), 2, 3 (lost), 19 Feb 1
    # (lost), 2 (won); Caro 5 Feb 1 (lost), 2, 4 (won), 12 Feb 2, 3 (lost), 19 Feb 1 (lost); Dieter 5 Feb 1 (lost),
    # 2, 4 (won), 19 Feb 2 (won). The most deals first, then by name.
    assert [(p.name, p.tally.count, p.tally.won) for p in stats.partners] == [
        ("Dieter", 4, 1),
        ("Bert", 2, 1),
        ("Caro", 2, 2),
    ]
    assert [(p.name, p.tally.count, p.tally.won) for p in stats.opponents] == [
        ("Bert", 6, 3),
        ("Caro", 6, 2),
        ("Dieter", 4, 3),
    ]
    assert [p.key for p in stats.partners] == [key_of(personas, name) for name in ("Dieter", "Bert", "Caro")]


def test_a_player_without_a_login_and_the_season_lines(personas: Personas, february: Season) -> None:
    rows = selectors.season_rows(february)
    dieter = statistics.player_statistics(february, key_of(personas, "Dieter"))
    assert dieter.key.startswith("m")
    # Dieter played all four evenings: −60 + 20 … he is every other player's partner or opponent.
    assert (dieter.sessions, dieter.attendance) == (4, 1)
    lines = statistics.season_lines(rows)
    assert set(lines) == {key_of(personas, name) for name in ("Anna", "Bert", "Caro", "Dieter", "Emil")}
    anna = lines[key_of(personas, "Anna")]
    assert (len(anna.evenings), anna.deals.count, anna.deals.won, anna.best_evening.value) == (3, 9, 4, 140)


@pytest.mark.parametrize("key", ["u999999", "m999999", "x1", "u", "u1x", ""])
def test_a_player_without_results_is_not_found(personas: Personas, february: Season, key: str) -> None:
    with pytest.raises(Http404):
        statistics.player_statistics(february, key)


def test_a_login_is_one_player_in_every_club_of_the_league(personas: Personas, league: League) -> None:
    """Anna and Caro also play at the Gasthof Post, signed in as themselves: their rows and pairings merge."""
    post = services.create_club(owner=personas.outsider, name="Gasthof Post", owner_name="Olga")
    linked = {}
    for name, user in (("Anni", personas.owner), ("Caroline", personas.member)):
        linked[name] = services.add_member(club=post, name=name)
        linked[name].user = user
        linked[name].save()
    invitation = league_services.invite_club(league=league, actor=personas.owner, club_slug=post.slug)
    league_services.join_league(invitation=invitation, actor=personas.outsider)
    play_evening(personas, FEB[0], [sauspiel("Anna", "Caro", 72)])  # Anna +20 with Caro, won
    session = services.start_session(
        club=post, actor=personas.outsider, game="schafkopf", rules="classic", tariff="10/20/50",
        players=[post.members.get(user=personas.outsider), linked["Anni"], linked["Caroline"], "Xaver"],
        played_on=FEB[1],
    )  # fmt: skip
    services.record_deal(session=session, actor=personas.outsider, facts=sauspiel("Anni", "Caroline", 50))
    services.close_session(session=session, actor=personas.outsider)  # Anni −20 with Caroline, lost
    season = league_services.save_season(
        league=league, actor=personas.owner, name="February", period="free", starts_on=FEB[0],
        ends_on=datetime.date(2026, 2, 28), ranking={"mode": "total_points"},
    )  # fmt: skip
    stats = statistics.player_statistics(season, key_of(personas, "Anna"))
    assert [(e.club_id, e.points) for e in stats.evenings] == [(personas.club.pk, 20), (post.pk, -20)]
    assert stats.name == "Anni"  # as on her latest sheet
    caro = [(p.key, p.tally.count, p.tally.won) for p in stats.partners]
    assert caro == [(key_of(personas, "Caro"), 2, 1)]


def test_the_seasons_days_are_read_as_stored_or_counted_while_it_is_behind(
    personas: Personas, february: Season
) -> None:
    rows = selectors.season_rows(february)
    with CaptureQueriesContext(connection) as read:
        assert selectors.season_days(february, rows) == 4
    assert not [query for query in read.captured_queries if "scorekeeper_playerresult" in query["sql"]]
    StoredStanding.objects.filter(season=february).update(days=None)  # stored before the days were
    assert selectors.season_days(february, rows) == 4
    with mock.patch.object(standing_store, "AT_ONCE_RESULTS", 0):  # left to the background task: behind
        play_evening(personas, datetime.date(2026, 2, 27), [sauspiel("Bert", "Caro", 72)])
    assert selectors.season_days(february, rows) == 5
    assert statistics.player_statistics(february, key_of(personas, "Anna")).season_evenings == 5


def test_streaks_pass_over_deals_nobody_won() -> None:
    assert statistics.longest_run("WW-WLW", "W") == 3
    assert statistics.longest_run("LL-L-LW", "L") == 4
    assert statistics.longest_run("---", "W") == 0
    assert statistics.longest_run("", "L") == 0
