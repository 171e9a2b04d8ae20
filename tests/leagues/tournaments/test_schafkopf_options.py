"""The options a director picks for a Schafkopf tournament: what the engine makes of each, a tournament created with
each scoring its table so, the form refusing bad combinations at the field, and the options said on the page."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from leagues.tournaments import services as tournaments
from leagues.tournaments.forms import TournamentForm
from leagues.tournaments.rules import document
from scorekeeper import engine, services
from scorekeeper.engine.tournament_presets import PRESETS, OptionProblem, Preset
from tests.leagues.conftest import Personas

FOUR = ["Anna", "Bert", "Caro", "Dieter"]
DAY = datetime.date(2026, 11, 28)


def scored(preset: Preset, deal: dict[str, Any]) -> list[int]:
    """One deal at a table of four under the preset's table rules and tariff, as the engine scores it."""
    sheet = {"format": "schreiber/1", "game": "schafkopf", "players": FOUR, "deals": [deal]}
    (only,) = engine.load({**sheet, "rules": preset.table_rules(), "tariff": preset.tariff}).results()
    return [only.deltas[player] for player in FOUR]


def turnier(**options: Any) -> Preset:
    return PRESETS["schafkopf_turnier"].with_options(options)


def listed(**options: Any) -> Preset:
    return PRESETS["schafkopf_plusminus"].with_options(options)


SOLO_TOUT = {"contract": "solo", "suit": "eichel", "declarer": "Anna", "tout": True, "won": True}
SAUSPIEL = {"contract": "sauspiel", "suit": "gras", "declarer": "Anna", "partner": "Bert", "points": 70}


# the engine under each option ----------------------------------------------------------------------------------------


def test_a_tout_is_the_chosen_multiple_of_the_solo() -> None:
    """The "5× solo" list: a solo is 5, so a Tout ×2 is 10 from each opponent and ×4 is 20."""
    assert scored(turnier(), {"contract": "solo", "suit": "gras", "declarer": "Anna", "points": 70}) == [15, -5, -5, -5]
    assert scored(turnier(tout=2), SOLO_TOUT) == [30, -10, -10, -10]
    assert scored(turnier(tout=4, sie=4), SOLO_TOUT) == [60, -20, -20, -20]
    assert scored(turnier(tout=4, sie=4), {**SOLO_TOUT, "won": False}) == [-60, 20, 20, 20]
    sie = {"contract": "sie", "declarer": "Anna"}
    assert scored(turnier(sie=4), sie) == [60, -20, -20, -20]
    assert scored(turnier(sie=8), sie) == [120, -40, -40, -40]


def test_laufende_count_from_the_2nd_or_the_3rd_or_not_at_all() -> None:
    """The tournament list: a Sauspiel is 1; a Laufender is worth a Sauspiel."""
    two, three = {**SAUSPIEL, "runners": 2}, {**SAUSPIEL, "runners": 3}
    assert scored(listed(), three) == [1, 1, -1, -1]  # the list counts none
    assert scored(listed(laufende=3), two) == [1, 1, -1, -1]
    assert scored(listed(laufende=3), three) == [4, 4, -4, -4]
    assert scored(listed(laufende=2), two) == [3, 3, -3, -3]
    wenz = {"contract": "wenz", "declarer": "Anna", "points": 70, "runners": 2}
    assert scored(listed(laufende=3), wenz) == [12, -4, -4, -4]  # the Wenz from the 2nd either way: 2 + 2
    tout = {**SOLO_TOUT, "runners": 3}
    assert scored(listed(laufende=3, tout=2), tout) == [30, -10, -10, -10]  # (2 × 2) + 3 × (2 × 1)


def test_when_all_pass_the_pairs_play_uber_kreuz_or_the_eichel_ober_must() -> None:
    kreuz = {"contract": "kreuz", "declarer": "Anna", "partner": "Caro", "points": 61}
    assert scored(listed(pass_out="kreuz"), kreuz) == [1, -1, 1, -1]
    with pytest.raises(engine.InvalidSession):
        scored(listed(), kreuz)  # Muss is the list's own rule
    muss = {**SAUSPIEL, "muss": True, "points": 60}
    assert scored(listed(), muss) == [1, 1, -1, -1]  # a Muss game wins with 60


def test_games_a_round_at_four_and_five_and_the_sheet() -> None:
    assert listed().games == {4: 32, 5: 40}  # the preset's own: nothing changes without options
    assert {g: listed(games=g).games for g in (30, 32, 40, 48)} == {
        30: {4: 30, 5: 40},  # every dealer at five deals as often as the first dealer at four
        32: {4: 32, 5: 40},
        40: {4: 40, 5: 50},
        48: {4: 48, 5: 60},
    }
    plus_only = listed(sheet="plus_only")
    assert not plus_only.zero_sum
    assert scored(plus_only, SAUSPIEL) == [1, 1, 0, 0]
    assert PRESETS["schafkopf_plus_only"].with_options({"sheet": "zero_sum"}).zero_sum


def test_the_preset_own_values_score_as_before() -> None:
    for key in ("schafkopf_plusminus", "schafkopf_plus_only", "schafkopf_turnier"):
        preset = PRESETS[key]
        for deal in (SOLO_TOUT, {"contract": "sie", "declarer": "Anna"}, {**SAUSPIEL, "runners": 4}):
            assert scored(preset.with_options({}), deal) == scored(preset, deal)


def test_bad_options_and_combinations_are_named_by_option() -> None:
    with pytest.raises(OptionProblem) as raised:
        turnier(tout=4, sie=2)
    assert list(raised.value.problems) == ["sie"]
    with pytest.raises(OptionProblem) as raised:
        listed(games=36, laufende=1)
    assert sorted(raised.value.problems) == ["games", "laufende"]
    with pytest.raises(OptionProblem) as raised:
        PRESETS["ddv"].with_options({"tout": 2})
    assert list(raised.value.problems) == ["tout"]


def test_the_document_keeps_the_options_and_names_a_bad_one() -> None:
    doc = {
        "format": "schreiber-tournament/1",
        "settings": {"game": "schafkopf", "preset": "schafkopf_turnier", "rounds": 1, "options": {"tout": 4}},
        "participants": [{"number": n, "name": name} for n, name in enumerate(FOUR, start=1)],
    }
    loaded = document.load(doc)
    assert loaded.settings.options == {"tout": 4}
    assert document.load(document.dump(loaded)) == loaded
    assert loaded.settings.scoring().tariff["tout"] == 20  # type: ignore[index]
    doc["settings"]["options"] = {"tout": 4, "sie": 2, "jungfrau": "none"}  # type: ignore[index]
    with pytest.raises(document.InvalidTournament) as raised:
        document.load(doc)
    assert [p.field for p in raised.value.problems] == ["settings.options.jungfrau"]
    doc["settings"]["options"] = {"tout": 4, "sie": 2}  # type: ignore[index]
    with pytest.raises(document.InvalidTournament) as raised:
        document.load(doc)
    assert [p.field for p in raised.value.problems] == ["settings.options.sie"]


# a tournament created with the options ------------------------------------------------------------------------------


KREUZ = {"contract": "kreuz", "declarer": "Anna", "partner": "Caro", "points": 70}  # seats 1 and 3 against 2 and 4


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("options", "deal", "expected"),
    [
        ({"games": 48}, SAUSPIEL, [1, 1, -1, -1]),
        ({"sheet": "plus_only"}, SAUSPIEL, [1, 1, 0, 0]),
        ({"laufende": 2}, {**SAUSPIEL, "runners": 2}, [3, 3, -3, -3]),
        ({"laufende": 3}, {**SAUSPIEL, "runners": 2}, [1, 1, -1, -1]),
        ({"tout": 2, "sie": 2}, SOLO_TOUT, [30, -10, -10, -10]),
        ({"tout": 4}, SOLO_TOUT, [60, -20, -20, -20]),
        ({"pass_out": "kreuz"}, KREUZ, [1, -1, 1, -1]),
    ],
)
def test_a_tournament_created_with_an_option_scores_its_table_so(
    personas: Personas, options: dict[str, Any], deal: dict[str, Any], expected: list[int]
) -> None:
    """The "5× solo" list (Sauspiel 1, solo 5) with one option; the deal names the players by seat (Anna deals)."""
    tournament = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Preisschafkopf", preset="schafkopf_turnier", played_on=DAY,
        rounds=1, seed=1, options=options,
    )  # fmt: skip
    assert tournament.settings["options"] == {**turnier().chosen, **options}  # frozen, every option written out
    for name in FOUR:
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name=name)
    table = tournaments.start_round(tournament=tournament, actor=personas.owner).tables.get()
    seats = list(table.session.seats.order_by("position").values_list("name", flat=True))
    by_seat = {key: seats[FOUR.index(value)] if value in FOUR else value for key, value in deal.items()}
    services.record_deal(session=table.session, actor=personas.owner, facts=by_seat)
    result = table.session.deals.get().result
    assert result is not None
    assert result["deltas"] == expected
    assert tournaments.table_sheet(table).regular_left == tournament.settings["options"]["games"] - 1


@pytest.mark.django_db
def test_the_form_refuses_bad_combinations_at_the_field() -> None:
    base = {"name": "Preisschafkopf", "played_on": "2026-11-28", "rounds": 3, "tiebreak_1": "best_round"}
    form = TournamentForm({**base, "preset": "schafkopf_turnier", "tout": "4", "sie": "2"})
    assert not form.is_valid()
    assert list(form.errors) == ["sie"]
    form = TournamentForm({**base, "preset": "ddv", "laufende": "2"})
    assert not form.is_valid()
    assert list(form.errors) == ["laufende"]
    form = TournamentForm({**base, "preset": "schafkopf_turnier", "games": "36"})
    assert not form.is_valid()
    assert list(form.errors) == ["games"]
    form = TournamentForm({**base, "preset": "schafkopf_turnier", "games": "48", "laufende": "3", "tout": "2"})
    assert form.is_valid(), form.errors
    assert form.options() == {"games": "48", "laufende": "3", "tout": "2"}


@pytest.mark.django_db
def test_the_tournament_page_says_the_options_in_german_and_english(personas: Personas, client: Client) -> None:
    tournament = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Preisschafkopf", preset="schafkopf_plusminus", played_on=DAY,
        rounds=2, seed=1, options={"games": 40, "laufende": 3, "tout": 2, "pass_out": "kreuz"},
    )  # fmt: skip
    client.force_login(personas.member)
    url = reverse("tournament", args=[personas.club.slug, tournament.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for words in ("40 games a round (50 at a table of five)", "Laufende counted from the 3rd", "Tout: 2× the solo",
                  "Sie: 4× the solo", "über Kreuz"):  # fmt: skip
        assert words in english
    with translation.override("de"):
        german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for words in ("40 Spiele je Runde (50 am Fünfertisch)", "Laufende zählen ab dem 3.", "Tout: 2× das Solo"):
        assert words in german
