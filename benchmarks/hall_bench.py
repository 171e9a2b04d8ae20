"""What one machine carries in the hall: CPU time per request of each kind a tournament round sends, against the
floors measured in the same run, and the number of tables that makes (run by hand, not in the test suite).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python benchmarks/hall_bench.py [--scale 1]

Builds the load test's round (``benchmarks/load/``: 200 players at 50 tables, production settings, DEBUG off) in the
database ``<name>_hall`` beside the one ``DATABASE_URL`` names, and serves it with gunicorn and ONE worker on
``--port``
(``hall_wsgi.py``: the app as production starts it, a bare WSGI hello and Django's 204 beside it, and each answer
naming its queries). Then, one request at a time, the CPU time the worker spent on each request (its
``/proc/<pid>/task/*/schedstat``, in ns: not stretched by a busy machine, only by caches shared with other work):

- the floors: a bare WSGI hello; Django's 204 with no user and with a signed-in user;
- a player's phone polling its table's sheet as ``static/js/app.js`` does (the sheet's ``hx-get`` with the revision
  and shape it shows): unchanged (204) and changed (a deal behind: the patch);
- the table's phone opening its sheet before its first deal (``sheet_open``: once a table, as the load test's phone
  does; it draws the table link's QR code, once for a link, so it is not in the capacity);
- the table's phone saving a deal: the entry form, the save and the sheet it is taken back to (two a table), and
  what it then keeps for offline (``offline_*``: the entry form, the session for the engine on the phone, the newest
  deal's correction page; the scorer's phone alone does, once a revision);
- the hall screen: its refresh (htmx asks for the ranking table and the round's clock every 10 s), and the
  director's ranking page beside it (not in the capacity: asked now and then, not every 10 s).

Prints the mean CPU ms and the median queries of each, and the capacity they imply: tables (four phones each, each
polling every 3 s, a deal a table every 30 s, so a phone sees one changed poll in ten) and the hall screen every
10 s, that one 2-core machine carries at CPU utilisation 0.5 (one core's worth). The last line is one JSON object:
``*_cpu_ms``, ``queries``, ``tables_at_half_load``, ``phones_at_half_load`` and the machine's load average.
"""

from __future__ import annotations

import argparse
import gzip
import html
import json
import os
import re
import statistics
import sys
import tempfile
import time
import urllib.parse
from http.client import HTTPConnection, HTTPResponse
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "load"))

from run import prepare, recreate, serve, stop  # the load test's round and server

PORT = 8766
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
SHEET = re.compile(r'<section id="sheet"[^>]*>')
TOKEN = re.compile(r'data-poll-token="([^"]*)"')
PHONE = {"Accept-Encoding": "gzip", "Accept-Language": "de"}
CORES, UTILISATION = 2, 0.5
NEWEST_DEAL = re.compile(r"/c/[^/]+/s/\d+/deal/\d+/")  # the sheet's first line links its correction
POLL_EVERY, DEAL_EVERY, HALL_EVERY, PHONES_A_TABLE = 3, 30, 10, 4


class Worker:
    """The one gunicorn worker: the CPU time it has used, read once it has finished what it was doing."""

    def __init__(self, master: int) -> None:
        deadline = time.monotonic() + 10
        while not (children := Path(f"/proc/{master}/task/{master}/children").read_text().split()):
            assert time.monotonic() < deadline, "gunicorn started no worker"
            time.sleep(0.1)
        self.pid = int(children[0])

    def _cpu_ns(self) -> int:
        return sum(int(task.joinpath("schedstat").read_text().split()[0]) for task in self.tasks())

    def tasks(self) -> list[Path]:
        return list(Path(f"/proc/{self.pid}/task").iterdir())

    def _sleeping(self) -> bool:
        return Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "S"

    def cpu_ns(self) -> int:
        """After the answer is read the worker may still be closing the connection: wait until it sleeps."""
        before = self._cpu_ns()
        while True:
            time.sleep(0.002)
            now = self._cpu_ns()
            if now == before and self._sleeping():
                return now
            before = now


class Phone:
    """A browser with its cookies, talking to the server one request at a time."""

    def __init__(self, port: int, cookie: str | None = None) -> None:
        self.port = port
        self.cookies = {"sessionid": cookie} if cookie else {}

    def request(self, url: str, data: dict[str, Any] | None = None, *, htmx: bool = False) -> tuple[HTTPResponse, str]:
        connection = HTTPConnection("127.0.0.1", self.port, timeout=60)
        body = urllib.parse.urlencode(data, doseq=True) if data is not None else None
        sent = {
            **PHONE,
            **({"HX-Request": "true"} if htmx else {}),
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
        }
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request("POST" if body is not None else "GET", url, body=body, headers=sent)
        answer = connection.getresponse()
        raw = answer.read()
        connection.close()
        assert answer.status < 400, f"{url}: {answer.status}"
        for header in answer.headers.get_all("Set-Cookie") or []:
            self.cookies.update((k, m.value) for k, m in SimpleCookie(header).items())
        text = gzip.decompress(raw) if answer.headers.get("Content-Encoding") == "gzip" else raw
        return answer, text.decode()


class Sheet:
    """What a phone following a sheet shows: where it polls, the revision and shape it says it shows, and the poll
    token the page gave it (``static/js/app.js`` sends it with each poll)."""

    def __init__(self, page: str) -> None:
        found = SHEET.search(page)
        assert found, "no live sheet on the page"
        attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', found.group(0)))
        self.url = html.unescape(attributes["hx-get"])
        self.shows = {"rev": attributes.get("data-revision", ""), "shape": attributes.get("data-shape", "")}
        if token := TOKEN.search(page):
            self.shows["t"] = html.unescape(token.group(1))

    def poll_url(self) -> str:
        return self.url + ("&" if "?" in self.url else "?") + urllib.parse.urlencode(self.shows)


class Bench:
    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.cpu_ms: dict[str, list[float]] = {}
        self.queries: dict[str, list[int]] = {}

    def measure(
        self, kind: str, phone: Phone, url: str, data: dict[str, Any] | None = None, *, htmx: bool = False
    ) -> Any:
        before = self.worker.cpu_ns()
        answer, text = phone.request(url, data, htmx=htmx)
        self.cpu_ms.setdefault(kind, []).append((self.worker.cpu_ns() - before) / 1e6)
        if "X-Bench-Queries" in answer.headers:
            self.queries.setdefault(kind, []).append(int(answer.headers["X-Bench-Queries"]))
        return answer, text

    def mean(self, kind: str) -> float:
        return statistics.fmean(self.cpu_ms[kind])


def play(bench: Bench, plan: dict[str, Any], scale: float, port: int) -> None:
    count = lambda n: max(1, round(n * scale))  # noqa: E731
    anonymous, watcher = Phone(port), Phone(port, plan["phones"][0]["cookie"])
    for _ in range(count(300)):
        bench.measure("hello", anonymous, "/bench/hello")
        bench.measure("django_204", anonymous, "/bench/204")
        bench.measure("django_204_user", watcher, "/bench/204")
    tables = plan["tables"][: count(50)]
    scorers = {t["number"]: Phone(port, t["cookie"]) for t in tables}
    for table in tables:  # a table's phone opens its sheet before its first deal, as the load test's does
        bench.measure("sheet_open", scorers[table["number"]], table["sheet"])
    before: dict[int, Sheet] = {}
    for n in range(2 * len(tables)):  # two deals a table; the phones saw the sheet between them
        if n == len(tables):
            before = {t["number"]: Sheet(watcher.request(t["sheet"])[1]) for t in tables}
        table = tables[n % len(tables)]
        scorer = scorers[table["number"]]
        _, form = bench.measure("deal_form", scorer, table["deal"])
        hidden = dict(HIDDEN.findall(form))
        seated = table["players"]
        playing = [p for p in seated if len(seated) == 4 or p != hidden.get("dealer")]
        facts = {"contract_type": "normal", "re": [playing[n % 4], playing[(n + 1) % 4]], "re_points": "151"}
        answer, _ = bench.measure("save", scorer, table["deal"], {**hidden, **facts})
        assert answer.status == 302, f"not saved: {answer.status}"
        _, sheet = bench.measure("sheet_after_save", scorer, answer.headers["Location"])
        # What the scorer's phone keeps for offline after each deal (static/js/offline.js precache): the entry
        # form, the session for the engine and the newest deal's correction page.
        bench.measure("offline_form", scorer, table["deal"])
        bench.measure("offline_phone_json", scorer, f"{table['sheet']}phone.json")
        newest = NEWEST_DEAL.search(sheet)
        assert newest is not None, "the sheet links no deal to correct"
        bench.measure("offline_correction", scorer, newest.group(0))
    for n in range(count(100)):  # one deal behind (the patch): what each phone asks once after a save
        answer, _ = bench.measure(
            "poll_changed", watcher, before[tables[n % len(tables)]["number"]].poll_url(), htmx=True
        )
        assert answer.status == 200, answer.status
    now = {t["number"]: Sheet(watcher.request(t["sheet"])[1]) for t in tables}
    for n in range(count(300)):
        answer, _ = bench.measure(
            "poll_unchanged", watcher, now[tables[n % len(tables)]["number"]].poll_url(), htmx=True
        )
        assert answer.status == 204, answer.status
    hall = Phone(port, plan["hall"]["cookie"])
    for _ in range(count(20)):
        bench.measure("hall_screen", hall, plan["hall"]["screen"], htmx=True)
        bench.measure("ranking", hall, plan["hall"]["url"])


def tables_at_half_load(cpu: dict[str, float]) -> float:
    """Tables one machine carries at the utilisation aimed at: each table's CPU a second (its deal, its phones'
    polls, one in ten of them changed) within one core's worth, less the hall screen's."""
    polls = DEAL_EVERY // POLL_EVERY  # a phone's polls a deal, one of them changed
    a_deal = cpu["deal_form"] + cpu["save"] + cpu["sheet_after_save"]
    a_deal += cpu["offline_form"] + cpu["offline_phone_json"] + cpu["offline_correction"]  # the scorer's phone
    a_deal += PHONES_A_TABLE * ((polls - 1) * cpu["poll_unchanged"] + cpu["poll_changed"])
    budget = CORES * UTILISATION * 1000 - cpu["hall_screen"] / HALL_EVERY  # CPU ms a second
    return budget / (a_deal / DEAL_EVERY)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1, help="more or fewer requests of each kind")
    parser.add_argument("--port", type=int, default=PORT, help="the port gunicorn listens on (one free)")
    args = parser.parse_args()
    server_url = os.environ["DATABASE_URL"]
    database = urllib.parse.urlsplit(server_url).path.lstrip("/") + "_hall"  # beside DATABASE_URL's: no clash
    work = Path(tempfile.mkdtemp(prefix="schreiber-hall-"))
    gunicorn = None
    try:
        env = prepare(server_url, work, database)
        gunicorn = serve(env, 1, app="hall_wsgi", port=args.port)
        bench = Bench(Worker(gunicorn.pid))
        play(bench, json.loads(Path(env["SCHREIBER_LOAD_PLAN"]).read_text(encoding="utf-8")), args.scale, args.port)
    finally:
        if gunicorn is not None:
            stop(gunicorn)
        recreate(server_url, database, drop_only=True)
    cpu = {kind: bench.mean(kind) for kind in bench.cpu_ms}
    queries = {kind: statistics.median(counts) for kind, counts in bench.queries.items()}
    print(f"{'request':<18}{'count':>7}{'CPU ms':>9}{'queries':>9}")
    for kind, times in bench.cpu_ms.items():
        print(f"{kind:<18}{len(times):>7}{cpu[kind]:>9.2f}{queries.get(kind, '-'):>9}")
    tables = round(tables_at_half_load(cpu))
    print(
        f"unchanged poll: {cpu['poll_unchanged'] / cpu['django_204']:.2f}x the no-user 204, "
        f"{cpu['poll_unchanged'] / cpu['django_204_user']:.2f}x the signed-in 204, "
        f"{cpu['poll_unchanged'] / cpu['hello']:.1f}x WSGI hello"
    )
    print(
        f"at CPU utilisation {UTILISATION} of {CORES} cores: {tables} tables, {tables * PHONES_A_TABLE} phones "
        f"(poll every {POLL_EVERY} s, a deal a table every {DEAL_EVERY} s, the hall screen every {HALL_EVERY} s)"
    )
    load = os.getloadavg()
    print(f"load average during the run: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    result: dict[str, Any] = {f"{kind}_cpu_ms": round(ms, 2) for kind, ms in cpu.items()}
    result |= {
        "queries": queries,
        "tables_at_half_load": tables,
        "phones_at_half_load": tables * PHONES_A_TABLE,
        "load_average": [round(x, 1) for x in load],
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
