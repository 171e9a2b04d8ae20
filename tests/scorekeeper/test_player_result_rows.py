"""The stored player results (``PlayerResult``) stay what a fresh replay derives, whatever the services do.

Each service that changes a session is run on a club with a pot chain, then every session's rows are compared with
``player_results.derive`` on a replay of its live deals' facts. On SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from scorekeeper import engine, services
from scorekeeper.interchange.backup import export_club, import_club
from scorekeeper.management.commands.load_demo import DEMO_CLUB
from scorekeeper.models import AuditEntry, Club, Deal, PlayerResult, Session
from scorekeeper.stored import derived
from scorekeeper.stored.documents import session_document
from scorekeeper.stored.player_results import BY_SEAT, COUNTED, Terms, derive
from scorekeeper.words import history

from .conftest import FOUR, Personas, sauspiel, start

pytestmark = pytest.mark.django_db

FIVE = [*FOUR, "Emil"]
STOCK: dict[str, Any] = {
    "rules": {"preset": "classic", "pass_out": "stock"},
    "tariff": "classic",
    "cents_per_point": 10,
}


def fresh(session: Session) -> list[dict[str, Any]]:
    """What a replay of the session's live deals says each player's row must be; none while it does not count."""
    session.refresh_from_db()
    if not session.counts:
        return []
    parsed = engine.load(session_document(session))
    stored = [derived.stored_result(result, parsed.players) for result in parsed.results()]
    terms = Terms(
        session.cents_per_point,
        session.pot_policy,
        session.settlement_mode,
        session.pot_carried_in,
        session.first_dealer,
    )
    lines = derive(session.game, parsed.players, list(zip(parsed.deals, stored, strict=True)), terms)
    members = dict(session.seats.values_list("position", "member_id"))
    return [
        {
            "position": line.position,
            "name": line.name,
            "member_id": members[line.position],
            "game": session.game,
            "played_on": session.played_on,
            **{counter: getattr(line, counter) for counter in COUNTED},
            **{key: {str(members[o]): pair for o, pair in getattr(line, key).items()} for key in BY_SEAT},
        }
        for line in lines
    ]


def rows(session: Session) -> list[dict[str, Any]]:
    fields = ("position", "name", "member_id", "game", "played_on", *COUNTED, *BY_SEAT)
    return list(PlayerResult.objects.filter(session=session).order_by("position").values(*fields))


def assert_all_fresh(club: Club) -> None:
    """Every closed session's rows as a replay gives them, none for an abandoned one; an open one is skipped: a
    reopened evening keeps the rows of its last close (``test_a_reopened_session_keeps_its_last_closed_rows``)."""
    sessions = list(club.sessions.all())
    assert sessions
    for session in sessions:
        if not session.is_open:
            assert rows(session) == fresh(session), session


def live(session: Session) -> list[Deal]:
    return list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))


@pytest.fixture
def chain(personas: Personas) -> Personas:
    """A closed Schafkopf session with a pot (five at the table, the dealer sitting out), carried into an open one."""
    older = start(personas, names=FIVE, **STOCK)
    for facts in (
        sauspiel("Bert", "Caro", 72, kontra=1),  # Anna deals and sits out
        {"contract": "passed"},  # Bert deals
        {"contract": "solo", "suit": "eichel", "declarer": "Dieter", "points": 95, "runners": 3},  # Caro deals
        sauspiel("Anna", "Bert", 20, dealer="Emil"),  # Emil deals out of Dieter's turn (re-derived below)
    ):
        services.record_deal(session=older, actor=personas.scorer, facts=facts)
    services.close_session(session=older, actor=personas.scorer)
    newer = start(personas, **STOCK)
    assert newer.pot_from == older
    services.record_deal(session=newer, actor=personas.scorer, facts=sauspiel("Caro", "Dieter", 61))
    return personas


def first(personas: Personas) -> Session:
    return personas.club.sessions.order_by("pk")[0]


def second(personas: Personas) -> Session:
    return personas.club.sessions.order_by("pk")[1]


def _record(p: Personas) -> None:
    wenz = {"contract": "wenz", "declarer": "Bert", "points": 30}
    services.record_deal(session=second(p), actor=p.scorer, facts=wenz)


def _insert(p: Personas) -> None:
    before = live(second(p))[0]
    services.record_deal(session=second(p), actor=p.scorer, facts={"contract": "passed"}, before=before)


def _correct(p: Personas) -> None:
    deal = live(second(p))[0]
    services.correct_deal(deal=deal, actor=p.scorer, facts=sauspiel("Caro", "Dieter", 100), revision=deal.revision)


def _delete(p: Personas) -> None:
    deal = live(second(p))[0]
    services.delete_deal(deal=deal, actor=p.scorer, revision=deal.revision)


def _restore_deal(p: Personas) -> None:
    services.restore_deal(deal=second(p).deals.get(), actor=p.scorer)


def _rederive_dealers(p: Personas) -> None:
    session = first(p)
    services.rederive_dealers(deal=live(session)[3], actor=p.scorer, revision=session.revision)


def _close(p: Personas) -> None:
    services.close_session(session=second(p), actor=p.scorer)


def _reopen(p: Personas) -> None:
    services.reopen_session(session=first(p), actor=p.scorer)


def _abandon(p: Personas) -> None:  # gives its pot back to the first session: rescored
    services.abandon_session(session=second(p), actor=p.owner, member=p.players["Anna"])


def _restore_session(p: Personas) -> None:
    services.restore_session(session=second(p), actor=p.owner)


def _money(p: Personas) -> None:
    services.change_money_terms(
        session=second(p), actor=p.owner, cents_per_point=10, currency="EUR", pot_policy="carry",
        settlement_mode="against_leader",
    )  # fmt: skip


def _carried_pot(p: Personas) -> None:  # a deal in the first session changes the pot the open second one carries
    services.record_deal(session=first(p), actor=p.scorer, facts={"contract": "passed"})


def _import_session(p: Personas) -> None:
    services.import_session(club=p.club, document=session_document(first(p)), actor=p.owner)


def _start(p: Personas) -> None:
    start(p, game="doppelkopf", rules="ddv", tariff=None)


Action = Callable[[Personas], None]
# What each service does to the club's sessions, after what it needs first, and whether it changes any row: only a
# closed session writes rows, so a change to an open one (a reopened one keeps its last closed rows) must leave
# them all as they were.
ACTIONS: dict[str, tuple[tuple[Action, ...], Action, bool]] = {
    "record": ((), _record, False),
    "insert": ((), _insert, False),
    "correct": ((), _correct, False),
    "delete": ((), _delete, False),
    "restore deal": ((_delete,), _restore_deal, False),
    "rederive dealers": ((_reopen,), _rederive_dealers, False),
    "close": ((), _close, True),
    "reopen": ((), _reopen, False),  # its last closed result stays until it is closed again
    "abandon": ((_close,), _abandon, True),
    "restore session": ((_close, _abandon), _restore_session, True),
    "money terms": ((), _money, False),
    "carried pot": ((_reopen,), _carried_pot, False),
    "import session": ((), _import_session, True),
    "start session": ((), _start, False),
}


def every_row(club: Club) -> dict[int, list[dict[str, Any]]]:
    """The rows of each session that has any."""
    return {session.pk: found for session in club.sessions.all() if (found := rows(session))}


@pytest.mark.parametrize(("first_do", "action", "changes"), ACTIONS.values(), ids=ACTIONS.keys())
def test_every_service_keeps_the_rows_equal_to_a_fresh_derivation(
    chain: Personas, first_do: tuple[Action, ...], action: Action, changes: bool
) -> None:
    assert_all_fresh(chain.club)
    for step in first_do:
        step(chain)
    before = every_row(chain.club)
    action(chain)
    assert_all_fresh(chain.club)
    assert (every_row(chain.club) != before) is changes  # else a passing comparison would prove nothing


def test_rederive_writes_rows_changed_past_the_services_again(chain: Personas) -> None:
    PlayerResult.objects.update(points=0, by_contract={})
    call_command("rederive", verbosity=0)
    assert_all_fresh(chain.club)


def test_a_restored_backup_has_its_rows(chain: Personas) -> None:
    backup = export_club(chain.club)
    restored = import_club(document=backup, slug="restored").club
    assert_all_fresh(restored)
    assert PlayerResult.objects.filter(session__club=restored).count() == 5  # the closed session's; none open


def test_only_closed_and_reopened_sessions_have_rows(chain: Personas) -> None:
    def with_rows() -> set[int]:
        return set(PlayerResult.objects.filter(session__club=chain.club).values_list("session", flat=True))

    one, two = first(chain), second(chain)
    assert with_rows() == {one.pk}  # closed; open
    services.reopen_session(session=one, actor=chain.scorer)
    services.close_session(session=two, actor=chain.scorer)
    assert with_rows() == {one.pk, two.pk}  # reopened, with its last closed rows; closed
    services.abandon_session(session=two, actor=chain.owner, member=chain.players["Anna"])
    assert with_rows() == {one.pk}  # abandoned
    services.restore_session(session=two, actor=chain.owner)
    assert with_rows() == {one.pk, two.pk}  # closed again, as it was
    assert_all_fresh(chain.club)


def test_a_refused_change_writes_no_rows(chain: Personas) -> None:
    before = every_row(chain.club)
    with pytest.raises(services.DealRejected):
        services.record_deal(session=second(chain), actor=chain.scorer, facts={"contract": "sauspiel"})
    assert every_row(chain.club) == before


def test_the_rebuild_command_writes_every_demo_session_as_a_fresh_replay() -> None:
    call_command("load_demo", verbosity=0)
    club = Club.objects.get(slug=DEMO_CLUB)
    PlayerResult.objects.all().delete()
    call_command("rebuild_player_results", club=DEMO_CLUB, batch=2, verbosity=0)
    closed = club.sessions.filter(status=Session.Status.CLOSED)
    assert PlayerResult.objects.count() == sum(s.seats.count() for s in closed) > 0  # none for the open evening
    assert_all_fresh(club)


def test_the_rebuild_command_can_keep_to_one_club(chain: Personas) -> None:
    PlayerResult.objects.all().delete()
    call_command("rebuild_player_results", club="no-such-club", verbosity=0)
    assert not PlayerResult.objects.exists()
    call_command("rebuild_player_results", verbosity=0)
    assert_all_fresh(chain.club)
    rebuilt = AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_RESULTS_REBUILT)
    assert sorted(rebuilt.values_list("session", flat=True)) == sorted(chain.club.sessions.values_list("pk", flat=True))
    (line,) = history.lines([rebuilt.earliest("pk")], chain.club)
    assert line.text == "The players' results were written again from the deals"


def test_the_admin_shows_the_rows_and_changes_nothing(client: Client, chain: Personas) -> None:
    client.force_login(User.objects.create_superuser("support", password="correct horse battery"))
    row = PlayerResult.objects.first()
    assert row is not None
    assert client.get("/admin/scorekeeper/playerresult/").status_code == 200
    assert client.get(f"/admin/scorekeeper/playerresult/{row.pk}/change/").status_code == 200  # a view, read-only
    assert client.post(f"/admin/scorekeeper/playerresult/{row.pk}/delete/", {"post": "yes"}).status_code == 403


def test_a_reopened_session_keeps_its_last_closed_rows_until_it_is_closed_again(chain: Personas) -> None:
    one = first(chain)
    closed = rows(one)
    services.reopen_session(session=one, actor=chain.scorer)
    one.refresh_from_db()
    services.record_deal(session=one, actor=chain.scorer, facts={"contract": "passed"})
    assert rows(one) == closed  # the correction under way changes nothing yet
    services.close_session(session=one, actor=chain.scorer)
    assert rows(one) == fresh(one) != closed
