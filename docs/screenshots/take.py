"""Screenshots of the running app (a fresh ``make run``) with Debian's chromium: the main pages at phone and desktop
size, then the table screens on a 375×812 phone in German and English, light and dark (the entry form of each game
with its value beside Save, the start form, the sheet offline with deals waiting). It starts a session of each game.

.venv/bin/python docs/screenshots/take.py [BASE_URL] [OUT_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Literal

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.chromium import CHROMIUM, LAUNCH_ARGS

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
OUT = Path(sys.argv[2] if len(sys.argv) > 2 else Path(__file__).parent)
Scheme = Literal["light", "dark"]
SIZES: dict[str, Any] = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 800}}


def log_in(page: Page) -> None:
    page.goto(f"{BASE}/login/")
    page.fill("#id_username", "demo")
    page.fill("#id_password", "schafkopf")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{BASE}/")


def shoot(page: Page, name: str, size: str, *, full: bool = False) -> None:
    page.screenshot(path=OUT / f"{name}-{size}.png", full_page=full)


CLUB = f"{BASE}/c/stammtisch-zum-hirschen"
# A typical deal of each game, as the scorer taps it after opening the deal from the scoreboard.
TAPS = {
    "schafkopf": ["[data-name=partner] label.chip >> nth=2", "[data-name=points] .quick-set[data-value='91']",
                  "[data-name=runners] label.chip:visible >> nth=1", "[data-name=kontra] label.chip >> nth=1"],
    "doppelkopf": ["[data-name=re] label.chip >> nth=2", "[data-name=re_points] .quick-set[data-value='151']"],
    "sheepshead": ["[data-name=partner] label.chip >> nth=2", "[data-name=points] .quick-set[data-value='61']"],
    "bauernstoss": ["[data-name=chalk] label.chip >> nth=0", "[data-name=points] .quick-set[data-value='79']"],
}  # fmt: skip


def start_sessions(page: Page) -> dict[str, str]:
    """A session of each game at the table of the demo's last one; their URLs."""
    urls = {}
    for game in TAPS:
        page.goto(f"{CLUB}/sessions/new/{game}/")
        page.select_option("#id_same_table", index=1)
        page.wait_for_timeout(200)
        page.click("form.start-form button[type=submit].primary")
        page.wait_for_selector("#sheet")
        urls[game] = page.url.split("#")[0]
    return urls


def entry(page: Page, game: str, url: str) -> None:
    page.goto(url)
    page.click(".scoreboard a.lead >> nth=0" if game != "bauernstoss" else "#new-deal")
    page.wait_for_selector("#deal-form")
    for tap in TAPS[game]:
        page.click(tap)
    page.wait_for_selector("#preview summary")
    page.wait_for_load_state("networkidle")


def offline_sheet(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", polling=200)
    page.goto(url + "deal/")  # kept for offline use
    page.goto(url)
    page.context.set_offline(True)
    for partner in (1, 3):
        page.click("#new-deal")
        page.wait_for_selector("#deal-form")
        page.click("[data-name=declarer] label.chip >> nth=0")
        page.click(f"[data-name=partner] label.chip >> nth={partner}")
        page.click("[data-name=points] .quick-set[data-value='61']")
        page.click("#save-deal")
        page.wait_for_selector("#sheet")
    page.wait_for_selector(".offline-outbox li >> nth=1")


def shoot_table(browser: Browser, language: str, scheme: Scheme, urls: dict[str, str]) -> None:
    locale = {"de": "de-DE", "en": "en-GB"}[language]
    context = browser.new_context(viewport=SIZES["phone"], locale=locale, color_scheme=scheme, has_touch=True)
    page = context.new_page()
    log_in(page)
    for game, url in urls.items():
        entry(page, game, url)
        page.screenshot(path=OUT / f"entry-{game}-{language}-{scheme}.png")
    page.goto(f"{CLUB}/sessions/new/schafkopf/")
    page.screenshot(path=OUT / f"start-{language}-{scheme}.png")
    offline_sheet(page, urls["schafkopf"])
    page.screenshot(path=OUT / f"sheet-offline-{language}-{scheme}.png")
    context.set_offline(False)
    context.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, locale="de-DE", device_scale_factor=1)
            page = context.new_page()
            page.goto(f"{BASE}/login/")
            shoot(page, "login", size)
            log_in(page)
            shoot(page, "home", size)
            page.goto(f"{BASE}/c/stammtisch-zum-hirschen/")
            shoot(page, "club", size)
            page.click(".card-link >> nth=0")  # the session in progress
            page.wait_for_selector("#sheet")
            shoot(page, "sheet", size, full=size == "desktop")
            page.click("#new-deal")
            page.wait_for_selector("#deal-form")
            page.click("[data-name=declarer] label.chip:has-text('Bert')")
            page.click("[data-name=partner] label.chip:has-text('Dieter')")
            page.fill("#id_points", "72")
            page.wait_for_selector(".preview-ok")
            page.evaluate("window.scrollTo(0, 0)")
            shoot(page, "entry", size)
            context.close()
        context = browser.new_context(viewport=SIZES["phone"], locale="en-GB")
        page = context.new_page()
        log_in(page)
        urls = start_sessions(page)
        context.close()
        schemes: tuple[Scheme, ...] = ("light", "dark")
        for language in ("de", "en"):
            for scheme in schemes:
                shoot_table(browser, language, scheme, urls)
        browser.close()


if __name__ == "__main__":
    main()
