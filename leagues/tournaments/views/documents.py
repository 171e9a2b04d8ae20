"""A tournament as a ``schreiber-tournament/1`` document: members download it, owners import one as a new
tournament (a backup brought back on another laptop, or a tournament run elsewhere)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from schreiber.web.downloads import json_download
from schreiber.web.errors import errors_on_form
from scorekeeper.access import Request, club_member
from scorekeeper.models import Role

from .. import services
from ..documents import export_tournament
from ..forms import TournamentImportForm
from . import file_name, tournament_access


def tournament_export(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    filename = file_name(tournament, f"{tournament.played_on:%Y-%m-%d}.json")
    return json_download(export_tournament(tournament), filename, indent=1)


def tournament_import(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug, Role.OWNER)
    today = {"played_on": timezone.localdate()}
    form = TournamentImportForm(request.POST or None, request.FILES or None, initial=today)
    if request.method == "POST" and form.is_valid():
        with errors_on_form(form):
            tournament = services.import_tournament(
                club=me.club, actor=request.user, document=form.cleaned_data["document"],
                played_on=form.cleaned_data["played_on"],
            )  # fmt: skip
            return redirect("tournament", me.club.slug, tournament.pk)
    return render(request, "leagues/tournament/import.html", {"club": me.club, "me": me, "form": form})
