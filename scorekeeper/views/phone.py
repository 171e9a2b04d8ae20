"""What the phone needs to work out a session offline with the engine itself (``scorekeeper.phone``).

- ``engine.json``: the version of the shipped modules and their names; each module from
  ``<version>/<path>``, byte for byte as the repository holds it, kept by the browser for good (a new version has
  a new address).
- ``<version>/words-<language>.json``: the sentences the phone may show (the player templates of the engine's
  messages, a deal's words) in that language: the catalogue's own translations.
- A session's ``phone.json``: its document (the stored deals' facts), each deal's id and how its entry form is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils import translation
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET

from .. import phone
from ..access import Request, session_access
from ..engine.messages import AS_AUTHOR, REGISTRY, Cases
from ..models import Role
from ..phone.evening import GONE
from ..stored.documents import session_document
from ..table import reads
from ..table.entry import DealEntry
from ..words import deal_words

FOREVER = 365 * 24 * 3600
RUNTIME = "vendor/pyodide/"  # under static/: the Python the phone runs the modules in, and the files it starts with
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


@require_GET
@never_cache
def engine_manifest(request: HttpRequest) -> JsonResponse:
    version = phone.version()
    return JsonResponse(
        {
            "version": version,
            "runtime": static(RUNTIME),
            "runtime_files": RUNTIME_FILES,
            "files": [f"/phone/{version}/{name}" for name in phone.shipped()],
            "entry": phone.ENTRY,
            "words": {code: f"/phone/{version}/words-{code}.json" for code, _name in settings.LANGUAGES},
        }
    )


@require_GET
@cache_control(public=True, max_age=FOREVER, immutable=True)
def engine_file(request: HttpRequest, version: str, name: str) -> HttpResponse:
    if version != phone.version() or name not in phone.shipped():
        raise Http404
    return HttpResponse((phone.ROOT / name).read_bytes(), content_type="text/x-python; charset=utf-8")


@require_GET
@cache_control(public=True, max_age=FOREVER, immutable=True)
def words(request: HttpRequest, version: str, language: str) -> JsonResponse:
    if version != phone.version() or language not in dict(settings.LANGUAGES):
        raise Http404
    return JsonResponse(catalogue(language), json_dumps_params={"ensure_ascii": False})


@cache
def catalogue(language: str) -> dict[str, str]:
    """Each sentence the phone may show, in ``language``: as the catalogue translates it for a page."""
    with translation.override(language):
        return {msgid: translation.gettext(msgid) for msgid in sorted(set(msgids()))}


def msgids() -> Iterator[str]:
    """The templates a phone renders: the engine's messages as players read them, a deal's words."""
    for domain, _code, entry in REGISTRY:
        if domain != "engine":
            continue
        yield entry.author
        if isinstance(entry.player, Cases):
            yield from entry.player.sentences.values()
        elif entry.player not in (None, AS_AUTHOR):
            yield entry.player
    yield from deal_words.msgids()
    yield GONE


@never_cache
def session_phone(request: Request, club_slug: str, session_id: int) -> JsonResponse:
    """The session as the phone replays it offline, with the deals it keeps waiting."""
    _me, session = session_access(request, club_slug, session_id, Role.SCORER)
    header = reads.header_of(session)
    dealer, playing = reads.next_deal(session)
    entry = DealEntry(session.game, header.new_game(), playing, first_deal=session.deal_count == 0)
    live = list(
        session.deals.filter(deleted_at__isnull=True).order_by("sequence").values("pk", "client_token", "result")
    )
    seated = header.seating()
    playings = [header.playing(d, plays, seated) for d in seated for plays in (False, True)]  # any deal to come
    return JsonResponse(
        {
            "revision": session.revision,
            "open": session.is_open,
            "document": session_document(session),
            "players": header.players,  # as each stored result lists its deltas
            "ids": [deal["pk"] for deal in live],
            # what the server stored for each deal: the phone says where it showed another value
            "stored": [
                {
                    "id": deal["pk"],
                    "token": str(deal["client_token"] or ""),
                    "deltas": (deal["result"] or {}).get("deltas"),
                }
                for deal in live
            ],
            "first_dealer": dealer if not session.deal_count else None,
            "form": entry.reading(playings),
        },
        json_dumps_params={"ensure_ascii": False},
    )
