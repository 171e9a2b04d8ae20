"""One reading of the director's decisions (issue 23): substitutes, byes and lots drawn in the hall travel in the
``schreiber-tournament/1`` document, and ``rank`` on the export ranks as the ranking page does (both through
``rules.ranking.standings`` and ``rules.byes.bye_results``); the import brings them back."""

from __future__ import annotations

import datetime
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from leagues.models import Tournament
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.documents import export_tournament
from leagues.tournaments.rules.document import InvalidTournament, dump, load, rank
from tests.leagues.conftest import Personas, play_out

pytestmark = pytest.mark.django_db


def decided_night(personas: Personas, credit: str = "original") -> Tournament:
    """Nine guests, two rounds, table points (a bye's average is 25): Gast 9 has a bye in round 1, Ersatz plays Gast
    1's seat from round 1, one table is played out, the other has no game yet, and a lot in the hall decides among
    the players level at the top of those still at 0."""
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Nachtturnier", preset="ddv", table_points=True,
        played_on=datetime.date(2026, 11, 28), rounds=2, seed=3, substitute_credit=credit,
    )  # fmt: skip
    for n in range(1, 10):
        tournaments.add_participant(tournament=found, actor=personas.owner, name=f"Gast {n}")
    gast = {p.name: p for p in found.participants.all()}
    tournaments.give_bye(tournament=found, actor=personas.owner, participant=gast["Gast 9"])
    this_round = tournaments.start_round(tournament=found, actor=personas.owner)
    tournaments.substitute(tournament=found, actor=personas.owner, participant=gast["Gast 1"], from_round=1,
                           name="Ersatz")  # fmt: skip
    played, idle = this_round.tables.order_by("number")
    play_out(played, personas.owner)
    ranked = selectors.ranking(found)
    level = [row for row in ranked.rows if row.standing.points == 25]  # the idle table's four and the bye: 25 each
    assert len(level) >= 2
    tournaments.draw_lot(tournament=found, actor=personas.owner, winner=level[-1].participant)
    assert idle.session.deal_count == 0
    return found


def page_order(tournament: Tournament, round_number: int | None = None) -> list[tuple[int, int, object, bool]]:
    ranked = selectors.ranking(tournament, round_number=round_number)
    return [(r.participant.number, r.place, r.standing.points, r.by_lot) for r in ranked.rows]


def rank_order(rows: list[dict[str, Any]]) -> list[tuple[int, int, object, bool]]:
    return [(r["number"], r["place"], r["points"], r["decided_by_lot"]) for r in rows]


def test_rank_on_the_export_gives_the_ranking_pages_order_and_points(personas: Personas, tmp_path: Path) -> None:
    tournament = decided_night(personas)
    exported = export_tournament(tournament)
    assert exported["settings"]["bye"] == "average"
    assert exported["byes"] == [{"player": 9, "round": 1, "drawn": False}]
    assert exported["substitutes"] == [{"player": 1, "from_round": 1, "name": "Ersatz", "entry": None}]
    assert [lot["round"] for lot in exported["lots"]] == [None]
    path = tmp_path / "night.json"
    path.write_text(json.dumps(exported))
    out = io.StringIO()
    call_command("rank", str(path), stdout=out)
    ranked = json.loads(out.getvalue())
    assert rank_order(ranked["overall"]) == page_order(tournament)
    assert rank_order(ranked["rounds"][0]["standings"]) == page_order(tournament, 1)
    assert any(row["decided_by_lot"] for row in ranked["overall"])  # the lot decided, in both
    bye = next(row for row in ranked["overall"] if row["number"] == 9)
    assert (bye["byes"], bye["rounds"], bye["points"]) == ([1], {"1": 25}, 25)
    anna = next(row for row in ranked["overall"] if row["number"] == 1)
    assert anna["substitutes"] == [{"name": "Ersatz", "from_round": 1}]


def test_the_import_brings_back_the_substitute_the_bye_and_the_lot(personas: Personas) -> None:
    tournament = decided_night(personas)
    exported = export_tournament(tournament)
    imported = tournaments.import_tournament(club=personas.club, actor=personas.owner, document=exported)
    again = export_tournament(imported)
    assert again == exported
    assert page_order(imported) == page_order(tournament)
    sub = imported.substitutions.get()
    assert (sub.participant.number, sub.name, sub.from_round, sub.entry) == (1, "Ersatz", 1, None)
    table = imported.played_rounds.get().tables.get(seat_rows__participant__number=1)
    assert "Ersatz" in list(table.session.seats.values_list("name", flat=True))  # the sheet seats the substitute


def test_a_substitute_with_their_own_points_round_trips(personas: Personas) -> None:
    tournament = decided_night(personas, credit="substitute")
    exported = export_tournament(tournament)
    assert exported["settings"]["substitute_credit"] == "substitute"
    assert exported["substitutes"] == [{"player": 1, "from_round": 1, "name": "Ersatz", "entry": 10}]
    ranked = rank(exported)
    assert rank_order(ranked["overall"]) == page_order(tournament)
    assert next(r for r in ranked["overall"] if r["number"] == 10)["substitute_for"] == 1
    imported = tournaments.import_tournament(club=personas.club, actor=personas.owner, document=exported)
    assert export_tournament(imported) == exported


def test_a_sheet_begun_before_the_substitute_came_keeps_its_names(personas: Personas) -> None:
    """A table that played before its substitute's own entry took the seat names the player replaced on its sheet:
    the document says so in the table's ``players``, and ``rank`` and the import read the sheet as it is."""
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Mitten", preset="ddv", played_on=datetime.date(2026, 11, 28),
        rounds=1, seed=5, substitute_credit="substitute",
    )  # fmt: skip
    for n in range(1, 9):
        tournaments.add_participant(tournament=found, actor=personas.owner, name=f"Gast {n}")
    this_round = tournaments.start_round(tournament=found, actor=personas.owner)
    for table in this_round.tables.all():
        play_out(table, personas.owner)
    anna = found.participants.get(name="Gast 1")
    tournaments.substitute(tournament=found, actor=personas.owner, participant=anna, from_round=1, name="Ersatz")
    exported = export_tournament(found)
    table = next(t for r in exported["rounds"] for t in r["tables"] if 9 in t["seats"])
    assert "Gast 1" in table["players"]
    assert rank_order(rank(exported)["overall"]) == page_order(found)
    imported = tournaments.import_tournament(club=personas.club, actor=personas.owner, document=exported)
    assert export_tournament(imported) == exported


def test_a_document_without_decisions_reads_as_before() -> None:
    document = {
        "format": "schreiber-tournament/1",
        "settings": {"game": "doppelkopf", "preset": "ddv", "rounds": 1},
        "participants": [{"number": n, "name": f"P{n}"} for n in range(1, 5)],
    }
    loaded = load(document)
    assert (loaded.substitutes, loaded.byes, loaded.lots, loaded.settings.bye) == ((), (), (), "average")
    assert load(dump(loaded)) == loaded


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"byes": [{"player": 7, "round": 1}]}, "byes[0].player"),
        ({"byes": [{"player": 1, "round": 1}]}, "byes[0]"),  # seated in round 1
        ({"lots": [{"among": [1, 2], "winner": 3}]}, "lots[0].among"),
        ({"substitutes": [{"player": 1, "from_round": 1, "name": "E", "entry": 1}]}, "substitutes[0].entry"),
        ({"settings": {"game": "doppelkopf", "preset": "ddv", "rounds": 1, "bye": "half"}}, "settings.bye"),
    ],
)
def test_bad_decisions_are_named_at_their_path(change: dict[str, Any], path: str) -> None:
    document = {
        "format": "schreiber-tournament/1",
        "settings": {"game": "doppelkopf", "preset": "ddv", "rounds": 1},
        "participants": [{"number": n, "name": f"P{n}"} for n in range(1, 5)],
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [1, 2, 3, 4], "deals": []}]}],
        **change,
    }
    with pytest.raises(InvalidTournament) as error:
        load(document)
    assert path in [p.field for p in error.value.problems]


def test_a_sheets_names_must_be_the_seats_players_or_their_substitutes() -> None:
    document = {
        "format": "schreiber-tournament/1",
        "settings": {"game": "doppelkopf", "preset": "ddv", "rounds": 1},
        "participants": [{"number": n, "name": f"P{n}"} for n in range(1, 5)],
        "substitutes": [{"player": 2, "from_round": 1, "name": "Ersatz"}],
        "rounds": [{"number": 1, "tables": [
            {"number": 1, "seats": [1, 2, 3, 4], "players": ["P1", "Ersatz", "P3", "P4"], "deals": []},
        ]}],
    }  # fmt: skip
    assert load(document).rounds[0].tables[0].players == ("P1", "Ersatz", "P3", "P4")
    document["rounds"][0]["tables"][0]["players"] = ["Ersatz", "P2", "P3", "P4"]  # type: ignore[index]
    with pytest.raises(InvalidTournament) as error:
        load(document)
    assert [p.field for p in error.value.problems] == ["rounds[0].tables[0].players[0]"]
