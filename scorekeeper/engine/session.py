"""Reading a ``schreiber/1`` document and replaying its deals in order.

Everything history-dependent (dealer rotation and sit-outs, pots, Bock rounds,
doubler queues, the Bauernstoss chalk) is derived here by replaying the deals,
so changing an earlier deal changes every later result.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from . import registry
from .deal import Facts, Item, Outcome, Table
from .errors import DealError, InvalidSession, Problem
from .game import Game
from .lineup import Change, apply, mark
from .lineup import read as read_lineup
from .messages import listed, say
from .names import check_name, same_person
from .options import integer, resolve
from .reading import checked
from .rounds import Round, RoundState

FORMAT = "schreiber/1"


@dataclass(slots=True)  # one per deal: not frozen, which would make building it several times slower
class DealResult:
    number: int
    dealer: str
    sitting_out: tuple[str, ...]
    outcome: Outcome
    # deltas and totals name every player of the session, in its order (settle's output writes them so)
    deltas: dict[str, int]  # 0 for those who sat out; the game's own dict when it already names everyone so
    pot: int  # balance after the deal
    # running totals after the deal: the same dict as the deal before's when the deal moved no points (a result's
    # dicts are read, never written)
    totals: dict[str, int]
    round: RoundState | None = None  # the table's round after the deal, when the rules give one (rounds.py)
    seated: tuple[str, ...] = ()  # who was at the table, in seat order; () for every player (no lineup change)
    lineup: tuple[dict[str, Any], ...] = ()  # who left or joined just before this deal (lineup.mark)

    @property
    def away(self) -> tuple[str, ...]:
        """The players of the session who were not at the table for this deal (they left, or join later)."""
        return tuple(p for p in self.deltas if p not in self.seated) if self.seated else ()

    @property
    def value(self) -> int:
        return self.outcome.value

    @property
    def multiplier(self) -> int:
        return self.outcome.multiplier

    @property
    def explanation(self) -> tuple[Item, ...]:
        return self.outcome.explanation

    def to_output(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": self.number,
            "dealer": self.dealer,
            "value": self.outcome.value,
            "multiplier": self.outcome.multiplier,
            "deltas": self.deltas,
            "pot": self.pot,
            "totals": self.totals,
            "contract": self.outcome.label,
        }
        out.update(self.outcome.extra)
        if self.away:
            out["away"] = list(self.away)
        if self.lineup:
            out["lineup"] = list(self.lineup)
        return out


@dataclass(frozen=True, slots=True)
class Session:
    """A validated session header, ready to replay its deals."""

    game_key: str
    rules: dict[str, Any]
    tariff: dict[str, Any] | None
    players: tuple[str, ...]
    deals: Sequence[Mapping[str, Any]]
    cents_per_point: int | None
    pot_carried_in: int = 0  # a pot left from an earlier session (input key ``pot_carried_in``)
    # Players who left or joined between deals (input key ``lineup``, lineup.py); ``players`` is then everyone who
    # played, and ``starting`` who sat at the table for the first deal, in seat order.
    lineup: tuple[Change, ...] = ()
    starting: tuple[str, ...] = ()
    # The first ``counted`` deals are counted and not held (a snapshot stands for them, or only their number
    # matters): ``deals`` holds those after them, and every count of deals (the lineup's too) includes them.
    counted: int = 0

    def new_game(self) -> Game:
        return registry.game_class(self.game_key)(self.rules, self.tariff)

    @property
    def seats(self) -> int:
        return self.new_game().seats

    @property
    def deal_count(self) -> int:
        """How many deals the session has: those counted and those held."""
        return self.counted + len(self.deals)

    def seating(self, played: int | None = None) -> tuple[str, ...]:
        """Who sits at the table, in seat order, once ``played`` deals are played (all of them when None) and the
        players who left or joined by then have done so."""
        if not self.lineup:
            return self.players
        played = self.deal_count if played is None else played
        seated = self.starting
        for change in self.lineup:
            if change.after <= played:
                seated, _ = apply(seated, seated[0], change)
        return seated

    def next_dealer(self, results: Sequence[DealResult]) -> str:
        """Who deals the deal after ``results`` (with none, the first dealer: named in the first deal when held)."""
        if not results:
            seated, held = self.seating(0), () if self.counted else self.deals
            first = held[0].get("dealer") if held and isinstance(held[0], Mapping) else None
            if first in seated:
                return first
            starting = self.starting or self.players
            return self._changed(0, starting, starting[0])
        last = results[-1]
        seated = last.seated or self.players
        dealer = last.dealer if last.outcome.keep_dealer else seated[(seated.index(last.dealer) + 1) % len(seated)]
        return self._changed(last.number, seated, dealer)

    def _changed(self, played: int, seated: tuple[str, ...], dealer: str) -> str:
        """Who deals next once the players who leave or join after deal ``played`` have done so."""
        for change in self.lineup:
            if change.after == played:
                seated, dealer = apply(seated, dealer, change)
        return dealer

    def sitting_out(
        self, dealer: str, dealer_plays: bool = False, seated: tuple[str, ...] | None = None
    ) -> tuple[str, ...]:
        """Who sits out a deal dealt by ``dealer`` at the table ``seated`` (as it is now when None): nobody, unless
        the table seats more than play. When the dealer plays although he would sit out (he alone must play the
        deal of a round, rounds.py), the player before him sits out instead."""
        seated = self.seating() if seated is None else seated
        seat = seated.index(dealer)
        if dealer_plays:
            seat = (seat - 1) % len(seated)
        return self.new_game().sitting_out(seated, seat)

    def playing(
        self, dealer: str, dealer_plays: bool = False, seated: tuple[str, ...] | None = None
    ) -> tuple[str, ...]:
        """Who plays a deal dealt by ``dealer`` at the table ``seated`` (as it is now when None), in seat order."""
        seated = self.seating() if seated is None else seated
        out = self.sitting_out(dealer, dealer_plays, seated)
        return tuple(p for p in seated if p not in out)

    def replay(
        self, start: Mapping[str, Any] | None = None, snapshots: list[dict[str, Any]] | None = None
    ) -> Iterator[DealResult | Problem]:
        """Score every deal in order; an invalid deal yields a Problem and is skipped.

        From a ``start`` snapshot (``resumable``) the deals it covers are not read: scoring begins with the next.
        Without one the replay begins with the first deal, which must be held (no deal ``counted``).
        ``snapshots``, when given, receives the snapshot after the deals."""
        game = self.new_game()
        players = self.players  # everyone who plays in the session: each has a delta and a total
        seated = self.starting or players  # who sits at the table, in seat order
        changes = list(self.lineup)
        zero_sum = game.zero_sum()
        pot = self.pot_carried_in
        totals = dict.fromkeys(players, 0)
        book = Round.of(self.rules, players)
        dealer_seat = 0
        played = 0
        if start is not None:
            played, pot, dealer_seat, seated = (
                start["played"],
                start["pot"],
                start["dealer_seat"],
                tuple(start["seated"]),
            )
            totals = {name: start["totals"][name] for name in players}  # in seat order, whatever order JSON kept
            game.restore(start["game"])
            if book is not None:
                book.restore(start["round"])
            changes = [change for change in self.lineup if change.after >= played]  # not yet made
        elif self.counted:
            raise ValueError("a replay of a session with counted deals starts from a snapshot of them")
        index, out_when, playing_when = self._table(game, seated)
        marks: tuple[dict[str, Any], ...] = ()
        # The last deal's deltas as the game gave them, as the result has them, their sum and whether any is not 0.
        given: dict[str, int] | None = None
        deltas: dict[str, int] = {}
        balance, moved = 0, False
        skipped = played - self.counted  # the held deals the snapshot covers
        deals = itertools.islice(self.deals, skipped, None) if skipped else self.deals
        for number, raw in enumerate(deals, start=played + 1):
            if changes and changes[0].after < number:
                dealer, done = seated[dealer_seat], []
                while changes and changes[0].after < number:
                    change = changes.pop(0)
                    seated, dealer = apply(seated, dealer, change)
                    done.append(mark(change, seated))
                index, out_when, playing_when = self._table(game, seated)
                dealer_seat, marks = index[dealer], tuple(done)
            try:
                if type(raw) is not dict and not isinstance(raw, Mapping):  # the ABC check is slow: skip it for JSON
                    raise DealError("deal", "deal_not_object", got=repr(raw))
                if "dealer" in raw:
                    if type(raw["dealer"]) is not str or raw["dealer"] not in index:
                        away = type(raw["dealer"]) is str and raw["dealer"] in totals
                        raise DealError("dealer", "dealer_away" if away else "dealer_unknown", got=repr(raw["dealer"]))
                    dealer_seat = index[raw["dealer"]]
                dealer = seated[dealer_seat]
                if book is None:
                    table = Table(number, dealer, seated, playing_when[dealer], out_when[dealer], pot)
                else:
                    table = self._round_table(game, book, number, raw, dealer_seat, pot)
                outcome = game.score(Facts(raw, table))
            except DealError as error:
                yield self._absent(error, number).problem(number)
                dealer_seat, marks = (dealer_seat + 1) % len(seated), ()
                continue
            if not zero_sum:  # a plus-only sheet writes the winners' entries and leaves the losers' at 0
                outcome.deltas = {name: max(delta, 0) for name, delta in outcome.deltas.items()}
            if outcome.deltas is not given:  # a game may hand on the deal before's dict (Bauernstoss): seen then
                given, balance, moved = outcome.deltas, sum(outcome.deltas.values()), any(outcome.deltas.values())
                deltas = given
                if len(given) != len(players) or tuple(given) != players:  # some sat out (0), or in another order
                    deltas = dict.fromkeys(players, 0)
                    deltas.update(given)
            if zero_sum and balance + outcome.pot_change != 0:  # the engine's own invariant, never input
                raise AssertionError(f"deal {number}: deltas {given} and pot {outcome.pot_change} do not sum to 0")
            pot += outcome.pot_change
            if moved:  # else the totals stay as they are, and the result shares the last one's
                totals = totals.copy()
                for name, delta in given.items():
                    totals[name] += delta
            if not outcome.keep_dealer:
                dealer_seat = (dealer_seat + 1) % len(seated)
            state = None
            if book is not None:
                book.count(number, table.sitting_out, outcome.marks, outcome.declarers)
                state = book.state(players[dealer_seat])
            yield DealResult(
                number, dealer, table.sitting_out, outcome, deltas, pot, totals, state,
                seated if self.lineup else (), marks,
            )  # fmt: skip
            marks = ()
        if snapshots is not None:
            snapshots.append(self._snapshot(self.deal_count, game, book, pot, totals, dealer_seat, seated))

    # A replay's snapshot: the state after ``played`` deals, from which the next deal is scored without reading the
    # earlier ones (a service keeps it with the session). Plain JSON; a new VERSION whenever its content changes.
    SNAPSHOT_VERSION = 1

    def fingerprint(self, played: int) -> str:
        """What a snapshot after ``played`` deals depends on besides them: game, rules, tariff, players and the
        players who left or joined before the next deal (those who do so then or later are read when it comes)."""
        header = [
            self.game_key, self.rules, self.tariff, self.players, self.starting, self.pot_carried_in,
            [change.as_json() for change in self.lineup if change.after < played],
        ]  # fmt: skip
        text = json.dumps(header, sort_keys=True, default=sorted)  # sets (Bock triggers) as sorted lists
        return hashlib.sha256(text.encode()).hexdigest()

    def resumable(self, snapshot: Any) -> bool:
        """Whether ``snapshot`` may start the replay: this version and header, covering the counted deals, no more."""
        return (
            isinstance(snapshot, Mapping)
            and snapshot.get("version") == self.SNAPSHOT_VERSION
            and isinstance(snapshot.get("played"), int)
            and self.counted <= snapshot["played"] <= self.deal_count
            and snapshot.get("fingerprint") == self.fingerprint(snapshot["played"])
        )

    def _snapshot(
        self,
        played: int,
        game: Game,
        book: Round | None,
        pot: int,
        totals: dict[str, int],
        dealer_seat: int,
        seated: tuple[str, ...],
    ) -> dict[str, Any]:
        return {
            "version": self.SNAPSHOT_VERSION,
            "fingerprint": self.fingerprint(played),
            "played": played,
            "game": game.snapshot(),
            "round": None if book is None else book.snapshot(),
            "pot": pot,
            "totals": dict(totals),
            "dealer_seat": dealer_seat,
            "seated": list(seated),
        }

    def _absent(self, error: DealError, number: int) -> DealError:
        """A player of the session whom deal ``number`` names while he is not at the table: since when he has left,
        or when he joins; any other error as it is."""
        words = error.words
        named = words.params.get("got") if words.code == "not_a_player" else None
        player = next((name for name in self.players if repr(name) == named), None)  # ``got`` is the name's repr
        if player is None:
            return error
        field = error.field
        moves = [change for change in self.lineup if change.player == player]
        before = [change for change in moves if change.after < number]
        if before and not before[-1].joins:
            return DealError(field, "player_left", field=field, player=player, after=before[-1].after)
        later = next((change for change in moves if change.after >= number and change.joins), None)
        if later is not None:
            return DealError(field, "player_joins_later", field=field, player=player, after=later.after)
        return error

    @staticmethod
    def _table(
        game: Game, seated: tuple[str, ...]
    ) -> tuple[dict[str, int], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
        """For a table seated so: each player's seat, and who sits out and who plays when each of them deals."""
        out_when = {dealer: game.sitting_out(seated, seat) for seat, dealer in enumerate(seated)}
        playing_when = {dealer: tuple(p for p in seated if p not in out) for dealer, out in out_when.items()}
        return {name: i for i, name in enumerate(seated)}, out_when, playing_when

    def _round_table(self, game: Game, book: Round, number: int, raw: Mapping[str, Any], seat: int, pot: int) -> Table:
        """The table of a deal in a round: the round admits the deal first (DealError when it may not come) and says
        whether it is a Pflichtsolo; the dealer who alone must play it plays, the player before him sitting out."""
        players = self.players
        ruling = book.admit(game.round_claim(raw))
        dealer = players[seat]
        out = game.sitting_out(players, (seat - 1) % len(players) if book.dealer_plays(dealer) else seat)
        playing = tuple(p for p in players if p not in out)
        return Table(number, dealer, players, playing, out, pot, ruling)

    def round(self, results: Sequence[DealResult]) -> RoundState | None:
        """The table's round after ``results`` (before the first deal when there are none); None without a round."""
        if results:
            return results[-1].round
        book = Round.of(self.rules, self.players)
        return None if book is None else book.state(self.next_dealer(results))

    def results(
        self, start: Mapping[str, Any] | None = None, snapshots: list[dict[str, Any]] | None = None
    ) -> list[DealResult]:
        """Every deal's result (those after ``start``, a snapshot), or InvalidSession naming every invalid deal;
        ``snapshots`` receives the snapshot after the deals."""
        results = list(self.replay(start=start, snapshots=snapshots))
        problems = [item for item in results if type(item) is Problem]
        if problems:
            raise InvalidSession(problems)
        return cast(list[DealResult], results)


def load(document: Any, counted: int = 0) -> Session:
    """Read a session document's header; InvalidSession names every problem found, in the order of the fields
    (format; game, rules and tariff; players; cents_per_point; deals; pot_carried_in; lineup). A check that needs a
    field that has a problem (the table's size needs the game) is left out rather than reported twice. Its deals come
    after the first ``counted`` (``Session.counted``), which its lineup counts too."""
    problems: list[Problem] = []
    session = _load(document, problems, counted) if isinstance(document, Mapping) else None
    if session is None:
        raise InvalidSession(problems or [Problem("format", say("document_not_object"))])
    return session


def _load(document: Mapping[str, Any], problems: list[Problem], counted: int) -> Session | None:
    if document.get("format") != FORMAT:
        got = repr(document.get("format"))
        problems.append(Problem("format", say("format_wrong", expected=repr(FORMAT), got=got)))
    game = checked(problems, _game, document.get("game"), document.get("rules"), document.get("tariff"))
    players = _players(document.get("players"), game, problems)
    cents = document.get("cents_per_point")
    if cents is not None:
        cents = checked(problems, integer(0), "cents_per_point", cents)
        if cents is not None and game is not None and not game.zero_sum():
            problems.append(Problem("cents_per_point", say("cents_plus_only")))
    deals = document.get("deals", [])
    if not isinstance(deals, list):
        problems.append(Problem("deals", say("deals_not_list")))
        deals = None
    pot_carried_in = checked(problems, integer(0), "pot_carried_in", document.get("pot_carried_in", 0))
    if pot_carried_in and game is not None and not game.uses_pot():
        problems.append(Problem("pot_carried_in", say("pot_needs_pot_rules")))
    changes = None  # the lineup is read against the game, the players and the deals: when they are good
    if "lineup" in document and game is not None and players is not None and deals is not None:
        if Round.of(game.rules, players) is None:
            changes = checked(problems, read_lineup, document["lineup"], players, counted + len(deals), game)
        else:
            problems.append(Problem("lineup", say("lineup_round")))
    if problems or game is None or players is None or deals is None or pot_carried_in is None:
        return None
    lineup, roster = changes or ((), players)
    starting = players if lineup else ()
    return Session(game.key, game.rules, game.tariff, roster, deals, cents, pot_carried_in, lineup, starting, counted)


def _game(game_key: Any, rules: Any, tariff: Any) -> Game:
    game_class, resolved_rules, resolved_tariff = resolve_rules(game_key, rules, tariff)
    return game_class(resolved_rules, resolved_tariff)


def _players(value: Any, game: Game | None, problems: list[Problem]) -> tuple[str, ...] | None:
    """The players' names, or None and a problem for each bad name, two names of one person, and a table the game
    does not seat (and no round of its rules)."""
    if not isinstance(value, list):
        problems.append(Problem("players", say("players_not_list")))
        return None
    before = len(problems)
    for name in value:
        if checked(problems, check_name, "players", name) not in (name, None):  # a name, but with spaces around it
            problems.append(Problem("players", say("players_name_spaces", got=repr(name))))
    if len(problems) == before and (twins := same_person(value)):
        problems.append(Problem("players", say("players_one_person", first=twins[0], second=twins[1])))
    if game is not None:
        sizes = game.table_sizes()
        if len(value) not in sizes:
            code = "players_seats_or_one_out" if len(sizes) == 2 else "players_seats_up_to"
            code = "players_seats" if len(sizes) == 1 else code
            problems.append(
                Problem("players", say(code, game=game.title, seats=sizes[0], most=sizes[-1], got=len(value)))
            )
        elif len(problems) == before:
            checked(problems, Round.of, game.rules, value)  # a round for this size of table, when the rules give one
    return tuple(value) if len(problems) == before else None


def resolve_rules(game_key: Any, rules: Any, tariff: Any) -> tuple[type[Game], dict[str, Any], dict[str, Any] | None]:
    """The game and its complete rules and tariff; a missing spec means the game's first preset."""
    if game_key not in registry.GAME_KEYS:
        raise DealError("game", "game_unknown", known=listed(registry.GAME_KEYS), got=repr(game_key))
    game_class = registry.game_class(game_key)
    resolved_rules = resolve(
        rules if rules is not None else next(iter(game_class.rule_presets)),
        game_class.rule_presets,
        {**game_class.rule_schema, **game_class.round_schema},
        "rules",
    )
    if game_class.tariff_presets is None:
        if tariff is not None:
            raise DealError("tariff", "tariff_not_used", game=game_class.title)
        return game_class, resolved_rules, None
    resolved_tariff = resolve(
        tariff if tariff is not None else next(iter(game_class.tariff_presets)),
        game_class.tariff_presets,
        game_class.tariff_schema,
        "tariff",
    )
    return game_class, resolved_rules, resolved_tariff
