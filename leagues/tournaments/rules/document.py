"""The ``schreiber-tournament/1`` document (``docs/tournament-format.md``): reading and checking it, writing it back,
and its ranking per round and overall. Pure Python, no Django::

    tournament = load(document)     # InvalidTournament naming the path of every bad field
    dump(tournament)                # the document again, every default written out
    rank(document)                  # every table sheet and the rankings, JSON-ready
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from scorekeeper.engine import reading
from scorekeeper.engine.names import same_person
from scorekeeper.engine.reading import Fields, Problem, flag, listing, mapping, name, optional, read, text, whole
from scorekeeper.engine.tournament_presets import PRESETS, OptionProblem, Preset

from ...competition import CENTS_MOST
from . import penalties
from .byes import AVERAGE, bye_results
from .finality import TableRound, missing_for_final
from .penalties import DEDUCTION, Penalty
from .ranking import LOT, RoundResult, Standing, draw_lots, parse_tiebreaks, standings
from .sheet import Sheet, read_sheet
from .words import InvalidTournament, bad, say

__all__ = ["FORMAT", "InvalidTournament", "Tournament", "dump", "load", "rank", "score"]

FORMAT = "schreiber-tournament/1"
DEFAULT_TIEBREAKS = ("points", "best_round", "shared")

DOCUMENT_KEYS = ("format", "name", "settings", "participants", "rounds", "penalties", "substitutes", "byes", "lots")
SETTINGS_KEYS = (
    "game", "preset", "options", "rounds", "games_per_round", "table_points", "tiebreaks", "entry_fee_cents", "seed",
    "bye", "substitute_credit",
)  # fmt: skip
PARTICIPANT_KEYS = ("number", "name", "arrives", "withdrawn_after")
ROUND_KEYS = ("number", "tables")
TABLE_KEYS = ("number", "seats", "players", "deals", "time_called")
SUBSTITUTE_KEYS = ("player", "from_round", "name", "entry")
BYE_KEYS = ("player", "round", "drawn")
LOT_KEYS = ("round", "among", "winner")
ORIGINAL, SUBSTITUTE = "original", "substitute"  # whose a substitute's points are
PENALTY_KEYS = ("round", "player", "kind", "points", "reason", "official", "sitting_out", "soloist")


@dataclass(frozen=True, slots=True)
class Settings:
    game: str
    preset: str
    rounds: int  # rounds planned
    games_per_round: dict[int, int] = field(default_factory=dict)  # table size → games, over the preset's
    table_points: bool = False
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    entry_fee_cents: int = 0
    seed: int | str | None = None  # draws the lot
    options: dict[str, Any] = field(default_factory=dict)  # the director's options of the preset, as given
    bye: int | str = AVERAGE  # what a bye scores (``rules.byes``)
    substitute_credit: str = ORIGINAL  # whose the points of a substitute named are

    def scoring(self) -> Preset:
        preset = PRESETS[self.preset].with_options(self.options).with_games(self.games_per_round)
        return preset.with_table_points() if self.table_points else preset


@dataclass(frozen=True, slots=True)
class Participant:
    number: int  # start number
    name: str
    arrives: int = 1  # the first round he plays
    withdrawn_after: int | None = None  # the last round he played, when he left early


@dataclass(frozen=True, slots=True)
class Table:
    number: int
    seats: tuple[int, ...]  # start numbers in seat order; the first seat deals first
    deals: tuple[Any, ...]  # in the schreiber/1 deal format, as given
    time_called: int | None = None  # after how many deals time was called
    players: tuple[str, ...] | None = None  # the names the sheet gives its seats when not the participants' own


@dataclass(frozen=True, slots=True)
class Substitute:
    """Who took over the seat of ``player`` from ``from_round`` on; ``entry`` is the substitute's own start number
    when their points are their own, else the points stay the player's."""

    player: int
    from_round: int
    name: str
    entry: int | None = None


@dataclass(frozen=True, slots=True)
class Bye:
    player: int
    round: int
    drawn: bool = False  # the field could not be seated; else the director gave it


@dataclass(frozen=True, slots=True)
class HallLot:
    """A lot drawn in the hall among start numbers level on everything: ``winner`` takes their place in the ranking
    overall (``round`` None) or of that round."""

    among: tuple[int, ...]
    winner: int
    round: int | None = None


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    tables: tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class Tournament:
    settings: Settings
    participants: tuple[Participant, ...]
    rounds: tuple[Round, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    name: str | None = None
    substitutes: tuple[Substitute, ...] = ()
    byes: tuple[Bye, ...] = ()
    lots: tuple[HallLot, ...] = ()


@dataclass(frozen=True, slots=True)
class ScoredTable:
    round: int
    table: Table
    sheet: Sheet


# reading --------------------------------------------------------------------------------------------------------


def load(document: Any) -> Tournament:
    """The tournament of a document; InvalidTournament naming every bad field it finds (the deals are checked by
    :func:`score`)."""
    if not isinstance(document, Mapping):
        raise InvalidTournament([Problem("", say("document_not_object"))])
    problems: list[Problem] = []
    top = Fields(document, "", DOCUMENT_KEYS, problems)
    if document.get("format") != FORMAT:
        problems.append(Problem("format", say("format_wrong", expected=repr(FORMAT), got=repr(document.get("format")))))
    raw_settings = top.get("settings", mapping)
    settings = None if raw_settings is None else _settings(Fields(raw_settings, "settings", SETTINGS_KEYS, problems))
    participants = tuple(
        _participant(Fields(raw, path, PARTICIPANT_KEYS, problems)) for path, raw in top.items("participants")
    )
    _check_field(participants, problems)
    if problems or settings is None:  # the rounds are read against the settings and the field
        raise InvalidTournament(problems)
    field_by_number = {p.number: p for p in participants}
    subs = tuple(
        _substitute(Fields(raw, path, SUBSTITUTE_KEYS, problems), field_by_number, settings.rounds)
        for path, raw in top.items("substitutes", [])
    )
    _check_substitutes(subs, problems)
    names = _seat_names(field_by_number, subs)
    rounds = tuple(
        _round(Fields(raw, path, ROUND_KEYS, problems), index + 1, settings.scoring(), field_by_number, names)
        for index, (path, raw) in enumerate(top.items("rounds", []))
    )
    if len(rounds) > settings.rounds:
        problems.append(Problem("rounds", say("too_many_rounds", rounds=settings.rounds, got=len(rounds))))
    found = tuple(
        _penalty(Fields(raw, path, PENALTY_KEYS, problems), rounds) for path, raw in top.items("penalties", [])
    )
    byes = _byes(top, field_by_number, rounds, settings.rounds)
    lots = [_lot(Fields(raw, path, LOT_KEYS, problems), field_by_number, settings.rounds)
            for path, raw in top.items("lots", [])]  # fmt: skip
    if problems:
        raise InvalidTournament(problems)
    return Tournament(
        settings, participants, rounds, tuple(p for p in found if p), top.get("name", text, None),
        tuple(s for s in subs if s), byes, tuple(lot for lot in lots if lot),
    )  # fmt: skip


def _settings(fields: Fields) -> Settings | None:
    before = len(fields.problems)
    preset = fields.get("preset", _preset_key)
    game = fields.get("game", text)
    if preset and game and PRESETS[preset].game != game:
        fields.problems.append(
            Problem(fields.at("game"), say("preset_game", preset=preset, game=PRESETS[preset].game, got=repr(game)))
        )
    options = fields.get("options", mapping, {}) or {}
    if preset:
        _check_options(PRESETS[preset], dict(options), fields)
    sizes = tuple(PRESETS[preset].games) if preset else ()
    settings = Settings(
        game=game,
        preset=preset,
        rounds=fields.get("rounds", whole(1)),
        games_per_round=fields.get("games_per_round", lambda value: _games_per_round(value, sizes), {}),
        table_points=fields.get("table_points", flag, False),
        tiebreaks=fields.get("tiebreaks", parse_tiebreaks, DEFAULT_TIEBREAKS),
        entry_fee_cents=fields.get("entry_fee_cents", whole(0, CENTS_MOST), 0),
        seed=fields.get("seed", optional(_seed), None),
        options=dict(options),
        bye=fields.get("bye", _bye_value, AVERAGE),
        substitute_credit=fields.get("substitute_credit", _credit, ORIGINAL),
    )
    if settings.tiebreaks and LOT in settings.tiebreaks and settings.seed is None:
        fields.problems.append(Problem(fields.at("tiebreaks"), say("lot_needs_seed")))
    return settings if len(fields.problems) == before else None


def _check_options(preset: Preset, options: dict[str, Any], fields: Fields) -> None:
    """The options must be the preset's, each one of its choices, and playable together."""
    known = {option.key: option for option in preset.options}
    before = len(fields.problems)
    for key, value in options.items():
        at = f"{fields.at('options')}.{key}"
        option = known.get(key)
        if option is None:
            fields.problems.append(Problem(at, say("option_unknown", known=", ".join(known) or "-", got=repr(key))))
            continue
        try:
            option.value_of(value)
        except ValueError:
            choices = ", ".join(map(repr, option.values))
            fields.problems.append(Problem(at, say("option_value", option=key, known=choices, got=repr(value))))
    if len(fields.problems) > before:
        return
    try:
        preset.with_options(options)
    except OptionProblem as error:
        for key, words in error.problems.items():
            at = f"{fields.at('options')}.{key}"
            fields.problems.append(Problem(at, say("option_refused", words=words)))


def _preset_key(value: Any) -> str:
    if not isinstance(value, str) or value not in PRESETS:
        raise bad("unknown_preset", known=", ".join(PRESETS), got=repr(value))
    return str(value)


def _games_per_round(value: Any, sizes: tuple[int, ...]) -> dict[int, int]:
    """``{"4": 20}``: JSON keys are text."""
    games = {}
    for size, count in mapping(value).items():
        if not (isinstance(size, str) and size.isascii() and size.isdigit() and int(size) in sizes):
            raise bad("games_per_round_size", sizes=", ".join(map(str, sizes)), got=repr(size))
        games[int(size)] = whole(1)(count)
    return games


def _seed(value: Any) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise bad("seed_type", got=repr(value))
    if isinstance(value, int) and not -(2**63) <= value < 2**63:  # a 64-bit column keeps it
        raise reading.bad("at_most", most=2**63 - 1, got=value)
    return value


def _bye_value(value: Any) -> int | str:
    if value == AVERAGE or (type(value) is int and -CENTS_MOST <= value <= CENTS_MOST):
        return value
    raise bad("bye_value", got=repr(value))


def _credit(value: Any) -> str:
    if value not in (ORIGINAL, SUBSTITUTE):
        raise bad("credit_choice", got=repr(value))
    return str(value)


def _participant(fields: Fields) -> Participant:
    arrives = fields.get("arrives", whole(1), 1)
    withdrawn = fields.get("withdrawn_after", optional(whole(0)), None)
    if arrives and withdrawn and arrives > withdrawn:
        fields.problems.append(
            Problem(fields.at("arrives"), say("arrives_after_withdrawal", arrives=arrives, withdrawn=withdrawn))
        )
    return Participant(fields.get("number", whole(1)), fields.get("name", name), arrives or 1, withdrawn)


def _check_field(participants: tuple[Participant, ...], problems: list[Problem]) -> None:
    seen: set[int] = set()
    for index, p in enumerate(participants):
        if p.number in seen:
            problems.append(Problem(f"participants[{index}].number", say("number_twice", number=p.number)))
        seen.add(p.number)
    twins = same_person(p.name for p in participants if p.name)
    if twins:
        problems.append(Problem("participants", say("name_twice", first=twins[0], second=twins[1])))


def _known(known: dict[int, Participant]) -> Any:
    def check(value: Any) -> int:
        if not (type(value) is int and value in known):
            raise bad("unknown_start_number", got=repr(value))
        return value

    return check


def _substitute(fields: Fields, known: dict[int, Participant], rounds: int) -> Substitute | None:
    player, entry = fields.get("player", _known(known)), fields.get("entry", optional(_known(known)), None)
    if player is not None and player == entry:
        fields.problems.append(Problem(fields.at("entry"), say("substitute_entry")))
    from_round, substitute = fields.get("from_round", whole(1, rounds)), fields.get("name", name)
    if None in (player, from_round, substitute):
        return None
    return Substitute(player, from_round, substitute, entry)


def _check_substitutes(subs: tuple[Substitute | None, ...], problems: list[Problem]) -> None:
    seen: set[tuple[int, int]] = set()
    for index, sub in enumerate(subs):
        if sub is not None and (sub.player, sub.from_round) in seen:
            at = f"substitutes[{index}].from_round"
            problems.append(Problem(at, say("substitute_twice", number=sub.player, round=sub.from_round)))
        if sub is not None:
            seen.add((sub.player, sub.from_round))


def _seat_names(known: dict[int, Participant], subs: tuple[Substitute | None, ...]) -> dict[int, set[str]]:
    """The names a sheet may give each start number's seat: their own, a substitute's for them, and, for a
    substitute's own entry, the name of the player replaced (a sheet begun before the substitute came)."""
    names = {number: {p.name} for number, p in known.items()}
    for sub in subs:
        if sub is None:
            continue
        names[sub.player].add(sub.name)
        if sub.entry is not None:
            names[sub.entry] |= {sub.name, known[sub.player].name}
    return names


def _byes(top: Fields, known: dict[int, Participant], rounds: tuple[Round, ...], planned: int) -> tuple[Bye, ...]:
    found: list[Bye] = []
    for path, raw in top.items("byes", []):
        fields = Fields(raw, path, BYE_KEYS, top.problems)
        player, round_number = fields.get("player", _known(known)), fields.get("round", whole(1, planned))
        drawn = fields.get("drawn", flag, False)
        if player is None or round_number is None:
            continue
        if any(b.player == player and b.round == round_number for b in found):
            top.problems.append(Problem(path, say("bye_twice", number=player, round=round_number)))
        elif round_number <= len(rounds) and _table_of(rounds[round_number - 1], player) is not None:
            top.problems.append(Problem(path, say("bye_seated", number=player, round=round_number)))
        found.append(Bye(player, round_number, bool(drawn)))
    return tuple(found)


def _lot(fields: Fields, known: dict[int, Participant], rounds: int) -> HallLot | None:
    among = [read(f"{path}", n, _known(known), fields.problems) for path, n in fields.items("among")]
    winner = fields.get("winner", _known(known))
    round_number = fields.get("round", optional(whole(1, rounds)), None)
    if None in among or winner is None:
        return None
    if len(set(among)) < 2 or len(set(among)) < len(among) or winner not in among:
        fields.problems.append(Problem(fields.at("among"), say("lot_among")))
        return None
    return HallLot(tuple(among), winner, round_number)


def _round(
    fields: Fields, number: int, preset: Preset, known: dict[int, Participant], names: dict[int, set[str]]
) -> Round:
    given = fields.get("number", whole(1))
    if given is not None and given != number:
        fields.problems.append(Problem(fields.at("number"), say("round_number", expected=number, got=given)))
    tables: list[Table] = []
    seated: set[int] = set()
    for path, raw in fields.items("tables"):
        table = _table(Fields(raw, path, TABLE_KEYS, fields.problems), number, preset, known, seated, names)
        if any(t.number == table.number for t in tables):
            fields.problems.append(Problem(f"{path}.number", say("table_number_twice", number=table.number)))
        tables.append(table)
    if not tables and fields.raw.get("tables") == []:  # a round is only written once it is drawn, so it has its tables
        fields.problems.append(Problem(fields.at("tables"), say("round_without_tables")))
    return Round(number, tuple(tables))


def _table(
    fields: Fields,
    round_number: int,
    preset: Preset,
    known: dict[int, Participant],
    seated: set[int],
    names: dict[int, set[str]],
) -> Table:
    seats = [
        read(path, number, _start_number(known, round_number, seated), fields.problems)
        for path, number in fields.items("seats")
    ]
    if seats and None not in seats and len(seats) not in preset.games:
        sizes = ", ".join(map(str, preset.games))
        fields.problems.append(Problem(fields.at("seats"), say("table_size", sizes=sizes, got=len(seats))))
    players = None
    if "players" in fields.raw:
        players = tuple(read(path, raw, name, fields.problems) for path, raw in fields.items("players"))
        if None not in seats and len(players) == len(seats):
            for index, (number, given) in enumerate(zip(seats, players, strict=True)):
                if given is not None and given not in names[number]:
                    known_names = ", ".join(sorted(names[number]))
                    at = f"{fields.at('players')}[{index}]"
                    fields.problems.append(Problem(at, say("seat_names", known=known_names, got=repr(given))))
        elif None not in seats:
            fields.problems.append(Problem(fields.at("players"), say("seat_names", known=len(seats), got=len(players))))
    return Table(
        fields.get("number", whole(1)),
        tuple(seats),
        tuple(fields.get("deals", listing, []) or ()),
        fields.get("time_called", optional(whole(0)), None),
        players,
    )


def _start_number(known: dict[int, Participant], round_number: int, seated: set[int]) -> Any:
    """Checks a seat and marks the player seated in the round."""

    def check(value: Any) -> int:
        player = known.get(value) if type(value) is int else None
        if player is None:
            raise bad("unknown_start_number", got=repr(value))
        if value in seated:
            raise bad("seated_twice", number=value, round=round_number)
        if round_number < player.arrives:
            raise bad("not_arrived", number=value, arrives=player.arrives, round=round_number)
        if player.withdrawn_after is not None and round_number > player.withdrawn_after:
            raise bad("withdrawn", number=value, withdrawn=player.withdrawn_after, round=round_number)
        seated.add(value)
        return value

    return check


def _penalty(fields: Fields, rounds: tuple[Round, ...]) -> Penalty | None:
    kind = fields.get("kind", penalties.kind)
    points = fields.get("points", whole(1, CENTS_MOST), None)
    if kind == DEDUCTION and points is None and "points" not in fields.raw:
        fields.problems.append(Problem(fields.at("points"), reading.said("missing")))
    round_number = fields.get("round", whole(1))
    player = fields.get("player", whole(1))
    if round_number is not None and round_number > len(rounds):
        fields.problems.append(
            Problem(fields.at("round"), say("round_not_played", got=round_number, rounds=len(rounds)))
        )
    elif round_number is not None and player is not None and _table_of(rounds[round_number - 1], player) is None:
        fields.problems.append(
            Problem(fields.at("player"), say("penalty_not_seated", player=player, round=round_number))
        )
    reason, official = fields.get("reason", text), fields.get("official", text)
    sitting_out, soloist = fields.get("sitting_out", whole(1), None), fields.get("soloist", whole(1), None)
    if None in (kind, round_number, player, reason, official):
        return None
    penalty = Penalty(round_number, player, kind, reason, official, points, sitting_out, soloist)
    points_problem = penalty.points_problem()
    if points_problem is not None:
        fields.problems.append(Problem(fields.at("points"), points_problem))
    table = _table_of(rounds[round_number - 1], player) if round_number <= len(rounds) else None
    for key, problem in penalty.context_problems(table.seats if table else ()):
        fields.problems.append(Problem(fields.at(key), problem))
    return penalty


def _table_of(round_: Round, player: int) -> Table | None:
    return next((t for t in round_.tables if player in t.seats), None)


# writing --------------------------------------------------------------------------------------------------------


def dump(tournament: Tournament) -> dict[str, Any]:
    """The document of a tournament, every default written out: ``load(dump(t)) == t``."""
    s = tournament.settings
    document: dict[str, Any] = {"format": FORMAT}
    if tournament.name is not None:
        document["name"] = tournament.name
    settings: dict[str, Any] = {
        "game": s.game,
        "preset": s.preset,
        "options": dict(s.options),
        "rounds": s.rounds,
        "games_per_round": {str(size): games for size, games in s.games_per_round.items()},
        "table_points": s.table_points,
        "tiebreaks": list(s.tiebreaks),
        "entry_fee_cents": s.entry_fee_cents,
        "seed": s.seed,
        "bye": s.bye,
        "substitute_credit": s.substitute_credit,
    }
    return {
        **document,
        "settings": settings,
        "participants": [asdict(p) for p in tournament.participants],
        "rounds": [
            {
                "number": r.number,
                "tables": [
                    {
                        "number": t.number,
                        "seats": list(t.seats),
                        **({"players": list(t.players)} if t.players is not None else {}),
                        "deals": list(t.deals),
                        "time_called": t.time_called,
                    }
                    for t in r.tables
                ],
            }
            for r in tournament.rounds
        ],
        "penalties": [
            {
                "round": p.round,
                "player": p.player,
                "kind": p.kind,
                **({"points": p.points} if p.points is not None else {}),
                "reason": p.reason,
                "official": p.official,
                **{key: value for key, value in (("sitting_out", p.sitting_out), ("soloist", p.soloist)) if value},
            }
            for p in tournament.penalties
        ],
        "substitutes": [asdict(s) for s in tournament.substitutes],
        "byes": [asdict(b) for b in tournament.byes],
        "lots": [{"round": lot.round, "among": list(lot.among), "winner": lot.winner} for lot in tournament.lots],
    }


# scoring and ranking --------------------------------------------------------------------------------------------


def score(tournament: Tournament) -> list[ScoredTable]:
    """Every table's sheet; InvalidTournament naming every bad deal with its whole path."""
    preset = tournament.settings.scoring()
    names = {p.number: p.name for p in tournament.participants}
    scored, problems = [], []
    for r_index, round_ in enumerate(tournament.rounds):
        for t_index, table in enumerate(round_.tables):
            players = table.players or [names[n] for n in table.seats]
            try:
                sheet = read_sheet(preset, list(players), table.deals, table.time_called)
            except InvalidTournament as error:
                prefix = f"rounds[{r_index}].tables[{t_index}]."
                problems += [Problem(prefix + p.field, p.words) for p in error.problems]
                continue
            scored.append(ScoredTable(round_.number, table, sheet))
    if problems:
        raise InvalidTournament(problems)
    return scored


def round_results(tournament: Tournament, tables: list[ScoredTable]) -> list[RoundResult]:
    """Each player's result of each round he played: his table's game and table points, and the penalties."""
    moved: dict[tuple[int, int], int] = {}  # (round, player) → points moved by penalties
    taken: dict[tuple[int, int], int] = {}  # (round, offender) → penalty points
    for penalty in tournament.penalties:
        table = _table_of(tournament.rounds[penalty.round - 1], penalty.player)
        assert table is not None  # load checked the offender sat in that round
        for player, delta in penalty.deltas(table.seats).items():
            key = (penalty.round, player)
            moved[key] = moved.get(key, 0) + delta
        key = (penalty.round, penalty.player)
        taken[key] = taken.get(key, 0) - penalty.deltas(table.seats)[penalty.player]
    results = []
    for scored in tables:
        numbers = _numbers(scored)
        for seat in scored.sheet.seat_results().values():
            key = (scored.round, numbers[seat.player])
            results.append(
                RoundResult(
                    player=key[1],
                    round=scored.round,
                    table=scored.table.number,
                    points=seat.points + seat.table_points + moved.get(key, 0),
                    solos=seat.solos,
                    solos_won=seat.solos_won,
                    penalty_points=seat.penalty_points + taken.get(key, 0),
                )
            )
    return results


def _numbers(scored: ScoredTable) -> dict[str, int]:
    """Each name the table's sheet gives a seat, and the start number of the seat."""
    return dict(zip(scored.sheet.seats, scored.table.seats, strict=True))


def rank(document: Any) -> dict[str, Any]:
    """Every table sheet, the ranking of every round and the overall ranking, as JSON-ready data; ``final`` only
    when every round is played and every table complete, else ``missing`` says what is still to play. The byes score
    and the lots drawn in the hall decide as on the ranking page (``ranking.standings``)."""
    tournament = load(document)
    tables = score(tournament)
    played = round_results(tournament, tables)
    results = [*played, *bye_results(((b.player, b.round) for b in tournament.byes), tournament.settings.bye, played)]
    chain = tournament.settings.tiebreaks
    lots = None
    if LOT in chain:
        assert tournament.settings.seed is not None  # load refuses a lot without a seed
        lots = draw_lots((p.number for p in tournament.participants), tournament.settings.seed)
    by_number = {p.number: p for p in tournament.participants}
    counted_byes = {(r.player, r.round) for r in results if r.table < 0}

    def ranking(round_number: int | None) -> list[dict[str, Any]]:
        hall_lots = [(frozenset(lot.among), lot.winner) for lot in tournament.lots if lot.round == round_number]
        rows, decided = standings(results, chain, round_number=round_number, lots=lots, hall_lots=hall_lots)
        return [_standing(row, by_number[row.player], tournament, counted_byes, row.player in decided) for row in rows]

    out: dict[str, Any] = {
        "format": FORMAT,
        "name": tournament.name,
        "preset": tournament.settings.preset,
        "tiebreaks": list(chain),
        "tables": [_table_output(t) for t in tables],
        "rounds": [{"round": r.number, "standings": ranking(r.number)} for r in tournament.rounds],
        "overall": ranking(None),
    }
    missing = missing_for_final(
        tournament.settings.rounds,
        len(tournament.rounds),
        (TableRound(t.round, t.table.number, t.sheet.owing, t.sheet.regular_left, t.sheet.games) for t in tables),
    )
    out["final"] = not missing
    out["missing"] = [{**message.as_json(), "text": str(message)} for message in missing]
    if lots is not None:
        out["lot"] = {"seed": tournament.settings.seed, "order": sorted(lots, key=lots.__getitem__)}
    return out


def _standing(
    row: Standing, player: Participant, tournament: Tournament, byes: set[tuple[int, int]], by_lot: bool
) -> dict[str, Any]:
    replaced = next((s for s in tournament.substitutes if s.entry == player.number), None)
    return {
        "place": row.place,
        "number": row.player,
        "name": player.name,
        "points": row.points,
        "rounds": {str(r): points for r, points in row.rounds.items()},
        "tiebreaks": dict(row.tiebreaks),
        "arrives": player.arrives,
        "withdrawn_after": player.withdrawn_after,
        "byes": sorted(r for number, r in byes if number == player.number),
        "decided_by_lot": by_lot,
        "substitutes": [
            {"name": s.name, "from_round": s.from_round}
            for s in tournament.substitutes
            if s.player == player.number and s.entry is None
        ],
        "substitute_for": None if replaced is None else replaced.player,
    }


def _table_output(scored: ScoredTable) -> dict[str, Any]:
    sheet, numbers = scored.sheet, _numbers(scored)
    vorgefuehrt = sheet.vorgefuehrt
    return {
        "round": scored.round,
        "table": scored.table.number,
        "seats": [
            {
                "number": numbers[seat.player],
                "name": seat.player,
                "points": seat.points,
                "place": seat.place,
                "table_points": seat.table_points,
                "games": seat.games,
                "solos": seat.solos,
                "solos_won": seat.solos_won,
                "pflichtsolo": seat.pflichtsolo,
                "penalty_points": seat.penalty_points,
            }
            for seat in sheet.seat_results().values()
        ],
        "games": sheet.games,
        "played": sheet.played,
        "normal_games": sheet.normal_games,
        "games_left": sheet.games_left,
        "owing": [numbers[p] for p in sheet.owing],
        "vorgefuehrt": None if vorgefuehrt is None else numbers[vorgefuehrt],
        "time_called": sheet.time_called,
        "can_close": sheet.can_close,
        "reasons": [{**reason.as_json(), "text": str(reason)} for reason in sheet.closing_problems()],
    }
