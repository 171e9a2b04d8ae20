"""The app as ``hall_bench.py`` serves it: ``schreiber.wsgi`` as production starts it, with the run's floors beside
it and each answer naming the queries it took.

- ``/bench/hello``: a bare WSGI hello, no Django at all;
- ``/bench/204``: Django's 204 through every middleware, asking for the user (none without a session cookie);
- every answer of Django carries ``X-Bench-Queries``, the database queries it made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import get_resolver, path

from schreiber.wsgi import application as schreiber_app

HELLO = b"Hello"


def no_content(request: HttpRequest) -> HttpResponse:
    request.user.is_authenticated  # noqa: B018  the session and the user, loaded as a page needs them
    return HttpResponse(status=204)


get_resolver().url_patterns.insert(0, path("bench/204", no_content))  # before any catch-all


def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    if environ["PATH_INFO"] == "/bench/hello":
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(HELLO)))])
        return [HELLO]
    queries = 0

    def count(execute: Callable[..., Any], *args: Any) -> Any:
        nonlocal queries
        queries += 1
        return execute(*args)

    def answer(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
        return start_response(status, [*headers, ("X-Bench-Queries", str(queries))], *exc_info)

    with connection.execute_wrapper(count):  # Django answers (start_response) once its queries are done
        return schreiber_app(environ, answer)
