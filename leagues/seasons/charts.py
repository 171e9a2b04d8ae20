"""A player's season as charts: inline SVG drawn on the server, so that pages show them without a script and
printouts print them.

Each chart is a function of ``(day, value)`` pairs, one per evening in date order, and gives the markup (None
without an evening). The evenings stand side by side at equal distance, whatever the days between them. Colours
come from the stylesheet through classes (``line``, ``gain``, ``loss``, ``zero``, ``grid``) over ``currentColor``
defaults, so a chart follows the page's light or dark scheme and prints in ink. A chart's ``<title>`` names it and
its ``<desc>`` says in words what it shows, evening by evening, for screen readers; a bar says its sign in text,
not only in colour. A ``printed`` chart brings the print inks along (``INKS``): WeasyPrint styles an inline SVG
only by a stylesheet inside it, while on a page such a stylesheet would style the whole page.
"""

from __future__ import annotations

import dataclasses
import datetime
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scorekeeper.settlement.money import format_money

Point = tuple[datetime.date, int]
ValueText = Callable[[int], str]

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 72, 10, 14, 30  # the margins around the plot: the value axis on the left, days below
MOST_DAY_LABELS = 5
MOST_BAR_LABELS = 16  # beyond that a bar's value no longer fits above it: its title and the description still say it
MOST_DOTS = 40
BAR_LABEL_BELOW = 12  # a loss's value is written this far below its bar (its baseline), inside the plot

# print.css's inks, by class
INKS = mark_safe(
    "<style>.axis{fill:#5d6661}.zero{stroke:#1d2320}.line{stroke:#1f5f45}.dot{fill:#1f5f45}.gain{fill:#1e7a3c}"
    ".loss{fill:#b3261e}.even{fill:#5d6661}.bar-value{fill:#1d2320}</style>"
)

# The charts' names, for a caption beside them too.
RUNNING_TOTAL = gettext_lazy("Running total of points")
EVENING_POINTS = gettext_lazy("Points per evening")
MONEY = gettext_lazy("Money over time")


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def day_text(day: datetime.date) -> str:
    return date_format(day, pgettext("a day on a chart's axis", "n/j"))


def running_total_chart(
    evenings: Sequence[Point], *, ident: str = "running-total", printed: bool = False
) -> SafeString | None:
    """The points after each evening."""
    what = _("Points after each evening")
    return _line_chart(ident, str(RUNNING_TOTAL), what, _running(evenings), signed, printed)


def money_chart(
    evenings: Sequence[Point], currency: str, language: str, *, ident: str = "money", printed: bool = False
) -> SafeString | None:
    """Money won or lost in total after each evening, in ``currency``; ``evenings`` in cents."""

    def money(cents: int) -> str:
        return format_money(cents, currency, language, signed=True)

    return _line_chart(ident, str(MONEY), _("Money after each evening"), _running(evenings), money, printed)


def evening_points_chart(
    evenings: Sequence[Point], *, ident: str = "evening-points", printed: bool = False
) -> SafeString | None:
    """The points of each evening as a bar up from the zero line (a gain) or down from it (a loss), its value
    written above or below it."""
    if not evenings:
        return None
    labelled = len(evenings) <= MOST_BAR_LABELS
    frame = _Frame.of(evenings, room_below=BAR_LABEL_BELOW if labelled else 0)
    texts = _point_texts(evenings, signed)
    bars = []
    for index, (_day, value) in enumerate(evenings):
        top, bottom = frame.y(max(value, 0)), frame.y(min(value, 0))
        bars.append(
            format_html(
                '<rect class="{kind}" x="{x}" y="{y}" width="{width}" height="{height}" fill="currentColor">'
                "<title>{title}</title></rect>",
                kind="gain" if value > 0 else "loss" if value < 0 else "even",
                x=_n(frame.x(index) - frame.band * 0.35),
                y=_n(top),
                width=_n(frame.band * 0.7),
                height=_n(max(bottom - top, 1)),  # an even evening still shows, as a hairline
                title=texts[index],
            )
        )
        if labelled:
            bars.append(
                format_html(
                    '<text class="bar-value" x="{x}" y="{y}" text-anchor="middle" font-size="11">{value}</text>',
                    x=_n(frame.x(index)),
                    y=_n(top - 3 if value >= 0 else bottom + BAR_LABEL_BELOW),
                    value=signed(value),
                )
            )
    summary = _("%(count)s evenings: %(won)s in the plus, %(lost)s in the minus.") % {
        "count": len(evenings),
        "won": sum(value > 0 for _day, value in evenings),
        "lost": sum(value < 0 for _day, value in evenings),
    }
    return _svg(ident, str(EVENING_POINTS), _describe(summary, texts), frame, signed, bars, printed)


def _line_chart(
    ident: str, title: str, what: str, totals: Sequence[Point], value_text: ValueText, printed: bool
) -> SafeString | None:
    if not totals:
        return None
    frame = _Frame.of(totals)
    texts = _point_texts(totals, value_text)
    xy = [(frame.x(index), frame.y(value)) for index, (_day, value) in enumerate(totals)]
    marks = [
        format_html(
            '<polyline class="line" points="{points}" fill="none" stroke="currentColor" stroke-width="2"/>',
            points=" ".join(f"{_n(x)},{_n(y)}" for x, y in xy),
        )
    ]
    if len(totals) <= MOST_DOTS:
        marks += [
            format_html(
                '<circle class="dot" cx="{x}" cy="{y}" r="3" fill="currentColor"><title>{title}</title></circle>',
                x=_n(x),
                y=_n(y),
                title=text,
            )
            for (x, y), text in zip(xy, texts, strict=True)
        ]
    summary = _("%(what)s, %(count)s evenings; after the last: %(value)s.") % {
        "what": what,
        "count": len(totals),
        "value": value_text(totals[-1][1]),
    }
    return _svg(ident, title, _describe(summary, texts), frame, value_text, marks, printed)


@dataclass(frozen=True)
class _Frame:
    """Where the evenings and values go: each evening in the middle of its band, across; the values from ``low``
    to ``high`` in ``step``s, zero always among them, up."""

    days: Sequence[datetime.date]
    low: int
    high: int
    step: int

    width = WIDTH - LEFT - RIGHT
    height = HEIGHT - TOP - BOTTOM

    @classmethod
    def of(cls, points: Sequence[Point], *, room_below: float = 0) -> _Frame:
        """The frame of ``points``, with at least ``room_below`` under the lowest value inside the plot (a step
        more where needed), so that what is written under the lowest bar stays clear of the days below the axis."""
        values = [value for _day, value in points]
        low, high = min(0, *values), max(0, *values)
        step = _nice_step(max(high - low, 1) / 4)
        low, high = math.floor(low / step) * step, math.ceil(high / step) * step
        frame = cls([day for day, _value in points], low, high if high > low else low + step, step)
        lowest = min(values)
        if lowest < 0 and frame.y(lowest) + room_below > TOP + frame.height:
            frame = dataclasses.replace(frame, low=frame.low - step)
        return frame

    @property
    def band(self) -> float:
        return self.width / len(self.days)

    def x(self, index: int) -> float:
        return LEFT + self.band * (index + 0.5)

    def y(self, value: int) -> float:
        return TOP + (self.high - value) / (self.high - self.low) * self.height

    def ticks(self) -> range:
        return range(self.low, self.high + 1, self.step)

    def labelled_days(self) -> list[int]:
        """The evenings whose day is written under the axis: the first, the last and a few evenly between."""
        last = len(self.days) - 1
        return sorted({round(i * last / (MOST_DAY_LABELS - 1)) for i in range(MOST_DAY_LABELS)})


def _nice_step(rough: float) -> int:
    """1, 2 or 5 times a power of ten, the least of them not under ``rough``."""
    power = 10 ** max(math.floor(math.log10(rough)), 0)
    return next(power * factor for factor in (1, 2, 5, 10) if power * factor >= rough)


def _svg(
    ident: str,
    title: str,
    description: str,
    frame: _Frame,
    value_text: ValueText,
    marks: Sequence[SafeString],
    printed: bool,
) -> SafeString:
    values = [
        format_html(
            '<line class="{kind}" x1="{left}" x2="{right}" y1="{y}" y2="{y}" stroke="currentColor"{faint}/>'
            '<text x="{label_x}" y="{label_y}" text-anchor="end">{value}</text>',
            kind="zero" if tick == 0 else "grid",
            left=LEFT,
            right=WIDTH - RIGHT,
            y=_n(frame.y(tick)),
            faint=mark_safe("" if tick == 0 else ' stroke-opacity="0.2"'),
            label_x=LEFT - 6,
            label_y=_n(frame.y(tick) + 4.5),
            value=value_text(tick),
        )
        for tick in frame.ticks()
    ]
    days = [
        format_html(
            '<text x="{x}" y="{y}" text-anchor="middle">{day}</text>',
            x=_n(frame.x(index)),
            y=HEIGHT - BOTTOM + 18,
            day=day_text(frame.days[index]),
        )
        for index in frame.labelled_days()
    ]
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" role="img" '
        'aria-labelledby="{ident}-title {ident}-desc"><title id="{ident}-title">{title}</title>'
        '<desc id="{ident}-desc">{description}</desc>{inks}'
        '<g class="axis" fill="currentColor" font-size="13">{values}{days}</g>{marks}</svg>',
        width=WIDTH,
        height=HEIGHT,
        ident=ident,
        title=title,
        description=description,
        inks=INKS if printed else "",
        values=_joined(values),
        days=_joined(days),
        marks=_joined(marks),
    )


def _joined(parts: Sequence[SafeString]) -> SafeString:
    return mark_safe("".join(parts))  # each part is escaped markup already


def _running(evenings: Sequence[Point]) -> list[Point]:
    totals = itertools.accumulate(value for _day, value in evenings)
    return [(day, total) for (day, _value), total in zip(evenings, totals, strict=True)]


def _describe(summary: str, texts: Sequence[str]) -> str:
    """The summary, then every evening's day and value (``_point_texts``)."""
    return f"{summary} " + "; ".join(texts)


def _point_texts(points: Sequence[Point], value_text: ValueText) -> list[str]:
    """Each evening's day and value in words, once for a chart: its marks' titles and its description say them."""
    return [f"{day_text(day)}: {value_text(value)}" for day, value in points]


def _n(number: float) -> str:
    """A coordinate to a tenth."""
    return f"{number:.1f}".removesuffix(".0")
