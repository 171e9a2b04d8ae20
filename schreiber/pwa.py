"""The installable app: its web manifest and its service worker, both served from the site's root.

The service worker lives in ``static/js/sw.js`` with the other scripts but must be served from ``/sw.js``: a worker
controls only the pages under the folder it was served from, and the sheet and the deal entry live under ``/c/``.
It is never cached by the browser's HTTP cache, so a new version reaches every phone on its next visit.
"""

from __future__ import annotations

from pathlib import Path

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET

# The colours of static/css/app.css: the card-table green of the top bar, the page's paper.
THEME_COLOR = "#1f5f45"
BACKGROUND_COLOR = "#f4f2ec"


@require_GET
@cache_control(public=True, max_age=3600)
def manifest(request: HttpRequest) -> JsonResponse:
    """What a phone needs to put Schreiber on its home screen and open it like an app."""
    return JsonResponse(
        {
            "name": "Schreiber",
            "short_name": "Schreiber",
            "description": _("keeps score of Schafkopf, Doppelkopf, Sheepshead and Bauernstoss"),
            "lang": get_language(),
            "id": "/",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "theme_color": THEME_COLOR,
            "background_color": BACKGROUND_COLOR,
            "icons": [
                {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
                {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
                {
                    "src": static("img/icon-maskable-512.png"),
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
                {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            ],
        },
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


@require_GET
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_service_worker_source(), content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


def _service_worker_source() -> str:
    """The worker's source, from the app's static folder, else from the collected files (a deployment that keeps
    only ``STATIC_ROOT``), after the outbox it shares with the pages."""
    found = finders.find("js/sw.js")
    if found:
        source = Path(str(found)).read_text(encoding="utf-8")
    else:
        with staticfiles_storage.open("js/sw.js") as file:
            source = str(file.read().decode("utf-8"))
    return f'importScripts("{static("js/outbox.js")}");\n{source}'
