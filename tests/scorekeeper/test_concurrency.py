"""Eight phones writing to one session at once, through the real views, on PostgreSQL.

Each writer deletes deals, retries its deletes, corrects deals after others deleted earlier ones, corrects with
stale revisions and adds deals for the number it saw. Afterwards: no deal is lost, the numbers are 1..n with no
gap or duplicate, every correction that was accepted landed on the deal it named, nothing was deleted twice, and
no request failed with a server error. SQLite serialises writers anyway and cannot run this meaningfully.
"""

from __future__ import annotations

import random
import threading
import uuid
from dataclasses import dataclass, field

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import AuditEntry, Deal, Session

from .conftest import Personas, sauspiel, start

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="needs PostgreSQL's row locks"),
]

WRITERS = 8
STEPS = 12
START_DEALS = 30


@dataclass
class Log:
    server_errors: list[str] = field(default_factory=list)
    corrections: list[tuple[int | None, str]] = field(default_factory=list)  # (deal id, points) accepted
    added: int = 0
    conflicts: int = 0  # stale forms told what changed


def writer(seed: int, personas: Personas, session: Session, log: Log, lock: threading.Lock) -> None:
    rng = random.Random(seed)
    client = Client(raise_request_exception=False)
    client.force_login(personas.scorer)
    slug, pk = session.club.slug, session.pk
    try:
        for _ in range(STEPS):
            deals = list(Deal.objects.filter(session=session, deleted_at__isnull=True).values("pk", "revision"))
            if not deals:
                break
            target = rng.choice(deals)
            kind = rng.choice(["delete", "retry", "correct", "stale", "add"])
            if kind in ("delete", "retry"):
                url = reverse("deal_delete", args=[slug, pk, target["pk"]])
                responses = [
                    client.post(url, {"revision": target["revision"]}) for _ in range(2 if kind == "retry" else 1)
                ]
            elif kind in ("correct", "stale"):
                points = str(61 + seed)  # each writer's own value: its corrections can be told apart
                revision = target["revision"] - 1 if kind == "stale" else target["revision"]
                form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": points,
                        "revision": revision}  # fmt: skip
                responses = [client.post(reverse("deal_edit", args=[slug, pk, target["pk"]]), form)]
                accepted = responses[0].status_code == 302 and responses[0]["Location"].endswith("#sheet")
                with lock:
                    if accepted:
                        log.corrections.append((target["pk"], points))
                    elif responses[0].status_code == 409:
                        log.conflicts += 1
            else:
                number = Session.objects.get(pk=pk).deal_count + 1
                url = reverse("deal_new", args=[slug, pk])
                form = {"contract_type": "sauspiel", "declarer": "Bert", "partner": "Dieter", "points": "66",
                        "number": number, "client_token": str(uuid.uuid4())}  # fmt: skip
                responses = [client.post(url, form)]
                with lock:
                    if responses[0].status_code == 302:
                        log.added += 1
                    elif responses[0].status_code == 409:
                        log.conflicts += 1
            for response in responses:
                if response.status_code >= 500:
                    with lock:
                        log.server_errors.append(f"{kind} {response.status_code}")
    finally:
        connection.close()


def test_eight_phones_at_once_bend_nothing(personas: Personas) -> None:
    session = start(personas)
    for n in range(START_DEALS):
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Caro", 61 + n % 20))
    log, lock = Log(), threading.Lock()
    threads = [threading.Thread(target=writer, args=(seed, personas, session, log, lock)) for seed in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert log.server_errors == []
    assert log.conflicts > 0  # the stale corrections were caught
    deals = list(Deal.objects.filter(session=session).order_by("sequence"))
    assert len(deals) == START_DEALS + log.added  # no deal lost
    live = [deal for deal in deals if deal.deleted_at is None]
    assert [deal.number for deal in live] == list(range(1, len(live) + 1))  # no gap, no duplicate
    deleted = session.audit_entries.filter(action=AuditEntry.Action.DEAL_DELETED)
    assert deleted.count() == len(deals) - len(live)  # each deleted once
    assert len({entry.deal_id for entry in deleted}) == deleted.count()
    edits = list(session.audit_entries.filter(action=AuditEntry.Action.DEAL_EDITED))
    assert len(edits) <= len(log.corrections)  # an accepted correction that changed nothing writes no entry
    for entry in edits:  # every correction landed on the deal it named
        assert (entry.deal_id, str((entry.after or {}).get("points"))) in log.corrections
    session.refresh_from_db()
    assert session.deal_count == len(live)
    assert not live or session.totals == (live[-1].result or {}).get("totals")
