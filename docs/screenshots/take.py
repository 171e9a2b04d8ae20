"""Screenshots of the running app (``make run``) at phone and desktop size, with Debian's chromium.

.venv/bin/python docs/screenshots/take.py [BASE_URL] [OUT_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.browser.conftest import CHROMIUM, LAUNCH_ARGS

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
OUT = Path(sys.argv[2] if len(sys.argv) > 2 else Path(__file__).parent)
SIZES: dict[str, Any] = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 800}}


def log_in(page: Page) -> None:
    page.goto(f"{BASE}/login/")
    page.fill("#id_username", "demo")
    page.fill("#id_password", "schafkopf")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{BASE}/")


def shoot(page: Page, name: str, size: str, *, full: bool = False) -> None:
    page.screenshot(path=OUT / f"{name}-{size}.png", full_page=full)


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
        browser.close()


if __name__ == "__main__":
    main()
