"""The season charts (``seasons.charts``): well-formed SVG with a name and a description, read back with ElementTree."""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET

import pytest

from leagues.seasons import charts

SVG = "{http://www.w3.org/2000/svg}"
EVENINGS = [
    (datetime.date(2026, 1, 8), 12),
    (datetime.date(2026, 1, 15), -5),
    (datetime.date(2026, 1, 22), 30),
    (datetime.date(2026, 2, 5), 0),
]


def parsed(markup: str | None) -> ET.Element:
    assert markup is not None
    return ET.fromstring(markup)


def texts(svg: ET.Element) -> list[str]:
    return [element.text or "" for element in svg.iter(f"{SVG}text")]


def inside_the_view(svg: ET.Element) -> bool:
    """Every coordinate of the chart lies within its viewBox."""
    _x, _y, width, height = map(float, svg.attrib["viewBox"].split())
    numbers = []
    for element in svg.iter():
        for name in ("x", "y", "x1", "x2", "y1", "y2", "cx", "cy"):
            if name in element.attrib:
                numbers.append((name, float(element.attrib[name])))
        for pair in element.attrib.get("points", "").split():
            x, y = map(float, pair.split(","))
            numbers += [("x", x), ("y", y)]
    return all(0 <= value <= (width if name.startswith(("x", "cx")) else height) for name, value in numbers)


def test_points_per_evening_are_bars_that_say_their_sign() -> None:
    svg = parsed(charts.evening_points_chart(EVENINGS))
    assert svg.attrib["role"] == "img"
    assert svg.find(f"{SVG}title") is not None
    assert svg.findtext(f"{SVG}title") == "Points per evening"
    description = svg.findtext(f"{SVG}desc") or ""
    assert description.startswith("4 evenings: 2 in the plus, 1 in the minus.")
    assert "1/15: -5" in description
    bars = list(svg.iter(f"{SVG}rect"))
    assert [bar.attrib["class"] for bar in bars] == ["gain", "loss", "gain", "even"]
    # the sign in words above or below each bar, not in colour alone
    assert [t.text for t in svg.iter(f"{SVG}text") if t.attrib.get("class") == "bar-value"] == ["+12", "-5", "+30", "0"]
    assert inside_the_view(svg)


def test_a_gain_stands_on_the_zero_line_and_a_loss_hangs_from_it() -> None:
    svg = parsed(charts.evening_points_chart(EVENINGS))
    zero = next(line for line in svg.iter(f"{SVG}line") if line.attrib["class"] == "zero")
    gain, loss = list(svg.iter(f"{SVG}rect"))[:2]
    assert float(gain.attrib["y"]) + float(gain.attrib["height"]) == pytest.approx(float(zero.attrib["y1"]), abs=0.1)
    assert float(loss.attrib["y"]) == pytest.approx(float(zero.attrib["y1"]), abs=0.1)


def test_the_running_total_adds_up_the_evenings() -> None:
    svg = parsed(charts.running_total_chart(EVENINGS))
    assert svg.findtext(f"{SVG}title") == "Running total of points"
    # 12, 12 − 5 = 7, 7 + 30 = 37, 37
    assert (svg.findtext(f"{SVG}desc") or "").endswith("1/8: +12; 1/15: +7; 1/22: +37; 2/5: +37")
    (line,) = svg.iter(f"{SVG}polyline")
    assert len(line.attrib["points"].split()) == 4
    assert len(list(svg.iter(f"{SVG}circle"))) == 4
    assert "+40" in texts(svg)  # the value axis reaches past the highest total, in steps of 10
    assert "0" in texts(svg)
    assert inside_the_view(svg)


def test_money_is_told_in_the_clubs_currency() -> None:
    svg = parsed(charts.money_chart([(day, cents * 10) for day, cents in EVENINGS], "EUR", "de"))
    assert svg.findtext(f"{SVG}title") == "Money over time"
    assert "+3,70\u00a0€" in (svg.findtext(f"{SVG}desc") or "")
    assert any(re.fullmatch(r"\+\d,\d\d\u00a0€", text) for text in texts(svg))


def test_one_evening_and_losses_only() -> None:
    one = parsed(charts.running_total_chart([(datetime.date(2026, 3, 1), -7)]))
    assert len(list(one.iter(f"{SVG}circle"))) == 1
    assert inside_the_view(one)
    losses = parsed(charts.evening_points_chart([(datetime.date(2026, 3, 1), -7), (datetime.date(2026, 3, 8), -3)]))
    assert {bar.attrib["class"] for bar in losses.iter(f"{SVG}rect")} == {"loss"}
    assert inside_the_view(losses)


def test_a_long_season_keeps_its_days_and_values_apart() -> None:
    season = [(datetime.date(2026, 1, 1) + datetime.timedelta(weeks=n), (-1) ** n * n) for n in range(40)]
    svg = parsed(charts.evening_points_chart(season))
    assert len(list(svg.iter(f"{SVG}rect"))) == 40
    assert not [t for t in svg.iter(f"{SVG}text") if t.attrib.get("class") == "bar-value"]  # too narrow to label
    days = [t for t in texts(svg) if "/" in t]
    assert len(days) == charts.MOST_DAY_LABELS
    assert inside_the_view(svg)


def test_without_an_evening_there_is_no_chart() -> None:
    assert charts.running_total_chart([]) is None
    assert charts.evening_points_chart([]) is None
    assert charts.money_chart([], "EUR", "en") is None


def test_names_are_escaped() -> None:
    svg = charts.running_total_chart(EVENINGS, ident='x"><script>')
    assert svg is not None
    assert "<script>" not in svg
    parsed(svg)


def label_box(text: ET.Element, font_size: float) -> tuple[float, float]:
    """The height a text's letters take, from its baseline: ascenders above, descenders below."""
    baseline = float(text.attrib["y"])
    return baseline - 0.8 * font_size, baseline + 0.25 * font_size


@pytest.mark.parametrize(
    "values",
    [
        [-40, 20, -10, 30],  # the lowest loss right on a tick
        [-5, -60, -45, -60],  # losses only
        [100, -100, 50, -73],
        [-1],
        [200, -3, 180, -2, 190],  # a small loss under big gains
    ],
)
def test_a_loss_s_value_stays_clear_of_the_days_under_the_axis(values: list[int]) -> None:
    evenings = [(datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * i), v) for i, v in enumerate(values)]
    svg = parsed(charts.evening_points_chart(evenings))
    axis = next(g for g in svg.iter(f"{SVG}g") if g.attrib.get("class") == "axis")
    days = [t for t in axis.iter(f"{SVG}text") if t.attrib["text-anchor"] == "middle"]
    bar_values = [t for t in svg.iter(f"{SVG}text") if t.attrib.get("class") == "bar-value"]
    assert len(bar_values) == len(values)
    assert days
    highest_day = min(label_box(day, 13)[0] for day in days)
    for label in bar_values:
        top, bottom = label_box(label, 11)
        assert bottom < highest_day, (label.text, bottom, highest_day)
        assert top >= 0
    assert inside_the_view(svg)
