"""Every form of the scorekeeper, as a screen reader meets it: each field named by what it is, its help and its
error linked to it, groups with their own legends, no name given to two different fields (``tests/a11y.py``)."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import Session
from tests.a11y import form_problems, parse

from .conftest import Personas, sauspiel, start

pytestmark = pytest.mark.django_db

FIVE = ["Anna", "Bert", "Caro", "Dieter", "Emil"]

# One recorded deal per game, the richest the entry form shows back (every folded extra of Doppelkopf).
DEALS: dict[str, tuple[list[str], dict[str, Any], dict[str, Any]]] = {
    "schafkopf": (["Anna", "Bert", "Caro", "Dieter"], {}, {**sauspiel("Anna", "Caro", 72), "runners": 3}),
    "doppelkopf": (
        ["Anna", "Bert", "Caro", "Dieter"],
        {},
        {
            "type": "normal", "re": ["Anna", "Caro"], "re_points": 151,
            "announcements": {"re": "no90", "kontra": "kontra"},
            "extras": {"re": {"fuchs": 1, "doppelkopf": 1}, "kontra": {"karlchen": 1}},
        },
    ),
    "sheepshead": (FIVE, {}, {"type": "pick", "picker": "Bert", "partner": "Caro", "points": 75}),
    "bauernstoss": (["Anna", "Bert", "Caro", "Dieter"], {}, {"chalk": "A", "points": 70}),
}  # fmt: skip


@pytest.fixture
def client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def title(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found
    return " ".join(found.group(1).split())


def played(personas: Personas, game: str) -> Session:
    names, kwargs, facts = DEALS[game]
    session = start(personas, game, names, played_on=datetime.date(2026, 11, 23), **kwargs)
    services.record_deal(session=session, actor=personas.owner, facts=facts)
    return session


def test_the_club_forms(client: Client, personas: Personas) -> None:
    client.force_login(personas.owner)
    slug = personas.club.slug
    invitation = services.create_invitation(club=personas.club, actor=personas.owner)
    urls = [
        reverse("club_create"),
        reverse("club_settings", args=[slug]),
        reverse("members", args=[slug]),
        reverse("session_new", args=[slug]),
        *(reverse("session_start", args=[slug, game]) for game in DEALS),
        reverse("password_change"),
    ]
    for url in urls:
        assert form_problems(page(client, url)) == [], url
    client.force_login(personas.outsider)
    assert form_problems(page(client, invitation.get_absolute_url())) == []
    client.logout()
    assert form_problems(page(client, reverse("login"))) == []


@pytest.mark.parametrize("game", list(DEALS))
def test_the_deal_form_new_and_corrected(client: Client, personas: Personas, game: str) -> None:
    session = played(personas, game)
    client.force_login(personas.owner)
    deal = session.deals.get()
    slug = personas.club.slug
    urls = [
        reverse("deal_new", args=[slug, session.pk]),
        reverse("deal_edit", args=[slug, session.pk, deal.pk]),
        reverse("deal_new", args=[slug, session.pk]) + f"?before={deal.pk}",
        reverse("session_money", args=[slug, session.pk]),
        reverse("deal_dealers", args=[slug, session.pk, deal.pk]),
    ]
    for url in urls:
        assert form_problems(page(client, url)) == [], url


def test_doppelkopf_announcements_are_a_group_per_party_and_sonderpunkte_say_whose(
    client: Client, personas: Personas
) -> None:
    session = played(personas, "doppelkopf")
    client.force_login(personas.owner)
    html = page(client, reverse("deal_new", args=[personas.club.slug, session.pk]))
    root = parse(html)
    announcements = next(n for n in root.walk() if n.tag == "fieldset" and n.get("data-name") == "announcements")
    inner = [n for n in announcements.walk()[1:] if n.tag == "fieldset"]
    assert [f.legend() for f in inner] == ["Re", "Kontra"]
    # A Sonderpunkt is a stepper: its chip says what, whose and how many; "−" beside it says what it takes off.
    fuchs = next(n for n in root.walk() if n.tag == "button" and n.get("id") == "entry-extras-kontra-fuchs")
    assert fuchs.text() == "Fuchs gefangen , Kontra: 0"
    assert fuchs.get("aria-pressed") == "false"
    stepper = fuchs.parent
    assert stepper is not None
    count = next(n for n in stepper.walk() if n.tag == "input")
    assert (count.get("type"), count.get("name")) == ("hidden", "extras__kontra__fuchs")
    less = next(n for n in stepper.walk() if "step-off" in n.get("class"))
    assert less.get("aria-label") == "One fewer: Fuchs gefangen, Kontra"
    assert 'class="more"' not in html  # nothing folded away behind "More"
    # No number boxes for Sonderpunkte: the Augen, and the points of a penalty row, shown only with "Penalty".
    numbers = [
        n for n in root.walk() if n.tag == "input" and n.get("type") == "number" and "step-typed" not in n.get("class")
    ]
    assert [n.get("name") for n in numbers] == ["re_points", "points"]
    for name in ("soloist", "points"):
        control = next(n for n in root.walk() if n.tag == "fieldset" and n.get("data-name") == name)
        assert control.get("data-types") == "penalty"
    assert 'name="forced"' in html
    assert ">yes<" not in html


def test_an_invalid_field_is_marked_and_described_by_its_error(client: Client, personas: Personas) -> None:
    client.force_login(personas.owner)
    slug = personas.club.slug
    response = client.post(reverse("club_settings", args=[slug]), {"name": ""})
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    assert 'id="id_name_error"' in html
    assert re.search(r'aria-describedby="[^"]*id_name_error', html)
    assert html.count('role="alert"') == 1  # the summary speaks; each field's error is read with its field
    assert form_problems(html) == []


def test_an_invalid_deal_is_marked_and_described_by_its_error(client: Client, personas: Personas) -> None:
    session = start(personas, "sheepshead", FIVE)
    client.force_login(personas.owner)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    form = {"contract_type": "pick", "picker": "Bert", "points": "many", "number": "1", "dealer": "Anna"}
    response = client.post(url, form)
    assert response.status_code == 422
    html = response.content.decode()
    assert form_problems(html) == []
    root = parse(html)
    partner = next(n for n in root.walk() if n.tag == "fieldset" and n.get("data-name") == "partner")
    assert "entry-partner-error" in partner.get("aria-describedby").split()
    assert all(n.get("aria-invalid") == "true" for n in partner.walk() if n.tag == "input")
    points = next(n for n in root.walk() if n.tag == "input" and n.get("name") == "points")
    assert points.get("aria-describedby").split() == ["entry-points-help", "entry-points-error"]
    assert html.count('role="alert"') <= 1


@pytest.mark.parametrize("game", list(DEALS))
def test_a_deal_page_says_which_deal_of_which_evening_of_which_club(
    client: Client, personas: Personas, game: str
) -> None:
    session = played(personas, game)
    client.force_login(personas.owner)
    deal = session.deals.get()
    slug = personas.club.slug
    evening = str(session)
    where = f" · {evening} · {personas.club.name} · Schreiber"
    deal_new = reverse("deal_new", args=[slug, session.pk])
    assert title(page(client, deal_new)) == f"Deal 2{where}"
    assert title(page(client, reverse("deal_edit", args=[slug, session.pk, deal.pk]))) == f"Correct deal 1{where}"
    assert title(page(client, f"{deal_new}?before={deal.pk}")) == f"Insert a deal before deal 1{where}"
    assert title(page(client, reverse("deal_dealers", args=[slug, session.pk, deal.pk]))).endswith(where)
    assert title(page(client, session.get_absolute_url())) == where.removeprefix(" · ")
    for name in ("session_money", "session_history", "session_settlement"):
        assert title(page(client, reverse(name, args=[slug, session.pk]))).endswith(where)
