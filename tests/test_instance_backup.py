"""The whole instance, restored on another machine (docs/backups.md, "The whole database").

SQLite: the demo club with its sessions, league season and tournament is served from a file; a deal is saved
through the app while another connection keeps the file in use, so that deal sits in the write-ahead log;
``manage.py backup`` copies the database; the copy goes into a fresh checkout's ``var/``, is migrated and served
there, and the demo login with its password sees the same pages as on the original. A backup of the version before
the newest migration is migrated and served too. These run in other processes on files of their own, not on
pytest-django's test database, so they run once, on the SQLite run.

PostgreSQL: ``pg_dump`` of the test database while it is served, ``pg_restore`` into another database, the same
pages.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from scorekeeper.management.commands.load_demo import DEMO_CLUB, DEMO_PASSWORD, DEMO_USERNAME

sqlite_run = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's path, on files of its own: run once")
with_git = pytest.mark.skipif(shutil.which("git") is None, reason="a fresh checkout is made with git")
postgresql_run = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's path")
with_pg_tools = pytest.mark.skipif(
    not (shutil.which("pg_dump") and shutil.which("pg_restore")), reason="pg_dump and pg_restore are not installed"
)

ROOT = Path(__file__).resolve().parents[1]
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
# What differs from one response to the next by design: the masked CSRF token, in forms and in htmx's headers, and
# the sheet's poll token (signed with its time and the browser it was given to).
VOLATILE = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"'), r'\1…"'),
    (re.compile(r'("X-CSRFToken": ")[^"]*"'), r'\1…"'),
    (re.compile(r'(data-poll-token=")[^"]*"'), r'\1…"'),
]


def app_environment(**settings: str) -> dict[str, str]:
    """Production settings on plain HTTP, as in the hall set-up of docs/tournament-director.md; nothing of this test
    run's own."""
    kept = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SCHREIBER_VAR_DIR", "PYTHONPATH"}}
    return {
        **kept,
        "DJANGO_SETTINGS_MODULE": "schreiber.settings",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "SECURE_HSTS_SECONDS": "0",
        "SCHREIBER_PLAIN_STATIC": "true",
        **settings,
    }


def manage(checkout: Path, env: dict[str, str], *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments], cwd=checkout, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def fresh_checkout(target: Path) -> Path:
    """The files a clone of this work tree would have (committed or not, never what git ignores: no var/, no
    virtualenv)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    if listed.returncode != 0:
        pytest.skip("not a git work tree")
    for name in filter(None, listed.stdout.split("\0")):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(checkout: Path, env: dict[str, str], port: int) -> Iterator[str]:
    """gunicorn from that checkout, in a process group of its own; stopped however the block ends."""
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "schreiber.wsgi", "--bind", url.removeprefix("http://"), "--workers", "1"],
        cwd=checkout, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60  # a loaded CI machine starts slowly
        while True:
            try:
                urllib.request.urlopen(f"{url}/login/", timeout=2)
                break
            except OSError:
                assert server.poll() is None, "gunicorn stopped"
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)


@dataclass
class Visitor:
    """A browser signed in with a username and password through the login form."""

    url: str
    jar: CookieJar = field(default_factory=CookieJar)

    def open(self, path: str, form: dict[str, str | list[str]] | None = None) -> tuple[int, str, str]:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        data = urllib.parse.urlencode(form, doseq=True).encode() if form is not None else None
        request = urllib.request.Request(self.url + path, data=data, headers={"Accept-Language": "de"})
        try:
            with opener.open(request, timeout=60) as answer:
                return answer.status, answer.geturl(), answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.geturl(), error.read().decode()

    def post_form(self, path: str, **fields: str | list[str]) -> tuple[int, str, str]:
        """Fill the form on that page (its hidden fields as given) and send it."""
        status, _, page = self.open(path)
        assert status == 200, page
        return self.open(path, {**dict(HIDDEN.findall(page)), **fields})

    def log_in(self, username: str, password: str) -> None:
        status, landed, page = self.post_form(reverse("login"), username=username, password=password)
        assert status == 200, page
        assert not landed.endswith(reverse("login")), "the password was refused"

    def page(self, path: str) -> str:
        status, _, page = self.open(path)
        assert status == 200, f"{path}: {status}"
        for pattern, replacement in VOLATILE:
            page = pattern.sub(replacement, page)
        return page


def pages_of(database: sqlite3.Connection | psycopg.Connection[Any]) -> list[str]:
    """The demo club's pages: its own, a closed and the open evening, a tournament table, the season, the
    tournament."""

    def one(query: str) -> int:
        row = database.execute(query).fetchone()
        assert row is not None
        return int(row[0])

    club = {"club_slug": DEMO_CLUB}
    closed = one("select min(id) from scorekeeper_session where status = 'closed'")
    still_open = one("select min(id) from scorekeeper_session where status = 'open'")
    table = one("select max(session_id) from leagues_tournamenttable")
    league, season = one("select min(id) from leagues_league"), one("select min(id) from leagues_season")
    tournament = one("select min(id) from leagues_tournament")
    return [
        reverse("home"),
        reverse("club", kwargs=club),
        reverse("members", kwargs=club),
        reverse("club_history", kwargs=club),
        *(
            reverse(name, kwargs={**club, "session_id": session})
            for session in (closed, still_open, table)
            for name in ("session", "session_settlement", "session_history")
        ),
        reverse("leagues", kwargs=club),
        reverse("league", kwargs={**club, "league_id": league}),
        reverse("season", kwargs={**club, "season_id": season}),
        reverse("tournaments", kwargs=club),
        reverse("tournament", kwargs={**club, "tournament_id": tournament}),
        reverse("tournament_ranking", kwargs={**club, "tournament_id": tournament}),
        reverse("tournament_round", kwargs={**club, "tournament_id": tournament, "number": 1}),
    ]


def load_demo(checkout: Path, var: Path) -> dict[str, str]:
    """The demo club, its league and tournament (``make demo``) in a database in that folder, by that checkout's
    code; returns the environment that serves it."""
    env = app_environment(SCHREIBER_VAR_DIR=str(var))
    demo = "c('migrate', verbosity=0); c('load_demo'); c('load_demo_league'); c('load_demo_tournament')"
    manage(checkout, env, "shell", "-c", f"from django.core.management import call_command as c; {demo}")
    return env


def restore(backup: Path, checkout: Path) -> tuple[dict[str, str], str]:
    """docs/backups.md on a new machine: a fresh checkout, the backup as its var/schreiber.sqlite3, migrate.
    Returns the environment that serves it (nothing set: the checkout's own var/) and what migrate said."""
    fresh_checkout(checkout)
    assert not (checkout / "var").exists()
    (checkout / "var").mkdir()
    shutil.copy(backup, checkout / "var" / "schreiber.sqlite3")
    env = app_environment()
    return env, manage(checkout, env, "migrate")


def row_counts(file: Path) -> dict[str, int]:
    with closing(sqlite3.connect(file)) as database:
        tables = [row[0] for row in database.execute("select name from sqlite_master where type = 'table'")]
        return {table: database.execute(f'select count(*) from "{table}"').fetchone()[0] for table in tables}


@sqlite_run
@with_git
def test_a_sqlite_backup_taken_while_the_app_writes_serves_the_same_pages_from_a_fresh_checkout(
    tmp_path: Path,
) -> None:
    original_env = load_demo(ROOT, tmp_path / "original")
    database_file = tmp_path / "original" / "schreiber.sqlite3"
    backup = tmp_path / "backup.sqlite3"
    port = free_port()  # both on one address: pages show links with it (a table link's QR code)

    # Another connection stays open, as a second worker's would: the app's writes then stay in the write-ahead log
    # (the last connection to close would fold them into the file).
    with closing(sqlite3.connect(database_file)) as in_use, serving(ROOT, original_env, port) as original:
        paths = pages_of(in_use)
        table = in_use.execute("select max(session_id) from leagues_tournamenttable").fetchone()[0]
        seats = [row[0] for row in in_use.execute(
            "select name from scorekeeper_seat where session_id = ? order by position", [table]
        )]  # fmt: skip
        deals_before = in_use.execute("select count(*) from scorekeeper_deal").fetchone()[0]
        anna = Visitor(original)
        anna.log_in(DEMO_USERNAME, DEMO_PASSWORD)
        status, landed, page = anna.post_form(
            reverse("deal_new", kwargs={"club_slug": DEMO_CLUB, "session_id": table}),
            contract_type="normal", re=seats[:2], re_points="151",
        )  # fmt: skip
        assert status == 200, page
        assert "/deal/" not in landed, "the deal was not saved"
        shutil.copy(database_file, tmp_path / "plain-copy.sqlite3")  # what copying the file alone would keep

        assert "consistent copy" in manage(ROOT, original_env, "backup", str(backup))
        expected = {path: anna.page(path) for path in paths}

    assert row_counts(tmp_path / "plain-copy.sqlite3")["scorekeeper_deal"] == deals_before  # the deal is in the log
    assert row_counts(backup)["scorekeeper_deal"] == deals_before + 1

    restored_env, migrated = restore(backup, tmp_path / "checkout")
    assert "No migrations to apply" in migrated
    with serving(tmp_path / "checkout", restored_env, port) as restored:
        assert (tmp_path / "checkout" / "var" / "secret_key").exists(), "the restored app runs from the checkout"
        anna_again = Visitor(restored)
        anna_again.log_in(DEMO_USERNAME, DEMO_PASSWORD)  # the login and its password came with the backup
        for path in paths:
            assert anna_again.page(path) == expected[path], path


def older_version(target: Path) -> Path:
    """The code as it was just before the newest migration was added (not merely edited), unpacked from git."""
    newest = subprocess.run(
        ["git", "log", "-1", "--diff-filter=A", "--format=%H", "--", "*/migrations/0*.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    ).stdout.strip()  # fmt: skip
    archive = subprocess.run(["git", "archive", f"{newest}^"], cwd=ROOT, capture_output=True, timeout=60)
    if not newest or archive.returncode != 0:
        pytest.skip("the history before the newest migration is not in this clone")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as unpacked:
        unpacked.extractall(target, filter="data")
    return target


@sqlite_run
@with_git
def test_a_backup_of_the_version_before_the_newest_migration_is_migrated_and_served(tmp_path: Path) -> None:
    older = older_version(tmp_path / "older")
    backup = tmp_path / "backup.sqlite3"
    manage(older, load_demo(older, tmp_path / "older-var"), "backup", str(backup))

    env, migrated = restore(backup, tmp_path / "checkout")
    assert "Applying" in migrated
    restored = row_counts(tmp_path / "checkout" / "var" / "schreiber.sqlite3")
    bookkeeping = {"django_migrations", "django_content_type", "auth_permission", "sqlite_sequence"}  # migrate adds
    kept = {table: count for table, count in row_counts(backup).items() if table not in bookkeeping}
    assert {table: restored[table] for table in kept} == kept  # migrating lost nothing
    with closing(sqlite3.connect(tmp_path / "checkout" / "var" / "schreiber.sqlite3")) as database:
        paths = pages_of(database)
    with serving(tmp_path / "checkout", env, free_port()) as url:
        anna = Visitor(url)
        anna.log_in(DEMO_USERNAME, DEMO_PASSWORD)
        for path in paths:
            anna.page(path)  # answers 200


def postgresql_url(database: str) -> str:
    db = connection.settings_dict
    login = f"{db['USER']}:{quote(db['PASSWORD'] or '', safe='')}"
    return f"postgres://{login}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{database}"


@contextmanager
def another_database(name: str) -> Iterator[str]:
    """An empty database beside the test database, dropped however the block ends."""
    drop = psycopg.sql.SQL("drop database if exists {} with (force)").format(psycopg.sql.Identifier(name))
    with psycopg.connect(postgresql_url("postgres"), autocommit=True) as server:
        server.execute(drop)
        server.execute(psycopg.sql.SQL("create database {}").format(psycopg.sql.Identifier(name)))
        try:
            yield postgresql_url(name)
        finally:
            server.execute(drop)


def run(*command: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@postgresql_run
@with_pg_tools
@pytest.mark.django_db(transaction=True)
def test_a_pg_dump_taken_while_the_app_runs_restores_into_another_database_with_the_same_pages(
    tmp_path: Path,
) -> None:
    for loader in ("load_demo", "load_demo_league", "load_demo_tournament"):
        call_command(loader, stdout=io.StringIO())
    connection.ensure_connection()
    paths = pages_of(connection.connection)
    original_url = postgresql_url(connection.settings_dict["NAME"])
    dump = tmp_path / "schreiber.dump"
    port = free_port()
    test_settings = {"DJANGO_SETTINGS_MODULE": "tests.settings"}  # the password was hashed with the tests' hasher

    with serving(ROOT, app_environment(DATABASE_URL=original_url, **test_settings), port) as original:
        anna = Visitor(original)
        anna.log_in(DEMO_USERNAME, DEMO_PASSWORD)
        run("pg_dump", "--format=custom", f"--file={dump}", original_url)  # as docs/backups.md says
        expected = {path: anna.page(path) for path in paths}

    with another_database(f"{connection.settings_dict['NAME']}_restored") as restored_url:
        run("pg_restore", "--clean", "--if-exists", f"--dbname={restored_url}", str(dump))
        restored_env = app_environment(DATABASE_URL=restored_url, **test_settings)
        assert "No migrations to apply" in manage(ROOT, restored_env, "migrate")
        with serving(ROOT, restored_env, port) as restored:
            anna_again = Visitor(restored)
            anna_again.log_in(DEMO_USERNAME, DEMO_PASSWORD)
            for path in paths:
                assert anna_again.page(path) == expected[path], path
