"""Players who leave or join mid-evening: stored between deals, read by the one replay, shown and settled."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.documents import export_document, session_document
from scorekeeper.models import AuditEntry, Session
from scorekeeper.services.errors import ServiceError
from scorekeeper.services.lineup import player_joins, player_leaves

from .conftest import Personas, sauspiel


def deal(session: Session, personas: Personas, declarer: str, partner: str, points: int = 72) -> None:
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel(declarer, partner, points))


def leaves(session: Session, personas: Personas, name: str) -> None:
    session.refresh_from_db()
    player_leaves(session=session, actor=personas.scorer, name=name, revision=session.revision)


def joins(session: Session, personas: Personas, player: str, seat: int | None = None) -> None:
    session.refresh_from_db()
    who = personas.players.get(player) or player
    player_joins(session=session, actor=personas.scorer, player=who, table_seat=seat, revision=session.revision)


def test_a_fifth_joins_then_one_leaves_and_everyone_settles(personas: Personas, session: Session) -> None:
    joins(session, personas, "Emil", seat=5)
    session.refresh_from_db()
    assert session.totals[-1] == 0
    assert len(session.totals) == 5
    deal(session, personas, "Anna", "Bert")  # deal 3: Caro deals and sits out
    leaves(session, personas, "Caro")
    deal(session, personas, "Anna", "Emil")  # deal 4: Dieter deals, four play
    session.refresh_from_db()
    rows = list(session.deals.order_by("sequence"))
    assert [d.result["dealer"] for d in rows] == ["Anna", "Bert", "Caro", "Dieter"]
    assert rows[2].result["out"] == ["Caro"]
    assert rows[3].result["out"] == []
    assert rows[3].result["away"] == ["Caro"]
    assert rows[0].result["away"] == ["Emil"]
    assert sum(session.totals) == 0
    caro = [s.name for s in session.seats.all()].index("Caro")
    assert session.totals[caro] == rows[1].result["totals"][caro]  # she keeps what she had when she left
    document = export_document(session)
    assert document["players"] == ["Anna", "Bert", "Caro", "Dieter"]
    assert [{k: v for k, v in c.items() if k != "at"} for c in document["lineup"]] == [
        {"after": 2, "joins": "Emil", "seat": 5},
        {"after": 3, "leaves": "Caro"},
    ]
    actions = list(session.audit_entries.values_list("action", flat=True))
    assert AuditEntry.Action.PLAYER_JOINED in actions
    assert AuditEntry.Action.PLAYER_LEFT in actions


def test_deleting_a_deal_before_the_change_keeps_the_change_where_it_was(personas: Personas, session: Session) -> None:
    joins(session, personas, "Emil")
    deal(session, personas, "Anna", "Bert")
    first = session.deals.order_by("sequence").first()
    assert first is not None
    services.delete_deal(deal=first, actor=personas.scorer, revision=first.revision)
    document = session_document(session)
    assert document["lineup"][0]["after"] == 1
    restored = session.deals.get(pk=first.pk)
    services.restore_deal(deal=restored, actor=personas.scorer)
    assert session_document(session)["lineup"][0]["after"] == 2


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda s, p: leaves(s, p, "Anna"), "leaves", "needs at least 4 players"),
        (lambda s, p: joins(s, p, "Anna"), "joins", "already at the table"),
        (lambda s, p: joins(s, p, "Emil", seat=9), "seat", "from 1 to 5"),
        (lambda s, p: leaves(s, p, "Nobody"), "leaves", "Choose who leaves"),
    ],
)
def test_a_change_the_table_cannot_take_is_refused_at_its_field(
    personas: Personas, session: Session, change, field: str, words: str
) -> None:
    session.refresh_from_db()
    before = session.revision
    with pytest.raises(ServiceError) as refused:
        change(session, personas)
    assert words in refused.value.errors[field][0]
    session.refresh_from_db()
    assert session.revision == before
    assert not session.lineup_changes.exists()
    assert session.seats.count() == 4
