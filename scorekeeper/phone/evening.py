"""The evening as the phone works it out offline: the session's stored deals and the changes waiting in its outbox,
replayed by the engine itself (the same modules the server runs, in the browser's Python).

The phone has the session as the server last sent it (``table``: its ``schreiber/1`` document, each stored deal's
id, and how its entry form is read, ``DealEntry.reading``), and the changes it keeps: new deals, corrections and
deletes, each as the form post it will send. They are read as the server reads them (``posted``), put in their
place, and the whole session is replayed once for each change that needs to know who plays (a form is read with
its deal's players), so every waiting deal has the value, the totals, the dealer and who sits out the server will
give it, unless another phone saved first. Words come from ``words``, the server's catalogue in the page's
language: the same sentences a page shows.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qsl

from .. import engine
from ..engine.deal import GENERIC_FIELDS
from ..engine.messages import gettext_noop
from ..engine.rounds import dealer_plays
from ..stored import derived
from ..words import deal_words
from .posted import Pairs, facts_of

NEW, CORRECTION, DELETE = "new", "correction", "delete"
GONE = gettext_noop("This deal is no longer on the sheet.")  # the phone's catalogue holds it (views/phone.py)
Translate = Callable[[str], str]


def evening(table: Mapping[str, Any], changes: Sequence[Mapping[str, Any]], words: Mapping[str, str]) -> dict[str, Any]:
    """Each of ``changes`` (``kind``: new, correction or delete; ``body``: its form post; ``deal``: the id of the
    deal it changes; ``token``) with what it makes of its deal; the sheet's lines from the first deal they change
    on (``rows``, each as ``_drawn``, with its ``number`` and ``waiting``: the token of the change that made it);
    and the table after all of them (``next``).

    A change the form or the engine refuses carries its problems in the player's words and changes nothing; the
    changes after it are replayed without it (the server would hold it back, and the scorer decides)."""

    def translate(text: str) -> str:
        return words.get(text, text)

    deals = [dict(facts) for facts in table["document"]["deals"]]
    ids: list[Any] = list(table["ids"])
    now = _replayed(table, deals, None, translate)
    first = len(deals)  # the first deal a change taken changes (0-based)
    shown = []
    for change in changes:
        kind, token = change.get("kind", NEW), change.get("token")
        at = len(deals) if kind == NEW else ids.index(change["deal"]) if change.get("deal") in ids else None
        if at is None:  # the deal it changes is no longer on the sheet
            shown.append({"token": token, "kind": kind, "problems": [translate(GONE)]})
            continue
        if kind == DELETE:
            candidate, candidate_ids, number = deals[:at] + deals[at + 1 :], ids[:at] + ids[at + 1 :], None
        else:
            playing = now["next"]["playing"] if kind == NEW else now["playing"][at]
            _type, facts, problems = facts_of(table["form"], Pairs(parse_qsl(change["body"])), playing)
            if problems:
                shown.append({"token": token, "kind": kind, "number": at + 1, "problems": list(problems.values())})
                continue
            if kind == CORRECTION:  # what the form has no control for stays as recorded (who dealt), as on the server
                facts.update((key, value) for key, value in deals[at].items() if key in GENERIC_FIELDS)
            elif not deals and table.get("first_dealer"):  # the first deal: who deals it was chosen at the start
                facts.setdefault("dealer", table["first_dealer"])
            replaced = kind == CORRECTION
            candidate = [*deals[:at], facts, *deals[at + replaced :]]
            candidate_ids = [*ids[:at], token if kind == NEW else ids[at], *ids[at + replaced :]]
            number = at + 1
        outcome = _replayed(table, candidate, number, translate)
        shown.append({"token": token, "kind": kind, "number": at + 1, **outcome["deal"]})
        if outcome["deal"].get("problems"):
            continue
        if number is not None and "dealer" not in candidate[at]:  # frozen once taken, as the server stores it
            candidate[at]["dealer"] = outcome["deal"]["result"]["dealer"]
        deals, ids, now, first = candidate, candidate_ids, outcome, min(first, at)
    made_by = {change.get("deal") or change.get("token"): change.get("token") for change in changes}
    players = now["players"]
    rows = [
        {
            **_drawn(derived.stored_result(r, players), players, translate),
            "number": r.number,
            "waiting": made_by.get(ids[r.number - 1]),  # the change that made or changed the line, if one did
        }
        for r in now["results"]
        if r.number > first
    ]
    return {"changes": shown, "rows": rows, "next": now["next"]}


def _replayed(
    table: Mapping[str, Any], deals: list[dict[str, Any]], number: int | None, translate: Translate
) -> dict[str, Any]:
    """The session with ``deals``, replayed once: deal ``number`` as the sheet draws it (or its problems), who
    played each deal, and the table after the last (``next``): who deals, plays and sits out, the totals, the pot
    and the Pflichtsolo round."""
    header = engine.load({**table["document"], "deals": deals})
    replayed = list(header.replay())
    results = [r for r in replayed if isinstance(r, engine.DealResult)]
    problems = [p for p in replayed if isinstance(p, engine.Problem)]
    players = header.players
    deal: dict[str, Any] = {}
    if number is not None:
        result = next((r for r in results if r.number == number), None)
        mine = [p for p in problems if p.deal == number]
        if result is None or mine:
            deal = {"problems": [deal_words.problem_text(p, translate) for p in mine or problems]}
        else:
            deal = _drawn(derived.stored_result(result, players), players, translate)
    dealer = header.next_dealer(results) if results or not table.get("first_dealer") else table["first_dealer"]
    state = header.round(results)
    plays = state is not None and dealer_plays(state.must_play, state.owing, dealer)
    seated = header.seating()
    owing = derived.pflichtsolo_round(
        header.new_game(),
        seated,
        None if state is None else derived.round_json(state, players),
        ((r.outcome.extra, r.outcome.marks, r.outcome.declarers) for r in results),
    )
    last = results[-1] if results else None
    return {
        "deal": deal,
        "results": results,  # for the lines the changes made (``evening``)
        "players": players,
        "playing": [[p for p in (r.seated or players) if p not in r.sitting_out and p not in r.away] for r in results],
        "next": {
            "number": len(deals) + 1,
            "dealer": dealer,
            "playing": list(header.playing(dealer, plays, seated)),
            "out": list(header.sitting_out(dealer, plays, seated)),
            "totals": {p: last.totals[p] if last else 0 for p in players},
            "pot": last.pot if last else header.pot_carried_in,
            "pflichtsolo": None
            if owing is None
            else {
                "number": owing.number,
                "games_left": owing.games_left,
                "owing": list(owing.owing),
                "vorgefuehrt": owing.vorgefuehrt,
            },
        },
    }


def _drawn(stored: Mapping[str, Any], players: Sequence[str], translate: Translate) -> dict[str, Any]:
    """A deal's stored result (``derived.stored_result``, as the server keeps it) and its words, as a row shows it."""
    return {
        "result": dict(stored),
        "label": deal_words.deal_label(stored["label"], translate),
        "explanation": deal_words.explanation_text(stored["explanation"], translate),
        "notes": deal_words.deal_notes(stored["marks"], translate),
        "deltas": dict(zip(players, stored["deltas"], strict=True)),
        "totals": dict(zip(players, stored["totals"], strict=True)),
    }


def evening_json(table: str, changes: str, words: str) -> str:
    """``evening`` for the page's script: JSON in, JSON out."""
    return json.dumps(evening(json.loads(table), json.loads(changes), json.loads(words)), ensure_ascii=False)
