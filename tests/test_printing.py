"""The printed settlement sheet and score pad, and ``settle --pdf``: read back as text with pypdf."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation

from scorekeeper import engine
from scorekeeper.engine.samples import random_session
from scorekeeper.engine.settlement import KITTY, Mode
from scorekeeper.settlement import printing
from scorekeeper.table.sheet import Sheet

from .test_settlement import doppelkopf_evening, five_at_a_schafkopf_table, schafkopf_evening


def weasyprint_problem() -> str | None:
    """Why WeasyPrint cannot render here (its system libraries are missing), or None when it can."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as error:
        return str(error).splitlines()[0]
    return None


WEASYPRINT_PROBLEM = weasyprint_problem()
needs_weasyprint = pytest.mark.skipif(
    WEASYPRINT_PROBLEM is not None,
    reason=f"PDF tests need WeasyPrint's system libraries (Pango): {WEASYPRINT_PROBLEM}",
)

# The sheet's rows have a fixed height: a page after the first holds exactly this many deals.
DEALS_PER_FULL_PAGE = 62


def pdf_pages(pdf: bytes) -> list[str]:
    """The text of each page, one line per line of print, with non-breaking spaces read as spaces."""
    from pypdf import PdfReader

    return [page.extract_text().replace("\u00a0", " ") for page in PdfReader(io.BytesIO(pdf)).pages]


def flat(page: str) -> str:
    """A page's text on one line, so that a sentence wrapped on paper still reads as one."""
    return " ".join(page.split())


def pdf_fonts(pdf: bytes) -> set[str]:
    from pypdf import PdfReader

    fonts: set[str] = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources: Any = page["/Resources"]
        for font in resources["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    return fonts


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Sheets in English unless a test says otherwise: the words below are the English ones."""
    with translation.override("en"):
        yield


def printout(document: dict[str, Any], **more: Any) -> printing.Printout:
    return printing.printout_of_document({**document, **more})


# what the sheet says, without rendering it ------------------------------------------------------------------------


def test_transfers_read_as_sentences() -> None:
    lines = printout(schafkopf_evening()).transfer_lines
    assert [(line.words, line.cents) for line in lines] == [
        ("Anna pays Bert", 400),
        ("Caro pays Bert", 400),
        ("Dieter pays Bert", 800),
    ]


def test_payments_into_the_kitty_name_it() -> None:
    lines = printout(doppelkopf_evening(), settlement_mode="against_leader").transfer_lines
    assert [line.words for line in lines] == [
        "Bert pays into the kitty",
        "Caro pays into the kitty",
        "Dieter pays into the kitty",
    ]
    assert printing._transfer_words(KITTY, "Anna", Mode.ZERO_SUM) == "The pot pays Anna"


def test_the_rules_and_tariff_are_spelled_out() -> None:
    sheet = printout(schafkopf_evening())
    assert sheet.rules_in_words[:3] == [
        "Langes Blatt (32 cards)",
        "Played: Sauspiel, Wenz, Solo, Sie, Tout",
        "doubling up to Re",
    ]
    assert not any("Klopfen" in words for words in sheet.rules_in_words)  # off: not worth saying
    assert "Solo 50" in sheet.tariff_in_words
    assert not any(words.startswith("Herz-Solo") for words in sheet.tariff_in_words)  # derived, so not set


def test_the_legend_explains_only_the_marks_on_the_sheet() -> None:
    legend = printout(schafkopf_evening()).mark_legend
    assert [mark for mark, _chip, _meaning in legend] == ["schneider", "won"]


@pytest.mark.parametrize(("language", "day"), [("en", "March 14, 2026"), ("de", "14. März 2026")])
def test_the_running_head_names_club_game_date_and_table(language: str, day: str) -> None:
    sheet = printout(schafkopf_evening(), club="Stammtisch", played_on="2026-03-14", table="Tisch 2")
    with translation.override(language):
        assert sheet.running_head == f"Stammtisch · Schafkopf · {day} · Tisch 2"


def test_a_document_without_club_or_date_still_prints() -> None:
    sheet = printout(schafkopf_evening(), played_on="someday")
    assert (sheet.club, sheet.played_on, sheet.table, sheet.currency) == ("", None, "", "EUR")


@pytest.mark.parametrize(
    ("more", "problem"),
    [
        ({"currency": "EURO"}, "currency must be a three-letter code like EUR (got 'EURO')"),
        ({"currency": 978}, "currency must be a three-letter code"),
        ({"pot_policy": "keep"}, "pot_policy must be one of carry, pay_back (got 'keep')"),
        ({"settlement_mode": ["zero_sum"]}, "settlement_mode must be one of zero_sum, against_leader"),
    ],
)
def test_bad_settlement_keys_name_the_field(more: dict[str, Any], problem: str) -> None:
    with pytest.raises(engine.InvalidSession, match=re.escape(problem)):
        printout(schafkopf_evening(), **more)


def test_css_strings_cannot_break_out_of_the_style_element() -> None:
    quoted = printing.css_string('Club "Ass" </style><script>')
    assert quoted[0] == quoted[-1] == '"'
    assert '"' not in quoted[1:-1]
    assert "<" not in quoted


@pytest.mark.parametrize(
    ("language", "css"),
    [("en", '"page " counter(page) " of " counter(pages)'), ("de", '"Seite " counter(page) " von " counter(pages)')],
)
def test_the_page_counter_keeps_the_translations_word_order(language: str, css: str) -> None:
    with translation.override(language):
        assert printing._page_counter_css() == css


@pytest.mark.parametrize(
    ("game", "counts", "usual"),
    [
        ("schafkopf", (3, 4, 5), 4),
        ("doppelkopf", (4, 5), 4),
        ("sheepshead", (3, 4, 5, 6, 7, 8), 5),
        ("bauernstoss", (4,), 4),
    ],
)
def test_a_pad_has_a_column_for_each_player_a_table_can_have(game: str, counts: tuple[int, ...], usual: int) -> None:
    assert printing.pad_player_counts(game) == counts
    assert printing.score_pad(game).players == usual


def test_a_pad_for_an_impossible_table_is_refused() -> None:
    with pytest.raises(ValueError, match="player columns"):
        printing.score_pad("doppelkopf", 3)


# the PDF ----------------------------------------------------------------------------------------------------------


def render(document: dict[str, Any], language: str = "en", **more: Any) -> bytes:
    return printing.settlement_pdf(printout(document, **more), language)


@pytest.mark.pdf
@needs_weasyprint
def test_the_sheet_shows_players_totals_transfers_and_the_pot() -> None:
    document = five_at_a_schafkopf_table(club="Spielrunde Süd", played_on="2026-03-14", pot_policy="pay_back")
    (page,) = map(flat, pdf_pages(render(document)))
    for text in (
        "SPIELRUNDE SÜD",
        "Schafkopf",
        "March 14, 2026",
        "Totals 0 -1 -1 -1 -1 4",
        "WHO PAYS WHOM",
        "Anna 0 €0.00 €0.05 +€0.05",
        "Emil -1 -€0.07 €0.05 -€0.02",
        "Bert pays Anna €0.01",
        "Emil pays Anna €0.02",
        "page 1 of 1",
        "The pot of 4 points (€0.28) is paid back equally: €0.05 each.",
        "The 3 odd cents go one each to Bert, Caro, Dieter",
    ):
        assert text in page, text


@pytest.mark.pdf
@needs_weasyprint
def test_the_sheet_prints_umlauts_and_euros_in_the_bundled_font() -> None:
    pdf = render(schafkopf_evening(club="Kartlrunde Bräustüberl"), language="de")
    (page,) = map(flat, pdf_pages(pdf))
    assert "BRÄUSTÜBERL" in page
    assert "Bert 160 +16,00 €" in page  # German money
    assert "Dieter -80 -8,00 €" in page
    # the bundled DejaVu, under the sheet's own family name: no system font stands in for it
    assert {font.split("+")[1] for font in pdf_fonts(pdf)} == {
        "Schreiber-Sans-Semi-Condensed",
        "Schreiber-Sans-Bold-Semi-Condensed",
    }


@pytest.mark.pdf
@needs_weasyprint
def test_a_sheet_against_the_leader_shows_the_kitty() -> None:
    (page,) = map(flat, pdf_pages(render(doppelkopf_evening(), settlement_mode="against_leader")))
    for text in (
        "Dieter pays into the kitty €6.00",
        "Player Points Behind the leader Balance",
        "Dieter -6 12 -€6.00",
        "Kitty +€12.00",
        "behind Anna (6 points) into the kitty",
    ):
        assert text in page, text


def deals_printed(page: str, sheet: Sheet) -> list[int]:
    """The numbers of the deals on a page: lines that start with a deal's number and end with its running totals.

    (Names and labels are clipped to their columns, so pypdf reads them apart from the numbers.)
    """
    ends = {row.number: " ".join(map(str, [*row.totals, *([row.pot] if sheet.uses_pot else [])])) for row in sheet.rows}
    numbers = []
    for line in page.splitlines():
        words = line.replace("●", " ").split()
        if words and words[0].isdigit() and int(words[0]) in ends and " ".join(words).endswith(ends[int(words[0])]):
            numbers.append(int(words[0]))
    return numbers


@pytest.mark.pdf
@needs_weasyprint
def test_a_200_deal_session_fills_whole_pages_and_counts_them() -> None:
    document = random_session("schafkopf", random.Random(1), 200, cents_per_point=10)
    sheet = printout(document).sheet
    pages = pdf_pages(render(document))
    deals_on = [deals_printed(page, sheet) for page in pages]
    assert [n for numbers in deals_on for n in numbers] == list(range(1, 201))  # every deal once, in order
    first = len(deals_on[0])
    assert len(pages) == 1 + -(-(200 - first) // DEALS_PER_FULL_PAGE)
    assert all(len(numbers) == DEALS_PER_FULL_PAGE for numbers in deals_on[1:-1])
    for number, page in enumerate(pages, start=1):
        assert f"page {number} of {len(pages)}" in page
    assert "Totals " + " ".join(map(str, sheet.totals)) in pages[-1]


@pytest.mark.pdf
@needs_weasyprint
@pytest.mark.parametrize(
    ("game", "players", "columns"),
    [
        ("schafkopf", 4, ["Dealer", "Game", "Declarer", "Laufende", "Stock"]),
        ("doppelkopf", 5, ["Re", "Sonderpunkte", "Bock", "Value"]),
        ("sheepshead", 6, ["Picker", "Partner", "Schneider"]),
        ("bauernstoss", 4, ["Kreide", "Strokes A", "Strokes B"]),
    ],
)
def test_a_blank_score_pad_is_one_page_with_the_columns_players_expect(
    game: str, players: int, columns: list[str]
) -> None:
    pad = printing.score_pad(game, players, club="Spielrunde Süd")
    (page,) = map(flat, pdf_pages(printing.score_pad_pdf(pad, "en")))
    for column in (*columns, "Carried over", "Totals", "Players →"):
        assert column in page, column


# manage.py settle --pdf ---------------------------------------------------------------------------------------------


def settle(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("settle", *args, stdout=out, stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def write_json(path: Path, document: dict[str, Any]) -> str:
    import json

    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.mark.pdf
@needs_weasyprint
@override_settings(LANGUAGE_CODE="en")
def test_settle_pdf_writes_the_sheet_and_prints_nothing(tmp_path: Path) -> None:
    source = write_json(tmp_path / "abend.json", schafkopf_evening(club="Stammtisch", currency="CHF"))
    with translation.override("de"):  # the language a command happens to run in does not count
        status, out, err = settle(source, "--pdf", str(tmp_path / "abend.pdf"))
    assert (status, out, err) == (0, "", "")
    (page,) = map(flat, pdf_pages((tmp_path / "abend.pdf").read_bytes()))
    assert "Dieter pays Bert CHF 8.00" in page  # the project's language, the document's currency


def test_settle_pdf_refuses_a_bad_document_like_settle_does(tmp_path: Path) -> None:
    document = schafkopf_evening()
    document["deals"][0]["points"] = 130
    source = write_json(tmp_path / "bad.json", document)
    status, out, err = settle(source, "--pdf", str(tmp_path / "bad.pdf"))
    assert (status, out) == (2, "")
    assert err.strip() == "deal 1: points must be between 0 and 120 (got 130)"
    assert not (tmp_path / "bad.pdf").exists()


def test_settle_pdf_refuses_unknown_settlement_keys(tmp_path: Path) -> None:
    source = write_json(tmp_path / "bad.json", schafkopf_evening(pot_policy="keep", currency="EURO"))
    status, out, err = settle(source, "--pdf", str(tmp_path / "bad.pdf"))
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        "pot_policy must be one of carry, pay_back (got 'keep')",
        "currency must be a three-letter code like EUR (got 'EURO')",
    ]


@pytest.mark.pdf
@needs_weasyprint
def test_settle_pdf_reports_an_unwritable_output(tmp_path: Path) -> None:
    source = write_json(tmp_path / "abend.json", schafkopf_evening())
    status, out, err = settle(source, "--pdf", str(tmp_path / "missing" / "abend.pdf"))
    assert (status, out) == (2, "")
    assert err.startswith(str(tmp_path / "missing" / "abend.pdf"))


def test_without_pdf_the_json_output_is_unchanged(tmp_path: Path) -> None:
    import json

    source = write_json(tmp_path / "abend.json", schafkopf_evening(currency="CHF", pot_policy="pay_back"))
    status, out, err = settle(source)
    assert (status, err) == (0, "")
    assert json.loads(out) == engine.settle(schafkopf_evening())
