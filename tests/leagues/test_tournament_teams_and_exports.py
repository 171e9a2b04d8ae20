"""A tournament's teams, its CSV and XLSX exports and its public live ranking, by persona: members see and export,
the club's owners register teams and make the link, outsiders get 404; the files read back as a spreadsheet would."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from leagues.models import Participant, Team, Tournament, TournamentRound
from leagues.tournaments import selectors, team_selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.services import teams
from scorekeeper import services
from scorekeeper.models import AuditEntry
from scorekeeper.services import ServiceError
from tests.leagues.conftest import Personas, play_out
from tests.leagues.test_views import german_csv
from tests.test_printing import needs_weasyprint, pdf_pages

pytestmark = pytest.mark.django_db


def guests(tournament: Tournament, *numbers: int) -> list[Participant]:
    return [tournament.participants.get(number=n) for n in numbers]


def play_round(tournament: Tournament, personas: Personas) -> TournamentRound:
    """A round started and every table played to its end (the sheets left open: the ranking is provisional)."""
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    for table in this_round.tables.select_related("session", "round__tournament"):
        play_out(table, personas.owner)
    return this_round


def team_of(tournament: Tournament, personas: Personas, name: str, *numbers: int) -> Team:
    return teams.add_team(tournament=tournament, actor=personas.owner, name=name, members=guests(tournament, *numbers))


def audited() -> list[str]:
    """What the tournament's audit entries say was done, oldest first."""
    entries = AuditEntry.objects.filter(action=AuditEntry.Action.TOURNAMENT_CHANGED).order_by("pk")
    return [(entry.after or {})["what"] for entry in entries]


def close(this_round: TournamentRound, personas: Personas) -> None:
    for table in this_round.tables.select_related("session"):
        services.close_session(session=table.session, actor=personas.owner)
    tournaments.close_round(this_round=this_round, actor=personas.owner)


def points_of(tournament: Tournament) -> dict[int, int]:
    return {row.participant.number: int(row.standing.points) for row in selectors.ranking(tournament).rows}


# the teams -----------------------------------------------------------------------------------------------------


def test_a_team_is_two_to_four_players_of_the_tournament_each_in_one_team(
    personas: Personas, tournament: Tournament
) -> None:
    add = teams.add_team
    team = add(tournament=tournament, actor=personas.owner, name="Die Asse", members=guests(tournament, 1, 2))
    assert [p.number for p in team.members.order_by("number")] == [1, 2]
    problems = [
        ("Solo", guests(tournament, 3), "members", "A team has 2 to 4 players."),
        ("Fünf", guests(tournament, 3, 4, 5, 6, 7), "members", "A team has 2 to 4 players."),
        ("Doppelt", guests(tournament, 2, 3), "members", "Already in a team: Gast 2."),
        ("Die Asse", guests(tournament, 3, 4), "name", "There is a team called Die Asse already."),
        ("", guests(tournament, 3, 4), "name", "Enter a name without control characters."),
    ]
    for name, members, field, words in problems:
        with pytest.raises(ServiceError) as raised:
            add(tournament=tournament, actor=personas.owner, name=name, members=members)
        assert [str(m) for m in raised.value.errors[field]] == [words], name
    other = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Andere", preset="ddv", played_on=tournament.played_on,
        rounds=1,
    )  # fmt: skip
    stranger = tournaments.add_participant(tournament=other, actor=personas.owner, name="Fremder")
    with pytest.raises(ServiceError) as raised:
        add(tournament=tournament, actor=personas.owner, name="Gemischt", members=[*guests(tournament, 3), stranger])
    assert [str(m) for m in raised.value.errors["members"]] == ["Choose players of this tournament."]
    assert Team.objects.count() == 1  # nothing half-written
    teams.remove_team(team=team, actor=personas.owner)
    assert not Team.objects.exists()
    assert [what for what in audited() if what.startswith("team")] == ["team_added", "team_removed"]


def test_a_team_counts_its_members_points_a_withdrawn_members_too(personas: Personas, tournament: Tournament) -> None:
    team = teams.add_team(
        tournament=tournament, actor=personas.owner, name="Stammtisch", members=guests(tournament, 1, 2, 3)
    )
    teams.add_team(tournament=tournament, actor=personas.owner, name="Gäste", members=guests(tournament, 4, 5))
    close(play_round(tournament, personas), personas)
    [first] = guests(tournament, 1)
    tournaments.withdraw(participant=first, actor=personas.owner)  # after round 1: a late arrival takes his place
    tournaments.add_participant(tournament=tournament, actor=personas.owner, name="Spät")
    round_one = points_of(tournament)
    play_round(tournament, personas)
    points = points_of(tournament)
    assert round_one[1] != 0
    assert points[1] == round_one[1]
    rows = team_selectors.team_ranking(tournament, selectors.ranking(tournament))
    by_name = {row.team.name: row for row in rows}
    assert by_name["Stammtisch"].standing.points == points[1] + points[2] + points[3]
    assert by_name["Gäste"].standing.points == points[4] + points[5]
    assert [(p.number, pts) for p, pts in by_name["Stammtisch"].members] == [(n, points[n]) for n in (1, 2, 3)]
    assert rows[0].standing.points >= rows[1].standing.points
    assert by_name["Stammtisch"].team == team


# the pages and who may use them ----------------------------------------------------------------------------------


def export_urls(slug: str, tournament: Tournament) -> list[str]:
    args = [slug, tournament.pk]
    return [
        *[reverse("tournament_ranking_export", args=[*args, fmt]) for fmt in ("csv", "xlsx")],
        *[reverse("tournament_teams_export", args=[*args, fmt]) for fmt in ("csv", "xlsx")],
        *[reverse("tournament_round_export", args=[*args, 1, fmt]) for fmt in ("csv", "xlsx")],
        reverse("tournament_teams", args=args),
    ]


def test_members_export_and_see_the_teams_and_outsiders_get_404(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    slug, args = personas.club.slug, [personas.club.slug, tournament.pk]
    team = team_of(tournament, personas, "A", 1, 2)
    play_round(tournament, personas)
    for user in (personas.owner, personas.scorer, personas.member):
        client.force_login(user)
        for url in export_urls(slug, tournament):
            assert client.get(url).status_code == 200, (user, url)
        assert client.get(reverse("tournament_ranking_export", args=[*args, "exe"])).status_code == 404
        assert client.get(reverse("tournament_round_export", args=[*args, 2, "csv"])).status_code == 404
        detail = client.get(reverse("tournament", args=args)).content.decode()
        assert ("register-team" in detail) == (user == personas.owner)
        ranking = client.get(reverse("tournament_ranking", args=args)).content.decode()
        assert "team-ranking" in ranking
        assert ("public-link" in ranking) == (user == personas.owner)
    writes = [
        (reverse("tournament_teams", args=args), {"name": "B", "members": [p.pk for p in guests(tournament, 3, 4)]}),
        (reverse("tournament_team_remove", args=[*args, team.pk]), {}),
        (reverse("tournament_public_link", args=args), {"link": "enable"}),
    ]
    client.force_login(personas.member)
    for url, data in writes:
        assert client.post(url, data).status_code == 403, url
    for login in (personas.outsider, None):
        client.logout()
        if login:
            client.force_login(login)
        for url in export_urls(slug, tournament):
            assert client.get(url).status_code == 404, url
        for url, data in writes:
            assert client.post(url, data).status_code == 404, url
    assert list(Team.objects.values_list("name", flat=True)) == ["A"]
    assert Tournament.objects.get().public_token is None


def test_the_director_registers_a_team_on_the_page(client: Client, personas: Personas, tournament: Tournament) -> None:
    args = [personas.club.slug, tournament.pk]
    client.force_login(personas.owner)
    url = reverse("tournament_teams", args=args)
    chosen = [p.pk for p in guests(tournament, 1, 2, 3)]
    assert client.post(url, {"name": "Die Drei", "members": chosen}).status_code == 302
    # a problem shows at its field, in the player's words
    page = client.post(url, {"name": "Zu klein", "members": [guests(tournament, 4)[0].pk]}).content.decode()
    assert "A team has 2 to 4 players." in page
    assert list(Team.objects.values_list("name", flat=True)) == ["Die Drei"]
    detail = client.get(reverse("tournament", args=args)).content.decode()
    assert "Die Drei" in detail
    assert "Gast 1, Gast 2, Gast 3" in detail


# the exports, read back ------------------------------------------------------------------------------------------


def test_the_ranking_exports_read_back_as_the_ranking(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    args = [personas.club.slug, tournament.pk]
    play_round(tournament, personas)
    ranked = selectors.ranking(tournament)
    client.force_login(personas.member)
    rows = german_csv(
        client.get(reverse("tournament_ranking_export", args=[*args, "csv"]), {"sep": "semicolon"}).getvalue()
    )
    assert rows[0] == ["Place", "No.", "Name", "Points", "R1", "Best round"]
    expected = [[r.place, r.participant.number, r.participant.name, r.standing.points] for r in ranked.rows]
    assert [[int(c[0]), int(c[1]), c[2], int(c[3])] for c in rows[1:]] == expected
    response = client.get(reverse("tournament_ranking_export", args=[*args, "xlsx"]))
    assert response["Content-Disposition"].endswith(f'-tournament-{tournament.pk}-ranking.xlsx"')
    sheet = load_workbook(io.BytesIO(response.getvalue())).active
    assert sheet is not None
    assert sheet.title == "Ranking"
    values = list(sheet.iter_rows(values_only=True))
    assert [list(v[:4]) for v in values[1:]] == expected  # numbers as numbers
    assert all(isinstance(v[4], int) for v in values[1:])
    one_round = client.get(reverse("tournament_ranking_export", args=[*args, "xlsx"]), {"round": 1})
    assert load_workbook(io.BytesIO(one_round.getvalue())).active.title == "Round 1"


def test_a_rounds_export_has_a_line_a_player_with_what_makes_his_points(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    tournament.settings = {**tournament.settings, "table_points": True}
    tournament.save()
    this_round = play_round(tournament, personas)
    [offender] = guests(tournament, 5)
    tournaments.add_penalty(
        this_round=this_round, actor=personas.owner, participant=offender, kind="deduction", points=7,
        reason="Handy", official="Anna",
    )  # fmt: skip
    counted = {r.participant.number: r for r in selectors.ranking(tournament, round_number=1).rows}
    client.force_login(personas.scorer)
    url = reverse("tournament_round_export", args=[personas.club.slug, tournament.pk, 1, "xlsx"])
    values = list(load_workbook(io.BytesIO(client.get(url).getvalue())).active.iter_rows(values_only=True))
    head, lines = values[0], values[1:]
    assert head == ("Table", "Seat", "No.", "Name", "Game points", "Table points", "Penalties", "Points", "Place",
                    "Solos", "Solos won")  # fmt: skip
    assert len(lines) == 8
    assert sorted((t, s) for t, s, *_ in lines) == [(t, s) for t in (1, 2) for s in (1, 2, 3, 4)]
    for _table, _seat, number, _name, game, table_points, penalties, points, place, solos, won in lines:
        assert game + table_points + penalties == points == counted[number].standing.points
        assert place == counted[number].place
        assert penalties == (-7 if number == 5 else 0)
        assert solos >= won >= 0
    for table in (1, 2):  # 40, 30, 20 and 10 by place, level players sharing theirs
        assert sum(line[5] for line in lines if line[0] == table) == 100
    csv_rows = german_csv(client.get(url.replace(".xlsx", ".csv"), HTTP_ACCEPT_LANGUAGE="de").getvalue())
    assert [[int(c) for c in row[:3]] for row in csv_rows[1:]] == [[t, s, n] for t, s, n, *_ in lines]


def test_text_a_spreadsheet_would_run_is_kept_as_text(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    tournaments.add_participant(tournament=tournament, actor=personas.owner, name="=1+2")
    tournaments.add_participant(tournament=tournament, actor=personas.owner, name="@Kurt")
    client.force_login(personas.member)
    play_round(tournament, personas)
    url = reverse("tournament_ranking_export", args=[personas.club.slug, tournament.pk, "xlsx"])
    sheet = load_workbook(io.BytesIO(client.get(url).getvalue())).active
    names = {row[2] for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert {"'=1+2", "'@Kurt"} <= names


# the public live ranking -----------------------------------------------------------------------------------------


def test_the_public_link_shows_the_live_ranking_alone_until_it_is_renewed_or_off(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    args = [personas.club.slug, tournament.pk]
    team_of(tournament, personas, "Die Asse", 1, 2)
    play_round(tournament, personas)
    client.force_login(personas.owner)
    assert client.post(reverse("tournament_public_link", args=args), {"link": "enable"}).status_code == 302
    first = Tournament.objects.get().public_token
    assert first
    ranking_page = client.get(reverse("tournament_ranking", args=args)).content.decode()
    assert reverse("public_tournament", args=[first]) in ranking_page
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = visitor.get(reverse("public_tournament", args=[first])).content.decode()
    shown = ("Herbstturnier", "Gast 8", "Provisional standing", "Die Asse", "Team ranking", 'hx-trigger="every 10s"')
    for words in shown:
        assert words in page, words
    assert f"/c/{personas.club.slug}/" not in page  # no way into the club
    part = visitor.get(reverse("public_tournament", args=[first]), HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in part
    assert "Gast 8" in part
    assert "Provisional standing" in part
    client.post(reverse("tournament_public_link", args=args), {"link": "enable"})
    second = Tournament.objects.get().public_token
    assert second
    assert second != first
    assert visitor.get(reverse("public_tournament", args=[first])).status_code == 404
    assert visitor.get(reverse("public_tournament", args=[second])).status_code == 200
    client.post(reverse("tournament_public_link", args=args), {"link": "disable"})
    assert Tournament.objects.get().public_token is None
    assert visitor.get(reverse("public_tournament", args=[second])).status_code == 404
    assert visitor.get("/live/" + "x" * 32 + "/").status_code == 404
    assert audited()[-3:] == ["public_link_renewed", "public_link_renewed", "public_link_off"]


# the printed ranking ---------------------------------------------------------------------------------------------


@pytest.mark.pdf
@needs_weasyprint
def test_the_printed_ranking_has_the_teams_as_a_second_table(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    team_of(tournament, personas, "Die Asse", 1, 2)
    play_round(tournament, personas)
    client.force_login(personas.member)
    response = client.get(reverse("tournament_ranking_pdf", args=[personas.club.slug, tournament.pk]))
    text = " ".join(pdf_pages(b"".join(response.streaming_content)))  # type: ignore[attr-defined]
    assert "TEAM RANKING" in text  # the heading, in small capitals
    assert "Die Asse" in text
    assert "Best player" in text


def test_the_hall_screen_and_the_snapshot_show_the_teams_in_brief(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    at = [personas.club.slug, tournament.pk]
    client.force_login(personas.member)
    assert "Team ranking" not in client.get(reverse("tournament_hall", args=at)).content.decode()  # no teams: none
    team_of(tournament, personas, "Vorstand", 1, 2)
    team_of(tournament, personas, "Jugend", 3, 4)
    play_round(tournament, personas)
    expected = [(row.place, row.team.name, row.standing.points) for row in team_selectors.team_ranking(
        tournament, selectors.ranking(tournament))]  # fmt: skip
    for name in ("tournament_hall", "tournament_snapshot"):
        page = client.get(reverse(name, args=at)).content.decode()
        teams = page[page.index("Team ranking") :]
        assert teams.index(expected[0][1]) < teams.index(expected[1][1])  # in their order, under the individual one
        for place, team, points in expected:
            assert f'<td class="num">{place}.</td><td>{team}</td><td class="num strong">{points}</td>' in teams
    partial = client.get(reverse("tournament_hall", args=at), HTTP_HX_REQUEST="true").content.decode()
    assert "Vorstand" in partial  # the hall's refresh brings the teams too
