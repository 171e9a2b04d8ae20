"""Printed sheets, rendered with WeasyPrint: the settlement sheet a club pins on the wall, and a blank score pad.

Both are laid out from a :class:`~scorekeeper.table.sheet.Sheet`, which the engine builds from a ``schreiber/1``
document alone, so ``settle --pdf`` prints the same sheet from a file as the web page does from a stored session. The
templates (``scorekeeper/print/``) use print CSS only, on A4, with the DejaVu font bundled in ``static/fonts`` so
umlauts and € print wherever the server runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import engine
from ..engine.messages import gettext_noop, listed, refusals, say
from ..engine.settlement import KITTY, Mode, PotPolicy, Settlement, seat_after, settle_up
from ..games import pack_of
from ..games.labels import TARIFF_LABELS
from ..games.pack import PadColumn
from ..table.sheet import Sheet, build_sheet
from ..words import rules_in_words
from ..words.engine_words import MARKS, QUIET_MARKS

STATIC_DIR = Path(settings.BASE_DIR) / "static"  # the print CSS finds its fonts under fonts/
# A document's settlement keys refused (a bad pot_policy or settlement_mode is the engine's own one_of), for its author
refusal = refusals(
    "printout", {"currency": gettext_noop("currency must be a three-letter code like EUR (got %(got)s)")}
)

# Paying into and out of the kitty, one sentence each so every language can say it its own way. Settling against
# the leader fills the club's kitty (Kasse); a zero-sum settlement only touches the pot (Stock).
KITTY_SENTENCES: dict[Mode, tuple[Promise, Promise]] = {
    Mode.ZERO_SUM: (gettext_lazy("%(payer)s pays into the pot"), gettext_lazy("The pot pays %(payee)s")),
    Mode.AGAINST_LEADER: (gettext_lazy("%(payer)s pays into the kitty"), gettext_lazy("The kitty pays %(payee)s")),
}


@dataclass(frozen=True)
class TransferLine:
    """A payment in words: ``Bert pays Anna`` and the amount beside it."""

    words: str
    cents: int


@dataclass(frozen=True)
class Printout:
    """Everything the settlement page and the printed sheet show about one session."""

    club: str
    played_on: date | None
    table: str
    currency: str
    sheet: Sheet
    settlement: Settlement

    @property
    def against_leader(self) -> bool:
        return self.settlement.mode is Mode.AGAINST_LEADER

    @property
    def declarer_heading(self) -> str:
        return str(pack_of(self.sheet.game).declarer_heading)

    @property
    def kitty_label(self) -> str:
        return _("Kitty") if self.against_leader else _("Pot")

    @property
    def leaders(self) -> list[str]:
        """Who the others settle against (several on a tie); empty in a zero-sum settlement."""
        top = self.settlement.leader_points
        return [p.name for p in self.settlement.players if p.points == top] if self.against_leader else []

    @property
    def transfer_lines(self) -> list[TransferLine]:
        return [
            TransferLine(_transfer_words(t.payer, t.payee, self.settlement.mode), t.cents)
            for t in self.settlement.transfers
        ]

    @property
    def odd_cent_players(self) -> list[str]:
        return [p.name for p in self.settlement.players if p.gets_odd_cent]

    @property
    def shows_pot(self) -> bool:
        return self.sheet.uses_pot or self.settlement.pot_points != 0

    @property
    def rules_in_words(self) -> list[str]:
        return rules_in_words.describe(self.sheet.game, self.sheet.rules)

    @property
    def tariff_in_words(self) -> list[str]:
        tariff = self.sheet.tariff or {}
        return [f"{TARIFF_LABELS.get(key, key)} {value}" for key, value in tariff.items() if key != "preset" and value]

    @property
    def mark_legend(self) -> list[tuple[str, str, str]]:
        """``(mark, chip, meaning)`` for each mark chip this sheet uses, in the order of :data:`MARKS`.

        A counted mark ("runners:3") is explained with the smallest count on the sheet, as an example.
        """
        counts: dict[str, int] = {}
        for row in self.sheet.rows:
            for mark in row.marks:
                key, _sep, count = mark.partition(":")
                counts[key] = min(counts.get(key, int(count or 0)), int(count or 0))
        return [
            (key, chip.format(n=counts[key]), str(meaning).format(n=counts[key]))
            for key, (chip, meaning) in MARKS.items()
            if key in counts and key not in QUIET_MARKS
        ]

    @property
    def running_head(self) -> str:
        """The line at the top of every page after the first."""
        parts = [self.club, self.sheet.game_title, _format_date(self.played_on), self.table]
        return " · ".join(part for part in parts if part)


def settle_sheet(sheet: Sheet, *, pot_policy: str, mode: str) -> Settlement:
    """The settlement of a score sheet under a club's pot policy and settlement mode."""
    odd_cents_from = (
        seat_after(sheet.players, sheet.rows[-1].dealer) if sheet.rows else sheet.players.index(sheet.next_dealer)
    )
    return settle_up(
        sheet.players,
        sheet.totals,
        cents_per_point=sheet.cents_per_point,
        pot=sheet.pot,
        pot_policy=PotPolicy(pot_policy),
        mode=Mode(mode),
        odd_cents_from=odd_cents_from,
    )


def printout_of_document(document: Mapping[str, Any], *, currency: str = "EUR") -> Printout:
    """A printout of a ``schreiber/1`` document, without a database; raises engine.InvalidSession.

    Beyond the format's keys it reads what ``export`` writes (``club``, ``played_on``, ``table``) and, optionally,
    ``currency``, ``pot_policy`` and ``settlement_mode`` (docs/settlement.md); the defaults are EUR, carry, zero-sum.
    """
    sheet = build_sheet(document)
    problems: list[engine.Problem] = []
    pot_policy = _document_choice(document, "pot_policy", PotPolicy, PotPolicy.CARRY, problems)
    mode = _document_choice(document, "settlement_mode", Mode, Mode.ZERO_SUM, problems)
    currency = document.get("currency", currency)
    if not (isinstance(currency, str) and len(currency) == 3 and currency.isalpha()):
        problems.append(engine.Problem("currency", refusal("currency", got=repr(currency))))
    if problems:
        raise engine.InvalidSession(problems)
    settlement = settle_sheet(sheet, pot_policy=pot_policy, mode=mode)
    return Printout(
        club=str(document.get("club", "")),
        played_on=_document_date(document),
        table=str(document.get("table", "")),
        currency=currency.upper(),
        sheet=sheet,
        settlement=settlement,
    )


def settlement_pdf(printout: Printout, language: str) -> bytes:
    """The settlement sheet: the result and who pays whom, then every deal with the running totals."""
    with translation.override(language):
        return pdf_from_template(
            "scorekeeper/print/settlement.html",
            {
                "printout": printout,
                "running_head": css_string(printout.running_head),
                "sheet_title": css_string(_("Settlement sheet")),
            },
        )


# the blank score pad ---------------------------------------------------------------------------------------------


PAD_ROWS = 18  # fills a landscape A4 page with lines tall enough to write on


@dataclass(frozen=True)
class ScorePad:
    game_title: str
    columns: tuple[PadColumn, ...]
    players: int
    pot_column: bool
    club: str

    @property
    def rows(self) -> range:
        return range(1, PAD_ROWS + 1)

    @property
    def player_columns(self) -> range:
        return range(self.players)


def pad_player_counts(game: str) -> tuple[int, ...]:
    """How many players a pad for ``game`` may have columns for, over all its rule presets."""
    game_class = engine.GAMES[game]
    table_options = getattr(game_class.rule_schema.get("players"), "choices", (None,))
    counts: set[int] = set()
    for preset in game_class.rule_presets:
        for players in table_options:
            try:
                spec = preset if players is None else {"preset": preset, "players": players}
                game_rules = game_class(*engine.freeze(game, spec))
            except (engine.DealError, engine.InvalidSession):  # e.g. three players need the short deck
                continue
            counts.update(game_rules.table_sizes())
    return tuple(sorted(counts))


def score_pad(game: str, players: int | None = None, *, club: str = "") -> ScorePad:
    """A blank pad for ``game`` with ``players`` name columns (the usual table when None); ValueError otherwise."""
    counts = pad_player_counts(game)
    game_class = engine.GAMES[game]
    usual = game_class(*engine.freeze(game, next(iter(game_class.rule_presets)))).seats
    players = usual if players is None else players
    if players not in counts:
        raise ValueError(f"a {game_class.title} pad has {', '.join(map(str, counts))} player columns, not {players}")
    return ScorePad(game_class.title, pack_of(game).pad_columns, players, game_class.has_pot, club)


def score_pad_pdf(pad: ScorePad, language: str) -> bytes:
    with translation.override(language):
        return pdf_from_template("scorekeeper/print/score_pad.html", {"pad": pad})


# helpers -------------------------------------------------------------------------------------------------------


def pdf_from_template(template: str, context: dict[str, Any]) -> bytes:
    """Render ``template`` in the active language and print it (any app's printouts: they share print/base.html)."""
    from weasyprint import HTML  # loading WeasyPrint takes a while: only when a PDF is asked for

    html = render_to_string(template, {**context, "page_counter": _page_counter_css()})
    return HTML(string=html, base_url=str(STATIC_DIR)).write_pdf()


def _page_counter_css() -> SafeString:
    """``page X of Y`` as a CSS ``content`` value in the active language, word order and all."""
    words = _("page {page} of {pages}")
    pieces: list[str] = []
    for literal in words.replace("{pages}", "\0pages\0").replace("{page}", "\0page\0").split("\0"):
        if literal in ("page", "pages"):
            pieces.append(f"counter({literal})")
        elif literal:
            pieces.append(css_string(literal))
    return mark_safe(" ".join(pieces))


def css_string(text: str) -> SafeString:
    """``text`` as a quoted CSS string for a ``<style>``: every character but letters, digits and a little
    punctuation is escaped, so it can neither end the string nor the style element."""
    escaped = "".join(ch if ch.isalnum() or ch in " .,·:-–/()" else f"\\{ord(ch):x} " for ch in text)
    return mark_safe(f'"{escaped}"')


def _transfer_words(payer: str, payee: str, mode: Mode) -> str:
    into_kitty, from_kitty = KITTY_SENTENCES[mode]
    sentence = into_kitty if payee == KITTY else from_kitty if payer == KITTY else _("%(payer)s pays %(payee)s")
    return str(sentence) % {"payer": payer, "payee": payee}


def _format_date(day: date | None) -> str:
    return date_format(day, "DATE_FORMAT") if day else ""


def _document_date(document: Mapping[str, Any]) -> date | None:
    try:
        return date.fromisoformat(str(document["played_on"]))
    except (KeyError, ValueError):
        return None


def _document_choice(
    document: Mapping[str, Any], key: str, allowed: type[StrEnum], default: StrEnum, problems: list[engine.Problem]
) -> str:
    value = document.get(key, default)
    if not isinstance(value, str) or value not in set(allowed):
        problems.append(engine.Problem(key, say("one_of", field=key, known=listed(allowed), got=repr(value))))
        return default
    return str(value)
