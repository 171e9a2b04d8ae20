"""Starting a session is for players: a control for every option, the preset's name when options change, seats
from an earlier table, house rules that ask for today's table first, errors at the field they name."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django import forms
from django.test import Client
from django.urls import reverse

from scorekeeper import engine, services
from scorekeeper.forms import SessionStartForm
from scorekeeper.models import Session

from .conftest import FOUR, Personas, start

pytestmark = pytest.mark.django_db


def url(personas: Personas, game: str = "schafkopf", **query: Any) -> str:
    address = reverse("session_start", args=[personas.club.slug, game])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def as_submitted(form: forms.Form, **changes: Any) -> dict[str, Any]:
    """What a browser sends for ``form`` as it was shown, with ``changes`` on top (None leaves a field out)."""
    data: dict[str, Any] = {}
    for field in form:
        value = field.value()
        if isinstance(field.field, forms.BooleanField):
            if value:
                data[field.html_name] = "on"
        elif value is not None:
            data[field.html_name] = [str(v) for v in value] if isinstance(value, list) else str(value)
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def seats(personas: Personas, names: list[str] = FOUR) -> dict[str, Any]:
    return {f"seat_{i}": personas.players[name].pk for i, name in enumerate(names)}


def shown_form(client: Client, address: str) -> SessionStartForm:
    response = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.context["form"]


def selected_label(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)
    assert select
    option = re.search(r"<option [^>]*selected[^>]*>([^<]*)</option>", select.group(0))
    assert option
    return option.group(1)


@pytest.mark.parametrize("game", engine.GAME_KEYS)
def test_every_game_starts_from_controls_not_json(client: Client, personas: Personas, game: str) -> None:
    client.force_login(personas.scorer)
    response = client.get(url(personas, game), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert "<textarea" not in html
    assert "JSON" not in html
    form = response.context["form"]
    for field in [*form.option_fields(), *form.tariff_fields()]:
        assert not isinstance(field.field.widget, forms.Textarea | forms.TextInput), field.name
    assert not any(re.findall(r'<input type="text" name="(?:opt|tar)_', html))


def test_a_changed_option_names_the_preset_it_is_based_on(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    form = shown_form(client, url(personas))
    html = client.get(url(personas), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert selected_label(html, "rules_preset") == "Classic"
    assert 'data-custom="custom (based on Tournament)"' in html  # for start.js to rename it in the browser
    # sent back with a changed option (and no players, so the form comes back)
    response = client.post(url(personas), as_submitted(form, opt_klopfen="on"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert selected_label(html, "rules_preset") == "custom (based on Classic)"
    assert selected_label(html, "tariff_preset") == "Classic"
    response = client.post(url(personas), as_submitted(form, tar_sauspiel="3"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert selected_label(html, "rules_preset") == "Classic"
    assert selected_label(html, "tariff_preset") == "custom (based on Classic)"


def test_contract_chips_and_tariff_numbers_freeze_as_the_engine_does(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    form = shown_form(client, url(personas))
    contracts = ["sauspiel", "hochzeit", "bettel", "wenz", "solo", "tout", "sie"]
    data = as_submitted(
        form, opt_contracts=contracts, opt_runners_max="5", tar_sauspiel="3", tar_herz_solo="7", tar_leaster="",
        tar_bettel="4", **seats(personas),
    )  # fmt: skip
    response = client.post(url(personas), data)
    assert response.status_code == 302, response.context["form"].errors
    session = Session.objects.get()
    rules, tariff = engine.freeze(
        "schafkopf",
        {"preset": "classic", "contracts": contracts, "runners_max": 5},
        {"preset": "classic", "sauspiel": 3, "herz_solo": 7, "bettel": 4},
    )
    assert (session.rules, session.tariff) == (rules, tariff)
    assert session.rules_preset == "classic"  # the preset it was based on


def test_bock_triggers_are_chips_and_its_stacking_a_choice(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    address = url(personas, "doppelkopf")
    form = shown_form(client, address)
    assert form["opt_bock__triggers"].value() == []  # ddv: no Bock rounds
    data = as_submitted(
        form, opt_bock__triggers=["tie120", "solo_lost"], opt_bock__stacking="extend", **seats(personas)
    )
    assert client.post(address, data).status_code == 302
    rules, _tariff = engine.freeze(
        "doppelkopf", {"preset": "ddv", "bock": {"triggers": ["solo_lost", "tie120"], "stacking": "extend"}}
    )
    assert Session.objects.get().rules == rules


def test_seats_start_empty_or_as_an_earlier_table(client: Client, personas: Personas) -> None:
    earlier = start(personas, names=["Dieter", "Caro", "Bert", "Anna", "Emil"])
    start(personas, game="doppelkopf", names=FOUR)  # another game's table is not offered
    client.force_login(personas.scorer)
    html = client.get(url(personas), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    form = shown_form(client, url(personas))
    assert [seat.value() for seat, _guest in form.seat_fields()] == [None] * 5
    assert "Dieter, Caro, Bert, Anna, Emil" in html
    assert html.count("data-seats=") == 1
    form = shown_form(client, url(personas, same_table=earlier.pk))
    expected = [personas.players[n].pk for n in ["Dieter", "Caro", "Bert", "Anna", "Emil"]]
    assert [seat.value() for seat, _guest in form.seat_fields()] == expected
    assert client.post(url(personas), as_submitted(form)).status_code == 302
    assert [s.name for s in Session.objects.exclude(pk=earlier.pk).get(game="schafkopf").seats.all()] == [
        "Dieter",
        "Caro",
        "Bert",
        "Anna",
        "Emil",
    ]
    assert shown_form(client, url(personas, same_table="junk"))["seat_0"].value() is None


def test_house_rules_open_the_form_with_empty_seats_and_only_the_submit_starts(
    client: Client, personas: Personas
) -> None:
    start(personas)  # last week's table is not copied silently
    house_rules = services.save_house_rules(
        club=personas.club, name="Dienstagsrunde", game="schafkopf", rules={"preset": "classic", "klopfen": True},
        tariff={"preset": "10/20", "sauspiel": 15}, cents_per_point=10,
    )  # fmt: skip
    client.force_login(personas.scorer)
    address = url(personas, house_rules=house_rules.pk)
    response = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
    assert Session.objects.count() == 1
    form = response.context["form"]
    assert form["opt_klopfen"].value() is True
    assert form["tar_sauspiel"].value() == 15
    assert form["cents_per_point"].value() == 10
    assert form["seat_0"].value() is None
    html = response.content.decode()
    assert selected_label(html, "rules_preset") == "custom (based on Classic)"
    assert selected_label(html, "tariff_preset") == "custom (based on 10/20)"
    assert client.post(address, as_submitted(form, **seats(personas))).status_code == 302
    session = Session.objects.latest("pk")
    assert session.house_rules == house_rules
    assert (session.rules, session.tariff) == (house_rules.rules, house_rules.tariff)


BAD_INPUT = [
    ({"tar_sauspiel": "-5"}, "tar_sauspiel", "Sauspiel (partner game)"),
    ({"opt_contracts": ["sauspiel", "schnapsen"]}, "opt_contracts", "Contracts played"),
    ({"opt_contracts": []}, "opt_contracts", "Contracts played"),
    ({"opt_bock__triggers": ["sunrise"]}, "opt_bock__triggers", "Bock rounds: started by"),
    ({"seat_3": None}, "seat_3", "Seat 4"),
    ({"opt_runners_max": "2"}, "opt_runners_max", "Most Laufende paid"),
]


@pytest.mark.parametrize(("changes", "field", "label"), BAD_INPUT)
def test_bad_input_is_an_error_at_the_field_it_names(
    client: Client, personas: Personas, changes: dict[str, Any], field: str, label: str
) -> None:
    client.force_login(personas.scorer)
    game = "doppelkopf" if field.startswith("opt_bock") else "schafkopf"
    form = shown_form(client, url(personas, game))
    response = client.post(url(personas, game), as_submitted(form, **{**seats(personas), **changes}),
                           HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert f'<a href="#id_{field}">{label}</a>:' in response.content.decode()
    assert not Session.objects.exists()


@pytest.mark.parametrize(("persona", "status"), [("owner", 302), ("scorer", 302), ("member", 403), ("outsider", 404)])
def test_who_may_start_a_session(client: Client, personas: Personas, persona: str, status: int) -> None:
    client.force_login(personas.owner)
    data = as_submitted(shown_form(client, url(personas)), **seats(personas))
    client.force_login(getattr(personas, persona))
    assert client.get(url(personas)).status_code == (200 if status == 302 else status)
    assert client.post(url(personas), data).status_code == status
    assert Session.objects.exists() == (status == 302)


@pytest.mark.parametrize("refused", [{"seat_2": "true", "guest_2": None}, {"guest_2": "   "}])
def test_a_table_with_every_seat_filled_and_one_refused_is_an_error_at_that_seat(
    client: Client, personas: Personas, refused: dict[str, Any]
) -> None:
    client.force_login(personas.scorer)
    form = shown_form(client, url(personas, "bauernstoss"))  # four seats, no more: every seat is filled
    guests = {f"guest_{i}": f"Gast {i}" for i in range(form.max_seats)}
    response = client.post(url(personas, "bauernstoss"), as_submitted(form, **{**guests, **refused}),
                           HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
    assert response.status_code == 200
    assert response.context["form"].errors["seat_2"]
    assert not Session.objects.exists()
