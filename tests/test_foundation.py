"""The project shell: login, logout, password change, languages, production settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.management.commands.load_demo import DEMO_PASSWORD, DEMO_USERNAME

ROOT = Path(__file__).resolve().parents[1]


def test_a_visitor_sees_the_welcome_page_with_a_login_link(client: Client, db: None) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert b"The score pad for your card table" in response.content
    assert reverse("login").encode() in response.content


def test_the_demo_login_works(client: Client, db: None) -> None:
    from django.core.management import call_command

    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    response = client.post(reverse("login"), {"username": DEMO_USERNAME, "password": DEMO_PASSWORD})
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("home")


def test_load_demo_can_run_twice(db: None) -> None:
    from django.core.management import call_command

    with open(os.devnull, "w") as out:
        call_command("load_demo", stdout=out)
        call_command("load_demo", stdout=out)


def test_a_wrong_password_shows_a_message_not_an_error(client: Client, db: None) -> None:
    response = client.post(reverse("login"), {"username": "nobody", "password": "x"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert b"correct username and password" in response.content


def test_logout_is_a_post(client: Client, login) -> None:
    login()
    assert client.post(reverse("logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_password_change(client: Client, login) -> None:
    user = login()
    response = client.post(
        reverse("password_change"),
        {
            "old_password": "correct horse battery",
            "new_password1": "Kreuz-Dame-2026",
            "new_password2": "Kreuz-Dame-2026",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("Kreuz-Dame-2026")


def test_password_change_needs_a_login(client: Client, db: None) -> None:
    response = client.get(reverse("password_change"))
    assert response.status_code == 302
    assert response.headers["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("accept", "expected"), [("de", "Anmelden"), ("en", "Log in")])
def test_the_browser_language_picks_german_or_english(client: Client, db: None, accept: str, expected: str) -> None:
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE=accept)
    assert expected in response.content.decode()


def test_the_language_switch_remembers_the_choice(client: Client, db: None) -> None:
    client.post(reverse("set_language"), {"language": "en", "next": "/"}, HTTP_ACCEPT_LANGUAGE="de")
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="de")
    assert "Log in" in response.content.decode()


def test_static_assets_are_vendored_not_from_a_cdn(client: Client, db: None) -> None:
    html = client.get("/").content.decode()
    assert "htmx" in html
    assert "//" not in "".join(part.split('"')[0] for part in html.split('src="')[1:])


def test_check_deploy_is_clean_with_production_settings(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "schreiber.settings",
        "SECRET_KEY": "a-production-secret-that-is-long-enough-and-random-9f8e7d6c5b4a3210",
        "ALLOWED_HOSTS": "schreiber.example.org",
        "DEBUG": "false",
        "SCHREIBER_VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


HEADER_PROBE = """
import json, django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="schreiber.example.org")
response = client.get("/login/", secure=True)
cookie = response.cookies["csrftoken"]
flags = {key: cookie[key] for key in ("secure", "httponly", "samesite")}
print(json.dumps({"status": response.status_code, "headers": dict(response.headers), "cookie": flags}))
"""


def test_a_real_response_under_production_settings_carries_every_security_header(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "schreiber.settings",
        "SECRET_KEY": "a-production-secret-that-is-long-enough-and-random-9f8e7d6c5b4a3210",
        "ALLOWED_HOSTS": "schreiber.example.org",
        "DEBUG": "false",
        "SCHREIBER_VAR_DIR": str(tmp_path),
        "SCHREIBER_PLAIN_STATIC": "true",  # no collectstatic here
    }
    result = subprocess.run(
        [sys.executable, "-c", HEADER_PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout.strip().splitlines()[-1])
    headers = probe["headers"]
    assert probe["status"] == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert "script-src 'self' 'wasm-unsafe-eval'" in headers["Content-Security-Policy"]
    # Nothing unsafe but compiling WebAssembly, whose token holds the word: no 'unsafe-inline', no 'unsafe-eval'.
    assert "unsafe" not in headers["Content-Security-Policy"].replace("'wasm-unsafe-eval'", "")
    assert "geolocation=()" in headers["Permissions-Policy"]
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert probe["cookie"] == {"secure": True, "httponly": True, "samesite": "Lax"}
