"""A random tournament night cannot lock (issue 23 acceptance), through the services a director and the tables' phones
use: tables of four and five, the DDV rules or the extra-deals home rule, time called at a random point of each round,
penalties, a player withdrawing between rounds. At every step a table accepts one of the deals its phone offers, or
its sheet closes; every round closes and the tournament ends final."""

from __future__ import annotations

import datetime
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues.models import Tournament, TournamentRound, TournamentTable
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.services import table_sheets
from scorekeeper import services
from scorekeeper.engine.messages import Message
from scorekeeper.services import ServiceError
from scorekeeper.table import reads
from tests.leagues.conftest import Personas

TICKS: tuple[dict[str, bool], ...] = ({}, {"forced": True}, {"forced": True, "vorgefuehrt": True})


def offered(table: TournamentTable, rng: random.Random) -> list[dict[str, Any]]:
    """The deals the table's phone offers next, in a random order: a normal game of two who play and each player's
    solo, ticked each way."""
    _, playing = reads.next_deal(table.session)
    deals = [{"type": "normal", "re": rng.sample(playing, 2), "re_points": rng.choice([0, 90, 121, 151, 240])}]
    for player in playing:
        points = rng.choice([30, 120, 121, 200])
        deals += [{"type": "solo", "solo": "damen", "re": [player], "re_points": points, **t} for t in TICKS]
    rng.shuffle(deals)
    return deals


def play_a_deal(table: TournamentTable, personas: Personas, rng: random.Random) -> None:
    """Record the first offered deal the table accepts; there must be one."""
    for facts in offered(table, rng):
        try:
            services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
        except ServiceError:
            continue
        return
    raise AssertionError(f"table {table.number} locked: {tournaments.table_sheet(table).round}")


def a_penalty(this_round: TournamentRound, personas: Personas, rng: random.Random) -> None:
    table = rng.choice(list(this_round.tables.all()))
    seated = [row.participant for row in table.seat_rows.select_related("participant").order_by("position")]
    offender, *others = rng.sample(seated, len(seated))
    sitting_out = others[0] if len(seated) == 5 and rng.random() < 0.5 else None
    tournaments.add_penalty(
        this_round=this_round, actor=personas.owner, participant=offender, kind=rng.choice(["minor", "serious"]),
        reason="Karten gezeigt", official="Turnierleitung", sitting_out=sitting_out,
    )  # fmt: skip


def closing_problems(table: TournamentTable) -> list[Message]:
    table.session.refresh_from_db()  # the round the last deal's replay stored
    return table_sheets.table_closing_problems(table.session)


def play_round(tournament: Tournament, personas: Personas, rng: random.Random) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    tables = list(this_round.tables.select_related("session"))
    call_time_at = rng.randint(0, 6)  # deals each table has played when time is called
    for step in range(40):  # more than any round at a table needs
        if step == call_time_at:
            tournaments.call_time(this_round=this_round, actor=personas.owner)
        if rng.random() < 0.05:
            a_penalty(this_round, personas, rng)
        open_tables = [t for t in tables if closing_problems(t)]
        if not open_tables:
            break
        for table in open_tables:
            play_a_deal(table, personas, rng)
    for table in tables:
        assert closing_problems(table) == []
        services.close_session(session=table.session, actor=personas.owner)
    tournaments.close_round(this_round=this_round, actor=personas.owner)


@pytest.mark.django_db(transaction=False)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**16), players=st.integers(9, 11), preset=st.sampled_from(["ddv", "ddv_home"]), data=st.data()
)
def test_a_random_tournament_never_locks_and_ends_final(
    personas: Personas, seed: int, players: int, preset: str, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    tournament = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name=f"Turnier {Tournament.objects.count()}", preset=preset,
        played_on=datetime.date(2026, 11, 28), rounds=2, seed=seed,
    )  # fmt: skip
    for n in range(1, players + 1):
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name=f"Gast {n}")
    for _ in range(tournament.rounds):
        play_round(tournament, personas, rng)
        if data.draw(st.booleans()):  # someone goes home after this round
            leaving = rng.choice(list(tournament.participants.filter(last_round__isnull=True)))
            tournaments.withdraw(participant=leaving, actor=personas.owner)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert selectors.ranking(tournament).final
