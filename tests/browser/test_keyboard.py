"""A deal of every game entered and saved with the keyboard alone (WCAG 2.1.1, 2.4.7, 2.4.11, 1.4.11, 3.2.2).

At every key the focused control must be the one the key leads to (Tab forward, an arrow within its group, Space
and typing where they were) and stay there after the live preview has redrawn; and it must be fully in view, under
no sticky bar, with a focus ring of at least 3:1 in the light and the dark scheme (scripts/focus_check.js).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper.models import Club

from .test_scoring import start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUS_CHECK = (Path(__file__).parent / "scripts" / "focus_check.js").read_text()
DESKTOP = 1280

# What the scorer enters, in the form's order: (field, value). A radio is chosen with the arrows, a checkbox ticked
# with Space, a number typed, "open" opens a folded part (Enter on its summary), "press" presses a button (a
# stepper's chip); then the facts saved.
DEALS: dict[str, tuple[int, list[tuple[str, str]], dict[str, Any]]] = {
    "schafkopf": (
        4,
        [("contract_type", "sauspiel"), ("declarer", "Caro"), ("partner", "Dieter"), ("points", "70")],
        {"contract": "sauspiel", "declarer": "Caro", "partner": "Dieter", "points": 70},
    ),
    "doppelkopf": (
        4,
        [
            ("re", "Bert"),
            ("re", "Dieter"),
            ("re_points", "130"),
            ("announcements__re", "re"),
            ("announcements__kontra", "kontra"),
            ("entry-extras-re-karlchen", "press"),
        ],
        {
            "type": "normal",
            "re": ["Bert", "Dieter"],
            "re_points": 130,
            "announcements": {"re": "re", "kontra": "kontra"},
            "extras": {"re": {"karlchen": 1}},
        },
    ),
    "sheepshead": (
        5,
        [("contract_type", "pick"), ("picker", "Caro"), ("partner", "Emil"), ("points", "80")],
        {"type": "pick", "picker": "Caro", "partner": "Emil", "points": 80},
    ),
    "bauernstoss": (4, [("chalk", "A"), ("points", "80")], {"points": 80, "chalk": "A"}),
}


class Keyboard:
    """Presses keys and, after each, checks where the focus went and how it is shown."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.problems: list[str] = []

    def focused(self) -> dict[str, Any]:
        return dict(
            self.page.evaluate(
                """() => { const e = document.activeElement;
                const summary = e.tagName === "SUMMARY" ? e.parentElement.id : "";
                return {tag: e.tagName, name: e.name || e.id || summary, value: e.value || "", type: e.type || "",
                        checked: Boolean(e.checked), text: (e.textContent || "").trim().slice(0, 30)}; }"""
            )
        )

    def press(self, key: str, expect: str) -> dict[str, Any]:
        """``expect``: "next" (Tab: a control after the last), "group" (an arrow: the same radio group) or "same"."""
        before = self.focused()
        self.page.evaluate("window.__last = document.activeElement")
        self.page.keyboard.press(key)
        if key != "Tab" or before["type"] == "number":  # a change (or leaving a typed number) redraws the
            self.page.wait_for_timeout(350)  # live preview 250 ms later
        after = self.focused()
        where = f"{key} from {before['name'] or before['text']!r}"
        if expect == "next":
            forward = self.page.evaluate(
                "() => Boolean(window.__last.compareDocumentPosition(document.activeElement) & 4)"
            )
            if not forward:
                self.problems.append(f"{where}: focus went to {after} instead of on")
        elif expect == "group" and (after["name"] != before["name"] or after["tag"] != "INPUT"):
            self.problems.append(f"{where}: focus left the group for {after}")
        elif expect == "same" and not self.page.evaluate("() => window.__last === document.activeElement"):
            self.problems.append(f"{where}: focus moved by itself to {after}")
        self.check_shown(where)
        return after

    def check_shown(self, where: str) -> None:
        for scheme in ("light", "dark"):
            self.page.emulate_media(color_scheme=scheme)
            found = self.page.evaluate(FOCUS_CHECK)
            self.problems += [f"{where} ({scheme}): {found['control']} {p}" for p in found["problems"]]
        self.page.emulate_media(color_scheme="light")

    def tab_to(self, name: str, value: str = "") -> dict[str, Any]:
        for _ in range(80):
            now = self.press("Tab", "next")
            if now["name"] == name and (not value or now["type"] != "checkbox" or now["value"] == value):
                return now
        raise AssertionError(f"Tab never reached {name} {value}")

    def enter(self, name: str, value: str) -> None:
        now = self.tab_to(name, value)
        if value in {"open", "press"}:
            self.press("Enter", "same")
        elif now["type"] == "radio":
            for _ in range(12):
                if now["value"] == value:
                    break
                now = self.press("ArrowRight", "group")
            if not now["checked"]:
                self.press("Space", "same")
        elif now["type"] == "checkbox":
            self.press("Space", "same")
        else:
            self.page.keyboard.type(value)
            self.press("Shift", "same")  # a key that does nothing: focus must stay after the preview redraws


@pytest.mark.parametrize("game", DEALS)
def test_a_deal_is_entered_and_saved_with_the_keyboard_alone(
    game: str, open_phone: Any, club: tuple[Club, Any]
) -> None:
    club_, scorer = club
    players, keys, facts = DEALS[game]
    session = start(club_, scorer, game, players)
    # The longest form (Doppelkopf's) on a desktop, the others on the phone.
    page = open_phone(scorer, DESKTOP if game == "doppelkopf" else 375)
    page.goto(f"{session.get_absolute_url()}deal/")
    page.wait_for_load_state("networkidle")
    keyboard = Keyboard(page)
    if keyboard.focused()["tag"] == "INPUT":  # the form opened on its only first choice, the points
        keyboard.check_shown("on load")
    for name, value in keys:
        if keyboard.focused()["name"] == name and not keyboard.focused()["value"]:
            page.keyboard.type(value)
            keyboard.press("Shift", "same")
        else:
            keyboard.enter(name, value)
    keyboard.tab_to("save-deal")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_load_state("networkidle")  # the sheet has loaded: no request left running at teardown
    assert not keyboard.problems, "\n".join(keyboard.problems)
    saved = session.deals.get().facts
    assert {key: saved.get(key) for key in facts} == facts
