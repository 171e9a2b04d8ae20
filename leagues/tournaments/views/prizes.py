"""A tournament's prizes: the list and who wins what under the ranking as it stands; the club's owners set the list."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render

from schreiber.web.errors import errors_on_form
from scorekeeper.access import Request
from scorekeeper.models import Role

from .. import prize_selectors, selectors, services
from ..prize_forms import PrizeForm
from . import tournament_access


def tournament_prizes(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    me, tournament = tournament_access(request, club_slug, tournament_id)
    prizes = prize_selectors.prizes_of(tournament)
    form = None
    if me.can(Role.OWNER):
        categories = {c for p in tournament.participants.all() for c in p.categories}
        form = PrizeForm(request.POST or None, prizes=prizes, categories=categories)
    if form is not None and request.method == "POST" and form.is_valid():
        with errors_on_form(form, form.field_map):
            services.set_prizes(tournament=tournament, actor=request.user, prizes=form.prizes())
            return redirect("tournament_prizes", me.club.slug, tournament.pk)
    context = {
        "club": me.club,
        "me": me,
        "tournament": tournament,
        "fees_cents": prize_selectors.fees_cents(tournament),
        "prize_lines": prize_selectors.prize_table(tournament, selectors.ranking(tournament)),
        "form": form,
    }
    return render(request, "leagues/tournament/prizes.html", context)
