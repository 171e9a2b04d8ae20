"""The offline value table: each entry is what the online preview (the one replay) gives that form."""

from __future__ import annotations

import gzip
import random
from typing import Any
from unittest import mock

import pytest
from django.core.cache import cache
from django.http import JsonResponse, QueryDict
from django.urls import reverse
from django.utils import translation

from scorekeeper import services
from scorekeeper.engine.samples import random_session
from scorekeeper.engine.tournament_presets import PRESETS
from scorekeeper.models import Session
from scorekeeper.table import offline_values, reads
from scorekeeper.table.entry import DealEntry

from .conftest import FOUR, Personas, sauspiel, start

GAMES = ("schafkopf", "doppelkopf", "sheepshead", "bauernstoss")


def played(personas: Personas, game: str, deals: int = 12) -> Session:
    names = FOUR + (["Emil"] if game == "sheepshead" else [])
    session = start(personas, game, names)
    document = random_session(game, random.Random(7), deals, rules=session.rules, tariff=session.tariff, players=names)
    for facts in document["deals"]:
        services.record_deal(session=session, actor=personas.scorer, facts=facts)
    session.refresh_from_db()
    return session


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_every_entry_is_the_previews_value(personas: Personas, game: str) -> None:
    """Sampled entries, with other players in the roles, are what the online preview (the one replay) says."""
    session = played(personas, game)
    table = offline_values.build(session)
    assert table["number"] == session.deal_count + 1
    assert 0 < len(table["values"]) <= offline_values.CAP
    _dealer, playing = reads.next_deal(session)
    checked = 0
    for key, answer in random.Random(3).sample(sorted(table["values"].items()), 25):
        pairs = dict(pair.split("=") for pair in key.split("&"))
        rows = []
        for way in tally_ways(table["types"][pairs["contract_type"]], key):
            data = QueryDict(mutable=True)
            chosen = list(reversed(playing))  # not the players the table was worked out with
            for pair in key.split("&"):
                name, value = pair.split("=")
                if value == offline_values.SOMEONE:
                    value = chosen.pop(0)
                if name not in way:
                    data.appendlist(name, value)
            data.update(way[None])
            entry = DealEntry(session.game, reads.header_of(session).new_game(), playing)
            preview = reads.preview_deal(session, entry.bind(data), deal=None, before=None)
            if preview.row is not None:
                rows.append([preview.row.label, preview.row.value])
        assert rows, key
        assert all(row == answer[:2] for row in rows), key
        checked += 1
    assert checked == 25


@pytest.mark.django_db
def test_sonderpunkte_and_announcements_are_in_the_doppelkopf_table_as_the_preview_scores_them(
    personas: Personas,
) -> None:
    """Any Sonderpunkte that add up to the same tally are worth what the table holds for it."""
    session = played(personas, "doppelkopf")
    table = offline_values.build(session)
    re_kontra_karlchen = "announcements__kontra=kontra&announcements__re=re&contract_type=normal&extras=1&re=*&re=*"
    found = [key for key in table["values"] if key.startswith(re_kontra_karlchen)]
    assert found
    _dealer, playing = reads.next_deal(session)
    for key in found:
        for way in tally_ways(table["types"]["normal"], key):
            data = QueryDict(mutable=True)
            chosen = list(playing)
            for name, value in (pair.split("=") for pair in key.split("&")):
                if name != "extras":
                    data.appendlist(name, chosen.pop(0) if value == offline_values.SOMEONE else value)
            data.update(way[None])
            entry = DealEntry(session.game, reads.header_of(session).new_game(), playing)
            preview = reads.preview_deal(session, entry.bind(data), deal=None, before=None)
            if preview.row is not None:
                assert [preview.row.label, preview.row.value] == table["values"][key][:2], (key, way)


def tally_ways(axes: dict[str, dict[str, Any]], key: str) -> list[dict[str | None, Any]]:
    """The ways to post a key's tallies (Sonderpunkte as one weighted sum) with other inputs than the table may
    have used: each input's count taken first in turn; a key without a tally has one way, posting nothing more."""
    sums = {name: int(value) for name, value in (pair.split("=") for pair in key.split("&")) if name in {
        spec["into"] for spec in axes.values() if spec["as"] == "tally"}}  # fmt: skip
    if not sums:
        return [{None: {}}]
    ways = []
    inputs = [(name, spec) for name, spec in axes.items() if spec["as"] == "tally"]
    for first in range(len(inputs)):
        counts: dict[str, str] = {}
        for into, total in sums.items():
            left = total
            for name, spec in inputs[first:] + inputs[:first]:
                weight = spec["weight"]
                if spec["into"] == into and weight * left > 0:
                    count = min(2, left // weight)
                    if count > 0:
                        counts[name] = str(count)
                        left -= count * weight
        way: dict[str | None, Any] = dict.fromkeys(sums)
        way[None] = counts
        ways.append(way)
    return ways


def test_the_key_reduces_players_and_points_and_refuses_what_the_table_lacks() -> None:
    axes: dict[str, dict[str, Any]] = {
        "contract_type": {"as": "value"},
        "declarer": {"as": "player"},
        "points": {"as": "band", "bands": [0, 31, 61, 91]},
        "runners": {"as": "value"},
    }
    pairs = [("contract_type", "sauspiel"), ("declarer", "Caro"), ("points", "75"), ("runners", "0")]
    assert offline_values.canonical_key(pairs, axes) == "contract_type=sauspiel&declarer=*&points=61&runners=0"
    assert offline_values.canonical_key([*pairs, ("knocks", "0")], axes) is not None
    assert offline_values.canonical_key([*pairs, ("knocks", "1")], axes) is None


@pytest.mark.django_db
def test_the_values_page_is_for_scorers(client: Any, personas: Personas) -> None:
    session = start(personas)
    url = reverse("deal_values", args=[personas.club.slug, session.pk])
    client.force_login(personas.outsider)
    assert client.get(url).status_code == 404
    client.force_login(personas.scorer)
    answer = client.get(url).json()
    assert answer["number"] == 1
    assert answer["values"]


@pytest.mark.django_db
def test_the_preview_says_what_is_missing_without_the_deals_number(client: Any, personas: Personas) -> None:
    session = start(personas)
    client.force_login(personas.scorer)
    url = reverse("deal_preview", args=[personas.club.slug, session.pk])
    html = client.post(url, {"contract_type": "sauspiel", "declarer": "Anna"}, HTTP_ACCEPT_LANGUAGE="en").content
    assert b"preview-problem" in html
    assert b"deal 1:" not in html


@pytest.mark.django_db
def test_a_lost_forced_solo_says_it_starts_no_bock(client: Any, personas: Personas) -> None:
    rules = {"preset": "ddv", "bock": {"triggers": ["solo_lost"], "stacking": "multiply"}}
    session = start(personas, "doppelkopf", rules=rules)
    client.force_login(personas.scorer)
    url = reverse("deal_preview", args=[personas.club.slug, session.pk])
    solo = {"contract_type": "solo", "solo": "damen", "re": "Anna", "re_points": "100"}
    lost_forced = client.post(url, {**solo, "forced": "1"}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Verlorenes Pflichtsolo: kein Bock" in lost_forced
    lost_free = client.post(url, solo, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "kein Bock" not in lost_free
    with translation.override("en"):
        table = offline_values.build(session)
    lost = ("forced=1", "re_points=90")  # without announcements: a Kontra "keine 90" would let Re win with 90
    notes = [a[4] for key, a in table["values"].items() if all(p in key for p in lost) and "announcements" not in key]
    assert notes
    assert all(note == ["Lost forced solo: no Bock round"] for note in notes)


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_table_from_the_stored_replay_state_is_the_full_replays(personas: Personas, game: str) -> None:
    """Started from the session's replay state (no deal read), the table is the one a replay of every deal gives."""
    session = played(personas, game, deals=6)
    resumed = offline_values.build(session)
    session.replay_state = None
    assert offline_values.build(session) == resumed


# Rules whose history changes what the next deal is worth: a Stock, Bock rounds and Pflichtsolos, doubler hands.
CHANGING_RULES = {
    "schafkopf": {"preset": "classic", "pass_out": "stock"},
    "doppelkopf": {"preset": "ddv", "bock": {"triggers": ["tie120", "solo_lost", "announcement_lost"]}},
    "sheepshead": {"preset": "wisconsin", "tie_doubles_next": True},
    "bauernstoss": None,
}


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_each_revision_is_served_the_table_built_for_it_though_deals_share_tables(
    personas: Personas, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through an evening of Bock rounds, Pflichtsolos, a Stock or doubler hands, the table served at each revision
    (perhaps worked out for an earlier deal in the same scoring state) is the one worked out afresh for it."""
    monkeypatch.setattr(offline_values, "CAP", 120)  # a part of each table, the same part each time: quicker
    monkeypatch.setattr(offline_values, "BATCH", 120)
    names = FOUR + (["Emil"] if game == "sheepshead" else [])
    session = start(personas, game, names, rules=CHANGING_RULES[game])
    document = random_session(game, random.Random(5), 24, rules=session.rules, tariff=session.tariff, players=names)
    served_builds = 0
    for facts in [None, *document["deals"]]:
        if facts is not None:
            services.record_deal(session=session, actor=personas.scorer, facts=facts)
            session.refresh_from_db()
        with mock.patch.object(offline_values, "_entries", wraps=offline_values._entries) as entries:
            served = offline_values.table(session)
        served_builds += entries.call_count
        assert served == offline_values.build(session), session.deal_count
    assert 1 < served_builds < len(document["deals"])  # deals share tables, and not all of them one


@pytest.mark.django_db
def test_the_values_are_worked_out_once_a_scoring_state_and_a_phone_that_has_them_gets_304(
    client: Any, personas: Personas, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = start(personas)
    url = reverse("deal_values", args=[personas.club.slug, session.pk])
    client.force_login(personas.scorer)
    first = client.get(url)
    assert first.status_code == 200
    assert "no-cache" in first["Cache-Control"]
    assert "no-store" not in first["Cache-Control"]
    builds: list[int] = []

    def entries(game: str, upcoming: Any) -> dict[str, Any]:
        builds.append(upcoming.number)
        return {"types": {}, "values": {}}

    monkeypatch.setattr(offline_values, "_entries", entries)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert builds == []  # the revision in the ETag is the session's: nothing worked out again
    for deal in (2, 3):
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Caro", 72))
        moved = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert moved.status_code == 200
        assert moved["ETag"] != first["ETag"]
        assert moved.json()["number"] == deal
        assert moved.json()["revision"] == Session.objects.get(pk=session.pk).revision
    assert builds == [2]  # the first deal's table is for a first deal; the third starts from the second's state


@pytest.mark.django_db
def test_a_phone_that_takes_gzip_gets_the_table_compressed_as_it_was_kept(client: Any, personas: Personas) -> None:
    """The answer is kept compressed: it unpacks to the JSON a phone without gzip gets, the table worked out afresh
    as a JsonResponse writes it, and its ETag is weak as GZipMiddleware makes a compressed answer's."""
    session = start(personas)
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Caro", 72))
    url = reverse("deal_values", args=[personas.club.slug, session.pk])
    client.force_login(personas.scorer)
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert plain.content == JsonResponse(offline_values.build(Session.objects.get(pk=session.pk))).content
    assert packed["ETag"] == f"W/{plain['ETag']}"
    assert "Accept-Encoding" in packed["Vary"]
    assert client.get(url, HTTP_IF_NONE_MATCH=packed["ETag"], HTTP_ACCEPT_ENCODING="gzip").status_code == 304


def tournament_table(personas: Personas, names: list[str], deals: list[dict[str, Any]], games: int = 24) -> Session:
    """A DDV tournament table of ``names`` (members added as needed) after ``deals``, whose players are named by
    their place at the table ("0" the first …)."""
    for name in names:
        if name not in personas.players:
            personas.players[name] = services.add_member(club=personas.club, name=name)
    rules = PRESETS["ddv"].with_games({len(names): games}).table_rules()
    session = start(personas, "doppelkopf", names, rules=rules)
    for facts in deals:
        named = {**facts, "re": [names[int(place)] for place in facts["re"]]}
        services.record_deal(session=session, actor=personas.scorer, facts=named)
    session.refresh_from_db()
    return session


def forced_solo(place: str) -> dict[str, Any]:
    return {"type": "solo", "solo": "buben", "re": [place], "re_points": 151, "forced": True}


@pytest.mark.django_db
def test_tables_of_other_players_in_the_same_state_share_one_table(personas: Personas) -> None:
    """A tournament's tables in the same state (the same places played their Pflichtsolo) are served one table,
    the one each would have worked out; another state has its own."""
    deals = [forced_solo("1"), {"type": "normal", "re": ["0", "2"], "re_points": 151}]
    here = tournament_table(personas, FOUR, deals)
    there = tournament_table(personas, ["Emil", "Fritz", "Gerda", "Hans"], deals)
    elsewhere = tournament_table(personas, ["Ida", "Jan", "Kai", "Lea"], [forced_solo("0"), deals[1]])
    cache.clear()
    with mock.patch.object(offline_values, "_entries", wraps=offline_values._entries) as entries:
        served = [offline_values.table(session) for session in (here, there, elsewhere)]
    assert entries.call_count == 2
    assert served[1] == offline_values.build(there)
    assert served[2] == offline_values.build(elsewhere) != served[1]


@pytest.mark.django_db
def test_a_table_of_fives_deals_where_another_sits_out_in_the_same_state_share_one_table(personas: Personas) -> None:
    """At a table of five the dealer sits out: the deals of other dealers in the same state (the same places of the
    next deal owe their Pflichtsolo) are served one table, the one each would have worked out."""
    five = [*FOUR, "Emil"]
    normal = {"type": "normal", "re": ["2", "3"], "re_points": 151}  # the first two dealers sit out
    one, two = (tournament_table(personas, five, [normal] * deals, games=30) for deals in (1, 2))
    assert reads.next_deal(one)[1] != reads.next_deal(two)[1]
    cache.clear()
    with mock.patch.object(offline_values, "_entries", wraps=offline_values._entries) as entries:
        served = [offline_values.table(session) for session in (one, two)]
    assert entries.call_count == 1
    assert [table["number"] for table in served] == [2, 3]
    assert served[0] == offline_values.build(one)
    assert served[1] == offline_values.build(two)


@pytest.mark.django_db
def test_a_complete_round_tries_no_more_forms_than_scored_and_keeps_its_penalties(
    personas: Personas, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round complete refuses every game (all of the forms, tens of thousands, were tried): the search stops
    after ``SCORED`` forms, the penalty rows it may still take are in the table."""
    monkeypatch.setattr(offline_values, "SCORED", 3000)
    session = tournament_table(personas, FOUR, [forced_solo(place) for place in "0123"], games=2)
    tried: list[int] = []
    replayed = offline_values._replayed

    def counted(parsed: Any, candidates: Any, start: Any = None) -> Any:
        if start is not None:  # the table's forms, not the bands' and weights' asked on an empty sheet
            tried.append(len(candidates))
        return replayed(parsed, candidates, start)

    with mock.patch.object(offline_values, "_replayed", counted):
        table = offline_values.build(session)
    assert 0 < sum(tried) <= 3000
    assert table["values"]
    assert all("contract_type=penalty" in key for key in table["values"])
