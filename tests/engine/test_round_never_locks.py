"""No tournament table can lock (issue 23): whatever was played — normal games and solos won or lost, Pflichtsoli
ticked or not, penalty rows, time called at any point — at every step the round either accepts a deal the phone
offers or is complete, and then its sheet closes. Random tables of four and five under the DDV rules (Pflichtsolo
vorgeführt) and under the extra-deals home rule, with the round's games drawn small so the end comes often."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.tournaments.rules.sheet import scored_sheet
from scorekeeper import engine
from scorekeeper.engine.rounds import dealer_plays
from scorekeeper.engine.tournament_presets import PRESETS

SEATS = ("A", "B", "C", "D", "E")
TICKS: tuple[dict[str, bool], ...] = ({}, {"forced": True}, {"forced": True, "vorgefuehrt": True})


def document(preset: str, games: int, seats: tuple[str, ...], deals: list[Any], time_called: int | None) -> Any:
    rules = PRESETS[preset].with_games({len(seats): games}).table_rules(time_called)
    return {"format": engine.FORMAT, "game": "doppelkopf", "rules": rules, "players": list(seats), "deals": deals}


def accepted(doc: dict[str, Any]) -> bool:
    try:
        engine.load(doc).results()
    except engine.InvalidSession:
        return False
    return True


def playing(session: engine.Session, results: list[engine.DealResult]) -> tuple[str, ...]:
    """Who plays the next deal, as the phone's form offers them (``scorekeeper.table.reads.next_deal``)."""
    state = session.round(results)
    assert state is not None
    dealer = session.next_dealer(results)
    return session.playing(dealer, dealer_plays(state.must_play, state.owing, dealer))


def offered(playing: tuple[str, ...], data: st.DataObject) -> list[dict[str, Any]]:
    """The deals a phone's form offers next, with points drawn: a normal game of two who play, and a solo of each
    player who plays with each way of ticking it (plain, Pflichtsolo, vorgeführt)."""
    re = data.draw(st.permutations(playing))[:2]
    deals = [{"type": "normal", "re": re, "re_points": data.draw(st.sampled_from([0, 90, 121, 151, 240]))}]
    for player in playing:
        points = data.draw(st.sampled_from([30, 120, 121, 200]))
        deals += [{"type": "solo", "solo": "buben", "re": [player], "re_points": points, **t} for t in TICKS]
    return deals


@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(["ddv", "ddv_home"]),
    seats=st.sampled_from([SEATS[:4], SEATS]),
    games=st.integers(1, 14),
    data=st.data(),
)
def test_every_table_accepts_a_deal_or_closes(
    preset: str, seats: tuple[str, ...], games: int, data: st.DataObject
) -> None:
    deals: list[Any] = []
    time_called: int | None = None
    penalties = 0
    for _ in range(games + len(seats) + 4):  # more games than a round can take: it must end before
        if time_called is None and data.draw(st.integers(0, 9)) == 0:
            time_called = len(deals)
        session = engine.load(document(preset, games, seats, deals, time_called))
        results = session.results()
        state = session.round(results)
        assert state is not None
        if state.complete:
            break
        players = playing(session, results)
        if penalties < 3 and data.draw(st.integers(0, 7)) == 0:  # a penalty row: no game, accepted at any time
            penalties += 1
            severity = data.draw(st.sampled_from(["minor", "serious"]))
            deals.append({"type": "penalty", "player": data.draw(st.sampled_from(players)), "severity": severity})
        next_deals = offered(players, data)
        taken = [d for d in next_deals if accepted(document(preset, games, seats, [*deals, d], time_called))]
        assert taken, f"locked: {state}, deals {deals}"
        deals.append(data.draw(st.sampled_from(taken)))
    else:
        raise AssertionError(f"the round never ended: {deals}")
    sheet = scored_sheet(PRESETS[preset], document(preset, games, seats, deals, time_called))
    assert sheet.closing_problems() == ()
    assert all(seat.pflichtsolo is not None for seat in state.seats.values())
