"""A standing or a ranking as a file to save, the one way every export of this app writes it.

- XLSX: one named sheet, numbers as numbers (a spreadsheet adds them up), the header row bold and frozen.
- CSV for the German spreadsheets clubs use: semicolons between the fields and a decimal comma (a comma is their
  decimal mark, so a comma-separated file opens as one column), UTF-8 with a byte order mark so that umlauts read.

Text that a spreadsheet would take for a formula (a name starting with ``=``, ``+``, ``-``, ``@``) is written with a
leading apostrophe, as spreadsheets themselves mark text.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import tablib
from django.http import Http404, HttpResponse

from scorekeeper.views.downloads import attachment

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
CSV_DELIMITER = ";"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
SHEET_TITLE_MOST = 31  # what a spreadsheet allows a sheet's name
SHEET_TITLE_BANNED = str.maketrans(dict.fromkeys("[]:*?/\\", " "))


def spreadsheet(dataset: tablib.Dataset, fmt: str, filename: str, title: str) -> HttpResponse:
    """``dataset`` saved as ``filename.fmt`` (``csv`` or ``xlsx``; Http404 for any other), its sheet named
    ``title``."""
    if fmt not in CONTENT_TYPES:
        raise Http404
    sheet = tablib.Dataset(headers=[_text(h) for h in dataset.headers or []])
    sheet.title = str(title).translate(SHEET_TITLE_BANNED)[:SHEET_TITLE_MOST]
    cell = _csv_cell if fmt == "csv" else _xlsx_cell
    for row in dataset:
        sheet.append([cell(value) for value in row])
    if fmt == "csv":
        body: str | bytes = "\ufeff" + sheet.export("csv", delimiter=CSV_DELIMITER)
    else:
        body = sheet.export("xlsx")
    return attachment(HttpResponse(body, content_type=CONTENT_TYPES[fmt]), f"{filename}.{fmt}")


def _text(value: Any) -> str:
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_START) else text


def _xlsx_cell(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return "" if value is None else value
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, int | float | Decimal):
        return value
    return _text(value)


def _csv_cell(value: Any) -> Any:
    value = _xlsx_cell(value)
    if isinstance(value, float | Decimal):
        return str(value).replace(".", ",")
    return value
