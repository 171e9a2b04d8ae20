"""A tournament round at one table: the games it has, the Pflichtsolo each player owes, time called.

Three rules of the session, in no preset (a session without them plays no round and deals on for ever):

- ``games_per_round``: ``{"4": 24, "5": 30}``, the round's games by how many sit at the table. The table plays one
  round: it is complete once its games are played and no Pflichtsolo is owed, and a deal after that is refused.
  A penalty row is no game.
- ``pflichtsolo_per_round`` (Doppelkopf, DDV TSR 4.2): ``"vorgefuehrt"`` or ``"extra_deals"``. Each player owes one
  Pflichtsolo per round, and a solo of a player who still owes his is it, ticked or not (4.3.1). Under
  ``"vorgefuehrt"`` (4.2.3) the owed solos are imposed once they fill the games left; under ``"extra_deals"`` (a
  home rule) whoever still owes his when the games are used up plays it in an extra deal.
- ``time_called_after``: time was called after this many deals (8.6): no new normal game, the owed Pflichtsoli are
  still played.

The replay asks the round, before the game scores a deal, whether the deal may come and whether it is a Pflichtsolo
(:meth:`Round.admit`), and counts it after (:meth:`Round.count`). At a table with a seat more than play, the dealer
sits out, unless he is the one who must play the next deal (the last Pflichtsolo owed, vorgeführt or after time is
called): TSR 4.2.3 "Kartengeber ist derjenige …, auch wenn er selbst vorgeführt wird" — he deals and plays it, and
the player before him sits out instead, so the table never locks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import DealError
from .messages import listed
from .options import OptionalInteger, Validator, choice

PFLICHTSOLO_MODES = ("off", "vorgefuehrt", "extra_deals")
SOLO_MARKS = frozenset({"solo", "alone"})  # scored one against the rest; Sheepshead's picker alone is its solo


def dealer_plays(must_play: bool, owing: Sequence[str], dealer: str) -> bool:
    """Whether ``dealer`` plays the next deal although he would sit out: he alone must play it (4.2.3)."""
    return must_play and tuple(owing) == (dealer,)


@dataclass(frozen=True)
class GamesPerRound:
    """``rules.games_per_round``: ``null`` (no round) or ``{"4": 24, "5": 30}``, games by table size."""

    kind: str = "games_per_round"

    def __call__(self, name: str, value: Any) -> dict[str, int] | None:
        if value is None:
            return None
        if not isinstance(value, Mapping) or not value:
            raise DealError(name, "map_not_object", field=name, example='{"4": 24, "5": 30}', got=repr(value))
        games = {}
        for size, count in value.items():
            if not str(size).isdigit():
                raise DealError(name, "map_key_unknown", field=name, got=repr(size), known="4, 5, 6")
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise DealError(name, "map_value", field=name, key=str(size), low=1, got=repr(count))
            games[str(size)] = count
        return games


# The round's options, for a game's rule schema; none is in a preset.
ROUND_SCHEMA: dict[str, Validator] = {"games_per_round": GamesPerRound(), "time_called_after": OptionalInteger(0)}
PFLICHTSOLO_SCHEMA: dict[str, Validator] = {"pflichtsolo_per_round": choice(*PFLICHTSOLO_MODES)}


@dataclass(frozen=True, slots=True)
class Claim:
    """What the round needs of a deal before it is scored, as the game reads it from the facts."""

    game: bool = True  # False: a row of the sheet that is no game (a penalty)
    soloist: str | None = None  # the player of a solo, when the deal is one
    forced: bool = False  # the table ticked it as a Pflichtsolo
    vorgefuehrt: bool = False  # … and as vorgeführt


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the round makes of a deal: whether it is its player's Pflichtsolo, and vorgeführt."""

    pflichtsolo: bool = False
    vorgefuehrt: bool = False


NOT_FORCED = Ruling()


@dataclass(slots=True)
class Seat:
    """One player's round so far."""

    games: int = 0  # deals played (not sitting out; a penalty row is none)
    solos: int = 0  # solos declared (scored one against the rest)
    solos_won: int = 0
    pflichtsolo: int | None = None  # the deal number of his Pflichtsolo

    def as_json(self) -> dict[str, Any]:
        return {"games": self.games, "solos": self.solos, "solos_won": self.solos_won, "pflichtsolo": self.pflichtsolo}


@dataclass(slots=True)
class Round:
    """The round at one table as the deals are replayed."""

    players: tuple[str, ...]
    games: int  # of the round at this table
    pflichtsolo: str  # one of PFLICHTSOLO_MODES
    time_called_after: int | None
    played: int = 0  # games (penalty rows are none)
    deals: int = 0  # rows, penalty rows included: time is called after a number of them
    seats: dict[str, Seat] = field(default_factory=dict)
    # Who owes, kept until a Pflichtsolo is counted: each deal asks it several times.
    _owing: tuple[str, ...] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, rules: Mapping[str, Any], players: Sequence[str]) -> Round | None:
        """The round these rules give a table of ``players``; None when they give none."""
        by_size = rules.get("games_per_round")
        if by_size is None:
            return None
        games = by_size.get(str(len(players)))
        if games is None:
            raise DealError("players", "round_table_size", sizes=listed(by_size), got=len(players))
        return cls(
            tuple(players),
            games,
            rules.get("pflichtsolo_per_round", "off"),
            rules.get("time_called_after"),
            seats={p: Seat() for p in players},
        )

    # where the round stands ---------------------------------------------------------------------------------------

    @property
    def time_called(self) -> bool:
        return self.time_called_after is not None and self.deals >= self.time_called_after

    @property
    def owing(self) -> tuple[str, ...]:
        """Who still owes his Pflichtsolo, in seat order."""
        if self._owing is None:
            off = self.pflichtsolo == "off"
            self._owing = () if off else tuple(p for p in self.players if self.seats[p].pflichtsolo is None)
        return self._owing

    @property
    def regular_left(self) -> int:
        """Games left of the round's count; none once time is called."""
        return 0 if self.time_called else max(0, self.games - self.played)

    @property
    def must_play(self) -> bool:
        """The next game must be a Pflichtsolo still owed."""
        owing = len(self.owing)
        if not owing:
            return False
        return owing >= self.regular_left if self.pflichtsolo == "vorgefuehrt" else self.regular_left == 0

    @property
    def complete(self) -> bool:
        return not self.owing and self.regular_left == 0

    @property
    def games_left(self) -> int:
        """Games still to play before the round is complete."""
        return max(self.regular_left, len(self.owing))

    def vorgefuehrt(self, dealer: str) -> str | None:
        """Who must play his Pflichtsolo in the deal ``dealer`` deals next: the first who owes it from the player left
        of the dealer on, the dealer last (4.2.3)."""
        if not self.must_play:
            return None
        seat = self.players.index(dealer)
        order = [self.players[(seat + k) % len(self.players)] for k in range(1, len(self.players) + 1)]
        return next(p for p in order if p in self.owing)

    def dealer_plays(self, dealer: str) -> bool:
        return dealer_plays(self.must_play, self.owing, dealer)

    # one deal -----------------------------------------------------------------------------------------------------

    def admit(self, claim: Claim) -> Ruling:
        """Whether the deal may come here and what it is; DealError when it may not."""
        if not claim.game:
            return NOT_FORCED
        owing = self.owing
        if self.complete:
            if self.time_called:
                raise DealError("", "time_called_complete")
            raise DealError("", "round_complete", games=self.games)
        owes = claim.soloist is not None and claim.soloist in owing
        if self.must_play and not owes:
            players = ", ".join(owing)
            if self.time_called:
                raise DealError("", "time_called_no_solo", players=players)
            if self.pflichtsolo == "vorgefuehrt":
                raise DealError("", "pflichtsolo_due", players=players, left=self.regular_left)
            raise DealError("", "extra_deal_not_pflichtsolo", games=self.games, players=players)
        if claim.vorgefuehrt and not self.must_play:
            raise DealError("", "not_vorgefuehrt_yet", owing=len(owing), left=self.regular_left)
        if claim.forced and not owes and self.pflichtsolo != "off" and claim.soloist in self.seats:
            field = "vorgefuehrt" if claim.vorgefuehrt else "forced"
            deal = self.seats[claim.soloist].pflichtsolo
            assert deal is not None  # he owes none: he played it
            raise DealError(field, "dk_pflichtsolo_again", field=field, player=claim.soloist, deal=deal)
        return Ruling(owes, owes and self.must_play) if owes else NOT_FORCED

    def count(self, number: int, sitting_out: Sequence[str], marks: Sequence[str], declarers: Sequence[str]) -> None:
        """Count deal ``number`` as the game scored it."""
        self.deals += 1
        if "penalty" in marks:
            return
        self.played += 1
        for player in self.players:
            if player not in sitting_out:
                self.seats[player].games += 1
        if declarers and SOLO_MARKS.intersection(marks):
            seat = self.seats[declarers[0]]
            seat.solos += 1
            seat.solos_won += "won" in marks
        if "forced" in marks and self.pflichtsolo != "off":
            self.seats[declarers[0]].pflichtsolo = number
            self._owing = None

    def snapshot(self) -> dict[str, Any]:
        """What the deals so far counted, as plain JSON values (for a replay's snapshot, session.py)."""
        return {"played": self.played, "deals": self.deals, "seats": {p: s.as_json() for p, s in self.seats.items()}}

    def restore(self, counted: Mapping[str, Any]) -> None:
        """Take up what a snapshot counted (KeyError when it lacks a player)."""
        self.played, self.deals = counted["played"], counted["deals"]
        self.seats = {p: Seat(**counted["seats"][p]) for p in self.players}
        self._owing = None

    def state(self, next_dealer: str) -> RoundState:
        """Where the round stands, for the output and the sheet."""
        return RoundState(
            games=self.games,
            played=self.played,
            owing=self.owing,
            regular_left=self.regular_left,
            games_left=self.games_left,
            must_play=self.must_play,
            vorgefuehrt=self.vorgefuehrt(next_dealer),
            time_called=self.time_called,
            complete=self.complete,
            seats={p: Seat(s.games, s.solos, s.solos_won, s.pflichtsolo) for p, s in self.seats.items()},
        )


@dataclass(frozen=True, slots=True)
class RoundState:
    """The round at a table after a deal: per table what is owed and left, per player his games and solos."""

    games: int
    played: int
    owing: tuple[str, ...]
    regular_left: int
    games_left: int
    must_play: bool
    vorgefuehrt: str | None  # who must play his Pflichtsolo in the next deal
    time_called: bool
    complete: bool  # the table can close: every game and every Pflichtsolo played
    seats: dict[str, Seat]

    @property
    def pflichtsoli(self) -> dict[str, int]:
        """Who played his Pflichtsolo → its deal number."""
        return {p: s.pflichtsolo for p, s in self.seats.items() if s.pflichtsolo is not None}

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "played": self.played,
            "owing": list(self.owing),
            "games_left": self.games_left,
            "regular_left": self.regular_left,
            "must_play": self.must_play,
            "vorgefuehrt": self.vorgefuehrt,
            "time_called": self.time_called,
            "complete": self.complete,
            "seats": {p: s.as_json() for p, s in self.seats.items()},
        }
