"""A season's standing printed: the PDF that the standing's export hands over.

WeasyPrint takes seconds for a thousand players, so a request never prints: the export asks a background task
(``tasks.print_standing``) for the PDF of what it shows and answers with a page that waits for it; the task prints it
once and keeps it in the database (``StandingPrint``), where every app server finds it under its key, the stamp of
what it shows (``written_key``). A change to the league moves the stamp, so the next export asks for a new one.
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

from scorekeeper import printing
from scorekeeper.engine_words import translated
from scorekeeper.models import Club

from . import selectors
from .models import League, Season, StandingPrint
from .ranking import TIEBREAKS
from .rating_store import season_ratings
from .tables import StandingTable

FIRST_PAGE_ROWS = 45  # under the title, the season's dates and a note of evenings being corrected
PAGE_ROWS = 50  # rows of one line (print/standing.html) on an A4 page, with the header
ASK_AGAIN_AFTER = datetime.timedelta(minutes=5)  # a PDF not made by then is asked for again (a worker stopped)


def written_key(what: str, standing: selectors.SeasonStanding, query: str, language: str) -> str:
    """The key of ``what`` made of a standing: its stamp (the league's revision), ratings, currency, language and
    query (order, filters), so that it is made once per change of any of them."""
    league = standing.season.league
    made_of = (what, standing.stamp, league.rated_revision, league.club.currency, language, query)
    return "written:" + hashlib.sha256(repr(made_of).encode()).hexdigest()[:32]


def print_key(club: Club, standing: selectors.SeasonStanding, query: str, language: str) -> str:
    """The key of the standing's PDF as ``club`` prints it (its name heads the page)."""
    return written_key(f"pdf:{club.name}", standing, query, language)


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


def print_standing(club: Club, season: Season, query: str, language: str) -> None:
    """Print the season's standing as the export asked for it (``query``: filters and order) and keep it under the
    key of what it shows; remove the season's PDFs of earlier revisions of the league."""
    revision = League.objects.values_list("revision", flat=True).get(pk=season.league_id)  # before the standing
    asked = HttpRequest()
    asked.GET = QueryDict(query)
    standing, _filters = selectors.filtered_standing(season, asked.GET)
    table = StandingTable(standing.rows, currency=season.league.club.currency, ratings=season_ratings(season))
    RequestConfig(asked, paginate=False).configure(table)  # the order asked for, as on the page
    pdf = standing_pdf(club, standing, table)
    StandingPrint.objects.update_or_create(
        key=print_key(club, standing, query, language),
        defaults={"season": season, "revision": revision, "pdf": pdf},
        create_defaults={"season": season, "revision": revision, "pdf": pdf, "requested_at": timezone.now()},
    )
    StandingPrint.objects.filter(season=season, revision__lt=revision).delete()


# the store -------------------------------------------------------------------------------------------------------


def stored_pdf(key: str) -> bytes | None:
    """The PDF kept under ``key``, or None while it is being made or was never asked for."""
    found = StandingPrint.objects.filter(key=key).values_list("pdf", flat=True).first()
    return None if found is None else bytes(found)


def ask_for(key: str, season: Season) -> bool:
    """Note that the PDF of ``key`` is wanted; True if the caller is the one to have it made: nobody asked for it
    before, or was asked long enough ago that its task must have failed."""
    now = timezone.now()
    _print, created = StandingPrint.objects.only("pk").get_or_create(
        key=key, defaults={"season": season, "revision": season.league.revision, "requested_at": now}
    )
    return created or bool(
        StandingPrint.objects.filter(key=key, pdf__isnull=True, requested_at__lt=now - ASK_AGAIN_AFTER).update(
            requested_at=now
        )
    )
