"""The phone offline: the engine's own modules replay the stored deals and those waiting in the outbox, and every
value they give is the one the server stores once the phone is back (the same code, run in CPython here and in
the browser's Python there)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper import phone, services
from scorekeeper.engine.samples import random_session
from scorekeeper.models import Session
from scorekeeper.phone import posted
from scorekeeper.phone.evening import evening
from scorekeeper.table import reads
from scorekeeper.table.entry import DealEntry
from scorekeeper.words import engine_words
from tests.posts import body, form_post

from .conftest import FOUR, Personas, sauspiel, start

FORM = "application/x-www-form-urlencoded"  # as a browser posts the form: a name may come more than once
GAMES: dict[str, dict[str, Any]] = {  # each game as a table plays it: with a pot, Bock and Pflichtsolo, a table of five
    "schafkopf": {"rules": {"preset": "classic", "pass_out": "stock"}, "names": FOUR},
    "doppelkopf": {
        "rules": {"preset": "ddv", "bock": {"triggers": ["tie120", "solo_lost", "manual"], "stacking": "multiply"}},
        "names": FOUR,
    },
    "sheepshead": {"rules": None, "names": [*FOUR, "Emil"]},
    "bauernstoss": {"rules": None, "names": FOUR},
}


def played(personas: Personas, game: str, stored: int, waiting: int, seed: int = 7) -> tuple[Session, list[dict]]:
    """A session of ``game`` with ``stored`` deals, and the facts of ``waiting`` more to come."""
    setup = GAMES[game]
    session = start(personas, game, setup["names"], **({"rules": setup["rules"]} if setup["rules"] else {}))
    document = random_session(
        game, random.Random(seed), stored + waiting, rules=session.rules, tariff=session.tariff, players=setup["names"]
    )
    deals = [{k: v for k, v in facts.items() if k != "dealer"} for facts in document["deals"]]
    for facts in deals[:stored]:
        services.record_deal(session=session, actor=personas.scorer, facts=facts)
    session.refresh_from_db()
    return session, deals[stored:]


def table_of(client: Client, session: Session) -> dict[str, Any]:
    answer = client.get(reverse("session_phone", args=[session.club.slug, session.pk]))
    assert answer.status_code == 200
    return answer.json()


def words(client: Client, language: str = "en") -> dict[str, str]:
    return client.get(reverse("phone_words", args=[phone.version(), language])).json()


def entry_for(session: Session) -> DealEntry:
    _dealer, playing = reads.next_deal(session)
    return DealEntry(session.game, reads.header_of(session).new_game(), playing)


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_a_form_is_read_on_the_phone_as_on_the_server(personas: Personas, game: str) -> None:
    session, coming = played(personas, game, 0, 40)
    entry = entry_for(session)
    reading = json.loads(json.dumps(entry.reading()))  # as the phone gets it
    for facts in coming:
        pairs = form_post(entry, facts)
        entry.errors = {}
        server = entry.bind(QueryDict(body(pairs)))
        assert not entry.errors
        assert posted.facts_of(reading, posted.Pairs(pairs), entry.playing)[1:] == (server, {})


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_every_deal_the_phone_works_out_offline_is_the_one_the_server_stores(
    client: Client, personas: Personas, game: str
) -> None:
    """Ten deals in a row offline after eight stored: each one's result, the totals, the pot, the next dealer and
    who sits out are the server's once the outbox is sent."""
    session, coming = played(personas, game, 8, 10)
    twin, _coming = played(personas, game, 8, 0)  # the same evening, on which each deal's form is drawn first
    client.force_login(personas.scorer)
    table, catalogue = table_of(client, session), words(client)
    changes: list[dict[str, Any]] = []
    posts = []
    for number, facts in enumerate(coming, start=session.deal_count + 1):
        pairs = form_post(entry_for(twin), facts)  # the server's form for that deal: the phone posts the same
        token = str(uuid.uuid4())
        changes.append({"kind": "new", "token": token, "body": body(pairs)})
        posts.append(body(pairs, number=number, client_token=token))
        services.record_deal(session=twin, actor=personas.scorer, facts=facts)
        twin.refresh_from_db()
    worked_out = evening(table, changes, catalogue)
    assert not [change for change in worked_out["changes"] if change.get("problems")]
    for post in posts:
        answer = client.post(reverse("deal_new", args=[session.club.slug, session.pk]), post, content_type=FORM)
        assert answer.status_code == 302, answer.headers.get("X-Problem-Codes")
    session.refresh_from_db()
    stored = {d.number: d.result for d in session.deals.filter(deleted_at__isnull=True)}
    for change in worked_out["changes"]:
        assert change["result"] == stored[change["number"]], change["number"]
    after = worked_out["next"]
    header = reads.header_of(session)
    assert [after["totals"][p] for p in header.players] == session.totals
    assert after["pot"] == session.pot
    assert after["dealer"] == header.players[session.next_dealer]
    assert after["out"] == list(header.sitting_out(after["dealer"]))


@pytest.mark.django_db
def test_a_correction_and_a_delete_made_offline_are_replayed_as_the_server_makes_them(
    client: Client, personas: Personas
) -> None:
    """Deal 3 corrected and deal 5 deleted offline, then a new deal: every later deal moves as on the server."""
    session, _coming = played(personas, "doppelkopf", 8, 0)
    client.force_login(personas.scorer)
    table, catalogue = table_of(client, session), words(client)
    third, fifth = (session.deals.get(number=n) for n in (3, 5))
    corrected = {**third.facts, "re_points": 120 if third.facts.get("re_points", 0) != 120 else 150}
    entry = DealEntry(session.game, reads.header_of(session).new_game(), FOUR)
    new = {"type": "normal", "re": ["Anna", "Caro"], "re_points": 180}
    changes: list[dict[str, Any]] = [
        {"kind": "correction", "deal": third.pk, "token": "c", "body": body(form_post(entry, corrected))},
        {"kind": "delete", "deal": fifth.pk, "token": "d", "body": ""},
        {"kind": "new", "token": "n", "body": body(form_post(entry_for(session), new))},
    ]
    worked_out = evening(table, changes, catalogue)
    assert [change.get("problems") for change in worked_out["changes"]] == [None, None, None]

    edit = reverse("deal_edit", args=[session.club.slug, session.pk, third.pk])
    post = body(form_post(entry, corrected), deal=third.pk, revision=third.revision)
    assert client.post(edit, post, content_type=FORM).status_code == 302
    delete = reverse("deal_delete", args=[session.club.slug, session.pk, fifth.pk])
    fifth.refresh_from_db()
    assert client.post(delete, {"revision": fifth.revision}).status_code == 302
    session.refresh_from_db()
    post = body(form_post(entry_for(session), new), number=session.deal_count + 1, client_token=uuid.uuid4())
    new_deal = reverse("deal_new", args=[session.club.slug, session.pk])
    assert client.post(new_deal, post, content_type=FORM).status_code == 302
    session.refresh_from_db()
    stored = {d.number: d.result for d in session.deals.filter(deleted_at__isnull=True)}
    assert worked_out["changes"][2]["number"] == 8  # eight deals, one deleted, one new
    assert worked_out["changes"][2]["result"] == stored[8]
    assert worked_out["changes"][0]["result"] == stored[3]
    assert [worked_out["next"]["totals"][p] for p in reads.header_of(session).players] == session.totals


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "en"])
def test_a_problem_found_offline_reads_as_the_server_says_it(
    client: Client, personas: Personas, session: Session, language: str
) -> None:
    client.force_login(personas.scorer)
    table, catalogue = table_of(client, session), words(client, language)
    bad = body(form_post(entry_for(session), sauspiel("Anna", "Anna", 130)))
    worked_out = evening(table, [{"kind": "new", "token": "x", "body": bad}], catalogue)
    with translation.override(language):
        preview = reads.preview_deal(session, sauspiel("Anna", "Anna", 130), deal=None, before=None)
        said = engine_words.problem_lines(preview.problems, on_form=preview.number)
    assert worked_out["changes"][0]["problems"] == said
    assert said


@pytest.mark.django_db
def test_the_engine_files_the_phone_loads_are_the_repositorys_own(client: Client) -> None:
    manifest = client.get(reverse("phone_engine")).json()
    root = Path(phone.ROOT)
    assert len(manifest["files"]) == len(phone.shipped()) > 20
    for url, name in zip(manifest["files"], phone.shipped(), strict=True):
        answer = client.get(url)
        assert answer.status_code == 200
        assert answer.content == (root / name).read_bytes(), name
        assert "immutable" in answer["Cache-Control"]
    assert client.get(f"/phone/{phone.version()}/scorekeeper/settings.py").status_code == 404
    assert client.get(f"/phone/{phone.version()}/../manage.py").status_code == 404
    assert client.get(f"/phone/0000000000000000/{phone.shipped()[0]}").status_code == 404


def test_the_modules_the_phone_runs_need_nothing_but_each_other_and_the_standard_library() -> None:
    """Imported with Django out of reach, they load, and every module of the project they load is shipped."""
    probe = f"""
import builtins, importlib, json, sys
real = builtins.__import__
def guarded(name, *args, **kwargs):
    if name.split(".")[0] in ("django", "schreiber", "leagues"):
        raise ImportError(name)
    return real(name, *args, **kwargs)
builtins.__import__ = guarded
sys.path.insert(0, {str(phone.ROOT)!r})
importlib.import_module({phone.ENTRY!r})
print(json.dumps(sorted(m.__file__ for n, m in sys.modules.items() if n.split(".")[0] == "scorekeeper")))
"""
    loaded = json.loads(subprocess.run([sys.executable, "-c", probe], capture_output=True, check=True).stdout)
    assert {Path(f).relative_to(phone.ROOT).as_posix() for f in loaded} <= set(phone.shipped())
