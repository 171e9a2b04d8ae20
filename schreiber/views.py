"""The home page: a short welcome for visitors, the signed-in user's clubs otherwise."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.access import clubs_of, open_sessions_for
from scorekeeper.selectors import name_of


def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "home.html",
        {
            "clubs": clubs_of(request.user),
            "open_sessions": open_sessions_for(request.user),
            "name": name_of(request.user) if request.user.is_authenticated else "",
        },
    )
