"""Settling up at the end of a session: points → integer cents → the fewest payments.

Pure Python, no Django, no float. The parties to a settlement are the players and the **kitty** (:data:`KITTY`):
the saucer that holds the pot (Stock) at a Schafkopf table, or the club's box (Kasse) that a Doppelkopf club pays
into when it settles against the leader. Every party ends with a balance in cents (positive: receives, negative:
pays), the balances always sum to exactly 0, and :func:`fewest_transfers` turns them into payments.

Two club settings shape the balances (see docs/settlement.md):

- ``mode``: **zero-sum** (each player wins or loses their own points × the rate) or **against the leader**
  (everyone pays their gap to the leader's points × the rate into the kitty; the leader pays nothing).
- ``pot_policy``: the pot left at the end is **carried** into the club's next session (it stays in the kitty), or
  **paid back** equally to everyone at the table. Pay-back is the only place where cents must be rounded: each
  player gets the same whole number of cents, and the odd cents left over go one each to the players in seat order,
  starting with the player after the last dealer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

KITTY: Final = ""  # the kitty's party name: engine.load refuses blank player names, so no player can clash with it
EXACT_LIMIT: Final = 12  # up to this many parties with a balance the fewest payments are searched exactly (2^n steps)


class PotPolicy(StrEnum):
    CARRY = "carry"
    PAY_BACK = "pay_back"


class Mode(StrEnum):
    ZERO_SUM = "zero_sum"
    AGAINST_LEADER = "against_leader"


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: ``payer`` gives ``payee`` ``cents`` (always more than 0). Either may be the kitty."""

    payer: str
    payee: str
    cents: int


@dataclass(frozen=True, slots=True)
class PlayerBalance:
    """One player's part of the settlement."""

    name: str
    points: int
    behind_leader: int | None  # points behind the leader when settling against the leader, else None
    points_cents: int  # what the points are worth: won (+) or lost (−); against the leader, −behind_leader × rate
    pot_share_cents: int  # the player's share of a pot paid back; 0 when the pot is carried
    gets_odd_cent: bool  # one of the players who get one of the odd cents of a pot paid back

    @property
    def cents(self) -> int:
        """What the player receives (positive) or pays (negative) in the end."""
        return self.points_cents + self.pot_share_cents


@dataclass(frozen=True, slots=True)
class Settlement:
    players: tuple[PlayerBalance, ...]  # in seat order
    cents_per_point: int
    mode: Mode
    pot_policy: PotPolicy
    pot_points: int  # the pot at the end of the session
    leader_points: int | None  # the leader's points when settling against the leader
    transfers: tuple[Transfer, ...]

    @property
    def pot_cents(self) -> int:
        return self.pot_points * self.cents_per_point

    @property
    def pot_paid_back(self) -> bool:
        return self.pot_policy is PotPolicy.PAY_BACK and self.pot_points != 0

    @property
    def pot_carried(self) -> int:
        """Points of pot the club's next session starts with."""
        return 0 if self.pot_policy is PotPolicy.PAY_BACK else self.pot_points

    @property
    def pot_share_cents(self) -> int:
        """What everyone gets of a pot paid back, before the odd cents."""
        return self.pot_cents // len(self.players) if self.pot_paid_back else 0

    @property
    def odd_cents(self) -> int:
        return self.pot_cents % len(self.players) if self.pot_paid_back else 0

    @property
    def kitty_cents(self) -> int:
        """What the kitty receives (positive) or pays out (negative): the other side of every player's balance."""
        return -sum(p.cents for p in self.players)

    @property
    def balances(self) -> dict[str, int]:
        """Every party's balance in cents, the kitty (:data:`KITTY`) last; they sum to 0."""
        return {**{p.name: p.cents for p in self.players}, KITTY: self.kitty_cents}


def settle_up(
    players: Sequence[str],
    points: Sequence[int],
    *,
    cents_per_point: int,
    pot: int = 0,
    pot_policy: PotPolicy = PotPolicy.CARRY,
    mode: Mode = Mode.ZERO_SUM,
    odd_cents_from: int = 0,
) -> Settlement:
    """Settle the final ``points`` of ``players`` (seat order) with a ``pot`` (points) left at the end.

    ``odd_cents_from`` is the seat of the first player to get an odd cent when the pot is paid back
    (:func:`seat_after` the last dealer).
    """
    _check(players, points, cents_per_point, odd_cents_from)
    pot_policy, mode = PotPolicy(pot_policy), Mode(mode)
    leader_points = max(points) if mode is Mode.AGAINST_LEADER else None
    shares = (
        split_evenly(pot * cents_per_point, len(players), odd_cents_from)
        if pot_policy is PotPolicy.PAY_BACK
        else [0] * len(players)
    )
    floor_share = min(shares)
    balances = tuple(
        PlayerBalance(
            name=name,
            points=own,
            behind_leader=None if leader_points is None else leader_points - own,
            points_cents=(own if leader_points is None else own - leader_points) * cents_per_point,
            pot_share_cents=share,
            gets_odd_cent=share != floor_share,
        )
        for name, own, share in zip(players, points, shares, strict=True)
    )
    owed = {b.name: b.cents for b in balances}
    transfers = fewest_transfers({**owed, KITTY: -sum(owed.values())})  # the kitty squares the players' sum
    return Settlement(balances, cents_per_point, mode, pot_policy, pot, leader_points, transfers)


def split_evenly(cents: int, parts: int, first: int = 0) -> list[int]:
    """``cents`` in ``parts`` whole-cent shares that differ by at most 1 cent and sum to exactly ``cents``.

    Everyone gets the same floor share; the ``cents % parts`` odd cents go one each to the parts ``first``,
    ``first + 1``, … wrapping round. (For a negative amount the floor is lower, so the odd cents still add up.)
    """
    share, odd = divmod(cents, parts)
    lucky = {(first + i) % parts for i in range(odd)}
    return [share + (1 if part in lucky else 0) for part in range(parts)]


def seat_after(players: Sequence[str], dealer: str) -> int:
    """The seat of the player after ``dealer``: who gets the first odd cent."""
    return (players.index(dealer) + 1) % len(players)


def fewest_transfers(balances: Mapping[str, int]) -> tuple[Transfer, ...]:
    """Payments that bring every balance to exactly 0, as few as possible.

    A group of parties whose balances sum to 0 settles among itself with one payment less than it has members, so
    the fewest payments come from splitting the parties into as many zero-sum groups as possible (searched exactly
    for up to :data:`EXACT_LIMIT` parties; beyond that all parties form one group). Within a group the largest
    debtor pays the largest creditor until everyone is square, which needs at most one payment less than the
    group has members. Transfers are listed by payer, then payee, in the order of ``balances``.
    """
    if sum(balances.values()) != 0:
        raise ValueError(f"balances must sum to 0 (got {sum(balances.values())})")
    order = {name: i for i, name in enumerate(balances)}
    owing = [(name, cents) for name, cents in balances.items() if cents]
    groups = _zero_sum_groups(owing) if len(owing) <= EXACT_LIMIT else [owing]
    transfers = [t for group in groups for t in _settle_group(group, order)]
    return tuple(sorted(transfers, key=lambda t: (order[t.payer], order[t.payee])))


def _zero_sum_groups(parties: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The parties split into the most groups that each sum to 0.

    ``most[mask]`` is the most zero-sum prefixes any ordering of the parties in ``mask`` can have; taking parties
    away one at a time along the best choices, every time the rest sums to 0 a group is complete.
    """
    count = len(parties)
    sums = [0] * (1 << count)
    most = [0] * (1 << count)
    for mask in range(1, 1 << count):
        lowest = mask & -mask
        sums[mask] = sums[mask ^ lowest] + parties[lowest.bit_length() - 1][1]
        most[mask] = max(most[mask ^ (1 << i)] for i in _members(mask, count)) + (sums[mask] == 0)
    groups: list[list[tuple[str, int]]] = []
    group: list[tuple[str, int]] = []
    mask = (1 << count) - 1
    while mask:
        taken = next(i for i in _members(mask, count) if most[mask ^ (1 << i)] + (sums[mask] == 0) == most[mask])
        group.append(parties[taken])
        mask ^= 1 << taken
        if sums[mask] == 0:
            groups.append(group)
            group = []
    return groups


def _members(mask: int, count: int) -> Iterable[int]:
    return (i for i in range(count) if mask >> i & 1)


def _settle_group(group: list[tuple[str, int]], order: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor (ties in party order) until the group is square."""
    debtors = {name: -cents for name, cents in group if cents < 0}
    creditors = {name: cents for name, cents in group if cents > 0}
    transfers: list[Transfer] = []
    while debtors:
        payer = max(debtors, key=lambda name: (debtors[name], -order[name]))
        payee = max(creditors, key=lambda name: (creditors[name], -order[name]))
        cents = min(debtors[payer], creditors[payee])
        transfers.append(Transfer(payer, payee, cents))
        for side, name in ((debtors, payer), (creditors, payee)):
            side[name] -= cents
            if not side[name]:
                del side[name]
    return transfers


def _check(players: Sequence[str], points: Sequence[int], cents_per_point: int, odd_cents_from: int) -> None:
    if not players:
        raise ValueError("a settlement needs players")
    if len(points) != len(players):
        raise ValueError(f"{len(players)} players but {len(points)} totals")
    if any(not name.strip() for name in players) or len(set(players)) != len(players):
        raise ValueError("players must have distinct, non-blank names")
    if cents_per_point < 0:
        raise ValueError(f"cents_per_point must be 0 or more (got {cents_per_point})")
    if not 0 <= odd_cents_from < len(players):
        raise ValueError(f"odd_cents_from must be a seat (0 to {len(players) - 1}), got {odd_cents_from}")
