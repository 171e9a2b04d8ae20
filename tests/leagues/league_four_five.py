"""A league checked by hand at a table of four and a table of five (issue 25), for the standing's numbers.

Schafkopf, classic rules, 10/20/50 (a Sauspiel is worth 20 to each side, 30 with Schneider), 10 cents a point:

    8 Jan 2026, a table of four, one round of 4 deals (Anna deals first):
        Anna+Bert 72: A +20 B +20 C −20 D −20     Caro+Dieter 80: C +20 D +20 A −20 B −20
        Anna+Caro 95 (Schneider): A +30 C +30 B −30 D −30     Anna+Dieter 70: A +20 D +20 B −20 C −20
        → Anna +50 (1st), Caro +10 (2nd), Dieter −10 (3rd), Bert −50 (4th)
    15 Jan 2026, a table of five, one round of 5 deals, the dealer sitting out (Gast, a guest, deals first):
        Bert+Caro 72 (Gast out): B +20 C +20 D −20 A −20     Caro+Dieter 80 (Bert out): C +20 D +20 G −20 A −20
        Dieter+Anna 50 (Caro out): G +20 B +20 D −20 A −20    Anna+Gast 95 (Dieter out): A +30 G +30 B −30 C −30
        Gast+Bert 61 (Anna out): G +20 B +20 C −20 D −20
        → Gast +50 (1st), Bert +30 (2nd), Caro −10 (3rd), Anna −30 (4th), Dieter −40 (5th)

Season: Gast 50, Anna 20, Caro 0, Bert −20, Dieter −50 game points. Every member played 2 rounds (each player is
in a round once: 4 of 4 deals at four, 4 of 5 at five), Gast 1. Per round: Gast 50, Anna 10, Caro 0, Bert −10,
Dieter −25 (dividing the deals played by the table's size gave 1.8 rounds: Anna 11.11, Gast 62.5).
"""

from __future__ import annotations

import datetime
from typing import Any

from leagues.models import League, Season
from leagues.seasons import services as league_services
from scorekeeper import services
from scorekeeper.models import Session
from tests.leagues.conftest import Personas, sauspiel
from tests.scorekeeper.conftest import start

FOUR_DAY = datetime.date(2026, 1, 8)
FIVE_DAY = datetime.date(2026, 1, 15)
GUEST = "Gast"


def evening(personas: Personas, day: datetime.date, names: list[str], deals: list[dict[str, Any]]) -> Session:
    players: list[Any] = [personas.players.get(name, name) for name in names]  # a name not in the club: a guest
    session = services.start_session(
        club=personas.club, actor=personas.owner, game="schafkopf", rules="classic", tariff="10/20/50",
        players=players, cents_per_point=10, played_on=day,
    )  # fmt: skip
    for facts in deals:
        services.record_deal(session=session, actor=personas.scorer, facts=facts)
    return services.close_session(session=session, actor=personas.owner)


def play_four_and_five(personas: Personas) -> tuple[Session, Session]:
    four = evening(
        personas, FOUR_DAY, ["Anna", "Bert", "Caro", "Dieter"],
        [sauspiel("Anna", "Bert", 72), sauspiel("Caro", "Dieter", 80), sauspiel("Anna", "Caro", 95),
         sauspiel("Anna", "Dieter", 70)],
    )  # fmt: skip
    five = evening(
        personas, FIVE_DAY, [GUEST, "Bert", "Caro", "Dieter", "Anna"],
        [sauspiel("Bert", "Caro", 72), sauspiel("Caro", "Dieter", 80), sauspiel("Dieter", "Anna", 50),
         sauspiel("Anna", GUEST, 95), sauspiel(GUEST, "Bert", 61)],
    )  # fmt: skip
    return four, five


def four_five_season(personas: Personas, league: League, ranking: dict[str, Any], **options: Any) -> Season:
    play_four_and_five(personas)
    return league_services.save_season(
        league=league, actor=personas.owner, name="Winter 2026", period="quarter",
        starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 3, 31), ranking=ranking, **options,
    )  # fmt: skip


__all__ = ["FIVE_DAY", "FOUR_DAY", "GUEST", "four_five_season", "play_four_and_five", "start"]
