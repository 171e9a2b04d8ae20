"""A season's standing written out as a PDF or an XLSX workbook, and the season's report: the files its exports
hand over.

WeasyPrint takes seconds for a thousand players and openpyxl more than a page may, so a request never writes them:
the export asks a background task (``tasks.write_standing``) for the file of what it shows and answers with a page
that waits for it; the task writes it once and keeps it in the database (``StandingFile``), where every app server
finds it under its key, the stamp of what it shows (``written_key``). A change to the league moves the stamp, so the
next export asks for a new one. (A CSV is written in the request: a thousand rows take a few milliseconds.)
"""

from __future__ import annotations

import datetime
import hashlib
from itertools import islice
from typing import Any

from django.http import HttpRequest, QueryDict
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django_tables2 import RequestConfig

from scorekeeper.models import Club
from scorekeeper.settlement import printing
from scorekeeper.words.engine_words import translated

from ..exports import workbook
from ..shown import score_text
from . import charts, selectors
from .models import League, Season, StandingFile
from .ranking import TIEBREAKS
from .rating_store import season_ratings
from .statistics import by_day, season_lines
from .tables import StandingTable

WRITTEN_LATER = ("pdf", "xlsx")  # the standing's formats a background task writes; and the season's "report"
REPORT_CHARTS = 6  # the season report draws the running totals of the leaders only: a page, not one per player
FIRST_PAGE_ROWS = 50  # under the title, the season's dates and a note of evenings being corrected
PAGE_ROWS = 60  # rows of one line (print/standing.html) on an A4 page, with the header
ASK_AGAIN_AFTER = datetime.timedelta(minutes=5)  # a file not written by then is asked for again (a worker stopped)


def written_key(what: str, standing: selectors.SeasonStanding, query: str, language: str) -> str:
    """The key of ``what`` made of a standing: its stamp (the league's revision), ratings, currency, language and
    query (order, filters), so that it is made once per change of any of them."""
    league = standing.season.league
    made_of = (what, standing.stamp, league.rated_revision, league.club.currency, language, query)
    return "written:" + hashlib.sha256(repr(made_of).encode()).hexdigest()[:32]


def file_key(club: Club, standing: selectors.SeasonStanding, fmt: str, query: str, language: str) -> str:
    """The key of the standing's file in ``fmt`` as ``club`` asks for it (its name heads a printout)."""
    return written_key(f"{fmt}:{club.name}" if fmt in ("pdf", "report") else fmt, standing, query, language)


def ranking_in_words(standing: selectors.SeasonStanding) -> dict[str, Any]:
    """The mode and tie-breaks in words, for the page and the printout."""
    ranking = standing.ranking
    tiebreaks = [*ranking.chain, *(["shared"] if "shared" in ranking.tiebreaks else [])]
    return {
        "mode_name": translated(ranking.mode.name()),
        "mode_about": [translated(line) for line in ranking.mode.about()],
        "tiebreaks": [(translated(TIEBREAKS[key].name()), translated(TIEBREAKS[key].about())) for key in tiebreaks],
    }


# the printout ----------------------------------------------------------------------------------------------------


def pages(rows: list[str]) -> list[SafeString]:
    """``rows`` (escaped ``<tr>`` elements) a page each: the first page's share, then a full page's at a time."""
    left = iter(rows)
    found = [list(islice(left, FIRST_PAGE_ROWS))]
    while chunk := list(islice(left, PAGE_ROWS)):
        found.append(chunk)
    return [mark_safe("".join(chunk)) for chunk in found if chunk]  # the cells were escaped by the table


def standing_pdf(club: Club, standing: selectors.SeasonStanding, table: StandingTable) -> bytes:
    """The standing as ``table`` shows it (its order and columns), printed for ``club`` in the active language."""
    context = {
        "club": club,
        "season": standing.season,
        "standing": standing,
        "columns": list(table.columns),
        "pages": pages(table.row_elements()),
        "empty_text": table.empty_text,
        **ranking_in_words(standing),
    }
    return printing.pdf_from_template("leagues/print/standing.html", context)


def report_pdf(club: Club, standing: selectors.SeasonStanding, table: StandingTable) -> bytes:
    """The club's season report: the standing, each sub-period's, a line per player and the leaders' running
    totals."""
    season = standing.season
    lines = season_lines(selectors.season_rows(season))
    ranked = [lines[row.totals.key] for row in standing.rows]
    context = {
        "club": club,
        "season": season,
        "standing": standing,
        "table": table,
        **ranking_in_words(standing),
        "periods": {
            period: [(s.rank, lines[s.player].name, score_text(s.score), s.played) for s in rows]
            for period, rows in selectors.period_standings(season).items()
        },
        "lines": ranked,
        "charts": [
            (line.name, charts.running_total_chart(by_day(line.evenings), ident=f"run-{line.key}", printed=True))
            for line in ranked[:REPORT_CHARTS]
        ],
    }
    return printing.pdf_from_template("leagues/print/season_report.html", context)


def write_standing(club: Club, season: Season, fmt: str, query: str, language: str) -> None:
    """Write the season's standing in ``fmt`` as the export asked for it (``query``: filters and order), or its
    report (``fmt`` ``report``: the whole season), and keep it under the key of what it shows; remove the season's
    files of earlier revisions of the league."""
    revision = League.objects.values_list("revision", flat=True).get(pk=season.league_id)  # before the standing
    asked = HttpRequest()
    asked.GET = QueryDict(query)
    standing = selectors.standing(season) if fmt == "report" else selectors.filtered_standing(season, asked.GET)[0]
    table = StandingTable(standing.rows, currency=season.league.club.currency, ratings=season_ratings(season))
    RequestConfig(asked, paginate=False).configure(table)  # the order asked for, as on the page
    writers = {"pdf": standing_pdf, "report": report_pdf}
    content = writers[fmt](club, standing, table) if fmt in writers else workbook(table.dataset(), season.name)
    StandingFile.objects.update_or_create(
        key=file_key(club, standing, fmt, query, language),
        defaults={"season": season, "revision": revision, "content": content},
        create_defaults={"season": season, "revision": revision, "content": content, "requested_at": timezone.now()},
    )
    StandingFile.objects.filter(season=season, revision__lt=revision).delete()


# the store -------------------------------------------------------------------------------------------------------


def stored(key: str) -> bytes | None:
    """The file kept under ``key``, or None while it is being written or was never asked for."""
    found = StandingFile.objects.filter(key=key).values_list("content", flat=True).first()
    return None if found is None else bytes(found)


def ask_for(key: str, season: Season) -> bool:
    """Note that the file of ``key`` is wanted; True if the caller is the one to have it written: nobody asked for
    it before, or was asked long enough ago that its task must have failed."""
    now = timezone.now()
    _file, created = StandingFile.objects.only("pk").get_or_create(
        key=key, defaults={"season": season, "revision": season.league.revision, "requested_at": now}
    )
    return created or bool(
        StandingFile.objects.filter(key=key, content__isnull=True, requested_at__lt=now - ASK_AGAIN_AFTER).update(
            requested_at=now
        )
    )
