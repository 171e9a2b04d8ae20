"""What the engine on the phone costs it (run by hand, not in the test suite).

    .venv/bin/python benchmarks/phone_bench.py [--deals 40] [--waiting 10] [--repeats 5]

A scratch database holds a Schafkopf evening of ``--deals`` deals; the app serves it on loopback (the production
settings, static files from the project's folders) to Debian's Chromium, a phone-sized page. Measured, each without
and with the CPU throttled 4× (a mid-range phone, as Chromium's developer tools emulate one):

- ``bytes``: what a phone downloads once per version, compressed as the server sends it (gzip level 6 here; the
  production server sends brotli where the phone takes it, a little less): the runtime (static/vendor/pyodide),
  the shipped modules and the words of one language.
- ``ready_cold_ms`` / ``ready_warm_ms``: from the start of a page's navigation until the engine is ready (runtime
  started, modules loaded), on the first page that starts it in a fresh browser (the WebAssembly compiled) and on
  the next (the browser's code cache). The page itself is interactive long before: the engine starts after it.
- ``value_ms``: one offline value once the engine is ready, the evening replayed with ``--waiting`` deals in the
  outbox and the form (the median of ``--repeats``), and ``value_first_ms`` with none waiting.

The last line is one JSON object with these keys, per throttle (``x1_…``, ``x4_…``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import statistics
import threading
from pathlib import Path
from typing import Any

os.environ.setdefault("DEBUG", "false")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright runs its loop in this thread, the ORM too
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("SECURE_COOKIES", "false")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")

from _scratch import scratch_database
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
from django.core.wsgi import get_wsgi_application
from playwright.sync_api import sync_playwright

from scorekeeper import phone, services
from scorekeeper.engine.samples import random_session
from scorekeeper.table import reads
from scorekeeper.table.entry import DealEntry
from scorekeeper.views.phone import RUNTIME_FILES, catalogue

PLAYERS = ["Anna", "Bert", "Caro", "Dieter"]
ROOT = Path(__file__).resolve().parents[1]


class Quiet(WSGIRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def evening(deals: int, waiting: int) -> tuple[Any, User, list[str]]:
    """The session with ``deals`` stored, its scorer, and the form posts of ``waiting`` more."""
    from tests.posts import body, form_post

    scorer = User.objects.create_user("anna", password="x")
    club = services.create_club(owner=scorer, name="Bench", owner_name="Anna")
    members = [club.members.get(name="Anna"), *(services.add_member(club=club, name=n) for n in PLAYERS[1:])]
    session = services.start_session(
        club=club, actor=scorer, game="schafkopf", rules="classic", tariff="10/20/50", players=members
    )
    document = random_session("schafkopf", random.Random(5), deals + waiting, rules=session.rules, players=PLAYERS)
    coming = [{k: v for k, v in facts.items() if k != "dealer"} for facts in document["deals"]]
    for facts in coming[:deals]:
        services.record_deal(session=session, actor=scorer, facts=facts)
    session.refresh_from_db()
    _dealer, playing = reads.next_deal(session)
    entry = DealEntry("schafkopf", reads.header_of(session).new_game(), playing)
    return session, scorer, [body(form_post(entry, facts)) for facts in coming[deals:]]


def compressed_bytes() -> int:
    runtime = ROOT / "static" / "vendor" / "pyodide"
    files = [(runtime / name).read_bytes() for name in RUNTIME_FILES]
    files += [(phone.ROOT / name).read_bytes() for name in phone.shipped()]
    files.append(json.dumps(catalogue("de"), ensure_ascii=False).encode())
    return sum(len(gzip.compress(data, compresslevel=6)) for data in files)


def login_cookie(user: User) -> str:
    store = SessionStore()
    store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return str(store.session_key)


READY = "async () => { await window.SchreiberEngine.start(); return performance.now(); }"
VALUE = """async ([url, changes, repeats]) => {
  const table = await (await fetch(url)).json();
  const times = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    const worked = await window.SchreiberEngine.evening(table, changes);
    times.push(performance.now() - start);
    if (!worked || worked.changes.some(c => c.problems)) throw new Error("not worked out: " + JSON.stringify(worked));
  }
  return times;
}"""


def measure(browser: Any, base: str, cookie: str, session: Any, posts: list[str], throttle: int, repeats: int) -> dict:
    context = browser.new_context(viewport={"width": 375, "height": 812}, base_url=base)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.goto(session.get_absolute_url())  # online: the worker keeps the engine's files
    page.evaluate("async () => { await window.SchreiberEngine.keep(); }")
    client = context.new_cdp_session(page)
    client.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    found: dict[str, Any] = {}
    for kind in ("cold", "warm"):
        page.goto(session.get_absolute_url() + "deal/")
        found[f"ready_{kind}_ms"] = round(page.evaluate(READY))
    url = session.get_absolute_url() + "phone.json"
    changes = [{"kind": "new", "token": f"t{i}", "body": post} for i, post in enumerate(posts)]
    found["value_first_ms"] = round(statistics.median(page.evaluate(VALUE, [url, changes[:1], repeats])))
    found["value_ms"] = round(statistics.median(page.evaluate(VALUE, [url, changes, repeats])))
    context.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--waiting", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    options = parser.parse_args()
    with scratch_database("phone_bench"):
        session, scorer, posts = evening(options.deals, options.waiting + 1)  # the waiting deals and the form
        server = ThreadedWSGIServer(("127.0.0.1", 0), Quiet)
        server.set_app(StaticFilesHandler(get_wsgi_application()))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        result: dict[str, Any] = {"deals": options.deals, "waiting": options.waiting, "bytes": compressed_bytes()}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            cookie = login_cookie(scorer)
            for throttle in (1, 4):
                measured = measure(browser, base, cookie, session, posts, throttle, options.repeats)
                print(f"CPU ×{throttle}: {measured}")
                result.update({f"x{throttle}_{key}": value for key, value in measured.items()})
            browser.close()
        server.shutdown()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
