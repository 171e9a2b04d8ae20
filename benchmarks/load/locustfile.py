"""A tournament round in the hall (``benchmarks/load/README.md``): 50 table phones each saving a deal every 30 s,
200 player phones polling their table's sheet every 3 s, and the hall screen. ``run.py`` builds the round, starts
gunicorn and runs this headless; the plan file it builds (``SCHREIBER_LOAD_PLAN``) names the pages and logins."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from pathlib import Path
from typing import Any

import gevent
from locust import HttpUser, constant_pacing, task

PLAN = json.loads(Path(os.environ["SCHREIBER_LOAD_PLAN"]).read_text(encoding="utf-8"))
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
SHEET = re.compile(r'<section id="sheet"[^>]*>')
GZIP = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "de"}


class Phone(HttpUser):
    abstract = True
    numbering: itertools.count[int]

    def sign_in(self, cookie: str) -> None:
        self.client.headers.update(GZIP)
        self.client.cookies.set("sessionid", cookie)


class TablePhone(Phone):
    """The table's scorer: opens the entry form, saves a normal game, and is taken back to the sheet."""

    fixed_count = len(PLAN["tables"])
    wait_time = constant_pacing(30)
    numbering = itertools.count()

    def on_start(self) -> None:
        self.table = PLAN["tables"][next(self.numbering) % len(PLAN["tables"])]
        self.sign_in(self.table["cookie"])
        self.client.get(self.table["sheet"], name="table: sheet")
        gevent.sleep(random.uniform(0, 30))  # the tables do not all finish a game in the same second

    @task
    def save_deal(self) -> None:
        form = self.client.get(self.table["deal"], name="table: deal form")
        hidden = dict(HIDDEN.findall(form.text))
        seated = self.table["players"]
        playing = [p for p in seated if len(seated) == 4 or p != hidden.get("dealer")]  # at five the dealer sits out
        data: dict[str, Any] = {
            **hidden,
            "contract_type": "normal",
            "re": random.sample(playing, 2),
            "re_points": str(random.choice((90, 121, 151, 181))),
        }
        with self.client.post(
            self.table["deal"], data=data, name="table: save deal", allow_redirects=False, catch_response=True
        ) as saved:
            if saved.status_code != 302:
                saved.failure(f"not saved: {saved.status_code}")
                return
        self.client.get(saved.headers["Location"], name="table: sheet")


class PlayerPhone(Phone):
    """A player following his table's sheet: it says which revision and shape it shows, as static/js/app.js does."""

    fixed_count = len(PLAN["phones"])
    wait_time = constant_pacing(3)
    numbering = itertools.count()

    def on_start(self) -> None:
        self.phone = PLAN["phones"][next(self.numbering) % len(PLAN["phones"])]
        self.sign_in(self.phone["cookie"])
        self.shows: dict[str, str] = {}
        self.remember(self.client.get(self.phone["sheet"], name="player: sheet").text)
        gevent.sleep(random.uniform(0, 3))

    def remember(self, html: str) -> None:
        found = SHEET.search(html)
        if found:
            self.shows = dict(re.findall(r'data-(revision|shape)="([^"]*)"', found.group(0)))

    @task
    def poll(self) -> None:
        query = {"rev": self.shows.get("revision", ""), "shape": self.shows.get("shape", "")}
        with self.client.get(
            self.phone["live"], params=query, headers={"HX-Request": "true"}, name="player: poll", catch_response=True
        ) as answer:
            if answer.status_code == 200:
                self.remember(answer.text)
            elif answer.status_code != 204:
                answer.failure(f"poll answered {answer.status_code}")


class HallScreen(Phone):
    """The screen in the hall: the ranking page, reloaded every 10 s."""

    fixed_count = 1
    wait_time = constant_pacing(10)

    def on_start(self) -> None:
        self.sign_in(PLAN["hall"]["cookie"])

    @task
    def ranking(self) -> None:
        self.client.get(PLAN["hall"]["url"], name="hall: ranking")
