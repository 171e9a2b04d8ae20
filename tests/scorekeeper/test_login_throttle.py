"""The login throttle (issue 21, fault 1): wrong passwords lock a user name from one address, never that member from
elsewhere nor the other members on the same Wi-Fi; an address past its ceiling logs in only names known there, and
its answers give away no name; the lock-out page says until when, in the visitor's language; an owner lifts a
member's lock, and the club's history says so."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.conf import settings
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper import services, throttle
from scorekeeper.models import AuditEntry, Member
from scorekeeper.words import history

from .conftest import Personas

pytestmark = pytest.mark.django_db

RIGHT = "correct horse battery"
CLUB_WIFI, MOBILE = "198.51.100.7", "203.0.113.9"


def log_in(address: str, username: str, password: str = RIGHT, language: str = "en") -> Any:
    client = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)
    return client.post(reverse("login"), {"username": username, "password": password})


def mistype(address: str, username: str, times: int = 5) -> None:
    for _ in range(times):
        log_in(address, username, "wrong")


def flood(address: str, failures: int) -> None:
    """``failures`` wrong passwords from ``address``, four each for made-up names: no name reaches its own lock."""
    for n in range(failures):
        log_in(address, f"guess{n // 4}", "wrong")


def lock_out_words(page: Any, username: str) -> str:
    """What the lock-out page says, with the name tried as NAME."""
    html = page.content.decode()
    start = html.index('<section class="card"')
    return html[start : html.index("</section>", start)].replace(username, "NAME")


def time_passes(delta: timedelta) -> None:
    """Every wrong password recorded moves ``delta`` into the past."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - delta)
    AccessFailureLog.objects.update(attempt_time=F("attempt_time") - delta)


# the pair -----------------------------------------------------------------------------------------------------------


def test_wrong_passwords_lock_the_name_from_that_address_and_nobody_else(personas: Personas) -> None:
    mistype(CLUB_WIFI, "anna")
    assert log_in(CLUB_WIFI, "anna").status_code == 429
    assert log_in(MOBILE, "anna").status_code == 302  # nobody locks the owner out from elsewhere
    assert log_in(CLUB_WIFI, "bert").status_code == 302  # nor the rest of the table on the same Wi-Fi


def test_four_wrong_passwords_lock_nothing_and_the_right_one_clears_them(personas: Personas) -> None:
    mistype(CLUB_WIFI, "anna", 4)
    assert log_in(CLUB_WIFI, "anna").status_code == 302
    mistype(CLUB_WIFI, "anna", 4)
    assert log_in(CLUB_WIFI, "anna").status_code == 302


def test_the_lock_ends_after_the_cool_off(personas: Personas) -> None:
    mistype(CLUB_WIFI, "anna")
    time_passes(settings.AXES_COOLOFF_TIME - timedelta(seconds=5))
    assert log_in(CLUB_WIFI, "anna").status_code == 429  # a refused try counts, and starts the wait again
    time_passes(settings.AXES_COOLOFF_TIME + timedelta(seconds=1))
    assert log_in(CLUB_WIFI, "anna").status_code == 302


def test_a_name_that_does_not_exist_locks_alike(personas: Personas) -> None:
    mistype(CLUB_WIFI, "anna")
    mistype(CLUB_WIFI, "nobody")
    anna, nobody = log_in(CLUB_WIFI, "anna", "wrong"), log_in(CLUB_WIFI, "nobody", "wrong")
    assert anna.status_code == nobody.status_code == 429
    assert lock_out_words(anna, "anna") == lock_out_words(nobody, "nobody")


# the address ceiling ------------------------------------------------------------------------------------------------


def test_below_the_ceiling_every_right_password_gets_in(personas: Personas) -> None:
    flood(CLUB_WIFI, settings.LOGIN_ADDRESS_FAILURE_LIMIT - 1)
    assert log_in(CLUB_WIFI, "caro").status_code == 302


def test_past_the_ceiling_only_names_known_at_the_address_get_in(personas: Personas) -> None:
    assert settings.LOGIN_ADDRESS_FAILURE_LIMIT == 50
    assert timedelta(hours=1) == settings.LOGIN_ADDRESS_WINDOW
    assert log_in(CLUB_WIFI, "bert").status_code == 302  # Bert has logged in at the club before
    flood(CLUB_WIFI, 50)
    assert log_in(CLUB_WIFI, "bert").status_code == 302
    caro = log_in(CLUB_WIFI, "caro")
    assert caro.status_code == 429  # refused without her password being checked
    assert "only a name that has logged in from here before can log in from here" in caro.content.decode()
    assert log_in(MOBILE, "caro").status_code == 302


def test_past_the_ceiling_a_wrong_password_says_nothing_about_the_name(personas: Personas) -> None:
    log_in(CLUB_WIFI, "bert")
    flood(CLUB_WIFI, 50)
    pages = [log_in(CLUB_WIFI, name, "wrong") for name in ("bert", "caro", "nobody")]
    assert [page.status_code for page in pages] == [429, 429, 429]
    words = {lock_out_words(page, name) for page, name in zip(pages, ("bert", "caro", "nobody"), strict=True)}
    assert len(words) == 1


def test_the_ceiling_lifts_when_its_failures_are_an_hour_old(personas: Personas) -> None:
    flood(CLUB_WIFI, 50)
    assert log_in(CLUB_WIFI, "caro").status_code == 429
    time_passes(timedelta(hours=1, seconds=1))
    assert log_in(CLUB_WIFI, "caro").status_code == 302
    log_in(CLUB_WIFI, "caro", "wrong")
    assert AccessFailureLog.objects.count() == 1  # the next failure took the ones no longer counted away


# the lock-out page ----------------------------------------------------------------------------------------------------


def shown_time(until: Any) -> str:
    return timezone.localtime(throttle.to_the_minute(until)).strftime("%H:%M")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Logging in under this name from here is paused until {time}, in 15 minutes."),
        ("de", "Die Anmeldung unter diesem Namen ist von hier aus bis {time} Uhr gesperrt, noch 15 Minuten."),
    ],
)
def test_the_lock_out_page_says_until_when_in_the_visitors_language(
    personas: Personas, language: str, words: str
) -> None:
    mistype(CLUB_WIFI, "anna", 4)
    page = log_in(CLUB_WIFI, "anna", "wrong", language)
    attempt = AccessAttempt.objects.get(username="anna")
    said = lock_out_words(page, "anna")
    assert page.status_code == 429
    assert words.format(time=shown_time(attempt.attempt_time + settings.AXES_COOLOFF_TIME)) in said
    assert "NAME" in said
    assert "device" not in said  # it is the address, which the whole network may share
    assert "Gerät" not in said


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Until {time}, in 60 minutes, only a name"), ("de", "Bis {time} Uhr, noch 60 Minuten, kann sich")],
)
def test_the_ceiling_page_says_until_when_in_the_visitors_language(
    personas: Personas, language: str, words: str
) -> None:
    flood(CLUB_WIFI, 49)
    page = log_in(CLUB_WIFI, "caro", "wrong", language)
    first = AccessFailureLog.objects.order_by("attempt_time").first()
    assert page.status_code == 429
    assert words.format(time=shown_time(first.attempt_time + timedelta(hours=1))) in page.content.decode()


def test_the_page_rounds_up_to_the_next_minute() -> None:
    now = timezone.now().replace(second=50, microsecond=0)
    shown = throttle._shown(now + timedelta(seconds=30), now)
    assert shown == {"at": now.replace(second=0) + timedelta(minutes=2), "minutes": 1}


# the owner lifts a lock ----------------------------------------------------------------------------------------------


def members_page(personas: Personas, user: Any) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client.get(reverse("members", args=[personas.club.slug])).content.decode()


def test_the_owner_sees_a_locked_member_and_lifts_the_lock(personas: Personas) -> None:
    mistype(CLUB_WIFI, "caro")
    mistype(MOBILE, "caro")
    caro = personas.players["Caro"]
    page = members_page(personas, personas.owner)
    assert page.count(">Lift the lock</button>") == 1
    assert "login locked until" in page
    assert reverse("member_unlock", args=[personas.club.slug, caro.pk]) in page
    owner = Client(HTTP_ACCEPT_LANGUAGE="en")
    owner.force_login(personas.owner)
    response = owner.post(reverse("member_unlock", args=[personas.club.slug, caro.pk]), follow=True)
    assert "The lock on the login of Caro is lifted." in response.content.decode()
    assert log_in(CLUB_WIFI, "caro").status_code == 302
    assert log_in(MOBILE, "caro").status_code == 302
    entry = AuditEntry.objects.get(action=AuditEntry.Action.LOGIN_LOCK_LIFTED)
    assert (entry.club, entry.actor, entry.after) == (personas.club, personas.owner, {"name": "Caro"})
    assert history.lines([entry], personas.club)[0].text == "Anna lifted the lock on the login of Caro"
    assert "Lift the lock" not in members_page(personas, personas.owner)


def test_a_lock_on_no_member_of_the_club_is_not_shown(personas: Personas) -> None:
    mistype(CLUB_WIFI, "olga")
    assert "Lift the lock" not in members_page(personas, personas.owner)


def test_only_an_owner_sees_the_lock(personas: Personas) -> None:
    mistype(CLUB_WIFI, "caro")
    for user in (personas.scorer, personas.member):
        page = members_page(personas, user)
        assert "Lift the lock" not in page
        assert "login locked" not in page


@pytest.mark.parametrize(("persona", "status"), [("scorer", 403), ("member", 403), ("outsider", 404)])
def test_no_one_else_lifts_a_lock(personas: Personas, persona: str, status: int) -> None:
    mistype(CLUB_WIFI, "caro")
    client = Client()
    client.force_login(getattr(personas, persona))
    url = reverse("member_unlock", args=[personas.club.slug, personas.players["Caro"].pk])
    assert client.post(url).status_code == status
    assert log_in(CLUB_WIFI, "caro").status_code == 429
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.LOGIN_LOCK_LIFTED).exists()


def test_lifting_is_a_post_of_a_member_of_the_club(personas: Personas) -> None:
    mistype(CLUB_WIFI, "olga")
    owner = Client()
    owner.force_login(personas.owner)
    caro = reverse("member_unlock", args=[personas.club.slug, personas.players["Caro"].pk])
    assert owner.get(caro).status_code == 405
    olga = Member.objects.get(user=personas.outsider)
    assert owner.post(reverse("member_unlock", args=[personas.club.slug, olga.pk])).status_code == 404
    assert log_in(CLUB_WIFI, "olga").status_code == 429


@pytest.mark.parametrize(("name", "error"), [("Dieter", "Dieter has no login."), ("Bert", "not locked")])
def test_a_member_without_a_lock_has_none_to_lift(personas: Personas, name: str, error: str) -> None:
    with pytest.raises(services.ServiceError, match=error):
        services.lift_login_lock(member=personas.players[name], actor=personas.owner)
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.LOGIN_LOCK_LIFTED).exists()


def test_the_lift_needs_the_csrf_token(personas: Personas) -> None:
    mistype(CLUB_WIFI, "caro")
    owner = Client(enforce_csrf_checks=True)
    owner.force_login(personas.owner)
    url = reverse("member_unlock", args=[personas.club.slug, personas.players["Caro"].pk])
    assert owner.post(url).status_code == 403
    assert log_in(CLUB_WIFI, "caro").status_code == 429
