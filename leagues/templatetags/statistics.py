"""``{{ stats.deals.rate|percent }}`` and ``{{ stats.average_value|decimal }}``: a statistic's Fraction as it reads
in the page's language, a dash where there was nothing to count."""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.formats import number_format

register = template.Library()

NOTHING = "–"


@register.filter
def percent(value: Fraction | None) -> str:
    # rounded here: number_format cuts the digits it leaves out (2/3 would read 66 %)
    return NOTHING if value is None else f"{number_format(round(value * 100), 0)} %"


@register.filter
def decimal(value: Fraction | None) -> str:
    return NOTHING if value is None else number_format(round(float(value), 1), 1)
