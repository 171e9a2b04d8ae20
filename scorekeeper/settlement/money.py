"""Money as people read it: integer cents in the club's currency and the reader's language, never a float.

German puts the symbol after the amount and groups with dots (``1.234,50 €``); English puts it first and groups
with commas (``€1,234.50``). That is all Schreiber needs, so a small table here beats a locale library. A
non-breaking space keeps a symbol on the same line as its amount. Languages other than German read English style.
"""

from __future__ import annotations

from dataclasses import dataclass

NBSP = "\u00a0"
SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"}


@dataclass(frozen=True, slots=True)
class NumberStyle:
    group: str  # between thousands
    decimal: str
    symbol_first: bool


STYLES = {
    "de": NumberStyle(group=".", decimal=",", symbol_first=False),
    "en": NumberStyle(group=",", decimal=".", symbol_first=True),
}


def format_money(cents: int, currency: str = "EUR", language: str = "de", *, signed: bool = False) -> str:
    """``123450`` → ``"1.234,50 €"`` (German) or ``"€1,234.50"`` (English); ``signed`` adds ``+`` to gains."""
    style = STYLES.get(language.split("-")[0].lower(), STYLES["en"])
    amount = _digits(abs(cents), style)
    symbol = SYMBOLS.get(currency.upper(), currency.upper())
    if not style.symbol_first:
        text = f"{amount}{NBSP}{symbol}"
    else:
        # "€1.00" but "CHF 1.00": a symbol made of letters needs a space
        text = f"{symbol}{NBSP if symbol.isalpha() else ''}{amount}"
    return f"{_sign(cents, signed)}{text}"


def _digits(cents: int, style: NumberStyle) -> str:
    whole, part = divmod(cents, 100)
    return f"{whole:,}".replace(",", style.group) + f"{style.decimal}{part:02d}"


def _sign(cents: int, signed: bool) -> str:
    if cents < 0:
        return "-"
    return "+" if signed and cents > 0 else ""
