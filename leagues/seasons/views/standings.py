"""A season's standing: the page (filtered, sorted), its CSV, XLSX and PDF, and the public read-only page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language, gettext_lazy
from django_tables2 import RequestConfig

from schreiber import kept
from schreiber.web.downloads import pdf_response
from scorekeeper.access import Request, club_member
from scorekeeper.models import Club, Role

from ...exports import saved, spreadsheet
from .. import selectors, standing_files, tasks
from ..models import Season
from ..ranking import TotalMoney
from ..rating_store import season_ratings
from ..tables import StandingTable

WRITING_POLL_SECONDS = 3  # how often the page waiting for a standing's PDF or XLSX asks again
PDF_WAITING = gettext_lazy("The PDF is being made …")
WAITING = {"pdf": PDF_WAITING, "report": PDF_WAITING, "xlsx": gettext_lazy("The XLSX file is being made …")}
MEMBER, PUBLIC, EXPORT = "member", "public", "export"  # who a standing is shown to (``Shown.audience``)


def season_file_name(club: Club, season: Season, what: str) -> str:
    """The name (without its extension) of a file of the season that ``club`` downloads: ``what`` of it."""
    return f"{club.slug}-{season.league.game}-{season.starts_on:%Y}-{season.pk}-{what}"


@dataclass(frozen=True)
class Shown:
    """Everything a standing's rows written out (the page's, the CSV's) depend on, the key they are kept under:
    a thousand players' rows take far longer to write out as HTML or CSV than the standing to read.

    It cannot go stale: the rows are the standing's (its ``stamp``: the rows asked for and the league's revision,
    which every change of the results, the ranking and who a player is moves; the names are the sheets' own), the
    ratings the league's ``rated_revision``'s; the rest is read with the request: the club's currency, the order
    and filters, the language, and who it is for (``audience``) with the columns hidden from them. Two audiences
    never share rows: a public link may hide the money that a member's page and export show.
    """

    stamp: str
    rated_revision: int
    currency: str
    query: str  # order and filters
    language: str
    audience: str  # MEMBER, PUBLIC or EXPORT
    links: str | None  # the address player names link to, up to the player's key (a member's club's pages)
    hidden: tuple[str, ...]  # the columns left out


def _table(request: Request, standing: selectors.SeasonStanding, shown: Shown) -> StandingTable:
    """The table as ``shown`` says, sorted as the request asks."""
    prefix = shown.links

    def player_url(key: str) -> str:
        return f"{prefix}{key}/"

    table = StandingTable(
        standing.rows,
        currency=shown.currency,
        ratings=season_ratings(standing.season),
        player_url=player_url if prefix is not None else None,
        exclude=shown.hidden,
    )
    RequestConfig(request, paginate=False).configure(table)
    return table


def _shown(
    request: Request,
    standing: selectors.SeasonStanding,
    audience: str,
    links: str | None = None,
    hidden: tuple[str, ...] = (),
) -> Shown:
    league = standing.season.league
    query = request.GET.urlencode()
    return Shown(
        standing.stamp, league.rated_revision, league.club.currency, query, get_language(), audience, links, hidden
    )


def _page_table(request: Request, standing: selectors.SeasonStanding, shown: Shown) -> dict[str, Any]:
    """The page's table (its headers) and its rows as shown, kept."""
    table = _table(request, standing, shown)
    return {"table": table, "body": kept.kept("standing-body", shown, table.body, selectors.CACHE_SECONDS)}


def player_prefix(club: Club, season: Season) -> str:
    """The address of a player's page in the season up to the player's key (a slash follows it): one reverse for a
    list of players, not one a row."""
    return reverse("season_player", args=[club.slug, season.pk, "-"])[:-2]


def money_columns(standing: selectors.SeasonStanding) -> tuple[str, ...]:
    """The columns that show money: the money, and the score of a season ranked by money."""
    return ("money", "score") if isinstance(standing.ranking.mode, TotalMoney) else ("money",)


def season_standing(request: Request, club_slug: str, season_id: int) -> HttpResponse:
    me = club_member(request, club_slug)
    season = selectors.season_of(me.club, season_id)
    standing, filters = selectors.filtered_standing(season, request.GET)
    manages = season.league.club_id == me.club.pk and me.can(Role.OWNER)
    public_url = (
        request.build_absolute_uri(reverse("public_standing", args=[season.public_token]))
        if manages and season.public_token
        else None
    )
    shown = _shown(request, standing, MEMBER, links=player_prefix(me.club, season))
    return render(
        request,
        "leagues/season_standing.html",
        {
            "club": me.club,
            "me": me,
            "season": season,
            "league": season.league,
            "standing": standing,
            **_page_table(request, standing, shown),
            "filters": filters,
            "manages": manages,
            "public_url": public_url,
            "query": request.GET.urlencode(),
            **standing_files.ranking_in_words(standing),
        },
    )


def season_export(request: Request, club_slug: str, season_id: int, fmt: str) -> HttpResponseBase:
    """The standing as shown (same filters and order) as CSV, XLSX or a printed PDF."""
    me = club_member(request, club_slug)
    season = selectors.season_of(me.club, season_id)
    standing, _filters = selectors.filtered_standing(season, request.GET)
    name = season_file_name(me.club, season, "standing")
    if fmt in standing_files.WRITTEN_LATER:
        return _written_later(request, me.club, season, standing, fmt, name)
    shown = _shown(request, standing, EXPORT)
    return kept.kept(
        f"standing-{fmt}",
        (shown, name, season.name),  # and the file's name and title
        lambda: spreadsheet(_table(request, standing, shown).dataset(), fmt, name, season.name, request.GET),
        selectors.CACHE_SECONDS,
    )


def _written_later(
    request: Request, club: Club, season: Season, standing: selectors.SeasonStanding, fmt: str, name: str
) -> HttpResponseBase:
    """The standing's file in ``fmt`` if it has been written for what the request shows; else a page that says it
    is being written and asks again until it is (a background task writes it: seconds for a thousand players)."""
    query = "" if fmt == "report" else request.GET.urlencode()  # the report is the whole season's
    language = get_language()
    key = standing_files.file_key(club, standing, fmt, query, language)
    content = standing_files.stored(key)
    if content is None and standing_files.ask_for(key, season):
        tasks.write_standing.enqueue(club.pk, season.pk, fmt, query, language)
        content = standing_files.stored(key)  # written already where tasks run at once (tests, no worker)
    if content is not None:
        return saved(content, fmt, name) if fmt == "xlsx" else pdf_response(content, f"{name}.pdf")
    response = render(
        request,
        "leagues/standing_writing.html",
        {
            "club": club,
            "season": season,
            "fmt": fmt,
            "waiting": WAITING[fmt],
            "seconds": WRITING_POLL_SECONDS,
            "query": query,
            "again": request.get_full_path(),
        },
        status=202,
    )
    response["Retry-After"] = str(WRITING_POLL_SECONDS)
    add_never_cache_headers(response)
    return response


def season_report_pdf(request: Request, club_slug: str, season_id: int) -> HttpResponseBase:
    """The club's season report (``standing_files.report_pdf``), written like the standing's PDF."""
    me = club_member(request, club_slug)
    season = selectors.season_of(me.club, season_id)
    name = season_file_name(me.club, season, "report")
    return _written_later(request, me.club, season, selectors.standing(season), "report", name)


def public_standing(request: Request, token: str) -> HttpResponse:
    """The standing alone, for anyone with the secret link: no player pages, no other season, no club page."""
    season = selectors.public_season(token)
    standing, filters = selectors.filtered_standing(season, request.GET)
    hidden = money_columns(standing) if season.public_money_hidden else ()
    return render(
        request,
        "leagues/public_standing.html",
        {
            "season": season,
            "league": season.league,
            "standing": standing,
            **_page_table(request, standing, _shown(request, standing, PUBLIC, hidden=hidden)),
            "filters": filters,
            "language": get_language(),
            "money_hidden": bool(hidden),
            **standing_files.ranking_in_words(standing),
        },
    )
