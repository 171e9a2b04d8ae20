"""Who may see and do what: outsiders get 404, members look, scorers enter, owners manage."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import Deal, Invitation, Member, Role, Session

from .conftest import FOUR, Personas, last_facts, start

pytestmark = pytest.mark.django_db


def session_urls(session: Session) -> list[str]:
    slug, pk = session.club.slug, session.pk
    return [
        reverse("session", args=[slug, pk]),
        reverse("session_live", args=[slug, pk]),
        reverse("session_history", args=[slug, pk]),
        reverse("session_export", args=[slug, pk]),
        reverse("deal_new", args=[slug, pk]),
        reverse("deal_edit", args=[slug, pk, session.deals.get(number=1).pk]),
    ]


def test_an_outsider_gets_404_on_every_url_of_the_club(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.outsider)
    slug = personas.club.slug
    club_urls = [reverse(n, args=[slug]) for n in ("club", "members", "club_settings", "session_new")]
    for url in [*club_urls, *session_urls(session)]:
        assert client.get(url).status_code == 404, url
    for name, args in (
        ("deal_preview", [slug, session.pk]),
        ("session_close", [slug, session.pk]),
        ("deal_delete", [slug, session.pk, session.deals.get(number=1).pk]),
    ):
        assert client.post(reverse(name, args=args)).status_code == 404, name


def test_a_visitor_is_sent_to_nothing_either(client: Client, session: Session) -> None:
    assert client.get(session.get_absolute_url()).status_code == 404


def test_a_member_can_view_but_not_enter(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.member)
    for url in session_urls(session)[:4]:
        assert client.get(url).status_code == 200, url
    slug, pk = personas.club.slug, session.pk
    assert client.get(reverse("deal_new", args=[slug, pk])).status_code == 403
    response = client.post(
        reverse("deal_new", args=[slug, pk]),
        {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "61"},
    )
    assert response.status_code == 403
    assert client.post(reverse("session_close", args=[slug, pk])).status_code == 403
    assert session.deals.count() == 2


def test_the_sheet_shows_totals_and_who_deals_next(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.member)
    html = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Sauspiel" in html
    assert "Schneider" in html
    assert "Anna" in html
    assert "-10" in html
    assert 'class="dealer"' in html  # Caro deals the third deal
    assert "deal_new" not in html
    assert "+ Deal" not in html


def test_a_scorer_enters_a_deal_in_one_post(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    form = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert form.status_code == 200
    assert b"Sauspiel" in form.content
    response = client.post(
        url,
        {
            "contract_type": "sauspiel",
            "declarer": "Caro",
            "partner": "Anna",
            "points": "61",
            "runners": "3",
            "kontra": "0",
        },
    )
    assert response.status_code == 302
    assert last_facts(session) == {
        "contract": "sauspiel",
        "declarer": "Caro",
        "partner": "Anna",
        "points": 61,
        "runners": 3,
        "dealer": "Caro",  # who dealt is frozen with the deal
    }


def test_a_tout_is_entered_as_its_contract_with_tout(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    client.post(url, {"contract_type": "wenz_tout", "declarer": "Dieter", "won": "won", "points": "120"})
    assert last_facts(session) == {
        "contract": "wenz",
        "tout": True,
        "declarer": "Dieter",
        "won": True,
        "dealer": "Caro",
    }


def test_bad_input_names_the_field_and_saves_nothing(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    response = client.post(
        url,
        {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "130"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    html = response.content.decode()
    sentence = "Enter a number from 0 to 120 (not 130)."  # the player's words: no JSON key in front
    assert sentence in html
    assert sentence in html.split('data-name="points"')[1].split("</fieldset>")[0]
    assert "points must be" not in html
    assert response["X-Problem-Codes"] == "between"  # the engine's code, for the offline outbox
    assert '<a href="#entry-points">' in html  # and the summary at the top leads there
    assert session.deals.count() == 2


def test_garbage_in_a_number_field_is_a_message_not_a_500(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    response = client.post(
        url, {"contract_type": "nonsense", "declarer": "Nobody", "points": "lots"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 422
    assert b"Enter a whole number." in response.content


def test_the_preview_shows_the_value_with_its_explanation(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    url = reverse("deal_preview", args=[personas.club.slug, session.pk])
    response = client.post(
        url, {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "95", "runners": "3"}
    )
    html = response.content.decode()
    assert "Schneider 10" in html
    assert "3 Laufende 30" in html
    assert "+60" in html
    assert session.deals.count() == 2


def test_correcting_a_deal_recomputes_the_sheet(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    first = session.deals.get(number=1)
    url = reverse("deal_edit", args=[personas.club.slug, session.pk, first.pk])
    assert b'value="72"' in client.get(url).content
    form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": "40", "revision": "1"}
    response = client.post(url, form)
    assert response.status_code == 302
    assert session.deals.get(number=1).facts["points"] == 40


def test_the_live_sheet_answers_204_until_something_changes(
    client: Client, personas: Personas, session: Session
) -> None:
    client.force_login(personas.member)
    url = reverse("session_live", args=[personas.club.slug, session.pk])
    session.refresh_from_db()
    shown = client.get(url).content.decode()  # a phone that says nothing gets the whole sheet
    assert 'id="sheet"' in shown
    assert f'data-revision="{session.revision}"' in shown
    (shape,) = re.findall(r'data-shape="([^"]+)"', shown)
    assert client.get(url, {"rev": session.revision, "shape": shape}).status_code == 204
    response = client.get(url, {"rev": session.revision - 1, "shape": shape})
    assert response.status_code == 200
    assert b"data-patch" in response.content


def test_a_scorer_starts_a_session_with_a_guest(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    url = reverse("session_start", args=[personas.club.slug, "schafkopf"])
    assert client.get(url).status_code == 200
    data = {
        "rules_preset": "classic",
        "tariff_preset": "10/20",
        "cents_per_point": "5",
        "played_on": "2026-11-20",
        "first_dealer": "1",
        "seat_0": personas.players["Anna"].pk,
        "seat_1": personas.players["Bert"].pk,
        "seat_2": personas.players["Dieter"].pk,
        "guest_3": "Xaver",
        "opt_kontra_max": "3",
        "opt_pass_out": "redeal",
        "opt_contracts": ["sauspiel", "wenz", "solo", "tout", "sie"],  # ticked as the preset has them
        "save_as": "Freitagsrunde",
    }
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    session = Session.objects.get(club=personas.club)
    assert [s.name for s in session.seats.all()] == ["Anna", "Bert", "Dieter", "Xaver"]
    assert session.rules["kontra_max"] == 3
    assert session.tariff is not None
    assert session.tariff["preset"] == "10/20"
    assert session.first_dealer == 1
    assert personas.club.house_rules.get(name="Freitagsrunde").rules["kontra_max"] == 3


def test_changing_the_preset_refreshes_the_options(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    url = reverse("session_start", args=[personas.club.slug, "schafkopf"])
    response = client.get(url, {"rules_preset": "tournament"}, HTTP_HX_REQUEST="true")
    assert b'name="opt_kontra_max" value="0"' in response.content


def test_a_member_cannot_start_a_session(client: Client, personas: Personas) -> None:
    client.force_login(personas.member)
    assert client.get(reverse("session_new", args=[personas.club.slug])).status_code == 403


def test_closing_and_reopening(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    slug = personas.club.slug
    client.post(reverse("session_close", args=[slug, session.pk]))
    session.refresh_from_db()
    assert not session.is_open
    assert client.get(reverse("deal_new", args=[slug, session.pk])).status_code == 302
    client.post(reverse("session_reopen", args=[slug, session.pk]))
    session.refresh_from_db()
    assert session.is_open


def test_the_history_says_who_changed_what_in_sentences(client: Client, personas: Personas, session: Session) -> None:
    first = session.deals.get(number=1)
    services.correct_deal(deal=first, actor=personas.owner, facts={**first.facts, "points": 50}, revision=1)
    client.force_login(personas.member)
    url = reverse("session_history", args=[personas.club.slug, session.pk])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bert entered deal 2: Sauspiel · declarer Bert · partner Dieter · points 95" in html
    assert "Anna corrected deal 1: points 72 → 50 (Anna +20 → −20, Bert −20 → +20, Caro +20 → −20" in html
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Anna hat Spiel 1 korrigiert: Punkte 72 → 50" in german


def test_the_export_is_a_schreiber_document(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.member)
    response = client.get(reverse("session_export", args=[personas.club.slug, session.pk]))
    assert response["Content-Disposition"].startswith("attachment")
    assert response.json()["format"] == "schreiber/1"
    assert len(response.json()["deals"]) == 2


def test_founding_a_club_makes_you_its_owner(client: Client, login) -> None:
    user = login("zenzi")
    response = client.post(
        reverse("club_create"), {"name": "Schafkopf Freunde", "owner_name": "Zenzi", "currency": "EUR"}
    )
    assert response.status_code == 302
    assert Member.objects.get(user=user).role == Role.OWNER


def test_an_invitation_link_signs_up_and_claims_a_name(client: Client, personas: Personas) -> None:
    client.force_login(personas.owner)
    dieter = personas.players["Dieter"]
    client.post(reverse("invitation_create", args=[personas.club.slug]), {"role": "member", "member": dieter.pk})
    invitation = Invitation.objects.get()
    client.logout()
    response = client.post(
        invitation.get_absolute_url(), {"username": "dieter", "name": "Dieter", "password": "Herz-Solo-2026"}
    )
    assert response.status_code == 302
    dieter.refresh_from_db()
    assert dieter.user is not None
    assert dieter.user.username == "dieter"
    assert client.get(invitation.get_absolute_url()).status_code == 410


def test_a_member_cannot_hand_out_scorer_invitations(client: Client, personas: Personas) -> None:
    client.force_login(personas.member)
    response = client.post(reverse("invitation_create", args=[personas.club.slug]), {"role": "owner"})
    assert response.status_code == 403
    assert not Invitation.objects.exists()


def test_the_last_owner_cannot_step_down(client: Client, personas: Personas) -> None:
    client.force_login(personas.owner)
    anna = personas.players["Anna"]
    client.post(reverse("member_role", args=[personas.club.slug, anna.pk]), {"role": "member"})
    anna.refresh_from_db()
    assert anna.role == Role.OWNER


def test_deleting_a_deal(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    first = session.deals.get(number=1)
    response = client.post(reverse("deal_delete", args=[personas.club.slug, session.pk, first.pk]), {"revision": "1"})
    assert response.headers["Location"] == f"{session.get_absolute_url()}?undo={first.pk}"
    assert list(Deal.objects.filter(session=session).values_list("number", flat=True)) == [None, 1]


def test_every_game_has_an_entry_form(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    for game, names in (
        ("doppelkopf", ["Anna", "Bert", "Caro", "Dieter"]),
        ("sheepshead", ["Anna", "Bert", "Caro", "Dieter", "Emil"]),
        ("bauernstoss", ["Anna", "Bert", "Caro", "Dieter"]),
    ):
        session = start(personas, game=game, names=names)
        response = client.get(reverse("deal_new", args=[personas.club.slug, session.pk]))
        assert response.status_code == 200, game


def test_house_rules_start_the_next_session_in_one_tap(client: Client, personas: Personas, session: Session) -> None:
    house_rules = services.save_house_rules(
        club=personas.club,
        name="Dienstagsrunde",
        game="schafkopf",
        rules={"preset": "classic", "klopfen": True},
        tariff="10/20/50",
        cents_per_point=10,
    )
    client.force_login(personas.scorer)
    club_page = client.get(reverse("club", args=[personas.club.slug])).content.decode()
    url = f"{reverse('session_start', args=[personas.club.slug, 'schafkopf'])}?house_rules={house_rules.pk}"
    assert url in club_page  # a link that asks for today's table first, not a start in one tap
    form = client.get(url).context["form"]
    assert form["opt_klopfen"].value() is True
    assert form["cents_per_point"].value() == 10
    assert not Session.objects.exclude(pk=session.pk).exists()


def test_correcting_a_deal_keeps_its_dealer_and_note(client: Client, personas: Personas) -> None:
    """Fields the form has no control for (an imported dealer override, a note) survive a correction."""
    session = start(personas, names=[*FOUR, "Emil"])  # five at the table: the dealer sits out
    facts = {
        "contract": "sauspiel",
        "declarer": "Anna",
        "partner": "Bert",
        "points": 70,
        "dealer": "Caro",
        "note": "late start",
    }
    services.record_deal(session=session, actor=personas.scorer, facts=facts)
    client.force_login(personas.scorer)
    deal = session.deals.get()
    form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "80", "revision": "1"}
    preview = client.post(reverse("deal_preview", args=[personas.club.slug, session.pk]), {**form, "deal": deal.pk})
    assert "Caro <strong>–</strong>" in preview.content.decode()  # Caro dealt and sat out
    response = client.post(reverse("deal_edit", args=[personas.club.slug, session.pk, deal.pk]), form)
    assert response.status_code == 302
    assert last_facts(session) == {**facts, "points": 80}


def test_the_home_page_greets_you_by_the_name_you_go_by(client: Client, personas: Personas) -> None:
    personas.players["Bert"].name = "Bertl"
    personas.players["Bert"].save()
    client.force_login(personas.scorer)  # user "bert", first name "Bert", member "Bertl"
    assert "Servus, Bertl!" in client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    client.force_login(personas.outsider)
    assert "Servus, Olga!" in client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()


@pytest.mark.parametrize("number", ["²", "9" * 10_000, str(2**63), "-1", "1.5", ""])
def test_a_number_in_the_query_string_that_is_none_is_ignored(
    client: Client, personas: Personas, session: Session, number: str
) -> None:
    """``"²".isdigit()`` is true, ``int("²")`` fails, and ``int()`` refuses 10,000 digits: every page reads a number
    with one helper and takes anything else as none given."""
    deleted = session.deals.get(number=1)
    services.delete_deal(deal=deleted, actor=personas.scorer, revision=1)
    client.force_login(personas.scorer)
    slug = personas.club.slug
    page = client.get(session.get_absolute_url(), {"undo": number})
    assert page.status_code == 200
    assert page.context.get("undo") is None
    assert client.get(reverse("session_live", args=[slug, session.pk]), {"rev": number}).status_code == 200
    assert client.get(reverse("session_start", args=[slug, "schafkopf"]), {"house_rules": number}).status_code == 200
    assert client.get(reverse("score_pad_pdf", args=[slug, "schafkopf"]), {"players": number}).status_code == 200
    assert client.get(session.get_absolute_url(), {"undo": deleted.pk}).context["undo"] == deleted
