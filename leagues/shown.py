"""Numbers as a standing shows them: rounded half-up to the places shown, once, for the page, the PDF, the CSV and
the XLSX alike (66⅔ reads 66,67; a rating of 18.65 reads 18,7 everywhere).

Scores stay exact (a Fraction) and ratings floats until they are shown; this module is the one place they are
rounded. Django's ``number_format`` cuts the digits it leaves out, so it is handed the rounded Decimal only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils.formats import number_format

SCORE_PLACES = 2  # a score that is not whole: an average, placement points
RATING_PLACES = 1
STATISTIC_PLACES = 1  # an average game value on a player's page


def rounded(value: Fraction | Decimal | float | int, places: int) -> Decimal:
    """``value`` to ``places`` decimal places, a half away from zero (kaufmännisch: 2.5 → 3, −2.5 → −3).

    A float is taken as it reads (18.65, not the binary 18.6499…), so that the shown digits round as a reader
    rounds them; a Fraction is rounded exactly."""
    if isinstance(value, Fraction):
        scaled = abs(value) * 10**places
        whole = math.floor(scaled + Fraction(1, 2))
        return Decimal(whole if value >= 0 else -whole).scaleb(-places)
    exact = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    found = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return found.copy_abs() if found.is_zero() else found  # −0.04 shows 0.0, not −0.0


@dataclass(frozen=True, slots=True)
class Figure:
    """A number as shown, for a page and a spreadsheet alike: its rounded value and places; a share (``percent``)
    is kept as a fraction of 1 rounded to whole percent (0.67 shows 67 %)."""

    value: Decimal
    places: int
    percent: bool = False

    @classmethod
    def of(cls, value: Fraction | Decimal | float | int, places: int) -> Figure:
        return cls(rounded(value, places), places)

    @classmethod
    def money(cls, cents: int) -> Figure:
        return cls(Decimal(cents).scaleb(-2), 2)

    @classmethod
    def share(cls, value: Fraction) -> Figure:
        return cls(rounded(value * 100, 0).scaleb(-2), 0, percent=True)

    def text(self) -> str:
        """As the page reads it in the active language (``66,67``, ``67 %``)."""
        if self.percent:
            return f"{number_format(self.value.scaleb(2), 0)} %"
        return number_format(self.value, self.places)


def score_text(value: Fraction | int) -> str:
    """A score as it reads: a whole number plain, any other to two places."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return Figure.of(value, SCORE_PLACES).text()
    return str(int(value))


def score_figure(value: Fraction | int) -> Figure | int:
    """A score as a spreadsheet cell: the number shown."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return Figure.of(value, SCORE_PLACES)
    return int(value)
