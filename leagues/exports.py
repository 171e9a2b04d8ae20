"""A standing or a ranking as a file to save, the one way every export of this app writes it, with the numbers
exactly as the page shows them (``leagues.shown``).

- XLSX: one sheet named for what it holds, numbers as numbers with the number format of the page (money with two
  decimals, an average with the places shown, a share as a percentage), the header row bold and frozen.
- CSV in the reader's language: German spreadsheets take semicolons between the fields and a decimal comma (a comma
  is their decimal mark, so a comma-separated file opens as one column), English ones commas and a decimal point.
  ``?sep=semicolon`` or ``?sep=comma`` asks for the other. UTF-8 with a byte order mark, so that umlauts read.

Text that a spreadsheet would take for a formula (a name starting with ``=``, ``+``, ``-``, ``@``) is written with a
leading apostrophe, as spreadsheets themselves mark text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

import tablib
from django.http import Http404, HttpResponse
from django.utils.translation import get_language
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from schreiber.web.downloads import attachment

from .shown import Figure, score_figure

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
SHEET_TITLE_MOST = 31  # what a spreadsheet allows a sheet's name
SHEET_TITLE_BANNED = str.maketrans(dict.fromkeys("[]:*?/\\", " "))


@dataclass(frozen=True, slots=True)
class CsvStyle:
    delimiter: str
    decimal: str


SEPARATORS = {"semicolon": CsvStyle(";", ","), "comma": CsvStyle(",", ".")}


def csv_style(query: Mapping[str, Any] | None = None) -> str:
    """The CSV the reader asked for (``?sep=``), else the one of the page's language: ``semicolon`` in German,
    ``comma`` in English."""
    asked = (query or {}).get("sep")
    if asked in SEPARATORS:
        return str(asked)
    return "semicolon" if (get_language() or "de").startswith("de") else "comma"


def spreadsheet(
    dataset: tablib.Dataset, fmt: str, filename: str, title: str, query: Mapping[str, Any] | None = None
) -> HttpResponse:
    """``dataset`` saved as ``filename.fmt`` (``csv`` or ``xlsx``; Http404 for any other), its sheet named
    ``title``; a CSV as ``query`` asks (see :func:`csv_style`)."""
    if fmt not in CONTENT_TYPES:
        raise Http404
    if fmt == "csv":
        body: str | bytes = _csv(_headers(dataset), dataset, SEPARATORS[csv_style(query)])
    else:
        body = workbook(dataset, title)
    return saved(body, fmt, filename)


def workbook(dataset: tablib.Dataset, title: str) -> bytes:
    """``dataset`` as an XLSX workbook of one sheet named ``title``."""
    return _xlsx(_headers(dataset), dataset, str(title).translate(SHEET_TITLE_BANNED)[:SHEET_TITLE_MOST] or "-")


def saved(body: str | bytes, fmt: str, filename: str) -> HttpResponse:
    """``body`` to save as ``filename.fmt`` (``csv`` or ``xlsx``)."""
    return attachment(HttpResponse(body, content_type=CONTENT_TYPES[fmt]), f"{filename}.{fmt}")


def _headers(dataset: tablib.Dataset) -> list[str]:
    return [_text(h) for h in dataset.headers or []]


def _text(value: Any) -> str:
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _csv(headers: list[str], dataset: tablib.Dataset, style: CsvStyle) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=style.delimiter, lineterminator="\r\n")
    writer.writerow(headers)
    writer.writerows([_csv_cell(_figure(value), style) for value in row] for row in dataset)
    return "\ufeff" + out.getvalue()


def _figure(value: Any) -> Any:
    """An exact number as the pages show it: a Fraction as a score, a Decimal with its own places."""
    if isinstance(value, Fraction):
        return score_figure(value)
    if isinstance(value, Decimal):
        return Figure(value, max(0, -int(value.as_tuple().exponent)))
    return value


def _csv_cell(value: Any, style: CsvStyle) -> str:
    if value is None:
        return ""
    if isinstance(value, Figure):
        number = value.value.scaleb(2) if value.percent else value.value
        return f"{number:f}".replace(".", style.decimal) + ("%" if value.percent else "")
    if isinstance(value, bool | int):
        return str(int(value))
    return _text(value)


def number_format(figure: Figure) -> str:
    """The spreadsheet's number format of what the page shows: ``0.00`` for two places, ``0%`` for a share."""
    if figure.percent:
        return "0%"
    return "0." + "0" * figure.places if figure.places else "0"


def _xlsx(headers: list[str], dataset: tablib.Dataset, title: str) -> bytes:
    """Written row by row (openpyxl's write-only mode): a sheet kept whole in memory looks up its last row for every
    row appended, half a second for a thousand players."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet(title)
    sheet.freeze_panes = "A2"
    bold = Font(bold=True)
    sheet.append([_cell(sheet, header, font=bold) for header in headers])
    for values in dataset:
        sheet.append([_xlsx_cell(sheet, _figure(value)) for value in values])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _cell(sheet: WriteOnlyWorksheet, value: Any, **style: Any) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value)
    for name, setting in style.items():
        setattr(cell, name, setting)
    return cell


def _xlsx_cell(sheet: WriteOnlyWorksheet, value: Any) -> Any:
    """A figure as a number with the page's number format, a number as it is, anything else as text."""
    if isinstance(value, Figure):
        return _cell(sheet, value.value, number_format=number_format(value))
    if value is None:
        return ""
    if isinstance(value, bool | int | float):
        return value
    return _text(value)
