"""What a standing can be narrowed to: one sub-period of the season, one of the league's clubs, each club's best."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from scorekeeper.models import Club, PlayerResult

from .models import Season
from .ranking import period_bounds


class StandingFilter(django_filters.FilterSet):
    """Filters the season's result rows; the standing is then ranked from what is left."""

    period = django_filters.ChoiceFilter(label=_("Period"), method="in_period", empty_label=_("Whole season"))
    club = django_filters.ModelChoiceFilter(
        label=_("Club"), field_name="session__club", queryset=Club.objects.none(), empty_label=_("All clubs")
    )
    show = django_filters.ChoiceFilter(
        label=_("Show"),
        method="as_is",
        choices=[("club_best", _("each club's best player"))],
        empty_label=_("every player"),
    )

    class Meta:
        model = PlayerResult
        fields: list[str] = []

    def __init__(
        self, data: Any, queryset: QuerySet[PlayerResult], *, season: Season, periods: list[str], **kwargs: Any
    ) -> None:
        """``periods``: the season's sub-periods that have results (``selectors.season_periods``)."""
        super().__init__(data, queryset, **kwargs)
        if periods:
            self.filters["period"].extra["choices"] = [(p, p) for p in periods]
        else:
            del self.filters["period"]
        clubs = season.league.club_ids()
        if len(clubs) > 1:
            self.filters["club"].queryset = Club.objects.filter(pk__in=clubs).order_by("name")
        else:
            del self.filters["club"]
            del self.filters["show"]

    def in_period(self, queryset: QuerySet[PlayerResult], name: str, value: str) -> QuerySet[PlayerResult]:
        return queryset.filter(played_on__range=period_bounds(value))

    def as_is(self, queryset: QuerySet[PlayerResult], name: str, value: str) -> QuerySet[PlayerResult]:
        return queryset  # the whole standing is ranked; the page then keeps each club's best row

    @property
    def club_best(self) -> bool:
        return self.form.is_valid() and self.form.cleaned_data.get("show") == "club_best"

    @property
    def chosen_period(self) -> str | None:
        return (self.form.cleaned_data.get("period") or None) if self.form.is_valid() else None
