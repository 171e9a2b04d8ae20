"""What changed on a live sheet, as a screen reader says it: one short sentence a deal, in the page's language.

A phone that follows a sheet polls with the revision it shows (``live.poll``). The writes since then are read from
the session's history (``reads.deal_writes``) and told as what they came to for that phone: a deal entered and
corrected before it looked is new to it, one entered and deleted again is nothing to it. Each deal is told as the
engine scored it: its game, the side that declared it (or, with nobody declaring, the side the engine names),
whether that side won or lost, and what each of them got (``player_results.winners`` reads who won from the stored
result, as the standings count it). More than ``MANY`` changes at once are counted, not told.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import AuditEntry
from ..stored import player_results
from ..words import engine_words
from .sheet import StoredDeal

MANY = 3

NEW, CORRECTED, DELETED, RESTORED = "new", "corrected", "deleted", "restored"
KINDS: dict[str, str] = {
    AuditEntry.Action.DEAL_ADDED: NEW,
    AuditEntry.Action.DEAL_INSERTED: NEW,
    AuditEntry.Action.DEAL_EDITED: CORRECTED,
    AuditEntry.Action.DEAL_DELETED: DELETED,
    AuditEntry.Action.DEAL_RESTORED: RESTORED,
}


@dataclass(frozen=True)
class Change:
    """What became of one deal for a phone: ``number`` is the one it had when it was deleted."""

    kind: str
    deal_id: int
    number: int | None = None


def changes(writes: Iterable[tuple[str, int | None, int | None]]) -> list[Change]:
    """The net change to each deal that ``writes`` (action, deal id, number then; oldest first) made, in the order
    of each deal's last write. Other writes (the money, the dealers, the pot) change no deal's words."""
    told: dict[int, Change] = {}
    for action, deal_id, number in writes:
        kind = KINDS.get(action)
        if kind is None or deal_id is None:
            continue
        before = told.pop(deal_id, None)
        if before is not None and before.kind in (NEW, RESTORED):  # the phone did not show it before
            if kind == DELETED:
                continue  # nor does it now
            kind = before.kind
        told[deal_id] = Change(kind, deal_id, number)
    return list(told.values())


def sentence(game: str, players: Sequence[str], told: Sequence[Change], deals: Mapping[int | None, StoredDeal]) -> str:
    """The changes in words; ``deals`` are the deals on the sheet by id (one not among them was deleted since)."""
    sentences = []
    for change in told:
        if change.kind == DELETED:
            sentences.append(_("Deal %(n)s deleted.") % {"n": change.number})
            continue
        deal = deals.get(change.deal_id)
        if deal is None:
            continue
        template = {
            NEW: _("Deal %(n)s: %(what)s."),
            CORRECTED: _("Deal %(n)s corrected: %(what)s."),
            RESTORED: _("Deal %(n)s restored: %(what)s."),
        }[change.kind]
        sentences.append(template % {"n": deal.number, "what": deal_words(game, players, deal)})
    if len(sentences) > MANY:
        return ngettext("%(n)s deal changed.", "%(n)s deals changed.", len(sentences)) % {"n": len(sentences)}
    return " ".join(sentences)


def deal_words(game: str, players: Sequence[str], deal: StoredDeal) -> str:
    """ "Sauspiel, Anna and Bert won, 40 each": the game, who won or lost, and what each of them got."""
    result = deal.result
    label = engine_words.deal_label(result["label"])
    named, won = _side(game, players, result)
    if not named:
        return label
    deltas = dict(zip(players, result["deltas"], strict=True))
    amounts = [abs(deltas[name]) for name in named]
    words = {"game": label, "name": named[0], "names": _listed(named)}
    if not any(amounts):  # a plus-only sheet writes nothing for the deal (Bauernstoss counts strokes)
        if len(named) == 1:
            return (_("%(game)s, %(name)s won") if won else _("%(game)s, %(name)s lost")) % words
        return (_("%(game)s, %(names)s won") if won else _("%(game)s, %(names)s lost")) % words
    if len(named) == 1:
        words["amount"] = str(amounts[0])
        return (_("%(game)s, %(name)s won %(amount)s") if won else _("%(game)s, %(name)s lost %(amount)s")) % words
    if len(set(amounts)) == 1:
        words["amount"] = str(amounts[0])
        each = _("%(game)s, %(names)s won, %(amount)s each") if won else _("%(game)s, %(names)s lost, %(amount)s each")
        return each % words
    words["amounts"] = _listed([str(amount) for amount in amounts])
    return (_("%(game)s, %(names)s won, %(amounts)s") if won else _("%(game)s, %(names)s lost, %(amounts)s")) % words


def _side(game: str, players: Sequence[str], result: Mapping[str, Any]) -> tuple[tuple[str, ...], bool]:
    """Whom to name, and whether they won: the declaring side; with nobody declaring, the smaller of the winners and
    the losers (the loser of a Ramsch, a Bauernstoss team); nobody for a deal that nobody won."""
    declarers = tuple(result["declarers"])
    if "penalty" in result["marks"]:  # a Doppelkopf penalty: the player it was given to pays
        return declarers, False
    winners = player_results.winners(game, players, result)
    if not winners:
        return (), True
    if declarers:
        return declarers, set(declarers) <= winners
    playing = [name for name in players if name not in result["out"]]
    losers = tuple(name for name in playing if name not in winners)
    if losers and len(losers) < len(winners):
        return losers, False
    return tuple(name for name in playing if name in winners), True


def _listed(names: Sequence[str]) -> str:
    """ "Anna, Bert and Caro" in the page's language."""
    *first, last = names
    return _("%(names)s and %(last)s") % {"names": ", ".join(first), "last": last} if first else last
