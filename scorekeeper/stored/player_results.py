"""Each player's results in one session, derived from its deals as the services store them: what standings add up.

No model, no query, no rule of a game beyond what the engine wrote: :func:`derive` reads each live deal's facts and
its stored result (``derived.stored_result``) and the session's money terms, and gives one :class:`Line` per seat.
The services write the lines as ``PlayerResult`` rows in the same transaction as every change (``record``).

What is counted, for every game that has the thing (how each game reads a deal is its pack's ``counting``):

- **played / out**: the deals the player played, and sat out (``result["out"]``). A Doppelkopf penalty is a row of
  the sheet, not a deal: only its points count.
- **won**: the deals the player was on the winning side of. That side is the declarer side (``result["declarers"]``:
  the declarer and partner, the Re party, the picker side) when the deal is marked ``won``, and the others at the
  table when it is marked ``lost``. A deal without either mark is won by the player the engine names (a Durchmarsch,
  a Sheepshead Leaster) and by everyone but the loser of a Ramsch. Nobody wins a thrown-in deal, a doubler, a tied
  Leaster or a Doppelkopf game that nobody won (7.1.3). In Bauernstoss the team that scored
  the strokes wins: the soloist's team for a solo won, the other team for a solo lost, and for a counted game the
  team that holds the chalk after it.
- **place**: by points, 1 the most; players with equal points share the better place (1, 2, 2, 4).
- **money**: what the player receives (+) or pays (−) in cents under the session's frozen terms, pot share included
  (``engine.settlement.settle_up``, as the settlement page settles it).
- **by_contract**: the games the player declared alone or led: the Schafkopf declarer, the Doppelkopf soloist (Re
  alone: a solo, a stille Hochzeit, a Hochzeit without partner), the Sheepshead picker, the Bauernstoss soloist.
  Keyed by the contract type of the facts (the entry form's key: ``sauspiel``, ``wenz_tout``, ``solo``, ``pick``,
  ``small_solo`` …), each ``{"played": n, "won": n}``.
- **solos**: of those, the ones marked ``solo`` (played without a partner) or, in Sheepshead, ``alone``;
  **Pflichtsoli**: the solos marked ``forced`` (a Doppelkopf Pflichtsolo or vorgeführtes solo).
- **Schneider / Schwarz for and against**: the marks ``schneider`` and ``schwarz`` count for the winning side and
  against the other (a Schwarz is a Schneider too). Doppelkopf marks no Schneider: there a party under 90 Augen
  (keine 90) is Schneider, and the party of the ``schwarz`` fact (no trick) is Schwarz.
- **Kontra / Re given and won**: who doubled is recorded per side, not per player, so every player of the side
  counts. Kontra is given by the side against the declarers, Re by the declarer side: in Schafkopf ``kontra`` ≥ 1 is
  the defenders' Kontra and ≥ 2 the declarers' Re (Sup and beyond count no further); in Sheepshead a crack is the
  defenders' and a re-crack the picker side's; in Doppelkopf a party's announcement (Re or Kontra, or any higher
  level, which implies it) counts for every player of that party. **Won**: the deals in which the player gave it
  and was on the winning side.
- **partners / opponents**: per other seat, ``[deals, won]``: the deals the two played on the same side (the
  declarer side or the side against it; a Bauernstoss team) or on opposite sides, and how many of those this player
  won. A deal without sides (a Ramsch, a thrown-in deal) counts for neither.
- **outcomes**: one letter per deal played, in order: ``W`` won, ``L`` lost (another side won), ``-`` neither; the
  streaks of a season are read from them.
- **best / worst deal**: the player's largest gain and largest loss in one deal played (None with none played);
  **value_sum**: the sum of what each deal played was worth to the player, won or lost (the average game value).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engine.settlement import Mode, PotPolicy, seat_after, settle_up
from ..games import pack_of
from ..games.counting import Facts, Result


@dataclass
class Line:
    """One player's results in a session; the counted fields are those of ``PlayerResult``."""

    position: int  # seat, 0-based
    name: str
    points: int = 0
    money_cents: int = 0
    place: int = 1
    deals_played: int = 0
    deals_out: int = 0
    deals_won: int = 0
    by_contract: dict[str, dict[str, int]] = field(default_factory=dict)
    solos_played: int = 0
    solos_won: int = 0
    pflichtsoli_played: int = 0
    pflichtsoli_won: int = 0
    schneider_for: int = 0
    schneider_against: int = 0
    schwarz_for: int = 0
    schwarz_against: int = 0
    kontra_given: int = 0
    kontra_won: int = 0
    re_given: int = 0
    re_won: int = 0
    partners: dict[int, list[int]] = field(default_factory=dict)  # other seat → [deals together, won]
    opponents: dict[int, list[int]] = field(default_factory=dict)  # other seat → [deals against, won]
    outcomes: str = ""
    best_deal: int | None = None
    worst_deal: int | None = None
    value_sum: int = 0


BY_SEAT = ("partners", "opponents")  # keyed by the other player's seat, which a row names by member
COUNTED = tuple(name for name in Line.__dataclass_fields__ if name not in ("position", "name", *BY_SEAT))


@dataclass(frozen=True)
class Terms:
    """The session's frozen money terms, and what settles a session without a deal."""

    cents_per_point: int
    pot_policy: str
    mode: str
    pot_carried_in: int = 0
    first_dealer: int = 0  # seat index


def derive(game: str, players: Sequence[str], deals: Iterable[tuple[Facts, Result]], terms: Terms) -> list[Line]:
    """The lines of ``players`` (seat order) after ``deals``: each live deal's facts and stored result, in order."""
    lines = {name: Line(position, name) for position, name in enumerate(players)}
    last: Result | None = None
    for facts, result in deals:
        _count(game, players, facts, result, lines)
        last = result
    points = list(last["totals"]) if last else [0] * len(players)
    settlement = settle_up(
        players,
        points,
        cents_per_point=terms.cents_per_point,
        pot=last["pot"] if last else terms.pot_carried_in,
        pot_policy=PotPolicy(terms.pot_policy),
        mode=Mode(terms.mode),
        odd_cents_from=seat_after(players, last["dealer"]) if last else terms.first_dealer,
    )
    for line, own, balance in zip(lines.values(), points, settlement.players, strict=True):
        line.points, line.money_cents = own, balance.cents
        line.place = 1 + sum(other > own for other in points)
    return list(lines.values())


def _count(game: str, players: Sequence[str], facts: Facts, result: Result, lines: dict[str, Line]) -> None:
    if "penalty" in result["marks"]:  # a Doppelkopf penalty is a row of the sheet, not a deal: only its points count
        return
    out = set(result["out"])
    playing = _playing(players, result)
    declarers = frozenset(result["declarers"])
    counting = pack_of(game).counting
    winners = counting.winners(players, playing, declarers, result)
    for name in out:
        lines[name].deals_out += 1
    sides = counting.sides(players, playing, declarers)
    for name in playing:
        line = lines[name]
        won = name in winners
        line.deals_played += 1
        line.deals_won += won
        line.outcomes += "W" if won else "L" if winners else "-"
        delta = result["deltas"][players.index(name)]
        line.best_deal = delta if line.best_deal is None else max(line.best_deal, delta)
        line.worst_deal = delta if line.worst_deal is None else min(line.worst_deal, delta)
        line.value_sum += abs(delta)
        if sides:
            own = next(side for side in sides if name in side)
            for other in playing - {name}:
                pair = (line.partners if other in own else line.opponents).setdefault(players.index(other), [0, 0])
                pair[0] += 1
                pair[1] += won
    lead = counting.lead(facts)
    if lead is not None:
        _count_lead(lines[lead], pack_of(game).entry.type_of(facts), result["marks"], lead in winners)
    for mark, against in counting.cut(playing, declarers, winners, facts, result["marks"]):
        for name in playing:
            _add(lines[name], f"{mark}_against" if name in against else f"{mark}_for")
    doublings = counting.doublings(facts)
    for doubling, side in (("kontra", playing - declarers), ("re", declarers)):
        if doubling in doublings:
            for name in side:
                _add(lines[name], f"{doubling}_given")
                _add(lines[name], f"{doubling}_won", name in winners)


def _add(line: Line, counter: str, count: int = 1) -> None:
    setattr(line, counter, getattr(line, counter) + count)


def _count_lead(line: Line, contract: str, marks: Sequence[str], won: bool) -> None:
    counts = line.by_contract.setdefault(contract, {"played": 0, "won": 0})
    counts["played"] += 1
    counts["won"] += won
    if "solo" in marks or "alone" in marks:
        line.solos_played += 1
        line.solos_won += won
        if "forced" in marks:
            line.pflichtsoli_played += 1
            line.pflichtsoli_won += won


def winners(game: str, players: Sequence[str], result: Result) -> frozenset[str]:
    """Who won a deal, from its stored result (**won** above); nobody for a deal that nobody won."""
    return pack_of(game).counting.winners(players, _playing(players, result), frozenset(result["declarers"]), result)


def _playing(players: Sequence[str], result: Result) -> frozenset[str]:
    """Who played a deal: the players at the table (not ``away``: left before it, or joined after) but who sat out."""
    left_out = {*result["out"], *result.get("away", ())}
    return frozenset(p for p in players if p not in left_out)
