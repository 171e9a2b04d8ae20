"""The home page: a short welcome for visitors, the signed-in user's clubs otherwise."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.selectors import clubs_of, name_of, open_sessions_for


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
