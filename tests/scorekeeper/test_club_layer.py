"""The club layer to the session layer's standard: one regression test for each fault the probe found, and the
club's history, abandoned sessions, owners, backups and the read-only admin."""

from __future__ import annotations

import json
import sqlite3
import stat
from datetime import date, timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DataError, IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.interchange.backup import export_club
from scorekeeper.models import AuditEntry, Club, Invitation, Member, Role, Session

from .conftest import FOUR, Personas, sauspiel, start

pytestmark = pytest.mark.django_db


def url(name: str, *args: Any) -> str:
    return reverse(name, args=args)


# roles ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["OWNER", "admin", "x" * 10_000, ""])
def test_a_role_that_is_not_one_is_refused_and_breaks_no_page(client: Client, personas: Personas, role: str) -> None:
    client.force_login(personas.owner)
    bert = personas.players["Bert"]
    response = client.post(url("member_role", personas.club.slug, bert.pk), {"role": role})
    assert response.status_code == 302
    bert.refresh_from_db()
    assert bert.role == Role.SCORER
    client.force_login(personas.scorer)
    assert client.get(url("club", personas.club.slug)).status_code == 200


def test_the_database_keeps_roles_currencies_stakes_and_name_lengths(personas: Personas) -> None:
    for change in (
        lambda: Member.objects.filter(pk=personas.players["Bert"].pk).update(role="admin"),
        lambda: Member.objects.filter(pk=personas.players["Bert"].pk).update(name="x" * 61),
        lambda: Club.objects.filter(pk=personas.club.pk).update(currency="ZZZ"),
        lambda: Club.objects.filter(pk=personas.club.pk).update(currency="€"),
        lambda: start(personas) and Session.objects.update(cents_per_point=10**12),
    ):
        with pytest.raises((IntegrityError, DataError)), transaction.atomic():  # PostgreSQL refuses a long name itself
            change()


# junk in a query string or a URL ----------------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["number", "deal", "before"])
@pytest.mark.parametrize("value", ["abc", "1.0", "-1", "99999999999999999999", "\x00"])
def test_a_preview_with_junk_ids_is_no_500(
    client: Client, personas: Personas, session: Session, field: str, value: str
) -> None:
    client.force_login(personas.scorer)
    form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "70", field: value}
    assert client.post(url("deal_preview", personas.club.slug, session.pk), form).status_code == 200


@pytest.mark.parametrize("value", ["abc", "1.0", "", "0", "99999999999999999999"])
def test_a_start_form_with_junk_house_rules_is_no_500(client: Client, personas: Personas, value: str) -> None:
    client.force_login(personas.scorer)
    assert (
        client.get(url("session_start", personas.club.slug, "schafkopf") + f"?house_rules={value}").status_code == 200
    )


@pytest.mark.parametrize("token", ["%00", "abc", "x" * 200, "%2F..%2F"])
def test_an_invitation_address_that_cannot_be_a_token_is_not_found(client: Client, token: str) -> None:
    assert client.get(f"/invite/{token}/").status_code == 404


# stakes and currencies --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("stake", ["100000000000000000000", "-1", "100001", "1e3"])
def test_an_impossible_stake_is_a_message_at_the_field(client: Client, personas: Personas, stake: str) -> None:
    client.force_login(personas.scorer)
    seats = {f"seat_{i}": personas.players[name].pk for i, name in enumerate(FOUR)}
    classic = ["sauspiel", "wenz", "solo", "tout", "sie"]
    form = {"rules_preset": "classic", "tariff_preset": "classic", "cents_per_point": stake, "first_dealer": "0",
            "played_on": "2026-11-20", "opt_contracts": classic, **seats}  # fmt: skip
    response = client.post(url("session_start", personas.club.slug, "schafkopf"), form)
    assert response.status_code == 200
    assert response.context["form"].errors["cents_per_point"]
    assert not Session.objects.exists()
    with pytest.raises(services.ServiceError):
        start(personas, cents_per_point=10**20)


@pytest.mark.parametrize("currency", ["ZZZ", "€", "eur ", ""])
def test_a_currency_is_an_iso_code(client: Client, personas: Personas, currency: str) -> None:
    client.force_login(personas.owner)
    form = {"name": "Stammtisch", "currency": currency, "pot_policy": "carry", "settlement_mode": "zero_sum"}
    response = client.post(url("club_settings", personas.club.slug), form)
    assert response.status_code == 200
    assert response.context["form"].errors["currency"]
    personas.club.refresh_from_db()
    assert personas.club.currency == "EUR"


@pytest.mark.pdf
def test_a_session_exported_in_francs_prints_with_settle(personas: Personas, session: Session, tmp_path: Path) -> None:
    services.change_club_settings(club=personas.club, actor=personas.owner, name="Stammtisch", currency="chf",
                                  pot_policy="carry", settlement_mode="zero_sum")  # fmt: skip
    later = start(personas)
    services.record_deal(session=later, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 70))
    path = tmp_path / "session.json"
    path.write_text(json.dumps(services_export(later)), encoding="utf-8")
    call_command("settle", str(path), "--pdf", str(tmp_path / "sheet.pdf"))
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")


def services_export(session: Session) -> dict[str, Any]:
    from scorekeeper.stored.documents import export_document

    return export_document(session)


# invitations and signing up ---------------------------------------------------------------------------------------


def test_a_login_named_like_a_name_only_member_joins_under_a_free_name(client: Client, personas: Personas) -> None:
    invitation = services.create_invitation(club=personas.club, actor=personas.owner)
    dieter = User.objects.create_user("Dieter", password="correct horse battery")
    client.force_login(dieter)
    response = client.post(invitation.get_absolute_url())
    assert response.status_code == 302
    joined = personas.club.members.get(user=dieter)
    assert joined.name == "Dieter 2"  # the name-only Dieter is someone else
    assert personas.club.members.get(name="Dieter").user is None


def test_an_invalid_invitation_form_says_what_is_wrong(client: Client, personas: Personas) -> None:
    client.force_login(personas.owner)
    response = client.post(url("invitation_create", personas.club.slug), {"role": "admin", "member": "abc"})
    assert response.status_code == 422
    errors = response.context["invite_form"].errors
    assert set(errors) == {"role", "member"}
    assert "Only an owner" not in response.content.decode()
    client.force_login(personas.scorer)
    response = client.post(url("invitation_create", personas.club.slug), {"role": "owner"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Only an owner can invite scorers or owners." in response.content.decode()
    assert not Invitation.objects.exists()


@pytest.mark.parametrize(
    ("username", "password", "field"),
    [
        ("zenzi", "password", "password"),
        ("zenzi", "12345678", "password"),
        ("zenzi-lehner", "zenzi-lehner", "password"),
        ("a b/c?d", "correct horse battery", "username"),
        ("", "correct horse battery", "username"),
    ],
)
def test_sign_up_applies_the_password_rules_and_djangos_usernames(
    client: Client, personas: Personas, username: str, password: str, field: str
) -> None:
    invitation = services.create_invitation(club=personas.club, actor=personas.owner)
    form = {"username": username, "name": "Zenzi", "password": password}
    response = client.post(invitation.get_absolute_url(), form)
    assert response.status_code == 200
    assert response.context["form"].errors[field]
    assert not User.objects.filter(username=username).exists()


# login throttling -------------------------------------------------------------------------------------------------


def test_thirty_wrong_passwords_lock_the_account_and_say_so(client: Client, personas: Personas) -> None:
    login = url("login")
    for _ in range(30):
        client.post(login, {"username": "anna", "password": "wrong"})
    response = client.post(login, {"username": "anna", "password": "correct horse battery"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


# headers and the secret key ---------------------------------------------------------------------------------------


def test_a_response_carries_csp_permissions_policy_and_safe_cookies(client: Client, settings: Any) -> None:
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = settings.LANGUAGE_COOKIE_SECURE = True
    response = client.get(url("login"))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert "camera=()" in response["Permissions-Policy"]
    language = client.post(url("set_language"), {"language": "en", "next": "/"})
    for cookie in (response.cookies["csrftoken"], language.cookies["django_language"]):
        assert (cookie["secure"], cookie["httponly"], cookie["samesite"]) == (True, True, "Lax")


def test_the_pages_have_no_inline_script_or_style(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.owner)
    for page in (url("home"), url("club", personas.club.slug), session.get_absolute_url(),
                 url("deal_new", personas.club.slug, session.pk), url("members", personas.club.slug)):  # fmt: skip
        html = client.get(page).content.decode()
        for inline in (" style=", "<style", " onclick=", " onchange="):
            assert inline not in html, (page, inline)
        assert all('src="' in tag or "application/json" in tag for tag in html.split("<script")[1:]), page


def test_the_generated_secret_key_is_readable_by_its_owner_only(tmp_path: Path, monkeypatch: Any) -> None:
    from schreiber import settings as project_settings

    monkeypatch.setattr(project_settings, "VAR_DIR", tmp_path)
    project_settings.local_secret_key()
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


# the club page ----------------------------------------------------------------------------------------------------


def test_the_club_page_lists_the_newest_first_a_page_at_a_time(
    client: Client, personas: Personas, django_assert_max_num_queries: Any
) -> None:
    for day in range(1, 46):
        session = start(personas, played_on=date(2026, 1, 1) + timedelta(days=day))
        services.close_session(session=session, actor=personas.scorer)
    client.force_login(personas.member)
    with django_assert_max_num_queries(12):
        first = client.get(url("club", personas.club.slug))
    days = [s.played_on for s in first.context["page"].object_list]
    assert days[0].isoformat() == "2026-02-15"
    assert days == sorted(days, reverse=True)
    last = client.get(url("club", personas.club.slug) + "?page=3")
    assert list(last.context["page"].object_list)[-1].played_on.isoformat() == "2026-01-02"
    assert client.get(url("club", personas.club.slug) + "?page=abc").status_code == 200


# the members page -------------------------------------------------------------------------------------------------


def test_a_scorer_renames_from_the_members_page_and_a_member_only_reads_it(client: Client, personas: Personas) -> None:
    dieter = personas.players["Dieter"]
    client.force_login(personas.member)
    page = client.get(url("members", personas.club.slug)).content.decode()
    assert "Dieter" in page
    assert 'name="name"' not in page
    assert "Remove" not in page
    client.force_login(personas.scorer)
    page = client.get(url("members", personas.club.slug)).content.decode()
    assert f'action="{url("member_rename", personas.club.slug, dieter.pk)}"' in page
    assert "Remove" not in page  # removing is the owner's
    response = client.post(url("member_rename", personas.club.slug, dieter.pk), {"name": "  Didi "})
    assert response.status_code == 302
    dieter.refresh_from_db()
    assert dieter.name == "Didi"
    too_long = client.post(
        url("member_rename", personas.club.slug, dieter.pk), {"name": "x" * 61}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "at most 60 characters" in too_long.content.decode()
    dieter.refresh_from_db()
    assert dieter.name == "Didi"


# abandoning, deleting, owners -------------------------------------------------------------------------------------


def test_a_scorer_abandons_an_empty_session_after_confirming_and_it_comes_back(
    client: Client, personas: Personas
) -> None:
    session = start(personas)
    client.force_login(personas.scorer)
    page = client.get(url("session_abandon", personas.club.slug, session.pk), HTTP_ACCEPT_LANGUAGE="en")
    assert "Abandon this session?" in page.content.decode()
    assert Session.objects.get().status == Session.Status.OPEN  # asking changes nothing
    client.post(url("session_abandon", personas.club.slug, session.pk))
    assert Session.objects.get().status == Session.Status.ABANDONED
    club_page = client.get(url("club", personas.club.slug))
    assert not club_page.context["open_sessions"]
    client.post(url("session_restore", personas.club.slug, session.pk))
    assert Session.objects.get().status == Session.Status.OPEN


def test_only_an_owner_abandons_a_session_with_deals(personas: Personas, session: Session) -> None:
    with pytest.raises(services.ServiceError):
        services.abandon_session(session=session, actor=personas.scorer, member=personas.players["Bert"])
    services.abandon_session(session=session, actor=personas.owner, member=personas.players["Anna"])
    assert Session.objects.get().status == Session.Status.ABANDONED


def test_an_abandoned_session_gives_its_pot_back(personas: Personas) -> None:
    stock = {"preset": "classic", "pass_out": "stock"}
    first = start(personas, rules=stock)
    services.record_deal(session=first, actor=personas.scorer, facts={"contract": "passed"})
    services.close_session(session=first, actor=personas.scorer)
    mistaken = start(personas, rules=stock)
    assert mistaken.pot_carried_in == 80
    services.abandon_session(session=mistaken, actor=personas.scorer, member=personas.players["Bert"])
    assert start(personas, rules=stock).pot_carried_in == 80


def test_a_session_without_deals_is_deleted_and_stays_in_the_club_history(client: Client, personas: Personas) -> None:
    session = start(personas)
    client.force_login(personas.scorer)
    client.post(url("session_delete", personas.club.slug, session.pk))
    assert not Session.objects.exists()
    assert AuditEntry.objects.filter(action=AuditEntry.Action.SESSION_DELETED).exists()


def test_a_session_with_deals_cannot_be_deleted(personas: Personas, session: Session) -> None:
    with pytest.raises(services.ServiceError):
        services.delete_session(session=session, actor=personas.owner)


def test_the_last_owner_can_neither_leave_nor_step_down_nor_be_removed(client: Client, personas: Personas) -> None:
    anna = personas.players["Anna"]
    client.force_login(personas.owner)
    client.post(url("club_leave", personas.club.slug))
    client.post(url("member_role", personas.club.slug, anna.pk), {"role": "member"})
    client.post(url("member_remove", personas.club.slug, anna.pk))
    anna.refresh_from_db()
    assert (anna.role, anna.user) == (Role.OWNER, personas.owner)


def test_a_command_appoints_an_owner_for_an_orphaned_club(personas: Personas) -> None:
    personas.owner.delete()  # the owner's login is gone
    assert not personas.club.members.filter(role=Role.OWNER, user__isnull=False).exists()
    call_command("appoint_owner", personas.club.slug, "bert", stdout=StringIO())
    assert personas.club.members.get(user__username="bert").role == Role.OWNER
    assert AuditEntry.objects.filter(club=personas.club, action=AuditEntry.Action.OWNER_APPOINTED).exists()
    with pytest.raises(CommandError):
        call_command("appoint_owner", personas.club.slug, "nobody", stdout=StringIO())


# every club write is audited --------------------------------------------------------------------------------------


def test_the_owner_reads_the_clubs_history_in_sentences(client: Client, personas: Personas) -> None:
    services.change_role(member=personas.players["Caro"], role=Role.MEMBER, actor=personas.owner)  # unchanged: no entry
    services.change_club_settings(club=personas.club, actor=personas.owner, name="Zum Hirschen", currency="CHF",
                                  pot_policy="pay_back", settlement_mode="zero_sum")  # fmt: skip
    services.rename_member(member=personas.players["Dieter"], actor=personas.owner, name="Didi")
    client.force_login(personas.owner)
    html = client.get(url("club_history", personas.club.slug), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Anna changed the settings: name Stammtisch Zum Hirschen → Zum Hirschen, currency EUR → CHF" in html
    assert "Anna renamed Dieter to Didi" in html
    assert "added Bert" in html
    assert "Anna founded the club" in html
    client.force_login(personas.member)
    assert client.get(url("club_history", personas.club.slug)).status_code == 403


# import_session and settle ----------------------------------------------------------------------------------------


def document(**change: Any) -> dict[str, Any]:
    return {"format": "schreiber/1", "game": "schafkopf", "rules": "classic", "tariff": "classic", "players": FOUR,
            "deals": [sauspiel("Anna", "Caro", 72)], **change}  # fmt: skip


def run(command: str, doc: Any, tmp_path: Path, *extra: str) -> tuple[int, str]:
    path = tmp_path / "doc.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    err = StringIO()
    try:
        call_command(command, str(path), *extra, stdout=StringIO(), stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), err.getvalue()
    return 0, err.getvalue()


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        (document(deals=[{**sauspiel("Anna", "Caro", 72), "dealer": ["Anna"]}]), "deal 1: dealer"),
        ("[" * 5000 + "]" * 5000, "nested more than"),
        ("[" * 10_000 + "]" * 10_000, "nested more than"),
        (document(rules={"preset": ["classic"]}), "rules: "),
        (document(players=["Anna", "Bert", "Anna", "Dieter"]), "Anna and Anna are one person"),
        ('{"format": "schreiber/1", "deals": ' + "[" * 40 + "]" * 40 + "}", "nested more than"),
        (document(players=["A" * 61, "Bert", "Caro", "Dieter"]), "players: a name has at most 60"),
        (document(players=["An\x00na", "Bert", "Caro", "Dieter"]), "players: a name cannot contain control"),
        (document(players=["Anna", "anna", "Caro", "Dieter"]), "Anna and anna are one person"),
    ],
)
@pytest.mark.parametrize("command", ["settle", "import_session"])
def test_a_bad_document_is_a_message_and_exit_2(
    personas: Personas, tmp_path: Path, command: str, doc: Any, expected: str
) -> None:
    extra = ("--club", personas.club.slug) if command == "import_session" else ()
    code, err = run(command, doc, tmp_path, *extra)
    assert code == 2
    assert expected in err
    assert "Traceback" not in err
    assert not Session.objects.exists()


def test_an_import_with_a_huge_stake_is_refused_on_every_database(personas: Personas, tmp_path: Path) -> None:
    code, err = run("import_session", document(cents_per_point=10**20), tmp_path, "--club", personas.club.slug)
    assert code == 2
    assert "cents_per_point" in err
    assert not Session.objects.exists()


def test_the_same_document_twice_is_refused_unless_again(personas: Personas, tmp_path: Path) -> None:
    doc = document(players=[" anna", "Bert", "Caro", "Dieter"], deals=[sauspiel(" anna", "Caro", 72)])
    assert run("import_session", doc, tmp_path, "--club", personas.club.slug)[0] == 2  # a name with spaces around
    doc = document(players=["anna", "BERT", "Caro", "Dieter"], deals=[sauspiel("anna", "Caro", 72)])
    assert run("import_session", doc, tmp_path, "--club", personas.club.slug) == (0, "")
    seats = [seat.member for seat in Session.objects.get().seats.all()]
    assert seats == [personas.players[n] for n in FOUR]  # matched ignoring case
    code, err = run("import_session", doc, tmp_path, "--club", personas.club.slug)
    assert code == 2
    assert "already imported as the session" in err
    assert run("import_session", doc, tmp_path, "--club", personas.club.slug, "--again")[0] == 0
    assert Session.objects.count() == 2


# backups ----------------------------------------------------------------------------------------------------------


def comparable(doc: dict[str, Any]) -> dict[str, Any]:
    """A club document without what a restore necessarily changes: ids, the slug, when it was written."""
    ids: dict[tuple[str, Any], int] = {}

    def renumber(kind: str, value: Any) -> Any:
        return None if value is None else ids.setdefault((kind, value), len(ids))

    copy = json.loads(json.dumps(doc))
    copy.pop("exported_at")
    copy["club"].pop("slug")
    for member in copy["members"]:
        member["id"] = renumber("member", member["id"])
    for rules in copy["house_rules"]:
        rules["id"] = renumber("rules", rules["id"])
    for session in copy["sessions"]:
        session["id"] = renumber("session", session["id"])
        session["pot_from"] = renumber("session", session["pot_from"])
        session["house_rules"] = renumber("rules", session["house_rules"])
        for seat in session["seats"]:
            seat["member"] = renumber("member", seat["member"])
        for deal in session["deals"]:
            deal["id"] = renumber("deal", deal["id"])
    copy["audit"] = [entry for entry in copy["audit"] if entry["action"] != "club_imported"]
    for entry in copy["audit"]:
        entry["session"] = renumber("session", entry["session"])
        entry["deal"] = renumber("deal", entry["deal"])
    return copy


def test_export_then_import_round_trips_the_demo_club_exactly(tmp_path: Path) -> None:
    call_command("load_demo", stdout=StringIO())
    club = Club.objects.get()
    services.abandon_session(session=club.sessions.get(status="open"), actor=None,
                             member=club.members.get(role=Role.OWNER))  # fmt: skip
    first = club.sessions.order_by("pk").first()
    assert first is not None
    services.reopen_session(session=first, actor=None)
    deal = first.deals.get(number=2)
    services.delete_deal(deal=deal, actor=None, revision=deal.revision)  # a deleted deal travels too
    path = tmp_path / "club.json"
    call_command("export_club", club.slug, str(path), stdout=StringIO())
    call_command("import_club", str(path), "--slug", "copy", stdout=StringIO())
    copy = Club.objects.get(slug="copy")
    assert comparable(export_club(copy)) == comparable(json.loads(path.read_text(encoding="utf-8")))
    assert copy.audit_entries.filter(action=AuditEntry.Action.CLUB_IMPORTED).exists()


def test_a_club_backup_that_does_not_add_up_is_refused_whole(
    personas: Personas, session: Session, tmp_path: Path
) -> None:
    doc = export_club(personas.club)
    doc["sessions"][0]["deals"][0]["facts"]["points"] = 30  # edited by hand: the results no longer fit
    code, err = run("import_club", doc, tmp_path, "--slug", "copy")
    assert code == 2
    assert "does not add up" in err
    assert not Club.objects.filter(slug="copy").exists()


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the backup API is SQLite's")
@pytest.mark.django_db(transaction=True)
def test_the_backup_command_copies_a_consistent_sqlite_database(personas: Personas, tmp_path: Path) -> None:
    session = start(personas)
    for points in (61, 70, 80):
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Caro", points))
    target = tmp_path / "backup.sqlite3"
    call_command("backup", str(target), stdout=StringIO())
    with sqlite3.connect(target) as copy:
        assert copy.execute("select count(*) from scorekeeper_deal").fetchone()[0] == 3
    copy.close()
    assert connection.vendor == "sqlite"


# the admin --------------------------------------------------------------------------------------------------------


def test_the_admin_shows_everything_and_changes_nothing(client: Client, personas: Personas, session: Session) -> None:
    User.objects.create_superuser("support", password="correct horse battery")
    client.force_login(User.objects.get(username="support"))
    deal = session.deals.first()
    assert deal is not None
    assert client.get("/admin/scorekeeper/deal/").status_code == 200
    assert client.get(f"/admin/scorekeeper/deal/{deal.pk}/change/").status_code == 200  # a view, read-only
    assert client.get("/admin/scorekeeper/deal/add/").status_code == 403
    response = client.post(f"/admin/scorekeeper/deal/{deal.pk}/change/", {"facts": "{}"})
    assert response.status_code == 403
    assert client.post(f"/admin/scorekeeper/deal/{deal.pk}/delete/", {"post": "yes"}).status_code == 403
    deal.refresh_from_db()
    assert deal.facts["points"] == 72


@pytest.mark.parametrize(
    ("doc", "path"),
    [
        (document(deals=[{**sauspiel("Anna", "Caro", 72), "note": "Kaffee\x00pause"}]), "deals[0].note"),
        (document(table="Tisch\x00 1"), "table"),
    ],
)
def test_an_import_with_a_nul_in_a_text_is_refused_naming_it(
    personas: Personas, tmp_path: Path, doc: Any, path: str
) -> None:
    code, err = run("import_session", doc, tmp_path, "--club", personas.club.slug)
    assert (code, err.strip()) == (2, f"{path}: a text cannot hold a NUL character.")
    assert not Session.objects.exists()


def test_points_beyond_an_integer_column_are_refused_not_stored(personas: Personas, tmp_path: Path) -> None:
    """A tariff of a trillion points scores, but no database keeps the sum: the import and the deal are refused."""
    huge = {"preset": "classic", "sauspiel": 2**40}
    code, err = run("import_session", document(tariff=huge), tmp_path, "--club", personas.club.slug)
    assert (code, err.strip()) == (
        2,
        "Deal 1 takes the points beyond 2,147,483,647, more than can be kept: check the tariff.",
    )
    assert not Session.objects.exists()
    session = start(personas, tariff=huge)
    with pytest.raises(services.ServiceError, match="Deal 1 takes the points beyond"):
        services.record_deal(session=session, actor=personas.owner, facts=sauspiel("Anna", "Caro", 72))
    assert not session.deals.exists()
