"""What this app keeps of a club, carried in the club's backup (``scorekeeper.interchange``) as two parts that
``LeaguesConfig.ready`` registers: ``leagues`` (the leagues the club founded, with the clubs invited and their
seasons) and ``tournaments``.

- A league the club only joined is the founding club's: its backup carries it, this one names it as not carried;
  so are a season's chosen sessions of other clubs. An invited club comes back invited (or joined, as it was) if a
  club of its short name is in the database restored into; else the restore names it as not restored.
- A season's or a tournament's public link comes back on or off as it was, with a new token: a backup spreads no
  working link.
- Ratings and stored standings are not carried: they are derived from the players' results and keyed by their
  ids, so the restore works them out again from the restored results (``rating_store.refresh_league``,
  ``standing_store.refresh_standings``) rather than trust stored numbers. Nor are a standing's written PDFs and XLSX
  files (``StandingFile``): the next export writes them again.
- A tournament is its ``schreiber-tournament/1`` document, written by the one writer (``tournament_documents``),
  beside what that document does not hold: which member each participant is and which club session each table
  sheet is, the status, the frozen rules and the prizes, the kept draw and the times, the teams, and the director's
  decisions (the document's substitutes, byes and lots drawn in the hall, with each substitute's member and when
  each was decided; a backup of before them has none), and each round's clock
  (started, paused, the seconds paused, the minutes added; a backup of before the clock restores it not started).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.messages import Message, gettext_noop, refusals
from scorekeeper.engine.reading import Shape, flag, keys
from scorekeeper.interchange.backup import create, iso, parsed_date, parsed_time, ref
from scorekeeper.interchange.club_document import Part, Restoring, not_carried
from scorekeeper.models import Club, Session, values_of
from scorekeeper.services import ServiceError
from scorekeeper.services.errors import located

from .models import (
    ApartPair,
    Bye,
    HallLot,
    League,
    LeagueClub,
    Participant,
    Penalty,
    Season,
    Substitution,
    TableSeat,
    Team,
    TeamMember,
    Tournament,
    TournamentRound,
    TournamentTable,
)
from .public_links import next_token
from .seasons.ranking import Ranking, RankingError
from .seasons.rating_store import refresh_league
from .seasons.refusals import refusal as league_refusal
from .seasons.services import season_settings
from .seasons.standing_store import refresh_standings
from .tournaments.documents import export_tournament
from .tournaments.rules import document
from .tournaments.rules.prizes import read_prizes
from .tournaments.rules.ranking import POINTS
from .tournaments.rules.words import InvalidTournament
from .tournaments.services.refusals import refusal as tournament_refusal

# What the parts must look like (``engine.reading.Shape``): a key ending in ``?`` may be missing (a backup from
# before it). The tournament's own document is read by the tournaments' reader.
LEAGUES: Shape = [{
    **keys("name game created_at"),
    "clubs": [keys("name slug invited_at joined_at")],
    "seasons": [{
        **keys("name period starts_on ends_on selection ranking tiebreaks sub_period sessions created_at"),
        **dict.fromkeys(("public_link", "members_only?", "public_money_hidden?"), flag),
    }],
}]  # fmt: skip
TOURNAMENTS: Shape = [{
    **keys("document played_on currency status settings created_at"),
    "public_link?": flag,
    "plan": {"key?": None, "rounds?": [[None]], "lower_bound?": None},
    "participants": [keys("number member categories fixed_table")],
    "apart": [None],
    "rounds": [{
        **keys("number? drawn_at time_called_at closed_at"),
        "tables": [keys("number session")],
        "clock?": keys("started_at? paused_at? paused_seconds? extra_minutes?"),
    }],
    "penalties": [keys("created_at")],
    "teams?": [{**keys("name created_at"), "members": [None]}],
    # The decisions themselves are the document's (substitutes, byes, lots); the backup adds only which member each
    # substitute is and when each was decided. A backup of November 2026 repeated the document's keys here too:
    # they are accepted and the document read.
    "decisions?": {
        "substitutions?": [keys("participant? from_round? member? created_at? name? credited? entry?")],
        "lots?": [keys("created_at? round? among? winner?")],
        "byes?": None,
    },
}]  # fmt: skip


def parts() -> list[Part]:
    return [
        Part("leagues", export_leagues, restore_leagues, LEAGUES),
        Part("tournaments", export_tournaments, restore_tournaments, TOURNAMENTS),
    ]


_ = gettext_noop

TEMPLATES: dict[str, str] = {
    "frozen_rules": _("the tournament's frozen rules were expected."),
    "apart_pair": _("two start numbers were expected."),
    "round_entries": _("one entry for each round of the document was expected."),
    "penalty_entries": _("one entry for each penalty of the document was expected."),
    "categories": _("a list of names was expected."),
    "participant_entries": _("one entry for each participant of the document was expected."),
    "table_deals": _("the document's deals are not those of the table's session."),
    "draw": _("a draw of start numbers was expected."),
}
backup_refusal = refusals("league_backup", TEMPLATES)


def refused(where: str, words: Message) -> ServiceError:
    return ServiceError([located(where, words)])


# leagues ------------------------------------------------------------------------------------------------------------


def export_leagues(club: Club, missing: list[dict[str, str]]) -> list[dict[str, Any]]:
    for membership in LeagueClub.objects.filter(club=club).select_related("league__club").order_by("pk"):
        founder = membership.league.club
        missing.append(
            not_carried(
                "league",
                membership.league.name,
                f"founded by {founder.name} ({founder.slug}): its backup "
                "carries it; this club joins it again when invited again",
            )
        )
    return [_league(league, missing) for league in club.leagues.order_by("pk")]


def _league(league: League, missing: list[dict[str, str]]) -> dict[str, Any]:
    seasons = []
    for season in league.seasons.order_by("pk"):
        chosen = list(season.sessions.order_by("pk").values_list("pk", "club_id"))
        own = [pk for pk, club_id in chosen if club_id == league.club_id]
        if len(own) < len(chosen):
            missing.append(
                not_carried(
                    "season sessions",
                    f"{league.name} · {season.name}",
                    f"{len(chosen) - len(own)} chosen sessions of other clubs: their backups carry them",
                )
            )
        seasons.append(
            {
                **season_settings(season),
                "sessions": own,
                "public_link": season.public_token is not None,
                "created_at": iso(season.created_at),
            }
        )
    return {
        **values_of(league, "name game"),
        "created_at": iso(league.created_at),
        "clubs": [
            {"name": m.club.name, "slug": m.club.slug, "invited_at": iso(m.invited_at), "joined_at": iso(m.joined_at)}
            for m in league.memberships.select_related("club").order_by("pk")
        ],
        "seasons": seasons,
    }


def restore_leagues(value: Any, restoring: Restoring) -> None:
    for index, row in enumerate(value):
        where = f"leagues[{index}]"
        league = create(League, where, times={"created_at": row["created_at"]}, club=restoring.club,
                        name=row["name"], game=row["game"])  # fmt: skip
        restoring.counts["leagues"] += 1
        for i, invited in enumerate(row["clubs"]):
            _invitation(league, invited, f"{where}.clubs[{i}]", restoring)
        for i, season in enumerate(row["seasons"]):
            _season(league, season, f"{where}.seasons[{i}]", restoring)
        refresh_league(league)
        refresh_standings(league)


def _invitation(league: League, row: dict[str, Any], where: str, restoring: Restoring) -> None:
    slug = row["slug"]
    club = Club.objects.exclude(pk=restoring.club.pk).filter(slug=slug).first() if isinstance(slug, str) else None
    if club is None:
        restoring.not_restored.append(
            f"league {league.name}: the invitation of {row['name']} ({slug}): no club of that short name here"
        )
        return
    create(LeagueClub, where, times={"invited_at": row["invited_at"]}, league=league, club=club,
           joined_at=parsed_time(row["joined_at"], f"{where}.joined_at"))  # fmt: skip
    restoring.counts["league invitations"] += 1


def _season(league: League, row: dict[str, Any], where: str, restoring: Restoring) -> None:
    try:
        Ranking.from_config(row["ranking"], row["tiebreaks"])
    except RankingError as error:
        raise refused(f"{where}.ranking", error.words) from error
    season = create(
        Season, where, times={"created_at": row["created_at"]}, league=league, name=row["name"],
        period=row["period"], starts_on=parsed_date(row["starts_on"], f"{where}.starts_on"),
        ends_on=parsed_date(row["ends_on"], f"{where}.ends_on"), selection=row["selection"], ranking=row["ranking"],
        tiebreaks=row["tiebreaks"], sub_period=row["sub_period"],
        public_token=next_token(row["public_link"]),  # a backup spreads no working link: a new token
        members_only=row.get("members_only", False),  # a backup from before them: off
        public_money_hidden=row.get("public_money_hidden", False),
    )  # fmt: skip
    if season.ends_on < season.starts_on:
        raise refused(f"{where}.ends_on", league_refusal("ends_before_start"))
    chosen: list[Session] = [
        ref(restoring.sessions, pk, f"{where}.sessions[{i}]") for i, pk in enumerate(row["sessions"])
    ]
    if any(session.game != league.game for session in chosen):
        raise refused(f"{where}.sessions", league_refusal("session_not_of_league"))
    season.sessions.set(chosen)
    restoring.counts["seasons"] += 1


# tournaments --------------------------------------------------------------------------------------------------------


def export_tournaments(club: Club, missing: list[dict[str, str]]) -> list[dict[str, Any]]:
    return [_tournament(tournament) for tournament in club.tournaments.order_by("pk")]


def _tournament(tournament: Tournament) -> dict[str, Any]:
    pairs = tournament.apart_pairs.select_related("first", "second").order_by("pk")
    return {
        "document": export_tournament(tournament),
        "played_on": tournament.played_on.isoformat(),
        **values_of(tournament, "currency status settings plan"),
        "created_at": iso(tournament.created_at),
        "participants": [
            {"number": p.number, "member": p.member_id, "categories": p.categories, "fixed_table": p.fixed_table}
            for p in tournament.participants.all()
        ],
        "apart": [[pair.first.number, pair.second.number] for pair in pairs],
        "rounds": [
            {
                "number": r.number,
                "drawn_at": iso(r.drawn_at),
                "time_called_at": iso(r.time_called_at),
                "closed_at": iso(r.closed_at),
                "clock": {
                    "started_at": iso(r.clock_started_at),
                    "paused_at": iso(r.clock_paused_at),
                    "paused_seconds": r.clock_paused_seconds,
                    "extra_minutes": r.clock_extra_minutes,
                },
                "tables": [{"number": t.number, "session": t.session_id} for t in r.tables.order_by("number")],
            }
            for r in tournament.played_rounds.all()
        ],
        "penalties": [{"created_at": iso(p.created_at)} for p in tournament.penalties.order_by("round", "created_at")],
        "teams": [
            {"name": team.name, "members": [p.number for p in team.members.all()], "created_at": iso(team.created_at)}
            for team in tournament.teams.prefetch_related("members")
        ],
        "public_link": tournament.public_token is not None,
        "decisions": _decisions(tournament),
    }


def _decisions(tournament: Tournament) -> dict[str, Any]:
    """What the document's substitutes and lots do not say: each substitute's member, and when each was decided."""
    return {
        "substitutions": [
            {"participant": number, "from_round": from_round, "member": member, "created_at": iso(created_at)}
            for number, from_round, member, created_at in tournament.substitutions.values_list(
                "participant__number", "from_round", "member", "created_at"
            )
        ],
        "lots": [  # in the document's order of the lots
            {"created_at": iso(created_at)}
            for created_at in tournament.hall_lots.order_by("created_at", "pk").values_list("created_at", flat=True)
        ],
    }


def restore_tournaments(value: Any, restoring: Restoring) -> None:
    for index, row in enumerate(value):
        restoring.counts["tournaments"] += 1
        _restore_tournament(row, f"tournaments[{index}]", restoring)


def _restore_tournament(row: dict[str, Any], where: str, restoring: Restoring) -> None:
    frozen = row["settings"]  # the rules and tariff the table sessions are started under, and the prizes
    if not (isinstance(frozen, dict) and isinstance(frozen.get("rules"), dict)):
        raise refused(f"{where}.settings", backup_refusal("frozen_rules"))
    try:
        at = f"{where}.document"
        loaded = document.load(row["document"])
        at = f"{where}.settings.prizes"
        read_prizes(frozen.get("prizes", {}))
    except InvalidTournament as error:
        raise ServiceError([located(f"{at}.{p.field}".strip("."), p.words) for p in error.problems]) from error
    settings = loaded.settings
    if settings.games_per_round:
        raise refused(f"{where}.document.settings.games_per_round", tournament_refusal("games_of_preset"))
    tournament = create(
        Tournament, where, times={"created_at": row["created_at"]}, club=restoring.club, name=loaded.name or "",
        game=settings.game, played_on=parsed_date(row["played_on"], f"{where}.played_on"), preset=settings.preset,
        settings=frozen, rounds=settings.rounds, entry_fee_cents=settings.entry_fee_cents,
        currency=row["currency"], tiebreaks=[key for key in settings.tiebreaks if key != POINTS], seed=settings.seed,
        plan=_plan(row["plan"], f"{where}.plan"), status=row["status"],
        public_token=next_token(row.get("public_link", False)),
    )  # fmt: skip
    by_number = _participants(tournament, loaded, row, where, restoring)
    for i, pair in enumerate(row["apart"]):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise refused(f"{where}.apart[{i}]", backup_refusal("apart_pair"))
        create(ApartPair, f"{where}.apart[{i}]", tournament=tournament, first=ref(by_number, pair[0], where),
               second=ref(by_number, pair[1], where))  # fmt: skip
    rounds = row["rounds"]
    if len(rounds) != len(loaded.rounds):
        raise refused(f"{where}.rounds", backup_refusal("round_entries"))
    started = {
        played.number: _round(tournament, played, raw, f"{where}.rounds[{i}]", by_number, restoring)
        for i, (played, raw) in enumerate(zip(loaded.rounds, rounds, strict=True))
    }
    penalties = row["penalties"]
    if len(penalties) != len(loaded.penalties):
        raise refused(f"{where}.penalties", backup_refusal("penalty_entries"))
    for i, (penalty, raw) in enumerate(zip(loaded.penalties, penalties, strict=True)):
        at = f"{where}.penalties[{i}]"
        create(
            Penalty, at, times={"created_at": raw["created_at"]},
            tournament=tournament, round=started[penalty.round], participant=by_number[penalty.player],
            kind=penalty.kind, points=penalty.points or 0, reason=penalty.reason, official=penalty.official,
            sitting_out=by_number.get(penalty.sitting_out or 0), soloist=by_number.get(penalty.soloist or 0),
        )  # fmt: skip
    restoring.counts["penalties"] += len(penalties)
    _teams(tournament, row.get("teams", []), f"{where}.teams", by_number)  # none in a backup older than teams
    _restore_decisions(tournament, loaded, row.get("decisions", {}), f"{where}.decisions", by_number, restoring)


def _teams(tournament: Tournament, value: Any, where: str, by_number: dict[int, Participant]) -> None:
    for i, entry in enumerate(value):
        at = f"{where}[{i}]"
        team = create(Team, at, times={"created_at": entry["created_at"]}, tournament=tournament, name=entry["name"])
        for j, number in enumerate(entry["members"]):
            create(TeamMember, f"{at}.members[{j}]", team=team, participant=ref(by_number, number, f"{at}.members"))


def _restore_decisions(
    tournament: Tournament,
    loaded: document.Tournament,
    value: Any,
    where: str,
    by_number: dict[int, Participant],
    restoring: Restoring,
) -> None:
    """The document's substitutes, byes and lots, with the member and the times the backup adds."""
    added: dict[tuple[Any, Any], tuple[dict[str, Any], str]] = {}
    for i, kept in enumerate(value.get("substitutions", [])):
        at = f"{where}.substitutions[{i}]"
        added[kept.get("participant"), kept.get("from_round")] = kept, at
    for sub in loaded.substitutes:
        extra, at = added.get((sub.player, sub.from_round), ({}, f"{where}.substitutions"))
        entry = by_number[sub.entry] if sub.entry is not None else None
        create(
            Substitution, at, times=_decided_at(extra.get("created_at")), tournament=tournament,
            participant=by_number[sub.player], from_round=sub.from_round,
            member=ref(restoring.members, extra.get("member"), f"{at}.member"), name=sub.name, entry=entry,
            credited=Substitution.Credit.SUBSTITUTE if entry else Substitution.Credit.ORIGINAL,
        )  # fmt: skip
    for bye in loaded.byes:
        create(Bye, f"{where}.byes", tournament=tournament, participant=by_number[bye.player], round=bye.round,
               drawn=bye.drawn)  # fmt: skip
    times = value.get("lots", [])
    for i, lot in enumerate(loaded.lots):
        at = f"{where}.lots[{i}]"
        created_at = times[i].get("created_at") if i < len(times) else None
        create(HallLot, at, times=_decided_at(created_at), tournament=tournament, round=lot.round,
               among=sorted(lot.among), winner=by_number[lot.winner])  # fmt: skip


def _decided_at(created_at: Any) -> dict[str, Any] | None:
    """The time a decision was taken, as the backup has it; none kept: the restore's time."""
    return None if created_at is None else {"created_at": created_at}


def _participants(
    tournament: Tournament, loaded: document.Tournament, row: dict[str, Any], where: str, restoring: Restoring
) -> dict[int, Participant]:
    """The field: the document's start numbers, names and rounds, with the backup's member, categories and table."""
    extra: dict[Any, dict[str, Any]] = {}
    for i, entry in enumerate(row["participants"]):
        if not (isinstance(entry["categories"], list) and all(isinstance(c, str) for c in entry["categories"])):
            raise refused(f"{where}.participants[{i}].categories", backup_refusal("categories"))
        extra[entry["number"]] = entry
    if len(extra) != len(loaded.participants):
        raise refused(f"{where}.participants", backup_refusal("participant_entries"))
    by_number = {}
    for i, p in enumerate(loaded.participants):
        at = f"{where}.participants[{i}]"
        entry = ref(extra, p.number, at)
        by_number[p.number] = create(
            Participant, at, tournament=tournament, number=p.number, member=ref(restoring.members, entry["member"], at),
            name=p.name, categories=entry["categories"], fixed_table=entry["fixed_table"], first_round=p.arrives,
            last_round=p.withdrawn_after,
        )  # fmt: skip
    restoring.counts["participants"] += len(by_number)
    return by_number


def _round(
    tournament: Tournament,
    played: document.Round,
    row: dict[str, Any],
    where: str,
    by_number: dict[int, Participant],
    restoring: Restoring,
) -> TournamentRound:
    """A round started, each table the club session restored for it: its seats as drawn, its deals the session's;
    its clock as it stood (a backup of before the round clock has none: a clock not started)."""
    clock = row.get("clock", {})
    this_round = create(
        TournamentRound, where, times={"drawn_at": row["drawn_at"]}, tournament=tournament, number=played.number,
        time_called_at=parsed_time(row["time_called_at"], f"{where}.time_called_at"),
        closed_at=parsed_time(row["closed_at"], f"{where}.closed_at"),
        clock_started_at=parsed_time(clock.get("started_at"), f"{where}.clock.started_at"),
        clock_paused_at=parsed_time(clock.get("paused_at"), f"{where}.clock.paused_at"),
        clock_paused_seconds=clock.get("paused_seconds", 0), clock_extra_minutes=clock.get("extra_minutes", 0),
    )  # fmt: skip
    restoring.counts["tournament rounds"] += 1
    sessions: dict[Any, Session] = {}
    for i, entry in enumerate(row["tables"]):
        sessions[entry["number"]] = ref(restoring.sessions, entry["session"], f"{where}.tables[{i}].session")
    for i, table in enumerate(played.tables):
        at = f"{where}.tables[{i}]"
        session = ref(sessions, table.number, at)
        live = session.deals.filter(deleted_at__isnull=True).order_by("sequence").values_list("facts", flat=True)
        if list(live) != list(table.deals):
            raise refused(at, backup_refusal("table_deals"))
        stored = create(TournamentTable, at, round=this_round, number=table.number, session=session,
                        time_called_after=table.time_called)  # fmt: skip
        for position, number in enumerate(table.seats):
            create(TableSeat, f"{at}.seats[{position}]", table=stored, participant=by_number[number], position=position)
        restoring.counts["tournament tables"] += 1
    return this_round


def _plan(value: Any, where: str) -> dict[str, Any]:
    """The kept draw (``services.tournaments.planned``): none, or its key, rounds of tables of start numbers, and
    its bound."""
    if value == {}:
        return value
    tables = [table for tables in value.get("rounds", ()) for table in tables]
    if not (
        isinstance(value.get("key"), str)
        and type(value.get("lower_bound")) is int
        and "rounds" in value
        and all(isinstance(table, list) and all(isinstance(n, str) for n in table) for table in tables)
    ):
        raise refused(where, backup_refusal("draw"))
    return value
