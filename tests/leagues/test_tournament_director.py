"""The director's decisions: a late registration, a substitute, a bye, a lot drawn in the hall, a withdrawal shown
in every ranking; by persona (the owner directs, a scorer or member cannot, an outsider gets 404) and bad input."""

from __future__ import annotations

import datetime
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from leagues.models import Tournament
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.rules.byes import bye_points, drawn_byes
from leagues.tournaments.rules.ranking import Standing, decided_by_hall_lots
from scorekeeper import services
from scorekeeper.interchange.backup import export_club
from scorekeeper.models import AuditEntry
from tests.leagues.conftest import Personas, play_out

pytestmark = pytest.mark.django_db


def new_tournament(personas: Personas, players: int, **settings: object) -> Tournament:
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Nachtturnier", preset="ddv",
        played_on=datetime.date(2026, 11, 28), rounds=2, seed=3, **settings,  # type: ignore[arg-type]
    )  # fmt: skip
    for n in range(1, players + 1):
        tournaments.add_participant(tournament=found, actor=personas.owner, name=f"Gast {n}")
    return found


def url(name: str, tournament: Tournament, *args: object) -> str:
    return reverse(name, args=[tournament.club.slug, tournament.pk, *args])


def test_a_late_registration_from_the_page_plays_from_the_next_round_and_is_drawn_in_it(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    client.force_login(personas.owner)
    response = client.get(url("tournament", tournament))
    assert "plays from round 2" in response.content.decode()  # the form says so before the director registers
    for name in ("form", "sub_form", "bye_form"):
        assert not response.context[name].is_bound, name  # a page to fill in, no error shown
    response = client.post(url("tournament", tournament), {"action": "register", "name": "Spät"}, follow=True)
    assert "Spät is registered and plays from round 2." in response.content.decode()
    late = tournament.participants.get(name="Spät")
    assert late.first_round == 2
    tournament.refresh_from_db()
    assert any(str(late.number) in table for table in tournament.plan["rounds"][1])
    assert not any(str(late.number) in table for table in tournament.plan["rounds"][0])


def test_a_substitute_plays_the_seat_and_the_points_stay_the_replaced_players(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    anna = tournament.participants.get(name="Gast 1")
    client.force_login(personas.owner)
    data = {"action": "substitute", "sub-participant": anna.pk, "sub-from_round": 1, "sub-name": "Ersatz"}
    response = client.post(url("tournament", tournament), data, follow=True)
    assert "Ersatz plays for Gast 1 from round 1." in response.content.decode()
    table = this_round.tables.get(seat_rows__participant=anna)
    assert "Ersatz" in list(table.session.seats.values_list("name", flat=True))  # the sheet seats the substitute
    assert "Gast 1" not in list(table.session.seats.values_list("name", flat=True))
    assert "Ersatz (for Gast 1)" in client.get(url("tournament_round", tournament, 1)).content.decode()
    play_out(table, personas.owner)
    ranked = selectors.ranking(tournament)
    row = next(r for r in ranked.rows if r.participant.pk == anna.pk)
    seat = [s.member.name for s in table.session.seats.all()].index("Ersatz")
    table.session.refresh_from_db()
    assert row.standing.points == table.session.totals[seat]
    assert row.substitutes == "Ersatz from round 1"
    assert len(ranked.rows) == 8  # no row of their own
    assert AuditEntry.objects.filter(after__what="substitute").exists()


def test_a_substitute_credited_with_their_own_points_is_an_entry_of_their_own(personas: Personas) -> None:
    tournament = new_tournament(personas, 8, substitute_credit="substitute")
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    anna = tournament.participants.get(name="Gast 1")
    sub = tournaments.substitute(
        tournament=tournament, actor=personas.owner, participant=anna, from_round=1, name="Ersatz"
    )
    assert sub.entry is not None
    assert sub.entry.first_round == 1
    anna.refresh_from_db()
    assert anna.last_round == 0  # the seat is the substitute's from round 1
    names = [row.name for row in selectors.ranking(tournament).rows]
    assert "Ersatz (for Gast 1)" in names
    assert "Gast 1" not in names


def test_a_bye_scores_the_rounds_average_and_shows_in_the_ranking(client: Client, personas: Personas) -> None:
    tournament = new_tournament(personas, 9, table_points=True)  # 40, 30, 20, 10: the average is 25
    carl = tournament.participants.get(name="Gast 9")
    tournaments.give_bye(tournament=tournament, actor=personas.owner, participant=carl)
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    assert sorted(t.session.seats.count() for t in this_round.tables.all()) == [4, 4]
    for table in this_round.tables.all():
        play_out(table, personas.owner)
    ranked = selectors.ranking(tournament)
    played = [r.standing.rounds[1] for r in ranked.rows if r.participant.pk != carl.pk]
    row = next(r for r in ranked.rows if r.participant.pk == carl.pk)
    assert row.standing.points == sum(played) // len(played)
    assert row.byes == (1,)
    client.force_login(personas.member)
    assert "bye in round 1" in client.get(url("tournament_ranking", tournament)).content.decode()


def test_a_field_that_cannot_be_seated_draws_the_fewest_byes() -> None:
    assert drawn_byes(list(range(1, 12)), 4, {}, 3, 1) != []  # 11 at tables of four and five: one sits out
    assert len(drawn_byes(list(range(1, 12)), 4, {}, 3, 1)) == 1
    assert drawn_byes(list(range(1, 14)), 4, {}, 3, 1) == []
    first = drawn_byes(list(range(1, 12)), 4, {}, 3, 1)
    assert drawn_byes(list(range(1, 12)), 4, {first[0]: 1}, 3, 1) != first  # not the same player twice
    assert bye_points("average", [7, 8, -3]) == 4
    assert bye_points(0, [7]) == 0
    assert bye_points("average", []) == 0


def test_eleven_players_start_with_a_drawn_bye(personas: Personas) -> None:
    tournament = new_tournament(personas, 11)
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    assert sum(t.session.seats.count() for t in this_round.tables.all()) == 10
    assert tournament.byes.get(round=1).drawn


def test_hall_lots_order_players_level_on_everything() -> None:
    level = [Standing(1, n, 0, ()) for n in (1, 2, 3)] + [Standing(4, 4, -5, ())]
    ranked, decided = decided_by_hall_lots(level, [(frozenset({1, 2, 3}), 2), (frozenset({1, 3}), 3)])
    assert [(s.player, s.place) for s in ranked] == [(2, 1), (3, 2), (1, 3), (4, 4)]
    assert decided == {1, 2, 3}
    ranked, decided = decided_by_hall_lots(level, [(frozenset({1, 2, 3}), 2)])
    assert [(s.player, s.place) for s in ranked] == [(2, 1), (1, 2), (3, 2), (4, 4)]
    assert decided == {2}  # the others still share the 2nd place
    assert decided_by_hall_lots(level, [(frozenset({1, 2}), 2)])[0] == level  # not the players level now


def test_the_director_records_a_lot_and_the_ranking_says_it_decided(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)  # no game yet: everybody level at 0
    winner = tournament.participants.get(name="Gast 5")
    client.force_login(personas.owner)
    response = client.post(url("tournament_ranking", tournament), {"winner": winner.pk}, follow=True)
    page = response.content.decode()
    assert "decided by lot" in page
    first = selectors.ranking(tournament).rows[0]
    assert (first.participant.pk, first.place, first.by_lot) == (winner.pk, 1, True)
    assert AuditEntry.objects.filter(after__what="lot_drawn").exists()
    client.force_login(personas.scorer)
    assert client.post(url("tournament_ranking", tournament), {"winner": winner.pk}).status_code == 403
    client.force_login(personas.outsider)
    assert client.post(url("tournament_ranking", tournament), {"winner": winner.pk}).status_code == 404


def test_a_withdrawn_player_is_marked_in_every_ranking(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    for table in this_round.tables.all():
        play_out(table, personas.owner)
        services.close_session(session=table.session, actor=personas.owner)
    tournaments.close_round(this_round=this_round, actor=personas.owner)
    tournaments.withdraw(participant=tournament.participants.get(name="Gast 2"), actor=personas.owner)
    client.force_login(personas.member)
    for name in ("tournament_ranking", "tournament_hall", "tournament_snapshot"):
        assert "withdrew after round 1" in client.get(url(name, tournament)).content.decode(), name


@pytest.mark.parametrize("user", ["scorer", "member", "outsider"])
def test_only_the_owner_names_substitutes_and_gives_byes(
    client: Client, personas: Personas, tournament: Tournament, user: str
) -> None:
    client.force_login(getattr(personas, user))
    anna = tournament.participants.get(name="Gast 1")
    for data in (
        {"action": "substitute", "sub-participant": anna.pk, "sub-from_round": 1, "sub-name": "Ersatz"},
        {"action": "bye", "bye-participant": anna.pk},
    ):
        status = client.post(url("tournament", tournament), data).status_code
        assert status == (404 if user == "outsider" else 403)
    assert not tournament.substitutions.exists()
    assert not tournament.byes.exists()


def test_bad_input_is_a_message_at_the_field(client: Client, personas: Personas, tournament: Tournament) -> None:
    client.force_login(personas.owner)
    anna = tournament.participants.get(name="Gast 1")
    for data, field in (
        ({"action": "substitute", "sub-participant": anna.pk, "sub-from_round": 3, "sub-name": "Ersatz"}, "from_round"),
        ({"action": "substitute", "sub-participant": anna.pk, "sub-from_round": 1, "sub-name": "Gast 2"}, "name"),
        ({"action": "substitute", "sub-participant": 999999, "sub-from_round": 1, "sub-name": "X"}, "participant"),
        ({"action": "substitute", "sub-participant": anna.pk, "sub-from_round": "x"}, "from_round"),
        ({"action": "bye", "bye-participant": "nobody"}, "participant"),
        ({"action": "unknown"}, None),
    ):
        response = client.post(url("tournament", tournament), data)
        assert response.status_code == 200, data
        if field:
            form = response.context["sub_form" if data["action"] == "substitute" else "bye_form"]
            assert field in form.errors, (data, form.errors)
    assert not tournament.substitutions.exists()
    assert not tournament.byes.exists()
    response = client.post(url("tournament_ranking", tournament), {"winner": anna.pk})  # nobody level: no lot form
    assert response.status_code == 200


def test_the_directors_decisions_come_back_with_the_clubs_backup(personas: Personas, tmp_path: Path) -> None:
    tournament = new_tournament(personas, 9, substitute_credit="substitute")
    carl = tournament.participants.get(name="Gast 9")
    tournaments.give_bye(tournament=tournament, actor=personas.owner, participant=carl)
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    anna = tournament.participants.get(name="Gast 1")
    tournaments.substitute(tournament=tournament, actor=personas.owner, participant=anna, from_round=1, name="Ersatz")
    level = selectors.ranking(tournament).rows  # no game yet: all level
    tournaments.draw_lot(tournament=tournament, actor=personas.owner, winner=level[3].participant)
    backup = export_club(personas.club)
    carried = next(t for t in backup["tournaments"] if t["document"]["name"] == tournament.name)
    # One reading: the decisions are the document's; the backup adds only the member and when each was decided.
    assert [sorted(s) for s in carried["decisions"]["substitutions"]] == [
        ["created_at", "from_round", "member", "participant"]
    ]
    assert [sorted(lot) for lot in carried["decisions"]["lots"]] == [["created_at"]]
    assert carried["document"]["byes"]
    assert "byes" not in carried["decisions"]

    def shown(t: Tournament) -> list[tuple[int, str, bool, tuple[int, ...]]]:
        return [(row.place, row.name, row.by_lot, row.byes) for row in selectors.ranking(t).rows]

    old_form = {**carried["decisions"], "byes": [{"participant": 9, "round": 1, "drawn": False}]}  # November 2026's
    old_form["substitutions"] = [{**s, "name": "Ersatz", "credited": "substitute", "entry": 10}
                                 for s in old_form["substitutions"]]  # fmt: skip
    for slug, decisions in (("copy", carried["decisions"]), ("older", old_form)):
        carried["decisions"] = decisions
        path = tmp_path / f"{slug}.json"
        path.write_text(json.dumps(backup), encoding="utf-8")
        call_command("import_club", str(path), "--slug", slug, stdout=io.StringIO())
        copy = Tournament.objects.get(club__slug=slug)
        assert shown(copy) == shown(tournament)
        assert shown(copy)[0][1:3] == (level[3].name, True)
        sub = copy.substitutions.get()
        assert (sub.entry is not None, sub.name, sub.created_at) == (
            True,
            "Ersatz",
            tournament.substitutions.get().created_at,
        )
