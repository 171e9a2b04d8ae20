"""``{{ stats.deals.rate|percent }}`` and ``{{ stats.average_value|decimal }}``: a statistic's Fraction as it reads
in the page's language, a dash where there was nothing to count."""

from __future__ import annotations

from fractions import Fraction

from django import template

from ..shown import STATISTIC_PLACES, Figure

register = template.Library()

NOTHING = "–"


@register.filter
def percent(value: Fraction | None) -> str:
    return NOTHING if value is None else Figure.share(value).text()


@register.filter
def decimal(value: Fraction | None) -> str:
    return NOTHING if value is None else Figure.of(value, STATISTIC_PLACES).text()
